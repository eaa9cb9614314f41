"""Cybercore fight rolls: choose the target, then (against a creature's attack)
the defence; A rolls at once (Cybercore Dealing Damage, Defending; RULINGS)."""

import json

from firmware.games.cybercore.shared import (DEFENCE_LABEL, GAME, HUB, event_lines as _event_lines,
                                             open_fight)
from firmware.ui import Menu, adjust
from shared_rules.cybercore.rules import (BANDS, DODGE_BANDS, EVADE_BANDS, RULE_ARMOUR, RULE_ATTACK,
                                    RULE_DODGE, RULE_EVADE, RULE_OPPOSED, RULE_WOUNDS)
from shared_rules.cybercore.fight import status_line
from shared_rules.errors import RefereeError


class TargetScreen(Menu):
    """Choose whom an action is for; A acts at once.

    State: {"sel", "mode" ("attack", "foe", "check", "treat", "waction"), "actor",
    "bonus" (check modifier, LEFT/RIGHT)}.
    """

    ID = "cc_target"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A choose the target\n"
            "B back")

    def help(self, app):
        """The check's LEFT/RIGHT bonus is named only on the check (found by review:
        "Attack whom?" said L/R did something there)."""
        if self.s.get("mode") == "check":
            return ("Up/Down choose\n(hold: 5 at a time)\nA choose the target\n"
                    "L/R check bonus\n(hold: 5)\nB back")
        return self.HELP

    def targets(self, fight):
        """Indices this mode may pick."""
        mode = self.s["mode"]
        out = []
        for j in range(len(fight.combatants)):
            c = fight.combatants[j]
            if mode == "check":
                if c["side"] == "foe" and not c["dead"]:
                    out.append(j)
            elif mode in ("attack", "foe"):
                if self.s["actor"] >= 0 and c["side"] != fight.combatants[self.s["actor"]]["side"] \
                        and not c["dead"]:
                    out.append(j)
            elif mode == "treat":
                if not c["dead"] and (c["wounds"] or c["wounded"]):
                    out.append(j)
            elif c["wounded"] and not c["dead"] and c["coma"] < 0:
                out.append(j)
        return out

    def items(self, app):
        fight = open_fight(app)
        return [status_line(fight.combatants[j]) for j in self.targets(fight)] or ["(nobody)"]

    def draw(self, app, surface):
        mode = self.s["mode"]
        self.TITLE = {"attack": "Attack whom?", "foe": "Who is attacked?", "check": "Check vs DC",
                      "treat": "Treat whom?", "waction": "Wounded action"}[mode]
        Menu.draw(self, app, surface)

    # what A does, on the last row (found by a new user: the target lists named no
    # button, and A on "Attack whom?" rolls at once)
    BUTTONS = {"attack": "A: roll  B: back", "foe": "A: choose  B: back", "treat": "A: treat  B: back",
               "waction": "A: roll  B: back"}

    def footer(self, app):
        if self.s["mode"] == "check":
            return ["Bonus %+d </> A:roll" % self.s["bonus"]]
        return [self.BUTTONS[self.s["mode"]]]

    def side(self, app, name, kind):
        if self.s["mode"] == "check":
            self.s["bonus"] = adjust(self.s["bonus"], name, kind, -20, 40)

    def choose(self, app, index):
        host = app.find(HUB)
        fight = host.fight(app)
        targets = self.targets(fight)
        if index >= len(targets):
            app.pop()
            return
        j = targets[index]
        mode = self.s["mode"]
        i = self.s["actor"]
        if mode == "foe":
            app.replace(DefenceScreen({"sel": 0, "actor": i, "target": j}))
            return
        try:
            lines = self.resolve(app, host, fight, mode, i, j)
        except RefereeError as exc:
            app.notice("Not allowed", str(exc))
            return
        host.keep(app, fight, [lines[0], lines[-1]])
        # a roll's result, a treatment, a Wounded Action: its own screen until A
        from firmware.screens.result import ResultScreen
        # the result's title names what was done, not the question asked (found by a
        # new user: an attack's result read "Attack whom?")
        title = {"attack": "Attack", "check": "Check vs DC", "treat": "Treated",
                 "waction": "Wounded action"}.get(mode, self.TITLE)
        app.replace(ResultScreen.make(title, lines))

    def resolve(self, app, host, fight, mode, i, j):
        """Apply the action; journal it. :returns: the public outcome lines."""
        t = fight.combatants[j]
        if mode == "attack":
            a = fight.combatants[i]
            secret = {"defense": t["defense"], "dr": t["dr"]}
            out = fight.attack(i, j, app.source)
            app.remember_roll("d100", out["d100"])
            after = {"passed": out["passed"], "hp": t["hp"]}
            public = {"d100": out["d100"], "total": out["total"], "hit": out["hit"],
                      "rolled": out["rolled"], "events": out["events"]}
            app.record(GAME, "attack", {"attacker": a["name"], "target": t["name"],
                                        "hidden": _seal_for(app, t, secret),
                                        "d100_00": fight.zero100},
                       {"public": public, "hidden": _seal_for(app, t, after)}, RULE_ATTACK)
            bonus = 5 * a["rank"] + a["bonus"]
            lines = [a["name"] + " > " + t["name"],
                     "d100 %d%+d=%d" % (out["d100"], bonus, out["total"])]
            if out["hit"]:
                lines.append("Hit! %d dmg %s" % (out["rolled"], a["dtype"]))
            else:
                lines.append("Miss")
            return lines + _event_lines(t["name"], t, out["events"])
        if mode == "check":
            if i < 0 or fight.combatants[i]["side"] != "pc":
                i = -1      # a creature's turn: some player rolls against its DC
            who = fight.combatants[i]["name"] if i >= 0 else "Player"
            out = fight.opposed(i, j, self.s["bonus"], app.source)
            app.remember_roll("d20", out["d20"])
            app.record(GAME, "check", {"who": who, "vs": t["name"], "bonus": self.s["bonus"],
                                       "hidden": _seal_for(app, t, {"dc": t["dc"]})},
                       out, RULE_OPPOSED)
            lines = ["%s vs %s" % (who, t["name"]),
                     "d20 %d%+d=%d" % (out["d20"], self.s["bonus"], out["total"]),
                     "Success!" if out["success"] else "Failure"]
            if out["stacks"]:
                lines.append("+%d extra stack%s" % (out["stacks"], "s" if out["stacks"] > 1 else ""))
            return lines
        if mode == "treat":
            fight.treat(j)
            app.record(GAME, "treat", {"who": t["name"]}, {"status": status_line(t)}, RULE_WOUNDS)
            return [t["name"] + " treated", status_line(t)]
        fight.wounded_action(j)
        app.record(GAME, "wounded_action", {"who": t["name"]}, {}, RULE_WOUNDS)
        return [t["name"], "Wounded Action", "spent"]


