"""Millisecond tick maths: MicroPython's ticks functions, or plain ints on CPython.

Always compare times with ``ticks_diff(later, earlier)``, never by subtraction:
the device's tick counter wraps.
"""

try:
    from time import ticks_add, ticks_diff, ticks_ms, sleep_ms  # MicroPython
except ImportError:  # CPython
    import time as _time

    def ticks_ms():
        """Milliseconds from a monotonic clock (int)."""
        return int(_time.monotonic() * 1000)

    def ticks_diff(later, earlier):
        """later - earlier in ms (int); signed."""
        return later - earlier

    def ticks_add(ticks, delta):
        """ticks + delta ms (int)."""
        return ticks + delta

    def sleep_ms(ms):
        """Sleep ``ms`` milliseconds."""
        _time.sleep(ms / 1000)
