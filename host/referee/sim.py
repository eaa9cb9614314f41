"""`referee sim`: the real firmware app on the simulator board, in a terminal or
driven by a keys script."""

import os
import select
import sys
import tempfile

from boards.sim import boot, parse_keys
from referee.render import to_blocks, to_png

KEYMAP = {"\x1b[A": "U", "\x1b[B": "D", "\x1b[D": "L", "\x1b[C": "R",
          "\r": "A", "\n": "A", "z": "A", "x": "B", "\x1b": "B"}
LONG_KEYS = {"Z": "A", "X": "B"}
HELP = ("arrows move   Enter/z = A   Esc/x = B   Z/X = long A/B   q = quit")


def default_data_dir():
    """The per-user data folder of the interactive simulator."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-referee", "sim")


def run_scripted(seed, keys, data, screen):
    """Run a keys script; print the last frame's text or write a PNG.

    :param screen: None, ("text",) or ("png", PATH).
    :returns: exit code.
    """
    presses = parse_keys(keys)
    folder = data or tempfile.mkdtemp(prefix="referee-sim-")
    board, app = boot(folder, seed)
    for name, long in presses:
        board.press(app, name, long)
    if screen is None or screen[0] == "text":
        print("\n".join(app.surface.lines()))
    else:
        to_png(board, screen[1])
        print("wrote %s" % screen[1], file=sys.stderr)
    return 0


def _read_key(stream):
    ch = os.read(stream, 1).decode(errors="replace")
    if ch != "\x1b":
        return ch
    ready, _, _ = select.select([stream], [], [], 0.05)
    if not ready:
        return ch
    seq = ch + os.read(stream, 2).decode(errors="replace")
    return seq


class _RawLines:
    """stdout for a raw terminal (no output processing): each newline becomes CR LF,
    for the frames and for the app's console lines alike."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write(text.replace("\r\n", "\n").replace("\n", "\r\n"))

    def flush(self):
        self.stream.flush()


def run_interactive(seed, data):
    """The terminal simulator. :returns: exit code."""
    import termios
    import tty

    if not sys.stdin.isatty():
        print("referee sim: no terminal here; give --keys to run a script instead", file=sys.stderr)
        return 2
    import shutil
    columns, rows = shutil.get_terminal_size((0, 0))
    if columns < 130 or rows < 36:
        print("referee sim: this terminal is %dx%d; the 128x64 screen needs at least 130 columns "
              "and 36 rows. Widen the window (or zoom out) and run it again." % (columns, rows),
              file=sys.stderr)
        return 2
    folder = data or default_data_dir()

    def paint(board):
        sys.stdout.write("\x1b[H" + to_blocks(board) + "\n" + HELP + "\x1b[K\n")
        sys.stdout.flush()

    sys.stdout.write("\x1b[2J")
    board, app = boot(folder, seed, paint)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    cooked = sys.stdout
    try:
        tty.setraw(fd)
        sys.stdout = _RawLines(cooked)
        while True:
            key = _read_key(fd)
            if key in ("q", "\x03"):
                break
            if key in LONG_KEYS:
                board.press(app, LONG_KEYS[key], True)
            elif key in KEYMAP:
                board.press(app, KEYMAP[key])
    finally:
        sys.stdout = cooked
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\n")
    print("saved in %s" % folder)
    return 0
