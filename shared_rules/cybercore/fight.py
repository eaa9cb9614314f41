"""A whole Cybercore fight: combatants, rounds, turns, defences, attacks, wounds
and the public log, saved as a JSON-ready dict with the creatures' numbers sealed
(issue 4; the single checks and numbers are in shared_rules.cybercore.rules, our
readings of the text's gaps are listed in its docstring).

Kept apart from shared_rules.cybercore.rules so that each module compiles within the
Pico's RAM when loaded from source.
"""

import json

from shared_rules.cybercore.rules import (ARC, ARMOUR_CLASSES, DAMAGE_TYPES, RULE_ATTACK, RULE_DODGE, RULE_EVADE,
                                    RULE_HP,
                                    RULE_INITIATIVE, RULE_OPPOSED, RULE_QUALITY, RULE_WOUNDS,
                                    armour_check, attack_hits, comatose_rounds, dodge_check, dodges_per_round, evade_check, evades_per_round,
                                    extra_stacks, initiative_order, pass_through)
from shared_rules.dice import d20, d100, parse
from shared_rules.errors import RuleError

MAX_COMBATANTS = 8
LOG_KEEP = 8

# A creature's numbers the GM keeps out of sight (sealed in saves and the journal).
HIDDEN = ("an", "dc", "defense", "hp", "max_hp", "dr", "max_wounds", "wounds", "dice",
          "quality", "bonus")


def new_combatant(name, side):
    """A combatant's numbers as a JSON-ready dict, with neutral defaults.

    Both sides: name, side ("pc"/"foe"), scout, armour (ARMOUR_CLASSES), quality,
    dr (9 ints, DAMAGE_TYPES order), max_wounds, dice (weapon damage notation), dtype
    (a DAMAGE_TYPES name), hp, max_hp, and the running state: wounds, wounded, coma
    (rounds left or -1), dead, bother ("dodge"/"evade" -> own turn ends left),
    sources (the damage sources that added a wound since it went Wounded), waction
    (Wounded Actions left).
    A player ("pc") adds rank, health, mass, perception, agility, reactions,
    foresight, dft / eft (Dodge / Evade training), af, df, ef, bonus (attack bonus),
    dodges, evades (used this round), heroic. A creature ("foe") adds an, dc,
    defense (the numbers players roll against), area (its attack is an area attack:
    Evade, not Dodge) and revealed (the GM has shown its numbers).
    Only the keys a side uses are kept (RAM and save size).
    """
    c = {"name": name, "side": side, "scout": False, "armour": "none", "quality": 5,
         "dr": [0] * 9, "max_wounds": 4, "dice": "1d6", "dtype": "slash", "hp": 28, "max_hp": 28,
         "wounds": 0, "wounded": False, "coma": -1, "dead": False,
         "bother": {"dodge": 0, "evade": 0}, "sources": [], "waction": 0}
    if side == "pc":
        c.update({"rank": 1, "health": 2, "mass": 2, "perception": 2, "agility": 2,
                  "reactions": 2, "foresight": 2, "dft": 0, "eft": 0, "af": 4, "df": 4, "ef": 4,
                  "bonus": 0, "dodges": 0, "evades": 0, "heroic": 0})
    else:
        c.update({"an": 12, "dc": 12, "defense": 40, "area": False, "revealed": False})
    return c


def check_combatant(c):
    """Validate a combatant dict. :raises RuleError: naming the combatant and the field."""
    name = c.get("name", "?")
    if c.get("side") not in ("pc", "foe"):
        raise RuleError("%s: side must be 'pc' or 'foe'" % name)
    if c.get("armour") not in ARC:
        raise RuleError("%s: armour class must be one of %s" % (name, ", ".join(ARMOUR_CLASSES)))
    if c.get("dtype") not in DAMAGE_TYPES:
        raise RuleError("%s: damage type must be one of %s" % (name, ", ".join(DAMAGE_TYPES)))
    dr = c.get("dr")
    if not isinstance(dr, list) or len(dr) != 9:
        raise RuleError("%s: DR needs one value per damage type (9)" % name)
    for value in dr:
        if value < 0:
            raise RuleError("%s: DR cannot be negative" % name)
    parse(c.get("dice", ""))
    if c.get("max_wounds", 0) < 0:
        raise RuleError("%s: Max Wounds cannot be negative" % name)


