"""Odds on the screens and the result screen (issue 19 items 3 and 4), through the
simulator board on both runtimes: public screens show odds from public values
only (checked differentially: two hidden values, the same public frames), the
GM's private screen shows the odds against the hidden AN, and each result opens
its own screen until A."""

from check import read_text, tempdir

from boards.sim import boot
from firmware.buttons import A, B
from firmware.games.cybercore.armour import ArmourScreen
from firmware.screens.prompt import SecretNumber
from firmware.screens.result import ResultScreen


def _settle(board, app, ms=60):
    board.hold(app, ms)
    return app.surface.lines()


def keys(board, app, text):
    for name in text.split():
        board.press(app, name)
    return app.surface.lines()


def armour_with_an(an, tag):
    """An armour check whose AN the GM set to ``an`` through the GM prompt (AF +5)."""
    root = tempdir(tag)
    board, app = boot(root, 5)
    app.push(ArmourScreen())
    app.push(SecretNumber.make(app, "GM", "AN", "an", an, 0, 60))
    keys(board, app, "A A")    # "I am GM", keep hidden
    assert app.top().ID == "cc_armour" and app.top().s["an"]
    app.root = root
    return board, app


def test_public_armour_screen_shows_no_odds_from_the_hidden_an():
    frames = []
    for an in (12, 17):
        board, app = armour_with_an(an, "odds_pub%d" % an)
        seen = []
        for name in ("D", "D", "D", "D", "D", "U", "U", "U", "U", "U"):
            seen.append(keys(board, app, name))
        # "GM: odds" opens "Hand to GM": nothing of the AN yet
        keys(board, app, "D D D D D")
        seen.append(keys(board, app, "A"))
        assert seen[-1][0] == "Hand to GM"
        frames.append(seen)
    assert frames[0] == frames[1]   # the same frames whatever the hidden AN
    assert "%" not in " ".join(" ".join(f) for f in frames[0][:-1])


def test_gm_odds_are_against_the_hidden_an_and_only_while_a_is_held():
    board, app = armour_with_an(15, "odds_gm")
    keys(board, app, "D D D D D")
    lines = keys(board, app, "A")
    assert lines[0] == "Hand to GM" and "%" not in " ".join(lines)
    lines = keys(board, app, "A")            # I am GM
    assert lines[0] == "GM only" and "%" not in " ".join(lines)
    board.levels[A] = True
    lines = _settle(board, app, 100)
    # d20 + 5 against AN 15 (margin = face - 10): 16-20 resistance, 11-15 taken well,
    # 1-10 failed (10 is a tie)
    assert lines[0] == "Odds AF+5"
    assert lines[1:6] == ["Absorbed 0%", "Hardened 0%", "Resistance 25%", "Taken well 25%",
                          "Failed 50%"]
    board.levels[A] = False
    lines = _settle(board, app, 100)
    assert "%" not in " ".join(lines)
    assert "Resistance" not in read_text(app.root + "/saves/state.sav")  # sealed in the save
    lines = keys(board, app, "B")
    assert lines[0] == "Done" and "%" not in " ".join(lines)
    # another AN, another reading for the GM: AN 0 with AF +5 -> margin face + 5
    board, app = armour_with_an(0, "odds_gm0")
    keys(board, app, "D D D D D A A")
    board.levels[A] = True
    lines = _settle(board, app, 100)
    # >15: faces 11-20; >10: 6-10; >5: 1-5 (margin 6..10); never taken well or failed
    assert lines[1:6] == ["Absorbed 50%", "Hardened 25%", "Resistance 25%", "Taken well 0%",
                          "Failed 0%"]
    board.levels[A] = False
    _settle(board, app, 100)


def test_gm_odds_without_an_say_so():
    board, app = boot(tempdir("odds_noan"), 5)
    app.push(ArmourScreen())
    lines = keys(board, app, "D D D D D A")
    assert lines[0] == "Armour check" and "GM has not set" in " ".join(lines)


