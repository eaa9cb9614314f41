"""Power-loss safety: cut the storage at every write step and every byte offset of a
scripted game (dice, Neo-Hunt shots, Cybernaut interactions and encounter, a
Cybercore armour check with a sealed AN, the players' salt, the end of a session),
then boot the app on what was left.

After each cut the app must boot, show exactly the screen of the last action it had
acknowledged (or of the action in progress, when its save got through; a press that
wrote nothing, such as an arrow that only moved a cursor, acknowledges nothing), keep every
journal entry it had acknowledged, leave journals that read back without damage,
and keep its dice verifiable: one more roll and the end of the session still pass
``verify_entries`` (no block used twice, none unaccounted for).

Storage states that a reboot cannot tell apart (they differ only in the bytes of a
half-written ``.tmp`` file, which nothing reads: asserted) are booted once.
"""

import pytest

from boards.sim import SimBoard
from firmware.app import App
from firmware.buttons import Buttons
# the press's record, named once (found by review: spelled out here, a name that
# drifted would leave no frame judged as a confirmation)
from firmware.replay import NAME as RECORD
from firmware.storage import Storage
from firmware.surface import Surface
from shared_rules.dice import roll_named
from shared_rules.journal import read_journal
from shared_rules.verify import verify_entries

from faultfs import MemFS, VfsLfs2
from scripts import END, GAME, SALT, VOLLEY_LINE, Volley, play

ROOT = "/data"
SEED = 11


