"""Numbering the undo steps after each action (the part of firmware/undo.py that
every action needs; the menu and the undo itself load only when used)."""

MAX_STEPS = 8
FOLDER = "undo/"
STOPS = ("reveal", "reveal_all", "salt", "seed_reveal")  # see barrier


def step_slot(i):
    """The file name of undo step ``i`` (int >= 0): the slots go round, MAX_STEPS + 1
    of them, e.g. step 0 and step MAX_STEPS + 1 share a file."""
    return FOLDER + "%d.snp" % (i % (MAX_STEPS + 1))


def keep_step(undo, i, sha):
    """Key step ``i`` by ``sha`` (the hex SHA-256 of its file's body, its header's):
    ``undo[5]`` gets [i, its first 16 digits]. firmware.undo restores a step file
    only with that key (a file left by a power cut, a restore or a sync is refused)."""
    keys = [key for key in undo[5] if key[0] != i and undo[1] <= key[0] <= undo[3]]
    keys.append([i, sha[:16]])
    undo[5] = keys


def keep_cursor(undo, step, cursor):
    """Beside the key of step file ``step`` (``step_slot``'s name) in ``undo``: where
    the top screen's cursor was at the action (``cursor``: {CURSOR_KEY: value}, or
    that dict's JSON sealed, str, on a private screen), when the cursor had moved
    since the copied save (not saved: a cursor is no confirmation). firmware.undo
    puts it back when it restores the step."""
    for key in undo[5]:
        if step_slot(key[0]) == step:
            del key[2:]
            key.append(cursor)


def barrier(app, before, shown):
    """Why the action just taken (journal entries from seq ``before`` on; ``shown``
    the ID of the screen on top before it) can never be undone, or None.

    A player cannot unsee a secret, and the dice must never roll again for a roll
    already made, so undo stops at an action that
    - revealed a secret (a "reveal" / "reveal_all" entry: the game's own, or one
      of a commitment made before this action: one committed ("s<session>c<seq>")
      and revealed by the same action was never hidden from anyone):
      ["reveal", game, what];
    - opened a prompt.Reveal (a secret shown to one player, e.g. a Spot! result):
      ["shown", owner, title];
    - mixed in the players' salt or revealed the seed (undoing it would let the
      device roll again): ["salt"] / ["seed_reveal"].
    firmware.undo.stop_text words it. Reads only ``journal.recent`` (its last 8
    entries).
    """
    head = "s%dc" % app.session
    for entry in app.journal.recent:
        kind = entry["kind"]
        if entry["seq"] < before or kind not in STOPS:
            continue
        if kind[0] == "s":  # salt, seed_reveal
            if entry["game"] == "session":
                return [kind]
            continue
        inputs = entry["in"] if isinstance(entry["in"], dict) else {}
        ids = inputs.get("ids", [inputs.get("id")])
        for cid in ids if isinstance(ids, list) else [None]:
            seq = cid[len(head):] if isinstance(cid, str) and cid.startswith(head) else ""
            if not seq.isdigit() or int(seq) < before:
                return ["reveal", entry["game"],
                        inputs.get("what") or inputs.get("who") or inputs.get("player")]
    top = app.stack[-1]
    if top.ID != shown and getattr(top, "SHOWS_SECRET", False):
        return ["shown", top.s.get("owner"), top.s.get("title")]
    return None


def mark(app, before, counter, shown=None):
    """After an action, before its state is saved: number the state before it
    (the last save, keyed by ``app.saved_sha``) as a step; the caller copies that save
    (saves/state.prev once the new state is saved) to the returned file. An
    action that cannot be undone (``barrier``) makes the state after it the
    oldest one kept: ``undo[6]`` = [its step] + the reason (``barrier``), for
    the notice.

    :param before: the journal's next sequence number before the action (int).
    :param counter: the dice block counter before the action (int).
    :param shown: the ID of the screen on top before the action (str) or None.
    :returns: the step's file name (relative to the data folder), or None.
    """
    if not app.saved_sha:
        return None
    undo = app.undo or [0, 0, 0, 0, [], []]
    pos = undo[2]
    acts = [act for act in undo[4] if pos + 1 - MAX_STEPS <= act[0] < pos]
    acts.append([pos, before, app.journal.next_seq, counter, app.source.counter])
    lo = max(undo[1], pos + 1 - MAX_STEPS)
    why = barrier(app, before, shown)
    stop = undo[6:7]
    if why:
        lo = pos + 1
        acts = []
        stop = [[lo] + why]
    undo = [0, lo, pos + 1, pos + 1, acts, undo[5]] + stop
    if why:  # the state before it is never restored: no step file
        undo[5] = []
        app.undo = undo
        return None
    keep_step(undo, pos, app.saved_sha)
    app.undo = undo
    return step_slot(pos)




def extend(app, before):
    """The journal entries from seq ``before`` on, journaled by work an action left
    for after its frame (Cybernaut's re-placement, Solo placement and game's end:
    firmware.games.cybernaut.game.GameScreen.later), join that action, the last one
    in ``app.undo``: an undo names them, and when they revealed a secret (``barrier``)
    the state after them is the oldest kept (that action can no longer be undone),
    as ``mark`` would have made it had the action journaled them itself."""
    undo = app.undo
    if not undo or app.journal.next_seq == before:
        return
    pos = undo[2]
    for act in undo[4]:
        if act[0] == pos - 1 and act[2] == before:
            act[2] = app.journal.next_seq
            act[4] = app.source.counter
    why = barrier(app, before, None)
    if why:
        app.undo = [0, pos, pos, pos, [], [], [pos] + why]
