"""Verifiable dice, sessions and the pass-the-device ritual, through the real app on
the simulator board."""

import os

from boards.sim import boot
from firmware.buttons import A
from firmware.screens.prompt import Handover, Reveal
from firmware.ui import TextScreen
from referee.cli import main as referee
from shared_rules.dice import commitment
from shared_rules.journal import encode_entry, read_journal

from scripts import END, GAME, SALT, play


def _journal(root, number=1):
    with open(os.path.join(root, "journals", "s%04d.jrn" % number), "rb") as handle:
        return read_journal(handle.read(), "s%04d.jrn" % number)[0]


def test_session_commitment_is_shown_and_journaled(tmp_path):
    board, app = boot(str(tmp_path), 3)
    short = commitment(b"3")[:8]
    assert app.seed_id == short
    assert "Dice commit " + short in app.surface.lines()
    first = _journal(str(tmp_path))[0]
    assert first["kind"] == "session_start" and first["out"]["commit"] == commitment(b"3")


def test_finished_session_verifies_and_a_changed_roll_is_named(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 3)
    play(board, app, [SALT] + GAME + [END])
    assert app.session == 2
    entries = _journal(root)
    kinds = [entry["kind"] for entry in entries]
    assert kinds[0] == "session_start" and kinds[1] == "salt" and kinds[-1] == "seed_reveal"
    assert "shot" in kinds and "interaction" in kinds and "armour" in kinds
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0
    assert "ok" in capsys.readouterr().out
    # the reveal screen showed the seed's hex and the next session's commitment
    assert _journal(root, 2)[0]["kind"] == "session_start"

    # change one shot's d6 (and re-make its checksum, as a cheat would)
    for entry in entries:
        if entry["kind"] == "shot":
            entry["out"]["d6"] = entry["out"]["d6"] % 6 + 1
            changed = entry["seq"]
            break
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(entry) for entry in entries]))
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert "entry %d (neohunt shot): d6 is" % changed in err
    assert err.count("  - ") == 1


def test_unfinished_session_fails_verify(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 4)
    play(board, app, GAME[:1])
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 3
    assert "not finished" in capsys.readouterr().err


def test_reboot_keeps_the_session_seed_and_salt(tmp_path):
    root = str(tmp_path)
    board, app = boot(root, None)  # seed from entropy
    play(board, app, [SALT] + GAME[:2])
    short, counter = app.seed_id, app.source.counter
    board, app = boot(root, None)  # a reboot draws new entropy but resumes the session
    assert app.seed_id == short and app.source.counter == counter
    assert app.source.salts == [[0, "UULR"]]
    play(board, app, GAME[2:] + [END])
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 0


def test_seed_never_in_the_save_in_clear(tmp_path):
    root = str(tmp_path)
    board, app = boot(root, None)
    seed_hex = app.source.seed.hex()
    with open(os.path.join(root, "saves", "state.sav")) as handle:
        assert seed_hex not in handle.read()


def _settle(board, app, ms=60):
    board.hold(app, ms)
    return app.surface.lines()


def test_reveal_shows_only_while_a_is_held_and_at_most_5_s(tmp_path):
    board, app = boot(str(tmp_path), 1)
    app.push(Reveal.make(app, "Ann", "Your chit", "Queen 7"))
    lines = _settle(board, app)
    assert lines[0] == "Hand to Ann" and "Queen 7" not in "".join(lines)
    board.press(app, A)
    lines = _settle(board, app)
    assert lines[0] == "Ann only" and "Queen 7" not in "".join(lines)
    board.levels[A] = True
    lines = _settle(board, app, 100)
    assert lines[1] == "Queen 7"
    lines = _settle(board, app, 4000)
    assert lines[1] == "Queen 7"  # 4.1 s held
    lines = _settle(board, app, 1000)
    assert "Queen 7" not in "".join(lines)  # past 5 s: hidden though A is still held
    board.levels[A] = False
    lines = _settle(board, app, 200)
    assert lines[0] == "Ann only"
    board.levels[A] = True
    assert _settle(board, app, 100)[1] == "Queen 7"  # a new press shows it again
    board.levels[A] = False
    assert "Queen 7" not in "".join(_settle(board, app, 100))
    # the secret is sealed in the save
    with open(os.path.join(str(tmp_path), "saves", "state.sav")) as handle:
        assert "Queen 7" not in handle.read()
    board.press(app, "B")
    assert _settle(board, app)[0] == "Done"  # cleared before handing back


def test_reveal_needs_a_fresh_press_after_handover(tmp_path):
    board, app = boot(str(tmp_path), 1)
    app.push(Reveal.make(app, "Bo", "Secret", "X9"))
    board.press(app, A, long=True)  # a long press on "Hand to" keeps going while held
    assert "X9" not in "".join(_settle(board, app))


