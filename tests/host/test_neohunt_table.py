"""Neo-Hunt from the screen alone (issue 19, item 6 and what its review left): the
varan card behind "Hand to", Shoot listing only targets in reach (a hidden shooter
aims behind "Hand to": her reach tells where she is), a refused shot drawing no
die, the status lines within 19 columns with the troopers' damage, "Troopers done"
making the arrival rolls not made yet, and a trooper's damage stage without extra
damage cards. The right values come from the rules (Neo-Hunt Combat, hidden
varans, troopers, trooper arriving) and the pack's cards, not from the code under
test."""

import contextlib
import io

from screen_walk import Walker
from test_odds_neohunt import NEED, _game_of, _quiet, _rolled

from firmware.surface import NB


def _trooper(tid, at, kind=1, up=False, wait=False, dmg=0):
    return {"id": tid, "type": kind, "up": up, "at": at, "wait": wait, "dmg": dmg,
            "burn": [], "igniter": None}


def _set(app, screen, g):
    """Seal ``g`` into the game screen and open it again from the seal."""
    screen._game = g
    screen.commit(app)
    screen._game = None
    return screen.game(app)


def _game(places):
    board, app, screen, g = _game_of(places)
    return board, app, screen, g


def _press(board, app, *keys):
    for key in keys:
        with contextlib.redirect_stdout(io.StringIO()):
            if key.endswith(":long"):
                board.press(app, key[:-5], True)
            else:
                board.press(app, key)


def _sectors(g):
    """(a, b, c): b adjoins a with no wall (in reach of a), c is not in reach of a
    (not adjoining, or a wall between)."""
    for a in range(7):
        near = [b for b in range(7) if b != a and g.board.open_between(a, b)]
        far = [c for c in range(7) if c != a and not g.board.open_between(a, c)]
        if near and far:
            return a, near[0], far[0]
    raise AssertionError("no such sectors")


# ---- 1. the varan card behind "Hand to" ------------------------------------------

def test_the_private_place_screen_shows_her_varan_card_from_the_pack():
    from firmware.games.neohunt.private import NhPlace
    from firmware.screens.prompt import Handover
    board, app, screen, g = _game([1, 3])
    cards = g.sect["varans"]
    special = [i for i in range(len(cards)) if cards[i]["special"]][0]
    g.d["players"][1]["card"] = special
    g.varan(1)["card"] = special
    g.varan(1)["hits"] = cards[special]["hits"]
    g.varan(1)["speed"] = cards[special]["speed"]
    g.varan(1)["dmg"] = 1
    g = _set(app, screen, g)
    walker = Walker(board, app)
    app.push(Handover.make("P2", NhPlace({"p": 1, "mode": "move", "sel": 0, "err": ""})))
    _press(board, app, "U")                          # nothing here: redrawn
    hand = app.surface.lines()
    assert hand[0] == "Hand to P2" and cards[special]["name"] not in " ".join(hand)
    _press(board, app, "A")
    lines = app.surface.lines()
    c = cards[special]
    assert lines[0] == "P2 only" and lines[1] == "R:where? 0/%d moves" % c["speed"]
    assert lines[7] == "^v pick A:ok B:cancel"
    assert lines[3:6] == ["Varan " + c["name"], "Speed %d Damage 1/%d" % (c["speed"], c["hits"]),
                          "Special: " + ", ".join(c["special"])]
    # P1's own card on her screen, before she has a varan on the board: its hits
    g.d["players"][0]["card"] = 0
    g.d["players"][0]["varan"] = None
    g = _set(app, screen, g)
    _press(board, app, "B", "A")
    app.push(Handover.make("P1", NhPlace({"p": 0, "mode": "entry", "sel": 1, "err": ""})))
    _press(board, app, "A")
    c = cards[0]
    assert app.surface.lines()[3:6] == ["Varan " + c["name"], "Speed %d Hits %d" % (c["speed"], c["hits"]),
                                        "Special: " + (", ".join(c["special"]) or "none")]
    for key in ("D",) * 8:                           # every place, each frame checked
        _press(board, app, key)
    assert walker.close() == [] and walker.screens.get("nh_place", 0) >= 9


