"""The scripted Cybernaut netrun in the simulator (fixed seed), through the real
buttons: entry, steps, a Nexus jump, a Tracer adjacency reveal, a System Alert, a
File capture, logoff, regeneration and the secret re-placement, each journalled with
its rule section.

CPython only: the whole game app run from source does not fit MicroPython's 192K
heap (app ~45K, rules ~63K, screens ~32K, the parsed pack ~37K); the rules it drives
are tested on both runtimes in tests/both/test_cybernaut_net.py."""

import os

import cyb_sim_netrun
from check import Bound
from boards.sim import boot, run_script
from shared_rules.journal import read_journal

# (kind, rule, outcome fields) of the netrun, in journal order, pinned
NETRUN = [
    ("netrun_start", "Cybernaut VII.A", {"at": "M00", "ops": 6}),
    ("ghost_step", "Cybernaut VII.E.1", {"from": "M00", "to": "M01", "ops": 5}),
    ("ghost_step", "Cybernaut VII.E.1", {"from": "M01", "to": "M11", "ops": 4}),
    ("nsa_revealed", "Cybernaut VII.F.2", {"why": "adjacent", "chits": [["M21", "Tracer"]]}),
    ("nr_revealed", "Cybernaut VII.F.3", {}),
    ("ghost_step", "Cybernaut VII.E.1", {"to": "M21", "ops": 3}),
    ("strike", "Cybernaut VII.G.1", {"at": "M21", "nsa_lost": [["M21", "Tracer"]], "nr_lost": []}),
    ("ghost_step", "Cybernaut VII.E.1", {"to": "M11", "ops": 2}),
    ("ghost_step", "Cybernaut VII.E.1", {"to": "M12", "ops": 1}),
    ("nsa_revealed", "Cybernaut VII.F.1", {"why": "entered", "chits": [["M12", "Nexus 1"]]}),
    ("strike", "Cybernaut VII.G.1", {"at": "M12", "nsa_lost": []}),
    ("nsa_revealed", "Cybernaut VII.G.3", {"why": "nexus chain", "chits": [
        ["A11", "Nexus 1"], ["A11", "File"], ["M68", "Nexus 12"]]}),
    ("ghost_jump", "Cybernaut VII.E.2", {"from": "M12", "to": "A11", "ops": 0}),
    ("strike", "Cybernaut VII.G.1", {"at": "A11", "captured": ["File"]}),
    ("file_captured", "Cybernaut VII.B.6", {"at": "A11", "type": "File"}),
    ("nsa_part", "Cybernaut VII.B.2", {"impulse": 1, "ops": 2}),  # 2 Control, no face-up Ice
    ("impulse", "Cybernaut VII.B.1", {"impulse": 2, "ops": 6}),
    ("ghost_step", "Cybernaut VII.E.1", {"from": "A11", "to": "A12", "ops": 5}),
    ("nsa_revealed", "Cybernaut VII.F.1", {"chits": [["A12", "Ice"]]}),
    ("strike", "Cybernaut VII.G.1", {"at": "A12", "nr_lost": ["Virus"], "nsa_lost": []}),
    ("system_alert", "Cybernaut VII.B.5", {"at": "A12"}),
    ("cybernaut_revealed", "Cybernaut V.C", {"name": "Cyb-2", "why": "System Alert"}),
    ("ss_drawn", "Cybernaut V.E.2", {}),
    ("ghost_step", "Cybernaut VII.E.1", {"from": "A12", "to": "A22", "ops": 4}),
    ("netrun_end", "Cybernaut VII.H.1", {"how": "logoff", "impulse": 2}),
    ("regenerated", "Cybernaut VII.H.4", {}),
    ("nsa_hid", "Cybernaut VII.H.5", {}),  # the press: the NSA is done (public)
    ("nsa_replaced", "Cybernaut VII.H.5", {}),  # after its frame (issue 21), sealed
]


