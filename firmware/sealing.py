"""Sealing, PINs and secrets, the app's part that hides (firmware.app.App inherits
it): the device's sealing key (key.bin), values sealed for a save or the journal
(shared_rules.seal), the players' PINs, and the sealed-secret commitments (their
code is firmware/commit.py, loaded only when a game commits or reveals one).

Owns ``pins`` ({owner: 16 hex digits}), ``secrets`` (firmware.commit's, saved) and
privately ``_key`` (tests/host/test_layout.py checks no other module touches it).
"""

from shared_rules.save import sha256_hex
from shared_rules.seal import seal, unseal

KEY = "key.bin"
RULE_LEFT = "Trust: sealed secrets (a game left unfinished reveals them)"


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

