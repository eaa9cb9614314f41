"""Exact odds (shared_rules.odds) at the rules' boundaries: every value below is
counted by hand from the rules text (Neo-Hunt Combat; Cybercore Defending and
Dealing Damage; Cybernaut V.A, V.B.3, VII.G.2) and RULINGS, not from the code."""

from check import raises

from shared_rules import odds
from shared_rules.errors import PackError, RuleError
from shared_rules.tables import Pack


def test_percent_rounds_half_up_and_checks_its_range():
    assert odds.percent(3, 6) == 50
    assert odds.percent(1, 6) == 17   # 16.67
    assert odds.percent(2, 6) == 33   # 33.33
    assert odds.percent(5, 6) == 83   # 83.33
    assert odds.percent(0, 20) == 0
    assert odds.percent(20, 20) == 100
    assert odds.percent(1, 100) == 1
    assert odds.percent(99, 100) == 99
    assert odds.percent(1, 200) == 1  # 0.5 rounds up
    assert odds.chance_text(3, 6) == "3/6=50%"
    assert odds.chance_text(1, 10) == "1/10=10%"
    raises(ValueError, odds.percent, 7, 6)
    raises(ValueError, odds.percent, -1, 6)
    raises(ValueError, odds.percent, 0, 0)


def test_shot_odds_per_target_state_unmodified():
    # Neo-Hunt Combat: visible 4+, visible in cover 5+, cloaked 5+, cloaked in cover 6
    assert odds.shot_odds("visible") == (3, 6)
    assert odds.shot_odds("visible_cover") == (2, 6)
    assert odds.shot_odds("cloaked") == (2, 6)
    assert odds.shot_odds("cloaked_cover") == (1, 6)


def test_shot_odds_with_modifiers_and_the_unmodified_six():
    assert odds.shot_odds("visible", 1) == (4, 6)        # 3+ on the face
    assert odds.shot_odds("visible", 2) == (5, 6)        # 2+
    assert odds.shot_odds("visible", 3) == (6, 6)        # 1 + 3 = 4: every face
    assert odds.shot_odds("cloaked_cover", 1) == (2, 6)  # 5+
    # a modifier pushing the need past 6: only the unmodified 6 hits, still 1 in 6
    assert odds.shot_odds("cloaked_cover", -1) == (1, 6)
    assert odds.shot_odds("cloaked_cover", -3) == (1, 6)
    assert odds.shot_odds("visible", -2) == (1, 6)       # 6 - 2 = 4 hits anyway
    assert odds.shot_odds("visible", -3) == (1, 6)       # 6 - 3 = 3 misses but a 6 hits
    assert odds.shot_odds("visible", -1) == (2, 6)       # 5 - 1 = 4
    raises(RuleError, odds.shot_odds, "hidden")
    raises(RuleError, odds.shot_odds, "nowhere")


def test_d6_odds_arrival_and_burning():
    assert odds.d6_odds(4) == (3, 6)     # a trooper arrives on 4+
    assert odds.d6_odds(1, 1) == (1, 6)  # burning: 1 puts it out
    assert odds.d6_odds(2, 5) == (4, 6)  # 2-5 burns on
    assert odds.d6_odds(6) == (1, 6)     # 6 one more hit


def test_armour_bands_at_every_margin():
    # AF 0 against AN 0: margin = face; >15 absorbed (16-20), >10 hardened (11-15),
    # >5 resistance (6-10), 1-5 taken well; nothing fails
    assert odds.defence_odds("armour", 0, 0) == [("absorbed", 5), ("hardened", 5),
                                                 ("resistance", 5), ("taken_well", 5),
                                                 ("failed", 0)]
    # AF +5 against AN 15: margin = face - 10: 16-20 resistance, 11-15 taken well,
    # 1-10 failed (a tie, face 10, fails)
    assert odds.defence_odds("armour", 5, 15) == [("absorbed", 0), ("hardened", 0),
                                                  ("resistance", 5), ("taken_well", 5),
                                                  ("failed", 10)]
    # a tie on the best face fails: AN 20 with AF 0 can never be beaten
    assert odds.defence_odds("armour", 0, 20)[-1] == ("failed", 20)
    assert odds.defence_odds("armour", 0, 19)[3] == ("taken_well", 1)
    # AF 20 against AN 4: margin 17..36 on every face: all absorbed
    assert odds.defence_odds("armour", 20, 4)[0] == ("absorbed", 20)
    # AF 20 against AN 5: margin 16..35: still all absorbed; AN 6: face 1 gives 15
    assert odds.defence_odds("armour", 20, 6)[:2] == [("absorbed", 19), ("hardened", 1)]


