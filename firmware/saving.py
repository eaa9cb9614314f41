"""Saving and resuming: the app's part that writes the save (class Saving, a base
of firmware.app.App), where the saves are, what of a save body tells two states
apart (the digest without the cursor: an arrow press that only moves a cursor
writes no save, issue 21), and a private screen's state as a save keeps it (sealed
whole) made live again, with whose private screen is open. Imported by the app, the
boot's restore (firmware/resume.py), undo (firmware/undo.py) and the prompts; it
imports none of them. (One module, not two: every module and name loaded at boot is
RAM for good.)"""

import gc
import hashlib
import json

from shared_rules import VERSION
from shared_rules.errors import SaveError
from shared_rules.save import decode_save, save_header, save_parts

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

SAVE = "saves/state.sav"
PREV = "saves/state.prev"
# keys of a screen's state that hold only where its cursor is (firmware.ui.Menu's
# "sel", a grid's row "r" and column "c": firmware/games/cybernaut/grid.py); an
# arrow that changes nothing else writes no save (App.save)
CURSOR_KEYS = ("sel", "r", "c")
ARROWS = ("U", "D", "L", "R")  # the buttons that move a cursor (firmware.buttons' names)


def masked_digest(body, digest_of=None):
    """A digest of a save body (App.snapshot's) without what an arrow press may
    change without confirming anything: the top screen's CURSOR_KEYS, and the
    names of the packs loaded (a hint for the next boot, firmware.resume
    preload_packs: a pack loaded by the frame after a save). The body is left as
    it was (a shallow copy of the top screen's state is digested).

    :param digest_of: callable(value) -> 32 bytes; default ``_text_digest``: the
        SHA-256 of the JSON text, in C (issue 21: the order-free walk,
        shared_rules.save.state_digest, took ~140 ms a Cybernaut press on a Pico).
        That text follows the order the dicts iterate in, so two equal states
        built in different orders may differ; App.save compares only states of
        the same live objects (before and after an arrow press), where a
        difference costs at most one save. firmware.undo passes state_digest to
        check a step key written by an older firmware.
    :returns: 32 bytes."""
    if digest_of is None:
        digest_of = _text_digest
    screens = body["screens"]
    top = screens[-1] if screens else None
    state = top["state"] if top is not None else None
    packs = body.pop("packs", None)
    try:
        # a cursor is a number: a screen's other data under one of those names (a
        # player editor's character, "c") is no cursor (found by review: its edits
        # were taken for cursor moves and never saved)
        if not isinstance(state, dict) or not [key for key in CURSOR_KEYS
                                               if isinstance(state.get(key), int)]:
            return digest_of(body)
        masked = dict(state)
        for key in CURSOR_KEYS:
            if isinstance(masked.get(key), int):
                masked.pop(key)
        top["state"] = masked
        try:
            return digest_of(body)
        finally:
            top["state"] = state
    finally:
        if packs is not None:
            body["packs"] = packs


def _text_digest(value):
    """SHA-256 (32 bytes) of ``json.dumps(value)``'s UTF-8. Without a block of RAM
    as big as the text (a heap in pieces), the order-free digest that needs none
    (shared_rules.save.state_digest) stands in: another kind, so the comparison
    says "changed" and the press saves (a write too many, never one too few)."""
    try:
        text = json.dumps(value)
    except MemoryError:
        gc.collect()
        from shared_rules.save import state_digest
        return state_digest(value)
    try:
        return hashlib.sha256(text).digest()
    except TypeError:  # CPython: str has no buffer
        return hashlib.sha256(text.encode()).digest()


def header_sha(header):
    """The hex SHA-256 of a save's body, from its header line (str or bytes)."""
    if not isinstance(header, str):
        header = bytes(header).decode()
    return json.loads(header)["sha256"]


def cursor_of(body):
    """Where the top screen's cursor is in a save body: (number of screens, the
    values of its CURSOR_KEYS, None where one is no number), compared beside
    masked_digest (App.save)."""
    screens = body["screens"]
    state = screens[-1]["state"] if screens else None
    if not isinstance(state, dict):
        return (len(screens), None)
    return (len(screens), [state.get(key) if isinstance(state.get(key), int) else None
                           for key in CURSOR_KEYS])


