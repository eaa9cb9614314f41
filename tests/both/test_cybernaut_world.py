"""Cybernaut RealWorld, victory, Netrunner chits and NSA moves (cybernaut.txt V, VI,
VII.E-G, VIII; RULINGS Cybernaut). Split from test_cybernaut_net.py so each module
compiles within MicroPython's 192K test heap."""

from check import SeqSource, raises
from cyb_helpers import LAYOUT, face, placed_game, sample_pack, to_end, to_netrun

from shared_rules.cybernaut.rw import check_move
from shared_rules.errors import RuleError


def reason(fn, *args):
    return str(raises(RuleError, fn, *args))


def give(game, types, cyb=0):
    """Put chits of ``types`` from the Netrunner container into a holding box."""
    for chit in game.s["nr"]:
        if chit["t"] in types and chit["w"] == "cup":
            types = list(types)
            types.remove(chit["t"])
            chit["w"] = "box"
            chit["cyb"] = cyb


# ---- RealWorld ------------------------------------------------------------------------
def test_transline_costs_and_group_move():
    pack = sample_pack()
    assert check_move(pack, ["Sprawl-1", "Sprawl-2"], [2]) == 2
    assert check_move(pack, ["Sprawl-1", "Sprawl-2", "Sprawl-3"], [5]) == 5
    msg = str(raises(RuleError, check_move, pack, ["Sprawl-1", "Sprawl-2", "Sprawl-3"], [4]))
    assert "VI.A.3" in msg
    assert check_move(pack, ["Sprawl-1", "Sprawl-2", "Sprawl-3"], [1, 5, 2]) == 5  # highest
    assert "VI.B" in str(raises(RuleError, check_move, pack, ["Sprawl-1", "Sprawl-2", "Sprawl-3"], [1, 4]))
    assert "VI.A" in str(raises(RuleError, check_move, pack, ["Sprawl-1", "Sprawl-3"], [9]))


def test_interaction_once_per_turn_and_group_value():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"), ("Cyb-2", "Sprawl-1"), ("Cyb-3", "Sprawl-2")))
    assert "V.B.2" in str(raises(RuleError, game.interact, [0, 2], SeqSource([0])))
    # Cyb-1 RW 2, Cyb-2 RW 3: the group uses 3; d10 5 -> 8: Corporatist row 6-8 "C"
    events, out = game.interact([0, 1], SeqSource([face(5), 0]))
    assert out["total"] == 8 and events[0]["result"] == "C"
    assert "V.B.1" in reason(game.interact, [1], SeqSource([0]))
    assert "V.B.1" in reason(game.interact, [2, 0], SeqSource([0]))


def test_interaction_reveal_brings_reinforcement():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"),))
    waiting = len(game.s["ss_wait"])
    # Cyb-1 RW 2, d10 8 -> 10: Corporatist "C A": revealed
    events, out = game.interact([0], SeqSource([face(8), 0, 0]))
    assert [e for e in events if e["kind"] == "chit_gained"]  # "C": a chit from the cup
    assert not game.s["cybs"][0]["hidden"]
    assert len(game.s["ss_wait"]) == waiting + 1


def test_attack_one_per_sprawl_and_only_revealed():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-3"),))
    ss = [u["name"] for u in game.s["ss"] if u["at"] == "Sprawl-3"]
    for _ in range(3):
        game.next_segment()
    assert "V.C" in str(raises(RuleError, game.attack, "Sprawl-3", ss, SeqSource([0, 0])))
    game.s["cybs"][0]["hidden"] = False
    events = game.attack("Sprawl-3", ss, SeqSource([face(9), face(0)]))
    fires = events[0]["fires"]
    assert fires[0][0] == "NSA" and fires[1][0] == "Netrunner"
    assert fires[0][1]["column"] == "1-3" and fires[0][1]["result"] == "I"
    assert "VIII.B.1" in str(raises(RuleError, game.attack, "Sprawl-3", ss, SeqSource([0, 0])))


def test_encounter_combat_order():
    from shared_rules.cybernaut.rw import encounter_combat
    pack = sample_pack()
    # the side that interacted fires first; an I result ends it
    out = encounter_combat(pack, "Netrunner", 3, 6, SeqSource([face(9)]))
    assert [f[0] for f in out] == ["Netrunner"] and out[0][1]["result"] == "I"
    out = encounter_combat(pack, "Netrunner", 3, 6, SeqSource([face(0), face(4)]))
    assert [f[0] for f in out] == ["Netrunner", "third party"]
    assert out[1][1]["column"] == "4-6" and out[1][1]["result"] == "I"


