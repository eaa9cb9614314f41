"""Saving: where the saves are, what of a save body tells two states apart (the
digest without the cursor: an arrow press that only moves a cursor writes no save,
issue 21), and a private screen's state as a save keeps it (sealed whole) made live
again, with whose private screen is open. Imported by the app, the boot's restore
(firmware/resume.py), undo (firmware/undo.py) and the prompts; it imports none of
them. (One module, not two: every module and name loaded at boot is RAM for good.)"""

import gc
import hashlib
import json

from shared_rules.errors import SaveError

SAVE = "saves/state.sav"
PREV = "saves/state.prev"
# keys of a screen's state that hold only where its cursor is (firmware.ui.Menu's
# "sel", a grid's row "r" and column "c": firmware/games/cybernaut/grid.py); an
# arrow that changes nothing else writes no save (App.save)
CURSOR_KEYS = ("sel", "r", "c")


def masked_digest(body, digest_of=None):
    """A digest of a save body (App.snapshot's) without what an arrow press may
    change without confirming anything: the top screen's CURSOR_KEYS, and the
    names of the packs loaded (a hint for the next boot, firmware.resume
    preload_packs: a pack loaded by the frame after a save). The body is left as
    it was (a shallow copy of the top screen's state is digested).

    :param digest_of: callable(value) -> 32 bytes; default ``_text_digest``: the
        SHA-256 of the JSON text, in C (issue 21: the order-free walk,
        shared_rules.save.state_digest, took ~140 ms a Cybernaut press on a Pico).
        That text follows the order the dicts iterate in, so two equal states
        built in different orders may differ; App.save compares only states of
        the same live objects (before and after an arrow press), where a
        difference costs at most one save. firmware.undo passes state_digest to
        check a step key written by an older firmware.
    :returns: 32 bytes."""
    if digest_of is None:
        digest_of = _text_digest
    screens = body["screens"]
    top = screens[-1] if screens else None
    state = top["state"] if top is not None else None
    packs = body.pop("packs", None)
    try:
        if not isinstance(state, dict) or not [key for key in CURSOR_KEYS if key in state]:
            return digest_of(body)
        masked = dict(state)
        for key in CURSOR_KEYS:
            masked.pop(key, None)
        top["state"] = masked
        try:
            return digest_of(body)
        finally:
            top["state"] = state
    finally:
        if packs is not None:
            body["packs"] = packs


def _text_digest(value):
    """SHA-256 (32 bytes) of ``json.dumps(value)``'s UTF-8. Without a block of RAM
    as big as the text (a heap in pieces), the order-free digest that needs none
    (shared_rules.save.state_digest) stands in: another kind, so the comparison
    says "changed" and the press saves (a write too many, never one too few)."""
    try:
        text = json.dumps(value)
    except MemoryError:
        gc.collect()
        from shared_rules.save import state_digest
        return state_digest(value)
    try:
        return hashlib.sha256(text).digest()
    except TypeError:  # CPython: str has no buffer
        return hashlib.sha256(text.encode()).digest()


def header_sha(header):
    """The hex SHA-256 of a save's body, from its header line (str or bytes)."""
    if not isinstance(header, str):
        header = bytes(header).decode()
    return json.loads(header)["sha256"]


def cursor_of(body):
    """Where the top screen's cursor is in a save body: (number of screens, the
    values of its CURSOR_KEYS), compared beside masked_digest (App.save)."""
    screens = body["screens"]
    state = screens[-1]["state"] if screens else None
    if not isinstance(state, dict):
        return (len(screens), None)
    return (len(screens), [state.get(key) for key in CURSOR_KEYS])


def private_owner(stack):
    """Whose private screen is open in ``stack`` (list of screens), or None.

    A screen opened through a Handover carries its owner (``"_owner"`` in its state);
    a SecretNumber showing its number belongs to its owner. A hand-back or a
    handover above it means the private part is over.
    """
    for index in range(len(stack) - 1, -1, -1):
        screen = stack[index]
        state = screen.s if isinstance(screen.s, dict) else {}
        if screen.ID == "handback" or screen.ID == "handover":
            return None
        if state.get("_owner"):
            return state["_owner"]
        if screen.ID == "secret" and state.get("stage") == 1:
            return state.get("owner")
    return None


def opened_state(app, state):
    """A screen's state as saved (App.saved_state) made live again: a private
    screen's sealed whole (``{"_sealed": text}``) opened with ``app``'s key; any
    other state as it is. :raises SaveError: the sealed text cannot be opened."""
    if isinstance(state, dict) and "_sealed" in state and len(state) == 1:
        try:
            return json.loads(app.unseal(state["_sealed"]))
        except (ValueError, KeyError) as exc:
            raise SaveError("a private screen's sealed state cannot be opened (%s)" % exc)
    return state
