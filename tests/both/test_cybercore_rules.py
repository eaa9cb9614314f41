"""Cybercore combat rules at every boundary of RULINGS "Cybercore" (both runtimes)."""

import json

from check import SeqSource, raises

from shared_rules.cybercore import fight as ccf
from shared_rules.cybercore import rules as cc
from shared_rules.errors import RuleError
from shared_rules.seal import seal, unseal

KEY = b"k" * 32


# ---- Armour (AF vs AN) -----------------------------------------------------
def armour(margin, damage=20, dr=0, an=20):
    # total = face + af = an + margin, with face 10
    return cc.armour_check(10, an + margin - 10, an, damage, dr)


def test_armour_bands_at_margins_5_6_10_11_15_16():
    assert armour(16).band == "absorbed" and armour(16).passed == 0
    assert armour(15).band == "hardened" and armour(15).passed == 5
    assert armour(11).band == "hardened" and armour(11).passed == 5
    assert armour(10).band == "resistance" and armour(10).passed == 10
    assert armour(6).band == "resistance" and armour(6).passed == 10
    assert armour(5).band == "taken_well" and armour(5).passed == 20
    assert armour(1).band == "taken_well" and armour(1).passed == 20
    for m in (1, 5, 6, 10, 11, 15, 16):
        out = armour(m)
        assert out.success and out.quality_loss == 0 and not out.glitch_check


def test_armour_tie_fails_and_fail_by_4_5_9_10():
    tie = armour(0)
    assert not tie.success and tie.band == "failed" and tie.fail_by == 0
    assert tie.passed == 20 and tie.quality_loss == 0 and tie.glitch_check
    assert armour(-4).quality_loss == 0 and armour(-4).fail_by == 4
    assert armour(-5).quality_loss == 1
    assert armour(-9).quality_loss == 1
    assert armour(-10).quality_loss == 2
    for m in (-4, -5, -9, -10):
        assert armour(m).glitch_check and armour(m).band == "failed"


def test_armour_dr_before_bands_and_minimum_one_resistance():
    assert armour(3, damage=10, dr=4).passed == 6
    assert armour(3, damage=3, dr=5).passed == 0      # never negative
    assert armour(8, damage=3, dr=2).passed == 1      # 1 // 2 = 0 but at least 1
    assert armour(8, damage=4, dr=0).passed == 2
    assert armour(8, damage=5, dr=0).passed == 2      # round down
    assert armour(8, damage=2, dr=2).passed == 0      # nothing passes: no minimum
    assert armour(12, damage=3, dr=0).passed == 0     # hardened: minimum 0
    assert armour(12, damage=7, dr=0).passed == 1


# ---- Dodge (DF vs AN) ------------------------------------------------------
def dodge(margin, damage=20, dr=0, an=20):
    return cc.dodge_check(10, an + margin - 10, an, damage, dr)


def test_dodge_success_and_reposition_squares():
    assert dodge(1).success and dodge(1).passed == 0 and dodge(1).squares == 0
    assert dodge(5).squares == 0
    assert dodge(6).squares == 3
    assert dodge(7).squares == 3
    assert dodge(11).squares == 5
    assert dodge(16).squares == 8 and dodge(16).passed == 0


def test_dodge_tie_fails_and_hit_badly_from_5():
    tie = dodge(0, damage=9, dr=2)
    assert not tie.success and tie.passed == 7 and not tie.hit_badly and tie.quality_loss == 0
    assert not dodge(-4).hit_badly and dodge(-4).quality_loss == 0 and not dodge(-4).glitch_check
    assert dodge(-5).hit_badly and dodge(-5).quality_loss == 1 and dodge(-5).glitch_check
    assert dodge(-9).quality_loss == 1
    assert dodge(-10).quality_loss == 2


# ---- Evade (EF vs DC) ------------------------------------------------------
def evade(margin, damage=40, dr=0, dc=20):
    return cc.evade_check(10, dc + margin - 10, dc, damage, dr)


