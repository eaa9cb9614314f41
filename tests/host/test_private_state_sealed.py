"""A private screen's state (opened behind "Hand to <owner>") is sealed whole in the
save and in the undo steps: not even its cursor, which sits where the NSA just placed
a chit or on the sector a hidden move chose, is in clear (found by review: state.sav
held the NSA placement grid's "r": 2, "c": 3, the address of Nexus 1 in a fog game)."""

import contextlib
import io
import os

from boards.sim import boot, run_script

# a fog game; the NSA places its chits by hand: Nexus 1 at M23
FOG_PLACEMENT = "D D A D D D A A A D D R R R A"


def _files(root):
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith((".sav", ".prev", ".snp")):
                with open(os.path.join(folder, name)) as handle:
                    out[os.path.relpath(os.path.join(folder, name), root)] = handle.read()
    return out


def test_the_nsa_placement_cursor_is_sealed_in_the_save_and_undo_steps(tmp_path):
    root = str(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        board, app = run_script(root, 7, FOG_PLACEMENT)
    assert app.top().ID == "cn_place" and (app.top().s["r"], app.top().s["c"]) == (2, 3)
    files = _files(root)
    assert "saves/state.sav" in files and any(name.startswith("undo") for name in files)
    for name, text in files.items():
        assert '"_owner"' not in text, name       # no private state in clear anywhere
        assert '"mode": "setup"' not in text, name
    assert '"id": "cn_place", "state": {"_sealed": "' in files["saves/state.sav"]
    # a reboot opens it again behind "Hand to NSA", the cursor where it was
    with contextlib.redirect_stdout(io.StringIO()):
        board, app = boot(root, 7)
    assert app.surface.lines()[0] == "Hand to NSA"
    screen = [s for s in app.stack if s.ID == "cn_place"][0]
    assert (screen.s["r"], screen.s["c"], screen.s["_owner"]) == (2, 3, "NSA")
