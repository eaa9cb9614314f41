"""Neo-Hunt's Spot! result screen (firmware/games/neohunt/private.py NhSpot) in the
real app on the simulator board, on both runtimes: the Spot! is spent when it
opens, so B on its "Hand to" is refused (the result is not lost), and a reboot
keeps it waiting, sealed, behind "Hand to". The whole game leading to it is played
in tests/host/test_neohunt_sim.py (CPython only: it needs more than 192K)."""

from check import read_text, tempdir

from boards.sim import boot

RESULT = "P1's top card: S4"


def _spot(root):
    """Boot on ``root`` and open P3's Spot! result as the game does (on top, at its
    "Hand to" stage), saved as the press that opens it saves it. :returns: (board, app)."""
    from firmware.games.neohunt.private import NhSpot
    board, app = boot(root, 11)
    app.push(NhSpot.make(app, "P3", "Spot!", RESULT))
    app.save()
    board.press(app, "U")                       # nothing at "Hand to": nothing to save
    return board, app


def _clear_in(root):
    """The files holding the result in clear (none may)."""
    return [name for name in ("saves/state.sav", "saves/state.prev")
            if RESULT in (read_text(root + "/" + name) or "")]


def test_b_at_the_spot_hand_over_is_refused_and_the_result_waits():
    root = tempdir("nh_spot_b")
    board, app = _spot(root)
    lines = app.surface.lines()
    assert lines[0] == "Hand to P3" and "S4" not in " ".join(lines)
    board.press(app, "B")
    assert [s.ID for s in app.stack] == ["main", "nh_spot", "text"]
    lines = app.surface.lines()
    assert lines[0] == "Not allowed"
    assert lines[-1] == "A: OK"                 # what A does, named (review)
    assert " ".join(lines[1:-1]).split() == (
        "Spot! is played: its result waits until P3 has seen it (A: I am P3). (Neo-Hunt"
        " hidden varans)").split()
    board.press(app, "B")                       # the notice goes: "Hand to P3" again
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hand"
    lines = app.surface.lines()
    assert lines[0] == "Hand to P3" and lines[5:] == ["A: I am P3", "The result waits", "for P3"]
    assert _clear_in(root) == []
    board.press(app, "A")                       # P3 has it: hold A to see, B when done
    board.levels["A"] = True
    board.hold(app, 300)
    assert app.surface.lines()[:3] == ["Spot!", "P1's top card: S4", ""]
    board.levels["A"] = False
    board.hold(app, 300)
    board.press(app, "B")
    assert [s.ID for s in app.stack] == ["main", "handback"]


def test_a_reboot_keeps_the_spot_result_waiting_behind_hand_to():
    root = tempdir("nh_spot_boot")
    board, app = _spot(root)
    board, app = boot(root, 11)                 # a reboot at "Hand to"
    assert [s.ID for s in app.stack] == ["main", "nh_spot"]
    assert app.top().s["stage"] == "hand" and app.surface.lines()[0] == "Hand to P3"
    board.press(app, "A")                       # "I am P3": one A-hold from the result
    assert app.top().s["stage"] == "hold" and "S4" not in " ".join(app.surface.lines())
    assert _clear_in(root) == []
    board, app = boot(root, 11)                 # a reboot there: "Hand to P3" again
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hand"
    board.press(app, "B")                       # still refused after the reboot
    assert [s.ID for s in app.stack] == ["main", "nh_spot", "text"]
    board.press(app, "A")
    board.levels["A"] = True
    board.hold(app, 300)                        # holding A at "Hand to" shows nothing
    assert app.surface.lines()[0] == "Hand to P3" and "S4" not in " ".join(app.surface.lines())
    board.levels["A"] = False
    board.hold(app, 300)                        # released: that was "I am P3"
    assert app.top().s["stage"] == "hold" and "S4" not in " ".join(app.surface.lines())
    assert _clear_in(root) == []


