"""A big range table kept in a file, one row a line, read when a roll looks it up
(issue 21: room to spare with real packs): shared_rules.tables.FileRows and
firmware/packfile.py's rows files (ROWS). The same rolls give the same rows, texts
and journal lines as the table held parsed. Both runtimes."""

import json

from check import raises, read_text, tempdir, write_bytes

from boards.sim import boot
from shared_rules.errors import PackError

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROWS_FILE = "/packs.rows/cybernaut-sample.encounter"  # under the data folder


def _text(n):
    """Row ``n``'s text in _owner_text's pack."""
    return "Encounter %02d: %s" % (
        n, "caf\u00e9 r\u00f6ntgen \u2014 net ghost" if n % 7 == 3 else "a patrol of %d" % n)


def _owner_text(rows=100):
    """The rolls-only sample pack with an Encounter table of ``rows`` one-total rows
    (0..rows-1), as an owner types the printed one: each text different, some with
    letters outside ASCII (their UTF-8 bytes, not their characters, place the next
    row in the file), and third-party fire values on some rows."""
    pack = json.loads(read_text(HERE + "/../../firmware/packs/cybernaut-sample.json"))
    out = []
    for n in range(rows):
        row = {"lo": n, "hi": n, "result": _text(n)}
        if n % 5 == 0:
            row["combat"] = 1 + n // 10
        out.append(row)
    pack["tables"]["encounter"]["rows"] = out
    pack["placeholder"] = False
    return json.dumps(pack)


def _owner_app(tag, rows=100):
    """(root, board, app, the pack's text) with the owner's pack at packs/cybernaut.json."""
    import os
    root = tempdir(tag)
    text = _owner_text(rows)
    os.mkdir(root + "/packs")
    write_bytes(root + "/packs/cybernaut.json", text.encode())
    board, app = boot(root, 5)
    return root, board, app, text


def _journal(root):
    """The text of the data folder's journal files (their names and lines)."""
    import os
    out = []
    for name in sorted(os.listdir(root + "/journals")):
        out.append(name)
        out.append(read_text(root + "/journals/" + name))
    return out


def _same_lookups(pack, parsed, first=-3, last=103):
    """Every total first..last looks up the same row in ``pack`` as in ``parsed``
    (the pack held parsed whole)."""
    from shared_rules.cybernaut.rw import encounter_fire_value
    for roll in range(first, last + 1):
        got = pack.lookup("encounter", roll)
        want = parsed.lookup("encounter", roll)
        assert got.as_dict() == want.as_dict(), (roll, got.as_dict(), want.as_dict())
        assert (got.row, got.lo, got.hi) == (want.row, want.lo, want.hi), roll
        assert encounter_fire_value(pack, got) == encounter_fire_value(parsed, want), roll


def test_an_owners_100_row_encounter_table_is_read_from_its_file_row_by_row_with_the_same_results():
    from shared_rules.tables import FileRows, load_pack
    root, board, app, text = _owner_app("rows")
    pack = app.pack("cybernaut-sample")
    rows = pack.table("encounter").rows
    assert isinstance(rows, FileRows) and len(rows) == 100
    assert pack.data["tables"]["encounter"]["rows"] is rows   # one view of the table
    assert isinstance(pack.table("interaction").rows, list)   # a cross table: parsed
    body = read_text(root + ROWS_FILE).split("\n")
    assert body[0] == "pocket-referee rows: pack cybernaut-sample table encounter, 100 rows"
    assert len(body) == 102 and body[-1] == ""                # a line a row, then the end
    parsed = load_pack(text, "packs/cybernaut.json")
    assert json.loads(body[4]) == parsed.table("encounter").rows[3]
    _same_lookups(pack, parsed)
    assert pack.lookup("encounter", 3).text == "Encounter 03: caf\u00e9 r\u00f6ntgen \u2014 net ghost"
    assert pack.lookup("encounter", 4).text == "Encounter 04: a patrol of 4"  # after it
    assert rows[-1] == parsed.table("encounter").rows[99] and rows[0]["lo"] == 0
    raises(IndexError, rows.__getitem__, 100)
    raises(IndexError, rows.__getitem__, -101)


