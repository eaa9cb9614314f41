"""No dead end for a pack problem, and a game keeps the tables it started with
(issue 19 item 5): firmware/packfile.py (KEPT), App._draw, MainMenu.choose."""

import json

from check import read_text, tempdir

from boards.sim import BUILT_PACKS, PACKS, boot
from firmware.storage import Storage

NH = 6  # the main menu's Neo-Hunt game entry (firmware/screens/__init__.py ENTRIES)


def _open_neohunt(board, app):
    for _ in range(NH):
        board.press(app, "D")
    board.press(app, "A")


def _owner_pack(root, placeholder=False):
    """packs/neohunt.json: the sample with its placeholder mark off (told apart on
    the set-up screen, whose first lines say "PLACEHOLDER pack" for the sample)."""
    text = read_text(PACKS + "/neohunt-sample.json") or read_text(BUILT_PACKS + "/neohunt-sample.json")
    pack = json.loads(text)
    pack["placeholder"] = placeholder
    Storage(root).write_atomic("packs/neohunt.json", json.dumps(pack))


def _ids(app):
    return [screen.ID for screen in app.stack]


def test_a_0_byte_pack_names_the_problem_and_b_is_the_main_menu_even_after_a_reboot():
    root = tempdir("zeropack")
    Storage(root).write_atomic("packs/neohunt.json", b"")
    board, app = boot(root, 1)
    _open_neohunt(board, app)
    lines = app.surface.lines()
    assert lines[0] == "Pack problem", lines
    assert "packs/neohunt.json" in " ".join(lines) and "is empty (0 bytes)" in " ".join(lines)
    assert _ids(app) == ["main", "text"]   # the flow closed under the notice
    board, app = boot(root, 1)              # a reboot before any press: no trap either
    assert app.surface.lines()[0] == "Pack problem", app.surface.lines()
    board.press(app, "B")
    assert _ids(app) == ["main"] and app.surface.lines()[0].startswith("Pocket Referee")
    board, app = boot(root, 1)
    assert _ids(app) == ["main"]
    board.press(app, "B")                   # B on the main menu: still the main menu
    assert _ids(app) == ["main"]


def test_a_missing_pack_names_the_file_and_b_is_the_main_menu():
    root = tempdir("misspack")
    board, app = boot(root, 1)
    app.pack_dirs = ()
    board.press(app, "D")
    board.press(app, "D")
    board.press(app, "A")                   # Cybernaut: its pack is nowhere
    assert app.surface.lines()[0] == "Pack problem"
    assert "cybernaut-sample.json" in "".join(app.surface.lines())
    board.press(app, "B")
    assert _ids(app) == ["main"]
    board.press(app, "A")                   # chosen again: the same notice, B again out
    assert _ids(app) == ["main", "text"]
    board.press(app, "B")
    assert _ids(app) == ["main"]


def test_an_owners_pack_removed_mid_game_is_said_once_and_the_game_keeps_its_tables():
    root = tempdir("keptpack")
    _owner_pack(root)
    board, app = boot(root, 1)
    _open_neohunt(board, app)
    assert app.top().ID == "nh_setup"
    assert "PLACEHOLDER pack" not in app.surface.lines()   # the owner's pack
    assert Storage(root).exists("packs.kept/neohunt-sample.json")
    Storage(root).remove("packs/neohunt.json")             # removed on a PC mid-game
    board, app = boot(root, 1)
    lines = app.surface.lines()
    assert lines[0] == "Pack changed", lines
    assert "packs/neohunt.json is gone" in " ".join(lines).replace("/ ", "/")
    assert "the game open now (in play or being set up) keeps the tables it opened with" \
        in " ".join(app.stack[-1].s["lines"])
    board.press(app, "B")
    assert app.top().ID == "nh_setup"
    assert "PLACEHOLDER pack" not in app.surface.lines()   # not the sample
    assert app.packs["neohunt-sample"].placeholder is False
    board, app = boot(root, 1)                              # said once only
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" not in app.surface.lines()
    # the next game, opened from the main menu, takes the files as they are: the sample
    board.press(app, "B")
    while app.top().ID != "main":
        board.press(app, "B")
        assert len(app.stack) < 4
    board.press(app, "A")
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" in app.surface.lines()


