"""Frames on a PC: block characters for a terminal, PNG files (Pillow)."""

WIDTH = 128
HEIGHT = 64

# two pixel rows per character: (top, bottom) -> char
_BLOCKS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def frame_rows(board):
    """The frame as 64 lists of 128 ints (0/1)."""
    return [[board.pixel(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]


def to_blocks(board, border=True):
    """The frame as 32 lines of half-block characters (str), framed when ``border``."""
    rows = frame_rows(board)
    lines = []
    for y in range(0, HEIGHT, 2):
        line = "".join(_BLOCKS[(rows[y][x], rows[y + 1][x])] for x in range(WIDTH))
        lines.append("\u2502" + line + "\u2502" if border else line)
    if border:
        lines.insert(0, "\u250c" + "\u2500" * WIDTH + "\u2510")
        lines.append("\u2514" + "\u2500" * WIDTH + "\u2518")
    return "\n".join(lines)


def to_png(board, path, scale=4):
    """Write the frame as a PNG, each pixel a ``scale`` x ``scale`` square (OLED colours)."""
    from PIL import Image

    image = Image.new("RGB", (WIDTH, HEIGHT), (8, 10, 20))
    on = (120, 200, 255)
    pixels = image.load()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if board.pixel(x, y):
                pixels[x, y] = on
    image = image.resize((WIDTH * scale, HEIGHT * scale), Image.NEAREST)
    image.save(path)
