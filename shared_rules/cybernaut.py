"""Cybernaut rules (cybernaut.txt; RULINGS "Cybernaut").

Interaction (Cybernaut V.A, V.B.3): roll d10 (0-9) and add the single highest
RealWorld value among the Cybernauts taking part; cross-index the total with the
Sprawl's Environ on the pack's Interaction table (totals past the first or last row
read that row). An "E" result sends the reader to the Encounter table, rolled with
two d10 as 00-99 (Cybernaut V.D).
"""

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


def _problem(problems, name, section, text):
    problems.append("pack '%s' %s: %s" % (name, section, text))


def _check_chit_types(obj, name, key, classes, symbols, problems, nsa):
    items = obj.get(key)
    if not isinstance(items, list) or not items:
        _problem(problems, name, "'%s'" % key, "must be a non-empty list of chit types")
        return
    seen = []
    for index in range(len(items)):
        item = items[index]
        where = "'%s' item %d" % (key, index + 1)
        if not isinstance(item, dict):
            _problem(problems, name, where, "must be an object")
            continue
        kind_name = item.get("type")
        if not isinstance(kind_name, str) or not kind_name:
            _problem(problems, name, where, "'type' must be a name")
        elif kind_name in seen:
            _problem(problems, name, where, "type '%s' appears twice" % kind_name)
        else:
            seen.append(kind_name)
        count = item.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            _problem(problems, name, where, "'count' must be a whole number >= 1")
        if item.get("symbol") not in symbols:
            _problem(problems, name, where, "CyberStrike symbol '%s' is not in unit_definitions symbols"
                     % item.get("symbol"))
        if item.get("class") not in classes:
            _problem(problems, name, where, "class '%s' is not in unit_definitions classes"
                     % item.get("class"))
        if nsa:
            kind = item.get("kind")
            if kind not in NSA_KINDS:
                _problem(problems, name, where, "'kind' must be one of %s" % ", ".join(NSA_KINDS))
            if kind == "nexus":
                red = item.get("red")
                if not isinstance(red, list) or [n for n in red if n not in (1, 2, 3)]:
                    _problem(problems, name, where, "a Nexus needs 'red': a list of numbers 1-3 "
                             "(empty for a Dead End)")


