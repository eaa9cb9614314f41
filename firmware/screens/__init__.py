"""All screens, by ID, so a saved screen stack can be rebuilt after a reboot."""

from firmware.ui import TextScreen
from firmware.screens.prompt import HandBack, Handover, SecretNumber
from firmware.screens.main import MainMenu
from firmware.screens.dice import DiceScreen
from firmware.screens.neohunt import ShotScreen
from firmware.screens.cybernaut import CybernautMenu, InteractionScreen
from firmware.screens.cybercore import ArmourScreen

REGISTRY = {}
for _cls in (TextScreen, SecretNumber, Handover, HandBack, MainMenu, DiceScreen, ShotScreen, CybernautMenu,
             InteractionScreen, ArmourScreen):
    REGISTRY[_cls.ID] = _cls
