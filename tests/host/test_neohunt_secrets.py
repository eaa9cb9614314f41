"""Property tests (hypothesis, CPython only) for Neo-Hunt's hidden movement:

1. Over random boards and random sequences of legal and illegal moves, a move is
   accepted exactly when an independent oracle (hex coordinates, rotated walls, Speed)
   says it is legal; a refused move changes nothing; every recorded move is legal.
2. Non-interference on the device (simulator): two games with the same seed and the
   same public actions but different hidden places show the same player-facing
   screens, print the same serial output and write the same journal and save, once
   sealed values are blanked. So no screen, console line, journal or save of an
   unfinished game can show another player's hidden place.
"""

import copy
import io
import re
import shutil
import contextlib
import tempfile

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from boards.sim import boot
from firmware.saving import private_owner
from check import Bound
from shared_rules.dice import HashSource
from shared_rules.errors import RuleError
from shared_rules.neohunt.game import PLAIN, Game
from shared_rules.tables import load_pack
from shared_rules.neohunt.pack import section

import os

_PACK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "firmware", "packs",
                     "neohunt-sample.json")
with open(_PACK) as _handle:
    SECT = section(load_pack(_handle.read(), "neohunt-sample.json"))

# ---- an independent oracle for adjacency and walls --------------------------------
# axial hex directions, clockwise; board exit d of a position points along DIRS[d]
DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
COORD = [(0, 0)] + [DIRS[k] for k in range(6)]  # ring position k+1 sits along exit k


def oracle_open(cells, a, b):
    """Can one step from a to b (both 0..6, a != b)? Computed from coordinates."""
    da = (COORD[b][0] - COORD[a][0], COORD[b][1] - COORD[a][1])
    if da not in DIRS:
        return False
    exit_a = DIRS.index(da)
    exit_b = (exit_a + 3) % 6

    def walled(pos, exit_):
        tile, side, rot = cells[pos]
        printed = SECT["tiles"][tile]["sides"][side]["walls"]
        return any((w + rot) % 6 == exit_ for w in printed)

    return not walled(a, exit_a) and not walled(b, exit_b)


def oracle_legal(cells, here, target, moved, speed):
    if moved >= speed:
        return False
    if target == "H" or int(target) == here:
        return True
    return oracle_open(cells, here, int(target))


PLACE = st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "H"])


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10 ** 6), start=st.integers(0, 6),
       turns=st.lists(st.lists(PLACE, max_size=6), min_size=1, max_size=5))
def test_only_legal_moves_are_recorded(seed, start, turns):
    game = Game.new(SECT, ["A", "B"], 7, HashSource(seed))
    cells = game.d["board"]
    game.choose_initial(0, str(start))
    game.choose_initial(1, "0")
    game.reveal_initials()
    here = start
    accepted = 0
    for attempts in turns:
        game.start_turn()
        speed = game.varan(0)["speed"]
        moved = 0
        for target in attempts:
            before = copy.deepcopy(game.d)
            legal = oracle_legal(cells, here, target, moved, speed)
            try:
                game.move(0, target)
            except RuleError as exc:
                assert not legal, "legal move %s->%s refused: %s" % (here, target, exc)
                assert "Neo-Hunt" in str(exc)
                assert game.d == before  # nothing recorded
                continue
            assert legal, "illegal move %s->%s accepted" % (here, target)
            moved += 1
            accepted += 1
            if target != "H":
                here = int(target)
            assert game.place_of(0) == here
    hist = game.d["players"][0]["hist"]
    assert len(hist) == accepted
    for _, a, b in hist:
        assert b == "H" or a == int(b) or oracle_open(cells, a, int(b))
    # the save round trip keeps the track
    assert Game.load(game.to_dict(PLAIN), SECT, PLAIN).d == game.d


# ---- non-interference on the simulator ------------------------------------------
PRIVATE = ("nh_place", "nh_spot", "nh_where")
SEALED = re.compile(r'\\?"(?:[0-9a-f]{10,}|>[A-Za-z0-9+/]{8,}={0,2})\\?"')  # a place (also inside the game JSON text), a trooper type, the session's dice
# seed (sealed in the save with a fresh salt each time, its length the seed's)
STARTS = ("1", "3", "5")