class TextOnlyFB:
    """A framebuffer that draws nothing: the checks read the frame's text (Surface
    keeps it), and thousands of boots must stay quick."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class Rig:
    """One simulated board reused for every boot, with a text-only surface."""

    def __init__(self):
        self.board = SimBoard(ROOT)
        self.surface = Surface(TextOnlyFB())

    def app(self, fs, seed=SEED):
        self.board.now = 0
        for name in self.board.levels:
            self.board.levels[name] = False
        return App(self.surface, Buttons(self.board.make_buttons()), Storage(ROOT, fs, fs.open),
                   self.board.entropy, seed, self.board.pack_dirs)




def _journals(fs):
    return dict((path, bytes(data)) for path, data in fs.files.items()
                if path.endswith(".jrn"))


def _disk(rename_replaces):
    """An empty storage: MemFS (True: rename replaces, as POSIX; False: as FAT), or
    "lfs": littlefs, as on a Pico (faultfs.VfsLfs2: a file's bytes are seen once
    committed; the app's saves are written straight over: Storage.write_atomic)."""
    return VfsLfs2() if rename_replaces == "lfs" else MemFS(rename_replaces)


def _confirms(steps):
    """True when write ``steps`` (MemFS log items) wrote a save or the record of a
    press ahead of its save (ahead/press-ahead.wal: firmware/replay.py): a frame shown after them
    confirms its press (a cursor move writes neither; a refusal's frame goes before
    its save, and it confirms nothing: App._act)."""
    for step in steps:
        for part in step[1:]:
            if isinstance(part, str) and ("/saves/state.sav" in part or part.endswith(
                    ("/" + RECORD, "/" + RECORD + ".tmp"))):
                return True
    return False


def _record(rig, flows, rename_replaces):
    """Play ``flows`` (scripts.play's, or a callable(rig, app, after)) on a fresh
    MemFS: its write steps and, after the boot and each press, (steps so far,
    the frame's text, the journals' bytes). ``rig.shows`` gets the same at each
    frame shown (Surface.show), with whether it confirms its press (_confirms):
    the checks after a cut (_check_cut) judge by them."""
    fs = _disk(rename_replaces)
    shows = rig.shows = []
    show = rig.surface.show
    pressed = [None]  # where the log stood when the press being handled began

    def showing():
        show()
        # what its press wrote up to its frame (the save after a frame is the press's)
        start = pressed[0]
        pressed[0] = None
        confirms = not shows or (start is not None and _confirms(fs.log[start:]))
        shows.append((len(fs.log), rig.surface.lines(), _journals(fs), confirms))

    rig.surface.show = showing
    try:
        app = rig.app(fs)
        handle = app.handle

        def handling(*args):
            if pressed[0] is None:
                pressed[0] = len(fs.log)
            return handle(*args)

        app.handle = handling
        app.boot()
        acks = [(len(fs.log), app.surface.lines(), _journals(fs))]

        def after(app):
            acks.append((len(fs.log), app.surface.lines(), _journals(fs)))

        if callable(flows):
            flows(rig, app, after)
        else:
            play(rig.board, app, flows, after)
    finally:
        del rig.surface.show
    return fs.log, acks


def _check_cut(rig, disk, acks, j, k):
    trial = disk.copy()
    app = rig.app(trial)
    app.boot()
    where = "cut after step %d (last acknowledged action %d)" % (k, j)
    assert not [p for p in trial.reads if p.endswith(".tmp")], where + ": read a .tmp file"
    lines = app.surface.lines()
    if lines[2:4] == ["Resuming a", "private screen."]:
        # a cut while a private screen was open resumes behind "Hand to <owner>"
        # (firmware.screens.prompt.ResumeGate): its owner's A shows that screen again
        app.handle("A", "short")
        app.redraw()
        lines = app.surface.lines()
    # the frames are judged as they were shown (rig.shows: issue 21, a press's frame
    # may go before its save): a frame that confirms nothing (an arrow that only
    # moved a cursor wrote nothing; a refusal's frame goes before its save) is no
    # promise: a boot shows a frame from the last one that confirmed its press on
    # (its save, or its record ahead of it replayed: firmware/replay.py), up to the
    # frame of the press in progress
    saved = j
    while saved > 0 and not acks[saved][3]:
        saved -= 1
    allowed = [ack[1] for ack in acks[saved:j + 2]]
    # the End session menu is never saved (TRANSIENT, as the leave menu: arming it
    # confirms nothing, and no A after power-on may end the session): after a cut
    # while it is open, the boot shows the screen under it as it was last shown
    if [frame for frame in allowed if frame[0].startswith("End session")]:
        under = j
        while under > 0 and acks[under][1][0].startswith("End session"):
            under -= 1
        # (and never itself: found by review, an End session saved armed passed)
        allowed = [frame for frame in allowed if not frame[0].startswith("End session")]
        allowed.append(acks[under][1])
    assert lines in allowed, "%s: shows %r, expected %r" % (where, lines, allowed)
    for path, data in acks[j][2].items():
        assert bytes(trial.files.get(path, b"")).startswith(data), where + ": lost entries of " + path
    for path, data in _journals(trial).items():
        entries, torn = read_journal(bytes(data), path)
        assert not torn, where + ": " + path + " left torn"
    # the dice stay verifiable: one more roll, then end the session and verify it
    total, faces = roll_named(app.source, "d6")
    app.record("dice", "roll", {"die": "d6"}, {"total": total, "faces": list(faces)}, "test")
    number = app.session
    app.end_session()
    path = ROOT + "/journals/s%04d.jrn" % number
    entries, _ = read_journal(bytes(trial.files[path]), path)
    problems, _ = verify_entries(entries)
    assert problems == [], "%s: %s" % (where, problems)


def _run(rename_replaces, flows):
    rig = Rig()
    log, acks = _record(rig, flows, rename_replaces)
    return _cut_everywhere(rig, log, acks, rename_replaces)


def _cut_everywhere(rig, log, acks, rename_replaces=True):
    """Boot the app on the storage as it stood after every step of ``log`` (each
    distinct state once) and check it (_check_cut) against the frames shown while
    it was written (``rig.shows``, _record's; ``acks`` when it has none: each
    confirming when its press wrote). :returns: (steps, boots)."""
    shows = getattr(rig, "shows", None)
    if shows:
        acks = shows
    else:
        acks = [ack + (not i or ack[0] != acks[i - 1][0],) for i, ack in enumerate(acks)]
    disk = _disk(rename_replaces)
    seen = set()
    booted = 0
    j = -1
    for k in range(len(log) + 1):
        if k:
            disk.apply(log[k - 1])
        while j + 1 < len(acks) and acks[j + 1][0] <= k:
            j += 1
        key = (max(j, 0), disk.state_key())
        if key in seen:
            continue
        seen.add(key)
        _check_cut(rig, disk, acks, max(j, 0), k)
        booted += 1
    return len(log), booted


@pytest.fixture(autouse=True)
def _no_gc(monkeypatch):
    # App.boot collects garbage for the Pico's sake; on CPython, thousands of boots
    # would spend most of their time there
    import firmware.app

    class NoGC:
        @staticmethod
        def collect():
            pass

    monkeypatch.setattr(firmware.app, "gc", NoGC)


def test_power_cut_at_every_step_of_a_game():
    steps, booted = _run(True, [SALT] + GAME + [END] + GAME[:1])
    print("power-loss: %d write steps, %d distinct storage states booted" % (steps, booted))
    assert booted > 100


def test_power_cut_at_every_step_of_a_game_on_littlefs():
    # a Pico's flash: the saves are written straight over the last one (no temporary
    # file, no rename: Storage.write_atomic); a cut before a save's close leaves the one
    # before, or an empty new file after an action's rename to state.prev, read as none
    steps, booted = _run("lfs", [SALT] + GAME + [END] + GAME[:1])
    assert booted > 100
    fs = VfsLfs2()
    app = Rig().app(fs)
    app.boot()
    # the boot's saves: straight over, never through a temporary file
    assert [step for step in fs.log if step[0] == "lopen" and step[1].endswith("/saves/state.sav")]
    assert not [step for step in fs.log if "/saves/" in step[1] and (
        step[1].endswith(".tmp") or step[0] == "rename" and step[2].endswith("/state.sav"))]


def test_write_atomic_on_littlefs_is_old_or_new_at_every_byte_and_one_commit():
    fs = VfsLfs2()
    storage = Storage(ROOT, fs, fs.open)
    storage.write_atomic("saves/state.sav", b"old text\n")
    base = fs.copy()
    start = len(fs.log)
    storage.write_atomic("saves/state.sav", ("new ", "text", b" longer\n"))
    steps = fs.log[start:]
    assert [step[0] for step in steps].count("commit") == 1 and steps[-1][0] == "commit"
    seen = []
    for cut in range(len(steps) + 1):
        disk = base.copy()
        for step in steps[:cut]:
            disk.apply(step)
        data = Storage(ROOT, disk.copy(), disk.open).read("saves/state.sav")
        assert data in (b"old text\n", b"new text longer\n"), cut
        if not seen or seen[-1] != data:
            seen.append(data)
    assert seen == [b"old text\n", b"new text longer\n"]
    # a new file: none, then empty (its entry made at the open), then whole
    storage.write_atomic("saves/other.sav", b"x")
    assert fs.files[ROOT + "/saves/other.sav"] == bytearray(b"x")


def test_write_atomic_that_fails_leaves_the_old_file_on_littlefs():
    fs = VfsLfs2()
    storage = Storage(ROOT, fs, fs.open)
    storage.write_atomic("saves/state.sav", b"old\n")
    fs.fail_writes = True
    with pytest.raises(OSError):
        storage.write_atomic("saves/state.sav", (b"new", b"\n"))
    fs.fail_writes = False
    assert storage.read("saves/state.sav") == b"old\n"


def test_write_atomic_elsewhere_renames_a_temporary_file():
    # POSIX (the simulator, the PC) and FAT: a temporary file renamed over the old one
    for fs in (MemFS(True), MemFS(False)):
        storage = Storage(ROOT, fs, fs.open)
        storage.write_atomic("saves/state.sav", b"old\n")
        storage.write_atomic("saves/state.sav", (b"new", b"\n"))
        assert storage.read("saves/state.sav") == b"new\n"
        assert [step for step in fs.log if step[0] == "rename" and step[1].endswith(".tmp")]


def _empty_save_after_a_roll(rig):
    """A littlefs storage (faultfs.VfsLfs2) after a Dice roll whose save was cut after
    its new file was made and before its close: state.prev is the roll's state (as
    the save before it had been renamed), state.sav is empty. :returns: (that
    storage, the roll's frame, which a boot on it must show)."""
    fs = VfsLfs2()
    app = rig.app(fs)
    app.boot()
    for name in ("A", "A"):  # Dice, roll
        app.handle(name, "short")
        app.redraw()
    cut = fs.copy()
    cut.files[ROOT + "/saves/state.prev"] = bytearray(fs.files[ROOT + "/saves/state.sav"])
    cut.files[ROOT + "/saves/state.sav"] = bytearray()
    return cut, app.surface.lines()


def test_an_empty_save_is_read_as_none_and_the_boot_resumes_the_one_before():
    # littlefs: an action's save cut after its new file was made (empty) and before
    # its close: state.prev (the state before that action) is resumed, with no
    # "Save problem" notice (nothing was lost that the screen had confirmed)
    rig = Rig()
    cut, shown = _empty_save_after_a_roll(rig)
    again = rig.app(cut)
    again.boot()
    assert again.surface.lines() == shown and again.top().ID != "text"
    assert not [path for path in cut.files if "/bad" in path]


def test_a_cut_in_the_boot_after_an_empty_save_loses_nothing():
    # found by review: the boot after an empty state.sav (an action's save cut before
    # its close on littlefs) resumed state.prev, then its own save renamed the empty
    # file over state.prev: a cut in that boot lost both (the fresh main menu)
    rig = Rig()
    base, shown = _empty_save_after_a_roll(rig)
    disk = base.copy()
    start = len(disk.log)
    rig.app(disk).boot()
    steps = disk.log[start:]
    assert steps
    for k in range(len(steps) + 1):
        trial = base.copy()
        for step in steps[:k]:
            trial.apply(step)
        again = rig.app(trial.copy())
        again.boot()
        assert again.surface.lines() == shown, "cut after step %d of the boot" % k


def test_power_cut_on_a_filesystem_that_cannot_rename_over_a_file():
    # FAT-like: Storage.write_atomic moves the old file aside first
    steps, booted = _run(False, [SALT] + GAME[:2] + [END])
    assert booted > 50


def test_read_finds_the_old_copy_of_a_cut_fat_replacement():
    fs = MemFS(False)
    storage = Storage(ROOT, fs, fs.open)
    storage.write_atomic("journals/s0001.jrn", b"old\n")
    storage.write_atomic("journals/s0001.jrn", b"new\n")  # the FAT path: old moved aside
    assert storage.read("journals/s0001.jrn") == b"new\n"
    steps = [i for i in range(len(fs.log)) if fs.log[i][0] == "rename"]
    cut = MemFS(False)
    for step in fs.log[:steps[-2] + 1]:  # after "s0001.jrn -> s0001.jrn.old", before the tmp
        cut.apply(step)
    assert "/data/journals/s0001.jrn" not in cut.files
    assert Storage(ROOT, cut, cut.open).read("journals/s0001.jrn") == b"old\n"
    storage.rename("journals/s0001.jrn", "keep.jrn")
    storage.write_atomic("journals/s0001.jrn", b"x\n")
    storage.rename("journals/s0001.jrn", "keep.jrn")  # replaces on FAT too
    assert storage.read("keep.jrn") == b"x\n"


@pytest.mark.parametrize("rename_replaces", [True, False])
def test_power_cut_at_every_step_of_a_streamed_save(rename_replaces):
    # Storage.write_json_atomic (App.save when the state's text has no block to fit
    # in): after a cut at any write step the save reads back whole, old or new
    from shared_rules.save import decode_save, encode_save, save_header
    fs = MemFS(rename_replaces)
    storage = Storage(ROOT, fs, fs.open)
    old = {"screens": [], "n": 1}
    new = {"screens": [], "n": 2, "text": "x\u00e9" * 300}
    storage.write_atomic("saves/state.sav", encode_save(old))
    base = fs.copy()
    start = len(fs.log)
    storage.write_json_atomic("saves/state.sav", save_header, new)
    steps = fs.log[start:]
    assert len(steps) > 1200  # every byte of the body, then of the save
    seen = []
    for cut in range(len(steps) + 1):
        disk = base.copy()
        for step in steps[:cut]:
            disk.apply(step)
        body = decode_save(Storage(ROOT, disk, disk.open).read("saves/state.sav"), "state.sav")
        assert body in (old, new), cut
        if not seen or seen[-1] != body["n"]:
            seen.append(body["n"])
    assert seen == [1, 2]  # old until the rename, new from then on
    assert bytes(fs.files[ROOT + "/saves/state.sav"]) == encode_save(new).encode()


def _press(app, name):
    app.handle(name, "short")
    app.redraw()
    return app.surface.lines()


def test_a_cursor_move_writes_nothing_and_is_no_confirmation():
    # issue 21: an arrow that only moves a cursor or a menu selection never erases or
    # programs flash; a power cut may lose it (it confirmed nothing), never more
    rig = Rig()
    fs = MemFS(True)
    app = rig.app(fs)
    app.boot()
    steps = len(fs.log)
    assert _press(app, "D")[2] == ">Neo-Hunt shot"
    assert _press(app, "D")[3] == ">Cybernaut"
    _press(app, "U")
    assert _press(app, "D")[3] == ">Cybernaut"
    assert len(fs.log) == steps, "a cursor move wrote %r" % fs.log[steps:]
    again = rig.app(fs.copy())
    again.boot()
    assert again.surface.lines()[1] == ">Dice"  # the cursor was not kept: the last save's
    # the next press that writes keeps the cursor where it is then
    _press(app, "D")
    opened = _press(app, "A")
    assert opened[0].startswith("Cybercore AF") or "AN" in opened[1], opened
    assert len(fs.log) > steps
    again = rig.app(fs.copy())
    again.boot()
    assert again.surface.lines() == opened


def test_an_arrow_that_changes_a_value_is_saved():
    # Cybercore AF: UP/DOWN choose a field (a cursor), LEFT/RIGHT change its value
    rig = Rig()
    fs = MemFS(True)
    app = rig.app(fs)
    app.boot()
    for name in "DDDA":
        _press(app, name)
    steps = len(fs.log)
    assert _press(app, "D")[2] == ">AF  +5", app.surface.lines()
    assert len(fs.log) == steps  # the field chosen: a cursor
    shown = _press(app, "R")
    assert shown[2] == ">AF  +6", shown
    assert len(fs.log) > steps  # a value changed: saved
    again = rig.app(fs.copy())
    again.boot()
    assert again.surface.lines() == shown


# ---- issue 21: the journal lines of one press go to the file in one append ------
@pytest.fixture
def volley(monkeypatch):
    """The test screen scripts.Volley registered (a boot rebuilds it from a save)."""
    import firmware.screens
    monkeypatch.setattr(firmware.screens, "SCREENS", firmware.screens.SCREENS + VOLLEY_LINE)


def _volley_flow(rig, app, after):
    """Volley on the main menu (saved), A (d6 x3 sealed: four lines), D, A (d10 x3),
    B, then the end of the session (its two commitments revealed)."""
    app.push(Volley())
    app.save()
    app.redraw()
    after(app)
    for name in ("A", "D", "A", "B"):
        rig.board.press(app, name)
        after(app)
    play(rig.board, app, [END], after)


def _press_steps(log, acks):
    """The write steps of each press (list of lists, in press order)."""
    return [log[acks[i - 1][0]:acks[i][0]] for i in range(1, len(acks))]


def _jrn_appends(steps):
    """(journal appends, journal lines written) among ``steps``."""
    opens = len([s for s in steps if s[0] == "append" and s[1].endswith(".jrn")])
    lines = len([s for s in steps if s[0] == "byte" and s[1].endswith(".jrn") and s[2] == 10])
    return opens, lines


def test_power_cut_at_every_byte_of_a_press_that_journals_several_lines(volley):
    rig = Rig()
    log, acks = _record(rig, _volley_flow, True)
    presses = _press_steps(log, acks)
    # the two A presses on Volley: four lines each (three rolls, one commitment) in
    # ONE append, all of them before the rename that makes the press's save
    for index in (1, 3):
        steps = presses[index]
        assert _jrn_appends(steps) == (1, 4), index
        last_byte = max(i for i in range(len(steps))
                        if steps[i][0] == "byte" and steps[i][1].endswith(".jrn"))
        saved = [i for i in range(len(steps)) if steps[i][0] == "rename"
                 and steps[i][2] == ROOT + "/saves/state.sav"]
        assert saved and last_byte < saved[-1], "journal after the save: %d" % index
    # every press that journaled: the two volleys; opening the Session menu with the
    # volleys' two secrets open (revealed, then "reveal_all": three lines, one
    # append); the end of the session (its seed_reveal before the save, the next
    # session's session_start after it: App._open_session)
    assert [_jrn_appends(p) for p in presses if _jrn_appends(p)[0]] == [
        (1, 4), (1, 4), (1, 3), (2, 2)]
    steps, booted = _cut_everywhere(rig, log, acks)
    journal = sum(1 for s in log if s[0] == "byte" and s[1].endswith(".jrn"))
    assert booted > journal  # a boot at every byte of every journal line at least


def _play_volleys(fs, thens):
    """Boot on ``fs`` with the same entropy each time (the commitments' salts), open
    Volley and press A once per item of ``thens`` (its "then": "", "oom",
    "refuse"), each time back on Volley after the notice it may leave (B), then B.
    :returns: the app."""
    import hashlib
    rig = Rig()
    drawn = [0]

    def entropy(n):
        drawn[0] += 1
        return hashlib.sha256(b"entropy %d" % drawn[0]).digest()[:n]

    rig.board.entropy = entropy
    app = rig.app(fs)
    app.boot()
    app.push(Volley())
    app.save()
    for then in thens:
        app.top().s["then"] = then
        rig.board.press(app, "A")
        for _ in range(3):
            if app.top().ID != Volley.ID:
                rig.board.press(app, "B")
        assert app.top().ID == Volley.ID, app.surface.lines()
    rig.board.press(app, "B")
    return app


def test_held_lines_are_the_bytes_each_append_wrote_before(volley, monkeypatch):
    # the same presses with Storage.hold off (each line appended on its own, as
    # before issue 21's batching) and on: the same journal and save, byte for byte,
    # after a press that ran out of memory and one that was refused too
    from firmware.storage import Storage as Plain
    thens = ["", "oom", "", "refuse", ""]
    held = MemFS(True)
    app = _play_volleys(held, thens)
    assert app.storage.later is None  # nothing held past a press
    monkeypatch.setattr(Plain, "hold", lambda self: None)
    each = MemFS(True)
    _play_volleys(each, thens)
    assert _journals(held) == _journals(each)
    assert held.files[ROOT + "/saves/state.sav"] == each.files[ROOT + "/saves/state.sav"]
    path = ROOT + "/journals/s0001.jrn"
    entries, torn = read_journal(bytes(held.files[path]), path)
    assert not torn
    kinds = [e["kind"] for e in entries]
    # session_start; 3 rolls + commit; 2 rolls (out of memory: the press not kept,
    # its lines whole, then the dice it drew sealed and nothing to void); 3 rolls +
    # commit; 2 rolls (refused: kept and saved); 3 rolls + commit
    assert kinds[:1] == ["session_start"]
    assert kinds.count("roll") == 3 + 2 + 3 + 2 + 3
    assert kinds.count("commit") == 3
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    appends = len([s for s in held.log if s[0] == "append" and s[1] == path])
    assert appends < len([s for s in each.log if s[0] == "append" and s[1] == path])


def test_a_refused_press_journals_its_lines_before_its_save(volley):
    rig = Rig()
    fs = MemFS(True)
    app = rig.app(fs)
    app.boot()
    app.push(Volley())
    app.save()
    app.top().s["then"] = "refuse"
    start = len(fs.log)
    rig.board.press(app, "A")
    assert app.surface.lines()[0].startswith("Not allowed"), app.surface.lines()
    steps = fs.log[start:]
    assert _jrn_appends(steps) == (1, 2)
    path = ROOT + "/journals/s0001.jrn"
    last_byte = max(i for i in range(len(steps)) if steps[i][0] == "byte" and steps[i][1] == path)
    renames = [i for i in range(len(steps)) if steps[i][0] == "rename"
               and steps[i][2] == ROOT + "/saves/state.sav"]
    assert renames and last_byte < renames[0]
    assert app.storage.later is None
