"""The rules behind the first flows, at every boundary RULINGS names."""

from check import SeqSource, raises

from shared_rules.cybercore import rules as cybercore
from shared_rules.cybernaut import rules as cybernaut
from shared_rules.neohunt import rules as neohunt
from shared_rules.errors import RuleError
from shared_rules.tables import Pack


# ---- Neo-Hunt to-hit (RULINGS Neo-Hunt; Neo-Hunt Combat) ---------------------

def test_neohunt_to_hit_thresholds():
    assert neohunt.to_hit("visible") == 4
    assert neohunt.to_hit("visible_cover") == 5
    assert neohunt.to_hit("cloaked") == 5
    assert neohunt.to_hit("cloaked_cover") == 6


def test_neohunt_each_threshold_boundary():
    for target, need in (("visible", 4), ("visible_cover", 5), ("cloaked", 5), ("cloaked_cover", 6)):
        assert neohunt.shot_hits(target, need)[0] is True
        assert neohunt.shot_hits(target, need - 1)[0] is False
        assert neohunt.shot_hits(target, need - 1)[1] == need


def test_neohunt_unmodified_six_always_hits():
    assert neohunt.shot_hits("cloaked_cover", 6, -3) == (True, 6)
    assert neohunt.shot_hits("visible", 6, -5) == (True, 4)
    # a modified total of 6 from a lower face is not an unmodified 6
    assert neohunt.shot_hits("cloaked_cover", 5, 1) == (True, 6)
    assert neohunt.shot_hits("cloaked_cover", 5, 0) == (False, 6)
    assert neohunt.shot_hits("visible", 5, -2) == (False, 4)


def test_neohunt_hidden_cannot_be_targeted():
    exc = raises(RuleError, neohunt.shot_hits, "hidden", 6)
    assert "hidden varan cannot be targeted" in str(exc)
    raises(RuleError, neohunt.to_hit, "invisible")
    raises(ValueError, neohunt.shot_hits, "visible", 7)
    raises(ValueError, neohunt.shot_hits, "visible", 0)


# ---- Cybercore armour (RULINGS Cybercore; Cybercore "Armour Factor (AF)") -----


def check_margin(margin, damage=13, dr=3):
    """An armour check whose margin (d20 + AF - AN) is ``margin``: face 10, AF margin + 10, AN 20."""
    return cybercore.armour_check(10, margin + 10, 20, damage, dr)


def test_armour_margin_bands_at_each_boundary():
    # pass-through = 13 - 3 = 10
    cases = [(5, "taken_well", 10), (6, "resistance", 5), (10, "resistance", 5),
             (11, "hardened", 2), (15, "hardened", 2), (16, "absorbed", 0), (1, "taken_well", 10)]
    for margin, band, passed in cases:
        out = check_margin(margin)
        assert out.margin == margin
        assert out.success is True
        assert (out.band, out.passed) == (band, passed), (margin, out.band, out.passed)
        assert out.glitch_check is False and out.quality_loss == 0


def test_armour_tie_is_a_failure():
    out = check_margin(0)
    assert out.success is False
    assert (out.band, out.passed, out.fail_by, out.glitch_check) == ("failed", 10, 0, True)
    assert out.quality_loss == 0


def test_armour_failure_quality_loss_per_five():
    for fail_by, loss in ((4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3)):
        out = check_margin(-fail_by)
        assert out.fail_by == fail_by
        assert (out.band, out.quality_loss, out.glitch_check) == ("failed", loss, True)
        assert out.passed == 10


def test_armour_resistance_minimum_one_and_pass_through():
    assert check_margin(7, damage=4, dr=3).passed == 1    # 1 // 2 = 0 -> 1
    assert check_margin(7, damage=3, dr=3).passed == 0    # nothing passes DR
    assert check_margin(7, damage=5, dr=3).passed == 1    # 2 // 2 = 1
    assert check_margin(12, damage=6, dr=3).passed == 0   # hardened: 3 // 4 = 0, no minimum
    assert check_margin(3, damage=2, dr=9).passed == 0    # DR bigger than damage
    assert cybercore.pass_through(10, 12) == 0
    assert cybercore.pass_through(10, 4) == 6


def test_armour_bad_input():
    raises(ValueError, cybercore.armour_check, 0, 0, 10, 5, 1)
    raises(ValueError, cybercore.armour_check, 21, 0, 10, 5, 1)
    raises(ValueError, cybercore.armour_check, 10, 0, 10, -1, 1)


# ---- Cybernaut Interaction (Cybernaut V.A, V.B.3, V.D) ----------------------

PACK = {"format": "pocket-referee-pack", "version": 1, "tables": {
    "interaction": {"kind": "cross", "dice": "d10", "columns": ["Anarchy", "Corporatist", "Security", "Tech"],
                    "chains": {"E": "encounter"}, "rows": [
                        {"lo": 2, "hi": 5, "cells": {"Anarchy": "E", "Corporatist": "-", "Security": "A", "Tech": "C"}},
                        {"lo": 6, "hi": 12, "cells": {"Anarchy": "C", "Corporatist": "C E", "Security": "-", "Tech": "T"}}]},
    "encounter": {"kind": "range", "dice": "2d10", "rows": [
        {"lo": 0, "hi": 49, "result": "quiet"}, {"lo": 50, "hi": 99, "result": "raid"}]}}}


def test_interaction_total_uses_highest_single_realworld_value():
    assert cybernaut.interaction_total(0, [3]) == 3
    assert cybernaut.interaction_total(9, [2, 5, 4]) == 14
    raises(RuleError, cybernaut.interaction_total, 4, [])
    raises(ValueError, cybernaut.interaction_total, 10, [1])


def test_interaction_looks_up_environ_and_clamps():
    pack = Pack(PACK, "p.json")
    # d10 face 10 (randbelow 9) reads 0: total 0 + 1 = 1, below the first row -> first row
    out = cybernaut.interaction(pack, "Security", [1], SeqSource([9]))
    assert (out["face"], out["total"], out["interaction"].text, out["interaction"].clamped) == (0, 1, "A", True)
    assert out["encounter"] is None
    # face 9 + 5 = 14 beyond the last row -> last row
    out = cybernaut.interaction(pack, "Tech", [5, 2], SeqSource([8]))
    assert (out["total"], out["interaction"].text, out["interaction"].clamped) == (14, "T", True)


def test_interaction_chains_to_encounter_with_two_d10():
    pack = Pack(PACK, "p.json")
    # face 3 + RW 4 = 7 -> "C E"; encounter dice: faces 5 and 10 -> 5, 0 -> 50
    out = cybernaut.interaction(pack, "Corporatist", [4], SeqSource([2, 4, 9]))
    assert out["interaction"].text == "C E"
    result, first, second = out["encounter"]
    assert (first, second, result.roll, result.text) == (5, 0, 50, "raid")
    raises(RuleError, cybernaut.interaction, pack, "Chaos", [4], SeqSource([1]))
