"""Cybernaut game state, cyberspace and fog of war (cybernaut.txt; RULINGS Cybernaut)."""

import gc
import json

from check import SeqSource, raises
from cyb_helpers import LAYOUT, face, placed_game, sample_pack, small_pack, to_end, to_netrun

from shared_rules.cybernaut.rules import SEGMENTS
from shared_rules.cybernaut.net import Game, neighbours
from shared_rules.errors import PackError, RuleError
from shared_rules.pack_check import validate_pack


def reason(fn, *args):
    return str(raises(RuleError, fn, *args))


# ---- the pack -------------------------------------------------------------------
def test_sample_pack_is_valid_and_says_placeholder():
    pack = sample_pack()
    assert pack.placeholder
    assert "PLACEHOLDER" in pack.notice
    assert validate_pack(pack.data, "p") == []


def test_pack_validator_names_each_broken_part():
    from cyb_helpers import sample_data
    data = sample_data()
    data["sprawls"]["Sprawl-1"]["environ"] = "Swamp"
    data["translines"][0][2] = 0
    data["translines"][1][1] = "Atlantis"
    data["grids"]["A"]["size"] = 4
    data["grids"]["M"]["gaps"].append("M0X")
    data["grids"]["B"]["gaps"].append("B00")
    data["unit_definitions"]["results"]["v"]["F"] = "Q"
    data["nsa_chits"][0]["red"] = [4]
    data["netrunner_chits"][0]["class"] = "Z"
    data["cybernauts"][0]["wetware"] = 11
    data["combat_columns"][1]["lo"] = 5
    data["tables"]["encounter"]["rows"][2]["combat"] = 0
    problems = validate_pack(data, "bad.json")
    text = "\n".join(problems)
    for part in ("sprawl 'Sprawl-1'", "transline 1", "unknown sprawl 'Atlantis'", "grid 'A'",
                 "'M0X'", "'B00' is both green and a GAP", "'v' x 'F'", "'nsa_chits' item 1",
                 "'netrunner_chits' item 1", "cybernauts 'Cyb-1'", "combat column '4-6'",
                 "table 'encounter' row 3"):
        assert part in text, part
    assert len(problems) == 12, problems


def test_pack_needs_a_working_nexus_per_grid():
    from cyb_helpers import sample_data
    data = sample_data()
    data["nsa_chits"] = [c for c in data["nsa_chits"] if c["type"] in ("Nexus 1", "Dead End", "File")]
    # imported here, not at the top: the helpers drop the section validator after
    # each pack (as the device does), and a module-level name would keep a second copy
    from shared_rules.cybernaut.pack import validate_sections
    problems = validate_sections(data, "few.json")
    assert any("III.A.3" in p for p in problems)
    raises(PackError, small_pack, (("Nexus 1", 3), ("Dead End", 1)))


def test_pack_with_some_sections_missing_is_refused():
    from cyb_helpers import sample_data
    data = sample_data()
    del data["unit_definitions"]
    del data["grids"]
    problems = validate_pack(data, "x.json")
    assert any("'unit_definitions'" in p for p in problems)
    assert any("grid 'M'" in p for p in problems)


def test_tables_only_pack_still_passes():
    from cyb_helpers import sample_data
    from shared_rules.cybernaut.rules import GAME_SECTIONS, missing_sections
    data = sample_data()
    for key in GAME_SECTIONS:
        del data[key]
    assert validate_pack(data, "tables-only.json") == []
    assert missing_sections(data) == list(GAME_SECTIONS)
    assert missing_sections(sample_data()) == []


# ---- grids --------------------------------------------------------------------------
def test_grids_and_adjacency():
    assert sorted(neighbours("M00")) == ["M01", "M10"]
    assert sorted(neighbours("M55")) == ["M45", "M54", "M56", "M65"]
    assert sorted(neighbours("A11")) == ["A01", "A10", "A12", "A21"]
    assert sorted(neighbours("C22")) == ["C12", "C21"]
    assert "B00" not in neighbours("A02")
    raises(RuleError, neighbours, "A33")
    raises(RuleError, neighbours, "D00")
    from shared_rules.cybernaut.net import all_addresses
    assert len(all_addresses()) == 3 * 9 + 100


