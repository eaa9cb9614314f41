"""The steps that need most of the heap restart the board first (App.restart_first,
issue 7): a new Cybernaut game and a Neo-Hunt deal (and opening a game after another:
the main menu). On a board that can restart the
state is saved with "launch" set, the board restarts, and the boot presses A again on
the saved screen, once. (Under MicroPython the test's own heap cannot also hold a
game beside the app it restarted, so these run under CPython; the main menu's
restart between games runs on both: tests/both/test_firmware.py.)"""

from boards.sim import boot
from check import tempdir
from firmware.storage import Storage
from shared_rules.save import decode_save


def _save_body(root):
    return decode_save(Storage(root).read("saves/state.sav"), "state.sav")


def restart_then_open(keys, first, then):
    """Press ``keys`` (space separated) from a fresh boot on a board that can restart:
    the last press must restart on screen ``first``; after the boot, screen ``then``
    is open, and the save has no "launch" left."""
    root = tempdir("restartfirst")
    board, app = boot(root, 7)
    restarts = []

    def soft_reset():
        restarts.append(app.top().ID)
        raise SystemExit  # as machine.soft_reset does

    app.restart = soft_reset
    keys = keys.split(" ")
    for key in keys[:-1]:
        board.press(app, key)
    assert app.top().ID == first and restarts == []
    try:
        board.press(app, keys[-1])
        raise AssertionError("no restart")
    except SystemExit:
        pass
    assert restarts == [first]
    body = _save_body(root)
    assert body["launch"] is True and body["screens"][-1]["id"] == first
    seq = app.journal.next_seq
    restarts_after = []
    board, app = boot(root, 7, restart=lambda: restarts_after.append(1))  # as the Pico boots
    assert restarts_after == []
    app.redraw()
    assert app.top().ID == then, (app.top().ID, app.surface.lines())
    assert "launch" not in _save_body(root)
    assert app.journal.next_seq > seq  # the game's start was journaled after the boot
    return app


def test_a_new_cybernaut_game_starts_after_a_restart():
    app = restart_then_open("D D A D D A", "cn_menu", "cn_game")
    assert app.journal.recent[-1]["kind"] == "new_game"


def test_a_neo_hunt_deal_starts_after_a_restart():
    app = restart_then_open("U A D D D D D A", "nh_setup", "nh_game")
    assert [e["kind"] for e in app.journal.recent if e.get("game") == "neohunt"][:1] == ["setup"]


def test_the_press_after_the_restart_never_restarts_again():
    # the board's restart is set before the boot, as the Pico's main sets it: the
    # press of A that the boot does after a restart_first restart must not restart
    # again (App._launching), or the board would restart for ever
    root = tempdir("noloop")
    restarts = []

    def soft_reset():
        restarts.append(1)
        raise SystemExit

    board, app = boot(root, 7, restart=soft_reset)
    for key in "D D A D D".split(" "):
        board.press(app, key)
    try:
        board.press(app, "A")  # New game: restart first
    except SystemExit:
        pass
    assert restarts == [1]
    board, app = boot(root, 7, restart=soft_reset)  # would raise SystemExit if it restarted
    assert restarts == [1] and app.top().ID == "cn_game"
    assert app.restart is soft_reset


def test_a_restart_between_presses_resumes_the_same_screen_and_cursor():
    # firmware/relief.py: a heap in pieces restarts between presses (restart_between):
    # the save holds a cursor moved since the last write, and the boot resumes it
    # with nothing to redo (no "launch") and nothing journaled
    root = tempdir("between")
    restarts = []

    def soft_reset():
        restarts.append(1)
        raise SystemExit

    board, app = boot(root, 7, restart=soft_reset)
    for key in "D D A D".split(" "):  # the Cybernaut menu, its selection on "Encounter"
        board.press(app, key)
    assert app.top().ID == "cn_menu" and app.top().s["sel"] == 1
    seq = app.journal.next_seq
    from firmware.relief import restart_between
    try:
        restart_between(app)
        raise AssertionError("no restart")
    except SystemExit:
        pass
    assert restarts == [1]
    assert "launch" not in _save_body(root)
    board, app = boot(root, 7, restart=soft_reset)
    app.redraw()
    assert [s.ID for s in app.stack] == ["main", "cn_menu"] and app.top().s["sel"] == 1
    assert app.journal.next_seq == seq and restarts == [1]
    board.press(app, "A")  # Encounter rolls, as before the restart
    assert app.journal.recent[-1]["kind"] == "encounter"