def fresh_dir(path):
    def wipe(folder):
        for name in os.listdir(folder):
            full = folder + "/" + name
            try:
                os.remove(full)
            except OSError:
                wipe(full)
                os.rmdir(full)
    try:
        wipe(path)
    except OSError:
        os.mkdir(path)
    return path


def journal_of(root, app):
    with open(root + "/" + app.journal_name()) as handle:
        return read_journal(handle.read(), "journal")[0]


def netrun_part(entries):
    """The entries from the netrun's start, the commitments left out."""
    start = [e["kind"] for e in entries].index("netrun_start")
    return [e for e in entries[start:] if e["kind"] not in ("commit", "reveal", "commit_parked")]


def comparable(entry):
    """An entry without what a fresh salt changes (a commitment's hash and salt)."""
    if entry["kind"] == "commit":
        return (entry["kind"], entry["rule"], entry["in"]["what"])
    if entry["kind"] == "reveal":
        return (entry["kind"], entry["rule"], entry["out"]["value"])
    return (entry["kind"], entry["rule"], entry["out"])


def test_scripted_netrun_in_the_simulator(tmp_path):
    root = fresh_dir(str(tmp_path / "sim1"))
    board, app = boot(root, cyb_sim_netrun.SEED)
    driver = cyb_sim_netrun.run(board, app)
    entries = journal_of(root, app)
    part = netrun_part(entries)
    assert len(part) == len(NETRUN), [e["kind"] for e in part]
    for entry, (kind, rule, fields) in zip(part, NETRUN):
        assert entry["kind"] == kind and entry["rule"] == rule, (entry, kind)
        for key in fields:
            assert entry["out"][key] == fields[key], (entry, key)
    # the placements are journalled sealed: kind and rule readable, nothing else
    setup = [e for e in entries if e["kind"] == "nsa_setup"]
    assert len(setup) == 27 and setup[0]["rule"] == "Cybernaut III.A"
    for entry in setup + [part[-1]]:
        assert entry["out"] == {} and list(entry["in"]) == ["sealed"]
    # after the re-placement only the Nexus chits stay revealed; all else face down
    game = app.stack[2]
    assert game.ID == "cn_game"
    pub = game.s["pub"]
    shown = sorted([c["at"], c["t"]] for c in pub["nsa"] if c["w"] == "space")
    assert shown == [["A11", "Nexus 1"], ["M12", "Nexus 1"], ["M68", "Nexus 12"]]
    assert pub["cybs"][0]["hidden"] is False and pub["cybs"][0]["why"] == "System Alert"
    assert [c["t"] for c in pub["nsa"] if c["w"] == "held"] == ["File"]
    assert pub["marks"]["M70"] == 1 and "M21" not in pub["marks"]
    # the same keys from a fresh boot give the same journal (sealed values aside)
    root2 = fresh_dir(str(tmp_path / "sim2"))
    board2, app2 = run_script(root2, cyb_sim_netrun.SEED, driver.script())
    again = journal_of(root2, app2)
    assert [comparable(e) for e in again] == [comparable(e) for e in entries]


def test_track_is_one_button_away_and_the_grid_fits_60_pixels(tmp_path):
    from cyb_sim import Driver
    root = fresh_dir(str(tmp_path / "sim3"))
    board, app = boot(root, cyb_sim_netrun.SEED)
    driver = Driver(board, app)
    driver.choose("Cybernaut")
    driver.choose("New game")
    driver.choose("Solo placement")
    driver.press("B:long")  # from the game menu
    lines = app.surface.lines()
    assert lines[0] == "Track Turn 1/10" and lines[1] == "Netrunner" and lines[2] == "Interaction"
    assert lines[6:8] == ["SS Max: none (COMSAT)", "A/B: back"]
    driver.press("A")
    driver.choose("Add Cybernaut")
    driver.seq("D A")
    driver.choose("Cybernauts done")
    driver.choose("Map")
    driver.press("B:long")  # from the grid
    assert app.top().ID == "cn_track"
    driver.press("B")
    assert app.top().ID == "cn_net"
    # the 10x10 Central Matrix sits in pixels x 1..61, y 2..62; the panel starts at x 64
    lit = [(x, y) for x in range(64) for y in range(64) if board.pixel(x, y)]
    assert min(x for x, y in lit) == 1 and max(x for x, y in lit) == 61
    assert min(y for x, y in lit) == 2 and max(y for x, y in lit) == 62
    # the Netrunner's map names no NSA chit before any reveal
    text = " ".join(app.surface.lines())
    for item in app.pack("cybernaut-game-sample").data["nsa_chits"]:
        assert item["type"] not in text


