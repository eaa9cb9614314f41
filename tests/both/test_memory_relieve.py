"""firmware.memory.relieve: after a press, when the heap runs short, the game's cold
modules go (issue 17: a Cybernaut game ran out of memory at press 457 of 2,000 in a
240K heap on the 32-bit port, with 39 KB free in pieces of at most 304 bytes). A
module a screen on the stack is made of stays; the game's ``shed`` drops its rules
parts and, once the game screen is gone, its pack. Both runtimes: the modules are
stand-ins put in sys.modules, the heap a fake ``mem_free``."""

import sys

from firmware.memory import COLD, PRESSURE, relieve
from firmware.games.cybernaut import shared as cn_shared

PICKS = "firmware.games.cybernaut.picks"
LOG = "firmware.games.cybernaut.log"
PROMPT = "firmware.screens.prompt"


class _Module:
    """A stand-in for a loaded module: its attributes are the classes given."""

    def __init__(self, **classes):
        for name in classes:
            setattr(self, name, classes[name])


class _Screen:
    def __init__(self, screen_id):
        self.ID = screen_id


class CybernautPick(_Screen):  # a class "of" the stand-in picks module
    pass


class _App:
    """What relieve and Cybernaut's shed use of the App: the stack, the screens
    waiting to be pushed, the packs and the board's forget (recorded)."""

    def __init__(self, stack, later=()):
        self.stack = stack
        self.later = list(later)
        self.packs = {cn_shared.GAME_PACK: "the game pack", "cybernaut-sample": "rolls"}
        self.forgotten = []

    def forget(self, prefixes, keep):
        self.forgotten.extend(prefixes)
        for name in prefixes:
            sys.modules.pop(name, None)

    def find(self, screen_id, default):
        for screen in self.stack:
            if screen.ID == screen_id:
                return screen
        return default


def _heap(free):
    """A heap with ``free`` bytes free, whatever a collection does."""
    return lambda: free


def _with_modules(names, test, **made):
    """Run ``test()`` with stand-ins for ``names`` in sys.modules (``made``: a name's
    own stand-in), the real ones put back afterwards."""
    old = dict((name, sys.modules.get(name)) for name in names)
    try:
        for name in names:
            sys.modules[name] = made.get(name.replace(".", "_"), _Module())
        test()
    finally:
        for name in names:
            if old[name] is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old[name]


def _game_stack():
    return [_Screen("main"), _Screen("cn_menu"), _Screen("cn_game")]


def test_with_room_enough_nothing_is_dropped():
    app = _App(_game_stack())

    def test():
        assert relieve(app, PRESSURE, _heap(PRESSURE)) == []
        assert relieve(app, 1000, _heap(1000)) == []
        assert app.forgotten == [] and LOG in sys.modules

    _with_modules([LOG, PROMPT], test)


def test_a_byte_short_drops_the_cold_modules_of_the_game_and_the_result_screen():
    app = _App(_game_stack())

    def test():
        dropped = relieve(app, PRESSURE, _heap(PRESSURE - 1))
        assert LOG in dropped and PICKS in dropped and PROMPT in dropped
        assert LOG not in sys.modules and PICKS not in sys.modules and PROMPT not in sys.modules
        for name in dropped:
            assert name in app.forgotten, name
        # the game screen is on the stack: its pack stays
        assert app.packs[cn_shared.GAME_PACK] == "the game pack"

    _with_modules([LOG, PICKS, PROMPT], test)


def test_a_module_a_screen_on_the_stack_is_made_of_stays():
    picker = CybernautPick("cn_cybpick")
    app = _App(_game_stack() + [picker])

    def test():
        dropped = relieve(app, PRESSURE, _heap(0))
        assert PICKS not in dropped and sys.modules[PICKS].CybernautPick is CybernautPick
        assert LOG in dropped

    _with_modules([LOG, PICKS], test,
                  firmware_games_cybernaut_picks=_Module(CybernautPick=CybernautPick))


def test_a_screen_waiting_to_be_pushed_keeps_its_module_too():
    app = _App(_game_stack(), [CybernautPick("cn_cybpick")])

    def test():
        assert PICKS not in relieve(app, PRESSURE, _heap(0))
        assert PICKS in sys.modules

    _with_modules([PICKS], test,
                  firmware_games_cybernaut_picks=_Module(CybernautPick=CybernautPick))


def test_the_game_left_for_its_menu_lets_its_pack_go():
    app = _App([_Screen("main"), _Screen("cn_menu")])
    relieve(app, PRESSURE, _heap(0))
    assert cn_shared.GAME_PACK not in app.packs
    assert app.packs["cybernaut-sample"] == "rolls"  # the menu's rolls keep theirs


def test_no_game_on_the_stack_drops_only_the_result_screen():
    app = _App([_Screen("main"), _Screen("dice")])
    result = "firmware.screens.result"

    def test():
        dropped = relieve(app, PRESSURE, _heap(0))
        assert dropped == [result] and LOG in sys.modules and PROMPT in sys.modules
        assert app.packs[cn_shared.GAME_PACK] == "the game pack"

    _with_modules([LOG, PROMPT, result], test)


def test_a_board_that_cannot_forget_and_a_runtime_without_mem_free_do_nothing():
    app = _App(_game_stack())
    app.forget = None
    assert relieve(app, PRESSURE, _heap(0)) == []
    app = _App(_game_stack())
    if not hasattr(__import__("gc"), "mem_free"):  # CPython: no heap figure
        assert relieve(app) == [] and app.forgotten == []


def test_the_cold_rows_name_the_result_screen_and_cybernaut_modules():
    assert COLD == ("firmware.screens.result",) and PROMPT in cn_shared.COLD
    for name in cn_shared.COLD:
        assert name.startswith("firmware.games.cybernaut.") or name == PROMPT, name
    # the game's own screen module is cold: _alive keeps it while cn_game is open
    assert "firmware.games.cybernaut.game" in cn_shared.COLD
