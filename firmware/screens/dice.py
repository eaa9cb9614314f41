"""Dice: any die of the three games, the result and the last five rolls."""

from firmware.buttons import A, RIGHT
from firmware.surface import COLS
from firmware.ui import Menu
from shared_rules.dice import DICE, DIE_NAMES, roll_named

RULES = {"d6": "RULINGS Dice: Neo-Hunt d6",
         "d10": "Cybernaut II.D",
         "2d10": "Cybernaut V.D",
         "d20": "RULINGS Dice: Cybercore d20",
         "d100": "Cybercore Dealing Damage"}


def show_roll(name, total, faces):
    """How a roll reads on screen: '= 75 (7,5)' for two dice, '= 17' for one."""
    if name == "2d10":
        return "= %02d (%d,%d)" % (total, faces[0], faces[1])
    if name == "d100":
        return "= %d (%d,%d)" % (total, faces[0], faces[1])
    return "= %d" % total


class DiceScreen(Menu):
    """UP/DOWN choose the die, A rolls. State: {"sel", "last"} (last: shown text)."""

    ID = "dice"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A roll the die\n"
            "R the last rolls,\n"
            "each named\n"
            "B back")
    TITLE = "Dice A=roll R=history"

    def initial(self):
        return {"sel": 0, "last": ""}

    def items(self, app):
        return [DICE[name][0] for name in DIE_NAMES]

    def footer(self, app):
        # newest first, whole numbers only: an older roll that does not fit is left out
        # (cutting "44" to "4" would show a roll that never happened)
        # each with its die ("d6:4"); R lists them with what they were for
        line = "Last"
        for item in app.history:
            word = "%s:%s" % (item[0].split(" ")[0], item[1])
            if len(line) + 1 + len(word) > COLS:
                break
            line += " " + word
        return [self.s["last"], line]

    def side(self, app, name, kind):
        """RIGHT: the last five rolls, newest first, each named by its die and what
        it was for ("d6 shot: 4", "d6 burn: 1"), as app.remember_roll keeps them."""
        if name == RIGHT:
            from firmware.ui import TextScreen
            text = "\n".join(["%s: %s" % (item[0], item[1]) for item in app.history])
            app.push(TextScreen.make("Last rolls (newest)", text or "No roll yet"))

    def choose(self, app, index):
        name = DIE_NAMES[index]
        total, faces = roll_named(app.source, name)
        app.record("dice", "roll", {"die": name}, {"total": total, "faces": list(faces)},
                   RULES[name])
        # named as its menu entry names it ("00-99", not "2d10": found by a new user)
        shown = DICE[name][0].split(" ")[0]
        app.remember_roll(shown, total)
        self.s["last"] = shown + " " + show_roll(name, total, faces)
