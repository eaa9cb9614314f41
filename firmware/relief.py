"""Memory pressure (issue 17): the cold phase of firmware/memory.py's table.

Imported by App.handle only once a press leaves less than PRESSURE bytes free (its
names are then interned in play, not at every boot: a few names more at boot cost
a pool of names, 4.5 KB).
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


def relieve(app, room=PRESSURE, mem_free=None):
    """Drop the cold modules of the game being played, when fewer than ``room``
    bytes are free after a collection (issue 17). Call it between presses, never
    during one.

    :param app: the firmware.app.App (its ``forget``, ``stack``, ``later``).
    :param room: bytes of free heap below which modules are dropped.
    :param mem_free: () -> free bytes (default gc.mem_free; on CPython, which has
        none, nothing is done).
    :returns: the names of the modules dropped (list of str; empty when none).
    """
    import sys
    if mem_free is None:
        mem_free = getattr(gc, "mem_free", None)
    if mem_free is None or app.forget is None:
        return []
    if mem_free() >= room:  # the garbage of the press counted as used: room anyway
        return []
    gc.collect()
    if mem_free() >= room:
        return []
    cold = list(COLD)
    shared = _game_shared(app.stack)
    if shared is not None:
        cold.extend(getattr(shared, "COLD", ()))
    dropped = [name for name in cold if name in sys.modules and not _alive(sys.modules[name], app)]
    if dropped:
        app.forget(tuple(dropped), ())
    shed = getattr(shared, "shed", None) if shared is not None else None
    if shed is not None:
        dropped.extend(shed(app))
    return dropped


def _game_shared(stack):
    """The loaded firmware/games/<game>/shared.py module of the game on ``stack``
    (a list of screens), or None (no game screen, or its module is not loaded)."""
    import sys
    from firmware.screens import game_of
    for screen in stack:
        game = game_of(screen.ID)
        if game is not None:
            return sys.modules.get("firmware.games." + game + ".shared")
    return None


def _alive(module, app):
    """True when a screen on the app's stack, or waiting to be pushed, is of a class
    defined in ``module``."""
    for screen in app.stack + app.later:
        cls = type(screen)
        if getattr(module, cls.__name__, None) is cls:
            return True
    return False
