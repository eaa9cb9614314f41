"""Table packs: range and cross lookups, clamping, chains, the validator."""

import json

from check import raises, tempdir

from shared_rules.errors import PackError
from shared_rules.pack_check import validate_pack
from shared_rules.tables import Pack, load_pack


def make_pack(tables, name="t"):
    return {"format": "pocket-referee-pack", "version": 1, "name": name, "tables": tables}


RANGE = {"kind": "range", "dice": "d10", "rows": [
    {"lo": 0, "hi": 2, "result": "low"}, {"lo": 3, "hi": 6, "result": "mid"},
    {"lo": 7, "hi": 9, "result": "high E"}], "chains": {"E": "enc"}}
ENC = {"kind": "range", "dice": "2d10", "rows": [{"lo": 0, "hi": 49, "result": "calm"},
                                                 {"lo": 50, "hi": 99, "result": "raid"}]}
CROSS = {"kind": "cross", "dice": "d10", "columns": ["Anarchy", "Tech"], "rows": [
    {"lo": 1, "hi": 3, "cells": {"Anarchy": "A", "Tech": "-"}},
    {"lo": 4, "hi": 8, "cells": {"Anarchy": "E", "Tech": "C"}},
    {"lo": 9, "hi": 12, "cells": {"Anarchy": "C A", "Tech": "T"}}], "chains": {"E": "enc"}}


def good():
    return Pack(make_pack({"r": RANGE, "enc": ENC, "x": CROSS}), "good.json")


def test_range_lookup_each_row_and_edges():
    pack = good()
    assert pack.lookup("r", 0).text == "low"
    assert pack.lookup("r", 2).text == "low"
    assert pack.lookup("r", 3).text == "mid"
    assert pack.lookup("r", 6).text == "mid"
    assert pack.lookup("r", 7).text == "high E"
    result = pack.lookup("r", 9)
    assert (result.row, result.lo, result.hi, result.clamped) == (2, 7, 9, False)


def test_clamping_past_first_and_last_rows():
    pack = good()
    below = pack.lookup("x", 0, "Tech")
    assert (below.text, below.row, below.clamped) == ("-", 0, True)
    above = pack.lookup("x", 13, "Anarchy")
    assert (above.text, above.row, above.clamped) == ("C A", 2, True)
    at_last = pack.lookup("x", 12, "Anarchy")
    assert at_last.clamped is False


def test_cross_lookup_by_column():
    pack = good()
    assert pack.lookup("x", 4, "Anarchy").text == "E"
    assert pack.lookup("x", 8, "Tech").text == "C"
    exc = raises(PackError, pack.lookup, "x", 4, "Security")
    assert "'x'" in str(exc) and "'Security'" in str(exc)
    raises(PackError, pack.lookup, "r", 4, "Tech")
    exc = raises(PackError, pack.table, "nope")
    assert "good.json" in str(exc) and "'nope'" in str(exc)


def test_chains_send_on_to_the_named_table():
    pack = good()
    assert pack.lookup("x", 5, "Anarchy").chains == ["enc"]
    assert pack.lookup("x", 5, "Tech").chains == []
    assert pack.lookup("r", 8).chains == ["enc"]
    assert pack.lookup("r", 8).as_dict()["chains"] == ["enc"]


def problems_of(tables):
    return validate_pack(make_pack(tables, "bad.json"), "bad.json")


def test_validator_reports_gap_naming_pack_table_row():
    rows = [{"lo": 0, "hi": 2, "result": "a"}, {"lo": 5, "hi": 9, "result": "b"}]
    problems = problems_of({"g": {"kind": "range", "rows": rows}})
    assert problems == ["pack 'bad.json' table 'g' row 2: gap before it: 3-4 is in no row"]


def test_validator_reports_overlap():
    rows = [{"lo": 0, "hi": 4, "result": "a"}, {"lo": 4, "hi": 9, "result": "b"}]
    problems = problems_of({"o": {"kind": "range", "rows": rows}})
    assert problems == ["pack 'bad.json' table 'o' row 2: range 4-9 overlaps row 1 (0-4)"]


def test_validator_reports_unknown_and_missing_columns():
    table = {"kind": "cross", "columns": ["Anarchy", "Tech"],
             "rows": [{"lo": 0, "hi": 9, "cells": {"Anarchy": "A", "Corp": "B"}}]}
    problems = problems_of({"c": table})
    assert "pack 'bad.json' table 'c' row 1: unknown column 'Corp'" in problems
    assert "pack 'bad.json' table 'c' row 1: no cell for column 'Tech'" in problems
    assert len(problems) == 2


