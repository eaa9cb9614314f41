"""Screen care on the real app with the injected clock: dim after 30 s idle, blank
after 2 minutes, the press that wakes a blank screen does not act. Both runtimes."""

from display_check import rmtree, temp_dir

from boards.sim import SimBoard
from firmware.app import App
from firmware.buttons import Buttons
from firmware.care import DIM, OFF, ON, ScreenCare
from firmware.storage import Storage


class Levels:
    """A Surface power control that records the levels it was set to."""

    def __init__(self):
        self.seen = []

    def __call__(self, level):
        self.seen.append(level)


def make(dim_ms=-1, blank_ms=-1):
    root = temp_dir("care")
    board = SimBoard(root)
    surface = board.make_surface()
    levels = Levels()
    surface._power = levels
    app = App(surface, Buttons(board.make_buttons()), Storage(root), board.entropy, 5, board.pack_dirs)
    app.care = ScreenCare(surface, board.now, dim_ms, blank_ms)
    app.boot()
    return root, board, app, levels


def test_dims_at_30_s_and_blanks_at_2_min():
    root, board, app, levels = make()
    try:
        board.hold(app, 29990)
        assert app.care.level == ON and levels.seen == []
        board.hold(app, 20)
        assert app.care.level == DIM and levels.seen == [DIM]
        board.hold(app, 120000 - 30010 - 20)
        assert app.care.level == DIM
        board.hold(app, 30)
        assert app.care.level == OFF and levels.seen == [DIM, OFF]
    finally:
        rmtree(root)


def test_press_on_a_dim_screen_acts_and_lights_it():
    root, board, app, levels = make()
    try:
        board.hold(app, 31000)
        assert app.care.level == DIM
        board.press(app, "D")
        assert app.care.level == ON and levels.seen == [DIM, ON]
        assert app.top().s["sel"] == 1  # the press acted
    finally:
        rmtree(root)


def test_waking_press_on_a_blank_screen_does_not_act():
    root, board, app, levels = make()
    try:
        board.hold(app, 121000)
        assert app.care.level == OFF
        frames = app.surface.frames
        board.press(app, "D")
        assert app.care.level == ON
        assert app.top().s["sel"] == 0  # swallowed
        assert app.surface.frames == frames + 1  # the frame is drawn again on waking
        board.press(app, "D")
        assert app.top().s["sel"] == 1  # the next press acts
        assert levels.seen == [DIM, OFF, ON]
    finally:
        rmtree(root)


def test_waking_long_press_does_not_act_either():
    root, board, app, levels = make()
    try:
        board.press(app, "A")  # open Dice
        screen = app.top()
        board.hold(app, 121000)
        board.press(app, "B", True)
        assert app.top() is screen  # B:long swallowed: still on Dice
        board.press(app, "B")
        assert app.top() is not screen
    finally:
        rmtree(root)


def test_presses_keep_it_on_and_times_are_configurable():
    root, board, app, levels = make(dim_ms=1000, blank_ms=None)
    try:
        for _ in range(10):
            board.hold(app, 700)
            board.press(app, "D")
        assert levels.seen == []
        board.hold(app, 1100)
        assert app.care.level == DIM
        board.hold(app, 600000)
        assert app.care.level == DIM  # never blanks
    finally:
        rmtree(root)


def test_blank_only():
    root, board, app, levels = make(dim_ms=None, blank_ms=5000)
    try:
        board.hold(app, 4990)
        assert levels.seen == []
        board.hold(app, 20)
        assert levels.seen == [OFF]
    finally:
        rmtree(root)