def _seal_for(app, c, values):
    """Values about combatant c for the journal: sealed for a hidden creature."""
    if c["side"] == "foe" and not c.get("revealed"):
        return app.seal(json.dumps(values))
    return values


class DefenceScreen(Menu):
    """The attacked player chooses Armour, Dodge or Evade; A rolls at once.

    State: {"sel", "actor" (attacking creature), "target" (defending player)}.
    """

    ID = "cc_defend"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A roll it: Armour;\n"
            "Dodge vs a direct\n"
            "attack, Evade vs\n"
            "an area one\n"
            "B back")
    TITLE = "Defend with?"

    def options(self, fight):
        """[(label, defence)] the attack allows, with the counts left."""
        i = self.s["actor"]
        j = self.s["target"]
        t = fight.combatants[j]
        out = []
        for defence in fight.allowed_defences(i, j):
            if defence == "armour":
                label = "Armour AF%+d" % t["af"]
            elif defence == "dodge":
                label = "Dodge %d left" % fight.left(j, "dodge")
            else:
                label = "Evade %d left" % fight.left(j, "evade")
            out.append((label, defence))
        return out

    def items(self, app):
        return [item[0] for item in self.options(open_fight(app))]

    def footer(self, app):
        fight = open_fight(app)
        return [fight.combatants[self.s["target"]]["name"] + " defends"]

    def choose(self, app, index):
        host = app.find(HUB)
        fight = host.fight(app)
        defence = self.options(fight)[index][1]
        i = self.s["actor"]
        j = self.s["target"]
        a = fight.combatants[i]
        t = fight.combatants[j]
        was_wounded = t["wounded"]
        secret = {"an": a["an"], "dc": a["dc"], "dice": a["dice"]}
        try:
            out = fight.defend(i, j, defence, app.source)
        except RefereeError as exc:
            app.notice("Not allowed", str(exc))
            return
        app.remember_roll("d20", out["d20"])
        app.record(GAME, "defend", {"attacker": a["name"], "target": t["name"], "defence": defence,
                                    "hidden": _seal_for(app, a, secret)},
                   out, RULE_EVADE if defence == "evade" else (RULE_DODGE if defence == "dodge"
                                                                 else RULE_ARMOUR))
        factor = {"armour": t["af"], "dodge": t["df"], "evade": t["ef"]}[defence]
        lines = ["%s: %s" % (t["name"], DEFENCE_LABEL[defence]),
                 "d20 %d%+d=%d" % (out["d20"], factor, out["total"])]
        bands = {"armour": BANDS, "dodge": DODGE_BANDS, "evade": EVADE_BANDS}[defence]
        lines.append(bands[out["band"]] + ("!" if out["success"] else ""))
        if out["squares"]:
            lines.append("Move %d squares" % out["squares"])
        if defence != "dodge" or not out["success"]:
            lines += damage_lines(out["passed"], was_wounded, a["name"], out["events"])
        glitch = None
        if out["glitch"]:
            lines += glitch_lines(out["quality_loss"])
            if t["armour"] != "none":
                glitch = [j, out["dtype"]]
        if out["bother"]:
            lines.append("Bother: " + DEFENCE_LABEL[out["bother"]])
        lines += _event_lines(t["name"], t, out["events"])
        host.keep(app, fight, [lines[0], _band_damage(lines[2], out["passed"], was_wounded)], glitch)
        from firmware.screens.result import ResultScreen
        app.replace(ResultScreen.make("Defence", lines))  # until A: the roll stands


