"""The device app: the screen stack, the main loop, boot, drawing and the packs.

App's other parts own their own state (no module writes another's private
attributes: tests/host/test_layout.py): its base classes Journaling (dice and
journal) and Sealing (sealing, PINs, secrets) in firmware/journal.py, Saving (the
save; firmware/resume.py reads it back at boot) in firmware/saving.py, and
firmware/memory.py (the phase table; forget_games and recover_memory).

Data flows one way: button event -> top screen -> shared_rules call -> journal entry
-> save -> redraw. After every handled button the screen stack and the dice state
are saved (atomically), so a reboot resumes at the same game, screen and state. A
press that is no arrow writes its journal lines and its record (ahead/press-ahead.wal)
before its frame and its save after it (issue 21: the frame at once); a boot after
a power cut in between replays it on the last save (firmware/replay.py).
"""

import gc
from binascii import hexlify
from hashlib import sha256
from json import dumps

from firmware.ticks import ticks_diff
from shared_rules.errors import PackError, RefereeError, RuleError

from firmware import memory
from firmware.journal import Journaling, Sealing
from firmware.memory import reserve_names
from firmware.saving import CURSOR_KEYS, PREV, Saving, moves_only, private_owner

# a private screen left alone this long is covered (the pass-the-device ritual: a
# secret is on screen at most 5 s unless its owner is using it)
try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

# free bytes under which the end of a frame (App.redraw) looks for modules to drop (firmware/relief.py
# PRESSURE: the same figure, checked by tests/host/test_layout.py)
_PRESSURE = const(65536)
# free bytes after a collection above which a step that needs most of the heap goes on
# without a restart first (App.restart_first): the firmware with the code frozen in
# (host/referee/firmware.py) has 207 KB free at boot on a Pico, the .mpy files on stock
# MicroPython 160 KB (a 240K heap of the 32-bit port: 167 KB), so only the latter restarts
# (firmware/screens/main.py's _ROOMY is the same figure: a const of each module)
_WHOLE = const(188416)
# ... or above _ENOUGH with one free block of _BLOCK bytes: the heap a Cybernaut game
# left on the Pocket Referee firmware (issue 21, the emulated Pico: 182.6 KB free, a
# 121 KB block; a restart gave 190 KB and a 153 KB block for 1.2 s of boot and a
# second's soft reset). Not the heap a game's end left in pieces (156 KB free, no
# block over 9.7 KB: that one restarts), nor the stock firmware's after a game
_ENOUGH = const(163840)
_BLOCK = const(65536)
PRIVATE_MS = 5000
# the undo step an action left to copy after its frame (App._act, App.redraw): [the
# App, the step's file name], or [None, None]; then the last save (its saved_sha)
# whose frame looked for a free block of 4 KB (App.redraw; one list, no name more);
# then the App whose press was a refusal only, its save made after its frame
# then the App whose press's frame comes before its save (App._act: its record ahead
# of the save, firmware/replay.py, brings it back after a power cut; App.redraw saves)
# and whether that press journaled nothing (_save_ahead)
_STEP = [None, None, None, None, None, False]


def _taped(entropy, app):
    """The board's ``entropy`` (callable(n) -> n random bytes), drawn during a press
    from a nonce of the press instead: the SHA-256 of the device's sealing key
    (``app.key()``), the nonce and the draw's number, its first n bytes (more than 32:
    the next numbers' joined). No
    one without the key can tell them from random; a replay of the press after a
    power cut (firmware/replay.py) with its nonce (in the press's record ahead of its
    save: App._act) draws the same bytes, so it journals the same lines, byte for
    byte (a commitment's salt, a sealed roll's), as the press did.

    Called with a list instead of a count, it starts a press (App._act, once the key
    is loaded): the nonce is the list's one item (bytes: a replay's), or 8 bytes of
    the board's entropy when it is empty; returns the nonce. Called with ``()`` it
    ends the press (App.handle): the board's entropy again. (A function of this
    module: no name more at boot.)"""
    press = [None, 0]  # the press's nonce (8 bytes) while it runs, else None; its draws

    def draw(count):
        if isinstance(count, list):
            press[0] = count[0] if count else entropy(8)
            press[1] = 0
            return press[0]
        if isinstance(count, tuple):
            press[0] = None
            return None
        nonce = press[0]
        if nonce is None:
            return entropy(count)
        data = b""
        while len(data) < count:  # (32 bytes a draw; more: the next draws joined)
            digest = sha256(app.key())
            digest.update(nonce)
            digest.update(str(press[1]).encode())
            press[1] += 1
            data += digest.digest()
        return data[:count]
    return draw


