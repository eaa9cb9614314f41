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
from firmware.app import OWN_LONG_B, private_owner  # noqa: E402
from firmware.undo import MAX_STEPS  # noqa: E402
from shared_rules.journal import read_journal  # noqa: E402


def _stack(app):
    return json.loads(json.dumps([[s.ID, s.state()] for s in app.stack]))


class Recorder:
    """Wraps board.press: the stack before each press that became an undo step."""

    def __init__(self, board, app):
        self.board, self.app = board, app
        self.before = []  # [(stack before the action, private owner)]
        self.press = board.press
        board.press = self.wrapped

    def wrapped(self, app, name, long=False):
        stack = _stack(app)
        owner = private_owner(app.stack)
        pos = (app.undo or [0, 0, 0])[2]
        self.press(app, name, long)
        if (app.undo or [0, 0, 0])[2] == pos + 1:
            self.before.append((stack, owner))

    def stop(self):
        self.board.press = self.press


def _keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def undo_redo_all(board, app, recorder, steps=MAX_STEPS):
    recorder.stop()
    end = _stack(app)
    counter = app.source.counter
    gated = 0
    for stack, owner in reversed(recorder.before[-steps:]):
        if app.top().ID in OWN_LONG_B:
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
    for _ in range(steps):
        if app.top().ID in OWN_LONG_B:
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


def test_undo_redo_through_a_neohunt_game_with_private_moves(tmp_path):
    from test_neohunt_sim import KEYS, SEED
    board, app = boot(str(tmp_path), SEED)
    recorder = Recorder(board, app)
    _keys(board, app, " ".join(KEYS.split()[:160]))
    owners = [owner for stack, owner in recorder.before if owner]
    assert owners  # some actions were made on a private screen (hidden moves)
    last = [owner for stack, owner in recorder.before[-MAX_STEPS:] if owner]
    assert undo_redo_all(board, app, recorder) == len(last)


def test_undo_redo_through_a_cybernaut_game(tmp_path):
    import cyb_sim_netrun
    board, app = boot(str(tmp_path), cyb_sim_netrun.SEED)
    recorder = Recorder(board, app)
    cyb_sim_netrun.run(board, app)
    assert len(recorder.before) > MAX_STEPS
    last = [owner for stack, owner in recorder.before[-MAX_STEPS:] if owner]
    assert last and undo_redo_all(board, app, recorder) == len(last)  # "Hand to NSA"


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
