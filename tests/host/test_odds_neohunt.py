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
    from firmware.games.neohunt.setup import NhSetup, start_game
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
    from firmware.games.neohunt.attack import NhShoot
    shot = NhShoot({"att": ["v", att], "stage": "target", "sel": 0, "extras": [], "red": 0,
                    "last": "", "hits": 1})
    app.push(shot)
    return shot


def test_shot_odds_line_follows_the_targets_public_state_and_the_modifier():
    board, app, screen, g = _game_of([1, 1, 1])
    shot = _shoot(app)
    for sel, p in ((0, 1), (1, 2)):
        shot.s["sel"] = sel
        cover = g.board.has(g.place_of(p), "cover")
        need = NEED[("cloaked", cover)]
        assert shot.footer(app) == ["Need %d+ mod +0" % need, "hit " + HITS[need]]
    shot.s["sel"] = 2   # Cancel: no odds
    assert shot.footer(app) == []
    # the target revealed (visible): its need drops by one
    g.reveal(1)
    screen.commit(app)
    screen._game = None
    shot.s["sel"] = 0
    cover = g.board.has(g.place_of(1), "cover")
    need = NEED[("visible", cover)]
    assert shot.footer(app) == ["Need %d+ mod +0" % need, "hit " + HITS[need]]
    # LEFT/RIGHT set a modifier, as on the stand-alone shot: need 4 with +2 hits on
    # 2+ (5 in 6); need 5 with -3: only the unmodified 6 (1 in 6)
    _quiet(shot.side, app, "R", "short")
    _quiet(shot.side, app, "R", "short")
    assert shot.footer(app)[0] == "Need %d+ mod +2" % need
    assert shot.footer(app)[1] == "hit " + {4: "5/6=83%", 5: "4/6=67%"}[need]
    for _ in range(6):
        _quiet(shot.side, app, "L", "short")
    assert shot.footer(app) == ["Need %d+ mod -3" % need, "hit 1/6=17%"]


def test_shoot_lists_only_targets_in_reach_and_says_why_when_none():
    board, app, screen, g = _game_of([1, 1])
    shot = _shoot(app)
    assert shot.targets(app) == [("v", 1)]          # the same sector: in reach
    # a border sector's neighbours are the centre and the two beside it: S4 is never
    # one of S1's
    assert g.board.open_between(1, 4) is False
    g.varan(1)["init"] = 4
    screen.commit(app)
    screen._game = None
    assert shot.items(app) == ["Cancel"]         # out of reach: not listed
    assert shot.footer(app)[:2] == ["None in reach: walls", "or too far. B back"]
    # P2 hidden (a face-down place card): nobody may be targeted
    g = screen.game(app)
    g.varan(1)["init"] = 1
    g.varan(1)["track"] = ["sealed card"]
    screen.commit(app)
    screen._game = None
    assert screen.game(app).state(1) == "hidden"
    assert shot.footer(app) == ["No target: all", "hidden or gone"]


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
    from firmware.games.neohunt import turns as neohunt_turns
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


def test_the_in_game_modifier_is_rolled_with_and_journaled():
    board, app, screen, g = _game_of([1, 1])
    g.reveal(1)                            # visible: need 4 or 5, never 6
    screen.commit(app)
    screen._game = None
    need = NEED[("visible", g.board.has(g.place_of(1), "cover"))]
    shot = _shoot(app)
    _quiet(shot.side, app, "L", "short")   # -1
    _rolled(app, [need - 1], shot.choose, app, 0)   # the face equals the need: -1 misses
    top = app.top()
    assert top.ID == "result" and top.s["lines"][1:] == ["need %d+, d6 %d -1" % (need, need), "MISS"]
    entry = app.journal.recent[-1]
    assert entry["kind"] == "shot" and entry["in"]["mod"] == -1
    assert entry["out"] == {"d6": need, "need": need, "hit": False}
