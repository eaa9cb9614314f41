"""Every screen says what its buttons do (issue 19): a hold of B opens Undo / Redo /
Help on every screen, and its "Buttons here" shows the help page of the screen
under it. The walks of the whole scripted games (Neo-Hunt, Cybernaut, Cybercore),
the scripted flows and the bench's random walk record which buttons did something
on each screen (the stack, a screen's state, the frame's text or the journal
changed), and each screen's help must name every one of them. The same walks are
checked for clipped text and bad wraps (tests/both/screen_walk.py), the whole games
here because they do not fit the MicroPython test heap yet."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "both"))

import cc_script  # noqa: E402
import cyb_sim_netrun  # noqa: E402
import scripts  # noqa: E402
import screen_walk  # noqa: E402
import test_neohunt_sim  # noqa: E402
from cyb_sim import Driver  # noqa: E402

from boards.sim import boot  # noqa: E402
from firmware.screens import screen_class  # noqa: E402
from firmware.ui import HELP_TAIL, wrap  # noqa: E402

# screens whose long presses have a job of their own, named in their help
OWN_LONG = {"cn_net": ("L", "R", "B"), "cn_place": ("L", "R", "B"), "cn_nsa": ("L", "R", "B"),
            "cn_game": ("B",)}


def _nh(board, app, walker):
    screen_walk.press_keys(walker, test_neohunt_sim.KEYS)


def _cc(board, app, walker):
    screen_walk.press_keys(walker, cc_script.FIGHT)


def _cyb(board, app, walker):
    driver = Driver(board, app)
    # every press through the walker; Driver.press still closes the result screens on
    # top before a B or a long press (the result stands: B does nothing there)
    driver.raw = lambda key: walker.press(key.partition(":")[0], key.endswith(":long"))
    driver.keys = []
    cyb_sim_netrun.run.__globals__["Driver"] = lambda b, a: driver
    try:
        cyb_sim_netrun.run(board, app)
    finally:
        cyb_sim_netrun.run.__globals__["Driver"] = Driver


def _flows(board, app, walker):
    for label, keys in [scripts.SALT] + scripts.GAME + [scripts.END]:
        screen_walk.press_keys(walker, scripts.open_entry(app, label) + " " + keys)


def _random(board, app, walker):
    screen_walk.random_walk(walker, 1500)


WALKS = [("neohunt", test_neohunt_sim.SEED, _nh), ("cybercore", cc_script.SEED, _cc),
         ("cybernaut", cyb_sim_netrun.SEED, _cyb), ("flows", 7, _flows), ("random", 3, _random)]


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    """{walk name: (problems, screens seen, effects)} over every walk."""
    out = {}
    for name, seed, drive in WALKS:
        board, app = boot(str(tmp_path_factory.mktemp(name)), seed)
        walker = screen_walk.Walker(board, app, effects=True)
        try:
            drive(board, app, walker)
        finally:
            problems = walker.close()
        out[name] = (problems, walker.screens, walker.effects)
    return out


@pytest.mark.parametrize("name", [w[0] for w in WALKS])
def test_no_clipped_text_in_the_whole_games(walked, name):
    problems, screens, effects = walked[name]
    assert problems == [], screen_walk.report(problems)


def test_the_games_reach_their_screens(walked):
    assert {"nh_setup", "nh_game", "nh_place", "nh_attack", "nh_spot"} <= set(walked["neohunt"][1])
    assert {"cn_game", "cn_place", "cn_net", "cn_netmenu", "cn_nsa"} <= set(walked["cybernaut"][1])
    assert {"cc_pc", "cc_foe", "cc_fight", "cc_defend"} <= set(walked["cybercore"][1])


def test_each_screen_s_help_names_every_button_that_did_something_there(walked):
    effects = {}
    for name in walked:
        for screen, pressed in walked[name][2].items():
            effects.setdefault(screen, set()).update(pressed)
    assert len(effects) >= 30, sorted(effects)
    missing = []
    for screen in sorted(effects):
        names = screen_walk.help_names(screen_class(screen).HELP)
        for button, long in sorted(effects[screen]):
            # a held button does what its press does unless its help says "hold"; a
            # hold of B opens the Undo / Redo / Help menu everywhere (the help's tail)
            if (button, False) in names or (long and ((button, True) in names or button == "B")):
                continue
            missing.append("%s: %s%s" % (screen, button, " held" if long else ""))
    assert missing == [], missing


def test_long_presses_with_their_own_job_are_named():
    for screen, buttons in OWN_LONG.items():
        names = screen_walk.help_names(screen_class(screen).HELP)
        for button in buttons:
            assert (button, True) in names, (screen, button)


def test_every_help_text_fits_a_help_page():
    from firmware.screens import SCREENS
    ids = [line.split()[0] for line in SCREENS.split("\n") if line.strip()]
    assert len(ids) >= 45
    from firmware.undo import UndoMenu
    for screen_id in ids + [UndoMenu.ID]:
        cls = UndoMenu if screen_id == UndoMenu.ID else screen_class(screen_id)
        text = cls.HELP + HELP_TAIL
        for line in text.split("\n"):
            assert len(line) <= 19, (screen_id, line)  # 21 less the scroll mark's 2
        assert wrap(text, 19) == text.split("\n")


def test_hold_b_then_buttons_here_shows_the_screen_s_help(tmp_path):
    board, app = boot(str(tmp_path), 1)
    board.press(app, "B", long=True)
    assert app.surface.lines() == ["Undo / Redo / Help", ">Undo: none", " Redo: none", " Back",
                                   " Buttons here", "", "", "Can undo 0, redo 0"]
    for key in "DDDA":
        board.press(app, key)
    assert app.top().ID == "text"
    assert app.surface.lines() == ["Buttons", "Up/Down choose", "(hold: 5 at a time)", "A open", "",
                                   "hold B: Undo/Redo,", "this help.", "A: OK"]
    board.press(app, "B")
    assert app.top().ID == "main"


def test_the_cybernaut_grid_s_help_is_two_holds_of_b_away(tmp_path):
    board, app = boot(str(tmp_path), 1)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # I am NSA
    assert app.top().ID == "cn_place"
    d.press("B:long")
    assert app.top().ID == "cn_track"
    d.press("B:long")
    assert app.top().ID == "undo"
    d.choose("Buttons here")
    lines = app.top().s["lines"]
    assert lines[:15] == ["Arrows move cursor", "L/R hold: next grid", "(A, B, C, M)",
                          "Grid: green = line", "at foot, GAP = line", "at left, plain none",
                          "Right: the chit to", "place next, how", "many are left, the",
                          "cursor's place and", "the chits there",
                          "A place the next", "chit here", "B hand back (the", "chits placed stay)"]
    assert "On the track:" in lines and lines[-4:] == ["A or B back", "", "hold B: Undo/Redo,", "this help."]
    text = "\n".join(lines)
    assert "green = line" in text and "GAP = line" in text
    board.press(app, "B")
    assert app.top().ID == "cn_track"


def test_the_odds_lines_are_explained_where_they_are_shown(tmp_path):
    """The Interaction screens show odds lines ("E30% -30% C40%"): their help pages
    say what such a line means (found by review); a pick that shows none does not."""
    import re
    from firmware.games.cybernaut.inter import ODDS_HELP, PACK, InteractionScreen, odds_lines
    from firmware.games.cybernaut.picks import UnitPick
    board, app = boot(str(tmp_path), 1)
    assert ODDS_HELP in InteractionScreen().help(app)
    assert ODDS_HELP in UnitPick.make("inter", "Interaction").help(app)
    assert ODDS_HELP not in UnitPick.make("move", "Move who?").help(app)
    text = ODDS_HELP.replace("\n", " ")
    assert "E30% = result E on 3 rolls in 10" in text and "-30% = no effect" in text
    # the lines it explains: a result, its percent in tens (a d10 roll), nothing else
    for environ in ("Anarchy", "Corporatist", "Security", "Tech"):
        tokens = " ".join(odds_lines(app.pack(PACK), environ, 3)).split()
        total = 0
        for token in tokens:
            match = re.match(r"^([A-Z](\+[A-Z])*|-)(\d+0)%$", token)
            assert match, token
            total += int(match.group(3))
        assert total == 100, tokens


def test_the_neohunt_game_s_help_says_what_b_does(tmp_path):
    # found by review: the help said "B quit? (A then quits...)" while B opens a menu
    # with "Keep playing" first, and abandoning takes a move and A twice
    board, app = boot(str(tmp_path), 7)
    for key in "UADDDDDA":
        board.press(app, key)
    assert app.top().ID == "nh_game"
    board.press(app, "B", long=True)
    for key in "DDDA":
        board.press(app, key)
    assert app.top().ID == "text"
    lines = app.surface.lines()
    # (the notice's last text row carries the scroll mark "v" at its end: ui.TextScreen)
    assert lines[4:6] == ["B menu: Keep", "playing first;"] and lines[6].startswith("abandoning takes a")
    assert "move, then A twice" in screen_class("nh_game").HELP.split("\n")
    assert "quit" not in screen_class("nh_game").HELP
    # and that is what B does: Keep playing first, then a move and A twice leave
    board.press(app, "B")
    assert app.top().ID == "nh_game"
    board.press(app, "B")
    assert app.surface.lines()[:3] == ["Abandon game?", ">Keep playing", " Abandon game"]
    board.press(app, "A")
    assert app.top().ID == "nh_game"  # B then A keeps the game
    board.press(app, "B")
    board.press(app, "D")
    board.press(app, "A")
    assert app.top().ID != "main" and app.surface.lines()[2] == ">A again=abandon"
    board.press(app, "A")
    assert "nh_game" not in [s.ID for s in app.stack]


def test_undo_is_named_hold_b_on_every_screen():
    # review: "Undo (hold B)" in Cybernaut, "Undo (long B)" in Neo-Hunt and Cybercore;
    # the help's own words are "hold B: Undo/Redo": every screen text says the same
    firmware = os.path.join(HERE, "..", "..", "firmware")
    found = []
    held = 0
    for folder, _, names in os.walk(firmware):
        for name in names:
            if name.endswith(".py"):
                with open(os.path.join(folder, name)) as f:
                    for number, line in enumerate(f, 1):
                        text = line.split("#")[0]
                        if '"Undo (long B)' in text:
                            found.append("%s:%d" % (name, number))
                        held += text.count('"Undo (hold B)')
    assert found == []
    assert held >= 5    # Cybernaut, Neo-Hunt and Cybercore's leave menus and notices


def test_the_cybercore_fights_help_is_the_set_ups_then_the_combats(tmp_path):
    # found by a new user: in combat "Buttons here" listed the set-up's L/R options
    from boards.sim import run_script
    board, app = run_script(str(tmp_path), 3, "D D D D A A U A D A A U A A")
    fight = app.top()
    assert fight.ID == "cc_fight" and fight.s["fight"]["round"] == 0
    assert "L/R set-up options" in fight.help(app)
    for key in ("U", "U", "A", "A"):  # Start fight, OK
        board.press(app, key)
    fight = app.find("cc_fight")
    assert fight.s["fight"]["round"] >= 1, app.surface.lines()
    assert "L/R" not in fight.help(app) and "Attack" in fight.help(app)
