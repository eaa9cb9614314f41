"""The screen walk (issue 19): every frame the bench's random walk and the scripted
flows show, on both runtimes, has no text clipped at the right edge or the bottom,
no scroll mark touching text, and no line wrapped inside a word or a name with a
number. The checker reads the Surface's record of its text calls (screen_walk.py),
and is itself checked first on frames known to be wrong."""

import sys

from check import tempdir
from screen_walk import Walker, frame_problems, help_names, press_keys, report, wrap_problems

from boards.sim import boot
from firmware.surface import NB
from firmware.ui import wrap



def _host_path():
    """tests/host (for scripts.py), from tests/both's place on sys.path."""
    for path in sys.path:
        if path.endswith("/both") or path == "both":
            return path[:-4] + "host"
    return (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../host"




def test_the_checker_finds_clipped_text_touching_marks_and_bad_wraps():
    # 21 columns: "abcdefgh" at col 14 ends in col 21, one past the last
    assert frame_problems([(0, 13, "abcdefgh", "text")], "t") == []
    assert frame_problems([(0, 14, "abcdefgh", "text")], "t") == [
        "t: 'abcdefgh' clipped: col 14 + 8 cells > 21"]
    # trailing spaces are no text; a row past the last is off the screen
    assert frame_problems([(3, 0, "x" * 21 + "   ", "text")], "t") == []
    assert frame_problems([(8, 0, "x", "text")], "t") == ["t: 'x' drawn off the screen at row 8 col 0"]
    # a mark needs a blank cell between it and text
    assert frame_problems([(0, 0, "Pocket Referee", "text"), (0, 20, "v", "mark")], "t") == []
    assert frame_problems([(0, 0, "x" * 19, "text"), (0, 20, "v", "mark")], "t") == []
    assert frame_problems([(0, 0, "x" * 20, "text"), (0, 20, "v", "mark")], "t") == [
        "t: scroll mark 'v' at row 0 col 20 touches text"]
    assert frame_problems([(0, 0, "x" * 18, "text"), (0, 19, "^", "mark"), (0, 20, "v", "mark")], "t") == []
    assert frame_problems([(0, 0, "x" * 19, "text"), (0, 19, "^", "mark"), (0, 20, "v", "mark")], "t") == [
        "t: scroll mark '^' at row 0 col 19 touches text"]
    # wraps: inside a word, and a name with its number split over two lines
    assert wrap_problems(("ab cdefgh", 4, ["ab c", "defg", "h"])) == [
        "wrap 'ab cdefgh': broken inside a word after 'ab c'",
        "wrap 'ab cdefgh': broken inside a word after 'defg'"]
    assert wrap_problems(("Starts: P1 S1, P2 S3, P3 S5", 16, ["Starts: P1 S1,", "P2 S3, P3", "S5"])) == [
        "wrap 'Starts: P1 S1, P2 S3, P3 S5': 'P3' / 'S5' broken across lines"]
    assert wrap_problems(("P2 at P4 vis: d6 1 need 4 MISS", 10, ["P2 at P4", "vis: d6", "1 need 4", "MISS"])) == [
        "wrap 'P2 at P4 vis: d6 1 need 4 MISS': 'd6' / '1' broken across lines"]
    assert wrap_problems(("P2 at P4 vis: d6 1 need 4 MISS", 12, ["P2 at P4", "vis: d6 1", "need 4 MISS"])) == []
    assert wrap_problems(("packs/cybernaut.json", 16, ["packs/", "cybernaut.json"])) == []


def test_wrap_keeps_a_name_and_its_number_together():
    text = "Starts: P1%sS1, P2%sS3, P3%sS5" % (NB, NB, NB)
    assert wrap(text, 16) == ["Starts: P1 S1,", "P2 S3, P3 S5"]
    assert wrap(text, 13) == ["Starts:", "P1 S1, P2 S3,", "P3 S5"]
    assert wrap_problems((text, 13, wrap(text, 13))) == []
    # a group longer than a line breaks at its NB, not inside a word
    assert wrap("aaaa%sbbbb%scccc" % (NB, NB), 10) == ["aaaa bbbb", "cccc"]


def test_the_help_words_name_the_buttons():
    assert help_names("Up/Down choose\n(hold: 5 at a time)\nA roll\nB back") == {
        ("U", False), ("D", False), ("A", False), ("B", False)}
    assert help_names("Arrows move cursor\nL/R hold: next grid\nhold B: turn track\nA or B back") == {
        ("U", False), ("D", False), ("L", False), ("R", False), ("L", True), ("R", True),
        ("B", True), ("A", False), ("B", False)}


def walk(seed, drive):
    board, app = boot(tempdir("walk"), seed)
    walker = Walker(board, app)
    try:
        drive(board, app, walker)
    finally:
        problems = walker.close()
        app.home()
        app.forget_games()  # the next test gets the heap back (MicroPython)
    assert walker.frames > 0
    return problems, walker


def test_the_scripted_flows_show_no_clipped_text():
    if _host_path() not in sys.path:
        sys.path.append(_host_path())
    import scripts  # tests/host/scripts.py: dice, shot, interaction, armour, salt, end

    def drive(board, app, walker):
        for label, keys in [scripts.SALT] + scripts.GAME + [scripts.END]:
            press_keys(walker, scripts.open_entry(app, label) + " " + keys)
    problems, walker = walk(7, drive)
    assert problems == [], report(problems)
    for screen in ("dice", "nh_shot", "cn_inter", "cc_armour", "salt", "end_session"):
        assert screen in walker.screens, sorted(walker.screens)


def test_the_cybercore_fight_shows_no_clipped_text():
    import cc_script
    problems, walker = walk(cc_script.SEED, lambda board, app, w: cc_script.press_all(board, app, cc_script.FIGHT))
    assert problems == [], report(problems)
    for screen in ("cc_pc", "cc_foe", "cc_fight", "cc_target", "cc_defend"):
        assert screen in walker.screens, sorted(walker.screens)


def test_the_pin_reset_and_the_named_dice_list_show_no_clipped_text():
    """Issue 19's Neo-Hunt part: the forgotten-PIN way out (on a Spot! result
    waiting for P3) and the Dice screen's named list of the last rolls."""
    from firmware.games.neohunt.private import NhSpot

    def drive(board, app, walker):
        app.set_pin("P3", "UD")
        app.push(NhSpot.make(app, "P3", "Spot!", "P1's top card: S4"))
        press_keys(walker, "U A U U A A:long B A:long A A B")
        app.home()
        press_keys(walker, "A A D A D A D A R")
    problems, walker = walk(7, drive)
    assert problems == [], report(problems)
    for screen in ("nh_spot", "pin_reset", "dice", "text"):
        assert screen in walker.screens, sorted(walker.screens)
