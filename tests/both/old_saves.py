"""Helpers of the old-save tests (tests/both/test_old_save_*.py, one file per game so
that each boots in a fresh Pico-sized heap under MicroPython, as a device's boot does).

Saves, undo steps and journals written by an earlier version still load (issue 18:
the layout changed, the screen IDs and the save format did not). The data folders in
tests/fixtures/saves_5a14982/ were written by main 5a14982 playing three games
(that folder's make.py says how); <game>.json is what that app held when it stopped.

Each test copies one folder, boots the app on it, and checks the game comes back as
it was (every screen of the stack and its state, the dice counter), behind "Hand to
<owner>" when a private screen was open, that one undo step brings back the stack
before the last action, and that the journal still reads whole."""

import gc
import json
import os
import sys

from check import tempdir

from boards.sim import SimBoard, boot

MICRO = sys.implementation.name == "micropython"

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
# (tests/run_all.py compiles this module into build/mp-tests/: the same depth)
FIXTURES = HERE + "/../../tests/fixtures/saves_5a14982"


def is_dir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


def copy_folder(src, dst, packs):
    """Copy folder ``src`` into ``dst`` (created); a pack's ".from" record that named
    the firmware's pack folder of the machine that wrote it names ``packs`` instead."""
    os.mkdir(dst)
    for name in os.listdir(src):
        if is_dir(src + "/" + name):
            copy_folder(src + "/" + name, dst + "/" + name, packs)
            continue
        with open(src + "/" + name, "rb") as handle, open(dst + "/" + name, "wb") as out:
            if name.endswith(".from"):
                out.write(handle.read().replace(b"FIRMWARE_PACKS", packs.encode()))
                continue
            while True:                     # in pieces: a Pico-sized heap is in use
                chunk = handle.read(512)
                if not chunk:
                    break
                out.write(chunk)


def stack_of(app):
    """The stack as <game>.json has it: [[ID, state], ...] through JSON; a Cybernaut
    game's grid cursor ("cur", moved by arrows, which write no save) left out."""
    out = json.loads(json.dumps([[s.ID, s.state()] for s in app.stack]))
    for item in out:
        if item[0] == "cn_game" and isinstance(item[1], dict):
            item[1].pop("cur", None)
    return out


def expected(stack):
    for item in stack:
        if item[0] == "cn_game" and isinstance(item[1], dict):
            item[1].pop("cur", None)
    return stack


def own_long_b(screen):
    """True for a screen that uses long B itself (undo is then a second long B)."""
    return screen.OWN_LONG_B


def _expectation(game):
    with open(FIXTURES + "/" + game + ".json") as handle:
        return json.load(handle)


def resume(game):
    """Copy the data folder of ``game`` and boot the app on it (the seed it was
    played with). :returns: (board, app, the expectation record: <game>.json)."""
    seed = _expectation(game)["seed"]
    data = tempdir("old-" + game)
    packs = None
    for folder in SimBoard(data).pack_dirs:   # where this firmware's sample packs are
        try:
            os.stat(folder + "/neohunt-sample.json")
            packs = packs or folder
        except OSError:
            pass
    os.rmdir(data)
    copy_folder(FIXTURES + "/" + game, data, packs)
    gc.collect()
    board, app = boot(data, seed)   # the record read again after the boot: its heap
    return board, app, _expectation(game)


def undo_once(board, app, expect):
    """Long B, Undo: the stack before the last action comes back; then redo."""
    if own_long_b(app.top()):
        board.press(app, "B", True)
    board.press(app, "B", True)
    board.press(app, "A")
    assert app.top().s.get("_undo"), app.surface.lines()
    assert app.surface.lines()[1].startswith(("Last action undone", "Undone: ", "Roll undone")), \
        app.surface.lines()
    board.press(app, "A")
    if app.top().ID == "resume_gate":
        board.press(app, "A")
    assert stack_of(app) == expected(expect["before_last"])
    assert app.undo[2] == expect["undo_pos"] - 1


def journal_kinds(app):
    """The journal's entry kinds, read whole and checked. Call it on CPython only
    (MICRO false): on MicroPython a long journal does not fit beside a game in a
    Pico's heap (the device never reads it whole; `referee verify` on a PC does)."""
    from shared_rules.journal import read_journal
    entries = read_journal(app.storage.read(app.journal_name()), "j")[0]
    return [entry["kind"] for entry in entries]
