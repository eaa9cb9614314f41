"""The main menu opening again the one game played since boot keeps its modules
(issue 21: dropping and importing them again was 50-60 ms of a Pico's press), yet
reveals what the game left sealed, as any open from the main menu does; any other
flow drops them (firmware/screens/main.py MainMenu.choose)."""

import sys

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/both")

from cc_script import SEED, SETUP, play, press_all, tmp_root  # noqa: E402

# the prefixes of the main menu's drop of a game's modules (firmware/memory.py's
# tuple: not imported here, so that the build may respell its name)
GAMES = "firmware.games."


def _recording(app):
    """The main menu's drops of a game's modules (every game's prefix) from now on,
    as the word "all"; what a game drops of its own (its editors, its pack checks:
    named modules) is not listed."""
    dropped = []
    app.forget = lambda prefixes, keep, *collect: (GAMES in prefixes and dropped.append("all")) or []
    return dropped


def test_the_fight_opened_again_keeps_its_modules_and_reveals_the_gm_s_numbers():
    board, app = play(tmp_root("ccreopen"), SEED, SETUP + " U A D A A")  # the fight ended
    assert app.top().ID == "main" and app.played == ["cybercore"] and len(app.secrets) == 2
    dropped = _recording(app)
    press_all(board, app, "A")                          # Cybercore fight again (the cursor stayed)
    assert app.top().ID == "cc_fight" and dropped == []
    assert app.secrets == {}                             # both revealed, as before
    kinds = [line for line in app.storage.read(app.journal_name()).decode().splitlines()
             if '"reveal_all"' in line]
    assert len(kinds) == 1


def test_another_flow_or_game_drops_the_modules():
    board, app = play(tmp_root("ccreopen2"), SEED, "D D D A B")  # Cybercore AF, back
    assert app.top().ID == "main" and app.played == ["cybercore"]
    dropped = _recording(app)
    press_all(board, app, "U U U A")                     # Dice: a flow of no game
    assert app.top().ID == "dice" and dropped == ["all"]
    press_all(board, app, "B D D D A")                   # Cybercore AF: the game again
    assert app.top().ID == "cc_armour" and dropped == ["all"]
    app.restart = None                                   # (no restart on this board)
    press_all(board, app, "B D D D A")                   # Neo-Hunt game: another game
    assert app.top().ID == "nh_setup" and dropped == ["all", "all"]
    assert app.played == ["cybercore", "neohunt"]
    press_all(board, app, "B U U U A")                   # Cybercore AF: not the only one
    assert app.top().ID == "cc_armour" and dropped == ["all", "all", "all"]


def test_with_the_code_in_the_heap_the_game_opened_again_drops_its_modules(monkeypatch):
    # the stock firmware's .mpy files take the heap: less than a whole heap free after
    # a collection (188416 bytes, firmware/app.py's) and the modules go as before
    # (kept there, a Cybernaut game ran out of memory in a 224K heap: make bench)
    import gc
    board, app = play(tmp_root("ccreopen3"), SEED, "D D D A B")  # Cybercore AF, back
    dropped = _recording(app)
    for free, want in ((188415, ["all"]), (188416, []), (0, ["all"])):
        monkeypatch.setattr(gc, "mem_free", lambda: free, raising=False)
        press_all(board, app, "A")                       # Cybercore AF again
        assert app.top().ID == "cc_armour" and dropped == want, free
        press_all(board, app, "B")
        del dropped[:]


def test_a_neo_hunt_game_opened_again_deals_from_the_pack_as_it_is_now(tmp_path):
    # found by review: opened again with its modules kept, a game was dealt from the
    # pack read before (its checked section cached), though the owner's pack had
    # changed since; "the next game takes the pack files as they are"
    import json
    from boards.sim import BUILT_PACKS, PACKS, boot
    from firmware.storage import Storage
    root = str(tmp_path / "d")
    board, app = boot(root, 1)
    # a board that lets go of modules, as a device (not really here: dropping this
    # process's modules would leave the other tests' classes stale)
    app.forget = lambda prefixes, keep, *collect: []
    press_all(board, app, "D D D D D D A D D D D D A A A")  # Neo-Hunt game: Start, P1
    assert app.surface.lines()[3] == "Varan Moth"        # the sample pack's
    press_all(board, app, "A A B D A A A")               # placed, handed back, abandoned
    assert [screen.ID for screen in app.stack] == ["main"]
    for folder in (PACKS, BUILT_PACKS):
        try:
            with open(folder + "/neohunt-sample.json") as handle:
                pack = json.load(handle)
            break
        except OSError:
            continue
    pack["placeholder"] = False
    for varan in pack["neohunt"]["varans"]:
        varan["name"] = "NEW" + varan["name"][:3]
    Storage(root).write_atomic("packs/neohunt.json", json.dumps(pack))
    press_all(board, app, "A D D D D D A A A")           # the game again, Start, P1
    assert app.surface.lines()[3].startswith("Varan NEW"), app.surface.lines()
