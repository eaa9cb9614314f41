"""The simulator board: a 128x64 framebuffer in memory, buttons driven by a script
or a keyboard, a data folder on disk and a simulated millisecond clock.

Runs on CPython (the framebuffer is adafruit_framebuf) and on the MicroPython unix
port (framebuf); text is the Surface's own 6 x 8 font on both, as on the Pico.

Keys script (``--keys``): button names separated by spaces, in order:
``U D L R A B`` (or ``UP DOWN LEFT RIGHT``), each optionally followed by ``:long``
for a long press, or ``:hold=MS`` to hold it down MS milliseconds (1..60000) before
releasing it, e.g. ``"D D A A:long B A:hold=2000"``. A hold is what a finger does on
the device: shorter than a long press (600 ms) it is a short press when released;
longer, the long press fires while it is held; screens that watch a button held
(the "Hold A to see" secret of screens/prompt.Reveal, 5 s at most) see it held
all that time.
"""

import os

from firmware.app import App
from firmware.buttons import NAMES, Buttons, Button
from firmware.storage import Storage
from firmware.surface import Surface

WIDTH = 128
HEIGHT = 64
SHORT_HOLD_MS = 100
LONG_HOLD_MS = Button.long_ms + 200
HOLD_MAX_MS = 60000  # the longest ``:hold=MS`` of a keys script
GAP_MS = 100
STEP_MS = 5

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
PACKS = _HERE + "/../firmware/packs"   # from the source tree
BUILT_PACKS = _HERE + "/../packs"      # from a build (build/*/packs, as on the device)

ALIASES = {"U": "U", "UP": "U", "D": "D", "DOWN": "D", "L": "L", "LEFT": "L",
           "R": "R", "RIGHT": "R", "A": "A", "B": "B"}


class KeysError(ValueError):
    """A keys script that cannot be read: names the token and its position."""


def parse_keys(script):
    """Read a keys script.

    :param script: str, e.g. "U D A A:long B A:hold=2000".
    :returns: list of (name, long): ``long`` is False (a short press), True (a long
        press) or, for ``:hold=MS``, the hold's length in ms (int 1..HOLD_MAX_MS).
    :raises KeysError: an unknown button or suffix, or a hold without a length in
        range (names the token and its 1-based position).
    """
    out = []
    tokens = script.split()
    for index in range(len(tokens)):
        token = tokens[index]
        name, _, suffix = token.partition(":")
        button = ALIASES.get(name.upper())
        if button is None:
            raise KeysError("keys: token %d '%s' is not a button (use U D L R A B)" % (index + 1, token))
        suffix = suffix.lower()
        if not suffix:
            out.append((button, False))
        elif suffix == "long":
            out.append((button, True))
        elif suffix.startswith("hold="):
            ms = suffix[5:]
            if not ms.isdigit() or not 1 <= int(ms) <= HOLD_MAX_MS:
                raise KeysError("keys: token %d '%s': a hold takes its length in ms, 1 to %d "
                                "(e.g. A:hold=2000)" % (index + 1, token, HOLD_MAX_MS))
            out.append((button, int(ms)))
        else:
            raise KeysError("keys: token %d '%s': the suffixes are ':long' and ':hold=MS'"
                            % (index + 1, token))
    return out


def _make_framebuffer(buf):
    try:
        import framebuf  # MicroPython
        return framebuf.FrameBuffer(buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
    except ImportError:
        import adafruit_framebuf
        return adafruit_framebuf.FrameBuffer(buf, WIDTH, HEIGHT, adafruit_framebuf.MVLSB)


class SimBoard:
    """A simulated board.

    :param root: the data folder (str).
    :param on_show: callable(board) called after each frame is sent, or None.
    """

    def __init__(self, root, on_show=None):
        self.storage_root = root
        self.pack_dirs = (PACKS, BUILT_PACKS)
        self.now = 0
        self.levels = {}
        for name in NAMES:
            self.levels[name] = False
        self.buf = None
        self.on_show = on_show

    def entropy(self, n):
        """Random bytes from the host (os.urandom)."""
        return os.urandom(n)

    def ticks_ms(self):
        """The simulated clock (ms)."""
        return self.now

    def sleep_ms(self, ms):
        """Advance the simulated clock."""
        self.now += ms

    def make_surface(self, make=None):
        """The Surface over an in-memory framebuffer (buffer allocated once).

        :param make: None (firmware.surface.Surface) or a subclass of it (the PC
            simulator's, which notes a frame's drawings: host/referee/sim.py). Named
            with a name the boot interns anyway: a new one took a 6th pool of names,
            4.5 KB, in make bench's boot (which imports this board)."""
        import gc
        gc.collect()
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        return (make or Surface)(_make_framebuffer(self.buf), self._show, buf=self.buf)

    def _show(self):
        if self.on_show is not None:
            self.on_show(self)

    def make_buttons(self):
        """name -> callable reading the simulated contact."""
        reads = {}
        for name in NAMES:
            reads[name] = self._reader(name)
        return reads

    def _reader(self, name):
        levels = self.levels
        return lambda: levels[name]

    def pixel(self, x, y):
        """The frame's pixel at (x, y): 1 lit, 0 dark (MONO_VLSB layout)."""
        return (self.buf[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def hold(self, app, ms):
        """Run the app for ``ms`` simulated milliseconds."""
        end = self.now + ms
        while self.now < end:
            self.now += STEP_MS
            app.tick(self.now)

    def press(self, app, name, long=False):
        """Press and release one button through the real debouncer.

        :param long: False (a short press), True (a long press) or an int: hold the
            button down that many ms (see ``parse_keys``)."""
        if long is True:
            ms = LONG_HOLD_MS
        elif long is False:
            ms = SHORT_HOLD_MS
        else:
            ms = long
        self.levels[name] = True
        self.hold(app, ms)
        self.levels[name] = False
        self.hold(app, GAP_MS)

    def set_level(self, name, down):
        """Hold button ``name`` down (``down`` True) or let it go, for a keyboard that
        holds a button across ticks (host/referee/sim.py); the app sees it at its
        next ``hold``."""
        self.levels[name] = bool(down)


def boot(root, seed=None, on_show=None, restart=None, make=None):
    """Make a simulated board and boot the real app on it.

    :param root: data folder (created if missing).
    :param seed: int for deterministic dice, or None.
    :param restart: for tests, a stand-in for the Pico's soft reset (callable(),
        raising SystemExit as machine.soft_reset does), set before the boot as the
        Pico's main sets it; the simulator itself has none.
    :param make: None or a Surface subclass (SimBoard.make_surface).
    :returns: (board, app), the first frame drawn.
    """
    board = SimBoard(root, on_show)
    app = App(board.make_surface(make), Buttons(board.make_buttons()), Storage(root),
              board.entropy, seed, board.pack_dirs)
    import sys
    if sys.implementation.name == "micropython":  # CPython has room for every game
        from boards import forget_modules
        app.forget = forget_modules
    app.restart = restart
    app.boot()
    return board, app


def run_script(root, seed, keys):
    """Boot, then press each button of a keys script.

    :returns: (board, app) after the last press.
    :raises KeysError: a bad keys script (before anything is pressed).
    """
    presses = parse_keys(keys)
    board, app = boot(root, seed)
    for name, long in presses:
        board.press(app, name, long)
    return board, app
