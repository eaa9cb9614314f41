"""Undo and redo (firmware/undo.py) through the real app on the simulator board:
exact state back, the redo chain dropped by a new action, rolls never re-rolled,
the hand-to-owner gate, a reboot between undo and redo, nothing to undo."""

from check import read_text, tempdir

from boards.sim import boot, parse_keys
from shared_rules.journal import read_journal


def keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def stack(app):
    """The screens' states, copied (JSON)."""
    import json
    return json.loads(json.dumps([[screen.ID, screen.state()] for screen in app.stack]))


def open_entry(board, app, cls):
    """From the main menu: open the entry whose class is ``cls``."""
    from firmware.screens.main import ENTRIES
    index = [entry[2] for entry in ENTRIES].index(cls)
    keys(board, app, " ".join(["D"] * (index - app.top().s["sel"]) + ["A"]))


def entries(app):
    return read_journal(app.storage.read(app.journal_name()), "j")[0]


def undo(board, app):
    keys(board, app, "B:long A")  # long B: the menu; A: "Undo last step"


def redo(board, app):
    keys(board, app, "B:long D A")


def test_undo_at_the_start_says_there_is_nothing_to_undo():
    board, app = boot(tempdir("undo"), 3)
    before = stack(app)
    keys(board, app, "B:long")
    assert app.top().ID == "undo" and app.surface.lines()[0] == "Undo / Redo"
    keys(board, app, "A")
    lines = app.surface.lines()
    assert lines[0] == "Undo" and lines[1].startswith("Nothing more to")
    keys(board, app, "A")
    assert stack(app) == before
    redo(board, app)
    assert app.surface.lines()[1].startswith("Nothing to redo")


def test_dice_undo_redo_exact_state_and_rolls_stay_used():
    board, app = boot(tempdir("undo"), 3)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A D")                    # roll d6, cursor to d10
    one = stack(app)
    counter = app.source.counter
    keys(board, app, "A")                      # roll d10
    two = stack(app)
    assert one != two
    undo(board, app)
    lines = app.surface.lines()
    assert lines[0] == "Undo" and "the next roll is new." in " ".join(lines)
    keys(board, app, "A")                      # close the message
    assert stack(app) == one                   # exactly the state before the d10
    after = app.source.counter
    assert after > counter                     # the d10's blocks stay used
    last = entries(app)[-1]
    assert last["kind"] == "undo" and last["out"]["undone"][0] == last["out"]["undone"][1]
    assert last["out"]["rolls"][1] == after
    redo(board, app)
    keys(board, app, "A")
    assert stack(app) == two
    assert entries(app)[-1]["kind"] == "redo"
    # undo twice, back to the state before the d6
    undo(board, app)
    keys(board, app, "A")
    undo(board, app)
    keys(board, app, "A")
    assert app.top().s["last"] == ""
    # a new roll is a fresh one (the counter never went back) and drops the redo chain
    keys(board, app, "A")
    assert app.source.counter > after
    assert app.undo[2] == app.undo[3]
    redo(board, app)
    assert app.surface.lines()[1].startswith("Nothing to redo")


def test_reboot_between_undo_and_redo():
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A A")
    two = stack(app)
    undo(board, app)
    keys(board, app, "A")
    one = stack(app)
    board, app = boot(root, 5)   # power cut, reboot
    assert stack(app) == one
    redo(board, app)
    keys(board, app, "A")
    assert stack(app) == two


def test_undo_into_a_private_screen_asks_for_its_owner_first():
    from firmware.screens.prompt import SecretNumber
    from firmware.screens.cybercore import ArmourScreen
    board, app = boot(tempdir("undo"), 5)
    app.push(ArmourScreen())
    app.push(SecretNumber.make(app, "GM", "AN", "an", 15, 0, 60))
    keys(board, app, "A R R")          # GM sees the AN: 17
    assert app.top().s["stage"] == 1
    keys(board, app, "A")              # keep hidden: journals the commitment (an action)
    assert app.top().ID == "cc_armour" and app.top().s["an"]
    undo(board, app)
    lines = app.surface.lines()
    assert lines[0] == "Undo" and "17" not in " ".join(lines)
    keys(board, app, "A")              # the message closes: the gate, not the AN
    lines = app.surface.lines()
    assert lines[0] == "Hand to GM" and "17" not in " ".join(lines)
    keys(board, app, "A")
    assert app.top().ID == "secret" and "AN: 17" in app.surface.lines()
    # the commitment stays: it is revealed when the check is left
    assert len(app.secrets) == 1


def test_undo_keeps_at_most_max_steps_and_files_not_ram():
    from firmware.undo import MAX_STEPS
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    for _ in range(MAX_STEPS + 3):
        keys(board, app, "A")
    assert app.undo[2] - app.undo[1] == MAX_STEPS
    assert len(app.storage.listdir("undo")) <= MAX_STEPS + 1
    for _ in range(MAX_STEPS):
        undo(board, app)
        keys(board, app, "A")
    undo(board, app)
    assert app.surface.lines()[1].startswith("Nothing more to")


def test_a_step_file_from_elsewhere_is_refused_and_nothing_changes():
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A D A")
    # the step before the last roll, replaced by another (valid) save: the first one
    slot = "undo/%d.snp" % (app.undo[2] - 1)
    app.storage.write_atomic(slot, app.storage.read("undo/0.snp"))
    before = stack(app)
    undo(board, app)
    lines = app.surface.lines()
    assert lines[0] == "Undo" and lines[1].startswith("Cannot undo")
    keys(board, app, "A")
    assert stack(app) == before


def test_an_ended_session_cannot_be_undone():
    board, app = boot(tempdir("undo_end"), 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A A")                       # two rolls: two steps to undo
    assert app.undo and app.undo[2] - app.undo[1] == 2
    keys(board, app, "B")
    open_entry(board, app, "SessionMenu")
    from firmware.screens.session import SessionMenu  # noqa: F401 (the entry is open)
    # End session: the entry under the cursor after two DOWNs, then A to confirm
    labels = app.top().items(app)
    at = [i for i in range(len(labels)) if labels[i].startswith("End")][0]
    keys(board, app, " ".join(["D"] * at) + " A A")
    assert app.session == 2
    session_two = entries(app)
    keys(board, app, "B:long A")                  # undo in the new session
    assert app.surface.lines()[1].startswith("Nothing more to")
    assert [e["kind"] for e in entries(app)] == [e["kind"] for e in session_two]


def test_long_b_on_the_undo_menu_goes_back_instead_of_stacking_menus():
    board, app = boot(tempdir("undo_menu"), 3)
    keys(board, app, "B:long")
    assert [screen.ID for screen in app.stack] == ["main", "undo"]
    keys(board, app, "B:long")
    assert [screen.ID for screen in app.stack] == ["main"]
