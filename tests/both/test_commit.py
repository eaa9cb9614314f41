"""Sealed-secret commitments: the app API (firmware/commit.py) on the simulator board
and the check `referee verify` makes (shared_rules.secrets_check.verify_secrets)."""

import binascii
import hashlib

from check import raises, read_text, tempdir

from boards.sim import boot
from shared_rules.commit import secret_hash, value_bytes
from shared_rules.secrets_check import verify_secrets
from shared_rules.errors import RuleError
from shared_rules.journal import encode_entry, read_journal


def _entries(root, number=1):
    return read_journal(read_text(root + "/journals/s%04d.jrn" % number), "j")[0]


def _kinds(entries, kind):
    return [entry for entry in entries if entry["kind"] == kind]


def test_secret_hash_is_sha256_of_salt_and_value():
    salt = b"\x01\x02\x03\x04\x05\x06\x07\x08"
    want = binascii.hexlify(hashlib.sha256(salt + b"14").digest()).decode()
    assert secret_hash(salt, 14) == want
    assert secret_hash(salt, "14") == want
    assert value_bytes("Ana") == b"Ana"
    assert value_bytes([3, 1]) == b"[3, 1]"


def test_commit_journals_only_a_hash_and_reveal_matches_it():
    root = tempdir("commit")
    board, app = boot(root, 5)
    counter = app.source.counter
    cid = app.commit_secret("cybercore", "AN of Bob", 17, "GM", "Cybercore 4")
    assert isinstance(cid, str) and len(cid) <= 8
    assert app.source.counter == counter  # the salt is not drawn from the dice
    app.save()
    commit = _entries(root)[-1]
    assert commit["kind"] == "commit" and commit["game"] == "cybercore"
    assert commit["in"] == {"id": cid, "what": "AN of Bob", "owner": "GM"}
    assert len(commit["out"]["hash"]) == 64
    # nothing but the hash in the journal; in the save only the sealed item
    assert commit["out"] == {"hash": commit["out"]["hash"]}
    assert len(app.secrets[cid]) == 4 and app.secrets[cid][:3] == ["cybercore", "AN of Bob", "GM"]
    word = app.commit_secret("neohunt", "hidden move 1 of Ana", "Sector Kilo", "Ana")
    app.save()
    text = read_text(root + "/journals/s0001.jrn") + read_text(root + "/saves/state.sav")
    assert "Kilo" not in text
    assert app.open_secret(word) == "Sector Kilo"
    assert app.open_secret(cid) == 17
    assert len(_entries(root)) == commit["seq"] + 1  # open journals nothing
    # a reboot keeps the sealed secret
    board, app = boot(root, 5)
    assert app.open_secret(cid) == 17
    assert app.reveal_secret("cybercore", cid, "Cybercore 5") == 17
    reveal = _entries(root)[-1]
    assert reveal["kind"] == "reveal" and reveal["out"]["value"] == 17
    salt = binascii.unhexlify(reveal["out"]["salt"])
    assert len(salt) >= 8
    assert secret_hash(salt, 17) == commit["out"]["hash"]
    assert verify_secrets(_entries(root)) == ([], 1)
    # revealed: gone from the sealed store
    assert str(raises(RuleError, app.open_secret, cid)).startswith("no sealed secret")
    raises(RuleError, app.reveal_secret, "cybercore", cid)


def test_reveal_all_reveals_only_that_game_and_marks_its_end():
    root = tempdir("commit")
    board, app = boot(root, 6)
    one = app.commit_secret("cybercore", "DC", 12, "GM")
    other = app.commit_secret("neohunt", "hidden move 1 of Ana", "B4", "Ana")
    two = app.commit_secret("cybercore", "DR", [3, 4], "GM")
    app.reveal_secret("cybercore", one)
    assert app.reveal_all("cybercore", "end of fight") == {two: [3, 4]}
    assert list(app.secrets) == [other]
    entries = _entries(root)
    assert _kinds(entries, "reveal_all")[0]["in"] == {"ids": [two]}
    assert verify_secrets(entries) == ([], 2)


def _changed(entries, kind, field, value):
    for entry in entries:
        if entry["kind"] == kind:
            entry["out"][field] = value
            return entry
    raise AssertionError("no " + kind)


