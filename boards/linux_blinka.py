"""A Raspberry Pi (or another Linux board Blinka supports) running the referee under
CPython: Adafruit's adafruit_ssd1306 over Blinka's busio.I2C, buttons via digitalio.

Wiring on a Raspberry Pi 40-pin header (BCM numbers; every button is a tactile
switch between its GPIO and GND, with the SoC's internal pull-up enabled)::

    | what          | header pin | BCM GPIO | note                     |
    |---------------|------------|----------|--------------------------|
    | OLED SDA      | 3          | GPIO2    | I2C1 SDA (enable I2C in raspi-config) |
    | OLED SCL      | 5          | GPIO3    | I2C1 SCL                 |
    | OLED VCC      | 1          | 3V3      |                          |
    | OLED GND      | 6          | GND      |                          |
    | button UP     | 29         | GPIO5    | other leg to GND         |
    | button DOWN   | 31         | GPIO6    | other leg to GND         |
    | buttons' GND  | 30 or 34   | GND      |                          |
    | button LEFT   | 33         | GPIO13   | other leg to GND         |
    | button RIGHT  | 35         | GPIO19   | other leg to GND         |
    | button A      | 37         | GPIO26   | confirm / roll           |
    | button B      | 36         | GPIO16   | back                     |

The Pi's I2C runs at the kernel's rate (set ``dtparam=i2c_arm_baudrate=400000`` in
config.txt for 400 kHz). No battery readout on this board.

Exports the same as boards/sim.py and boards/pico.py: make_surface(), make_buttons(),
storage_root, entropy, ticks_ms, sleep_ms, pack_dirs. Nothing touches the hardware
until make_surface / make_buttons is called, so the module imports anywhere.
"""

import os
import sys

from boards.pages import PageDiff
from firmware import ticks
from firmware.surface import Surface

WIDTH = 128
HEIGHT = 64
OLED_ADDR = 0x3C
BUTTON_PINS = {"U": "D5", "D": "D6", "L": "D13", "R": "D19", "A": "D26", "B": "D16"}
DIM_MS = 30000
BLANK_MS = 120000

_HERE = os.path.dirname(os.path.abspath(__file__))
PACKS = os.path.join(os.path.dirname(_HERE), "firmware", "packs")

storage_root = os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.join(
    os.path.expanduser("~"), ".local", "share"), "pocket-referee", "device")
pack_dirs = (PACKS,)
entropy = os.urandom
ticks_ms = ticks.ticks_ms
sleep_ms = ticks.sleep_ms


def log(message):
    """A line on the console (stderr)."""
    print("[linux_blinka] " + message, file=sys.stderr)


def paged_display_class():
    """adafruit_ssd1306.SSD1306_I2C with a show() that sends only changed pages.

    Imported on first use (adafruit_ssd1306 needs adafruit_bus_device). The frame
    goes out in horizontal addressing mode, one write per run of changed pages:
    the column window 0..127, the page window of the run, then the run's bytes. The
    driver keeps a spare byte in front of its framebuffer for the I2C control byte;
    for a run that starts past page 0 the byte in front of it is borrowed for the
    control byte and put back after the write, so nothing is copied.
    """
    import adafruit_ssd1306

    class PagedSSD1306(adafruit_ssd1306.SSD1306_I2C):
        def __init__(self, width, height, i2c, **kwargs):
            self._diff = PageDiff(height // 8, width)
            self.pages_sent = 0
            super().__init__(width, height, i2c, **kwargs)

        def show(self):
            width = self.width
            frame = memoryview(self.buffer)[1:]
            for first, last in self._diff.runs(frame):
                self.write_cmd(0x21)
                self.write_cmd(0)
                self.write_cmd(width - 1)
                self.write_cmd(0x22)
                self.write_cmd(first)
                self.write_cmd(last)
                at = first * width  # index in self.buffer of the byte before the run
                kept = self.buffer[at]
                self.buffer[at] = 0x40  # Co=0, D/C#=1: data
                try:
                    with self.i2c_device:
                        self.i2c_device.write(self.buffer, start=at, end=(last + 1) * width + 1)
                finally:
                    self.buffer[at] = kept
                self.pages_sent += last - first + 1

        def set_level(self, level):
            """Screen care: "on", "dim" or "off"."""
            try:
                if level == "off":
                    self.poweroff()
                else:
                    self.contrast(8 if level == "dim" else 255)
                    self.poweron()
            except OSError as exc:
                log("display did not take '%s': %s" % (level, exc))

    return PagedSSD1306


def make_display(i2c, addr=None):
    """The paged adafruit_ssd1306 display on ``i2c`` (a busio.I2C or a fake).

    :raises ValueError: no device answers at ``addr`` (from adafruit_bus_device).
    """
    cls = paged_display_class()
    return cls(WIDTH, HEIGHT, i2c, addr=OLED_ADDR if addr is None else addr)


def null_surface():
    """A Surface over a framebuffer in RAM (no display)."""
    import adafruit_framebuf
    buf = bytearray(WIDTH * HEIGHT // 8)
    return Surface(adafruit_framebuf.FrameBuffer(buf, WIDTH, HEIGHT, adafruit_framebuf.MVLSB), None)


def make_surface(i2c=None, addr=None):
    """The Surface on the OLED, or on a null display with a console message if none
    answers.

    :param i2c: a ready bus (tests pass a fake); default busio.I2C(board.SCL, board.SDA).
    """
    addr = OLED_ADDR if addr is None else addr
    if i2c is None:
        import board
        import busio
        i2c = busio.I2C(board.SCL, board.SDA)
    try:
        display = make_display(i2c, addr)
    except (ValueError, OSError) as exc:
        log("no display at 0x%02X on I2C (%s). Check the wiring, that I2C is enabled, and "
            "OLED_ADDR in boards/linux_blinka.py. Running without a display." % (addr, exc))
        return null_surface()
    return Surface(display, display.show, power=display.set_level)


def make_buttons(pins=None):
    """name -> callable() True while pressed (input with pull-up; pressed reads low).

    :param pins: dict name -> Blinka ``board`` pin name (default BUTTON_PINS).
    """
    import board
    import digitalio
    reads = {}
    for name, pin_name in (pins or BUTTON_PINS).items():
        io = digitalio.DigitalInOut(getattr(board, pin_name))
        io.switch_to_input(pull=digitalio.Pull.UP)
        reads[name] = _pressed(io)
    return reads


def _pressed(io):
    return lambda: not io.value


def main():
    """Run the referee on this board (``python -m boards.linux_blinka``)."""
    from firmware.app import run
    run(sys.modules[__name__])


if __name__ == "__main__":
    main()
