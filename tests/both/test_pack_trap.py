"""A game whose pack breaks mid-game (firmware/packtrap.py, firmware/packfile.py):
the "Pack problem" notice names the file and the problem, B opens the main menu,
the game is paused in the save (never lost, its secrets kept sealed) and comes
back exactly as it was once the pack is fixed; an owner's pack that is gone is
not replaced by the sample without a word. Both runtimes: the Neo-Hunt set-up
(its screen draws from the pack) and Cybernaut's rolls menu; a whole Cybernaut
game at a private screen is tests/host/test_pack_trap_game.py (CPython: it does
not fit the 192K test heap beside the test)."""

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


def _broken_set_up(name):
    """The Neo-Hunt set-up on the owner's own pack, changed by the players, with a
    sealed Neo-Hunt secret; then the pack is broken on a PC and the referee rebooted.
    :returns: (root, board, app, the save before the reboot, the good pack's text)."""
    root = tempdir(name)
    text = read_text(SAMPLES + "neohunt-sample.json")
    _mkdir(root + "/packs")
    write_bytes(root + "/packs/neohunt.json", text.encode())  # the owner's pack
    board, app = boot(root, 7)
    for key in ("U", "A", "R", "D", "R", "R", "D", "D", "A"):  # Neo-Hunt game: 5 players,
        board.press(app, key)                               # 14 troopers, discard on
    assert _ids(app) == ["main", "nh_setup"]
    app.commit_secret("neohunt", "start of P1", 3, "P1")  # as neohunt_turns does
    app.save()
    before = _saved(root)
    assert before["screens"][1] == {"id": "nh_setup", "state": {
        "sel": 3, "players": 5, "deck": 14, "enter": False, "discard": True, "hand_big": 9}}
    write_bytes(root + "/packs/neohunt.json", text.replace('"tables"', '"tablez"', 1).encode())
    board, app = boot(root, 7)  # rebooted: the set-up draws from the pack, now broken
    return root, board, app, before, text


def test_a_broken_pack_pauses_its_game_b_opens_the_main_menu_and_the_fixed_pack_brings_it_back():
    root, board, app, before, text = _broken_set_up("trap1")
    game = before["screens"][1:]
    assert _ids(app) == ["main", "text"]
    assert app.surface.lines()[0] == "Pack problem"
    assert app.top().s["lines"] == shown("pack 'packs/neohunt.json': 'tables' must be an "
                                         "object. " + PAUSED)
    assert app.parked == {"neohunt": game}
    board.press(app, "B")  # out of the broken game
    assert _ids(app) == ["main"]
    assert app.surface.lines()[0].startswith("Pocket Referee")
    saved = _saved(root)
    assert [item["id"] for item in saved["screens"]] == ["main"]
    assert saved["parked"] == {"neohunt": game}
    board.press(app, "B")
    board.press(app, "B", True)  # long B: the Undo menu, B back
    board.press(app, "B")
    assert _ids(app) == ["main"]
    board, app = boot(root, 7)  # a reboot keeps the main menu and the paused game
    assert _ids(app) == ["main"]
    assert app.parked == {"neohunt": game}
    assert app.stack[0].s["sel"] == 6  # Neo-Hunt game
    board.press(app, "A")  # still broken: paused again, the notice again
    assert _ids(app) == ["main", "text"]
    assert app.parked == {"neohunt": game}
    board.press(app, "B")
    write_bytes(root + "/packs/neohunt.json", text.encode())  # fixed on a PC
    board.press(app, "A")  # Neo-Hunt game: the paused game
    assert _ids(app) == ["main", "nh_setup"]
    assert app.parked is None
    assert app.surface.lines()[0] == "Neo-Hunt set-up"
    assert app.surface.lines()[1:4] == [" Players 5", " Troopers 14", " Board random"]
    back = _saved(root)
    assert back["screens"][1:] == game  # exactly as it was
    assert "parked" not in back
    assert back["secrets"] == before["secrets"]


