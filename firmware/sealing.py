"""Sealing on the device: whose private screen is open, and a private screen's state
as a save keeps it (sealed whole) made live again. Imported by the app, the boot's
restore (firmware/resume.py), undo (firmware/undo.py) and the prompts; it imports
none of them."""

import json

from shared_rules.errors import SaveError


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
