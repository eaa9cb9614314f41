"""Cybernaut: the Netrunner's chits kept from the NSA until the rules reveal them
(Cybernaut V.C.3-5, VII.B.4, VII.F), and Nexus jumps to diagonal addresses (VII.E.2)."""

from check import SeqSource, raises
from cyb_helpers import placed_game, to_netrun

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


def test_netrunner_chits_are_sealed_from_the_nsa_until_revealed():
    game = placed_game()
    to_netrun(game)
    give(game, ["Probe", "Virus"])
    src = SeqSource([])
    probe = [c["id"] for c in game.box(0) if c["t"] == "Probe"][0]
    virus = [c["id"] for c in game.box(0) if c["t"] == "Virus"][0]
    public, secret = game.split()
    ids = [c["id"] for c in secret]
    assert probe in ids and virus in ids and public["nr"] == []  # hidden box (V.C.4)
    game.start_netrun(0, "M00", src)
    events = game.nr_place(probe)  # face down (VII.B.4): id and type only in "hide"
    assert events[0]["hide"] == {"chit": probe, "type": "Probe"}
    assert "Probe" not in [v for k, v in events[0].items() if k != "hide"]
    public, secret = game.split()
    assert public["nmarks"] == {"M00": 1} and probe in [c["id"] for c in secret]
    assert game.nsa_view()["nmarks"] == {"M00": 1} and game.nsa_view()["nshown"] == []
    game.nr_move(probe, "M01", src)
    assert game.nsa_view()["nmarks"] == {"M01": 1}
    # a revealed Cybernaut's box is open to the NSA (V.C.3); hidden again, closed (V.C.5)
    game.reveal_cybernaut(0, "test", SeqSource([0]))
    public, secret = game.split()
    assert [c["id"] for c in public["nr"]] == [virus]
    assert game.nsa_view()["boxes"] == {0: ["Virus"]}
    game.hide_cybernaut(0, "test")
    assert game.split()[0]["nr"] == [] and game.nsa_view()["boxes"] == {}
    # the Probe steps next to the Tracer at M21 (M11): the Tracer is revealed and
    # reveals it (VII.F.2); the Ghost stepping next to it shows its box (VII.F.2)
    game.nr_move(probe, "M11", src)
    assert game.nsa_view()["nshown"] == [["M11", "Probe"]]
    events = game.ghost_move("M10", src)
    events += game.ghost_move("M20", src)
    shown = [e for e in events if e["kind"] == "nr_revealed"]
    assert shown[-1]["chits"] == [["M20", "Virus"]]


def test_chit_gained_by_a_hidden_cybernaut_is_sealed():
    game = placed_game()
    events = game.gain_chit(0, SeqSource([0]))
    assert "type" not in events[0] and events[0]["hide"]["type"] == "Probe"
    game.reveal_cybernaut(0, "test", SeqSource([0]))
    events = game.gain_chit(0, SeqSource([0]))
    assert "hide" not in events[0] and events[0]["type"] == "Probe"


def test_nexus_jump_to_a_diagonal_address():
    # a jump goes "regardless of the distance" (VII.E.2): a diagonal neighbour too
    game = placed_game()
    game.nsa_chit("x2")["at"] = "M23"  # (test) the second Nexus 1 diagonal to M12
    game.nsa_chit("x6")["at"] = "M23"  # with its File
    to_netrun(game)
    src = SeqSource([])
    game.start_netrun(0, "M00", src)
    game.ghost_move("M01", src)
    game.ghost_move("M02", src)
    game.ghost_move("M12", src)  # Nexus 1 revealed, the chain reveals M23
    assert game.ghost_move("M23", src)[0]["kind"] == "ghost_jump"
    assert "VII.E.1" in reason(game.ghost_move, "M34", src)  # a diagonal step: refused
