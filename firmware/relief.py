"""Memory pressure (issue 17): the cold phase of firmware/memory.py's table.

Imported by App.redraw only once a press leaves less than PRESSURE bytes free, or
less than twice that and no free block of BIG_BLOCK after a save (a heap in pieces:
``rehome``); its names are then interned in play, not at every boot: a few names
more at boot cost a pool of names, 4.5 KB.
"""

import gc

# Under pressure (issue 17): after a press, when the free heap after a collection is
# below PRESSURE bytes, the game drops its cold modules, those a press may import and
# the next ones seldom need (its result lines, its pickers, its rules parts: the
# game's row is ``COLD`` in its firmware/games/<game>/shared.py, and its ``shed(app)``
# drops what needs more than a module dropped, e.g. Cybernaut's rules parts),
# plus the result screen below. A module whose class a screen on the stack is made
# of stays. A Cybernaut game loads some 60 KB of code as it is played, in a heap a
# Pico has some 90 KB free for it: without this it ran out at press 457 of 2,000 in
# a 240K heap (32-bit port), with 39 KB free in pieces of at most 304 bytes.
# A cold module is imported only inside function bodies, except by another game's
# modules (never loaded beside it; tests/host/test_layout.py checks it): no module
# holds it but sys.modules and its package, so dropping it
# gives its RAM back, and the next import loads it afresh (at a cost in time only
# when the heap is short).
PRESSURE = 64 * 1024
COLD = ("firmware.screens.result",)


def relieve(app, room=PRESSURE, mem_free=None, fits=None):
    """Drop what the screens keep in hand between presses (their ``held``) and the
    cold modules of the game being played, when fewer than ``room`` bytes are free
    after a collection (issue 17). Call it between presses, never
    during one. If the heap then has no free block of BIG_BLOCK bytes (in pieces, though
    bytes are free: a press may then run out of memory on its first big block), a
    board that can restart restarts now, when that loses nothing (``quiet``): the
    state is saved, and the boot resumes it in a whole heap (``restart_between``;
    on a Pico a soft reset, about a second).

    :param app: the firmware.app.App (its ``forget``, ``stack``, ``later``,
        ``restart``, ``covered``, ``save``).
    :param room: bytes of free heap below which modules are dropped.
    :param mem_free: () -> free bytes (default gc.mem_free; on CPython, which has
        none, nothing is done).
    :param fits: () -> True when the heap has a block for a press (default ``roomy``).
    :returns: the names of the modules dropped (list of str; empty when none).
    """
    if mem_free is None:
        mem_free = getattr(gc, "mem_free", None)
    if mem_free is None or app.forget is None:
        return []
    fits = fits or roomy
    if mem_free() >= room:  # the garbage of the press counted as used: room anyway
        # bytes enough, but App.redraw found no free block of BIG_BLOCK after a save:
        # the state's long-lived objects go where they fit best (``rehome``)
        if not fits():
            rehome(app)
        return []
    gc.collect()
    if mem_free() >= room:
        return []
    # what screens keep in hand between presses goes first (a game's state worked out
    # once: Cybernaut's game in hand, 10-15 KB; its grids' games; found by review), and a
    # screen that keeps one asks the heap again before it keeps the next
    for screen in app.stack:
        if getattr(screen, "held", None) is not None:
            screen.held = None
        if getattr(screen, "keeps", None):
            screen.keeps = None
    gc.collect()
    cold = list(COLD)
    shared = _game_shared(app.stack)
    if shared is not None:
        cold.extend(getattr(shared, "COLD", ()))
    # the board drops them (the firmware has no sys): those a live screen is made of stay
    dropped = list(app.forget(tuple(cold), lambda module: _alive(module, app)) or ())
    shed = getattr(shared, "shed", None) if shared is not None else None
    if shed is not None:
        dropped.extend(shed(app))
    _pressed[0] += 1
    # a heap in pieces that copying the state afresh did not mend (or did before, for
    # this state): a restart joins them (no return)
    if not fits() and not (rehome(app) and fits()) and app.restart is not None and quiet(app):
        restart_between(app)
    return dropped


# the save (App.saved_sha) whose state ``rehome`` last moved: once per saved state
_moved = [None]