def test_armour_result_has_its_own_screen_until_a():
    board, app = armour_with_an(15, "odds_res")
    keys(board, app, "D D D D")
    lines = keys(board, app, "A")
    face = app.journal.recent[-1]["out"]["d20"]
    assert lines[0] == "Armour result" and lines[1] == "d20 %d+5 = %d" % (face, face + 5)
    assert lines[7] == "A: OK"
    band = app.journal.recent[-1]["out"]["band"]
    from shared_rules.cybercore.rules import BANDS
    assert lines[2].startswith(BANDS[band])
    assert "15" not in " ".join(lines[1:])  # the AN is never on it
    lines = keys(board, app, "B")            # the roll stands: B does not go back
    assert app.top().ID == "result" and lines[7] == "Done: press A"
    lines = keys(board, app, "A")
    assert app.top().ID == "cc_armour"


def test_result_screen_scrolls_and_keeps_its_lines_whole():
    board, app = boot(tempdir("odds_scroll"), 5)
    app.push(ResultScreen.make("Many", ["line %d" % i for i in range(9)] +
                               ["a long line that wraps at spaces"]))
    lines = _settle(board, app)
    assert lines[0] == "Many" and lines[1] == "line 0" and lines[7] == "A: OK  U/D more"
    for _ in range(12):
        lines = keys(board, app, "D")
    # 11 lines (the long one wrapped at a space), 6 rows: the last six at the end
    assert lines[1:7] == ["line 5", "line 6", "line 7", "line 8", "a long line that",
                          "wraps at spaces"]
    assert lines[7] == "A: OK  U more"  # the last page: only up is left (found by review)
    lines = keys(board, app, "U")
    assert lines[1] == "line 4" and lines[7] == "A: OK  U/D more"
    # a long press: a page (6 rows) at a time, never past an end (found by review)
    board.press(app, "U", True)
    assert app.surface.lines()[1] == "line 0"
    board.press(app, "D", True)
    board.press(app, "D", True)
    lines = app.surface.lines()
    assert lines[1] == "line 5" and lines[7] == "A: OK  U more"
    board.press(app, "U", True)
    assert app.surface.lines()[1] == "line 0"
    keys(board, app, "A")
    assert app.top().ID != "result"


def test_gm_numbers_give_each_players_odds_against_the_hidden_numbers():
    from firmware.games.cybercore.fight import gm_numbers
    from shared_rules.cybercore.fight import Fight, new_combatant
    fight = Fight()
    ana = new_combatant("Ana", "pc")          # Rank 1, bonus 0, AF 4, DF 4
    bo = new_combatant("Bo", "pc")
    crab = new_combatant("Crab", "foe")       # AN 12, Defense 40
    for c in (ana, bo, crab):
        fight.add(c)
    # H: d100 + 5 over 40 -> 36..100 = 65%; A, D: d20 + 4 over 12 -> 9..20 = 60%
    lines = gm_numbers(fight)
    assert lines[1] == "AN12 DC12 Def40"
    assert lines[2:4] == ["Ana H65 A60 D60", "Bo H65 A60 D60"]
    assert lines[4:] == ["H: she hits it", "A, D: her Armour", "or Dodge beats", "its AN (d20)",
                         "(all in percent)"]
    # Rank 2 and +10 against Defense 30: 11..100 = 90%; AF 6 over AN 22: 17..20 = 20%;
    # DF 4: 19..20 = 10%; a dead player has no line
    ana.update({"rank": 2, "bonus": 10, "af": 6})
    crab.update({"an": 22, "defense": 30})
    bo["dead"] = True
    lines = gm_numbers(fight)
    assert lines[1:3] == ["AN22 DC12 Def30", "Ana H90 A20 D10"] and len(lines) == 8
    # a tie fails: AF 2 against AN 22 can never be beaten; Defense 120 is out of reach
    ana.update({"af": 2, "rank": 0, "bonus": 0})
    crab.update({"defense": 120})
    assert gm_numbers(fight)[2] == "Ana H0 A0 D10"
