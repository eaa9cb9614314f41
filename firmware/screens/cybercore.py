"""Cybercore armour check: d20 + AF against the creature's hidden AN, the band and
the damage that passes through after DR (Cybercore "Armour Factor (AF)")."""

import json

from firmware.buttons import A, B, LEFT, LONG, RIGHT
from firmware.screens.prompt import Handover, SecretNumber
from firmware.ui import Menu, TextScreen, adjust
from shared_rules.dice import d20
from shared_rules.cybercore import (ARMOUR_CLASSES, BANDS, DAMAGE_TYPES,
                                    DODGE_BANDS, EVADE_BANDS, HIDDEN, RULE_ATTACK, RULE_DODGE,
                                    RULE_EVADE, RULE_INITIATIVE, RULE_OPPOSED, RULE_QUALITY,
                                    RULE_ARMOUR, RULE_WOUNDS, Fight, armour_check, dodge_factor, evade_factor, hit_points,
                                    new_combatant, status_line)
from shared_rules.errors import RefereeError

# field -> (label, low, high)
FIELDS = (("an", "AN", 0, 60), ("af", "AF", -10, 40), ("dmg", "Dmg", 0, 99), ("dr", "DR", 0, 40))


class ArmourScreen(Menu):
    """UP/DOWN a field, LEFT/RIGHT change it; on AN, A opens the GM-only prompt; on
    'Roll', A rolls d20 + AF. The AN is kept sealed and never drawn here.

    State: {"sel", "an" (sealed str or None), "af", "dmg", "dr"}.
    """

    ID = "cc_armour"
    TITLE = "Armour check"

    def initial(self):
        return {"sel": 0, "an": None, "af": 5, "dmg": 10, "dr": 2}

    def items(self, app):
        s = self.s
        return ["AN  " + ("set, hidden" if s["an"] else "GM: press A"),
                "AF  %+d" % s["af"], "Dmg %d" % s["dmg"], "DR  %d" % s["dr"], "Roll d20+AF"]

    def footer(self, app):
        return ["</> change"]

    def side(self, app, name, kind):
        sel = self.s["sel"]
        if 1 <= sel <= 3 and (name == LEFT or name == RIGHT):
            key, label, low, high = FIELDS[sel]
            self.s[key] = adjust(self.s[key], name, kind, low, high)

    def receive(self, app, field, sealed):
        """The GM prompt's sealed number arrives."""
        self.s[field] = sealed

    def choose(self, app, index):
        s = self.s
        if index == 0:
            start = int(app.unseal(s["an"])) if s["an"] else 15
            app.push(SecretNumber.make(app, "GM", "AN", "an", start, 0, 60))
            return
        if index != 4:
            return
        if not s["an"]:
            app.notice("Armour check", "The GM has not set the AN yet: select AN and press A.")
            return
        an = int(app.unseal(s["an"]))
        face = d20(app.source)
        out = armour_check(face, s["af"], an, s["dmg"], s["dr"])
        app.remember_roll("d20", face)
        app.record("cybercore", "armour", {"af": s["af"], "an": s["an"], "dmg": s["dmg"], "dr": s["dr"]},
                   {"d20": face, "total": out.total, "band": out.band, "passed": out.passed,
                    "quality_loss": out.quality_loss, "glitch": out.glitch_check}, RULE_ARMOUR)
        lines = ["d20 %d%+d = %d" % (face, s["af"], out.total),
                 BANDS[out.band] + ("!" if out.success else ""),
                 "%d of %d dmg" % (out.passed, s["dmg"]),
                 "passes (DR %d)" % s["dr"]]
        if out.glitch_check:
            lines.append("Quality -%d" % out.quality_loss)
            lines.append("Glitch check!")
        app.push(TextScreen.make("Armour result", "\n".join(lines)))


# ---------------------------------------------------------------------------
# The fight (issue 4): set-up, who acts now, rolls, outcomes, round summary.
# ---------------------------------------------------------------------------

