"""Cybernaut grid screens: a cursor over the cyberspace grids drawn in 60 x 60
pixels (Core A, B, C: 3x3 cells of 20; Central Matrix: 10x10 cells of 6), with a
10-column text panel on the right.

Buttons: arrows move the cursor; LEFT/RIGHT long switch grid (A, B, C, M); A acts
on the address under the cursor; B opens the screen's menu; B long opens the track
(each screen's help page, hold B twice, says so).

On the mono grid a green address has a line along its foot, a GAP one a line down
its left side, a plain one neither (the legend is on the help page; the panel names
the cursor's). The Netrunner's grid comes back with its cursor where it was left
(the game screen keeps it: "cur"); so do the NSA's (sealed: "nsacur").

NetrunScreen is Netrunner-facing: it draws only ``Game.view()`` (addresses of
face-down NSA chits unless full fog, identities of revealed ones). PlaceScreen and
NsaScreen are NSA-only (opened behind a Handover) and end with app.hand_back().
"""

import json

from firmware.buttons import A, B, DOWN, LEFT, LONG, RIGHT, UP
from firmware.surface import COLS
from firmware.games.cybernaut.shared import (GAME_PACK as PACK, fit, game_value, journal, keep_value,
                                             nsa_cursor, public, summary)
from firmware.screens import screen_class
from firmware.ui import Menu, Screen, TextScreen, wrap
from shared_rules.cybernaut.rules import GRID_NAMES
from shared_rules.cybernaut.grid import address, grid_size
from shared_rules.errors import RuleError

X0 = 1
Y0 = 2
PANEL = 11  # first text column of the panel (pixel 66, right of the 61-pixel grid)
PANEL_W = COLS - PANEL
GRID_HELP = ("Arrows move cursor\nL/R hold: next grid\n(A, B, C, M)\n"
             "Grid: green = line\nat foot, GAP = line\nat left, plain none\n")


def _track():
    """The record track screen (in cybernaut_picks, imported when first opened)."""
    return screen_class("cn_track")()


def cell_box(grid, row, col):
    """(x, y, size) in pixels of a cell's outline."""
    size = 20 if grid_size(grid) == 3 else 6
    return X0 + col * size, Y0 + row * size, size


# the grid's cells as draw_grid last drew them: [what they showed (its key), the
# frame's pixels then (a bytearray made once, width * height / 8 bytes)]
_CELLS = [None, None]