def test_verify_names_a_changed_secret_and_an_unrevealed_one():
    root = tempdir("commit")
    board, app = boot(root, 7)
    cid = app.commit_secret("cybercore", "AN of Bob", 9, "GM")
    app.commit_secret("cybercore", "DC", 15, "GM")
    app.reveal_secret("cybercore", cid)
    entries = _entries(root)
    changed = _changed(entries, "reveal", "value", 10)
    # the line's CRC is re-made (as a cheat would): only the commitment catches it
    text = "".join([encode_entry(entry) for entry in entries])
    entries = read_journal(text, "j")[0]
    problems, checked = verify_secrets(entries)
    assert checked == 1 and len(problems) == 1
    line = entries.index(changed) + 1
    assert problems[0].startswith("line %d, entry %d (cybercore reveal) secret %s 'AN of Bob'"
                                  % (line, changed["seq"], cid))
    assert "does not match the commitment" in problems[0]
    # a game that ended with one still sealed (the DC) is named too
    entries.append({"seq": entries[-1]["seq"] + 1, "game": "cybercore", "kind": "reveal_all",
                    "in": {"ids": []}, "out": {}})
    problems = verify_secrets(entries)[0]
    assert len(problems) == 2 and "'DC': never revealed" in problems[1]


def test_a_changed_salt_or_hash_is_named_and_a_bad_salt_does_not_crash():
    entries = [{"seq": 1, "game": "g", "kind": "commit", "in": {"id": "s1c1", "what": "x"},
                "out": {"hash": secret_hash(b"12345678", "v")}},
               {"seq": 2, "game": "g", "kind": "reveal", "in": {"id": "s1c1", "what": "x"},
                "out": {"value": "v", "salt": binascii.hexlify(b"12345678").decode()}}]
    assert verify_secrets(entries) == ([], 1)
    entries[1]["out"]["salt"] = "zz"
    assert "salt is not hex" in verify_secrets(entries)[0][0]
    entries[1]["out"]["salt"] = binascii.hexlify(b"12345679").decode()
    assert "does not match" in verify_secrets(entries)[0][0]
    # a reveal whose commit is in an earlier session's journal: checked against its hash
    alone = [dict(entries[1])]
    alone[0]["out"] = {"value": "v", "salt": binascii.hexlify(b"12345678").decode(),
                       "hash": secret_hash(b"12345678", "v")}
    assert verify_secrets(alone) == ([], 1)


def test_armour_check_commits_the_an_and_reveals_it_when_left():
    from boards.sim import run_script
    root = tempdir("commit")
    # armour check, GM sets AN 18 (15 + 3), roll; close the result, GM sets AN 19, B
    board, app = run_script(root, 7, "D D D A A A R R R A D D D D A A")
    entries = _entries(root)
    commit = _kinds(entries, "commit")[0]
    assert commit["in"] == {"id": commit["in"]["id"], "what": "AN (armour check)", "owner": "GM"}
    armour = _kinds(entries, "armour")[0]
    assert armour["in"]["an_id"] == commit["in"]["id"]
    assert _kinds(entries, "reveal") == []
    for name, long in [("U", False)] * 4 + [("A", False), ("A", False), ("R", False),
                                             ("A", False)]:
        board.press(app, name, long)
    entries = _entries(root)
    reveal = _kinds(entries, "reveal")[0]  # the AN 18 the rolls were made against
    assert reveal["in"]["id"] == commit["in"]["id"] and reveal["out"]["value"] == 18
    board.press(app, "B")
    assert app.top().ID == "main"
    entries = _entries(root)
    assert [e["out"]["value"] for e in _kinds(entries, "reveal")] == [18, 19]
    assert verify_secrets(entries) == ([], 2) and app.secrets == {}


def test_a_game_left_unfinished_reveals_its_secrets_when_the_main_menu_opens_another():
    root = tempdir("left")
    board, app = boot(root, 3)
    cid = app.commit_secret("cybernaut", "NSA chit at A1", "Black Ice", "NSA")
    other = app.commit_secret("neohunt", "start of P1", "3", "P1")
    assert sorted(app.secrets) == sorted([cid, other])
    board.press(app, "A")                         # the main menu opens the Dice screen
    assert app.top().ID == "dice" and app.secrets == {}
    entries = _entries(root)
    reveals = [e for e in entries if e["kind"] == "reveal"]
    assert sorted(e["in"]["id"] for e in reveals) == sorted([cid, other])
    ends = [e["game"] for e in entries if e["kind"] == "reveal_all"]
    assert sorted(ends) == ["cybernaut", "neohunt"]
    assert verify_secrets(entries) == ([], 2)
    # nothing left: the next visit to the main menu journals nothing more
    count = len(entries)
    board.press(app, "B")
    board.press(app, "A")
    assert len([e for e in _entries(root) if e["kind"] in ("reveal", "reveal_all")]) == 4
    assert len(_entries(root)) >= count


