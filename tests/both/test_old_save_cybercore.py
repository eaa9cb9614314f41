"""A Cybercore fight saved by main 5a14982 resumes as it was, its last roll's result
on screen, undo steps and journal included (issue 18; tests/both/old_saves.py)."""

from old_saves import MICRO, expected, journal_kinds, resume, stack_of, undo_once


def test_a_cybercore_fight_saved_by_main_5a14982_resumes():
    board, app, expect = resume("cybercore")
    assert [s.ID for s in app.stack] == ["main", "cc_fight", "result"]
    assert stack_of(app) == expected(expect["stack"])
    assert app.surface.lines()[:3] == ["Defence", "Ana: Evade", "d20 16+4=20"]
    assert app.source.counter == expect["counter"]
    assert app.undo[2] == expect["undo_pos"]
    kinds = None if MICRO else journal_kinds(app)
    undo_once(board, app, expect)                    # back to Ana's choice of defence
    assert app.top().ID == "cc_defend"
    if not MICRO:
        after = journal_kinds(app)
        assert after[:len(kinds)] == kinds and after[len(kinds):] == ["undo"]
