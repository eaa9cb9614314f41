"""The press whose frame went before its save, replayed at the boot after a power cut
(issue 21: a press answers at once; loaded only by that boot, firmware/resume.py).

A press that is no arrow (firmware.app.App._act) writes, before its frame, its
journal lines (the write-ahead record) and its record, ``ahead/press-ahead.wal``; its
save follows the frame (App.redraw). The record is one JSON list:

    [key, seq, counter, seq after, counter after, button, kind, screen ID, depth,
     cursor kept, undo step, cursor, nonce, screen ID after, depth after]

- key: the first 16 hex digits of the SHA-256 of the save it follows (its
  header's): a record for another save (the press was saved since, or the save
  was restored or replaced) is never replayed;
- seq / counter: the journal's next sequence number and the dice blocks used
  before the press; seq after / counter after: after it;
- button, kind: firmware.buttons' names ("A", "short"...);
- screen ID, depth: the top screen's ID and the number of screens before it;
  screen ID after, depth after: after it;
- cursor kept: the cursor beside the undo step's key (firmware.steps.keep_cursor:
  a dict, or its JSON sealed on a private screen, or None); undo step: the step's
  file name the press made (firmware.steps.mark) or None;
- cursor: the top screen's CURSOR_KEYS at the press when its cursor had moved
  since the save (a dict) or None; on a private screen sealed with the device's key
  (firmware.journal.Sealing.seal: a str), as its whole state is in a save;
- nonce: the press's nonce (16 hex digits): what it drew of the entropy came from
  it and the device's key (firmware.app._taped), so nothing of it can be told
  without the key.

The replay puts the cursor back, presses the button on the save's screens with
the same nonce (so the same salts), and keeps the journal lines it makes only
to compare them with the file's last lines: they must be the same bytes, and the
sequence number, the dice counter and the top screen must end where the press's did. Then it is
saved as the press would have been, its undo step copied. Anything else is no
replay: the caller restores the save again, and the press is one not kept
(firmware/resume.py sync_journal).
"""

import json
from binascii import unhexlify

from firmware.saving import PREV, SAVE, header_sha
from shared_rules.errors import PackError, RefereeError, SaveError

# in a folder of its own: littlefs compacts a folder's metadata every few commits,
# and in the data folder's root (with key.bin, packs.ok and the folders) that took
# ~52 ms of a Pico, against ~9 here; the record is written before many a frame and
# removed after (issue 21: the emulated Pico, 12 writes and removals each way)
NAME = "ahead/press-ahead.wal"  # (firmware/app.py and firmware/resume.py spell it out)


