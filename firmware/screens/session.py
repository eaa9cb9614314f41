"""The session menu: the dice commitment, the players' salt, ending a session.

At the start of each session the device commits to a secret seed (its SHA-256,
shown as 8 hex digits here and on the main menu, journaled in full). Players may
then mix in their own salt: a few presses of UP/DOWN/LEFT/RIGHT. "End session"
reveals the seed (journaled and shown) so ``referee verify`` can recompute every
roll, and starts the next session with a new seed and commitment.
"""

from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.ui import Menu, Screen, TextScreen

SALT_MAX = 8
SALT_SHOWN = {UP: "^", DOWN: "v", LEFT: "<", RIGHT: ">"}


class SessionMenu(Menu):
    """Session number and commitment; Add salt; End session. State: {"sel"}."""

    ID = "session"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B back")
    TITLE = "Session"

    def items(self, app):
        return ["Add dice salt", "End session"]

    def footer(self, app):
        return ["Session %d" % app.session, "Dice commit %s" % app.seed_id,
                "Salts %d" % len(getattr(app.source, "salts", []))]

    def choose(self, app, index):
        if index == 0:
            app.push(SaltScreen())
        else:
            app.push(EndSessionScreen())


class SaltScreen(Screen):
    """The players' salt: up to 8 presses of U/D/L/R; A mixes it in, B erases the
    last press (or leaves when empty). State: {"keys": str of button names}."""

    ID = "salt"
    HELP = ("Arrows add salt\n"
            "A mix it in\n"
            "B erase one / back")

    def initial(self):
        return {"keys": ""}

    def draw(self, app, surface):
        keys = self.s["keys"]
        surface.line_text(0, "Players' salt", True)
        surface.line_text(1, "Dice commit %s" % app.seed_id)
        surface.line_text(2, "U/D/L/R: add")
        surface.line_text(4, "".join([SALT_SHOWN[k] for k in keys]) or "(none yet)")
        surface.line_text(6, "A: mix in" if keys else "A: back")
        surface.line_text(7, "B: erase" if keys else "B: back")

    def on_button(self, app, name, kind):
        keys = self.s["keys"]
        if name in SALT_SHOWN:
            if len(keys) < SALT_MAX:
                self.s["keys"] = keys + name
        elif name == B and keys:
            self.s["keys"] = keys[:-1]
        elif name == A and keys:
            app.add_salt(keys)
            app.replace(TextScreen.make("Salt mixed in", "Salt %s is mixed into every roll from now on."
                                        % "".join([SALT_SHOWN[k] for k in keys])))
        elif name == A or name == B:
            app.pop()


class EndSessionScreen(Screen):
    """Confirm ending the session, on purpose: "Keep session" comes first (A or B
    there goes back); "End session" takes a move (UP/DOWN), then A arms it ("A
    again=end") and a second A reveals the seed and starts the next session; a move
    disarms it (issue 19: no destructive choice on B then A, nor on one stray A).
    State: {"sel": 0 | 1, "armed": bool}."""

    ID = "end_session"
    HELP = ("Up/Down choose\n"
            "A keep, or arm End\n"
            "session; A again\n"
            "ends it: the seed\n"
            "is revealed\n"
            "B back")

    # Never saved, as the leave menu (prompt.LeaveMenu): a reboot comes back to the
    # menu under it (found by new users: the first A after power-on ended the
    # session; then, saved disarmed, "D A A" after a reboot ended it where the same
    # keys on Abandon game's menu only reopened it)
    TRANSIENT = True
    GUARDED = True  # shows no secret: never covered as "Private"

    def initial(self):
        return {"sel": 0, "armed": False}

    def disarm(self):
        """The Undo menu opened over it (firmware/undo.py): armed no more."""
        self.s["armed"] = False

    def draw(self, app, surface):
        s = self.s
        sel = s.get("sel", 0)
        surface.line_text(0, "End session %d?" % app.session, True)
        surface.line_text(1, (">" if sel == 0 else " ") + "Keep session", sel == 0)
        label = "A again=end" if s.get("armed") else "End session"
        surface.line_text(2, (">" if sel == 1 else " ") + label, sel == 1)
        surface.line_text(3, "Ending shows the")
        surface.line_text(4, "dice seed (to")
        surface.line_text(5, "verify), then a")
        surface.line_text(6, "new session.")
        surface.line_text(7, "U/D choose  A ok")

    def on_button(self, app, name, kind):
        s = self.s
        if name == UP or name == DOWN:
            s["sel"] = 1 - s.get("sel", 0)
            s["armed"] = False
        elif name == B or (name == A and s.get("sel", 0) == 0):
            app.pop()
        elif name == A and not s.get("armed"):
            s["armed"] = True
        elif name == A:
            app.replace(reveal_screen(app, app.end_session()))


def reveal_screen(app, ended):
    """The screen showing an ended session's seed (hex, 16 digits a line), its
    commitment and the new session's. :param ended: as App.end_session returns."""
    number, seed_hex, short = ended
    lines = ["Session %d seed:" % number]
    for start in range(0, len(seed_hex), 16):
        lines.append(seed_hex[start:start + 16])
    lines.append("Commit %s" % short)
    lines.append("Now session %d" % app.session)
    lines.append("Dice commit %s" % app.seed_id)
    return TextScreen({"title": "Seed revealed", "lines": lines, "top": 0})
