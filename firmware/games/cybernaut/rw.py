"""Cybernaut RealWorld screens: the Encounter results "Recruit" (Cybernaut V.E.1) and
"Body Bank" (II.A.4, VIII.C.2), and removing units after RealWorld combat (VIII.C).

Each is a menu of units opened from the game menu; A asks the rules (through
GameScreen.act: journaled with its rule section, a refusal shown with its reason
and section and journaled too). The printed Encounter table is not in the sample
pack (placeholder rows), so the players choose these after reading the result;
the device checks the counter mix, the sprawl of this turn's Encounter and which
units the combat results may remove. Also the game's readings (per-game settings
chosen during setup, shared_rules/cybernaut/readings.py).
"""

from firmware.buttons import LEFT, RIGHT
from firmware.games.cybernaut.shared import GAME_PACK as PACK, public
from firmware.ui import Menu


class EncounterPick(Menu):
    """Base: a Cybernaut to bring in after an Encounter; LEFT/RIGHT chooses the
    sprawl among this turn's Encounter sprawls. State: {"sel", "sp"}."""

    def initial(self):
        return {"sel": 0, "sp": 0}

    def sprawls(self, app):
        return public(app)["enc"] or ["-"]

    def sprawl(self, app):
        spots = self.sprawls(app)
        return spots[self.s["sp"] % len(spots)]

    def footer(self, app):
        return ["<" + self.sprawl(app)[:14] + ">"]

    def side(self, app, name, kind):
        if name in (LEFT, RIGHT):
            self.s["sp"] = (self.s["sp"] + (1 if name == RIGHT else -1)) % len(self.sprawls(app))


class RecruitPick(EncounterPick):
    """"Recruit": a new Cybernaut from the counter mix joins hidden in the sprawl of
    the Interaction (Cybernaut V.E.1); one already in play is refused (II.B)."""

    ID = "cn_recruit"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R sprawl\n"
            "A recruit\n"
            "B back")
    TITLE = "Recruit V.E.1"

    def items(self, app):
        return [c["name"] for c in app.pack(PACK).data["cybernauts"]]

    def choose(self, app, index):
        name = app.pack(PACK).data["cybernauts"][index]["name"]
        if app.find("cn_game").act(app, "recruit", name, self.sprawl(app)) is not None:
            app.pop()


class BodyBankPick(EncounterPick):
    """"Body Bank": an eliminated Cybernaut returns hidden in the sprawl of the
    Interaction (Cybernaut VIII.C.2); one not eliminated is refused."""

    ID = "cn_bodybank"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R sprawl\n"
            "A choose\n"
            "B back")
    TITLE = "Body Bank"

    def items(self, app):
        return ["%s %s" % (c["name"], "out" if not c["alive"] else "in play")
                for c in public(app)["cybs"]] or ["(none)"]

    def choose(self, app, index):
        if not public(app)["cybs"]:
            app.pop()
            return
        if app.find("cn_game").act(app, "body_bank", index, self.sprawl(app)) is not None:
            app.pop()


class LossPick(Menu):
    """Remove the units the RealWorld combat results eliminated (Cybernaut VIII.C):
    every unit in the attacked sprawl is listed; A removes one (a unit the results
    may not touch is refused with the rule). Closes when nothing is left."""

    ID = "cn_losses"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A remove unit\n"
            "B back")
    TITLE = "Remove units"

    def units(self, app):
        pub = public(app)
        losses = pub.get("losses") or []
        if not losses:
            return []
        sprawl = losses[0]["sprawl"]
        out = [c["name"] for c in pub["cybs"] if c["alive"] and c["at"] == sprawl]
        return out + [u["name"] for u in pub["ss"] if u["at"] == sprawl]

    def items(self, app):
        return self.units(app) or ["(none)"]

    def footer(self, app):
        losses = public(app).get("losses") or []
        return [("%s -%d" % (x["side"][:3], x["left"])) for x in losses][:2]

    def choose(self, app, index):
        units = self.units(app)
        if not units:
            app.pop()
            return
        game = app.find("cn_game")
        if game.act(app, "remove_unit", units[index]) is not None:
            if not public(app).get("losses"):
                app.pop()


class ReadingsScreen(Menu):
    """The game's readings (shared_rules/cybernaut/readings.py), chosen during setup:
    A on a line switches it to the other value (journaled with its rule section);
    once play starts the rules refuse a change (shown with the reason)."""

    ID = "cn_readings"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A or Left/Right\n"
            "change reading\n"
            "B back")
    TITLE = "Readings"
    # each item whole, within the menu's 15 cells (the cursor takes one of 16)
    LABELS = {"up": "Jump: both up", "any": "Jump: any Nexus", "each": "Skull: d10 each",
              "one": "Skull: one d10", "draw": "Tie: a draw", "nsa": "Tie: NSA wins",
              "once": "Move: once", "legs": "Move: in legs"}

    def readings(self):
        from shared_rules.cybernaut.readings import READINGS
        return READINGS

    def items(self, app):
        chosen = public(app).get("read") or {}
        out = []
        for key, values, _ in self.readings():
            out.append(self.LABELS[chosen.get(key, values[0])])
        return out

    def footer(self, app):
        return [self.readings()[self.s["sel"]][2][10:]]

    def side(self, app, name, kind):
        """LEFT or RIGHT switches the chosen reading as A does: each has two values
        (found by a new user: the arrows beside a switch did nothing)."""
        self.choose(app, self.s["sel"])

    def choose(self, app, index):
        key, values, _ = self.readings()[index]
        chosen = public(app).get("read") or {}
        now = chosen.get(key, values[0])
        app.find("cn_game").act(app, "set_reading", key, values[1] if now == values[0] else values[0])


class ZonePick(Menu):
    """Declare an Autonomous Zone (Cybernaut V.C.5; shared_rules/cybernaut/zones.py
    for our reading): one of this turn's Encounter sprawls; zones already made are
    marked * and refused again."""

    ID = "cn_zone"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A declare zone\n"
            "B back")
    TITLE = "Auton. Zone V.C.5"

    def sprawls(self, app):
        return public(app)["enc"]

    def items(self, app):
        zones = public(app).get("az") or []
        return [("*" if s in zones else " ") + s for s in self.sprawls(app)] or ["(none)"]

    def choose(self, app, index):
        spots = self.sprawls(app)
        if not spots:
            app.pop()
            return
        if app.find("cn_game").act(app, "make_zone", spots[index]) is not None:
            app.pop()