def test_evade_bands_and_extra_dr_above_10():
    assert evade(1).band == "resistance" and evade(1).passed == 20
    assert evade(5).band == "resistance" and evade(5).passed == 20
    assert evade(6).band == "hardness" and evade(6).passed == 10
    assert evade(10).passed == 10 and evade(10).extra_dr == 0
    assert evade(11).passed == 9 and evade(11).extra_dr == 1
    assert evade(16).passed == 4 and evade(16).extra_dr == 6
    assert evade(20, damage=8).passed == 0          # never below 0
    assert evade(3, damage=11, dr=4).passed == 3    # DR first, then halved


def test_evade_tie_fails_and_hit_badly():
    assert not evade(0).success and evade(0).passed == 40 and not evade(0).hit_badly
    assert not evade(-4).hit_badly
    assert evade(-5).hit_badly and evade(-5).quality_loss == 1
    assert evade(-10).quality_loss == 2


def test_bad_faces_and_damage_raise():
    raises(ValueError, cc.dodge_check, 0, 1, 1, 1, 0)
    raises(ValueError, cc.evade_check, 21, 1, 1, 1, 0)
    raises(ValueError, cc.dodge_check, 5, 1, 1, -1, 0)


# ---- caps, HP, coma, stacks ------------------------------------------------
def test_dodge_caps_per_armour_class():
    assert cc.dodges_per_round(9, "heavy") == 0
    assert cc.dodges_per_round(0, "heavy") == 0
    assert cc.dodges_per_round(9, "medium") == 3
    assert cc.dodges_per_round(3, "medium") == 3
    assert cc.dodges_per_round(2, "medium") == 2
    assert cc.dodges_per_round(9, "light") == 5
    assert cc.dodges_per_round(5, "light") == 5
    assert cc.dodges_per_round(4, "light") == 4
    assert cc.dodges_per_round(9, "none") == 9
    assert cc.dodges_per_round(0, "none") == 1       # minimum 1
    assert cc.dodges_per_round(0, "light") == 1
    raises(ValueError, cc.dodges_per_round, 2, "plate")


def test_evades_per_round_minimum_one():
    assert cc.evades_per_round(0) == 1
    assert cc.evades_per_round(1) == 1
    assert cc.evades_per_round(4) == 4


def test_hit_point_formula_and_factors():
    assert cc.hit_points(0, 5, 5) == 20
    assert cc.hit_points(1, 2, 2) == 24
    assert cc.hit_points(3, 4, 2) == 38
    assert cc.hit_points(2, -1, 3) == 24
    assert cc.dodge_factor(3, 4) == 7 and cc.dodge_factor(3, 4, 2) == 9
    assert cc.evade_factor(2, 5) == 7


def test_comatose_rounds_odd_and_even_max_wounds():
    assert cc.comatose_rounds(5) == 2
    assert cc.comatose_rounds(4) == 2
    assert cc.comatose_rounds(3) == 1
    assert cc.comatose_rounds(2) == 1
    assert cc.comatose_rounds(1) == 0


def test_extra_stacks_dc_10():
    assert cc.extra_stacks(10, 10) == 0    # a tie fails
    assert cc.extra_stacks(11, 10) == 0
    assert cc.extra_stacks(14, 10) == 0
    assert cc.extra_stacks(15, 10) == 1
    assert cc.extra_stacks(19, 10) == 1
    assert cc.extra_stacks(20, 10) == 2
    assert cc.extra_stacks(24, 10) == 2
    assert cc.extra_stacks(25, 10) == 3


def test_attack_hits_strictly_above_defense():
    hit, total = cc.attack_hits(30, 2, 5, 45)
    assert total == 45 and not hit                  # a tie misses
    hit, total = cc.attack_hits(31, 2, 5, 45)
    assert total == 46 and hit


# ---- initiative ------------------------------------------------------------
SIDES = ["foe", "pc", "pc", "foe", "foe"]
SCOUTS = [False, True, False, True, False]   # 1: player scout, 3: enemy scout


