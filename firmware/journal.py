"""What the app records and what it hides (firmware.app.App's two base classes here,
one module: every module loaded at boot costs RAM for good, its names too):

- Journaling, dice and journal: the session's verifiable dice (its seed, the blocks
  drawn), the journal of every roll and change (journals/sNNNN.jrn), the sessions
  and the last rolls' history. Owns ``source`` (shared_rules.dice.HashSource),
  ``commit`` and ``seed_id`` (the seed's commitment), ``journal``
  (shared_rules.journal.Journal), ``session``, ``history``, ``opening``, and
  privately ``_fixed_seed``, ``_mark`` (the dice counter the last entry took its
  draws to) and ``_sealed_seed``: other modules move them through ``use_seed``.
- Sealing, PINs and secrets: the device's sealing key (key.bin), values sealed for a
  save or the journal (shared_rules.seal), the players' PINs, and the sealed-secret
  commitments (their code is firmware/commit.py, loaded only when a game commits or
  reveals one). Owns ``pins`` ({owner: 16 hex digits}), ``secrets``
  (firmware.commit's, saved) and privately ``_key``.

tests/host/test_layout.py checks that no other module touches their private
attributes.
"""

import binascii
import hashlib
import json

from shared_rules.dice import HashSource, commitment, hidden_draws_key, seed_bytes
from shared_rules.journal import SESSION, Journal, entry_parts
from shared_rules.save import sha256_hex
from shared_rules.seal import seal, unseal


HISTORY = 5
RULE_DICE = "Trust: verifiable dice"
KEY = "key.bin"
RULE_LEFT = "Trust: sealed secrets (a game left unfinished reveals them)"


class Journaling:
    """The dice and the journal of firmware.app.App (one of its base classes)."""

    def __init__(self, entropy, seed):
        """:param entropy: callable(n) -> n random bytes. :param seed: as App's."""
        self._fixed_seed = seed
        if seed is None:
            seed = entropy(32)
        self.use_seed(seed)
        # True once a session started (start_session, or a boot with no journal) and
        # until its commitment is journaled (open_session, right after the next save)
        self.opening = False
        self.history = []
        self.session = 1
        self.journal = Journal()

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


    # ---- sessions and verifiable dice ---------------------------------------
    def use_seed(self, seed, counter=0, salts=(), hmac=None, sealed=None):
        """Draw the dice from ``seed`` (bytes or int) on, ``counter`` blocks
        already used and ``salts`` (list of str) mixed in (a save read back:
        firmware.resume). A seed from entropy (the device) draws through
        HMAC-SHA256; a fixed seed (simulator --seed, tests) keeps the plain SHA-256
        blocks its pinned sequences were made with (shared_rules.dice.HashSource).

        :param seed: None to keep the dice as they are, ``counter`` blocks used
            and every draw of them journaled (a save or the journal read back:
            firmware.resume, App.recover_memory).
        :param hmac: True/False for a resumed session's scheme (its save's), None
            for a new seed's.
        :param sealed: the seed as the save read back holds it sealed (str), so the
            next save writes the same text (``seed_sealed``)."""
        if seed is None:
            self.source.counter = counter
            self._mark = counter
            return
        if hmac is None:
            hmac = self._fixed_seed is None
        self.source = HashSource(seed, counter, salts, True, hmac)
        self.commit = commitment(self.source.seed)
        self.seed_id = self.commit[:8]
        self._mark = counter
        self._sealed_seed = None if sealed is None else (self.source.seed, sealed)

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
        self.use_seed(self._session_seed(session))
        self.journal = Journal(next_seq=1)
        self.opening = True
        # undo steps belong to the session that journaled them: an ended session's
        # actions (its seed revealed, its journal closed) are never undone
        self.undo = None

    def open_session(self):
        """Journal the commitment of a session started since the last save
        (``opening``), as the session's first entry; nothing otherwise."""
        if not self.opening:
            return
        self.opening = False
        self.record(SESSION, "session_start", {"session": self.session},
                    {"commit": self.commit, "short": self.seed_id,
                     "scheme": self.source.scheme}, RULE_DICE)
        self.log("session %d: dice commitment %s" % (self.session, self.seed_id))

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
        self.log("session %d ended: seed revealed in %s" % (self.session, self.journal_name()))
        self.start_session(self.session + 1)
        return ended

    def seed_sealed(self):
        """The session seed sealed for the save (str), sealed once per seed so that
        an unchanged state saves to the same bytes."""
        cached = self._sealed_seed
        if cached is None or cached[0] != self.source.seed:
            cached = (self.source.seed, self.seal(binascii.hexlify(self.source.seed).decode()))
            self._sealed_seed = cached
        return cached[1]

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

class Sealing:
    """The sealing key, PINs and sealed secrets of firmware.app.App (one of its base
    classes)."""

    def __init__(self):
        self.pins = {}
        self.secrets = {}  # sealed commitments (firmware.commit), saved
        self._key = None

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