def validate_sections(obj, name):
    """Every problem of a Cybernaut pack's game sections (beside its tables).

    Checks sprawls (environ), translines (known sprawls, whole costs >= 1), grids
    (A, B, C 3x3 and M 10x10; green addresses naming sprawls; GAPs; inside the grid;
    no address both green and red), ops_costs, the NSA and Netrunner counter mix
    (types, counts, symbols, classes, Nexus red numbers; at least one non-Dead-End
    Nexus per grid possible), cybernauts and ss_units (RealWorld and Wetware
    values), unit_definitions (every symbol x class cell a known code), the combat
    table and its columns, and each encounter row's third-party fire value.

    :param obj: the decoded pack (dict) whose tables already passed validate_pack.
    :param name: the pack's file name, for messages.
    :returns: list of str, empty when the sections are good.
    """
    problems = []
    sprawls = obj.get("sprawls")
    if not isinstance(sprawls, dict) or not sprawls:
        _problem(problems, name, "'sprawls'", "must be an object of sprawl name -> {environ}")
        sprawls = {}
    for sprawl in sprawls:
        info = sprawls[sprawl]
        if not isinstance(info, dict) or info.get("environ") not in ENVIRONS:
            _problem(problems, name, "sprawl '%s'" % sprawl,
                     "'environ' must be one of %s (Cybernaut II.A.1)" % ", ".join(ENVIRONS))
    lines = obj.get("translines")
    if not isinstance(lines, list) or not lines:
        _problem(problems, name, "'translines'", "must be a non-empty list of [sprawl, sprawl, cost]")
        lines = []
    for index in range(len(lines)):
        line = lines[index]
        where = "transline %d" % (index + 1)
        if not isinstance(line, list) or len(line) != 3:
            _problem(problems, name, where, "must be [sprawl, sprawl, cost]")
            continue
        for end in line[:2]:
            if end not in sprawls:
                _problem(problems, name, where, "unknown sprawl '%s'" % end)
        if line[0] == line[1]:
            _problem(problems, name, where, "joins '%s' to itself" % line[0])
        cost = line[2]
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 1:
            _problem(problems, name, where, "cost must be a whole number >= 1")
    grids = obj.get("grids")
    if not isinstance(grids, dict):
        _problem(problems, name, "'grids'", "must be an object with grids A, B, C and M")
        grids = {}
    for grid in GRID_NAMES:
        info = grids.get(grid)
        size = 10 if grid == "M" else 3
        where = "grid '%s'" % grid
        if not isinstance(info, dict):
            _problem(problems, name, where, "missing (Cybernaut II.A.2)")
            continue
        if info.get("size") != size:
            _problem(problems, name, where, "'size' must be %d (RULINGS Grids)" % size)
        green = info.get("green", {})
        gaps = info.get("gaps", [])
        if not isinstance(green, dict) or not isinstance(gaps, list):
            _problem(problems, name, where, "'green' must be an object and 'gaps' a list")
            continue
        for address in list(green) + gaps:
            if not _in_grid(address, grid, size):
                _problem(problems, name, where, "address '%s' is not in this grid" % address)
        for address in green:
            if green[address] not in sprawls:
                _problem(problems, name, where, "green address '%s' names unknown sprawl '%s'"
                         % (address, green[address]))
            if address in gaps:
                _problem(problems, name, where, "address '%s' is both green and a GAP" % address)
    for grid in grids:
        if grid not in GRID_NAMES:
            _problem(problems, name, "grid '%s'" % grid, "unknown grid (A, B, C or M)")
    costs = obj.get("ops_costs")
    if not isinstance(costs, dict):
        _problem(problems, name, "'ops_costs'", "must be an object with 'place' and 'reveal'")
    else:
        for key in ("place", "reveal"):
            value = costs.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                _problem(problems, name, "ops_costs '%s'" % key, "must be a whole number >= 0")
    units = obj.get("unit_definitions")
    symbols = []
    classes = []
    if not isinstance(units, dict):
        _problem(problems, name, "'unit_definitions'", "must be an object (Cybernaut VII.G.1)")
    else:
        symbols = units.get("symbols") if isinstance(units.get("symbols"), list) else []
        classes = units.get("classes") if isinstance(units.get("classes"), list) else []
        codes = units.get("codes") if isinstance(units.get("codes"), dict) else {}
        if not symbols or not classes or not codes:
            _problem(problems, name, "'unit_definitions'", "needs 'symbols', 'classes' and 'codes'")
        for code in codes:
            if code not in STRIKE_CODES:
                _problem(problems, name, "unit_definitions code '%s'" % code,
                         "unknown (codes: %s)" % ", ".join(STRIKE_CODES))
        results = units.get("results") if isinstance(units.get("results"), dict) else {}
        for symbol in symbols:
            row = results.get(symbol)
            if not isinstance(row, dict):
                _problem(problems, name, "unit_definitions symbol '%s'" % symbol, "has no results row")
                continue
            for klass in classes:
                if row.get(klass) not in codes:
                    _problem(problems, name, "unit_definitions '%s' x '%s'" % (symbol, klass),
                             "result '%s' is not a listed code" % row.get(klass))
    _check_chit_types(obj, name, "nsa_chits", classes, symbols, problems, True)
    _check_chit_types(obj, name, "netrunner_chits", classes, symbols, problems, False)
    nsa = obj.get("nsa_chits") if isinstance(obj.get("nsa_chits"), list) else []
    working = 0
    for item in nsa:
        if isinstance(item, dict) and item.get("kind") == "nexus" and item.get("red") \
                and isinstance(item.get("count"), int):
            working += item["count"]
    if working < len(GRID_NAMES):
        _problem(problems, name, "'nsa_chits'", "needs at least %d Nexus chits that are not Dead "
                 "Ends, one per grid (Cybernaut III.A.3)" % len(GRID_NAMES))
    for key, fields in (("cybernauts", ("realworld", "wetware")), ("ss_units", ("realworld",))):
        items = obj.get(key)
        if not isinstance(items, list) or not items:
            _problem(problems, name, "'%s'" % key, "must be a non-empty list")
            continue
        for index in range(len(items)):
            item = items[index]
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                _problem(problems, name, "%s item %d" % (key, index + 1), "needs a 'name'")
                continue
            for field in fields:
                value = item.get(field)
                if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value > 10:
                    _problem(problems, name, "%s '%s'" % (key, item["name"]),
                             "'%s' must be a whole number 0-10" % field)
    tables = obj.get("tables", {})
    combat = tables.get(COMBAT_TABLE)
    if not isinstance(combat, dict) or combat.get("kind") != "cross":
        _problem(problems, name, "table 'combat'", "missing: the RealWorld Combat Results table "
                 "(Cybernaut VIII.A) must be a cross table")
    columns = obj.get("combat_columns")
    if not isinstance(columns, list) or not columns:
        _problem(problems, name, "'combat_columns'", "must list {lo, hi, column} fire-value bands")
    else:
        prev = 0
        for band in columns:
            if not isinstance(band, dict) or not isinstance(band.get("lo"), int) \
                    or not isinstance(band.get("hi"), int):
                _problem(problems, name, "'combat_columns'", "each band needs whole 'lo' and 'hi'")
                continue
            if band["lo"] != prev + 1:
                _problem(problems, name, "combat column '%s'" % band.get("column"),
                         "must start at %d (bands in order, no gaps)" % (prev + 1))
            prev = band["hi"]
            if isinstance(combat, dict) and band.get("column") not in combat.get("columns", []):
                _problem(problems, name, "combat column '%s'" % band.get("column"),
                         "is not a column of table 'combat'")
    encounter = tables.get(ENCOUNTER_TABLE)
    if isinstance(encounter, dict):
        rows = encounter.get("rows", [])
        for index in range(len(rows)):
            fire = rows[index].get("combat") if isinstance(rows[index], dict) else None
            if fire is not None and (not isinstance(fire, int) or fire < 1):
                _problem(problems, name, "table 'encounter' row %d" % (index + 1),
                         "'combat' (third-party fire value) must be a whole number >= 1")
    return problems


STRIKE_CODES = ("-", "D", "A", "B")


def _in_grid(address, grid, size):
    if not isinstance(address, str) or len(address) != 3 or address[0] != grid:
        return False
    row = address[1]
    col = address[2]
    return "0" <= row <= "9" and "0" <= col <= "9" and int(row) < size and int(col) < size


# ---- RealWorld (Cybernaut V, VI, VIII) -----------------------------------------
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
