"""firmware.relief.relieve: after a press, when the heap runs short, the game's cold
modules go (issue 17: a Cybernaut game ran out of memory at press 457 of 2,000 in a
240K heap on the 32-bit port, with 39 KB free in pieces of at most 304 bytes). A
module a screen on the stack is made of stays; the game's ``shed`` drops its rules
parts and, once the game screen is gone, its pack. Both runtimes: the modules are
stand-ins put in sys.modules, the heap a fake ``mem_free``."""

import sys

from firmware import relief
from firmware.relief import BIG_BLOCK, COLD, PRESSURE, SETTLE, quiet, relieve, restart_between, roomy
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
    TRANSIENT = False

    def __init__(self, screen_id):
        self.ID = screen_id
        self.s = {}


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
        self.restart = None  # a board that cannot restart (the sim's)

    def forget(self, prefixes, keep):
        """As boards.forget_modules, for the names given whole: :returns: those
        dropped. Only a stand-in leaves sys.modules (a real module dropped here
        would be imported again as a second copy beside the one other tests'
        modules hold: on the device nothing else holds a cold module); a real
        one is only recorded, as if dropped."""
        dropped = []
        for name in prefixes:
            module = sys.modules.get(name)
            if module is None or (keep(module) if callable(keep) else name in keep):
                continue
            dropped.append(name)
            if isinstance(module, _Module):
                del sys.modules[name]
        self.forgotten.extend(dropped)
        return dropped

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


def _parts_kept(test):
    """Run ``test()`` (which may shed Cybernaut's rules parts, as relieve does), then
    put the parts back as they were: the same modules in sys.modules, the same
    methods on the Game class (other tests in this process use them)."""
    from shared_rules.cybernaut import net
    loaded = list(net._loaded)
    modules = dict((name, sys.modules.get(name)) for name, _ in net.PARTS)
    try:
        test()
    finally:
        net.unload_parts()
        for name in modules:
            if modules[name] is not None:
                sys.modules[name] = modules[name]
        for index in range(len(loaded)):
            if loaded[index]:
                net.load_part(index)


def _game_stack():
    return [_Screen("main"), _Screen("cn_menu"), _Screen("cn_game")]


def _keeping_parts(test_function):
    """A test that may shed the rules parts, made hermetic (``_parts_kept``)."""
    def run():
        _parts_kept(test_function)
    return run


@_keeping_parts
def test_with_room_enough_nothing_is_dropped():
    app = _App(_game_stack())

    def test():
        assert relieve(app, PRESSURE, _heap(PRESSURE)) == []
        assert relieve(app, 1000, _heap(1000)) == []
        assert app.forgotten == [] and LOG in sys.modules

    _with_modules([LOG, PROMPT], test)


@_keeping_parts
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


@_keeping_parts
def test_a_module_a_screen_on_the_stack_is_made_of_stays():
    picker = CybernautPick("cn_cybpick")
    app = _App(_game_stack() + [picker])

    def test():
        dropped = relieve(app, PRESSURE, _heap(0))
        assert PICKS not in dropped and sys.modules[PICKS].CybernautPick is CybernautPick
        assert LOG in dropped

    _with_modules([LOG, PICKS], test,
                  firmware_games_cybernaut_picks=_Module(CybernautPick=CybernautPick))


@_keeping_parts
def test_a_screen_waiting_to_be_pushed_keeps_its_module_too():
    app = _App(_game_stack(), [CybernautPick("cn_cybpick")])

    def test():
        assert PICKS not in relieve(app, PRESSURE, _heap(0))
        assert PICKS in sys.modules

    _with_modules([PICKS], test,
                  firmware_games_cybernaut_picks=_Module(CybernautPick=CybernautPick))


@_keeping_parts
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
    # the Interaction roll's module, which the unit picker of every turn's Interaction
    # imports for its odds lines (found by review: not cold, it stayed for the game),
    # and the work after a frame's
    assert "firmware.games.cybernaut.inter" in cn_shared.COLD
    assert "firmware.games.cybernaut.later" in cn_shared.COLD


class _Notice(_Screen):
    TRANSIENT = True



class _Restarting(_App):
    """An app whose board can restart (recorded, after its save: ``done``), with
    ``pressed`` presses short of room since the boot."""

    def __init__(self, stack, pressed=SETTLE):
        _App.__init__(self, stack)
        self.covered = None
        relief._pressed[0] = pressed
        self.restarts = []
        self.done = []
        self.restart = self._restart

    def save(self):
        self.done.append("save")

    def _restart(self):
        self.done.append("restart")
        self.restarts.append([s.ID for s in self.stack])


def test_roomy_asks_for_the_block_and_says_whether_it_came():
    asked = []

    def make(size):
        asked.append(size)
        return bytearray(1)

    def none(size):
        raise MemoryError("memory allocation failed, allocating %d bytes" % size)

    assert roomy(BIG_BLOCK, make) and asked == [BIG_BLOCK]
    assert not roomy(BIG_BLOCK, none)
    assert roomy(64)  # a real heap has 64 bytes


