"""Packs across a MemoryError and across boots: a pack file checked before loads
without its checks (firmware/packfile.py, packs.ok), and App.recover_memory keeps
the packs unless the save does not fit beside them (issue 7). Both runtimes."""

from check import read_text, raises, tempdir, write_bytes

from boards.sim import boot


def test_a_pack_checked_before_loads_without_its_checks_until_its_bytes_change():
    # after a restart or a MemoryError a game loads its pack again: the same bytes,
    # checked once by this firmware, skip the checks (issue 7); changed bytes do not
    import os
    import shared_rules.pack_check as checks
    from shared_rules import VERSION
    from shared_rules.errors import PackError
    root = tempdir("packsok")
    board, app = boot(root, 7)
    real = checks.validate_pack
    calls = []

    def counting(obj, name):
        calls.append(name)
        return real(obj, name)

    checks.validate_pack = counting
    try:
        here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
        text = read_text(here + "/../../firmware/packs/cybernaut-sample.json")
        try:
            os.mkdir(root + "/packs")
        except OSError:
            pass
        write_bytes(root + "/packs/cybernaut.json", text.encode())  # the owner's own pack
        assert app.pack("cybernaut-sample").name == "packs/cybernaut.json"
        assert calls == ["packs/cybernaut.json"]
        lines = read_text(root + "/packs.ok").split("\n")
        # "<version> <SHA-256 hex> placeholder=yes|no game=<game>": the owner's copy
        # of the sample says yes
        assert lines[0].startswith(VERSION + " ") and len(lines[0].split(" ")[1]) == 64
        assert lines[0].split(" ")[2:] == ["placeholder=yes", "game=cybernaut"], lines[0]
        app.packs = {}
        assert app.pack("cybernaut-sample").tables  # loaded again, not checked again
        assert calls == ["packs/cybernaut.json"]
        broken = text.replace('"tables"', '"tablez"', 1)  # changed bytes: checked, refused
        write_bytes(root + "/packs/cybernaut.json", broken.encode())
        app.packs = {}
        raises(PackError, app.pack, "cybernaut-sample")
        assert calls == ["packs/cybernaut.json", "packs/cybernaut.json"]
        write_bytes(root + "/packs.ok", b"0.0.0 " + lines[0].split(" ")[1].encode() + b"\n")
        write_bytes(root + "/packs/cybernaut.json", text.encode())  # ok for another firmware
        app.packs = {}
        app.pack("cybernaut-sample")
        assert len(calls) == 3  # checked again by this one
        import firmware.packfile as packfile  # new checks (a deploy): checked again
        real_hash = packfile._checks_hash
        packfile._checks_hash = lambda hasher: hasher.update(b"other checks")
        try:
            app.packs = {}
            app.pack("cybernaut-sample")
        finally:
            packfile._checks_hash = real_hash
        assert len(calls) == 4
        write_bytes(root + "/packs.ok", b"x" * 5000)  # not ours: not read, and replaced
        app.packs = {}
        app.pack("cybernaut-sample")
        assert len(calls) == 5 and len(read_text(root + "/packs.ok")) < 200
    finally:
        checks.validate_pack = real


def test_out_of_memory_keeps_the_packs_so_the_next_press_needs_no_parse():
    # recover_memory drops the screens and the games' modules, not the packs: the
    # game restored reloaded its pack at its next press otherwise, and the parse
    # needs about twice what the pack keeps, so that press ran out of memory again
    import sys
    root = tempdir("oompack")
    board, app = boot(root + "/data", 7)
    for key in ("D", "D", "A", "A"):  # Cybernaut, Interaction (its pack loads)
        board.press(app, key)
    assert app.top().ID == "cn_inter"
    pack = app.packs["cybernaut-sample"]

    def starving(app_, name, kind):
        raise MemoryError("memory allocation failed")

    app.top().on_button = starving
    board.press(app, "A")
    assert app.top().ID in ("text", "oom")  # the notice over the restored screen
    assert app.stack[-2].ID == "cn_inter"
    assert app.packs["cybernaut-sample"] is pack  # kept, not parsed again
    assert "shared_rules.tables" in sys.modules  # with the module its Pack needs
    board.press(app, "A")  # the notice goes
    board.press(app, "A")  # and the roll is done with the same pack
    assert app.packs["cybernaut-sample"] is pack


def test_out_of_memory_lets_the_packs_go_too_when_the_save_does_not_fit_beside_them():
    # the packs kept by recover_memory must not cost the game: if the save cannot be
    # read back beside them, they go and the save is read again (found by review)
    root = tempdir("oompack2")
    board, app = boot(root + "/data", 7)
    for key in ("D", "D", "A", "A"):  # Cybernaut, Interaction (its pack loads)
        board.press(app, key)
    assert app.top().ID == "cn_inter" and app.packs
    real = app.read_save
    calls = []

    def tight(name):
        calls.append(bool(app.packs))
        if app.packs:  # no room for the save beside the packs
            raise MemoryError("memory allocation failed")
        return real(name)

    def starving(app_, name, kind):
        raise MemoryError("memory allocation failed")

    app.top().on_button = starving
    app.read_save = tight
    board.press(app, "A")
    app.read_save = real
    assert calls == [True, False]  # tried with the packs, then without them
    assert app.stack[-2].ID == "cn_inter"  # the game is back, not the main menu
    assert "not kept" in " ".join(app.top().s.get("lines", [])) or app.top().ID == "oom"


