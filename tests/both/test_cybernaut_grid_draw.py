"""firmware.games.cybernaut.grid.draw_grid draws, line by line and only where
something is, the very frame a cell-by-cell drawing gives (issue 21: a cursor step
on the Central Matrix was a quarter of a second on a Pico): compared pixel for
pixel with that drawing (``_reference`` below, the drawing it replaced) over the
four grids, every cursor corner and edge, and random marks, chits, GAPs, green
addresses and Ghost, cursor on them too."""

from boards.sim import HEIGHT, WIDTH, _make_framebuffer
from firmware.games.cybernaut.grid import X0, Y0, draw_grid
from firmware.surface import Surface
from shared_rules.cybernaut.grid import address, grid_size


def _reference(surface, grid, cursor, marks, shown, ghost, green, gaps):
    """The cell-by-cell drawing of every cell (outline, foot line, GAP line, chit,
    mark, Ghost; the cursor's cell filled, its contents dark)."""
    size = grid_size(grid)
    for row in range(size):
        for col in range(size):
            at = address(grid, row, col)
            cell = 20 if size == 3 else 6
            x, y = X0 + col * cell, Y0 + row * cell
            on = 1
            if (row, col) == cursor:
                surface.fill_rect(x, y, cell + 1, cell + 1, 1)
                on = 0
            else:
                surface.rect(x, y, cell + 1, cell + 1, 1)
            mid = cell // 2
            if at in green:
                surface.hline(x + 1, y + cell - 1, cell - 1, on)
            elif at in gaps:
                for d in range(1, cell):
                    surface.pixel(x + 1, y + d, on)
            if at in shown:
                half = 1 if cell == 6 else 3
                surface.fill_rect(x + mid - half, y + mid - half, half * 2, half * 2, on)
            elif at in marks:
                surface.pixel(x + mid, y + mid, on)
            if at == ghost:
                for d in range(-2, 3):
                    surface.pixel(x + mid + d, y + mid + d, on)
                    surface.pixel(x + mid + d, y + mid - d, on)


class _Lcg:
    """A seeded stream of numbers, the same on both runtimes (MicroPython's random
    has no Random class)."""

    def __init__(self, seed):
        self.state = seed

    def getrandbits(self, bits):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) & ((1 << bits) - 1)


