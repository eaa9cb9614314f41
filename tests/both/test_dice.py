"""Dice: sources, the games' dice (RULINGS "Dice"), notation, fairness."""

from check import SeqSource, chi_square_p, raises
from check import _gamma_q as gamma_q

from shared_rules import dice
from shared_rules.errors import DiceNotationError

ROLLS = 100000


def test_hash_source_is_deterministic_and_resumable():
    a = dice.HashSource(42)
    first = [a.randbelow(6) for _ in range(20)]
    b = dice.HashSource(42)
    assert [b.randbelow(6) for _ in range(20)] == first
    # resuming from a saved counter continues the very same sequence
    c = dice.HashSource(42)
    for _ in range(10):
        c.randbelow(6)
    d = dice.HashSource(42, c.counter)
    assert [d.randbelow(6) for _ in range(10)] == first[10:]
    assert dice.HashSource(43).randbelow(1 << 30) != dice.HashSource(42).randbelow(1 << 30)


def test_hash_source_known_value():
    # block 0 of seed b"1" is SHA-256(b"1" + 8 zero bytes); its first byte masked to
    # 3 bits is the first candidate for randbelow(6)
    import hashlib
    block = hashlib.sha256(b"1" + bytes(8)).digest()
    candidate = block[0] & 7
    source = dice.HashSource(1)
    value = source.randbelow(6)
    if candidate < 6:
        assert value == candidate
        assert source.counter == 1
    else:
        assert source.counter > 1


def test_randbelow_rejects_out_of_range_candidates():
    # an entropy source that first gives 7 (rejected for n=6: 3 bits), then 5
    feed = [b"\x07", b"\x05"]
    source = dice.EntropySource(lambda n: feed.pop(0))
    assert source.randbelow(6) == 5
    assert source.counter == 2


def test_randbelow_bounds():
    source = dice.HashSource(3)
    assert source.randbelow(1) == 0
    raises(ValueError, source.randbelow, 0)
    raises(ValueError, dice.EntropySource(lambda n: bytes(n)).randbelow, 0)


def test_d10_face_ten_reads_zero():
    assert dice.d10_face_value(10) == 0
    assert dice.d10_face_value(0) == 0
    assert dice.d10_face_value(1) == 1
    assert dice.d10_face_value(9) == 9
    raises(ValueError, dice.d10_face_value, 11)
    raises(ValueError, dice.d10_face_value, -1)
    # the die's tenth face (randbelow 9 -> face 10) reads 0
    assert dice.d10(SeqSource([9])) == 0
    assert dice.d10(SeqSource([0])) == 1


def test_two_d10_reads_00_to_99():
    assert dice.two_d10(SeqSource([9, 9])) == (0, 0, 0)      # faces 10, 10 -> 00
    assert dice.two_d10(SeqSource([8, 8])) == (99, 9, 9)
    assert dice.two_d10(SeqSource([6, 4])) == (75, 7, 5)


def test_d100_double_zero_reads_100_or_0():
    assert dice.d100(SeqSource([7, 5])) == (75, 7, 5)
    assert dice.d100(SeqSource([0, 0])) == (100, 0, 0)
    assert dice.d100(SeqSource([0, 0]), zero_reads=0) == (0, 0, 0)
    assert dice.d100(SeqSource([9, 9])) == (99, 9, 9)
    assert dice.d100(SeqSource([0, 1])) == (1, 0, 1)
    raises(ValueError, dice.d100, SeqSource([0, 0]), 50)


def test_d6_d20_faces():
    assert dice.d6(SeqSource([0])) == 1
    assert dice.d6(SeqSource([5])) == 6
    assert dice.d20(SeqSource([0])) == 1
    assert dice.d20(SeqSource([19])) == 20


