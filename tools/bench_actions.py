"""The 10,000-action part of the device bench, run in its own interpreter.

tools/bench_device.py compiles this file with mpy-cross and starts a fresh
``micropython -X heapsize=240K`` for it, so the heap it measures holds what a
Pico's would: the app, its screens and games, the display driver with page
diffing, and a few hundred bytes of this driver. The I2C bus only counts bytes
(on a Pico the bus is C code and takes no heap); the SSD1306 model that decodes
those bytes into GDDRAM is checked by tests/both/test_display_pico.py instead.

``run(code, data, packs, actions, seed)`` prints ``RESULT name value`` lines that
tools/bench_device.py reads and explains.
"""

import gc
import sys
import time

import micropython


class Bus:
    """An I2C bus that takes every write and counts the bytes (machine.I2C's shape)."""

    def __init__(self):
        self.bytes = 0

    def scan(self):
        return [0x3C]

    def writeto(self, addr, buf):
        self.bytes += len(buf)
        return len(buf)

    def writevto(self, addr, vector):
        for part in vector:
            self.bytes += len(part)
        return 0


class Lcg:
    """Deterministic choices (the same on every run and runtime)."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


class Restart(Exception):
    """The app asked the board to restart (App.restart: a soft reset on a Pico)."""


def _restart():
    raise Restart()


STATE = "/bench_state.json"  # the driver's progress across restarts, in the data folder

# The first presses of a block, by main-menu entry (firmware.screens.ENTRIES),
# on every other visit of that entry (the 1st, 3rd...): the biggest states the
# random presses would seldom reach. Each character one short press; the first A
# chooses the entry (the block's usual first press). Cybernaut: "New game".
# Neo-Hunt game: 6 players, then "Start" (the deal). Cybercore fight: 4 players
# and 4 creatures (each handed to the GM and back), "Start fight", the order's
# notice dismissed: 8 combatants (tools/bench_device.py OPEN_FLOWS, the same keys).
OPENINGS = {2: "ADDA", 6: "ARRDDDDDA", 4: "A" + "AUA" * 4 + "DAAUAA" + "AAUAA" * 3 + "UUAA"}


def run(code, data, packs, actions, seed):
    """Boot the app like the device's main.py and press ``actions`` buttons.

    In blocks of 100: each block opens the next main-menu entry and presses at
    random; on every other visit of Cybernaut, Neo-Hunt game and Cybercore fight
    the block starts with the presses of OPENINGS (a new game, 6 players, a fight of
    8 combatants). Every 500 actions the free heap is sampled at the main menu after the
    game left behind is dropped and gc has run, so samples compare like with like.

    The board can restart, as a Pico's soft reset does (App.restart_first: opening a
    game after another one, a new Cybernaut game, a Neo-Hunt deal; "Restart now"
    after a MemoryError):
    this interpreter then saves its progress to ``data``/bench_state.json, prints
    ``RESULT restart``, and returns; tools/bench_device.py starts a fresh
    interpreter (a fresh heap and fresh interned names, as after a soft reset),
    which boots the app on the same data folder and goes on. The totals are printed
    by the last one.

    :param code: folder of the .mpy build (str); put first on sys.path.
    :param data: data folder for the app (str; empty at the first start).
    :param packs: folder of the sample packs (str).
    :param actions: number of button actions (int >= 1).
    :param seed: seed of the action plan and of the dice (int).
    """
    sys.path.insert(0, code)
    # the driver's own bookkeeping (its progress file, the totals) is in a module of
    # its own, imported when needed and dropped after: on a Pico only main.py's few
    # lines share the heap with the app
    import bench_state
    st = bench_state.load(data + STATE, seed)
    bench_state = None
    del sys.modules["bench_state"]

    from boards import forget_modules, pico
    from boards.sim import SimBoard
    from firmware import app as app_module
    from firmware.buttons import LONG, SHORT, Buttons
    from firmware.care import ScreenCare
    from firmware.screens import ENTRIES
    from firmware.storage import Storage

    console = st["console"]
    where_count = st["where"]
    app_box = []

    def quiet(message):
        console[0] += 1  # random presses make many "not set yet" notices: count them
        if message.startswith("low memory"):
            console[2] += 1  # App.redraw drew the frame again after a gc.collect()
        if message.startswith("Out of memory") or message.startswith("low memory"):
            # which game (the screen over the main menu) and which of its screens
            # (the top one, restored from the save: the last one saved before the press)
            stack = app_box[0].stack if app_box else ()
            where = stack[1].ID + ">" + stack[-1].ID if len(stack) > 1 else "main"
            where_count[where] = where_count.get(where, 0) + 1
        if message.startswith("Out of memory"):
            console[1] += 1  # a MemoryError the app caught and recovered from (App.handle)
            if console[1] == 1:
                print("RESULT first_recovered %d" % st["done"])

    app_module.log = quiet
    bus = Bus()
    board = SimBoard(data)
    board.pack_dirs = (packs,)
    surface = pico.make_surface(i2c=bus)
    app = app_module.App(surface, Buttons(board.make_buttons()), Storage(data), board.entropy, seed,
                         board.pack_dirs)
    app.care = ScreenCare(surface, board.now)
    app.forget = forget_modules
    app.restart = _restart
    app_box.append(app)
    app.boot()
    gc.collect()
    if not st["done"]:
        print("RESULT boot_free", gc.mem_free())

    rng = Lcg(0)
    rng.state = st["rng"]
    names = ("U", "D", "L", "R", "A", "B")
    samples = actions // 500 + 1
    block = 100
    kinds = (SHORT, LONG)
    done = st["done"]
    step = st["step"]
    while done < actions:
        if step == 0:
            # each block starts a game from the main menu, then presses at random
            app.home()
            if st["entry"] % 5 == 0 and st["taken"] < samples:
                # every 500 actions, at the same place: the main menu, the game left
                # behind dropped (as choosing the next game does), after gc
                app.forget_games()
                gc.collect()
                print("RESULT sample %d %d" % (done, gc.mem_free()))
                st["taken"] += 1
                # the largest free block (mem_info's "max free sz", in GC blocks): what
                # one allocation can get, whatever the total free
                print("RESULT blocks")
                micropython.mem_info()
            app.top().s["sel"] = st["entry"] % len(ENTRIES)
            st["entry"] += 1
        entry = st["entry"] - 1  # the block's main-menu entry, and its visit
        opening = OPENINGS.get(entry % len(ENTRIES)) if (entry // len(ENTRIES)) % 2 == 0 else None
        while step < block and done < actions:
            if step == 0:
                name = "A"
                kind = SHORT
            elif opening is not None and step < len(opening):
                name = opening[step]
                kind = SHORT
            else:
                name = names[rng.below(6)]
                if name == "B" and rng.below(3):
                    name = "A"  # stay in the game more often than backing out
                kind = kinds[1 if rng.below(10) == 0 else 0]
            done += 1
            step += 1
            st["done"] = done  # for quiet(): the first recovery's action number
            try:
                app.handle(name, kind)
                before = bus.bytes
                start = time.ticks_us()
                app.redraw()
                took = time.ticks_diff(time.ticks_us(), start)
                sent = bus.bytes - before
                st["frames"] += 1
                st["render_total"] += took
                st["bytes_total"] += sent
                if took > st["render_max"]:
                    st["render_max"] = took
                if sent > st["bytes_max"]:
                    st["bytes_max"] = sent
            except Restart:
                # the press restarted the board: the next interpreter goes on from here
                st["done"] = done
                st["step"] = step if step < block else 0
                st["rng"] = rng.state
                st["restarts"] += 1
                print("RESULT names")
                micropython.qstr_info()  # first: the names this interpreter interned
                import bench_state
                bench_state.save(data + STATE, st)
                print("RESULT restart %d" % st["restarts"])
                return
            except MemoryError as exc:
                st["errors"] += 1
                if st["errors"] == 1:
                    gc.collect()
                    print("RESULT first_error %d %s %s free %d" % (done, name, kind, gc.mem_free()))
                    sys.print_exception(exc)
        step = 0
    # the interned names (qstrs) and their pools at the end: qstr_info's first line
    print("RESULT names")
    micropython.qstr_info()
    import bench_state
    bench_state.report(st, done, len(ENTRIES))
