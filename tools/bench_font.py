"""Frame time of text: the 6 x 8 font's blitter (firmware/surface.py) against
MicroPython's built-in 8 x 8 ``framebuf.text`` that the Surface used before.

Run under the MicroPython unix port (it has framebuf; CPython runs only the new):
    .venv/bin/micropython -X heapsize=192K tools/bench_font.py
Each frame is what a full menu costs: clear, 8 rows of text to the last column
(21 cells new, 16 old), one of them inverted. Prints ms per frame, the bytes
allocated per frame, and "met"/"NOT MET" for the goal: a frame of text under 1 ms
here, which is under the 100 ms a press may take on a Pico (~100x slower).
"""

import gc
import sys
import time

sys.path.insert(0, (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/..")

from firmware.surface import Surface  # noqa: E402

FRAMES = 500
GOAL_MS = 1.0
TEXT = "Neo-Hunt set-up: P1 S1, P2 S3, P3 S5 ~"


def ticks_us():
    try:
        return time.ticks_us()
    except AttributeError:
        return int(time.perf_counter() * 1000000)


def frames(draw, surface):
    gc.collect()
    before = gc.mem_free() if hasattr(gc, "mem_free") else 0
    start = ticks_us()
    for _ in range(FRAMES):
        draw(surface)
    took = ticks_us() - start
    after = gc.mem_free() if hasattr(gc, "mem_free") else 0
    return took / 1000 / FRAMES, (before - after) / FRAMES


def new_frame(surface):
    surface.clear()
    for row in range(8):
        surface.text(row, 0, TEXT, row == 1)


def old_frame(fb):
    # the old Surface: framebuf.text in its 8x8 font, 16 columns, one row inverted
    fb.fill(0)
    for row in range(8):
        color = 1
        if row == 1:
            fb.fill_rect(0, row * 8, 128, 8, 1)
            color = 0
        fb.text(TEXT[:16], 0, row * 8, color)


def main():
    buf = bytearray(1024)
    try:
        import framebuf
        fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    except ImportError:
        import adafruit_framebuf
        fb = adafruit_framebuf.FrameBuffer(buf, 128, 64, adafruit_framebuf.MVLSB)
        framebuf = None
    surface = Surface(fb, buf=buf)
    ms, alloc = frames(new_frame, surface)
    print("6x8 blitter, 21 cols: %.3f ms/frame, %d bytes allocated/frame" % (ms, alloc))
    if framebuf is not None:
        old_ms, old_alloc = frames(old_frame, fb)
        print("8x8 framebuf.text, 16 cols (before): %.3f ms/frame, %d bytes allocated/frame"
              % (old_ms, old_alloc))
    print("goal: a frame of text under %.1f ms on this port: %s" % (GOAL_MS, "met" if ms < GOAL_MS else "NOT MET"))


main()
