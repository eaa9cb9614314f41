"""The simulator's keys script: holds with their length (issue 19 item 7), on both
runtimes (boards/sim.py runs on the MicroPython unix port too)."""

from check import raises, tempdir

from boards.sim import HOLD_MAX_MS, KeysError, boot, parse_keys


def test_hold_takes_its_length_in_ms():
    assert parse_keys("A:hold=2000 b:HOLD=1 U:hold=60000 R:long D") == [
        ("A", 2000), ("B", 1), ("U", HOLD_MAX_MS), ("R", True), ("D", False)]
    assert HOLD_MAX_MS == 60000
    for bad in ("A:hold=0", "A:hold=60001", "A:hold=", "A:hold=2s", "A:hold=-5"):
        exc = raises(KeysError, parse_keys, "U " + bad)
        assert "token 2 '%s': a hold takes its length in ms, 1 to 60000" % bad in str(exc), bad
    exc = raises(KeysError, parse_keys, "A:short")
    assert "the suffixes are ':long' and ':hold=MS'" in str(exc)


def test_a_hold_is_held_all_its_length_and_fires_as_a_finger_would():
    events = []
    board, app = boot(tempdir("simhold"), 7)
    top = app.top()
    original = top.on_button

    def seen(app_, name, kind):
        events.append((name, kind, board.now))

    top.on_button = seen
    start = board.now
    board.press(app, "D", 599 - 15)     # under a long press (600 ms after the debounce)
    assert events == [("D", "short", events[0][2])] and events[0][2] - start >= 584
    del events[:]
    start = board.now
    board.press(app, "D", 2000)         # a long press fires while held, the release nothing
    assert [(name, kind) for name, kind, at in events] == [("D", "long")]
    assert 600 <= events[0][2] - start <= 640
    top.on_button = original
