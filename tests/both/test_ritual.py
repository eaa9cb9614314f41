"""The pass-the-device ritual (firmware.screens.prompt.Reveal, Handover with a PIN)
and a whole verifiable session, on the simulator board under both runtimes."""

from check import read_text, tempdir

from boards.sim import boot
from firmware.buttons import A, B
from firmware.screens import ENTRIES
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


def test_a_reveal_restored_at_its_hold_stage_asks_hand_to_again():
    # after "I am Ann" the device is rebooted: whoever holds it then could hold A and
    # read Ann's secret (found in review); it asks again who holds it
    root = tempdir("revealboot")
    board, app = boot(root, 1)
    app.push(Reveal.make(app, "Ann", "Your chit", "Queen 7"))
    board.press(app, A)
    assert app.top().s["stage"] == "hold"
    board, app = boot(root, 1)
    assert app.top().ID == "reveal" and app.top().s["stage"] == "hand"
    board.levels[A] = True
    lines = _settle(board, app, 200)
    assert lines[0] == "Hand to Ann" and "Queen 7" not in " ".join(lines)
    board.levels[A] = False
    _settle(board, app)
    board.levels[A] = True
    assert _settle(board, app, 200)[1] == "Queen 7"  # Ann said who she is: she may look


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


def test_pin_set_from_the_hold_screen_says_when_the_two_entries_differ():
    from firmware.screens.prompt import PinEntry
    board, app = boot(tempdir("pinset"), 1)
    app.push(PinEntry.make("Cy"))
    for name in ("U", "D", A, "U", "U", A):           # the check differs
        board.press(app, name)
    lines = _settle(board, app)
    assert lines[2] == "no match: again" and not app.has_pin("Cy")
    for name in ("L", "R", A):                         # first entry again: the line goes
        board.press(app, name)
    assert _settle(board, app)[2] == "again to check"
    for name in ("L", "R", A):
        board.press(app, name)
    assert _settle(board, app)[1] == "PIN of Cy set." and app.pin_ok("Cy", "LR") and not app.pin_ok("Cy", "UU")


def test_a_finished_session_verifies():
    root = tempdir("session")
    board, app = boot(root, None)
    classes = [entry[2] for entry in ENTRIES]
    dice_at = classes.index("DiceScreen")
    session_at = classes.index("SessionMenu")
    keys = "D " * dice_at + "A A A B " + "D " * (session_at - dice_at) + "A A U L A A D A D A A"
    for name in keys.split():
        board.press(app, name)
    assert app.session == 2
    entries, torn = read_journal(read_text(root + "/journals/s0001.jrn"), "s0001.jrn")
    assert [entry["kind"] for entry in entries] == ["session_start", "roll", "roll", "salt",
                                                     "seed_reveal"]
    assert entries[0]["out"]["scheme"] == "hmac-sha256"
    assert verify_entries(entries) == ([], 2)


def test_an_idle_private_screen_is_covered_after_5_s_and_a_press_only_uncovers():
    board, app = boot(tempdir("cover"), 1)
    app.push(Handover.make("Ann", TextScreen.make("Private", "Queen 7\nline 2\nline 3\nline 4\n"
                                                  "line 5\nline 6\nline 7\nline 8")))
    board.press(app, A)                               # Ann takes the device
    assert _settle(board, app)[:2] == ["Private", "Queen 7"]
    assert _settle(board, app, 4800)[1] == "Queen 7"  # about 4.9 s since her press
    lines = _settle(board, app, 300)                  # past 5 s: covered
    assert lines[0] == "Private" and lines[2] == "Ann" and "Queen 7" not in " ".join(lines)
    assert app.covered == "Ann"
    board.press(app, "D")                             # uncovers; does not scroll
    assert _settle(board, app)[:2] == ["Private", "Queen 7"]
    board.press(app, "D")                             # now it acts: the text scrolls
    assert _settle(board, app)[1] == "line 2              ^"  # the mark: more above
    board.press(app, B)                               # done: hand back, nothing covered
    assert _settle(board, app, 6000)[0] != "Private" and app.covered is None


def test_screens_without_a_secret_and_the_reveal_are_never_covered():
    board, app = boot(tempdir("nocover"), 1)
    before = _settle(board, app)
    assert _settle(board, app, 6000) == before        # the main menu: nothing private
    app.push(Reveal.make(app, "Ann", "Your chit", "Queen 7"))
    assert _settle(board, app, 6000)[0] == "Hand to Ann"
    board.press(app, A)
    assert _settle(board, app, 6000)[0] == "Ann only"  # the Reveal guards itself
    assert app.covered is None
