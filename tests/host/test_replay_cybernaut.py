"""The NSA's secret re-placement (Cybernaut VII.H.5) through a power cut after each
press's frame and before its save (issue 21: the frame goes first, firmware/replay.py
brings the press back): every placement comes back as the NSA saw it, the last one
(the real re-placement: its commitments, a salt each) journals nothing twice, the
dice stay verifiable, and the press's record keeps the NSA's cursor sealed."""

import json
import shutil

import cyb_game

from shared_rules.journal import read_journal
from shared_rules.verify import verify_entries

from cyb_game import SPOTS, cursor_to as _cursor_to, to_replacement as _after_first_netrun


def _boot_cut(tmp_path, root, index):
    """Boot on a copy of ``root`` (the cut); past the "Hand to NSA" gate."""
    from boards.sim import boot
    cut = str(tmp_path / ("cut%d" % index))
    shutil.copytree(root, cut)
    board, again = boot(cut, cyb_game.SEED)
    if again.top().ID == "resume_gate":
        board.press(again, "A")
    return board, again


def test_each_replacement_press_cut_before_its_save_comes_back(tmp_path):
    from boards.sim import boot
    root = str(tmp_path / "data")
    board, app = boot(root, cyb_game.SEED)
    d = _after_first_netrun(board, app)
    index = 0
    while app.top().ID == "cn_place":
        _cursor_to(d, SPOTS[index])
        journal = app.storage.read(app.journal_name())
        app.handle("A", "short")  # place a chit: its frame not shown yet
        record = json.loads(app.storage.read("ahead/press-ahead.wal"))
        assert record[5:8] == ["A", "short", "cn_place"]
        # where the NSA's cursor stood and placed is sealed (">" and base64, which may
        # hold "M61" by chance: judged by its fields), none of the others is an address
        sealed = [item for item in (record[9], record[11]) if item is not None]
        assert record[11] is not None and [item[:1] for item in sealed] == [">"] * len(sealed)
        clear = json.dumps(record[:9] + [record[10]] + record[12:])
        assert not [spot for spot in SPOTS if spot in clear], clear
        assert json.loads(app.unseal(record[11])) == {"r": int(SPOTS[index][1]),
                                                      "c": int(SPOTS[index][2])}
        cut_board, again = _boot_cut(tmp_path, root, index)
        app.redraw()
        assert again.surface.lines() == app.surface.lines(), index
        assert [s.ID for s in again.stack] == [s.ID for s in app.stack]
        now = app.storage.read(app.journal_name())
        assert again.storage.read(again.journal_name()) == now, index
        index += 1
        if app.top().ID != "cn_place":
            # the plan whole: the press journals that the NSA hid again and leaves the
            # real re-placement for after its frame (issue 21), in both games
            kinds = [e["kind"] for e in read_journal(now, "j")[0]]
            assert kinds[-1] == "nsa_hid" and len(now) > len(journal)
            for one in (app, again):
                assert one.find("cn_game").s["todo"] == "replace"
            # between presses it is done: its commitments (a fresh salt each)
            # journaled once, in the cut's game too
            cut_board.hold(again, 50)
            name = again.journal_name()
            kinds = [e["kind"] for e in read_journal(again.storage.read(name), name)[0]]
            at = kinds.index("nsa_hid")
            assert kinds[at + 1] == "nsa_replaced" and kinds.count("commit_parked") == 1
            assert "todo" not in again.find("cn_game").s and kinds[-1] == "commit_parked"
            # the cut's game goes on to the end of its session, verifiable
            again.end_session()
            entries, torn = read_journal(again.storage.read(name), name)
            assert not torn and verify_entries(entries)[0] == []
    assert index >= 2


def test_the_record_has_one_name_everywhere():
    # firmware/app.py writes it, firmware/resume.py looks for it, firmware/replay.py
    # names it, `referee sync` leaves it on the device (spelled out: a constant
    # shared by the boot's modules would be one more name interned at boot)
    import os
    from firmware.replay import NAME
    from referee.sync import DEVICE_ONLY
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    for path in ("firmware/app.py", "firmware/resume.py"):
        with open(os.path.join(root, path)) as handle:
            assert '"%s"' % NAME in handle.read(), path
    assert NAME in DEVICE_ONLY and len(NAME) > 10  # (10 or fewer: a name interned)
    # in a folder of its own (littlefs compacts the root's metadata, with the other
    # files', every few of its writes and removals: ~52 ms of a Pico, against ~9);
    # its name in the root before that is never copied by a sync either
    assert NAME.count("/") == 1 and "press-ahead.wal" in DEVICE_ONLY