def test_refusals_on_screen_and_a_whole_game_to_the_reveal(tmp_path):
    from cyb_sim import Driver
    root = fresh_dir(str(tmp_path / "sim4"))
    board, app = boot(root, 5)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")
    d.at("M00")  # green: refused, the rule named on the NSA's screen
    assert app.top().ID == "text" and app.surface.lines()[0] == "No: III.A.2"
    d.press("A")
    for at in cyb_sim_netrun.SETUP:
        d.at(at)
    d.press("A")
    d.choose("Add Cybernaut")
    # the sprawl starts on Sprawl-1, the first where a Cybernaut may set up
    assert app.surface.lines()[-1].strip() == "<Sprawl-1>"
    d.seq("L A")  # Cyb-1 in NORAD: refused (III.B.1)
    assert app.surface.lines()[0] == "No: III.B.1"
    d.seq("A B")
    d.choose("Add Cybernaut")
    d.seq("A")  # Cyb-1 in Sprawl-1
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M11")  # not an entry point
    assert app.surface.lines()[0] == "No: VII.A.2"
    d.press("A")
    d.at("M00")
    d.at("M11")  # diagonal
    assert app.surface.lines()[0] == "No: VII.E.1"
    d.press("A")
    entries = journal_of(root, app)
    refused = [e for e in entries if e["kind"] == "refused"]
    assert [e["rule"] for e in refused] == ["Cybernaut III.A.2", "Cybernaut III.B.1",
                                            "Cybernaut VII.A.2", "Cybernaut VII.E.1"]
    assert list(refused[0]["in"]) == ["action", "sealed"] or list(refused[0]["in"]) == ["sealed"]
    d.at("M01")
    d.at("M00")
    d.press("B")
    d.choose("Logoff")
    d.choose("NSA regen+place")
    d.press("A")
    d.choose("None")
    for at in cyb_sim_netrun.REPLACE + ("M88",):  # 18 chits: nothing captured or lost
        d.at(at)
    d.press("A")
    guard = Bound(10 * 6, lambda: "'Next segment' never ends the game: turn %d segment %d"
                  % (app.top().s["pub"]["turn"], app.top().s["pub"]["seg"]))
    while app.top().s["pub"]["over"] is False:
        guard.step()
        d.choose("Next segment")
    assert app.top().s["pub"]["turn"] == 10
    d.choose("Victory")
    assert "Winner: draw" in " ".join(app.surface.lines())
    d.press("A")
    d.choose("Full reveal")
    text = "\n".join(app.surface.lines())
    assert "M12 Nexus 1" in text
    entries = journal_of(root, app)
    assert entries[-1]["kind"] == "full_reveal" and len(entries[-1]["out"]["chits"]) == 27 + 9
    assert entries[-2]["kind"] == "victory" and entries[-2]["out"]["winner"] == "draw"


def test_a_reboot_mid_netrun_resumes_the_game(tmp_path):
    from cyb_sim import Driver
    root = fresh_dir(str(tmp_path / "sim5"))
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    d.at("M01")
    before = app.stack[2].s["pub"]
    board2, app2 = boot(root, cyb_sim_netrun.SEED)  # power cut and restart
    assert [s.ID for s in app2.stack] == ["main", "cn_menu", "cn_game", "cn_net"]
    assert app2.stack[2].s["pub"] == before
    assert app2.stack[2].load(app2).s["run"]["ghost"] == "M01"
    d2 = Driver(board2, app2)
    d2.at("M02")
    assert app2.stack[2].s["pub"]["run"]["ghost"] == "M02"