def test_a_resumed_game_parses_its_packs_before_its_screens_load():
    # the save names the packs loaded; the boot parses them while the heap is still
    # whole, before the screens' modules (a resumed Cybernaut game parsed its pack at
    # its first frame, beside all its modules, and ran out of memory at every frame)
    from shared_rules.save import decode_save
    root = tempdir("preload")
    board, app = boot(root, 7)
    for key in ("D", "D", "A", "A"):  # Cybernaut, Interaction (its pack loads)
        board.press(app, key)
    assert decode_save(read_text(root + "/saves/state.sav"), "s")["packs"] == ["cybernaut-sample"]
    import firmware.resume as resume  # the boot's module (dropped after it)
    import firmware.app as app_module
    order = []
    real_restore = resume.restore
    real_pack = app_module.App.pack

    def restoring(app_, body):
        order.append("restore")
        return real_restore(app_, body)

    def packing(app_, name):
        if name not in app_.packs:
            order.append(name)
        return real_pack(app_, name)

    resume.restore = restoring
    app_module.App.pack = packing
    try:
        board, app = boot(root, 7)
    finally:
        resume.restore = real_restore
        app_module.App.pack = real_pack
    assert order == ["cybernaut-sample", "restore"]
    assert app.top().ID == "cn_inter" and "cybernaut-sample" in app.packs


def test_a_pack_named_by_the_save_but_gone_does_not_stop_the_resume():
    # the pack file removed (or broken) since: the game resumes, and the screen that
    # needs the pack says what is wrong when it loads it
    import os
    from shared_rules.errors import PackError
    root = tempdir("preload2")
    os.mkdir(root + "/packs")
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    text = read_text(here + "/../../firmware/packs/cybernaut-sample.json")
    write_bytes(root + "/packs/cybernaut.json", text.encode())  # the owner's own pack
    board, app = boot(root, 7)
    for key in ("D", "D", "A", "A"):
        board.press(app, key)
    assert app.packs["cybernaut-sample"].name == "packs/cybernaut.json"
    write_bytes(root + "/packs/cybernaut.json", b"{not json")  # broken on a PC since
    board, app = boot(root, 7)
    # the game keeps the tables it started with (firmware/packfile.py KEPT, issue 19),
    # and says once that the file changed
    assert [s.ID for s in app.stack] == ["main", "cn_menu", "cn_inter", "text"]
    assert app.stack[-1].s["title"] == "Pack changed"
    assert app.packs["cybernaut-sample"].tables
    # with the kept copy gone too, the screen that needs the pack says what is wrong
    os.remove(root + "/packs.kept/cybernaut-sample.json")
    app.packs = {}
    raises(PackError, app.pack, "cybernaut-sample")


def _boot_restoring_with(root, fake):
    """Boot on ``root`` with firmware.resume.restore replaced by
    ``fake(real_restore, app, body)``. :returns: (board, app)."""
    import firmware.resume as resume
    real = resume.restore
    resume.restore = lambda app_, body: fake(real, app_, body)
    try:
        return boot(root, 7)
    finally:
        resume.restore = real


def test_a_resume_whose_packs_leave_no_room_for_the_game_goes_on_without_them():
    # the packs loaded first (preload) may leave too little room for the game's
    # modules in a heap that held them in another order: the boot then drops the
    # packs and restores the game again (a MemoryError at every boot otherwise: the
    # bench's action run stopped there)
    root = tempdir("preload3")
    board, app = boot(root, 7)
    for key in ("D", "D", "A", "A"):  # Cybernaut, Interaction (its pack loads)
        board.press(app, key)
    calls = []

    def tight(real, app_, body):
        calls.append(sorted(app_.packs))
        if app_.packs:
            raise MemoryError("memory allocation failed")
        return real(app_, body)

    board, app = _boot_restoring_with(root, tight)
    assert calls == [["cybernaut-sample"], []]
    assert [s.ID for s in app.stack] == ["main", "cn_menu", "cn_inter"]
    # the first frame's odds line (shared_rules.odds) loads the pack again, now that
    # the game's modules are in
    assert list(app.packs) == ["cybernaut-sample"]
    board.press(app, "A")
    assert app.top().s["title"] == "Interaction" and "cybernaut-sample" in app.packs


def test_a_saved_game_whose_modules_never_fit_is_set_aside_not_a_boot_loop():
    from shared_rules.save import decode_save
    root = tempdir("preload4")
    board, app = boot(root, 7)
    for key in ("D", "D", "A", "A"):
        board.press(app, key)
    saved = read_text(root + "/saves/state.sav")

    def never(real, app_, body):
        if len(body.get("screens", [])) > 2:  # the game's screens: never room
            raise MemoryError("memory allocation failed")
        return real(app_, body)

    board, app = _boot_restoring_with(root, never)
    assert app.top().s["title"] == "Save problem"
    whole = " ".join(app.top().s["lines"])
    assert "needs more memory than is free at start (kept as saves/" in whole, whole
    assert "bad1.sav). Resumed from the last good save." in whole, whole
    assert read_text(root + "/saves/bad1.sav") == saved  # kept, byte for byte
    # state.prev (the Cybernaut menu, before Interaction) fitted: resumed from it
    assert [s.ID for s in app.stack][:2] == ["main", "cn_menu"]
    assert decode_save(read_text(root + "/saves/bad1.sav"), "s")["screens"][-1]["id"] == "cn_inter"
