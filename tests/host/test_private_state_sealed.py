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
            if name.endswith((".sav", ".prev", ".snp", ".wal")):  # (.wal: a press's record, firmware/replay.py)
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
    assert "ahead/press-ahead.wal" in files
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


def _where(screen):
    return screen.s["g"] + str(screen.s["r"]) + str(screen.s["c"])


def test_the_nsa_grids_keep_their_cursor_sealed_between_visits(tmp_path):
    """Coming back to the NSA's grid puts the cursor where the NSA left it (issue 19):
    the placement grid after a pause, the NSA part's grid on the NSA's next part; the
    game screen keeps it sealed ("nsacur"), never in clear in a save."""
    import json
    import cyb_sim_netrun
    from cyb_game import Driver
    root = str(tmp_path)
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # "I am NSA"
    assert _where(app.top()) == "M00"
    for at in cyb_sim_netrun.SETUP[:3]:
        d.at(at)
    d.seq("D D R")
    left = _where(app.top())
    assert left != cyb_sim_netrun.SETUP[2]
    d.press("B")  # pause: hand back
    d.press("A")
    game = [s for s in app.stack if s.ID == "cn_game"][0]
    assert isinstance(game.s["nsacur"], str)  # sealed
    assert json.loads(app.unseal(game.s["nsacur"])) == [left[0], int(left[1]), int(left[2])]
    files = _files(root)
    assert '"nsacur": "' in files["saves/state.sav"]
    assert json.dumps([left[0], int(left[1]), int(left[2])]) not in files["saves/state.sav"]
    d.choose("NSA placement")
    d.press("A")  # "I am NSA": the grid where the NSA left it
    assert app.top().ID == "cn_place" and _where(app.top()) == left
    # on another grid (a long RIGHT): kept too
    from shared_rules.cybernaut.rules import GRID_NAMES
    d.press("R:long")
    grid = GRID_NAMES[(GRID_NAMES.index(left[0]) + 1) % len(GRID_NAMES)]
    left = _where(app.top())
    assert left[0] == grid
    d.press("B")
    d.press("A")
    d.choose("NSA placement")
    d.press("A")
    assert _where(app.top()) == left
    # the Netrunner's map does not take it (its own cursor, "cur")
    assert game.s.get("cur") is None


def test_the_nsa_part_grid_opens_where_the_nsa_left_it(tmp_path):
    import cyb_sim_netrun
    from cyb_game import Driver
    root = str(tmp_path)
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")
    for at in cyb_sim_netrun.SETUP:
        d.at(at)
    last = cyb_sim_netrun.SETUP[-1]
    d.press("A")  # hand back
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    d.press("B")
    d.choose("End my part")
    d.press("B")
    d.choose("NSA part")
    d.press("A")  # "I am NSA": where the placement left it
    assert app.top().ID == "cn_nsa" and _where(app.top()) == last
    d.seq("U L L")
    left = _where(app.top())
    assert left != last
    d.press("B")
    d.choose("End NSA part")
    d.press("A")  # hand back
    d.press("B")
    d.choose("End my part")
    d.press("B")
    d.choose("NSA part")
    d.press("A")
    assert app.top().ID == "cn_nsa" and _where(app.top()) == left
