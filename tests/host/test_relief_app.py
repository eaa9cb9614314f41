"""firmware/relief.py through the real app (found by review): a MemoryError while
relieving the heap never stops the app, no restart comes while the device is being
passed, and a "Hand to" screen's state (the private screen it opens) is sealed in
the save. CPython, with a fake heap figure (CPython has no gc.mem_free)."""

import json
import types

import pytest
from check import tempdir

from boards.sim import boot
from firmware import app as app_module
from firmware import relief
from firmware.screens.main import MainMenu
from firmware.screens.prompt import Reveal
from firmware.storage import Storage


def _short_heap(monkeypatch):
    """The app's and relief's gc say the heap is short (1,000 bytes free)."""
    fake = types.SimpleNamespace(mem_free=lambda: 1000, collect=lambda: None)
    monkeypatch.setattr(app_module, "gc", fake)
    monkeypatch.setattr(relief, "gc", fake)


def test_a_memory_error_while_relieving_never_stops_the_app(monkeypatch):
    board, app = boot(tempdir("reliefoom"), 7)
    board.press(app, "A")                       # the Dice screen
    dropped = []
    app.forget = lambda prefixes, keep, *collect: dropped.append(prefixes) or []
    app.restart = lambda: None                  # a board that can restart
    _short_heap(monkeypatch)
    monkeypatch.setattr(relief, "roomy", lambda size=relief.BIG_BLOCK, make=bytearray: False)
    monkeypatch.setattr(relief, "_pressed", [relief.SETTLE])
    real_save = app.save
    calls = []

    def save(moved=False):
        calls.append(moved)
        if len(calls) > 1:  # the press's own save works; the restart's does not
            raise MemoryError("memory allocation failed, allocating 6600 bytes")
        return real_save(moved)
    monkeypatch.setattr(app, "save", save)
    board.press(app, "A")                       # a roll: acted, saved, then relieve
    assert len(calls) == 2 and dropped          # relieve ran, its restart's save failed
    assert app.top().ID == "dice"               # and the app goes on
    assert app.history  # the roll was kept (its save worked)


def test_no_restart_while_a_secret_waits_for_the_owner_who_claimed_it(monkeypatch):
    # a Reveal whose owner pressed "A: I am P1" (stage "hold"): a restart would bring
    # it back at "Hand to P1", asking her again
    board, app = boot(tempdir("reliefreveal"), 7)
    reveal = Reveal.make(app, "P1", "Spot!", "sector C")
    reveal.s["stage"] = "hold"
    app.stack = [MainMenu(), reveal]
    monkeypatch.setattr(relief, "_pressed", [relief.SETTLE])
    assert not relief.quiet(app)
    app.stack = [MainMenu()]
    assert relief.quiet(app)


def test_a_hand_to_screens_private_screen_is_sealed_in_the_save():
    # fog: the NSA places Nexus 1 at M33, hands back, opens placement again: the
    # "Hand to NSA" screen holds the placement screen, whose cursor is where the chit
    # went (found by review: it was in the save in clear)
    root = tempdir("reliefhandover")
    board, app = boot(root, 7)
    for key in "D D A D D D A A A R R R D D D A B A A".split(" "):
        board.press(app, key)
    assert app.top().ID == "handover"
    text = Storage(root).read("saves/state.sav").decode()
    assert '"then"' not in text and "cn_place" not in text
    body = json.loads(text.split("\n", 1)[1])
    hand = [s for s in body["screens"] if s["id"] == "handover"][0]
    assert list(hand["state"]) == ["_sealed"]
    board, app = boot(root, 7)                  # resumed: the same screen, opened
    assert app.top().ID == "handover" and app.top().s["then"]["id"] == "cn_place"
    board.press(app, "A")
    screen = app.top()
    while screen.ID != "cn_place" and screen.ID in ("handover", "pin"):
        board.press(app, "A")
        screen = app.top()
    assert screen.ID == "cn_place"
