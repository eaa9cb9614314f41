"""Cybernaut: the units RealWorld combat results eliminate (VIII.A.3, VIII.B, VIII.C).

Imported only when an attack is made or a unit removed (RAM: cybernaut_world stays
small). The game keeps the units still to remove in its state ``s["losses"]``: a
list of dicts {"side" (whose units: "NSA" or "Netrunner"), "sprawl", "units" (the
names that were fired on), "left" (how many of them still to remove)}. A result
"I" removes one of the units fired on (their owner picks it), "E" every one (the
pack's combat_codes); "-" none.
"""

from shared_rules.errors import RuleError


def attack_losses(fires, targets, ss_names, sprawl):
    """The losses of an NSA attack.

    :param fires: [(side, fire dict)] as cybernaut_rw.realworld_combat gives (side
        "NSA" fires on the revealed Cybernauts ``targets``, "Netrunner" fires back on
        the attacking SS units ``ss_names``, VIII.B.1). :param sprawl: where.
    :returns: list of loss dicts (see the module docstring), only for I or E results.
    """
    losses = []
    for side, result in fires:
        codes = result["result"].split()
        hit = list(targets) if side == "NSA" else list(ss_names)
        count = len(hit) if "E" in codes else (1 if "I" in codes else 0)
        if count:
            losses.append({"side": "Netrunner" if side == "NSA" else "NSA",
                           "sprawl": sprawl, "units": hit, "left": count})
    return losses


def remove_unit(game, name):
    """Remove unit ``name`` (an SS unit's or a Cybernaut's name) from ``game`` (a
    cybernaut_net.Game) as a combat result demands: an SS unit goes to the NSA
    container (VIII.C.1), a Cybernaut is eliminated (VIII.C.2).

    :returns: events. :raises RuleError: no result to apply (VIII.C), a hidden
        Cybernaut (never affected, VIII.B.3), an SS unit not in the attack (VIII.B.1),
        or a unit that was not fired on (VIII.A.3).
    """
    losses = game.losses()
    if not losses:
        raise RuleError("no RealWorld combat result to apply: units are removed only "
                        "as combat results demand (Cybernaut VIII.C)")
    for loss in losses:
        if name in loss["units"]:
            loss["units"].remove(name)
            loss["left"] -= 1
            if loss["left"] <= 0 or not loss["units"]:
                losses.remove(loss)
            for unit in game.s["ss"]:
                if unit["name"] == name:
                    return game.eliminate_ss(name)
            names = [c["name"] for c in game.s["cybs"]]
            return game.eliminate_cybernaut(names.index(name), "Cybernaut VIII.C.2")
    for cyb in game.s["cybs"]:
        if cyb["name"] == name and cyb["hidden"]:
            raise RuleError("%s is hidden: hidden Cybernauts are never affected by combat "
                            "results (Cybernaut VIII.B.3)" % name)
    for unit in game.s["ss"]:
        if unit["name"] == name:
            raise RuleError("%s was not in the attack: only the attacking SS units are "
                            "affected by return fire (Cybernaut VIII.B.1)" % name)
    raise RuleError("%s was not fired on in this combat (Cybernaut VIII.A.3)" % name)
