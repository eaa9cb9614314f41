"""Verifiable dice: HMAC-SHA256, salts, and recomputing a session from its journal."""

import binascii

from check import raises

from shared_rules import dice
from shared_rules.journal import Journal
from shared_rules.verify import verify_entries


def _hex(data):
    return binascii.hexlify(data).decode()


def test_hmac_sha256_rfc4231_vectors():
    # RFC 4231 test cases 1, 2 and 6 (a key longer than the 64-byte block)
    assert _hex(dice.hmac_sha256(b"\x0b" * 20, b"Hi There")) == (
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    assert _hex(dice.hmac_sha256(b"Jefe", b"what do ya want for nothing?")) == (
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    assert _hex(dice.hmac_sha256(b"\xaa" * 131,
                                 b"Test Using Larger Than Block-Size Key - Hash Key First")) == (
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")


def test_blocks_are_hmac_of_the_counter():
    source = dice.HashSource(b"seed", 5, hmac=True)
    assert source._block() == dice.hmac_sha256(b"seed", (5).to_bytes(8, "big"))
    assert source.counter == 6
    assert source.scheme == "hmac-sha256"
    # the default keeps the plain SHA-256(seed || counter) blocks of fixed seeds
    import hashlib
    plain = dice.HashSource(b"seed", 5)
    assert plain._block() == hashlib.sha256(b"seed" + (5).to_bytes(8, "big")).digest()
    assert plain.scheme == "sha256"


def test_commitment_is_sha256_of_the_seed():
    # SHA-256("abc")
    assert dice.commitment(b"abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    assert dice.commitment(7) == dice.commitment(b"7")


def test_salt_changes_later_rolls_and_resumes():
    plain = dice.HashSource(b"s", hmac=True)
    salted = dice.HashSource(b"s", hmac=True)
    salted.add_salt("UDLR")
    assert salted.salts == [[0, "UDLR"]]
    a = [plain.randbelow(1 << 30) for _ in range(4)]
    b = [salted.randbelow(1 << 30) for _ in range(4)]
    assert a != b
    # a salt added after some rolls applies from its counter on; a save resumes it
    source = dice.HashSource(b"s", log=True)
    first = [source.randbelow(20) for _ in range(3)]
    source.add_salt("LL")
    after = [source.randbelow(20) for _ in range(3)]
    again = dice.HashSource(b"s")
    assert [again.randbelow(20) for _ in range(3)] == first
    resumed = dice.HashSource(b"s", source.counter - 0, source.salts)
    resumed.counter = source.salts[0][0]
    assert [resumed.randbelow(20) for _ in range(3)] == after
    assert len(source.take_draws()) == 6
    assert source.take_draws() == []


def test_draws_are_not_kept_without_log():
    source = dice.HashSource(1)
    for _ in range(50):
        source.randbelow(6)
    assert source.draws == []


def _record(journal, source, mark, game, kind, inputs, outcome):
    entry = journal.record(kind, inputs, outcome, "", game)
    draws = source.take_draws()
    if draws or source.counter != mark[0]:
        entry["dice"] = {"from": mark[0], "to": source.counter, "draws": draws}
    mark[0] = source.counter
    return entry


def _session(seed=b"table seed", finish=True, hmac=True):
    """Entries of a short session, made the way the app makes them."""
    source = dice.HashSource(seed, log=True, hmac=hmac)
    journal = Journal()
    mark = [0]
    out = [_record(journal, source, mark, "session", "session_start", {},
                   {"commit": dice.commitment(seed), "scheme": source.scheme})]
    total, faces = dice.roll_named(source, "d6")
    out.append(_record(journal, source, mark, "dice", "roll", {"die": "d6"},
                       {"total": total, "faces": list(faces)}))
    out.append(_record(journal, source, mark, "session", "salt", {"salt": "UDD", "at": source.counter}, {}))
    source.add_salt("UDD")
    total, faces = dice.roll_named(source, "d100")
    out.append(_record(journal, source, mark, "dice", "roll", {"die": "d100"},
                       {"total": total, "faces": list(faces)}))
    face = dice.d6(source)
    out.append(_record(journal, source, mark, "neohunt", "shot", {"target": "visible"},
                       {"d6": face}))
    face = dice.d20(source)
    out.append(_record(journal, source, mark, "cybercore", "armour", {}, {"d20": face}))
    if finish:
        out.append(_record(journal, source, mark, "session", "seed_reveal", {},
                           {"seed": _hex(seed), "counter": source.counter}))
    return out


def test_verify_passes_on_an_honest_session():
    problems, rolls = verify_entries(_session())
    assert problems == []
    assert rolls == 4
    assert verify_entries(_session(hmac=False)) == ([], 4)
    # the scheme is part of what is checked: the same draws under the other scheme fail
    entries = _session()
    entries[0]["out"]["scheme"] = "sha256"
    assert verify_entries(entries)[0]
    entries[0]["out"]["scheme"] = "md5"
    assert "unknown dice scheme" in verify_entries(entries)[0][0]


def test_verify_names_a_changed_roll():
    entries = _session()
    entries[4]["out"]["d6"] = entries[4]["out"]["d6"] % 6 + 1
    problems, _ = verify_entries(entries)
    assert len(problems) == 1
    assert problems[0].startswith("entry 5 (neohunt shot): d6 is ")


def test_verify_names_a_changed_draw():
    entries = _session()
    draw = entries[3]["dice"]["draws"][0]
    draw[1] = (draw[1] + 1) % 10
    problems, _ = verify_entries(entries)
    assert problems and problems[0].startswith("entry 4 (dice roll): draw 1 (0-9) is ")


def test_verify_finds_a_hidden_roll_and_a_wrong_seed():
    entries = _session()
    del entries[1]  # a roll that left no entry: its blocks are unaccounted for
    problems, _ = verify_entries(entries)
    assert problems[0].startswith("entry 3 (session salt): salt added at block 1 but the "
                                  "entries before it account for 0 blocks")
    entries = _session()
    entries[-1]["out"]["seed"] = _hex(b"another seed")
    problems, _ = verify_entries(entries)
    assert "does not match the commitment" in problems[0]
    assert len(problems) > 1  # and the rolls do not come from that seed


def test_verify_needs_a_finished_session():
    problems, rolls = verify_entries(_session(finish=False))
    assert rolls == 0 and "not finished" in problems[0]
    problems, _ = verify_entries(_session()[1:])
    assert "no session_start" in problems[0]
    entries = _session()
    entries[-1]["out"]["seed"] = "zz"
    assert "not hex" in verify_entries(entries)[0][0]


def test_verify_reports_damaged_dice_records():
    entries = _session()
    entries[1]["dice"]["draws"] = [[6]]
    entries[3]["dice"] = {"from": "x"}
    problems, _ = verify_entries(entries)
    assert "entry 2 (dice roll): draw 1 is damaged" in problems
    assert "entry 4 (dice roll): its dice record is damaged" in problems


def test_randbelow_still_rejects_bad_n():
    raises(ValueError, dice.HashSource(b"x", log=True).randbelow, 0)


def test_hidden_roll_draws_are_sealed_until_the_reveal():
    import json
    from shared_rules.seal import seal
    seed = b"hidden seed"
    entries = _session(seed, finish=False)
    source = dice.HashSource(seed, hmac=True)
    # replay to where the session stands, then a hidden d6 sealed like App.record does
    last = entries[-1]["dice"]["to"]
    source.add_salt("UDD", entries[2]["in"]["at"])
    source.counter = last
    source.log = True
    face = dice.d6(source)
    draws = source.take_draws()
    sealed = seal(dice.hidden_draws_key(seed), b"salt", json.dumps(draws))
    assert draws == [[6, face - 1]]
    hidden = {"seq": 7, "game": "neohunt", "kind": "hidden", "rule": "", "in": {},
              "out": {"sealed": "x"}, "dice": {"from": last, "to": source.counter, "sealed": sealed}}
    reveal = {"seq": 8, "game": "session", "kind": "seed_reveal", "rule": "", "in": {},
              "out": {"seed": _hex(seed), "counter": source.counter}}
    assert verify_entries(entries + [hidden, reveal]) == ([], 5)
    hidden["dice"]["sealed"] = seal(dice.hidden_draws_key(seed), b"salt",
                                    json.dumps([[6, (draws[0][1] + 1) % 6]]))
    problems, _ = verify_entries(entries + [hidden, reveal])
    assert problems and problems[0].startswith("entry 7 (neohunt hidden): draw 1 (0-5)")
    hidden["dice"]["sealed"] = "00zz"
    problems, _ = verify_entries(entries + [hidden, reveal])
    assert problems == ["entry 7 (neohunt hidden): its sealed draws do not open with the revealed seed"]


def test_verify_names_a_changed_fight_attack_and_defence_roll():
    seed = b"fight seed"
    source = dice.HashSource(seed, log=True, hmac=True)
    journal = Journal()
    mark = [0]
    out = [_record(journal, source, mark, "session", "session_start", {},
                   {"commit": dice.commitment(seed), "scheme": source.scheme})]
    roll = dice.d100(source)[0]
    dice.parse("1d8").roll(source)                       # the damage dice after the hit
    out.append(_record(journal, source, mark, "cybercore", "attack", {},
                       {"public": {"d100": roll, "total": roll + 5}, "hidden": "x"}))
    face = dice.d20(source)
    dice.parse("2d6").roll(source)
    out.append(_record(journal, source, mark, "cybercore", "defend", {}, {"d20": face}))
    out.append(_record(journal, source, mark, "session", "seed_reveal", {},
                       {"seed": _hex(seed), "counter": source.counter}))
    assert verify_entries(out) == ([], 2)
    out[1]["out"]["public"]["d100"] = roll % 100 + 1
    out[2]["out"]["d20"] = face % 20 + 1
    problems, _ = verify_entries(out)
    assert len(problems) == 2
    assert problems[0].startswith("entry 2 (cybercore attack): d100 is %d" % (roll % 100 + 1))
    assert problems[1].startswith("entry 3 (cybercore defend): d20 is %d" % (face % 20 + 1))


def _one_entry_session(seed, game, kind, roll):
    """session_start, one entry made by ``roll(source) -> (inputs, outcome)``, seed_reveal."""
    source = dice.HashSource(seed, log=True, hmac=True)
    journal = Journal()
    mark = [0]
    out = [_record(journal, source, mark, "session", "session_start", {},
                   {"commit": dice.commitment(seed), "scheme": source.scheme})]
    inputs, outcome = roll(source)
    out.append(_record(journal, source, mark, game, kind, inputs, outcome))
    out.append(_record(journal, source, mark, "session", "seed_reveal", {},
                       {"seed": _hex(seed), "counter": source.counter}))
    return out


def test_verify_recomputes_a_trooper_target_picked_among_equal_ones():
    # Neo-Hunt troopers, RULINGS trooper targets: the pick is the shot entry's first draw
    names = ["P1", "P3", "P4"]

    def shot(source):
        pick = source.randbelow(3)
        face = dice.d6(source)
        return ({"by": "T2", "at": names[pick], "among": names, "state": "visible"},
                {"d6": face, "need": 4, "hit": face >= 4})
    entries = _one_entry_session(b"trooper seed", "neohunt", "shot", shot)
    assert verify_entries(entries) == ([], 1)
    assert entries[1]["dice"]["draws"][0][0] == 3
    picked = entries[1]["in"]["at"]
    other = [n for n in names if n != picked][0]
    entries[1]["in"]["at"] = other
    problems, _ = verify_entries(entries)
    assert problems == ["entry 2 (neohunt shot): target is %s in the journal but the seed "
                        "gives %s" % (other, picked)]
    # one target only: no pick drawn, the first draw is the d6
    single = _one_entry_session(b"trooper seed", "neohunt", "shot", lambda source: (
        {"by": "T2", "at": "P1", "among": ["P1"]}, {"d6": dice.d6(source)}))
    assert verify_entries(single) == ([], 1) and len(single[1]["dice"]["draws"]) == 1


def test_verify_reads_the_d100_option_of_the_fight():
    # b"zero51"'s first d100 is tens 0 ones 0: 100 by default, 0 with the RULINGS option
    def attack(zero):
        def roll(source):
            total = dice.d100(source, zero)[0]
            inputs = {} if zero == 100 else {"d100_00": 0}
            return inputs, {"public": {"d100": total}, "hidden": "x"}
        return roll
    plain = _one_entry_session(b"zero51", "cybercore", "attack", attack(100))
    assert plain[1]["out"]["public"]["d100"] == 100 and verify_entries(plain) == ([], 1)
    option = _one_entry_session(b"zero51", "cybercore", "attack", attack(0))
    assert option[1]["out"]["public"]["d100"] == 0 and verify_entries(option) == ([], 1)
    option[1]["in"] = {}  # the option left out: the seed's 00 reads 100
    problems, _ = verify_entries(option)
    assert problems == ["entry 2 (cybercore attack): d100 is 0 in the journal but the seed gives 100"]


def test_verify_an_interaction_reads_only_its_encounter_as_encounter_dice():
    # Cybernaut V.A/V.D: a game's Interaction with "C" draws the gained chit after its
    # d10 (not an encounter); the stand-alone screen's "E" journals its two d10.
    def game_c(source):
        face = dice.d10(source)
        source.randbelow(7)  # the chit drawn from the container (V.A "C")
        return {}, {"who": ["Cyb-1"], "sprawl": "Sprawl-1", "d10": face, "total": face + 3,
                    "result": "C"}
    entries = _one_entry_session(b"interaction seed", "cybernaut", "interaction", game_c)
    assert len(entries[1]["dice"]["draws"]) == 2
    assert verify_entries(entries) == ([], 1)

    def alone_e(source):
        face = dice.d10(source)
        first, second = dice.d10(source), dice.d10(source)
        return {"environ": "Anarchy", "rw": [3]}, {
            "d10": face, "total": face + 3, "result": "A E",
            "encounter": {"dice": [first, second], "total": 0, "result": "x"}}
    entries = _one_entry_session(b"interaction seed", "cybernaut", "interaction", alone_e)
    assert verify_entries(entries) == ([], 1)
    dice_pair = entries[1]["out"]["encounter"]["dice"]
    entries[1]["out"]["encounter"]["dice"] = [dice_pair[0] % 10 + 1, dice_pair[1]]
    problems, _ = verify_entries(entries)
    assert problems == ["entry 2 (cybernaut interaction): encounter dice is %s in the journal "
                        "but the seed gives %s" % ([dice_pair[0] % 10 + 1, dice_pair[1]], dice_pair)]
    del entries[1]["out"]["encounter"]  # an "E" result whose Encounter was left out
    problems, _ = verify_entries(entries)
    assert problems == ["entry 2 (cybernaut interaction): encounter dice is None in the journal "
                        "but the seed gives %s" % (dice_pair,)]