def test_initiative_orders():
    assert cc.initiative_order(SIDES, SCOUTS) == [1, 3, 2, 0, 4]
    assert cc.initiative_order(SIDES, SCOUTS, "foe_undetected") == [3, 0, 4, 1, 2]
    assert cc.initiative_order(SIDES, SCOUTS, "foe_detected") == [1, 3, 0, 4, 2]
    assert cc.initiative_order(SIDES, SCOUTS, "foe_undetected", False) == [3, 0, 4, 1]
    assert cc.initiative_order(SIDES, SCOUTS, "foe_detected", False) == [1, 3, 0, 4]
    assert cc.initiative_order(SIDES, SCOUTS, "pc_undetected") == [1, 2, 3, 0, 4]
    raises(ValueError, cc.initiative_order, SIDES, SCOUTS, "sideways")


def test_surprise_acts_first_in_round_one_only():
    fight = make_fight()
    fight.surprise = 3
    fight.start()
    assert fight.order == [3, 0, 1, 2]
    for _ in range(4):
        fight.end_turn()
    assert fight.round == 2 and fight.order == [0, 1, 2, 3]


# ---- the fight -------------------------------------------------------------
def pc(name, **numbers):
    c = ccf.new_combatant(name, "pc")
    c.update(numbers)
    return c


def foe(name, **numbers):
    c = ccf.new_combatant(name, "foe")
    c.update(numbers)
    return c


def make_fight():
    fight = ccf.Fight()
    fight.add(pc("Ana", armour="medium", reactions=5, df=5, af=5, ef=5, agility=1,
                 hp=24, max_hp=24, max_wounds=4, quality=3, dr=[2] * 9))
    fight.add(pc("Bo", armour="heavy", reactions=4, hp=20, max_hp=20, max_wounds=1))
    fight.add(foe("Crab", an=14, dc=12, defense=40, hp=10, max_hp=10, dice="2d6",
                  dtype="pierce", max_wounds=0))
    fight.add(foe("Bug", an=16, dc=13, defense=30, hp=30, max_hp=30, dice="1d6",
                  dtype="thermal", area=True, max_wounds=2))
    return fight


def test_fight_needs_both_sides_and_at_most_8():
    fight = ccf.Fight()
    fight.add(pc("Ana"))
    err = raises(RuleError, fight.start)
    assert "foe" in str(err)
    for k in range(7):
        fight.add(foe("F%d" % k))
    err = raises(RuleError, fight.add, foe("Z"))
    assert "8" in str(err)
    bad = pc("X", armour="plate")
    err = raises(RuleError, ccf.Fight().add, bad)
    assert "X" in str(err) and "armour" in str(err)


def test_dodge_refused_when_none_left_and_in_heavy_armour():
    fight = make_fight()
    fight.start()
    # Ana: Reactions 5, Medium armour: 3 dodges
    for _ in range(3):
        fight.defend(2, 0, "dodge", SeqSource([19, 0, 0]))
    assert fight.left(0, "dodge") == 0
    err = raises(RuleError, fight.defend, 2, 0, "dodge", SeqSource([19, 0, 0]))
    assert "no Dodge left" in str(err) and "Dodge Factor" in str(err)
    err = raises(RuleError, fight.defend, 2, 1, "dodge", SeqSource([19, 0, 0]))
    assert "Heavy" in str(err) and "Cap is 0" in str(err)
    # Evade only against area attacks, Dodge not against them
    err = raises(RuleError, fight.defend, 2, 0, "evade", SeqSource([19, 0, 0]))
    assert "area" in str(err)
    err = raises(RuleError, fight.defend, 3, 0, "dodge", SeqSource([19, 0]))
    assert "area" in str(err)
    # Ana's Agility 1: one Evade a round
    fight.defend(3, 0, "evade", SeqSource([19, 0]))
    err = raises(RuleError, fight.defend, 3, 0, "evade", SeqSource([19, 0]))
    assert "no Evade left" in str(err)
    # the counters reset with the round
    for _ in range(4):
        fight.end_turn()
    assert fight.round == 2
    assert fight.left(0, "dodge") == 3 and fight.left(0, "evade") == 1


