"""The screen walk (issue 19) over the bench's random walk (tools/bench_actions.py):
no text clipped, no scroll mark touching text, no wrap inside a word or a name with
a number, on both runtimes (a module of its own: under MicroPython the walk's
interned names stay in the heap, so it gets a fresh interpreter; see
test_screen_walk.py for the checker's own test and the scripted flows)."""

import sys

from screen_walk import random_walk, report
from test_screen_walk import walk

MICRO = sys.implementation.name == "micropython"


def test_the_bench_random_walk_shows_no_clipped_text():
    # the bench's walk (tools/bench_actions.py), fewer presses under MicroPython
    problems, walker = walk(3, lambda board, app, w: random_walk(w, 400 if MICRO else 1500))
    assert problems == [], report(problems)
    assert len(walker.screens) >= (12 if MICRO else 20), sorted(walker.screens)


