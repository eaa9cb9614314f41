"""Cybernaut's face-down chits as sealed-secret commitments (app.commit_secret).

Every face-down chit in cyberspace has a commitment while it is face down: the
journal gets a hash of "<id> <type>@<address>" when the chit is put down (NSA setup,
Cybernaut III.A; the NSA's secret re-placement, VII.H.5; a Netrunner chit placed
face down, VII.B.4), and the value itself once the rules make the chit public
(entered or adjacent address, strike, capture: VII.F, VII.G). At the end of the
game (after turn 10, IV.B.3) every commitment still sealed is revealed, so
`referee verify` can check that each revealed chit is the one committed.

The commitment id rides on the chit (key "cid"): inside the sealed part of the
game state while the chit is face down, dropped once revealed. A chit re-placed
while still face down gets a new commitment binding its new address; the old one
cannot be revealed before the end (it would tell where the chit was), so it is
*parked*: its sealed [salt, value] leaves app.secrets (the save, the heap) for one
"commit_parked" journal entry per re-placement (the blobs as sealed in the save:
the device key opens them, nobody else), and the game keeps only that entry's
[session, seq] in "parked". At the end of the game, or when it is abandoned, each
parked commitment is read back from the journal and revealed like any other, so
`referee verify` checks every one. Without parking, 27 more commitments stayed in
every save per re-placement (17.7 KB of save by turn 10, ~80 KB of heap).
Holding boxes (Cybernaut V.C.3-4): a Netrunner chit in the box of a hidden
Cybernaut is hidden from the NSA, so it is committed too, as "<id> <type>@box
<Cybernaut>" (key "cat": "box" beside its "cid"); revealed when the rules open the
box (the Cybernaut revealed), parked when it leaves the box face down (placed in
cyberspace, VII.B.4: a new commitment binds its address, the old one would tell
its type). Chits in the Netrunner container get none. Captured NSA Files are
revealed by the strike that captures them (VII.B.6, VII.G), so they are public.
"""

import json

GAME = "cybernaut"
RULE_PLACED = "Cybernaut III.A"
RULE_REVEALED = "Cybernaut VII.F"
RULE_END = "Cybernaut IV.B.3"
REVEAL_KINDS = ("nsa_revealed", "nr_revealed", "file_captured", "strike")
PARK = "commit_parked"
RULE_PARK = "Cybernaut VII.H.5"


def _public(game, key, chit):
    if key != "nsa":  # Netrunner chits and TechGear (V.C.3-4)
        return game.nr_visible(chit)
    return chit["up"] or chit["w"] in ("files", "held", "lost")


def reveal_rule(events, chit):
    """The rule section of the event in ``events`` (list of event dicts) that made
    ``chit`` public: a reveal naming its address and type (VII.F, VII.G.3), a File
    capture (VII.B.6); else the first revealing event's, else VII.F; a chit in a
    holding box: V.C.3 (the box of a revealed Cybernaut is open to the NSA)."""
    if chit["w"] == "box":
        return "Cybernaut V.C.3"  # the box of a Cybernaut just revealed, opened
    first = None
    for event in events or ():
        kind = event["kind"]
        if kind not in REVEAL_KINDS:
            continue
        if first is None:
            first = event["rule"]
        if kind == "file_captured" and chit["w"] == "held":
            return event["rule"]
        if [chit["at"], chit["t"]] in event.get("chits", ()):
            return event["rule"]
    return first or RULE_REVEALED


