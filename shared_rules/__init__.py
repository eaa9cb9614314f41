"""Pocket Referee rules core: dice, tables, journal, saves and the games' rules.

Pure Python that runs unchanged on CPython 3.11+ and on MicroPython: no I/O, no
hardware; randomness and time are passed in by the caller.
"""

VERSION = "0.1.0"