class Run:
    """One simulated game; collects every public frame, console line, journal and save."""

    def __init__(self, seed):
        self.root = tempfile.mkdtemp(prefix="nh-secrets-")
        self.out = io.StringIO()
        with contextlib.redirect_stdout(self.out):
            self.board, self.app = boot(self.root, seed)
        self.frames = []
        self.saves = []
        self.moves = 0
        self.aims = 0  # hidden varans' shots looked at and cancelled
        self.record()

    def record(self):
        # a private screen by its ID, or one opened through "Hand to" (a hidden
        # varan's aim: nh_attack with "_owner")
        if self.app.top().ID not in PRIVATE and private_owner(self.app.stack) is None:
            lines = self.app.surface.lines()
            if not self.frames or self.frames[-1] != lines:
                self.frames.append(lines)
            self.saves.append(self.public_file("saves/state.sav", body_only=True))

    def press(self, key):
        with contextlib.redirect_stdout(self.out):
            self.board.press(self.app, key)
        self.record()

    def public_file(self, name, body_only=False):
        data = self.app.storage.read(name)
        if data is None:
            return ""
        text = data.decode()
        if body_only:
            text = text.split("\n", 1)[1]
        else:  # journal: drop each line's CRC
            text = "\n".join(line[9:] for line in text.split("\n"))
        return SEALED.sub('"SEALED"', text)

    def pick(self, label):
        top = self.app.top()
        items = top.items(self.app)
        index = [i for i in range(len(items)) if items[i].startswith(label)][0]
        guard = Bound(len(items), lambda: "pick %r on %s: the selection stays at %r, not %d"
                      % (label, top.ID, top.s["sel"], index))
        while top.s["sel"] != index:
            guard.step()
            self.press("D")
        self.press("A")

    def clear(self):
        guard = Bound(20, lambda: "clear: A does not close the %s screen (%s)"
                      % (self.app.top().ID, self.app.surface.lines()))
        while self.app.top().ID in ("text", "handback"):
            guard.step()
            self.press("A")

    def private_place(self, attempts, mirror):
        """On a Handover: open the private screen, try ``attempts`` in order (illegal
        ones are refused there); with ``mirror`` make instead the other legal move
        (Hide <-> stay) when ``mirror`` says a move was made. :returns: the move made
        (a code) or None (cancelled)."""
        assert self.app.top().ID == "handover"
        self.press("A")
        screen = self.app.top()
        assert screen.ID == "nh_place"
        if mirror is not None:
            attempts = [mirror] if mirror != "cancel" else []
        for target in attempts:
            guard = Bound(len(screen.CHOICES), lambda: "private place %r: the selection stays at %r"
                          % (target, screen.CHOICES[screen.s["sel"]]))
            while screen.CHOICES[screen.s["sel"]] != target:
                guard.step()
                self.press("D")
            self.press("A")
            if self.app.top() is not screen:
                return target
            assert screen.s["err"]  # refused, on the private screen only
        self.press("B")
        return None


def play(seed, slots, mirrors=None):
    """Three players; the set-up move and the first action round's moves use
    ``slots`` (lists of attempted places). ``mirrors`` (from a first run) replays the
    same public shape with different hidden places. :returns: (run, made)."""
    run = Run(seed)
    made = []
    run.pick("Neo-Hunt game")
    run.press("L")  # players 4 -> 3
    run.pick("Start")
    for p in range(3):
        run.pick("P%d start" % (p + 1))
        run.private_place([STARTS[p]], None)
        run.clear()
    run.pick("Reveal starts")
    run.clear()
    slot = 0

    def one_move(label):
        nonlocal slot
        attempts = slots[slot % len(slots)]
        mirror = None
        if mirrors is not None:
            mirror = mirrors[slot]
        run.pick(label)
        here = game_of(run).place_of(int(label[1]) - 1) if label.startswith("P") else None
        if mirror is not None and mirror != "cancel":
            mirror = "H" if mirror != "H" else str(here)
        result = run.private_place(attempts, mirror)
        made.append(result if result is not None else "cancel")
        slot += 1
        run.clear()

    for p in range(3):
        one_move("P%d first move" % (p + 1))
    # a first move cancelled is not made: the item says who starts cloaked
    begin = [x for x in run.app.top().items(run.app) if x.startswith("Begin")]
    assert len(begin) == 1
    run.pick(begin[0])
    run.clear()
    run.pick("Continue")
    run.clear()
    run.pick("Action round")
    # at most 3 order cards, 3 moves and the troopers in one action round
    guard = Bound(40, lambda: "the action round never ends: step %r (%s)"
                  % (run.app.top().s.get("step"), run.app.surface.lines()))
    while True:
        guard.step()
        step = run.app.top().s["step"]
        if step == "round":
            break
        if step == "deal":
            run.pick("De")  # "Deal order card", or "Deck out: next" when it is empty
            continue
        if step == "troopers":
            run.pick("Troopers done")  # the arrival rolls not made yet: on a result screen
            clear_results(run)
            continue
        if step == "choice":
            cur = run.app.top().s["cur"]
            if game_of(run).state(cur) == "hidden":
                # she looks at her shot first (targets in her reach, or none: seen
                # behind "Hand to" only) and cancels: the table's view must not
                # depend on where she is
                run.pick("Shoot")
                assert run.app.top().ID == "handover"
                run.press("A")
                assert run.app.top().ID == "nh_attack" and run.app.top().s.get("_owner")
                run.aims += 1
                run.press("B")
                run.clear()
            attempts = slots[slot % len(slots)]
            mirror = mirrors[slot] if mirrors is not None else None
            run.pick("Move")
            here = game_of(run).place_of(cur)
            if mirror is not None and mirror != "cancel":
                mirror = "H" if mirror != "H" else str(here)
            result = run.private_place(attempts, mirror)
            made.append(result if result is not None else "cancel")
            slot += 1
            run.clear()
            if result is None:
                run.pick("No action")
            continue
        raise AssertionError("unexpected step %s" % step)
    return run, made


