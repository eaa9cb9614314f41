"""boards/pico.py's pins, bus and battery with a fake `machine` module (the unix
port's machine has no Pin, I2C or ADC; CPython has no machine at all). Both runtimes."""

import sys

from display_check import FakeI2C, pico_board


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    levels = {}
    made = []

    def __init__(self, number, mode=None, pull=None):
        self.number = number
        FakePin.made.append((number, mode, pull))

    def value(self):
        return FakePin.levels.get(self.number, 1)  # pulled up: 1 when released


class Machine:
    """A stand-in `machine` module. ``hw_fails``: hardware I2C raises ValueError."""

    def __init__(self, hw_fails=False, adc_raw=0):
        self.made = []
        self.Pin = FakePin
        hw = self

        class I2C:
            def __init__(self, ident, sda=None, scl=None, freq=None):
                if hw.hw_fails:
                    raise ValueError("bad I2C pins")
                hw.made.append(("I2C", ident, sda.number, scl.number, freq))

        class SoftI2C:
            def __init__(self, sda=None, scl=None, freq=None):
                hw.made.append(("SoftI2C", sda.number, scl.number, freq))

        class ADC:
            def __init__(self, pin):
                hw.made.append(("ADC", pin))

            def read_u16(self):
                return hw.adc_raw

        self.I2C = I2C
        self.SoftI2C = SoftI2C
        self.ADC = ADC
        self.hw_fails = hw_fails
        self.adc_raw = adc_raw


def with_machine(machine, fn):
    saved = sys.modules.get("machine")
    sys.modules["machine"] = machine
    try:
        return fn()
    finally:
        if saved is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = saved


def test_hardware_i2c0_on_gp4_gp5_at_400khz():
    pico = pico_board()
    machine = Machine()
    with_machine(machine, pico.make_i2c)
    assert machine.made == [("I2C", 0, 4, 5, 400000)]


def test_frequency_is_configurable_and_softi2c_can_be_forced():
    pico = pico_board()
    machine = Machine()
    with_machine(machine, lambda: pico.make_i2c(100000, True))
    assert machine.made == [("SoftI2C", 4, 5, 100000)]


def test_softi2c_fallback_when_hardware_i2c_fails():
    pico = pico_board()
    machine = Machine(hw_fails=True)
    with_machine(machine, pico.make_i2c)
    assert machine.made == [("SoftI2C", 4, 5, 400000)]


def test_buttons_use_pull_ups_and_read_low_as_pressed():
    pico = pico_board()
    FakePin.made = []
    FakePin.levels = {}
    reads = with_machine(Machine(), pico.make_buttons)
    assert sorted(reads) == ["A", "B", "D", "L", "R", "U"]
    assert sorted(FakePin.made) == [(n, FakePin.IN, FakePin.PULL_UP) for n in (10, 11, 12, 13, 14, 15)]
    assert not reads["A"]()
    FakePin.levels[14] = 0  # A pulls GP14 to GND
    assert reads["A"]() and not reads["B"]()


def test_battery_reads_vsys_over_3_on_adc3():
    pico = pico_board()
    pico._adc = None
    machine = Machine(adc_raw=32768)  # half scale: 1.65 V at the pin, 4.95 V on VSYS
    volts = with_machine(machine, pico.battery_volts)
    assert machine.made == [("ADC", 29)]
    assert abs(volts - 3.3 * 3 * 32768 / 65535) < 1e-6
    assert 4.9 < volts < 5.0
    pico._adc = None


def test_main_menu_shows_the_battery_where_the_board_has_one():
    from display_check import Rig, frame_bytes
    pico = pico_board()
    bus = FakeI2C()
    surface = pico.make_surface(i2c=bus)
    rig = Rig(surface, surface.fb, bus, frame_bytes)
    try:
        rig.app.battery = lambda: 3.914
        rig.app.dirty = True
        rig.app.redraw()
        assert "Battery 3.91V" in surface.lines()
        assert rig.mismatches == 0
    finally:
        rig.close()


def test_restart_is_a_soft_reset():
    # App.recover_memory's "Restart now": MicroPython starts afresh, main.py runs
    pico = pico_board()
    machine = Machine()
    calls = []
    machine.soft_reset = lambda: calls.append("soft_reset")
    with_machine(machine, pico.restart)
    assert calls == ["soft_reset"]


def test_the_built_ins_the_app_imports_are_kept_in_sys_modules():
    # MicroPython keeps no built-in module in sys.modules, and looks for a json.py (a
    # binascii.py, ...) on every sys.path entry before taking its built-in json, at
    # every import: on a Pico's littlefs 8 ms an import, inside functions a press runs
    # (issue 21). boards.pico puts them there once.
    pico_board()
    import binascii
    import hashlib
    import json
    import os
    import time
    for module in (json, binascii, hashlib, os, time):
        assert sys.modules[module.__name__] is module, module
