"""Neo-Hunt readings ruled in RULINGS "Neo-Hunt" (issue 20), at their boundaries, on
both runtimes: one action per trooper per round, an arriving trooper acts from the
next round, trooper targets picked with the dice among equal ones, walls closing
shots both ways, waiting troopers keeping the game going, Spot! showing the latest
place card, an attack revealing a hidden attacker, explosions revealing a hidden
varan, the 5-6 player hand size."""

from check import SeqSource, raises

from shared_rules.errors import RuleError
from shared_rules.neohunt.game import AMMO_EXPLOSION, FLAME_UP, PLAIN, Game

# (test_neohunt_rules' helpers, kept small here: importing that module as well does
# not fit MicroPython's 192K heap when run from source)
CELLS = [[i, 0, 0] for i in range(7)]


def make_section(walls=None, cover=()):
    """Tile i at position i (side 0, rotation 0); ``walls``: {position: [exits]}."""
    walls = walls or {}
    types = {}
    tiles = []
    for i in range(7):
        types["t%d" % i] = {"cover": i in cover, "sprinklers": False}
        tiles.append({"name": "Tile%d" % i, "sides": [{"type": "t%d" % i, "walls": walls.get(i, [])},
                                                    {"type": "t%d" % i, "walls": []}]})
    varans = [{"name": "V%d" % i, "speed": 2, "hits": 3, "special": []} for i in range(8)]
    troopers = [{"name": "HK", "hits": 1, "hunter_killer": True}]
    troopers += [{"name": "Trooper", "hits": 1, "hunter_killer": False} for _ in range(16)]
    return {"types": types, "tiles": tiles, "varans": varans, "troopers": troopers,
            "places": {"0": 1, "1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "H": 1},
            "extra_damage": [FLAME_UP, AMMO_EXPLOSION]}


class Zero:
    """A dice source always giving 0 (no shuffle moves anything)."""

    def randbelow(self, n):
        return 0


def new_game(players=4, **kw):
    return Game.new(make_section(**kw), ["P%d" % (i + 1) for i in range(players)], 7, Zero(), CELLS)


def started(starts, **kw):
    g = new_game(len(starts), **kw)
    for p in range(len(starts)):
        g.choose_initial(p, starts[p])
    g.reveal_initials()
    g.start_turn()
    return g


def _trooper(tid, at, wait=False):
    return {"id": tid, "type": 2, "up": False, "at": at, "wait": wait, "dmg": 0,
            "burn": [], "igniter": None}


def _on_board(tid, at, kind=1):
    t = _trooper(tid, at)
    t["type"] = kind
    return t


class Counting:
    """A dice source giving ``values`` in turn and counting the draws (n > 1 only,
    as the session dice: randbelow(1) draws nothing)."""

    def __init__(self, values):
        self.values = list(values)
        self.draws = []

    def randbelow(self, n):
        if n == 1:
            return 0
        value = self.values.pop(0)
        self.draws.append([n, value])
        return value


# ---- one action per trooper per round -------------------------------------
def test_a_trooper_shoots_once_per_round_hit_or_miss():
    g = started(["1", "1"])
    g.d["troopers"] = [_on_board(1, 1)]
    g.start_round(Zero())
    hit, need, state = g.shoot(("t", 1), ("v", 0), 3)         # d6 3 need 5: a miss
    assert (hit, need, state) == (False, 5, "cloaked")
    assert g.trooper(1)["done"] == "shot"
    reason = g.check_shot(("t", 1), ("v", 0))
    assert reason == "T1 has acted this round: one action per trooper (Neo-Hunt troopers)"
    err = raises(RuleError, g.shoot, ("t", 1), ("v", 0), 6)   # the missed shot used it
    assert "has acted this round" in str(err)
    raises(RuleError, g.pick_target, 1, Counting([]))
    assert g.equal_targets(1) == []
    g.start_round(Zero())                                      # the next round: once again
    assert g.why_idle(1) is None and "done" not in g.trooper(1)
    assert g.shoot(("t", 1), ("v", 1), 5)[0] is True
    raises(RuleError, g.shoot, ("t", 1), ("v", 0), 6)


def test_a_trooper_that_arrives_acts_from_the_next_round():
    g = started(["2", "3"])
    g.d["troopers"] = [_trooper(1, 2, True), _trooper(2, 3, True)]
    g.start_round(Zero())
    rolls = g.arrival_rolls(SeqSource([3, 2]))                 # faces 4 (arrives), 3 (waits)
    assert rolls == [(1, 4, True), (2, 3, False)]
    assert g.trooper(1)["done"] == "arrived" and "done" not in g.trooper(2)
    assert g.why_idle(1) == "T1 arrived this round: it acts from the next round on (Neo-Hunt troopers)"
    assert g.why_idle(2) == "T2 has not arrived yet (Neo-Hunt troopers)"
    assert g.check_shot(("t", 1), ("v", 0)) == g.why_idle(1)   # P1 is right there
    raises(RuleError, g.shoot, ("t", 1), ("v", 0), 6)
    assert g.equal_targets(1) == []
    g.start_round(Zero())
    assert g.why_idle(1) is None and g.equal_targets(1) == [("v", 0), ("v", 1)]  # S3 adjoins
    # across a turn's end too: arrived in the last round, acts in the next turn's first
    g.trooper(1)["done"] = "arrived"
    g.start_turn()
    g.start_round(Zero())
    assert g.why_idle(1) is None


def test_troopers_act_once_after_a_save_and_load():
    g = started(["1", "1"])
    g.d["troopers"] = [_on_board(1, 1)]
    g.d["troopers"][0]["up"] = True
    g.start_round(Zero())
    g.shoot(("t", 1), ("v", 0), 2)
    again = Game.load(g.to_dict(PLAIN), g.sect, PLAIN)
    assert "has acted this round" in again.check_shot(("t", 1), ("v", 1))


# ---- trooper targets ------------------------------------------------------
def test_equal_targets_are_the_varans_in_reach_at_the_lowest_to_hit():
    # T1 in S1 (cover 3 only); P1 S1 visible (4+), P2 S1 cloaked (5+), P3 S2 visible
    # (4+, open adjoining), P4 S4 visible (not adjoining S1)
    g = started(["1", "1", "2", "4"], cover=(3,))
    g.d["troopers"] = [_on_board(1, 1)]
    for p in (0, 2, 3):
        g.reveal(p)
    g.start_round(Zero())
    assert g.equal_targets(1) == [("v", 0), ("v", 2)]
    source = Counting([1])
    target, among = g.pick_target(1, source)
    assert target == ("v", 2) and among == [("v", 0), ("v", 2)]
    assert source.draws == [[2, 1]]                            # one draw, n = 2
    assert g.why_idle(1) is None                               # picking is not yet the shot
    # one target only: no draw; none in reach: refused, nothing drawn
    g.reveal(0)
    g.move(2, "H")                                              # P3 hidden: not a target
    one = Counting([])
    assert g.pick_target(1, one) == (("v", 0), [("v", 0)]) and one.draws == []
    g.trooper(1)["at"] = 4
    g.move(3, "H")
    none = Counting([])
    err = raises(RuleError, g.pick_target, 1, none)
    assert "no varan in reach" in str(err) and none.draws == []


def test_a_cloaked_target_is_equal_only_when_none_is_easier():
    g = started(["1", "1"])
    g.d["troopers"] = [_on_board(1, 1)]
    g.start_round(Zero())
    assert g.equal_targets(1) == [("v", 0), ("v", 1)]          # both cloaked 5+
    g.reveal(1)
    assert g.equal_targets(1) == [("v", 1)]                    # visible 4+ beats cloaked


# ---- walls both ways -----------------------------------------------------
def test_a_wall_on_either_side_closes_shots_both_ways():
    # the centre's exit 0 faces S1: a wall on the centre's tile only
    g = started(["0", "1"], walls={0: [0]})
    g.reveal(0)
    g.reveal(1)
    assert "out of reach" in g.check_shot(("v", 0), ("v", 1))
    assert "out of reach" in g.check_shot(("v", 1), ("v", 0))
    # the same edge walled on S1's tile only (S1's exit 3 faces the centre)
    g = started(["0", "1"], walls={1: [3]})
    assert "out of reach" in g.check_shot(("v", 0), ("v", 1))
    assert "out of reach" in g.check_shot(("v", 1), ("v", 0))
    g.d["troopers"] = [_on_board(1, 0)]
    g.start_round(Zero())
    assert g.equal_targets(1) == [("v", 0)]                    # not P2 behind the wall
    assert "out of reach" in g.check_shot(("v", 1), ("t", 1))
    # no wall: open both ways
    g = started(["0", "1"])
    assert g.check_shot(("v", 0), ("v", 1)) is None and g.check_shot(("v", 1), ("v", 0)) is None


# ---- the end: waiting troopers count -----------------------------------------
def test_waiting_troopers_count_as_troopers_left():
    g = started(["1", "3"])
    g.d["tdeck"] = []
    g.d["troopers"] = [_trooper(1, 2, True)]                   # one waits, none on the board
    assert g.on_board() == [] and g.start_turn() is None and g.d["ended"] is None
    g.d["troopers"] = []
    assert g.start_turn()["reason"] == "no troopers left in the deck or on the board"


# ---- Spot! -----------------------------------------------------------------
def test_spot_shows_the_latest_place_card():
    g = started(["1", "3"])
    assert g.spot(0, 1) == "3"                                 # only the face-up place
    g.move(1, "2")
    assert g.spot(0, 1) == "2"
    g.move(1, "H")
    assert g.spot(0, 1) == "H"                                 # Hide shows as Hide
    assert g.place_of(1) == 2


# ---- an attack shows the attacker ------------------------------------------
def test_a_hidden_attacker_is_revealed_as_it_attacks():
    g = started(["1", "2"])
    g.move(0, "2")
    g.move(0, "H")                                             # hidden, really in S2
    assert g.state(0) == "hidden"
    g.shoot(("v", 0), ("v", 1), 1)                             # a miss reveals it too
    assert g.state(0) == "visible" and g.varan(0)["init"] == 2 and g.varan(0)["track"] == []


# ---- explosions -------------------------------------------------------------
def test_explosion_hurts_the_whole_sector_and_reveals_a_hidden_varan():
    g = started(["1", "1", "1", "2"])
    g.move(0, "H")                                             # P1 hidden in S1
    g.move(3, "1")                                             # P4 hidden, moved into S1
    g.reveal(2)                                                # P3 visible in S1
    g.d["troopers"] = [_on_board(1, 1), _on_board(2, 2)]
    out = {"killed": []}
    g.explode(1, 1, out)
    assert out["revealed"] == [0, 3]
    assert g.state(0) == "visible" and g.varan(0)["init"] == 1
    assert g.state(3) == "visible" and g.varan(3)["init"] == 1
    assert [g.varan(p)["dmg"] for p in range(4)] == [1, 1, 1, 1]
    assert "T1" in out["killed"] and g.trooper(2)["dmg"] == 0  # S2's trooper untouched
    # a cloaked varan is not hidden: it is hurt, not revealed (its place is public)
    g = started(["1", "2"])
    out = {"killed": []}
    g.explode(1, None, out)
    assert "revealed" not in out and g.state(0) == "cloaked" and g.varan(0)["dmg"] == 1


# ---- hand size ----------------------------------------------------------------
def test_hand_size_11_up_to_four_players_9_with_five_or_six():
    for players, size in ((2, 11), (4, 11), (5, 9), (6, 9)):
        g = Game.new(make_section(), ["P%d" % i for i in range(players)], 7, Zero(), CELLS)
        for p in range(players):
            g.choose_initial(p, "1")
        g.reveal_initials()
        assert g.hand_size() == size, players
    g = new_game(4)
    assert g.d["settings"]["hand_big"] == 9


# ---- burning: once per action round of the target ------------------------------
def test_burning_troopers_roll_once_at_the_end_of_the_troopers_round():
    g = started(["1", "2"])
    g.d["troopers"] = [_on_board(1, 1), _on_board(2, 1), _on_board(3, 2)]
    for t in g.d["troopers"][:2]:
        t["burn"] = [FLAME_UP]
        t["igniter"] = 1
    # T1 d6 1: out; T2 d6 6: one more hit (1 hit: dies, P2 gains the kill); T3 not burning
    rolls = g.troopers_burning(SeqSource([0, 5]))
    assert [(r["id"], r["face"], r["result"]) for r in rolls] == [(1, 1, "out"), (2, 6, "hit")]
    assert g.trooper(1)["burn"] == [] and rolls[1]["killed"] == ["T2"]
    assert g.d["players"][1]["kills"] == 1 and [t["id"] for t in g.d["troopers"]] == [1, 3]
    g.trooper(1)["burn"] = [FLAME_UP]
    rolls = g.troopers_burning(SeqSource([1, 4]))                 # 2 and 5 burn on: one roll
    assert [(r["id"], r["result"]) for r in rolls] == [(1, "burns")] and g.trooper(1)["burn"]
    assert g.troopers_burning(SeqSource([4]))[0]["face"] == 5
