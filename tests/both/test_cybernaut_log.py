"""The Cybernaut game's Log and message line (firmware.games.cybernaut.game.summary,
lines from firmware.games.cybernaut.log): each event in the game's words
(Interaction V.A, Encounter V.D, revealed/hidden V.C, Recruit V.E.1, Body Bank
VIII.C.2, CyberStrike VII.G ...), every line within 16 cells, no raw event name,
and never a face-down chit's type (the lines are what the Netrunner may read)."""

from check import SeqSource
from cyb_helpers import face, placed_game

from firmware.games.cybernaut.shared import summary

WIDTH = 21  # a row (firmware.surface.COLS)


def _checked(lines):
    for line in lines:
        assert len(line) <= WIDTH, line
        assert "_" not in line, line  # no event kind ("cybernaut_revealed")
    return lines


def test_an_interaction_with_no_effect_says_so():
    # Cyb-2 (RealWorld 3) in Sprawl-1 (Corporatist): d10 2 + 3 = 5, "-" (V.A)
    game = placed_game()
    events, _ = game.interact([0], SeqSource([face(2)]))
    assert _checked(summary(events)) == ["Interaction 5", "No effect"]


def test_a_hidden_cybernauts_chit_is_counted_not_named():
    # d10 4 + 3 = 7: "C", a Cyberchit into hidden Cyb-2's box (V.A; closed box, V.C.4)
    game = placed_game()
    events, _ = game.interact([0], SeqSource([face(4), 0]))
    lines = _checked(summary(events))
    assert lines == ["Interaction 7", "Cyb-2 got a chit"]
    gained = [c for c in game.s["nr"] if c["w"] == "box"][0]
    assert gained["t"] not in " ".join(lines)


def test_a_reveal_brings_the_ss_draw_and_the_open_box_is_named():
    # d10 7 + 3 = 10: "C A": revealed (V.C.1), the NSA draws an SS unit (V.E.2),
    # then the chit goes into an open box, which the NSA may see (V.C.3)
    game = placed_game()
    events, _ = game.interact([0], SeqSource([face(7), 0, 0]))
    gained = [c for c in game.s["nr"] if c["w"] == "box"][0]
    drawn = game.s["ss_wait"][0]
    assert _checked(summary(events)) == ["Interaction 10", "Cyb-2 revealed", "SS drawn: " + drawn,
                                         "Cyb-2 got " + gained["t"]]


def test_an_encounter_gives_its_roll_and_printed_result():
    # Sprawl-3 (Anarchy): d10 1 + 3 = 4, "E"; Encounter dice 0 and 7: 07 (V.D)
    game = placed_game(cybs=(("Cyb-2", "Sprawl-3"),))
    events, _ = game.interact([0], SeqSource([face(1), face(0), face(7)]))
    assert _checked(summary(events)) == ["Interaction 4", "Encounter 07", "Placeholder",
                                         "encounter 00-09"]


def test_encounter_combat_and_the_recruit_and_body_bank_results():
    # Encounter 23: a row with a third party firing 3 (VIII.D)
    game = placed_game(cybs=(("Cyb-2", "Sprawl-3"),))
    events, _ = game.interact([0], SeqSource([face(1), face(2), face(3), face(0), face(9)]))
    lines = _checked(summary(events))
    assert lines[:4] == ["Interaction 4", "Encounter 23", "Placeholder", "encounter 20-29"]
    assert lines[4] == "Encounter combat"
    assert lines[5] == "Netrunner fires: " + events[-1]["fires"][0][1]["result"]
    assert _checked(summary(game.recruit("Cyb-5", "Sprawl-3"))) == ["Recruit: Cyb-5"]
    assert summary(game.recruit("Cyb-10", "Sprawl-3")) == ["Recruit: Cyb-10"]
    game.eliminate_cybernaut(0, "Cybernaut VIII.C.2")
    assert summary(game.body_bank(0, "Sprawl-3")) == ["Body Bank: Cyb-2"]


