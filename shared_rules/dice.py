"""Dice: fair random integers from an injected source, and the games' dice.

Sources give unbiased integers by rejection sampling (RULINGS "Dice"): never a
modulo. Two sources:

- ``HashSource(seed, counter)``: deterministic, the same on CPython and on
  MicroPython. Block ``i`` is SHA-256(seed || i as 8 bytes big-endian); each
  attempt at a roll uses one block. Its whole state is ``counter``, so a save can
  resume the exact sequence. Used by tests, the simulator (``--seed N``) and, seeded
  from hardware entropy, the device.
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


class HashSource:
    """Deterministic source: SHA-256 of the seed and a block counter.

    :param seed: bytes (any length) or a non-negative int (taken as its decimal text).
    :param counter: blocks already used (int >= 0), to resume a saved sequence.
    """

    def __init__(self, seed, counter=0):
        if isinstance(seed, int):
            seed = str(seed).encode()
        self.seed = bytes(seed)
        self.counter = counter

    def _block(self):
        block = hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
        self.counter += 1
        return block

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
    S is 2..1000, M is 0..1000.

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
        if sides < 2 or sides > _MAX_SIDES:
            raise DiceNotationError(text, pos, "sides must be 2-%d" % _MAX_SIDES)
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
