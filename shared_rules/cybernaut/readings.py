"""Cybernaut: readings of our own where the text leaves two plausible ones, as
per-game settings (imported only to choose one; the defaults are in
cybernaut_setup.READING_DEFAULTS). Chosen during setup; the first value is the
default (the reading built first):
  "jump"  (VII.E.2) "up": a Nexus jump needs both Nexus chits face up (the mover
          cannot know a face-down one matches); "any": matching Nexus chits
          suffice, face up or down (a jump to a face-down one reveals it, VII.F.1).
  "skull" (VII.G.2) "each": one d10 per skull chit in the address, any roll above
          Wetware eliminates; "one": one d10 for the strike, however many skulls.
  "tie"   (I, IV.B.3) "draw": equal victory points are a draw; "nsa": the NSA
          wins a tie (the Netrunner must score more).
  "move"  (VI.A.2) "once": a unit moves once per movement segment (one path);
          "legs": it may move again in the same segment with the points it has
          not used yet (each point only once, VI.A.2-4).
"""

from shared_rules.errors import RuleError

# (key, (default, other), rule section)
READINGS = (("jump", ("up", "any"), "Cybernaut VII.E.2"),
            ("skull", ("each", "one"), "Cybernaut VII.G.2"),
            ("tie", ("draw", "nsa"), "Cybernaut IV.B.3"),
            ("move", ("once", "legs"), "Cybernaut VI.A.2"))


def set_reading(game, key, value):
    """Choose reading ``key`` = ``value`` for ``game`` (a cybernaut_net.Game), only
    before play starts (both sides agree on it up front, during setup).

    :returns: events [{"kind": "reading", "rule", "reading", "value"}].
    :raises RuleError: play has started, or an unknown reading or value (the
        message names the allowed values and the rule section).
    """
    for name, values, rule in READINGS:
        if name == key:
            if value not in values:
                raise RuleError("reading %s is one of %s (%s)" % (key, "/".join(values), rule))
            if game.s["stage"] == "play":
                raise RuleError("readings are chosen before play starts (%s)" % rule)
            game.s.setdefault("read", {})[key] = value
            return [{"kind": "reading", "rule": rule, "reading": key, "value": value}]
    raise RuleError("no reading '%s' (Cybernaut III)" % key)