def armour_dr(c, dtype):
    """The combatant's DR against ``dtype``: 0 once the armour's Quality is 0
    (broken, Cybercore Armour Quality)."""
    if c["armour"] != "none" and c["quality"] <= 0:
        return 0
    return c["dr"][DAMAGE_TYPES.index(dtype)]


class Fight:
    """One Cybercore fight: up to 8 combatants, the round, the order, the log.

    All state is JSON-ready; ``to_dict(seal)`` seals each hidden creature's numbers
    (HIDDEN) and ``Fight.from_dict(d, unseal)`` opens them. ``log`` holds public
    outcome lines only (never a hidden number).
    """

    def __init__(self):
        self.combatants = []
        self.round = 0
        self.order = []
        self.turn = 0
        self.ambush = "none"
        self.aware = True
        self.surprise = -1
        self.zero100 = 100  # what d100's 00 reads: 100, or 0 with the RULINGS option
        self.log = []
        self.summary = []

    # ---- set-up -----------------------------------------------------------
    def add(self, c):
        """Add a combatant dict (see new_combatant). :raises RuleError: a 9th combatant,
        a fight already started, or bad numbers."""
        if len(self.combatants) >= MAX_COMBATANTS:
            raise RuleError("a fight holds at most %d combatants" % MAX_COMBATANTS)
        if self.round:
            raise RuleError("the fight has started: add combatants before round 1")
        check_combatant(c)
        self.combatants.append(c)
        return len(self.combatants) - 1

    def set_d100_zero(self, reads):
        """The RULINGS option of Cybercore d100 ("Dealing Damage"): what tens 0 and
        ones 0 read for this fight's attacks, 100 (the default, range 1..100) or 0
        (range 0..99). Set before round 1 and fixed for the fight.

        :raises RuleError: the fight has started, or ``reads`` is not 100 or 0."""
        if self.round:
            raise RuleError("the d100 option is fixed once the fight has started (%s)" % RULE_ATTACK)
        if reads != 100 and reads != 0:
            raise RuleError("d100's 00 reads 100 or 0, got %r (%s)" % (reads, RULE_ATTACK))
        self.zero100 = reads

    def start(self):
        """Round 1: the order from Cybercore Initiative (and surprise).

        :raises RuleError: no player or no foe, or already started.
        """
        if self.round:
            raise RuleError("the fight has already started")
        sides = [c["side"] for c in self.combatants]
        if "pc" not in sides or "foe" not in sides:
            raise RuleError("a fight needs at least one player and one foe (%s)" % RULE_INITIATIVE)
        self.round = 1
        self._begin_round()
        self.note("Round 1")

    def _round_order(self):
        sides = [c["side"] for c in self.combatants]
        scouts = [c["scout"] for c in self.combatants]
        if self.round == 1:
            order = initiative_order(sides, scouts, self.ambush, self.aware)
            if 0 <= self.surprise < len(self.combatants):
                if self.surprise in order:
                    order.remove(self.surprise)
                order.insert(0, self.surprise)
        else:
            order = initiative_order(sides, scouts, self.ambush, True)
        return [i for i in order if self.in_order(i)]

    def in_order(self, i):
        """True if combatant ``i`` is in the combat order (not Wounded, not dead)."""
        c = self.combatants[i]
        return not c["wounded"] and not c["dead"]

    def _begin_round(self):
        for c in self.combatants:
            if c["side"] == "pc":
                c["dodges"] = 0
                c["evades"] = 0
            c["waction"] = 1 if c["wounded"] and not c["dead"] else 0
        self.order = self._round_order()
        self.turn = 0

    # ---- turns and rounds -------------------------------------------------
    def current(self):
        """The index of the combatant acting now, or -1 (nobody left in the order)."""
        while self.turn < len(self.order) and not self.in_order(self.order[self.turn]):
            self.turn += 1
        if self.turn < len(self.order):
            return self.order[self.turn]
        return -1

    def end_turn(self):
        """End the current combatant's turn: its Bother conditions count down (they
        last until the end of its next turn); the next in order acts, or a new round
        begins. :returns: True if a new round began."""
        i = self.current()
        if i >= 0:
            bother = self.combatants[i]["bother"]
            for kind in ("dodge", "evade"):
                if bother[kind] > 0:
                    bother[kind] -= 1
                    if bother[kind] == 0:
                        self.note("%s: Bother (%s) ends" % (self.combatants[i]["name"], kind))
            self.turn += 1
        if self.current() < 0:
            self.new_round()
            return True
        return False

    def new_round(self):
        """Next round: counters reset, comatose countdowns advance (a comatose
        character not recovered when the count is out gains a wound and dies), one
        Wounded Action each (Cybercore Hitpoints, Death and Dying).
        :returns: the round summary (list of public lines)."""
        self.round += 1
        self.summary = []
        for c in self.combatants:
            if c["dead"] or c["coma"] < 0:
                continue
            if c["coma"] == 0:
                c["wounds"] += 1
                c["dead"] = True
                c["coma"] = -1
                self.note("%s dies" % c["name"])
            else:
                c["coma"] -= 1
        self._begin_round()
        self.note("Round %d" % self.round)
        self.summary = self.status_lines(False)
        return self.summary

    def note(self, line):
        """Add a public line to the log (the last LOG_KEEP are kept)."""
        self.log.append(line)
        if len(self.log) > LOG_KEEP:
            self.log.pop(0)

    # ---- damage and wounds --------------------------------------------------
    def damage(self, i, amount, source):
        """Apply ``amount`` hit points of damage from ``source`` (str) to combatant i.

        At 0 HP: one wound and Wounded (actions and heroic actions lost, out of the
        order, one Wounded Action per round). While Wounded the damage is ignored and
        each distinct source adds one wound, once for the whole time Wounded however
        many rounds pass; the source that brought it down counts once more (RULINGS
        "each unique source"). Wounds == Max Wounds:
        comatose for Max Wounds // 2 rounds; wounds > Max Wounds: dead
        (Cybercore Hitpoints (HP), Wounds; RULINGS).
        :returns: list of public event words ("down", "wound", "comatose", "dead").
        """
        c = self.combatants[i]
        events = []
        if c["dead"] or amount <= 0:
            return events
        if c["wounded"]:
            if source in c["sources"]:
                return events
            c["sources"].append(source)
            c["wounds"] += 1
            events.append("wound")
        else:
            c["hp"] -= amount
            if c["hp"] > 0:
                return events
            c["hp"] = 0
            c["wounds"] += 1
            c["wounded"] = True
            if "heroic" in c:
                c["heroic"] = 0
            c["sources"] = []  # the downing hit gave its own wound: its source may add one more
            c["waction"] = 0
            events.append("down")
        self._check_wounds(c, events)
        return events

    def _check_wounds(self, c, events):
        if c["wounds"] > c["max_wounds"]:
            c["dead"] = True
            c["coma"] = -1
            events.append("dead")
        elif c["wounds"] == c["max_wounds"] and c["coma"] < 0:
            c["coma"] = comatose_rounds(c["max_wounds"])
            events.append("comatose")

    def treat(self, i, wounds=1):
        """A medic or med-bay treats combatant i: wounds lowered by ``wounds``, the
        Wounded condition and a coma end once wounds < Max Wounds; HP come back to at
        least 1 so the character rejoins the order next round (Cybercore Wounds,
        Death and Dying). :raises RuleError: dead, or nothing to treat."""
        c = self.combatants[i]
        if c["dead"]:
            raise RuleError("%s is dead: treatment cannot help (%s)" % (c["name"], RULE_WOUNDS))
        if c["wounds"] <= 0 and not c["wounded"]:
            raise RuleError("%s has no wounds to treat (%s)" % (c["name"], RULE_WOUNDS))
        c["wounds"] -= wounds
        if c["wounds"] < 0:
            c["wounds"] = 0
        if c["wounds"] < c["max_wounds"]:
            c["coma"] = -1
            c["wounded"] = False
            c["sources"] = []  # the Wounded condition ended: every source counts again
            if c["hp"] < 1:
                c["hp"] = 1
        self.note("%s treated" % c["name"])

    def wounded_action(self, i):
        """Spend combatant i's Wounded Action for this round.
        :raises RuleError: not Wounded, comatose or dead, or none left."""
        c = self.combatants[i]
        if not c["wounded"] or c["dead"] or c["coma"] >= 0:
            raise RuleError("%s has no Wounded Action: only a Wounded, conscious character "
                            "gets one (Cybercore Hitpoints (HP))" % c["name"])
        if c["waction"] < 1:
            raise RuleError("%s has used this round's Wounded Action (Cybercore Hitpoints (HP))"
                            % c["name"])
        c["waction"] -= 1
        self.note("%s: Wounded Action" % c["name"])

    # ---- attacks ------------------------------------------------------------
    def _can_act(self, i, j):
        a = self.combatants[i]
        t = self.combatants[j]
        if a["dead"] or a["wounded"]:
            raise RuleError("%s is %s and cannot attack (%s)"
                            % (a["name"], "dead" if a["dead"] else "Wounded", RULE_HP))
        if t["dead"]:
            raise RuleError("%s is already dead (%s)" % (t["name"], RULE_WOUNDS))
        if i == j:
            raise RuleError("%s cannot attack itself" % a["name"])

    def attack(self, i, j, source):
        """Combatant i (usually a player) attacks j: d100 + 5 x Rank + bonus against
        j's Defense; a hit rolls i's weapon dice, j's DR for that type is taken off
        (Cybercore Dealing Damage; 00 reads ``zero100``, RULINGS option). :returns:
        dict of the outcome (public keys:
        d100, total, hit, rolled, events; hidden: passed).
        :raises RuleError: the attacker cannot act or the target is dead."""
        self._can_act(i, j)
        a = self.combatants[i]
        t = self.combatants[j]
        roll = d100(source, self.zero100)[0]
        hit, total = attack_hits(roll, a.get("rank", 0), a.get("bonus", 0), t.get("defense", 0))
        out = {"d100": roll, "total": total, "hit": hit, "rolled": 0, "passed": 0, "events": []}
        if hit:
            rolled = parse(a["dice"]).roll(source)[0]
            passed = pass_through(rolled, armour_dr(t, a["dtype"]))
            out["rolled"] = rolled
            out["passed"] = passed
            out["events"] = self.damage(j, passed, a["name"])
        self.note("%s>%s %s%s" % (a["name"], t["name"], "hit %d" % out["rolled"] if hit else "miss",
                                  _events_text(out["events"])))
        return out

    def allowed_defences(self, i, j):
        """The defences target j may choose against attacker i's weapon: Armour
        always; Dodge against a direct attack; Evade against an area attack."""
        if self.combatants[i].get("area"):
            return ["armour", "evade"]
        return ["armour", "dodge"]

    def left(self, j, kind):
        """Dodges or Evades (``kind``) combatant j has left this round."""
        c = self.combatants[j]
        if kind == "dodge":
            return dodges_per_round(c["reactions"], c["armour"]) - c["dodges"]
        return evades_per_round(c["agility"]) - c["evades"]

    def defend(self, i, j, defence, source):
        """Creature i attacks j, who rolls the chosen ``defence`` ("armour", "dodge",
        "evade") with d20 + AF/DF/EF against i's AN (Evade: i's DC); i's weapon dice
        give the damage, j's DR is taken off, then the band (RULINGS Armour, Dodge,
        Evade). Quality losses, Bother and the damage are applied.

        :returns: dict: d20, total, success, band, passed, squares, quality_loss,
            glitch, bother, events (all public: no AN, DC or margin).
        :raises RuleError: a defence the attack does not allow, no Dodge / Evade left
            this round (Heavy armour: none at all), or an attacker that cannot act.
        """
        self._can_act(i, j)
        a = self.combatants[i]
        t = self.combatants[j]
        if t["side"] != "pc":
            raise RuleError("%s is a creature: creatures do not roll defences, players roll "
                            "against their static numbers (Cybercore Opposed Checks)" % t["name"])
        if defence not in ("armour", "dodge", "evade"):
            raise RuleError("unknown defence %r: Armour, Dodge or Evade" % (defence,))
        if defence not in self.allowed_defences(i, j):
            if defence == "dodge":
                raise RuleError("%s's attack is an area attack: Evade or Armour, not Dodge (%s)"
                                % (a["name"], RULE_EVADE))
            raise RuleError("Evade is only against area attacks (%s)" % RULE_EVADE)
        if defence == "dodge" and self.left(j, "dodge") < 1:
            if ARC[t["armour"]] == 0:
                raise RuleError("%s cannot Dodge in Heavy armour: its Armour Reaction Cap is 0 (%s)"
                                % (t["name"], RULE_DODGE))
            raise RuleError("%s has no Dodge left this round (%d used, Reactions capped by ARC; %s)"
                            % (t["name"], t["dodges"], RULE_DODGE))
        if defence == "evade" and self.left(j, "evade") < 1:
            raise RuleError("%s has no Evade left this round (%d used, Agility; %s)"
                            % (t["name"], t["evades"], RULE_EVADE))
        face = d20(source)
        rolled = parse(a["dice"]).roll(source)[0]
        dr = armour_dr(t, a["dtype"])
        bother = ""
        if defence == "armour":
            res = armour_check(face, t["af"], a["an"], rolled, dr)
            hit_badly = not res.success
        elif defence == "dodge":
            t["dodges"] += 1
            res = dodge_check(face, t["df"], a["an"], rolled, dr)
            hit_badly = res.hit_badly
        else:
            t["evades"] += 1
            res = evade_check(face, t["ef"], a["dc"], rolled, dr)
            hit_badly = res.hit_badly
        if hit_badly and defence != "armour":
            # until the end of the defender's next turn: if it is its own turn now,
            # that is the turn after this one
            t["bother"][defence] = 2 if self.current() == j else 1
            bother = defence
        # the Quality loss and the Glitch check are the armour's: a defender with no
        # armour has none to lose or glitch (our reading; ``glitch`` refuses it too,
        # Cybercore Armour Quality; found by a new user: "Quality -1, Glitch check!"
        # under an unarmoured Dodge)
        armoured = t["armour"] != "none"
        out = {"defence": defence, "d20": face, "total": res.total, "success": res.success,
               "band": res.band, "passed": res.passed,
               "quality_loss": res.quality_loss if armoured else 0,
               "glitch": res.glitch_check and armoured, "squares": getattr(res, "squares", 0),
               "bother": bother, "dtype": a["dtype"], "events": []}
        out["events"] = self.damage(j, res.passed, a["name"])
        self.note("%s %s %s %d%s" % (t["name"], defence, res.band, res.passed,
                                     _events_text(out["events"])))
        return out

    def glitch(self, j, dtype):
        """A glitch check failed: combatant j's armour loses 1 Quality and 1 DR against
        ``dtype`` (not below 0); at Quality 0 it is broken (Cybercore Armour Quality,
        Damage Reduction). :raises RuleError: no armour."""
        c = self.combatants[j]
        if c["armour"] == "none":
            raise RuleError("%s wears no armour to glitch (%s)" % (c["name"], RULE_QUALITY))
        if c["quality"] > 0:
            c["quality"] -= 1
        k = DAMAGE_TYPES.index(dtype)
        if c["dr"][k] > 0:
            c["dr"][k] -= 1
        self.note("%s glitch Q%d%s" % (c["name"], c["quality"], " broken" if c["quality"] == 0 else ""))

    def opposed(self, i, j, bonus, source):
        """Combatant i (a player, or -1: a player not named) rolls d20 + ``bonus``
        against creature j's static DC: success when
        > DC, with extra stacks (roll - DC) // 5 (Cybercore Opposed Checks).
        :returns: dict d20, total, success, stacks.
        :raises RuleError: j is not a creature."""
        t = self.combatants[j]
        if t["side"] != "foe":
            raise RuleError("%s is a player: checks are rolled against a creature's static DC "
                            "(%s)" % (t["name"], RULE_OPPOSED))
        face = d20(source)
        total = face + bonus
        out = {"d20": face, "total": total, "success": total > t["dc"],
               "stacks": extra_stacks(total, t["dc"])}
        self.note("%s check vs %s: %s" % (self.combatants[i]["name"] if i >= 0 else "Player", t["name"],
                                          "success" if out["success"] else "fail"))
        return out

    # ---- what players may see ----------------------------------------------
    def status_lines(self, gm):
        """One public line per combatant (``gm``: creatures' hidden numbers too)."""
        lines = []
        for c in self.combatants:
            lines.append(status_line(c, gm))
        return lines

    # ---- saving -------------------------------------------------------------
    def to_dict(self, seal):
        """JSON-ready dict. Each combatant is packed as a list of its values in the
        order of KEYS[side]; for a creature whose numbers are hidden (not revealed),
        the HIDDEN values are left out of that list and appended as one string
        sealed with ``seal(text) -> str``."""
        people = []
        for c in self.combatants:
            people.append(pack(c, seal))
        return {"combatants": people, "round": self.round, "order": self.order,
                "turn": self.turn, "ambush": self.ambush, "aware": self.aware,
                "surprise": self.surprise, "d100_00": self.zero100, "log": self.log,
                "summary": self.summary}

    @classmethod
    def from_dict(cls, d, unseal):
        """Rebuild a fight from ``to_dict`` output; ``unseal(str) -> text`` opens the
        sealed values. :raises RuleError: missing or malformed parts."""
        fight = cls()
        try:
            for item in d["combatants"]:
                fight.combatants.append(unpack(item, unseal))
            fight.round = d["round"]
            fight.order = d["order"]
            fight.turn = d["turn"]
            fight.ambush = d.get("ambush", "none")
            fight.aware = d.get("aware", True)
            fight.surprise = d.get("surprise", -1)
            fight.zero100 = d.get("d100_00", 100)
            if fight.zero100 != 100 and fight.zero100 != 0:
                raise ValueError("d100_00 must be 100 or 0")
            fight.log = d.get("log", [])
            fight.summary = d.get("summary", [])
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise RuleError("fight state is damaged: %r" % (exc,))
        return fight


