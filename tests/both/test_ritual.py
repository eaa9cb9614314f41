"""The pass-the-device ritual (firmware.screens.prompt.Reveal, Handover with a PIN)
and a whole verifiable session, on the simulator board under both runtimes."""

from check import read_text, tempdir

from boards.sim import boot
from firmware.buttons import A, B
from firmware.screens.main import ENTRIES
from firmware.screens.prompt import Handover, Reveal
from firmware.ui import TextScreen
from shared_rules.journal import read_journal
from shared_rules.verify import verify_entries


def _settle(board, app, ms=60):
    board.hold(app, ms)
    return app.surface.lines()


def test_reveal_only_while_a_is_held_at_most_5_s_then_cleared():
    root = tempdir("reveal")
    board, app = boot(root, 1)
    app.push(Reveal.make(app, "Ann", "Your chit", "Queen 7"))
    lines = _settle(board, app)
    assert lines[0] == "Hand to Ann" and "Queen 7" not in " ".join(lines)
    board.press(app, A)
    assert _settle(board, app)[0] == "Ann only"
    board.levels[A] = True
    assert _settle(board, app, 100)[1] == "Queen 7"
    assert _settle(board, app, 4800)[1] == "Queen 7"       # 4.9 s
    assert "Queen 7" not in " ".join(_settle(board, app, 200))  # 5.1 s: hidden, A still held
    board.levels[A] = False
    assert _settle(board, app, 200)[0] == "Ann only"
    assert "Queen 7" not in read_text(root + "/saves/state.sav")
    board.press(app, B)
    lines = _settle(board, app)
    assert lines[0] == "Done" and "Queen 7" not in " ".join(lines)


def test_handover_asks_for_the_pin():
    board, app = boot(tempdir("pin"), 1)
    app.set_pin("Cy", "UDD")
    app.push(Handover.make("Cy", TextScreen.make("Private", "K2")))
    board.press(app, A)
    assert _settle(board, app)[0] == "PIN of Cy"
    for name in ("U", "U", A):
        board.press(app, name)
    assert "Wrong PIN (1)" in _settle(board, app)
    for name in ("U", "D", "D", A):
        board.press(app, name)
    assert _settle(board, app)[:2] == ["Private", "K2"]


def test_a_finished_session_verifies():
    root = tempdir("session")
    board, app = boot(root, None)
    classes = [entry[2] for entry in ENTRIES]
    dice_at = classes.index("DiceScreen")
    session_at = classes.index("SessionMenu")
    keys = "D " * dice_at + "A A A B " + "D " * (session_at - dice_at) + "A A U L A A D A A"
    for name in keys.split():
        board.press(app, name)
    assert app.session == 2
    entries, torn = read_journal(read_text(root + "/journals/s0001.jrn"), "s0001.jrn")
    assert [entry["kind"] for entry in entries] == ["session_start", "roll", "roll", "salt",
                                                     "seed_reveal"]
    assert entries[0]["out"]["scheme"] == "hmac-sha256"
    assert verify_entries(entries) == ([], 2)
