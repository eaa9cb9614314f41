"""The whole Cybernaut game through the screens of the simulator (cyb_game), and the
status line. The same game on the rules alone runs on both runtimes:
tests/both/test_cybernaut_whole_game.py (cyb_whole)."""


def test_the_whole_game_through_the_screens(tmp_path):
    """The same kind of game through the real buttons of the simulator (cyb_game)."""
    from boards.sim import boot
    import cyb_game
    board, app = boot(str(tmp_path), cyb_game.SEED)
    cyb_game.play(board, app)
    screen = cyb_game.game_screen(app)
    assert screen.s["pub"]["over"] and screen.s["pub"]["turn"] == 10
    driver = cyb_game.Driver(board, app)
    driver.choose("Victory")
    assert app.surface.lines()[0].startswith("Victory")
    assert "Winner:" in " ".join(app.surface.lines())
    assert app.top().ID == "result"  # the game's result: until A (issue 19)
    driver.press("A")
    driver.choose("Full reveal")
    assert app.surface.lines()[0].startswith("Full reveal")
    assert app.top().ID == "result" and app.surface.lines()[-1] == "A: OK  U/D more"
    for line in app.surface.lines():
        assert len(line) <= 21
    # a game played to its end, left: nothing to reveal, no "abandoned" (IV.B.3)
    driver.press("A")
    driver.seq("B D A A")
    assert [s.ID for s in app.stack] == ["main", "cn_menu"]
    assert app.journal.recent[-1]["kind"] == "game_left" and app.secrets == {}


def test_status_and_track_lines_fit_16_cells():
    """The game's status line and the track at turn 10, impulse 10, NSA part."""
    from firmware.games.cybernaut.game import GameScreen
    from shared_rules.cybernaut.rules import SEGMENTS
    screen = GameScreen()
    for seg in range(len(SEGMENTS)):
        screen.s["pub"] = {"turn": 10, "seg": seg}
        title = screen.title()
        assert len(title) <= 16 and title.startswith("T10 "), title
    assert screen.title() == "T10 End of Turn"
    screen.s["pub"] = {"turn": 10, "seg": 1}
    assert screen.title() == "T10 NR RW Move"  # whole words, not "T10 RealWorld Mo"
    screen.s["pub"] = {"turn": 10, "seg": 4}
    assert screen.title() == "T10 NSA RW Move"
    assert len("Impulse %d/10 %s" % (10, "NS")) == 16


def test_the_secret_part_is_sealed_in_groups_and_older_saves_still_load(tmp_path):
    # GameScreen.store seals the face-down chits in groups, each group of at most
    # GROUP_CHITS chits with the same keys, opened on its own (no block as big as the
    # whole text is needed: issue 7); saves from before keep the text cut in sealed
    # slices, or one sealed text, which load still reads
    import json
    from boards.sim import boot
    from firmware.games.cybernaut.game import GROUP_CHITS
    board, app = boot(str(tmp_path), 3)
    for key in ("D", "D", "A", "D", "D", "A"):  # Cybernaut, New game
        board.press(app, key)
    screen = app.top()
    assert screen.ID == "cn_game"
    groups = screen.s["sec"]["groups"]
    texts = [app.unseal(piece) for piece in groups]
    secret = []
    for text in texts:
        assert text.startswith("[") and text.endswith("]")
        items = json.loads(text)
        # the chits' keys once (sorted), then each chit's values in that order
        keys = items[0]
        assert keys == sorted(keys) and "id" in keys and "t" in keys
        assert 1 < len(items) <= 1 + GROUP_CHITS  # no empty group, none bigger
        assert len(text) < 600  # a few hundred characters: a small block opens it
        assert text == "[" + json.dumps(items[0], separators=(",", ":")) + "," + \
            json.dumps(items[1:], separators=(",", ":"))[1:]  # no spaces
        for row in items[1:]:
            assert len(row) == len(keys)
            secret.append(dict(zip(keys, row)))
    assert len(groups) > 2
    assert secret[0]["id"] == "x1" and secret[0]["t"] == "Nexus 1"  # the NSA's chits
    assert "Nexus" not in repr(groups)  # sealed: no chit type in clear
    game = screen.load(app)
    assert game.split()[1] == secret
    # a group with each chit whole (saves before 2026-12-04)
    screen.s["sec"] = {"groups": [app.seal(json.dumps(secret[:3])), app.seal(json.dumps(secret[3:]))]}
    assert screen.load(app).to_dict() == game.to_dict()
    whole = json.dumps(secret, separators=(",", ":"))
    screen.s["sec"] = [app.seal(whole[at:at + 100]) for at in range(0, len(whole), 100)]
    assert screen.load(app).to_dict() == game.to_dict()  # older: sealed slices of the text
    screen.s["sec"] = app.seal(whole)
    assert screen.load(app).to_dict() == game.to_dict()  # older: one sealed text



