"""Cybernaut TechGear: Interaction "T" draws a TechGear chit into the Cybernaut's
holding box (V.A, VI.C) within the pack's counter mix (II.B: the counters are a
deliberate limit); its effect comes from the pack's TechGear chart (placeholder),
else the device says the chart is not in the pack; a hidden Cybernaut's box stays
secret from the NSA (V.C.4) and goes back to the container on elimination (VIII.C.2)."""

import json

from check import SeqSource
from cyb_helpers import face, placed_game, sample_data, to_end

from shared_rules.cybernaut.techgear import NO_CHART, gain_techgear, validate_techgear
from shared_rules.tables import Pack


def _game(cybs=(("Cyb-2", "Sprawl-2"),)):
    return placed_game(cybs=cybs)


def test_interaction_T_draws_a_techgear_chit_into_the_holding_box():
    game = _game()  # Cyb-2 (RealWorld 3) in Sprawl-2, a Tech environ
    events, out = game.interact([0], SeqSource([face(7), 0]))
    assert out["total"] == 10 and out["interaction"].text == "T"  # row 9-11, Tech
    gained = [e for e in events if e["kind"] == "techgear_gained"]
    assert len(gained) == 1 and gained[0]["rule"] == "Cybernaut V.A"
    # Cyb-2 is hidden: the chit, its type and effect are sealed ("hide"), V.C.4
    assert "type" not in gained[0] and gained[0]["hide"]["type"] == "Muscle Graft"
    assert gained[0]["hide"]["effect"].startswith("PLACEHOLDER")
    box = [c for c in game.s["tg"] if c["w"] == "box"]
    assert [(c["id"], c["t"], c["cyb"]) for c in box] == [("t1", "Muscle Graft", 0)]


def test_the_counter_mix_is_the_limit():
    game = _game()
    kinds = []
    for _ in range(4):  # the sample mix: 2 Muscle Graft, 1 Cyberdeck, 1 Body Armor
        kinds.extend(e["kind"] for e in gain_techgear(game, 0, SeqSource([0])))
    assert kinds == ["techgear_gained"] * 4
    last = gain_techgear(game, 0, SeqSource([]))[0]  # no draw: none is left
    assert last["kind"] == "techgear_none"
    assert last["rule"] == "Cybernaut II.B" and "limit" in last["why"]


def test_a_type_without_a_chart_entry_says_so():
    game = _game()
    game.reveal_cybernaut(0, "test", SeqSource([0]))  # a revealed box is open (V.C.3)
    for _ in range(3):
        gain_techgear(game, 0, SeqSource([0]))
    event = gain_techgear(game, 0, SeqSource([0]))[0]
    assert event["type"] == "Body Armor" and event["effect"] == NO_CHART
    assert "hide" not in event


def test_no_techgear_in_the_pack():
    data = sample_data()
    del data["techgear"]
    from shared_rules.cybernaut.net import Game
    game = Game(Pack(data, "no-tg.json"))
    game.s["cybs"].append({"name": "Cyb-2", "rw": 3, "ww": 6, "at": "Sprawl-1", "hidden": True,
                           "why": "setup", "alive": True, "inter": False, "moved": False})
    event = gain_techgear(game, 0, SeqSource([]))[0]
    assert event["kind"] == "techgear_none" and "no TechGear" in event["why"]


def test_a_hidden_box_is_sealed_in_the_save_and_comes_back():
    from shared_rules.cybernaut.net import Game
    game = _game()
    gain_techgear(game, 0, SeqSource([1]))
    public, secret = game.split()
    text = json.dumps(public)
    assert "Muscle Graft" not in text and "Cyberdeck" not in text and '"t3"' not in text
    back = Game.join(game.pack, json.loads(text), json.loads(json.dumps(secret)))
    assert [(c["id"], c["w"]) for c in back.s["tg"]] == [("t1", "cup"), ("t2", "box"),
                                                         ("t3", "cup"), ("t4", "cup")]
    game.reveal_cybernaut(0, "test", SeqSource([0]))
    public, _ = game.split()
    assert [c["t"] for c in public["tg"]] == ["Muscle Graft"]  # open to the NSA (V.C.3)


def test_elimination_returns_techgear_to_the_container():
    game = _game()
    gain_techgear(game, 0, SeqSource([0]))
    game.eliminate_cybernaut(0, "Cybernaut VIII.C.2")
    assert [c["w"] for c in game.s["tg"]] == ["cup"] * 4


def test_the_validator_checks_the_techgear_section():
    problems = []
    validate_techgear({"techgear": [{"type": "X", "count": 0}, {"count": 1},
                                    {"type": "X", "count": 1, "effect": 3}]}, "p", problems)
    assert problems == ["pack 'p' 'techgear' item 1: 'count' must be a whole number >= 1",
                        "pack 'p' 'techgear' item 2: needs a 'type' name",
                        "pack 'p' 'techgear' item 3: type 'X' appears twice",
                        "pack 'p' 'techgear' item 3: 'effect' must be text"]
    problems = []
    validate_techgear({}, "p", problems)
    validate_techgear({"techgear": "x"}, "p", problems)
    assert problems == ["pack 'p' 'techgear': must be a list of {type, count, effect}"]


def test_the_full_reveal_lists_techgear_in_holding_boxes():
    game = _game()
    game.interact([0], SeqSource([face(7), 0]))          # T: Cyb-2 draws t1 Muscle Graft
    to_end(game)
    reveal = game.full_reveal()
    assert ["t1", "Muscle Graft", "box", "Cyb-2"] in reveal
    assert len([r for r in reveal if r[0].startswith("t")]) == 1   # the cup's are not listed
