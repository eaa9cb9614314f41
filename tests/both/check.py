"""Helpers shared by the tests that run under both CPython (pytest) and MicroPython
(tests/mp_run.py). Plain functions only: no pytest fixtures here."""

import math


def raises(exc_type, fn, *args, **kwargs):
    """Call fn; assert it raises exc_type; return the exception."""
    try:
        fn(*args, **kwargs)
    except exc_type as exc:
        return exc
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc_type.__name__))


def counting(calls, fn):
    """``fn`` wrapped so that each call first appends 1 to ``calls`` (list): how many
    times the code under test asked for it."""
    def counted(*args):
        calls.append(1)
        return fn(*args)
    return counted


class SeqSource:
    """A dice source that returns scripted randbelow values (0-based), for exact rolls."""

    def __init__(self, values):
        self.values = list(values)
        self.counter = 0

    def randbelow(self, n):
        value = self.values.pop(0)
        assert 0 <= value < n, "scripted value %d out of 0..%d" % (value, n - 1)
        self.counter += 1
        return value


def _gamma_q(a, x):
    """Regularized upper incomplete gamma Q(a, x) (Numerical Recipes gser/gcf)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = 1.0 / a
        total = term
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(-x + a * math.log(x) - gln)
    b = x + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < 1e-300:
            d = 1e-300
        c = b + an / c
        if abs(c) < 1e-300:
            c = 1e-300
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def chi_square_p(counts, expected):
    """(statistic, p-value) of a chi-square goodness-of-fit test against a uniform
    expectation ``expected`` per cell."""
    stat = 0.0
    for count in counts:
        stat += (count - expected) ** 2 / expected
    dof = len(counts) - 1
    return stat, _gamma_q(dof / 2.0, stat / 2.0)


def tempdir(tag="t"):
    """A new empty folder (works on both runtimes): under $PR_TEST_TMP when set
    (tests/run_all.py and conftest.py set it to a folder they remove afterwards),
    else under /tmp."""
    import os
    import binascii
    base = os.getenv("PR_TEST_TMP") or "/tmp"
    path = "%s/pr-%s-%s" % (base, tag, binascii.hexlify(os.urandom(6)).decode())
    os.mkdir(path)
    return path


def read_text(path):
    """A file's text, or None."""
    try:
        with open(path, "rb") as handle:
            return handle.read().decode()
    except OSError:
        return None


def write_bytes(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


class NullFb:
    """A framebuffer that draws nothing (tests check a Surface's text grid)."""

    def text(self, *args, **kwargs):
        pass

    def fill_rect(self, *args):
        pass

    def fill(self, *args):
        pass


class Bound:
    """A limit on a loop that drives a UI or a game until it reaches a state: call
    ``step()`` once per turn of the loop. Past ``limit`` turns it fails, naming
    where it got stuck, instead of looping for ever.

    :param limit: int, the most turns an honest run needs (with room to spare).
    :param where: str, or a function of no arguments returning one (called only on
        failure, so it may describe the state then: the screen, the selection).
    :raises AssertionError: from ``step``, "stuck: <where> (still looping after N turns)".
    """

    def __init__(self, limit, where):
        self.limit = limit
        self.where = where
        self.count = 0

    def step(self):
        self.count += 1
        if self.count > self.limit:
            where = self.where() if callable(self.where) else self.where
            raise AssertionError("stuck: %s (still looping after %d turns)" % (where, self.limit))
