"""Scripted flows through the real app on the simulator board, found by the class a
main menu entry opens (so new or renamed main-menu entries do not break them)."""

from firmware.screens import ENTRIES


def _index(label):
    for index in range(len(ENTRIES)):
        if ENTRIES[index][2] == label:
            return index
    raise AssertionError("no main menu entry '%s'" % label)


def open_entry(app, label):
    """Keys that move the main menu's selection to the entry opening class ``label``
    and open it."""
    sel = app.stack[0].s["sel"]
    step = _index(label) - sel
    return ("D " * step if step >= 0 else "U " * -step) + "A"


# (class the main menu entry opens, keys inside the flow ending back on the main menu)
SALT = ("SessionMenu", "A U U L R A A B")
GAME = [
    ("DiceScreen", "A D A B"),                      # d6, d10
    ("ShotScreen", "A A A A B"),                    # two shots, each result closed with A
    ("CybernautMenu", "A A A D A A B D A A B"),     # two interactions, one encounter
    ("ArmourScreen", "A A R A D D D D A A B"),      # GM sets AN 16 (sealed), d20 + AF
]
END = ("SessionMenu", "D A D A A B B")  # End session: a move, then A twice


def play(board, app, flows, after_press=None):
    """Press through ``flows`` [(label, keys)]; call after_press(app) after each press."""
    from boards.sim import parse_keys
    for label, keys in flows:
        script = open_entry(app, label) + " " + keys
        for name, long in parse_keys(script):
            board.press(app, name, long)
            if after_press is not None:
                after_press(app)
