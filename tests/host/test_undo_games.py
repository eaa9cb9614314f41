"""Undo and redo through whole scripted games of the three games in the simulator
(CPython only, like the other whole-game runs): every action of the script keeps
the state before it; undoing the last ones restores each exactly (behind "Hand to
<owner>" when it is private), redoing them comes back to the end, and the dice
counter never goes back."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "both"))

from boards.sim import boot, parse_keys  # noqa: E402
from firmware.saving import private_owner  # noqa: E402
from firmware.undo import MAX_STEPS  # noqa: E402
from shared_rules.journal import read_journal  # noqa: E402


def _stack(app):
    """The stack's screens and states; a Cybernaut game's remembered grid cursor
    ("cur", moved by every arrow on the grid) left out: a cursor is no confirmation
    (issue 21), an arrow writes no save, so an undo step keeps it as last saved."""
    out = json.loads(json.dumps([[s.ID, s.state()] for s in app.stack]))
    for item in out:
        if item[0] == "cn_game" and isinstance(item[1], dict):
            item[1].pop("cur", None)
    return out


class Recorder:
    """Wraps board.press: the stack before each press that became an undo step."""

    def __init__(self, board, app):
        self.board, self.app = board, app
        self.before = []  # [(stack before the action, private owner)] since the last barrier
        self.barriers = 0
        self.count = 0  # all actions
        self.press = board.press
        board.press = self.wrapped

    def wrapped(self, app, name, long=False):
        stack = _stack(app)
        owner = private_owner(app.stack)
        pos = (app.undo or [0, 0, 0])[2]
        self.press(app, name, long)
        undo = app.undo or [0, 0, 0]
        if undo[2] == pos + 1:
            self.count += 1
            if len(undo) > 6 and undo[6][0] == undo[2]:
                # an action undo stops at (it revealed a secret, showed one, salted)
                self.before = []
                self.barriers += 1
            else:
                self.before.append((stack, owner))

    def stop(self):
        self.board.press = self.press


def _keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def undo_redo_all(board, app, recorder, steps=MAX_STEPS):
    """Undo the last ``steps`` actions (or down to the last one that cannot be undone:
    then one more undo must say why and change nothing), check each state, redo all."""
    recorder.stop()
    steps = min(steps, len(recorder.before))
    end = _stack(app)
    counter = app.source.counter
    gated = 0
    for stack, owner in reversed(recorder.before[-steps:]):
        if app.top().OWN_LONG_B:
            _keys(board, app, "B:long")           # these screens' long B: the track first
        _keys(board, app, "B:long A")
        assert app.top().s.get("_undo"), app.surface.lines()
        _keys(board, app, "A")                     # close the message
        if app.top().ID == "resume_gate":
            assert app.surface.lines()[0] == "Hand to " + private_owner(app.stack[:-1])
            gated += 1
            _keys(board, app, "A")
        assert _stack(app) == stack
        assert app.source.counter == counter      # no roll taken back
    if steps < MAX_STEPS and recorder.barriers:
        here = _stack(app)
        if app.top().OWN_LONG_B:
            _keys(board, app, "B:long")
        _keys(board, app, "B:long A")
        assert " ".join(app.surface.lines()[1:]).startswith("Undo stops here:"), app.surface.lines()
        _keys(board, app, "A")
        assert [s for s in _stack(app) if s[0] != "cn_track"] == here
    for _ in range(steps):
        if app.top().OWN_LONG_B:
            _keys(board, app, "B:long")
        _keys(board, app, "B:long D A A")
        if app.top().ID == "resume_gate":
            _keys(board, app, "A")
    assert _stack(app) == end
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    kinds = [entry["kind"] for entry in entries]
    assert kinds[-2 * steps:] == ["undo"] * steps + ["redo"] * steps
    return gated


def test_undo_redo_through_a_cybercore_fight(tmp_path):
    from cc_script import FIGHT, SEED
    board, app = boot(str(tmp_path), SEED)
    recorder = Recorder(board, app)
    _keys(board, app, FIGHT)
    assert len(recorder.before) > MAX_STEPS
    undo_redo_all(board, app, recorder)


class Enough(Exception):
    """Raised by a Recorder with ``limit``: the script stops after that many actions."""


def _until(recorder, limit, go):
    """Run ``go()`` until the recorder has seen ``limit`` actions."""
    wrapped = recorder.wrapped

    def stop(app, name, long=False):
        wrapped(app, name, long)
        if recorder.count >= limit:
            raise Enough()
    recorder.board.press = stop
    try:
        go()
    except Enough:
        pass
    recorder.board.press = wrapped


def _undo_notice(board, app):
    """Long B, Undo: the notice's text (one line), then close it."""
    if app.top().OWN_LONG_B:
        _keys(board, app, "B:long")
    _keys(board, app, "B:long A")
    lines = app.surface.lines()
    text = " ".join(app.top().s.get("lines", lines))
    _keys(board, app, "A")
    return lines[0], text


