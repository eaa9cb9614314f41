"""The sealing key (key.bin) lost while a game holds secrets: the device sets the
saves aside with a clear notice, and nothing else is touched: the journals stay
byte for byte, `referee log` shows them as before (hidden values sealed), and
`referee verify` never needs key.bin (it opens hidden rolls with the revealed seed)."""

import os

from boards.sim import boot
from referee.cli import main as referee
from shared_rules.save import decode_save

from scripts import END, GAME, play


def _read(root, rel):
    with open(os.path.join(root, rel), "rb") as handle:
        return handle.read()


def _notice(app):
    assert app.top().s["title"] == "Save problem", app.top().s
    return " ".join(app.top().s["lines"])


def test_key_lost_mid_game_keeps_the_secrets_save_and_journal(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 3)
    play(board, app, GAME[:3])                    # dice, shots, Cybernaut: all journaled
    # Cybercore armour: the GM enters AN 16 (sealed in the screen's state and journal)
    play(board, app, [("ArmourScreen", "A A R A D D D D A")])
    saved = _read(root, "saves/state.sav")
    prev = _read(root, "saves/state.prev")
    body = decode_save(saved, "state.sav")
    assert body["screens"][-1]["id"] != "main"    # the game is open
    journal = _read(root, "journals/s0001.jrn")
    capsys.readouterr()                           # the app's own log lines
    assert referee(["log", os.path.join(root, "journals", "s0001.jrn")]) == 0
    shown = capsys.readouterr().out
    assert "an=(sealed)" in shown                 # a sealed value in the journal

    os.remove(os.path.join(root, "key.bin"))
    board, app = boot(root, 3)
    whole = _notice(app)
    assert ("the sealing key (key.bin) is missing or is not the one this save was sealed "
            "with, so its hidden values cannot be opened; kept as saves/bad1.sav and "
            "saves/bad2.sav") in whole, whole
    assert "Restore a backup on a PC (referee restore ZIP): it puts key.bin back" in whole, whole
    assert _read(root, "saves/bad1.sav") == saved and _read(root, "saves/bad2.sav") == prev
    # the journal of the lost game is untouched and reads as before
    assert _read(root, "journals/s0001.jrn") == journal
    capsys.readouterr()
    assert referee(["log", os.path.join(root, "journals", "s0001.jrn")]) == 0
    assert capsys.readouterr().out == shown
    # its seed is sealed in the saves set aside: verify names why it cannot check it
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 3
    err = capsys.readouterr().err
    assert "s0001.jrn: 1 problem(s)" in err and "the session is not finished" in err, err
    assert app.session == 2


def test_a_finished_session_verifies_without_key_bin(tmp_path, capsys):
    # hidden rolls are sealed with a key made from the session seed, not key.bin:
    # a lost key.bin never stops `referee verify` of an ended session
    root = str(tmp_path)
    board, app = boot(root, 3)
    play(board, app, GAME + [END])
    assert app.session == 2
    journal = _read(root, "journals/s0001.jrn")
    os.remove(os.path.join(root, "key.bin"))
    board, app = boot(root, 3)
    assert "key.bin" in _notice(app)              # session 2's save held its sealed seed
    assert _read(root, "journals/s0001.jrn") == journal
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 0
    assert "s0001.jrn: ok" in capsys.readouterr().out


def test_a_new_device_makes_its_key_with_no_notice(tmp_path):
    # no key.bin and no save (a new device): the key is made, nothing to report
    root = str(tmp_path)
    board, app = boot(root, 3)
    assert app.top().ID == "main" and len(app.stack) == 1
    assert len(_read(root, "key.bin")) == 32
    board, app = boot(root, 3)                    # and it opens the save it sealed
    assert app.top().ID == "main" and len(app.stack) == 1 and app.session == 1