def test_a_refused_place_shows_its_reason_where_the_card_was_until_the_cursor_moves():
    from firmware.games.neohunt.private import NhPlace
    board, app, screen, g = _game([1, 3])
    app.push(NhPlace({"p": 0, "mode": "initial", "sel": 7, "err": "the initial place cannot be Hide"}))
    _press(board, app, "R")   # nothing on R here: redrawn
    assert app.surface.lines()[3:5] == ["NO: the initial place", "cannot be Hide"]
    _press(board, app, "U")
    assert app.surface.lines()[3].startswith("Varan ")


# ---- 2. Shoot lists only targets in reach ------------------------------------------

def test_a_public_shooter_sees_only_targets_in_reach_and_why_none():
    from firmware.games.neohunt.attack import NhShoot
    board, app, screen, g = _game([1, 1, 1])
    a, b, c = _sectors(g)
    for p, at in ((0, a), (1, b), (2, c)):
        g.varan(p)["init"] = at
    g.d["troopers"] = [_trooper(1, a), _trooper(2, c)]
    g = _set(app, screen, g)
    shot = NhShoot({"att": ["v", 0], "stage": "target", "sel": 0, "extras": [], "red": 0,
                    "last": "", "hits": 1})
    app.push(shot)
    # P2 in the open adjoining sector and T1 in hers: in reach; P3 and T2 in c: not
    assert shot.targets(app) == [("v", 1), ("t", 1)]
    assert shot.items(app) == ["P2 clk", "T1 S%d" % a if a else "T1 C", "Cancel"]
    assert shot.footer(app)[0].startswith("Need ")
    # everyone in c: nobody listed, the footer says why
    g.varan(1)["init"] = c
    g.d["troopers"] = [_trooper(2, c)]
    g = _set(app, screen, g)
    assert shot.items(app) == ["Cancel"]
    assert shot.footer(app)[:2] == ["None in reach: walls", "or too far. B back"]
    # everyone hidden or gone: says so
    g.varan(1)["track"] = [str(c)]
    g.varan(2)["track"] = ["H"]
    g.d["troopers"] = []
    g = _set(app, screen, g)
    assert shot.footer(app)[:2] == ["No target: all", "hidden or gone"]


def test_a_hidden_shooter_aims_behind_hand_to_and_the_table_sees_the_same_frames():
    """Her reach tells where she is (Neo-Hunt hidden varans): the target list, and
    that none is in reach, are seen only behind "Hand to"; what the table sees
    (the menu, "Hand to P1", the hand-back on a cancel) is the same whether or not
    anyone is in her reach."""
    from firmware.games.neohunt import turns as neohunt_turns
    frames = {}
    for case in ("reach", "none"):
        board, app, screen, g = _game([1, 1])
        a, b, c = _sectors(g)
        g.varan(0)["track"] = [str(a)]              # hidden, in a
        g.varan(1)["init"] = b if case == "reach" else c
        g = _set(app, screen, g)
        assert g.state(0) == "hidden"
        screen.s["step"] = "choice"
        screen.s["cur"] = 0
        counter = app.source.counter
        seq = app.journal.next_seq
        walker = Walker(board, app)
        _quiet(neohunt_turns.other, screen, app, g, "shoot")
        _press(board, app, "U")                      # nothing at "Hand to": redrawn
        seen = [list(app.surface.lines())]
        assert app.top().ID == "handover" and seen[0][0] == "Hand to P1"
        _press(board, app, "A")                      # P1 only: her aim
        top = app.top()
        assert top.ID == "nh_attack" and top.s["_owner"] == "P1"
        if case == "reach":
            assert top.items(app) == ["P2 clk", "Cancel"]
        else:
            assert top.items(app) == ["Cancel"]
            assert app.surface.lines()[6:8] == ["None in reach: walls", "or too far. B back"]
        _press(board, app, "B")                      # cancel: handed back, nothing made
        seen.append(list(app.surface.lines()))
        assert app.top().ID == "handback" and seen[1][0] == "Cancelled"
        assert app.source.counter == counter and app.journal.next_seq == seq
        assert screen.game(app).state(0) == "hidden"
        assert walker.close() == []                  # nothing clipped, no bad wrap
        frames[case] = seen
    assert frames["reach"] == frames["none"]


