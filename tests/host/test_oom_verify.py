"""`referee verify` on a session where a press that committed a sealed secret ran out
of memory (App.recover_memory voids the commitment: firmware/resume.py)."""

import os

from boards.sim import boot
from referee.cli import main as referee
from shared_rules.journal import encode_entry, read_journal


def test_verify_passes_and_names_the_voided_secret_and_fails_without_the_void(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 7)
    board.press(app, "A")                         # the Dice screen, saved
    made = []

    def starving(app_, name, kind):
        made.append(app_.commit_secret("dice", "GM number", 14, "GM", "test"))
        raise MemoryError("memory allocation failed")

    app.top().on_button = starving
    board.press(app, "A")                         # commits, then out of memory
    board.press(app, "A")                         # the notice goes
    app.end_session()
    path = os.path.join(root, "journals", "s0001.jrn")
    with open(path, "rb") as handle:
        entries = read_journal(handle.read(), path)[0]
    commit = [e for e in entries if e["kind"] == "commit"][0]
    capsys.readouterr()
    assert referee(["verify", path]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1:] == [
        "%s: note: 1 secret(s) voided:" % path,
        "  - entry %d (session void): secret %s 'GM number' of entry %d was committed by a press"
        " not kept (entries %d-%d): never used, never revealed"
        % (commit["seq"] + 1, made[0], commit["seq"], commit["seq"], commit["seq"])]
    # the same journal without the void (renumbered, as a cheat would): a commitment
    # never revealed
    cut = [e for e in entries if e["kind"] != "void"]
    for entry in cut:
        if entry["seq"] > commit["seq"]:
            entry["seq"] -= 1
    with open(path, "w") as handle:
        handle.write("".join(encode_entry(e) for e in cut))
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert "secret %s 'GM number': never revealed, yet the session ended" % made[0] in err
