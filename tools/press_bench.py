"""Device time per press, split into its parts, and the flash each press writes.

Runs under MicroPython: on the unix port (tools/press_report.py starts it, the
32-bit host proxy of issue 21) and on the emulated Pico (tools/bench_pico.py copies
it to the device with the build). ``run(code, data, packs, presses, seed, ballast)``
boots the app as the device's main.py does (the Pico's display class on a bus that
counts bytes), then, for each main-menu entry and for a new Cybernaut game, opens it
from a fresh boot (the first open of a game) and presses ``presses`` random buttons
in it (arrows more often than A and B, as a player moving a cursor does). With
``whole`` (tools/game_keys.py's file) one more flow plays the scripted whole
Cybernaut game's presses as people play it (random presses seldom get past a
game's set-up), then prints ``PBWHOLE <journal's next entry> <fingerprint> <the
file's next entry> <the file's fingerprint>``: the same game as on CPython when
the pairs are equal.

Each press prints one line (tools/press_report.py reads them)::

    PB <game> <class> <button> <total> <act> <save> <digest> <encode> <write> <draw> <bytes> <files> <alloc> <free> <screen> <screen kind> <record> <seal> <store> <load> <sync> <after> <after bytes> <after files>

times in device microseconds (time.ticks_us: emulated cycles on the virtual Pico);
``total`` from the press to the end of the frame's show (the panel has the frame: a
press that saves has saved by then), ``after`` the work after the
frame, between presses (App.redraw's heap check and relief, the loop's next tick:
the top screen's on_tick and a redraw it asks for; issue 21);
``class`` is ``cursor`` (an arrow that left the screens, the journal, the dice and
every state but the top screen's cursor as they were: judged outside the timed
part), ``open`` (the first open of a game since the boot: the press that opened
a flow from the main menu, and the one that put up a game's own screen, its
GAME_TITLE: Cybernaut's new game, Neo-Hunt's Start, a Cybercore fight; each once)
or ``other``;
``bytes``/``files`` what the press wrote to storage up to its frame (the bytes of
every file the app's Storage wrote, from their sizes after; ``files``: its write
calls, renames too), ``after bytes``/``after files`` what was written after the
frame, between presses (an action's undo step, App.redraw; the save before a
restart for a heap in pieces: firmware.relief.restart_between); ``alloc`` the largest single block the press's save asked for (its JSON
text: the biggest allocation of a press that saves; 0 when it encoded none, or
made it in pieces: shared_rules.pieces, whose encoding is then counted in the
save's time but not as ``encode``: the app imports that module afresh);
``free`` the free heap after the press and a collection, every 25 presses (else
-1), with mem_info's lines after ``PBMEM`` (its "max free sz": the largest free
block, in 16-byte blocks on a 32-bit port, 32 on a 64-bit one); ``screen`` the ID
of the top screen the press was made on (firmware.screens.SCREENS) and ``screen
kind`` its family (``screen_kind``: grid, menu, view or screen); then where a
press's time goes inside its action and save (device µs, overlapping):
``record`` App.record (the journal entries: encoding, CRC, sealed draws, the file
append when not held), ``seal`` App.seal and App.unseal, ``store`` and ``load``
Cybernaut's GameScreen.store (commitments, split, sealing the chits) and
GameScreen.load (unsealing, joining), ``sync`` its commitments' sync
(firmware.games.cybernaut.commit.sync: inside ``store``).
``PBBOOT <free>``: the free heap after the first boot and a collection (then
mem_info's lines).
``MEMERR <game> <n>``: a MemoryError the app recovered from (its "Out of memory").
``PBSTACK <bytes> <method> <file>``: a Storage write (``Written``) began with more
of the C stack in use (micropython.stack_use(): the bench's own wrappers, a few
frames, included) than any before it in this interpreter: a littlefs write takes
~1.6 KB more of a Pico's 8 KB stack (firmware/storage.py ``_WRITE_STACK``).
``PBFAULT <game> <n> <kind>``: a press that raised another exception, which the app
recovered from as from a MemoryError (its "Error" notice, naming the kind only:
firmware.memory.recover_memory); a fault of the app, never expected.
``PBRESTART <game> <n> <within|between>``: the app restarted the board at press
``n`` (inside it, or after its frame); ``PBRESUME <game> <n> <within|between> <boot>
<free>``: the fresh interpreter's boot after it (device µs; free heap after gc),
which finishes a press cut "within" (``run``, ``restartable``).

``ballast`` (bytes, 0 = none): one bytearray taken before the app boots and held
(issue 21's room-to-spare test: 40 KB).
"""

