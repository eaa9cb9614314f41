"""The device app: the screen stack, the main loop, saving and resuming.

Data flows one way: button event -> top screen -> shared_rules call -> journal entry
-> save -> redraw. After every handled button the screen stack and the dice state
are saved (atomically), so a reboot resumes at the same game, screen and state.
"""

import gc

from shared_rules import VERSION
from shared_rules.dice import HashSource
from shared_rules.errors import PackError, SaveError
from shared_rules.journal import Journal, encode_entry
from shared_rules.save import decode_save, encode_save, sha256_hex
from shared_rules.seal import seal, unseal
from shared_rules.tables import load_pack

SAVE = "saves/state.sav"
PREV = "saves/state.prev"
KEY = "key.bin"
HISTORY = 5


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
        seed the dice from ``entropy``.
    :param pack_dirs: extra folders (absolute paths) to read packs from when the data
        folder has none of that name (the packs shipped with the firmware).
    """

    def __init__(self, surface, buttons, storage, entropy, seed=None, pack_dirs=()):
        self.surface = surface
        self.buttons = buttons
        self.storage = storage
        self.entropy = entropy
        self.pack_dirs = pack_dirs
        if seed is None:
            seed = entropy(32)
        self.source = HashSource(seed)
        self.seed_id = sha256_hex(self.source.seed)[:8]
        self.stack = []
        self.history = []
        self.session = 1
        self.journal = Journal()
        self.packs = {}
        self.notices = []
        self.dirty = True
        self._key = None

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
        """Put ``screen`` in place of the top screen."""
        self.stack[-1] = screen
        self.dirty = True

    def hand_back(self):
        """End a private screen: replace it with the blank hand-back screen."""
        from firmware.screens.prompt import HandBack
        self.replace(HandBack())

    def home(self):
        """Back to the main menu."""
        del self.stack[1:]
        self.dirty = True

    def top(self):
        """The screen on top."""
        return self.stack[-1]

    def under(self):
        """The screen under the top one, or None."""
        if len(self.stack) > 1:
            return self.stack[-2]
        return None

    def notice(self, title, text):
        """Show a message screen on top and on the console."""
        from firmware.ui import TextScreen
        log(title + ": " + text)
        self.push(TextScreen.make(title, text))

    # ---- rules services for screens ---------------------------------------
    def record(self, game, kind, inputs, outcome, rule):
        """Journal an event (append-only file). :returns: the entry (dict)."""
        entry = self.journal.record(kind, inputs, outcome, rule, game)
        self.storage.append(self.journal_name(), encode_entry(entry))
        return entry

    def journal_name(self):
        """The current session's journal file, relative to the data folder."""
        return "journals/s%04d.jrn" % self.session

    def remember_roll(self, label, total):
        """Add a roll to the last-five history (newest first)."""
        self.history.insert(0, [label, total])
        del self.history[HISTORY:]

    def pack(self, name):
        """The table pack ``name`` (file ``packs/<name>.json``), loaded once.

        :raises PackError: missing file or a pack that fails validation.
        """
        pack = self.packs.get(name)
        if pack is not None:
            return pack
        file_name = "packs/" + name + ".json"
        data = self.storage.read(file_name)
        where = file_name
        if data is None:
            for folder in self.pack_dirs:
                try:
                    with open(folder + "/" + name + ".json", "rb") as handle:
                        data = handle.read()
                    where = folder + "/" + name + ".json"
                    break
                except OSError:
                    pass
        if data is None:
            raise PackError("pack file '%s' is missing: copy it to the device (referee push)" % file_name)
        pack = load_pack(data, where)
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

    # ---- saving and resuming ----------------------------------------------
    def snapshot(self):
        """The save body (dict)."""
        return {"app": VERSION,
                "screens": [{"id": screen.ID, "state": screen.state()} for screen in self.stack],
                "dice": {"seed_id": self.seed_id, "counter": self.source.counter},
                "history": self.history,
                "session": self.session,
                "next_seq": self.journal.next_seq}

    def save(self):
        """Write the save atomically, keeping the previous one as the last good save."""
        text = encode_save(self.snapshot())
        if self.storage.exists(SAVE):
            self.storage.rename(SAVE, PREV)
        self.storage.write_atomic(SAVE, text)

    def _read_save(self, name):
        data = self.storage.read(name)
        if data is None:
            return None
        return decode_save(data, name)

    def _keep_bad(self, name):
        """Rename a bad save aside (never delete it) and return the new name."""
        index = 1
        while self.storage.exists("saves/bad%d.sav" % index):
            index += 1
        bad = "saves/bad%d.sav" % index
        self.storage.rename(name, bad)
        return bad

    def restore(self, body):
        """Rebuild the app from a save body. :raises SaveError: unknown screens."""
        from firmware.screens import screen_class
        screens = []
        for item in body.get("screens", []):
            cls = screen_class(item.get("id"))
            if cls is None:
                raise SaveError("save names an unknown screen '%s'" % item.get("id"))
            screens.append(cls(item.get("state")))
        if not screens:
            raise SaveError("save has no screens")
        dice = body.get("dice", {})
        if dice.get("seed_id") == self.seed_id:
            self.source.counter = dice.get("counter", 0)
        self.stack = screens
        self.history = body.get("history", [])
        self.session = body.get("session", 1)
        self.journal = Journal(next_seq=body.get("next_seq", 1))
        tail = self._journal_tail_seq()
        if tail >= self.journal.next_seq:
            self.journal.next_seq = tail + 1

    def _journal_tail_seq(self):
        """The last sequence number in the journal file (0 if none), reading its tail."""
        data = self.storage.read(self.journal_name())
        if not data:
            return 0
        lines = data[-600:].split(b"\n")
        for index in range(len(lines) - 1, -1, -1):
            line = lines[index]
            at = line.find(b'"seq": ')
            if at >= 0:
                digits = b""
                for ch in line[at + 7:]:
                    if 48 <= ch <= 57:
                        digits += bytes((ch,))
                    else:
                        break
                if digits:
                    return int(digits)
        return 0

    def boot(self):
        """Start: resume the last good save, or open the main menu. Draws the first frame."""
        from firmware.screens.main import MainMenu
        resumed = False
        problems = []
        for name in (SAVE, PREV):
            try:
                body = self._read_save(name)
                if body is None:
                    continue
                self.restore(body)
                resumed = True
                break
            except (SaveError, ValueError, KeyError, TypeError) as exc:
                bad = self._keep_bad(name)
                problems.append("%s (kept as %s)" % (exc, bad))
        if not resumed:
            self.stack = [MainMenu()]
        if problems:
            self.notice("Save problem", "; ".join(problems) + (
                ". Resumed from the last good save." if resumed else ". Started fresh."))
        log("Pocket Referee %s ready" % VERSION)
        gc.collect()
        self.redraw()

    # ---- the loop -----------------------------------------------------------
    def handle(self, name, kind):
        """One button event: the top screen acts, the state is saved, the frame redrawn."""
        try:
            self.top().on_button(self, name, kind)
        except PackError as exc:
            self.notice("Pack problem", str(exc))
        gc.collect()  # the save needs one block as big as the state: collect first
        self.save()
        self.dirty = True

    def redraw(self):
        """Draw the top screen if anything changed."""
        if not self.dirty:
            return
        self.surface.clear()
        self.top().draw(self, self.surface)
        self.surface.show()
        self.dirty = False

    def tick(self, now):
        """Poll the buttons at ``now`` (ms), handle their events, redraw."""
        self.buttons.poll(now, self.handle)
        self.redraw()


def run(board, seed=None):
    """Boot the app on a board module and loop forever (the device's main).

    :param board: a boards.* module exporting make_surface(), make_buttons(),
        storage_root, entropy, ticks_ms, sleep_ms and pack_dirs.
    """
    from firmware.buttons import Buttons
    from firmware.storage import Storage
    app = App(board.make_surface(), Buttons(board.make_buttons()), Storage(board.storage_root),
              board.entropy, seed, board.pack_dirs)
    app.boot()
    while True:
        app.tick(board.ticks_ms())
        board.sleep_ms(5)
