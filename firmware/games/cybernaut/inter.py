"""Cybernaut's Interaction roll screen (Cybernaut V.A): d10 + the group's best
RealWorld value by the Sprawl's environ, looked up in the Cybernaut pack, with the
odds of each result. Its own module: the Cybernaut menu's is in the heap at every
boot into a game, this one only while the roll is open (issue 21)."""

from firmware.buttons import LEFT, RIGHT
from firmware.ui import Menu, adjust
from shared_rules.cybernaut.rules import ENVIRONS, RULE_INTERACTION, interaction

from firmware.games.cybernaut.shared import PACK


def describe(pack, text):
    """The result codes of ``text`` spelled out from the pack's 'codes' (one per line)."""
    codes = pack.data.get("codes", {})
    lines = []
    for code in text.split():
        meaning = codes.get(code)
        if meaning:
            lines.append(code + ": " + meaning)
    return lines


# the help pages' legend of the odds lines (odds_lines): each result's chance
ODDS_HELP = ("Odds line: chance\n"
             "of each result of\n"
             "this roll, e.g.\n"
             "E30% = result E on\n"
             "3 rolls in 10;\n"
             "-30% = no effect;\n"
             "A+E = both A and E")


class InteractionScreen(Menu):
    """UP/DOWN the Sprawl's environ, LEFT/RIGHT the group's best RealWorld value
    (0-9), A rolls; it opens on the last roll's choices (kept by the Cybernaut
    menu: its "inter", [environ index, RealWorld]). State: {"sel", "rw"}."""

    ID = "cn_inter"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A roll d10 on the\n"
            "chosen environ\n"
            "L/R best RealWorld\n"
            "(hold: 5)\n"
            "B back\n" + ODDS_HELP)
    TITLE = "Interaction V.A"

    def initial(self):
        return {"sel": 0, "rw": 3}

    def items(self, app):
        return list(ENVIRONS)

    def footer(self, app):
        """The best RealWorld value (LEFT/RIGHT), the button hint, and the exact odds
        of each result of the chosen environ (at most two lines)."""
        environ = ENVIRONS[self.s["sel"]]
        return ["RW %d </> A: roll" % self.s["rw"]] + odds_lines(app.pack(PACK), environ,
                                                               self.s["rw"])[:2]

    def side(self, app, name, kind):
        if name == LEFT or name == RIGHT:
            self.s["rw"] = adjust(self.s["rw"], name, kind, 0, 9)

    def choose(self, app, index):
        pack = app.pack(PACK)
        environ = ENVIRONS[index]
        out = interaction(pack, environ, [self.s["rw"]], app.source)
        result = out["interaction"]
        outcome = {"d10": out["face"], "total": out["total"], "result": result.text,
                   "clamped": result.clamped}
        app.remember_roll("d10", out["face"])
        lines = ["d10 %d+%d=%d" % (out["face"], self.s["rw"], out["total"]),
                 environ + ": " + result.text]
        lines.extend(describe(pack, result.text))
        encounter = out["encounter"]
        if encounter is not None:
            enc, first, second = encounter
            outcome["encounter"] = {"dice": [first, second], "total": enc.roll, "result": enc.text}
            app.remember_roll("00-99", enc.roll)
            lines.append("Encounter %02d:" % enc.roll)
            lines.append(enc.text)
        if pack.placeholder:
            lines.append("(PLACEHOLDER pack)")
        app.record("cybernaut", "interaction", {"environ": environ, "rw": [self.s["rw"]]},
                   outcome, RULE_INTERACTION)
        menu = app.find("cn_menu", None)  # the next Interaction opens on this roll's
        if menu is not None:              # choices (CybernautMenu.choose)
            menu.keep_inter(index, self.s["rw"])
        from firmware.screens.result import show
        show(app, "Interaction", lines)


def odds_lines(pack, environ, best):
    """The chance of each Interaction result (shared_rules.odds.interaction_odds), as
    "E30% -30% C40%" wrapped to the screen; a result's spaces read "+" ("A+E30%")
    so a result never breaks across lines."""
    from firmware.ui import wrap
    from shared_rules.odds import interaction_odds, percent
    parts = ["%s%d%%" % (text.replace(" ", "+"), percent(count, 10))
             for text, count in interaction_odds(pack, environ, best)]
    return wrap(" ".join(parts))
