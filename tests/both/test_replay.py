"""A press's frame before its save (issue 21: a press answers at once), and the
power-loss promise kept: the press's journal lines and its record (ahead/press-ahead.wal)
are written before its frame, its save after it (firmware.app.App._act and
redraw); a boot on what a power cut left replays the press on the last save
(firmware/replay.py) to the same journal lines, or says it could not.

Each "cut" here is a copy of the data folder made between the press and its frame
(what storage held when the frame went up), booted on its own."""

import json
import os

from check import tempdir

from boards.sim import boot
from shared_rules.journal import read_journal
from shared_rules.verify import verify_entries


def _copy(src, dst):
    """Copy folder ``src`` to ``dst`` (created), files and folders."""
    os.mkdir(dst)
    for name in os.listdir(src):
        path = src + "/" + name
        if os.stat(path)[0] & 0o040000:
            _copy(path, dst + "/" + name)
        else:
            with open(path, "rb") as handle:
                data = handle.read()
            with open(dst + "/" + name, "wb") as handle:
                handle.write(data)


def _state(app):
    """What a player's game is: the screens' states, the last rolls, the dice and
    the journal's next entry (JSON-copied)."""
    return json.loads(json.dumps([[[s.ID, s.state()] for s in app.stack], app.history,
                                  app.source.counter, app.journal.next_seq]))


def _journal(app):
    return app.storage.read(app.journal_name())


def _dice(board, app):
    board.press(app, "A")  # the main menu's first entry: Dice
    assert app.top().ID == "dice"


def _ends_verified(app):
    """End ``app``'s session: its journal is whole and `referee verify` finds nothing."""
    name = app.journal_name()
    app.end_session()
    entries, torn = read_journal(app.storage.read(name), name)
    assert not torn and verify_entries(entries)[0] == []


def _cut_after_press(root, app, name="A", kind="short"):
    """Press ``name`` (``kind``: "short" or "long"; handle only: its frame not shown
    yet) and copy the data folder then (the cut); then draw its frame (and save).
    :returns: the cut's folder."""
    app.handle(name, kind)
    cut = root + "-cut"
    _copy(root, cut)
    app.redraw()
    return cut


def test_a_roll_cut_off_before_its_save_is_replayed_to_the_same_state_and_journal():
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")  # a first roll, saved
    cut = _cut_after_press(root, app)  # a second roll: the power goes before its save
    assert app.storage.read("ahead/press-ahead.wal") is not None
    frame = app.surface.lines()
    state = _state(app)
    journal = _journal(app)
    board2, again = boot(cut, 5)
    assert again.surface.lines() == frame
    assert _state(again) == state and len(again.history) == 2
    # the replay journaled nothing more: the press's lines were there already
    assert _journal(again) == journal
    # its undo step copied: Undo takes the roll back
    board2.press(again, "B", True)
    board2.press(again, "A")
    assert again.surface.lines()[0] == "Undo", again.surface.lines()
    assert len(again.history) == 1
    # the dice stay verifiable
    _ends_verified(again)


def test_the_frame_goes_up_after_the_record_and_before_the_save():
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")  # a first roll
    order = []
    storage = app.storage
    write = storage.write_atomic
    append = storage.append
    show = app.surface.show

    def written(name, data):
        order.append(name)
        return write(name, data)

    def appended(name, text):
        order.append("journal")
        return append(name, text)

    def shown():
        order.append("frame")
        return show()
    storage.write_atomic = written
    storage.append = appended
    app.surface.show = shown
    try:
        board.press(app, "A")
    finally:
        del storage.write_atomic
        del storage.append
        del app.surface.show
    # (the journal's append is called twice: its line held, then written: Storage.hold)
    assert order == ["journal", "journal", "ahead/press-ahead.wal", "frame", "saves/state.sav"], order


def test_a_record_for_a_save_made_since_is_not_replayed():
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")  # saved after its frame: its record is for the save before
    state = _state(app)
    journal = _journal(app)
    board, again = boot(root, 5)
    assert _state(again) == state and _journal(again) == journal


