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
    assert "cannot read" in capsys.readouterr().err


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
