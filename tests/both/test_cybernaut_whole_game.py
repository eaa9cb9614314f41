"""A whole ten-turn Cybernaut game on the rules (cyb_whole.play), on both runtimes:
under MicroPython it runs in the Pico-sized heap (tests/run_all.py: 192K) with the
code compiled to .mpy, as the device runs it (Cybernaut I, IV.B.3, VII, VIII)."""

from cyb_whole import play
from shared_rules.errors import RuleError


def combat_code(data, total, face):
    """The RealWorld Combat table's code for a fire ``total`` and a d10 ``face``,
    read here from the pack's data (its bands and rows), not through the rules code
    (Cybernaut VIII.A.3)."""
    bands = data["combat_columns"]
    column = bands[-1]["column"]  # totals past the last band read it
    for band in bands:
        if band["lo"] <= total <= band["hi"]:
            column = band["column"]
    for row in data["tables"]["combat"]["rows"]:
        if row["lo"] <= face <= row["hi"]:
            return row["cells"][column]
    raise AssertionError("no combat row for d10 %d" % face)


def test_a_whole_game_to_the_full_reveal():
    kept = []
    game, log = play(kept=kept)
    data = game.pack.data
    assert game.s["over"] and game.s["turn"] == 10
    assert log.count("netrun_start") == 5 and log.count("nsa_replaced") >= 4
    # every RealWorld attack on the table's result (Cybernaut VIII.A): the NSA fires
    # with its units' summed RealWorld, the revealed Cybernauts fire back
    ss_rw = {}
    for unit in data["ss_units"]:
        ss_rw[unit["name"]] = unit["realworld"]
    cyb_rw = {}
    for cyb in data["cybernauts"]:
        cyb_rw[cyb["name"]] = cyb["realworld"]
    attacks = [e for e in kept if e["kind"] == "attack"]
    assert attacks, "the seeded game never reached RealWorld combat"
    dead = 0
    for attack in attacks:
        (nsa_side, nsa_fire), (nr_side, nr_fire) = attack["fires"]
        assert (nsa_side, nr_side) == ("NSA", "Netrunner")
        assert nsa_fire["total"] == sum(ss_rw[name] for name in attack["ss"])
        assert nr_fire["total"] == sum(cyb_rw[name] for name in attack["targets"])
        for fire_ in (nsa_fire, nr_fire):
            assert fire_["result"] == combat_code(data, fire_["total"], fire_["d10"]), attack
        code = nsa_fire["result"]
        dead += len(attack["targets"]) if code == "E" else (1 if code == "I" else 0)
    assert log.count("cybernaut_eliminated") == dead  # none in cyberspace in this game
    # Files destroyed in CyberStrikes or captured (Cybernaut VII.H): the Netrunner's
    file_types = [c["type"] for c in data["nsa_chits"] if c["kind"] == "file"]
    files = len([e for e in kept if e["kind"] == "file_captured"])
    for strike in [e for e in kept if e["kind"] == "strike"]:
        files += len([lost for lost in strike["nsa_lost"] if lost[1] in file_types])
    # victory points after turn 10: the Netrunner's Files against the NSA's
    # eliminated Cybernauts, more wins, a tie a draw by the default reading (IV.B.3)
    assert game.reading("tie") == "draw"
    winner = "Netrunner" if files > dead else ("NSA" if dead > files else "draw")
    vp = game.victory()
    assert (vp["netrunner"], vp["nsa"], vp["winner"]) == (files, dead, winner)
    reveal = game.full_reveal()
    assert len(reveal) == len(game.s["nsa"]) + len(game.s["nr"]) == 27 + 9
    assert [r[0] for r in reveal][:2] == ["x1", "x2"] and reveal[-1][0] == "n9"
    # nothing moves once the game is over (Cybernaut IV.B.3)
    try:
        game.next_segment()
        assert False, "the track moved after turn 10"
    except RuleError as exc:
        assert "IV.B.3" in str(exc)
