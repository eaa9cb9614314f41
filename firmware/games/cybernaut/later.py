"""The work a Cybernaut action leaves for after its frame (issue 21: a press answers
within 100 ms on a Pico; firmware.games.cybernaut.game.GameScreen.later): the NSA's
re-placement made real and committed (Cybernaut VII.H.5), the Solo placement
(III.A), every commitment revealed at the game's end (IV.B.3), and those of a game
abandoned before this one started (``_left``). Loaded only when there is such work: GameScreen's module is in the heap at every boot into a game.
"""

import gc
import json

from firmware.games.cybernaut.shared import journal

NOT_DONE = ("The last action was kept. The device could not finish it (%s); it tries "
            "again when you close this.")
# after TRIES failures in a row: no more tries between presses
NOT_DONE_NOW = ("The last action was kept. The device could not finish it (%s); the game's "
                "next action tries again.")
TRIES = 2
# the Pico's "Out of memory" menu (firmware.screens.main.OutOfMemory), its footer
OOM_KEPT = "Action kept, not finished. Restart frees RAM and finishes it."


def finish(screen, app, tick=False):
    """Do the work ``screen`` (the GameScreen) left for after its frame: its state's
    "todo" ("replace", "solo", "end" or "left"). The state says it is to do until it is
    done: a failure on the way (out of memory, storage, a fault) leaves it to do,
    and the caller restores the last save (App.handle for a press, ``tick``), which
    says so too. ``tick``: between presses: its journal entries join the action's in
    the undo steps (firmware.steps.extend), which stop there when it revealed a chit.

    :raises RuleError: the plan does not fit the game (a fault: each chit was checked
        as it was placed).
    """
    todo = screen.s.get("todo")
    seq = app.journal.next_seq
    screen.finishing = True
    try:
        if todo == "replace":
            _replace(screen, app)
        elif todo == "solo":
            _solo(screen, app)
        elif todo == "left":
            _left(screen, app)
        else:  # "end"
            screen.store(app, screen.load(app), None, False, True, True)
    finally:
        screen.finishing = False
    screen.s.pop("todo", None)
    app.later_tries = 0  # (done, by a press too: found by review, the next work waited)
    if tick:
        from firmware.steps import extend
        extend(app, seq)


def tick(screen, app):
    """Between presses (GameScreen.on_tick): ``finish``, then the save. Out of
    memory, storage failing or a fault: the last save again (it says the work is to
    do) under a notice that says what happened (``_not_done``); the work is tried
    again once that notice is closed and the game (or a hand-back or result over
    it) is on top again, TRIES times in a row at most (counted on ``app``, which a
    recovery keeps: this module goes with the game's), then by the game's next
    action."""
    if getattr(app, "later_tries", 0) >= TRIES:
        return
    app.storage.hold()  # its journal lines in one append (App.handle's way)
    failed = None
    try:
        finish(screen, app, True)
        app.save()  # (it writes the held lines first)
        app.storage.flush()
    except MemoryError:
        failed = MemoryError()
    except Exception as exc:  # noqa: BLE001  (storage, a fault: as App.handle)
        failed = exc
    if failed is None:
        app.later_tries = 0
        if app.top() is screen:
            app.dirty = True
        return
    app.later_tries = getattr(app, "later_tries", 0) + 1
    _not_done(app, failed)
    try:  # what the recovery journaled (a void) goes to the file now, not at the next save
        app.storage.flush()
    except (OSError, MemoryError):
        pass


def _not_done(app, failed):
    """The work after a frame failed (``failed``: the exception): the last save
    restored (it says the work is to do: firmware.memory.recover_memory). When that
    brought the game back, its notice, which would say a press was not kept, says
    what was kept and when the work is tried again."""
    from firmware import memory
    gc.collect()
    memory.recover_memory(app, None if isinstance(failed, MemoryError) else failed)
    if app.find("cn_game", None) is None:  # not brought back: the recovery's words stand
        return
    top = app.top()
    if top.ID == "oom":  # the Pico's menu, Restart now beside Go on
        top.s["text"] = OOM_KEPT
        return
    if (top.ID == "text" and top.s.get("title") in ("Error", "Out of memory")
            and " ".join(top.s["lines"]).startswith("That press")):  # (not "the last
        # save was bad...": the state before the action may be back, found by review)
        if isinstance(failed, MemoryError):
            why = "out of memory"
        elif isinstance(failed, OSError):
            number = failed.args[0] if failed.args else None
            why = "the storage is full" if number == 28 else (
                "storage error %s" % number if number is not None else "storage error")
        else:
            why = "%s, a fault of the referee: please report it" % type(failed).__name__
        text = NOT_DONE if getattr(app, "later_tries", 0) < TRIES else NOT_DONE_NOW
        app.pop()
        app.notice(top.s["title"], text % why)


