"""Cybernaut's rules load part by part (shared_rules.cybernaut.net.PARTS, issue 7):
a new game needs no part, a setup rule loads the setup part only, and every part's
methods are the Game class's own once loaded. Checked on a fresh import of the
module (its parts' state is per process)."""

import sys

import pytest
from cyb_helpers import LAYOUT, small_pack

NET = "shared_rules.cybernaut.net"


@pytest.fixture
def fresh():
    """shared_rules.cybernaut.net imported afresh (no part loaded), and the modules
    as they were put back afterwards."""
    import shared_rules
    from shared_rules.cybernaut import net as cybernaut_net
    names = [NET] + [module_name for module_name, _ in cybernaut_net.PARTS]
    old_modules = dict((name, sys.modules.pop(name, None)) for name in names)
    old_attrs = dict((name, getattr(shared_rules, name.split(".")[1], None)) for name in names)
    try:
        yield __import__(NET, None, None, ["Game"])
    finally:
        for name in names:
            if old_modules[name] is not None:
                sys.modules[name] = old_modules[name]
            else:
                sys.modules.pop(name, None)
            if old_attrs[name] is not None:
                setattr(shared_rules, name.split(".")[1], old_attrs[name])


def test_a_new_game_loads_only_the_parts_it_uses(fresh):
    for module_name, class_name in fresh.PARTS[1:]:
        assert module_name not in sys.modules, module_name
    own = set(key for key in fresh.Game.__dict__ if not key.startswith("__"))
    game = fresh.Game(small_pack())
    assert [bool(part) for part in fresh._loaded] == [False, False, False, False]  # a new game needs no part yet
    game.setup_place("x1", LAYOUT[0])  # a setup rule: the setup part only
    assert [bool(part) for part in fresh._loaded] == [True, False, False, False]
    assert "shared_rules.cybernaut.world" not in sys.modules
    setup = sys.modules["shared_rules.cybernaut.setup"].SetupPart
    for key in setup.__dict__:
        if not key.startswith("__"):
            assert key not in own, key  # no part hides a method of Game's own
            assert fresh.Game.__dict__[key] is setup.__dict__[key], key
    exc = pytest.raises(AttributeError, getattr, game, "no_such_rule")
    assert "no_such_rule" in str(exc.value)  # no part names it: none loaded for it
    assert not hasattr(game, "no_such_rule")
    assert [bool(part) for part in fresh._loaded] == [True, False, False, False]
    for index in range(4):
        fresh.load_part(index)
    assert [bool(part) for part in fresh._loaded] == [True, True, True, True]
    fresh.load_part(1)  # loaded already: nothing happens
    assert [bool(part) for part in fresh._loaded] == [True, True, True, True]
    for module_name, class_name in fresh.PARTS:  # no part hides a method of Game's own
        part = getattr(sys.modules[module_name], class_name)
        assert not [key for key in part.__dict__ if key in own and not key.startswith("__")]


def test_a_part_never_replaces_a_method_of_game_itself(fresh):
    # were a part to define a name Game defines too, Game's own wins, as it did
    # when the parts were Game's base classes
    own_track = fresh.Game.__dict__["track"]
    setup = __import__("shared_rules.cybernaut.setup", None, None, ["SetupPart"]).SetupPart
    setup.track = lambda self: "the part's"
    fresh.load_part(0)
    assert fresh.Game.__dict__["track"] is own_track
    assert "setup_place" in fresh.Game.__dict__


def test_the_track_screen_s_ss_max_needs_no_part(fresh):
    # the track screen (cybernaut_picks.TrackScreen) draws the SS Max at every frame:
    # with a part to load for it, it failed at every redraw once a game's heap was full
    game = fresh.Game(small_pack())
    assert game.ss_max() is None  # COMSAT still in cyberspace (Cybernaut II.A.7)
    assert [bool(part) for part in fresh._loaded] == [False, False, False, False]


def test_each_parts_names_are_its_own_methods(fresh):
    # PART_NAMES says which part a method is in (a method loads its own part only)
    for index, (module_name, class_name) in enumerate(fresh.PARTS):
        part = getattr(__import__(module_name, None, None, [class_name]), class_name)
        own = set(key for key in part.__dict__ if not key.startswith("__"))
        assert set(fresh.PART_NAMES[index].split()) == own, module_name
        assert fresh.PART_NAMES[index].startswith(" ") and fresh.PART_NAMES[index].endswith(" ")


def test_a_rule_loads_only_its_own_part(fresh):
    game = fresh.Game(small_pack())
    assert game.regenerable() == []  # a run rule (VII.H.4): nothing to regenerate yet
    assert [bool(part) for part in fresh._loaded] == [False, False, True, False]
    assert "setup_place" not in fresh.Game.__dict__


def test_parts_unloaded_come_back_when_next_used(fresh):
    # memory pressure (issue 17): firmware/games/cybernaut/shared.py shed
    game = fresh.Game(small_pack())
    game.setup_place("x1", LAYOUT[0])
    assert game.regenerable() == []
    own = set(key for key in fresh.Game.__dict__)
    assert "setup_place" in own and "regenerate" in own
    names = fresh.unload_parts()
    assert names == ["shared_rules.cybernaut.setup", "shared_rules.cybernaut.run"]
    assert [bool(part) for part in fresh._loaded] == [False, False, False, False]
    for name in ("setup_place", "setup_todo", "regenerate", "regenerable", "_run"):
        assert name not in fresh.Game.__dict__, name
    assert "nsa_chit" in fresh.Game.__dict__ and "track" in fresh.Game.__dict__  # Game's own stay
    assert fresh.unload_parts() == []  # nothing loaded: nothing to do
    game.setup_unplace("x1")  # the setup part again, alone
    assert [bool(part) for part in fresh._loaded] == [True, False, False, False]
    assert game.s["nsa"][0]["at"] is None
