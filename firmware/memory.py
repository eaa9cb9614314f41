"""Memory on the device: which modules are loaded when (issue 7). The one phase
table: every module of the device code is in one phase, and the app drops a phase's
modules when that phase ends (App.forget_games, App.recover_memory, a game's
``lighten``, the boot). A Pico's heap (about 190 KB free) cannot hold every game at
once, nor a game's rarely used screens beside its play.

The app's part that uses the table: forget_games and recover_memory here
(App.forget_games and App.recover_memory call them).

- always (KEEP_MODULES): loaded at boot, never dropped (the main menu and what
  every screen needs);
- boot only: firmware.resume (resume a save), dropped once the first frame is
  drawn (App.boot), loaded again only by a recovery from a MemoryError;
- one game (FORGET, name prefixes): a game's screens and rules, the undo and commit
  helpers it loaded; dropped when the main menu opens a flow (not when it opens again
  the one game played since boot with a whole heap free: firmware/screens/main.py),
  and after a MemoryError;
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

from shared_rules.errors import SaveError

from firmware.saving import private_owner
from firmware.journal import RULE_LEFT
from shared_rules.journal import SESSION

# A collection after every 64 KB allocated, not only when an allocation fails (issue 21,
# room to spare). Without it, a press that allocates far more than it keeps (the NSA's
# set-up: a sealed commitment kept for each chit, a few KB of garbage made for each) lays
# what it keeps as islands through the whole free heap, and the islands stay after the
# garbage goes: the scripted whole Cybernaut game on the 32-bit port, its code run in
# place as on the Pocket Referee firmware, had 133 KB free in blocks of at most 6 KB
# after that press and ran out of memory a few presses later. Collected every 32, 64 or
# 96 KB, what a press keeps fills the holes near the bottom of the heap and the whole
# game played to its end (200 KB did not). A collection costs a Pico 10-30 ms, and the
# count runs from the last collection (the app's, after each press's save) through the
# press and its save: at 32 KB a third of a whole game's presses paid one more (found by
# review; make bench-pico: 2 presses over 100 ms, none before), at 64 KB fewer. The figure
# is the literal below: a name for it would be one more name interned at boot (see
# NAMES_LIMIT).
try:
    gc.threshold(65536)
except AttributeError:  # CPython's gc has no threshold (nor a heap to keep whole)
    pass

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
# free heap a boot needs to take that pool: with less, the pool's block would leave
# the first press too little to recover from a MemoryError (the 64-bit port at 256K).
# It was 80 KB, and a Cybernaut game's boot at 240K (32-bit) has 81-82 KB free: a few
# hundred bytes of code more at boot skipped the pool there, and play then ran out
# of memory asking for it (the 240K ladder failed on two of eight press sequences,
# and on a never-run line added to App._act); at 64 KB all eight play 2,000 presses
NAMES_ROOM = 64 * 1024
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


def forget_games(app, reveal=True):
    """App.forget_games: from the main menu, let go of the modules and packs of the
    games left behind (the Pico cannot hold every game at once). No game screen is
    alive then.

    A game left unfinished cannot be resumed from the main menu, so the sealed
    secrets it still holds are revealed (reveal_all, journaled): they would
    otherwise stay in every save for the rest of the session.

    :param reveal: False for the boot's and a recovery's way back to the main menu
        (firmware.resume): no secret revealed, the packs let go on any board."""
    if reveal:
        if len(app.stack) != 1:
            return
        if app.secrets:
            games = []
            for cid in app.secrets:
                if app.secrets[cid][0] not in games:
                    games.append(app.secrets[cid][0])
            for game in games:
                app.reveal_all(game, RULE_LEFT)
        if app.forget is None:
            return
    app.packs = {}
    if app.forget is not None:
        app.forget(FORGET, KEEP_MODULES)


def recover_memory(app, went_wrong=None):
    """App.recover_memory: after a MemoryError, or a press that raised ``went_wrong`` (an
    exception of the app's), start again from the last save, as a reboot would.

    The screens and the games' modules are dropped (the packs too if the save
    cannot be read back beside them), then the last save (the last acknowledged
    state) is restored and the
    journal's dice counter is caught up, exactly as after a power cut; a
    private screen comes back behind its "Hand to" gate. The press that ran
    out of memory is not kept, and a notice says so. If even that cannot be
    restored, the main menu opens and the save stays on storage untouched; when
    both saves are bad or missing, they are kept aside (as a boot would) and the
    notice says the game could not be kept (firmware/resume.py restore_saved).

    On a board that can restart (``app.restart``, the Pico's soft reset) the
    notice is a menu, "Go on" first, with "Restart now": when RAM stays short (a
    heap in pieces, or the names of every game played held for good) a restart
    frees it all and the app resumes the save.
    """
    from firmware.screens.main import MainMenu
    try:
        app.flush_draws()  # dice drawn but not journaled: journaled now (sealed)
    except MemoryError:
        pass
    try:  # the press's whole lines held so far are journaled, as each was before
        app.storage.flush(True)
    except MemoryError:
        gc.collect()
    counter = app.source.counter
    next_seq = app.journal.next_seq
    app.stack = [MainMenu()]
    # the packs stay at first (with their module): the game restored below reloads
    # its pack at its next press otherwise, and parsing it needs about twice what
    # it keeps, which a game's heap has not got: that press ran out of memory again.
    # If the save cannot be read back beside them, they go too and it is tried again.
    if app.forget is not None:
        app.forget(FORGET, KEEP_MODULES + ("shared_rules.tables",) if app.packs else KEEP_MODULES)
    gc.collect()
    text = "That press was not kept: the game is as it was before it."
    if went_wrong is not None:  # named by its kind only (its text may hold a value,
        # even a hidden one), a storage error by its number (on the notice, which logs it)
        # (no short text: each would be one more name interned at boot)
        if isinstance(went_wrong, OSError):
            number = went_wrong.args[0] if went_wrong.args else None
            text = ("That press could not be saved (storage error %s) and was not kept: the game "
                    "is as it was before it." % number)
            if number == 28:  # ENOSPC
                text = ("That press could not be saved (the storage is full) and was not kept: "
                        "the game is as it was before it.")
        else:
            text = ("That press failed (%s, a fault of the referee: please report it) and was not "
                    "kept: the game is as it was before it." % type(went_wrong).__name__)
    kept = False
    lost = None  # what to say when a save is bad or missing (firmware/resume.py)
    for attempt in range(2):
        if attempt:  # the packs kept left too little room: let them go too, and again
            if not app.packs:
                break
            forget_games(app, False)
            gc.collect()
        try:
            from firmware.resume import restore_saved
            # state.sav, else state.prev (the save ran out of memory after the last
            # one became PREV, App.save: PREV is the last acknowledged state)
            restored, said = restore_saved(app)
            if restored:
                owner = private_owner(app.stack)
                if owner is not None and app.top().ID != "resume_gate":
                    from firmware.screens.prompt import ResumeGate
                    app.stack.append(ResumeGate({"owner": owner}))
            kept, lost = restored, said
            break
        except MemoryError:
            app.stack = [MainMenu()]
            gc.collect()
        except (SaveError, ValueError, KeyError, TypeError, AttributeError):
            app.stack = [MainMenu()]
            gc.collect()
            break
    if lost:
        text = lost
    elif not kept:
        text = ("Back at the main menu. The game is still in its save until your next "
                "press: switch the referee off and on now to get it back.")
    last = None
    try:
        from firmware.resume import sync_journal
        last = sync_journal(app)
    except MemoryError:
        # no room to read the journal's tail: what RAM knew is right too
        gc.collect()
    sync_journal = restore_saved = None
    if app.source.counter < counter:
        app.use_seed(None, counter)
    if app.journal.next_seq < next_seq:
        app.journal.next_seq = next_seq
    # the press journaled its session's seed_reveal and ran out of memory in its save
    # (found by review: session 1 went on, its seed public in the journal, its dice
    # drawn again): the ending is finished, as a boot after a power cut does
    # (firmware/resume.py resume; written with names the boot interns anyway: one new
    # name took another pool of names, 4.5 KB of the heap)
    if isinstance(last, dict) and last.get("game") == SESSION and last.get("kind") == "seed_reveal":
        try:
            from firmware.screens.session import reveal_screen
            out = last.get("out")
            ended = (app.session, str(out.get("seed") if isinstance(out, dict) else ""),
                     app.seed_id)
            app.start_session(app.session + 1)  # (the journal just ended is this one's)
            app.push(reveal_screen(app, ended))
            app.save()  # the new session's seed, sealed, before its commitment
            app.open_session()
            app.save()
        except MemoryError:
            gc.collect()  # the next boot finishes it (resume): its journal ends so
        reveal_screen = out = ended = None
    last = None
    if app.forget is not None:
        app.forget(("firmware.resume",), ())
    for _ in range(2):
        try:
            if went_wrong is not None:
                app.notice("Error", text)
            elif app.restart is None or lost:
                app.notice("Out of memory", text)
            else:
                # a board that can restart offers it (firmware/screens/main.py)
                from firmware.screens.main import OutOfMemory
                app.log("Out of memory: " + text)
                app.push(OutOfMemory({"sel": 0, "kept": kept}))
            return
        except MemoryError:
            # no room even for the notice: the restored screen shows without it
            gc.collect()
