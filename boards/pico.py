"""The Raspberry Pi Pico board (and Pico W, Pico 2, Pico 2 W): SSD1306 OLED on I2C0,
six buttons.

The four boards share the pin-out below and run this same firmware (``referee
deploy`` builds one for all: ``--board pico``; ``pico2``, ``pico_w`` and ``pico2_w``
name the same build). The board is told apart at boot (boards.pico_model, from
``os.uname().machine``): the boot line names it, and on the W boards the battery
reading first drives GP25 high (below). The original Pico (RP2040, 264 KB RAM) is
the reference for every memory and speed budget; a Pico 2 (RP2350, 520 KB) has
more of both. The RP2350's erratum E9 (a GPIO input with its pull-down can stay
high) does not touch this wiring: every button uses the pull-up.

Wiring (every button is a tactile switch between its GP pin and GND; the Pico's
internal pull-ups hold the pin high, a press pulls it low)::

    | what          | Pico pin (physical) | GP   | note                          |
    |---------------|---------------------|------|-------------------------------|
    | OLED SDA      | 6                   | GP4  | I2C0 SDA                      |
    | OLED SCL      | 7                   | GP5  | I2C0 SCL                      |
    | OLED VCC      | 36                  | 3V3  | 3.3 V out                     |
    | OLED GND      | 8                   | GND  |                               |
    | button UP     | 14                  | GP10 | other leg to GND              |
    | button DOWN   | 15                  | GP11 | other leg to GND              |
    | button LEFT   | 16                  | GP12 | other leg to GND              |
    | button RIGHT  | 17                  | GP13 | other leg to GND              |
    | buttons' GND  | 18                  | GND  | common ground of the switches |
    | button A      | 19                  | GP14 | confirm / roll                |
    | button B      | 20                  | GP15 | back                          |
    | battery       | (on board)          | GP29 | ADC3 reads VSYS / 3           |
    | (W boards)    | (on board)          | GP25 | wireless chip select: high    |
    |               |                     |      | while GP29 reads VSYS         |

    Pico, USB at the top, seen from above (left header, pins 1-20):

                 +----| USB |----+
         GP0   1 |o              |
         GP1   2 |o              |
         GND   3 |o              |
         GP2   4 |o              |
         GP3   5 |o              |        SSD1306 128x64 (I2C)
         GP4   6 |o--------------------------- SDA
         GP5   7 |o--------------------------- SCL
         GND   8 |o--------------------------- GND
         ...     |               |   3V3 (pin 36, right header) --- VCC
         GP10 14 |o--[ UP  ]--+  |
         GP11 15 |o--[DOWN ]--+  |
         GP12 16 |o--[LEFT ]--+  |
         GP13 17 |o--[RIGHT]--+  |
         GND  18 |o-----------+  |   every switch's other leg joins this GND
         GP14 19 |o--[  A  ]--+  |
         GP15 20 |o--[  B  ]--+  |
                 +---------------+

Settings (change here, or pass to ``make_surface``): ``I2C_FREQ`` (400 kHz, the
SSD1306's fast mode), ``OLED_ADDR`` (0x3C; 0x3D for modules with the address
jumper moved), ``SOFT_I2C`` (True forces the bit-banged bus), ``BUTTON_PINS``,
``DIM_MS`` / ``BLANK_MS`` (screen care; None turns one off).

If no display answers, a line on the serial console says so and the app runs on
a framebuffer in RAM (a null display), so the serial console and saves still work.
The display is then looked for again (``look_for_display``, which the app's loop
calls) at the next button press and every ``RETRY_MS``; once it answers, the app
draws its current screen on it, no reboot, and the console says so once.

The SSD1306 driver is the MicroPython project's (now kept in micropython-lib), vendored as
boards/lib/ssd1306.py (its header says where the copy came from); the
subclass here sends only the pages that changed since the last frame.

This module is the only one that imports ``machine``; nothing touches a pin until
``make_surface`` / ``make_buttons`` / ``battery_volts`` is called.
"""

import os
import sys

import framebuf
from micropython import const

# Where imports look, before the app's first: the firmware's frozen code first
# ('.frozen': a file of the same name cannot hide it, and no file is looked for
# before it), then the filesystem ('': the stock firmware's .mpy files); not /lib
# (the app uses no micropython-lib package). MicroPython's default ['', '.frozen',
# '/lib'] made each import of a frozen module look on littlefs first, and each of a
# built-in one such as json look twice (2.4 ms of a Pico each: issue 21). MicroPython
# only (CPython has no '.frozen'); the unix port's tests import this module too,
# where it only puts its own frozen modules first.
if ".frozen" in sys.path:
    sys.path[:] = [".frozen"] + [p for p in sys.path if p != ".frozen" and not p.endswith("lib")]