def test_a_hidden_shooters_roll_reveals_her_and_the_screen_goes_public():
    from firmware.games.neohunt import turns as neohunt_turns
    board, app, screen, g = _game([1, 1])
    g.varan(0)["track"] = ["1"]
    g = _set(app, screen, g)
    screen.s["step"] = "choice"
    screen.s["cur"] = 0
    _quiet(neohunt_turns.other, screen, app, g, "shoot")
    _press(board, app, "A")
    shot = app.top()
    cover = g.board.has(1, "cover")
    _rolled(app, [5], shot.choose, app, 0)          # a 6: hits whatever the state
    assert app.top() is shot and shot.s["stage"] == "damage" and "_owner" not in shot.s
    entry = app.journal.recent[-1]
    assert entry["kind"] == "shot" and entry["out"] == {"d6": 6, "need": NEED[("cloaked", cover)],
                                                        "hit": True, "revealed": "S1"}
    assert screen.game(app).state(0) == "visible"  # the shot showed her (RULINGS)
    assert app.history[0] == ["d6 shot", 6]          # the Dice screen names it (R)


def _hidden_shot(face):
    """P1 hidden in sector a shoots the cloaked P2 in b (in reach) with the d6 reading
    ``face`` (0-based). :returns: (board, app, screen, a, console text)."""
    from check import SeqSource
    from firmware.games.neohunt import turns as neohunt_turns
    board, app, screen, g = _game([1, 1])
    a, b, c = _sectors(g)
    g.varan(0)["track"] = [str(a)]
    g.varan(1)["init"] = b
    g = _set(app, screen, g)
    screen.s["step"] = "choice"
    screen.s["cur"] = 0
    _quiet(neohunt_turns.other, screen, app, g, "shoot")
    _press(board, app, "A")
    shot = app.top()
    assert shot.items(app)[0] == "P2 clk"
    real = app.source
    app.source = SeqSource([face])
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            shot.choose(app, 0)
    finally:
        app.source = real
    return board, app, screen, a, out.getvalue()


def test_a_hidden_shooters_miss_says_where_she_was_revealed():
    # RULINGS: the attack shows the attacker; the table must move her piece, as
    # after Reveal ("P2 is at C"). Found by review: the result did not say where.
    board, app, screen, a, console = _hidden_shot(0)   # d6 1: a miss
    where = "C" if a == 0 else "S%d" % a
    top = app.top()
    assert top.ID == "result" and top.s["lines"][-1] == "P1 revealed: " + where
    assert "MISS" in top.s["lines"]
    assert "[referee] P1 revealed: %s\n" % where in console
    assert screen.game(app).state(0) == "visible" and screen.game(app).place_of(0) == a
    # and the journal's shot says so (found by a new user: the log did not say when
    # or where a hidden shooter was revealed)
    shot = [entry for entry in app.journal.recent if entry["kind"] == "shot"][-1]
    assert shot["out"]["revealed"] == where and shot["in"]["by"] == "P1", shot
    walker = Walker(board, app)
    _press(board, app, "U")
    assert walker.close() == []                          # nothing clipped


def test_a_hidden_shooters_hit_says_where_she_was_revealed_after_the_damage():
    board, app, screen, a, console = _hidden_shot(5)   # d6 6: a hit
    where = "C" if a == 0 else "S%d" % a
    assert app.top().s["stage"] == "damage"
    assert "[referee] P1 revealed: %s\n" % where in console
    _press(board, app, "B")                              # applied as set
    top = app.top()
    assert top.ID == "result" and "P1 revealed: " + where in top.s["lines"]
    assert "1 damage" in top.s["lines"]


def test_a_visible_shooter_is_not_called_revealed():
    board, app, screen, g = _game([1, 1])
    a, b, c = _sectors(g)
    g.varan(0)["init"] = a                                 # cloaked: her place is public
    g.varan(1)["init"] = b
    g = _set(app, screen, g)
    from firmware.games.neohunt.attack import NhShoot
    shot = NhShoot({"att": ["v", 0], "stage": "target", "sel": 0, "extras": [], "red": 0,
                    "last": "", "hits": 1})
    app.push(shot)
    _rolled(app, [0], shot.choose, app, 0)
    assert app.top().ID == "result"
    assert not [line for line in app.top().s["lines"] if "revealed" in line]
    shot = [entry for entry in app.journal.recent if entry["kind"] == "shot"][-1]
    assert "revealed" not in shot["out"], shot