import gc
import sys
import time

try:
    import micropython
except ImportError:  # pragma: no cover - CPython never runs this
    micropython = None


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


# the most C stack in use as a Storage write began, in this interpreter (Written)
DEEPEST = [0]


class Written:
    """Wraps a Storage write method: adds its time to acc[3], the bytes it wrote to
    box[0] (an append's or write_atomic's: what it was given, no stat in the press's
    time; a copy's or a streamed save's: the file's size after it) and 1 to box[1]."""

    def __init__(self, storage, method, acc, box):
        self.storage = storage
        self.method = method
        self.func = getattr(storage, method)
        self.acc = acc
        self.box = box

    def __call__(self, name, *args):
        storage = self.storage
        if self.method == "append" and getattr(storage, "later", None) is not None:
            return self.func(name, *args)  # a line held (Storage.hold): nothing written yet
        depth = micropython.stack_use()  # C stack in use as a write begins (PBSTACK)
        if depth > DEEPEST[0]:
            DEEPEST[0] = depth
            print("PBSTACK", depth, self.method, name)
        start = time.ticks_us()
        try:
            return self.func(name, *args)
        finally:
            self.acc[3] += time.ticks_diff(time.ticks_us(), start)
            self.box[1] += 1
            if self.method in ("append", "write_atomic"):
                # counted from what it was given, not from the file's size after (a
                # stat, 3-18 ms of the emulated Pico on a long journal: the bench's own
                # time, in the press's until 2026-12-05)
                self.box[0] += _bytes(args[0])
            elif self.method == "copy":
                self.box[0] += max(0, storage.size(args[0]))
            elif self.method == "write_json_atomic":
                self.box[0] += 2 * max(0, storage.size(name))  # the body, then the file
            elif self.method == "keep_prefix":
                self.box[0] += args[0]


def _bytes(data):
    """The bytes ``data`` (str, bytes, or a list or tuple of them: Storage.append's
    and write_atomic's) makes in a file (a str in UTF-8)."""
    if isinstance(data, (tuple, list)):
        total = 0
        for part in data:
            total += _bytes(part)
        return total
    return len(data.encode()) if isinstance(data, str) else len(data)


class Timer:
    """Wraps a module function to add its time to a slot of ``acc``."""

    def __init__(self, acc, slot, func):
        self.acc = acc
        self.slot = slot
        self.func = func

    def __call__(self, *args, **kwargs):
        start = time.ticks_us()
        try:
            return self.func(*args, **kwargs)
        finally:
            self.acc[self.slot] += time.ticks_diff(time.ticks_us(), start)


CURSOR_KEYS = ("sel", "r", "c")


def screen_kind(screen):
    """The family of ``screen``'s class, from its bases: "grid" (a Cybernaut
    GridScreen), "menu" (a firmware.ui.Menu), "view" (a TextScreen or ResultScreen:
    text to read) or "screen" (any other)."""
    base = type(screen)
    while base is not None:
        label = base.__name__
        if label == "GridScreen":
            return "grid"
        if label == "Menu":
            return "menu"
        if label in ("TextScreen", "ResultScreen"):
            return "view"
        bases = getattr(base, "__bases__", ())
        base = bases[0] if bases else None
    return "screen"


