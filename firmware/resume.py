"""Resuming: the last save read back at boot or after a MemoryError, the
journal's tail caught up, a bad save kept aside (firmware.app.App.boot and
App.recover_memory).

A module of its own, imported when needed and dropped after (App.boot,
App.recover_memory; firmware.memory FORGET): its code is RAM that a game never needs while it is
played (issue 7).
"""

import binascii
import gc

from firmware.saving import PREV, SAVE
from firmware.saving import opened_state, private_owner
from shared_rules.journal import SESSION

JOURNAL_TAIL = 4096  # bytes of the journal's end read back first (sync_journal)
from shared_rules import VERSION
from shared_rules.dice import SCHEME_HMAC
from shared_rules.errors import PackError, SaveError
from shared_rules.journal import Journal, decode_line


class SealKeyError(SaveError):
    """A save whose sealed values (its dice seed first) do not open with the
    device's sealing key: key.bin is missing (App.key made a new one) or is
    another device's. The save is set aside whole (keep_bad), never opened."""


# the Save problem notice for saves set aside by SealKeyError ("%s": their new names)
KEY_LOST = ("the sealing key (key.bin) is missing or is not the one this save was sealed "
            "with, so its hidden values cannot be opened; kept as %s. Restore a backup on a "
            "PC (referee restore ZIP): it puts key.bin back with the game as it was then "
            "(what is here now is backed up first); copying key.bin back alone does not "
            "bring this save back")


def open_seed(app, sealed):
    """The session seed (bytes) sealed in a save (firmware.journal's Journaling.seed_sealed).

    :raises SealKeyError: it does not open with the device's key (key.bin).
    """
    try:
        return binascii.unhexlify(app.unseal(sealed))
    except ValueError:  # not UTF-8 (seal.unseal), or not hex: opened with another key
        raise SealKeyError("the sealing key (key.bin) does not open this save's dice seed")


def keep_bad(app, name):
    """Rename the bad save ``name`` (path in the data folder) aside as
    saves/badN.sav, never deleting it. :returns: the new name."""
    index = 1
    while app.storage.exists("saves/bad%d.sav" % index):
        index += 1
    bad = "saves/bad%d.sav" % index
    app.storage.rename(name, bad)
    return bad

def preload_packs(app, body):
    """Load the packs the saved game had loaded (the save body's "packs": a list of
    pack names) before its screens' modules: parsing a pack needs about twice what
    it keeps, which the heap has while it is still whole, and not once a game's
    modules are in it (issue 7: a resumed Cybernaut game parsed its pack at its
    first frame and ran out of memory at every frame). A pack that cannot be loaded
    now is left out: the screen that needs it loads it, and says what is wrong.

    :param app: firmware.app.App.
    :param body: dict, the save body (decode_save's).
    """
    names = body.get("packs")
    if not isinstance(names, list):
        return
    for name in names:
        if not isinstance(name, str) or name in app.packs:
            continue
        try:
            app.pack(name)
        except (PackError, MemoryError):
            gc.collect()

def restore(app, body):
    """Rebuild ``app`` (firmware.app.App) from a save body (dict, decode_save's).

    :raises SaveError: unknown screens, or none.
    """
    from firmware.screens import game_of, screen_class
    screens = []
    for item in body.get("screens", []):
        cls = screen_class(item.get("id"))
        if cls is None:
            raise SaveError("save names an unknown screen '%s'" % item.get("id"))
        screens.append(cls(opened_state(app, item.get("state"))))
        game = game_of(item.get("id"))
        if game is not None and game not in app.played:
            app.played.append(game)
    if not screens:
        raise SaveError("save has no screens")
    dice = body.get("dice", {})
    if dice.get("seed"):
        scheme = dice.get("scheme")
        app.use_seed(open_seed(app, dice["seed"]),
                     dice.get("counter", 0), dice.get("salts", []),
                     None if scheme is None else scheme == SCHEME_HMAC, dice["seed"])
    elif dice.get("seed_id") == app.seed_id:
        app.use_seed(None, dice.get("counter", 0))
    app.stack = screens
    app.history = body.get("history", [])
    app.session = body.get("session", 1)
    app.pins = body.get("pins", {})
    app.secrets = body.get("secrets", {})
    app.undo = body.get("undo")
    app.journal = Journal(next_seq=body.get("next_seq", 1))
    app.launch = bool(body.get("launch"))

