"""Saving: where the saves are, and what of a save body tells two states apart (the
digest without the cursor: an arrow press that only moves a cursor writes no save,
issue 21). Imported by the app, the boot's restore (firmware/resume.py) and undo
(firmware/undo.py); it imports none of them."""

from shared_rules.save import state_digest

SAVE = "saves/state.sav"
PREV = "saves/state.prev"
# keys of a screen's state that hold only where its cursor is (firmware.ui.Menu's
# "sel", a grid's row "r" and column "c": firmware/games/cybernaut/grid.py); an
# arrow that changes nothing else writes no save (App.save)
CURSOR_KEYS = ("sel", "r", "c")


def masked_digest(body):
    """state_digest of a save body (App.snapshot's) without what an arrow press may
    change without confirming anything: the top screen's CURSOR_KEYS, and the
    names of the packs loaded (a hint for the next boot, firmware.resume
    preload_packs: a pack loaded by the frame after a save). The body is left as
    it was (a shallow copy of the top screen's state is digested). :returns: 32 bytes."""
    screens = body["screens"]
    top = screens[-1] if screens else None
    state = top["state"] if top is not None else None
    packs = body.pop("packs", None)
    try:
        if not isinstance(state, dict) or not [key for key in CURSOR_KEYS if key in state]:
            return state_digest(body)
        masked = dict(state)
        for key in CURSOR_KEYS:
            masked.pop(key, None)
        top["state"] = masked
        try:
            return state_digest(body)
        finally:
            top["state"] = state
    finally:
        if packs is not None:
            body["packs"] = packs


def cursor_of(body):
    """Where the top screen's cursor is in a save body: (number of screens, the
    values of its CURSOR_KEYS), compared beside masked_digest (App.save)."""
    screens = body["screens"]
    state = screens[-1]["state"] if screens else None
    if not isinstance(state, dict):
        return (len(screens), None)
    return (len(screens), [state.get(key) for key in CURSOR_KEYS])