_COMMON = ("name", "side", "scout", "armour", "quality", "dr", "max_wounds", "dice", "dtype",
           "hp", "max_hp", "wounds", "wounded", "coma", "dead", "bother", "sources", "waction")
# The keys of each side's combatants, in their packed order (see Fight.to_dict).
KEYS = {"pc": _COMMON + ("rank", "health", "mass", "perception", "agility", "reactions",
                         "foresight", "dft", "eft", "af", "df", "ef", "bonus", "dodges",
                         "evades", "heroic"),
        "foe": _COMMON + ("an", "dc", "defense", "area", "revealed")}


def is_hidden(c):
    """True if the combatant's numbers are the GM's secret (a creature not revealed)."""
    return c["side"] == "foe" and not c.get("revealed")


def pack(c, seal):
    """A combatant dict as a list of values in KEYS[side] order (lists copied, never
    ``c``'s own); a hidden creature's HIDDEN values sealed (``seal(text) -> str``)
    into one string at the end."""
    keys = KEYS[c["side"]]
    if not is_hidden(c):
        return [_own(c.get(key)) for key in keys]
    values = []
    hidden = []
    for key in keys:
        if key in HIDDEN:
            hidden.append(c.get(key))
        else:
            values.append(_own(c.get(key)))
    values.append(seal(json.dumps(hidden)))
    return values