def restore_saved(app):
    """After a MemoryError (App.recover_memory): restore the last save, state.sav,
    else state.prev, as a boot would. A file that is not a good save is kept aside
    as badN.sav (the next boot would do so too: the game is not in it any more).

    :returns: (kept, text): kept is True when a save was restored; text (str) is
        what the player is told when it is not the usual "press not kept" (a bad
        state.sav: the game is one step older; or both saves bad or missing: the
        game could not be kept), naming each file missing or kept aside; else None.
    :raises MemoryError: no room to read it (the files are left as they are).
    :raises SaveError, ValueError...: restore's, for a save that reads but does not
        restore (the files are left as they are).
    """
    problems = []
    for name in (SAVE, PREV):
        try:
            body = app.read_save(name)
        except SaveError as exc:
            problems.append("%s (kept as %s)" % (exc, keep_bad(app, name)))
            continue
        if body is None:
            problems.append("%s is missing" % name)
            continue
        restore(app, body)
        if name == PREV and "kept as" in "".join(problems):
            return True, ("That press ran out of memory and the last save was bad: %s. The "
                          "game is as it was one step earlier (%s)." % (problems[0], PREV))
        return True, None
    return False, ("That press ran out of memory and the game could not be kept: its saves "
                   "are bad or missing (%s). Back at the main menu." % "; ".join(problems))

def sync_journal(app):
    """After a restart: cut a torn last journal line (a power cut mid-append) so
    the next entry starts on a line of its own, and catch up with entries
    journaled after the last save (a cut between the two): the next sequence
    number, the dice blocks used, the salts added. Reads only the journal's tail.

    A sealed secret committed by an entry ahead of the save (the press that made it
    was not kept: it ran out of memory, or the power went before its save) is in
    no state: it can never be revealed, so a "void" entry is journaled naming it and
    the entries not kept (see shared_rules.secrets_check; its value stays sealed:
    the player may enter the same secret again). A secret such a press revealed (one
    it had not committed itself) is still sealed in the state restored, in
    app.secrets or parked by a game, which will reveal it again: the void names it in
    "again".

    :returns: the journal's last entry (dict) or None when it has none.
    """
    first = app.journal.next_seq
    name = app.journal_name()
    data, start = app.storage.read_tail(name, JOURNAL_TAIL)
    if not data:
        return None
    if not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        if keep == 0 and start > 0:  # a torn line longer than the tail
            data, start = app.storage.read_tail(name, start + len(data))
            keep = data.rfind(b"\n") + 1
        app.log("journal %s: dropped a torn last entry (power cut while writing)" % name)
        app.storage.keep_prefix(name, start + keep)
        data = data[:keep]
    size = JOURNAL_TAIL
    while True:
        last = None
        ahead = []
        reached = False  # an entry the save knows: every entry ahead of it is read
        end = len(data) - 1
        while end > 0:
            begin = data.rfind(b"\n", 0, end) + 1
            try:
                entry = decode_line(data[begin:end].decode(), 0, name)
            except (SaveError, UnicodeError):
                break
            if last is None:
                last = entry
            if entry["seq"] < app.journal.next_seq:
                reached = True
                break
            ahead.insert(0, entry)
            end = begin - 1
        # a press not kept may have journaled more than the tail (27 commitments of
        # a Cybernaut solo placement: 7 KB): read further back, up to 8 tails, so
        # that every commitment ahead of the save is voided (found by review)
        if reached or start == 0 or size >= 8 * JOURNAL_TAIL:
            break
        size = 2 * size
        try:
            data = None
            data, start = app.storage.read_tail(name, size)
        except MemoryError:  # no room for more: what was read is voided
            gc.collect()
            break
    if last is not None and last["seq"] >= app.journal.next_seq:
        app.journal.next_seq = last["seq"] + 1
    voids = []
    again = []  # revealed by a press not kept, yet still sealed in the state restored
    for entry in ahead:
        inputs = entry.get("in")
        cid = inputs.get("id") if isinstance(inputs, dict) else None
        kind = entry.get("kind")
        # the kinds of shared_rules.commit (not imported: it would stay in RAM after boot)
        if kind == "commit" and isinstance(cid, str) and cid not in app.secrets:
            voids.append(cid)
        elif kind == "reveal" and cid in voids:
            voids.remove(cid)  # revealed by the same press: closed already
        elif kind == "reveal" and isinstance(cid, str) and cid not in again:
            # the game reveals it again, later: verify accepts that. Sealed in the state
            # restored: in app.secrets, or parked by a Cybernaut game (its journal
            # entries, revealed at the game's end: found by review, a cut in the end's
            # reveals after the frame revealed the parked ones twice)
            again.append(cid)
        elif kind == "void" and isinstance(inputs, dict) and isinstance(inputs.get("ids"), list):
            voids = [c for c in voids if c not in inputs["ids"]]  # voided before a power cut
            if inputs.get("again") is True:  # (every reveal before it: found by review,
                again = []                   # a list was taken for granted: the boot failed)
            else:
                again = [c for c in again if c not in inputs.get("again", ())]
        if (entry.get("game") == SESSION and entry.get("kind") == "salt"
                and isinstance(inputs, dict) and isinstance(inputs.get("salt"), str)
                and isinstance(inputs.get("at"), int)):
            item = [inputs["at"], inputs["salt"]]
            if item not in getattr(app.source, "salts", [item]):
                app.source.add_salt(item[1], item[0])
        dice = entry.get("dice")
        if (isinstance(dice, dict) and isinstance(dice.get("to"), int)
                and dice["to"] > app.source.counter):
            app.source.counter = dice["to"]
    if not reached and start > 0:
        # more of the press is before the tail read (the game's end journals 34 KB after
        # its frame: found by review): every reveal from the save's next entry on is one
        # the state restored reveals again (secrets_check reads "again": true so)
        again = True
    app.use_seed(None, app.source.counter)
    if voids or again:
        app.record(SESSION, "void", {"ids": voids, "again": again, "from": first,
                                     "to": last["seq"]}, {},
                   "Trust: sealed secrets (a press not kept voids its commitments)")
    return last