# ---- 3. a refused shot draws no die ------------------------------------------------

def test_a_refused_shot_draws_no_die_and_journals_nothing():
    from firmware.games.neohunt.attack import NhShoot
    board, app, screen, g = _game([1, 1])
    a, b, c = _sectors(g)
    g.varan(0)["init"] = a
    g.varan(1)["init"] = c
    g = _set(app, screen, g)
    shot = NhShoot({"att": ["v", 0], "stage": "target", "sel": 0, "extras": [], "red": 0,
                    "last": "", "hits": 1})
    app.push(shot)
    shot.targets = lambda app: [("v", 1)]           # a list made before the game changed
    counter = app.source.counter
    seq = app.journal.next_seq
    _quiet(shot.choose, app, 0)
    assert app.top().ID == "text" and app.top().s["title"] == "Not allowed"
    assert "out of reach" in " ".join(app.top().s["lines"])
    assert app.source.counter == counter and app.journal.next_seq == seq
    assert app.source.take_draws() == []


# ---- 5. status lines -------------------------------------------------------------

def test_status_lines_fit_19_columns_and_show_trooper_damage_not_hidden_hits():
    from firmware.games.neohunt.turns import STATUS_LEGEND, status_lines
    from firmware.ui import TextScreen
    board, app, screen, g = _game([1, 3])
    types = g.sect["troopers"]
    long_name = max(range(len(types)), key=lambda i: len(types[i]["name"]))
    g.d["troopers"] = [_trooper(1, 1, long_name, up=True, dmg=1), _trooper(2, 3, 0, dmg=1),
                       _trooper(3, 4, 0, wait=True)]
    g.d["troopers"][0]["burn"] = ["Flame Up"]
    lines = status_lines(g)
    assert lines[2:8] == [
        "T1 S1 in 1/%d*" % types[long_name]["hits"], NB * 2 + types[long_name]["name"].replace(" ", NB),
        "T2 S3 in 1/?", NB * 2 + "?",          # face-down: its hits would tell its type
        "T3 S4 w", NB * 2 + "?"]
    for line in lines + STATUS_LEGEND:
        assert len(line) <= 19, line
    text = TextScreen.make("Status", "\n".join(lines + STATUS_LEGEND))
    # no line of it is wrapped: each shows as made (NB drawn as a space)
    assert text.s["lines"] == [x.replace(NB, " ") for x in lines + STATUS_LEGEND]
    assert "  " + types[long_name]["name"] in text.s["lines"]
    # on the device: the Status entry of the game, scrolled to its end, each frame checked
    from firmware.games.neohunt import turns as neohunt_turns
    g = _set(app, screen, g)
    walker = Walker(board, app)
    _quiet(neohunt_turns.other, screen, app, g, "status")
    for _ in range(len(text.s["lines"])):
        _press(board, app, "D")
    shown = app.surface.lines()
    assert app.top().ID == "text" and shown[-2].strip() == "1/?: hits unknown"
    assert shown[-1] == "A: OK  U more"     # what A does, named; only up is left (review)
    assert walker.close() == []


# ---- 6. "Troopers done" makes the arrival rolls not made yet --------------------------

