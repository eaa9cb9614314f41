"""The SSD1306 test model itself: it must decode the byte stream as the datasheet
says, or the driver tests that lean on it prove nothing. Both runtimes."""

from check import raises
from display_check import FakeI2C

import ssd1306_model
from ssd1306_model import ProtocolError, SSD1306Model


def cmds(model, *values):
    """Send commands as one Co=0 command transaction."""
    model.transaction(bytes((0x00,) + values))


def data(model, values):
    model.transaction(bytes((0x40,)) + bytes(values))


def test_reset_state_is_page_mode_display_off():
    model = SSD1306Model()
    assert model.mode == ssd1306_model.PAGE
    assert not model.display_on
    assert model.contrast == 0x7F


def test_horizontal_mode_wraps_column_window_then_page_window():
    model = SSD1306Model()
    cmds(model, 0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3)
    data(model, range(1, 8))  # 3 columns x 2 pages = 6 bytes, the 7th wraps to the start
    assert model.gddram[2 * 128 + 10] == 7  # wrapped back to (page 2, col 10)
    assert model.gddram[2 * 128 + 11] == 2
    assert model.gddram[2 * 128 + 12] == 3
    assert model.gddram[3 * 128 + 10] == 4
    assert model.gddram[3 * 128 + 12] == 6
    assert model.gddram[2 * 128 + 13] == 0  # nothing outside the window
    assert model.gddram[4 * 128 + 10] == 0


def test_vertical_mode_goes_down_the_pages_first():
    model = SSD1306Model()
    cmds(model, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1)
    data(model, (1, 2, 3, 4))
    assert model.gddram[0] == 1
    assert model.gddram[128] == 2
    assert model.gddram[1] == 3
    assert model.gddram[129] == 4


def test_page_mode_start_column_and_wrap_within_the_page():
    model = SSD1306Model()
    cmds(model, 0x20, 0x02, 0xB5, 0x0E, 0x17)  # page 5, column 0x7E
    data(model, (9, 8, 7))
    # 9 at column 126, 8 at 127, then the pointer wraps to the start column (126)
    # on the same page (datasheet 10.1.3), so 7 overwrites 9
    assert model.gddram[5 * 128 + 126] == 7
    assert model.gddram[5 * 128 + 127] == 8
    assert model.page == 5 and model.col == 127
    assert model.gddram[6 * 128 + 0] == 0 and model.gddram[5 * 128 + 0] == 0


def test_co_bit_alternates_control_and_one_byte():
    model = SSD1306Model()
    # Co=1 command 0xAF, then Co=1 command 0x81 and its argument, then Co=0 data
    model.transaction(bytes((0x80, 0xAF, 0x80, 0x81, 0x80, 0x10, 0x40, 0x55, 0x66)))
    assert model.display_on and model.contrast == 0x10
    assert model.data_bytes == 2


def test_arguments_may_come_in_later_transactions():
    model = SSD1306Model()
    model.transaction(bytes((0x80, 0x21)))
    model.transaction(bytes((0x80, 5)))
    model.transaction(bytes((0x80, 6)))
    assert (model.col_start, model.col_end) == (5, 6)


def test_display_controls_change_what_is_seen_not_the_ram():
    model = SSD1306Model()
    cmds(model, 0x20, 0x00, 0xA1, 0xC8, 0xAF)
    data(model, (0x01,))  # pixel (0, 0)
    assert model.visible(0, 0) == 1 and model.visible(1, 0) == 0
    cmds(model, 0xA7)
    assert model.visible(0, 0) == 0 and model.visible(1, 0) == 1
    cmds(model, 0xA6, 0xA5)
    assert model.visible(5, 5) == 1
    cmds(model, 0xA4, 0xA8, 31)
    assert model.visible(0, 0) == 1 and model.visible(0, 40) == 0  # mux 32 rows
    cmds(model, 0xAE)
    assert model.visible(0, 0) == 0
    assert model.ram_pixel(0, 0) == 1


def test_bad_control_byte_and_bad_mode_are_protocol_errors():
    model = SSD1306Model()
    raises(ProtocolError, model.transaction, bytes((0x01, 0xAF)))
    raises(ProtocolError, cmds, model, 0x20, 0x03)
    raises(ProtocolError, cmds, model, 0xA8, 3)


def test_bus_counts_bytes_and_time():
    bus = FakeI2C()
    bus.writeto(0x3C, bytes((0x80, 0xAF)))
    bus.writevto(0x3C, (b"\x40", bytes(128)))
    assert bus.transactions == 2
    assert bus.bytes == 3 + 130
    # 133 bytes x 9 clocks + 2 x 2 clocks at 400 kHz
    assert abs(bus.bus_ms() - (133 * 9 + 4) / 400.0) < 1e-9
    raises(OSError, bus.writeto, 0x3D, b"\x00")