def test_tables_of_16_rows_stay_parsed_and_of_17_go_to_a_file():
    from shared_rules.tables import ROWS_IN_RAM, FileRows, load_pack
    assert ROWS_IN_RAM == 16
    for count, filed in ((16, False), (17, True)):
        root, board, app, text = _owner_app("rows%d" % count, count)
        pack = app.pack("cybernaut-sample")
        assert isinstance(pack.table("encounter").rows, FileRows) == filed, count
        assert (read_text(root + ROWS_FILE) is not None) == filed, count
        _same_lookups(pack, load_pack(text, "packs/cybernaut.json"), -1, count + 1)


def test_a_pack_loaded_again_writes_its_rows_file_only_when_the_file_is_not_what_the_rows_make():
    root, board, app, text = _owner_app("rowsagain")
    app.pack("cybernaut-sample")
    good = read_text(root + ROWS_FILE)
    modes, undo = _opened(app)
    try:
        app.packs = {}
        app.pack("cybernaut-sample")                   # a memory recovery, a reboot: the same file
        assert [m for m in modes if "w" in m[1]] == [], modes
        damaged = good.replace("a patrol of 50", "a patrol of 5X")
        assert len(damaged) == len(good) and damaged != good
        write_bytes(root + ROWS_FILE, damaged.encode())  # same size, other bytes
        app.packs = {}
        del modes[:]
        app.pack("cybernaut-sample")
        assert ("cybernaut-sample.encounter.tmp", "wb") in modes, modes
        assert read_text(root + ROWS_FILE) == good
        write_bytes(root + ROWS_FILE, good[:-40].encode())  # cut short
        app.packs = {}
        app.pack("cybernaut-sample")
        assert read_text(root + ROWS_FILE) == good
    finally:
        undo()


def test_a_damaged_or_missing_rows_file_names_the_file_and_the_row_and_the_next_use_reads_the_pack_again():
    import os
    from shared_rules.tables import load_pack
    root, board, app, text = _owner_app("rowsbad")
    pack = app.pack("cybernaut-sample")
    good = read_text(root + ROWS_FILE)
    write_bytes(root + ROWS_FILE, good.replace("a patrol of 50", "a patrol of 5X").encode())
    assert pack.lookup("encounter", 49).text == "Encounter 49: a patrol of 49"  # rows read alone
    try:
        pack.lookup("encounter", 50)
        assert False, "no error"
    except PackError as exc:
        message = str(exc)
    assert message == ("%s (row 51 of a table's rows kept in flash) is damaged: press again "
                       "to read the pack again" % (root + ROWS_FILE)), message
    assert "cybernaut-sample" not in app.packs          # let go: parsed again when next used
    again = app.pack("cybernaut-sample")
    assert again is not pack and read_text(root + ROWS_FILE) == good
    assert again.lookup("encounter", 50).text == "Encounter 50: a patrol of 50"
    os.remove(root + ROWS_FILE)                         # gone (removed on a PC)
    try:
        again.lookup("encounter", 7)
        assert False, "no error"
    except PackError as exc:
        message = str(exc)
    assert ROWS_FILE in message and "row 8 " in message and "is missing" in message, message
    assert "cybernaut-sample" not in app.packs
    _same_lookups(app.pack("cybernaut-sample"), load_pack(text, "packs/cybernaut.json"), 0, 9)


def test_a_rows_file_that_cannot_be_written_leaves_the_rows_parsed():
    from shared_rules.tables import load_pack
    root, board, app, text = _owner_app("rowsro")
    write_bytes(root + "/packs.rows", b"a file where the folder would be")
    pack = app.pack("cybernaut-sample")
    assert isinstance(pack.table("encounter").rows, list)
    _same_lookups(pack, load_pack(text, "packs/cybernaut.json"), 0, 99)


def test_the_encounter_menu_journals_the_same_roll_and_text_as_with_the_table_parsed():
    lines = []
    for in_ram in (False, True):
        root, board, app, text = _owner_app("rowsmenu")
        if in_ram:  # no rows file can be written: the table stays parsed
            write_bytes(root + "/packs.rows", b"a file where the folder would be")
        for key in "DDA" + "DA":                          # Cybernaut, then Encounter
            board.press(app, key)
        rows = app.pack("cybernaut-sample").table("encounter").rows
        assert isinstance(rows, list) == in_ram
        entry = app.journal.recent[-1]
        assert entry["kind"] == "encounter", entry
        lines.append((entry, app.surface.lines(), _journal(root)))
    assert lines[0] == lines[1], lines
    outcome = lines[0][0]["out"]
    # one-total rows 00..99: the row read is the total's own (Cybernaut V.D)
    assert outcome["result"] == _text(outcome["total"]), outcome