@_keeping_parts
def test_a_heap_in_pieces_restarts_between_presses_when_that_loses_nothing():
    app = _Restarting(_game_stack())
    relieve(app, PRESSURE, _heap(0), lambda: False)
    assert app.restarts == [["main", "cn_menu", "cn_game"]]
    app = _Restarting(_game_stack())
    relieve(app, PRESSURE, _heap(0), lambda: True)  # a block for a press: no restart
    assert app.restarts == []
    app = _Restarting(_game_stack())
    relieve(app, PRESSURE, _heap(PRESSURE), lambda: False)  # room: not even looked at
    assert app.restarts == []
    app = _Restarting(_game_stack())
    app.restart = None  # a board that cannot restart
    relieve(app, PRESSURE, _heap(0), lambda: False)
    assert app.restarts == []


@_keeping_parts
def test_no_restart_would_lose_a_notice_a_screen_to_come_a_private_screen_or_a_fresh_boot():
    assert quiet(_Restarting(_game_stack()))
    assert not quiet(_Restarting(_game_stack() + [_Notice("oom")]))  # left out of the save
    app = _Restarting(_game_stack())
    app.later.append(_Screen("result"))  # pushed at the press's end
    assert not quiet(app)
    app = _Restarting(_game_stack())
    app.covered = "NSA"  # an idle private screen covered
    assert not quiet(app)
    private = _Screen("cn_place")
    private.s = {"_owner": "NSA"}  # behind "Hand to NSA"
    assert not quiet(_Restarting(_game_stack() + [private]))
    assert not quiet(_Restarting(_game_stack(), SETTLE - 1))  # a boot in pieces: no loop
    for stack, pressed in ((_game_stack() + [_Notice("oom")], SETTLE), (_game_stack(), 0),
                           (_game_stack(), SETTLE - 2)):
        app = _Restarting(stack, pressed)
        relieve(app, PRESSURE, _heap(0), lambda: False)
        assert app.restarts == [], pressed
    app = _Restarting(_game_stack(), SETTLE - 1)  # this press is the SETTLE-th short of room
    relieve(app, PRESSURE, _heap(0), lambda: False)
    assert app.restarts == [["main", "cn_menu", "cn_game"]]


def test_the_restart_between_presses_saves_first_and_a_board_without_one_does_nothing():
    app = _Restarting(_game_stack())
    restart_between(app)
    assert app.done == ["save", "restart"]
    app = _App(_game_stack())
    restart_between(app)  # restart None: no save, no error


def test_the_boards_forget_spares_what_it_is_told_and_says_what_it_dropped():
    # boards.forget_modules(prefixes, keep): keep, names or a function of the module;
    # the firmware has no sys (the
    # MicroPython subset), so the board drops the modules and names them
    from boards import forget_modules
    kept = _Module()
    sys.modules["pr_relief_test.a"] = _Module()
    sys.modules["pr_relief_test.b"] = kept
    sys.modules["pr_relief_test.c"] = _Module()
    try:
        assert forget_modules(("pr_relief_test.c",), ("pr_relief_test.c",)) == []
        dropped = forget_modules(("pr_relief_test.",), lambda module: module is kept)
        assert sorted(dropped) == ["pr_relief_test.a", "pr_relief_test.c"]
        assert "pr_relief_test.a" not in sys.modules and "pr_relief_test.c" not in sys.modules
        assert sys.modules["pr_relief_test.b"] is kept
        assert forget_modules(("pr_relief_test.",), ()) == ["pr_relief_test.b"]
    finally:
        for name in ("pr_relief_test.a", "pr_relief_test.b", "pr_relief_test.c"):
            sys.modules.pop(name, None)


def test_the_boards_forget_drops_every_module_of_every_prefix_and_its_parent_attribute():
    # one walk of sys.modules finds them all (issue 21: a walk a module cost an open
    # from the main menu 20-30 ms of a Pico); a name matching no prefix stays, and
    # so does one only starting like a prefix's folder
    from boards import forget_modules
    parent = _Module()
    names = ["pr_forget_a", "pr_forget_a.x", "pr_forget_a.y", "pr_forget_b.z",
             "pr_forget_c.w", "pr_forget_ab"]
    for name in names:
        sys.modules[name] = parent if name == "pr_forget_a" else _Module()
    parent.x = sys.modules["pr_forget_a.x"]
    try:
        # a list of prefixes too: each is matched on its own (MicroPython before 1.25
        # has no str.startswith of a tuple, and none has one of a list: found by review)
        dropped = forget_modules(["pr_forget_a.", "pr_forget_b."], ("pr_forget_a.y",))
        assert sorted(dropped) == ["pr_forget_a.x", "pr_forget_b.z"]
        assert getattr(parent, "x", None) is None  # the package's attribute went too
        assert sorted(n for n in sys.modules if n.startswith("pr_forget_")) == [
            "pr_forget_a", "pr_forget_a.y", "pr_forget_ab", "pr_forget_c.w"]
    finally:
        for name in names:
            sys.modules.pop(name, None)