def test_dice_and_other_games_meanwhile_leave_the_paused_game_and_its_secrets_alone():
    root, board, app, before, text = _broken_set_up("trap2")
    game = before["screens"][1:]
    assert [cid for cid in before["secrets"]] == list(app.secrets)
    assert len(app.secrets) == 1
    board.press(app, "B")
    assert _ids(app) == ["main"]
    for key in ("D", "A", "A"):  # Dice (from Neo-Hunt game, wrapping): a roll
        board.press(app, key)
    assert _ids(app) == ["main", "dice"]
    board.press(app, "B")
    for key in ("D", "D", "D", "D", "A"):  # Cybercore fight, then back
        board.press(app, key)
    assert _ids(app) == ["main", "cc_fight"]
    board.press(app, "B")
    assert _ids(app) == ["main"]
    journal = read_text(root + "/journals/s0001.jrn")
    assert "reveal_all" not in journal and '"reveal"' not in journal  # still sealed
    assert '"dice"' in journal
    saved = _saved(root)
    assert saved["parked"] == {"neohunt": game}
    assert saved["secrets"] == before["secrets"]
    write_bytes(root + "/packs/neohunt.json", text.encode())  # fixed
    board.press(app, "U")
    board.press(app, "U")
    board.press(app, "U")  # Neo-Hunt game
    board.press(app, "A")
    assert _ids(app) == ["main", "nh_setup"]
    assert _saved(root)["screens"][1:] == game
    assert _saved(root)["secrets"] == before["secrets"]


def test_ending_the_session_is_refused_while_a_paused_game_holds_sealed_secrets():
    # ending it reveals every secret still sealed (Trust): the paused game's would be
    # revealed and gone from it, so it waits until the game is back
    root, board, app, before, text = _broken_set_up("trap3")
    board.press(app, "B")
    for key in ("U", "A", "D", "A"):  # Session & dice, End session
        board.press(app, key)
    assert _ids(app) == ["main", "session", "end_session"]
    board.press(app, "A")
    assert _ids(app) == ["main", "session", "end_session", "text"]
    assert app.top().s["title"] == "Not allowed"
    assert app.top().s["lines"] == TextScreen.make("", (
        "the neohunt game is paused for a pack problem and holds sealed secrets: ending the "
        "session would reveal them. Fix its pack and choose it again first (Trust: sealed "
        "secrets)")).s["lines"]
    assert app.session == 1
    journal = read_text(root + "/journals/s0001.jrn")
    assert "seed_reveal" not in journal and "reveal_all" not in journal
    assert _saved(root)["secrets"] == before["secrets"]
    assert _saved(root)["parked"] == {"neohunt": before["screens"][1:]}


def test_an_owners_pack_gone_mid_game_is_said_once_then_the_sample_replaces_it():
    root = tempdir("packgone")
    text = read_text(SAMPLES + "cybernaut-sample.json")
    _mkdir(root + "/packs")
    write_bytes(root + "/packs/cybernaut.json", text.replace('"placeholder": true', '"placeholder": false', 1)
                .encode())  # the owner's own (not a placeholder)
    board, app = boot(root, 7)
    for key in ("D", "D", "A"):  # Cybernaut: its menu draws from the pack
        board.press(app, key)
    assert app.surface.lines()[5:] == ["", "", ""]  # no "PLACEHOLDER pack" footer
    assert read_text(root + "/packs.own") == "packs/cybernaut.json\n"  # written at once
    import os
    os.remove(root + "/packs/cybernaut.json")  # removed on a PC mid-game
    board, app = boot(root, 7)
    assert _ids(app) == ["main", "text"]  # said, not switched without a word
    assert app.surface.lines()[0] == "Pack problem"
    assert app.top().s["lines"] == shown("packs/cybernaut.json is gone: put it back to go on "
                                        "with it, or the sample pack (PLACEHOLDER tables) "
                                        "replaces it. " + PAUSED)
    board.press(app, "B")
    assert _ids(app) == ["main"] and read_text(root + "/packs.own") == ""
    board.press(app, "A")  # chosen again: on with the sample
    assert _ids(app) == ["main", "cn_menu"]
    assert app.surface.lines()[7] == "PLACEHOLDER pack"
    assert app.packs["cybernaut-sample"].placeholder
    board.press(app, "B")
    board, app = boot(root, 7)  # said once only
    assert _ids(app) == ["main"]
    board.press(app, "A")
    assert _ids(app) == ["main", "cn_menu"] and app.surface.lines()[7] == "PLACEHOLDER pack"
    # put back, then made a folder of that name: said again
    write_bytes(root + "/packs/cybernaut.json", text.encode())
    board, app = boot(root, 7)
    assert _ids(app) == ["main", "cn_menu"]
    assert read_text(root + "/packs.own") == "packs/cybernaut.json\n"
    os.remove(root + "/packs/cybernaut.json")
    os.mkdir(root + "/packs/cybernaut.json")
    board, app = boot(root, 7)
    assert _ids(app) == ["main", "text"]
    assert app.top().s["lines"][:2] == ["packs/cybernaut", ".json is gone:"]
