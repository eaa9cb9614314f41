"""The drawing surface: a text grid of 16 x 8 cells of 8 x 8 pixels over a framebuffer.

Works on MicroPython's ``framebuf.FrameBuffer`` (and drivers built on it, such as
micropython-lib's ssd1306) and on ``adafruit_framebuf.FrameBuffer`` (and
adafruit_ssd1306). The text drawn on each frame is also kept as characters, so a
test or the simulator's ``--screen text`` can read the screen back.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

COLS = const(16)
ROWS = const(8)
CELL = const(8)


class Surface:
    """Text and simple shapes on a 128 x 64 monochrome framebuffer.

    :param fb: a framebuffer with fill, fill_rect, rect, hline, vline, pixel, text.
    :param show: callable() that sends the frame to the display (or None).
    :param font: None to use the framebuffer's own 8x8 text; or the path of an
        adafruit_framebuf font file, drawn one character at a time so spacing is
        8 pixels as on MicroPython.
    :param power: callable(level) with level "on", "dim" or "off" that sets the
        panel's brightness (screen care), or None where the display has no such control.
    """

    def __init__(self, fb, show=None, font=None, width=128, height=64, power=None):
        self.fb = fb
        self._show = show
        self._power = power
        self.level = "on"
        self._font = font
        self.width = width
        self.height = height
        self._rows = [bytearray(COLS) for _ in range(ROWS)]
        self.frames = 0
        self.clear()

    def clear(self):
        """Blank the frame and the text record."""
        self.fb.fill(0)
        for row in self._rows:
            for i in range(COLS):
                row[i] = 32

    def text(self, row, col, text, invert=False):
        """Write ``text`` at cell (row 0..7, col 0..15), clipped at the right edge.

        :param invert: draw light-on-dark as a highlight bar across the cells.
        """
        if row < 0 or row >= ROWS or col >= COLS:
            return
        text = text[:COLS - col]
        record = self._rows[row]
        # through the UTF-8 bytes: a str's characters (text[i]) are interned by
        # MicroPython, each new one a name kept for good (a full name pool then
        # fails every frame showing it); a non-ASCII character is one "?" cell
        at = col
        for code in text.encode():
            if code < 0x80 or code >= 0xC0:
                record[at] = code if 32 <= code < 127 else 63
                at += 1
        x = col * CELL
        y = row * CELL
        color = 1
        if invert:
            self.fb.fill_rect(x, y, (COLS - col) * CELL, CELL, 1)
            color = 0
        if self._font is None:
            self.fb.text(text, x, y, color)
        else:
            for ch in text:
                # the font file has printable ASCII only: anything else (a curly
                # quote typed into a pack) is a "?" cell, as in the text record
                self.fb.text(ch if " " <= ch <= "~" else "?", x, y, color,
                             font_name=self._font)
                x += CELL

    def line_text(self, row, text, invert=False):
        """Write a whole row (col 0)."""
        self.text(row, 0, text, invert)

    def fill_rect(self, x, y, w, h, color=1):
        """Filled rectangle in pixels."""
        self.fb.fill_rect(x, y, w, h, color)

    def rect(self, x, y, w, h, color=1):
        """Rectangle outline in pixels."""
        self.fb.rect(x, y, w, h, color)

    def hline(self, x, y, w, color=1):
        """Horizontal line in pixels."""
        self.fb.hline(x, y, w, color)

    def pixel(self, x, y, color=1):
        """One pixel."""
        self.fb.pixel(x, y, color)

    def show(self):
        """Send the frame to the display."""
        self.frames += 1
        if self._show is not None:
            self._show()

    def set_power(self, level):
        """Set the panel to "on", "dim" or "off" (no-op without a power control)."""
        self.level = level
        if self._power is not None:
            self._power(level)

    def lines(self):
        """The text of the frame, one str per row, trailing spaces removed."""
        return [bytes(row).decode().rstrip() for row in self._rows]
