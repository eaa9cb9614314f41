"""The Neo-Hunt map screen (firmware.games.neohunt.mapview.NhMap): each sector's
cell is its name and a trooper mark "T" (troopers are always in view, Neo-Hunt
troopers), never a count beside the sector number that read as another sector
("11" was S1 with one trooper); the legend is on the screen."""

from check import NullFb

from firmware.games.neohunt.mapview import NhMap
from firmware.surface import Surface
from test_neohunt_rules import started


class _GameScreen:
    ID = "nh_game"

    def __init__(self, game):
        self.g = game

    def game(self, app):
        return self.g


class _App:
    def __init__(self, game):
        self.stack = [_GameScreen(game)]

    def find(self, screen_id):
        assert screen_id == "nh_game"
        return self.stack[0]


def _trooper(tid, at, wait=False):
    return {"id": tid, "type": "01", "up": False, "at": at, "wait": wait, "dmg": 0,
            "burn": [], "igniter": None}


def _lines(game, sel):
    surface = Surface(NullFb())
    screen = NhMap({"sel": sel})
    screen.draw(_App(game), surface)
    return surface.lines()


def test_sectors_with_troopers_are_marked_T_and_the_legend_is_shown():
    g = started([1, 2])  # P1 in S1, P2 in S2, both cloaked after the reveal
    g.d["troopers"] = [_trooper(1, 1), _trooper(2, 1), _trooper(3, 0), _trooper(4, 3, True)]
    lines = _lines(g, 1)
    assert lines[1:4] == ["    6   1T",
                          "  5   CT  2",
                          "    4   3"]
    assert lines[6] == "P1 T1 T2"
    assert lines[7] == "T=trooper ^v B"
    # a waiting trooper (not yet on the board) is listed, not marked on the map
    lines = _lines(g, 3)
    assert lines[3] == "    4   3" and lines[6] == "T4w"


def test_no_sector_reads_as_another():
    # six troopers in S1: the cell stays "1T", two cells as before
    g = started([2, 3])
    g.d["troopers"] = [_trooper(i + 1, 1) for i in range(6)]
    lines = _lines(g, 0)
    assert lines[1] == "    6   1T"
    for line in lines[1:4]:
        for word in line.split():
            assert word in ("C", "CT") or (word[0] in "123456" and word[1:] in ("", "T")), word


def test_every_sector_stays_readable_whichever_is_chosen():
    # the chosen sector's highlight ran to the row's end and hid the sectors drawn
    # on its right (C chosen: S2 was a lit block on the display)
    from boards.sim import SimBoard
    from check import tempdir
    board = SimBoard(tempdir("nhmappx"))
    surface = board.make_surface()
    g = started([1, 2])
    g.d["troopers"] = [_trooper(1, 2)]

    def cell(row, col):
        return [board.pixel(x, y) for y in range(row * 8, row * 8 + 8)
                for x in range(col * 6, col * 6 + 12)]

    layout = ((2, 6), (1, 8), (2, 10), (3, 8), (3, 4), (2, 2), (1, 4))
    plain = []
    for pos in range(7):  # each label drawn alone, not chosen
        surface.clear()
        surface.text(layout[pos][0], layout[pos][1], ("C" if pos == 0 else str(pos))
                     + ("T" if pos == 2 else " "))
        plain.append(cell(layout[pos][0], layout[pos][1]))
    for sel in range(7):
        surface.clear()
        NhMap({"sel": sel}).draw(_App(g), surface)
        for pos in range(7):
            got = cell(layout[pos][0], layout[pos][1])
            if pos == sel:  # light on dark: the plain cell's pixels inverted
                assert got == [1 - v for v in plain[pos]], (sel, pos)
            else:
                assert got == plain[pos], (sel, pos)