def test_pin_guards_handover_and_reveal(tmp_path):
    board, app = boot(str(tmp_path), 1)
    app.push(Reveal.make(app, "Cy", "Secret", "K2"))
    for name in "A R U D D A U D D A".split():  # set PIN UDD (twice), back on the reveal
        board.press(app, name)
    assert app.has_pin("Cy") and app.pin_ok("Cy", "UDD") and not app.pin_ok("Cy", "UD")
    assert "UDD" not in open(os.path.join(str(tmp_path), "saves", "state.sav")).read()
    board.press(app, A)  # closes the "PIN set" text
    board.press(app, "B")  # hand back
    board.press(app, A)
    app.push(Handover.make("Cy", TextScreen.make("Private", "K2 again")))
    board.press(app, A)
    assert _settle(board, app)[0] == "PIN of Cy"
    for name in "U U A".split():
        board.press(app, name)
    assert "Wrong PIN (1)" in _settle(board, app)
    for name in "U D D A".split():
        board.press(app, name)
    assert _settle(board, app)[0] == "Private"


def test_a_roll_no_entry_was_made_for_is_journaled_sealed_and_verifies(tmp_path):
    from firmware.ui import Screen
    from shared_rules.dice import d20

    root = str(tmp_path)
    board, app = boot(root, None)

    class Sneaky(Screen):
        ID = "text"  # saved as a text screen; only its button matters here

        def on_button(self, app, name, kind):
            self.s["secret"] = d20(app.source)  # rolled, never journaled

    app.push(Sneaky({"title": "", "lines": [], "top": 0}))
    board.press(app, A)
    entry = _journal(root)[-1]
    assert entry["kind"] == "unjournaled_roll" and "sealed" in entry["dice"]
    assert "draws" not in entry["dice"]
    app.pop()
    app.end_session()
    app.save()
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 0


def test_boot_survives_odd_entries_journaled_after_the_save(tmp_path):
    from firmware.storage import Storage

    root = str(tmp_path)
    board, app = boot(root, 9)
    counter = app.source.counter
    store = Storage(root)
    store.append("journals/s0001.jrn", encode_entry(
        {"seq": 2, "game": "session", "kind": "salt", "rule": "", "in": 5, "out": {},
         "dice": {"to": "x"}}))
    store.append("journals/s0001.jrn", encode_entry(
        {"seq": 3, "game": "dice", "kind": "roll", "rule": "", "in": {}, "out": {},
         "dice": {"from": counter, "to": counter + 3, "draws": []}}))
    board, app = boot(root, 9)
    assert app.journal.next_seq == 4
    assert app.source.counter == counter + 3  # blocks journaled after the save are not reused
    assert app.surface.lines()[0] == "Pocket Referee      v"  # v: more entries below


def test_verify_reports_a_damaged_journal_and_goes_on(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 2)
    play(board, app, GAME[:1] + [END])
    good = os.path.join(root, "journals", "s0001.jrn")
    with open(good, "rb") as handle:
        lines = handle.read().split(b"\n")
    damaged = os.path.join(root, "damaged.jrn")
    with open(damaged, "wb") as handle:
        handle.write(b"\n".join([lines[0], lines[1].replace(b'"total"', b'"totaL"')] + lines[2:]))
    assert referee(["verify", damaged, good, os.path.join(root, "missing.jrn")]) == 3
    out = capsys.readouterr()
    assert "damaged.jrn' line 2: checksum does not match" in out.err
    assert "missing.jrn: cannot read" in out.err
    assert "s0001.jrn: ok, 2 entries with dice" in out.out


def _rewrite(path, entries):
    with open(path, "w") as handle:  # each line's CRC re-made, as a cheat would
        handle.write("".join([encode_entry(entry) for entry in entries]))


def test_verify_checks_secrets_of_a_finished_session(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 3)
    # (committed after GAME: a game left for the main menu reveals what it still holds)
    play(board, app, [SALT] + GAME)
    an = app.commit_secret("cybercore", "AN of Bob", 14, "GM", "Cybercore 4")
    app.commit_secret("cybercore", "DC of the lock", 12, "GM")
    assert app.reveal_secret("cybercore", an, "Cybercore 5") == 14
    app.reveal_all("cybercore", "end of the fight")
    app.save()
    play(board, app, [END])
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0
    # the two above, and the AN the GM entered for GAME's armour check (committed when
    # entered, revealed when the armour check is left)
    assert "3 revealed secrets match their commitments" in capsys.readouterr().out
    honest = _journal(root)

    # one changed secret: the reveal's value (CRC fixed): only the commitment catches it
    entries = [dict(entry, out=dict(entry["out"])) for entry in honest]
    index = [(entry["kind"], entry["in"].get("id")) for entry in entries].index(("reveal", an))
    entries[index]["out"]["value"] = 15
    _rewrite(path, entries)
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert err.count("  - ") == 1
    assert ("line %d, entry %d (cybercore reveal) secret %s 'AN of Bob': the revealed value "
            "does not match the commitment" % (index + 1, entries[index]["seq"], an)) in err

    # one changed roll
    entries = [dict(entry, out=dict(entry["out"])) for entry in honest]
    shot = [entry["kind"] for entry in entries].index("shot")
    entries[shot]["out"]["d6"] = entries[shot]["out"]["d6"] % 6 + 1
    _rewrite(path, entries)
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert err.count("  - ") == 1 and "entry %d (neohunt shot): d6 is" % entries[shot]["seq"] in err


