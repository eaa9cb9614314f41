"""Which pages of a frame changed since the last one sent (for the display drivers).

An SSD1306 frame is 8 pages of 128 column bytes. Sending only the pages that
changed cuts the bytes on the I2C bus (a menu move changes 2 of 8 pages). Pure
Python, runs under CPython and MicroPython; the boards' display classes use it.
"""


class PageDiff:
    """Remembers the last frame sent and finds the changed pages.

    :param pages: pages in a frame (8 for 64 rows).
    :param width: bytes per page (128).
    """

    def __init__(self, pages, width):
        self.pages = pages
        self.width = width
        self.shadow = bytearray(pages * width)
        self.full = True  # the first frame goes out whole

    def runs(self, buf):
        """Runs of consecutive changed pages, as (first, last) page pairs, and take
        ``buf`` as sent (the caller sends exactly those runs).

        :param buf: the frame (bytes-like, pages * width bytes, page-major).
        :returns: list of (first, last), both inclusive, in page order; [] if nothing
            changed.
        """
        width = self.width
        shadow = self.shadow
        out = []
        start = -1
        for page in range(self.pages):
            a = page * width
            b = a + width
            changed = self.full or buf[a:b] != shadow[a:b]
            if changed:
                shadow[a:b] = buf[a:b]
                if start < 0:
                    start = page
            elif start >= 0:
                out.append((start, page - 1))
                start = -1
        if start >= 0:
            out.append((start, self.pages - 1))
        self.full = False
        return out

    def invalidate(self):
        """Send the whole next frame (after a reset or power cycle of the panel)."""
        self.full = True
