"""A test model of the SSD1306 OLED controller behind a fake I2C bus.

It decodes what a driver sends, byte by byte, as the SSD1306 datasheet describes it
(section 8.1.5 for the I2C control byte, 10.1 for the commands):

- each I2C write starts with a control byte: Co (bit 7) = 1 means one more byte
  follows and then another control byte; Co = 0 means every byte left in the
  transaction is of one kind; D/C# (bit 6) says data (1) or command (0);
- commands and their argument bytes, split across transactions or not: memory
  addressing mode (0x20: horizontal, vertical, page), column and page windows (0x21,
  0x22), page-mode start page and column (0xB0-0xB7, 0x00-0x1F), display on/off
  (0xAE/0xAF), contrast (0x81), normal/inverse (0xA6/0xA7), entire display on
  (0xA4/0xA5), multiplex ratio (0xA8), display offset, start line, segment remap,
  COM scan direction, and the timing commands (kept, not modelled further);
- data bytes go into a 128 x 64 GDDRAM (8 pages of 128 column bytes, bit 0 the top
  row of a page) at the address pointer, which moves as the addressing mode says.

Runs under CPython and MicroPython (tests/both use it under both). It also counts
transactions and bytes, for the I2C time a frame takes (tools/bench_device.py).

Two buses speak to it: ``FakeI2C`` (MicroPython's machine.I2C: writeto, writevto,
scan) and ``FakeBusioI2C`` (CircuitPython/Blinka busio.I2C: try_lock, unlock,
writeto with start/end, readfrom_into).
"""

WIDTH = 128
PAGES = 8

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2

# commands followed by N argument bytes
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
         0xDA: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}


class ProtocolError(Exception):
    """The byte stream is not what an SSD1306 accepts (e.g. a bad control byte)."""


