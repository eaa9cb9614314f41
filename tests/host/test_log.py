"""`referee log`: a journal rendered for reading, hidden values kept sealed."""

import csv
import io
import json

from referee import cli
from shared_rules.journal import Journal, encode_entry
from shared_rules.seal import seal

KEY = b"k" * 32


def make_journal(path, torn=False):
    journal = Journal()
    lines = [encode_entry(journal.record("roll", {"die": "d6"}, {"total": 4}, "RULINGS Dice: Neo-Hunt d6", "dice")),
             encode_entry(journal.record("armour", {"af": 5, "an": seal(KEY, b"salt", "23")},
                                         {"d20": 14, "total": 19, "band": 2}, "Cybercore Armour Factor (AF)",
                                         "cybercore"))]
    text = "".join(lines)
    if torn:
        text += lines[0][:20]
    path.write_text(text)
    return path


def test_text_shows_sealed_values_as_sealed_and_never_the_secret(tmp_path, capsys):
    path = make_journal(tmp_path / "s0001.jrn", torn=True)
    assert cli.main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "#1 dice roll (RULINGS Dice: Neo-Hunt d6): die=d6 -> total=4"
    assert "#2 cybercore armour (Cybercore Armour Factor (AF)): af=5 an=(sealed) -> band=2 d20=14 total=19" in out
    assert "23" not in out.replace("#2", "")
    assert "cut off by a power loss" in out


