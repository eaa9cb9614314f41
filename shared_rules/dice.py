"""Dice: fair random integers from an injected source, and the games' dice.

Sources give unbiased integers by rejection sampling (RULINGS "Dice"): never a
modulo. Two sources:

- ``HashSource(seed, counter, salts, log, hmac)``: deterministic and verifiable,
  the same on CPython and on MicroPython. With ``hmac=True`` (the device's sessions,
  seeded from hardware entropy) block ``i`` is HMAC-SHA256(key, i as 8 bytes
  big-endian); with ``hmac=False`` (the default, kept for fixed seeds: tests and
  ``referee sim --seed N``, so every sequence pinned before stays the same) it is
  SHA-256(key || i as 8 bytes big-endian). The key is the seed, re-keyed by each
  players' salt from the counter it was added at (``mix_salt``); each attempt at a
  roll uses one block. Its state is ``counter`` and the salts, so a save can resume
  the exact sequence and ``shared_rules.verify`` can recompute every roll once the
  seed is revealed. With ``log=True`` every ``randbelow`` is logged in ``draws`` (``[n,
  value]`` pairs) until the caller takes them for the journal (``take_draws``).
- ``EntropySource(urandom)``: reads bytes from a callable such as ``os.urandom``.

The dice (RULINGS "Dice"): Neo-Hunt d6 (1-6); Cybernaut d10 (0-9, a face printed
10 reads 0, Cybernaut II.D); Cybernaut two-d10 (first x 10 + second, 00-99,
Cybernaut V.D); Cybercore d20 (1-20); Cybercore d100 from a tens and a ones die
(00 reads 100; option: 0, range 0-99; Cybercore "Dealing Damage").
"""

import hashlib

from shared_rules.errors import DiceNotationError

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

_BLOCK_BYTES = const(32)


def _bytes_for(bits):
    return (bits + 7) // 8


def _bit_length(n):
    bits = 0
    while n:
        bits += 1
        n >>= 1
    return bits


def _accept(raw, n):
    """Mask ``raw`` (bytes) to the bit length of n-1; return the value or -1 if >= n."""
    bits = _bit_length(n - 1)
    value = int.from_bytes(raw[:_bytes_for(bits)], "big")
    value &= (1 << bits) - 1
    if value < n:
        return value
    return -1


_HMAC_BLOCK = const(64)
SCHEME_HMAC = "hmac-sha256"
SCHEME_PLAIN = "sha256"
_SALT_LABEL = b"pocket-referee salt "


def hmac_sha256(key, message):
    """HMAC-SHA256 (RFC 2104) in pure Python over hashlib.sha256 (MicroPython has no
    hmac module).

    :param key: bytes (any length; longer than 64 bytes is hashed first).
    :param message: bytes.
    :returns: the 32-byte digest (bytes).
    """
    inner, outer = _pads(key)
    return _hmac_padded(inner, outer, message)


def _hmac_padded(inner, outer, message):
    digest = hashlib.sha256(inner + message).digest()
    return hashlib.sha256(outer + digest).digest()


def _pads(key):
    """The HMAC inner and outer padded keys (64 bytes each) of ``key``."""
    if len(key) > _HMAC_BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + bytes(_HMAC_BLOCK - len(key))
    inner = bytearray(_HMAC_BLOCK)
    outer = bytearray(_HMAC_BLOCK)
    for index in range(_HMAC_BLOCK):
        inner[index] = key[index] ^ 0x36
        outer[index] = key[index] ^ 0x5C
    return bytes(inner), bytes(outer)


def seed_bytes(seed):
    """The seed as bytes: bytes as given, a non-negative int as its decimal text."""
    if isinstance(seed, int):
        return str(seed).encode()
    return bytes(seed)


def commitment(seed):
    """The full commitment to a seed: hex SHA-256 of its bytes (64 hex digits).

    The device shows the first 8 digits at the start of a session and journals all
    of them; the seed itself is revealed at the end.
    """
    import binascii
    return binascii.hexlify(hashlib.sha256(seed_bytes(seed)).digest()).decode()


def mix_salt(key, salt):
    """The key after the players add ``salt`` (str): HMAC-SHA256(key, label + salt).

    Neither the device (committed before the salt was chosen) nor the players (who
    do not know the seed) alone decide the rolls that follow.
    """
    return hmac_sha256(key, _SALT_LABEL + salt.encode())


def hidden_draws_key(seed):
    """The key that seals the draws of a hidden roll in the journal (see
    firmware.app.App.record): HMAC-SHA256(seed, label). Nobody can open them before
    the seed is revealed at the end of the session; ``referee verify`` can after."""
    return hmac_sha256(seed_bytes(seed), b"pocket-referee hidden draws")