def test_end_session_reveals_a_game_left_unfinished_and_verify_names_one_never_revealed():
    root = tempdir("end_left")
    board, app = boot(root, 3)
    cid = app.commit_secret("neohunt", "start of P1", "3", "P1")
    app.end_session()                              # (the Session menu's End session)
    assert app.secrets == {} and app.session == 2
    entries = _entries(root)
    kinds = [e["kind"] for e in entries]
    assert kinds[-3:] == ["reveal", "reveal_all", "seed_reveal"]
    assert entries[-3]["in"]["id"] == cid and entries[-3]["out"]["value"] == "3"
    assert entries[-2]["game"] == "neohunt"
    assert verify_secrets(entries) == ([], 1)
    # the same session as a device that ended it without revealing (an older
    # firmware, or a cheat who cut the reveal): the commitment is named, with its game
    kept = [e for e in entries if e["kind"] not in ("reveal", "reveal_all")]
    problems, checked = verify_secrets(kept)
    line = [e["kind"] for e in kept].index("commit") + 1
    assert checked == 0 and problems == [
        "line %d, entry %d (neohunt commit) secret %s 'start of P1': never revealed, yet the"
        " session ended on line %d (game neohunt left unfinished)"
        % (line, kept[line - 1]["seq"], cid, len(kept))]
    # a session not ended yet: a sealed secret is no problem (the game may go on)
    assert verify_secrets(kept[:-1]) == ([], 0)
    # one named at its game's end is not named again at the session's end
    ended = kept[:-1] + [{"seq": 90, "game": "neohunt", "kind": "reveal_all",
                          "in": {"ids": []}, "out": {}}, kept[-1]]
    problems = verify_secrets(ended)[0]
    assert len(problems) == 1 and "yet the game ended on line" in problems[0]


def _secret_entries(plan):
    """Journal entries for ``plan``: ("commit", id) / ("reveal", id) / ("void", first,
    last) items in order, numbered from 1; each secret's value is its id, its salt
    eight bytes of 7."""
    salt = b"\x07" * 8
    out = []
    for item in plan:
        seq = len(out) + 1
        if item[0] == "void":
            out.append({"seq": seq, "game": "session", "kind": "void", "rule": "t",
                        "in": {"ids": [], "again": True, "from": item[1], "to": item[2]},
                        "out": {}})
            continue
        cid = item[1]
        entry = {"seq": seq, "game": "g", "kind": item[0], "rule": "t",
                 "in": {"id": cid, "what": "w", "owner": "o"}}
        if item[0] == "commit":
            entry["out"] = {"hash": secret_hash(salt, cid)}
        else:
            entry["out"] = {"value": cid, "salt": binascii.hexlify(salt).decode(),
                            "hash": secret_hash(salt, cid)}
        out.append(entry)
    return out


def test_a_void_whose_again_is_true_waives_only_secrets_committed_before_the_press():
    # a boot that could not read back a whole press (firmware.resume.sync_journal: more
    # than 32 KB ahead of the save, the game's end's reveals) voids it with "again":
    # true: each secret it revealed that the state restored holds sealed may be
    # revealed again; one it committed itself is its own (found by review: waived too)
    ok = _secret_entries([("commit", "X"), ("reveal", "X"), ("void", 2, 2), ("reveal", "X")])
    assert verify_secrets(ok)[0] == []
    twice = _secret_entries([("commit", "X"), ("commit", "Z"), ("reveal", "Z"),
                             ("void", 2, 3), ("reveal", "Z")])
    problems = verify_secrets(twice)[0]
    assert len(problems) == 1 and "revealed twice" in problems[0] and "Z" in problems[0]
    own = _secret_entries([("commit", "X"), ("commit", "Y"), ("reveal", "Y"), ("void", 2, 3),
                           ("reveal", "X")])
    assert verify_secrets(own)[0] == []
    # the list form names each one: X not named, so its second reveal is one too many
    listed = _secret_entries([("commit", "X"), ("reveal", "X"), ("void", 2, 2), ("reveal", "X")])
    listed[2]["in"]["again"] = []
    assert len(verify_secrets(listed)[0]) == 1
