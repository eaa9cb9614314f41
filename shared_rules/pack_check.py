"""The checks of a table pack (shared_rules.tables' format), run while a pack loads.

Kept apart from shared_rules.tables so that a game holds only the lookups: the app
drops this module once its pack is loaded (about 5 KB of RAM on the 64-bit unix
port, issue 7).
"""

from shared_rules.hooks import game_package, game_module, pack_slot

PACK_FORMAT = "pocket-referee-pack"
PACK_VERSION = 1
KINDS = ("range", "cross")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _text_list(value):
    """True for a non-empty list of str."""
    if not isinstance(value, list) or not value:
        return False
    for item in value:
        if not isinstance(item, str):
            return False
    return True


def _check_rows(where, table, problems):
    rows = table.get("rows")
    if not isinstance(rows, list) or not rows:
        problems.append("%s: 'rows' must be a non-empty list" % where)
        return
    kind = table.get("kind")
    columns = table.get("columns") if kind == "cross" else None
    if not _text_list(columns):
        columns = None
    prev = None
    for index, row in enumerate(rows):
        at = "%s row %d" % (where, index + 1)
        if not isinstance(row, dict):
            problems.append("%s: must be an object" % at)
            prev = None
            continue
        lo = row.get("lo")
        hi = row.get("hi")
        if not _is_int(lo) or not _is_int(hi):
            problems.append("%s: 'lo' and 'hi' must be whole numbers" % at)
            prev = None
            continue
        if lo > hi:
            problems.append("%s: range %d-%d runs backwards" % (at, lo, hi))
        if kind == "range":
            if not isinstance(row.get("result"), str):
                problems.append("%s: 'result' must be text" % at)
        elif kind == "cross":
            cells = row.get("cells")
            if not isinstance(cells, dict):
                problems.append("%s: 'cells' must be an object" % at)
            else:
                for column in cells:
                    if isinstance(columns, list) and column not in columns:
                        problems.append("%s: unknown column '%s'" % (at, column))
                    elif not isinstance(cells[column], str):
                        problems.append("%s: cell '%s' must be text" % (at, column))
                if isinstance(columns, list):
                    for column in columns:
                        if column not in cells:
                            problems.append("%s: no cell for column '%s'" % (at, column))
        if prev is not None:
            plo, phi = prev
            if lo <= phi:
                problems.append("%s: range %d-%d overlaps row %d (%d-%d)"
                                % (at, lo, hi, index, plo, phi))
            elif lo > phi + 1:
                problems.append("%s: gap before it: %d-%d is in no row"
                                % (at, phi + 1, lo - 1))
        prev = (lo, hi)


def _check_codes(obj, tables, problems, name):
    """Result codes of tables that chain (their results are codes separated by
    spaces) must be among the pack's ``"codes"``, when the pack has them."""
    codes = obj.get("codes")
    if codes is None:
        return
    if not isinstance(codes, dict) or not codes:
        problems.append("pack '%s': 'codes' must be an object of code -> meaning" % name)
        return
    known = ", ".join(sorted(codes))
    for table_name in tables:
        table = tables[table_name]
        if not isinstance(table, dict) or not isinstance(table.get("chains"), dict):
            continue
        where = "pack '%s' table '%s'" % (name, table_name)
        for code in table["chains"]:
            if code not in codes:
                problems.append("%s: chain code '%s' is not one of the pack's codes (%s)"
                                % (where, code, known))
        rows = table.get("rows")
        if not isinstance(rows, list):
            continue
        for index in range(len(rows)):
            row = rows[index]
            if not isinstance(row, dict):
                continue
            cells = row.get("cells")
            if isinstance(cells, dict):
                texts = [(column, cells[column]) for column in cells]
            else:
                texts = [(None, row.get("result"))]
            for column, text in texts:
                if not isinstance(text, str):
                    continue
                for code in text.split():
                    if code not in codes:
                        problems.append("%s row %d%s: result code '%s' is not one of the pack's "
                                        "codes (%s)" % (where, index + 1, "" if column is None
                                                        else " column '%s'" % column, code, known))