def test_a_forgotten_pin_is_cleared_with_the_tables_consent_and_the_result_waits():
    """A PIN is the device's guard, no rule: a long A on the PIN asks the table,
    A clears it (journaled, nothing secret in it), and the Spot! result, sealed
    all along, waits at "Hand to P3" for its owner: nothing lost, nothing shown."""
    root = tempdir("nh_spot_pin")
    board, app = _spot(root)
    app.set_pin("P3", "UUDL")
    board.press(app, "A")                       # "I am P3": her PIN first
    lines = app.surface.lines()
    assert app.top().s["stage"] == "pin" and lines[0] == "PIN of P3"
    assert lines[6:8] == ["A: ok  B: erase", "Hold A: forgot PIN"]
    for key in "UUDD":                          # a wrong PIN keeps it closed
        board.press(app, key)
    board.press(app, "A")
    assert app.top().s["stage"] == "pin" and app.top().s["bad"] == 1
    seq = app.journal.next_seq
    board.press(app, "A", True)                 # hold A: forgot PIN
    assert app.top().ID == "pin_reset"
    lines = app.surface.lines()
    assert lines[0] == "Forgot PIN of P3" and lines[6:8] == ["A: clear the PIN", "B: back to the PIN"]
    assert "S4" not in " ".join(lines) and _clear_in(root) == []
    board.press(app, "B")                       # not now: the PIN stands
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "pin" and app.has_pin("P3")
    assert app.journal.next_seq == seq
    board.press(app, "A", True)
    board.press(app, "A")                       # the table agrees: cleared
    assert not app.has_pin("P3")
    entry = app.journal.recent[-1]
    assert entry["kind"] == "pin_cleared" and entry["in"] == {"owner": "P3"} and entry["out"] == {}
    top = app.top()
    assert top.ID == "nh_spot" and top.s["stage"] == "hand" and top.s["bad"] == 0
    assert app.surface.lines()[0] == "Hand to P3" and "S4" not in " ".join(app.surface.lines())
    assert _clear_in(root) == []
    board.press(app, "A")                       # P3 holds it: no PIN now
    board.levels["A"] = True
    board.hold(app, 300)
    assert app.surface.lines()[:2] == ["Spot!", RESULT]
    board.levels["A"] = False
    board.hold(app, 300)
    board.press(app, "B")
    assert [s.ID for s in app.stack] == ["main", "handback"]


def test_a_forgotten_pin_on_a_hand_over_is_cleared_the_same_way():
    from firmware.screens.prompt import Handover
    from firmware.ui import TextScreen
    board, app = boot(tempdir("nh_hand_pin"), 11)
    app.set_pin("P2", "LR")
    app.push(Handover.make("P2", TextScreen.make("P2's", "her screen")))
    board.press(app, "A")
    assert app.surface.lines()[0] == "PIN of P2"
    board.press(app, "A", True)
    board.press(app, "A")
    top = app.top()
    assert top.ID == "handover" and "pin" not in top.s and not app.has_pin("P2")
    assert app.surface.lines()[0] == "Hand to P2"
    board.press(app, "A")
    assert app.top().ID == "text" and app.top().s["title"] == "P2's"


def test_a_reboot_on_the_new_pin_screen_asks_who_holds_the_device_and_the_old_pin():
    # found by review: the "New PIN" screen came back after a reboot with no "Hand to"
    # and no old PIN asked: anyone could set or clear the owner's PIN, then pass her
    # "Hand to" and see her secret. It is never saved now (TRANSIENT): the reveal
    # under it asks again, then the old PIN
    root = tempdir("nh_spot_newpin")
    board, app = _spot(root)
    app.set_pin("P3", "UUDL")
    for key in ("A", "U", "U", "D", "L", "A"):  # "I am P3", her PIN
        board.press(app, key)
    assert app.top().s["stage"] == "hold"
    board.press(app, "R")                       # set my PIN
    assert app.top().ID == "pin"
    board.press(app, "D")                       # one key of a new PIN, then a power cut
    board, app = boot(root, 11)
    assert [s.ID for s in app.stack] == ["main", "nh_spot"], [s.ID for s in app.stack]
    assert app.top().s["stage"] == "hand" and app.surface.lines()[0] == "Hand to P3"
    board.press(app, "A")                       # whoever holds it: her PIN first
    assert app.top().s["stage"] == "pin" and app.surface.lines()[0] == "PIN of P3"
    assert app.pin_ok("P3", "UUDL") and not app.pin_ok("P3", "D")
    assert _clear_in(root) == []
