"""`referee sim`: the real firmware app on the simulator board, in a terminal or
driven by a keys script.

The app's console lines ("[referee] ...", the device's serial console) go to
stderr in a scripted run, never into the frames it prints; in the terminal they
are shown on the line under the screen.

A terminal sends no key-up, so the keyboard cannot hold a button the way a finger
does. In the terminal simulator a hold is a toggle: Space holds A down until the
next key (a "Hold A to see" secret then shows, for the device's 5 s at most), and
``h`` then a button's key holds that button the same way; the status line under
the screen says what is held and for how long. Long presses: ``Z``/``X`` (A/B),
Shift+arrow (UP/DOWN/LEFT/RIGHT), or ``l`` then any button's key.
"""

import os
import select
import shutil
import sys
import tempfile
import time

from boards.sim import STEP_MS, boot, parse_keys
from firmware.surface import Surface
from referee.render import to_blocks, to_png

KEYMAP = {"\x1b[A": "U", "\x1b[B": "D", "\x1b[D": "L", "\x1b[C": "R",
          "\r": "A", "\n": "A", "z": "A", "x": "B", "\x1b": "B"}
# long presses: Z / X, and Shift+arrow (xterm's CSI 1;2 A..D)
LONG_KEYS = {"Z": "A", "X": "B", "\x1b[1;2A": "U", "\x1b[1;2B": "D", "\x1b[1;2D": "L",
             "\x1b[1;2C": "R"}
LONG_PREFIX = "l"   # then a button's key: a long press of it
HOLD_PREFIX = "h"   # then a button's key: hold it down until the next key
HOLD_A = " "        # hold A down until the next key
QUIT = ("q", "\x03")
# the key map, shown beside the screen (or under it in a terminal too narrow)
KEY_MAP = (
    "Keys",
    "arrows     UP DOWN LEFT RIGHT",
    "Enter, z   A (confirm, roll)",
    "Esc, x     B (back)",
    "",
    "Long press (600 ms)",
    "Z / X      long A / long B",
    "Shift+arrow long U/D/L/R",
    "l, key     long press of key",
    "",
    "Hold (until the next key)",
    "Space      hold A: a 'Hold A",
    "           to see' secret shows",
    "           (5 s at most)",
    "h, key     hold that button",
    "",
    "q          quit (saves)",
)
KEY_MAP_WIDTH = 31
HELP = ("arrows  Enter/z=A  Esc/x=B  long: Z/X Shift+arrow l+key  hold: Space=A h+key  q=quit")
FRAME_COLUMNS = 130  # 128 pixels and the border
FRAME_ROWS = 34
SCREEN_MODES = "'text', 'blocks' or 'png PATH'"