def test_defend_outcomes_and_damage():
    fight = make_fight()
    fight.start()
    # Ana armour vs Crab AN 14: face 20 + AF 5 = 25, margin 11: hardened;
    # 2d6 = 6 + 6 = 12, DR 2 -> 10 // 4 = 2
    out = fight.defend(2, 0, "armour", SeqSource([19, 5, 5]))
    assert out["band"] == "hardened" and out["passed"] == 2 and out["success"]
    assert fight.combatants[0]["hp"] == 22
    # Dodge vs AN 14: face 16 + DF 5 = 21, margin 7: 3 squares, no damage
    out = fight.defend(2, 0, "dodge", SeqSource([15, 5, 5]))
    assert out["squares"] == 3 and out["passed"] == 0
    # face 4 + 5 = 9: failed by 5: hit badly, Bother on Dodge, 12 - 2 passes
    out = fight.defend(2, 0, "dodge", SeqSource([3, 5, 5]))
    assert out["passed"] == 10 and out["bother"] == "dodge" and out["quality_loss"] == 1
    assert fight.combatants[0]["hp"] == 12
    for key in out:
        assert key not in ("an", "dc", "margin", "fail_by")


def test_an_unarmoured_defender_has_no_quality_to_lose_nor_a_glitch_check():
    # the loss and the check are the armour's (Cybercore Dodge Factor, "hit badly";
    # Fight.glitch refuses no armour): the Bother and the damage stand
    fight = ccf.Fight()
    fight.add(pc("Cid", armour="none", reactions=2, df=4, hp=24, max_hp=24, max_wounds=4))
    fight.add(pc("Ana", armour="medium", reactions=5, df=4, hp=24, max_hp=24, max_wounds=4,
                 quality=3, dr=[0] * 9))
    fight.add(foe("Crab", an=14, dc=12, defense=40, hp=10, max_hp=10, dice="2d6",
                  dtype="pierce", max_wounds=0))
    fight.start()
    # face 1 + DF 4 = 5 vs AN 14: failed by 9, hit badly (one -1 for each 5 missed)
    bare = fight.defend(2, 0, "dodge", SeqSource([0, 2, 2]))
    worn = fight.defend(2, 1, "dodge", SeqSource([0, 2, 2]))
    assert worn["quality_loss"] == 1 and worn["glitch"] and worn["bother"] == "dodge"
    assert bare["quality_loss"] == 0 and not bare["glitch"] and bare["bother"] == "dodge"
    assert bare["passed"] == worn["passed"] == 6 and fight.combatants[0]["hp"] == 18


def test_the_status_legend_names_the_marks_shown_and_no_other():
    fight = make_fight()
    fight.start()
    assert ccf.status_legend(fight.combatants) == []
    fight.defend(2, 0, "dodge", SeqSource([0, 0, 0]))   # Ana hit badly: Bothered
    assert ccf.status_line(fight.combatants[0]).endswith(" Bo")
    assert ccf.status_legend(fight.combatants) == ["Bo: Bothered (Dodge or Evade)"]
    fight.combatants[0]["wounds"] = 1
    fight.combatants[0]["wounded"] = True
    assert ccf.status_line(fight.combatants[0]) == "Ana 24/24 W1 Wd Bo"
    assert ccf.status_legend(fight.combatants) == ["Wn: n wounds taken", "Wd: Wounded",
                                                   "Bo: Bothered (Dodge or Evade)"]
    # a hidden creature's wounds are not shown, so not explained either
    crab = fight.combatants[2]
    crab["wounds"] = 2
    fight.combatants[0]["wounds"] = 0
    fight.combatants[0]["wounded"] = False
    assert ccf.status_legend(fight.combatants) == ["Bo: Bothered (Dodge or Evade)"]
    assert ccf.status_legend(fight.combatants, gm=True)[0] == "Wn: n wounds taken"