def _save_ahead(app):
    """The save of the press whose frame went first (_STEP[4], App._act), if any: made
    after its frame, before anything else (issue 21: a press answers at once; the
    record written ahead of it, ahead/press-ahead.wal, brings the press back after a power
    cut in between: firmware/replay.py). Out of memory twice, or storage failing:
    the press is not kept (firmware.memory.recover_memory restores the last save
    and says so) and its record goes, so that no boot brings it back. Made at the
    start of the next press when no frame followed (that press goes on holding its
    journal lines)."""
    if _STEP[4] is not app:
        return
    _STEP[4] = None
    holding = app.storage.later is not None
    failed = None
    try:
        for _ in range(2):
            try:
                last = app.saved_sha
                app.save()  # (it flushes the held lines and stops holding)
                if _STEP[5] or app.saved_sha == last:
                    # a press that journaled nothing (its record's save can come back:
                    # a menu opened, then closed by presses saved at once), or that
                    # changed nothing: its record goes, or a boot would replay it on
                    # that save (found by a new user: a long B that opened the Undo
                    # menu, which Back closed, was replayed at the next boot). A
                    # press that journaled is never replayed again: the journal's
                    # next entry of every later save is past its record's
                    try:
                        app.storage.remove("ahead/press-ahead.wal")
                    except OSError:
                        pass
                return
            except MemoryError:
                gc.collect()
            except OSError as exc:
                failed = exc
                break
        log("the last press could not be saved: not kept")
        try:
            app.storage.remove("ahead/press-ahead.wal")
        except OSError:
            pass
        memory.recover_memory(app, failed)
    finally:
        if holding:
            app.storage.hold()


def _save_later(app):
    """The save a refusal's press left for after its frame (_STEP[3], App._act), if
    any: a refusal confirms nothing (its journal line, written in its press, is
    the record), so a power cut before this save loses only its message. Out of
    memory or storage failing: the next press's save writes it. Made at the start
    of the next press, that press goes on holding its journal lines (App.handle)."""
    if _STEP[3] is app:
        _STEP[3] = None
        holding = app.storage.later is not None
        try:
            app.save()  # (it flushes the held lines and stops holding)
        except MemoryError:
            gc.collect()
        except OSError as exc:
            log("save after a refusal not written yet: %s" % exc)
        if holding:  # found by review: the press's lines were written one by one
            app.storage.hold()


def _moved_cursor(top, moved):
    """The top screen's CURSOR_KEYS (dict) when its cursor moved since the last
    save (``moved``: App.save wrote nothing for those presses), else None."""
    state = top.state() if moved and not top.TRANSIENT else None
    if not isinstance(state, dict):
        return None
    return dict((key, state[key]) for key in CURSOR_KEYS if isinstance(state.get(key), int))


def _copy_step(app):
    """Copy the last save (PREV) to the undo step the last action left (_STEP),
    if any: after its frame, and before anything else saves (a function of this
    module, not an App method: no more names interned at boot)."""
    step = _STEP[1]
    if step is not None and _STEP[0] is app:
        _STEP[0] = _STEP[1] = None
        # storage full or failing, or no room for the copy's buffer even after a
        # collection: the way back over that action is lost (undo says so), the action
        # is saved (found by review and by make bench: the error ended the app's loop
        # after the frame)
        for _ in range(2):
            try:
                app.storage.copy(PREV, step)
                return
            except MemoryError:
                gc.collect()
            except OSError as exc:
                log("undo step not kept: %s" % exc)
                return
        log("undo step not kept: out of memory")


def log(message):
    """A line on the serial console (never a secret)."""
    print("[referee] " + message)


