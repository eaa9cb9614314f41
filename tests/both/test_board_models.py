"""The Pico's siblings (Pico W, Pico 2, Pico 2 W) run the same firmware: boards.pico_model
tells them apart from MicroPython's machine string, and the W boards' battery reading
drives the wireless chip's select (GP25) high first. Both runtimes."""

import sys

from boards import pico_model
from display_check import pico_board


def test_each_pico_is_named_from_its_machine_string():
    # the strings MicroPython's rp2 port reports (os.uname().machine)
    assert pico_model("Raspberry Pi Pico with RP2040") == ("Pico", "RP2040", 264, False)
    assert pico_model("Raspberry Pi Pico W with RP2040") == ("Pico W", "RP2040", 264, True)
    assert pico_model("Raspberry Pi Pico 2 with RP2350") == ("Pico 2", "RP2350", 520, False)
    assert pico_model("Raspberry Pi Pico 2 W with RP2350") == ("Pico 2 W", "RP2350", 520, True)


def test_the_chip_is_taken_from_the_string_or_else_from_the_model():
    assert pico_model("Raspberry Pi Pico 2 with RP2350-RISCV") == ("Pico 2", "RP2350-RISCV", 520, False)
    assert pico_model("Raspberry Pi Pico 2") == ("Pico 2", "RP2350", 520, False)
    assert pico_model("Raspberry Pi Pico") == ("Pico", "RP2040", 264, False)


def test_other_boards_are_not_taken_for_a_pico():
    for machine in ("Arduino Nano RP2040 Connect with RP2040", "Raspberry Pi Pico 3 with RP2450",
                    "Raspberry Pi Picolo with RP2040", "linux [GCC 14.2.0] version", "x86_64", ""):
        assert pico_model(machine) is None, machine


def test_this_interpreter_is_no_pico():
    # the unix port and CPython: os.uname().machine is the host's (e.g. x86_64)
    assert pico_model() is None


class _Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, number, mode=None, pull=None, value=None):
        _Machine.made.append(("Pin", number, mode, value))


class _ADC:
    def __init__(self, pin):
        _Machine.made.append(("ADC", pin))

    def read_u16(self):
        return 65535 * 4 // 10  # 1.32 V at the pin: 3.96 V on VSYS


class _Machine:
    made = []
    Pin = _Pin
    ADC = _ADC


def _battery(model):
    pico = pico_board()
    pico._adc = None
    _Machine.made = []
    saved = sys.modules.get("machine")
    sys.modules["machine"] = _Machine
    try:
        volts = pico.battery_volts(model)
    finally:
        pico._adc = None
        if saved is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = saved
    return volts, _Machine.made


def test_w_boards_raise_the_wireless_select_before_reading_vsys():
    for machine in ("Raspberry Pi Pico W with RP2040", "Raspberry Pi Pico 2 W with RP2350"):
        volts, made = _battery(pico_model(machine))
        assert made == [("Pin", 25, _Pin.OUT, 1), ("ADC", 29)], machine
        assert abs(volts - 3.3 * 3 * (65535 * 4 // 10) / 65535) < 1e-6


def test_boards_without_the_wireless_chip_leave_gp25_alone():
    for machine in ("Raspberry Pi Pico with RP2040", "Raspberry Pi Pico 2 with RP2350"):
        volts, made = _battery(pico_model(machine))
        assert made == [("ADC", 29)], machine
        assert 3.95 < volts < 3.97