def test_victory_and_full_reveal():
    game = placed_game()
    assert "IV.B.3" in str(raises(RuleError, game.full_reveal))
    game.nsa_chit("x6")["w"] = "files"
    game.nsa_chit("x7")["w"] = "held"
    assert game.victory() == {"netrunner": 2, "nsa": 0, "winner": "Netrunner"}
    to_end(game)
    reveal = game.full_reveal()
    assert ["x9", "Ice", "space", "A12"] in reveal and len(reveal) == 12 + 9  # NSA + Netrunner
    assert ["n1", "Probe", "cup", None] in reveal


def test_reinforcements_stop_at_the_counter_mix():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"), ("Cyb-2", "Sprawl-1")))
    for unit in game.s["ss"]:
        unit["at"] = "Sprawl-4"  # every SS unit on the map
    events = game.reveal_cybernaut(0, "test", SeqSource([]))
    assert [e["kind"] for e in events] == ["cybernaut_revealed", "no_ss_left"]
    assert game.reveal_cybernaut(0, "again", SeqSource([]))[0]["kind"] == "already_revealed"
    game.eliminate_ss("SS-1")  # back to the container (VIII.C.1)
    events = game.reveal_cybernaut(1, "test", SeqSource([0]))
    assert events[-1] == {"kind": "ss_drawn", "rule": "Cybernaut V.E.2", "unit": "SS-1"}


def test_netrunner_chits_place_move_and_probe():
    game = placed_game()
    to_netrun(game)
    give(game, ["Probe", "Back Door"])
    src = SeqSource([])
    game.start_netrun(0, "M00", src)
    probe = [c["id"] for c in game.box(0) if c["t"] == "Probe"][0]
    door = [c["id"] for c in game.box(0) if c["t"] == "Back Door"][0]
    game.nr_place(door)
    assert game.s["run"]["ops"] == 5  # placing costs the pack's ops_costs place (1)
    game.nr_place(probe)
    chit = game.nr_chit(probe)
    assert chit["w"] == "space" and chit["at"] == "M00" and not chit["up"]  # face down
    assert "VII.E" in str(raises(RuleError, game.nr_move, door, "M01", src))  # never moves
    game.nr_move(probe, "M01", src)
    game.nr_move(probe, "M02", src)
    events = game.nr_use_probe(probe)  # M12 is next to M02: its Nexus revealed
    assert ["M12", "Nexus 1"] in game.view()["shown"]
    assert [e for e in events if e["kind"] == "nsa_revealed"][0]["rule"] == "Cybernaut VII.F.3"
    # a Back Door stays after logoff and is an entry point; everything else goes to the cup
    game.ghost_move("M01", src)
    game.ghost_move("M00", src)
    game.logoff()
    assert game.nr_chit(door)["w"] == "space" and game.nr_chit(probe)["w"] == "cup"
    assert "M00" in game.entry_points(0)


def test_nsa_moves_reveal_and_strike():
    layout = list(LAYOUT)
    layout[11] = "M02"  # Hunter (skull, mobile) two steps from the Ghost's way
    game = placed_game(layout)
    to_netrun(game)
    give(game, ["Probe"])
    src = SeqSource([face(3)])
    game.start_netrun(0, "M00", src)
    probe = game.box(0)[0]["id"]
    game.nr_place(probe)
    game.ghost_move("M10", src)
    game.end_part(src)
    game.s["run"]["ops"] = 3  # (test) points for the NSA's moves
    assert "VII.E" in str(raises(RuleError, game.nsa_move, "x1", "M13", src))  # Nexus never moves
    assert "IV.A.3.b" in str(raises(RuleError, game.ghost_move, "M11", src))
    events = game.nsa_move("x12", "M01", src)  # next to the Probe at M00: Probe and Hunter up
    assert ["M01", "Hunter"] in game.view()["shown"]
    assert [e for e in events if e["kind"] == "nr_revealed"]
    events = game.nsa_move("x12", "M00", src)  # into the Probe's address: strike
    strike = [e for e in events if e["kind"] == "strike"][0]
    assert strike["nr_lost"] == ["Probe"]  # Hunter (k) against a Probe (P): D
    assert game.nr_chit(probe)["w"] == "cup"
    events = game.nsa_move("x12", "M10", src)  # into the Ghost's address: skull roll
    skull = [e for e in events if e["kind"] == "skull"][0]
    assert skull["rolls"] == [3] and skull["fate"] == "neutralized"  # 3 <= Wetware 6
    assert game.s["run"] is None and game.s["cybs"][0]["alive"]
    assert "VII.A" in reason(game.end_part, src)