def test_undo_redo_through_a_neohunt_game_with_private_moves(tmp_path):
    from test_neohunt_sim import KEYS, SEED
    board, app = boot(str(tmp_path), SEED)
    recorder = Recorder(board, app)
    # up to the four players' hidden starting places (before they are revealed)
    _until(recorder, 5, lambda: _keys(board, app, " ".join(KEYS.split()[:160])))
    owners = [owner for stack, owner in recorder.before if owner]
    assert owners == ["P1", "P2", "P3", "P4"]  # actions on private screens (hidden starts)
    assert undo_redo_all(board, app, recorder) == 4


def test_undo_stops_at_the_revealed_starts(tmp_path):
    """Neo-Hunt: "Reveal starts" shows every starting place: it cannot be undone
    (the places would be hidden again, and could be chosen anew); the notice says
    why; nothing changes."""
    from test_neohunt_sim import KEYS, SEED
    board, app = boot(str(tmp_path), SEED)
    recorder = Recorder(board, app)
    keys = " ".join(KEYS.split()[:160])
    _until(recorder, 7, lambda: _keys(board, app, keys))   # 5 set-up, reveal, 1 move
    assert recorder.barriers == 1 and len(recorder.before) == 1
    recorder.stop()
    # the move: fine; the notice names it (its journal entry's kind)
    assert _undo_notice(board, app)[1] == ("Undone: move (the journal keeps it, marked undone). "
                                           "Redo brings it back.")
    if app.top().ID == "resume_gate":
        _keys(board, app, "A")
    before = _stack(app)
    assert before == recorder.before[0][0]
    title, text = _undo_notice(board, app)
    assert title == "Undo"
    assert text.startswith("Undo stops here: the action that led here revealed a secret"
                           " (neohunt, start of P1): it cannot be hidden again.")
    assert _stack(app) == before and app.secrets  # the starts stay revealed
    kinds = [e["kind"] for e in read_journal(app.storage.read(app.journal_name()), "j")[0]]
    assert kinds[-1] == "undo"                              # the refusal journals nothing



def test_undo_cannot_bring_back_a_spot_handed_to_the_spotter(tmp_path):
    """Neo-Hunt Spot!: its result handed to the spotter cannot be undone (Spot! would
    be played twice); undo says so truthfully while the result still waits unseen
    (found by review: it said the result was shown), the result screen and the
    journal stay."""
    from test_neohunt_sim import KEYS, SEED
    board, app = boot(str(tmp_path), SEED)
    for name, long in parse_keys(" ".join(KEYS.split()[:160])):
        board.press(app, name, long)
        if app.top().ID == "nh_spot":
            break
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hand"
    spotter = app.top().s["owner"]
    assert app.undo[6] == [app.undo[2], "shown", spotter, "Spot!"]
    before = _stack(app)
    journal = app.storage.read(app.journal_name())
    title, text = _undo_notice(board, app)
    assert title == "Undo" and text == (
        "Undo stops here: the action that led here handed %s a secret (Spot!): it is never"
        " taken back, looked at or not." % spotter)
    assert "showed" not in text and app.top().s["stage"] == "hand"   # nothing seen yet
    assert _stack(app) == before                  # still the spotter's "Hand to" screen
    assert app.storage.read(app.journal_name()) == journal
    assert app.surface.lines()[0] == "Hand to " + spotter


