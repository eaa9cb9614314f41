"""Cybernaut TechGear: the Interaction result "T" (gain TechGear, Cybernaut V.A) draws
a TechGear chit from the Netrunner container into the Cybernaut's holding box
(VI.C), within the pack's counter mix (the counters are a deliberate limit, II.B).

The pack's optional "techgear" section is that counter mix and chart: a list of
{"type", "count", "effect"} ("effect": the TechGear Explanation Chart's text for
the type, II.B.3; placeholder in the sample pack). Without an "effect" the device
says the chart is not in the pack; without the section, that the counter mix has
no TechGear. Imported only when a "T" result comes up (RAM on the Pico is short).

TechGear chits live in the game state's "tg" list ({"id": "t1".., "t", "w": "cup"
| "box", "cyb"}), made on first use; like Netrunner chits, those in a hidden
Cybernaut's box are secret from the NSA (V.C.4: Game.split seals them).
"""

RULE_GAIN = "Cybernaut V.A"
RULE_LIMIT = "Cybernaut II.B"
NO_CHART = "no TechGear chart in the pack: see the printed TechGear Explanation Chart"


def techgear_entry(pack, kind):
    """The pack's "techgear" item of type ``kind`` (dict) or None."""
    for item in pack.data.get("techgear") or ():
        if item.get("type") == kind:
            return item
    return None


def effect_of(pack, kind):
    """The chart's text for TechGear type ``kind`` (str), or NO_CHART."""
    item = techgear_entry(pack, kind)
    effect = item.get("effect") if item else None
    return effect if effect else NO_CHART


def ensure_techgear(game):
    """Make the game's TechGear chits from the pack's counter mix, once."""
    if game.s.get("tg"):
        return game.s["tg"]
    chits = []
    for item in game.pack.data.get("techgear") or ():
        for _ in range(item.get("count", 0)):
            chits.append({"id": "t%d" % (len(chits) + 1), "t": item["type"], "w": "cup",
                          "cyb": None})
    game.s["tg"] = chits
    return chits


def gain_techgear(game, index, source):
    """Interaction "T": a TechGear chit drawn at random from the container into
    Cybernaut ``index``'s holding box (V.A, VI.C). :returns: events: one
    "techgear_gained" (its chit, type and effect in "hide" while the Cybernaut is
    hidden, V.C.4) or one "techgear_none" when no chit is left (II.B)."""
    chits = ensure_techgear(game)
    name = game.s["cybs"][index]["name"]
    if not chits:
        return [{"kind": "techgear_none", "rule": RULE_LIMIT, "cyb": name,
                 "why": "the pack's counter mix has no TechGear chits"}]
    cup = [c for c in chits if c["w"] == "cup"]
    if not cup:
        return [{"kind": "techgear_none", "rule": RULE_LIMIT, "cyb": name,
                 "why": "every TechGear chit is in play: the counters are the limit"}]
    chit = cup[source.randbelow(len(cup))]
    chit["w"] = "box"
    chit["cyb"] = index
    event = {"kind": "techgear_gained", "rule": RULE_GAIN, "cyb": name}
    detail = {"chit": chit["id"], "type": chit["t"], "effect": effect_of(game.pack, chit["t"])}
    if game.nr_visible(chit):  # a revealed Cybernaut's box is open to the NSA (V.C.3)
        event.update(detail)
    else:
        event["hide"] = detail
    return [event]


def validate_techgear(obj, name, problems):
    """Problems of a pack's optional "techgear" section (appended to ``problems``)."""
    items = obj.get("techgear")
    if items is None:
        return
    if not isinstance(items, list):
        problems.append("pack '%s' 'techgear': must be a list of {type, count, effect}" % name)
        return
    seen = []
    for index in range(len(items)):
        item = items[index]
        where = "pack '%s' 'techgear' item %d" % (name, index + 1)
        if not isinstance(item, dict) or not isinstance(item.get("type"), str) or not item["type"]:
            problems.append(where + ": needs a 'type' name")
            continue
        if item["type"] in seen:
            problems.append(where + ": type '%s' appears twice" % item["type"])
        seen.append(item["type"])
        count = item.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(where + ": 'count' must be a whole number >= 1")
        if "effect" in item and not isinstance(item["effect"], str):
            problems.append(where + ": 'effect' must be text")