def test_dodge_and_evade_bands():
    # Dodge: success when d20 + DF > AN: DF 3, AN 13 -> faces 11-20
    assert odds.defence_odds("dodge", 3, 13) == [("dodged", 10), ("failed", 10)]
    # Evade: beat the DC: resistance; by more than 5: hardness. EF 0, DC 0:
    # faces 1-5 resistance, 6-20 hardness
    assert odds.defence_odds("evade", 0, 0) == [("hardness", 15), ("resistance", 5), ("failed", 0)]
    assert odds.defence_odds("evade", 2, 12) == [("hardness", 5), ("resistance", 5), ("failed", 10)]
    raises(ValueError, odds.defence_odds, "parry", 0, 0)


def test_beat_and_attack_odds():
    assert odds.beat_odds(5, 15) == (10, 20)  # faces 11-20; 10 ties and fails
    assert odds.beat_odds(0, 20) == (0, 20)
    assert odds.beat_odds(0, 0) == (20, 20)
    # Dealing Damage: d100 (1..100) + 5 x Rank + bonus over Defense
    assert odds.attack_odds(2, 0, 50) == (60, 100)   # 41..100
    assert odds.attack_odds(0, 0, 99) == (1, 100)    # only 100
    assert odds.attack_odds(0, 0, 100) == (0, 100)   # a tie fails
    assert odds.attack_odds(0, 0, 0) == (100, 100)
    assert odds.attack_odds(1, 3, 10) == (98, 100)   # 3..100 (2 + 8 ties)


INTERACTION = {"kind": "cross", "dice": "d10", "columns": ["Anarchy", "Tech"], "rows": [
    {"lo": 1, "hi": 3, "cells": {"Anarchy": "A", "Tech": "-"}},
    {"lo": 4, "hi": 8, "cells": {"Anarchy": "E", "Tech": "C"}},
    {"lo": 9, "hi": 12, "cells": {"Anarchy": "C A", "Tech": "T"}}], "chains": {"E": "encounter"}}
ENCOUNTER = {"kind": "range", "dice": "2d10", "rows": [{"lo": 0, "hi": 99, "result": "calm"}]}


def interaction_pack():
    return Pack({"format": "pocket-referee-pack", "version": 1, "name": "t",
                 "tables": {"interaction": INTERACTION, "encounter": ENCOUNTER}}, "t.json")


def test_interaction_odds_per_result_with_clamping():
    pack = interaction_pack()
    # best RealWorld 0: totals 0..9; 0 is under the first row and reads it
    assert odds.interaction_odds(pack, "Anarchy", 0) == [["A", 4], ["E", 5], ["C A", 1]]
    # best 5: totals 5..14; 13 and 14 are past the last row and read it
    assert odds.interaction_odds(pack, "Anarchy", 5) == [["E", 4], ["C A", 6]]
    assert odds.interaction_odds(pack, "Tech", 9) == [["T", 10]]
    assert odds.interaction_odds(pack, "Tech", 2) == [["-", 2], ["C", 5], ["T", 3]]
    raises(PackError, odds.interaction_odds, pack, "Security", 0)


def test_skull_odds_against_wetware():
    # VII.G.2 (RULINGS): d10 read 0-9; at or under Wetware: neutralized
    assert odds.skull_odds(0) == (1, 10)
    assert odds.skull_odds(3) == (4, 10)
    assert odds.skull_odds(8) == (9, 10)
    assert odds.skull_odds(9) == (10, 10)
    assert odds.skull_odds(12) == (10, 10)