def test_restore_removes_the_devices_record_of_a_press_unless_the_backup_has_one():
    # found by review: a backup taken just before a press was restored while the
    # device held that press's record, which matched the restored save: the boot
    # replayed the press on the restored game
    from referee import sync

    class Device:
        def __init__(self, files):
            self.files = dict(files)
            self.removed = []

        def listing(self):
            return dict((rel, (sync.sha_hex(data), len(data))) for rel, data in self.files.items())

        def remove(self, rel):
            self.removed.append(rel)
            del self.files[rel]

        def write(self, rel, data, progress=None):
            self.files[rel] = data

    device = Device({"saves/state.sav": b"new", sync.RECORD: b"[...]"})
    written, unchanged, extra = sync.restore(device, {"saves/state.sav": b"old"})
    assert device.removed == [sync.RECORD] and sync.RECORD not in extra
    assert device.files == {"saves/state.sav": b"old"}
    # a backup with its own record: written as the backup has it
    device = Device({"saves/state.sav": b"new", sync.RECORD: b"[...]"})
    sync.restore(device, {"saves/state.sav": b"old", sync.RECORD: b"[1]"})
    assert device.removed == [] and device.files[sync.RECORD] == b"[1]"
    # a device on firmware from before 2026-12-05: its record in the root goes too
    # (found by review)
    device = Device({"saves/state.sav": b"new", "press-ahead.wal": b"[...]"})
    sync.restore(device, {"saves/state.sav": b"old"})
    assert device.removed == ["press-ahead.wal"] and device.files == {"saves/state.sav": b"old"}


def test_a_record_left_in_the_root_by_older_firmware_is_replayed_and_moved(tmp_path):
    # found by review: a press cut short under the firmware before 2026-12-05 (its
    # record in the data folder's root) was lost silently after the update, and the
    # file stayed there for good
    import os
    from boards.sim import boot
    board, app, cut = _dice_cut(tmp_path, 1)  # the second roll cut before its save
    os.rename(cut + "/ahead/press-ahead.wal", cut + "/press-ahead.wal")  # where it was
    os.rmdir(cut + "/ahead")
    board, again = boot(cut, 5)
    assert again.history == app.history and len(again.history) == 2  # replayed
    assert not os.path.exists(cut + "/press-ahead.wal")
    assert again.storage.read("ahead/press-ahead.wal") is None  # done with


def test_a_replayed_replacement_keeps_where_its_parked_line_starts(tmp_path):
    # found by review: the replay of the real re-placement (its lines in the file
    # already) kept its parked commitments' reference pointing past them, so the
    # game's end read the journal from its start for it (issue 21); the real
    # re-placement is now done after the frame, after the replay at a boot too: its
    # reference is the line of the "commit_parked" entry in either game
    from boards.sim import boot
    from firmware.games.cybernaut.commit import PARK, _at
    root = str(tmp_path / "data")
    board, app = boot(root, cyb_game.SEED)
    d = _after_first_netrun(board, app)
    index = 0
    while app.top().ID == "cn_place":
        _cursor_to(d, SPOTS[index])
        app.handle("A", "short")
        index += 1
    # the last placement, cut before its save; the real re-placement then, between
    # presses, in both games (issue 21: after the frame)
    cut_board, again = _boot_cut(tmp_path, root, index)
    app.redraw()
    board.hold(app, 50)
    cut_board.hold(again, 50)
    kept = app.find("cn_game").state()["pub"]["parked"]
    replayed = again.find("cn_game").state()["pub"]["parked"]
    assert replayed == kept and len(kept[-1]) == 3
    entry = _at(again, again.journal_name(), kept[-1][1], kept[-1][2])
    assert entry is not None and entry["kind"] == PARK and entry["seq"] == kept[-1][1]



def _dice_cut(tmp_path, rolls):
    """The Dice screen, ``rolls`` rolls saved, then one more cut before its save (a
    copy of the data folder between its press and its frame), its frame then drawn.
    :returns: (board, app, the cut's folder)."""
    from boards.sim import boot
    root = str(tmp_path / "dice")
    board, app = boot(root, 5)
    board.press(app, "A")  # the main menu's first entry: Dice
    for _ in range(rolls):
        board.press(app, "A")
    app.handle("A", "short")
    cut = str(tmp_path / "cut")
    shutil.copytree(root, cut)
    app.redraw()
    return board, app, cut