class HashSource:
    """Deterministic, verifiable source: HMAC-SHA256 of a block counter under the
    seed (re-keyed by the players' salts).

    :param seed: bytes (any length) or a non-negative int (taken as its decimal text).
    :param counter: blocks already used (int >= 0), to resume a saved sequence.
    :param salts: list of [counter, salt text] in the order added, to resume a
        salted sequence: salt k applies to blocks from its counter on.
    :param log: keep the draws for the journal (the app takes them after each
        action, so the list stays short); off by default.
    :param hmac: True: blocks are HMAC-SHA256(key, counter) (SCHEME_HMAC); False
        (default): SHA-256(key || counter) (SCHEME_PLAIN), as before HMAC was added.
    """

    def __init__(self, seed, counter=0, salts=(), log=False, hmac=False):
        self.seed = seed_bytes(seed)
        self.hmac = hmac
        self.scheme = SCHEME_HMAC if hmac else SCHEME_PLAIN
        self._set_key(self.seed)
        self.salts = []
        for item in salts:
            self.add_salt(item[1], item[0])
        self.counter = counter
        self.log = log
        self.draws = []

    def add_salt(self, salt, at=None):
        """Mix the players' ``salt`` (str) into the key for every block from ``at``
        (default: the current counter) on."""
        if at is None:
            at = self.counter
        self.salts.append([at, salt])
        self._set_key(mix_salt(self.key, salt))

    def _set_key(self, key):
        self.key = key
        self._inner, self._outer = _pads(key)

    def _block(self):
        if self.hmac:
            block = _hmac_padded(self._inner, self._outer, self.counter.to_bytes(8, "big"))
        else:
            block = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
        self.counter += 1
        return block

    def take_draws(self):
        """The ``[n, value]`` of every randbelow since the last call, then forget them."""
        draws = self.draws
        self.draws = []
        return draws

    def randbelow(self, n):
        """A uniform int in 0..n-1 by rejection sampling.

        :param n: int, 1 <= n <= 2**256.
        :raises ValueError: n < 1.
        """
        if n < 1:
            raise ValueError("randbelow needs n >= 1, got %d" % n)
        if n == 1:
            return 0
        while True:
            value = _accept(self._block(), n)
            if value >= 0:
                if self.log:
                    self.draws.append([n, value])
                return value


class EntropySource:
    """Source reading raw bytes from a callable such as ``os.urandom``.

    :param urandom: callable(n) -> n random bytes.
    """

    def __init__(self, urandom):
        self._urandom = urandom
        self.counter = 0

    def randbelow(self, n):
        """A uniform int in 0..n-1 by rejection sampling; see HashSource.randbelow."""
        if n < 1:
            raise ValueError("randbelow needs n >= 1, got %d" % n)
        if n == 1:
            return 0
        need = _bytes_for(_bit_length(n - 1))
        while True:
            self.counter += 1
            value = _accept(self._urandom(need), n)
            if value >= 0:
                return value


def roll_die(source, sides):
    """One die with faces 1..sides. :param sides: int >= 1. :returns: int."""
    return source.randbelow(sides) + 1


def d6(source):
    """Neo-Hunt d6: 1..6 (RULINGS "Dice")."""
    return source.randbelow(6) + 1


def d10_face_value(face):
    """Read a physical Cybernaut d10 face: 1..9 read as printed, 10 (or 0) reads 0.

    :param face: int 0..10 as printed on the die.
    :returns: int 0..9 (Cybernaut II.D).
    :raises ValueError: face outside 0..10.
    """
    if face < 0 or face > 10:
        raise ValueError("a d10 has faces 0-10, got %d" % face)
    return face % 10


def d10(source):
    """Cybernaut d10: 0..9, a printed 10 reading 0 (Cybernaut II.D)."""
    return d10_face_value(source.randbelow(10) + 1)


def two_d10(source):
    """Cybernaut Encounter roll: first d10 x 10 + second d10, 0..99 (Cybernaut V.D).

    :returns: (total, first, second).
    """
    first = d10(source)
    second = d10(source)
    return first * 10 + second, first, second


def d20(source):
    """Cybercore d20: 1..20."""
    return source.randbelow(20) + 1


def d100(source, zero_reads=100):
    """Cybercore percentile roll from a tens and a ones d10 (Cybercore "Dealing Damage").

    Tens 7 and ones 5 read 75; tens 0 and ones 0 read ``zero_reads``.

    :param zero_reads: 100 (default, range 1..100) or 0 (option, range 0..99).
    :returns: (total, tens, ones), tens and ones each 0..9.
    :raises ValueError: zero_reads not 0 or 100.
    """
    if zero_reads != 100 and zero_reads != 0:
        raise ValueError("d100 zero_reads must be 100 or 0, got %r" % (zero_reads,))
    tens = source.randbelow(10)
    ones = source.randbelow(10)
    total = tens * 10 + ones
    if total == 0:
        total = zero_reads
    return total, tens, ones