def test_bother_ends_at_the_end_of_the_dodgers_next_turn():
    fight = make_fight()
    fight.start()                       # order Ana, Bo, Crab, Bug
    fight.end_turn()
    fight.end_turn()                    # Crab acts
    fight.defend(2, 0, "dodge", SeqSource([0, 0, 0]))   # 1 + 5 = 6 vs 14: hit badly
    assert fight.combatants[0]["bother"]["dodge"] == 1
    fight.end_turn()
    fight.end_turn()                    # round 2, Ana acts: still Bothered
    assert fight.round == 2 and fight.current() == 0
    assert fight.combatants[0]["bother"]["dodge"] == 1
    fight.end_turn()                    # end of Ana's next turn: it ends
    assert fight.combatants[0]["bother"]["dodge"] == 0


def test_bother_gained_in_own_turn_lasts_through_the_next():
    fight = make_fight()
    fight.start()                       # Ana acts
    fight.defend(2, 0, "dodge", SeqSource([0, 0, 0]))
    fight.end_turn()                    # end of this turn: not yet
    assert fight.combatants[0]["bother"]["dodge"] == 1
    for _ in range(3):
        fight.end_turn()
    assert fight.current() == 0
    fight.end_turn()
    assert fight.combatants[0]["bother"]["dodge"] == 0


def test_zero_hp_wounded_out_of_order_and_distinct_sources():
    fight = make_fight()
    fight.start()
    events = fight.damage(0, 30, "Crab")
    ana = fight.combatants[0]
    assert events == ["down"] and ana["hp"] == 0 and ana["wounds"] == 1 and ana["wounded"]
    assert not fight.in_order(0)
    assert fight.current() == 1          # Ana's turn is skipped
    # RULINGS "each unique source": the source that brought her down counts once more
    assert fight.damage(0, 5, "Crab") == ["wound"] and ana["wounds"] == 2
    assert fight.damage(0, 5, "Crab") == [] and ana["wounds"] == 2   # and never again
    ana["max_wounds"] = 6
    assert fight.damage(0, 5, "Bug") == ["wound"] and ana["wounds"] == 3
    assert ana["hp"] == 0                            # damage ignored
    err = raises(RuleError, fight.attack, 0, 2, SeqSource([5, 5, 1, 1]))
    assert "Wounded" in str(err)
    for _ in range(3):
        fight.end_turn()
    assert fight.round == 2 and 0 not in fight.order
    assert ana["waction"] == 1
    fight.wounded_action(0)
    err = raises(RuleError, fight.wounded_action, 0)
    assert "Wounded Action" in str(err)
    # a new round changes nothing: once per source for the whole time Wounded
    assert fight.damage(0, 5, "Crab") == [] and fight.damage(0, 5, "Bug") == []
    assert ana["wounds"] == 3 and ana["sources"] == ["Crab", "Bug"]
    for _ in range(6):
        fight.new_round()
    assert fight.damage(0, 5, "Bug") == [] and ana["wounds"] == 3
    assert fight.damage(0, 5, "Drone") == ["wound"] and ana["wounds"] == 4  # a new source


def test_unique_sources_count_again_after_the_wounded_condition_ends():
    fight = make_fight()
    fight.start()
    ana = fight.combatants[0]
    ana["max_wounds"] = 6
    fight.damage(0, 99, "Crab")
    fight.damage(0, 1, "Crab")
    assert ana["wounds"] == 2
    fight.treat(0, 2)                                # Wounded ends, back at 1 HP
    assert not ana["wounded"] and ana["sources"] == []
    assert fight.damage(0, 1, "Crab") == ["down"] and ana["wounds"] == 1
    assert fight.damage(0, 1, "Crab") == ["wound"] and ana["wounds"] == 2


