"""Cybernaut readings as per-game settings (shared_rules/cybernaut/readings.py):
each setting's both values, and choosing them only before play."""

from check import SeqSource, raises
from cyb_helpers import LAYOUT, face, placed_game, small_pack, to_netrun
from shared_rules.errors import RuleError


def reason(fn, *args):
    return str(raises(RuleError, fn, *args))


def test_readings_are_chosen_before_play_with_their_section():
    from shared_rules.cybernaut.net import Game
    game = Game(small_pack())
    assert [game.reading(k) for k in ("jump", "skull", "tie", "move")] == \
        ["up", "each", "draw", "once"]  # the defaults: the readings built first
    events = game.set_reading("jump", "any")
    assert events == [{"kind": "reading", "rule": "Cybernaut VII.E.2", "reading": "jump",
                       "value": "any"}]
    assert game.reading("jump") == "any"
    assert "up/any" in reason(game.set_reading, "jump", "maybe")
    assert "Cybernaut III" in reason(game.set_reading, "weather", "rain")
    for key, value, section in (("skull", "one", "VII.G.2"), ("tie", "nsa", "IV.B.3"),
                                ("move", "legs", "VI.A.2")):
        assert game.set_reading(key, value)[0]["rule"] == "Cybernaut " + section
    game = placed_game(pack=small_pack())  # in play now
    assert "before play" in reason(game.set_reading, "tie", "nsa")
    assert game.reading("tie") == "draw"


def _jump_game(reading, pack):
    game = placed_game(pack=pack)
    game.s["read"] = {"jump": reading}
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    for step in ("M01", "M02", "M12"):  # M12: Nexus 1 revealed (entered)
        game.ghost_move(step, src)
    return game, src


def test_nexus_jump_to_a_face_down_nexus_by_reading():
    pack = small_pack()
    # "up" (default): a face-down Nexus cannot be jumped to, even a matching one
    game, src = _jump_game("up", pack)
    game.nsa_chit("x2")["up"] = False  # the matching Nexus 1 at A11, face down
    assert "no revealed Nexus at A11" in reason(game.ghost_move, "A11", src)
    # "any": matching Nexus chits suffice; the jump reveals what is at A11 (VII.F.1)
    game, src = _jump_game("any", pack)
    game.nsa_chit("x2")["up"] = False
    game.nsa_chit("x6")["up"] = False
    events = game.ghost_move("A11", src)
    assert events[0]["kind"] == "ghost_jump" and events[0]["rule"] == "Cybernaut VII.E.2"
    assert game.nsa_chit("x2")["up"]
    # a face-down Nexus 2 shares no red number: still refused, and a Dead End never
    game.s["run"]["ops"] = 5
    assert "share no red number" in reason(game.ghost_move, "B11", src)
    assert "Dead End" in reason(game.ghost_move, "M33", src)


def _skull_game(reading, pack):
    layout = list(LAYOUT)
    layout[9] = "M01"  # Black Ice (skull)
    layout[11] = "M01"  # Hunter (skull)
    game = placed_game(layout, pack)
    game.s["read"] = {"skull": reading}
    to_netrun(game)
    game.start_netrun(0, "M00", SeqSource([]))
    return game


def test_several_skull_chits_by_reading():
    pack = small_pack()
    # Cyb-2 Wetware 6. "each": a d10 per skull chit; any roll above 6 eliminates
    game = _skull_game("each", pack)
    events = game.ghost_move("M01", SeqSource([face(3), face(8), 0]))
    skull = [e for e in events if e["kind"] == "skull"][0]
    assert skull["rolls"] == [3, 8] and skull["fate"] == "eliminated"
    assert skull["rule"] == "Cybernaut VII.G.2"
    game = None
    # "one": one d10 for the strike, however many skull chits
    game = _skull_game("one", pack)
    events = game.ghost_move("M01", SeqSource([face(3), 0]))  # 0: the SS draw (System Alert)
    skull = [e for e in events if e["kind"] == "skull"][0]
    assert skull["rolls"] == [3] and skull["fate"] == "neutralized"


