"""Cybernaut RealWorld rules: TransLine movement, RealWorld and Encounter combat
(Cybernaut VI, VIII) read from the pack."""

from shared_rules.cybernaut.rules import COMBAT_TABLE, ENCOUNTER_TABLE, RULE_GROUP_MOVE
from shared_rules.dice import d10
from shared_rules.errors import RuleError


def transline_cost(pack, here, there):
    """The TransLine cost between two sprawls (Cybernaut VI.A.1).

    :returns: int. :raises RuleError: no TransLine joins them.
    """
    for line in pack.data["translines"]:
        if (line[0] == here and line[1] == there) or (line[0] == there and line[1] == here):
            return line[2]
    raise RuleError("no TransLine joins %s and %s (Cybernaut VI.A)" % (here, there))


def check_move(pack, path, realworld_values):
    """Check a RealWorld move of a unit or a group along ``path`` (Cybernaut VI.A, VI.B).

    :param path: list of sprawl names, the start first (>= 2 items).
    :param realworld_values: the moving units' RealWorld values (list of int, >= 1):
        a group moves with its single highest value (VI.B.1).
    :returns: the points spent (int).
    :raises RuleError: no TransLine on a leg, or the path costs more than the
        allowance (naming the leg that cannot be paid).
    """
    if len(path) < 2:
        raise RuleError("a move needs a start and at least one sprawl to enter (Cybernaut VI.A)")
    if not realworld_values:
        raise RuleError("a move needs at least one unit (Cybernaut VI.A)")
    allowance = max(realworld_values)
    spent = 0
    for index in range(1, len(path)):
        cost = transline_cost(pack, path[index - 1], path[index])
        if spent + cost > allowance:
            raise RuleError("%s to %s costs %d but only %d of %d points are left (%s)"
                            % (path[index - 1], path[index], cost, allowance - spent, allowance,
                               RULE_GROUP_MOVE if len(realworld_values) > 1 else "Cybernaut VI.A.3"))
        spent += cost
    return spent


def combat_column(pack, total):
    """The Combat Results column for a fire total (pack 'combat_columns').

    :param total: int, summed RealWorld values (>= 1; totals past the last band read it).
    :raises RuleError: a total below 1 (nobody fires).
    """
    if total < 1:
        raise RuleError("a fire total must be at least 1 (Cybernaut VIII.A.2)")
    bands = pack.data["combat_columns"]
    for band in bands:
        if band["lo"] <= total <= band["hi"]:
            return band["column"]
    return bands[-1]["column"]


def fire(pack, total, source):
    """One side's fire on the RealWorld Combat table: d10 on the total's column.

    :returns: dict {"total", "column", "d10", "result"} (result: the code text).
    """
    column = combat_column(pack, total)
    face = d10(source)
    result = pack.lookup(COMBAT_TABLE, face, column)
    return {"total": total, "column": column, "d10": face, "result": result.text}


def realworld_combat(pack, ss_total, netrunner_total, source):
    """NSA attack: the NSA fires first, then the revealed Cybernauts fire back at
    full value (simultaneous; Cybernaut VIII.A.3).

    :param ss_total: summed RealWorld of the attacking SS units (>= 1).
    :param netrunner_total: summed RealWorld of the revealed Cybernauts there (0: none
        can fire back; hidden ones never do, VIII.B.3).
    :returns: list of (side, fire dict), in firing order.
    """
    out = [("NSA", fire(pack, ss_total, source))]
    if netrunner_total > 0:
        out.append(("Netrunner", fire(pack, netrunner_total, source)))
    return out


def encounter_combat(pack, side, own_total, third_fire, source):
    """Encounter combat (Cybernaut VIII.D): the side that made the Interaction fires
    first; any I or E result ends it; otherwise the third party fires back.

    :param side: "Netrunner" or "NSA". :param own_total: int >= 1.
    :param third_fire: the third party's fire value from the Encounter row (int >= 1).
    :returns: list of (firer, fire dict) in order.
    """
    first = fire(pack, own_total, source)
    out = [(side, first)]
    codes = first["result"].split()
    if "I" in codes or "E" in codes:
        return out
    out.append(("third party", fire(pack, third_fire, source)))
    return out


def encounter_fire_value(pack, result):
    """The third-party fire value of an Encounter result's row, or None."""
    rows = pack.data["tables"][ENCOUNTER_TABLE]["rows"]
    return rows[result.row].get("combat")