# MicroPython keeps no built-in module in sys.modules, and a built-in that a file may
# stand in for (json, binascii, hashlib, os, time: the "extensible" ones) is looked
# for on every sys.path entry before it is taken, at every `import` of it: on
# littlefs 8 ms of a Pico an import (the emulated Pico, issue 21; the app imports
# json inside functions that run on a press). Put in sys.modules once here, each
# later import finds it there at once (py/builtinimport.c looks there first). A file
# standing in for one is still taken: this import finds it first.
[sys.modules.setdefault(n, __import__(n)) for n in ("json", "binascii", "hashlib", "os", "time")]

from boards import forget_modules  # noqa: F401,E402 (the app drops a left game's modules)
from boards import pico_model  # noqa: E402
from boards.lib import ssd1306  # noqa: E402
from boards.pages import PageDiff  # noqa: E402
from firmware import ticks  # noqa: E402
from firmware.surface import Surface  # noqa: E402

WIDTH = const(128)
HEIGHT = const(64)
I2C_ID = 0
SDA_PIN = 4
SCL_PIN = 5
I2C_FREQ = 400000
OLED_ADDR = 0x3C
SOFT_I2C = False
BUTTON_PINS = {"U": 10, "D": 11, "L": 12, "R": 13, "A": 14, "B": 15}
BATTERY_ADC_PIN = 29
BATTERY_DIVIDER = 3.0  # VSYS is read through a 200k/100k divider: VSYS / 3
WIRELESS_CS_PIN = 25  # Pico W / Pico 2 W: the wireless chip's SPI chip select
DIM_MS = 30000
BLANK_MS = 120000
RETRY_MS = 3000  # a display missing at boot is looked for again this often (and at a press)
_DIM_CONTRAST = const(8)
_FULL_CONTRAST = const(255)

storage_root = "/data"
pack_dirs = ("/packs",)
entropy = os.urandom
ticks_ms = ticks.ticks_ms
sleep_ms = ticks.sleep_ms

_adc = None
_lost = []  # while no display answered: [bus, address, next retry in ticks_ms]


def log(message):
    """A line on the serial console."""
    print("[pico] " + message)