def test_a_heap_as_good_as_whole_goes_on_without_a_restart():
    # issue 21: on the firmware with the code frozen in, a Pico has 207 KB free at
    # boot, and a restart first only cost the press a boot (0.8 s) and the soft
    # reset's second. With _WHOLE bytes free after a collection restart_first goes
    # on; with less than _ENOUGH it restarts as before (between the two: the next test)
    from firmware import app as app_module
    root = tempdir("restartwhole")
    board, app = boot(root, 7)
    restarts = []
    app.restart = lambda: restarts.append(app.top().ID)
    app.restart_first(lambda: app_module._WHOLE)
    assert restarts == [] and not app.launch
    app.restart_first(lambda: app_module._ENOUGH - 1)
    assert restarts == ["main"] and "launch" in _save_body(root)
    assert app_module._WHOLE == 184 * 1024    # between the two firmwares' free heaps at boot


def test_a_roomy_heap_with_a_big_block_goes_on_and_one_in_pieces_restarts(monkeypatch):
    # issue 21: the Pocket Referee firmware after a Cybernaut game had 182.6 KB free
    # and a 121 KB block (the emulated Pico): its restart gave 8 KB more for 2 s. From
    # _ENOUGH bytes free it goes on when a block of _BLOCK bytes is free (tried with a
    # bytearray of that size), and restarts when none is (a heap in pieces: 156 KB
    # free, 9.7 KB the largest block) or below _ENOUGH
    from firmware import app as app_module
    root = tempdir("restartroomy")
    board, app = boot(root, 7)
    restarts = []
    app.restart = lambda: restarts.append(app.top().ID)
    tried = []

    def block(size):  # the heap's stand-in: no free block of 64 KB or more
        tried.append(size)
        if size >= 64 * 1024:
            raise MemoryError
        return bytes(size)

    app.restart_first(lambda: app_module._ENOUGH)  # CPython has the block
    assert restarts == [] and not app.launch
    monkeypatch.setattr(app_module, "bytearray", block, raising=False)
    app.restart_first(lambda: app_module._ENOUGH)
    assert restarts == ["main"] and "launch" in _save_body(root) and tried == [64 * 1024]
    app.launch = False
    app.restart_first(lambda: app_module._ENOUGH - 1)
    assert restarts == ["main", "main"] and tried == [64 * 1024]  # too little: no probe
    app.launch = False
    app.restart_first(lambda: app_module._WHOLE)
    assert len(restarts) == 2 and tried == [64 * 1024]  # a whole heap needs no probe
    assert app_module._ENOUGH == 160 * 1024 and app_module._BLOCK == 64 * 1024


def test_going_on_without_a_restart_writes_the_held_lines_and_holds_on():
    # found by review: restart_first wrote the press's held journal lines and stopped
    # holding, so the rest of the press wrote each line with its own append; it goes
    # on holding now (and a press that held nothing is not made to hold)
    from firmware import app as app_module
    root = tempdir("restartholds")
    board, app = boot(root, 7)
    app.restart = lambda: None
    app.storage.hold()
    app.record("session", "note", {"n": 1}, {}, "test")
    assert app.storage.later is not None and app.storage.later[1]
    app.restart_first(lambda: app_module._WHOLE)
    assert app.storage.later is not None and not app.storage.later[1]  # written, holding
    assert '"note"' in app.storage.read(app.journal_name()).decode()
    app.storage.flush()
    app.restart_first(lambda: app_module._WHOLE)
    assert app.storage.later is None
