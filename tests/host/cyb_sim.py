"""A driver for scripted Cybernaut runs in the simulator: it presses the real
buttons through boards.sim and keeps the key script it pressed, so a test can
replay it with boards.sim.run_script. Not a test module."""

from check import Bound

from firmware.games.cybernaut.grid import GridScreen
from shared_rules.cybernaut.rules import GRID_NAMES
from shared_rules.cybernaut.net import grid_size


class Driver:
    """Press keys on a booted simulator, remembering them as a keys script."""

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
        """Press ``key`` ("A", "B:long"...). A B (or a long press) is meant for the
        screen under any result screen (B does nothing there: the result stands), so
        those are closed first (close_results); an A closes a result screen itself."""
        if key != "A":
            self.close_results()
        self.raw(key)

    def raw(self, key):
        """Press ``key`` on whatever screen is on top."""
        name, _, suffix = key.partition(":")
        self.board.press(self.app, name, suffix == "long")
        self.keys.append(key)

    def seq(self, text):
        for key in text.split():
            self.press(key)

    def choose(self, label):
        """Move the top menu's selection to ``label`` and press A (result screens
        on top closed first)."""
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
        """Move the top grid screen's cursor to address ``at`` (result screens on top
        closed first)."""
        self.close_results()
        screen = self.app.top()
        assert isinstance(screen, GridScreen), screen.ID
        guard = Bound(4 + 2 * 10, lambda: "cursor to %s on %s: it stays at %s%d%d"
                      % (at, screen.ID, screen.s["g"], screen.s["r"], screen.s["c"]))
        while screen.s["g"] != at[0]:
            guard.step()
            here = GRID_NAMES.index(screen.s["g"])
            there = GRID_NAMES.index(at[0])
            self.press("R:long" if (there - here) % 4 <= 2 else "L:long")
        size = grid_size(at[0])
        row, col = int(at[1]), int(at[2])
        assert row < size and col < size
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
        """Cursor to ``at`` then A."""
        self.cursor(at)
        self.press("A")

    def script(self):
        return " ".join(self.keys)
