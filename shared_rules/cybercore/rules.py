"""Cybercore combat rules (cybercore-combat.txt; RULINGS "Cybercore").

A check: total = d20 + factor (AF, DF or EF). It succeeds when total is strictly
greater than the creature's AN (or the DC): a tie fails. margin = total - AN;
fail_by = AN - total (0 on a tie). Damage passing armour: max(0, damage - DR).

The module holds the single checks (armour_check, dodge_check, evade_check,
attack_hits, extra_stacks), the numbers (hit_points, dodges_per_round, ...), the
initiative order, and ``Fight``: the combatants, rounds, turns, wounds and the
log of a whole fight, saved as a JSON-ready dict with the creatures' numbers
sealed. Our readings where the text is silent (RULINGS does not decide them):

- Dodge works against a direct attack, Evade against an area attack; Armour
  against either (Defending).
- Bother is kept and shown as a condition; the text gives it no number, so it
  does not change a roll.
- While Wounded, a source adds at most one wound per round.
- A comatose character's count goes down at the start of each round; at the start
  of a round with the count at 0 (not treated) it gains a wound and dies. So Max
  Wounds 4 gives two whole rounds, Max Wounds 1 none.
- Treatment lowers wounds; below Max Wounds it ends the coma and the Wounded
  condition and brings HP back to at least 1.
- A failed glitch check (the GM or players say so) costs the armour 1 Quality and
  1 DR against the damage type taken; Quality 0 gives DR 0 (Armour Quality).
- An ambushed group that is not aware misses round 1 only; from round 2 the order
  is the ambush order with everyone in it.
"""

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