def test_undo_redo_through_a_cybernaut_game(tmp_path):
    import cyb_sim_netrun
    board, app = boot(str(tmp_path), cyb_sim_netrun.SEED)
    recorder = Recorder(board, app)
    # the NSA's chit placement (private) and the first turn, before any chit is revealed
    _until(recorder, 28, lambda: cyb_sim_netrun.run(board, app))
    assert recorder.barriers == 0 and len(recorder.before) > MAX_STEPS
    last = [owner for stack, owner in recorder.before[-MAX_STEPS:] if owner]
    assert last == ["NSA"] * MAX_STEPS
    assert undo_redo_all(board, app, recorder) == MAX_STEPS  # "Hand to NSA"


def test_undo_in_a_cybernaut_netrun_stops_at_a_revealed_chit(tmp_path):
    import cyb_sim_netrun
    board, app = boot(str(tmp_path), cyb_sim_netrun.SEED)
    recorder = Recorder(board, app)
    cyb_sim_netrun.run(board, app)
    assert recorder.barriers == 3 and 0 < len(recorder.before) < MAX_STEPS
    assert app.undo[6][1:] == ["reveal", "cybernaut", "NSA chit"]
    undo_redo_all(board, app, recorder)  # the actions after the last reveal, then the notice


def test_a_new_action_after_undo_drops_the_redo_chain(tmp_path):
    from cc_script import FIGHT, SEED
    board, app = boot(str(tmp_path), SEED)
    _keys(board, app, FIGHT)
    _keys(board, app, "B:long A A B:long A A")
    assert app.undo[3] - app.undo[2] == 2
    _keys(board, app, "A")          # an action (the fight's top item)
    if app.undo[3] != app.undo[2]:  # the press only opened a screen: act on it too
        _keys(board, app, "A")
    assert app.undo[3] == app.undo[2]
    _keys(board, app, "B:long D A")
    assert app.surface.lines()[1].startswith("Nothing to redo")


def test_undo_brings_back_an_ended_cybercore_fight_until_another_flow_opens(tmp_path):
    """The fight's end keeps the GM's numbers sealed until another flow opens (then
    reveal_all): Undo brings the fight back as it was, numbers still hidden; once the
    next flow has opened, undo stops there (issue 19 item 5)."""
    from cc_script import FIGHT, SEED
    board, app = boot(str(tmp_path), SEED)
    _keys(board, app, FIGHT)
    fight = app.top()
    assert fight.ID == "cc_fight" and app.secrets
    state = fight.state()
    sealed = dict(app.secrets)
    labels = [item[1] for item in fight.actions(app, fight.fight(app))]
    _keys(board, app, " ".join(["D"] * (labels.index("end") - fight.s["sel"]) + ["A D A A"]))
    assert [screen.ID for screen in app.stack] == ["main"] and app.secrets == sealed
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    assert entries[-1]["kind"] == "end"
    title, text = _undo_notice(board, app)
    assert title == "Undo" and text.startswith("Undone: end (the journal keeps it")
    assert [screen.ID for screen in app.stack] == ["main", "cc_fight"]
    assert app.top().state() == state and app.secrets == sealed
    labels = [item[1] for item in app.top().actions(app, app.top().fight(app))]
    _keys(board, app, " ".join(["D"] * (labels.index("end") - app.top().s["sel"]) + ["A D A A"]))
    _keys(board, app, "A")   # the main menu's first entry opens: the numbers revealed
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    assert entries[-1]["kind"] == "reveal_all" and entries[-1]["in"]["ids"] and app.secrets == {}
    _keys(board, app, "B")
    title, text = _undo_notice(board, app)
    assert title == "Undo" and text.startswith("Undo stops here: the action that led here ")
    assert [screen.ID for screen in app.stack] == ["main"] and app.secrets == {}