def test_max_wounds_1_dies_at_the_next_round_start_unless_treated_before():
    # RULINGS Max Wounds 1: comatose for 0 rounds = dead at the start of the next round
    fight = make_fight()
    fight.combatants[0]["max_wounds"] = 1
    fight.start()
    ana = fight.combatants[0]
    assert fight.damage(0, 99, "Crab") == ["down", "comatose"] and ana["coma"] == 0
    assert not ana["dead"]                           # still alive this round
    fight.new_round()
    assert ana["dead"] and ana["wounds"] == 2
    # treated before the round starts: she lives on
    fight = make_fight()
    fight.combatants[0]["max_wounds"] = 1
    fight.start()
    ana = fight.combatants[0]
    fight.damage(0, 99, "Crab")
    fight.treat(0)
    assert ana["coma"] == -1 and not ana["wounded"] and ana["wounds"] == 0
    fight.new_round()
    assert not ana["dead"] and ana["hp"] == 1
    # Max Wounds 2 (comatose 1 round): alive after the first round start, dead at the second
    fight = make_fight()
    fight.combatants[0]["max_wounds"] = 2
    fight.start()
    ana = fight.combatants[0]
    ana["wounds"] = 1
    fight.damage(0, 99, "Crab")
    assert ana["coma"] == 1
    fight.new_round()
    assert not ana["dead"]
    fight.new_round()
    assert ana["dead"]


def test_comatose_countdown_then_death_even_and_odd_max_wounds():
    for max_wounds, rounds in ((4, 2), (5, 2), (3, 1), (1, 0)):
        fight = make_fight()
        fight.combatants[0]["max_wounds"] = max_wounds
        fight.start()
        ana = fight.combatants[0]
        ana["wounds"] = max_wounds - 1
        events = fight.damage(0, 99, "Crab")
        assert events == ["down", "comatose"] and ana["coma"] == rounds
        seen = []
        while not ana["dead"]:
            fight.new_round()
            seen.append(ana["coma"])
            assert len(seen) <= rounds + 1
        assert len(seen) == rounds + 1 and ana["wounds"] == max_wounds + 1
        assert fight.summary[0] == "Ana dead"


def test_past_max_wounds_dies_at_once_and_treatment():
    fight = make_fight()
    fight.start()
    crab = fight.combatants[2]            # Max Wounds 0
    assert fight.damage(2, 10, "Ana") == ["down", "dead"] and crab["dead"]
    err = raises(RuleError, fight.treat, 2)
    assert "dead" in str(err)
    ana = fight.combatants[0]
    fight.damage(0, 99, "Crab")
    fight.damage(0, 1, "Bug")
    assert ana["wounds"] == 2
    fight.treat(0)
    assert ana["wounds"] == 1 and not ana["wounded"] and ana["hp"] == 1
    raises(RuleError, fight.treat, 1)     # Bo has no wounds


def test_attack_d100_rank_bonus_against_defense_then_damage_dice():
    fight = make_fight()
    fight.combatants[0]["rank"] = 2
    fight.combatants[0]["bonus"] = 3
    fight.combatants[0]["dice"] = "2d6"
    fight.start()
    # d100 tens 2 ones 6 = 26 + 10 + 3 = 39 vs Defense 40: miss (no damage dice rolled)
    out = fight.attack(0, 2, SeqSource([2, 6]))
    assert out["total"] == 39 and not out["hit"] and out["rolled"] == 0
    # 27 + 13 = 40: a tie misses
    assert not fight.attack(0, 2, SeqSource([2, 7]))["hit"]
    # 28 + 13 = 41: hit; 2d6 = 4 + 3 = 7 slash, Crab no DR
    out = fight.attack(0, 2, SeqSource([2, 8, 3, 2]))
    assert out["hit"] and out["rolled"] == 7 and out["passed"] == 7
    assert fight.combatants[2]["hp"] == 3
    # 00 reads 100
    out = fight.attack(0, 2, SeqSource([0, 0, 5, 5]))
    assert out["d100"] == 100 and out["events"] == ["down", "dead"]
    err = raises(RuleError, fight.attack, 0, 2, SeqSource([1, 1]))
    assert "dead" in str(err)


