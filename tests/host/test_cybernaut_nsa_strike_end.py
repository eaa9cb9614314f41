"""An NSA move whose CyberStrike ends the netrun (Cybernaut VII.G) ends the NSA's part:
the NSA screen hands the device back instead of staying open on a netrun that is over
(found by review: "NSA only" stayed, End NSA part was refused, nothing led out)."""

import contextlib
import io
import tempfile

from boards.sim import run_script

# a new Cybernaut game, the device places the NSA's chits, Cyb-1 logs on; the
# Netrunner moves her Ghost to M02 and strikes, ends her part; the NSA moves the
# Hunter from M03 onto M02: its strike eliminates Cyb-1 and the netrun is over
NETRUN = "D D A D D A D A A A A D A D A D D A D A A D A"  # (A: the Solo result read)
NSA_STRIKE = "A R A R A A B D D D A B A A R R R A L"  # B D D D A: End my part


def _press(board, app, keys):
    with contextlib.redirect_stdout(io.StringIO()):
        for key in keys.split():
            board.press(app, key)


def test_an_nsa_strike_that_ends_the_netrun_hands_the_device_back():
    with contextlib.redirect_stdout(io.StringIO()):
        board, app = run_script(tempfile.mkdtemp(prefix="cn-nsa-end-"), 7, NETRUN)
    _press(board, app, NSA_STRIKE)
    assert [s.ID for s in app.stack][-2:] == ["cn_net", "cn_nsa"]
    _press(board, app, "A")  # the Hunter's move onto M02: the strike
    # the result on top, over the hand-back screen that replaced "NSA only"
    assert [s.ID for s in app.stack][-3:] == ["cn_net", "handback", "result"]
    lines = app.surface.lines()
    assert lines[0] == "Netrun over" and lines.count("Cyb-1 eliminated") == 1  # once
    _press(board, app, "A")  # the result read
    assert app.top().ID == "handback" and app.surface.lines()[0] == "Netrun over"
    _press(board, app, "A")  # back to the table: the Netrunner's grid, no netrun on
    assert app.top().ID == "cn_net" and "cn_nsa" not in [s.ID for s in app.stack]
    game = app.stack[2]
    assert game.ID == "cn_game" and game.load(app).s["run"] is None
    _press(board, app, "B")  # out to the game's menu: the table goes on
    assert app.top().ID == "cn_game"
