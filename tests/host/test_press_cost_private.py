"""(On CPython only: the NSA placement screen compiled from source has no room in
the 32-bit port's 240K beside a new game; tests/both/test_press_cost.py has the rest.)
Issue 21's press costs that tests can see without a clock: which presses write
the save and which skip its digest (the figures themselves: tools/press_report.py
and tools/bench_pico.py, never a timed test)."""

from check import tempdir

from boards.sim import boot, parse_keys


def keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def test_an_arrow_on_a_private_screen_is_saved_sealed_without_the_masked_digest():
    # a private screen's state is sealed whole, anew each save: its arrows are
    # saved as before, and the masked digest (which could never match) is skipped
    from firmware import saving as saving_module  # App.save's module
    root = tempdir("private")
    board, app = boot(root, 5)
    keys(board, app, "D D A D D A")            # Cybernaut, New game
    assert app.top().ID == "cn_game"
    entries = app.top().items(app)
    keys(board, app, " ".join(["D"] * entries.index("NSA placement")) + " A A")
    assert app.top().ID == "cn_place", app.top().ID
    saved = app.storage.read("saves/state.sav")
    digests = []
    made = saving_module.masked_digest

    def counted(*args):
        digests.append(1)
        return made(*args)
    saving_module.masked_digest = counted
    try:
        keys(board, app, "R")
    finally:
        saving_module.masked_digest = made
    assert app.storage.read("saves/state.sav") != saved
    assert digests == []
    assert b'"c": 1' not in app.storage.read("saves/state.sav").split(b"cn_place")[1][:200]