def test_a_replay_that_leads_elsewhere_is_a_press_not_kept_and_said():
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")
    before = _state(app)
    cut = _cut_after_press(root, app)
    record = json.loads(open(cut + "/ahead/press-ahead.wal").read())
    assert record[5:7] == ["A", "short"]
    record[5] = "B"  # another button: the replay closes the dice screen, journals nothing
    with open(cut + "/ahead/press-ahead.wal", "w") as handle:
        handle.write(json.dumps(record))
    board, again = boot(cut, 5)
    lines = again.surface.lines()
    text = " ".join(lines)
    assert lines[0] == "Save problem" and "could not be brought back" in text, lines
    board.press(again, "B")  # the notice read: the game as it was before the press
    state = _state(again)
    assert state[0] == before[0] and state[1] == before[1]
    # the roll the press journaled stays used (its dice block is not drawn again)
    assert state[2] > before[2]
    _ends_verified(again)


def test_a_save_after_the_frame_that_fails_is_a_press_not_kept_and_its_record_goes():
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")
    before = _state(app)
    write = app.storage.write_atomic

    def full(name, data):
        if name.startswith("saves/"):
            raise OSError(28)  # ENOSPC
        return write(name, data)
    app.storage.write_atomic = full
    board.press(app, "A")
    del app.storage.write_atomic
    lines = app.surface.lines()
    assert lines[0] == "Error" and "the storage is full" in " ".join(lines), lines
    assert app.storage.read("ahead/press-ahead.wal") is None
    board.press(app, "A")  # the notice read
    assert _state(app)[:2] == before[:2]
    board, again = boot(root, 5)
    assert _state(again)[:2] == before[:2]


def test_a_press_draws_its_entropy_from_its_nonce_and_the_devices_key():
    # firmware.app._taped: during a press, entropy is the SHA-256 of the key, the
    # press's nonce and the draw's number (so a replay with the nonce draws the same)
    import hashlib
    board, app = boot(tempdir("replay"), 5)
    key = app.key()
    nonce = app.entropy([])
    assert len(nonce) == 8
    drawn = [app.entropy(8), app.entropy(4), app.entropy(32)]
    app.entropy(())
    want = []
    for number, size in ((0, 8), (1, 4), (2, 32)):
        digest = hashlib.sha256(key)
        digest.update(nonce)
        digest.update(str(number).encode())
        want.append(digest.digest()[:size])
    assert drawn == want
    assert app.entropy([nonce]) == nonce  # a replay: the same draws again
    assert [app.entropy(8), app.entropy(4), app.entropy(32)] == drawn
    # more than 32 bytes: the next numbers' digests joined
    joined = b""
    for number in (3, 4):
        digest = hashlib.sha256(key)
        digest.update(nonce)
        digest.update(str(number).encode())
        joined += digest.digest()
    assert app.entropy(40) == joined[:40]
    app.entropy(())
    other = app.entropy([])  # another press: another nonce, other draws
    assert other != nonce and app.entropy(8) != drawn[0]
    app.entropy(())


def test_a_long_b_is_replayed_as_it_was_pressed_and_a_menu_closed_again_is_not():
    # found by a new user and by review: the replay ran a long B as the screen's B
    # (it closed the Dice screen); and a press whose save came back (the Undo menu
    # opened, then closed by Back) was replayed at every boot
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")
    cut = _cut_after_press(root, app, "B", "long")  # the Undo menu opens
    frame = app.surface.lines()
    assert frame[0] == "Undo / Redo / Help"
    board2, again = boot(cut, 5)
    assert again.surface.lines() == frame
    board.press(app, "D")
    board.press(app, "D")
    board.press(app, "A")  # Back: the Dice screen, saved as it was before the long B
    assert app.top().ID == "dice" and app.storage.read("ahead/press-ahead.wal") is None
    state = _state(app)
    board, app = boot(root, 5)
    assert app.top().ID == "dice" and _state(app) == state


