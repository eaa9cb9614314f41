"""Print the RAM the Cybernaut game takes under MicroPython, part by part, then play
the scripted whole game of tests/both/cyb_whole.py on the rules and print the free
heap at each turn (figures only, no pass/fail).

    make build-sim   # or: python tools/build.py --board sim --out build/mp-tests
    mpy-cross -o build/mp-tests/cyb_whole.mpy tests/both/cyb_whole.py   # optional
    micropython -X heapsize=192K tools/cybernaut_mem.py [build/mp-tests]

The optional argument is a folder of .mpy files imported ahead of the sources (as
the device runs the code). Modules frozen into a firmware keep their code in flash.
"""

import gc
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tests/both")
if len(sys.argv) > 1:
    sys.path.insert(0, sys.argv[1])


def free():
    gc.collect()
    return gc.mem_free()


def main():
    start = free()
    last = start
    for name in ("shared_rules.cybernaut", "shared_rules.cybernaut_net", "cyb_helpers"):
        __import__(name)
        now = free()
        print("import %-34s %6d bytes" % (name, last - now))
        last = now
    import cyb_whole
    now = free()
    print("import the whole-game script             %6d bytes" % (last - now))
    seen = {}

    def watched(game):
        turn = game.s["turn"]
        now = free()
        if turn not in seen or now < seen[turn]:
            seen[turn] = now

    try:
        game, log = cyb_whole.play(on_turn=watched)
        for turn in sorted(seen):
            print("turn %2d: %6d bytes free (lowest at a save)" % (turn, seen[turn]))
        print("game over: %s; %d events" % (game.victory(), len(log)))
    except MemoryError as exc:
        print("MemoryError at turn %d: %s" % (max(seen) if seen else 0, exc))
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc)
    print("lowest free %d bytes of %d at start" % (min(seen.values()) if seen else 0, start))


main()
