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
    from firmware.screens import ENTRIES
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
    assert app.top().ID == "undo" and app.surface.lines()[0] == "Undo / Redo / Help"
    # (found by a new user: "Undo last step" was offered beside "undo 0")
    assert app.surface.lines()[1:3] == [">Undo: none", " Redo: none"]
    assert app.surface.lines()[7] == "Can undo 0, redo 0"
    keys(board, app, "A")
    lines = app.surface.lines()
    assert lines[0] == "Undo" and lines[1].startswith("Nothing more to")
    keys(board, app, "A")
    assert stack(app) == before
    redo(board, app)
    assert app.surface.lines()[1].startswith("Nothing to redo")


def test_the_menu_names_the_steps_each_way():
    board, app = boot(tempdir("undo"), 3)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")  # a roll: one step to undo
    keys(board, app, "B:long")
    assert app.surface.lines()[1:3] == [">Undo last step", " Redo: none"]
    assert app.surface.lines()[7] == "Can undo 1, redo 0"
    keys(board, app, "A A B:long")  # undone (the notice closed): one step to redo
    assert app.surface.lines()[1:3] == [">Undo: none", " Redo"]
    assert app.surface.lines()[7] == "Can undo 0, redo 1"


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
    assert lines[0] == "Undo" and "Rolling again is a re-roll" in " ".join(lines)
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
    from firmware.games.cybercore.armour import ArmourScreen
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
    text = " ".join(app.surface.lines()[1:])
    assert text.startswith("Nothing more to") and "last %d actions" % MAX_STEPS in text


