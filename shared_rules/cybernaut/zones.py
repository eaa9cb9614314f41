"""Cybernaut Autonomous Zones (V.C.5, VII.F.4). Imported only once a zone exists.

A Cybernaut returns to hidden status the moment it stops in or passes through a
sprawl that has become an Autonomous Zone (V.C.5); a Tracer the NSA moves still
reveals it there (VII.F.4, in cybernaut_strike). What makes a sprawl a zone is on
the Chit Explanation chart, which is not in the text: our reading is that the
players declare it from the result they read (an Encounter in that sprawl this
turn, V.D) and that it ends with the turn's other Encounter effects (IV.B.3). A
Cybernaut already standing in the sprawl when it becomes a zone is hidden only
when it next moves (the text names stopping in or passing through).
The zones of the turn are in the game state ``s["az"]`` (list of sprawl names).
"""

from shared_rules.errors import RuleError

RULE = "Cybernaut V.C.5"


def make_zone(game, sprawl):
    """Declare ``sprawl`` an Autonomous Zone for the rest of the turn.

    :returns: events. :raises RuleError: no Encounter there this turn (V.D), or it
        is a zone already.
    """
    if sprawl not in game.s["enc"]:
        raise RuleError("%s had no Encounter this turn: an Autonomous Zone comes from its "
                        "result (Cybernaut V.D, V.C.5)" % sprawl)
    zones = game.s.setdefault("az", [])
    if sprawl in zones:
        raise RuleError("%s is an Autonomous Zone already (%s)" % (sprawl, RULE))
    zones.append(sprawl)
    return [{"kind": "autonomous_zone", "rule": RULE, "sprawl": sprawl}]


def zone_hides(game, names, path):
    """The revealed Cybernauts among ``names`` that moved along ``path`` (list of
    sprawls, start first) through or into a zone become hidden. :returns: events."""
    zones = game.s.get("az") or []
    if not [p for p in path[1:] if p in zones]:
        return []
    events = []
    for index in range(len(game.s["cybs"])):
        cyb = game.s["cybs"][index]
        if cyb["name"] in names and cyb["alive"] and not cyb["hidden"]:
            events.extend(game.hide_cybernaut(index, "autonomous zone"))
    return events
