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
    "Hand to" stage); a press saves it. :returns: (board, app)."""
    from firmware.games.neohunt.private import NhSpot
    board, app = boot(root, 11)
    app.push(NhSpot.make(app, "P3", "Spot!", RESULT))
    board.press(app, "U")                       # nothing at "Hand to": saved
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
    assert " ".join(lines[1:]).split() == (
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