def glitch_lines(quality_loss):
    """A failed armour check's lines: the Quality lost (int >= 0, 1 per 5 missed),
    named only when some is lost (found by review: "Quality -0"), then the glitch
    check it calls for (Cybercore Armour Quality)."""
    if quality_loss:
        return ["Quality -%d" % quality_loss, "Glitch check!"]
    return ["Glitch check!"]


def damage_lines(passed, was_wounded, source, events):
    """The defence result's damage lines: ``passed`` (int >= 0, damage past DR and
    the band), ``was_wounded`` (bool, the defender was Wounded before the roll),
    ``source`` (str, the attacker's name), ``events`` (the damage's event words).
    While Wounded the damage is ignored and only a source not yet counted adds a
    wound (Cybercore Hitpoints (HP); RULINGS "each unique source"): the screen says
    so rather than "passes". :returns: list of str (ResultScreen wraps them)."""
    if not was_wounded or passed <= 0:
        return ["%d dmg passes" % passed]
    lines = ["%d dmg ignored:" % passed, "Wounded (Hitpoints)"]
    if "wound" not in events:
        lines.append("No new wound: %s already counted" % source)
    return lines


def _band_damage(band, passed, ignored=False):
    """The fight screen's last line after a defence: the band (str, e.g. "Taken
    well" or "Resistance!") and the damage that passed (int >= 0), in 21 columns
    ("Taken well 12dmg"); ``ignored`` (the defender was Wounded: the damage is
    ignored) says "ignored" instead of the damage; the band is shortened only when
    nothing else fits."""
    if ignored and passed > 0:
        return (band + " ignored")[:21]
    for text in ("%s %d dmg" % (band, passed), "%s %ddmg" % (band, passed),
                 "%s %ddmg" % (band.rstrip("!"), passed)):
        if len(text) <= 21:
            return text
    tail = " %ddmg" % passed
    return band[:21 - len(tail)] + tail