def test_glitch_lowers_quality_and_dr_and_broken_armour_stops():
    fight = make_fight()
    ana = fight.combatants[0]
    fight.glitch(0, "pierce")
    assert ana["quality"] == 2 and ana["dr"][1] == 1 and ana["dr"][0] == 2
    fight.glitch(0, "pierce")
    fight.glitch(0, "pierce")
    assert ana["quality"] == 0 and ccf.armour_dr(ana, "blunt") == 0
    raises(RuleError, fight.glitch, 2, "pierce")       # no armour


def test_opposed_check_against_hidden_dc():
    fight = make_fight()
    fight.start()
    out = fight.opposed(0, 2, 3, SeqSource([18]))      # 19 + 3 = 22 vs DC 12
    assert out["success"] and out["stacks"] == 2
    out = fight.opposed(0, 2, 0, SeqSource([11]))      # 12 vs 12: tie fails
    assert not out["success"] and out["stacks"] == 0


def test_fight_round_trips_with_creatures_sealed():
    fight = make_fight()
    fight.start()
    fight.damage(3, 7, "Ana")
    salts = [b"\x01\x02\x03\x04"]
    d = fight.to_dict(lambda text: seal(KEY, salts[0], text))
    text = json.dumps(d)
    packed = json.loads(text)["combatants"]
    # players in clear, every value in KEYS order
    assert packed[0] == [fight.combatants[0][k] for k in ccf.KEYS["pc"]]
    for index in (2, 3):
        c = fight.combatants[index]
        public = [c[k] for k in ccf.KEYS["foe"] if k not in ccf.HIDDEN]
        assert packed[index][:-1] == public
        hidden = [c[k] for k in ccf.KEYS["foe"] if k in ccf.HIDDEN]
        assert json.loads(unseal(KEY, packed[index][-1])) == hidden
    back = ccf.Fight.from_dict(json.loads(text), lambda s: unseal(KEY, s))
    assert back.combatants == fight.combatants
    assert back.round == 1 and back.order == fight.order and back.log == fight.log
    assert back.combatants[3]["hp"] == 23 and back.combatants[3]["an"] == 16
    raises(RuleError, ccf.Fight.from_dict, {"combatants": []}, None)
    raises(RuleError, ccf.Fight.from_dict, {"combatants": [["X", "elf"]], "round": 0,
                                           "order": [], "turn": 0}, None)
    # a revealed creature is kept in clear
    fight.combatants[3]["revealed"] = True
    plain = fight.to_dict(lambda text: seal(KEY, salts[0], text))
    assert plain["combatants"][3] == [fight.combatants[3][k] for k in ccf.KEYS["foe"]]
    assert ccf.Fight.from_dict(plain, lambda s: unseal(KEY, s)).combatants[3]["an"] == 16


def test_status_lines_hide_creature_numbers():
    fight = make_fight()
    assert ccf.status_line(fight.combatants[0]) == "Ana 24/24"
    assert ccf.status_line(fight.combatants[3]) == "Bug"
    assert ccf.status_line(fight.combatants[3], True) == "Bug 30/30"
    fight.damage(0, 30, "Crab")
    assert ccf.status_line(fight.combatants[0]) == "Ana 0/24 W1 Wd"


def test_opposed_check_only_against_a_creature():
    fight = make_fight()
    fight.start()
    err = raises(RuleError, fight.opposed, 2, 0, 0, SeqSource([5]))
    assert "player" in str(err) and "Opposed" in str(err)
    out = fight.opposed(-1, 3, 0, SeqSource([13]))       # 14 vs DC 13
    assert out["success"] and out["stacks"] == 0
    assert fight.log[-1] == "Player check vs Bug: success"


def test_creatures_do_not_roll_defences():
    fight = make_fight()
    fight.start()
    err = raises(RuleError, fight.defend, 0, 2, "armour", SeqSource([5, 1, 1]))
    assert "creature" in str(err)