def rehome(app):
    """Copy the state's long-lived objects afresh, between presses, after a
    collection: the sealed secrets (app.secrets' values) and every screen's state on
    the stack, the values of each dict copied (dict.copy: the same order, so the
    same save text and digest), their lists and strings made new; the old ones are
    garbage for the next collection (run here). Once per saved state (a change
    saved since the last: ``app.saved_sha``).

    Why (issue 21, room to spare): the objects a press keeps (a new commitment's
    id, list and sealed text; a Cybernaut game's sealed groups and public part)
    are made amid that press's garbage, so each lands wherever a hole was and stays
    there as an island once the garbage goes: a Cybernaut game with the owner's
    packs had 65-78 KB free in blocks of at most 1.4-1.8 KB (the heap's map: most
    islands were app.secrets' and the game's state; 4 MemoryErrors in 2,000 presses
    with 40 KB of ballast, the 32-bit port running the code in place). Made afresh
    right after a collection, the copies fill the lowest holes one after another,
    and the islands above them are gone at the collection after: 0 MemoryErrors,
    largest block 2-3x as big. The copy is what a reboot's resume makes of the
    same save (each screen's state decoded anew), so no screen may hold a part of
    its state elsewhere across presses; a cache kept by identity (Cybernaut's grid,
    the Cybercore fight's view) opens once more.

    :param app: the firmware.app.App (its ``stack``, ``secrets``, ``saved_sha``).
    :returns: True when it copied (False: this saved state was copied before; a
        MemoryError during a copy leaves that part as it was, and returns True)."""
    saved = getattr(app, "saved_sha", None)
    if _moved[0] == saved and saved is not None:
        return False
    _moved[0] = saved
    try:
        for screen in app.stack:
            # what a screen keeps by identity of the old state goes (Cybernaut's NSA
            # placement held its ~8 KB game until its next press: found by review)
            if getattr(screen, "held", None) is not None:
                screen.held = None
            if isinstance(screen.s, dict):
                screen.s = _fresh(screen.s)
        secrets = getattr(app, "secrets", None)
        if isinstance(secrets, dict):
            app.secrets = _fresh(secrets)
    except MemoryError:
        pass
    gc.collect()
    return True


def _fresh(value):
    """A copy of ``value`` whose dicts, lists and strings are new objects (dicts by
    ``copy``, which keeps their order; a string equal to an interned name stays
    that name); numbers, None and other objects as they are."""
    if isinstance(value, str):
        return "%s" % value
    if isinstance(value, list):
        out = list(value)
    elif isinstance(value, dict):
        out = value.copy()
        for key in out:
            out[key] = _fresh(out[key])
        return out
    else:
        return value
    for index in range(len(out)):
        out[index] = _fresh(out[index])
    return out


_pressed = [0]  # presses short of room since this module loaded (a boot loads it afresh)


def restart_between(app):
    """Between two presses, on a board that can restart (``app.restart``, the Pico's
    soft reset): save (a moved cursor too) and restart; the boot resumes the save,
    drawing its frame, in a whole heap. Nothing to redo after it: ``launch`` is
    not set. Returns only on a board without a restart (nothing done) or if a
    restart came back."""
    if app.restart is None:
        return
    app.save()
    app.restart()


# the biggest single block a press may need: a pack read's chunk (2 KB), a long
# function's code (1 KB), a seal's text; a heap without one free is in pieces
BIG_BLOCK = 4096
SETTLE = 25  # presses short of room since the boot before a restart for a heap in pieces


def roomy(size=BIG_BLOCK, make=bytearray):
    """True when the heap has a free block of ``size`` bytes (after the collection
    MicroPython runs before it gives up). MicroPython has no call that tells the
    largest free block: this one asks for it, and lets it go.

    :param make: (int) -> object of that many bytes (for tests)."""
    try:
        room_made = make(size)
    except MemoryError:
        return False
    room_made = None
    return True


def quiet(app):
    """True when a restart now loses nothing a player would miss: no screen waiting
    to be pushed, none the save leaves out (a TRANSIENT notice, the "Out of memory"
    one), and no step of passing the device (a "Hand to" screen, a private screen,
    a secret shown only while A is held: GUARDED, or one whose owner has already
    claimed it; after a restart each would come back behind "Hand to", asking the
    owner again for nothing, found by review); and SETTLE presses short of room at least since the
    boot (this module is loaded afresh by each boot: a boot whose own heap is in
    pieces never restarts press after press)."""
    if app.later or app.covered is not None or _pressed[0] < SETTLE:
        return False
    for screen in app.stack:
        state = screen.s if isinstance(screen.s, dict) else {}
        if (screen.TRANSIENT or getattr(screen, "GUARDED", False) or "owner" in state
                or "_owner" in state or "then" in state):
            return False
    return True


def _game_shared(stack):
    """The firmware/games/<game>/shared.py module of the game on ``stack`` (a list of
    screens), or None (no game screen). Its screens import it from their top: it is
    loaded whenever one of them is on the stack."""
    from firmware.screens import game_of
    for screen in stack:
        game = game_of(screen.ID)
        if game is not None:
            return __import__("firmware.games." + game + ".shared", None, None, ["COLD"])
    return None


def _alive(module, app):
    """True when a screen on the app's stack, or waiting to be pushed, is of a class
    defined in ``module``."""
    for screen in app.stack + app.later:
        cls = type(screen)
        if getattr(module, cls.__name__, None) is cls:
            return True
    return False