def masked_digest(app, state_digest):
    """The save body's digest with the top screen's cursor keys left out; each
    screen's live state, not as a save keeps it (a private screen's is sealed whole
    there, with a fresh salt each time: no two of its digests would be equal)."""
    body = app.snapshot()
    body["screens"] = [{"id": screen.ID, "state": screen.state()} for screen in app.stack
                       if not screen.TRANSIENT]
    top = body["screens"][-1]["state"] if body["screens"] else None
    if isinstance(top, dict):
        top = dict(top)
        for key in CURSOR_KEYS:
            if isinstance(top.get(key), int):  # a cursor is a number (App.save's rule)
                top.pop(key)
        body["screens"][-1] = {"id": body["screens"][-1]["id"], "state": top}
    return state_digest(body)


def time_parts(app, acc):
    """Wrap what press_bench times inside a press (the PB line's last five slots,
    acc[5..9]): App.record, App.seal/unseal on ``app``, and Cybernaut's
    GameScreen.store/load and commit.sync when their modules are loaded (a game's
    modules come and go: called before every press)."""
    if not isinstance(app.record, Timer):
        app.record = Timer(acc, 5, app.record)
        app.seal = Timer(acc, 6, app.seal)
        app.unseal = Timer(acc, 6, app.unseal)
    game = sys.modules.get("firmware.games.cybernaut.game")
    if game is not None and not getattr(game.GameScreen, "_timed", False):
        store = Timer(acc, 7, game.GameScreen.store)
        load = Timer(acc, 8, game.GameScreen.load)
        # (keyword arguments passed on: a call with one raised TypeError here, which
        # the app counted as a fault of its own; found by bench-pico at seed 3)
        game.GameScreen.store = lambda self, *args, **kwargs: store(self, *args, **kwargs)
        game.GameScreen.load = lambda self, *args, **kwargs: load(self, *args, **kwargs)
        game.GameScreen._timed = True
    commit = sys.modules.get("firmware.games.cybernaut.commit")
    if commit is not None and not isinstance(commit.sync, Timer):
        commit.sync = Timer(acc, 9, commit.sync)


def lcg(state):
    """The next state of the driver's own random presses (int, 31 bits)."""
    return (state * 1103515245 + 12345) & 0x7FFFFFFF


class Restart(BaseException):
    """The app asked the board to restart (App.restart: a Pico's soft reset). A
    BaseException: no ``except Exception`` of the app's stops it on its way out."""


def _restart():
    raise Restart()


PROGRESS = "/press_bench.json"  # the driver's progress across restarts, in the data folder


def restartable(app, asked):
    """Give ``app`` a restart as a Pico's (boards/pico.restart), which ends this
    interpreter's run instead of soft-resetting: ``app.restart`` raises Restart, and
    App.handle and App.redraw are wrapped to catch it where the app asked for it
    (the app saved first: App.restart_first, relief.restart_between, "Restart now").
    ``asked[0]`` becomes "within" (inside a press: App.handle; the next boot
    finishes the press, as App.boot does a saved ``launch``) or "between" (after a
    press's frame: App.redraw's relief); from then on the app handles and draws
    nothing more, and saves nothing more (on a Pico nothing more runs: what the
    next boot finds is what the app saved before it asked), and the driver saves its progress
    (``save_progress``) and returns.

    :param asked: a one-item list (None until a restart is asked).
    """
    handle = app.handle
    redraw = app.redraw
    save = app.save

    def handling(name, kind):
        if asked[0] is None:
            try:
                handle(name, kind)
            except Restart:
                asked[0] = "within"

    def redrawing():
        if asked[0] is None:
            try:
                redraw()
            except Restart:
                asked[0] = "between"
    def saving(*args):
        if asked[0] is None:
            return save(*args)
    app.restart = _restart
    app.handle = handling
    app.redraw = redrawing
    app.save = saving