def _own(value):
    """``value``, a list copied: a combatant and its packed state never share a list
    (found by review: a player editor left with B kept its DR changes, made in place
    in the list the fight's state held too)."""
    return list(value) if isinstance(value, list) else value


def unpack(values, unseal):
    """The combatant dict from ``pack`` output, its lists its own (never ``values``').
    :raises ValueError: wrong length or side."""
    side = values[1]
    if side not in KEYS:
        raise ValueError("unknown side %r" % (side,))
    keys = KEYS[side]
    c = {}
    if len(values) == len(keys):
        for index in range(len(keys)):
            c[keys[index]] = _own(values[index])
        return c
    hidden = json.loads(unseal(values[-1]))
    at = 0
    for key in keys:
        if key in HIDDEN:
            c[key] = hidden.pop(0)
        else:
            c[key] = _own(values[at])
            at += 1
    if at != len(values) - 1:
        raise ValueError("combatant %r has %d values" % (values[0], len(values)))
    return c


def _events_text(events):
    if not events:
        return ""
    return " " + ",".join(events)


def status_line(c, gm=False):
    """A combatant's state in at most 16 characters, e.g. "Ana 12/24 W1" or
    "Crab hurt" -- a hidden creature shows no numbers unless ``gm`` or revealed."""
    name = c["name"][:6]
    if c["dead"]:
        return name + " dead"
    show = gm or c["side"] == "pc" or c.get("revealed")
    if c["coma"] >= 0:
        return name + (" coma %d" % c["coma"] if show else " coma")
    text = name
    if show:
        text += " %d/%d" % (c["hp"], c["max_hp"])
    for mark in _marks(c, show):
        text += " " + mark
    return text


def _marks(c, show):
    """A living, conscious combatant's short marks, in status_line's order: "W<n>"
    (wounds, shown with the numbers), "Wd" (Wounded), "Bo" (Bothered)."""
    out = []
    if show and c["wounds"]:
        out.append("W%d" % c["wounds"])
    if c["wounded"]:
        out.append("Wd")
    if c["bother"]["dodge"] or c["bother"]["evade"]:
        out.append("Bo")
    return out


# what each of status_line's marks means (status_legend)
_LEGEND = (("W", "Wn: n wounds taken"), ("Wd", "Wd: Wounded"), ("Bo", "Bo: Bothered (Dodge or Evade)"))


def status_legend(combatants, gm=False):
    """The meaning of the marks status_line shows for ``combatants`` (list of
    combatant dicts), one str per kind of mark shown, in _LEGEND's order (found by a
    new user: "Cid 18/24 Bo" read as the player Bo). :returns: list of str."""
    seen = []
    for c in combatants:
        if c["dead"] or c["coma"] >= 0:
            continue
        for mark in _marks(c, gm or c["side"] == "pc" or c.get("revealed")):
            seen.append("W" if mark[0] == "W" and mark != "Wd" else mark)
    return [text for key, text in _LEGEND if key in seen]
