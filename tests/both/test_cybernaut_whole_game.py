"""A whole ten-turn Cybernaut game on the rules (cyb_whole.play), on both runtimes:
under MicroPython it runs in the Pico-sized heap (tests/run_all.py: 192K) with the
code compiled to .mpy, as the device runs it (Cybernaut I, IV.B.3, VII)."""

from cyb_whole import play
from shared_rules.errors import RuleError


def test_a_whole_game_to_the_full_reveal():
    game, log = play()
    assert game.s["over"] and game.s["turn"] == 10
    assert log.count("netrun_start") == 5 and log.count("nsa_replaced") >= 4
    vp = game.victory()
    assert vp["winner"] in ("Netrunner", "NSA", "draw")
    files = len([c for c in game.s["nsa"] if c["w"] in ("files", "held")])
    dead = len([c for c in game.s["cybs"] if not c["alive"]])
    assert (vp["netrunner"], vp["nsa"]) == (files, dead)
    reveal = game.full_reveal()
    assert len(reveal) == len(game.s["nsa"]) + len(game.s["nr"]) == 27 + 9
    assert [r[0] for r in reveal][:2] == ["x1", "x2"] and reveal[-1][0] == "n9"
    # nothing moves once the game is over (Cybernaut IV.B.3)
    try:
        game.next_segment()
        assert False, "the track moved after turn 10"
    except RuleError as exc:
        assert "IV.B.3" in str(exc)