def _replace(screen, app):
    """The NSA's re-placement (VII.H.5) made real: every chit where the plan
    ("nsaplan", sealed: the placement grid's) says, journaled sealed, its
    commitments made; the plan goes. The game stays in hand."""
    plan = screen.s.get("nsaplan")  # (none: no chit was left to place)
    plan = json.loads(app.unseal(plan)) if plan else {}
    if isinstance(plan, list):  # [[chit id, address], ...] in the order placed
        plan = dict(plan)
    real = screen.load(app)
    events = real.replace(plan)
    plan = None
    journal(app, events, True)
    screen.store(app, real, events, True, True)
    screen.s.pop("nsaplan", None)


def _solo(screen, app):
    """The Solo placement (III.A) made: the device places every NSA chit still to
    place, each one's commitment its record (GameScreen.solo)."""
    game = screen.load(app)
    events = game.solo_setup(app.source)
    screen.store(app, game, events, False, True)
    journal(app, [e for e in events if e["kind"] != "nsa_setup"])


def _left(screen, app):
    """The secrets of the game abandoned before this new one (GameScreen.leave, its
    parked commitments included), which the new game's press left to reveal
    (``left_behind``, from firmware.games.cybernaut.menu: the state's "left", their ids):
    revealed now, as opening another flow would (App.forget_games), those still held
    (the next flow's opening may have revealed them all)."""
    from firmware.commit import reveal_all
    from firmware.journal import RULE_LEFT
    ids = screen.s.get("left") or []
    if [cid for cid in ids if cid in app.secrets]:
        reveal_all(app, "cybernaut", RULE_LEFT, ids)
    screen.s.pop("left", None)


def left_behind(app):
    """A new game started from this menu after one was abandoned (GameScreen.leave):
    Undo stops here (an abandoned game comes back by Undo only until the next one
    starts), and the abandoned game's secrets, its parked commitments included, are
    to be revealed (as opening a flow from the main menu does, App.forget_games).

    :returns: their ids (list of str; [] when there are none). When this press may
        restart the board for the new game (App.restart_first: the stock firmware's
        heap) they are revealed now, before the restart: in the new game's heap their
        journal lines split the free RAM into pieces too small for the rules' first
        part (issue 17: a 240K heap ran out at the new game's first A, with 93 KB
        free in pieces), and [] is returned. Otherwise the new game reveals them
        after its frame (``_left``: issue 21, a reveal and its journal entry for each
        of them in the press; 20-30 after an abandon mid-game)."""
    ids = [cid for cid in app.secrets if app.secrets[cid][0] == "cybernaut"]
    if not ids:
        return ids
    if app.undo and app.undo[2]:
        pos = app.undo[2]
        app.undo = [0, pos, pos, pos, [], [], [pos, "new", "a new Cybernaut game"]]
    if _roomy(app):
        return ids
    from firmware.journal import RULE_LEFT
    app.reveal_all("cybernaut", RULE_LEFT)
    return []


def _roomy(app):
    """True when App.restart_first will not restart the board: none to restart, or
    the heap as roomy as that method asks (its figures: _WHOLE bytes free, or _ENOUGH
    and a free block of _BLOCK). Read without a collection (the app collected after
    the last frame: this press's garbage only makes it say False more often, and
    then the reveals are made before, as a restart needs)."""
    if app.restart is None:
        return True
    import gc
    free = getattr(gc, "mem_free", None)
    if free is None:
        return False  # (CPython with a restart: a test's stand-in)
    have = free()
    if have >= 188416:
        return True
    if have < 163840:
        return False
    try:
        bytearray(65536)
    except MemoryError:
        return False
    return True


def reread_rolls(menu, app):
    """The Cybernaut menu's tick (CybernautMenu.on_tick): its rolls-only pack read
    again, once for each game left (``menu.tried``); a pack that cannot be read is
    named by the roll that needs it, and a notice the read adds ("Pack changed") is
    drawn at once (found by review: it waited for the next press)."""
    from firmware.games.cybernaut.shared import PACK
    from shared_rules.errors import RefereeError
    menu.tried = True
    said = len(app.notices)
    try:
        app.pack(PACK)
    except (RefereeError, MemoryError, OSError):
        pass  # (the roll's press reads it, and says what is wrong)
    if len(app.notices) != said:
        app.dirty = True
