"""The device app: the screen stack, the main loop, saving and resuming.

Data flows one way: button event -> top screen -> shared_rules call -> journal entry
-> save -> redraw. After every handled button the screen stack and the dice state
are saved (atomically), so a reboot resumes at the same game, screen and state.
"""

import binascii
import gc
import hashlib
import json

from firmware.ticks import ticks_diff
from shared_rules import VERSION
from shared_rules.dice import HashSource, commitment, hidden_draws_key, seed_bytes
from shared_rules.errors import PackError, RefereeError, RuleError, SaveError
from shared_rules.journal import SESSION, Journal, entry_parts
from shared_rules.save import decode_save, save_header, save_parts, sha256_hex
from shared_rules.seal import seal, unseal

from firmware.memory import FORGET, KEEP_MODULES, reserve_names
from firmware.saving import (CURSOR_KEYS, PREV, SAVE, cursor_of, header_sha, masked_digest,
                             opened_state, private_owner)

# a private screen left alone this long is covered (the pass-the-device ritual: a
# secret is on screen at most 5 s unless its owner is using it)
PRIVATE_MS = 5000
KEY = "key.bin"
HISTORY = 5
RULE_DICE = "Trust: verifiable dice"
RULE_LEFT = "Trust: sealed secrets (a game left unfinished reveals them)"
ARROWS = ("U", "D", "L", "R")  # the buttons that move a cursor (firmware.buttons' names)


def _moves_only(screen, name, kind):
    """True when button ``name`` (of kind ``kind``) on ``screen`` runs only code that
    moves its cursor, so the press needs no save and no digest of the state
    (issue 21: at most 30 ms on a Pico): UP/DOWN on a firmware.ui.Menu whose
    on_button and move are Menu's own (LEFT/RIGHT: whose side is, a no-op), and
    the arrows on a Cybernaut grid (firmware/games/cybernaut/grid.py GridScreen:
    all but a long LEFT/RIGHT, which changes the grid) whose on_button is
    GridScreen's own. A subclass that
    overrides them is never taken for a cursor (its press is saved as usual),
    unless the class that overrides on_button says ``MENU_ARROWS = True``: its
    on_button passes every arrow to Menu.on_button unchanged. A class whose own
    on_button does nothing on an arrow but scroll a text (its view: no
    confirmation either) says ``VIEW_ARROWS = True`` (ui.TextScreen,
    result.ResultScreen, Cybernaut's TrackScreen)."""
    if name not in ARROWS:
        return False
    cls = type(screen)
    owner = cls  # the class whose on_button runs
    while "on_button" not in owner.__dict__ and getattr(owner, "__bases__", ()):
        owner = owner.__bases__[0]
    if owner.__dict__.get("VIEW_ARROWS", False):
        return True
    handler = getattr(cls, "on_button", None)
    base = cls
    while base is not None:
        label = base.__name__
        if label == "Menu":  # LEFT/RIGHT: Menu.side, which does nothing
            # MENU_ARROWS: the class's own on_button hands every arrow to
            # Menu.on_button as it is (e.g. Cybernaut's GameScreen, which keeps B)
            own = cls.__dict__.get("MENU_ARROWS", False) if handler is not base.on_button else True
            return own and (
                getattr(cls, "move", None) is base.move if name in ("U", "D")
                else getattr(cls, "side", None) is base.side)
        if label == "GridScreen":
            return handler is base.on_button and (name in ("U", "D") or kind == "short")
        bases = getattr(base, "__bases__", ())
        base = bases[0] if bases else None
    return False


def _needs_masked(screen):
    """True when an arrow on ``screen`` (the top one) goes through App.save(moved=True)
    to learn whether only its cursor moved: its arrows are not all ``_moves_only``
    and it is not a private screen (whose arrows are saved, sealed, anyway). Only
    then does App.save keep the masked digest of what it wrote."""
    if isinstance(screen.s, dict) and screen.s.get("_owner"):
        return False
    for name in ARROWS:
        if not _moves_only(screen, name, "short"):
            return True
    return False