def draw_grid(surface, grid, cursor, marks, shown, ghost, green, gaps):
    """Draw grid ``grid``: outlines, green addresses (a line along the cell's foot),
    GAP addresses (a line down its left side), face-down marks (a dot), revealed
    chits (a filled square), the Ghost (a cross) and the cursor (an inverted cell).

    The outlines are drawn as whole lines (11 + 11 on the Central Matrix) and only
    the addresses that have something on them are visited, the cursor's cell last
    (filled over, its marks drawn dark): the frame is the one a cell-by-cell drawing
    gives, in a few dozen framebuffer calls instead of hundreds (issue 21: a cursor
    step on the 10x10 Central Matrix within 30 ms on a Pico). The cells are kept as
    pixels without the cursor and the Ghost (Surface.blit) and put back while they
    show the same (the same grid, ``marks``, ``shown``, ``green`` and ``gaps``
    equal); the Ghost's cross is then drawn on them, the cursor's cell last: a cursor
    step or a Ghost's move draws only its cells (a netrun's moves made the whole
    grid again: ~12 ms of a Pico each, issue 21). Draw the grid first on a cleared
    frame.

    :param cursor: (row, col). :param marks, shown: dicts or sets of addresses
        ("M05"); addresses of other grids are left out. :param ghost: an address or
        None. :param green: dict or set of green addresses. :param gaps: list or set
        of GAP addresses.
    """
    size = grid_size(grid)
    cell = 20 if size == 3 else 6
    crow, ccol = cursor
    kept = _CELLS[0]
    if not (kept is not None and kept[0] == grid and kept[1] == marks and kept[2] == shown
            and kept[3] == green and kept[4] == gaps and surface.blit(_CELLS[1])):
        span = size * cell + 1
        for k in range(size + 1):
            surface.hline(X0, Y0 + k * cell, span, 1)
            surface.vline(X0 + k * cell, Y0, span, 1)
        # every cell's marks (the cursor's cell is filled over below)
        for at in green:
            if at[0] == grid:
                _feature(surface, at, cell, 1, 1)
        for at in gaps:
            if at[0] == grid and at not in green:
                _feature(surface, at, cell, 2, 1)
        for at in shown:
            if at[0] == grid:
                _feature(surface, at, cell, 3, 1)
        for at in marks:
            if at[0] == grid and at not in shown:
                _feature(surface, at, cell, 4, 1)
        if _CELLS[1] is None:
            _CELLS[1] = bytearray(surface.width * surface.height // 8)
        _CELLS[0] = None
        if surface.blit(_CELLS[1], True):
            # (copies: the netrun grid makes its green and GAP addresses afresh each
            # frame, found by review, and a store makes the marks anew)
            _CELLS[0] = (grid, _copy(marks), _copy(shown), _copy(green), _copy(gaps))
    if ghost and ghost[0] == grid:  # over what its cell shows, as the last of them
        _feature(surface, ghost, cell, 5, 1)
    # the cursor's cell: filled, what is on it drawn dark
    at = address(grid, crow, ccol)
    x, y = X0 + ccol * cell, Y0 + crow * cell
    surface.fill_rect(x, y, cell + 1, cell + 1, 1)
    if at in green:
        _feature(surface, at, cell, 1, 0)
    elif at in gaps:
        _feature(surface, at, cell, 2, 0)
    if at in shown:
        _feature(surface, at, cell, 3, 0)
    elif at in marks:
        _feature(surface, at, cell, 4, 0)
    if at == ghost:
        _feature(surface, at, cell, 5, 0)


def _copy(items):
    """A shallow copy of a dict, list or set of addresses (draw_grid's key)."""
    if isinstance(items, dict):
        return dict(items)
    return list(items) if isinstance(items, list) else set(items)


def _feature(surface, at, cell, kind, on):
    """Draw one thing on address ``at``'s cell (``cell`` pixels a side) in colour
    ``on``: kind 1 a green line along its foot, 2 a GAP line down its left side, 3
    a revealed chit (a filled square), 4 a face-down mark (a dot), 5 the Ghost (a
    cross)."""
    x = X0 + int(at[2]) * cell
    y = Y0 + int(at[1]) * cell
    mid = cell // 2
    if kind == 1:
        surface.hline(x + 1, y + cell - 1, cell - 1, on)
    elif kind == 2:
        surface.vline(x + 1, y + 1, cell - 1, on)
    elif kind == 3:
        half = 1 if cell == 6 else 3
        surface.fill_rect(x + mid - half, y + mid - half, half * 2, half * 2, on)
    elif kind == 4:
        surface.pixel(x + mid, y + mid, on)
    else:
        for d in range(-2, 3):
            surface.pixel(x + mid + d, y + mid + d, on)
            surface.pixel(x + mid + d, y + mid - d, on)


class GridScreen(Screen):
    """Base: cursor state {"g", "r", "c"} plus the subclass's own fields."""

    HELP = GRID_HELP + "A act here\nB menu\nhold B: turn track"

    def initial(self):
        return {"g": "M", "r": 0, "c": 0, "msg": ""}

    def at(self):
        """The address under the cursor."""
        return address(self.s["g"], self.s["r"], self.s["c"])

    def goto(self, at):
        """Put the cursor on ``at``."""
        self.s["g"] = at[0]
        self.s["r"] = int(at[1])
        self.s["c"] = int(at[2])

    def on_button(self, app, name, kind):
        s = self.s
        size = grid_size(s["g"])
        if name in (LEFT, RIGHT) and kind == LONG:
            index = GRID_NAMES.index(s["g"]) + (1 if name == RIGHT else -1)
            s["g"] = GRID_NAMES[index % len(GRID_NAMES)]
            s["r"] = min(s["r"], grid_size(s["g"]) - 1)
            s["c"] = min(s["c"], grid_size(s["g"]) - 1)
        elif name == UP:
            s["r"] = max(0, s["r"] - 1)
        elif name == DOWN:
            s["r"] = min(size - 1, s["r"] + 1)
        elif name == LEFT:
            s["c"] = max(0, s["c"] - 1)
        elif name == RIGHT:
            s["c"] = min(size - 1, s["c"] + 1)
        if name in (UP, DOWN, LEFT, RIGHT):
            self.moved(app)
        elif name == A:
            self.act(app)
        elif name == B and kind == LONG:
            app.push(_track())
        elif name == B:
            self.menu(app)

    def moved(self, app):
        """After the cursor moved (or the grid changed): nothing by default."""

    def act(self, app):
        """A on the cursor's address."""

    def menu(self, app):
        """B: the screen's menu (default: close)."""
        app.pop()

    def panel(self, surface, row, text):
        """``text`` on the 10-cell panel (a chit type without its spaces if need be)."""
        surface.text(row, PANEL, fit(text, PANEL_W))

    def panel_list(self, surface, first, last, items):
        """``items`` (list of str) on the panel's rows ``first``..``last``, one a row;
        when there are more than rows, the last row says how many more ("+3 more")
        instead (found by review: what did not fit was left out unsaid). Each row
        is written once (a second text on a row leaves the first's tail)."""
        rows = last - first + 1
        if len(items) > rows:
            shown = items[:rows - 1] + ["+%d more" % (len(items) - rows + 1)]
        else:
            shown = items
        for index in range(len(shown)):
            self.panel(surface, first + index, shown[index])

    def panel_title(self, surface, text):
        """``text`` as the panel's inverted title (row 0), its bar one pixel wider on
        the left: a first letter's stem (the N of "NSA only") would else run into
        the dark gap beside the grid and read as another letter (found by a new
        user: "\\|SA only")."""
        surface.text(0, PANEL, text, True)
        surface.vline(PANEL * 6 - 1, 0, 8, 1)

    def panel_msg(self, surface, text, first=6):
        """A message over the panel's rows ``first``..7, word-wrapped; a message too
        long for them: its first word, then the rest without spaces."""
        rows = 8 - first
        lines = wrap(text, PANEL_W)
        if len(lines) > rows:
            word, _, rest = text.partition(" ")
            lines = [word, rest] if rows > 1 else [text]
        for index in range(min(rows, len(lines))):
            self.panel(surface, first + index, lines[index])


class NsaGrid(GridScreen):
    """Base of the NSA's grids: the cursor comes back where the NSA left it (issue
    19), kept sealed by the game screen (nsa_cursor) when the NSA does anything but
    move it (A, B, a long press): a move alone is a cursor move, neither sealed nor
    saved (issue 21: each move sealed the cursor into the game and saved the whole
    state, 0.4-1 s on a Pico; a power cut may lose where the cursor was)."""

    # every arrow goes to GridScreen.on_button as it is (firmware.saving.moves_only)
    MENU_ARROWS = True

    def on_button(self, app, name, kind):
        if name in (UP, DOWN, LEFT, RIGHT) and kind != LONG:
            GridScreen.on_button(self, app, name, kind)
            return
        if name in (LEFT, RIGHT):  # a long LEFT/RIGHT: another grid, kept as it is
            GridScreen.on_button(self, app, name, kind)
            self.keep_cursor(app)
            return
        self.keep_cursor(app)  # before A or B may close the grid
        GridScreen.on_button(self, app, name, kind)

    def start(self, cur):
        """Put the cursor at ``cur`` ([grid, row, col] or None: stays on M00)."""
        if cur and cur[0] in GRID_NAMES and 0 <= cur[1] < grid_size(cur[0]) \
                and 0 <= cur[2] < grid_size(cur[0]):
            self.s["g"], self.s["r"], self.s["c"] = cur[0], cur[1], cur[2]

    # what the frame shows of the game (see ``view``), and the states it came from
    shown = None

    def view(self, app, game=None):
        """What this grid's frame shows of the game (the subclass's ``opened``),
        worked out once for each state of the game and of this screen's own
        choices: a cursor move only draws (issue 21: loading the game for every frame
        took ~55 ms of a Pico; a cursor move has 30). Kept in RAM only, never saved.
        ``game``: the game an action has just stored (or loaded), in hand: the view
        is worked out again from it, and the frame loads nothing (65 ms of a Pico).

        :raises RuleError: no Cybernaut game is open."""
        key = (public(app), game_value(app, "sec"), self.s.get("plan"), self.s.get("mode"),
               self.s.get("sel"))
        shown = self.shown
        if shown is not None and game is None:
            old = shown[0]
            if old[0] is key[0] and old[1] is key[1] and old[2:] == key[2:]:
                return shown[1]
        self.shown = None
        seen = self.opened(app, game)
        self.shown = (key, seen)
        return seen

    def opened(self, app, game=None):
        """The frame's view of ``game`` (dict; None: the game loaded)."""
        return {}

    def keep_cursor(self, app):
        """Seal where the cursor is into the game ("nsacur"); nothing without a game."""
        s = self.s
        try:
            keep_value(app, "nsacur", app.seal(json.dumps([s["g"], s["r"], s["c"]])))
        except RuleError:  # no game open
            return


class NetrunScreen(GridScreen):
    """The Netrunner's view of cyberspace and the netrun (Cybernaut VII).

    Before the netrun (``cyb`` set, no run): A enters the Ghost at the cursor. During
    it: A moves the Ghost there (step or Nexus jump). ``cyb`` None and no run: the
    map only. State adds {"cyb": index or None, "chit": selected chit id or None}.
    """

    ID = "cn_net"
    OWN_LONG_B = True  # long B here: the track (firmware/undo.py: Undo then)

    HELP = (GRID_HELP + "Right: turn and\nimpulse, whose part\nand its Ops Points,\n"
            "where the Ghost is,\nthe cursor's place\nand what is there\n"
            "A enter the Ghost\nhere or move it (or\na chosen chit)\n"
            "B netrun menu (the\nmap: back)\nhold B: turn track")

    @classmethod
    def make(cls, ghost, cur=None):
        """The grid with its cursor where the Netrunner left it (``cur``: [grid,
        row, col] the game screen kept, or None), else on the Ghost (``ghost``: an
        address or None), else M00."""
        screen = cls()
        screen.s["cyb"] = None
        screen.s["chit"] = None
        if cur:
            screen.s["g"], screen.s["r"], screen.s["c"] = cur[0], cur[1], cur[2]
        elif ghost:
            screen.goto(ghost)
        return screen

    def moved(self, app):
        s = self.s
        keep_value(app, "cur", [s["g"], s["r"], s["c"]])

    def draw(self, app, surface):
        pub = public(app)
        marks = pub["marks"]
        shown = {}
        for chit in pub["nsa"]:
            if chit["w"] == "space":
                shown.setdefault(chit["at"], []).append(chit["t"])
        run = pub["run"]
        ghost = run["ghost"] if run else None
        game = _public_game(app, pub)
        draw_grid(surface, self.s["g"], (self.s["r"], self.s["c"]), marks, shown, ghost,
                  game.green, game.gaps)
        # turn and impulse, the part's Ops Points, the Ghost's address, then the
        # cursor's address and what is there (found by a new user: "T1I1NR",
        # "Ops6 M00" and a bare address were read only with the help page)
        if run:
            self.panel(surface, 0, "T%d Imp %d" % (pub["turn"], run["imp"]))
            self.panel(surface, 1, "%s Ops %d" % ("NR" if run["part"] == "NR" else "NSA", run["ops"]))
            self.panel(surface, 2, "Ghost %s" % ghost if ghost else "No Ghost")
        else:
            self.panel(surface, 0, "T%d map" % pub["turn"])
            # what A does here, on the screen (found by a new user: said only in help)
            if self.s["cyb"] is not None:
                self.panel(surface, 1, "A: enter")  # ("Ghost here" read as where it is:
                self.panel(surface, 2, "the Ghost")  # found by review)
            else:
                self.panel(surface, 1, "B: back")
        at = self.at()
        self.panel(surface, 3, "At %s" % at)
        # what is there: its face-down chits first (the grid shows no mark for them
        # where a chit is revealed: found by review, "2 down" was left out), the
        # revealed chits, its line; the rows down to the message's (all of them
        # when there is none)
        here = []
        if at in marks:
            here.append("%d down" % marks[at])
        here.extend(shown.get(at, []))
        if at in game.green:
            here.append(game.green[at])
        elif at in game.gaps:
            here.append("GAP")
        msg = game_value(app, "msg")
        self.panel_list(surface, 4, 5 if msg else 7, here)
        if msg:
            self.panel_msg(surface, msg)

    def act(self, app):
        game = app.find("cn_game")
        pub = public(app)
        if pub["run"] is None:
            if self.s["cyb"] is None:
                return
            events = game.act(app, "start_netrun", self.s["cyb"], self.at(), app.source)
            if events is not None:
                self.s["cyb"] = None
            return
        if pub["run"]["part"] != "NR":
            return
        chit = self.s["chit"]
        if chit is not None:
            self.s["chit"] = None
            game.act(app, "nr_move", chit, self.at(), app.source)
        elif self.at() != pub["run"]["ghost"]:
            game.act(app, "ghost_move", self.at(), app.source)
        if public(app)["run"] is None:
            app.pop()

    def menu(self, app):
        if public(app)["run"] is None:
            app.pop()
            return
        app.push(NetrunMenu())


def _public_game(app, pub):
    """A Game over the public part only (for green/GAP addresses and lookups)."""
    from shared_rules.cybernaut.net import Game
    return Game(app.pack(PACK), pub)


class NetrunMenu(Menu):
    """The netrun's actions (Cybernaut VII.B, VII.H)."""

    ID = "cn_netmenu"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B back to the grid")
    TITLE = "Netrun"

    def entries(self, app):
        pub = public(app)
        run = pub["run"]
        out = []
        if run is None:
            return [("Back", self.back)]
        if run["part"] == "NR":
            # a pick first (B then A opens it, nothing done); ending the part and
            # Logoff (VII.H: the netrun is over) lower down, never under B then A
            out.append(("Place chit", self.place))
            out.append(("Move chit", self.move_chit))
            out.append(("Use Probe", self.probe))
            out.append(("End my part", self.end_part))
            out.append(("Logoff", self.logoff))
        else:
            out.append(("NSA part", self.nsa_part))
        out.append(("Track", self.track))
        out.append(("Log", self.log))
        out.append(("Back to grid", self.back))
        return out

    def items(self, app):
        return [e[0] for e in self.entries(app)]

    def choose(self, app, index):
        self.entries(app)[index][1](app)

    def back(self, app):
        app.pop()

    def logoff(self, app):
        game = app.find("cn_game")
        if game.act(app, "logoff") is not None:
            app.pop()
            app.pop()

    def end_part(self, app):
        app.pop()
        app.find("cn_game").act(app, "end_part", app.source)

    def nsa_part(self, app):
        from firmware.screens.prompt import Handover
        app.replace(Handover.make("NSA", NsaScreen.make(nsa_cursor(app))))

    def place(self, app):
        app.replace(ChitPick.make("place"))

    def move_chit(self, app):
        app.replace(ChitPick.make("move"))

    def probe(self, app):
        app.replace(ChitPick.make("probe"))

    def track(self, app):
        app.replace(_track())

    def log(self, app):
        app.replace(TextScreen.make("Log", "\n".join(game_value(app, "log")) or "(nothing)"))


class ChitPick(Menu):
    """Choose a Netrunner chit: "place" (from the running Cybernaut's box, VII.B.4),
    "move" (then A on the grid moves it), "probe" (reveal a Probe, VII.F.3)."""

    ID = "cn_chits"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A choose the chit\n"
            "B back")

    @classmethod
    def make(cls, purpose):
        return cls({"sel": 0, "for": purpose})

    def chits(self, app):
        state = app.find("cn_game").peek(app).s  # Netrunner-facing: its own face-down chits
        run = state["run"]
        out = []
        for chit in state["nr"]:
            if self.s["for"] == "place":
                if chit["w"] == "box" and run and chit["cyb"] == run["cyb"]:
                    out.append(chit)
            elif chit["w"] == "space":
                out.append(chit)
        return out

    def items(self, app):
        return ["%s %s" % (c["t"][:9], c["at"] or "") for c in self.chits(app)] or ["(none)"]

    def draw(self, app, surface):
        self.TITLE = {"place": "Place chit", "move": "Move chit", "probe": "Use Probe"}[self.s["for"]]
        Menu.draw(self, app, surface)

    def choose(self, app, index):
        chits = self.chits(app)
        if not chits:
            app.pop()
            return
        chit = chits[index]["id"]
        game = app.find("cn_game")
        if self.s["for"] == "place":
            app.pop()  # first, so a refusal screen stays on top
            game.act(app, "nr_place", chit)
        elif self.s["for"] == "probe":
            app.pop()
            game.act(app, "nr_use_probe", chit)
        else:
            app.pop()
            grid = app.top()
            if grid.ID == NetrunScreen.ID:
                grid.s["chit"] = chit
                grid.goto(chits[index]["at"])