def validate_pack(obj, name):
    """Every problem of a decoded pack, each naming pack, table and row.

    Checks the header (format, version), each table's kind, dice, columns and rows
    (whole-number ranges in order, no gaps, no overlaps, no backwards range, every
    column present and none unknown), that every chain leads to a table of the
    pack, and, when the pack explains its result codes (top-level ``"codes"``:
    {code: meaning}), that every code in a chaining table's results and chains is
    one of them. Then the game's own sections (its package's ``pack`` hook), for
    the game the pack names or, naming none, the game its file name is read for
    (shared_rules.hooks.pack_slot).

    :param obj: decoded JSON (any type).
    :param name: the pack's file name (or path).
    :returns: list of str (empty when the pack is good).
    """
    problems = []
    if not isinstance(obj, dict):
        return ["pack '%s': must be a JSON object" % name]
    if obj.get("format") != PACK_FORMAT:
        problems.append("pack '%s': 'format' must be '%s'" % (name, PACK_FORMAT))
    version = obj.get("version")
    if not _is_int(version) or version < 1:
        problems.append("pack '%s': 'version' must be a whole number >= 1" % name)
    elif version > PACK_VERSION:
        problems.append("pack '%s': version %d is newer than this referee reads (%d): update the firmware"
                        % (name, version, PACK_VERSION))
    tables = obj.get("tables")
    if not isinstance(tables, dict):
        problems.append("pack '%s': 'tables' must be an object" % name)
        return problems
    from shared_rules.dice import DICE
    for table_name in tables:
        table = tables[table_name]
        where = "pack '%s' table '%s'" % (name, table_name)
        if not isinstance(table, dict):
            problems.append("%s: must be an object" % where)
            continue
        kind = table.get("kind")
        if kind not in KINDS:
            problems.append("%s: 'kind' must be 'range' or 'cross'" % where)
            continue
        dice = table.get("dice")
        if dice is not None and (not isinstance(dice, str) or dice not in DICE):
            problems.append("%s: unknown dice '%s'" % (where, dice))
        if kind == "cross":
            columns = table.get("columns")
            if not _text_list(columns):
                problems.append("%s: a cross table needs a non-empty 'columns' list of names"
                                % where)
        chains = table.get("chains", {})
        if not isinstance(chains, dict):
            problems.append("%s: 'chains' must be an object" % where)
        else:
            for code in chains:
                target = chains[code]
                if not isinstance(target, str) or target not in tables:
                    problems.append("%s: code '%s' chains to missing table '%s'"
                                    % (where, code, target))
                elif target == table_name:
                    problems.append("%s: code '%s' chains to its own table (a loop)"
                                    % (where, code))
                elif isinstance(tables[target], dict) and tables[target].get("kind") == "cross":
                    # a chained roll has no column to read (Result.chains: the
                    # table's name only), so it must be a range table
                    problems.append("%s: code '%s' chains to cross table '%s': a chained "
                                    "table must be a range table" % (where, code, target))
        _check_rows(where, table, problems)
    _check_codes(obj, tables, problems, name)
    # the game's own sections, by convention (shared_rules/hooks.py): the package
    # shared_rules.<game> names them (PACK_SECTIONS); its module ``pack`` checks them,
    # imported only when the pack has any
    # A pack that names no game is judged as the game its file name is read for
    # (shared_rules.hooks.pack_slot: the device reads "packs/cybernaut-game.json" for
    # Cybernaut whatever it says; found by review: such a pack skipped its sections'
    # checks and would stop the game that reads it)
    game = obj.get("game")
    if game is None:
        game = pack_slot(name)
    package = game_package(game) if not problems else None
    if [key for key in getattr(package, "PACK_SECTIONS", ()) if key in obj]:
        found = game_module(game, "pack").validate_sections(obj, name)
        if found and obj.get("game") is None:  # say why a pack naming no game is held to them
            found[0] = ("pack '%s' names no game and is read for %s (its file name), so its %s "
                        "sections are checked: %s" % (name, game, game, found[0]))
        problems.extend(found)
    return problems
