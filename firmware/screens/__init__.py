"""Every screen by its ID, so a saved screen stack can be rebuilt after a reboot.

Modules are imported on first use (RAM on the Pico is short): add one line per
screen class, ``ID: (module, class name)``.
"""

SCREENS = {
    "text": ("firmware.ui", "TextScreen"),
    "secret": ("firmware.screens.prompt", "SecretNumber"),
    "handover": ("firmware.screens.prompt", "Handover"),
    "handback": ("firmware.screens.prompt", "HandBack"),
    "main": ("firmware.screens.main", "MainMenu"),
    "dice": ("firmware.screens.dice", "DiceScreen"),
    "nh_shot": ("firmware.screens.neohunt", "ShotScreen"),
    "cn_menu": ("firmware.screens.cybernaut", "CybernautMenu"),
    "cn_inter": ("firmware.screens.cybernaut", "InteractionScreen"),
    "cc_armour": ("firmware.screens.cybercore", "ArmourScreen"),
    "cc_fight": ("firmware.screens.cybercore", "FightScreen"),
    "cc_target": ("firmware.screens.cybercore_roll", "TargetScreen"),
    "cc_defend": ("firmware.screens.cybercore_roll", "DefenceScreen"),
    "cc_pc": ("firmware.screens.cybercore_edit", "PlayerEdit"),
    "cc_foe": ("firmware.screens.cybercore_edit", "CreatureEdit"),
    "cc_gm": ("firmware.screens.cybercore_edit", "GmView"),
}


def screen_class(screen_id):
    """The class registered as ``screen_id``, or None if there is none."""
    entry = SCREENS.get(screen_id)
    if entry is None:
        return None
    module = __import__(entry[0], None, None, [entry[1]])
    return getattr(module, entry[1])
