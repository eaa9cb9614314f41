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


RULE_DAMAGE = "Neo-Hunt Combat (damage)"
RULE_BURNING = "Neo-Hunt Combat (burning)"
RULE_ARRIVAL = "Neo-Hunt trooper arriving"
RULE_KILLS = "Neo-Hunt kills"
RULE_END = "Neo-Hunt end of the game"
ATTACK_CAP = 2
ARRIVE_ON = 4
TROOPER_CAP = 6
RULE_MOVE = "Neo-Hunt moving"
RULE_HIDDEN = "Neo-Hunt hidden varans"
RULE_SETUP = "Neo-Hunt set-up"
RULE_REINF = "Neo-Hunt reinforcement phase"
RULE_ORDER = "Neo-Hunt action rounds"
RULE_TROOPERS = "Neo-Hunt troopers"
MAX_PLAYERS = 6
TROOPERS = "T"
FLAME_UP = "Flame Up"
AMMO_EXPLOSION = "Ammo Explosion"


def attack_damage(hits, big_gun=False, extras=(), already=(), reduction=0):
    """Damage of one whole attack (Neo-Hunt Combat; RULINGS damage).

    Each hit does 1 (2 with a big gun); each extra damage card adds 1, one card of
    each kind and none already affecting the target; heavy armor / Flesh Wound take
    ``reduction`` off; the whole attack is then capped at 2.

    :param hits: int >= 0, hits of the attack (2 for both rapid-fire shots or both
        berserk dice).
    :param extras: list of extra damage card names played.
    :param already: names already affecting the target.
    :param reduction: int >= 0.
    :returns: int 0..2.
    :raises RuleError: a kind played twice, or one already on the target.
    """
    seen = []
    for kind in extras:
        if kind in seen:
            raise RuleError("only one '%s' per attack (%s)" % (kind, RULE_DAMAGE))
        if kind in already:
            raise RuleError("'%s' already affects the target (%s)" % (kind, RULE_DAMAGE))
        seen.append(kind)
    if hits <= 0:
        return 0
    total = hits * (2 if big_gun else 1) + len(seen) - reduction
    if total < 0:
        total = 0
    if total > ATTACK_CAP:
        total = ATTACK_CAP
    return total


def burning_roll(face):
    """The burning roll after each of a burning target's actions (RULINGS burning).

    :param face: d6 1..6. :returns: "out" (1), "burns" (2-5) or "hit" (6).
    :raises ValueError: face outside 1..6.
    """
    if face < 1 or face > 6:
        raise ValueError("a d6 face is 1-6, got %d" % face)
    if face == 1:
        return "out"
    if face == 6:
        return "hit"
    return "burns"


def arrives(face):
    """Does a waiting trooper arrive on this d6 (4+, RULINGS arrival)? :returns: bool."""
    if face < 1 or face > 6:
        raise ValueError("a d6 face is 1-6, got %d" % face)
    return face >= ARRIVE_ON


def lose_kill(kills):
    """Kills after losing one's varan: one less, never below 0 (RULINGS kills)."""
    return kills - 1 if kills > 0 else 0


def winner(players):
    """The winner by kills, then original varan (RULINGS end).

    :param players: list of (kills: int, original: bool).
    :returns: (index or None for a draw, reason str).
    """
    if not players:
        return None, "no players"
    best = max(p[0] for p in players)
    top = [i for i in range(len(players)) if players[i][0] == best]
    if len(top) == 1:
        return top[0], "most kills"
    originals = [i for i in top if players[i][1]]
    if len(originals) == 1:
        return originals[0], "tie on kills: still on her original varan"
    return None, "tie on kills and original varan: a draw"


def shuffle(source, items):
    """Fisher-Yates shuffle of ``items`` (list, in place) with a dice source."""
    for i in range(len(items) - 1, 0, -1):
        j = source.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def place_code(place):
    """Normalise a place (0..6, "0".."6" or "H" for Hide) to its one-character code.

    :raises RuleError: anything else.
    """
    if place == "H":
        return "H"
    text = str(place)
    if len(text) == 1 and "0" <= text <= "6":
        return text
    raise RuleError("unknown place %r: sectors are 0-6 or Hide (%s)" % (place, RULE_MOVE))