def test_a_replay_out_of_memory_at_its_start_leaves_the_storage_unpatched(tmp_path):
    # found by review: out of memory at the key or the nonce, before the replay's try,
    # left Storage.append and size patched: every later journal line went to a list
    import os
    from boards.sim import boot
    import firmware.app as app_module
    board, app, cut = _dice_cut(tmp_path, 1)  # the second roll cut before its save
    made = app_module.App.__init__
    armed = [True]

    def init(self, *args, **kwargs):
        made(self, *args, **kwargs)
        entropy = self.entropy

        def failing(n):
            if isinstance(n, list) and n and armed[0]:  # the replay's nonce
                armed[0] = False
                raise MemoryError("at the replay's nonce")
            return entropy(n)
        self.entropy = failing
    app_module.App.__init__ = init
    try:
        board, again = boot(cut, 5)
    finally:
        app_module.App.__init__ = made
    assert not armed[0]  # the replay was tried, and failed
    assert "append" not in vars(again.storage) and "size" not in vars(again.storage)
    name = os.path.join(cut, again.journal_name())
    before = os.path.getsize(name)
    assert again.top().ID != "dice"  # the notice: the press could not be brought back
    board.press(again, "A")  # read
    assert again.top().ID == "dice"
    board.press(again, "A")  # another roll: journaled in the file
    assert os.path.getsize(name) > before


def test_the_press_lines_are_found_and_compared_a_kilobyte_at_a_time(tmp_path):
    # found by review: the game's end journals ~34 KB in one press, and its replay read
    # a tail as long (doubling up to 64 KB) and joined the lines: out of memory at boot
    from firmware.replay import _lines_start, _same_lines
    from firmware.storage import Storage
    storage = Storage(str(tmp_path))
    press = [("crc00001", " ", '{"seq": %d, "x": "%s"}' % (n, "z" * (300 if n % 7 else 2500)), "\n")
             for n in range(120)]  # (every 7th entry longer than 2 KB)
    storage.append("j.jrn", ["before\n", "x" * 3000 + "\n"])
    head = storage.size("j.jrn")
    for line in press:
        storage.append("j.jrn", line)
    opened = []
    real_open = storage.open

    def reading(path, mode="r", **kw):
        handle = real_open(path, mode, **kw)
        real_read = handle.read

        class Counted:
            def seek(self, at):
                return handle.seek(at)

            def read(self, n=-1):
                assert 0 <= n <= 1024, n  # never the whole tail, nor a whole long entry
                opened.append(n)
                return real_read(n)

            def close(self):
                handle.close()
        return Counted()
    storage.open = reading
    assert _lines_start(storage, "j.jrn", len(press)) == head
    lines = []
    for line in press:
        lines.extend(["j.jrn", line])
    assert _same_lines(storage, "j.jrn", head, lines)
    changed = list(lines)
    changed[-1] = ("crc00001", " ", '{"seq": 119, "x": "y"}', "\n")
    assert not _same_lines(storage, "j.jrn", head, changed)
    assert not _same_lines(storage, "j.jrn", head, lines[:-2])  # a line more in the file
    assert not _same_lines(storage, "j.jrn", head + 1, lines)
    assert opened and max(opened) <= 1024


def test_out_of_memory_restoring_the_save_after_a_failed_replay_is_tried_again(tmp_path, monkeypatch):
    # found by review: after a replay that failed, the save's restore ran out of memory
    # and the MemoryError stopped the boot (its record already removed)
    from boards.sim import boot
    import firmware.resume as resume
    board, app, cut = _dice_cut(tmp_path, 0)
    with open(cut + "/ahead/press-ahead.wal") as handle:
        record = json.loads(handle.read())
    record[13] = "not_this_screen"  # a press that led elsewhere: its replay is not kept
    with open(cut + "/ahead/press-ahead.wal", "w") as handle:
        handle.write(json.dumps(record))
    real = resume.restore
    calls = []

    def restoring(app, body):
        calls.append(1)
        if len(calls) == 2:  # the restore after the failed replay
            raise MemoryError("restoring the save again")
        return real(app, body)
    monkeypatch.setattr(resume, "restore", restoring)
    board, again = boot(cut, 5)
    assert len(calls) == 3  # tried again
    assert again.top().ID != "dice" and "Save problem" in again.surface.lines()[0]
    assert again.storage.read("ahead/press-ahead.wal") is None
    assert again.history == []  # the game as it was before the press (no roll yet)


def test_a_record_in_the_root_is_replayed_where_it_is_when_it_cannot_be_moved(tmp_path, monkeypatch):
    # found by review: no room to move it (storage full) lost the press silently
    import os
    from boards.sim import boot
    from firmware.storage import Storage
    board, app, cut = _dice_cut(tmp_path, 1)
    os.rename(cut + "/ahead/press-ahead.wal", cut + "/press-ahead.wal")
    os.rmdir(cut + "/ahead")
    real = Storage.write_atomic

    def full(self, name, data):
        if name == "ahead/press-ahead.wal":
            raise OSError(28, "no space left on device")
        return real(self, name, data)
    monkeypatch.setattr(Storage, "write_atomic", full)
    board, again = boot(cut, 5)
    assert again.history == app.history and len(again.history) == 2  # replayed
