"""The main menu: one entry per flow."""

from firmware.ui import Menu

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
        app.forget_games()
        module = __import__(entry[1], None, None, [entry[2]])
        app.push(getattr(module, entry[2])())