def test_undo_back_to_the_start_of_the_session_says_so():
    board, app = boot(tempdir("undo_start"), 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A A")
    for _ in range(2):
        undo(board, app)
        keys(board, app, "A")                     # the notice goes
    undo(board, app)
    text = " ".join(app.surface.lines()[1:])
    assert "this is how the session began" in text and "last" not in text


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
    # End session: the entry under the cursor after two DOWNs, then A; on the
    # confirmation, a move to "End session" and A twice (issue 19)
    labels = app.top().items(app)
    at = [i for i in range(len(labels)) if labels[i].startswith("End")][0]
    keys(board, app, " ".join(["D"] * at) + " A D A A")
    assert app.session == 2
    session_two = entries(app)
    keys(board, app, "B:long A")                  # undo in the new session
    assert " ".join(app.top().s["lines"]) == (
        "Nothing more to undo: session 2 has no action yet, and an ended session (its seed"
        " revealed) is never undone.")
    assert [e["kind"] for e in entries(app)] == [e["kind"] for e in session_two]


def test_long_b_on_the_undo_menu_goes_back_instead_of_stacking_menus():
    board, app = boot(tempdir("undo_menu"), 3)
    keys(board, app, "B:long")
    assert [screen.ID for screen in app.stack] == ["main", "undo"]
    keys(board, app, "B:long")
    assert [screen.ID for screen in app.stack] == ["main"]


def _notice(board, app):
    """Long B, Undo: the notice's text (its lines joined), then close it."""
    undo(board, app)
    text = " ".join(app.top().s["lines"])
    keys(board, app, "A")
    return text


def test_undoing_the_players_salt_is_refused_and_says_why():
    board, app = boot(tempdir("undo_salt"), 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")                          # a roll: undoable
    keys(board, app, "B")
    open_entry(board, app, "SessionMenu")
    keys(board, app, "A U L A")                    # Add dice salt: "UL", mixed in
    assert app.source.salts == [[app.source.counter, "UL"]]
    keys(board, app, "A B")                        # close the message, back to the main menu
    before = stack(app)
    journal = app.storage.read(app.journal_name())
    keys(board, app, "B:long")  # the menu says it stops (found by a new user: "none yet")
    assert app.surface.lines()[1] == ">Undo: stops here"
    keys(board, app, "D D A")   # Back
    assert _notice(board, app) == (
        "Undo stops here: the action that led here mixed the players' salt into the dice:"
        " undoing it would let the device roll again.")
    assert stack(app) == before and app.storage.read(app.journal_name()) == journal
    assert len(app.source.salts) == 1
    redo(board, app)
    assert app.surface.lines()[1].startswith("Nothing to redo")


def test_an_action_that_reveals_an_older_secret_cannot_be_undone():
    """A secret committed and revealed by the same action was never hidden: that
    action can be undone; one revealing a secret committed before cannot."""
    from firmware.ui import Screen
    from firmware.steps import barrier
    from firmware.undo import stop_text

    class Secretive(Screen):
        ID = "text"  # saved as a text screen: only its button matters here

        def on_button(self, app, name, kind):
            self.do(app)

    board, app = boot(tempdir("undo_reveal"), 5)
    screen = Secretive({"title": "", "lines": [], "top": 0})
    app.push(screen)
    ids = []

    def both(app):
        cid = app.commit_secret("game", "at once", 3, "Ann")
        app.reveal_secret("game", cid)

    def commit(app):
        ids.append(app.commit_secret("game", "place of Ann", "B4", "Ann"))
    for do in (both, commit):
        screen.do = do
        keys(board, app, "A")
        assert len(app.undo) == 6                  # no barrier
    assert app.undo[2] - app.undo[1] == 2
    screen.do = lambda app: app.reveal_secret("game", ids[0])
    keys(board, app, "A")
    assert app.undo[1] == app.undo[2]
    assert app.undo[6] == [app.undo[2], "reveal", "game", "place of Ann"]
    assert stop_text(app.undo[6][1:]) == "revealed a secret (game, place of Ann): it cannot" \
        " be hidden again"
    assert _notice(board, app).startswith("Undo stops here: the action that led here revealed")
    assert "c" in ids[0] and app.secrets == {}
    # the other kinds of barrier, on the journal's recent entries
    seq = app.journal.next_seq
    app.record("neohunt", "reveal", {"player": "Bo", "why": "spotted"}, {"place": "C2"}, "")
    assert barrier(app, seq, "text") == ["reveal", "neohunt", "Bo"]
    assert stop_text(barrier(app, seq, "text")) == "revealed a secret (neohunt, Bo): it cannot" \
        " be hidden again"
    seq = app.journal.next_seq
    app.record("dice", "roll", {"die": "d6"}, {"total": 3}, "")
    assert barrier(app, seq, "text") is None
    from firmware.screens.prompt import Reveal
    app.push(Reveal.make(app, "Cy", "Spot!", "T3: Ice"))
    assert stop_text(barrier(app, seq, "text")) == "handed Cy a secret (Spot!): it is never" \
        " taken back, looked at or not"                 # not "showed": not seen yet
    assert barrier(app, seq, "reveal") is None      # already open before: not shown by it


def test_the_dice_last_line_shows_the_state_rolls_after_undo():
    board, app = boot(tempdir("undo_last"), 3)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")                          # d6
    first = app.top().footer(app)
    keys(board, app, "A")                          # d6 again
    assert len(app.history) == 2
    undo(board, app)
    keys(board, app, "A")
    assert app.top().footer(app) == first          # "Last" shows only the state's roll
    assert len(app.history) == 1
    assert first[1] == "Last d6:%d" % app.history[0][1]
    redo(board, app)
    keys(board, app, "A")
    assert len(app.history) == 2


def test_b_on_the_resume_gate_goes_back_to_the_public_screen():
    from firmware.screens.prompt import SecretNumber
    from firmware.games.cybercore.armour import ArmourScreen
    board, app = boot(tempdir("undo_gate"), 5)
    app.push(ArmourScreen())
    app.push(SecretNumber.make(app, "GM", "AN", "an", 15, 0, 60))
    keys(board, app, "A R R A")                    # GM sets AN 17 and keeps it hidden
    undo(board, app)
    keys(board, app, "A")                          # the message closes: the gate
    assert app.surface.lines()[0] == "Hand to GM" and "B: cancel" in app.surface.lines()
    keys(board, app, "B")                          # not the GM: back
    assert [screen.ID for screen in app.stack] == ["main", "cc_armour"]
    assert "17" not in " ".join(app.surface.lines())
    assert len(app.secrets) == 1                   # the commitment stays


def test_an_undo_step_too_big_for_one_block_is_streamed_and_redo_still_works():
    # undo writes the state shown as a step (for redo); when json.dumps of it runs
    # out of memory, the step is streamed instead (Storage.write_json_atomic)
    import firmware.undo as undo_module
    board, app = boot(tempdir("undostream"), 3)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A D")                    # roll d6, cursor to d10
    one = stack(app)
    keys(board, app, "A")                      # roll d10
    two = stack(app)
    made = undo_module.save_parts

    def no_room(body):
        raise MemoryError("memory allocation failed, allocating 9000 bytes")

    undo_module.save_parts = no_room
    try:
        undo(board, app)
    finally:
        undo_module.save_parts = made
    keys(board, app, "A")
    assert stack(app) == one
    redo(board, app)                           # from the streamed step
    keys(board, app, "A")
    assert stack(app) == two
    assert entries(app)[-1]["kind"] == "redo"


def _as_older_firmware(app):
    """Rewrite the data folder as a firmware before issue 21 left it: each undo
    step keyed by the order-free digest of its body with the top screen's cursor
    left out (firmware.saving.masked_digest over shared_rules.save.state_digest),
    the save's own format unchanged."""
    from binascii import hexlify
    from firmware.saving import SAVE, masked_digest as _masked_digest
    from shared_rules.save import decode_save, encode_save, state_digest
    body = decode_save(app.storage.read(SAVE), SAVE)
    keys = []
    for key in body["undo"][5]:
        slot = "undo/%d.snp" % (key[0] % 9)
        step = decode_save(app.storage.read(slot), slot)
        keys.append([key[0], hexlify(_masked_digest(step, state_digest)[:8]).decode()])
    body["undo"][5] = keys
    app.storage.write_atomic(SAVE, encode_save(body))
    return keys


def test_a_save_and_its_undo_steps_from_an_older_firmware_resume_and_undo():
    # issue 21 keys a step by its file's SHA-256 (its header's): a step an older
    # firmware keyed by the order-free digest is still restored after an update
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")
    one = stack(app)
    keys(board, app, "D A")
    two = stack(app)
    old = _as_older_firmware(app)
    assert all(len(key[1]) == 16 for key in old)
    board, app = boot(root, 5)  # the new firmware boots the older one's save
    assert stack(app) == two
    assert app.undo[5] == old
    undo(board, app)
    assert app.surface.lines()[0] == "Undo" and not app.surface.lines()[1].startswith("Cannot")
    keys(board, app, "A")
    assert stack(app) == one
    redo(board, app)
    keys(board, app, "A")
    assert stack(app) == two


def test_a_step_is_keyed_by_its_file_and_keeps_the_unsaved_cursor_beside_the_key():
    # the cursor moved (not saved) before the action: the step file is a byte copy
    # of the last save, where the cursor is at the press goes beside its key
    from firmware.saving import header_sha as _header_sha
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")
    saved = app.storage.read("saves/state.sav")
    keys(board, app, "D")                      # cursor to d10: nothing written
    assert app.storage.read("saves/state.sav") == saved
    moved = stack(app)
    keys(board, app, "A")                      # roll d10: an action
    pos = app.undo[2] - 1
    key = [k for k in app.undo[5] if k[0] == pos][0]
    step = app.storage.read("undo/%d.snp" % pos)
    assert step == saved                       # a byte copy
    assert key[1] == _header_sha(saved[:saved.find(b"\n")])[:16]
    assert key[2] == {"sel": moved[-1][1]["sel"]} and moved[-1][1]["sel"] != 0
    undo(board, app)
    keys(board, app, "A")
    assert stack(app) == moved                 # the cursor where it was at the press



def test_the_undo_step_is_copied_after_the_frame_and_a_cut_before_it_loses_only_that_step():
    # issue 21: the state before an action is copied to its undo step after the
    # action's frame and its save (20-30 ms of a Pico the frame does not need). A
    # power cut between the save and the copy: the boot shows the action's result;
    # undoing it says it cannot, and nothing changes
    root = tempdir("undo")
    board, app = boot(root, 5)
    open_entry(board, app, "DiceScreen")
    keys(board, app, "A")                      # a roll: its step copied after the frame
    slot = "undo/%d.snp" % (app.undo[2] - 1)
    assert app.storage.read(slot) == app.storage.read("saves/state.prev")
    copies = []
    app.storage.copy = lambda *names: copies.append(names)  # the power goes before it
    app.handle("A", "short")                   # another roll, its frame not drawn yet
    step = "undo/%d.snp" % (app.undo[2] - 1)
    assert step != slot and app.storage.read(step) is None
    app.redraw()                               # its frame, then its save (App._act)
    assert copies == [("saves/state.prev", step)] and app.storage.read(step) is None
    rolled = app.storage.read("saves/state.sav")
    board, app = boot(root, 5)                 # the power cut: a boot on what is there
    assert app.storage.read("saves/state.sav") == rolled and app.top().ID == "dice"
    before = stack(app)
    undo(board, app)
    lines = app.surface.lines()
    assert lines[0] == "Undo" and lines[1].startswith("Cannot undo"), lines
    keys(board, app, "A")
    assert stack(app) == before
    assert app.storage.read(step) is None
