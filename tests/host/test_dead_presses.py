"""A press that does nothing says why (issue 19 item 5): Neo-Hunt's empty order deck
and "Other action" through the scripted game (tests/host/test_neohunt_sim.py's keys),
Cybernaut's "Go" with nobody chosen."""

import sys

from boards.sim import boot, parse_keys

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from test_neohunt_sim import KEYS, SEED  # noqa: E402
from check import tempdir  # noqa: E402


def test_an_empty_order_deck_and_other_action_say_so():
    board, app = boot(tempdir("dead_nh"), SEED)
    empty = other = None
    presses = parse_keys(KEYS)
    for index in range(len(presses)):
        top = app.top()
        if top.ID == "nh_game":
            labels = top.items(app)
            step = top.s["step"]
            if step == "deal" and empty is None:
                order = top.game(app).d["order"]
                if not order:
                    empty = labels
                else:
                    assert "Deal order card" in labels
            if step == "choice" and "Other action" in labels and other is None:
                other = (tempdir("dead_nh_other"), index)
        if empty is not None and other is not None:
            break
        board.press(app, *presses[index])
    assert empty is not None and other is not None, "the script reached neither"
    assert "Deck out: next" in empty and "Deal order card" not in empty
    # "Other action" at the first choice that offers it: a notice says what happened
    board, app = boot(tempdir("dead_nh2"), SEED)
    for name, long in presses[:other[1]]:
        board.press(app, name, long)
    hub = app.top()
    labels = hub.items(app)
    while labels[hub.s["sel"]] != "Other action":
        board.press(app, "D")
    name = hub.game(app).d["players"][hub.s["cur"]]["name"]
    board.press(app, "A")
    lines = app.surface.lines()
    assert lines[0] == "Other action" and app.top().ID == "text"
    assert " ".join(app.top().s["lines"]).startswith(name + " plays it with their cards")
    board.press(app, "A")
    assert app.top() is hub and hub.s["step"] in ("deal", "troopers", "choice", "round")


def test_cybernauts_go_with_nobody_chosen_says_why(tmp_path):
    from cyb_game import Driver
    board, app = boot(str(tmp_path), 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.choose("Cyb-1")
    from firmware.games.cybernaut.picks import UnitPick
    app.push(UnitPick.make("inter", "Interaction"))
    board.press(app, "U")               # "Go" (the last item), nobody chosen
    assert app.top().items(app)[app.top().s["sel"]] == "Go"
    board.press(app, "A")
    lines = app.surface.lines()
    assert lines[0] == "Nobody chosen" and "Choose at least one with A" in " ".join(app.top().s["lines"])
    board.press(app, "A")
    assert app.top().ID == "cn_units"
