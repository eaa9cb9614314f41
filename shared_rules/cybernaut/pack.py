"""Cybernaut pack game sections: the validator (called by shared_rules.tables.
validate_pack for packs of game "cybernaut")."""

from shared_rules.cybernaut.rules import (COMBAT_TABLE, ENCOUNTER_TABLE, ENVIRONS, GAME_SECTIONS,
                                    GRID_NAMES, NSA_KINDS, missing_sections)


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

    A pack with none of the game sections is a tables-only pack (enough for the
    Interaction and Encounter rolls) and passes; ``missing_sections`` tells a game
    what it lacks. Once any section is there, all must be.

    :param obj: the decoded pack (dict) whose tables already passed validate_pack.
    :param name: the pack's file name, for messages.
    :returns: list of str, empty when the sections are good.
    """
    problems = []
    if len(missing_sections(obj)) == len(GAME_SECTIONS):
        return problems
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
    from shared_rules.cybernaut.techgear import validate_techgear
    validate_techgear(obj, name, problems)
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


def check_loaded(data, path):
    """What a Cybernaut game checks of its game pack only when it starts: a pack
    under the game pack's name ("cybernaut-game...") needs every game section
    (``missing_sections``; a tables-only pack serves the rolls only). `referee pack
    check` calls it (a game's hook, found by convention: shared_rules/hooks.py).

    :param data: the pack's decoded JSON (dict, already valid).
    :param path: the pack's file (its name decides), for messages.
    :returns: list of str problems, empty when good.
    """
    name = path.replace("\\", "/").split("/")[-1]
    if not name.startswith("cybernaut-game"):
        return []
    missing = missing_sections(data)
    if missing:
        return ["%s is the Cybernaut game pack's name, but the pack has no %s: a game needs them"
                % (path, ", ".join(missing))]
    return []