def load_progress(data, flow):
    """The driver's progress saved before a restart of flow ``flow`` (int) in the data
    folder ``data`` (str), as a dict (``save_progress``), or None when this flow starts
    afresh (no file, or one of another flow: removed)."""
    import json
    try:
        with open(data + PROGRESS) as handle:
            st = json.load(handle)
    except (OSError, ValueError):
        return None
    if st.get("flow") != flow:
        drop_progress(data)
        return None
    return st


def save_progress(data, st):
    """Write the driver's progress ``st`` (dict: flow, count, rng, plan, first, memerr,
    restarts {"between": n, "within": n}, asked) to the data folder ``data`` for the
    interpreter started after the restart."""
    import json
    with open(data + PROGRESS, "w") as handle:
        json.dump(st, handle)


def drop_progress(data):
    """Remove the progress file from ``data`` (a flow's presses are all done)."""
    import os
    try:
        os.remove(data + PROGRESS)
    except OSError:
        pass


def restart_now(data, flow, game, asked, resumed, count, rng, plan, first, memerr):
    """Save the driver's progress for the interpreter started after this restart
    (``save_progress``: flow ``flow``, ``count`` presses made, the random state
    ``rng``, the ``plan`` of keys left and ``first``, ``memerr`` MemoryErrors so far,
    the restarts so far from ``resumed``, the last progress, or None) and print
    ``PBRESTART <game> <count> <asked>`` (asked: "within" or "between")."""
    restarts = dict(resumed["restarts"]) if resumed is not None else {"between": 0, "within": 0}
    restarts[asked] = restarts.get(asked, 0) + 1
    save_progress(data, {"flow": flow, "count": count, "rng": rng, "plan": plan, "first": first,
                         "memerr": memerr, "restarts": restarts, "asked": asked})
    print("PBRESTART", game, count, asked)


def whole_keys(path):
    """The scripted whole Cybernaut game of tools/game_keys.py's file ``path`` (str):
    (its keys, a tuple of button names; the journal's next entry number at the game's
    end; the seed it was played with; its journal's fingerprint, hex str), or None
    when ``path`` is empty or the file is missing or short."""
    if not path:
        return None
    from boards.sim import parse_keys
    try:
        with open(path) as handle:
            lines = handle.read().split("\n")
        return tuple(n for n, _ in parse_keys(lines[0])), int(lines[1]), int(lines[2]), lines[3].strip()
    except (OSError, ValueError, IndexError):
        return None


def public(value):
    """``value`` (a journal entry's part) without its hashes, salts and sealed texts
    (a sealed text kept as ">"), which come from the board's entropy
    (tools/game_keys.py's ``_public``)."""
    if isinstance(value, dict):
        return dict([(key, public(value[key])) for key in value if key not in ("hash", "salt", "sealed")])
    if isinstance(value, list):
        return [public(item) for item in value]
    if isinstance(value, str) and value[:1] == ">":
        return ">"
    return value


def fingerprint(path):
    """The fingerprint of the journal file ``path`` (hex str), as tools/game_keys.py's
    ``fingerprint`` makes it on CPython: SHA-256 over each entry's state_digest of
    [number, kind, public in, out and dice]. :raises OSError: no such file."""
    import binascii
    import hashlib
    import json
    from shared_rules.save import state_digest
    digest = hashlib.sha256()
    with open(path) as handle:
        for line in handle:
            entry = json.loads(line[line.index(" ") + 1:])
            digest.update(state_digest([entry["seq"], entry["kind"], public(entry.get("in")),
                                        public(entry.get("out")), public(entry.get("dice"))]))
    return binascii.hexlify(digest.digest()).decode()


def _empty(path):
    """Remove every file and folder inside ``path`` (str), then make sure it exists."""
    import os
    try:
        names = os.listdir(path)
    except OSError:
        os.mkdir(path)
        return
    for name in names:
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            _empty(full)
            os.rmdir(full)
        else:
            os.remove(full)


WHOLE = "Cybernaut whole game"  # the flow of the scripted game (``whole``)