class _Stateful(_Restarting):
    """A restartable app with a state worth copying: nested screen states, sealed
    secrets, and the last save's SHA-256."""

    def __init__(self):
        _Restarting.__init__(self, _game_stack())
        self.stack[-1].s = {"sel": 2, "pub": {"stage": "move", "turn": 7,
                                             "chits": [{"at": "c4", "t": "Pk" + "x" * 40}, [1, 2.5, None]]},
                            "sec": {"groups": ["0a1b" * 30, "ffee" * 25]}}
        self.stack[0].s = {"sel": 1}
        self.secrets = {"s1c" + str(7): ["cybernaut", "chit", "NSA", "9" * 72]}
        self.saved_sha = "sha of save one"


def _objects(value, out):
    """Every dict, list and long str in ``value`` (the objects, held: so no new one
    can take an old one's address), depth first."""
    if isinstance(value, dict):
        out.append(value)
        for key in value:
            _objects(value[key], out)
    elif isinstance(value, list):
        out.append(value)
        for item in value:
            _objects(item, out)
    elif isinstance(value, str) and len(value) > 20 and sys.implementation.name == "micropython":
        out.append(value)  # CPython's "%s" % text may be text itself
    return out


def _all_new(before, after):
    """True when ``after`` (objects) pairs with ``before`` one for one, each a new one."""
    return len(after) == len(before) and all(new is not old for new, old in zip(after, before))


def _texts(app):
    import json
    return [json.dumps(screen.s) for screen in app.stack] + [json.dumps(app.secrets)]


def test_the_state_is_copied_afresh_in_the_same_order_once_a_saved_state():
    # issue 21: a heap in pieces (its islands: the kept objects of presses, found on
    # the heap's map) gets the state's objects made anew after a collection
    relief._moved[0] = None
    app = _Stateful()
    texts = _texts(app)
    before = []
    for screen in app.stack:
        _objects(screen.s, before)
    _objects(app.secrets, before)
    assert relief.rehome(app) is True
    assert _texts(app) == texts  # the same values, in the same order: the same save text
    after = []
    for screen in app.stack:
        _objects(screen.s, after)
    _objects(app.secrets, after)
    assert _all_new(before, after)
    # once a saved state: the same save, nothing copied again
    assert relief.rehome(app) is False
    again = []
    for screen in app.stack:
        _objects(screen.s, again)
    _objects(app.secrets, again)
    assert len(again) == len(after) and all(a is b for a, b in zip(again, after))
    app.saved_sha = "sha of save two"
    assert relief.rehome(app) is True
    assert _texts(app) == texts
    assert app.done == []  # no save, no restart


def test_with_bytes_enough_but_no_block_the_state_is_copied_and_the_board_not_restarted():
    relief._moved[0] = None
    app = _Stateful()
    held = app.stack[-1].s
    assert relieve(app, PRESSURE, _heap(PRESSURE), lambda: True) == []  # a block: nothing
    assert app.stack[-1].s is held
    assert relieve(app, PRESSURE, _heap(PRESSURE), lambda: False) == []
    assert app.stack[-1].s is not held and app.stack[-1].s == held
    assert app.restarts == [] and app.forgotten == []


@_keeping_parts
def test_a_heap_in_pieces_the_copy_mends_is_not_restarted():
    relief._moved[0] = None
    app = _Stateful()
    answers = [False, True]  # in pieces; after the copy, a block
    relieve(app, PRESSURE, _heap(0), lambda: answers.pop(0))
    assert app.restarts == [] and answers == []
    # the same saved state in pieces again: copied already, so the restart comes
    app = _Stateful()
    relieve(app, PRESSURE, _heap(0), lambda: False)
    assert app.restarts == [["main", "cn_menu", "cn_game"]]


@_keeping_parts
def test_a_byte_short_lets_go_of_what_screens_keep_in_hand_with_room_it_stays():
    # found by review: Cybernaut's game in hand between actions (GameScreen.held,
    # 10-15 KB) stayed through presses short of memory, which relief exists to free
    # (and such a screen asks the heap again before it keeps the next: GameScreen.keeps)
    stack = _game_stack()
    for screen in stack:
        screen.held = ("pub", "sec", "a game")
        screen.keeps = True

    def test():
        app = _App(stack)
        relieve(app, PRESSURE, _heap(PRESSURE))
        assert [screen.held for screen in stack] == [("pub", "sec", "a game")] * len(stack)
        assert [screen.keeps for screen in stack] == [True] * len(stack)
        relieve(app, PRESSURE, _heap(PRESSURE - 1))
        assert [screen.held for screen in stack] == [None] * len(stack)
        assert [screen.keeps for screen in stack] == [None] * len(stack)

    _with_modules([LOG, PICKS, PROMPT], test)