def test_troopers_done_rolls_the_waiting_arrivals_and_says_so():
    from firmware.games.neohunt import turns as neohunt_turns
    board, app, screen, g = _game([1, 3])
    g.d["troopers"] = [_trooper(1, 2, wait=True), _trooper(2, 5, wait=True)]
    g = _set(app, screen, g)
    screen.s["step"] = "troopers"
    screen.s["arrived"] = False
    _rolled(app, [3, 0], neohunt_turns.other, screen, app, g, "tdone")   # 4 arrives, 1 waits
    top = app.top()
    assert top.ID == "result" and top.s["title"] == "Arrivals first"
    assert top.s["lines"] == ["T1 d6 4 arrives", "T2 d6 1 waits", "(each on 4+)"]
    entry = app.journal.recent[-1]
    assert entry["kind"] == "arrival" and entry["out"]["rolls"] == [[1, 4, True], [2, 1, False]]
    assert screen.s["step"] == "deal" and [t["wait"] for t in g.d["troopers"]] == [False, True]
    assert app.history[:2] == [["d6 arrive", 1], ["d6 arrive", 4]]
    # rolled already this trooper card, or nobody waiting: "Troopers done" rolls nothing
    for arrived, waiting in ((True, True), (False, False)):
        g.d["troopers"] = [_trooper(3, 2, wait=waiting)]
        screen.s["arrived"] = arrived
        screen.s["step"] = "troopers"
        seq = app.journal.next_seq
        counter = app.source.counter
        _quiet(neohunt_turns.other, screen, app, g, "tdone")
        assert app.journal.next_seq == seq and app.source.counter == counter
        assert screen.s["step"] == "deal"


# ---- 4. the dice history names Neo-Hunt's dice --------------------------------------

def test_a_burning_roll_is_named_in_the_dice_history():
    from firmware.games.neohunt import turns as neohunt_turns
    board, app, screen, g = _game([1, 2])
    g.varan(0)["burn"] = ["Flame Up"]
    g.varan(0)["igniter"] = 1
    _rolled(app, [1], neohunt_turns.after, screen, app, g, 0)   # 2: burns on
    assert app.history[0] == ["d6 burn", 2]
    _quiet(board.press, app, "A")
    app.home()
    from firmware.screens.dice import DiceScreen
    app.push(DiceScreen())
    _press(board, app, "R")
    assert app.surface.lines()[:2] == ["Last rolls (newest)", "d6 burn: 2"]


# ---- 8. a trooper holds no extra damage cards --------------------------------------

def test_a_troopers_hit_offers_no_extra_damage_cards_and_b_applies_one_hit():
    from firmware.games.neohunt.attack import NhShoot
    board, app, screen, g = _game([1, 1])
    g.d["troopers"] = [_trooper(1, 1, 2, up=True)]
    g = _set(app, screen, g)
    shot = NhShoot({"att": ["t", 1], "stage": "damage", "sel": 0, "extras": [], "red": 0,
                    "last": "d6 6 need 5 HIT", "hits": 1, "tgt": ["v", 0]})
    app.push(shot)
    assert shot.items(app) == ["Hits 1", "Reduce 0", "Apply damage"]
    varan = NhShoot({"att": ["v", 1], "stage": "damage", "sel": 0, "extras": [], "red": 0,
                     "last": "", "hits": 1, "tgt": ["v", 0]})
    assert varan.items(app)[:len(g.sect["extra_damage"])] == [" " + e for e in g.sect["extra_damage"]]
    _press(board, app, "R")           # on "Hits": 2 (rapid fire)
    assert shot.s["hits"] == 2
    _press(board, app, "B")           # the hit stands: applied as set, capped at 2
    top = app.top()
    assert top.ID == "result" and "2 damage" in top.s["lines"]
    assert screen.game(app).varan(0)["dmg"] == 2
    entry = app.journal.recent[-1]
    assert entry["kind"] == "damage" and entry["in"]["extras"] == [] and entry["out"]["dmg"] == 2


def test_the_damage_screen_names_the_target():
    # found by review: "P2 hit: damage" did not say whose armour or wound cards apply
    from firmware.games.neohunt.attack import NhShoot
    board, app, screen, g = _game([1, 1])
    g.d["troopers"] = [_trooper(17, 1, 2, up=True)]
    g = _set(app, screen, g)
    for att, tgt, title in ((["t", 17], ["v", 1], "T17 hit P2: damage"),
                            (["v", 1], ["t", 17], "P2 hit T17: damage"),
                            (["v", 0], ["v", 1], "P1 hit P2: damage")):
        walker = Walker(board, app)
        app.push(NhShoot({"att": att, "stage": "damage", "sel": 0, "extras": [], "red": 0,
                          "last": "d6 6 need 5 HIT", "hits": 1, "tgt": tgt}))
        _press(board, app, "U")
        line = app.surface.lines()[0]
        assert line.rstrip(" v^") == title and len(line) <= 21
        assert walker.close() == []                      # nothing clipped
        app.pop()

