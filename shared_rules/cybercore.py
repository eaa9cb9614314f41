"""Cybercore combat rules (cybercore-combat.txt; RULINGS "Cybercore").

A check: total = d20 + factor (AF, DF or EF). It succeeds when total is strictly
greater than the creature's AN (or the DC): a tie fails. margin = total - AN;
fail_by = AN - total (0 on a tie). Damage passing armour: max(0, damage - DR).
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
