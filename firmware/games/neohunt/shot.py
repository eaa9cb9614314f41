"""Neo-Hunt shot: the target's state, a d6, the number needed, hit or miss."""

from firmware.buttons import LEFT, RIGHT
from firmware.ui import Menu, adjust
from shared_rules.dice import d6
from shared_rules.neohunt.rules import RULE_TO_HIT, TARGET_ORDER, TARGETS, shot_hits


class ShotScreen(Menu):
    """UP/DOWN the target state, LEFT/RIGHT a modifier (-3..+3), A rolls the d6.

    The footer shows the exact chance of a hit before the roll; the roll's result
    opens its own screen (firmware.screens.result).

    State: {"sel", "mod", "last", "note"}: the outcome line shown, and a note when
    only the unmodified 6 made the hit (on the result screen).
    """

    ID = "nh_shot"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "(target's state)\n"
            "L/R modifier\n"
            "(hold: 5)\n"
            "A roll to-hit\n"
            "B back")
    TITLE = "Neo-Hunt shot"

    def initial(self):
        return {"sel": 0, "mod": 0, "last": "", "note": ""}

    def items(self, app):
        return [TARGETS[key][0] for key in TARGET_ORDER]

    def footer(self, app):
        """The need and modifier, the exact odds of a hit (public: the target's state
        and the modifier, shared_rules.odds), the last roll (before one: the buttons)."""
        from shared_rules.odds import chance_text, shot_odds
        target = TARGET_ORDER[self.s["sel"]]
        return ["Need %d+ mod %+d" % (TARGETS[target][1], self.s["mod"]),
                "hit " + chance_text(*shot_odds(target, self.s["mod"])),
                self.s["last"] or "A:roll L/R:modifier"]

    def side(self, app, name, kind):
        if name == LEFT or name == RIGHT:
            self.s["mod"] = adjust(self.s["mod"], name, kind, -3, 3)

    def choose(self, app, index):
        target = TARGET_ORDER[index]
        face = d6(app.source)
        hit, need = shot_hits(target, face, self.s["mod"])
        app.record("neohunt", "shot", {"target": target, "mod": self.s["mod"]},
                   {"d6": face, "need": need, "hit": hit}, RULE_TO_HIT)
        app.remember_roll("d6 shot", face)
        self.s["last"] = "d6 %d: %s" % (face, "HIT" if hit else "MISS")
        # say so when only the unmodified-6 rule made it a hit
        self.s["note"] = "A 6 always hits" if hit and face + self.s["mod"] < need else ""
        from firmware.screens.result import show
        show(app, "Shot", ["Need %d+ mod %+d" % (need, self.s["mod"]), self.s["last"]]
             + ([self.s["note"]] if self.s["note"] else []))
