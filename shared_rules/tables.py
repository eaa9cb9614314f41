"""Data-driven result tables read from JSON table packs.

A pack is a JSON object::

    {"format": "pocket-referee-pack", "version": 1, "name": "...", "game": "...",
     "placeholder": true, "notice": "...",
     "tables": {NAME: TABLE, ...}, ...game sections...}

A TABLE is either a 1-D range table (roll -> result)::

    {"kind": "range", "dice": "d10", "title": "...", "rule": "Cybernaut V.D",
     "rows": [{"lo": 0, "hi": 9, "result": "..."}, ...]}

or a cross-indexed table (roll + modifier picks the row, a named column the cell)::

    {"kind": "cross", "dice": "d10", "columns": ["Anarchy", "Tech"],
     "rows": [{"lo": 0, "hi": 3, "cells": {"Anarchy": "A", "Tech": "E"}}, ...]}

Rows cover whole numbers ``lo..hi`` (inclusive), in order, without gaps or
overlaps. A total below the first row reads the first row and above the last reads
the last (RULINGS, Cybernaut Interaction). ``"chains": {"E": "encounter"}`` makes a
result that contains the code ``E`` (results are codes separated by spaces) send the
reader on to the ``encounter`` table.
"""

import json

from shared_rules.errors import PackError

PACK_FORMAT = "pocket-referee-pack"
PACK_VERSION = 1
KINDS = ("range", "cross")
# game -> (module listing its GAME_SECTIONS, module whose validate_sections(obj, name)
# checks them); the second is imported only when the pack has any of those sections
GAME_SECTIONS = {"cybernaut": ("shared_rules.cybernaut", "shared_rules.cybernaut_pack")}


class Result:
    """One table lookup.

    Attributes: ``table`` (name), ``roll`` (the total looked up, int), ``row``
    (0-based row index), ``lo``/``hi`` (that row's range), ``column`` (str or None),
    ``text`` (the result as printed in the pack), ``clamped`` (True when the total
    fell outside the rows and the first or last row was read), ``chains`` (list of
    table names the result sends the reader on to, in the order of the codes).
    """

    def __init__(self, table, roll, row, lo, hi, column, text, clamped, chains):
        self.table = table
        self.roll = roll
        self.row = row
        self.lo = lo
        self.hi = hi
        self.column = column
        self.text = text
        self.clamped = clamped
        self.chains = chains

    def as_dict(self):
        """A JSON-ready dict of the lookup, for the journal."""
        return {"table": self.table, "roll": self.roll, "row": self.row,
                "column": self.column, "result": self.text,
                "clamped": self.clamped, "chains": self.chains}


class Table:
    """A validated table. Build it through ``Pack``; see the module docstring."""

    def __init__(self, name, obj):
        self.name = name
        self.kind = obj["kind"]
        self.dice = obj.get("dice")
        self.title = obj.get("title", name)
        self.rule = obj.get("rule", "")
        self.columns = obj.get("columns", [])
        self.chain_map = obj.get("chains", {})
        self.rows = obj["rows"]

    def lookup(self, roll, column=None):
        """Read the row for ``roll`` (clamped to the first and last rows).

        :param roll: int, the total (die + modifiers).
        :param column: for a cross table, one of ``columns``; None for a range table.
        :returns: Result.
        :raises PackError: a cross table without a known column, or a column given
            to a range table.
        """
        if self.kind == "cross":
            if column not in self.columns:
                raise PackError("table '%s' has no column '%s' (columns: %s)"
                                % (self.name, column, ", ".join(self.columns)))
        elif column is not None:
            raise PackError("table '%s' is a range table: it has no columns" % self.name)
        rows = self.rows
        clamped = False
        index = 0
        if roll < rows[0]["lo"]:
            clamped = True
        elif roll > rows[-1]["hi"]:
            index = len(rows) - 1
            clamped = True
        else:
            lo, hi = 0, len(rows) - 1
            while lo < hi:  # binary search on the ordered, gap-free rows
                mid = (lo + hi) // 2
                if rows[mid]["hi"] < roll:
                    lo = mid + 1
                else:
                    hi = mid
            index = lo
        row = rows[index]
        text = row["cells"][column] if self.kind == "cross" else row["result"]
        return Result(self.name, roll, index, row["lo"], row["hi"], column, text,
                      clamped, self.chains_of(text))

    def chains_of(self, text):
        """Names of the tables that the codes in ``text`` chain to, in order."""
        out = []
        if self.chain_map:
            for code in text.split():
                target = self.chain_map.get(code)
                if target is not None and target not in out:
                    out.append(target)
        return out


class Pack:
    """A validated table pack.

    :param obj: the decoded JSON (dict).
    :param name: the pack's file name, for messages.
    :raises PackError: listing every problem found by ``validate_pack``.
    """

    def __init__(self, obj, name):
        problems = validate_pack(obj, name)
        if len(problems) == 1:
            raise PackError(problems[0], problems)
        if problems:
            raise PackError("pack '%s' has %d problems: %s"
                            % (name, len(problems), "; ".join(problems)), problems)
        self.name = name
        self.data = obj
        self.game = obj.get("game")
        self.placeholder = bool(obj.get("placeholder"))
        self.notice = obj.get("notice", "")
        self.tables = {}
        for table_name in obj["tables"]:
            self.tables[table_name] = Table(table_name, obj["tables"][table_name])

    def table(self, name):
        """The table called ``name``. :raises PackError: the pack has no such table."""
        table = self.tables.get(name)
        if table is None:
            raise PackError("pack '%s' has no table '%s' (tables: %s)"
                            % (self.name, name, ", ".join(sorted(self.tables))))
        return table

    def lookup(self, table, roll, column=None):
        """Shortcut for ``pack.table(table).lookup(roll, column)``."""
        return self.table(table).lookup(roll, column)


def load_pack(text, name):
    """Parse and validate a pack from its JSON text.

    :param text: str or bytes, the file's contents; or a stream (anything with
        ``read``, opened by the caller as UTF-8 text) to parse as it is read, which
        needs no block of RAM as big as the file.
    :param name: the file name, used in every message.
    :returns: Pack.
    :raises PackError: not JSON (not UTF-8 either), or any validation problem (all
        listed).
    """
    try:
        if hasattr(text, "read"):
            obj = json.load(text)
        else:
            if isinstance(text, bytes):
                text = text.decode()
            obj = json.loads(text)
    except (ValueError, UnicodeError, RuntimeError) as exc:  # RuntimeError: nested too deep
        raise PackError("pack '%s' is not valid JSON: %s" % (name, str(exc) or (
            "not UTF-8 text" if isinstance(exc, UnicodeError) else type(exc).__name__)))
    return Pack(obj, name)


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
    one of them.

    :param obj: decoded JSON (any type).
    :param name: the pack's file name.
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
    game = obj.get("game")
    entry = GAME_SECTIONS.get(game) if isinstance(game, str) else None
    if entry is not None and not problems:
        rules = __import__(entry[0], None, None, ["GAME_SECTIONS"])
        if [key for key in rules.GAME_SECTIONS if key in obj]:
            module = __import__(entry[1], None, None, ["validate_sections"])
            problems.extend(module.validate_sections(obj, name))
    return problems