class PlaceScreen(NsaGrid):
    """NSA only: place the NSA chits (setup, Cybernaut III.A) or re-place them after
    logoff (VII.H.5). A puts the next chit at the cursor; a refused address shows
    the broken rule. B: its menu (PlaceMenu): take back the last chit of a
    re-placement, or pause and hand back; every chit placed stays placed (a
    set-up placement is stored at once; a re-placement's plan is kept sealed in the
    game screen, "nsaplan", and comes back when the NSA opens the grid again; found
    by a new user: B dropped the plan). The plan of a re-placement is sealed.

    State adds {"mode": "setup" | "replace", "plan": sealed {id: address} or None}.
    """

    ID = "cn_place"
    OWN_LONG_B = True  # long B here: the track (firmware/undo.py: Undo then)
    HELP = (GRID_HELP +
            "Right: the chit to\nplace next, how\nmany are left, the\n"
            "cursor's place and\nthe chits there\n"
            "A place the next\n"
            "chit here\n"
            "B menu: take back\n"
            "the last chit, or\n"
            "hand back (the\n"
            "chits placed stay)\n"
            "hold B: turn track")
    # the set-up's B: no menu (each chit is stored at once; Undo takes one back)
    SETUP_B = ("B hand back (the\n"
               "chits placed stay)\n")

    @classmethod
    def make(cls, mode, cur=None, plan=None):
        """``mode``: "setup" or "replace"; ``cur``: nsa_cursor(app), where the NSA
        left its cursor (None: M00); ``plan``: the re-placement's plan so far, sealed
        (game_value(app, "nsaplan"); None: nothing placed yet)."""
        screen = cls()
        screen.s["mode"] = mode
        screen.s["plan"] = plan if mode == "replace" else None
        screen.start(cur)
        return screen

    def _pairs(self, app):
        """The re-placement's plan so far in the order the chits were placed: a list
        of [chit id, address] (sealed as that JSON list; a plan sealed as an object
        {id: address} before 2026-12-05 comes back in its own order). The order is
        kept, not worked out: a chit that comes back to the NSA while the placing is
        paused (a File of an eliminated Cybernaut, VIII.C) is placed next whatever its
        id (found by review: "Take back last" then took another chit)."""
        if self.s["plan"] is None:
            return []
        plan = json.loads(app.unseal(self.s["plan"]))
        if isinstance(plan, dict):
            return [[key, plan[key]] for key in plan]
        return plan

    def _plan(self, app):
        """The plan so far as {chit id: address}."""
        plan = {}
        for chit, at in self._pairs(app):
            plan[chit] = at
        return plan

    # (the game screen's "pub" and "sec" as they were, this screen's sealed plan as it
    # was, the Game): the game of the NSA placement in hand between presses, while
    # this screen is open and the game screen's state and the plan are the very ones
    # it was loaded from or stored as (an undo, a restart, another screen's store
    # make new ones): a placement loads nothing (~60 ms of a Pico, issue 21). In
    # replace mode it is the trial game, the plan applied (never stored: the real
    # game is loaded when the plan is whole): each placement there loaded it three
    # times (~65 ms each: the placement, the next chit, the frame; the whole game's
    # bench). RAM only (~8 KB on a 32-bit port), gone with the screen
    held = None

    def _game(self, app):
        """The Game with the re-placement plan applied so far (replace mode), or the
        stored one (setup mode): the one in hand (``held``) when the game screen's
        state and the plan are still those it came from."""
        screen = app.find("cn_game")
        held = self.held
        if (held is not None and held[0] is public(app) and held[1] is game_value(app, "sec")
                and held[3] is self.s["plan"]):
            return held[2]
        self.held = None
        game = screen.load(app)
        self.held = (public(app), game_value(app, "sec"), game, self.s["plan"])
        if self.s["mode"] == "replace":
            plan = self._plan(app)
            for chit_id in game.to_replace():
                chit = game.nsa_chit(chit_id)
                chit["w"] = "moving"
                chit["at"] = None
                if chit_id in plan:
                    chit["w"] = "space"
                    chit["at"] = plan[chit_id]
        return game

    def _next(self, app, game):
        if self.s["mode"] == "setup":
            todo = game.setup_todo()
            return todo[0] if todo else None
        for chit in game.s["nsa"]:
            if chit["w"] == "moving":
                return chit["id"]
        return None

    def opened(self, app, game=None):
        if game is None:
            game = self._game(app)
        mine = {}
        for chit in game.in_space():
            mine.setdefault(chit["at"], []).append(chit["t"])
        chit = self._next(app, game)
        if self.s["mode"] == "setup":
            left = len(game.setup_todo())
        else:
            left = len([c for c in game.s["nsa"] if c["w"] == "moving"])
        return {"mine": mine, "green": game.green, "gaps": game.gaps, "left": left,
                "next": game.nsa_chit(chit)["t"] if chit else "(done)"}

    def draw(self, app, surface):
        seen = self.view(app)
        mine = seen["mine"]
        draw_grid(surface, self.s["g"], (self.s["r"], self.s["c"]), mine, {}, None,
                  seen["green"], seen["gaps"])
        self.panel_title(surface, "NSA only")
        # the chit A places next and how many are left with it; then the cursor's
        # address and the NSA's chits already there (found by a new user: a type
        # under the address read as a second "next")
        # (few characters: each is ~0.1 ms of a Pico's frame, and a cursor move here
        # has 30 ms; "Next chit:" took its moves to 29.6 ms)
        self.panel(surface, 1, "Next:")
        self.panel(surface, 2, seen["next"])
        if seen["left"]:
            self.panel(surface, 3, "%d left" % seen["left"])
        elif self.s["mode"] == "replace":
            self.panel(surface, 3, "A: finish")
        at = self.at()
        self.panel(surface, 4, "At %s:" % at if mine.get(at) else "At %s" % at)
        self.panel_list(surface, 5, 6 if self.s["msg"] else 7, mine.get(at, []))
        if self.s["msg"]:
            self.panel(surface, 7, self.s["msg"])

    def act(self, app):
        screen = app.find("cn_game")
        game = self._game(app)
        chit = self._next(app, game)
        if chit is None and self.s["mode"] == "replace":
            # nothing (left) to re-place, e.g. every mobile chit destroyed: A makes the
            # re-placement as planned (found by review: it never ended, and the turn
            # could not go on)
            self._replace(app, screen)
            return
        if chit is None:  # said, not silent (issue 19): nothing left to place
            self.s["msg"] = "none left"
            return
        try:
            if self.s["mode"] == "setup":
                events = game.setup_place(chit, self.at())
            else:
                placed = game.nsa_chit(chit)
                game.check_place(placed, self.at())
                pairs = self._pairs(app)
                pairs.append([chit, self.at()])
                self.s["plan"] = app.seal(json.dumps(pairs))
                keep_value(app, "nsaplan", self.s["plan"])  # through a B (VII.H.5)
                # the trial game in hand, as _game would make it from the new plan
                placed["w"] = "space"
                placed["at"] = self.at()
                self.held = (public(app), game_value(app, "sec"), game, self.s["plan"])
                events = []
        except RuleError as exc:
            from firmware.games.cybernaut.shared import refused_title, rule_of as _rule_of
            self.s["msg"] = "refused"
            app.record("cybernaut", "refused", {"sealed": app.seal(str(exc))}, {}, _rule_of(str(exc)))
            app.push(TextScreen.make(refused_title(str(exc)), str(exc)))
            return
        self.s["msg"] = ""
        if self.s["mode"] == "setup":
            journal(app, events, True)
            if not game.setup_todo():
                events = game.setup_done()
                journal(app, events)
                screen.store(app, game, events)
                keep_value(app, "msg", "NSA placed")
                app.hand_back()
                return
            screen.store(app, game, events)
            self.held = (public(app), game_value(app, "sec"), game, self.s["plan"])
            self.view(app, game)  # the frame's view from the game in hand
            return
        if self._next(app, game) is None:
            self.held = game = None  # the real game, loaded afresh, takes its RAM
            self._replace(app, screen)
            return
        self.view(app, game)  # the frame's view from the trial game in hand

    def _replace(self, app, screen):
        """The plan is whole: the re-placement (VII.H.5) is done, the device goes back
        to the table. This press journals that (public: how many chits) and leaves
        the real re-placement, its sealed entries and commitments for after its frame
        (GameScreen.later, issue 21: ~250 ms of a Pico); the plan stays in the game
        screen for it. ``screen``: the game screen."""
        self.held = None
        app.record("cybernaut", "nsa_hid", {"chits": len(self._pairs(app))}, {}, "Cybernaut VII.H.5")
        screen.later("replace")
        keep_value(app, "msg", "NSA hid again")
        app.hand_back()

    def help(self, app):
        if self.s["mode"] == "setup":
            text = self.HELP
            at = text.find("B menu:")
            return text[:at] + self.SETUP_B + text[text.find("hold B:"):]
        return self.HELP

    def menu(self, app):
        """B: in a re-placement, the placing's menu (PlaceMenu): back, take back the
        last chit, hand back with the placing paused; in the set-up, hand back with
        the placing paused (each chit is stored as it is placed: Undo takes one
        back)."""
        if self.s["mode"] == "setup":
            app.hand_back("Placing paused")
            return
        app.push(PlaceMenu())

    def take_back(self, app):
        """Take the last chit placed in the re-placement (VII.H.5) off the plan (the
        plan keeps the order of placing: ``_pairs``): it is the next to place again,
        and the cursor goes to where it was. :returns: False when the plan is empty."""
        game = self._game(app)
        pairs = self._pairs(app)
        if not pairs:
            return False
        chit, at = pairs.pop()
        self.s["plan"] = app.seal(json.dumps(pairs)) if pairs else None
        keep_value(app, "nsaplan", self.s["plan"])
        last = game.nsa_chit(chit)
        last["w"] = "moving"  # the trial game in hand, as _game would make it now
        last["at"] = None
        self.held = (public(app), game_value(app, "sec"), game, self.s["plan"])
        self.goto(at)
        self.keep_cursor(app)  # where the cursor is now, sealed (found by review)
        self.s["msg"] = "taken back"
        self.view(app, game)
        return True