def private_owner(stack):
    """Whose private screen is open in ``stack`` (list of screens), or None.

    A screen opened through a Handover carries its owner (``"_owner"`` in its state);
    a SecretNumber showing its number belongs to its owner. A hand-back or a
    handover above it means the private part is over.
    """
    for index in range(len(stack) - 1, -1, -1):
        screen = stack[index]
        state = screen.s if isinstance(screen.s, dict) else {}
        if screen.ID == "handback" or screen.ID == "handover":
            return None
        if state.get("_owner"):
            return state["_owner"]
        if screen.ID == "secret" and state.get("stage") == 1:
            return state.get("owner")
    return None


def opened_state(app, state):
    """A screen's state as saved (App.saved_state) made live again: a private
    screen's sealed whole (``{"_sealed": text}``) opened with ``app``'s key; any
    other state as it is. :raises SaveError: the sealed text cannot be opened."""
    if isinstance(state, dict) and "_sealed" in state and len(state) == 1:
        try:
            return json.loads(app.unseal(state["_sealed"]))
        except (ValueError, KeyError) as exc:
            raise SaveError("a private screen's sealed state cannot be opened (%s)" % exc)
    return state


def moves_only(screen, name, kind):
    """True when button ``name`` (of kind ``kind``) on ``screen`` runs only code that
    moves its cursor, so the press needs no save and no digest of the state
    (issue 21: at most 30 ms on a Pico): UP/DOWN on a firmware.ui.Menu whose
    on_button and move are Menu's own (LEFT/RIGHT: whose side is, a no-op), and
    the arrows on a Cybernaut grid (firmware/games/cybernaut/grid.py GridScreen:
    all but a long LEFT/RIGHT, which changes the grid) whose on_button is
    GridScreen's own. A subclass that
    overrides them is never taken for a cursor (its press is saved as usual),
    unless the class that overrides on_button says ``MENU_ARROWS = True``: its
    on_button passes every arrow to Menu.on_button (GridScreen.on_button) unchanged
    (on a Menu its ``side`` then sets keys of its own state, never changing a value
    it holds in place, or does nothing: App._act saves a LEFT/RIGHT there only when
    one of its state's values is another object). A class whose own
    on_button does nothing on an arrow but scroll a text (its view: no
    confirmation either) says ``VIEW_ARROWS = True`` (ui.TextScreen,
    result.ResultScreen, Cybernaut's TrackScreen); so does a class whose arrows only
    choose what its A will do, unconfirmed (Cybernaut's CybernautPick: the sprawl)."""
    if name not in ARROWS:
        return False
    cls = type(screen)
    # issue 21: the class walk below took 0.7 ms on a Pico, asked up to nine times a
    # press: its answers are kept for the top screen's class alone (no class of a
    # module dropped since stays held here)
    if _MOVES[0] is not cls:
        _MOVES[0] = cls
        _MOVES[1] = {}
    known = _MOVES[1]
    key = name + kind
    answer = known.get(key)
    if answer is None:
        answer = known[key] = _moves_only(cls, name, kind)
    return answer


# the class moves_only answered for last and its answers {button + kind: bool}
_MOVES = [None, None]
# App.save: the state's text made in pieces (shared_rules.pieces) since a save found
# no free block for it whole, while the state is _SMALL bytes or more
_SPLIT = [False]
_SMALL = const(4096)


def _pieces(body):
    """shared_rules.pieces.save_pieces(body): (header, list of str). Imported by
    name when first needed (a heap in pieces): its names are not interned at boot.
    :raises MemoryError: no room."""
    return getattr(__import__("shared_rules.pieces", None, None, ("save_pieces",)),
                   "save_pieces")(body)


def _moves_only(cls, name, kind):
    """moves_only's answer for a screen of class ``cls`` (bool)."""
    owner = cls  # the class whose on_button runs
    while "on_button" not in owner.__dict__ and getattr(owner, "__bases__", ()):
        owner = owner.__bases__[0]
    if owner.__dict__.get("VIEW_ARROWS", False) or cls.__dict__.get("VIEW_ARROWS", False):
        return True
    handler = getattr(cls, "on_button", None)
    base = cls
    while base is not None:
        label = base.__name__
        if label == "Menu":  # LEFT/RIGHT: Menu.side, which does nothing
            # MENU_ARROWS: the class's own on_button hands every arrow to
            # Menu.on_button as it is (e.g. Cybernaut's GameScreen, which keeps B)
            own = owner.__dict__.get("MENU_ARROWS", False) if handler is not base.on_button else True
            return own and (
                getattr(cls, "move", None) is base.move if name in ("U", "D")
                else getattr(cls, "side", None) is base.side)
        if label == "GridScreen":  # all but a long LEFT/RIGHT (another grid)
            own = owner.__dict__.get("MENU_ARROWS", False) if handler is not base.on_button else True
            return own and (name in ("U", "D") or kind == "short")
        bases = getattr(base, "__bases__", ())
        base = bases[0] if bases else None
    return False


