"""The 10,000-action part of the device bench, run in its own interpreter.

tools/bench_device.py compiles this file with mpy-cross and starts a fresh
``micropython -X heapsize=192K`` for it, so the heap it measures holds what a
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


def run(code, data, packs, actions, seed):
    """Boot the app like the device's main.py and press ``actions`` buttons.

    In blocks of 100: each block opens the next main-menu entry and presses at
    random. Every 500 actions the free heap is sampled at the main menu after the
    game left behind is dropped and gc has run, so samples compare like with like.

    :param code: folder of the .mpy build (str); put first on sys.path.
    :param data: empty data folder for the app (str).
    :param packs: folder of the sample packs (str).
    :param actions: number of button actions (int >= 1).
    :param seed: seed of the action plan and of the dice (int).
    """
    sys.path.insert(0, code)
    from boards import forget_modules, pico
    from boards.sim import SimBoard
    from firmware import app as app_module
    from firmware.buttons import LONG, SHORT, Buttons
    from firmware.care import ScreenCare
    from firmware.screens.main import ENTRIES
    from firmware.storage import Storage

    console = [0, 0, 0]
    app_box = []
    where_count = {}

    def quiet(message):
        console[0] += 1  # random presses make many "not set yet" notices: count them
        if message.startswith("low memory"):
            console[2] += 1  # App.redraw drew the frame again after a gc.collect()
        if message.startswith("Out of memory") or message.startswith("low memory"):
            # which game: the screen over the main menu (restored from the save)
            where = app_box[0].stack[1].ID if app_box and len(app_box[0].stack) > 1 else "main"
            where_count[where] = where_count.get(where, 0) + 1
        if message.startswith("Out of memory"):
            console[1] += 1  # a MemoryError the app caught and recovered from (App.handle)
            if console[1] == 1:
                print("RESULT first_recovered %d" % done_box[0])

    app_module.log = quiet
    bus = Bus()
    board = SimBoard(data)
    board.pack_dirs = (packs,)
    surface = pico.make_surface(i2c=bus)
    app = app_module.App(surface, Buttons(board.make_buttons()), Storage(data), board.entropy, seed,
                         board.pack_dirs)
    app.care = ScreenCare(surface, board.now)
    app.forget = forget_modules
    app_box.append(app)
    app.boot()
    gc.collect()
    print("RESULT boot_free", gc.mem_free())

    rng = Lcg(seed)
    names = ("U", "D", "L", "R", "A", "B")
    samples = actions // 500 + 1
    # sample lists made at full size up front: growing them would show as a trend
    xs = [0] * samples
    ys = [0] * samples
    taken = errors = frames = 0
    render_total = render_max = bytes_total = bytes_max = 0
    block = 100
    done = 0
    done_box = [0]
    entry = 0
    kinds = (SHORT, LONG)
    while done < actions:
        # each block starts a game from the main menu, then presses at random
        app.home()
        if entry % 5 == 0 and taken < samples:
            # every 500 actions, at the same place: the main menu, the game left
            # behind dropped (as choosing the next game does), after gc
            app.forget_games()
            gc.collect()
            xs[taken] = done
            ys[taken] = gc.mem_free()
            taken += 1
            # the largest free block (mem_info's "max free sz", in GC blocks): what
            # one allocation can get, whatever the total free
            print("RESULT blocks")
            micropython.mem_info()
        app.top().s["sel"] = entry % len(ENTRIES)
        entry += 1
        for step in range(block):
            if done >= actions:
                break
            if step == 0:
                name = "A"
                kind = SHORT
            else:
                name = names[rng.below(6)]
                if name == "B" and rng.below(3):
                    name = "A"  # stay in the game more often than backing out
                kind = kinds[1 if rng.below(10) == 0 else 0]
            try:
                app.handle(name, kind)
                before = bus.bytes
                start = time.ticks_us()
                app.redraw()
                took = time.ticks_diff(time.ticks_us(), start)
                sent = bus.bytes - before
                frames += 1
                render_total += took
                bytes_total += sent
                if took > render_max:
                    render_max = took
                if sent > bytes_max:
                    bytes_max = sent
            except MemoryError as exc:
                errors += 1
                if errors == 1:
                    gc.collect()
                    print("RESULT first_error %d %s %s free %d" % (done + 1, name, kind, gc.mem_free()))
                    sys.print_exception(exc)
            done += 1
            done_box[0] = done
    print("RESULT actions", done)
    print("RESULT games", len(ENTRIES))
    print("RESULT errors", errors)
    print("RESULT notices", console[0])
    print("RESULT recovered", console[1])
    print("RESULT redrawn", console[2])
    for where in where_count:
        print("RESULT oom_in_%s %d" % (where, where_count[where]))
    print("RESULT frames", frames)
    print("RESULT render_total", render_total)
    print("RESULT render_max", render_max)
    print("RESULT bytes_total", bytes_total)
    print("RESULT bytes_max", bytes_max)
    for i in range(taken):
        print("RESULT sample %d %d" % (xs[i], ys[i]))
    # the interned names (qstrs) and their pools at the end: qstr_info's first line
    print("RESULT names")
    micropython.qstr_info()