SLIM_FILE = "/packs.rows/cybernaut-sample.json"  # the checked pack without its filed rows


def _opened(app):
    """(list of (file name, mode) opened through app.storage, undo function)."""
    storage = app.storage
    real = storage.open
    modes = []

    def spy(path, mode="r", **kwargs):
        modes.append((path.rsplit("/", 1)[-1], mode))
        return real(path, mode, **kwargs)

    storage.open = spy

    def undo():
        storage.open = real
    return modes, undo


def test_a_pack_loaded_again_is_parsed_from_its_slim_copy_without_its_filed_rows():
    from shared_rules.tables import FileRows, load_pack
    root, board, app, text = _owner_app("rowsslim")
    first = app.pack("cybernaut-sample")
    slim = json.loads(read_text(root + SLIM_FILE))
    ok = " ".join(read_text(root + "/packs.ok").split("\n")[0].split(" ")[:2])
    assert slim["source"] == ok                          # made from these very bytes
    figures = slim["pack"]["tables"]["encounter"]["rows"]
    assert figures["file"] == "packs.rows/cybernaut-sample.encounter"
    assert figures["size"] == len(read_text(root + ROWS_FILE).encode())
    assert figures["los"] == list(range(100)) and figures["his"] == list(range(100))
    assert "Encounter 42" not in read_text(root + SLIM_FILE)   # no row text in it
    assert slim["pack"]["tables"]["interaction"] == json.loads(text)["tables"]["interaction"]
    modes, undo = _opened(app)
    try:
        app.packs = {}
        pack = app.pack("cybernaut-sample")
    finally:
        undo()
    # the pack file read once (its hash), the slim copy parsed, the rows file checked
    assert modes == [("cybernaut.json", "r"), ("packs.ok", "r"), ("cybernaut-sample.json", "r"),
                     ("cybernaut-sample.encounter", "rb")], modes
    assert pack is not first and isinstance(pack.table("encounter").rows, FileRows)
    assert pack.name == first.name == "packs/cybernaut.json"
    assert (pack.game, pack.placeholder, pack.notice) == (first.game, first.placeholder, first.notice)
    assert sorted(pack.data) == sorted(first.data)
    _same_lookups(pack, load_pack(text, "packs/cybernaut.json"))
    assert pack.lookup("interaction", 4, "Tech").as_dict() == first.lookup("interaction", 4, "Tech").as_dict()


def test_a_slim_copy_of_other_bytes_or_damaged_or_beside_a_damaged_rows_file_is_not_used():
    from shared_rules.tables import load_pack
    root, board, app, text = _owner_app("rowsslim2")
    app.pack("cybernaut-sample")
    changed = text.replace("a patrol of 60", "a convoy of 60")   # the owner's pack edited
    write_bytes(root + "/packs/cybernaut.json", changed.encode())
    app.packs = {}
    pack = app.pack("cybernaut-sample")
    assert pack.lookup("encounter", 60).text == "Encounter 60: a convoy of 60"
    ok = [" ".join(l.split(" ")[:2]) for l in read_text(root + "/packs.ok").split("\n")]
    assert json.loads(read_text(root + SLIM_FILE))["source"] == [l for l in ok if l][-1]
    _same_lookups(pack, load_pack(changed, "packs/cybernaut.json"))
    write_bytes(root + SLIM_FILE, b'{"source": "x", "pack": ')     # cut short
    app.packs = {}
    _same_lookups(app.pack("cybernaut-sample"), load_pack(changed, "packs/cybernaut.json"), 0, 99)
    assert json.loads(read_text(root + SLIM_FILE))["source"] == [l for l in ok if l][-1]
    rows = read_text(root + ROWS_FILE)
    write_bytes(root + ROWS_FILE, rows.replace("convoy", "CONVOY").encode())
    app.packs = {}
    pack = app.pack("cybernaut-sample")                          # parsed again, rows rewritten
    assert read_text(root + ROWS_FILE) == rows
    assert pack.lookup("encounter", 60).text == "Encounter 60: a convoy of 60"