def test_victory_point_tie_by_reading():
    game = placed_game(pack=small_pack())
    assert game.victory() == {"netrunner": 0, "nsa": 0, "winner": "draw"}
    game.s["read"] = {"tie": "nsa"}
    assert game.victory()["winner"] == "NSA"
    game.nsa_chit("x6")["w"] = "files"  # a File destroyed: 1 to 0 either way
    assert game.victory()["winner"] == "Netrunner"
    game.s["read"] = {}
    assert game.victory()["winner"] == "Netrunner"


def test_moving_once_or_in_legs_per_segment_by_reading():
    # Cyb-2 RealWorld 3; Sprawl-1 -> Sprawl-2 costs 2, Sprawl-5 <-> Sprawl-6 costs 1
    pack = small_pack()  # one pack for both games (a 192K heap under MicroPython)
    game = placed_game(pack=pack)
    game.next_segment()  # Netrunner RealWorld Movement
    game.move_units(["Cyb-2"], ["Sprawl-1", "Sprawl-2"])
    assert "VI.A.2" in reason(game.move_units, ["Cyb-2"], ["Sprawl-2", "Sprawl-1"])  # "once"
    game = None
    game = placed_game(pack=pack, cybs=(("Cyb-2", "Sprawl-5"),))
    game.s["read"] = {"move": "legs"}
    game.next_segment()
    game.move_units(["Cyb-2"], ["Sprawl-5", "Sprawl-6"])  # 1 of 3 points
    game.move_units(["Cyb-2"], ["Sprawl-6", "Sprawl-5"])  # 2 of 3
    game.move_units(["Cyb-2"], ["Sprawl-5", "Sprawl-6"])  # 3 of 3
    assert "VI.A.3" in reason(game.move_units, ["Cyb-2"], ["Sprawl-6", "Sprawl-5"])  # none left
    assert game.s["cybs"][0]["at"] == "Sprawl-6"
    for _ in range(6):  # the next turn's movement segment: all points again
        game.next_segment()
    assert game.s["seg"] == 1 and "spent" not in game.s["cybs"][0]
    game.move_units(["Cyb-2"], ["Sprawl-6", "Sprawl-1"])  # 3 points


def test_the_nsa_moves_several_chits_with_jumps_over_its_own_face_down_nexus():
    layout = list(LAYOUT)
    layout[10] = "M12"  # x11 Tracer on the face-down Nexus 1 (x1) at M12
    layout[11] = "M12"  # x12 Hunter there too
    game = placed_game(layout, small_pack())
    to_netrun(game)
    src = SeqSource([0, 0, 0])
    game.start_netrun(0, "M00", SeqSource([]))
    game.end_part(src)  # the NSA's part
    game.s["run"]["ops"] = 3
    # the default reading ("up") binds the Netrunner, who cannot know a face-down
    # Nexus; the NSA knows its own: x11 and x12 jump M12 -> A11 (Nexus 1, face down)
    events = game.nsa_move("x11", "A11", src)
    assert events[0]["kind"] == "nsa_jump" and events[0]["rule"] == "Cybernaut VII.E.2"
    events = game.nsa_move("x12", "A11", src)
    assert events[0]["kind"] == "nsa_jump" and events[0]["ops"] == 1
    assert game.nsa_chit("x11")["at"] == "A11" and game.nsa_chit("x12")["at"] == "A11"
    assert not game.nsa_chit("x1")["up"] and not game.nsa_chit("x2")["up"]  # still down
    assert "share no red number" in reason(game.nsa_move, "x11", "B11", src)  # Nexus 2
    events = game.nsa_move("x11", "A12", src)  # a step spends the last point
    assert game.s["run"]["ops"] == 0
    assert "VII.B.2" in reason(game.nsa_move, "x12", "A12", src)
