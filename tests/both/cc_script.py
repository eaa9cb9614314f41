"""Keys scripts for the Cybercore fight screens (shared by the simulator tests).

Field positions follow firmware.games.cybercore.edit PC_FIELDS / FOE_FIELDS, then the
nine DR fields, then "Done".
"""

from firmware.games.cybercore.edit import DR_FIELDS, FOE_FIELDS, PC_FIELDS
import firmware.games.cybercore.roll  # noqa: F401,E402  (loaded before a run, as on a device
#   where the modules are frozen: compiling it mid-run would need a big free block)


def field_index(fields, key, dtype=None):
    """Position of field ``key`` (or of the DR field of ``dtype``)."""
    if key == "dr":
        from shared_rules.cybercore.rules import DAMAGE_TYPES
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


def tmp_root(name):
    """A fresh data folder for a simulator run (CPython or MicroPython)."""
    try:
        import tempfile
        return tempfile.mkdtemp(prefix="pr-" + name + "-")
    except ImportError:
        import os
        import random
        path = "/tmp/pr-%s-%d" % (name, random.getrandbits(30))
        os.mkdir(path)
        return path


# The scripted fight (seed 7): Ana (Rank 2, Medium armour, Max Wounds 2, 2d10 +10),
# Bo (HP 20, AF 6, Heavy armour, Max Wounds 1, 1d10); the GM's Crab (AN 22, DC 15,
# Defense 30, HP 13, Max Wounds 0, 4d10 pierce) and Drone (AN 20, DC 17, Defense 40,
# HP 30, Max Wounds 2, 3d6 thermal area attack).
SEED = 7
SETUP = " ".join([
    "D D D D A",                          # main menu: Cybercore fight
    add_player([("rank", 1), ("armour", 2), ("max_wounds", -2), ("dice", 6), ("bonus", 10)], 0),
    add_player([("health", -2), ("mass", -2), ("af", 2), ("armour", 3), ("max_wounds", -3),
                ("dice", 2)], 1),
    add_creature([("an", 10), ("dc", 3), ("defense", -10), ("hp", -15), ("max_wounds", -4),
                  ("dice", 9), ("dtype", -1)]),
    add_creature([("an", 8), ("dc", 5), ("hp", 2), ("max_wounds", -2), ("dice", 7), ("dtype", 1),
                  ("area", 1)]),
    "U A",                                # Start fight
    "A",                                  # dismiss the order
])
ROUND_1 = " ".join([
    "A A A",        # Ana attacks Crab (target 1 of 2), result dismissed
    "D A",          # End turn
    "A D A A",      # Bo attacks Drone
    "D A",
    "A A D A A",    # Crab attacks Ana, who Dodges
    "D D A",        # Glitch failed (Ana's armour)
    "D A",
    "A A D A A",    # Drone's area attack on Ana, who Evades
    "D A", "A",     # End turn: round 2 summary
])
ROUND_2 = " ".join([
    "A A A",        # Bo attacks Crab
    "D A",
    "A D A A A",    # Drone's area attack on Bo, who takes it on Armour
    "D A", "A",     # round 3 summary
])
FIGHT = SETUP + " " + ROUND_1 + " " + ROUND_2


def press_all(board, app, script):
    """Press a keys script token by token (no list of the whole script: on the
    MicroPython test heap a long list needs one big free block)."""
    from boards.sim import parse_keys
    start = 0
    end_all = len(script)
    while start < end_all:
        end = script.find(" ", start)
        if end < 0:
            end = end_all
        if end > start:
            for name, long in parse_keys(script[start:end]):
                board.press(app, name, long)
        start = end + 1


def play(root, seed, script):
    """Boot the simulator and press ``script`` (see press_all). :returns: (board, app)."""
    from boards.sim import boot
    board, app = boot(root, seed)
    press_all(board, app, script)
    return board, app