def test_an_owners_pack_broken_or_added_mid_game_changes_nothing_in_it():
    root = tempdir("keptadd")
    board, app = boot(root, 1)
    _open_neohunt(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines()       # started with the sample
    _owner_pack(root)                                       # an owner's pack added
    board, app = boot(root, 1)
    assert app.surface.lines()[0] == "Pack changed"
    assert "packs/neohunt.json was added" in " ".join(app.surface.lines()).replace("/ ", "/")
    board.press(app, "A")
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" in app.surface.lines()
    Storage(root).write_atomic("packs/neohunt.json", b"{broken")   # then broken: no matter
    board, app = boot(root, 1)
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" in app.surface.lines()


def _damaged_copy(name):
    """A game started with the owner's pack, then its copy in packs.kept/ cut short."""
    root = tempdir(name)
    _owner_pack(root)
    board, app = boot(root, 1)
    _open_neohunt(board, app)
    assert app.top().ID == "nh_setup"
    store = Storage(root)
    data = store.read("packs.kept/neohunt-sample.json")
    store.write_atomic("packs.kept/neohunt-sample.json", data[:100])
    return root, store


def _said(app):
    return " ".join(app.surface.lines()).replace("/ ", "/").replace("- ", "-")


def test_a_damaged_kept_copy_is_named_and_the_owners_unchanged_pack_takes_its_place():
    """The copy a game keeps of the owner's pack damaged (found by review: the game
    was dropped under "Pack changed" and a message naming the owner's good file):
    the copy and its problem are named, the game goes on with the owner's file, the
    same bytes it started with, and the copy is made again; nothing is lost."""
    root, store = _damaged_copy("keptdamaged")
    board, app = boot(root, 1)
    assert _ids(app) == ["main", "nh_setup", "text"]
    said = _said(app)
    assert app.surface.lines()[0] == "Kept pack damaged", said
    # the whole notice (it scrolls above its "A: OK" row)
    said = " ".join(app.top().s["lines"]).replace("/ ", "/").replace("- ", "-")
    assert "packs.kept/neohunt-sample.json (this game's copy of packs/neohunt.json) was" in said
    assert "damaged: not valid JSON" in said and "Pack changed" not in said
    text = " ".join(app.top().s["lines"]) if "lines" in app.top().s else said
    board.press(app, "B")
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" not in app.surface.lines()
    assert app.packs["neohunt-sample"].placeholder is False
    assert store.read("packs.kept/neohunt-sample.json") == store.read("packs/neohunt.json")
    board, app = boot(root, 1)  # repaired: said once
    assert _ids(app) == ["main", "nh_setup"], text


def test_a_damaged_kept_copy_with_the_owners_pack_changed_says_its_tables_may_differ():
    root, store = _damaged_copy("keptdamaged2")
    _owner_pack(root, placeholder=True)  # the owner's file changed since the game started
    board, app = boot(root, 1)
    said = _said(app)
    assert _ids(app) == ["main", "nh_setup", "text"], said
    assert "changed since the game started: its tables may differ" in said.replace("  ", " ") \
        or "changed since" in " ".join(app.top().s.get("lines", [])), said


def test_a_damaged_kept_copy_with_the_owners_pack_gone_names_both():
    root, store = _damaged_copy("keptdamaged3")
    store.remove("packs/neohunt.json")
    board, app = boot(root, 1)
    said = _said(app)
    assert app.surface.lines()[0] == "Pack problem", said
    assert "packs.kept/neohunt-sample.json (this game's copy of packs/neohunt.json) is" in said
    assert "damaged" in said
    board.press(app, "B")
    assert _ids(app) == ["main"]