class App(Journaling, Sealing, Saving):
    """The app.

    :param surface: firmware.surface.Surface.
    :param buttons: firmware.buttons.Buttons.
    :param storage: firmware.storage.Storage for the data folder.
    :param entropy: callable(n) -> n random bytes (hardware entropy on the device).
    :param seed: int or bytes for deterministic dice (simulator, tests), or None to
        seed the dice from ``entropy``. It is the seed of session 1; a later session
        n gets SHA-256(seed + "/n") (see ``start_session``).
    :param pack_dirs: extra folders (absolute paths) to read packs from when the data
        folder has none of that name (the packs shipped with the firmware).
    """

    def __init__(self, surface, buttons, storage, entropy, seed=None, pack_dirs=()):
        self.surface = surface
        self.buttons = buttons
        self.storage = storage
        entropy = _taped(entropy, self)
        self.entropy = entropy
        self.pack_dirs = pack_dirs
        Journaling.__init__(self, entropy, seed)
        Sealing.__init__(self)
        Saving.__init__(self)
        self.now = 0
        self.stack = []
        self.packs = {}
        self.notices = []
        self.dirty = True
        self.care = None  # firmware.care.ScreenCare, set by run() or a test
        self.forget = None  # callable(prefixes, keep) from the board: drop a left game's modules
        self.battery = None  # callable() -> volts (float), where the board reads it
        self.restart = None  # callable() from the board: soft reset (boards/pico.restart)
        self.covered = None  # the owner whose idle private screen is covered, or None
        self._last_press = 0  # self.now (ms) of the last button event
        self.undo = None  # undo/redo steps (firmware.undo), saved
        # the games (firmware.screens.GAMES) whose screens were open since boot: their
        # modules' names stay interned and their leftovers split the heap, so on a
        # board that can restart, opening another game restarts first (MainMenu.choose)
        self.played = []
        self.launch = False  # saved True just before such a restart (restart_first)
        self._launching = False  # True during boot's press of A that follows it
        # screens to push once the press's screen is done with the stack (a result
        # screen an action opened while its screen still pops itself: result.show_later)
        self.later = []

    # ---- the screen stack -------------------------------------------------
    def push(self, screen):
        """Open ``screen`` on top."""
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        """Close the top screen (the main menu never closes)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def replace(self, screen):
        """Put ``screen`` in place of the top screen. A private screen's owner
        (``"_owner"``) carries over to the screen that replaces it (a reboot or an
        undo into it then asks for the owner), unless that is a hand-back/handover."""
        owner = self.stack[-1].s.get("_owner") if isinstance(self.stack[-1].s, dict) else None
        if owner and screen.ID not in ("handback", "handover") and isinstance(screen.s, dict):
            screen.s.setdefault("_owner", owner)
        self.stack[-1] = screen
        self.dirty = True

    def hand_back(self, title="Done"):
        """End a private screen: replace it with the blank hand-back screen.

        :param title: its first line, e.g. "Cancelled" when nothing was kept.
        """
        from firmware.screens.prompt import HandBack
        self.replace(HandBack({"title": title}))

    def forget_games(self, reveal=True):
        """From the main menu: let go of the games left behind, revealing their
        sealed secrets (firmware.memory.forget_games says how; ``reveal`` False:
        the boot's way back, no secret revealed)."""
        memory.forget_games(self, reveal)

    def recover_memory(self):
        """After a MemoryError: start again from the last save, as a reboot would
        (firmware.memory.recover_memory)."""
        memory.recover_memory(self)

    def home(self):
        """Back to the main menu."""
        del self.stack[1:]
        self.dirty = True

    def top(self):
        """The screen on top."""
        return self.stack[-1]

    def find(self, screen_id, *default):
        """The open screen ``screen_id`` (a registered ID, e.g. "cn_game") nearest the
        top of the stack: how a game's screens find the screen that holds the game.

        :param default: one value to return when none is open (e.g. None).
        :raises RuleError: none is open and no default was given (its text names the
            screen's ID: "no screen cn_game is open").
        """
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].ID == screen_id:
                return self.stack[index]
        if default:
            return default[0]
        raise RuleError("no screen %s is open" % screen_id)

    def under(self):
        """The screen under the top one, or None."""
        if len(self.stack) > 1:
            return self.stack[-2]
        return None

    def log(self, message):
        """A line on the serial console (never a secret): the module's ``log``, which
        the bench and the tests replace."""
        log(message)

    def notice(self, title, text):
        """Show a message screen on top and on the console."""
        from firmware.ui import TextScreen
        log(title + ": " + text.replace("\x1f", " "))  # the wrap's NB (firmware.surface)
        self.push(TextScreen.make(title, text))

    # ---- rules services for screens ---------------------------------------
    def pressed(self, name):
        """True while button ``name`` is held down (debounced)."""
        return self.buttons.is_pressed(name)

    def pack(self, name):
        """The table pack ``name`` (file ``packs/<name>.json``), loaded once (see
        firmware.packfile.load: the owner's pack of a game before the sample, and a
        pack checked before loads without its checks).

        :raises PackError: missing file or a pack that fails validation.
        """
        pack = self.packs.get(name)
        if pack is not None:
            return pack
        from firmware.packfile import load  # only while a pack loads (issue 7)
        try:
            pack = load(self, name)
        finally:
            load = None
            if self.forget is not None:
                self.forget(("firmware.packfile",), ())
        self.packs[name] = pack
        return pack

    def boot(self):
        """Start: resume the last good save, or open the main menu. Draws the first frame.

        After a restart for a step that needs the whole heap (restart_first), that
        step is done here: A on the saved top screen, as the player pressed it
        (saved, journaled); only once the boot's own objects (the save read back,
        the journal's tail) are let go. With a game open whose screen says
        RESERVE_NAMES (Cybernaut's), the next pool of interned names is taken then,
        while the heap is whole (``reserve_names``)."""
        from firmware.resume import resume
        launch = resume(self)
        resume = None
        if self.forget is not None:
            self.forget(("firmware.resume",), ())  # a game never needs it (issue 7)
        gc.collect()
        if launch:
            from firmware.buttons import A, SHORT
            self._launching = True
            try:
                self.handle(A, SHORT)
            finally:
                self._launching = False
        for screen in self.stack:
            if getattr(screen, "RESERVE_NAMES", False):  # its game's names need it
                reserve_names()
                break
        self.redraw()

    def restart_first(self, mem_free=None):
        """Before a step that needs most of the heap (opening a game after another,
        a new Cybernaut game, dealing a Neo-Hunt game), on a board that can restart
        (the Pico's soft reset): save the state with ``launch`` set and restart;
        App.boot then presses A on the same screen again, in a fresh heap (no
        other game's modules or names, no leftovers splitting it: issue 7). Not when
        the heap has _WHOLE bytes free after a collection (the firmware with the code
        frozen in: its modules and names take no RAM; a restart there only cost the
        press a boot, 0.8 s of a Pico, and the soft reset's second: issue 21), nor
        with _ENOUGH free and a free block of _BLOCK bytes (that firmware after a
        game: see _ENOUGH).

        :param mem_free: () -> free bytes (default gc.mem_free; CPython has none:
            then the board restarts whenever it can).

        Does not return when it restarts. It returns (and the caller goes on) on a
        board without ``restart``, during that press of A after the restart (so it
        never restarts twice for one press), or if a restart came back.
        """
        if self.restart is None or self._launching:
            return
        free = mem_free or getattr(gc, "mem_free", None)
        if free is not None:
            # the lines the press held (the save below writes them anyway); it goes on
            # holding them if it did (found by review)
            self.storage.flush(self.storage.later is not None)
            gc.collect()
            have = free()
            if have >= _ENOUGH:  # as good as a whole heap already: a restart gives nothing
                if have < _WHOLE:
                    # one free block of _BLOCK bytes? (MicroPython tells the free
                    # bytes, not the largest block: one is tried, then let go)
                    try:
                        bytearray(_BLOCK)
                        have = _WHOLE
                    except MemoryError:
                        pass
                    gc.collect()
                if have >= _WHOLE:
                    return
        self.launch = True
        self.save()
        self.restart()
        self.launch = False

    # ---- the loop -----------------------------------------------------------
    def handle(self, name, kind):
        """One button event: the top screen acts and the state is saved (or, for a
        press that is no arrow, its record written ahead of the save that ``redraw``
        makes after the frame: ``_act``); ``redraw`` draws the frame.

        A MemoryError on the way (the Pico's heap is 264 KB) does not stop the app:
        see ``recover_memory``. It runs after ``_act``'s frame is gone: a frame
        that caught the error may still point at the old screens (MicroPython's
        collector scans whole frames), which would keep the old game in RAM while
        its save is read back.

        A long B opens the Undo / Redo menu (firmware/undo.py); a press that journaled
        something is an action: the state before it is kept for undo.
        """
        if self.covered is not None:
            # the press that uncovers an idle private screen does nothing else
            self.covered = None
            self._last_press = self.now
            self.dirty = True
            return
        self._last_press = self.now
        self.storage.hold()  # the press's journal lines: one append (App.save flushes)
        try:
            acted = self._act(name, kind)
        except Exception as exc:  # a fault of ours: the app goes on from the last
            acted = exc           # save, as after a MemoryError (found by the ballast
                                  # bench: a press that raised stopped the app)
        finally:
            self.entropy(())  # the press's nonce ends (_taped), a restart's too
        if acted is False:
            self.recover_memory()
        elif acted is not True:  # the exception, named on the notice
            memory.recover_memory(self, acted)
        try:
            self.storage.flush()  # (nothing is held here but by a fault of ours)
        except (OSError, MemoryError) as exc:
            memory.recover_memory(self, exc)
        self.dirty = True

    def _cover_idle_private(self):
        """Cover a private screen (one opened through "Hand to <owner>") after
        PRIVATE_MS without a press: the owner presses any button to see it again
        (the pass-the-device ritual, Trust: a secret left on the table is not
        shown to the next glance). A screen class with ``GUARDED = True`` shows no
        secret or guards it itself (prompt.Reveal: only while A is held)."""
        if self.covered is not None or ticks_diff(self.now, self._last_press) < PRIVATE_MS:
            return
        if getattr(self.top(), "GUARDED", False):
            return
        owner = private_owner(self.stack)
        if owner is not None:
            self.covered = owner
            self.dirty = True

    def _act(self, name, kind):
        """The body of ``handle``. :returns: False after a MemoryError."""
        _save_ahead(self)  # one a press left when no frame followed it
        _copy_step(self)
        _save_later(self)
        try:
            # the journal's entries of the presses before the last one go now: each
            # was made amid its press's garbage, and lived on as an island in the free
            # heap (found with the bench's restarts: a new Cybernaut game's heap had
            # 80 KB free and no 1.3 KB block); this press reads only its own, and a
            # screen the last one's (journal.recent)
            recent = self.journal.recent
            if len(recent) > 1:
                del recent[:-1]
            seq = self.journal.next_seq
            counter = self.source.counter
            top = self.top()
            shown = top.ID
            depth = len(self.stack)
            moves = moves_only(top, name, kind)
            # an arrow on a screen the save seals whole (a private one, a "Hand to"):
            # its state's text now without its cursor, and the cursor, to tell a press
            # that changed nothing or moved only the cursor (issue 21: the whole save's
            # snapshot, sealing and encoding to learn it took 30-50 ms of a Pico, and
            # the GM's menu and Neo-Hunt's hidden placement wrote 2.3 KB a cursor
            # move: found by the ballast bench); such a screen's arrows change its own
            # state only
            # So is LEFT/RIGHT on a menu whose arrows are Menu's (MENU_ARROWS): its
            # side() sets keys of its own state or nothing (firmware.saving.moves_only),
            # so the values it holds now, compared by identity after the press, tell
            # it (Cybercore's fight set-up on a row without options: the whole save's
            # encodings were 25 ms of a Pico, its state's text twice 17 ms)
            alone = None
            if not moves and name in ("U", "D", "L", "R") and isinstance(top.s, dict):
                if top.s.get("_owner") or "owner" in top.s:
                    alone = [dumps(top.s), _moved_cursor(top, True)]
                elif getattr(top, "MENU_ARROWS", False) and hasattr(top, "side"):
                    alone = (top.s, list(top.s.items()))
            # where the cursor is now, when a move of it is not saved yet: the undo step
            # of this press (the state before it) is the last save with it, beside its
            # key; a private screen's sealed (its state is sealed whole in the save,
            # saved_state: where the NSA's cursor stood says where a chit went), and
            # kept whether it moved or not: a cursor beside the key only when it had
            # moved told which hidden choices needed a move (found by the twins test of
            # tests/host/test_neohunt_secrets.py, once private cursor moves were not saved)
            private = private_owner(self.stack) is not None
            # (sealed only when the press needs it, below: a cursor move does not, and
            # the seal was ~1 ms of its 30 on the NSA's placement grid)
            at = _moved_cursor(top, self.moved or private)
            cursor = None
            # the press's entropy from here drawn from a nonce (_taped): a cursor move
            # draws none
            nonce = None
            if not moves:
                self.key()
                nonce = self.entropy([])
            try:
                if (name == "B" and kind == "long" and not self.top().OWN_LONG_B
                        and self.top().ID != "undo"):  # long B on the menu itself: back
                    from firmware.undo import UndoMenu
                    self.push(UndoMenu())
                else:
                    self.top().on_button(self, name, kind)
            except RefereeError as exc:
                self.notice("Pack problem" if isinstance(exc, PackError) else "Not allowed", str(exc))
            while self.later:
                self.push(self.later.pop(0))
            self.flush_draws()
            # the same screens, no journal entry, no die drawn, no game opening
            kept = (self.top() is top and len(self.stack) == depth
                    and self.journal.next_seq == seq and self.source.counter == counter
                    and not self.opening)
            if moves and kept:
                self.moved = True
                return True  # only the cursor moved: nothing to save (App.save)
            if top.TRANSIENT and kept and name in ("U", "D", "L", "R"):
                # an arrow on a screen the save leaves out (a PIN's keys, the leave
                # menu's choice) changes only that screen: the save would be the last
                # one, resealed (1.4 KB written a PIN key; 400 ms a move on Cybernaut's
                # leave menu: found by the ballast bench, issue 21)
                return True
            if alone is not None and kept and isinstance(alone, list):
                cursor_now = _moved_cursor(top, True)
                if cursor_now != alone[1]:  # its text with the cursor as it was
                    top.s.update(alone[1])
                    alone[1] = dumps(top.s)  # (its keys keep their order)
                    top.s.update(cursor_now)
                    if alone[1] == alone[0]:
                        self.moved = True
                        return True  # only its cursor moved: nothing to save
                elif dumps(top.s) == alone[0]:
                    return True  # nothing changed: nothing to save
            elif alone is not None and kept and (
                    top.s is alone[0] and len(top.s) == len(alone[1])
                    and all(k in top.s and top.s[k] is v for k, v in alone[1])):
                return True  # nothing changed: nothing to save
            recent = self.journal.recent
            step = None
            # (a refusal, Cybernaut's "refused" line, changed nothing to undo: Undo
            # then takes back the action before it, and the press saves without the
            # rename and the step's copy, 10 + 20 ms of a Pico: issue 21)
            # ("refused" in a tuple: a constant object, not one more name at boot)
            if (self.journal.next_seq == seq + 1 and recent[-1]["kind"] in ("refused",)
                    and self.source.counter == counter and not self.opening):
                # a refusal and nothing else (no die, no other entry): it changed no
                # game, so its frame goes first and its save after it (App.redraw:
                # 60 ms of a Pico, issue 21); its journal line is written now, here,
                # where a storage error is the press's (found by review: written by
                # handle's last flush, a full storage stopped the app)
                self.storage.flush(True)
                _STEP[3] = self
                return True
            if self.journal.next_seq != seq and recent and recent[-1]["kind"] not in ("undo", "redo", "refused"):
                from firmware.steps import keep_cursor, mark
                step = mark(self, seq, counter, shown)
                if step and at is not None:
                    # where the cursor was at the press (not saved): beside the step's
                    # key, in this press's save (an undo puts it back)
                    cursor = self.seal(dumps(at)) if private else at
                    keep_cursor(self.undo, step, cursor)
            now = self.top()
            if (name in ("U", "D", "L", "R") or self.opening or self.launch or self._launching
                    or shown == "undo" or not self.saved_sha or top.TRANSIENT
                    or now.TRANSIENT or getattr(top, "SHOWS_SECRET", False)):
                self.save(name in ("U", "D", "L", "R"))  # an arrow (firmware.saving.ARROWS)
            else:
                # issue 21: its frame goes before its save (App.redraw saves after it:
                # ~80-110 ms of a Pico for a Cybernaut game's 8-9 KB state). What the
                # frame confirms is on storage first: the press's journal lines (the
                # write-ahead record) and its record, ahead/press-ahead.wal: the last save's
                # key, the press (its button, where the cursor was: sealed on a
                # private screen, its nonce: _taped) and what it led to. A power cut
                # before the save:
                # the boot replays it on the last save (firmware/replay.py), to the
                # same journal lines byte for byte, or says it was not kept.
                # Not for an arrow (its save tells a cursor move: App.save), the
                # session's opening, a launch, the undo menu, a screen the save leaves
                # out (TRANSIENT: the leave menu; to or from it, a press most often
                # changes nothing saved, and writes nothing), a secret shown while A
                # is held (SHOWS_SECRET: prompt.Reveal, which a boot makes afresh at
                # "Hand to <owner>", so a replay there would not be the press: found by
                # review, a released A replayed as "I hold the device"), nor before a
                # first save. (A press that ends elsewhere than the press did is no
                # replay either: firmware/replay.py checks the top screen after it.)
                self.storage.flush()
                if private and at is not None:
                    at = cursor or self.seal(dumps(at))
                self.storage.write_atomic("ahead/press-ahead.wal", dumps(
                    [self.saved_sha[:16], seq, counter, self.journal.next_seq,
                     self.source.counter, name, kind, shown, depth, cursor, step, at,
                     hexlify(nonce).decode(), now.ID, len(self.stack)]))
                if _STEP[4] is not None:  # another App's (tests run two): saved first
                    _save_ahead(_STEP[4])
                _STEP[4] = self
                _STEP[5] = self.journal.next_seq == seq  # it journaled nothing
            if step:
                # the state before the action, kept as undo step ``step`` (a file name):
                # a byte copy of the last save (PREV once the action's state is saved),
                # keyed by its SHA-256 (firmware.steps.mark). When the cursor had moved
                # since that save without being saved, where it was at the press is
                # beside the key (firmware.steps.keep_cursor) and an undo puts it back:
                # no decoding and encoding of the state on a press (issue 21). It is
                # made after the frame (App.redraw: 20-30 ms of a Pico the frame does
                # not need; what the screen confirms is saved by now), before any
                # other save could make PREV another state; a power cut before it
                # loses the way back over this action (undo refuses a missing or
                # foreign step file, and goes no further back)
                _STEP[0] = self
                _STEP[1] = step
                if self.opening:
                    _copy_step(self)
            if self.opening:
                self.open_session()
                self.save()
        except MemoryError:
            return False
        return True

    def redraw(self):
        """Draw the top screen if anything changed.

        A MemoryError while drawing: collect and draw again (garbage of the press
        just handled can still be held); if that fails too, ``recover_memory``.
        """
        if not self.dirty:
            return
        if not self._draw():
            log("low memory: frame drawn again after a collection")
            gc.collect()
            if not self._draw():
                _save_ahead(self)  # the press is kept, if it can be saved
                self.recover_memory()
                if not self._draw():
                    # not even the last save's screen (recover_memory restored it) fits:
                    # a board that can restart does (found by the bench's restarts: the
                    # error ended the loop, and a Pico stopped until reset); its boot
                    # resumes that save in a whole heap, nothing lost
                    if self.restart is not None:
                        log("low memory: no frame could be drawn: restart")
                        self.restart()
                    raise MemoryError("no room to draw even the last save's screen")
        self.surface.show()
        self.dirty = False
        _save_ahead(self)  # the press's save, its frame shown (App._act)
        _copy_step(self)  # the last action's undo step (App._act)
        _save_later(self)  # a refusal's save (App._act)
        # after the frame (issue 21: a press answers at once), between presses: the
        # garbage is collected now, so the next press does not stop for a collection
        # (10-30 ms on a Pico); then is the heap running short? (gc.mem_free walks
        # the whole heap: 8.6 ms)
        mem_free = getattr(gc, "mem_free", None)  # None on CPython
        if self.forget is not None and mem_free is not None:
            gc.collect()
            free = mem_free()
            short = free < _PRESSURE
            if not short and free < 2 * _PRESSURE and _STEP[2] != self.saved_sha:
                # a heap of less than 128 KB free after a press that saved: its kept
                # objects may be islands in the free heap; is there a block of 4 KB
                # (firmware.relief.BIG_BLOCK)? Asked once a save, and collected again
                # after. Not with more than 128 KB free, as in make bench-pico's games:
                # a precaution (asked after every save there, its slowest presses were
                # 3-27 ms slower, within what the heap's layout moves them by)
                _STEP[2] = self.saved_sha
                try:
                    short = bytearray(4096)
                    short = False
                except MemoryError:
                    short = True
                gc.collect()
            if short:
                # the heap may be running short: the game's cold modules go; in
                # pieces: the state's objects are copied afresh (firmware.relief)
                try:
                    from firmware.relief import relieve
                    relieve(self)
                except MemoryError:  # the press is done and saved: it stays so (the
                    gc.collect()     # next save writes the state again if need be)

    def _draw(self):
        """Draw the top screen on a clear surface. :returns: False after a MemoryError."""
        self.surface.clear()
        if self.covered is not None:
            surface = self.surface
            surface.line_text(0, "Private", True)
            surface.line_text(2, str(self.covered)[:21])
            surface.line_text(3, "press a button")
            surface.line_text(4, "to show it")
            return True
        try:
            try:
                self.top().draw(self, self.surface)
            except RefereeError as exc:
                # a screen that cannot draw (a missing, 0-byte or bad pack): its flow
                # closes and the main menu opens under a notice naming the problem (a
                # notice over it came back after every B and reboot: issue 19)
                del self.stack[1:]
                self.notice("Pack problem" if isinstance(exc, PackError) else "Problem", str(exc))
                self.surface.clear()
                self.top().draw(self, self.surface)
            while self.notices:  # said by a pack load (firmware/packfile.py: kept tables)
                self.notice(*self.notices.pop(0))
                self.surface.clear()
                self.top().draw(self, self.surface)
        except MemoryError:
            return False
        return True

    def tick(self, now):
        """Poll the buttons at ``now`` (ms), handle their events, let the top screen
        act on time (``on_tick``: e.g. hide a secret after 5 s), redraw.

        With screen care (``self.care``, a firmware.care.ScreenCare) the panel dims
        and blanks when idle; the press that wakes a blank panel does not act.
        """
        self.now = now
        care = self.care
        if care is None:
            self.buttons.poll(now, self.handle)
            self.top().on_tick(self, now)
            self._cover_idle_private()
            self.redraw()
            return
        self.buttons.poll(now, self._care_event)
        self.top().on_tick(self, now)
        self._cover_idle_private()
        if care.update(now, self.buttons.any_pressed()):
            self.dirty = True
        if not care.blank():
            self.redraw()

    def _care_event(self, name, kind):
        if not self.care.swallow():
            self.handle(name, kind)


