"""A boot with a Cybernaut game open takes MicroPython's next pool of interned
names while the heap is whole (App.boot, firmware.app.reserve_names; issue 17: the
7th pool, one block of about 9 KB, ran a game out of memory at its 405th press);
a boot with another game does not (the pool's RAM stays theirs). CPython: the
boot's call is recorded, MicroPython's effect is tests/both/test_names_pool.py's."""

import firmware.app as app_module
from boards.sim import boot
from check import tempdir
from test_restart_first import restart_then_open


def _recording():
    calls = []
    real = app_module.reserve_names

    def recorder(*args):
        calls.append(args)
        return 0

    app_module.reserve_names = recorder
    return calls, real


def test_the_boot_that_opens_or_resumes_a_cybernaut_game_reserves_names():
    calls, real = _recording()
    try:
        app = restart_then_open("D D A D D A", "cn_menu", "cn_game")
        assert calls == [()]  # the boot after the restart, the game open
        root = app.storage.root
        board, app = boot(root, 7)  # switched off and on: the game resumes
        assert "cn_game" in [screen.ID for screen in app.stack]
        assert calls == [(), ()]
    finally:
        app_module.reserve_names = real


def test_a_boot_with_another_game_or_the_main_menu_does_not():
    calls, real = _recording()
    try:
        root = tempdir("namesdice")
        board, app = boot(root, 7)
        assert app.top().ID == "main" and calls == []
        board.press(app, "A")  # Dice
        assert app.top().ID == "dice"
        board, app = boot(root, 7)
        assert app.top().ID == "dice" and calls == []
    finally:
        app_module.reserve_names = real