def test_a_group_whose_chits_did_not_change_keeps_its_sealed_text(tmp_path):
    # issue 21: store seals only the groups whose text changed since the last load or
    # store, and load opens only the groups it has not seen (sealing or opening is
    # ~20 ms a KB of a Pico); the others keep their sealed text, which opens to the
    # same chits, so a save of a game that did not change writes nothing
    from boards.sim import boot
    board, app = boot(str(tmp_path), 3)
    for key in ("D", "D", "A", "D", "D", "A", "D", "A", "A"):  # Cybernaut, New game,
        board.press(app, key)  # Solo, its result screen closed
    screen = app.top()
    assert screen.ID == "cn_game" and screen.s["msg"] == "NSA chits placed"
    before = list(screen.s["sec"]["groups"])
    assert len(before) > 3
    opened = []
    unseal = app.unseal
    app.unseal = lambda piece: opened.append(piece) or unseal(piece)
    game = screen.load(app)
    assert opened == []  # every group as the placement's store sealed it
    screen.store(app, game)
    # sealed when the state is saved (after the action's frame: issue 21)
    assert screen.s["sec"]["groups"] is None and screen.to_seal is not None
    assert screen.state()["sec"]["groups"] == before  # the very sealed texts
    sha = app.saved_sha
    app.save()
    assert app.saved_sha == sha  # the same text: nothing written
    # one chit changed: its group alone is sealed anew, and opens to the change
    game = screen.load(app)
    chit = game.s["nsa"][-1]
    chit["at"] = "M99" if chit["at"] != "M99" else "M98"
    screen.store(app, game)
    after = screen.state()["sec"]["groups"]
    assert len(after) == len(before)
    changed = [at for at in range(len(after)) if after[at] != before[at]]
    assert len(changed) == 1 and chit["id"] in unseal(after[changed[0]])
    assert screen.load(app).s["nsa"][-1]["at"] == chit["at"] and opened == []
    # a screen that saw no group (after a boot) opens each and seals each anew
    screen.group_texts = None
    game = screen.load(app)
    assert opened == after
    screen.group_texts = None
    screen.store(app, game)
    assert [at for at in range(len(after)) if screen.state()["sec"]["groups"][at] == after[at]] == []
    assert screen.load(app).to_dict() == game.to_dict()