# ---- setup (III.A, III.B) -------------------------------------------------------------
def test_setup_refusals_name_their_rule():
    game = Game(small_pack())
    assert "III.A.2" in reason(game.setup_place, "x1", "M00")  # green (Sprawl-1)
    assert "green" in reason(game.setup_place, "x1", "A00")
    assert "III.A.2" in reason(game.setup_place, "x1", "M05")  # GAP
    assert "GAP" in reason(game.setup_place, "x1", "C22")
    assert "II.A.2" in reason(game.setup_place, "x1", "M0A")
    assert "outside" in reason(game.setup_place, "x1", "A30")
    game.setup_place("x1", "M12")
    msg = reason(game.setup_place, "x2", "M12")
    assert "III.A.1" in msg and "Nexus" in msg
    game.setup_place("x6", "M13")  # File
    msg = reason(game.setup_place, "x7", "M13")  # Control is a File too
    assert "III.A.1" in msg and "File" in msg
    # no limit on other chits: Ice, Black Ice, Tracer, Hunter in one address
    for chit_id in ("x9", "x10", "x11", "x12"):
        game.setup_place(chit_id, "M13")
    assert "III.A" in reason(game.setup_done)  # chits left unplaced


def test_setup_keeps_a_working_nexus_for_each_grid():
    game = Game(small_pack())
    game.setup_place("x1", "M12")
    # x2 (Nexus 1) in M too would leave 2 working Nexus for grids A, B, C
    assert "III.A.3" in reason(game.setup_place, "x2", "M14")
    game.setup_place("x2", "A11")
    game.setup_place("x3", "B11")
    assert "III.A.3" in reason(game.setup_place, "x4", "B12")
    game.setup_place("x4", "C11")
    for index in range(5, 13):
        game.setup_place("x%d" % index, LAYOUT[index - 1])
    game.setup_done()
    assert game.s["stage"] == "cybernauts"
    assert "III.A" in reason(game.setup_place, "x1", "M14")


def test_setup_done_refuses_a_grid_without_working_nexus():
    game = Game(small_pack((("Nexus 1", 4), ("Dead End", 1))))
    for chit_id, at in (("x1", "M12"), ("x2", "A11"), ("x3", "B11"), ("x5", "C11")):
        game.setup_place(chit_id, at)
    # x4 is the last working Nexus: it must go to grid C, which lacks one
    assert "III.A.3" in reason(game.setup_place, "x4", "M14")
    game.setup_unplace("x5")
    game.setup_place("x4", "C12")
    game.setup_place("x5", "C11")
    game.setup_done()


def test_solo_setup_places_everything_within_the_rules():
    import gc
    from shared_rules.dice import HashSource
    pack = small_pack()  # the full sample mix is solo-placed in tests/host (heap)
    for seed in range(5):
        gc.collect()
        game = Game(pack)
        game.solo_setup(HashSource(seed))
        assert game.s["stage"] == "cybernauts"
        spaces = {}
        for chit in game.in_space():
            assert chit["at"] not in game.green and chit["at"] not in game.gaps
            kind = game.ntype(chit)["kind"]
            if kind in ("nexus", "file"):
                key = chit["at"] + kind
                assert key not in spaces
                spaces[key] = 1
        assert game._grids_lacking_nexus() == []
        assert len(game.in_space()) == 12



def test_the_setup_lists_match_their_definitions_on_any_partial_setup():
    # issue 21: _grids_lacking_nexus and setup_todo each take one pass now (the Solo
    # placement asks them ~30 times); their answers are the definitions' (III.A.3:
    # a grid lacks a Nexus that is not a Dead End; working Nexus chits first),
    # checked against those definitions written out plainly, on partial setups
    from shared_rules.cybernaut.setup import GRID_NAMES
    pack = small_pack()
    game = Game(pack)
    spots = [g + "%d%d" % (r, c) for g in GRID_NAMES for r in range(3) for c in range(3)]
    state = 7
    for trial in range(60):
        for chit in game.s["nsa"]:
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            if (state >> 8) % 3:
                chit["w"], chit["at"] = "space", spots[(state >> 12) % len(spots)]
            else:
                chit["w"], chit["at"] = "setup", None
        want = []
        for grid in GRID_NAMES:
            if not [c for c in game.s["nsa"] if c["w"] == "space" and c["at"][0] == grid
                    and game.ntype(c)["kind"] == "nexus" and game.ntype(c).get("red")]:
                want.append(grid)
        assert game._grids_lacking_nexus() == want, trial
        todo = [c for c in game.s["nsa"] if c["w"] == "setup"]
        first = [c["id"] for c in todo if game.ntype(c)["kind"] == "nexus" and game.ntype(c).get("red")]
        assert game.setup_todo() == first + [c["id"] for c in todo if c["id"] not in first], trial
    assert len(game.s["nsa"]) > 4

