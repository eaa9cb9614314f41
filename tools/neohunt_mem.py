"""Print the RAM the Neo-Hunt game takes under MicroPython, part by part.

    python tools/build.py --board sim --out build/mp-tests
    micropython -X heapsize=192K tools/neohunt_mem.py [--mpy build/mp-tests]

Figures only (no pass/fail): the bytes each Neo-Hunt import, the parsed sample pack,
a set-up four-player game, its sealed state and its save text hold on the heap after
gc.collect(). With ``--mpy DIR`` the code is imported from .mpy files, as on the
device (sources compile in the same heap and cost far more).
"""

import gc
import sys

sys.path.insert(0, ".")
if "--mpy" in sys.argv:
    sys.path.insert(0, sys.argv[sys.argv.index("--mpy") + 1])

MODULES = ("firmware.app", "firmware.ui", "firmware.screens", "firmware.screens.prompt", "shared_rules.tables", "shared_rules.neohunt.rules", "shared_rules.neohunt.board",
           "shared_rules.neohunt.pack", "shared_rules.neohunt.game", "shared_rules.neohunt.combat",
           "shared_rules.neohunt.troopers", "shared_rules.neohunt.rounds",
           "firmware.games.neohunt.game", "firmware.games.neohunt.setup",
           "firmware.games.neohunt.turns", "firmware.games.neohunt.private",
           "firmware.games.neohunt.attack", "firmware.games.neohunt.mapview")


def free():
    gc.collect()
    return gc.mem_free()


class _Sealer:
    """Seals like the app (hex of salt + padded bytes) with a fixed key."""

    def __init__(self):
        self.n = 0

    def seal(self, text):
        from shared_rules.seal import seal
        self.n += 1
        return seal(b"k" * 16, self.n.to_bytes(4, "big"), text)

    def unseal(self, text):
        from shared_rules.seal import unseal
        return unseal(b"k" * 16, text)


def main():
    start = free()
    last = start
    for name in MODULES:
        try:
            __import__(name)
        except ImportError:
            print("import %-34s (no such module)" % name)
            continue
        now = free()
        print("import %-34s %6d bytes" % (name, last - now))
        last = now
    from shared_rules.tables import load_pack
    with open("firmware/packs/neohunt-sample.json") as handle:
        pack = load_pack(handle.read(), "neohunt-sample")
    now = free()
    print("parsed sample pack                        %6d bytes" % (last - now))
    last = now
    from shared_rules.neohunt.pack import section
    from shared_rules.neohunt.game import Game
    from shared_rules.dice import HashSource
    game = Game.new(section(pack), ["P1", "P2", "P3", "P4"], 12, HashSource(b"\x01" * 32))
    for p in range(4):
        game.choose_initial(p, str(p + 1))
    game.reveal_initials()
    game.start_turn()
    game.reinforce(HashSource(b"\x02" * 32))
    now = free()
    print("four-player game state                    %6d bytes" % (last - now))
    last = now
    sealer = _Sealer()
    sealed = game.to_dict(sealer)
    now = free()
    print("sealed state (to_dict)                    %6d bytes" % (last - now))
    import json
    text = json.dumps(sealed)
    print("sealed state as JSON: %d chars" % len(text))
    del text, sealed
    print("total held %d bytes of %d free at start" % (start - free(), start))


main()