def test_the_interaction_result_the_message_line_and_the_log_in_words(tmp_path):
    """An Interaction through the simulator's buttons (cyb_sim_netrun's set-up):
    the result screen, the game menu's message line and the Log screen show what
    happened in the game's words, each line within 16 cells, not event names
    ("interaction: C"), and the chit hidden Cyb-2 gained is not named (V.A, V.C.4)."""
    from boards.sim import boot
    from cyb_sim import Driver
    import cyb_sim_netrun as script
    board, app = boot(str(tmp_path), script.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # "I am NSA"
    for at in script.SETUP:
        d.at(at)
    d.press("A")  # hand back
    d.choose("Add Cybernaut")
    d.seq("D A")  # Cyb-2 (RealWorld 3) in Sprawl-1 (Corporatist)
    d.choose("Cybernauts done")
    assert app.surface.lines()[-1] == "SS drawn: SS-5"
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    assert app.surface.lines()[-1] == "SS-5 to Sprawl-3"
    d.choose("Interaction")
    d.seq("A")  # Cyb-2 in the group
    # before the roll, the odds of each result: RealWorld 3 on the pack's Corporatist
    # column (0-2 E, 3-5 -, 6-8 C, 9-11 "C A", 12-14 T): totals 3..12
    assert app.surface.lines()[-1] == "-30% C30% C+A30% T10%"
    d.choose("Go")  # d10 3 + 3 = 6: "C"
    # the result on its own screen until A: the d10, the total, the result
    assert app.surface.lines() == ["Interaction", "d10 3 total 6", "Corporatist: C",
                                   "Cyb-2 got a chit", "", "", "", "A: OK"]
    d.raw("B")  # the roll stands: B does not close it
    assert app.surface.lines()[0] == "Interaction" and app.top().ID == "result"
    d.raw("A")
    assert app.surface.lines()[-1] == "Cyb-2 got a chit"
    d.choose("Log")
    assert app.surface.lines() == ["Log", "Cyb-2 in Sprawl-1", "SS drawn: SS-5", "SS-5 to Sprawl-3",
                                   "Interaction 6", "Cyb-2 got a chit", "", "A: OK"]
    box = [c for c in cyb_game_screen(app).load(app).s["nr"] if c["w"] == "box"]
    assert len(box) == 1 and box[0]["t"] not in " ".join(app.surface.lines())


def cyb_game_screen(app):
    for screen in app.stack:
        if screen.ID == "cn_game":
            return screen
    raise AssertionError("no game open")


def test_chits_with_other_keys_start_their_own_group_and_open_as_they_were(tmp_path, monkeypatch):
    # GameScreen.store groups at most GROUP_CHITS chits with the same keys, the rows of
    # a group encoded at once; a chit with more keys, or as many but not the same
    # ones, starts a group of its own; each group opens to its chits as they were
    import copy
    import json
    from boards.sim import boot
    from firmware.games.cybernaut import commit
    from firmware.games.cybernaut.game import GROUP_CHITS
    board, app = boot(str(tmp_path), 3)
    for key in ("D", "D", "A", "D", "D", "A", "D", "A", "A"):  # Cybernaut, New game,
        board.press(app, key)  # Solo, its result screen closed
    screen = app.top()
    game = screen.load(app)
    public, secret = game.split()
    secret = copy.deepcopy(secret)
    assert len(secret) > 2 * GROUP_CHITS + 4
    secret[3]["zz"] = 1  # one key more
    other = secret[GROUP_CHITS + 5]
    other["ww"] = other.pop("w")  # as many keys, not the same
    monkeypatch.setattr(game, "split", lambda: (public, secret))
    monkeypatch.setattr(commit, "sync", lambda *args: None)
    screen.store(app, game)
    groups = [json.loads(app.unseal(piece)) for piece in screen.state()["sec"]["groups"]]
    rows = []
    for group in groups:
        assert 1 <= len(group) - 1 <= GROUP_CHITS and group[0] == sorted(group[0])
        rows.extend(dict(zip(group[0], row)) for row in group[1:])
    assert rows == secret  # each chit as it was, in order
    starts = [group[1][group[0].index("id")] for group in groups]
    assert secret[3]["id"] in starts and secret[4]["id"] in starts  # zz's group is its alone
    assert other["id"] in starts and secret[GROUP_CHITS + 6]["id"] in starts
    assert [g for g in groups if "zz" in g[0]] == [[sorted(secret[3]), [secret[3][k] for k in sorted(secret[3])]]]
    assert [len(g) - 1 for g in groups][:2] == [3, 1]  # 0-2, then 3 alone


def test_an_action_without_a_line_clears_the_message_line(tmp_path):
    # found by a new user: "M10 Nexus 3" (a CyberStrike's last line) stayed under the
    # netrun's panel through later moves that gave no line, and read as what was at
    # the cursor; the recent log keeps it
    from boards.sim import boot
    board, app = boot(str(tmp_path), 3)
    for key in ("D", "D", "A", "D", "D", "A"):  # Cybernaut, New game
        board.press(app, key)
    screen = app.top()
    screen.note(["CyberStrike", "M10 Nexus 3"])
    assert screen.s["msg"] == "M10 Nexus 3"
    screen.note([])
    assert screen.s["msg"] == "" and screen.s["log"][-2:] == ["CyberStrike", "M10 Nexus 3"]
