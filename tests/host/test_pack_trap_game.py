"""A Cybernaut game whose pack breaks mid-game, at a private screen (firmware/packtrap.py):
the "Pack problem" notice names the file and the problem, B opens the main menu,
the game is paused in the save (never lost, its secrets kept sealed) and comes
back exactly as it was, behind its owner's gate, once the pack is fixed.
CPython only: a Cybernaut game does not fit the 192K test heap beside the test
(tests/both/test_pack_trap.py does the same with the Neo-Hunt set-up on both
runtimes)."""

from check import read_text, tempdir, write_bytes

from boards.sim import boot
from firmware.ui import TextScreen
from shared_rules.save import decode_save

PAUSED = "The game is paused, not lost: choose it again in the main menu. B: main menu"
SAMPLES = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../../firmware/packs/"


def shown(text):
    """The lines of the notice showing ``text`` (str)."""
    return TextScreen.make("Pack problem", text).s["lines"]


def _mkdir(path):
    import os
    try:
        os.mkdir(path)
    except OSError:
        pass


def _saved(root):
    return decode_save(read_text(root + "/saves/state.sav"), "s")


def _ids(app):
    return [screen.ID for screen in app.stack]


def _broken_mid_game(name):
    """A Cybernaut game on the owner's own game pack, at the NSA's private placement
    screen, whose pack is then broken on a PC and the referee rebooted.
    :returns: (root, board, app, the save written by the press that opened that
    screen, the good pack's text)."""
    root = tempdir(name)
    text = read_text(SAMPLES + "cybernaut-game-sample.json")
    _mkdir(root + "/packs")
    write_bytes(root + "/packs/cybernaut-game.json", text.encode())  # the owner's pack
    board, app = boot(root, 7)
    for key in ("D", "D", "A", "D", "D", "A", "A"):  # Cybernaut, New game, NSA placement
        board.press(app, key)
    assert _ids(app) == ["main", "cn_menu", "cn_game", "handover"]
    # a face-down chit's sealed commitment, as firmware/screens/cybernaut_commit.py makes
    app.commit_secret("cybernaut", "chit test", 3, "NSA")
    app.save()
    write_bytes(root + "/packs/cybernaut-game.json", text.replace('"tables"', '"tablez"', 1).encode())
    board, app = boot(root, 7)  # rebooted mid-game: the pack loads again
    assert _ids(app) == ["main", "cn_menu", "cn_game", "handover"]
    board.press(app, "A")  # "I am NSA": the placement screen needs the pack
    return root, board, app, _saved(root), text


def test_a_broken_pack_pauses_its_game_b_opens_the_main_menu_and_the_fixed_pack_brings_it_back():
    root, board, app, before, text = _broken_mid_game("trap1")
    game = before["screens"][1:]
    assert [item["id"] for item in game] == ["cn_menu", "cn_game", "cn_place"]
    lines = app.surface.lines()
    assert lines[0] == "Pack problem"
    assert app.top().s["lines"] == shown("pack 'packs/cybernaut-game.json': 'tables' must be an "
                                        "object. " + PAUSED)
    assert _ids(app) == ["main", "text"]
    assert app.parked == {"cybernaut": game}
    board.press(app, "B")  # out of the broken game
    assert _ids(app) == ["main"]
    assert app.surface.lines()[0] == "Pocket Referee v"
    saved = _saved(root)
    assert [item["id"] for item in saved["screens"]] == ["main"]
    assert saved["parked"] == {"cybernaut": game}
    board.press(app, "B")
    board.press(app, "B", True)  # long B: the Undo menu, B back
    board.press(app, "B")
    assert _ids(app) == ["main"]
    board, app = boot(root, 7)  # a reboot keeps the main menu and the paused game
    assert _ids(app) == ["main"]
    assert app.parked == {"cybernaut": game}
    assert app.stack[0].s["sel"] == 2  # Cybernaut
    board.press(app, "A")  # still broken: back behind its owner's gate, then
    assert _ids(app) == ["main", "cn_menu", "cn_game", "cn_place", "resume_gate"]
    board.press(app, "A")  # paused again, the notice again
    assert _ids(app) == ["main", "text"]
    assert app.parked == {"cybernaut": game}
    board.press(app, "B")
    write_bytes(root + "/packs/cybernaut-game.json", text.encode())  # fixed on a PC
    board.press(app, "A")  # Cybernaut: the paused game, behind its owner's gate
    assert _ids(app) == ["main", "cn_menu", "cn_game", "cn_place", "resume_gate"]
    assert app.parked is None
    board.press(app, "A")  # "I am NSA"
    assert _ids(app) == ["main", "cn_menu", "cn_game", "cn_place"]
    back = _saved(root)
    assert back["screens"][1:] == game  # exactly as it was
    assert "parked" not in back
    assert app.surface.lines()[0] != "Pack problem"


def test_dice_and_other_games_meanwhile_leave_the_paused_game_and_its_secrets_alone():
    root, board, app, before, text = _broken_mid_game("trap2")
    game = before["screens"][1:]
    sealed = [cid for cid in before["secrets"] if before["secrets"][cid][0] == "cybernaut"]
    assert len(sealed) == 1
    board.press(app, "B")
    assert _ids(app) == ["main"]
    for key in ("U", "U", "A", "A"):  # Dice: a roll
        board.press(app, key)
    assert _ids(app) == ["main", "dice"]
    board.press(app, "B")
    for key in ("D", "D", "D", "D", "A"):  # Cybercore fight, then back
        board.press(app, key)
    assert _ids(app) == ["main", "cc_fight"]
    board.press(app, "B")
    journal = read_text(root + "/journals/s0001.jrn")
    assert '"kind": "reveal_all"' not in journal and '"kind":"reveal_all"' not in journal
    assert '"game": "dice"' in journal or '"game":"dice"' in journal
    saved = _saved(root)
    assert saved["parked"] == {"cybernaut": game}
    assert sorted(cid for cid in saved["secrets"] if saved["secrets"][cid][0] == "cybernaut") \
        == sorted(sealed)
    write_bytes(root + "/packs/cybernaut-game.json", text.encode())  # fixed
    board.press(app, "U")
    board.press(app, "U")  # Cybernaut
    board.press(app, "A")
    board.press(app, "A")  # past the owner's gate
    assert _ids(app) == ["main", "cn_menu", "cn_game", "cn_place"]
    assert _saved(root)["screens"][1:] == game


def test_ending_the_session_is_refused_while_a_paused_game_holds_sealed_secrets():
    # ending it reveals every secret still sealed (Trust): the paused game's would be
    # revealed and gone from it, so it waits until the game is back
    root, board, app, before, text = _broken_mid_game("trap3")
    board.press(app, "B")
    for key in ("D", "D", "D", "A", "D", "A"):  # Session & dice, End session
        board.press(app, key)
    assert _ids(app) == ["main", "session", "end_session"]
    board.press(app, "A")
    assert _ids(app) == ["main", "session", "end_session", "text"]
    assert app.top().s["title"] == "Not allowed"
    assert app.top().s["lines"] == TextScreen.make("", (
        "the cybernaut game is paused for a pack problem and holds sealed secrets: ending the "
        "session would reveal them. Fix its pack and choose it again first (Trust: sealed "
        "secrets)")).s["lines"]
    assert app.session == 1
    journal = read_text(root + "/journals/s0001.jrn")
    assert "seed_reveal" not in journal and "reveal_all" not in journal
    assert _saved(root)["secrets"] == before["secrets"]
    assert _saved(root)["parked"] == {"cybernaut": before["screens"][1:]}