class SSD1306Model:
    """The controller's state after the bytes it was sent.

    Attributes: ``gddram`` (bytearray(1024), index page * 128 + column, the layout of
    a MONO_VLSB framebuffer), ``mode``, ``col_start``, ``col_end``, ``page_start``,
    ``page_end``, ``col``, ``page``, ``display_on``, ``contrast``, ``inverted``,
    ``entire_on``, ``mux``, ``offset``, ``start_line``, ``seg_remap``,
    ``com_reversed``, ``charge_pump``; ``commands`` (the last 33 to 64 command bytes,
    arguments left out), counters ``command_count`` and ``data_bytes``.
    """

    def __init__(self):
        self.gddram = bytearray(WIDTH * PAGES)
        self.mode = PAGE  # the reset state (datasheet 10.1.3)
        self.col_start = 0
        self.col_end = WIDTH - 1
        self.page_start = 0
        self.page_end = PAGES - 1
        self.col = 0
        self.page = 0
        self.page_mode_col = 0
        self.display_on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.mux = 63
        self.offset = 0
        self.start_line = 0
        self.seg_remap = False
        self.com_reversed = False
        self.charge_pump = False
        self.commands = []
        self.command_count = 0
        self.data_bytes = 0
        self._pending = None  # (command, args so far, args needed)

    # ---- the I2C byte stream ----------------------------------------------
    def transaction(self, payload):
        """One I2C write to the controller (bytes after the address byte).

        :raises ProtocolError: a control byte with bits other than Co and D/C# set.
        """
        index = 0
        count = len(payload)
        while index < count:
            control = payload[index]
            index += 1
            if control & 0x3F:
                raise ProtocolError("control byte 0x%02x has reserved bits set" % control)
            is_data = bool(control & 0x40)
            if control & 0x80:  # Co = 1: one byte, then another control byte
                if index < count:
                    self._byte(payload[index], is_data)
                    index += 1
            else:  # Co = 0: the rest is all data or all commands
                while index < count:
                    self._byte(payload[index], is_data)
                    index += 1

    def _byte(self, value, is_data):
        if is_data:
            self._data(value)
        else:
            self._command_byte(value)

    # ---- commands ------------------------------------------------------------
    def _command_byte(self, value):
        if self._pending is not None:
            command, args, needed = self._pending
            args.append(value)
            if len(args) == needed:
                self._pending = None
                self._command(command, args)
            return
        needed = _ARGS.get(value, 0)
        if needed:
            self._pending = (value, [], needed)
        else:
            self._command(value, [])

    def _command(self, command, args):
        self.command_count += 1
        self.commands.append(command)
        if len(self.commands) > 64:  # keep the model's RAM flat (benchmarks run it for hours)
            del self.commands[:32]
        if command == 0x20:
            self.mode = args[0] & 0x03
            if self.mode == 3:
                raise ProtocolError("0x20: addressing mode 3 is invalid")
        elif command == 0x21:
            self.col_start = args[0] & 0x7F
            self.col_end = args[1] & 0x7F
            self.col = self.col_start
        elif command == 0x22:
            self.page_start = args[0] & 0x07
            self.page_end = args[1] & 0x07
            self.page = self.page_start
        elif command == 0x81:
            self.contrast = args[0]
        elif command == 0xA8:
            self.mux = args[0] & 0x3F
            if self.mux < 15:
                raise ProtocolError("0xA8: multiplex ratio %d is below 16" % (self.mux + 1))
        elif command == 0xD3:
            self.offset = args[0] & 0x3F
        elif command == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif command in (0xAE, 0xAF):
            self.display_on = command == 0xAF
        elif command in (0xA6, 0xA7):
            self.inverted = command == 0xA7
        elif command in (0xA4, 0xA5):
            self.entire_on = command == 0xA5
        elif command in (0xA0, 0xA1):
            self.seg_remap = command == 0xA1
        elif command in (0xC0, 0xC8):
            self.com_reversed = command == 0xC8
        elif 0x40 <= command <= 0x7F:
            self.start_line = command & 0x3F
        elif 0xB0 <= command <= 0xB7:
            self.page = command & 0x07
        elif command <= 0x0F:
            self.page_mode_col = (self.page_mode_col & 0xF0) | command
            self.col = self.page_mode_col
        elif command <= 0x1F:
            self.page_mode_col = ((command & 0x07) << 4) | (self.page_mode_col & 0x0F)
            self.col = self.page_mode_col
        # timing/scroll commands: kept in self.commands, no effect on GDDRAM

    # ---- data ----------------------------------------------------------------
    def _data(self, value):
        self.gddram[self.page * WIDTH + self.col] = value
        self.data_bytes += 1
        if self.mode == HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page mode: the column wraps within the page (datasheet 10.1.3)
            self.col = self.page_mode_col if self.col >= WIDTH - 1 else self.col + 1

    # ---- what a person would see --------------------------------------------
    def ram_pixel(self, x, y):
        """GDDRAM bit for column x (0..127), row y (0..63): 1 or 0."""
        return (self.gddram[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def visible(self, x, y):
        """Whether the panel lights pixel (x, y), 1 or 0, as seen on a module mounted
        so that segment remap plus reversed COM scan (what both drivers send) is
        upright. Takes in display on/off, entire-on, inverse, the start line and the
        multiplex ratio (rows past mux + 1 stay dark)."""
        if not self.display_on or y > self.mux:
            return 0
        if self.entire_on:
            return 1
        col = x if self.seg_remap else WIDTH - 1 - x
        row = y if self.com_reversed else self.mux - y
        row = (row + self.start_line) & 63
        return self.ram_pixel(col, row) ^ (1 if self.inverted else 0)


class FakeI2C:
    """MicroPython machine.I2C stand-in with one SSD1306 (``model``) at ``addr``.

    Counts ``transactions`` and ``bytes`` (address byte included) so a frame's time
    on the bus can be worked out (``bus_ms``). ``present=False`` makes it a bus with
    nothing on it (every write raises OSError(ENODEV), scan() is empty).
    """

    def __init__(self, addr=0x3C, present=True):
        self.addr = addr
        self.present = present
        self.model = SSD1306Model()
        self.transactions = 0
        self.bytes = 0
        # one buffer for every writevto, allocated once: a real bus allocates
        # nothing, and a fresh 1 KB block per frame failed in a 192K heap in pieces
        self._vector = bytearray(2048)

    def scan(self):
        """Addresses that answer."""
        return [self.addr] if self.present else []

    def _check(self, addr):
        if not self.present or addr != self.addr:
            raise OSError(19)  # ENODEV: no ACK

    def writeto(self, addr, buf, stop=True):
        """One write transaction. :returns: number of ACKs (bytes written)."""
        self._check(addr)
        self.transactions += 1
        self.bytes += 1 + len(buf)
        self.model.transaction(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        """One write transaction made of several buffers."""
        self._check(addr)
        size = 0
        for part in vector:
            size += len(part)
        if size <= len(self._vector):
            at = 0
            for part in vector:
                self._vector[at:at + len(part)] = part
                at += len(part)
            payload = memoryview(self._vector)[:size]
        else:
            payload = b"".join(bytes(part) for part in vector)
        self.transactions += 1
        self.bytes += 1 + size
        self.model.transaction(payload)
        return size

    def reset_counts(self):
        """Zero the transaction and byte counters."""
        self.transactions = 0
        self.bytes = 0

    def bus_ms(self, freq=400000):
        """The time the counted traffic takes at ``freq`` Hz: 9 clocks per byte (8
        bits + ACK) and about 2 clocks per transaction for START and STOP."""
        clocks = self.bytes * 9 + self.transactions * 2
        return clocks * 1000.0 / freq


class FakeBusioI2C(FakeI2C):
    """busio.I2C stand-in (Blinka / CircuitPython) for adafruit_ssd1306."""

    def __init__(self, addr=0x3C, present=True):
        super().__init__(addr, present)
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, addr, buf, *, start=0, end=None):
        """busio's write: the slice buf[start:end]; an empty write is a probe."""
        if end is None:
            end = len(buf)
        self._check(addr)
        payload = bytes(buf[start:end])
        if not payload:
            return
        self.transactions += 1
        self.bytes += 1 + len(payload)
        self.model.transaction(payload)

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        """Reads return the status byte (0: display on/off bit clear)."""
        self._check(addr)
