"""Helpers for the Cybernaut tests (both runtimes): a pack with a chosen counter mix
and a standard NSA placement. Not a test module (no test_ prefix)."""

import json

from shared_rules.tables import Pack

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
PACK_FILE = _HERE + "/../../firmware/packs/cybernaut-game-sample.json"

# a small counter mix: ids follow this order (x1, x2, ...)
SMALL = (("Nexus 1", 2), ("Nexus 2", 2), ("Dead End", 1), ("File", 1), ("Control", 1),
         ("COMSAT", 1), ("Ice", 1), ("Black Ice", 1), ("Tracer", 1), ("Hunter", 1))
# x1 Nexus 1 M12, x2 Nexus 1 A11, x3 Nexus 2 B11, x4 Nexus 2 C11, x5 Dead End M33,
# x6 File A11, x7 Control M88, x8 COMSAT M87, x9 Ice A12, x10 Black Ice M77,
# x11 Tracer M21, x12 Hunter M78
LAYOUT = ("M12", "A11", "B11", "C11", "M33", "A11", "M88", "M87", "A12", "M77", "M21", "M78")


def sample_data():
    with open(PACK_FILE) as handle:
        return json.load(handle)  # streamed: no 10 KB string on a small heap


def _forget_validator():
    """Under MicroPython, let go of the pack's section validator (and the TechGear
    module it loads) once a pack is checked, as the device does when a game opens
    (GameScreen.make): a test holding two games needs that room in 192K."""
    import sys
    if sys.implementation.name == "micropython":
        from boards import forget_modules
        forget_modules(("shared_rules.cybernaut.pack", "shared_rules.cybernaut.techgear"), ())


def sample_pack():
    pack = Pack(sample_data(), "cybernaut-game-sample.json")
    _forget_validator()
    return pack


def small_pack(mix=SMALL):
    data = sample_data()
    counts = {}
    for name, count in mix:
        counts[name] = count
    kept = []
    for item in data["nsa_chits"]:
        if item["type"] in counts:
            item["count"] = counts[item["type"]]
            kept.append(item)
    order = [name for name, _ in mix]
    kept.sort(key=lambda item: order.index(item["type"]))
    data["nsa_chits"] = kept
    pack = Pack(data, "small.json")
    _forget_validator()
    return pack


def face(value):
    """The scripted randbelow(10) value that makes d10 read ``value`` (0-9)."""
    return (value - 1) % 10


def placed_game(layout=LAYOUT, pack=None, cybs=(("Cyb-2", "Sprawl-1"),)):
    """A Game with the small mix placed per ``layout`` and Cybernauts set up, in play."""
    from shared_rules.cybernaut.net import Game
    from check import SeqSource
    game = Game(pack or small_pack())
    for index in range(len(layout)):
        game.setup_place("x%d" % (index + 1), layout[index])
    game.setup_done()
    if not cybs:
        return game
    for name, sprawl in cybs:
        game.add_cybernaut(name, sprawl)
    game.cybernauts_done(SeqSource([0] * len(cybs)))
    for name in list(game.s["ss_wait"]):
        game.place_ss(name, "Sprawl-3")
    return game


def to_end(game):
    """'Next segment' until the game is over after turn 10 (Cybernaut IV.B.3): at
    most 10 turns of 6 segments."""
    from check import Bound
    guard = Bound(10 * 6, lambda: "to_end: the game goes on at turn %d segment %d"
                  % (game.s["turn"], game.s["seg"]))
    while not game.s["over"]:
        guard.step()
        game.next_segment()


def to_netrun(game):
    """Advance the track to the Netrun segment (at most a turn's 6 segments)."""
    from check import Bound
    guard = Bound(6, lambda: "to_netrun: the track stays at turn %d segment %d"
                  % (game.s["turn"], game.s["seg"]))
    while game.s["seg"] != 2:
        guard.step()
        game.next_segment()
