"""A whole scripted Cybernaut game through the real buttons of the simulator board:
setup, several turns with netruns, the end after turn 10 with victory points and
the full reveal. Not a test module (no test_ prefix): test_cybernaut_game.py runs
it (CPython: the screens' game needs ~250K live under MicroPython today).

The driver chooses menu entries by label and moves grid cursors by address, so
the script reads as the game does; it presses the real buttons of boards.sim.
"""

import gc

from check import Bound

GRIDS = ("A", "B", "C", "M")
SPOTS = ["M%d%d" % (r, c) for r in (6, 7, 8) for c in range(10)]  # the re-placements'


def _size(grid):
    return 10 if grid == "M" else 3


class Driver:
    """Press keys on a booted simulator; ``keys`` keeps what was pressed."""

    def __init__(self, board, app):
        self.board = board
        self.app = app
        self.keys = []
        self.results = []  # (title, lines) of each result screen closed on the way

    def close_results(self):
        """Close the result screens on top (A each: firmware.screens.result), keeping
        what they said in ``results``."""
        while self.app.top().ID == "result":
            top = self.app.top()
            self.results.append((top.s["title"], list(top.s["lines"])))
            self.board.press(self.app, "A")
            self.keys.append("A")

    def press(self, key):
        """Press ``key``; a B or a long press is meant for the screen under any result
        screen (B does nothing there), so those are closed first."""
        if key != "A":
            self.close_results()
        name, _, suffix = key.partition(":")
        self.board.press(self.app, name, suffix == "long")
        self.keys.append(key)

    def seq(self, text):
        for key in text.split():
            self.press(key)

    def choose(self, label):
        """Move the top menu's selection to ``label`` (exact, else the first item
        starting with it) and press A (result screens on top closed first)."""
        self.close_results()
        screen = self.app.top()
        items = screen.items(self.app)
        target = None
        for index in range(len(items)):
            text = items[index].strip().lstrip("*")
            if text == label or (target is None and text.startswith(label)):
                target = index
        assert target is not None, "%s not in %s" % (label, items)
        guard = Bound(len(items), lambda: "choose %r on %s: the selection stays at %r, not %d (%s)"
                      % (label, screen.ID, screen.s["sel"], target, items))
        while screen.s["sel"] != target:
            guard.step()
            self.press("D")
        self.press("A")

    def cursor(self, at):
        """Move the top grid screen's cursor to address ``at`` (result screens on
        top closed first)."""
        self.close_results()
        screen = self.app.top()
        guard = Bound(4 + 2 * 10, lambda: "cursor to %s on %s: it stays at %s%d%d"
                      % (at, screen.ID, screen.s["g"], screen.s["r"], screen.s["c"]))
        while screen.s["g"] != at[0]:
            guard.step()
            here = GRIDS.index(screen.s["g"])
            there = GRIDS.index(at[0])
            self.press("R:long" if (there - here) % 4 <= 2 else "L:long")
        row, col = int(at[1]), int(at[2])
        while screen.s["r"] < row:
            guard.step()
            self.press("D")
        while screen.s["r"] > row:
            guard.step()
            self.press("U")
        while screen.s["c"] < col:
            guard.step()
            self.press("R")
        while screen.s["c"] > col:
            guard.step()
            self.press("L")

    def at(self, at):
        self.cursor(at)
        self.press("A")


SEED = 3


def game_screen(app):
    for screen in app.stack:
        if screen.ID == "cn_game":
            return screen
    raise AssertionError("no game open")


def next_to(d, seg):
    """'Next segment' until the track reads segment index ``seg``."""
    pub = game_screen(d.app).s["pub"]
    guard = Bound(6, lambda: "next_to segment %d: the track stays at turn %d segment %d (top: %s)"
                  % (seg, pub["turn"], pub["seg"], d.app.top().ID))
    while pub["seg"] != seg and not pub["over"]:
        guard.step()
        d.choose("Next segment")
        pub = game_screen(d.app).s["pub"]


def place_ss(d, sprawl):
    """'Place SS unit' in ``sprawl`` until no SS unit waits (the pack has 8)."""
    guard = Bound(8, lambda: "SS units still wait to be placed: %s (top: %s)"
                  % (game_screen(d.app).s["pub"]["ss_wait"], d.app.top().ID))
    while game_screen(d.app).s["pub"]["ss_wait"]:
        guard.step()
        d.choose("Place SS unit")
        d.choose(sprawl)


def netrun(d, entry, path):
    """Start a netrun by the first Cybernaut at ``entry``, walk ``path``, end the
    impulse parts until the Ghost stands on an exit, then log off."""
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at(entry)
    for at in path:
        d.at(at)
        if game_screen(d.app).s["pub"]["run"] is None:
            return False
    d.press("B")
    d.choose("Logoff")
    return True


def after_run(d, spots):
    """The NSA's regeneration (none) and re-placement on ``spots`` in order."""
    pub = game_screen(d.app).s["pub"]
    if pub["after"] is None:
        return
    d.choose("NSA regen+place")
    d.press("A")  # I am NSA
    if d.app.top().ID == "cn_regen":
        d.choose("None")
    index = 0
    guard = Bound(len(spots), lambda: "after_run: the NSA's re-placement still asks after %d spots (%s)"
                  % (index, d.app.top().s))
    while d.app.top().ID == "cn_place":
        guard.step()
        d.at(spots[index])
        index += 1
    d.press("A")  # the blank hand-back screen


def to_replacement(board, app):
    """``set_up``, the first netrun (logged off), "NSA regen+place", "I am NSA" and no
    regeneration: the NSA's placement grid on top. :returns: the Driver."""
    d = set_up(board, app)
    place_ss(d, "Sprawl-3")
    next_to(d, 2)
    netrun(d, "M00", ("M01", "M00"))
    d.choose("NSA regen+place")
    d.press("A")  # I am NSA
    if app.top().ID == "cn_regen":
        d.choose("None")
    assert app.top().ID == "cn_place" and app.top().s["mode"] == "replace"
    return d


def cursor_to(d, address):
    """Move the placement grid's cursor to ``address`` (arrows: no save)."""
    row, col = int(address[1]), int(address[2])
    top = d.app.top()
    while top.s["r"] != row:
        d.press("D" if top.s["r"] < row else "U")
    while top.s["c"] != col:
        d.press("R" if top.s["c"] < col else "L")


def set_up(board, app):
    """A new game on the simulator's buttons: the NSA placed Solo, one Cybernaut added
    (Cyb-2, RealWorld 3, Wetware 6, in Sprawl-1), Cybernauts done. :returns: the Driver."""
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    return d


def play(board, app, on_turn=None):
    """Play the whole game; ``on_turn(turn)`` is called at each turn's start.
    :returns: the Driver."""
    d = set_up(board, app)
    spots = SPOTS
    for turn in range(1, 11):
        gc.collect()
        if on_turn is not None:
            on_turn(turn)
        place_ss(d, "Sprawl-3")
        next_to(d, 2)
        if turn in (1, 4, 7):
            # own sprawl's green address, steps, back and log off
            netrun(d, "M00", ("M01", "M00"))
            after_run(d, spots)
        elif turn in (2, 8):
            netrun(d, "M05", ("M15", "M05"))  # a GAP
            after_run(d, spots)
        next_to(d, 5)
        d.choose("Next segment")
    return d