def test_d100_option_00_reads_0_set_before_the_fight_and_kept_in_its_save():
    # RULINGS Dice: Cybercore d100 tens 0 ones 0 read 100; option: 0 (range 0..99)
    fight = make_fight()
    assert fight.zero100 == 100
    fight.set_d100_zero(0)
    raises(RuleError, fight.set_d100_zero, 50)
    fight.start()
    err = raises(RuleError, fight.set_d100_zero, 100)
    assert "fixed once the fight has started" in str(err)
    out = fight.attack(0, 2, SeqSource([0, 0]))        # 00 + 5 = 5 vs Defense 40: miss
    assert out["d100"] == 0 and out["total"] == 5 and not out["hit"]
    out = fight.attack(0, 2, SeqSource([0, 1]))        # 01 reads 1 either way
    assert out["d100"] == 1
    out = fight.attack(0, 2, SeqSource([9, 9, 0]))     # 99 is the top: 99 + 5 beats 40
    assert out["d100"] == 99 and out["hit"]
    again = ccf.Fight.from_dict(json.loads(json.dumps(fight.to_dict(lambda t: t))), lambda t: t)
    assert again.zero100 == 0
    d = fight.to_dict(lambda t: t)
    d["d100_00"] = 50
    raises(RuleError, ccf.Fight.from_dict, d, lambda t: t)
    del d["d100_00"]                                   # a save from before the option
    assert ccf.Fight.from_dict(d, lambda t: t).zero100 == 100


def test_wounded_defence_result_says_the_damage_is_ignored():
    # review: a Wounded Ana's Armour against the Crab again read "8 dmg passes"; while
    # Wounded the damage is ignored and a counted source adds no wound (Cybercore
    # Hitpoints (HP); RULINGS "each unique source")
    from firmware.games.cybercore.roll import _band_damage, damage_lines
    fight = make_fight()
    fight.start()
    ana = fight.combatants[0]
    assert fight.damage(0, 30, "Crab") == ["down"]
    assert fight.damage(0, 5, "Crab") == ["wound"] and ana["wounds"] == 2
    # Crab AN 14: face 2 + AF 5 = 7 fails; 2d6 = 5 + 5 = 10, DR 2: 8 passes the band
    out = fight.defend(2, 0, "armour", SeqSource([1, 4, 4]))
    assert (out["success"], out["passed"], out["events"]) == (False, 8, [])
    assert ana["hp"] == 0 and ana["wounds"] == 2
    assert damage_lines(out["passed"], True, "Crab", out["events"]) == [
        "8 dmg ignored:", "Wounded (Hitpoints)", "No new wound: Crab already counted"]
    assert _band_damage("Failed", 8, True) == "Failed ignored"
    # a source not yet counted: ignored too, its wound comes from the event line
    out = fight.defend(3, 0, "armour", SeqSource([1, 5]))
    assert out["events"] == ["wound"] and ana["wounds"] == 3
    assert damage_lines(out["passed"], True, "Bug", out["events"]) == [
        "%d dmg ignored:" % out["passed"], "Wounded (Hitpoints)"]
    # not Wounded before the roll (the hit that brings her down): it passes
    assert damage_lines(8, False, "Crab", ["down"]) == ["8 dmg passes"]
    assert damage_lines(0, True, "Crab", []) == ["0 dmg passes"]
    assert _band_damage("Failed", 8) == "Failed 8 dmg"


def test_a_failed_armour_check_by_under_5_names_no_quality_loss():
    # review: "Quality -0" after d20 19+4=23 against AN 27 (failed by 4): no Quality
    # lost (1 per 5 missed), the glitch check still called (Cybercore Armour Quality)
    from firmware.games.cybercore.roll import glitch_lines
    out = cc.armour_check(19, 4, 27, 8, 0)
    assert (out.success, out.quality_loss, out.glitch_check) == (False, 0, True)
    assert glitch_lines(out.quality_loss) == ["Glitch check!"]
    out = cc.armour_check(18, 4, 27, 8, 0)      # failed by 5: Quality -1
    assert glitch_lines(out.quality_loss) == ["Quality -1", "Glitch check!"]
