"""Make the README's screenshots with the simulator: real frames of the real app.

    .venv/bin/python tools/screenshots.py [OUT_DIR]   (default tools/screenshots)

Each shot is a keys script run on a fresh data folder with a fixed seed, saved as a
PNG scaled x4 (the same as `referee sim --screen png`).
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "host"))

from boards.sim import run_script  # noqa: E402
from referee.render import to_png  # noqa: E402

SHOTS = (
    ("main-menu", 1, ""),
    ("dice", 7, "A A D A D A D A D A"),
    ("neohunt-shot-odds", 16, "D A D D D L"),  # before the roll: its exact odds
    ("neohunt-shot", 16, "D A D D D L A"),
    ("cybernaut-interaction", 7, "D D A A R A"),
    ("cybercore-armour", 7, "D D D A A A R R R A D D D D A"),
    ("help-page", 7, "A B:long U A"),  # the Dice screen's help: hold B, "Buttons here"
    ("cybernaut-grid", 1, "D D A D D A A A D R R"),  # the NSA's placement grid
)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "tools", "screenshots")
    os.makedirs(out, exist_ok=True)
    for name, seed, keys in SHOTS:
        board, app = run_script(tempfile.mkdtemp(prefix="shot-"), seed, keys)
        path = os.path.join(out, name + ".png")
        to_png(board, path)
        print("%s: seed %d, keys %r" % (path, seed, keys))


if __name__ == "__main__":
    main()