def sync(app, game, events=None, replaced=False, end=True):
    """Bring the commitments in line with ``game`` (a cybernaut_net.Game about to be
    stored): reveal the commitment of every chit now public, commit every face-down
    chit in cyberspace that has none (``replaced``: every re-placed NSA chit, i.e.
    each face-down one but the Nexus chits, gets a new one, VII.H.5); after the game
    is over, reveal every still-sealed commitment of the game (IV.B.3), unless
    ``end`` is False (GameScreen.store: that is left for after the frame).

    :param events: the events of the action just taken (their rule sections name
        the reveals and placements in the journal).
    """
    if game.s.get("revealed_all"):
        return
    placed = RULE_PLACED
    for event in events or ():
        if event["kind"] == "nr_place":
            placed = event["rule"]
    if replaced:
        placed = "Cybernaut VII.H.5"
    superseded = []
    for key, owner in (("nsa", "NSA"), ("nr", "Netrunner"), ("tg", "Netrunner")):
        for chit in game.s.get(key) or ():
            cid = chit.get("cid")
            if _public(game, key, chit):
                if cid is not None:
                    app.reveal_secret(GAME, cid, reveal_rule(events, chit))
                    del chit["cid"]
                    chit.pop("cat", None)
            elif chit["w"] == "space" and (
                    cid is None or chit.get("cat") == "box"
                    or (replaced and key == "nsa" and not game.is_nexus(chit))):
                if cid is not None and cid in app.secrets:
                    superseded.append(cid)
                chit.pop("cat", None)
                chit["cid"] = app.commit_secret(
                    GAME, owner + " chit", "%s %s@%s" % (chit["id"], chit["t"], chit["at"]),
                    owner, placed)
            elif key != "nsa" and chit["w"] == "box" and cid is None:
                # a hidden Cybernaut's holding box (V.C.4)
                name = game.s["cybs"][chit["cyb"]]["name"]
                chit["cat"] = "box"
                chit["cid"] = app.commit_secret(
                    GAME, owner + " chit", "%s %s@box %s" % (chit["id"], chit["t"], name),
                    owner, _box_rule(events))
    if superseded:
        park(app, game, superseded)
    if game.s["over"] and end:
        reveal_everything(app, game, RULE_END)
        for key in ("nsa", "nr", "tg"):
            for chit in game.s.get(key) or ():
                chit.pop("cid", None)
                chit.pop("cat", None)
        game.s["revealed_all"] = True


def _box_rule(events):
    """The rule that put a chit in a hidden holding box: the event's (Interaction
    "C", V.A; a Cybernaut hidden again, V.C.5), else V.C.4."""
    for event in events or ():
        if event["kind"] in ("chit_gained", "cybernaut_hidden", "techgear_gained"):
            return event["rule"]
    return "Cybernaut V.C.4"


def park(app, game, cids):
    """Move commitments ``cids`` (list of ids in app.secrets) into one journal entry
    ("commit_parked": their ids, labels and sealed blobs) and note its
    [session, seq] in ``game.s["parked"]``."""
    items = []
    for cid in cids:
        item = app.secrets.pop(cid)  # [game, what, owner, sealed [salt, value]]
        items.append([cid, item[1], item[2], item[3]])
    game.s.setdefault("parked", []).append([app.session, app.journal.next_seq, _next_line(app)])
    app.record(GAME, PARK, {"ids": cids, "items": items}, {}, RULE_PARK)


def _next_line(app):
    """Where the session's next journal line will start in its file (bytes): the
    file's size and the lines this press holds for it (Storage.hold; a str part
    counted in UTF-8 bytes). A game's "parked" reference keeps it, so that the
    game's end reads that one line (``_find``), not the journal from its start for
    each reference (issue 21: ~2 s of a Pico at the scripted game's end)."""
    name = app.journal_name()
    size = app.storage.size(name)
    size = size if size > 0 else 0
    held = app.storage.later
    if held is not None and held[0] == name:
        for part in held[1]:
            size += len(part.encode() if isinstance(part, str) else part)
    return size


def _at(app, name, seq, offset):
    """The "commit_parked" entry ``seq`` if the line at byte ``offset`` of journal
    file ``name`` is it, else None (an offset that is not a line's start: a line
    torn there, a file cut since)."""
    from shared_rules.errors import SaveError
    from shared_rules.journal import decode_line
    try:
        handle = app.storage.open(app.storage.path(name), "rb")
    except OSError:
        return None
    try:
        handle.seek(offset)
        line = handle.readline()
        entry = decode_line(line.decode().rstrip("\n"), 0, name)
    except (OSError, ValueError, SaveError):  # (UnicodeError is a ValueError)
        return None
    finally:
        handle.close()
    if entry.get("seq") == seq and entry.get("kind") == PARK:
        return entry
    return None


