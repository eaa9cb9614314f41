"""The registry of the device's screens and games: the one file that names them
(README "Adding a game"; tests/host/test_layout.py checks it against the packages).

- SCREENS: every screen by its ID, so a saved screen stack can be rebuilt after a
  reboot (the IDs are in saves, undo steps and journals: never change one);
- GAMES: the games, each with its packages firmware/games/<game>/ (screens) and
  shared_rules/<game>/ (rules, pack checks, verify hooks);
- ENTRIES: the main menu's entries.

Modules are imported on first use (RAM on the Pico is short). The screens' registry
is one string, a line per screen class: ``ID module ClassName``. A dict of tuples
held about 9 KB of the heap at boot; this string about 2.5 KB (measured under the
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
nh_shot firmware.games.neohunt.shot ShotScreen
nh_setup firmware.games.neohunt.setup NhSetup
nh_board firmware.games.neohunt.setup NhBoardEdit
nh_game firmware.games.neohunt.game NhGame
nh_place firmware.games.neohunt.private NhPlace
nh_spot firmware.games.neohunt.private NhSpot
nh_where firmware.games.neohunt.private NhWhere
nh_attack firmware.games.neohunt.attack NhShoot
nh_map firmware.games.neohunt.mapview NhMap
cn_menu firmware.games.cybernaut.menu CybernautMenu
cn_inter firmware.games.cybernaut.inter InteractionScreen
cn_game firmware.games.cybernaut.game GameScreen
cn_track firmware.games.cybernaut.picks TrackScreen
cn_cybpick firmware.games.cybernaut.picks CybernautPick
cn_sprawl firmware.games.cybernaut.picks SprawlPick
cn_units firmware.games.cybernaut.picks UnitPick
cn_regen firmware.games.cybernaut.picks RegenPick
cn_net firmware.games.cybernaut.grid NetrunScreen
cn_netmenu firmware.games.cybernaut.grid NetrunMenu
cn_chits firmware.games.cybernaut.grid ChitPick
cn_place firmware.games.cybernaut.grid PlaceScreen
cn_placemenu firmware.games.cybernaut.grid PlaceMenu
cn_nsa firmware.games.cybernaut.grid NsaScreen
cn_nsamenu firmware.games.cybernaut.grid NsaMenu
cn_recruit firmware.games.cybernaut.rw RecruitPick
cn_bodybank firmware.games.cybernaut.rw BodyBankPick
cn_losses firmware.games.cybernaut.rw LossPick
cn_readings firmware.games.cybernaut.rw ReadingsScreen
cn_zone firmware.games.cybernaut.rw ZonePick
cn_quit firmware.games.cybernaut.picks QuitConfirm
cc_armour firmware.games.cybercore.armour ArmourScreen
session firmware.screens.session SessionMenu
salt firmware.screens.session SaltScreen
end_session firmware.screens.session EndSessionScreen
reveal firmware.screens.prompt Reveal
leave firmware.screens.prompt LeaveMenu
pin firmware.screens.prompt PinEntry
pin_reset firmware.screens.prompt PinReset
cc_fight firmware.games.cybercore.fight FightScreen
cc_target firmware.games.cybercore.roll TargetScreen
cc_defend firmware.games.cybercore.roll DefenceScreen
cc_pc firmware.games.cybercore.edit PlayerEdit
cc_foe firmware.games.cybercore.edit CreatureEdit
cc_gm firmware.games.cybercore.edit GmView
undo firmware.undo UndoMenu
"""


# the games whose screens may be open one at a time in a fresh heap (App.played,
# MainMenu.choose); a game's screens are in firmware/games/<game>/
GAMES = ("neohunt", "cybernaut", "cybercore")

# (label, module, class) of each main menu entry, in menu order; imported when chosen
ENTRIES = (
    ("Dice", "firmware.screens.dice", "DiceScreen"),
    ("Neo-Hunt shot", "firmware.games.neohunt.shot", "ShotScreen"),
    ("Cybernaut", "firmware.games.cybernaut.menu", "CybernautMenu"),
    ("Cybercore AF", "firmware.games.cybercore.armour", "ArmourScreen"),
    ("Cybercore fight", "firmware.games.cybercore.fight", "FightScreen"),
    ("Session & dice", "firmware.screens.session", "SessionMenu"),
    ("Neo-Hunt game", "firmware.games.neohunt.setup", "NhSetup"),
)


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

    :param where: a screen module's dotted name ("firmware.games.neohunt.setup" ->
        "neohunt") or a registered screen ID ("cn_game" -> "cybernaut"); an
        unknown ID gives None.
    """
    if "." not in where:
        entry = _entry(where)
        if entry is None:
            return None
        where = entry[0]
    if not where.startswith("firmware.games."):
        return None
    name = where.split(".")[2]
    return name if name in GAMES else None


def screen_ids():
    """Every registered screen ID (list of str), in registry order."""
    return [line.split(" ")[0] for line in SCREENS.split("\n") if line]
