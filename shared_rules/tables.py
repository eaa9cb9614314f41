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

import binascii
import json

from shared_rules.errors import PackError

# a range table with more rows than this may be kept in a file, one row a line
# (FileRows: an owner's Encounter table has 100)
ROWS_IN_RAM = 16



def slot_problem(path, game):
    """The problem of a pack whose ``game`` is not the game its file name is read
    for, or None.

    :param path: the file's path or name (str; "/" or "\\" separated), e.g.
        "packs/cybernaut-game.json": the device loads a pack by its name, so a
        Neo-Hunt pack named cybernaut-game.json would be read for Cybernaut.
    :param game: the pack's game (its "game" field), or None (not said: nothing to
        compare, the game's own checks judge it).
    :returns: str naming the file and both games, or None.
    """
    if game is None:
        return None
    stem = path.replace("\\", "/").split("/")[-1]
    if (isinstance(game, str) and game.isalpha()
            and (stem == game + ".json" or stem.startswith(game + "-"))):
        return None  # its own game's name: the usual case, with no more imports
    from shared_rules.hooks import game_package, pack_slot
    slot = pack_slot(path)
    if game == slot:
        return None
    # the games a pack file serves, by the first word of its file name ("neohunt.json",
    # "cybernaut-game.json": firmware.packfile reads these names): the game packages
    # (shared_rules/<game>/, found by convention: shared_rules.hooks), imported only here
    if game_package(slot) is None:
        return None
    return ("%s is read for %s (its name), but it is a pack for game '%s'%s" % (
        path, slot, game, (": name it %s.json" % game) if game_package(game) is not None else ""))


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
            to a range table; a row kept in a file (FileRows) that cannot be read.
        """
        if self.kind == "cross":
            if column not in self.columns:
                raise PackError("table '%s' has no column '%s' (columns: %s)"
                                % (self.name, column, ", ".join(self.columns)))
        elif column is not None:
            raise PackError("table '%s' is a range table: it has no columns" % self.name)
        rows = self.rows
        filed = isinstance(rows, FileRows)  # its rows' ends are in RAM: no row read to search
        clamped = False
        index = 0
        if roll < (rows.los[0] if filed else rows[0]["lo"]):
            clamped = True
        elif roll > (rows.his[-1] if filed else rows[-1]["hi"]):
            index = len(rows) - 1
            clamped = True
        else:
            lo, hi = 0, len(rows) - 1
            while lo < hi:  # binary search on the ordered, gap-free rows
                mid = (lo + hi) // 2
                if (rows.his[mid] if filed else rows[mid]["hi"]) < roll:
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


def row_line(row):
    """A table row as one line of a rows file (FileRows): its JSON and a newline,
    as UTF-8 bytes. :param row: dict from a pack's "rows"."""
    return (json.dumps(row) + "\n").encode()


def line_check(data):
    """The check value of a rows file's line ``data`` (bytes): its CRC-32 kept to
    30 bits (a small int on a 32-bit MicroPython: no block on the heap)."""
    return binascii.crc32(data) & 0x3FFFFFFF


class FileRows:
    """A range table's rows kept in a file instead of parsed in RAM, read one at a
    time when a roll looks one up (issue 21: an owner's 100-row Encounter table
    held 20 KB of a Pico's heap parsed). Only each row's ``lo`` and ``hi``, its
    place in the file and its check value stay in RAM (about 16 bytes a row).
    Reads as a list of the row dicts: ``len(rows)``, ``rows[i]`` (negative too).

    The file (written by firmware/packfile.py) holds a header line, then each row
    as ``row_line`` makes it. No rule changes: a row read back equals the row of
    the pack.

    :param open: callable(path, mode) -> file (the built-in open, or a board's):
        the only I/O, passed in.
    :param path: the rows file's full path (str), named in messages.
    :param offsets: list of n + 1 ints: row i is bytes offsets[i]..offsets[i + 1].
    :param los: list of n ints, each row's "lo"; ``his`` likewise its "hi".
    :param checks: list of n ints, each row's line's ``line_check``.
    :param packs: None, or the dict holding this table's pack under ``key``
        (App.packs): a damaged row lets the pack go from it, so its next use
        parses the pack file again (and writes the rows file again).
    """

    def __init__(self, open, path, offsets, los, his, checks, packs=None, key=None):
        self.open = open
        self.path = path
        self.offsets = offsets
        self.los = los
        self.his = his
        self.checks = checks
        self.packs = packs
        self.key = key

    def __len__(self):
        return len(self.his)

    def __getitem__(self, index):
        """The row dict at ``index`` (0-based; negative from the end).

        :raises IndexError: out of range.
        :raises PackError: the file is gone, cut short or changed (its text names
            the file and the row); the pack is let go first (``packs``)."""
        count = len(self.his)
        if index < 0:
            index += count
        if index < 0 or index >= count:
            raise IndexError("row %d of %d" % (index, count))
        start = self.offsets[index]
        size = self.offsets[index + 1] - start
        row = None
        problem = "missing"
        try:
            with self.open(self.path, "rb") as handle:
                handle.seek(start)
                data = handle.read(size)
            problem = "damaged"
            if len(data) == size and line_check(data) == self.checks[index]:
                row = json.loads(data.decode())
        except (OSError, ValueError, UnicodeError):
            pass
        if not isinstance(row, dict) or row.get("lo") != self.los[index] \
                or row.get("hi") != self.his[index]:
            if self.packs is not None:
                self.packs.pop(self.key, None)
            raise PackError("%s (row %d of a table's rows kept in flash) is %s: press "
                            "again to read the pack again" % (self.path, index + 1, problem))
        return row