def log(message):
    """A line on the serial console (never a secret)."""
    print("[referee] " + message)


class App:
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
        self.entropy = entropy
        self.pack_dirs = pack_dirs
        self._fixed_seed = seed
        if seed is None:
            seed = entropy(32)
        self._use_seed(seed)
        self.pins = {}
        self.now = 0
        self._opening = False
        self.stack = []
        self.history = []
        self.session = 1
        self.journal = Journal()
        self.packs = {}
        self.notices = []
        self.dirty = True
        self._key = None
        self._sealed_seed = None
        # masked_digest of the body last saved (its top screen's cursor left out: that
        # is _saved_cursor), kept only while the top screen needs it (_needs_masked)
        self._saved_digest = None
        # hex SHA-256 of the last save's body text (its header's): nothing changed when
        # a new text has the same; its first 16 digits key its undo step (firmware.steps)
        self._saved_sha = None
        self._read_digest = None  # App._as_read
        self._saved_cursor = None
        self._cursor_moved = False  # a cursor moved since (not saved: App.save)
        self.care = None  # firmware.care.ScreenCare, set by run() or a test
        self.forget = None  # callable(prefixes, keep) from the board: drop a left game's modules
        self.battery = None  # callable() -> volts (float), where the board reads it
        self.restart = None  # callable() from the board: soft reset (boards/pico.restart)
        self.secrets = {}  # sealed commitments (firmware.commit), saved
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

    def forget_games(self):
        """From the main menu: let go of the modules and packs of the games left
        behind (the Pico cannot hold every game at once). No game screen is alive then.

        A game left unfinished cannot be resumed from the main menu, so the sealed
        secrets it still holds are revealed (reveal_all, journaled): they would
        otherwise stay in every save for the rest of the session."""
        if len(self.stack) != 1:
            return
        if self.secrets:
            games = []
            for cid in self.secrets:
                if self.secrets[cid][0] not in games:
                    games.append(self.secrets[cid][0])
            for game in games:
                self.reveal_all(game, RULE_LEFT)
        if self.forget is None:
            return
        self.packs = {}
        self.forget(FORGET, KEEP_MODULES)

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
    def record(self, game, kind, inputs, outcome, rule, hidden_dice=False):
        """Journal an event (append-only file). :returns: the entry (dict).

        Every draw of the dice since the last entry goes into it as ``"dice":
        {"from", "to", "draws"}`` (blocks used and each randbelow's [n, value]), so
        ``referee verify`` can recompute the roll once the seed is revealed.

        :param hidden_dice: True for a roll whose result is a secret (sealed in
            ``outcome``): the draws are then sealed too (``"sealed"`` instead of
            ``"draws"``), with a key only the revealed seed opens.
        """
        entry = self.journal.record(kind, inputs, outcome, rule, game)
        take = getattr(self.source, "take_draws", None)
        if take is not None:
            draws = take()
            counter = self.source.counter
            if draws or counter != self._mark:
                dice = {"from": self._mark, "to": counter}
                if hidden_dice:
                    dice["sealed"] = seal(hidden_draws_key(self.source.seed), self.entropy(4),
                                          json.dumps(draws))
                else:
                    dice["draws"] = draws
                entry["dice"] = dice
            self._mark = counter
        crc, text = entry_parts(entry)
        self.storage.append(self.journal_name(), (crc, " ", text, "\n"))
        return entry

    def flush_draws(self):
        """Journal dice drawn but not journaled by the screen (so no roll is hidden)."""
        if getattr(self.source, "draws", None) or getattr(self.source, "counter", 0) != self._mark:
            if getattr(self.source, "take_draws", None) is not None:
                # what a screen rolled without journaling may be a secret: sealed
                self.record(SESSION, "unjournaled_roll", {}, {}, RULE_DICE, True)

    # ---- sealed secrets (firmware/commit.py, shared_rules/commit.py) --------
    # A game commits a hidden value when it is entered and reveals it when its
    # rules do; `referee verify` then proves the value was not changed meanwhile.
    #   cid = app.commit_secret("cybercore", "AN of Bob", 14, "GM")  # journals a hash
    #   app.open_secret(cid) -> 14        (for the owner's private screen; no entry)
    #   app.reveal_secret("cybercore", cid, "Cybercore 4.2") -> 14  (journals it)
    #   app.reveal_all("cybercore", "end of fight")  # every sealed one of the game
    # Journal: kind "commit" in {"id", "what", "owner"} out {"hash": hex SHA-256(salt
    # || value bytes)}; kind "reveal" in {"id", "what", "owner"} out {"value", "salt"
    # (hex), "hash"}; kind "reveal_all" in {"ids"}: the game has ended and every
    # commit of it must have been revealed. The salt is 8 bytes of app entropy (not
    # the dice source: the dice stay verifiable). Values: str, int, or a list of
    # them. Unknown or already revealed id: RuleError.
    def commit_secret(self, game, what, value, owner=None, rule=""):
        """Seal ``value`` and journal its commitment. :param what: a public label
        (str, e.g. "AN of Bob"). :returns: the commitment id (short str)."""
        from firmware.commit import commit_secret
        return commit_secret(self, game, what, value, owner, rule)

    def open_secret(self, cid):
        """The value of sealed secret ``cid`` (for its owner's eyes; journals nothing)."""
        from firmware.commit import open_secret
        return open_secret(self, cid)

    def reveal_secret(self, game, cid, rule=""):
        """Journal secret ``cid`` in clear (the rules reveal it). :returns: its value."""
        from firmware.commit import reveal_secret
        return reveal_secret(self, game, cid, rule)

    def reveal_all(self, game, rule):
        """At the end of ``game``: reveal every still-sealed secret of it, then
        journal "reveal_all". :returns: {id: value}."""
        from firmware.commit import reveal_all
        return reveal_all(self, game, rule)

    # ---- sessions and verifiable dice ---------------------------------------
    def _use_seed(self, seed, counter=0, salts=(), hmac=None):
        # a seed from entropy (the device) draws through HMAC-SHA256; a fixed seed
        # (simulator --seed, tests) keeps the plain SHA-256 blocks its pinned
        # sequences were made with (shared_rules.dice.HashSource). A resumed session
        # keeps the scheme it started with (``hmac`` from its save).
        if hmac is None:
            hmac = self._fixed_seed is None
        self.source = HashSource(seed, counter, salts, True, hmac)
        self.commit = commitment(self.source.seed)
        self.seed_id = self.commit[:8]
        self._mark = counter

    def _session_seed(self, session):
        if self._fixed_seed is None:
            return self.entropy(32)
        base = seed_bytes(self._fixed_seed)
        if session == 1:
            return base
        return hashlib.sha256(base + b"/" + str(session).encode()).digest()

    def start_session(self, session):
        """Begin session number ``session`` (int >= 1) with a fresh secret seed
        (hardware entropy). The next save holds it (sealed); right after that save
        its commitment is journaled as the session's first entry (journals/sNNNN.jrn),
        so a power cut between the two loses neither."""
        self.session = session
        self._use_seed(self._session_seed(session))
        self.journal = Journal(next_seq=1)
        self._opening = True
        # undo steps belong to the session that journaled them: an ended session's
        # actions (its seed revealed, its journal closed) are never undone
        self.undo = None

    def _open_session(self):
        """Journal the commitment of a session started since the last save."""
        if not self._opening:
            return
        self._opening = False
        self.record(SESSION, "session_start", {"session": self.session},
                    {"commit": self.commit, "short": self.seed_id,
                     "scheme": self.source.scheme}, RULE_DICE)
        log("session %d: dice commitment %s" % (self.session, self.seed_id))

    def add_salt(self, salt):
        """Mix the players' salt (str, e.g. button presses "UDLR") into the dice from
        now on; journaled in clear (it is no secret)."""
        self.flush_draws()
        self.record(SESSION, "salt", {"salt": salt, "at": self.source.counter}, {}, RULE_DICE)
        self.source.add_salt(salt)

    def end_session(self):
        """Reveal the session's seed in the journal and start the next session.

        A game left unfinished reveals its sealed secrets first (``referee verify``
        checks every commitment of an ended session).

        :returns: (session number, seed as hex, short commitment) of the ended session.
        """
        while self.secrets:  # a game left unfinished: its secrets revealed, game by game
            self.reveal_all(self.secrets[next(iter(self.secrets))][0], RULE_LEFT)
        self.flush_draws()
        seed_hex = binascii.hexlify(self.source.seed).decode()
        ended = (self.session, seed_hex, self.seed_id)
        self.record(SESSION, "seed_reveal", {"session": self.session},
                    {"seed": seed_hex, "commit": self.commit, "counter": self.source.counter},
                    RULE_DICE)
        log("session %d ended: seed revealed in %s" % (self.session, self.journal_name()))
        self.start_session(self.session + 1)
        return ended

    # ---- per-player PINs ------------------------------------------------------
    def _pin_hash(self, owner, keys):
        return sha256_hex(self.key() + (owner + "\n" + keys).encode())[:16]

    def set_pin(self, owner, keys):
        """Set (keys a str of button names) or clear (keys "") ``owner``'s PIN."""
        if keys:
            self.pins[owner] = self._pin_hash(owner, keys)
        elif owner in self.pins:
            del self.pins[owner]

    def has_pin(self, owner):
        """True if ``owner`` (str) has a PIN."""
        return owner in self.pins

    def pin_ok(self, owner, keys):
        """True if ``keys`` is ``owner``'s PIN (or the owner has none)."""
        if owner not in self.pins:
            return True
        return self.pins[owner] == self._pin_hash(owner, keys)

    def pressed(self, name):
        """True while button ``name`` is held down (debounced)."""
        return self.buttons.is_pressed(name)

    def journal_name(self):
        """The current session's journal file, relative to the data folder."""
        return "journals/s%04d.jrn" % self.session

    def remember_roll(self, label, total):
        """Add a roll to the last-five history (newest first).

        :param label: the die, then what the roll was for, if anything ("d6 shot",
            "d6 burn", "d20"): the Dice screen shows the die beside the number and
            lists the whole label (its R).
        :param total: the number read (int)."""
        self.history.insert(0, [label, total])
        del self.history[HISTORY:]

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

    def key(self):
        """The device's sealing key (created on first use)."""
        if self._key is None:
            key = self.storage.read(KEY)
            if key is None or len(key) < 16:
                key = self.entropy(32)
                self.storage.write_atomic(KEY, key)
            self._key = key
        return self._key

    def seal(self, text):
        """Seal a hidden value for a save or the journal (see shared_rules.seal)."""
        return seal(self.key(), self.entropy(4), text)

    def unseal(self, sealed):
        """Open a value sealed by ``seal``."""
        return unseal(self.key(), sealed)

    def saved_state(self, screen):
        """``screen``'s state as a save or an undo step keeps it: a private screen's
        (one opened behind "Hand to <owner>": ``"_owner"`` in its state) sealed whole,
        ``{"_sealed": text}``, so not even its cursor (where the NSA placed a chit,
        which sector a hidden move chose) is in clear (found by review); any other
        screen's state as it is. firmware.app.opened_state reads it back."""
        state = screen.state()
        if isinstance(state, dict) and state.get("_owner"):
            return {"_sealed": self.seal(json.dumps(state))}
        return state

    # ---- saving and resuming ----------------------------------------------
    def snapshot(self):
        """The save body (dict)."""
        body = {"app": VERSION,
                "screens": [{"id": screen.ID, "state": self.saved_state(screen)}
                            for screen in self.stack if not screen.TRANSIENT],
                "dice": {"seed_id": self.seed_id, "counter": self.source.counter,
                         "seed": self._seed_sealed(),
                         "salts": getattr(self.source, "salts", []),
                         "scheme": self.source.scheme},
                "history": self.history,
                "session": self.session,
                "pins": self.pins,
                "next_seq": self.journal.next_seq, "secrets": self.secrets,
                "undo": self.undo}
        if self.packs:  # loaded first at the next boot (firmware.resume.resume)
            body["packs"] = sorted(self.packs)
        if self.launch:
            body["launch"] = True
        return body

    def _seed_sealed(self):
        """The session seed sealed for the save, sealed once per seed so that an
        unchanged state saves to the same bytes."""
        cached = self._sealed_seed
        if cached is None or cached[0] != self.source.seed:
            cached = (self.source.seed, self.seal(binascii.hexlify(self.source.seed).decode()))
            self._sealed_seed = cached
        return cached[1]

    def save(self, moved=False):
        """Write the save atomically, keeping the previous one as the last good save.

        Nothing is written when the state's text is the last save's (no flash wear
        for a press that changed nothing, and an untouched device stays
        byte-identical for `referee sync`), nor when ``moved`` (an arrow press) and
        only the top screen's cursor moved (its CURSOR_KEYS: a cursor or a menu
        selection is no confirmation, so a power cut may lose it; issue 21: a
        cursor move never erases or programs flash) or the packs loaded since.
        The next save that writes holds the cursor where it is then. When the heap has no block as big as
        the state's JSON text, the text is streamed to storage instead
        (Storage.write_json_atomic): the same bytes, written twice to flash.

        Cost (issue 21): one JSON encoding and its SHA-256, in C; a second encoding
        (``masked_digest``) only for an arrow press, and after a write only when
        the top screen's arrows need it (``_needs_masked``).

        :param moved: True for a press of an arrow button (App._act).
        """
        self.storage.flush()  # the journal lines held (App.handle) go first: write-ahead
        body = self.snapshot()
        cursor = cursor_of(body)
        digest = None
        top = self.top()
        if moved and _needs_masked(top):  # else the whole text decides (a private
            # screen's sealed state differs each time; a grid's long L/R changes it)
            digest = masked_digest(body)
            if digest == self._saved_digest:
                if cursor != self._saved_cursor:
                    self._cursor_moved = True
                return
        elif _needs_masked(top):
            digest = masked_digest(body)
        # the text needs one block as big as the state: the allocator collects by
        # itself when it finds none (a collection before every save cost a Pico
        # milliseconds a press for nothing: issue 21)
        try:
            header, text = save_parts(body)
        except MemoryError:  # no free block as big as the state's text: stream it
            header = text = None
            gc.collect()
        if header is not None:
            sha = header_sha(header)
            if cursor == self._saved_cursor and (sha == self._saved_sha or self._as_read(body)):
                self._saved_digest = digest
                return  # the very text of the last save, or the state the boot read
            body = None
        if self.storage.exists(SAVE):
            self.storage.rename(SAVE, PREV)
        if text is None:
            header = self.storage.write_json_atomic(SAVE, save_header, body)
            sha = header_sha(header) if header else None
        else:
            self.storage.write_atomic(SAVE, (header, "\n", text, "\n"))
        self._saved_sha = sha
        self._saved_digest = digest
        self._saved_cursor = cursor
        self._cursor_moved = False

    def _as_read(self, body):
        """True when ``body`` is the state the boot read from the save file (its cursor
        and packs aside: App.save compares the cursor), the first time a save after the boot asks (then never again: it costs an order-free walk).
        The boot's state encodes to another text than the file's when MicroPython's
        dicts iterate in another order after decoding, and a device that nobody
        touched must stay byte-identical for `referee sync`."""
        want = self._read_digest
        if want is None:
            return False
        self._read_digest = None
        from shared_rules.save import state_digest
        return masked_digest(body, state_digest) == want

    def _read_save(self, name):
        data = self.storage.read(name)
        if data is None:
            return None
        body = decode_save(data, name)
        if name == SAVE:
            from shared_rules.save import state_digest
            self._read_digest = masked_digest(body, state_digest)  # App._as_read: order-free
            self._saved_sha = header_sha(data[:data.find(b"\n")])
            self._saved_digest = masked_digest(body)
            self._saved_cursor = cursor_of(body)
            self._cursor_moved = False
        return body

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

    def restart_first(self):
        """Before a step that needs most of the heap (opening a game after another,
        a new Cybernaut game, dealing a Neo-Hunt game), on a board that can restart
        (the Pico's soft reset): save the state with ``launch`` set and restart;
        App.boot then presses A on the same screen again, in a fresh heap (no
        other game's modules or names, no leftovers splitting it: issue 7).

        Does not return when it restarts. It returns (and the caller goes on) on a
        board without ``restart``, during that press of A after the restart (so it
        never restarts twice for one press), or if a restart came back.
        """
        if self.restart is None or self._launching:
            return
        self.launch = True
        self.save()
        self.restart()
        self.launch = False

    # ---- the loop -----------------------------------------------------------
    def handle(self, name, kind):
        """One button event: the top screen acts, the state is saved, the frame redrawn.

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
        if not self._act(name, kind):
            self.recover_memory()
        self.storage.flush()
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
        try:
            seq = self.journal.next_seq
            counter = self.source.counter
            top = self.top()
            shown = top.ID
            depth = len(self.stack)
            # a private screen's state is sealed whole in the save (saved_state), so its
            # cursor cannot be left out of it: its moves are saved (sealed) as before
            moves = (_moves_only(top, name, kind)
                     and not (isinstance(top.s, dict) and top.s.get("_owner")))
            # where the cursor is now, when a move of it is not saved yet: the undo step
            # of this press (the state before it) is the last save with it, beside its key
            cursor = self._moved_cursor(top)
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
            if (moves and self.top() is top and len(self.stack) == depth
                    and self.journal.next_seq == seq and self.source.counter == counter
                    and not self._opening):
                self._cursor_moved = True
                return True  # only the cursor moved: nothing to save (App.save)
            recent = self.journal.recent
            step = None
            if self.journal.next_seq != seq and recent and recent[-1]["kind"] not in ("undo", "redo"):
                from firmware.steps import keep_cursor, mark
                step = mark(self, seq, counter, shown)
                if step and cursor:
                    # where the cursor was at the press (not saved): beside the step's
                    # key, in this press's save (an undo puts it back)
                    keep_cursor(self.undo, step, cursor)
            self.save(name in ARROWS)
            if step:
                self._keep_step(step)  # the state before the action: an undo step
            if self._opening:
                self._open_session()
                self.save()
        except MemoryError:
            return False
        return True

    def _moved_cursor(self, top):
        """The top screen's CURSOR_KEYS (dict) when its cursor moved since the last
        save (App.save wrote nothing for those presses), else None."""
        state = top.state() if self._cursor_moved and not top.TRANSIENT else None
        if not isinstance(state, dict):
            return None
        return dict((key, state[key]) for key in CURSOR_KEYS if key in state)

    def _keep_step(self, step):
        """Keep the state before an action as undo step ``step`` (a file name): a byte
        copy of the last save (PREV once the action's state is saved), keyed by its
        SHA-256 (firmware.steps.mark). When the cursor had moved since that save
        without being saved, where it was at the press is beside the key
        (firmware.steps.keep_cursor, App._act) and an undo puts it back: no
        decoding and encoding of the state on a press (issue 21)."""
        self.storage.copy(PREV, step)

    def recover_memory(self):
        """After a MemoryError: start again from the last save, as a reboot would.

        The screens and the games' modules are dropped (the packs too if the save
        cannot be read back beside them), then the last save (the last acknowledged
        state) is restored and the
        journal's dice counter is caught up, exactly as after a power cut; a
        private screen comes back behind its "Hand to" gate. The press that ran
        out of memory is not kept, and a notice says so. If even that cannot be
        restored, the main menu opens and the save stays on storage untouched; when
        both saves are bad or missing, they are kept aside (as a boot would) and the
        notice says the game could not be kept (firmware/resume.py restore_saved).

        On a board that can restart (``self.restart``, the Pico's soft reset) the
        notice is a menu, "Go on" first, with "Restart now": when RAM stays short (a
        heap in pieces, or the names of every game played held for good) a restart
        frees it all and the app resumes the save.
        """
        from firmware.screens.main import MainMenu
        try:
            self.flush_draws()  # dice drawn but not journaled: journaled now (sealed)
        except MemoryError:
            pass
        try:  # the press's whole lines held so far are journaled, as each was before
            self.storage.flush(True)
        except MemoryError:
            gc.collect()
        counter = self.source.counter
        next_seq = self.journal.next_seq
        self.stack = [MainMenu()]
        # the packs stay at first (with their module): the game restored below reloads
        # its pack at its next press otherwise, and parsing it needs about twice what
        # it keeps, which a game's heap has not got: that press ran out of memory again.
        # If the save cannot be read back beside them, they go too and it is tried again.
        if self.forget is not None:
            self.forget(FORGET, KEEP_MODULES + ("shared_rules.tables",) if self.packs else KEEP_MODULES)
        gc.collect()
        text = "That press was not kept: the game is as it was before it."
        kept = False
        lost = None  # what to say when a save is bad or missing (firmware/resume.py)
        for attempt in range(2):
            if attempt:  # the packs kept left too little room: let them go too, and again
                if not self.packs:
                    break
                self.packs = {}
                if self.forget is not None:
                    self.forget(FORGET, KEEP_MODULES)
                gc.collect()
            try:
                from firmware.resume import restore_saved
                # state.sav, else state.prev (the save ran out of memory after the last
                # one became PREV, App.save: PREV is the last acknowledged state)
                restored, said = restore_saved(self)
                if restored:
                    owner = private_owner(self.stack)
                    if owner is not None and self.top().ID != "resume_gate":
                        from firmware.screens.prompt import ResumeGate
                        self.stack.append(ResumeGate({"owner": owner}))
                kept, lost = restored, said
                break
            except MemoryError:
                self.stack = [MainMenu()]
                gc.collect()
            except (SaveError, ValueError, KeyError, TypeError, AttributeError):
                self.stack = [MainMenu()]
                gc.collect()
                break
        if lost:
            text = lost
        elif not kept:
            text = ("Back at the main menu. The game is still in its save until your next "
                    "press: switch the referee off and on now to get it back.")
        try:
            from firmware.resume import sync_journal
            sync_journal(self)
        except MemoryError:
            # no room to read the journal's tail: what RAM knew is right too
            gc.collect()
        sync_journal = restore_saved = None
        if self.forget is not None:
            self.forget(("firmware.resume",), ())
        if self.source.counter < counter:
            self.source.counter = counter
            self._mark = counter
        if self.journal.next_seq < next_seq:
            self.journal.next_seq = next_seq
        for _ in range(2):
            try:
                if self.restart is None or lost:
                    self.notice("Out of memory", text)
                else:
                    # a board that can restart offers it (firmware/screens/main.py)
                    from firmware.screens.main import OutOfMemory
                    log("Out of memory: " + text)
                    self.push(OutOfMemory({"sel": 0, "kept": kept}))
                return
            except MemoryError:
                # no room even for the notice: the restored screen shows without it
                gc.collect()

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
                self.recover_memory()
                if not self._draw():
                    raise MemoryError("no room to draw even the last save's screen")
        self.surface.show()
        self.dirty = False

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
