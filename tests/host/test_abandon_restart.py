"""Abandoning a Cybernaut game restarts the board first where it can (App.restart_first):
unsealing the whole game and journaling every chit in one entry ran a game out of
memory at its 599th random press on the 32-bit port at 240K, with 40 KB free in
pieces no bigger than 1.1 KB (issue 17). The boot then abandons it, once, in a
whole heap. (CPython: see tests/host/test_restart_first.py for why.)"""

from boards.sim import boot
from firmware.storage import Storage
from shared_rules.journal import read_journal
from shared_rules.save import decode_save
from test_restart_first import restart_then_open


def _kinds(root):
    text = Storage(root).read("journals/s0001.jrn")
    return [entry["kind"] for entry in read_journal(text, "s0001.jrn")[0]]


def test_abandoning_restarts_first_and_the_boot_abandons_once():
    app = restart_then_open("D D A D D A", "cn_menu", "cn_game")
    root = app.storage.root
    restarts = []

    def soft_reset():
        restarts.append(app.top().ID)
        raise SystemExit  # as machine.soft_reset does

    board, app = boot(root, 7, restart=soft_reset)
    assert app.top().ID == "cn_game"
    for key in ("B", "D", "A"):  # the quit menu, "Abandon game", armed
        board.press(app, key)
    assert app.top().ID == "cn_quit" and app.top().s["armed"] is True
    assert restarts == []
    try:
        board.press(app, "A")
        raise AssertionError("no restart")
    except SystemExit:
        pass
    assert restarts == ["cn_quit"]
    assert "game_abandoned" not in _kinds(root)  # nothing abandoned before the restart
    body = decode_save(Storage(root).read("saves/state.sav"), "state.sav")
    assert body["launch"] is True and body["screens"][-1]["id"] == "cn_quit"
    again = []
    board, app = boot(root, 7, restart=lambda: again.append(1))  # as the Pico boots
    assert again == []
    assert app.top().ID == "cn_menu"
    assert "cn_game" not in [screen.ID for screen in app.stack]
    kinds = _kinds(root)
    assert kinds.count("game_abandoned") == 1
    body = decode_save(Storage(root).read("saves/state.sav"), "state.sav")
    assert "launch" not in body


def test_without_a_restart_the_game_is_abandoned_at_once():
    app = restart_then_open("D D A D D A", "cn_menu", "cn_game")
    root = app.storage.root
    board, app = boot(root, 7)  # the simulator's board: no restart
    for key in ("B", "D", "A", "A"):
        board.press(app, key)
    assert app.top().ID == "cn_menu"
    assert _kinds(root).count("game_abandoned") == 1