class Pack:
    """A validated table pack.

    :param obj: the decoded JSON (dict); once it is valid, the equal strings of each
        of its sections are made one object (in place: see ``_share_texts``).
    :param name: the pack's file name, for messages.
    :param checked: True to skip ``validate_pack`` (``obj`` passed it before).
    :raises PackError: listing every problem found by ``validate_pack``.
    """

    def __init__(self, obj, name, checked=False):
        problems = []
        if not checked:
            # the checks, imported on first use: needed only while a pack loads (the
            # app drops them afterwards, issue 7)
            from shared_rules.pack_check import validate_pack
            problems = validate_pack(obj, name)
            validate_pack = None
        if len(problems) == 1:
            raise PackError(problems[0], problems)
        if problems:
            raise PackError("pack '%s' has %d problems: %s"
                            % (name, len(problems), "; ".join(problems)), problems)
        self.name = name
        for key in obj:  # one section at a time: a small table of texts seen each
            obj[key] = _share_texts(obj[key], {})
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


def load_pack(text, name, checked=False):
    """Parse and validate a pack from its JSON text.

    :param text: str or bytes, the file's contents; or a stream (anything with
        ``read``, opened by the caller as UTF-8 text) to parse as it is read, which
        needs no block of RAM as big as the file.
    :param name: the file name, used in every message.
    :param checked: True when these very bytes passed ``validate_pack`` before (the
        caller keeps their hash): the checks are skipped.
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
            if not text.strip():  # "Expecting value" would say nothing (found by review)
                raise PackError("pack file %s is empty (%s)" % (
                    name, "0 bytes" if not text else "only blanks"))
            obj = json.loads(text)
    except (ValueError, UnicodeError, RuntimeError) as exc:  # RuntimeError: nested too deep
        raise PackError("pack '%s' is not valid JSON: %s" % (name, str(exc) or (
            "not UTF-8 text" if isinstance(exc, UnicodeError) else type(exc).__name__)))
    return Pack(obj, name, checked)


_SHARE_DEPTH = 12  # the sample packs nest 6-7 deep; deeper parts are kept as read (the stack)


def _share_texts(obj, seen, depth=0):
    """Make equal strings of a parsed pack one object, in place (keys and values).

    json makes a new str for every string it reads that is not already an interned
    name: Cybernaut's sample game pack repeats its column names, keys and codes so
    often that sharing them within each section cuts the RAM it holds by about a
    quarter (34 KB to 26 KB once loaded in the app, 64-bit unix port, issue 7).
    Nothing else changes: strings cannot be changed in place, and no dict or list
    becomes shared.

    :param obj: dict, list or scalar from json.load; its dicts and lists are
        changed in place, down to _SHARE_DEPTH levels (an owner's pack nested
        deeper keeps its deeper strings as read, rather than overflowing the stack).
    :param seen: dict {text: the one str kept for it}, filled as it goes.
    :returns: ``obj``, or the shared str equal to it.
    """
    if isinstance(obj, str):
        return seen.setdefault(obj, obj)
    if depth >= _SHARE_DEPTH:
        return obj
    if isinstance(obj, list):
        for index in range(len(obj)):
            obj[index] = _share_texts(obj[index], seen, depth + 1)
    elif isinstance(obj, dict):
        for key in list(obj):
            value = obj.pop(key)
            obj[seen.setdefault(key, key)] = _share_texts(value, seen, depth + 1)
    return obj

