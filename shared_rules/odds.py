"""Exact odds of a roll before it is made, by enumerating every face of its dice.

No sampling: each function walks the die's faces once (6, 10, 20 or 100 of them)
and resolves each face with the same rules function the roll itself uses, so the
odds can never disagree with the result. A chance is returned as a whole count of
faces out of the faces of the die (a fraction: exact); ``percent`` and
``chance_text`` say it on screen.

Public and hidden inputs: a screen the table sees may only pass numbers the table
knows (a Neo-Hunt target's state, a Cybernaut's RealWorld value, a player's AF).
The odds of a roll against a hidden number (the GM's AN, DC or Defense) belong on
the GM's private screen only (Cybercore "Opposed Checks": those numbers are the
GM's). Imports of the games' rules are made inside each function, so a game loads
only its own.
"""


def percent(count, outcomes):
    """``count`` out of ``outcomes`` as a whole percent, rounded half up.

    :param count: int 0..outcomes. :param outcomes: int >= 1.
    :returns: int 0..100; 0 and 100 only for "never" and "always" when outcomes is
        at most 100 (the smallest chance shown, 1 in 100, reads 1).
    :raises ValueError: outcomes < 1 or count outside 0..outcomes.
    """
    if outcomes < 1 or count < 0 or count > outcomes:
        raise ValueError("a chance is 0..%d of %d, got %d" % (outcomes, outcomes, count))
    return (200 * count + outcomes) // (2 * outcomes)


def chance_text(count, outcomes):
    """A chance as shown on screen: "3/6=50%" (the exact fraction, then the percent)."""
    return "%d/%d=%d%%" % (count, outcomes, percent(count, outcomes))


def shot_odds(target, modifier=0):
    """Faces of the d6 that hit (Neo-Hunt Combat, to-hit; RULINGS Neo-Hunt: an
    unmodified 6 always hits, whatever the modifiers).

    :param target: a target state of shared_rules.neohunt.rules.TARGET_ORDER.
    :param modifier: int added to the face.
    :returns: (hits, 6): hits is 1..6 (never 0: the 6 always hits).
    :raises RuleError: "hidden" (cannot be targeted) or an unknown state.
    """
    from shared_rules.neohunt.rules import shot_hits
    hits = 0
    for face in range(1, 7):
        if shot_hits(target, face, modifier)[0]:
            hits += 1
    return hits, 6


def d6_odds(lo, hi=6):
    """Faces of a d6 within lo..hi (a trooper arriving on 4+, Neo-Hunt trooper
    arriving; a burning roll's bands, Neo-Hunt Combat burning). :returns: (count, 6)."""
    count = 0
    for face in range(1, 7):
        if lo <= face <= hi:
            count += 1
    return count, 6


ARMOUR_ORDER = ("absorbed", "hardened", "resistance", "taken_well", "failed")
DODGE_ORDER = ("dodged", "failed")
EVADE_ORDER = ("hardness", "resistance", "failed")


def defence_odds(defence, factor, target):
    """Faces of the d20 giving each band of a defence (Cybercore Defending: Armour
    Factor, Dodge Factor, Evade Factor; RULINGS Cybercore).

    :param defence: "armour", "dodge" or "evade".
    :param factor: the player's AF, DF or EF (int).
    :param target: the creature's AN (armour, dodge) or the attack's DC (evade):
        a hidden number, so only for the GM's private screen.
    :returns: list of (band key, count) in ARMOUR_ORDER / DODGE_ORDER / EVADE_ORDER
        (best first), the counts summing to 20.
    :raises ValueError: an unknown defence.
    """
    from shared_rules.cybercore import rules as cybercore
    if defence == "armour":
        check, order = cybercore.armour_check, ARMOUR_ORDER
    elif defence == "dodge":
        check, order = cybercore.dodge_check, DODGE_ORDER
    elif defence == "evade":
        check, order = cybercore.evade_check, EVADE_ORDER
    else:
        raise ValueError("a defence is armour, dodge or evade, got %r" % (defence,))
    counts = [0] * len(order)
    for face in range(1, 21):
        counts[order.index(check(face, factor, target, 0, 0).band)] += 1
    return [(order[i], counts[i]) for i in range(len(order))]


def beat_odds(factor, target):
    """Faces of the d20 with d20 + factor strictly over ``target`` (a check against an
    AN or DC: Cybercore Defending, Opposed Checks; a tie fails). :returns: (count, 20)."""
    count = 0
    for face in range(1, 21):
        if face + factor > target:
            count += 1
    return count, 20


def attack_odds(rank, bonus, defense):
    """Rolls of the d100 (1..100) that hit: d100 + 5 x Rank + bonus over the hidden
    Defense (Cybercore Dealing Damage; RULINGS Attack). For the GM only.

    :returns: (count, 100).
    """
    from shared_rules.cybercore.rules import attack_hits
    count = 0
    for roll in range(1, 101):
        if attack_hits(roll, rank, bonus, defense)[0]:
            count += 1
    return count, 100


def interaction_odds(pack, environ, best):
    """The chance of each result of an Interaction attempt (Cybernaut V.A, V.B.3;
    RULINGS Interaction): d10 read 0..9 plus the group's highest RealWorld value,
    cross-indexed by environ on the pack's table, totals past its rows reading its
    first or last row.

    :param pack: a shared_rules.tables.Pack with the "interaction" table.
    :param environ: a column of that table (one of shared_rules.cybernaut.rules.ENVIRONS).
    :param best: int, the highest RealWorld value of the group (both runtimes: any int).
    :returns: list of [result text as printed, count] in the order the totals
        reach them (lowest first), the counts summing to 10.
    :raises PackError: no such table or column.
    """
    from shared_rules.cybernaut.rules import INTERACTION_TABLE
    table = pack.table(INTERACTION_TABLE)
    out = []
    for face in range(10):
        text = table.lookup(face + best, environ).text
        for item in out:
            if item[0] == text:
                item[1] += 1
                break
        else:
            out.append([text, 1])
    return out


def skull_odds(wetware):
    """Faces of the d10 (0..9) at or under Wetware, which neutralize the running
    Cybernaut rather than eliminate it (Cybernaut VII.G.2; RULINGS Neutralization).
    :returns: (count, 10)."""
    count = 0
    for face in range(10):
        if face <= wetware:
            count += 1
    return count, 10