def resume(app):
    """The body of App.boot up to the first frame: the last good save (state.sav,
    else state.prev; a bad one kept aside as badN.sav) restored and the journal's
    tail caught up, or the main menu and a new session.

    :param app: firmware.app.App, just made.
    :returns: True when a step saved by App.restart_first is to be done now.
    """
    from firmware.screens.main import MainMenu
    resumed = False
    problems = []
    sealed = []  # the saves kept aside because key.bin does not open them (one message)
    for name in (SAVE, PREV):
        try:
            body = app.read_save(name)
            if body is None:
                continue
            preload_packs(app, body)
            try:
                restore(app, body)
            except MemoryError:
                # the packs loaded first left too little room for the game's
                # modules: without them (each screen loads its own pack later)
                app.packs = {}
                gc.collect()
                restore(app, body)
            resumed = name
            break
        except SealKeyError:
            sealed.append(keep_bad(app, name))
        except MemoryError:  # the game's modules do not fit a whole heap: not at every boot
            app.forget_games(False)
            gc.collect()
            problems.append("the saved game needs more memory than is free at start "
                            "(kept as %s)" % keep_bad(app, name))
        except (SaveError, ValueError, KeyError, TypeError, AttributeError) as exc:
            bad = keep_bad(app, name)
            problems.append("%s (kept as %s)" % (exc, bad))
    if sealed:
        problems.append(KEY_LOST % " and ".join(sealed))
    # the record's place before 2026-12-05, the data folder's root (a device updated
    # after a power cut cut a press short: found by review): moved to its folder
    data = app.storage.read("ahead/press-ahead.wal")
    text = app.storage.read("press-ahead.wal")
    if text:
        if not data:
            data = text
        try:
            app.storage.write_atomic("ahead/press-ahead.wal", data)
            app.storage.remove("press-ahead.wal")
        except OSError:  # (no room to move it: replayed from where it is, found by
            pass         # review; moved at a later boot)
    text = None
    if resumed and not problems:
        # a press whose frame went before its save (firmware.app.App._act), cut off
        # by the power before it: replayed, or said not kept (not after a save found
        # bad: the game is then one step older, as the notice says)
        if data and (resumed == PREV or data[2:18] == app.saved_sha[:16].encode()):
            text = _replay(app, data, resumed)
            if text:
                problems.append(text)
        elif data:
            # another save's: its press was saved (a power cut before its record went
            # would leave it for a save that may come back: found by review)
            try:
                app.storage.remove("ahead/press-ahead.wal")
            except OSError:
                pass
        data = None
    launch = resumed and app.launch
    app.launch = False  # saved off below: a step that fails is not retried at every boot
    if resumed:
        owner = private_owner(app.stack)
        if owner is not None and app.top().ID != "resume_gate":
            from firmware.screens.prompt import ResumeGate
            app.stack.append(ResumeGate({"owner": owner}))
        resumed_from = resumed
        resumed = True
        try:
            # the journal's tail is read in one block after the game's modules
            # are loaded: a game too big for the heap failed here at every boot
            gc.collect()
            last = sync_journal(app)
        except MemoryError:
            resumed = False
            app.stack = [MainMenu()]
            app.forget_games(False)
            gc.collect()
            bad = keep_bad(app, resumed_from)
            problems.append("the saved game needs more memory than is free at start "
                            "(kept as %s)" % bad)
    if not resumed:
        app.stack = [MainMenu()]
        last = last_journal_number(app)
        if last:
            app.start_session(last + 1)
            if problems:
                # its sealed seed was in the lost saves: it can never be revealed
                problems.append("session %d cannot be resumed, so its dice cannot be "
                                "verified; session %d starts" % (last, last + 1))
        last = sync_journal(app)
    if last is None:
        app.opening = True
    elif last.get("game") == SESSION and last.get("kind") == "seed_reveal":
        # the power was cut after the reveal was journaled: finish ending it
        from firmware.screens.session import reveal_screen
        out = last.get("out")
        ended = (app.session, str(out.get("seed") if isinstance(out, dict) else ""),
                 app.seed_id)
        app.start_session(max(app.session, last_journal_number(app)) + 1)
        if app.top().ID == "end_session":
            app.replace(reveal_screen(app, ended))
        else:
            app.push(reveal_screen(app, ended))
    app.save()
    if app.opening:
        app.open_session()
        app.save()  # the journal moved on: an untouched device now stays byte-identical
    if problems:
        app.notice("Save problem", "; ".join(problems) + (
            ". Resumed from the last good save." if resumed else ". Started fresh."))
    app.log("Pocket Referee %s ready" % VERSION)
    return bool(launch and not problems)

