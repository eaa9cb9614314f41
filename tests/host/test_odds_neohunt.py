"""Neo-Hunt in a game (issue 19 items 3 and 4): the shot screen's odds line from
the target's public state, and each result on its own screen until A (a miss, a
hit with its damage and kill, a burning roll, arrivals). The needs are taken from
the rules' to-hit table here (Neo-Hunt Combat), not from the code under test."""

import contextlib
import io
import tempfile

from boards.sim import boot
from check import SeqSource

# Neo-Hunt Combat: to-hit (d6) by state and cover; hits out of 6 with no modifier
NEED = {("cloaked", False): 5, ("cloaked", True): 6, ("visible", False): 4, ("visible", True): 5}
HITS = {4: "3/6=50%", 5: "2/6=33%", 6: "1/6=17%"}


def _quiet(fn, *args):
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args)


def _game_of(places):
    """A started game, player p's varan face up (cloaked) in sector places[p]."""
    from firmware.screens.neohunt_setup import NhSetup, start_game
    root = tempfile.mkdtemp(prefix="nh-odds-")
    board, app = _quiet(boot, root, 5)
    app.push(NhSetup(None))
    setup = dict(app.top().s, players=len(places))
    _quiet(start_game, app, setup, None)
    screen = app.top()
    g = screen.game(app)
    for p in range(len(places)):
        g.choose_initial(p, str(places[p]))
    g.reveal_initials()
    screen.commit(app)
    return board, app, screen, g


def _rolled(app, values, fn, *args):
    """Call fn(*args) with the dice reading ``values`` (0-based d6 faces), then the
    session's source back (the save needs its seed)."""
    real = app.source
    app.source = SeqSource(values)
    try:
        _quiet(fn, *args)
    finally:
        app.source = real


def _shoot(app, att=0):
    from firmware.screens.neohunt_attack import NhShoot
    shot = NhShoot({"att": ["v", att], "stage": "target", "sel": 0, "extras": [], "red": 0,
                    "last": "", "hits": 1})
    app.push(shot)
    return shot


def test_shot_odds_line_follows_the_targets_public_state():
    board, app, screen, g = _game_of([1, 1, 3])
    shot = _shoot(app)
    for sel, p in ((0, 1), (1, 2)):
        shot.s["sel"] = sel
        cover = g.board.has(g.place_of(p), "cover")
        need = NEED[("cloaked", cover)]
        assert shot.footer(app)[0] == "%d+ hit %s" % (need, HITS[need])
    shot.s["sel"] = 2   # Cancel: no odds
    assert shot.footer(app) == []
    # the target revealed (visible): its need drops by one
    g.reveal(1)
    screen.commit(app)
    screen._game = None
    shot.s["sel"] = 0
    cover = g.board.has(g.place_of(1), "cover")
    need = NEED[("visible", cover)]
    assert shot.footer(app)[0] == "%d+ hit %s" % (need, HITS[need])


def test_a_miss_opens_its_result_screen_until_a():
    board, app, screen, g = _game_of([1, 1])
    cover = g.board.has(g.place_of(1), "cover")
    need = NEED[("cloaked", cover)]
    shot = _shoot(app)
    _rolled(app, [0], shot.choose, app, 0)   # the d6 reads 1: a miss whatever the state
    top = app.top()
    assert top.ID == "result" and top.s["title"] == "Shot"
    assert top.s["lines"] == ["P1 at P2 clk", "need %d+, d6 1" % need, "MISS"]
    board.press(app, "B")                # the roll stands: B does not close it
    assert app.top().ID == "result"
    board.press(app, "A")
    assert app.top().ID != "result"


def test_a_hit_and_a_kill_open_the_result_screen():
    board, app, screen, g = _game_of([1, 1])
    g.varan(1)["dmg"] = g.sect["varans"][g.varan(1)["card"]]["hits"] - 1   # one hit from death
    screen.commit(app)
    shot = _shoot(app)
    _rolled(app, [5], shot.choose, app, 0)   # the d6 reads 6: the unmodified 6 always hits
    assert app.top().ID == "nh_attack" and app.top().s["stage"] == "damage"
    extras = g.sect["extra_damage"]
    _quiet(shot.choose, app, len(extras) + 2)   # Apply damage
    top = app.top()
    assert top.ID == "result" and top.s["title"] == "Hit"
    text = " ".join(top.s["lines"])
    assert top.s["lines"][0].startswith("P1 at P2")
    assert "d6 6" in text and "HIT" in text and "damage" in text
    assert "killed P2" in text


def test_burning_and_arrival_rolls_open_the_result_screen():
    from firmware.screens import neohunt_turns
    board, app, screen, g = _game_of([1, 2])
    v = g.varan(0)
    v["burn"] = ["Flame Up"]
    v["igniter"] = 1
    _rolled(app, [0], neohunt_turns.after, screen, app, g, 0)   # 1: the fire goes out
    top = app.top()
    assert top.ID == "result" and top.s["lines"] == ["P1 burns: d6 1", "fire out"]
    _quiet(board.press, app, "A")
    g.d["troopers"] = [{"id": 1, "type": 0, "up": False, "at": 3, "wait": True, "dmg": 0,
                        "burn": [], "igniter": None},
                       {"id": 2, "type": 1, "up": False, "at": 4, "wait": True, "dmg": 0,
                        "burn": [], "igniter": None}]
    screen._game = g
    _rolled(app, [3, 2], neohunt_turns.other, screen, app, g, "arrive")   # 4 arrives, 3 waits
    top = app.top()
    assert top.ID == "result" and top.s["title"] == "Arrivals"
    assert top.s["lines"] == ["T1 d6 4 arrives", "T2 d6 3 waits", "(each on 4+)"]
