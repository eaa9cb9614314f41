"""Memory on the device: which modules are loaded when (issue 7). The one phase
table: every module of the device code is in one phase, and the app drops a phase's
modules when that phase ends (App.forget_games, App.recover_memory, a game's
``lighten``, the boot). A Pico's heap (about 190 KB free) cannot hold every game at
once, nor a game's rarely used screens beside its play.

- always (KEEP_MODULES): loaded at boot, never dropped (the main menu and what
  every screen needs);
- boot only: firmware.resume (resume a save), dropped once the first frame is
  drawn (App.boot), loaded again only by a recovery from a MemoryError;
- one game (FORGET, name prefixes): a game's screens and rules, the undo and commit
  helpers it loaded; dropped when the main menu opens another flow, and after a
  MemoryError;
- per action: what one action of a game loads and the next may not need (its
  editors, its pack checks): the game's row is ``ACTION`` in its
  firmware/games/<game>/shared.py (no RAM before the game opens), dropped after
  that action by the game's ``lighten``;
- cold: what a game may drop after any press when the heap runs short
  (firmware/relief.py, itself loaded only then: a game's row is ``COLD`` in its
  shared.py, beside its ``shed``), loaded again when next used;
- host only: never on the device (host/referee/build.py HOST_ONLY: left out of the
  device build; tests/host/test_layout.py checks no device module imports one).

Every name here is interned at boot for good: a few more names than the boot needs
can cost a pool of names (4.5 KB, see reserve_names), so this module stays small.
"""

import gc

KEEP_MODULES = ("firmware.screens.main", "shared_rules.dice", "shared_rules.errors",
                "shared_rules.journal", "shared_rules.save", "shared_rules.seal")
# prefixes: the games' screens and rules, and the undo/commit helpers a game loaded
# (about 8 KB, imported again when next used)
FORGET = ("firmware.screens.", "firmware.games.", "shared_rules.", "firmware.undo", "firmware.steps",
          "firmware.commit", "firmware.resume")

# MicroPython keeps its interned names (qstrs) in pools that double: the 7th holds
# 1280 names in one block (about 9 KB on a 32-bit port, 7.7 KB at 6 bytes a name). A
# drop of free heap this big at one name is that pool (the 6th is half of it), and
# at most this many names fill the 6th (reserve_names)
NAMES_POOL_DROP = 6144
NAMES_LIMIT = 640
# free heap a boot needs to take that pool: with less, the game cannot be played
# through anyway (it holds 100 KB more in play), and the pool's block would leave its
# first press too little to recover from a MemoryError (the 64-bit port at 256K)
NAMES_ROOM = 80 * 1024
NAMES_BATCH = 16  # names interned between two looks at the free heap (each look walks
                  # the heap's whole table: on a Pico, a look per name took seconds)



def reserve_names(mem_free=None, intern=None, limit=NAMES_LIMIT, room=NAMES_ROOM):
    """Make MicroPython allocate its next big pool of interned names now, while the
    heap is whole (at a boot), by interning names no code uses ("~1", "~2", ...)
    until the free heap falls by NAMES_POOL_DROP bytes or more over a batch of
    NAMES_BATCH names (a collection in the same batch can hide the pool: the names
    then go on to ``limit``, the pool taken all the same).

    Loading code interns its names; when the pools are full the next one needs a
    single block twice the last's. A Cybernaut game crosses the 6th pool's end
    (1260 names) in play, when its heap is in pieces no bigger than 1-3 KB, though
    50-130 KB are free: that press ran out of memory (measured on the 32-bit port at
    208K-320K, issue 17). Taken at the boot, the same pool costs no more and fits.

    :param mem_free: () -> free heap in bytes (default gc.mem_free; on CPython,
        which has none, nothing is done).
    :param intern: (str) -> None, interns a name (default: getattr of None).
    :param limit: at most this many names (``NAMES_LIMIT``: the 6th pool's size).
    :param room: bytes that must be free first (``NAMES_ROOM``), else nothing is done.
    :returns: the names interned to get the pool (to the end of the batch it came
        in: a multiple of NAMES_BATCH, or ``limit``), or 0 if none came within
        ``limit`` (the pool was already there, or too far), the heap had less
        than ``room`` free, or no block for it (a MemoryError is caught: a boot
        goes on without it).
    """
    if mem_free is None:
        mem_free = getattr(gc, "mem_free", None)
        if mem_free is None:
            return 0
        gc.collect()
    if intern is None:
        intern = _intern
    before = mem_free()
    if before < room:
        return 0
    count = 0
    try:
        while count < limit:
            for _ in range(min(NAMES_BATCH, limit - count)):
                count += 1
                intern("~%d" % count)
            now = mem_free()
            if before - now >= NAMES_POOL_DROP:
                return count
            before = now
    except MemoryError:  # no block for the pool even now: play will do without it
        gc.collect()
    return 0


def _intern(name):
    getattr(None, name, None)  # an attribute's name is interned (a qstr)