def default_data_dir():
    """The per-user data folder of the interactive simulator."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-referee", "sim")


def run_scripted(seed, keys, data, screen):
    """Run a keys script; print the last frame's text (or blocks) or write a PNG.

    Every frame seen while a ``:hold=MS`` is held (the one on screen as it goes
    down, then each one drawn) is printed too, before the last frame, each after a line ``--- <button>:hold=MS, frame at +T ms ---`` (with
    ``png PATH``: written beside PATH as ``<stem>.holdN-K.png``, N the hold's number
    in the script, K the frame's). The app's console lines go to stderr.

    :param screen: None, ("text",), ("blocks",) or ("png", PATH).
    :returns: exit code.
    """
    presses = parse_keys(keys)
    folder = data or tempfile.mkdtemp(prefix="referee-sim-")  # removed at the end
    out = sys.stdout
    seen = []   # frames drawn during the current hold: (ms since it began, frame)
    holding = [None]  # the board's clock when the current hold began

    def on_show(board):
        if holding[0] is not None:
            seen.append((board.now - holding[0], _frame(board, app_box[0], screen)))

    app_box = [None]
    saved_stdout = sys.stdout
    sys.stdout = sys.stderr  # the app's console lines (print) are not frames
    try:
        board, app = boot(folder, seed, on_show, make=DrawingSurface)
        app_box[0] = app
        number = 0
        for name, long in presses:
            if long is True or long is False:
                board.press(app, name, long)
                continue
            number += 1
            holding[0] = board.now
            del seen[:]
            seen.append((0, _frame(board, app, screen)))  # on screen as it goes down
            board.set_level(name, True)
            board.hold(app, long)
            holding[0] = None
            board.set_level(name, False)
            board.hold(app, 5 * STEP_MS)  # the release's frame is no longer the hold's
            for index in range(len(seen)):
                at, frame = seen[index]
                if screen is not None and screen[0] == "png":
                    path = _hold_path(screen[1], number, index + 1)
                    frame.save(path)
                    print("wrote %s (%s:hold=%d, +%d ms)" % (path, name, long, at), file=sys.stderr)
                else:
                    out.write("--- %s:hold=%d, frame at +%d ms ---\n%s\n" % (name, long, at, frame))
            board.hold(app, 100 - 5 * STEP_MS)
    finally:
        sys.stdout = saved_stdout
        if not data:
            shutil.rmtree(folder, ignore_errors=True)  # the last frame is in the board
    if screen is not None and screen[0] == "png":
        to_png(board, screen[1])
        print("wrote %s" % screen[1], file=sys.stderr)
    else:
        out.write(_frame(board, app, screen) + "\n")
    return 0


class DrawingSurface(Surface):
    """The device's Surface, noting whether the frame holds a drawing beside its text
    (lines, boxes, pixels: a Cybernaut grid), which the text of its rows cannot show
    (found by a new user: `--screen text` on a grid printed only its panel)."""

    drawn = False

    def clear(self):
        Surface.clear(self)
        self.drawn = False

    def fill_rect(self, x, y, w, h, color=1):
        self.drawn = self.drawn or bool(color)
        Surface.fill_rect(self, x, y, w, h, color)

    def rect(self, x, y, w, h, color=1):
        self.drawn = self.drawn or bool(color)
        Surface.rect(self, x, y, w, h, color)

    def hline(self, x, y, w, color=1):
        self.drawn = self.drawn or bool(color)
        Surface.hline(self, x, y, w, color)

    def vline(self, x, y, h, color=1):
        self.drawn = self.drawn or bool(color)
        Surface.vline(self, x, y, h, color)

    def pixel(self, x, y, color=1):
        self.drawn = self.drawn or bool(color)
        Surface.pixel(self, x, y, color)

    def blit(self, buf, keep=False):
        done = Surface.blit(self, buf, keep)
        self.drawn = self.drawn or (done and not keep)
        return done


DRAWING_NOTE = "(this frame has a drawing the text cannot show: --screen blocks or png shows it)"


def _frame(board, app, screen):
    """The frame as the run prints it: its text lines (and, under them, DRAWING_NOTE
    when it holds a drawing), its blocks, or (png) an image."""
    if screen is not None and screen[0] == "blocks":
        return to_blocks(board)
    if screen is not None and screen[0] == "png":
        return _Image(board)
    text = "\n".join(app.surface.lines())
    if getattr(app.surface, "drawn", False):
        text += "\n" + DRAWING_NOTE
    return text


class _Image:
    """A frame's pixels kept for a PNG written later (the board's MONO_VLSB layout)."""

    def __init__(self, board):
        self.buf = bytes(board.buf)

    def pixel(self, x, y):
        """1 lit, 0 dark."""
        return (self.buf[(y >> 3) * 128 + x] >> (y & 7)) & 1

    def save(self, path):
        """Write it as ``to_png`` does."""
        to_png(self, path)


def _hold_path(path, number, index):
    stem, dot, ext = path.rpartition(".")
    if not dot or "/" in ext:
        stem, ext = path, "png"
    return "%s.hold%d-%d.%s" % (stem, number, index, ext)


def _read_key(stream):
    """One key from the raw terminal ``stream`` (fd): a character, or a whole escape
    sequence (arrows "\\x1b[A", Shift+arrows "\\x1b[1;2A"); Esc alone is "\\x1b"."""
    ch = os.read(stream, 1).decode(errors="replace")
    if ch != "\x1b":
        return ch
    seq = ch
    while len(seq) < 8:
        ready, _, _ = select.select([stream], [], [], 0.05)
        if not ready:
            break
        seq += os.read(stream, 1).decode(errors="replace")
        if len(seq) > 2 and "@" <= seq[-1] <= "~":
            break   # the final byte of a CSI sequence
        if len(seq) == 2 and seq[1] not in "[O":
            break
    return seq


def _button_of(key):
    """The button a key stands for (short-press keys), or None."""
    return KEYMAP.get(key)


class _RawLines:
    """stdout for a raw terminal (no output processing): each newline becomes CR LF."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write(text.replace("\r\n", "\n").replace("\n", "\r\n"))

    def flush(self):
        self.stream.flush()


class _Console:
    """The app's console lines in the terminal simulator: the last one is shown under
    the screen (written raw among the frames they would break the picture)."""

    def __init__(self):
        self.last = ""
        self._part = ""

    def write(self, text):
        self._part += text
        while "\n" in self._part:
            line, self._part = self._part.split("\n", 1)
            if line:
                self.last = line
        return len(text)

    def flush(self):
        pass


