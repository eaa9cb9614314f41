"""Keys scripts for the Cybercore fight screens (shared by the simulator tests).

Field positions follow firmware.screens.cybercore PC_FIELDS / FOE_FIELDS, then the
nine DR fields, then "Done".
"""

from firmware.screens.cybercore import DR_FIELDS, FOE_FIELDS, PC_FIELDS


def field_index(fields, key, dtype=None):
    """Position of field ``key`` (or of the DR field of ``dtype``)."""
    if key == "dr":
        from shared_rules.cybercore import DAMAGE_TYPES
        return len(fields) + DAMAGE_TYPES.index(dtype)
    for index in range(len(fields)):
        if fields[index][0] == key:
            return index
    raise KeyError(key)


def edit(fields, changes):
    """Keys for an editor: ``changes`` is a list of (key, steps) or ("dr", dtype, steps);
    steps > 0 presses RIGHT, < 0 LEFT; multiples of 5 use long presses. Ends with A on Done."""
    targets = []
    for change in changes:
        if change[0] == "dr":
            targets.append((field_index(fields, "dr", change[1]), change[2]))
        else:
            targets.append((field_index(fields, change[0]), change[1]))
    targets.sort()
    keys = []
    at = 0
    for index, steps in targets:
        keys += ["D"] * (index - at)
        at = index
        side = "R" if steps > 0 else "L"
        steps = abs(steps)
        keys += [side + ":long"] * (steps // 5) + [side] * (steps % 5)
    done = len(fields) + len(DR_FIELDS)
    keys += ["D"] * (done - at)
    keys.append("A")
    return " ".join(keys)


def add_player(changes, count_before):
    """From the set-up screen (cursor on "Add player"): add a player."""
    return "A " + edit(PC_FIELDS, changes)


def add_creature(changes):
    """From the set-up screen (cursor on "Add player"): hand to the GM, add a
    creature, hand back."""
    return "D A A " + edit(FOE_FIELDS, changes) + " A U"
