"""The main menu: one entry per flow."""

from firmware.ui import Menu

# (label, module, class) of each entry; imported when chosen.
ENTRIES = (
    ("Dice", "firmware.screens.dice", "DiceScreen"),
    ("Neo-Hunt shot", "firmware.screens.neohunt", "ShotScreen"),
    ("Cybernaut", "firmware.screens.cybernaut", "CybernautMenu"),
    ("Cybercore armour", "firmware.screens.cybercore", "ArmourScreen"),
    ("Cybercore fight", "firmware.screens.cybercore", "FightScreen"),
)


class MainMenu(Menu):
    """The first screen: choose a game flow."""

    ID = "main"
    TITLE = "Pocket Referee"

    def items(self, app):
        return [entry[0] for entry in ENTRIES]

    def choose(self, app, index):
        entry = ENTRIES[index]
        module = __import__(entry[1], None, None, [entry[2]])
        app.push(getattr(module, entry[2])())