def test_validator_reports_chain_to_missing_table():
    table = {"kind": "range", "chains": {"E": "encounter"}, "rows": [{"lo": 0, "hi": 9, "result": "E"}]}
    problems = problems_of({"i": table})
    assert problems == ["pack 'bad.json' table 'i': code 'E' chains to missing table 'encounter'"]


def test_validator_checks_result_codes_against_the_packs_codes():
    codes = {"-": "no effect", "A": "revealed", "C": "chit", "E": "Encounter", "T": "gear"}
    pack = make_pack({"x": CROSS, "enc": ENC}, "coded.json")
    pack["codes"] = codes
    assert validate_pack(pack, "coded.json") == []
    # a code the pack does not explain, in a cell and in a range result
    cross = json.loads(json.dumps(CROSS))
    cross["rows"][2]["cells"]["Tech"] = "T Q"
    rng = json.loads(json.dumps(RANGE))
    rng["rows"][0]["result"] = "A"
    rng["rows"][1]["result"] = "Z"
    pack = make_pack({"x": cross, "enc": ENC, "r": rng}, "coded.json")
    pack["codes"] = codes
    problems = validate_pack(pack, "coded.json")
    known = "-, A, C, E, T"
    assert problems == [
        "pack 'coded.json' table 'x' row 3 column 'Tech': result code 'Q' is not one of the pack's "
        "codes (%s)" % known,
        "pack 'coded.json' table 'r' row 2: result code 'Z' is not one of the pack's codes (%s)" % known,
        "pack 'coded.json' table 'r' row 3: result code 'high' is not one of the pack's codes (%s)"
        % known]
    # a chain code that is no code; tables that do not chain hold free text ("calm")
    cross = json.loads(json.dumps(CROSS))
    cross["chains"] = {"E": "enc", "X": "enc"}
    pack = make_pack({"x": cross, "enc": ENC}, "coded.json")
    pack["codes"] = codes
    assert validate_pack(pack, "coded.json") == [
        "pack 'coded.json' table 'x': chain code 'X' is not one of the pack's codes (%s)" % known]
    # codes that are not an object of code -> meaning
    for bad in ([], {}, "A B"):
        pack = make_pack({"x": CROSS, "enc": ENC}, "coded.json")
        pack["codes"] = bad
        assert validate_pack(pack, "coded.json") == [
            "pack 'coded.json': 'codes' must be an object of code -> meaning"], bad
    # a pack without codes is not checked for them
    assert validate_pack(make_pack({"x": cross, "enc": ENC}), "t") == []


def test_validator_other_problems():
    assert problems_of({"k": {"kind": "wheel", "rows": []}}) == [
        "pack 'bad.json' table 'k': 'kind' must be 'range' or 'cross'"]
    assert problems_of({"b": {"kind": "range", "rows": [{"lo": 5, "hi": 2, "result": "x"}]}}) == [
        "pack 'bad.json' table 'b' row 1: range 5-2 runs backwards"]
    assert problems_of({"d": {"kind": "range", "dice": "d7", "rows": [{"lo": 1, "hi": 2, "result": "x"}]}}) == [
        "pack 'bad.json' table 'd': unknown dice 'd7'"]
    assert problems_of({"e": {"kind": "range", "rows": []}}) == [
        "pack 'bad.json' table 'e': 'rows' must be a non-empty list"]
    assert problems_of({"f": {"kind": "range", "rows": [{"lo": "1", "hi": 2, "result": "x"}]}}) == [
        "pack 'bad.json' table 'f' row 1: 'lo' and 'hi' must be whole numbers"]
    assert validate_pack([], "l.json") == ["pack 'l.json': must be a JSON object"]
    newer = make_pack({}, "n.json")
    newer["version"] = 9
    assert validate_pack(newer, "n.json") == [
        "pack 'n.json': version 9 is newer than this referee reads (1): update the firmware"]
    assert validate_pack({"tables": {}}, "h.json") == [
        "pack 'h.json': 'format' must be 'pocket-referee-pack'",
        "pack 'h.json': 'version' must be a whole number >= 1"]


