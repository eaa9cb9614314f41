"""Numbering the undo steps after each action (the part of firmware/undo.py that
every action needs; the menu and the undo itself load only when used)."""

from binascii import hexlify

MAX_STEPS = 8
FOLDER = "undo/"


def _slot(i):
    return FOLDER + "%d.snp" % (i % (MAX_STEPS + 1))


def _keep(undo, i, digest):
    keys = [key for key in undo[5] if key[0] != i and undo[1] <= key[0] <= undo[3]]
    keys.append([i, hexlify(digest[:8]).decode()])
    undo[5] = keys


def mark(app, before, counter):
    """After an action, before its state is saved: number the state before it
    (the last save, ``app._saved_digest``) as a step; the caller copies that save
    (saves/state.prev once the new state is saved) to the returned file.

    :param before: the journal's next sequence number before the action (int).
    :param counter: the dice block counter before the action (int).
    :returns: the step's file name (relative to the data folder), or None.
    """
    if not app._saved_digest:
        return None
    undo = app.undo or [0, 0, 0, 0, [], []]
    pos = undo[2]
    acts = [act for act in undo[4] if pos + 1 - MAX_STEPS <= act[0] < pos]
    acts.append([pos, before, app.journal.next_seq, counter, app.source.counter])
    undo = [0, max(undo[1], pos + 1 - MAX_STEPS), pos + 1, pos + 1, acts, undo[5]]
    _keep(undo, pos, app._saved_digest)
    app.undo = undo
    return _slot(pos)


