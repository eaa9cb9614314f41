"""Cybercore combat rules (cybercore-combat.txt; RULINGS "Cybercore").

A check: total = d20 + factor (AF, DF or EF). It succeeds when total is strictly
greater than the creature's AN (or the DC): a tie fails. margin = total - AN;
fail_by = AN - total (0 on a tie). Damage passing armour: max(0, damage - DR).
"""

import json

from shared_rules.dice import d20, d100, parse
from shared_rules.errors import RuleError

RULE_ARMOUR = "Cybercore Defending: Armour Factor (AF)"

# band -> label shown to players
BANDS = {
    "absorbed": "Absorbed",
    "hardened": "Hardened",
    "resistance": "Resistance",
    "taken_well": "Taken well",
    "failed": "Failed",
}


def pass_through(damage, dr):
    """Damage left after the armour's DR: max(0, damage - DR).

    :param damage: int >= 0 (the creature's rolled damage, hit points).
    :param dr: int >= 0 (the armour's DR against that damage type).
    """
    left = damage - dr
    if left < 0:
        return 0
    return left


class ArmourOutcome:
    """The result of an armour check.

    Attributes: ``total`` (d20 + AF), ``success`` (bool), ``margin`` (total - AN),
    ``fail_by`` (AN - total when failed, else 0), ``band`` (a key of BANDS),
    ``passed`` (damage reaching the player after DR and the band, >= 0),
    ``quality_loss`` (armour Quality lowered for the glitch check, >= 0) and
    ``glitch_check`` (bool: a glitch check is due).
    """

    def __init__(self, total, an, band, passed, quality_loss, glitch_check):
        self.total = total
        self.success = total > an
        self.margin = total - an
        self.fail_by = 0 if self.success else an - total
        self.band = band
        self.passed = passed
        self.quality_loss = quality_loss
        self.glitch_check = glitch_check


