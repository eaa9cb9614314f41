"""A Neo-Hunt game saved by main 5a14982 with a private screen open (sealed in the
save) resumes behind "Hand to <owner>", as it was (issue 18; tests/both/old_saves.py)."""

from old_saves import FIXTURES, MICRO, expected, journal_kinds, resume, stack_of, undo_once


def test_a_neohunt_game_saved_with_a_sealed_private_screen_resumes_behind_its_owner():
    with open(FIXTURES + "/neohunt/saves/state.sav") as handle:
        saved = handle.read()
    assert '"id": "nh_place", "state": {"_sealed": "' in saved   # P3's move, sealed
    assert '"P3 only"' not in saved and '"_owner"' not in saved
    board, app, expect = resume("neohunt")
    assert app.top().ID == "resume_gate"
    assert app.surface.lines()[0] == "Hand to P3"
    board.press(app, "A")
    assert app.top().ID == "nh_place" and app.surface.lines()[0] == "P3 only"
    assert stack_of(app) == expected(expect["stack"])
    assert app.source.counter == expect["counter"]
    assert app.undo[2] == expect["undo_pos"]
    kinds = None if MICRO else journal_kinds(app)
    undo_once(board, app, expect)
    if not MICRO:
        after = journal_kinds(app)
        assert after[:len(kinds)] == kinds and after[len(kinds):] == ["undo"]