def _find(app, session, seq, offset=None):
    """The "commit_parked" entry ``seq`` of journal ``session``, or None: from the
    entries in RAM, the lines this press holds, the line at byte ``offset`` of the
    file (``_at``; a reference made before 2026-12-05 has none), else the file read
    line by line (a journal can be long: never the whole file on the heap)."""
    for entry in app.journal.recent:
        if entry["seq"] == seq and entry["kind"] == PARK and session == app.session:
            return entry
    from shared_rules.journal import decode_line
    name = "journals/s%04d.jrn" % session
    held = app.storage.later  # lines this press journaled that Storage holds (App.handle):
    if held is not None and held[0] == name:  # [name, parts, size]; a line's parts are
        for part in held[1]:                   # its CRC, " ", its JSON text, "\n"
            if PARK in part and part[:1] == "{":  # (not written here: this runs deep in
                entry = json.loads(part)          # the stack, firmware/storage.py)
                if entry["seq"] == seq and entry["kind"] == PARK:
                    return entry
    if offset is not None:
        entry = _at(app, name, seq, offset)
        if entry is not None:
            return entry
    try:
        handle = app.storage.open(app.storage.path(name), "r")
    except OSError:
        return None
    try:
        lineno = 0
        for line in handle:
            lineno += 1
            if PARK not in line:
                continue
            entry = decode_line(line.rstrip("\n"), lineno, name)
            if entry["seq"] == seq and entry["kind"] == PARK:
                return entry
    finally:
        handle.close()
    return None


def rejoin(app, was, now):
    """Undo or Redo (GameScreen.restored): ``was`` and ``now``, the game's "parked"
    references before and after it ([[session, seq, byte offset], ...]). The
    commitments of an entry only ``was`` has (its re-placement undone: the chits
    carry them again) come back into app.secrets, sealed as they were; those of an
    entry only ``now`` has (redone) leave it again. So each commitment is in
    app.secrets or in one parked entry of the game, and is revealed once."""
    for refs, other, back in ((was, now, True), (now, was, False)):
        for ref in refs:
            if ref in other:
                continue
            entry = _find(app, ref[0], ref[1], ref[2] if len(ref) > 2 else None)
            for cid, what, owner, blob in (entry or {}).get("in", {}).get("items", ()):
                if back:
                    app.secrets[cid] = [GAME, what, owner, blob]
                else:
                    app.secrets.pop(cid, None)


def unpark(app, game, rule):
    """Reveal every parked commitment of ``game`` (journal entries read back one at
    a time), as app.reveal_secret does. :returns: how many were revealed."""
    count = 0
    for ref in game.s.get("parked") or ():
        session, seq = ref[0], ref[1]  # [session, seq, byte offset] (older: no offset)
        entry = _find(app, session, seq, ref[2] if len(ref) > 2 else None)
        if entry is None:
            app.record(GAME, "park_missing", {"session": session, "seq": seq}, {}, rule)
            continue
        for cid, what, owner, blob in entry["in"]["items"]:
            app.secrets[cid] = [GAME, what, owner, blob]
            app.reveal_secret(GAME, cid, rule)
            count += 1
        entry = None
    game.s["parked"] = []
    return count


def reveal_everything(app, game, rule):
    """The end of the game: every parked commitment, then every one still in
    app.secrets, revealed; "reveal_all" closes them (IV.B.3). A PARKED secret left by
    an abandon that Undo took back is opened first as it is (its entries are the
    game's own "parked" ones, revealed by unpark: never twice)."""
    for cid in [c for c in app.secrets if app.secrets[c][1] == PARKED]:
        app.reveal_secret(GAME, cid, rule)
    unpark(app, game, rule)
    app.reveal_all(GAME, rule)


PARKED = "parked commitments"  # the label of keep_parked's secret


def keep_parked(app, refs):
    """A game abandoned (GameScreen.leave): the references of its "commit_parked"
    entries (``refs``: its "parked" list, [[session, seq, byte offset], ...], public:
    read from its state, the game not loaded, issue 21) kept as one sealed secret of
    the game (label PARKED), so that when the game's secrets are revealed
    (App.reveal_all, once another flow opens or the session ends) its parked
    commitments are revealed too, and Undo can still bring the game back (nothing is
    revealed now). An earlier PARKED secret (an abandon undone) is replaced: the
    game's list holds all of its entries.
    :returns: the secret's id, or None (nothing parked)."""
    for cid in [c for c in app.secrets if app.secrets[c][1] == PARKED]:
        app.reveal_secret(GAME, cid, RULE_PARK)  # the references only: no chit in them
    if not refs:
        return None
    return app.commit_secret(GAME, PARKED, refs, "NSA", RULE_PARK)


def unpark_refs(app, refs, rule):
    """Reveal the commitments parked in the journal entries ``refs`` ([[session, seq],
    ...]) (firmware.commit.reveal_all, for a PARKED secret). :returns: how many."""
    holder = _Holder(refs)
    return unpark(app, holder, rule)


class _Holder:
    """A stand-in for a game in unpark: only its "parked" list."""

    def __init__(self, refs):
        self.s = {"parked": refs}
