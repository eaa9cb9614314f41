"""Cybernaut rules (cybernaut.txt; RULINGS "Cybernaut").

Interaction (Cybernaut V.A, V.B.3): roll d10 (0-9) and add the single highest
RealWorld value among the Cybernauts taking part; cross-index the total with the
Sprawl's Environ on the pack's Interaction table (totals past the first or last row
read that row). An "E" result sends the reader to the Encounter table, rolled with
two d10 as 00-99 (Cybernaut V.D).
"""

from shared_rules.cybernaut import PACK_SECTIONS
from shared_rules.dice import d10, two_d10
from shared_rules.errors import RuleError

ENVIRONS = ("Anarchy", "Corporatist", "Security", "Tech")
RULE_INTERACTION = "Cybernaut V.A"
RULE_ENCOUNTER = "Cybernaut V.D"
INTERACTION_TABLE = "interaction"
ENCOUNTER_TABLE = "encounter"


def interaction_total(face, realworld_values):
    """d10 + the highest single RealWorld value of the group (Cybernaut V.B.3).

    :param face: the d10 read 0..9.
    :param realworld_values: list of ints (one per Cybernaut taking part, >= 1 item).
    :returns: int.
    :raises RuleError: no Cybernaut taking part. ValueError: face outside 0..9.
    """
    if face < 0 or face > 9:
        raise ValueError("a Cybernaut d10 reads 0-9, got %d" % face)
    if not realworld_values:
        raise RuleError("an Interaction needs at least one Cybernaut (Cybernaut V.A)")
    return face + max(realworld_values)


def interaction(pack, environ, realworld_values, source):
    """Roll and look up an Interaction attempt, following an Encounter chain.

    :param pack: a Pack with an 'interaction' cross table (columns are environs) and
        the tables it chains to.
    :param environ: one of ENVIRONS.
    :param realworld_values: list of ints, the participants' RealWorld values.
    :param source: a dice source (see shared_rules.dice).
    :returns: dict {"face", "total", "interaction": Result, "encounter": (Result,
        first, second) or None}.
    :raises RuleError: unknown environ or no participant. PackError: table missing.
    """
    if environ not in ENVIRONS:
        raise RuleError("unknown environ '%s' (Cybernaut II.A.1: %s)" % (environ, ", ".join(ENVIRONS)))
    face = d10(source)
    total = interaction_total(face, realworld_values)
    result = pack.lookup(INTERACTION_TABLE, total, environ)
    encounter = None
    if ENCOUNTER_TABLE in result.chains:
        encounter = encounter_roll(pack, source)
    return {"face": face, "total": total, "interaction": result, "encounter": encounter}


def encounter_roll(pack, source):
    """Roll two d10 as 00-99 and read the Encounter table (Cybernaut V.D).

    :returns: (Result, first die, second die).
    """
    total, first, second = two_d10(source)
    return pack.lookup(ENCOUNTER_TABLE, total), first, second


# ---- the game track (Cybernaut IV) -------------------------------------------
TURNS = 10
IMPULSES = 10
# (side, segment, rule) in order; the Netrun segment holds the impulses.
SEGMENTS = (
    ("Netrunner", "Interaction", "Cybernaut IV.A.1"),
    ("Netrunner", "RealWorld Movement", "Cybernaut IV.A.2"),
    ("Netrunner", "Netrun", "Cybernaut IV.A.3"),
    ("NSA", "Attack", "Cybernaut IV.B.1"),
    ("NSA", "RealWorld Movement", "Cybernaut IV.B.2"),
    ("NSA", "End of Turn", "Cybernaut IV.B.3"),
)
SEG_INTERACTION = 0
SEG_NR_MOVE = 1
SEG_NETRUN = 2
SEG_ATTACK = 3
SEG_NSA_MOVE = 4
SEG_END = 5

GRID_NAMES = ("A", "B", "C", "M")
NSA_KINDS = ("nexus", "file", "ice", "tracer", "other")
RULE_COMBAT = "Cybernaut VIII.A"
RULE_ENCOUNTER_COMBAT = "Cybernaut VIII.D"
RULE_MOVE = "Cybernaut VI.A"
RULE_GROUP_MOVE = "Cybernaut VI.B"
COMBAT_TABLE = "combat"


GAME_SECTIONS = PACK_SECTIONS  # a pack's game sections (shared_rules/cybernaut/__init__.py)


def missing_sections(obj):
    """The game sections (GAME_SECTIONS) a decoded pack lacks (list of str)."""
    return [key for key in GAME_SECTIONS if key not in obj]