def armour_check(face, af, an, damage, dr):
    """Resolve an Armour Factor check (Cybercore "Armour Factor (AF)"; RULINGS Armour).

    margin > 15: absorbed, nothing passes. margin > 10: hardened, pass // 4.
    margin > 5: resistance, pass // 2 but at least 1 when pass >= 1.
    1..5: taken well, pass. Failure (a tie included): pass; the armour's Quality is
    lowered by fail_by // 5 for a glitch check, which follows.

    :param face: the d20, 1..20.
    :param af: the player's Armour Factor (int, may be negative).
    :param an: the creature's Attack Number (int).
    :param damage: the creature's rolled damage (int >= 0).
    :param dr: the armour's DR against that damage type (int >= 0).
    :returns: ArmourOutcome.
    :raises ValueError: face outside 1..20, negative damage or DR.
    """
    if face < 1 or face > 20:
        raise ValueError("a d20 face is 1-20, got %d" % face)
    if damage < 0 or dr < 0:
        raise ValueError("damage and DR must be >= 0")
    total = face + af
    margin = total - an
    passed = pass_through(damage, dr)
    if margin > 15:
        return ArmourOutcome(total, an, "absorbed", 0, 0, False)
    if margin > 10:
        return ArmourOutcome(total, an, "hardened", passed // 4, 0, False)
    if margin > 5:
        half = passed // 2
        if passed >= 1 and half < 1:
            half = 1
        return ArmourOutcome(total, an, "resistance", half, 0, False)
    if margin >= 1:
        return ArmourOutcome(total, an, "taken_well", passed, 0, False)
    return ArmourOutcome(total, an, "failed", passed, (an - total) // 5, True)


# ---------------------------------------------------------------------------
# The full combat: numbers, defences, attacks, wounds, rounds (issue 4).
# ---------------------------------------------------------------------------


RULE_DODGE = "Cybercore Defending: Dodge Factor (DF)"
RULE_EVADE = "Cybercore Defending: Evade Factor (EF)"
RULE_ATTACK = "Cybercore Dealing Damage"
RULE_HP = "Cybercore Hitpoints (HP)"
RULE_WOUNDS = "Cybercore Wounds; Death and Dying"
RULE_INITIATIVE = "Cybercore Initiative"
RULE_OPPOSED = "Cybercore Opposed Checks"
RULE_QUALITY = "Cybercore Armour Quality"

# The nine damage types (Cybercore "Damage Types"), in the order DR lists use.
DAMAGE_TYPES = ("blunt", "pierce", "slash", "thermal", "lazer", "radiation",
                "electrical", "chemical", "grav")

# Armour classes and their Armour Reaction Cap (Cybercore Dodge Factor; RULINGS):
# None = no cap.
ARMOUR_CLASSES = ("none", "light", "medium", "heavy")
ARC = {"none": None, "light": 5, "medium": 3, "heavy": 0}

DODGE_BANDS = {"dodged": "Dodged", "failed": "Failed"}
EVADE_BANDS = {"hardness": "Hardness", "resistance": "Resistance", "failed": "Failed"}

MAX_COMBATANTS = 8
LOG_KEEP = 12

# A creature's numbers the GM keeps out of sight (sealed in saves and the journal).
HIDDEN = ("an", "dc", "defense", "hp", "max_hp", "dr", "max_wounds", "wounds", "dice",
          "quality", "bonus")


def hit_points(rank, health, mass):
    """Hit points: 20 + Rank x Health + Rank x Mass (Cybercore Hitpoints (HP)).

    :param rank: int >= 0; :param health: int; :param mass: int.
    :returns: int.
    """
    return 20 + rank * health + rank * mass


def dodge_factor(perception, agility, training=0):
    """DF = Perception + Agility (+ training bonuses) (Cybercore Dodge Factor)."""
    return perception + agility + training


def evade_factor(foresight, reactions, training=0):
    """EF = Foresight + Reactions (+ training bonuses) (Cybercore Evade Factor)."""
    return foresight + reactions + training


def dodges_per_round(reactions, armour):
    """Dodges allowed per round: min(max(1, Reactions), ARC) (RULINGS Dodge).

    :param armour: one of ARMOUR_CLASSES ("none": no cap).
    :raises ValueError: unknown armour class.
    """
    if armour not in ARC:
        raise ValueError("armour class must be one of %s, got %r" % (", ".join(ARMOUR_CLASSES), armour))
    count = reactions if reactions > 1 else 1
    cap = ARC[armour]
    if cap is not None and count > cap:
        count = cap
    return count


def evades_per_round(agility):
    """Evades allowed per round: max(1, Agility) (Cybercore Evade Factor)."""
    return agility if agility > 1 else 1


def extra_stacks(roll, dc):
    """Extra stacks a check adds to a creature: (roll - DC) // 5 when roll > DC, else 0
    (Cybercore Opposed Checks: DC 10 -> 15-19 one, 20-24 two)."""
    if roll <= dc:
        return 0
    return (roll - dc) // 5


def _check_face(face):
    if face < 1 or face > 20:
        raise ValueError("a d20 face is 1-20, got %d" % face)


class DefenceOutcome:
    """The result of a Dodge or Evade check.

    Attributes: ``total``, ``success``, ``margin``, ``fail_by``, ``band`` (key of
    DODGE_BANDS / EVADE_BANDS), ``passed`` (damage reaching the defender),
    ``squares`` (Dodge: squares the dodger may move), ``hit_badly`` (bool),
    ``quality_loss`` (for the glitch check), ``glitch_check`` (bool), ``extra_dr``
    (Evade: DR added above margin 10).
    """

    def __init__(self, total, target, band, passed, squares=0, extra_dr=0):
        self.total = total
        self.success = total > target
        self.margin = total - target
        self.fail_by = 0 if self.success else target - total
        self.band = band
        self.passed = passed
        self.squares = squares
        self.extra_dr = extra_dr
        self.hit_badly = (not self.success) and self.fail_by >= 5
        self.quality_loss = self.fail_by // 5 if self.hit_badly else 0
        self.glitch_check = self.hit_badly


def dodge_check(face, df, an, damage, dr):
    """Resolve a Dodge (Cybercore Dodge Factor (DF); RULINGS Dodge).

    Success (total > AN): no damage; margin > 5: margin // 2 squares of reposition.
    Failure (tie included): the damage after DR passes; fail_by >= 5: hit badly
    (Quality -(fail_by // 5) for a glitch check, and Bother on Dodge rolls).

    :param face: d20 1..20; :param df: Dodge Factor; :param an: the creature's AN;
    :param damage: rolled damage >= 0; :param dr: DR >= 0 for that damage type.
    :returns: DefenceOutcome. :raises ValueError: bad face, negative damage or DR.
    """
    _check_face(face)
    if damage < 0 or dr < 0:
        raise ValueError("damage and DR must be >= 0")
    total = face + df
    margin = total - an
    if margin >= 1:
        return DefenceOutcome(total, an, "dodged", 0, margin // 2 if margin > 5 else 0)
    return DefenceOutcome(total, an, "failed", pass_through(damage, dr))


def evade_check(face, ef, dc, damage, dr):
    """Resolve an Evade against an area attack's DC (Cybercore Evade Factor (EF); RULINGS Evade).

    Success: pass // 2 (Resistance). margin > 5: pass // 4 (Hardness); margin > 10:
    also DR + (margin - 10) against that type, taken off the hardened amount (not
    below 0). Failure: pass; fail_by >= 5: hit badly (Bother on Evade rolls).

    :returns: DefenceOutcome. :raises ValueError: bad face, negative damage or DR.
    """
    _check_face(face)
    if damage < 0 or dr < 0:
        raise ValueError("damage and DR must be >= 0")
    total = face + ef
    margin = total - dc
    passed = pass_through(damage, dr)
    if margin > 5:
        extra = margin - 10 if margin > 10 else 0
        left = passed // 4 - extra
        return DefenceOutcome(total, dc, "hardness", left if left > 0 else 0, 0, extra)
    if margin >= 1:
        return DefenceOutcome(total, dc, "resistance", passed // 2)
    return DefenceOutcome(total, dc, "failed", passed)


def attack_hits(roll, rank, bonus, defense):
    """Attack: roll (d100, 1..100) + 5 x Rank + bonuses hits when > Defense
    (Cybercore Dealing Damage). :returns: (hit: bool, total: int)."""
    total = roll + 5 * rank + bonus
    return total > defense, total


def comatose_rounds(max_wounds):
    """Rounds a comatose character lasts: Max Wounds // 2 (Cybercore Death and Dying)."""
    return max_wounds // 2


def initiative_order(sides, scouts, ambush="none", aware=True):
    """The combat order for a round (Cybercore Initiative; RULINGS Initiative).

    :param sides: list of "pc" / "foe" per combatant (index = combatant).
    :param scouts: list of bool per combatant.
    :param ambush: "none"; "foe_undetected" / "foe_detected" (the foes ambush and the
        players' scout fails / manages to detect them); "pc_undetected" / "pc_detected"
        (the players ambush).
    :param aware: the ambushed group (not its scouts) is aware/alerted: if False it is
        left out of this order.
    :returns: list of indices. Within a group, the order of entry.
    :raises ValueError: unknown ambush.
    """
    def pick(side, scout):
        return [i for i in range(len(sides)) if sides[i] == side and bool(scouts[i]) == scout]

    if ambush == "none":
        return pick("pc", True) + pick("foe", True) + pick("pc", False) + pick("foe", False)
    if ambush not in ("foe_undetected", "foe_detected", "pc_undetected", "pc_detected"):
        raise ValueError("unknown ambush %r" % (ambush,))
    ambusher = ambush[:ambush.find("_")]
    other = "pc" if ambusher == "foe" else "foe"
    ambushers = pick(ambusher, True) + pick(ambusher, False)
    rest = pick(other, False) if aware else []
    if ambush.endswith("undetected"):
        return ambushers + pick(other, True) + rest
    return pick(other, True) + ambushers + rest


def new_combatant(name, side):
    """A combatant's numbers as a JSON-ready dict, with neutral defaults.

    Both sides: name, side ("pc"/"foe"), scout, armour (ARMOUR_CLASSES), quality,
    dr (9 ints, DAMAGE_TYPES order), max_wounds, dice (weapon damage notation), dtype
    (a DAMAGE_TYPES name), hp, max_hp, and the running state: wounds, wounded, coma
    (rounds left or -1), dead, bother ("dodge"/"evade" -> own turn ends left),
    sources (damage sources while Wounded this round), waction (Wounded Actions left).
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
            c["sources"] = []
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
        each distinct source adds one wound (once per round). Wounds == Max Wounds:
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
            c["sources"] = [source]
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
        (Cybercore Dealing Damage). :returns: dict of the outcome (public keys:
        d100, total, hit, rolled, events; hidden: passed).
        :raises RuleError: the attacker cannot act or the target is dead."""
        self._can_act(i, j)
        a = self.combatants[i]
        t = self.combatants[j]
        roll = d100(source)[0]
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
        out = {"defence": defence, "d20": face, "total": res.total, "success": res.success,
               "band": res.band, "passed": res.passed, "quality_loss": res.quality_loss,
               "glitch": res.glitch_check, "squares": getattr(res, "squares", 0),
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
                "surprise": self.surprise, "log": self.log, "summary": self.summary}

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
    """A combatant dict as a list of values in KEYS[side] order; a hidden creature's
    HIDDEN values sealed (``seal(text) -> str``) into one string at the end."""
    keys = KEYS[c["side"]]
    if not is_hidden(c):
        return [c.get(key) for key in keys]
    values = []
    hidden = []
    for key in keys:
        if key in HIDDEN:
            hidden.append(c.get(key))
        else:
            values.append(c.get(key))
    values.append(seal(json.dumps(hidden)))
    return values


def unpack(values, unseal):
    """The combatant dict from ``pack`` output. :raises ValueError: wrong length or side."""
    side = values[1]
    if side not in KEYS:
        raise ValueError("unknown side %r" % (side,))
    keys = KEYS[side]
    c = {}
    if len(values) == len(keys):
        for index in range(len(keys)):
            c[keys[index]] = values[index]
        return c
    hidden = json.loads(unseal(values[-1]))
    at = 0
    for key in keys:
        if key in HIDDEN:
            c[key] = hidden.pop(0)
        else:
            c[key] = values[at]
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
        if c["wounds"]:
            text += " W%d" % c["wounds"]
    if c["wounded"]:
        text += " Wd"
    if c["bother"]["dodge"] or c["bother"]["evade"]:
        text += " Bo"
    return text
