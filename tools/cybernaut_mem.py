"""Print the RAM the Cybernaut game takes under MicroPython, part by part.

    micropython -X heapsize=1M tools/cybernaut_mem.py

Figures only (no pass/fail): the bytes each import, the parsed sample pack, a set-up
game and its sealed save text hold on the heap after gc.collect(). Compare against
the Pico's ~192K heap; modules frozen into the firmware keep their code in flash.
"""

import gc
import sys

sys.path.insert(0, ".")


def free():
    gc.collect()
    return gc.mem_free()


def main():
    start = free()
    last = start
    for name in ("firmware.app", "shared_rules.cybernaut", "shared_rules.cybernaut_net",
                 "firmware.screens.cybernaut_game", "firmware.screens.cybernaut_grid"):
        __import__(name)
        now = free()
        print("import %-34s %6d bytes" % (name, last - now))
        last = now
    from shared_rules.tables import load_pack
    with open("firmware/packs/cybernaut-game-sample.json") as handle:
        pack = load_pack(handle.read(), "cybernaut-game-sample")
    now = free()
    print("parsed sample pack                        %6d bytes" % (last - now))
    last = now
    from shared_rules.cybernaut_net import Game
    from shared_rules.dice import HashSource
    game = Game(pack)
    game.solo_setup(HashSource(1))
    game.add_cybernaut("Cyb-2", "Sprawl-1")
    now = free()
    print("set-up game state                         %6d bytes" % (last - now))
    import json
    public, secret = game.split()
    text = json.dumps(public)
    print("public state text %d chars, secret text %d chars" % (len(text), len(json.dumps(secret))))
    print("total held %d bytes of %d free at start" % (start - free(), start))


main()
