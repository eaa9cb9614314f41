"""Destructive choices are deliberate (issue 19 item 5): the leave menu of a game's
hub (prompt.LeaveMenu) and End session never act on B then A, nor on one stray A."""

from check import tempdir

from boards.sim import boot
from firmware.screens.prompt import LeaveMenu
from firmware.ui import Screen


class Hub(Screen):
    """A stand-in hub: B opens the leave menu, ``leave`` counts."""

    ID = "text"  # a registered ID: the app saves the stack after every press

    def initial(self):
        return {"title": "hub", "lines": [], "top": 0}

    def on_button(self, app, name, kind):
        if name == "B":
            app.push(LeaveMenu.make("Abandon game", "abandon", "Undo (long B) brings it back."))

    def leave(self, app):
        self.left = getattr(self, "left", 0) + 1
        app.pop()


def _press(board, app, keys):
    for key in keys.split():
        board.press(app, key)


def test_b_then_a_or_a_double_b_keeps_playing():
    board, app = boot(tempdir("leave1"), 1)
    hub = Hub()
    app.push(hub)
    _press(board, app, "B")
    assert app.top().ID == "leave"
    assert app.surface.lines()[:3] == ["Abandon game?", ">Keep playing", " Abandon game"]
    assert app.surface.lines()[7] == "U/D choose  A ok"
    _press(board, app, "A")
    assert app.top() is hub and not hasattr(hub, "left")
    _press(board, app, "B B")
    assert app.top() is hub and not hasattr(hub, "left")


def test_abandoning_takes_a_move_and_a_twice_and_a_move_disarms_it():
    board, app = boot(tempdir("leave2"), 1)
    hub = Hub()
    app.push(hub)
    _press(board, app, "B D A")
    assert app.top().ID == "leave" and app.surface.lines()[2] == ">A again=abandon"
    _press(board, app, "U")                      # disarmed, back on "Keep playing"
    assert app.surface.lines()[1:3] == [">Keep playing", " Abandon game"]
    _press(board, app, "U A")                    # UP wraps to it: armed again
    assert app.surface.lines()[2] == ">A again=abandon" and not hasattr(hub, "left")
    _press(board, app, "B")                      # B: kept, even armed
    assert app.top() is hub and not hasattr(hub, "left")
    _press(board, app, "B D A A")
    assert hub.left == 1 and [s.ID for s in app.stack] == ["main"]


def test_a_look_at_the_undo_menu_disarms_abandon_and_end_session():
    # found by a new user: "A again=abandon" still armed after long B, Back
    board, app = boot(tempdir("leave2b"), 1)
    hub = Hub()
    app.push(hub)
    _press(board, app, "B D A")
    assert app.surface.lines()[2] == ">A again=abandon"
    board.press(app, "B", True)                  # the Undo menu over it
    assert app.top().ID == "undo"
    _press(board, app, "D D A")                  # Back
    assert app.top().ID == "leave" and app.surface.lines()[2] == ">Abandon game"
    _press(board, app, "A")                      # arms only
    assert app.surface.lines()[2] == ">A again=abandon" and not hasattr(hub, "left")
    _press(board, app, "B")
    from firmware.screens.session import EndSessionScreen
    app.push(EndSessionScreen())
    _press(board, app, "D A")
    assert app.surface.lines()[2] == ">A again=end"
    board.press(app, "B", True)
    _press(board, app, "B")                      # B on the Undo menu: back too
    assert app.top().ID == "end_session" and app.surface.lines()[2] == ">End session"
    _press(board, app, "A")
    assert app.session == 1 and app.surface.lines()[2] == ">A again=end"


def test_the_leave_menu_is_never_saved():
    board, app = boot(tempdir("leave3"), 1)
    app.push(Hub())
    _press(board, app, "B D A")
    assert [item["id"] for item in app.snapshot()["screens"]] == ["main", "text"]