def resume(app, data, name):
    """Replay the press recorded ahead of its save (``data``: the bytes of NAME) on
    the save just restored from file ``name`` (SAVE or PREV) into ``app``
    (firmware.app.App, at boot, before the private screens' gate and the journal's
    catch-up).

    :returns: True when it was replayed and saved; False when the record is not
        for this save (nothing done).
    :raises SaveError: the replay did not lead where the press had led, or its
        record is damaged (``app`` may hold a part of the press then: the caller
        restores the save again).
    """
    try:
        record = json.loads(data)
        (base, seq, counter, seq_after, counter_after, button, kind, shown, depth,
         cursor, step, at, nonce, shown_after, depth_after) = record
        nonce = unhexlify(nonce)
    except (ValueError, TypeError) as exc:
        raise SaveError("%s is damaged (%s)" % (NAME, exc))
    if name == SAVE:
        sha = app.saved_sha
    else:  # the save cut short: the last good one is the press's
        head = app.storage.read(PREV)
        sha = header_sha(head[:head.find(b"\n")]) if head else None
        head = None
    if (not sha or sha[:16] != base or app.journal.next_seq != seq
            or app.source.counter != counter or app.top().ID != shown
            or len(app.stack) != depth):
        return False
    if name != SAVE:
        app.saved_sha = sha  # the undo step of the press is this save (firmware.steps.mark)
    if isinstance(at, str):
        at = json.loads(app.unseal(at))
    top = app.top()
    if isinstance(at, dict) and isinstance(top.s, dict):
        top.s.update(at)
    journal = app.journal_name()
    lines = []
    storage = app.storage
    # where the press's lines begin in the journal (they are its last seq_after - seq
    # lines), then the journal's size as each line the replay journals makes it: what
    # a line's place in the file is taken from (a parked commitment's reference,
    # firmware/games/cybernaut/commit.py, found by review: the replay's pointed past
    # the press's lines, which are in the file already)
    start = _lines_start(storage, journal, seq_after - seq)
    grown = [start]
    size = storage.size

    def capture(file, text):
        lines.append(file)
        lines.append(text)
        if file == journal:
            for part in (text if isinstance(text, (tuple, list)) else (text,)):
                grown[0] += len(part.encode() if isinstance(part, str) else part)

    def sized(name):
        return grown[0] if name == journal else size(name)

    try:
        # (patched inside the try: out of memory at the key or the nonce, the boot
        # would go on with every later journal line captured here, never written:
        # found by review)
        storage.append = capture  # the lines are in the file already
        storage.size = sized
        app.key()
        app.entropy([nonce])
        try:
            # as App._act dispatches it: a long B opens the Undo menu on a screen that
            # does not use it (found by a new user: replayed as the screen's B, it
            # closed the Dice screen)
            if (button == "B" and kind == "long" and not top.OWN_LONG_B
                    and top.ID != "undo"):
                from firmware.undo import UndoMenu
                app.push(UndoMenu())
            else:
                top.on_button(app, button, kind)
        except RefereeError as exc:  # as App._act
            app.notice("Pack problem" if isinstance(exc, PackError) else "Not allowed", str(exc))
        while app.later:
            app.push(app.later.pop(0))
        app.flush_draws()
    finally:
        try:
            del storage.append
        except AttributeError:  # (not patched yet)
            pass
        try:
            del storage.size
        except AttributeError:
            pass
        app.entropy(())
    for index in range(0, len(lines), 2):
        if lines[index] != journal:
            raise SaveError("the replayed press wrote to %s" % lines[index])
    if app.top().ID != shown_after or len(app.stack) != depth_after:
        raise SaveError("the replayed press led to %s (%d screens), the press to %s (%d)"
                        % (app.top().ID, len(app.stack), shown_after, depth_after))
    if app.journal.next_seq != seq_after or app.source.counter != counter_after:
        raise SaveError("the replayed press journaled up to %d (dice %d), the press up to %d (%d)"
                        % (app.journal.next_seq, app.source.counter, seq_after, counter_after))
    if not _same_lines(storage, journal, start, lines):
        raise SaveError("the replayed press journaled other lines than the press")
    lines = None
    made = None
    recent = app.journal.recent
    if seq_after != seq and recent and recent[-1]["kind"] not in ("undo", "redo", "refused"):
        from firmware.steps import keep_cursor, mark
        made = mark(app, seq, counter, shown)
        if made and cursor:
            keep_cursor(app.undo, made, cursor)
    if made != step:
        raise SaveError("the replayed press made undo step %s, the press %s" % (made, step))
    app.save()
    if made:
        try:
            storage.copy(PREV, made)
        except OSError as exc:  # the way back over it is lost (undo says so), as App's
            app.log("undo step not kept: %s" % exc)
    try:  # done: never replayed again (its save can come back: App._save_ahead)
        storage.remove(NAME)
    except OSError:
        pass
    app.log("the last press before the power went was replayed (%s %s on %s)"
            % (button, kind, shown))
    return True


def _lines_start(storage, name, count):
    """Where the last ``count`` lines of journal file ``name`` begin (bytes; its size
    when ``count`` is 0; 0 when it has no more): newlines counted back from its end,
    1 KB read at a time (the game's end journals ~34 KB in one press: a tail read
    whole did not fit a heap in pieces at boot, found by review).

    :raises OSError: the file cannot be read."""
    size = storage.size(name)
    if count <= 0 or size <= 0:
        return max(size, 0)
    handle = storage.open(storage.path(name), "rb")
    try:
        end = size - 1  # (the last line's own newline is not counted)
        while end > 0:
            begin = end - 1024 if end > 1024 else 0
            handle.seek(begin)
            data = handle.read(end - begin)
            at = len(data)
            while True:
                at = data.rfind(b"\n", 0, at)
                if at < 0:
                    break
                count -= 1
                if count == 0:
                    return begin + at + 1
            end = begin
        return 0
    finally:
        handle.close()


def _same_lines(storage, name, start, lines):
    """True when journal file ``name`` from byte ``start`` to its end is the lines
    ``lines`` hold ([file, text, ...], each text a str or a tuple/list of str or
    bytes parts), byte for byte: read at most 1 KB at a time (no copy of them all
    joined, no tail as long on the heap)."""
    handle = storage.open(storage.path(name), "rb")
    try:
        handle.seek(start)
        for index in range(1, len(lines), 2):
            text = lines[index]
            for part in (text if isinstance(text, (tuple, list)) else (text,)):
                part = part.encode() if isinstance(part, str) else bytes(part)
                for at in range(0, len(part), 1024):  # (an entry's text may be KBs)
                    if handle.read(min(1024, len(part) - at)) != part[at:at + 1024]:
                        return False
        return handle.read(1) == b""
    finally:
        handle.close()
