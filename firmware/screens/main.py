"""The main menu: one entry per flow."""

from firmware.surface import COLS
from firmware.ui import Menu, wrap

# (label, module, class) of each entry; imported when chosen.
ENTRIES = (
    ("Dice", "firmware.screens.dice", "DiceScreen"),
    ("Neo-Hunt shot", "firmware.screens.neohunt", "ShotScreen"),
    ("Cybernaut", "firmware.screens.cybernaut", "CybernautMenu"),
    ("Cybercore AF", "firmware.screens.cybercore", "ArmourScreen"),
    ("Cybercore fight", "firmware.screens.cybercore_fight", "FightScreen"),
    ("Session & dice", "firmware.screens.session", "SessionMenu"),
    ("Neo-Hunt game", "firmware.screens.neohunt_setup", "NhSetup"),
)


class MainMenu(Menu):
    """The first screen: choose a game flow."""

    ID = "main"
    TITLE = "Pocket Referee"

    def items(self, app):
        return [entry[0] for entry in ENTRIES]

    def footer(self, app):
        lines = ["Dice %s" % app.seed_id]
        if app.battery is None:
            return lines
        try:
            return lines + ["Battery %.2fV" % app.battery()]
        except (OSError, ValueError):
            return lines

    def choose(self, app, index):
        entry = ENTRIES[index]
        app.save_held = False  # the player moves on: this replaces a save kept aside
        app.forget_games()
        module = __import__(entry[1], None, None, [entry[2]])
        app.push(getattr(module, entry[2])())


class OutOfMemory(Menu):
    """After a MemoryError, on a board that can restart (App.recover_memory): what the
    recovery did, then "Go on" (first: a stray A loses nothing) or "Restart now",
    which soft-resets the board; the app resumes from its save with all of RAM free.
    It is never saved (TRANSIENT), so neither a restart nor a power cut shows it again.

    State: {"sel", "kept": True when the press was undone and the game is as it
    was; False when the main menu opened and the game waits in its save, which is
    not written over until the player opens something else (App.save_held)}.
    """

    ID = "oom"
    TITLE = "Out of memory"
    TRANSIENT = True  # after a power cut the game comes back, not this notice
    GUARDED = True  # shows no secret: never covered as "Private" (App._cover_idle_private)

    def items(self, app):
        return ["Go on", "Restart now"] if app.restart is not None else ["Go on"]

    def footer(self, app):
        if self.s["kept"]:
            text = "Press not kept: game as before. Restart frees RAM, keeps all."
        else:
            text = "Game kept in its save: Restart gets it back."
        return wrap(text, COLS)

    def choose(self, app, index):
        app.pop()
        if index == 1 and app.restart is not None:
            # nothing to save: the screens under this one are the last save's (or,
            # when it could not be read, the save is held: App.save_held)
            app.restart()
