"""The drawing surface: a text grid of 21 x 8 cells of 6 x 8 pixels over a framebuffer.

Text is drawn by our own blitter from the 6 x 8 font in ``firmware/font6x8.py``
(``framebuf.text`` has only its 8 x 8 font, 16 columns): each glyph's 6 column bytes
go straight into the framebuffer's pages (SSD1306 / MONO_VLSB layout, a text row is
one page), one slice copy a glyph, the same on the Pico, the MicroPython unix port
and CPython. Shapes go through the framebuffer's own methods (MicroPython's
``framebuf.FrameBuffer`` and drivers built on it, such as micropython-lib's ssd1306,
or ``adafruit_framebuf.FrameBuffer`` and adafruit_ssd1306). The text drawn on each
frame is also kept as characters, so a test or the simulator's ``--screen text`` can
read the screen back.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

COLS = const(21)
ROWS = const(8)
CELL = const(6)    # pixels per column
LINE = const(8)    # pixels per row (one SSD1306 page)
NB = "\x1f"        # a space that ui.wrap never breaks at ("P3" NB "S5"): drawn as a space
_BLANK = b" " * COLS  # a text row cleared (Surface.clear: one slice copy a row)


def _page_buffer(fb):
    """The MONO_VLSB page buffer under ``fb``: adafruit_framebuf keeps it as ``buf``
    (adafruit_ssd1306 passes its frame without the I2C control byte there),
    micropython-lib's ssd1306 as ``buffer``; None for a framebuffer with neither
    (a test's fake: then only the text record is kept)."""
    for name in ("buf", "buffer"):
        buf = getattr(fb, name, None)
        if isinstance(buf, (bytearray, memoryview)):
            return buf
    return None


def _printable(chunk):
    """UTF-8 bytes made one printable ASCII code a character: NB a space, a
    control character or a non-ASCII one "?" (its continuation bytes dropped).
    :returns: bytes."""
    out = bytearray()
    for code in chunk:
        if code < 0x80 or code >= 0xC0:
            if code == 31:  # NB
                code = 32
            elif code < 32 or code > 126:
                code = 63
            out.append(code)
    return bytes(out)


class Surface:
    """Text and simple shapes on a 128 x 64 monochrome framebuffer.

    :param fb: a framebuffer with fill, fill_rect, rect, hline, pixel.
    :param show: callable() that sends the frame to the display (or None).
    :param font: the font's bytes (``firmware.font6x8.FONT`` when None).
    :param power: callable(level) with level "on", "dim" or "off" that sets the
        panel's brightness (screen care), or None where the display has no such control.
    :param buf: the framebuffer's MONO_VLSB page buffer (width * height / 8 bytes)
        when ``fb`` does not expose it as ``buf`` or ``buffer`` (a plain
        framebuf.FrameBuffer); None draws no text pixels, only the text record.

    ``trace``: None, or a list that each ``text``/``mark`` call of the current frame
    is appended to as (row, col, text as asked, kind "text"/"mark"), before any
    clipping (the screen-walk test reads it); ``clear`` empties it.
    """

    def __init__(self, fb, show=None, font=None, width=128, height=64, power=None, buf=None):
        self.fb = fb
        self._show = show
        self._power = power
        self.level = "on"
        if font is None:
            from firmware.font6x8 import FONT
            font = FONT
        self._font = memoryview(font)
        self._buf = buf if buf is not None else _page_buffer(fb)
        self.width = width
        self.height = height
        self._rows = [bytearray(COLS) for _ in range(ROWS)]
        self.frames = 0
        self.trace = None
        self.clear()

    def clear(self):
        """Blank the frame and the text record."""
        self.fb.fill(0)
        for row in self._rows:
            row[:] = _BLANK
        if self.trace is not None:
            del self.trace[:]

    def text(self, row, col, text, invert=False):
        """Write ``text`` at cell (row 0..7, col 0..20), clipped at the right edge.

        A character outside printable ASCII is one "?" cell (NB a space).
        Cost (issue 21: a frame is drawn on every press): the checks are made once
        for the row, in C, and each glyph is one slice copy into the page (checks
        and copies a character at a time took ~150 us a character on a Pico, 17 ms
        a menu; now ~100 us). A table of the glyphs as bytes joined in C was twice
        as fast but held 4.4 KB of the heap for good.

        :param invert: draw light-on-dark as a highlight bar from ``col`` to the
            row's end.
        """
        if self.trace is not None:
            self.trace.append((row, col, text, "text"))
        if row < 0 or row >= ROWS or col >= COLS or col < 0:
            return
        buf = self._buf
        if invert:
            self.fb.fill_rect(col * CELL, row * LINE, self.width - col * CELL, LINE, 1)
        chunk = text.encode()
        if not chunk:
            return
        # through the UTF-8 bytes: a str's characters (text[i]) are interned by
        # MicroPython, each new one a name kept for good (a full name pool then
        # fails every frame showing it)
        if len(chunk) != len(text) or min(chunk) < 32 or max(chunk) > 126:
            chunk = _printable(chunk)
        chunk = chunk[:COLS - col]
        self._rows[row][col:col + len(chunk)] = chunk
        if buf is None:
            return
        font = self._font
        start = at = row * self.width + col * CELL
        for code in chunk:  # the loop's least: one slice copy a glyph
            code = (code - 32) * CELL
            buf[at:at + CELL] = font[code:code + CELL]
            at += CELL
        if invert:  # every bit flipped, in C: the text dark on the bar
            size = at - start
            buf[start:at] = (int.from_bytes(bytes(buf[start:at]), "little")
                             ^ ((1 << (size * 8)) - 1)).to_bytes(size, "little")

    def mark(self, row, col, char, invert=False):
        """A scroll mark ("^" or "v") at cell (row, col): drawn as text, recorded
        as a mark (the screen-walk test checks no mark touches text).

        :param invert: the row is a bar (an inverted title): the mark dark on it, as
            its text (the bar from ``col`` to the row's end is drawn again)."""
        if self.trace is not None:
            self.trace.append((row, col, char, "mark"))
            trace = self.trace
            self.trace = None
            self.text(row, col, char, invert)
            self.trace = trace
        else:
            self.text(row, col, char, invert)

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

    def vline(self, x, y, h, color=1):
        """Vertical line in pixels."""
        self.fb.vline(x, y, h, color)

    def pixel(self, x, y, color=1):
        """One pixel."""
        self.fb.pixel(x, y, color)

    def blit(self, buf, keep=False):
        """Copy the frame's pixels (its page buffer; not the text record) into ``buf``
        (a bytearray of width * height / 8 bytes) when ``keep``, else ``buf`` into the
        frame: a picture drawn once and put back on later frames (a Cybernaut grid's
        cells: firmware/games/cybernaut/grid.py draw_grid; issue 21).

        :returns: False when nothing was copied (no page buffer: a test's text-only
            framebuffer, or ``buf`` of another size), else True."""
        frame = self._buf
        if frame is None or len(buf) != len(frame):
            return False
        if keep:
            buf[:] = frame
        else:
            frame[:] = buf
        return True

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