def test_load_pack_errors_list_every_problem():
    exc = raises(PackError, load_pack, "{not json", "broken.json")
    assert "pack 'broken.json' is not valid JSON" in str(exc)
    rows = [{"lo": 0, "hi": 4, "result": "a"}, {"lo": 4, "hi": 9, "result": "b"},
            {"lo": 12, "hi": 13, "result": "c"}]
    exc = raises(PackError, load_pack, json.dumps(make_pack({"t": {"kind": "range", "rows": rows}})), "two.json")
    assert len(exc.problems) == 2
    assert "pack 'two.json' has 2 problems" in str(exc)


def test_sample_cybernaut_pack_is_valid_and_marked_placeholder():
    import os
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    path = here + "/../../firmware/packs/cybernaut-sample.json"
    with open(path, "rb") as handle:
        pack = load_pack(handle.read(), "cybernaut-sample.json")
    assert pack.placeholder is True
    assert "PLACEHOLDER" in pack.notice
    interaction = pack.table("interaction")
    assert interaction.columns == ["Anarchy", "Corporatist", "Security", "Tech"]
    assert interaction.dice == "d10"
    encounter = pack.table("encounter")
    assert encounter.rows[0]["lo"] == 0 and encounter.rows[-1]["hi"] == 99
    assert os is not None


def test_a_pack_parsed_from_its_open_file_equals_the_one_from_its_text():
    # the device parses a pack as it reads it (App.pack): no block as big as the file
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    path = here + "/../../firmware/packs/cybernaut-game-sample.json"
    with open(path, "rb") as handle:
        whole = load_pack(handle.read(), "cybernaut-game-sample.json")
    with open(path, "rb") as handle:
        streamed = load_pack(handle, "cybernaut-game-sample.json")
    assert streamed.data == whole.data
    assert sorted(streamed.tables) == sorted(whole.tables)
    assert streamed.placeholder is True


def test_a_broken_pack_file_read_as_a_stream_names_the_file():
    path = tempdir("brokenpack") + "/broken.json"
    for body in (b"{not json", b'{"format": "\xff\xfe"}'):  # bad JSON, not UTF-8
        with open(path, "wb") as handle:
            handle.write(body)
        with open(path, "rb") as handle:
            exc = raises(PackError, load_pack, handle, "packs/broken.json")
        assert "pack 'packs/broken.json' is not valid JSON" in str(exc), str(exc)


def test_a_chain_must_lead_to_another_range_table():
    # a chained roll is read without a column, so it cannot go to a cross table;
    # a table chaining to itself would roll for ever
    def pack_with(encounter, chains):
        return {"format": "pocket-referee-pack", "version": 1, "codes": {"E": "Encounter"},
                "tables": {"i": {"kind": "range", "dice": "d10", "chains": chains,
                                 "rows": [{"lo": 0, "hi": 9, "result": "E"}]},
                           "encounter": encounter}}
    cross = {"kind": "cross", "dice": "d10", "columns": ["a"],
             "rows": [{"lo": 0, "hi": 9, "cells": {"a": "x"}}]}
    assert validate_pack(pack_with(cross, {"E": "encounter"}), "p.json") == [
        "pack 'p.json' table 'i': code 'E' chains to cross table 'encounter': a chained "
        "table must be a range table"]
    loop = {"kind": "range", "dice": "d10", "chains": {"E": "encounter"},
            "rows": [{"lo": 0, "hi": 9, "result": "E"}]}
    assert validate_pack(pack_with(loop, {"E": "encounter"}), "p.json") == [
        "pack 'p.json' table 'encounter': code 'E' chains to its own table (a loop)"]
    fine = {"kind": "range", "dice": "d10", "rows": [{"lo": 0, "hi": 9, "result": "x"}]}
    assert validate_pack(pack_with(fine, {"E": "encounter"}), "p.json") == []