def _replay(app, data, name):
    """firmware.replay.resume(app, data, name), loaded for it alone; when the replay
    fails, the save ``name`` is restored again (the press is then one not kept:
    sync_journal). :returns: what to tell the player then (str), else None."""
    try:
        try:
            __import__("firmware.replay", None, None, ("resume",)).resume(app, data, name)
            # a reboot disarms what a second A would do (End session, Abandon, Neo-Hunt's
            # reveal): the replayed press may have armed it (found by review: an armed
            # End session came back armed after a cut between its frame and its save)
            disarm = getattr(app.top(), "disarm", None)
            if disarm is not None:
                disarm()
            return None
        finally:
            if app.forget is not None:
                app.forget(("firmware.replay",), ())
    except Exception as exc:  # noqa: BLE001  (any fault: the save as it was)
        app.log("the last press could not be replayed: %r" % (exc,))
        gc.collect()
        try:  # said not kept: never tried again (found by review: a press that
            app.storage.remove("ahead/press-ahead.wal")  # journaled nothing came back at
        except OSError:                            # the boot after)
            pass
        try:
            restore(app, app.read_save(name))
        except MemoryError:  # the packs the replay loaded (found by review: out of
            app.packs = {}   # memory here, after the game's end's replay, the boot
            gc.collect()     # stopped), as ``resume`` does
            restore(app, app.read_save(name))
        return ("the last press before the power went could not be brought back (%s): the "
                "game is as it was before it" % (exc,))


def last_journal_number(app):
    """The highest session number with a journal (journals/sNNNN.jrn), 0 if none."""
    last = 0
    for name in app.storage.listdir("journals"):
        if name.startswith("s") and name.endswith(".jrn"):
            try:
                last = max(last, int(name[1:-4]))
            except ValueError:
                pass
    return last
