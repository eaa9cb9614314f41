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


# ---- a test screen that journals several lines in one press (registered by the
# tests that use it: firmware.screens.SCREENS + VOLLEY_LINE) ----------------------
from firmware.screens.dice import DiceScreen  # noqa: E402

VOLLEY_LINE = "t_volley scripts Volley\n"


class Volley(DiceScreen):
    """A press journaling several lines, as a Cybernaut action journals a line per
    chit: A rolls the chosen die three times (three "roll" entries) and seals their
    sum (a "commit" entry), four lines the app holds and appends at once
    (firmware.storage.Storage.hold). State "then": "oom" ends the press with a
    MemoryError after its second roll, "refuse" with a RuleError there (the app
    shows "Not allowed" and saves what the press did)."""

    ID = "t_volley"

    def initial(self):
        return {"sel": 0, "last": "", "then": ""}

    def choose(self, app, index):
        from shared_rules.dice import DIE_NAMES, roll_named
        from shared_rules.errors import RuleError
        name = DIE_NAMES[index]
        total = 0
        for n in range(3):
            value, faces = roll_named(app.source, name)
            app.record("dice", "roll", {"die": name}, {"total": value, "faces": list(faces)},
                       "test volley")
            total += value
            if n == 1 and self.s["then"] == "oom":
                raise MemoryError("memory allocation failed")
            if n == 1 and self.s["then"] == "refuse":
                raise RuleError("the volley is refused")
        app.commit_secret("dice", "volley sum", total, None, "test volley")
        self.s["last"] = "%s x3 sealed" % name