def test_a_press_said_not_kept_is_not_brought_back_by_the_boot_after():
    # found by review: the record of a replay that failed stayed, and a press that
    # journaled nothing was replayed at the next boot after all
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")
    cut = _cut_after_press(root, app, "B")  # back to the main menu, journals nothing
    record = json.loads(open(cut + "/ahead/press-ahead.wal").read())
    record[12] = "00" * 8  # another nonce: the same press; and another screen after it
    record[13] = "dice"
    with open(cut + "/ahead/press-ahead.wal", "w") as handle:
        handle.write(json.dumps(record))
    board, again = boot(cut, 5)
    assert again.surface.lines()[0] == "Save problem"
    assert again.storage.read("ahead/press-ahead.wal") is None
    board, again = boot(cut, 5)  # unplugged before the notice was read
    assert again.top().ID == "dice", again.surface.lines()


def test_a_press_on_a_secret_shown_while_a_is_held_is_saved_before_its_frame():
    # found by review: a Reveal made afresh at boot ("Hand to GM") is not the one the
    # press was made on ("hold A"): a released A replayed as "I hold the device"
    from firmware.screens.prompt import Reveal
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")  # a record for the roll
    record = app.storage.read("ahead/press-ahead.wal")
    app.push(Reveal.make(app, "GM", "GM numbers", "AN=12"))
    app.save()
    board.press(app, "A")  # "I am GM": hold A to see
    saved = app.storage.read("saves/state.sav")
    app.handle("A", "long")  # the release after looking: saved at once, no record
    assert app.storage.read("ahead/press-ahead.wal") == record
    app.redraw()
    board, again = boot(root, 5)
    assert again.surface.lines()[0].startswith("Hand to GM"), again.surface.lines()
    assert saved is not None


def test_a_record_of_another_save_goes_at_boot():
    # found by review: a power cut between a press's save and its record's removal
    # left the record, which a later save of the same bytes (a menu opened, then
    # closed by presses saved at once) matched: the boot after replayed it
    root = tempdir("replay")
    board, app = boot(root, 5)
    _dice(board, app)
    board.press(app, "A")  # a roll: its record stays (the journal moved on)
    assert app.storage.read("ahead/press-ahead.wal") is not None
    board, again = boot(root, 5)
    assert again.storage.read("ahead/press-ahead.wal") is None


def test_where_a_press_lines_begin_is_counted_back_from_the_journal_end():
    # firmware.replay._lines_start: the place of a press's first line (a parked
    # commitments' reference is taken from it during a replay), through tails
    # longer than the first 4 KB read, and at the file's start
    from firmware.replay import _lines_start
    from firmware.storage import Storage
    root = tempdir("lines-start")
    storage = Storage(root)
    lines = [b"short\n", b"x" * 5000 + b"\n", b"y" * 9000 + b"\n", b"last\n"]
    storage.append("j.jrn", lines)
    text = b"".join(lines)
    size = len(text)
    assert _lines_start(storage, "j.jrn", 0) == size
    assert _lines_start(storage, "j.jrn", 1) == size - 5
    assert _lines_start(storage, "j.jrn", 2) == size - 5 - 9001
    assert _lines_start(storage, "j.jrn", 3) == 6
    assert _lines_start(storage, "j.jrn", 4) == 0
    assert _lines_start(storage, "j.jrn", 9) == 0
    assert _lines_start(storage, "missing.jrn", 3) == 0


def test_an_armed_end_session_never_comes_back_after_a_reboot():
    # found by review: the arming A cut off between its frame and its save was
    # replayed at the boot, and the first A after it ended the session; then (a new
    # user) saved disarmed, "D A A" after a reboot still ended it. The End session
    # menu is never saved (TRANSIENT, as the leave menu): a reboot comes back under it
    root = tempdir("replay_end")
    board, app = boot(root, 5)
    from firmware.screens.session import EndSessionScreen
    app.push(EndSessionScreen())
    app.save()
    board.press(app, "D")
    board.press(app, "A")  # armed: nothing written (the menu is never saved)
    assert app.surface.lines()[2] == ">A again=end"
    board2, again = boot(root, 5)
    assert again.top().ID == "main" and again.session == 1