def test_a_loaded_pack_shares_equal_texts_and_keeps_its_contents():
    # json makes a new str for each string it reads; within each top-level section
    # the pack makes equal ones a single object (the RAM a parsed pack holds: issue
    # 7) and changes nothing else
    cells = {"Zebra-col": "Placeholder long result X", "Tech": "Placeholder long result X"}
    tables = {"x": {"kind": "cross", "dice": "d10", "columns": ["Zebra-col", "Tech"],
                    "title": "Placeholder long result X",
                    "rows": [{"lo": 1, "hi": 5, "cells": cells},
                             {"lo": 6, "hi": 9, "cells": dict(cells)}]}}
    obj = make_pack(tables, "shared.json")
    obj["labels"] = ["Placeholder long result X", "Zebra-col"]
    text = json.dumps(obj)
    pack = load_pack(text, "shared.json")
    assert pack.data == json.loads(text)
    table = pack.data["tables"]["x"]
    rows = table["rows"]
    first = rows[0]["cells"]["Zebra-col"]
    assert first is rows[1]["cells"]["Zebra-col"]
    assert first is rows[0]["cells"]["Tech"]
    assert first is table["title"]
    # keys too: the column key of each row is the one str of the columns list
    column = table["columns"][0]
    for row in rows:
        assert [key for key in row["cells"] if key == "Zebra-col"][0] is column
    assert pack.data["labels"] == ["Placeholder long result X", "Zebra-col"]
    assert pack.lookup("x", 7, "Tech").text == "Placeholder long result X"


def test_the_pack_checks_load_on_use():
    # the checks live in shared_rules.pack_check, which the app drops once a pack
    # has loaded (App.pack); a pack that loads unchecked imports them again
    import sys
    sys.modules.pop("shared_rules.pack_check", None)
    error = raises(PackError, Pack, {"tables": {}}, "h.json")
    assert error.problems == [
        "pack 'h.json': 'format' must be 'pocket-referee-pack'",
        "pack 'h.json': 'version' must be a whole number >= 1"]
    assert "shared_rules.pack_check" in sys.modules


def test_a_pack_nested_deeper_than_sharing_goes_still_loads():
    # the sharing of equal texts stops 12 levels down (the stack is small on a
    # Pico); an owner's extra section nested 300 deep loads as it was read
    text = json.dumps(make_pack({"x": CROSS, "enc": ENC}, "deep.json"))
    text = text[:-1] + ', "extra": ' + "[" * 300 + '"x"' + "]" * 300 + "}"
    pack = load_pack(text, "deep.json")
    level = pack.data["extra"]
    depth = 0
    while isinstance(level, list):
        level = level[0]
        depth += 1
    assert depth == 300 and level == "x"
    assert pack.lookup("x", 4, "Anarchy").text == "E"


def test_a_pack_naming_no_game_is_checked_as_the_game_its_file_name_is_read_for():
    # the device reads packs/cybernaut-game.json for Cybernaut whatever it says
    # (firmware.packfile): one without a "game" is held to Cybernaut's section
    # checks as one that names it (found by review: it skipped them)
    obj = make_pack({"r": RANGE, "enc": ENC})
    obj["sprawls"] = "not an object"
    unnamed = validate_pack(obj, "packs/cybernaut-game.json")
    assert unnamed and [p for p in unnamed if "sprawls" in p], unnamed
    named = dict(obj)
    named["game"] = "cybernaut"
    same = validate_pack(named, "packs/cybernaut-game.json")
    assert unnamed[1:] == same[1:] and unnamed[0].endswith(same[0]), (unnamed, same)
    assert raises(PackError, Pack, obj, "cybernaut.json")
    # a file name that names no game: nothing reads its sections for a game
    assert validate_pack(obj, "packs/mytables.json") == []
    # a good pack naming no game passes under its game's file name
    del obj["sprawls"]
    assert validate_pack(obj, "packs/cybernaut-game.json") == []


def test_a_pack_s_game_that_only_starts_its_file_name_is_not_its_game():
    # found by review: "game": "cybernaut-game" under cybernaut-game.json passed every
    # check (the shortcut for a pack under its own game's name took it as one)
    from shared_rules.tables import slot_problem
    assert slot_problem("packs/cybernaut-game.json", "cybernaut-game") is not None
    assert slot_problem("packs/cybernaut-game.json", "cybernaut") is None
    assert slot_problem("packs/neohunt.json", "neohunt") is None
    assert "cybernaut-game.json" in slot_problem("packs/cybernaut-game.json", "neohunt")


def test_a_pack_naming_no_game_says_why_it_is_held_to_a_game_s_checks():
    obj = make_pack({"r": RANGE, "enc": ENC})
    obj["sprawls"] = "not an object"
    problems = validate_pack(obj, "cybernaut.json")
    assert problems[0].startswith("pack 'cybernaut.json' names no game and is read for cybernaut "
                                  "(its file name), so its cybernaut sections are checked: "), problems
    obj["game"] = "cybernaut"
    assert not validate_pack(obj, "cybernaut.json")[0].startswith("pack 'cybernaut.json' names no game")
