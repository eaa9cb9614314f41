"""What Cybercore's fight screens share (firmware/games/cybercore/): the game's name,
labels and the outcome lines. The editor and roll screens import this module, never
the fight's: they find the fight screen with ``app.find(HUB)``, read the fight with
``open_fight`` and hand it back through the fight screen's ``keep`` or ``receive``
(never writing its state themselves)."""

GAME = "cybercore"
HUB = "cc_fight"  # the screen that holds the fight (firmware/games/cybercore/fight.py)
DEFENCE_LABEL = {"armour": "Armour", "dodge": "Dodge", "evade": "Evade"}
# this game's row of the phase table (firmware/memory.py: per action): the editor and roll
# screens, dropped once the fight screen is on top again (about 19 KB of a Pico's heap)
ACTION = ("firmware.games.cybercore.edit", "firmware.games.cybercore.roll")


def open_fight(app):
    """The fight to read, never to change: the Fight (shared_rules.cybercore) of the
    fight screen, opened once per state (FightScreen.view; a change opens its own
    with the fight screen's ``fight`` and hands it back through ``keep``).

    :raises RuleError: no fight screen is open (names its ID)."""
    return app.find(HUB).view(app)


def event_lines(name, c, events):
    """The public lines of a combatant's wound ``events`` (list of "down", "wound",
    "comatose", "dead"; Cybercore "Hitpoints", "Wounds"): ``name`` (str) and its
    combatant dict ``c`` (a creature's coma length only once it is revealed)."""
    lines = []
    for event in events:
        if event == "down":
            lines.append(name + " down!")
        elif event == "wound":
            lines.append(name + " +1 wound")
        elif event == "comatose":
            if c["side"] == "pc" or c.get("revealed"):
                lines.append("Coma: %d rounds" % c["coma"])
            else:
                lines.append(name + " comatose")
        elif event == "dead":
            lines.append(name + " is dead")
    return lines