def needs_masked(screen):
    """True when an arrow on ``screen`` (the top one) goes through Saving.save(moved=True)
    to learn whether only its cursor moved: its arrows are not all ``moves_only``
    and it is not a screen the save seals whole (a private screen, or one naming an
    "owner": saved_state), whose cursor cannot be masked in the sealed text. Only
    then does Saving.save keep the masked digest of what it wrote."""
    if isinstance(screen.s, dict) and (screen.s.get("_owner") or "owner" in screen.s):
        return False
    for name in ARROWS:
        if not moves_only(screen, name, "short"):
            return True
    return False


class Saving:
    """Saving and resuming, the app's part that writes the save (firmware.app.App
    inherits it): the save body, its atomic write (nothing written for a press that
    changed nothing), and what it knows of the last save written or read.

    Owns ``saved_sha`` (hex SHA-256 of the last save's body, its header's: read by
    firmware.steps to key an undo step), ``moved`` (True when the top screen's
    cursor moved since the last save, which holds it where it was: App._act sets
    it) and privately ``_saved_digest``, ``_saved_cursor`` and ``_read_digest``."""

    def __init__(self):
        # masked_digest of the body last saved (its top screen's cursor left out: that
        # is _saved_cursor), kept only while the top screen needs it (needs_masked)
        self._saved_digest = None
        # hex SHA-256 of the last save's body text (its header's): nothing changed when
        # a new text has the same; its first 16 digits key its undo step (firmware.steps)
        self.saved_sha = None
        self._read_digest = None  # _as_read
        self._saved_cursor = None
        self.moved = False  # a cursor moved since (not saved: save, App._act)

    def saved_state(self, screen):
        """``screen``'s state as a save or an undo step keeps it: a private screen's
        (one opened behind "Hand to <owner>": ``"_owner"`` in its state) sealed whole,
        ``{"_sealed": text}``, so not even its cursor (where the NSA placed a chit,
        which sector a hidden move chose) is in clear (found by review); so is any
        state naming an ``"owner"``: a "Hand to" screen's, which holds the private
        screen it opens (in fog, the NSA's placement cursor showed where it had just
        placed a chit, found by review), a secret's reveal; any other screen's state
        as it is. ``opened_state`` reads it back."""
        state = screen.state()
        if isinstance(state, dict) and (state.get("_owner") or "owner" in state):
            # a fresh salt each time (found by review: a salt made from the text sealed
            # equal states alike, so two saves told whether a player's private choice
            # was the same as before); an arrow that changed nothing there is not saved
            # at all (App._act)
            return {"_sealed": self.seal(json.dumps(state))}
        return state

    # ---- saving and resuming ----------------------------------------------
    def snapshot(self):
        """The save body (dict)."""
        body = {"app": VERSION,
                "screens": [{"id": screen.ID, "state": self.saved_state(screen)}
                            for screen in self.stack if not screen.TRANSIENT],
                "dice": {"seed_id": self.seed_id, "counter": self.source.counter,
                         "seed": self.seed_sealed(),
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

    def save(self, moved=False):
        """Write the save atomically, keeping the previous one as the last good save.

        Nothing is written when the state's text is the last save's (no flash wear
        for a press that changed nothing, and an untouched device stays
        byte-identical for `referee sync`), nor when ``moved`` (an arrow press) and
        only the top screen's cursor moved (its CURSOR_KEYS: a cursor or a menu
        selection is no confirmation, so a power cut may lose it; issue 21: a
        cursor move never erases or programs flash) or the packs loaded since.
        The next save that writes holds the cursor where it is then. When the
        heap has no block as big as the state's JSON text, the text is made in
        pieces (shared_rules.pieces: each screen's state, each other part on its
        own) and written unjoined, the same bytes (and so the next saves, while
        the state is big); with no block even for a piece, it is streamed to
        storage (Storage.write_json_atomic): the same bytes, written twice.

        Cost (issue 21): one JSON encoding and its SHA-256, in C; a second encoding
        (``masked_digest``) only for an arrow press, and after a write only when
        the top screen's arrows need it (``needs_masked``).

        :param moved: True for a press of an arrow button (App._act).
        """
        self.storage.flush()  # the journal lines held (App.handle) go first: write-ahead
        body = self.snapshot()
        cursor = cursor_of(body)
        digest = None
        top = self.top()
        # a screen the save leaves out (TRANSIENT: the leave menu, a PIN's keys) saves
        # nothing on an arrow (App._act), so the masked digest waits for the press that
        # closes it (36 ms of a Pico for a Cybernaut game's B: issue 21)
        masked = not top.TRANSIENT and needs_masked(top)
        if moved and masked:  # else the whole text decides (a private
            # screen's sealed state differs each time; a grid's long L/R changes it)
            digest = masked_digest(body)
            if digest == self._saved_digest:
                if cursor != self._saved_cursor:
                    self.moved = True
                return
        elif masked:
            digest = masked_digest(body)
        # the text needs one block as big as the state: the allocator collects by
        # itself when it finds none (a collection before every save cost a Pico
        # milliseconds a press for nothing: issue 21); none: the text in pieces
        # (shared_rules.pieces: each screen's state, each other part on its own),
        # and so on while the state is _SMALL bytes or more
        header = text = None
        if not _SPLIT[0]:
            try:
                header, text = save_parts(body)
                text = [text]
            except MemoryError:
                gc.collect()
        if header is None:
            try:
                header, text = _pieces(body)
            except MemoryError:  # no block even for a piece: streamed below
                header = text = None
                gc.collect()
        if header is not None:
            _SPLIT[0] = len(text) > 1 and sum([len(piece) for piece in text]) >= _SMALL
            sha = header_sha(header)
            if cursor == self._saved_cursor and (sha == self.saved_sha or self._as_read(body)):
                self._saved_digest = digest
                return  # the very text of the last save, or the state the boot read
            body = None
        # the save before becomes PREV when it is an undo step's state (its key just
        # made by firmware.steps.mark: App._act copies PREV to that step after the
        # frame); no exists() first (3 ms). Any other save (a screen opened or closed)
        # replaces it without a rename: one flash operation less (~10 ms of a Pico,
        # issue 21), PREV stays the state before the last action
        undo = self.undo
        last = self.saved_sha
        if not undo or not last or [key for key in undo[5] if key[1] == last[:16]]:
            try:
                self.storage.rename(SAVE, PREV)
            except OSError:
                if self.storage.exists(SAVE):
                    raise
        if text is None:
            header = self.storage.write_json_atomic(SAVE, save_header, body)
            sha = header_sha(header) if header else None
        else:
            text.insert(0, "\n")
            text.insert(0, header)
            text.append("\n")
            self.storage.write_atomic(SAVE, text)
        self.saved_sha = sha
        self._saved_digest = digest
        self._saved_cursor = cursor
        self.moved = False

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

    def read_save(self, name):
        """The body (dict) of save ``name`` (SAVE or PREV, relative to the data
        folder), or None when there is no such file or it is empty; reading SAVE
        makes it the last save written (what ``save`` compares a new state with).

        :raises SaveError: not a save (shared_rules.save.decode_save names the file)."""
        data = self.storage.read(name)
        if not data:
            # none, or empty: a save written straight over on littlefs
            # (Storage.write_atomic) and cut before its close, or whose write failed,
            # when the file was new (an action's save, the last one renamed to PREV
            # first): as none, and gone, so that the next save does not rename it over
            # PREV, the last good save (found by review: one more cut then lost both)
            if data is not None and name == SAVE:
                self.storage.remove(SAVE)
            return None
        body = decode_save(data, name)
        if name == SAVE:
            from shared_rules.save import state_digest
            self._read_digest = masked_digest(body, state_digest)  # App._as_read: order-free
            self.saved_sha = header_sha(data[:data.find(b"\n")])
            self._saved_digest = masked_digest(body)
            self._saved_cursor = cursor_of(body)
            self.moved = False
        return body