class PlaceMenu(Menu):
    """NSA only: the re-placement grid's B (Cybernaut VII.H.5): back to the grid;
    take back the last chit placed (found by a new user: only the table's Undo was
    there, which took back the netrun's end and the whole plan with it); hand back
    with the placing paused, every chit placed kept (not "Done": no count either,
    the table sees that screen)."""

    ID = "cn_placemenu"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B back to the grid")
    TITLE = "NSA placing"

    def _grid(self, app):
        return app.stack[-2]

    def items(self, app):
        if self._grid(app).s["plan"] is not None:
            return ["Back to grid", "Take back last", "Hand back, pause"]
        return ["Back to grid", "Hand back, pause"]

    def choose(self, app, index):
        label = self.items(app)[index]
        grid = self._grid(app)
        app.pop()
        if label == "Take back last":
            if not grid.take_back(app):
                grid.s["msg"] = "none placed"
        elif label == "Hand back, pause":
            app.hand_back("Placing paused")


class NsaScreen(NsaGrid):
    """NSA only: the NSA's part of an impulse (VII.B.2): A on a mobile chit's
    address selects it (A there again: the next mobile chit of that address; with
    only one there, none), A on another address moves it (a step or a Nexus jump); several chits
    may move while Ops Points last. B: the NSA menu (use the selected Tracer, end
    the part). State adds {"sel": sealed chit id or None}."""

    ID = "cn_nsa"
    OWN_LONG_B = True  # long B here: the track (firmware/undo.py: Undo then)
    HELP = (GRID_HELP +
            "A choose / move a\n"
            "chit here\n"
            "B NSA menu\n"
            "hold B: turn track")

    @classmethod
    def make(cls, cur=None):
        """``cur``: nsa_cursor(app), where the NSA left its cursor (None: M00)."""
        screen = cls()
        screen.s["sel"] = None
        screen.start(cur)
        return screen

    def opened(self, app, game=None):
        if game is None:
            # load, not peek: the view kept (``view``) holds the game's own "run" and
            # the chit chosen, which the game in hand's next action would change
            # under it (a refused move half made: found by review)
            game = app.find("cn_game").load(app)
        mine = {}
        for chit in game.in_space():
            mine.setdefault(chit["at"], []).append(chit["t"])
        chosen = self.chosen(app)
        return {"mine": mine, "run": game.s["run"], "green": game.green, "gaps": game.gaps,
                # the Netrunner's chits as the NSA may see them: face-down ones only
                # counted (Cybernaut VII.B.4, VII.F; game.nsa_view)
                "theirs": game.nsa_view(),
                "chosen": game.nsa_chit(chosen) if chosen else None}

    def draw(self, app, surface):
        seen = self.view(app)
        mine = seen["mine"]
        run = seen["run"]
        draw_grid(surface, self.s["g"], (self.s["r"], self.s["c"]), mine, {}, run and run["ghost"],
                  seen["green"], seen["gaps"])
        self.panel_title(surface, "NSA only")
        if run:
            self.panel(surface, 1, "Ops %d" % run["ops"])
        at = self.at()
        self.panel(surface, 2, "At %s" % at)
        # the NSA's chits there, the Netrunner's it may see, then the chit selected
        # (rows 5-6) and the message (row 7); each row written once (found by
        # review: the selected chit's type was written over a third chit's name)
        theirs = seen["theirs"]
        here = list(mine.get(at, []))
        for spot, name in theirs["nshown"]:
            if spot == at:
                here.append(name)
        if at in theirs["nmarks"]:
            here.append("NR%d down" % theirs["nmarks"][at])
        chosen = seen["chosen"]
        self.panel_list(surface, 3, 4 if chosen else 6, here)
        if chosen:
            self.panel(surface, 5, chosen["t"])
            self.panel(surface, 6, "sel " + chosen["at"])
        self.panel(surface, 7, self.s["msg"])

    def chosen(self, app):
        """The selected chit's id (kept sealed in the state: an id names a type)."""
        return app.unseal(self.s["sel"]) if self.s["sel"] else None

    def act(self, app):
        screen = app.find("cn_game")
        game = screen.load(app)
        if self.s["sel"] is None:
            for chit in game.in_space(self.at()):
                if game.ntype(chit).get("mobile"):
                    self.s["sel"] = app.seal(chit["id"])
                    self.view(app, game)  # the frame's view: the game as it is
                    return
            self.s["msg"] = "no mover"
            return
        chit = self.chosen(app)
        self.s["sel"] = None
        if game.nsa_chit(chit)["at"] == self.at():
            # A again on its own address: the next mobile chit there (several may share it)
            movers = [c["id"] for c in game.in_space(self.at()) if game.ntype(c).get("mobile")]
            after = movers[(movers.index(chit) + 1) % len(movers)]
            if after != chit:
                self.s["sel"] = app.seal(after)
            self.view(app, game)
            return
        try:
            events = game.nsa_move(chit, self.at(), app.source)
        except RuleError as exc:
            from firmware.games.cybernaut.shared import refused_title, rule_of as _rule_of
            self.s["msg"] = "refused"
            app.record("cybernaut", "refused", {"sealed": app.seal(str(exc))}, {}, _rule_of(str(exc)))
            app.push(TextScreen.make(refused_title(str(exc)), str(exc)))
            return
        journal(app, events, game.s["fog"])
        screen.store(app, game, events)
        screen.note(summary(events))
        from firmware.games.cybernaut.shared import announce
        announce(app, events)
        if game.s["run"] is None:  # the NSA's strike ended the netrun (VII.G): its part ends
            app.hand_back("Netrun over")
        else:
            self.view(app, game)  # the frame's view from the game in hand

    def menu(self, app):
        app.push(NsaMenu())


class NsaMenu(Menu):
    """NSA only: use the selected Tracer (VII.F.3-4) or end the NSA part."""

    ID = "cn_nsamenu"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B back to the grid")
    TITLE = "NSA part"

    def items(self, app):
        # "Back to grid" first: B then A ends nothing (issue 19)
        return ["Back to grid", "Use Tracer", "End NSA part"]

    def choose(self, app, index):
        screen = app.find("cn_game")
        if index == 0:
            app.pop()
            return
        if index == 1:
            app.pop()
            grid = app.top()
            chit = grid.chosen(app)
            grid.s["sel"] = None
            if chit:
                screen.act_as(app, True, "nsa_use_tracer", (chit, app.source))
            else:  # a press that does nothing says why (issue 19)
                app.notice("No Tracer chosen", "Pick the Tracer first: A on its address on the grid, "
                           "then B, Use Tracer.")
            return
        if screen.peek(app).s["run"] is None:  # no netrun left to end (a save from before
            app.pop()                          # the fix above): hand back, nothing to end
            app.hand_back("Netrun over")
            return
        screen.act(app, "end_part", app.source)
        if app.top().ID == self.ID:
            app.pop()
        if app.top().ID == NsaScreen.ID:
            app.hand_back()
