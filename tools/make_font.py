"""Write boards/font8x8.bin: MicroPython's built-in 8x8 framebuf font in the
adafruit_framebuf font-file format, so the CPython simulator and Linux boards draw
exactly the glyphs the Pico draws.

Run under the MicroPython unix port (it has framebuf):
    micropython tools/make_font.py boards/font8x8.bin
Format: 1 byte width (8), 1 byte height (8), then 256 glyphs of 8 column bytes,
bit 0 = top row. Characters outside 32..126 are blank.
"""

import sys

import framebuf


def main(path):
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    out = bytearray(b"\x08\x08")
    for code in range(256):
        fb.fill(0)
        if 32 <= code < 127:
            fb.text(chr(code), 0, 0, 1)
        out.extend(buf)
    with open(path, "wb") as handle:
        handle.write(out)


main(sys.argv[1])