def _frame(draw, *args):
    buf = bytearray(WIDTH * HEIGHT // 8)
    surface = Surface(_make_framebuffer(buf), None, buf=buf)
    surface.clear()
    draw(surface, *args)
    return bytes(buf)


def _some(rng, grids, count):
    out = []
    for _ in range(count):
        grid = grids[rng.getrandbits(8) % len(grids)]
        size = grid_size(grid)
        out.append(address(grid, rng.getrandbits(8) % size, rng.getrandbits(8) % size))
    return out


def _same(grid, cursor, marks, shown, ghost, green, gaps):
    want = _frame(_reference, grid, cursor, marks, shown, ghost, green, gaps)
    got = _frame(draw_grid, grid, cursor, marks, shown, ghost, green, gaps)
    if got != want:
        for at in range(len(want)):
            if got[at] != want[at]:
                break
        raise AssertionError("grid %s cursor %r: byte %d (column %d, page %d) is %02x, not %02x"
                             % (grid, cursor, at, at % WIDTH, at // WIDTH, got[at], want[at]))


def test_an_empty_grid_with_the_cursor_at_every_corner_and_the_middle():
    for grid in ("A", "B", "C", "M"):
        last = grid_size(grid) - 1
        for cursor in ((0, 0), (0, last), (last, 0), (last, last), (1, 1)):
            _same(grid, cursor, {}, {}, None, {}, [])


def test_every_kind_of_mark_on_and_off_the_cursor():
    green = {"M00": "Sprawl", "M55": "x", "A11": "y"}
    gaps = ["M01", "M55", "B22"]  # M55: green and GAP, green wins
    marks = {"M02": 1, "M03": 2, "M55": 1, "A00": 1}
    shown = {"M03": ["Tracer"], "M44": ["ICE"], "A11": ["Probe"]}
    for grid in ("A", "B", "M"):
        size = grid_size(grid)
        for row in range(size):
            for col in range(size):
                _same(grid, (row, col), marks, shown, "M44" if grid == "M" else "A11", green, gaps)


def test_random_grids_match_the_cell_by_cell_drawing():
    rng = _Lcg(21)
    for _ in range(60):
        grid = ("A", "B", "C", "M")[rng.getrandbits(8) % 4]
        size = grid_size(grid)
        green = {}
        for at in _some(rng, ("A", "B", "C", "M", "M"), 8):
            green[at] = "g"
        gaps = _some(rng, ("A", "M", "M"), 6)
        marks = {}
        for at in _some(rng, ("B", "M", "M"), 10):
            marks[at] = 1
        shown = {}
        for at in _some(rng, ("C", "M", "M"), 5):
            shown[at] = ["chit"]
        ghost = _some(rng, ("A", "M"), 1)[0] if rng.getrandbits(1) else None
        cursor = (rng.getrandbits(8) % size, rng.getrandbits(8) % size)
        _same(grid, cursor, marks, shown, ghost, green, gaps)
        # the cursor on something
        spots = [at for at in list(marks) + list(shown) + list(green) + gaps if at[0] == grid]
        if spots:
            at = spots[rng.getrandbits(8) % len(spots)]
            _same(grid, (int(at[1]), int(at[2])), marks, shown, at, green, gaps)


def test_the_cells_kept_between_frames_are_put_back_only_while_they_show_the_same():
    # draw_grid keeps the cells without the cursor as pixels (Surface.blit) and puts
    # them back while the grid shows the same things (issue 21: a cursor step on the
    # NSA's placement grid was 30 ms of a Pico, most of it redrawing the cells)
    from firmware.games.cybernaut import grid as grid_module
    green = {"M00": "Sprawl"}
    gaps = ["M01"]
    marks = {"M02": 1}
    shown = {"M44": ["ICE"]}
    calls = []
    hline = Surface.hline

    def counted(self, *args):
        calls.append(args)
        return hline(self, *args)
    Surface.hline = counted
    try:
        grid_module._CELLS[0] = None
        _frame(draw_grid, "M", (0, 0), marks, shown, None, green, gaps)
        drawn = len(calls)
        del calls[:]
        _frame(draw_grid, "M", (5, 5), marks, shown, None, green, gaps)  # put back
        assert drawn >= 11 and len(calls) == 0, (drawn, len(calls))
        _same("M", (5, 5), marks, shown, None, green, gaps)
        # a mark added to the same dict, a chit shown, the Ghost come, another grid:
        # drawn again, each matching the cell-by-cell drawing
        marks["M66"] = 1
        _same("M", (5, 5), marks, shown, None, green, gaps)
        shown["M77"] = ["Probe"]
        _same("M", (5, 6), marks, shown, None, green, gaps)
        _same("M", (5, 6), marks, shown, "M88", green, gaps)
        _same("A", (1, 1), marks, shown, "M88", green, gaps)
        del calls[:]
        _frame(draw_grid, "A", (2, 2), marks, shown, "M88", green, gaps)
        assert len(calls) == 0
        _same("A", (2, 2), marks, shown, "M88", green, gaps)
        # green and GAP addresses made afresh each frame (the netrun grid's): put back
        # while equal, drawn again when one changed, even in place (found by review)
        _frame(draw_grid, "M", (1, 1), marks, shown, None, dict(green), list(gaps))
        del calls[:]
        _frame(draw_grid, "M", (1, 2), marks, shown, None, dict(green), list(gaps))
        assert len(calls) == 0
        green["M11"] = "x"
        _same("M", (1, 2), marks, shown, None, green, gaps)
        # the Ghost moving and the marks made afresh by a store (a netrun's moves):
        # the cells put back, the Ghost drawn on them (issue 21: each move drew the
        # whole grid again), the frame the cell-by-cell drawing's
        _frame(draw_grid, "M", (1, 2), dict(marks), shown, "M00", green, gaps)
        for ghost, cursor in (("M01", (1, 2)), ("M02", (0, 2)), ("M66", (6, 6)), ("M77", (0, 0)),
                              (None, (3, 3))):
            del calls[:]
            _frame(draw_grid, "M", cursor, dict(marks), dict(shown), ghost, green, gaps)
            # no outline drawn (the cursor's cell on a green address draws its line)
            assert [c for c in calls if c[2] == 61] == [], ghost
            _same("M", cursor, dict(marks), dict(shown), ghost, green, gaps)
        marks["M33"] = 2
        del calls[:]
        _frame(draw_grid, "M", (3, 3), marks, shown, "M33", green, gaps)
        assert len([c for c in calls if c[2] == 61]) == 11  # a mark more: drawn again
        _same("M", (3, 3), marks, shown, "M33", green, gaps)
    finally:
        Surface.hline = hline
        grid_module._CELLS[0] = None