def test_end_session_takes_a_move_and_a_twice():
    root = tempdir("leave4")
    board, app = boot(root, 1)
    from firmware.screens.session import EndSessionScreen
    app.push(EndSessionScreen())
    board.press(app, "A")                        # one stray A: "Keep session"
    assert app.session == 1 and app.top().ID == "main"
    app.push(EndSessionScreen())
    _press(board, app, "D A")
    assert app.session == 1 and app.surface.lines()[2] == ">A again=end"
    _press(board, app, "D D A")                  # a move disarms: armed again only
    assert app.session == 1 and app.surface.lines()[2] == ">A again=end"
    _press(board, app, "A")
    assert app.session == 2 and app.surface.lines()[0] == "Seed revealed"


def test_an_armed_end_session_is_not_there_after_a_reboot():
    # found by new users: the armed state was saved, and the first A after a reboot
    # ended the session; saved disarmed, "D A A" after a reboot still ended it. Never
    # saved now, as the leave menu: the reboot comes back to the screen under it
    root = tempdir("leave4b")
    board, app = boot(root, 1)
    from firmware.screens.session import SessionMenu
    app.push(SessionMenu())
    app.save()
    _press(board, app, "D")
    assert app.top().items(app)[app.top().s["sel"]] == "End session"
    _press(board, app, "A")
    assert app.top().ID == "end_session"
    _press(board, app, "D A")
    assert app.surface.lines()[2] == ">A again=end"
    board, app = boot(root, 1)  # power cut, reboot
    assert app.top().ID == "session" and app.session == 1
    _press(board, app, "A")     # the session menu's item under the cursor: End session
    assert app.top().ID == "end_session" and app.surface.lines()[1] == ">Keep session"
    _press(board, app, "A")     # keeps it
    assert app.session == 1 and app.top().ID == "session"


class Cursor(Hub):
    """A hub whose UP/DOWN move a cursor of its own (its arrows are no Menu's: the
    save tells a cursor move from a change by the digest without the cursor)."""

    def initial(self):
        return {"title": "hub", "lines": [], "top": 0, "sel": 0}

    def on_button(self, app, name, kind):
        if name in ("U", "D"):
            self.s["sel"] += 1
            app.dirty = True
        else:
            Hub.on_button(self, app, name, kind)


def test_the_leave_menu_digests_nothing_and_its_hub_moves_without_a_write():
    # issue 21: the save's digest without the cursor is made for the screen whose
    # arrows it judges: not for the leave menu (its arrows save nothing), but again
    # once B closes it, so the hub's cursor moves still write nothing
    from firmware import saving
    board, app = boot(tempdir("leave5"), 1)
    app.push(Cursor())
    board.press(app, "A")  # a save with the hub on top
    calls = []
    writes = []
    digest = saving.masked_digest
    write = app.storage.write_atomic

    def counted(*args):  # (no name of the device code here: the build's shrink)
        calls.append(app.top().ID)
        return digest(*args)

    def written(name, data):
        writes.append(name)
        return write(name, data)
    saving.masked_digest = counted
    app.storage.write_atomic = written
    try:
        board.press(app, "B")
        assert app.top().ID == "leave" and calls == [] and writes == []
        board.press(app, "D")
        assert calls == [] and writes == []
        board.press(app, "B")  # "Keep": back on the hub, its digest made again
        assert app.top().ID == "text" and calls == ["text"] and writes == []
        board.press(app, "D")
        assert app.top().s["sel"] == 1 and writes == []
        board.press(app, "B")  # the leave menu again, then Abandon (a change: saved)
        board.press(app, "D")
        board.press(app, "A")  # armed: the save holds the hub's cursor moved before
        assert writes == ["saves/state.sav"]
        board.press(app, "A")
        assert [s.ID for s in app.stack] == ["main"] and writes == ["saves/state.sav"] * 2
    finally:
        saving.masked_digest = digest
        app.storage.write_atomic = write