def run(board, seed=None):
    """Boot the app on a board module and loop forever (the device's main).

    :param board: a boards.* module exporting make_surface(), make_buttons(),
        storage_root, entropy, ticks_ms, sleep_ms and pack_dirs.
    """
    from firmware.buttons import Buttons
    from firmware.storage import Storage
    from firmware.care import ScreenCare
    app = App(board.make_surface(), Buttons(board.make_buttons()), Storage(board.storage_root),
              board.entropy, seed, board.pack_dirs)
    app.care = ScreenCare(app.surface, board.ticks_ms(), getattr(board, "DIM_MS", -1),
                          getattr(board, "BLANK_MS", -1))
    app.battery = getattr(board, "battery_volts", None)
    app.forget = getattr(board, "forget_modules", None)
    app.restart = getattr(board, "restart", None)
    app.boot()
    look = getattr(board, "look_for_display", None)
    was = [False]
    while True:
        now = board.ticks_ms()
        if look is not None and look_for_display(app, look, now, was):
            look = None  # found: the board looks no more
        app.tick(now)
        board.sleep_ms(5)


def look_for_display(app, look, now, was):
    """One tick of the loop's look for a display missing at boot: the board's
    ``look(now, pressed)`` (boards/pico.py look_for_display: it alone touches the
    bus) is told whether a press began since the last tick (``was``: [bool], the
    last tick's pressed state, updated here). When it returns a Surface, the app
    draws on it from now on: its current screen is drawn at this tick, at the
    screen-care level of now (a blank panel stays dark until the next press).

    :returns: True once the display was found (stop calling), else False.
    """
    pressed = app.buttons.any_pressed()
    began = pressed and not was[0]
    was[0] = pressed
    surface = look(now, began)
    if surface is None:
        return False
    app.surface = surface
    care = app.care
    if care is not None:
        care.surface = surface
        surface.set_power(care.level)
    app.dirty = True
    return True