class _Counted:
    """A source that answers randbelow with ``pick(n)`` and keeps every n asked."""

    def __init__(self, pick):
        self.pick = pick
        self.asked = []

    def randbelow(self, n):
        self.asked.append(n)
        return self.pick(n)


def test_legal_spots_are_exactly_where_check_place_allows():
    # III.A.1-2: the fast scan (legal_spots) against the checks with their refusals
    from shared_rules.cybernaut.grid import all_addresses
    game = Game(small_pack())
    game.setup_place("x1", "M14")  # a Nexus there: a second Nexus may not go to M14
    game.setup_place("x6", "M15")  # a File there: a second File may not go to M15
    for chit_id in ("x2", "x5", "x9", "x7"):  # Nexus, Dead End, Ice, Control (a File kind)
        chit = game.nsa_chit(chit_id)
        allowed = []
        for at in all_addresses():
            try:
                game.check_place(chit, at)
                allowed.append(at)
            except RuleError:
                pass
        assert game.legal_spots(chit) == allowed
        assert game.legal_spots(chit, grid="B") == [at for at in allowed if at[0] == "B"]
    assert "M14" not in game.legal_spots(game.nsa_chit("x2"))
    assert "M14" in game.legal_spots(game.nsa_chit("x2"), ignore=("x1",))


