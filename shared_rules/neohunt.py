"""Neo-Hunt rules (neo-hunt.txt; RULINGS "Neo-Hunt").

Shooting (Neo-Hunt "Combat", RULINGS to-hit): the attacker rolls d6 against a
number set by the target's state and cover. Visible 4+, visible in cover 5+,
cloaked 5+, cloaked in cover 6. A hidden varan cannot be targeted. An unmodified 6
always hits, whatever the modifiers.
"""

from shared_rules.errors import RuleError

# target state -> (label, number needed on d6)
TARGETS = {
    "visible": ("Visible", 4),
    "visible_cover": ("Visible+cover", 5),
    "cloaked": ("Cloaked", 5),
    "cloaked_cover": ("Cloaked+cover", 6),
}
TARGET_ORDER = ("visible", "visible_cover", "cloaked", "cloaked_cover")
RULE_TO_HIT = "Neo-Hunt Combat (to-hit)"


def to_hit(target):
    """The d6 number needed to hit a target.

    :param target: one of TARGET_ORDER, or "hidden".
    :returns: int 4..6.
    :raises RuleError: a hidden varan (it cannot be targeted) or an unknown state.
    """
    if target == "hidden":
        raise RuleError("a hidden varan cannot be targeted (%s)" % RULE_TO_HIT)
    entry = TARGETS.get(target)
    if entry is None:
        raise RuleError("unknown target state '%s' (known: %s)" % (target, ", ".join(TARGET_ORDER)))
    return entry[1]


def shot_hits(target, face, modifier=0):
    """Does a shot hit?

    :param target: target state (see to_hit).
    :param face: the d6 as rolled, 1..6.
    :param modifier: int added to the face (e.g. a weapon bonus); the unmodified 6
        hits whatever the modifier.
    :returns: (hit: bool, need: int).
    :raises RuleError: as to_hit; ValueError: face outside 1..6.
    """
    if face < 1 or face > 6:
        raise ValueError("a d6 face is 1-6, got %d" % face)
    need = to_hit(target)
    return (face == 6 or face + modifier >= need), need