def test_each_kind_in_the_games_words_within_21_cells():
    fire = {"total": 3, "column": "1-3", "d10": 9, "result": "I"}
    cases = [
        ({"kind": "cybernaut_hidden", "name": "Cyb-2"}, ["Cyb-2 hidden"]),
        ({"kind": "already_revealed", "name": "Cyb-2"}, ["Cyb-2: no effect"]),
        ({"kind": "techgear_gained", "cyb": "Cyb-2", "hide": {"type": "Cyberdeck"}},
         ["Cyb-2: TechGear"]),
        ({"kind": "techgear_gained", "cyb": "Cyb-2", "type": "Cyberdeck"},
         ["Cyb-2 got Cyberdeck"]),
        ({"kind": "techgear_none", "cyb": "Cyb-2", "why": "x"}, ["No TechGear left"]),
        ({"kind": "cup_empty"}, ["No chit left"]),
        ({"kind": "autonomous_zone", "sprawl": "Sprawl-1"}, ["Auton. Zone Sprawl-1"]),
        ({"kind": "attack", "sprawl": "Sprawl-1", "fires": [["NSA", fire], ["Netrunner", fire]]},
         ["Attack Sprawl-1", "NSA fires: I", "Netrunner fires: I"]),
        ({"kind": "move", "units": ["Cyb-2"], "path": ["Sprawl-1", "Sprawl-2"]}, ["Cyb-2 to Sprawl-2"]),
        ({"kind": "move", "units": ["SS-1", "SS-2"], "path": ["Sprawl-1", "NORAD"]}, ["2 units to NORAD"]),
        ({"kind": "ss_eliminated", "unit": "SS-1"}, ["SS-1 eliminated"]),
        ({"kind": "cybernaut_eliminated", "name": "Cyb-2", "files_back": 2},
         ["Cyb-2 eliminated", "2 Files to NSA"]),
        ({"kind": "netrun_start", "cyb": "Cyb-2", "at": "M00"}, ["Netrun: Cyb-2"]),
        ({"kind": "nsa_revealed", "chits": [["M21", "Tracer"]]}, ["M21 Tracer"]),
        # VII.G.1: each chit's fate (review: the strike's screen named none)
        ({"kind": "strike", "at": "A12", "nsa_lost": [["A12", "Ice"]], "nr_lost": [], "captured": []},
         ["CyberStrike VII.G", "Ice destroyed"]),
        ({"kind": "strike", "at": "A12", "nsa_lost": [["A12", "Tracer"]], "nr_lost": ["Virus"],
          "captured": [], "kept": ["Nexus 3", "Ice"]},
         ["CyberStrike VII.G", "Tracer destroyed", "NR Virus destroyed", "Nexus 3 unaffected",
          "Ice unaffected"]),
        ({"kind": "strike", "at": "M33", "nsa_lost": [], "nr_lost": [], "captured": [],
          "kept": ["COMSAT"]}, ["CyberStrike VII.G", "COMSAT unaffected"]),
        ({"kind": "strike", "at": "A11", "nsa_lost": [], "nr_lost": [], "captured": ["File"],
          "kept": []}, ["CyberStrike VII.G"]),          # the capture: its own line (VII.B.6)
        ({"kind": "strike", "at": "A12", "nsa_lost": [], "nr_lost": [], "captured": []},
         ["CyberStrike VII.G", "No chit destroyed"]),   # a journal from before "kept"
        ({"kind": "file_captured", "at": "A11", "type": "File"}, ["File captured"]),
        ({"kind": "system_alert", "at": "A12"}, ["System Alert"]),
        ({"kind": "skull", "rolls": [3, 8], "wetware": 6, "fate": "eliminated"}, ["Skull d10 3 8"]),
        ({"kind": "netrun_end", "how": "logoff", "cyb": "Cyb-2"}, ["Logoff: Cyb-2"]),
        ({"kind": "netrun_end", "how": "neutralized", "cyb": "Cyb-2"}, ["Cyb-2 neutralized"]),
        ({"kind": "netrun_end", "how": "eliminated", "cyb": "Cyb-2"}, ["Cyb-2 eliminated"]),
        ({"kind": "files_returned", "count": 1}, ["1 Files to NSA"]),
        ({"kind": "overdose"}, ["Overdose"]),
        ({"kind": "turn_end", "turn": 3, "encounters_ended": []}, ["End of turn 3"]),
        ({"kind": "game_over"}, ["Game over"]),
    ]
    for event, want in cases:
        event["rule"] = "Cybernaut"
        assert _checked(summary([event])) == want, (event, summary([event]))