def test_realworld_movement_by_segment():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"), ("Cyb-2", "Sprawl-1")))
    assert "VI" in reason(game.move_units, ["Cyb-1"], ["Sprawl-1", "Sprawl-2"])  # Interaction
    game.next_segment()
    # a group moves with its highest RealWorld (Cyb-2: 3): Sprawl-1 -> Sprawl-2 costs 2
    events = game.move_units(["Cyb-1", "Cyb-2"], ["Sprawl-1", "Sprawl-2"])
    assert events[0]["rule"] == "Cybernaut VI.B" and events[0]["spent"] == 2
    assert "VI.A.2" in reason(game.move_units, ["Cyb-1"], ["Sprawl-2", "Sprawl-1"])
    ss = [u["name"] for u in game.s["ss"] if u["at"]][0]
    assert "Cybernaut VI" in reason(game.move_units, [ss], ["Sprawl-3", "Sprawl-4"])  # not now
    for _ in range(3):
        game.next_segment()
    game.move_units([ss], ["Sprawl-3", "Sprawl-4"])
    assert "Cybernaut VI" in reason(game.move_units, ["Cyb-1"], ["Sprawl-2", "Sprawl-1"])
    for _ in range(6):
        game.next_segment()
    game.move_units([ss], ["Sprawl-4", "Sprawl-3"])  # the next NSA turn: moves again


def test_recruit_and_body_bank_within_the_counter_mix():
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"),))
    events = game.recruit("Cyb-7", "Sprawl-1")
    assert events[0]["rule"] == "Cybernaut V.E.1" and game.s["cybs"][1]["hidden"]
    assert "II.B" in reason(game.recruit, "Cyb-7", "Sprawl-2")
    assert "V.E.1" in reason(game.recruit, "Cyb-11", "Sprawl-2")  # 10 in the mix
    assert "VIII.C.2" in reason(game.body_bank, 0, "Sprawl-2")
    game.eliminate_cybernaut(0, "Cybernaut VIII.C.2")
    assert game.victory()["nsa"] == 1
    game.body_bank(0, "Sprawl-2")
    assert game.s["cybs"][0]["alive"] and game.s["cybs"][0]["at"] == "Sprawl-2"
    assert game.victory()["nsa"] == 0



def _attack_game(cybs):
    game = placed_game(cybs=cybs)
    for _ in range(3):
        game.next_segment()
    return game


def test_units_removed_after_realworld_combat():
    # Cyb-1 (RealWorld 2) revealed, Cyb-3 hidden, both in Sprawl-3 with the SS units
    game = _attack_game((("Cyb-1", "Sprawl-3"), ("Cyb-3", "Sprawl-3")))
    ss = [u["name"] for u in game.s["ss"] if u["at"] == "Sprawl-3"]
    game.s["cybs"][0]["hidden"] = False
    assert "VIII.C" in reason(game.remove_unit, "Cyb-1")  # no combat yet
    # NSA d10 9 on 1-3: I (one Cybernaut); Netrunner 2 on 1-3, d10 9: I (one attacker)
    events = game.attack("Sprawl-3", ss[:1], SeqSource([face(9), face(9)]))
    assert events[0]["losses"] == [["Netrunner", 1], ["NSA", 1]]
    assert "VIII.C" in reason(game.next_segment)  # results first
    assert "VIII.B.3" in reason(game.remove_unit, "Cyb-3")  # hidden: never affected
    if len(ss) > 1:
        assert "VIII.B.1" in reason(game.remove_unit, ss[1])  # not in the attack
    assert "VIII.A.3" in reason(game.remove_unit, "Cyb-9")  # not there at all
    events = game.remove_unit("Cyb-1")
    assert events[0]["kind"] == "cybernaut_eliminated" and events[0]["rule"] == "Cybernaut VIII.C.2"
    assert not game.s["cybs"][0]["alive"] and game.s["cybs"][1]["alive"]
    assert "VIII.A.3" in reason(game.remove_unit, "Cyb-1")  # its result is used up
    events = game.remove_unit(ss[0])
    assert events == [{"kind": "ss_eliminated", "rule": "Cybernaut VIII.C.1", "unit": ss[0]}]
    assert game.losses() == [] and "VIII.C" in reason(game.remove_unit, ss[0])
    game.next_segment()  # nothing left to remove