def clear_results(run):
    """Close result screens (shown until A) and any notice over them."""
    guard = Bound(20, lambda: "a result screen does not close (%s)" % run.app.surface.lines())
    while run.app.top().ID in ("result", "text", "handback"):
        guard.step()
        run.press("A")


def game_of(run):
    for screen in run.app.stack:
        if screen.ID == "nh_game":
            return screen.game(run.app)
    raise AssertionError("no game")


# 12 pairs of simulated games: more than 5 minutes under a load of 12 on 2 cores
@pytest.mark.timeout(2400)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))  # shrinking a sim run is slow
@given(seed=st.integers(0, 10 ** 6), slots=st.lists(st.lists(PLACE, min_size=1, max_size=3),
                                                      min_size=1, max_size=6))
def test_public_outputs_do_not_depend_on_hidden_places(seed, slots):
    first, made = play(seed, slots)
    second, made2 = play(seed, slots, made)
    try:
        check_twins(first, made, second, made2)
    finally:
        shutil.rmtree(first.root, ignore_errors=True)
        shutil.rmtree(second.root, ignore_errors=True)


# the coming order cards and the varan pile are hidden until drawn (Neo-Hunt action
# rounds, varan reinforcements): a save holds only their counts (found by review)
DECK_IN_CLEAR = re.compile(r'\\?"(order|varan_pile)\\?": *\[')
DECK_COUNT = re.compile(r'\\?"(order|varan_pile)\\?": *[0-9]+')


def check_decks_sealed(run):
    """Every save of ``run`` holds the order deck and the varan pile as counts."""
    counted = 0
    for text in run.saves:
        found = DECK_IN_CLEAR.search(text)
        assert found is None, "a save holds %r in clear: %s" % (
            found.group(1), text[found.start():found.start() + 60])
        counted += len(DECK_COUNT.findall(text))
    assert counted  # the saves do hold the game (the oracle looked at something)


def test_a_save_holds_no_order_card_or_varan_to_come():
    run, _ = play(7, [["1"], ["H"]])
    try:
        check_decks_sealed(run)
        # the round's order deck was shuffled and dealt while the saves were taken
        assert any(re.search(r'\\?"order\\?": *[1-9]', t) for t in run.saves)
        assert any(re.search(r'\\?"varan_pile\\?": *[1-9]', t) for t in run.saves)
    finally:
        shutil.rmtree(run.root, ignore_errors=True)


def check_twins(first, made, second, made2):
    check_decks_sealed(first)
    check_decks_sealed(second)
    # the second game made the same number of moves at the same moments, elsewhere
    assert [m == "cancel" for m in made] == [m == "cancel" for m in made2]
    assert first.aims == second.aims
    assert first.frames == second.frames
    assert first.out.getvalue().replace(first.root, "") == second.out.getvalue().replace(second.root, "")
    assert first.public_file(first.app.journal_name()) == second.public_file(second.app.journal_name())
    assert first.saves == second.saves
    # and the journal holds no refused move: one entry per move made
    journal = first.app.storage.read(first.app.journal_name()).decode()
    assert journal.count('"kind": "move"') == len([m for m in made if m != "cancel"])