def run(code, data, packs, presses, seed, ballast=0, only=-1, whole=""):
    """Play every main-menu entry and a new Cybernaut game (``only`` >= 0: that one
    of them alone, in this fresh interpreter, as after a Pico's restart); print PB
    lines (above).

    ``whole``: the path of tools/game_keys.py's file (or ""): then one more flow,
    the last, "Cybernaut whole game", plays the scripted whole game's presses as
    people play them (set-up, ten turns with netruns, the end) from an empty data
    folder of its own (``data`` + "/whole") with the seed they were made with, and
    no random presses; at its end it prints ``PBWHOLE <journal's next entry> <its
    fingerprint> <the file's next entry> <the file's fingerprint>``.

    With ``only`` >= 0 the board restarts as a Pico's does (``restartable``): when
    the app asks, this interpreter saves the driver's progress in ``data``
    (``save_progress``), prints ``PBRESTART <game> <press> <within|between>`` and
    returns; the caller (tools/press_report.py, tools/bench_pico.py) starts a fresh
    one with the same arguments, which boots the app on the same data folder (the
    boot resumes the save, and finishes a press the restart cut: App.boot's
    ``launch``), prints ``PBRESUME <game> <press> <within|between> <boot µs>
    <free>`` (the boot's time; its frame is no press) and goes on with the same
    presses. The last one prints PBDONE (the flow's MemoryErrors, all its runs)."""
    hold = bytearray(ballast) if ballast else None
    if code not in sys.path:  # (the driver put it where the app's code is looked for;
        sys.path.insert(0, code)  # '': the app is frozen in, as on a deployed Pico)
    from boards import forget_modules, pico
    from boards.sim import SimBoard, parse_keys
    from firmware import app as app_module
    from firmware.buttons import Buttons
    from firmware.storage import Storage
    from firmware.screens import ENTRIES
    from shared_rules.save import state_digest

    flows = [(entry[0], ("A",)) for entry in ENTRIES]
    flows.append(("Cybernaut new game", tuple(n for n, _ in parse_keys("D D A D D A"))))
    scripted = whole_keys(whole)
    if scripted is not None:
        flows.append((WHOLE, scripted[0]))
    acc = [0] * 10  # save, digest, encode, write, draw; record, seal, store, load, sync
    box = [0, 0]
    memerr = [0]

    fault = [None]  # the kind of exception the last press's "Error" notice named

    def quiet(message):
        if message.startswith("Out of memory"):
            memerr[0] += 1
        elif message.startswith("Error: "):
            # "Error: That press failed (<kind>, a fault of ...)" or a storage error
            at = message.find("(")
            fault[0] = message[at + 1:].split(",")[0].split(")")[0].replace(" ", "_") if at > 0 else "?"

    app_module.log = quiet
    big = [0]  # the save's text: the biggest single block a press asks for
    # the save's digest: firmware.saving.masked_digest as App.save calls it (named
    # _masked_digest before issue 18's layout; before issue 21's change it called
    # shared_rules.save.state_digest, timed then under that name)
    # App.save is firmware.saving's since issue 18's App split (firmware.app's before)
    saver = app_module
    try:
        from firmware import saving as saver
        if not hasattr(saver, "save_parts"):
            saver = app_module
    except ImportError:
        pass
    name = "state_digest"
    for name in ("masked_digest", "_masked_digest", "state_digest"):
        if hasattr(saver, name):
            break
    setattr(saver, name, Timer(acc, 1, getattr(saver, name)))
    parts = saver.save_parts

    def sized(body):
        out = parts(body)
        size = len(out[1]) + 1
        if size > big[0]:
            big[0] = size
        return out
    setattr(saver, "save_parts", Timer(acc, 2, sized))
    state = seed & 0x7FFFFFFF
    print("PBFLOWS", len(flows))
    # what this run is, for the report read back from its log (found by a new user:
    # a report from a log did not say which presses, seed, ballast or code it had)
    print("PBRUN", presses, seed, ballast, "frozen" if code == "" else "files")
    for index, (label, keys) in enumerate(flows):
        if only >= 0 and index != only:
            continue
        game = label.replace(" ", "_")
        # a fresh boot for each game: as a Pico's restart before a game (restart_first)
        app = None
        gc.collect()
        folder = data
        flow_seed = seed
        if label == WHOLE:  # its own folder, emptied at its start, its own seed
            folder = data + "/whole"
            flow_seed = scripted[2]
            if only < 0 or load_progress(data, only) is None:
                _empty(folder)
        board = SimBoard(folder)
        board.pack_dirs = (packs,)
        bus = Bus()
        storage = Storage(folder)
        # the file appends: Storage.append (Written counts an append that only holds a
        # line, issue 21's held journal lines, as nothing written)
        for name in ("write_atomic", "write_json_atomic", "rename", "copy", "append", "keep_prefix"):
            setattr(storage, name, Written(storage, name, acc, box))
        surface = pico.make_surface(i2c=bus)
        app = app_module.App(surface, Buttons(board.make_buttons()), storage, board.entropy, flow_seed,
                             board.pack_dirs)
        app.forget = forget_modules
        asked = [None]
        resumed = None
        if only >= 0:
            restartable(app, asked)
            resumed = load_progress(data, only)
        booted = time.ticks_us()
        at_boot = memerr[0]
        app.boot()
        if resumed is not None:
            booted = time.ticks_diff(time.ticks_us(), booted)
            gc.collect()
            print("PBRESUME", game, resumed["count"], resumed["asked"], booted, gc.mem_free())
        elif index == 0 or index == only:
            gc.collect()
            print("PBBOOT", gc.mem_free())
            micropython.mem_info()
        if resumed is None:
            app.home()
            app.dirty = True
            app.redraw()
        save = app.save
        draw = app._draw
        show = app.surface.show
        shown = [0]

        at_frame = [None]  # what the press had written when its frame was shown

        upto = [None]  # the parts (acc) as they stood when the press's frame went up

        def showing():  # the frame is on the panel: the press's time ends here
            if at_frame[0] is None:
                at_frame[0] = (box[0], box[1])
                upto[0] = acc[:]  # (an action's save follows its frame: App.redraw)
            show()
            shown[0] = time.ticks_us()
        app.surface.show = showing
        app.save = Timer(acc, 0, save)
        app._draw = Timer(acc, 4, draw)
        plan = list(keys)
        opens = [False, False]  # since this boot: a flow opened, a game's screen put up
        if resumed is None:
            app.top().s["sel"] = index if index < len(ENTRIES) else 0
        first = True
        count = 0
        if resumed is not None:
            plan, first, count, state = resumed["plan"], resumed["first"], resumed["count"], resumed["rng"]
            if memerr[0]:  # the boot's own (its launch: the press the restart cut)
                print("MEMERR", game, count)
            memerr[0] += resumed["memerr"]
            if not plan and len(app.stack) < 2 and label != WHOLE:  # back at the main menu at the restart
                plan = list(keys)
                app.top().s["sel"] = index if index < len(ENTRIES) else 0
        if resumed is None and memerr[0] != at_boot:  # the first boot's own (found by review:
            print("MEMERR", game, count)              # uncounted by a flow's line, PBDONE's only)
        if fault[0] is not None:  # a fault of the boot (a resumed one finishes a cut press)
            print("PBFAULT", game, count, fault[0])
            fault[0] = None
        if asked[0] is not None:  # the boot itself asked for a restart
            return restart_now(data, only, game, asked[0], resumed, count, state, plan, first, memerr[0])
        while (count < presses + len(plan)) if label != WHOLE else plan:
            if plan:
                name = plan.pop(0)
                first = first and bool(plan)
            else:
                state = lcg(state)
                name = "UDLRUDLRAAB"[(state >> 8) % 11]
            count += 1
            ids = [s.ID for s in app.stack]
            where = app.top()
            where = (where.ID or "?", screen_kind(where))
            seq = app.journal.next_seq
            counter = app.source.counter
            before = masked_digest(app, state_digest) if name in "UDLR" else None
            # the heap as the app leaves it between presses (App.redraw collects after
            # each frame), not with this driver's own digest garbage in it
            gc.collect()
            time_parts(app, acc)
            for i in range(10):
                acc[i] = 0
            box[0] = box[1] = 0
            at_frame[0] = None
            errors = memerr[0]
            big[0] = 0
            shown[0] = 0
            upto[0] = None
            start = time.ticks_us()
            app.handle(name, "short")
            act_end = time.ticks_us()
            saved = acc[0]  # the save made in the press (the rest is after its frame)
            app.redraw()
            framed = shown[0] or time.ticks_us()
            # the loop's next tick, between presses: the top screen's on_tick (e.g.
            # Cybercore's fight screen lets go of modules there) and what it redraws
            app.top().on_tick(app, time.ticks_ms())
            app.redraw()
            end = time.ticks_us()
            total = time.ticks_diff(framed, start)
            after = time.ticks_diff(end, framed)
            alloc = big[0]
            act = time.ticks_diff(act_end, start) - saved
            kind = "other"
            # the first open of a game since the boot (``opens``): a flow opened from
            # the main menu, or a game's own screen (GAME_TITLE: a new game, Neo-Hunt's
            # Start, a fight) put up; each kind once. A press App.restart_first cut
            # (before opening a game after another, a new Cybernaut game, the
            # Neo-Hunt deal: it saved ``launch`` first) opens it in the next boot
            # (App.boot's launch); not one "Restart now" cut (found by review)
            cut = asked[0] == "within" and app.launch
            flow = ids == ["main"] and (len(app.stack) > 1 or cut)
            put_up = not flow and (cut or [s for s in app.stack if getattr(s, "GAME_TITLE", None)
                                           and s.ID not in ids])
            if (flow and not opens[0]) or (put_up and not opens[1]):
                kind = "open"
            opens[0] = opens[0] or flow
            opens[1] = opens[1] or bool(put_up)
            if (before is not None and ids == [s.ID for s in app.stack]
                    and seq == app.journal.next_seq and counter == app.source.counter
                    and before == masked_digest(app, state_digest)):
                kind = "cursor"
            free = -1
            if count % 25 == 0:
                gc.collect()
                free = gc.mem_free()
                print("PBMEM", game)
                micropython.mem_info()
            pressed = at_frame[0] or (box[0], box[1])
            part = upto[0] or acc  # the parts up to the frame
            print("PB", game, kind, name, total, act, part[0], part[1], part[2], part[3], part[4],
                  pressed[0], pressed[1], alloc, free, where[0], where[1], part[5], part[6], part[7], part[8], part[9], after,
                  box[0] - pressed[0], box[1] - pressed[1])
            if memerr[0] != errors:
                print("MEMERR", game, count)
            if fault[0] is not None:
                print("PBFAULT", game, count, fault[0])
                fault[0] = None
            if asked[0] is not None:  # the press restarted the board: a fresh interpreter goes on
                return restart_now(data, only, game, asked[0], resumed, count, state, plan, first, memerr[0])
            if not plan and len(app.stack) < 2 and label != WHOLE:
                # back at the main menu: open the game again
                plan = list(keys)
                app.top().s["sel"] = index if index < len(ENTRIES) else 0
        app.save = save
        app._draw = draw
        app.surface.show = show
        if label == WHOLE and asked[0] is None:
            ended = app.journal.next_seq
            app = None
            gc.collect()
            print("PBWHOLE", ended, fingerprint(folder + "/journals/s0001.jrn"), scripted[1], scripted[3])
    hold = None
    if only >= 0:
        drop_progress(data)
    print("PBDONE", memerr[0])
