"""The NSA's part of an impulse through the real buttons: several chits moved,
with Nexus jumps over the NSA's own face-down Nexus chits, and A again on an
address choosing among the mobile chits that share it (Cybernaut VII.B.2, VII.E)."""

import cyb_sim_netrun
from boards.sim import boot
from cyb_game import game_screen
from cyb_sim import Driver


def test_nsa_moves_two_chits_from_one_address_by_nexus_jumps(tmp_path):
    board, app = boot(str(tmp_path), cyb_sim_netrun.SEED)
    d = Driver(board, app)
    setup = list(cyb_sim_netrun.SETUP)
    setup[22] = "M12"  # x23 Tracer on the Nexus 1 at M12
    setup[25] = "M12"  # x26 Hunter there too
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")
    for at in setup:
        d.at(at)
    d.press("A")
    d.choose("Add Cybernaut")
    d.seq("D A")  # Cyb-2 in Sprawl-1
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    d.press("B")
    d.choose("End my part")
    d.press("B")
    d.choose("NSA part")
    d.press("A")  # "I am NSA"
    nsa = app.top()
    assert nsa.ID == "cn_nsa"
    ops = game_screen(app).s["pub"]["run"]["ops"]
    assert ops == 2  # two Control chits, no face-up Ice (VII.B.2)
    d.at("M12")
    assert nsa.chosen(app) == "x23" and "Tracer" in app.surface.lines()[5]
    d.press("A")  # A again on M12: the other mobile chit there
    assert nsa.chosen(app) == "x26" and "Hunter" in app.surface.lines()[5]
    d.at("A11")  # the Hunter jumps to the face-down Nexus 1 at A11
    d.at("M12")
    assert nsa.chosen(app) == "x23"
    d.at("A11")
    game = game_screen(app).load(app)
    assert game.nsa_chit("x23")["at"] == "A11" and game.nsa_chit("x26")["at"] == "A11"
    assert game.s["run"]["ops"] == 0
    jumps = [e for e in app.journal.recent if e["kind"] == "nsa_jump"]
    assert [(e["out"]["from"], e["out"]["to"], e["rule"]) for e in jumps] == \
        [("M12", "A11", "Cybernaut VII.E.2")] * 2
    # the Netrunner's view: the Nexus chits stay face down, the marks moved
    pub = game_screen(app).s["pub"]
    assert pub["marks"]["A11"] == 4 and pub["marks"]["M12"] == 1
    assert "Hunter" not in str(pub) and "Tracer" not in str(pub)


def test_b_then_a_on_the_netrun_grids_ends_nothing(tmp_path):
    """The Netrun menu and the NSA's menu open with a harmless item first: B then A
    never logs off, ends the Netrunner's part or the NSA's (issue 19: Logoff was first)."""
    board, app = boot(str(tmp_path), cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")
    for at in cyb_sim_netrun.SETUP:
        d.at(at)
    d.press("A")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    d.at("M01")  # a step: the Ghost just moved, Logoff would be allowed at M00 only
    d.at("M00")  # back on the own green address: Logoff allowed here (VII.H.1)
    run = dict(game_screen(app).s["pub"]["run"])
    seq = app.journal.next_seq
    d.press("B")
    items = app.top().items(app)
    assert items == ["Place chit", "Move chit", "Use Probe", "End my part", "Logoff",
                     "Track", "Log", "Back to grid"]
    d.press("A")  # the first item: a picker, nothing done
    assert app.top().ID == "cn_chits" and app.journal.next_seq == seq
    d.press("B")
    assert app.top().ID == "cn_net" and game_screen(app).s["pub"]["run"] == run
    d.press("B")
    d.choose("End my part")
    d.press("B")
    d.choose("NSA part")
    d.press("A")  # "I am NSA"
    assert app.top().ID == "cn_nsa"
    seq = app.journal.next_seq
    d.press("B")
    assert app.top().items(app) == ["Back to grid", "Use Tracer", "End NSA part"]
    d.press("A")
    assert app.top().ID == "cn_nsa" and app.journal.next_seq == seq
    assert game_screen(app).s["pub"]["run"]["part"] != "NR"
