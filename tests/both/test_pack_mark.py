"""The Neo-Hunt set-up's "PLACEHOLDER pack" mark without parsing the pack
(firmware.packfile.placeholder, NhSetup.footer): a pack file this firmware
checked before is only hashed, its packs.ok line carrying the flag (issue 21:
the set-up opened again from the main menu parsed the pack each time, ~100 ms of
a Pico). Both runtimes."""

from check import read_text, tempdir, write_bytes

from boards.sim import BUILT_PACKS, PACKS, boot

NH = 6  # the main menu's Neo-Hunt entry (firmware/screens/__init__.py ENTRIES)


def _parsed(app):
    """True if the Neo-Hunt pack was loaded (parsed) since the main menu opened the
    set-up or the app booted: App.pack keeps a pack it loads in ``app.packs``, which
    both let go (a hash for the mark keeps nothing)."""
    return "neohunt-sample" in app.packs


def _to_setup(board, app):
    """From any screen: back to the main menu, then Neo-Hunt's set-up."""
    for _ in range(8):
        if app.top().ID == "main":
            break
        board.press(app, "B")
    for _ in range(20):  # the main menu keeps its cursor: up to its top first
        if app.top().s["sel"] == 0:
            break
        board.press(app, "U")
    for _ in range(NH):
        board.press(app, "D")
    board.press(app, "A")
    assert app.top().ID == "nh_setup", [s.ID for s in app.stack]


def _owner_pack(root, placeholder):
    import json
    text = read_text(PACKS + "/neohunt-sample.json") or read_text(BUILT_PACKS + "/neohunt-sample.json")
    pack = json.loads(text)
    pack["placeholder"] = placeholder
    try:
        import os
        os.mkdir(root + "/packs")
    except OSError:
        pass
    write_bytes(root + "/packs/neohunt.json", json.dumps(pack).encode())


def _ok_lines(root):
    return [line for line in read_text(root + "/packs.ok").split("\n") if line]


def test_the_set_up_opened_again_shows_the_mark_without_parsing_the_pack():
    root = tempdir("packmark")
    board, app = boot(root, 3)
    _to_setup(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines()     # the sample: parsed once
    assert _parsed(app) and app.packs["neohunt-sample"].name.endswith("neohunt-sample.json")
    assert _ok_lines(root)[-1].endswith(" placeholder=yes game=neohunt")
    _to_setup(board, app)                                # opened again: hashed only
    assert "PLACEHOLDER pack" in app.surface.lines() and not _parsed(app)
    board.press(app, "D")                                # the mark read once a screen
    board.press(app, "U")
    assert "PLACEHOLDER pack" in app.surface.lines() and not _parsed(app)
    board, app = boot(root, 3)                           # a reboot into the set-up
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" in app.surface.lines()
    assert not _parsed(app)
    # the owner's own pack (not a placeholder) put in: new bytes, parsed and checked
    _owner_pack(root, False)
    _to_setup(board, app)
    assert "PLACEHOLDER pack" not in app.surface.lines()
    assert _parsed(app) and app.packs["neohunt-sample"].name == "packs/neohunt.json"
    assert _ok_lines(root)[-1].endswith(" placeholder=no game=neohunt")
    _to_setup(board, app)
    assert "PLACEHOLDER pack" not in app.surface.lines() and not _parsed(app)
    # the owner's pack marked a placeholder: other bytes again
    _owner_pack(root, True)
    _to_setup(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines() and _parsed(app)
    _to_setup(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines() and not _parsed(app)


def test_the_game_started_from_a_set_up_that_only_hashed_its_pack_holds_the_pack():
    # the set-up holds no pack when it only hashed it (packfile.KEPT): the game does,
    # once it starts (its first load)
    from firmware.storage import Storage
    root = tempdir("packmark2")
    board, app = boot(root, 3)
    _to_setup(board, app)
    _to_setup(board, app)        # opened again from the main menu: its KEPT let go
    store = Storage(root)
    assert not store.exists("packs.kept/neohunt-sample.from")
    for _ in range(5):           # to Start
        board.press(app, "D")
    board.press(app, "A")
    assert app.top().ID != "nh_setup"
    assert store.exists("packs.kept/neohunt-sample.from")


def test_an_older_line_without_the_mark_or_a_pack_a_game_holds_is_parsed():
    from shared_rules import VERSION
    root = tempdir("packmark3")
    board, app = boot(root, 3)
    _to_setup(board, app)
    line = _ok_lines(root)[-1]
    digest = " ".join(line.split(" ")[:2])
    assert digest.startswith(VERSION + " ") and line == digest + " placeholder=yes game=neohunt"
    # an older firmware's line (twice: one line a digest kept)
    write_bytes(root + "/packs.ok", (digest + "\n" + digest + " placeholder=yes\n").encode())
    _to_setup(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines() and _parsed(app)
    # the line given its mark (the same bytes: loaded without their checks)
    assert _ok_lines(root) == [digest + " placeholder=yes game=neohunt"]
    # a line not as this firmware writes it (edited: a wrong mark) is made again
    write_bytes(root + "/packs.ok", (digest + " placeholder=no game=neohunt x\n").encode())
    _to_setup(board, app)
    assert "PLACEHOLDER pack" in app.surface.lines() and _parsed(app)
    assert _ok_lines(root) == [digest + " placeholder=yes game=neohunt"]
    _to_setup(board, app)
    assert not _parsed(app)
    # a pack held (KEPT, as a game in progress holds it) is loaded, not hashed: the
    # mark is the held tables' (packfile.load)
    board, app = boot(root, 3)
    assert not _parsed(app)
    app.pack("neohunt-sample")   # the set-up on top: a flow open, so the pack is held
    board, app = boot(root, 3)
    assert app.top().ID == "nh_setup" and "PLACEHOLDER pack" in app.surface.lines()
    assert _parsed(app)


def test_another_games_pack_under_neohunts_name_is_named_when_the_set_up_opens():
    # found by review: a Cybernaut pack checked before (its packs.ok line) copied to
    # packs/neohunt.json gave the set-up that pack's mark and no word until Start;
    # the line names the pack's game, and a pack of another game is loaded (refused)
    import os
    root = tempdir("packmark4")
    board, app = boot(root, 3)
    app.pack("cybernaut-sample")                         # checked: its line in packs.ok
    assert _ok_lines(root)[-1].endswith(" game=cybernaut")
    text = read_text(PACKS + "/cybernaut-sample.json") or read_text(BUILT_PACKS + "/cybernaut-sample.json")
    try:
        os.mkdir(root + "/packs")
    except OSError:
        pass
    write_bytes(root + "/packs/neohunt.json", text.encode())
    board, app = boot(root, 3)
    for _ in range(NH):
        board.press(app, "D")
    board.press(app, "A")
    lines = " ".join(app.surface.lines())
    assert app.surface.lines()[0] == "Pack problem", lines   # at once, not at Start
    assert "cybernaut" in lines and [s.ID for s in app.stack] == ["main", "text"]