def _total_seven_attack(nsa_d10):
    """SS-2 (RealWorld 3) and SS-3 (4) attack the revealed Cyb-1 (2) and Cyb-3 (4)
    in Sprawl-3: the NSA fires 7 (the 7-9 column's lowest total), the Cybernauts
    fire back 6 (the 4-6 column) with a d10 of 0. :returns: (game, attack event)."""
    game = _attack_game((("Cyb-1", "Sprawl-3"), ("Cyb-3", "Sprawl-3")))
    for cyb in game.s["cybs"]:
        cyb["hidden"] = False
    for unit in game.s["ss"]:
        if unit["name"] in ("SS-2", "SS-3"):
            unit["at"] = "Sprawl-3"
        elif unit["at"] == "Sprawl-3":
            unit["at"] = "Sprawl-4"  # SS-1 elsewhere
    events = game.attack("Sprawl-3", ["SS-2", "SS-3"], SeqSource([face(nsa_d10), face(0)]))
    (nsa, nsa_fire), (nr, nr_fire) = events[0]["fires"]
    assert (nsa, nsa_fire["total"], nsa_fire["column"]) == ("NSA", 7, "7-9")
    assert (nr, nr_fire["total"], nr_fire["column"], nr_fire["result"]) == ("Netrunner", 6, "4-6", "-")
    return game, events[0]


def test_an_e_result_removes_every_unit_fired_on_and_no_result_removes_none():
    # the combat table's 7-9 column: a d10 of 9 is E, of 8 is I (Cybernaut VIII.A.3)
    game, attack = _total_seven_attack(9)
    assert attack["fires"][0][1]["result"] == "E"
    # E: both Cybernauts fired on are lost; the Netrunner's "-" takes no SS unit
    assert game.losses() == [{"side": "Netrunner", "sprawl": "Sprawl-3", "units": ["Cyb-1", "Cyb-3"],
                              "left": 2}]
    assert "Cybernaut VIII" in reason(game.remove_unit, "SS-2")  # the "-" fire: no SS unit lost
    game.remove_unit("Cyb-1")
    assert game.losses()[0]["units"] == ["Cyb-3"] and game.losses()[0]["left"] == 1
    game.remove_unit("Cyb-3")
    assert game.losses() == []
    assert [c["alive"] for c in game.s["cybs"]] == [False, False]
    assert [u["at"] for u in game.s["ss"] if u["name"] in ("SS-2", "SS-3")] == ["Sprawl-3", "Sprawl-3"]
    game.next_segment()  # nothing left to remove
    # one lower on the d10: I, one of the two only
    game, attack = _total_seven_attack(8)
    assert attack["fires"][0][1]["result"] == "I"
    assert game.losses()[0]["left"] == 1
    game.remove_unit("Cyb-3")
    assert game.losses() == [] and [c["alive"] for c in game.s["cybs"]] == [True, False]
    assert "VIII.C" in reason(game.remove_unit, "Cyb-1")


def test_autonomous_zone_hides_a_cybernaut_passing_through_until_the_turn_ends():
    # Cyb-1 and Cyb-3 (RealWorld 2 and 4) revealed in Sprawl-1
    game = placed_game(cybs=(("Cyb-1", "Sprawl-1"), ("Cyb-3", "Sprawl-1")))
    for cyb in game.s["cybs"]:
        cyb["hidden"] = False
    assert "V.D" in reason(game.make_zone, "Sprawl-2")  # no Encounter there this turn
    game.s["enc"].append("Sprawl-2")  # an Interaction there met an Encounter (V.D)
    events = game.make_zone("Sprawl-2")
    assert events == [{"kind": "autonomous_zone", "rule": "Cybernaut V.C.5", "sprawl": "Sprawl-2"}]
    assert "already" in reason(game.make_zone, "Sprawl-2")
    game.next_segment()  # RealWorld Movement
    game.move_units(["Cyb-3"], ["Sprawl-1", "Sprawl-6"])  # elsewhere: stays revealed
    assert not game.s["cybs"][1]["hidden"]
    events = game.move_units(["Cyb-1"], ["Sprawl-1", "Sprawl-2"])  # stops in the zone
    assert [e["kind"] for e in events] == ["move", "cybernaut_hidden"]
    assert events[1]["rule"] == "Cybernaut V.C.5" and events[1]["why"] == "autonomous zone"
    assert game.s["cybs"][0]["hidden"]
    for _ in range(5):  # to the next turn: the zone has ended with the Encounter effects
        game.next_segment()
    assert game.s["az"] == [] and game.s["turn"] == 2


def test_autonomous_zone_on_the_way_hides_too():
    game = placed_game(cybs=(("Cyb-5", "Sprawl-1"),))
    cyb = game.s["cybs"][0]
    cyb["hidden"] = False
    cyb["rw"] = 5
    game.s["enc"].append("Sprawl-2")
    game.make_zone("Sprawl-2")
    game.next_segment()
    events = game.move_units(["Cyb-5"], ["Sprawl-1", "Sprawl-2", "Sprawl-3"])  # 2 + 3 points
    assert events[-1]["kind"] == "cybernaut_hidden" and cyb["hidden"] and cyb["at"] == "Sprawl-3"