class PagedSSD1306(ssd1306.SSD1306_I2C):
    """micropython-lib's SSD1306_I2C, sending only the pages that changed.

    ``show()`` compares each 128-byte page with the last frame sent and sends each
    run of changed pages as one write: the column window 0..127 and the page window
    of the run, then the run's bytes straight from the framebuffer (a memoryview,
    no copy). The first frame (the driver's own clear at init) goes out whole.

    :param i2c: a machine.I2C or machine.SoftI2C (anything with writeto/writevto).
    :param addr: the display's 7-bit address (0x3C or 0x3D).
    """

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self._diff = PageDiff(height // 8, width)
        self.pages_sent = 0
        super().__init__(width, height, i2c, addr, external_vcc)

    def show(self):
        """Send the changed pages (nothing if the frame is unchanged)."""
        width = self.width
        view = memoryview(self.buffer)
        for first, last in self._diff.runs(self.buffer):
            self.write_cmd(0x21)  # column window
            self.write_cmd(0)
            self.write_cmd(width - 1)
            self.write_cmd(0x22)  # page window
            self.write_cmd(first)
            self.write_cmd(last)
            self.write_data(view[first * width:(last + 1) * width])
            self.pages_sent += last - first + 1

    def set_level(self, level):
        """Screen care: "on" (full contrast), "dim" (low contrast) or "off" (panel
        off, RAM kept). Any I2C error is reported on the console, never raised."""
        try:
            if level == "off":
                self.poweroff()
            else:
                self.contrast(_DIM_CONTRAST if level == "dim" else _FULL_CONTRAST)
                self.poweron()
        except OSError as exc:
            log("display did not take '%s': %s" % (level, exc))


def make_i2c(freq=None, soft=None):
    """The I2C bus of the display: hardware I2C0 on GP4/GP5, or SoftI2C on the same
    pins when ``soft`` (or when the hardware bus cannot be made).

    :param freq: Hz (default I2C_FREQ, 400 kHz).
    """
    from machine import I2C, Pin, SoftI2C
    freq = I2C_FREQ if freq is None else freq
    soft = SOFT_I2C if soft is None else soft
    if not soft:
        try:
            return I2C(I2C_ID, sda=Pin(SDA_PIN), scl=Pin(SCL_PIN), freq=freq)
        except (ValueError, OSError) as exc:
            log("hardware I2C%d failed (%s): using SoftI2C on GP%d/GP%d" % (I2C_ID, exc, SDA_PIN, SCL_PIN))
    return SoftI2C(sda=Pin(SDA_PIN), scl=Pin(SCL_PIN), freq=freq)


def null_surface():
    """A Surface over a framebuffer in RAM that goes nowhere (no display)."""
    buf = bytearray(WIDTH * HEIGHT // 8)
    return Surface(framebuf.FrameBuffer(buf, WIDTH, HEIGHT, framebuf.MONO_VLSB), None, buf=buf)


def make_surface(i2c=None, addr=None, freq=None, soft=None):
    """The drawing surface on the OLED, or on a null display if none answers.

    :param i2c: a ready bus (tests pass a fake); default ``make_i2c(freq, soft)``.
    :param addr: display address (default OLED_ADDR, 0x3C).
    :returns: firmware.surface.Surface.
    """
    import gc
    gc.collect()
    addr = OLED_ADDR if addr is None else addr
    if i2c is None:
        i2c = make_i2c(freq, soft)
    try:
        found = i2c.scan()
    except OSError:
        found = []
    if addr not in found:
        seen = ", ".join("0x%02X" % a for a in found) or "nothing"
        log("no display at 0x%02X on I2C%d (SDA GP%d, SCL GP%d); the bus answered at: %s. "
            "Check the wiring and OLED_ADDR in boards/pico.py. Running without a display; "
            "looking for it again at each press and every %d s."
            % (addr, I2C_ID, SDA_PIN, SCL_PIN, seen, RETRY_MS // 1000))
        _lost[:] = [i2c, addr, ticks.ticks_add(ticks.ticks_ms(), RETRY_MS)]
        return null_surface()
    try:
        display = PagedSSD1306(WIDTH, HEIGHT, i2c, addr)
    except OSError as exc:
        log("display at 0x%02X did not start (%s). Running without a display; looking for "
            "it again at each press and every %d s." % (addr, exc, RETRY_MS // 1000))
        _lost[:] = [i2c, addr, ticks.ticks_add(ticks.ticks_ms(), RETRY_MS)]
        return null_surface()
    del _lost[:]
    return Surface(display, display.show, power=display.set_level)


def look_for_display(now, pressed=False):
    """Look again for a display that did not answer when ``make_surface`` ran (an I2C
    NAK at OLED_ADDR at boot): at a button press, or once ``RETRY_MS`` have passed
    since the last look. The app's loop calls it every tick (firmware.app.run).

    :param now: ticks_ms. :param pressed: True for the tick where a press began.
    :returns: the new Surface on the display once it answers (the console says so,
        once; later calls return None), else None. Never raises: a bus error is
        another miss.
    """
    if not _lost:
        return None
    i2c, addr, due = _lost
    if not pressed and ticks.ticks_diff(now, due) < 0:
        return None
    _lost[2] = ticks.ticks_add(now, RETRY_MS)
    try:
        if addr not in i2c.scan():
            return None
        display = PagedSSD1306(WIDTH, HEIGHT, i2c, addr)
    except OSError:
        return None
    del _lost[:]
    log("display found at 0x%02X: drawing the current screen on it" % addr)
    return Surface(display, display.show, power=display.set_level)


def make_buttons(pins=None):
    """name -> callable() that is True while the button is pressed (pin pulled low).

    :param pins: dict name -> GP number (default BUTTON_PINS).
    """
    from machine import Pin
    reads = {}
    for name, number in (pins or BUTTON_PINS).items():
        pin = Pin(number, Pin.IN, Pin.PULL_UP)
        reads[name] = _pressed(pin)
    return reads


def _pressed(pin):
    value = pin.value
    return lambda: value() == 0


def battery_volts(model=None):
    """VSYS in volts (float), read on ADC3 (GP29) through the board's divider by 3.

    On USB power this reads about 4.7-5.0 V; on 3 AA cells their voltage. On a Pico W
    or Pico 2 W GP29 is also the wireless chip's SPI clock: their datasheets have
    GP25 (that chip's select) driven high for GP29 to read VSYS, so it is, before
    the ADC is made (this firmware never starts Wi-Fi). Not yet checked on a W board.

    :param model: boards.pico_model()'s answer (default: this board's).
    """
    global _adc
    if _adc is None:
        from machine import ADC, Pin
        model = pico_model() if model is None else model
        if model is not None and model[3]:
            Pin(WIRELESS_CS_PIN, Pin.OUT, value=1)
        _adc = ADC(BATTERY_ADC_PIN)
    return _adc.read_u16() * 3.3 * BATTERY_DIVIDER / 65535


def restart():
    """Soft reset (machine.soft_reset): MicroPython starts afresh and runs main.py,
    so the app resumes from its save with the whole heap free again, the interned
    names of the games played so far included. App.recover_memory offers it after a
    MemoryError ("Restart now"); nothing is lost, the state is saved after every
    press. Does not return."""
    import machine
    machine.soft_reset()


def main():
    """The device's main.py calls this: run the app on this board."""
    import sys
    from firmware.app import run
    model = pico_model()
    log("booting on %s (MicroPython %s, mpy %s)" % (
        "a Raspberry Pi %s (%s, %d KB RAM)" % model[:3] if model else "an unknown board",
        ".".join(str(v) for v in sys.implementation.version[:3]),
        getattr(sys.implementation, "_mpy", "?")))
    run(sys.modules[__name__])
