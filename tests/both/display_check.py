"""Helpers for the display and board tests that run under CPython and MicroPython
(not a test module: plain functions, no pytest fixtures)."""

import os
import sys

_BOTH = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
_TESTS = _BOTH + "/.."
if _TESTS not in sys.path:
    sys.path.append(_TESTS)

from ssd1306_model import FakeI2C  # noqa: E402  (tests/ssd1306_model.py)


def temp_dir(tag):
    """A new empty folder under /tmp (str)."""
    name = "/tmp/pr-%s-%s" % (tag, "".join("%02x" % b for b in os.urandom(6)))
    os.mkdir(name)
    return name


def rmtree(path):
    """Delete a folder and everything in it (both runtimes)."""
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            rmtree(full)
        else:
            os.remove(full)
    os.rmdir(path)


def _framebuf_shim():
    """CPython: a `framebuf` module over adafruit_framebuf (MONO_VLSB = MVLSB), enough
    for the vendored driver (the Surface draws text itself, into the driver's buffer)."""
    import adafruit_framebuf

    class FrameBuffer(adafruit_framebuf.FrameBuffer):
        def __init__(self, buf, width, height, fmt=None):
            super().__init__(buf, width, height, adafruit_framebuf.MVLSB)

    class Module:
        pass

    module = Module()
    module.FrameBuffer = FrameBuffer
    module.MONO_VLSB = adafruit_framebuf.MVLSB
    return module


def pico_board():
    """The boards.pico module. Under CPython the `framebuf` shim is in sys.modules
    only while boards.pico (and the vendored ssd1306) import, then removed again."""
    try:
        import framebuf  # noqa: F401  MicroPython
        import boards.pico
        return boards.pico
    except ImportError:
        pass
    if "boards.pico" in sys.modules:
        return sys.modules["boards.pico"]
    sys.modules["framebuf"] = _framebuf_shim()
    try:
        import boards.pico
    finally:
        del sys.modules["framebuf"]
    return boards.pico


def frame_bytes(display):
    """The driver's frame, page-major, 1024 bytes: its buffer itself (compared in
    place: a copy per frame is one more 1 KB block the 192K heap may not have)."""
    return display.buffer


class Rig:
    """The real app on a board's display over a fake I2C bus with the SSD1306 model,
    buttons pressed through the simulator board's scripted contacts.

    After every frame sent, ``check()`` compares the model's GDDRAM with the
    framebuffer the app drew, and counts frames, mismatches and bytes.

    :param surface: the Surface the board made (on ``bus``).
    :param display: the driver object (has ``buffer``).
    :param bus: the fake bus (FakeI2C or FakeBusioI2C).
    :param frame: callable(display) -> bytes of the frame as the app drew it.
    """

    def __init__(self, surface, display, bus, frame, seed=7):
        from boards.sim import SimBoard
        from firmware.app import App
        from firmware.buttons import Buttons
        from firmware.storage import Storage
        self.root = temp_dir("disp")
        self.bus = bus
        self.display = display
        self.frame = frame
        self.frames = 0
        self.mismatches = 0
        self.frame_bytes = []
        self.sim = SimBoard(self.root)
        send = surface._show

        def show():
            before = bus.bytes
            send()
            self.frame_bytes.append(bus.bytes - before)
            self.check()

        surface._show = show
        self.app = App(surface, Buttons(self.sim.make_buttons()), Storage(self.root),
                       self.sim.entropy, seed, self.sim.pack_dirs)
        self.app.boot()

    def check(self):
        self.frames += 1
        if self.bus.model.gddram != self.frame(self.display):  # no copies: see frame_bytes
            self.mismatches += 1

    def press(self, keys):
        """Press each button of a keys script ("D A B A:long")."""
        from boards.sim import parse_keys
        for name, long in parse_keys(keys):
            self.sim.press(self.app, name, long)

    def close(self):
        rmtree(self.root)