def layout(board, columns, status, console):
    """The terminal picture: the framed screen with the key map beside it (or the
    one-line HELP under it when ``columns`` leaves no room), then the status line
    (what is held, or a pending prefix) and the last console line.

    :returns: str of lines separated by "\\n" (each cleared to the line's end)."""
    frame = to_blocks(board).split("\n")
    lines = []
    beside = columns >= FRAME_COLUMNS + 2 + KEY_MAP_WIDTH
    for index in range(len(frame)):
        line = frame[index]
        if beside and index < len(KEY_MAP):
            line += "  " + KEY_MAP[index]
        lines.append(line)
    if not beside:
        lines.append(HELP[:columns - 1])
    lines.append((status or console)[:columns - 1])
    return "\x1b[K\n".join(lines) + "\x1b[K"


def run_interactive(seed, data):
    """The terminal simulator: the app runs in real time (its clock follows the wall
    clock, so a private screen left alone is covered after 5 s as on the device).

    :returns: exit code."""
    import termios
    import tty

    if not sys.stdin.isatty():
        print("referee sim: no terminal here; give --keys to run a script instead", file=sys.stderr)
        return 2
    columns, rows = shutil.get_terminal_size((0, 0))
    if columns < FRAME_COLUMNS or rows < FRAME_ROWS + 2:
        print("referee sim: this terminal is %dx%d; the 128x64 screen needs at least %d columns "
              "and %d rows (%d columns show the key map beside it). Widen the window (or zoom "
              "out) and run it again." % (columns, rows, FRAME_COLUMNS, FRAME_ROWS + 2,
                                           FRAME_COLUMNS + 2 + KEY_MAP_WIDTH), file=sys.stderr)
        return 2
    folder = data or default_data_dir()
    cooked = sys.stdout
    console = _Console()
    view = {"status": "", "board": None}

    def paint(board=None):
        board = board or view["board"]
        if board is None:
            return
        # no newline after the last line: on a terminal of just 36 rows it would scroll
        cooked.write(("\x1b[H" + layout(board, columns, view["status"], console.last))
                     .replace("\n", "\r\n"))
        cooked.flush()

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        # TCSANOW, not setraw's default TCSAFLUSH: keys typed while the app boots are kept
        tty.setraw(fd, termios.TCSANOW)
        cooked.write("\x1b[2J")
        sys.stdout = console
        board, app = boot(folder, seed, paint)
        view["board"] = board
        _loop(fd, board, app, view, paint)
    finally:
        sys.stdout = cooked
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\r\n")
    print("saved in %s" % folder)
    return 0


def _loop(fd, board, app, view, paint):
    """Read keys and run the app's clock until q (see the module's docstring)."""
    last = time.monotonic()
    pending = None   # LONG_PREFIX or HOLD_PREFIX waiting for a button's key
    held = None      # (button, the board's clock when it went down)
    shown = None
    while True:
        ready, _, _ = select.select([fd], [], [], 0.02)
        now = time.monotonic()
        elapsed = int((now - last) * 1000) // STEP_MS * STEP_MS
        if elapsed:
            board.hold(app, min(elapsed, 1000))
            last += elapsed / 1000.0
        if held is not None:
            status = "HOLDING %s  %.1f s  (any key lets go)" % (held[0], (board.now - held[1]) / 1000.0)
        elif pending is not None:
            status = "%s: now press the button's key" % ("long press" if pending == LONG_PREFIX
                                                          else "hold")
        else:
            status = ""
        if status != shown:
            view["status"] = shown = status
            paint()
        if not ready:
            continue
        key = _read_key(fd)
        if held is not None:   # any key lets go of a held button
            board.set_level(held[0], False)
            board.hold(app, 100)
            held = None
            if key == HOLD_A:
                continue
        if key in QUIT:
            break
        if pending is not None:
            kind, pending = pending, None
            button = _button_of(key)
            if button is None:
                continue
            if kind == LONG_PREFIX:
                board.press(app, button, True)
            else:
                board.set_level(button, True)
                held = (button, board.now)
            continue
        if key == HOLD_A:
            board.set_level("A", True)
            held = ("A", board.now)
        elif key in (LONG_PREFIX, HOLD_PREFIX):
            pending = key
        elif key in LONG_KEYS:
            board.press(app, LONG_KEYS[key], True)
        elif key in KEYMAP:
            board.press(app, KEYMAP[key])
        last = time.monotonic()  # a press ran the clock itself