def test_log_shows_commit_hash_and_revealed_salt(tmp_path):
    from referee.logview import render
    root = str(tmp_path)
    board, app = boot(root, 3)
    cid = app.commit_secret("cybercore", "AN", 14, "GM")
    app.reveal_secret("cybercore", cid)
    with open(os.path.join(root, "journals", "s0001.jrn"), "rb") as handle:
        text = render(handle.read(), "s0001.jrn")
    assert "(sealed)" not in text and "value=14" in text


def test_verify_fails_naming_a_secret_a_finished_session_never_revealed(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 4)
    cid = app.commit_secret("cybercore", "numbers of Ganger", "an=12", "GM")
    app.end_session()
    app.save()
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0  # End session revealed it
    assert "1 revealed secret matches its commitment\n" in capsys.readouterr().out
    entries = [e for e in _journal(root) if e["kind"] not in ("reveal", "reveal_all")]
    for seq in range(len(entries)):  # renumbered as a cheat would, CRCs re-made
        entries[seq] = dict(entries[seq], seq=seq + 1)
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(entry) for entry in entries]))
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert ("secret %s 'numbers of Ganger': never revealed, yet the session ended on line %d"
            " (game cybercore left unfinished)" % (cid, len(entries))) in err


def test_verify_lists_every_roll_taken_back_by_undo(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, 3)
    # Dice: a d6, undo it (long B, Undo, A on the notice), roll again, the same once
    # more; then a d6 and a d10 kept
    play(board, app, [("DiceScreen", "A B:long A A A B:long A A A D A B")] + [END])
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0
    out = capsys.readouterr().out
    undos = [e["seq"] for e in _journal(root) if e["kind"] == "undo"]
    assert len(undos) == 2
    assert "note: 2 rolls taken back with Undo (the dice went on" in out
    for seq in undos:
        assert "entry %d (session undo): took back entries %d-%d and their roll" % (
            seq, seq - 1, seq - 1) in out
    # a session without undo says nothing of it
    root2 = str(tmp_path / "b")
    board, app = boot(root2, 3)
    play(board, app, [("DiceScreen", "A D A B")] + [END])
    assert referee(["verify", os.path.join(root2, "journals", "s0001.jrn")]) == 0
    assert "undone" not in capsys.readouterr().out


def test_a_non_ascii_character_is_drawn_as_a_question_mark(tmp_path):
    # a curly quote typed into a pack: the simulator's font file has ASCII only
    board, app = boot(str(tmp_path), 3)
    assert app.surface._font is not None
    app.notice("Pack", "it\u2019s a caf\u00e9")
    app.redraw()
    assert app.surface.lines()[1] == "it?s a caf?"


def test_the_owners_pack_is_used_instead_of_the_sample(tmp_path):
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "firmware", "packs", "cybernaut-sample.json")) as f:
        data = json.load(f)
    data["placeholder"] = False
    os.makedirs(os.path.join(str(tmp_path), "packs"))
    with open(os.path.join(str(tmp_path), "packs", "cybernaut.json"), "w") as f:
        json.dump(data, f)
    board, app = boot(str(tmp_path), 3)
    assert app.pack("cybernaut-sample").placeholder is False      # packs/cybernaut.json
    assert app.pack("neohunt-sample").placeholder is True         # no own pack: the sample
    # a bad own pack is named, not skipped for the sample
    with open(os.path.join(str(tmp_path), "packs", "cybernaut.json"), "w") as f:
        f.write("{")
    board, app = boot(str(tmp_path), 3)
    from shared_rules.errors import PackError
    try:
        app.pack("cybernaut-sample")
        raise AssertionError("a broken own pack was not reported")
    except PackError as exc:
        assert "packs/cybernaut.json" in str(exc)


def test_verify_counts_one_roll_and_one_undo_in_the_singular(tmp_path, capsys):
    # found by a new user: "1 entries"; and "undone and made again" when nothing was
    # rolled again
    root = str(tmp_path)
    board, app = boot(root, 3)
    play(board, app, [("DiceScreen", "A B:long A A B")] + [END])
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0
    out = capsys.readouterr().out
    assert "s0001.jrn: ok, 1 entry with dice matches the revealed seed, 0 revealed secrets match " \
           "their commitments" in out
    assert "note: 1 roll taken back with Undo (the dice went on: a roll after an undo is a new " \
           "one, never the one taken back):" in out
    assert "and their roll; a roll after it is a new one" in out