def test_secret_events_give_no_line():
    # the NSA's placements and moves in cyberspace, a Netrunner chit placed face down
    for event in ({"kind": "nsa_setup", "chit": "x1", "type": "Nexus 1", "at": "M12"},
                  {"kind": "nsa_step", "from": "M12", "to": "M13", "ops": 2},
                  {"kind": "nr_place", "at": "M00", "ops": 3, "hide": {"chit": "n1", "type": "Probe"}},
                  {"kind": "nr_step", "from": "M00", "to": "M01", "ops": 3, "hide": {"chit": "n1"}}):
        event["rule"] = "Cybernaut"
        assert summary([event]) == [], event


def test_the_nsa_s_placement_and_re_placement_are_said_never_where():
    # found by a new user: the Log left the NSA's placement out (III.A, VII.H.5)
    done = {"kind": "nsa_setup_done", "rule": "Cybernaut III.A"}
    assert summary([done]) == ["NSA chits placed"]
    again = {"kind": "nsa_replaced", "rule": "Cybernaut VII.H.5",
             "placement": {"x1": "M12", "x2": "N07"}}
    lines = summary([again])
    assert lines == ["NSA chits re-placed"]
    assert not [line for line in lines if "M12" in line or "N07" in line or "x1" in line]


def test_a_netrun_ended_by_elimination_says_it_once():
    """The skull's elimination (VII.G.2) ends the netrun and eliminates the Cybernaut
    (VIII.C): events netrun_end, files_returned, cybernaut_eliminated (as
    cybernaut_strike._end_run makes them); "Cyb-1 eliminated" once (found by review:
    twice on "Netrun over"), another Cybernaut's elimination still said."""
    events = [{"kind": "skull", "rolls": [9], "wetware": 6, "fate": "eliminated"},
              {"kind": "netrun_end", "how": "eliminated", "cyb": "Cyb-1", "impulse": 3},
              {"kind": "files_returned", "count": 2},
              {"kind": "cybernaut_eliminated", "name": "Cyb-1", "files_back": 0}]
    for event in events:
        event["rule"] = "Cybernaut VII.G.2"
    assert summary(events) == ["Skull d10 9", "Cyb-1 eliminated", "2 Files to NSA"]
    other = {"kind": "cybernaut_eliminated", "name": "Cyb-2", "files_back": 0,
             "rule": "Cybernaut VIII.C"}
    assert summary(events + [other]) == ["Skull d10 9", "Cyb-1 eliminated", "2 Files to NSA",
                                         "Cyb-2 eliminated"]
    # neutralized (VII.G.2): the Cybernaut is not eliminated, no line dropped
    events[1]["how"] = "neutralized"
    assert summary(events[:3]) == ["Skull d10 9", "Cyb-1 neutralized", "2 Files to NSA"]


def test_ss_units_drawn_together_are_named_in_placing_order():
    # review: two Cybernauts set up, the status line said "SS drawn: SS-4" (the last
    # drawn) while "Place SS unit" placed SS-5 (the first): one line, first to place
    # first (III.B.3)
    game = placed_game(cybs=())
    game.add_cybernaut("Cyb-1", "Sprawl-1")
    game.add_cybernaut("Cyb-2", "Sprawl-1")
    events = game.cybernauts_done(SeqSource([0, 0]))
    waiting = game.s["ss_wait"]
    assert len(waiting) == 2 and waiting[0] != waiting[1]
    lines = _checked(summary(events))
    assert ("SS drawn: %s %s" % (waiting[0], waiting[1])) in lines
    assert not [line for line in lines if line == "SS drawn: " + waiting[1]]
    from firmware.games.cybernaut.log import _ss_line
    assert _ss_line(["SS-5"]) == "SS drawn: SS-5"
    assert _ss_line(["SS-5", "SS-4"]) == "SS drawn: SS-5 SS-4"
    assert _ss_line(["SS-5", "SS-4", "SS-1"]) == "SS drawn: SS-5,4,1"     # 21 cells
    assert _ss_line(["SS-5", "SS-4", "SS-1", "SS-12", "SS-7"]) == "SS: 5,4,1,12,7"