def test_csv_jsonl_and_md(tmp_path, capsys):
    path = make_journal(tmp_path / "s0001.jrn")
    assert cli.main(["log", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["seq", "game", "kind", "rule", "inputs", "outcome"]
    assert rows[1][:3] == ["1", "dice", "roll"] and json.loads(rows[2][4])["an"] != "23"
    assert cli.main(["log", str(path), "--format", "jsonl"]) == 0
    entries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [entry["seq"] for entry in entries] == [1, 2] and entries[1]["in"]["an"] != "23"
    assert cli.main(["log", str(path), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "| 2 | cybercore | armour |" in out and "an=(sealed)" in out


def test_a_damaged_journal_or_a_missing_file_is_named(tmp_path, capsys):
    path = make_journal(tmp_path / "bad.jrn")
    text = path.read_text().splitlines(True)
    path.write_text(text[0].replace("4", "5") + text[1])
    assert cli.main(["log", str(path)]) == 3
    assert "bad.jrn' line 1: checksum does not match" in capsys.readouterr().err
    assert cli.main(["log", str(tmp_path / "none.jrn")]) == 3
    assert "no such file: " in capsys.readouterr().err


def test_log_shows_the_public_commitment_and_revealed_seed(tmp_path):
    """The dice commitment and a revealed seed are hex but public: never '(sealed)'."""
    from boards.sim import run_script
    from referee.logview import render

    root = str(tmp_path / "data")
    # open Session & dice (second from last), End session (a move, then A twice)
    board, app = run_script(root, 9, "U U A D A D A A")
    data = open(root + "/journals/s0001.jrn", "rb").read()
    text = render(data, "s0001.jrn", "text")
    start = [line for line in text.splitlines() if "session_start" in line][0]
    assert "(sealed)" not in start and "commit=" in start
    reveal = [line for line in text.splitlines() if "seed_reveal" in line]
    assert reveal and "(sealed)" not in reveal[0] and "seed=" in reveal[0]


# ---- issue 22: an edit is not a power cut; a file that is not a journal is an error --------
def test_an_edited_last_line_is_damaged_or_edited_not_a_power_loss(tmp_path, capsys):
    path = make_journal(tmp_path / "s0001.jrn")
    lines = path.read_text().splitlines(True)
    path.write_text(lines[0] + lines[1].replace('"af": 5', '"af": 6'))  # whole line, one word changed
    assert cli.main(["log", str(path)]) == 3
    err = capsys.readouterr().err
    assert "s0001.jrn' line 2: checksum does not match" in err
    assert "damaged or edited" in err and "power loss" in err  # says why it is not one
    # a one-line journal edited: the same (it was read as a cut-off line before)
    path.write_text(lines[0].replace('"total": 4', '"total": 5'))
    assert cli.main(["log", str(path)]) == 3
    assert "line 1: checksum does not match" in capsys.readouterr().err
    assert cli.main(["verify", str(path)]) == 3
    assert "line 1: checksum does not match" in capsys.readouterr().err


def test_a_cut_last_line_is_still_a_power_loss(tmp_path, capsys):
    path = make_journal(tmp_path / "s0001.jrn")
    text = path.read_text()
    path.write_text(text + text.splitlines(True)[0][:30])  # the append cut: no newline at the end
    assert cli.main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert "cut off by a power loss" in out
    assert [line[:2] for line in out.splitlines() if line.startswith("#")] == ["#1", "#2"]


def test_log_of_a_file_that_is_not_a_journal_fails(tmp_path, capsys):
    from shared_rules.save import encode_save
    empty = tmp_path / "empty.jrn"
    empty.write_bytes(b"")
    assert cli.main(["log", str(empty)]) == 3
    assert "empty.jrn' is empty (0 bytes): not a journal" in capsys.readouterr().err
    save = tmp_path / "state.sav"
    save.write_text(encode_save({"screens": []}))
    assert cli.main(["log", str(save)]) == 3
    assert "state.sav' is not a journal" in capsys.readouterr().err
    junk = tmp_path / "notes.txt"
    junk.write_text("a note with no newline")
    assert cli.main(["log", str(junk)]) == 3
    assert "notes.txt' has no whole journal line: not a journal" in capsys.readouterr().err


def test_log_help_lists_its_formats(capsys):
    import pytest
    with pytest.raises(SystemExit):
        cli.main(["log", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for name in ("text", "csv", "jsonl", "md"):
        assert name in out
    assert "--format {text,csv,jsonl,md}" in out and "a Markdown table" in out


def _journal_of(path, records):
    journal = Journal()
    path.write_text("".join(encode_entry(journal.record(kind, inp, out, rule, game))
                            for game, kind, inp, out, rule in records))
    return path


def test_a_revealed_neohunt_place_is_named_beside_its_code(tmp_path, capsys):
    # Neo-Hunt "Hidden varans": a varan's start, entry and moves are sealed as place
    # codes (0 the centre, 1..6 the ring, H Hide); text and md name the place, csv
    # keeps the code the hash checks
    records = [("neohunt", "reveal", {"id": "s1c%d" % i, "what": what, "owner": "P2"},
                {"value": value, "salt": "ab" * 8, "hash": "cd" * 32}, "Neo-Hunt hidden varans")
               for i, (what, value) in enumerate([("start of P2", "1"), ("move 1 of P2", "0"),
                                                  ("move 2 of P2", "H"), ("entry of P2", "6"),
                                                  ("type of trooper T3", "14"), ("move 3 of P2", "4")])]
    records.append(("cybernaut", "reveal", {"id": "x", "what": "start of NSA", "owner": "NSA"},
                    {"value": "3", "salt": "ab" * 8, "hash": "cd" * 32}, "Cybernaut III.A"))
    path = _journal_of(tmp_path / "s0001.jrn", records)
    assert cli.main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.rsplit("value=", 1)[1] for line in lines] == [
        "1 (S1)", "0 (C)", "H (Hide)", "6 (S6)", "14", "4 (S4)", "3"]
    assert cli.main(["log", str(path), "--format", "md"]) == 0
    assert "value=0 (C) |" in capsys.readouterr().out
    assert cli.main(["log", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert json.loads(rows[2][5])["value"] == "0"


def test_an_entry_undo_took_back_is_marked_until_a_redo_brings_it_back(tmp_path, capsys):
    roll = ("dice", "roll", {"die": "d6"}, {"total": 4}, "RULINGS Dice: Neo-Hunt d6")
    records = [roll, roll, roll,
               ("app", "undo", {"step": [3, 2]}, {"undone": [2, 3], "rolls": [1, 2]}, "Undo"),  # #4
               ("app", "redo", {"step": [2, 3]}, {"redone": [2, 3]}, "Undo"),                  # #5
               ("app", "undo", {"step": [3, 2]}, {"undone": [3, 3]}, "Undo"),                  # #6
               roll]                                                                           # #7
    path = _journal_of(tmp_path / "s0001.jrn", records)
    assert cli.main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    marked = [line.split()[0] for line in lines if "[undone" in line]
    assert marked == ["#3"] and lines[2].endswith("total=4 [undone by #6]"), lines
    # before the redo, #2 and #3 were both taken back by #4
    path = _journal_of(tmp_path / "s0002.jrn", records[:4])
    assert cli.main(["log", str(path), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "| 2 | dice | roll [undone by #4] |" in out and "| 3 | dice | roll [undone by #4] |" in out
    assert "| 1 | dice | roll |" in out
    assert cli.main(["log", str(path), "--format", "csv"]) == 0
    assert "undone by" not in capsys.readouterr().out


def test_an_outcome_does_not_say_its_entry_s_kind_and_rule_again(tmp_path, capsys):
    # a Cybernaut event carries its kind and rule, the entry's own: text and md leave
    # them out of the outcome, and keep an outcome's kind or rule that says more
    records = [("cybernaut", "segment", {}, {"kind": "segment", "rule": "Cybernaut IV.A.2",
                                              "segment": "Netrun", "turn": 3}, "Cybernaut IV.A.2"),
               ("cybernaut", "netrun_end", {}, {"kind": "logoff", "rule": "Cybernaut VII.H.1"},
                "Cybernaut VII.H.1")]
    path = _journal_of(tmp_path / "s0001.jrn", records)
    assert cli.main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["#1 cybernaut segment (Cybernaut IV.A.2): -> segment=Netrun turn=3",
                     "#2 cybernaut netrun_end (Cybernaut VII.H.1): -> kind=logoff"], lines
    assert cli.main(["log", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert json.loads(rows[1][5])["kind"] == "segment"


def test_an_undo_span_past_the_journal_marks_only_its_entries(tmp_path, capsys):
    # found by review: the span was walked as written; an edited one as big as
    # 10**12 would have hung `referee log` (the checksum can be made again by hand)
    roll = ("dice", "roll", {"die": "d6"}, {"total": 4}, "RULINGS Dice: Neo-Hunt d6")
    records = [roll, roll, ("app", "undo", {"step": [2, 1]}, {"undone": [2, 10 ** 12]}, "Undo")]
    path = _journal_of(tmp_path / "s0001.jrn", records)
    from referee.logview import undone_entries
    from referee.checks import check_journal
    entries = check_journal(path.read_bytes(), "s0001.jrn")[0]
    assert undone_entries(entries) == {2: 3, 3: 3}
