"""Every screen by its ID, so a saved screen stack can be rebuilt after a reboot.

Modules are imported on first use (RAM on the Pico is short). The registry is one
string, a line per screen class: ``ID module ClassName``. A dict of tuples held
about 9 KB of the heap at boot; this string about 2.5 KB (measured under the
MicroPython unix port). Add one line per screen class.
"""

SCREENS = """
text firmware.ui TextScreen
result firmware.screens.result ResultScreen
secret firmware.screens.prompt SecretNumber
handover firmware.screens.prompt Handover
handback firmware.screens.prompt HandBack
resume_gate firmware.screens.prompt ResumeGate
main firmware.screens.main MainMenu
oom firmware.screens.main OutOfMemory
dice firmware.screens.dice DiceScreen
nh_shot firmware.screens.neohunt ShotScreen
nh_setup firmware.screens.neohunt_setup NhSetup
nh_board firmware.screens.neohunt_setup NhBoardEdit
nh_game firmware.screens.neohunt_game NhGame
nh_place firmware.screens.neohunt_private NhPlace
nh_spot firmware.screens.neohunt_private NhSpot
nh_where firmware.screens.neohunt_private NhWhere
nh_attack firmware.screens.neohunt_attack NhShoot
nh_map firmware.screens.neohunt_map NhMap
cn_menu firmware.screens.cybernaut CybernautMenu
cn_inter firmware.screens.cybernaut InteractionScreen
cn_game firmware.screens.cybernaut_game GameScreen
cn_track firmware.screens.cybernaut_picks TrackScreen
cn_cybpick firmware.screens.cybernaut_picks CybernautPick
cn_sprawl firmware.screens.cybernaut_picks SprawlPick
cn_units firmware.screens.cybernaut_picks UnitPick
cn_regen firmware.screens.cybernaut_picks RegenPick
cn_net firmware.screens.cybernaut_grid NetrunScreen
cn_netmenu firmware.screens.cybernaut_grid NetrunMenu
cn_chits firmware.screens.cybernaut_grid ChitPick
cn_place firmware.screens.cybernaut_grid PlaceScreen
cn_nsa firmware.screens.cybernaut_grid NsaScreen
cn_nsamenu firmware.screens.cybernaut_grid NsaMenu
cn_recruit firmware.screens.cybernaut_rw RecruitPick
cn_bodybank firmware.screens.cybernaut_rw BodyBankPick
cn_losses firmware.screens.cybernaut_rw LossPick
cn_readings firmware.screens.cybernaut_rw ReadingsScreen
cn_zone firmware.screens.cybernaut_rw ZonePick
cn_quit firmware.screens.cybernaut_picks QuitConfirm
cc_armour firmware.screens.cybercore ArmourScreen
session firmware.screens.session SessionMenu
salt firmware.screens.session SaltScreen
end_session firmware.screens.session EndSessionScreen
reveal firmware.screens.prompt Reveal
leave firmware.screens.prompt LeaveMenu
pin firmware.screens.prompt PinEntry
pin_reset firmware.screens.prompt PinReset
cc_fight firmware.screens.cybercore_fight FightScreen
cc_target firmware.screens.cybercore_roll TargetScreen
cc_defend firmware.screens.cybercore_roll DefenceScreen
cc_pc firmware.screens.cybercore_edit PlayerEdit
cc_foe firmware.screens.cybercore_edit CreatureEdit
cc_gm firmware.screens.cybercore_edit GmView
undo firmware.undo UndoMenu
"""


# the games whose screens may be open one at a time in a fresh heap (App.played,
# MainMenu.choose); a screen module's game is the first word of its last name part
GAMES = ("neohunt", "cybernaut", "cybercore")


def _entry(screen_id):
    """(module, class name) registered for ``screen_id``, or None."""
    at = SCREENS.find("\n" + screen_id + " ")
    if at < 0 or not screen_id:
        return None
    end = SCREENS.find("\n", at + 1)
    parts = SCREENS[at + 1:end].split(" ")
    return parts[1], parts[2]


def screen_class(screen_id):
    """The class registered as ``screen_id`` (str, no spaces), or None if there is none.

    Imports the screen's module on first use.
    """
    entry = _entry(screen_id)
    if entry is None:
        return None
    module = __import__(entry[0], None, None, [entry[1]])
    return getattr(module, entry[1])


def game_of(where):
    """The game (one of GAMES) a screen belongs to, or None (the main menu, Dice,
    the session screens, prompts).

    :param where: a screen module's dotted name ("firmware.screens.neohunt_setup" ->
        "neohunt") or a registered screen ID ("cn_game" -> "cybernaut"); an
        unknown ID gives None.
    """
    if "." not in where:
        entry = _entry(where)
        if entry is None:
            return None
        where = entry[0]
    name = where[where.rfind(".") + 1:].split("_")[0]
    return name if name in GAMES else None


def screen_ids():
    """Every registered screen ID (list of str), in registry order."""
    return [line.split(" ")[0] for line in SCREENS.split("\n") if line]
