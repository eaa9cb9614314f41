"""The build step that respells module-local names (host/referee/shrink.py)."""

from referee import shrink

GAME = '''"""A game."""

RULE_X = "Game 1.2"


def _total_of(points, bonus):
    """Sum of ``points`` plus ``bonus`` (the word _hidden here is a docstring)."""
    return sum(points) + bonus


def score(state):
    helper = getattr(state, "by_name")
    return _total_of(state.points, 2) + helper()


class Board:
    def _private_method(self):
        return self.cells
'''

SCREEN = '''from game import score


def draw(state):
    return "score %d" % score(state)
'''


def test_module_local_names_share_short_spellings_and_the_rest_keeps_its_own():
    renames = shrink.rename_map({"game.py": GAME, "screen.py": SCREEN}, [], ("game", "screen"))
    game = renames["game.py"]
    # defined and used in game.py only: respelled
    assert set(game) == {"RULE_X", "_total_of", "bonus", "helper", "self", "Board"}
    assert len(set(game.values())) == 6
    assert all(new.startswith("_") and len(new) == 2 for new in game.values())
    # used by another module, attributes, class bodies, string-named, too short: kept
    for kept in ("score", "state", "points", "_private_method", "cells", "by_name"):
        assert kept not in game
    # the same short spellings serve every module
    assert set(renames["screen.py"].values()) <= set(game.values()) | {"_a"}


def test_names_used_by_tests_tools_or_scripts_keep_their_spelling():
    others = ["from game import _total_of\n", 'run("helper(1)")\n']
    game = shrink.rename_map({"game.py": GAME}, others, ("game",))["game.py"]
    assert "_total_of" not in game and "helper" not in game
    assert "RULE_X" in game


def test_rewrite_keeps_every_line_in_place_and_the_code_working():
    mapping = shrink.rename_map({"game.py": GAME}, ["score"], ("game",))["game.py"]
    text = shrink.rewrite(GAME, mapping)
    assert text.count("\n") == GAME.count("\n")
    assert "_total_of" not in text.split('"""')[-1] and "RULE_X" not in text
    scope = {}
    exec(compile(text, "game.py", "exec"), scope)

    class State:
        points = [1, 2]

        def by_name(self):
            return 10

    assert scope["score"](State()) == 15