def test_random_spot_draws_from_legal_spots_in_their_order():
    # the Solo option's draw (III.A.1-2): randbelow(how many legal) picks one of
    # legal_spots in order, with or without the caller's list of the open addresses
    # (a File's draw scans them for Files; any other kind's draws from them whole)
    from shared_rules.cybernaut.grid import all_addresses
    game = Game(small_pack())
    game.setup_place("x1", "M14")
    chit = game.nsa_chit("x2")
    opened = game.open_addresses()
    assert opened == [at for at in all_addresses() if at not in game.green and at not in game.gaps]
    for grid in (None, "A", "M"):
        spots = game.legal_spots(chit, grid=grid)
        for pick in (lambda n: 0, lambda n: n - 1, lambda n: n // 2):
            source = _Counted(pick)
            got = game.random_spot(chit, source, grid)
            assert source.asked == [len(spots)]
            assert got == spots[pick(len(spots))]
            assert game.random_spot(chit, _Counted(pick), grid, opened) == got
            other = game.nsa_chit("x9")  # an Ice: no limit of one an address
            assert game.ntype(other)["kind"] not in ("nexus", "file")
            others = game.legal_spots(other, grid=grid)
            assert game.random_spot(other, _Counted(pick), grid, opened) == others[pick(len(others))]
    for at in all_addresses():  # every address taken: the draw is refused
        game.green[at] = "test"
    assert "III.A.1" in reason(game.random_spot, chit, _Counted(lambda n: 0))


def test_cybernaut_setup_refusals():
    game = placed_game(cybs=())
    assert "III.B.1" in reason(game.add_cybernaut, "Cyb-1", "NORAD")
    assert "III.B.1" in reason(game.add_cybernaut, "Cyb-1", "L-5")
    assert "III.B.1" in reason(game.add_cybernaut, "Cyb-1", "COSMOgrad")
    for index in range(5):
        game.add_cybernaut("Cyb-%d" % (index + 1), "Sprawl-2")
    assert "III.B.1" in reason(game.add_cybernaut, "Cyb-6", "Sprawl-2")
    game = None  # one parsed pack at a time (MicroPython's 192K heap)
    assert "II.B" in reason(Game(small_pack()).add_cybernaut, "Cyb-1", "Sprawl-2")


# ---- track ---------------------------------------------------------------------------
def test_track_segments_turns_and_game_end():
    game = placed_game()
    names = []
    for _ in range(6):
        names.append(game.track()["segment"])
        game.next_segment()
    assert names == [s[1] for s in SEGMENTS]
    assert names == ["Interaction", "RealWorld Movement", "Netrun", "Attack",
                     "RealWorld Movement", "End of Turn"]
    assert [s[0] for s in SEGMENTS] == ["Netrunner"] * 3 + ["NSA"] * 3
    assert game.track()["turn"] == 2
    to_end(game)
    assert game.track()["turn"] == 10
    assert "IV.B.3" in reason(game.next_segment)
    # over after turn 10's End of Turn (IV.B.3): the track stays on it (it read turn 10
    # Interaction, a segment that never came: found by a new user)
    assert game.s["over"] and game.track()["turn"] == 10
    assert game.track()["segment"] == "End of Turn"


def test_encounter_effects_end_at_end_of_turn():
    game = placed_game()
    game.s["enc"] = ["Sprawl-1"]
    for _ in range(5):
        game.next_segment()
    assert game.s["enc"] == ["Sprawl-1"]
    events = game.next_segment()
    assert events[0]["kind"] == "turn_end" and events[0]["encounters_ended"] == ["Sprawl-1"]
    assert game.s["enc"] == []


# ---- the netrun ------------------------------------------------------------------------
def give(game, types, cyb=0):
    for chit in game.s["nr"]:
        if chit["t"] in types and chit["w"] == "cup":
            types = list(types)
            types.remove(chit["t"])
            chit["w"] = "box"
            chit["cyb"] = cyb


def test_entry_points():
    game = placed_game()
    to_netrun(game)
    msg = reason(game.start_netrun, 0, "M09", SeqSource([]))  # Sprawl-2's address, Cyb-2 is in Sprawl-1
    assert "VII.A.2" in msg
    assert "VII.A.2" in reason(game.start_netrun, 0, "M11", SeqSource([]))
    game.start_netrun(0, "M05", SeqSource([]))  # any GAP
    assert game.s["run"]["ops"] == 6  # Cyb-2 Wetware 6
    assert "VII" in reason(game.start_netrun, 0, "M00", SeqSource([]))


def test_netrun_needs_the_netrun_segment():
    game = placed_game()
    assert "IV.A.3" in reason(game.start_netrun, 0, "M00", SeqSource([]))


def test_illegal_moves_name_their_rule():
    game = placed_game()
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    assert "VII.E.1" in str(raises(RuleError, game.ghost_move, "M11", src))  # diagonal
    assert "diagonal" in str(raises(RuleError, game.ghost_move, "M11", src))
    assert "VII.E.2" in str(raises(RuleError, game.ghost_move, "A00", src))  # across grids
    assert "VII.E" in str(raises(RuleError, game.ghost_move, "M02", src))  # two away
    assert "VII.E.1" in str(raises(RuleError, game.ghost_move, "M00", src))  # stays
    assert "II.A.2" in str(raises(RuleError, game.ghost_move, "Q00", src))
    assert "VII.H.1" in reason(game.logoff)  # not right after a move
    game.ghost_move("M01", src)
    assert "VII.H.1" in reason(game.logoff)  # M01 is no exit
    assert "VII.B.4" in reason(game.nr_place, "n1")  # not in the box
    assert "IV.A.3.b" in str(raises(RuleError, game.nsa_move, "x11", "M22", src))
    for _ in range(5):
        game.ghost_move("M02" if game.s["run"]["ghost"] == "M01" else "M01", src)
    assert game.s["run"]["ops"] == 0
    assert "VII.B.1" in str(raises(RuleError, game.ghost_move, "M03", src))


def test_nexus_jump_rules():
    game = placed_game()
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    for step in ("M01", "M02"):
        game.ghost_move(step, src)
    # M12 not revealed yet: no jump to it; M02 has no Nexus to jump from
    assert "VII.E" in str(raises(RuleError, game.ghost_move, "A11", src))
    game.ghost_move("M12", src)  # Nexus 1 revealed; chain reveals A11's Nexus 1 and File
    shown = game.view()["shown"]
    assert ["A11", "Nexus 1"] in shown and ["A11", "File"] in shown
    # B11 holds a face-down Nexus 2: unknown, and no match anyway
    assert "VII.E.2" in str(raises(RuleError, game.ghost_move, "B11", src))
    game.nsa_chit("x3")["up"] = True
    assert "share no red number" in str(raises(RuleError, game.ghost_move, "B11", src))
    game.nsa_chit("x5")["up"] = True  # Dead End at M33
    assert "Dead End" in str(raises(RuleError, game.ghost_move, "M33", src))
    events = game.ghost_move("A11", src)
    assert events[0]["kind"] == "ghost_jump" and events[0]["rule"] == "Cybernaut VII.E.2"
    assert game.s["run"]["ops"] == 2


def test_dead_end_cannot_be_jumped_from():
    layout = list(LAYOUT)
    layout[4] = "M13"  # Dead End next to the Nexus at M12
    game = placed_game(layout)
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M05", SeqSource([]))
    for step in ("M04", "M03", "M13"):
        game.ghost_move(step, src)
    assert "Dead End" in str(raises(RuleError, game.ghost_move, "A11", src))


def test_tracer_adjacency_reveal_and_exception():
    game = placed_game()
    to_netrun(game)
    src = SeqSource([])
    give(game, ["Virus"])
    game.start_netrun(0, "M00", SeqSource([]))
    game.ghost_move("M01", src)
    assert ["M21", "Tracer"] not in game.view()["shown"]
    events = game.ghost_move("M11", src)  # side-adjacent to the Tracer at M21
    kinds = [e["kind"] for e in events]
    assert "nsa_revealed" in kinds
    assert ["M21", "Tracer"] in game.view()["shown"]
    assert game.s["run"]["burned"] == ["x11"]
    # the NSA uses this Tracer later: revealed first by the Netrunner, no Cybernaut reveal
    game.end_part(src)
    events = game.nsa_use_tracer("x11", SeqSource([]))
    assert not [e for e in events if e["kind"] == "cybernaut_revealed"]
    assert game.s["cybs"][0]["hidden"]


def test_tracer_moved_by_nsa_reveals_the_cybernaut():
    layout = list(LAYOUT)
    layout[10] = "M40"
    game = placed_game(layout)
    to_netrun(game)
    src = SeqSource([0])
    game.start_netrun(0, "M00", SeqSource([]))
    game.ghost_move("M10", src)
    game.ghost_move("M20", src)
    game.end_part(src)
    game.s["run"]["ops"] = 2  # (test) the NSA has points to move
    game.nsa_move("x11", "M30", src)
    game.s["cybs"][0]["why"] = "autonomous zone"  # even in an Autonomous Zone
    events = game.nsa_use_tracer("x11", src)
    revealed = [e for e in events if e["kind"] == "cybernaut_revealed"]
    assert revealed and revealed[0]["rule"] == "Cybernaut VII.F.4"
    assert not game.s["cybs"][0]["hidden"]
    assert [e for e in events if e["kind"] == "ss_drawn"]  # reinforcement (V.E.2)


def test_capture_alert_logoff_regeneration():
    game = placed_game()
    to_netrun(game)
    give(game, ["Virus"])
    src = SeqSource([0])
    log = []
    log += game.start_netrun(0, "M00", SeqSource([]))
    for step in ("M01", "M11", "M21", "M11", "M12"):
        log += game.ghost_move(step, src)
    assert game.nsa_chit("x11")["w"] == "lost"  # Virus destroys the Tracer at M21
    log += game.ghost_move("A11", src)  # jump; File captured
    assert game.nsa_chit("x6")["w"] == "held"
    assert [e for e in log if e["kind"] == "file_captured"]
    assert game.s["run"]["ops"] == 0
    log += game.end_part(src)
    assert game.s["run"]["ops"] == 1  # Control at M88, no face-up Ice
    log += game.end_part(src)
    assert game.s["run"]["imp"] == 2 and game.s["run"]["ops"] == 6
    log += game.ghost_move("A12", src)  # Ice revealed, destroys the Virus, survives
    kinds = [e["kind"] for e in log]
    assert "system_alert" in kinds
    assert not game.s["cybs"][0]["hidden"] and game.s["cybs"][0]["why"] == "System Alert"
    assert game.box(0) == []
    log += game.ghost_move("A22", src)
    log += game.logoff()
    assert game.s["run"] is None
    assert game.regenerable() == ["x11"]
    assert "VII.H.4" in reason(game.regenerate, "x6")  # not destroyed (held)
    log += game.regenerate("x11")
    todo = game.to_replace()
    assert "x11" in todo and "x1" not in todo and "x6" not in todo
    assert "VII.H.5" in reason(game.replace, {"x1": "M14"})
    placement = {}
    spots = ["M%d%d" % (r, c) for r in range(6, 10) for c in range(0, 4)]
    for index in range(len(todo)):
        placement[todo[index]] = spots[index]
    log += game.replace(placement)
    view = game.view()
    assert ["M12", "Nexus 1"] in view["shown"] and ["A11", "Nexus 1"] in view["shown"]
    assert [s for s in view["shown"] if not s[1].startswith("Nexus")] == []
    assert game.victory()["netrunner"] == 1


def test_regeneration_needs_a_control_file_in_cyberspace():
    layout = list(LAYOUT)
    layout[6] = "M22"  # the Control next to M21
    game = placed_game(layout)
    to_netrun(game)
    give(game, ["Virus"])
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    for step in ("M01", "M11", "M21", "M22"):
        game.ghost_move(step, src)
    assert game.nsa_chit("x7")["w"] == "held"
    game.end_part(src)
    game.end_part(src)
    for step in ("M12", "M02", "M03", "M04", "M05"):
        game.ghost_move(step, src)
    game.logoff()
    assert game.split()[0]["after"] == {"stage": "regen"}  # no hint about hidden chits
    assert game.regenerable() == []
    assert "VII.H.4" in reason(game.regenerate, "x11")
    game.regenerate(None)


def test_replace_refuses_broken_stacking_and_changes_nothing():
    game = placed_game()
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M05", SeqSource([]))
    game.ghost_move("M04", src)
    game.ghost_move("M05", src)
    game.logoff()
    game.regenerate(None)
    before = json.dumps(game.to_dict())
    todo = game.to_replace()
    placement = {}
    for chit_id in todo:
        placement[chit_id] = "M66"
    assert "III.A.1" in reason(game.replace, placement)  # File, Control and COMSAT together
    assert json.dumps(game.to_dict()) == before
    placement["x6"] = "M00"
    assert "III.A.2" in reason(game.replace, placement)


def test_skull_d10_against_wetware():
    # Cyb-2 Wetware 6: 6 neutralized, 7 eliminated (RULINGS Neutralization)
    pack = small_pack()  # one pack for the four games (MicroPython's 192K heap)
    for roll, fate in ((6, "neutralized"), (0, "neutralized"), (7, "eliminated"), (9, "eliminated")):
        layout = list(LAYOUT)
        layout[9] = "M01"  # Black Ice
        game = None
        game = placed_game(layout, pack)
        to_netrun(game)
        give(game, ["Virus"])
        game.nsa_chit("x6")["w"] = "held"
        game.nsa_chit("x6")["cyb"] = 0
        game.start_netrun(0, "M00", SeqSource([]))
        events = game.ghost_move("M01", SeqSource([face(roll), 0]))
        skull = [e for e in events if e["kind"] == "skull"][0]
        assert skull["fate"] == fate and skull["rolls"] == [roll] and skull["rule"] == "Cybernaut VII.G.2"
        assert game.s["run"] is None
        assert game.nsa_chit("x6")["w"] == "pending"  # Files go back to the NSA
        assert game.s["cybs"][0]["alive"] == (fate == "neutralized")
        assert [c for c in game.s["nr"] if c["w"] == "space"] == []


def test_wetware_nine_is_always_neutralized():
    layout = list(LAYOUT)
    layout[9] = "M01"
    game = placed_game(layout, cybs=(("Cyb-6", "Sprawl-1"),))  # Cyb-6 Wetware 3+15%6=6? see pack
    game.s["cybs"][0]["ww"] = 9
    to_netrun(game)
    game.start_netrun(0, "M00", SeqSource([]))
    events = game.ghost_move("M01", SeqSource([face(9), 0]))
    assert [e for e in events if e["kind"] == "skull"][0]["fate"] == "neutralized"


def test_impulse_ten_still_logged_on_eliminates():
    game = placed_game()
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    for impulse in range(1, 11):
        assert game.s["run"]["imp"] == impulse
        game.end_part(src)
        if impulse < 10:
            game.end_part(src)
    events = game.end_part(src)
    assert events[0]["kind"] == "overdose" and events[0]["rule"] == "Cybernaut VII.H.2"
    assert not game.s["cybs"][0]["alive"]
    assert game.victory() == {"netrunner": 0, "nsa": 1, "winner": "NSA"}


def test_nsa_ops_are_control_plus_face_up_ice():
    game = placed_game()
    to_netrun(game)
    game.start_netrun(0, "M00", SeqSource([]))
    assert game.nsa_ops() == 1
    game.nsa_chit("x9")["up"] = True
    game.nsa_chit("x10")["up"] = True
    assert game.nsa_ops() == 3
    events = game.end_part(SeqSource([]))
    assert events[0]["ops"] == 3 and game.s["run"]["part"] == "NSA"


def test_nexus_chain_blocked_by_ice_and_one_step_only():
    layout = list(LAYOUT)
    layout[8] = "M12"  # Ice with the Nexus 1 at M12
    game = placed_game(layout)
    to_netrun(game)
    src = SeqSource([0])
    game.start_netrun(0, "M05", SeqSource([]))
    for step in ("M04", "M03", "M02", "M12"):
        events = game.ghost_move(step, src)
    assert [e for e in events if e["kind"] == "nexus_blocked"]
    assert [s for s in game.view()["shown"] if s[0] == "A11"] == []
    assert [e for e in events if e["kind"] == "system_alert"]


def test_nexus_is_never_eliminated_and_breaker_kills_ice():
    layout = list(LAYOUT)
    layout[8] = "M01"  # Ice
    game = placed_game(layout)
    to_netrun(game)
    give(game, ["Breaker"])
    src = SeqSource([])
    game.start_netrun(0, "M00", SeqSource([]))
    events = game.ghost_move("M01", src)
    assert game.nsa_chit("x9")["w"] == "lost"
    assert not [e for e in events if e["kind"] == "system_alert"]  # the Ice did not survive
    assert game.nsa_chit("x1")["w"] == "space"


def test_ss_max_when_comsat_is_controlled():
    game = placed_game()
    assert game.ss_max() is None
    game.nsa_chit("x8")["w"] = "held"
    assert game.ss_max() == 3
    assert game.track()["ss_max"] == 3


def test_state_round_trips_through_json_with_the_secret_apart():
    game = placed_game()
    to_netrun(game)
    game.start_netrun(0, "M00", SeqSource([]))
    game.ghost_move("M01", SeqSource([]))
    public, secret = game.split()
    text = json.dumps(public)
    del public
    for chit in secret:
        assert '"%s"' % chit["id"] not in text
    secret_text = json.dumps(secret)
    del secret
    gc.collect()  # this module is compiled from source in the 192K test heap: keep room
    again = Game.join(game.pack, json.loads(text), json.loads(secret_text))
    del text, secret_text
    gc.collect()
    assert again.to_dict() == game.to_dict()


def test_no_two_parts_of_the_game_rules_share_a_name():
    # Game's methods beyond its own come from four parts imported on first use
    # (cybernaut_net.PARTS, issue 7); since no two define the same name, the order
    # they load in cannot change which method runs
    from shared_rules.cybernaut.net import PARTS
    seen = {}
    for module_name, class_name in PARTS:
        part = getattr(__import__(module_name, None, None, [class_name]), class_name)
        for key in part.__dict__:
            if not key.startswith("__"):
                assert key not in seen, (key, seen.get(key), class_name)
                seen[key] = class_name
    assert len(seen) > 40  # every part was read
