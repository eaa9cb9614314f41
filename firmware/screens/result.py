"""A result that matters, on its own screen until A (issue 19: a shot, a kill, a
burning roll, a defence's band, a CyberStrike's reveals, System Alert...).

Public part only: the game screens that push it pass lines the whole table may
read (Cybernaut's come from firmware.games.cybernaut.log, which never reads a
sealed part). A roll once made stands (RULINGS Neo-Hunt: backing out of a result
screen never discards it): B here does not go back, it only says to press A.
"""

from firmware.buttons import A, B, DOWN, LONG, UP
from firmware.surface import COLS, ROWS
from firmware.ui import Screen, wrap

HINT = "A: OK"
HINT_MORE = "A: OK  U/D more"
HINT_B = "Done: press A"


class ResultScreen(Screen):
    """Title, the result's lines, "A: OK" on the last row. A closes it; UP/DOWN
    scroll when the lines do not fit; B changes nothing (the result stands) but
    the hint line says A closes it.

    State: {"title": str, "lines": [str, ...] (already wrapped), "top": int,
    "b": bool (B was pressed: the hint says so)}.
    """

    ID = "result"
    HELP = ("A OK: close it\n"
            "Up/Down scroll\n"
            "B: nothing, the\n"
            "result stands")
    # an arrow only scrolls (firmware.saving.moves_only: no digest, no save)
    VIEW_ARROWS = True

    def initial(self):
        return {"title": "", "lines": [], "top": 0, "b": False}

    @classmethod
    def make(cls, title, lines):
        """A result screen titled ``title`` (str) showing ``lines`` (list of str, each
        wrapped to the screen's width; a line too long for it goes on the next)."""
        out = []
        for line in lines:
            out.extend(wrap(line))
        return cls({"title": title, "lines": out, "top": 0, "b": False})

    def room(self):
        """Rows for the lines (between the title and the hint)."""
        return ROWS - 2

    def draw(self, app, surface):
        s = self.s
        surface.line_text(0, s["title"][:COLS], True)
        lines = s["lines"]
        top = s["top"]
        room = self.room()
        for i in range(room):
            if top + i < len(lines):
                surface.line_text(1 + i, lines[top + i])
        more = len(lines) > room
        if s.get("b"):
            hint = HINT_B
        else:
            # the last page says only what is left: up (found by review)
            hint = (HINT_MORE if top + room < len(lines) else "A: OK  U more") if more else HINT
        surface.line_text(ROWS - 1, hint)

    def on_button(self, app, name, kind):
        s = self.s
        if name == A:
            app.pop()
        elif name == DOWN or name == UP:
            # a line a press, a page a long press (as firmware.ui.TextScreen; found by
            # review), never past the last page nor above the first line
            room = self.room()
            step = room if kind == LONG else 1
            last = max(0, len(s["lines"]) - room)
            if name == DOWN:
                s["top"] = min(last, s["top"] + step)
            else:
                s["top"] = max(0, s["top"] - step)
        elif name == B:
            s["b"] = True

    def on_tick(self, app, now):
        """The screen under it goes on with its work between presses (Cybernaut's
        Solo placement, done after this frame: GameScreen.on_tick)."""
        stack = app.stack
        at = stack.index(self) if self in stack else 0
        if at:  # (the one under this screen: a result may be over a result)
            stack[at - 1].on_tick(app, now)


def show(app, title, lines):
    """Push a result screen of ``lines`` (public text only) over the top screen."""
    app.push(ResultScreen.make(title, lines))


def show_later(app, title, lines):
    """A result screen pushed when the press is done (``app.later``): for an action
    whose screen still closes itself (or opens the next one) after it, so the result
    ends on top, over whatever that leaves."""
    later = getattr(app, "later", None)
    if later is None:  # an app without the queue (a test's stand-in): at once
        app.push(ResultScreen.make(title, lines))
    else:
        later.append(ResultScreen.make(title, lines))