def test_b_on_hand_to_owner_after_undo_goes_back_to_the_game_not_the_move(tmp_path):
    """Undo into P4's hidden start: "Hand to P4"; someone else presses B: the
    private screen closes unseen and the game's public screen is back, where P4's
    choice is offered again."""
    from test_neohunt_sim import KEYS, SEED
    board, app = boot(str(tmp_path), SEED)
    recorder = Recorder(board, app)
    _until(recorder, 5, lambda: _keys(board, app, " ".join(KEYS.split()[:160])))
    recorder.stop()
    assert [screen.ID for screen in app.stack] == ["main", "nh_game", "handback"]
    _undo_notice(board, app)
    assert app.surface.lines()[0] == "Hand to P4" and app.top().ID == "resume_gate"
    private = app.stack[-2]
    assert private.ID == "nh_place" and private.s["_owner"] == "P4"
    _keys(board, app, "B")
    assert private_owner(app.stack) is None
    assert [screen.ID for screen in app.stack] == ["main", "nh_game"]
    assert app.surface.lines()[1] == ">P4 start place"  # offered again, nothing shown


def test_b_on_the_fight_set_up_asks_and_reveals_nothing(tmp_path):
    """B on a set-up holding someone opens the leave menu ("Keep playing" first:
    B then A keeps it; leaving takes a move and A twice); leaving reveals none of the
    GM's numbers entered (found by review: one B left and revealed them, and the help
    said B pointed at End fight). Undo brings the set-up back, still sealed; the next
    flow from the main menu reveals them (verify)."""
    from cc_script import SEED, add_creature, add_player
    board, app = boot(str(tmp_path), SEED)
    _keys(board, app, "D D D D A " + add_player([("rank", 1)], 0) + " "
          + add_creature([("an", 10), ("dc", 3)]))
    fight = app.top()
    assert fight.ID == "cc_fight" and fight.s["fight"]["round"] == 0
    state = fight.state()
    sealed = dict(app.secrets)
    assert sealed  # the creatures' numbers committed
    seq = app.journal.next_seq
    _keys(board, app, "B")
    assert app.top().ID == "leave"
    assert app.surface.lines()[:3] == ["Leave set-up?", ">Keep playing", " Leave set-up"]
    _keys(board, app, "A")  # B then A: kept
    assert app.top() is fight and app.journal.next_seq == seq
    _keys(board, app, "B D A")  # armed only
    assert app.top().ID == "leave" and ">A again=leave" in app.surface.lines()
    _keys(board, app, "A")
    assert [s.ID for s in app.stack] == ["main"] and app.secrets == sealed
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    assert [e["kind"] for e in entries if e["seq"] >= seq] == ["setup_left"]
    title, text = _undo_notice(board, app)
    assert title == "Undo" and text.startswith("Undone: setup left (the journal keeps it")
    assert [s.ID for s in app.stack] == ["main", "cc_fight"]
    assert app.top().state() == state and app.secrets == sealed
    _keys(board, app, "B D A A A")  # left again, then the main menu's first flow
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    assert entries[-1]["kind"] == "reveal_all" and app.secrets == {}
    assert sorted(entries[-1]["in"]["ids"]) == sorted(sealed)


def test_b_on_an_empty_fight_set_up_leaves_at_once(tmp_path):
    """Nothing entered: nothing to lose, B leaves (no leave menu)."""
    board, app = boot(str(tmp_path), 1)
    _keys(board, app, "D D D D A")
    assert app.top().ID == "cc_fight", [s.ID for s in app.stack]
    _keys(board, app, "B")
    assert [s.ID for s in app.stack] == ["main"]