# The dice of the three games, by the name packs and screens use.
# name -> (label, low, high)
DICE = {
    "d6": ("d6 Neo-Hunt", 1, 6),
    "d10": ("d10 Cybernaut", 0, 9),
    "2d10": ("00-99 Cybernaut", 0, 99),
    "d20": ("d20 Cybercore", 1, 20),
    "d100": ("d100 Cybercore", 1, 100),
}
DIE_NAMES = ("d6", "d10", "2d10", "d20", "d100")


def roll_named(source, name):
    """Roll one of the games' dice by name (a key of DICE).

    :returns: (total, faces) where faces is a tuple of the dice read.
    :raises ValueError: unknown name.
    """
    if name == "d6":
        value = d6(source)
        return value, (value,)
    if name == "d10":
        value = d10(source)
        return value, (value,)
    if name == "2d10":
        total, first, second = two_d10(source)
        return total, (first, second)
    if name == "d20":
        value = d20(source)
        return value, (value,)
    if name == "d100":
        total, tens, ones = d100(source)
        return total, (tens, ones)
    raise ValueError("unknown die '%s'; known: %s" % (name, ", ".join(DIE_NAMES)))


class Notation:
    """Parsed dice notation ``NdS+M``: ``count`` dice of ``sides`` faces plus ``modifier``.

    ``sides`` is 100 for ``d%`` (read as Cybercore's d100: 00 reads 100).
    """

    def __init__(self, count, sides, modifier, text, percentile=False):
        self.count = count
        self.percentile = percentile
        self.sides = sides
        self.modifier = modifier
        self.text = text

    def low(self):
        """The smallest total (int)."""
        return self.count + self.modifier

    def high(self):
        """The largest total (int)."""
        return self.count * self.sides + self.modifier

    def roll(self, source):
        """Roll it. :returns: (total, faces) with faces a tuple of ints 1..sides."""
        faces = []
        for _ in range(self.count):
            if self.percentile:
                faces.append(d100(source)[0])
            else:
                faces.append(roll_die(source, self.sides))
        return sum(faces) + self.modifier, tuple(faces)


_MAX_COUNT = const(100)
_MAX_SIDES = const(1000)


def _digits(text, pos):
    start = pos
    while pos < len(text) and "0" <= text[pos] <= "9":
        pos += 1
    return text[start:pos], pos


def parse(text):
    """Read dice notation: ``NdS``, ``NdS+M``, ``NdS-M``, ``dS`` (N = 1) or ``d%``/``Nd%``.

    Spaces are not allowed; the ``d`` may be upper or lower case. N is 1..100,
    S is 1..1000 (a d1 always reads 1, RULINGS Dice), M is 0..1000.

    :param text: str.
    :returns: Notation.
    :raises DiceNotationError: naming the text, the 0-based position and the problem.
    """
    if not isinstance(text, str):
        raise DiceNotationError(str(text), 0, "notation must be text")
    count_text, pos = _digits(text, 0)
    if count_text:
        count = int(count_text)
        if count < 1 or count > _MAX_COUNT:
            raise DiceNotationError(text, 0, "number of dice must be 1-%d" % _MAX_COUNT)
    else:
        count = 1
    if pos >= len(text):
        raise DiceNotationError(text, pos, "expected 'd' after the number of dice")
    if text[pos] not in "dD":
        raise DiceNotationError(text, pos, "expected 'd', found '%s'" % text[pos])
    pos += 1
    percentile = False
    if pos < len(text) and text[pos] == "%":
        sides = 100
        percentile = True
        pos += 1
    else:
        sides_text, end = _digits(text, pos)
        if not sides_text:
            found = text[pos] if pos < len(text) else "the end"
            raise DiceNotationError(text, pos, "expected the number of sides or '%%', found '%s'" % found)
        sides = int(sides_text)
        if sides < 1 or sides > _MAX_SIDES:
            raise DiceNotationError(text, pos, "sides must be 1-%d" % _MAX_SIDES)
        pos = end
    modifier = 0
    if pos < len(text):
        sign = text[pos]
        if sign != "+" and sign != "-":
            raise DiceNotationError(text, pos, "expected '+' or '-', found '%s'" % sign)
        mod_text, end = _digits(text, pos + 1)
        if not mod_text:
            raise DiceNotationError(text, pos + 1, "expected a number after '%s'" % sign)
        modifier = int(mod_text)
        if modifier > _MAX_SIDES:
            raise DiceNotationError(text, pos + 1, "modifier must be 0-%d" % _MAX_SIDES)
        if sign == "-":
            modifier = -modifier
        pos = end
        if pos < len(text):
            raise DiceNotationError(text, pos, "unexpected '%s' after the modifier" % text[pos])
    return Notation(count, sides, modifier, text, percentile)
