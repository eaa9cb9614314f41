"""Neo-Hunt map screen: the seven sectors as a text layout."""

from firmware.buttons import A, B, DOWN, UP
from firmware.surface import CELL
from firmware.games.neohunt.shared import open_game
from firmware.ui import Screen
from shared_rules.neohunt.board import neighbours_by_exit, place_name


# map layout: (row, col) of each position's label on the text grid
_LAYOUT = ((2, 6), (1, 8), (2, 10), (3, 8), (3, 4), (2, 2), (1, 4))


class NhMap(Screen):
    """The board as text: seven hexes (C in the middle, S1 top right, clockwise),
    each two cells wide: the sector ("C", "1".."6") and a mark, "T" when troopers
    stand there (troopers are always in view, Neo-Hunt troopers), else blank; the
    bottom line gives the legend. UP/DOWN picks a sector whose type, walls,
    troopers (each "T<id>", "w" waiting to arrive) and known varans are listed
    below. Never a hidden place.

    State: {"sel": 0..6}.
    """

    ID = "nh_map"
    # UP/DOWN only pick the sector shown (a view: firmware.saving.moves_only)
    VIEW_ARROWS = True
    HELP = ("Up/Down sector\n"
            "A or B back\n"
            "The chosen sector:\n"
            "its tile (Open,\n"
            "Lab...); cov: it\n"
            "has cover; spr:\n"
            "sprinklers; Wall:\n"
            "its walled exits;\n"
            "then who is there\n"
            "(T2w: trooper 2\n"
            "waits to arrive).\n"
            "T by a sector: a\n"
            "trooper is there")

    def draw(self, app, surface):
        g = open_game(app)
        sel = self.s["sel"]
        surface.line_text(0, "Map", True)
        # the chosen sector first: its highlight bar runs to the row's end, so the
        # rest of the row is made dark again before the other sectors are drawn
        for pos in [sel] + [p for p in range(7) if p != sel]:
            row, col = _LAYOUT[pos]
            # a count beside the sector ("11") read as a sector number
            mark = "T" if [t for t in g.on_board() if t["at"] == pos] else " "
            label = ("C" if pos == 0 else str(pos)) + mark
            surface.text(row, col, label, pos == sel)
            if pos == sel:
                surface.fill_rect((col + 2) * CELL, row * 8, surface.width - (col + 2) * CELL, 8, 0)
        board = g.board
        flags = board.type_of(sel)[:7]
        if board.has(sel, "cover"):
            flags += " cov"
        if board.has(sel, "sprinklers"):
            flags += " spr"
        surface.line_text(4, place_name(sel) + " " + flags)
        shut = [place_name(q) for q in _neigh(sel) if not board.open_between(sel, q)]
        surface.line_text(5, "Wall " + (" ".join(shut) if shut else "-"))
        here = []
        for p in range(len(g.d["players"])):
            v = g.d["players"][p]["varan"]
            if v is not None and g.state(p) != "hidden" and v["init"] == sel:
                here.append(g.d["players"][p]["name"])
        for t in g.d["troopers"]:
            if t["at"] == sel:
                here.append("T%d%s" % (t["id"], "w" if t["wait"] else ""))
        surface.line_text(6, " ".join(here))
        surface.line_text(7, "T=trooper ^v B")

    def on_button(self, app, name, kind):
        if name == UP:
            self.s["sel"] = (self.s["sel"] - 1) % 7
        elif name == DOWN:
            self.s["sel"] = (self.s["sel"] + 1) % 7
        elif name == A or name == B:
            app.pop()


def _neigh(pos):
    return [q for q in neighbours_by_exit(pos) if q is not None]