def test_the_track_screen_draws_from_the_game_s_state_alone(tmp_path):
    # the SS Max is kept by each store: the track needs neither the pack nor the rules
    # (after a MemoryError they are not in RAM, and a full heap could not load them)
    from cyb_sim import Driver
    root = fresh_dir(str(tmp_path / "track"))
    board, app = boot(root, cyb_sim_netrun.SEED)
    driver = Driver(board, app)
    driver.choose("Cybernaut")
    driver.choose("New game")
    driver.choose("Solo placement")
    screen = app.find("cn_game")
    assert screen.s["ssmax"] is None and screen.load(app).ss_max() is None  # II.A.7
    screen.s["ssmax"] = 3  # as stored once COMSAT is held or in the files

    def no_pack(name):
        raise AssertionError("the track screen loaded pack " + name)

    app.pack = no_pack
    driver.press("B:long")
    assert app.top().ID == "cn_track" and app.surface.lines()[6] == "SS Max 3"
    del app.pack
    del screen.s["ssmax"]  # a save from before: computed from the pack
    app.dirty = True
    app.redraw()
    assert app.surface.lines()[6] == "SS Max: none (COMSAT)"


def test_each_new_segment_opens_on_its_own_action(tmp_path):
    # review: the cursor stayed on "Next segment", so A, A, A ran through the NR RW
    # Move, Netrun and Attack segments unconfirmed; each segment now opens with the
    # cursor on its first entry, its action (Cybernaut IV: the turn's segments)
    from cyb_sim import Driver
    root = fresh_dir(str(tmp_path / "sim6"))
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    game = app.top()
    for seg, action in ((1, "Move units"), (2, "Start netrun"), (3, "Attack"),
                        (4, "Move units")):
        d.choose("Next segment")
        assert app.top() is game and game.s["pub"]["seg"] == seg
        assert game.items(app)[game.s["sel"]] == action
        assert ">" + action in app.surface.lines()
        d.press("A")   # a stray A opens the action's picker: the segment stays
        assert app.top() is not game and game.s["pub"]["seg"] == seg
        d.press("B")
        assert app.top() is game and game.s["pub"]["seg"] == seg


def test_after_solo_placement_the_menu_offers_add_cybernaut_and_the_list_says_who_plays():
    # found by review: the selection stayed on "Cybernauts done" (refused: III.B.1),
    # and Cyb-1, once added, was still offered first (refused: II.B)
    from check import tempdir
    board, app = boot(tempdir("cybadd"), 7)
    for key in "D D A D D A".split(" "):
        board.press(app, key)
    game = app.top()
    assert game.ID == "cn_game"
    game.s["sel"] = game.items(app).index("Solo placement")
    board.press(app, "A")
    assert app.top().ID == "result"  # what the device did, until A (issue 21)
    board.press(app, "A")
    assert app.top() is game and game.items(app)[game.s["sel"]] == "Add Cybernaut"
    # the message line and the Log say it (found by a new user: "(nothing yet)")
    assert app.surface.lines()[7] == "NSA chits placed" and game.s["log"] == ["NSA chits placed"]
    board.press(app, "A")
    pick = app.top()
    assert pick.ID == "cn_cybpick" and pick.s["sel"] == 0
    first = pick.items(app)[0].split(" ")[0]
    board.press(app, "A")  # adds the first Cybernaut
    assert app.top() is game
    board.press(app, "A")  # "Add Cybernaut" again (the selection stays on it)
    pick = app.top()
    assert pick.ID == "cn_cybpick"
    assert pick.items(app)[0] == first + " in play" and pick.s["sel"] == 1