GAME = "cybercore"
PC_NAMES = ("Ana", "Bo", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal")
FOE_NAMES = ("Crab", "Drone", "Ghoul", "Merc", "Pirate", "Bug", "Guard", "Mech")
WEAPONS = ("1d4", "1d6", "1d8", "1d10", "1d12", "2d6", "2d8", "2d10", "3d6", "4d6", "4d10")
AMBUSH = ("none", "foe_undetected", "foe_detected", "pc_undetected", "pc_detected")
AMBUSH_LABEL = {"none": "none", "foe_undetected": "foe,unseen", "foe_detected": "foe,seen",
                "pc_undetected": "PC,unseen", "pc_detected": "PC,seen"}
DEFENCE_LABEL = {"armour": "Armour", "dodge": "Dodge", "evade": "Evade"}


def fight_host(app):
    """The FightScreen nearest the top of the stack (the screens it opens act on it)."""
    for index in range(len(app.stack) - 1, -1, -1):
        if app.stack[index].ID == "cc_fight":
            return app.stack[index]
    return None


def _hidden_of(c):
    hidden = {}
    for key in HIDDEN:
        if key in c:
            hidden[key] = c[key]
    return hidden


def _event_lines(name, c, events):
    lines = []
    for event in events:
        if event == "down":
            lines.append(name + " down!")
        elif event == "wound":
            lines.append(name + " +1 wound")
        elif event == "comatose":
            if c["side"] == "pc" or c["revealed"]:
                lines.append("Coma: %d rounds" % c["coma"])
            else:
                lines.append(name + " comatose")
        elif event == "dead":
            lines.append(name + " is dead")
    return lines


class FightScreen(Menu):
    """The fight: set-up (players, creatures, ambush), then the combat screen.

    State: {"sel", "fight" (Fight.to_dict, creatures' numbers sealed), "last"
    (the last outcome, two public lines), "glitch" ([index, damage type] of a due
    glitch check, or None)}.
    """

    ID = "cc_fight"
    TITLE = "Cybercore fight"

    def initial(self):
        return {"sel": 0, "fight": Fight().to_dict(None), "last": ["", ""], "glitch": None}

    def fight(self, app):
        """The Fight, opened from the state."""
        return Fight.from_dict(self.s["fight"], app.unseal)

    def keep(self, app, fight):
        """Store ``fight`` back into the state (hidden numbers sealed)."""
        self.s["fight"] = fight.to_dict(app.seal)

    # ---- menu ---------------------------------------------------------------
    def actions(self, app, fight):
        """[(label, action)] for the current stage."""
        if fight.round == 0:
            out = [("Add player", "add_pc"), ("Add creature", "add_foe")]
            for index in range(len(fight.combatants)):
                c = fight.combatants[index]
                out.append(("%s %s" % (c["name"], "PC" if c["side"] == "pc" else "GM"), index))
            surprise = "none"
            if 0 <= fight.surprise < len(fight.combatants):
                surprise = fight.combatants[fight.surprise]["name"]
            out.append(("Ambush " + AMBUSH_LABEL[fight.ambush], "ambush"))
            out.append(("Aware " + ("yes" if fight.aware else "no"), "aware"))
            out.append(("Surprise " + surprise, "surprise"))
            out.append(("Start fight", "start"))
            return out
        out = [("Attack", "attack"), ("End turn", "end_turn")]
        if self.s["glitch"]:
            out.append(("Glitch failed", "glitch"))
        out += [("Check vs DC", "check"), ("Status", "status"), ("Log", "log"),
                ("Wounded act", "waction"), ("Treat", "treat"), ("GM numbers", "gm"),
                ("End fight", "end")]
        return out

    def items(self, app):
        return [item[0] for item in self.actions(app, self.fight(app))]

    def footer(self, app):
        if self.s["fight"]["round"] == 0:
            return []
        return self.s["last"]

    def draw(self, app, surface):
        fight = self.fight(app)
        if fight.round:
            i = fight.current()
            who = fight.combatants[i]["name"] if i >= 0 else "-"
            self.TITLE = "R%d %s acts" % (fight.round, who)
        else:
            self.TITLE = "Fight set-up %d/8" % len(fight.combatants)
        Menu.draw(self, app, surface)
        surface.line_text(0, self.TITLE, True)

    def on_button(self, app, name, kind):
        if name == B and self.s["fight"]["round"]:
            return  # a running fight is left only by "End fight": B loses nothing
        Menu.on_button(self, app, name, kind)

    def side(self, app, name, kind):
        fight = self.fight(app)
        if fight.round:
            return
        action = self.actions(app, fight)[self.s["sel"]][1]
        step = 1 if name == RIGHT else -1
        if action == "ambush":
            fight.ambush = AMBUSH[(AMBUSH.index(fight.ambush) + step) % len(AMBUSH)]
        elif action == "aware":
            fight.aware = not fight.aware
        elif action == "surprise":
            count = len(fight.combatants) + 1
            fight.surprise = (fight.surprise + 1 + step) % count - 1
        else:
            return
        self.keep(app, fight)

    def choose(self, app, index):
        fight = self.fight(app)
        action = self.actions(app, fight)[index][1]
        try:
            self.act(app, fight, action)
        except RefereeError as exc:
            app.notice("Not allowed", str(exc))

    def act(self, app, fight, action):
        """Do a menu action (RuleError from the rules goes to a notice)."""
        if isinstance(action, int):
            c = fight.combatants[action]
            if c["side"] == "pc":
                app.push(PlayerEdit({"sel": 0, "index": action, "c": c}))
            else:
                app.push(Handover.make("GM", CreatureEdit.make(app, action, c)))
            return
        if action == "add_pc" or action == "add_foe":
            if len(fight.combatants) >= 8:
                app.notice("Set-up", "A fight holds at most 8 combatants.")
                return
            if action == "add_pc":
                c = new_combatant(_free_name(fight, PC_NAMES), "pc")
                app.push(PlayerEdit({"sel": 0, "index": -1, "c": c}))
            else:
                c = new_combatant(_free_name(fight, FOE_NAMES), "foe")
                app.push(Handover.make("GM", CreatureEdit.make(app, -1, c)))
            return
        if action == "start":
            fight.start()
            app.record(GAME, "start", {"names": [c["name"] for c in fight.combatants],
                                       "ambush": fight.ambush, "aware": fight.aware,
                                       "surprise": fight.surprise},
                       {"order": [fight.combatants[i]["name"] for i in fight.order]},
                       RULE_INITIATIVE)
            self.keep(app, fight)
            self.s["sel"] = 0
            self.s["last"] = ["Round 1", ""]
            app.push(TextScreen.make("Round 1 order", "\n".join(
                [fight.combatants[i]["name"] for i in fight.order])))
            return
        actor = fight.current()
        if action == "attack":
            if actor < 0:
                app.notice("Attack", "Nobody is left in the combat order.")
                return
            mode = "attack" if fight.combatants[actor]["side"] == "pc" else "foe"
            app.push(TargetScreen({"sel": 0, "mode": mode, "actor": actor, "bonus": 0}))
        elif action == "end_turn":
            self.s["glitch"] = None
            self.s["sel"] = 0
            new_round = fight.end_turn()
            self.keep(app, fight)
            if new_round:
                app.record(GAME, "round", {"round": fight.round},
                           {"summary": fight.summary}, RULE_WOUNDS)
                self.s["last"] = ["Round %d" % fight.round, ""]
                app.push(TextScreen.make("Round %d" % fight.round, "\n".join(fight.summary)))
        elif action == "glitch":
            j, dtype = self.s["glitch"]
            fight.glitch(j, dtype)
            self.s["glitch"] = None
            self.keep(app, fight)
            self.s["sel"] = 0
            self.s["last"] = [fight.log[-1][:16], ""]
            app.record(GAME, "glitch", {"who": fight.combatants[j]["name"], "dtype": dtype},
                       {"quality": fight.combatants[j]["quality"]}, RULE_QUALITY)
        elif action == "check":
            app.push(TargetScreen({"sel": 0, "mode": "check", "actor": actor, "bonus": 0}))
        elif action == "status":
            app.push(TextScreen.make("Status R%d" % fight.round, "\n".join(fight.status_lines(False))))
        elif action == "log":
            app.push(TextScreen.make("Last outcomes", "\n".join(fight.log)))
        elif action == "waction" or action == "treat":
            app.push(TargetScreen({"sel": 0, "mode": action, "actor": actor, "bonus": 0}))
        elif action == "gm":
            app.push(Handover.make("GM", GmView()))
        elif action == "end":
            app.record(GAME, "end", {"round": fight.round},
                       {"status": fight.status_lines(False)}, RULE_WOUNDS)
            app.pop()

    def receive(self, app, index, c):
        """An editor hands back a combatant (index -1: a new one)."""
        fight = self.fight(app)
        if index < 0:
            fight.add(c)
        else:
            fight.combatants[index] = c
        self.keep(app, fight)


def _free_name(fight, names):
    used = [c["name"] for c in fight.combatants]
    for name in names:
        if name not in used:
            return name
    return names[0] + "x"


class TargetScreen(Menu):
    """Choose whom an action is for; A acts at once.

    State: {"sel", "mode" ("attack", "foe", "check", "treat", "waction"), "actor",
    "bonus" (check modifier, LEFT/RIGHT)}.
    """

    ID = "cc_target"

    def targets(self, fight):
        """Indices this mode may pick."""
        mode = self.s["mode"]
        out = []
        for j in range(len(fight.combatants)):
            c = fight.combatants[j]
            if mode in ("attack", "foe", "check"):
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
        host = fight_host(app)
        fight = host.fight(app)
        return [status_line(fight.combatants[j]) for j in self.targets(fight)] or ["(nobody)"]

    def draw(self, app, surface):
        mode = self.s["mode"]
        self.TITLE = {"attack": "Attack whom?", "foe": "Who is attacked?", "check": "Check vs DC",
                      "treat": "Treat whom?", "waction": "Wounded action"}[mode]
        Menu.draw(self, app, surface)

    def footer(self, app):
        if self.s["mode"] == "check":
            return ["Bonus %+d  </>" % self.s["bonus"]]
        return []

    def side(self, app, name, kind):
        if self.s["mode"] == "check":
            self.s["bonus"] = adjust(self.s["bonus"], name, kind, -20, 40)

    def choose(self, app, index):
        host = fight_host(app)
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
        host.keep(app, fight)
        host.s["last"] = [lines[0][:16], lines[-1][:16]]
        app.replace(TextScreen.make(self.TITLE, "\n".join(lines)))

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
                                        "hidden": _seal_for(app, t, secret)},
                       {"public": public, "hidden": _seal_for(app, t, after)}, RULE_ATTACK)
            bonus = 5 * a["rank"] + a["bonus"]
            lines = [a["name"] + " > " + t["name"],
                     "d100 %d%+d=%d" % (out["d100"], bonus, out["total"])]
            if out["hit"]:
                lines.append("Hit! dmg %d %s" % (out["rolled"], a["dtype"][:5]))
            else:
                lines.append("Miss")
            return lines + _event_lines(t["name"], t, out["events"])
        if mode == "check":
            a = fight.combatants[i]
            out = fight.opposed(i, j, self.s["bonus"], app.source)
            app.remember_roll("d20", out["d20"])
            app.record(GAME, "check", {"who": a["name"], "vs": t["name"], "bonus": self.s["bonus"],
                                       "hidden": _seal_for(app, t, {"dc": t["dc"]})},
                       out, RULE_OPPOSED)
            lines = ["%s vs %s" % (a["name"], t["name"]),
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
    if c["side"] == "foe" and not c["revealed"]:
        return app.seal(json.dumps(values))
    return values


class DefenceScreen(Menu):
    """The attacked player chooses Armour, Dodge or Evade; A rolls at once.

    State: {"sel", "actor" (attacking creature), "target" (defending player)}.
    """

    ID = "cc_defend"
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
        return [item[0] for item in self.options(fight_host(app).fight(app))]

    def footer(self, app):
        fight = fight_host(app).fight(app)
        return [fight.combatants[self.s["target"]]["name"] + " defends"]

    def choose(self, app, index):
        host = fight_host(app)
        fight = host.fight(app)
        defence = self.options(fight)[index][1]
        i = self.s["actor"]
        j = self.s["target"]
        a = fight.combatants[i]
        t = fight.combatants[j]
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
            lines.append("%d dmg passes" % out["passed"])
        if out["glitch"]:
            lines.append("Quality -%d" % out["quality_loss"])
            lines.append("Glitch check!")
            if t["armour"] != "none":
                host.s["glitch"] = [j, out["dtype"]]
        if out["bother"]:
            lines.append("Bother: " + DEFENCE_LABEL[out["bother"]])
        lines += _event_lines(t["name"], t, out["events"])
        host.keep(app, fight)
        host.s["last"] = [lines[0][:16], lines[2][:8] + " " + ("%d dmg" % out["passed"])]
        app.replace(TextScreen.make("Defence", "\n".join(lines)))


# ---- editors ---------------------------------------------------------------
# (key, label, kind, low, high); kind: "int", "bool", "name", "armour", "dice",
# "dtype", "dr" (low = damage type index), "done"
PC_FIELDS = (("name", "Name", "name", 0, 0), ("scout", "Scout", "bool", 0, 0),
             ("rank", "Rank", "int", 0, 10), ("health", "Health", "int", -5, 20),
             ("mass", "Mass", "int", -5, 20), ("af", "AF", "int", -10, 40),
             ("perception", "Percep", "int", -5, 20), ("agility", "Agility", "int", -5, 20),
             ("reactions", "React", "int", 0, 20), ("foresight", "Foresi", "int", -5, 20),
             ("dft", "DF train", "int", 0, 20), ("eft", "EF train", "int", 0, 20),
             ("armour", "Armour", "armour", 0, 0), ("quality", "Quality", "int", 0, 20),
             ("max_wounds", "Max W", "int", 0, 20), ("dice", "Weapon", "dice", 0, 0),
             ("dtype", "Type", "dtype", 0, 0), ("bonus", "Atk bon", "int", -20, 60))
FOE_FIELDS = (("name", "Name", "name", 0, 0), ("scout", "Scout", "bool", 0, 0),
              ("an", "AN", "int", 0, 99), ("dc", "DC", "int", 0, 99),
              ("defense", "Defense", "int", 0, 250), ("hp", "HP", "int", 1, 999),
              ("max_wounds", "Max W", "int", 0, 20), ("armour", "Armour", "armour", 0, 0),
              ("quality", "Quality", "int", 0, 20), ("dice", "Weapon", "dice", 0, 0),
              ("dtype", "Type", "dtype", 0, 0), ("area", "Area atk", "bool", 0, 0))
DR_FIELDS = tuple([("dr", "DR " + DAMAGE_TYPES[k][:6], "dr", k, 0) for k in range(9)])


def _cycle(values, value, step):
    index = values.index(value) if value in values else 0
    return values[(index + step) % len(values)]


class FieldEdit(Menu):
    """A combatant's numbers: UP/DOWN a field, LEFT/RIGHT change it, A on "Done"
    hands the combatant to the fight. Subclasses give FIELDS, NAMES, load/store."""

    FIELDS = ()
    NAMES = PC_NAMES

    def fields(self):
        return self.FIELDS + DR_FIELDS + (("done", "Done", "done", 0, 0),)

    def load(self, app):
        """The combatant dict being edited."""
        return self.s["c"]

    def store(self, app, c):
        self.s["c"] = c

    def label(self, c, field):
        key, label, kind, low, high = field
        if kind == "done":
            return label
        if kind == "dr":
            return "%s %d" % (label, c["dr"][low])
        value = c.get(key, 0)
        if kind == "bool":
            value = "yes" if value else "no"
        return "%s %s" % (label, value)

    def items(self, app):
        c = self.load(app)
        return [self.label(c, field) for field in self.fields()]

    def side(self, app, name, kind):
        field = self.fields()[self.s["sel"]]
        key, label, ftype, low, high = field
        c = self.load(app)
        step = (5 if kind == LONG else 1) * (1 if name == RIGHT else -1)
        if ftype == "int":
            c[key] = adjust(c.get(key, 0), name, kind, low, high)
        elif ftype == "bool":
            c[key] = not c[key]
        elif ftype == "name":
            c[key] = _cycle(self.NAMES, c[key], step)
        elif ftype == "armour":
            c[key] = _cycle(ARMOUR_CLASSES, c[key], step)
        elif ftype == "dice":
            c[key] = _cycle(WEAPONS, c[key], step)
        elif ftype == "dtype":
            c[key] = _cycle(DAMAGE_TYPES, c[key], step)
        elif ftype == "dr":
            c["dr"][low] = adjust(c["dr"][low], name, kind, 0, 40)
        else:
            return
        self.store(app, c)

    def choose(self, app, index):
        if self.fields()[index][2] == "done":
            c = self.finish(self.load(app))
            host = fight_host(app)
            try:
                host.receive(app, self.s["index"], c)
            except RefereeError as exc:
                app.notice("Not allowed", str(exc))
                return
            self.leave(app)

    def finish(self, c):
        return c

    def leave(self, app):
        app.pop()


class PlayerEdit(FieldEdit):
    """A player character's numbers (public). HP from the formula, DF and EF from
    the stats (Cybercore Hitpoints, Dodge and Evade Factor).

    State: {"sel", "index" (-1: new), "c" (combatant dict)}.
    """

    ID = "cc_pc"
    FIELDS = PC_FIELDS
    NAMES = PC_NAMES

    def draw(self, app, surface):
        c = self.finish(dict(self.load(app)))
        self.TITLE = "%s HP%d DF%d EF%d" % (c["name"][:3], c["max_hp"], c["df"], c["ef"])
        Menu.draw(self, app, surface)

    def finish(self, c):
        c["max_hp"] = hit_points(c["rank"], c["health"], c["mass"])
        c["hp"] = c["max_hp"]
        c["df"] = dodge_factor(c["perception"], c["agility"], c.get("dft", 0))
        c["ef"] = evade_factor(c["foresight"], c["reactions"], c.get("eft", 0))
        return c


class CreatureEdit(FieldEdit):
    """The GM's private editor of a creature's numbers (AN, DC, Defense, HP, DR...).
    Opened only behind a Handover to the GM; the values are kept sealed in the
    state, and "Done" hands the device back (blank screen).

    State: {"sel", "index" (-1: new), "sealed" (the combatant dict as sealed JSON)}.
    """

    ID = "cc_foe"
    FIELDS = FOE_FIELDS
    NAMES = FOE_NAMES
    TITLE = "GM: creature"

    @classmethod
    def make(cls, app, index, c):
        """An editor for creature ``c`` (dict) at fight index ``index`` (-1: new)."""
        return cls({"sel": 0, "index": index, "sealed": app.seal(json.dumps(c))})

    def load(self, app):
        return json.loads(app.unseal(self.s["sealed"]))

    def store(self, app, c):
        self.s["sealed"] = app.seal(json.dumps(c))

    def finish(self, c):
        c["max_hp"] = c["hp"]
        return c

    def on_button(self, app, name, kind):
        if name == B:
            app.hand_back()
            return
        Menu.on_button(self, app, name, kind)

    def leave(self, app):
        app.hand_back()


class GmView(Menu):
    """The GM's private view of every creature's numbers; A on a creature reveals
    its numbers to the players (journalled); "Done" hands the device back.
    State: {"sel"}."""

    ID = "cc_gm"
    TITLE = "GM: A=reveal"

    def foes(self, fight):
        return [j for j in range(len(fight.combatants)) if fight.combatants[j]["side"] == "foe"]

    def items(self, app):
        fight = fight_host(app).fight(app)
        out = []
        for j in self.foes(fight):
            c = fight.combatants[j]
            out.append(status_line(c, True))
            out.append(" AN%d DC%d D%d%s" % (c["an"], c["dc"], c["defense"],
                                             " R" if c["revealed"] else ""))
        out.append("Done")
        return out

    def choose(self, app, index):
        host = fight_host(app)
        fight = host.fight(app)
        foes = self.foes(fight)
        if index // 2 >= len(foes):
            app.hand_back()
            return
        c = fight.combatants[foes[index // 2]]
        if c["revealed"]:
            return
        c["revealed"] = True
        fight.note("GM reveals %s" % c["name"])
        host.keep(app, fight)
        app.record(GAME, "reveal", {"who": c["name"]}, _hidden_of(c), "Cybercore Opposed Checks")

    def on_button(self, app, name, kind):
        if name == B:
            app.hand_back()
            return
        Menu.on_button(self, app, name, kind)
