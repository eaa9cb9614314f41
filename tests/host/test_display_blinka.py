"""boards/linux_blinka.py's display: Adafruit's adafruit_ssd1306 (with page diffing)
on a fake busio.I2C feeding the SSD1306 model. After every frame the GDDRAM must
equal what the app drew. CPython only (adafruit_ssd1306 + adafruit_framebuf)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "both"))

from display_check import Rig  # noqa: E402
from ssd1306_model import FakeBusioI2C  # noqa: E402

from boards import linux_blinka  # noqa: E402

KEYS = ("D A D A B A A B B D A R R A A B B D D A R A A B B D D D A D A L A A:long B B "
        "U A A B")


def frame(display):
    return bytes(display.buffer[1:])  # the driver keeps the control byte in front


def make(addr=0x3C):
    bus = FakeBusioI2C(addr)
    surface = linux_blinka.make_surface(i2c=bus, addr=addr)
    return Rig(surface, surface.fb, bus, frame), bus


def test_init_stream_sets_up_the_panel():
    bus = FakeBusioI2C()
    linux_blinka.make_surface(i2c=bus)
    model = bus.model
    assert model.display_on and model.mode == 0 and model.mux == 63 and model.contrast == 255
    assert bytes(model.gddram) == bytes(1024)


def test_every_frame_reaches_gddram():
    rig, bus = make()
    try:
        rig.press(KEYS)
        assert rig.frames > 40
        assert rig.mismatches == 0, "%d of %d frames differ" % (rig.mismatches, rig.frames)
        assert bytes(bus.model.gddram) != bytes(1024)
    finally:
        rig.close()


def test_only_changed_pages_are_sent_and_the_control_byte_is_restored():
    rig, bus = make()
    try:
        rig.press("D")
        moved = rig.frame_bytes[-1]
        assert 2 * 128 <= moved < 3 * 128, moved
        display = rig.display
        assert display.buffer[0] == 0x40
        before = bus.bytes
        rig.app.dirty = True
        rig.app.redraw()
        assert bus.bytes == before
        rig.press("D D U")
        assert rig.mismatches == 0
    finally:
        rig.close()


def test_same_text_as_the_simulator():
    """The Blinka board draws the same pixels as the simulator board for the same keys."""
    from boards.sim import run_script
    rig, bus = make()
    try:
        rig.press("D A")
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            board, app = run_script(folder, 7, "D A")
            assert bytes(board.buf) == bytes(bus.model.gddram)
    finally:
        rig.close()


def test_missing_display_gives_a_message_and_a_null_display(capsys):
    surface = linux_blinka.make_surface(i2c=FakeBusioI2C(present=False))
    assert surface._show is None
    assert "no display at 0x3C" in capsys.readouterr().err
    surface.text(0, 0, "hello")
    assert surface.lines()[0] == "hello"


def test_address_0x3d():
    rig, bus = make(0x3D)
    try:
        rig.press("D A A B")
        assert rig.mismatches == 0
    finally:
        rig.close()


class FakeIO:
    """digitalio.DigitalInOut stand-in: value True (pulled up) until pressed."""

    made = []

    def __init__(self, pin):
        self.pin = pin
        self.value = True
        self.pull = None
        FakeIO.made.append(self)

    def switch_to_input(self, pull=None):
        self.pull = pull


def test_buttons_are_pulled_up_inputs_that_read_low_when_pressed(monkeypatch):
    import types
    board = types.SimpleNamespace(**{name: "pin-" + name for name in ("D5", "D6", "D13", "D19", "D26", "D16")})
    digitalio = types.SimpleNamespace(DigitalInOut=FakeIO, Pull=types.SimpleNamespace(UP="up"))
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "digitalio", digitalio)
    FakeIO.made = []
    reads = linux_blinka.make_buttons()
    assert sorted(reads) == ["A", "B", "D", "L", "R", "U"]
    assert sorted(io.pin for io in FakeIO.made) == sorted(board.__dict__.values())
    assert all(io.pull == "up" for io in FakeIO.made)
    assert not any(read() for read in reads.values())
    pressed = [io for io in FakeIO.made if io.pin == "pin-D26"][0]  # A
    pressed.value = False
    assert reads["A"]() and not reads["B"]()