def _uniform(name, low, high, pick):
    source = dice.HashSource(2026)
    cells = high - low + 1
    counts = [0] * cells
    for _ in range(ROLLS):
        value = pick(source)
        assert low <= value <= high, "%s gave %d" % (name, value)
        counts[value - low] += 1
    stat, p = chi_square_p(counts, ROLLS / cells)
    assert p > 0.001, "%s: chi-square %.1f, p = %.5f" % (name, stat, p)
    assert min(counts) > 0


def test_chi_square_d6():
    _uniform("d6", 1, 6, dice.d6)


def test_chi_square_d10():
    _uniform("d10", 0, 9, dice.d10)


def test_chi_square_two_d10():
    _uniform("2d10", 0, 99, lambda s: dice.two_d10(s)[0])


def test_chi_square_d20():
    _uniform("d20", 1, 20, dice.d20)


def test_chi_square_d100():
    _uniform("d100", 1, 100, lambda s: dice.d100(s)[0])


def test_chi_square_detects_a_biased_die():
    # the check itself can fail: a d6 that rolls 6 a little too often
    counts = [16000, 16000, 16000, 16000, 16000, 20000]
    stat, p = chi_square_p(counts, 100000 / 6)
    assert p < 0.001
    # and a known value: chi-square 20.515 with 5 degrees of freedom is p = 0.001
    assert abs(gamma_q(2.5, 20.515 / 2) - 0.001) < 0.00002
    # and 148.230 with 99 degrees of freedom (the d100 test) is p = 0.001
    assert abs(gamma_q(49.5, 148.230 / 2) - 0.001) < 0.00002


def test_roll_named_covers_every_die():
    source = dice.HashSource(7)
    for name in dice.DIE_NAMES:
        total, faces = dice.roll_named(source, name)
        label, low, high = dice.DICE[name]
        assert low <= total <= high
    raises(ValueError, dice.roll_named, source, "d7")


def test_notation_reads():
    n = dice.parse("2d6+3")
    assert (n.count, n.sides, n.modifier) == (2, 6, 3)
    assert (n.low(), n.high()) == (5, 15)
    n = dice.parse("d20")
    assert (n.count, n.sides, n.modifier) == (1, 20, 0)
    n = dice.parse("3D10-2")
    assert (n.count, n.sides, n.modifier) == (3, 10, -2)
    n = dice.parse("d%")
    assert (n.count, n.sides, n.percentile) == (1, 100, True)
    assert n.roll(SeqSource([0, 0])) == (100, (100,))
    assert dice.parse("2d6+3").roll(SeqSource([0, 5])) == (1 + 6 + 3, (1, 6))


def test_notation_accepts_a_d1_that_always_reads_1():
    # RULINGS Dice: NdS with S >= 1; a d1 reads 1 and draws nothing from the dice
    n = dice.parse("1d1")
    assert (n.count, n.sides, n.modifier, n.low(), n.high()) == (1, 1, 0, 1, 1)
    source = dice.HashSource(b"s", log=True)
    assert n.roll(source) == (1, (1,)) and source.counter == 0
    assert dice.parse("3d1+2").roll(source) == (5, (1, 1, 1))
    assert dice.parse("d1000").sides == 1000


def test_notation_errors_name_text_and_position():
    cases = [("", 0, "expected 'd'"), ("2x6", 1, "expected 'd', found 'x'"),
             ("2d", 2, "expected the number of sides"), ("d6+", 3, "expected a number after '+'"),
             ("d6*2", 2, "expected '+' or '-'"), ("0d6", 0, "number of dice"),
             ("d0", 1, "sides must be 1-1000"), ("2d1001", 2, "sides must be 1-1000"),
             ("d6+2x", 4, "unexpected 'x'"), ("2d6 +1", 3, "found ' '")]
    for text, pos, words in cases:
        exc = raises(DiceNotationError, dice.parse, text)
        assert exc.pos == pos, (text, exc.pos)
        assert exc.text == text
        message = str(exc)
        assert ("'%s'" % text) in message and ("position %d" % pos) in message, message
        assert words in message, message
