"""(On CPython only: the NSA placement screen compiled from source has no room in
the 32-bit port's 240K beside a new game; tests/both/test_press_cost.py has the rest.)
Issue 21's press costs that tests can see without a clock: which presses write
the save and which skip its digest (the figures themselves: tools/press_report.py
and tools/bench_pico.py, never a timed test)."""

from check import counting, tempdir

from boards.sim import boot, parse_keys


def keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def to_nsa_placement(board, app, then):
    """From the main menu: Cybernaut, New game, "NSA placement", then ``then``
    ("A": its "Hand to NSA"; "A A": the NSA's placement grid)."""
    keys(board, app, "D D A D D A")
    entries = app.top().items(app)
    keys(board, app, " ".join(["D"] * entries.index("NSA placement")) + " " + then)


def to_a_green_address(board, app):
    """From the main menu: the NSA's placement grid with its cursor on the first green
    address, where a placement is refused (Cybernaut III.A.2). :returns: the grid."""
    to_nsa_placement(board, app, "A A")
    place = app.top()
    green = sorted(app.find("cn_game").load(app).green)[0]
    place.s["g"], place.s["r"], place.s["c"] = green[0], int(green[1]), int(green[2])
    return place


def test_an_arrow_on_the_nsa_grid_writes_nothing_and_its_cursor_never_goes_in_clear():
    # issue 21: an arrow on the NSA's placement grid (a private screen, sealed whole
    # in the save) only moves its cursor: no digest, no seal, no save (it sealed the
    # cursor into the game and saved 6 KB a move: 0.4-1 s on a Pico). The next press
    # that saves seals the grid where the cursor is; the action's undo step carries
    # no cursor beside its key (a private screen's cursor there would be in clear)
    import json
    from firmware import saving as saving_module  # App.save's module
    from shared_rules.save import decode_save
    root = tempdir("private")
    board, app = boot(root, 5)
    keys(board, app, "D D A D D A")            # Cybernaut, New game
    assert app.top().ID == "cn_game"
    entries = app.top().items(app)
    keys(board, app, " ".join(["D"] * entries.index("NSA placement")) + " A A")
    assert app.top().ID == "cn_place", app.top().ID
    saved = app.storage.read("saves/state.sav")
    game = app.find("cn_game")
    nsacur = game.s.get("nsacur")
    digests = []
    made = saving_module.masked_digest
    saving_module.masked_digest = counting(digests, made)
    try:
        keys(board, app, "R R D")
    finally:
        saving_module.masked_digest = made
    assert (app.top().s["r"], app.top().s["c"]) == (1, 2)
    assert app.storage.read("saves/state.sav") == saved   # nothing written
    assert digests == []
    assert game.s.get("nsacur") == nsacur                 # nor sealed into the game
    keys(board, app, "A")                                  # the first chit placed there
    text = app.storage.read("saves/state.sav")
    assert text != saved
    body = decode_save(text, "state.sav")
    assert json.loads(app.unseal(app.find("cn_game").s["nsacur"])) == ["M", 1, 2]
    assert body["undo"][5]                                 # the action's undo step
    for entry in body["undo"][5]:                          # [step, key] or [step, key, cursor]
        cursor = entry[2] if len(entry) > 2 else {}
        assert not isinstance(cursor, dict) or ("r" not in cursor and "c" not in cursor), entry
    # beside the step's key, sealed: where the cursor stood at the action
    sealed = [entry[2] for entry in body["undo"][5] if len(entry) > 2 and isinstance(entry[2], str)]
    assert len(sealed) == 1 and json.loads(app.unseal(sealed[0])) == {"r": 1, "c": 2}
    # Undo puts the chit back and the cursor where it stood (the state as it was)
    keys(board, app, "B:long B:long A")                   # the grid's long B: its track first
    assert app.top().s.get("_undo"), app.surface.lines()
    keys(board, app, "A")
    if app.top().ID == "resume_gate":                      # "Hand to NSA" first
        keys(board, app, "A")
    assert app.top().ID == "cn_place" and (app.top().s["r"], app.top().s["c"]) == (1, 2)
    assert b'"c": 2' not in text.split(b"cn_place")[1][:200]


def test_the_nsa_grid_draws_a_cursor_move_without_loading_the_game():
    # issue 21: the placement grid's frame showed the game loaded anew (~55 ms of a
    # Pico a frame); what it shows of the game is worked out once for each state of
    # the game and of the grid's own choices, so a cursor move only draws
    root = tempdir("gridview")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A A")        # Cybernaut, New game, NSA placement
    assert app.top().ID == "cn_place", app.top().ID
    hub = app.find("cn_game")
    loads = []
    real = hub.load
    hub.load = counting(loads, real)
    first = app.surface.lines()
    keys(board, app, "R R D")                  # cursor moves: drawn, nothing loaded
    assert loads == []
    lines = app.surface.lines()
    assert lines != first and "M12" in " ".join(lines), lines   # the cursor's address
    assert "Next:" in " ".join(lines)
    before = " ".join(lines)
    keys(board, app, "A")                      # a chit placed: the game changed,
    assert loads == []                         # on the game in hand (PlaceScreen.held)
    assert " ".join(app.surface.lines()) != before
    del loads[:]
    keys(board, app, "L")
    assert loads == []


def test_the_frame_after_an_nsa_placement_is_drawn_from_the_game_in_hand():
    # issue 21: the placement's action loads the game, places the chit and stores
    # it; its frame then loaded the game again (65 ms of a Pico, half the frame's
    # press). The view is worked out from the game the action stored: one load a
    # placement, and the very frame a fresh load draws
    root = tempdir("placeview")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A A")        # Cybernaut, New game, NSA placement
    place = app.top()
    assert place.ID == "cn_place", place.ID
    hub = app.find("cn_game")
    loads = []
    real = hub.load
    hub.load = counting(loads, real)
    for moves in ("R", "D", "R R"):
        del loads[:]
        keys(board, app, moves + " A")         # a chit placed there
        assert app.top() is place and place.s["msg"] == "", (place.s["msg"], app.surface.lines())
        assert loads == []                     # the game in hand: the frame loaded nothing
        drawn = app.surface.lines()
        place.shown = None                     # the view worked out from a fresh load
        place.held = None
        app.dirty = True
        app.redraw()
        assert len(loads) == 1
        assert app.surface.lines() == drawn


def test_the_hand_over_to_the_nsa_works_out_its_grid_while_it_waits():
    # issue 21: A on "Hand to NSA" opened the placement grid, whose frame loaded the
    # game (65 ms of a Pico, the larger part of that press). The hand-over makes the
    # grid and its view between presses, while the device passes to the NSA; A then
    # only puts it up: the very frame a load draws, and nothing of it on the
    # hand-over's own screen or in its save
    root = tempdir("ahead")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A")          # ... up to "Hand to NSA"
    hand = app.top()
    assert hand.ID == "handover", hand.ID
    ahead = hand.ahead
    assert ahead and ahead.ID == "cn_place" and ahead.shown is not None
    assert " ".join(app.surface.lines()).startswith("Hand to NSA")
    assert "Next:" not in " ".join(app.surface.lines())
    saved = app.storage.read("saves/state.sav")
    assert b"Next" not in saved and b"mine" not in saved
    hub = app.find("cn_game")
    loads = []
    real = hub.load
    hub.load = counting(loads, real)
    keys(board, app, "A")
    assert app.top() is ahead and loads == []
    drawn = app.surface.lines()
    assert "Next:" in " ".join(drawn)
    ahead.shown = None                         # the view worked out from a fresh load
    ahead.held = None
    app.dirty = True
    app.redraw()
    assert len(loads) == 1 and app.surface.lines() == drawn


def test_undo_after_a_refused_placement_takes_back_the_placement_before_it():
    # a refusal (Cybernaut's "refused" line) changes nothing: it is no undo step of
    # its own (issue 21: its save renamed the last one and copied it after the frame,
    # 30 ms of a Pico), and Undo takes back the placement before it, as a player
    # who saw "refused" expects, not the refusal
    root = tempdir("undorefused")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A A")        # Cybernaut, New game, NSA placement
    place = app.top()
    assert place.ID == "cn_place"
    hub = app.find("cn_game")
    game = hub.load(app)
    chit = game.nsa_chit(game.setup_todo()[0])
    assert game.ntype(chit)["kind"] == "nexus"  # the working Nexus chits go first
    free = None
    for row in range(10):
        for col in range(10):
            at = "M%d%d" % (row, col)
            if at not in game.green and at not in game.gaps:
                free = (row, col, at)
                break
        if free:
            break
    row, col, at = free
    keys(board, app, " ".join(["D"] * row + ["R"] * col) + " A")   # a Nexus there
    assert [c["t"] for c in hub.load(app).in_space(at)] == [chit["t"]]
    keys(board, app, "A")                      # a second Nexus there: refused
    assert app.top().ID != "cn_place" and "Nexus" in " ".join(app.surface.lines()), app.surface.lines()
    assert [e["kind"] for e in app.journal.recent][-1] == "refused"
    keys(board, app, "B")                      # the refusal read: back to the grid
    assert app.top() is place or app.top().ID == "cn_place"
    keys(board, app, "B:long B:long A")        # the grid's long B: its track; then Undo
    keys(board, app, "A")
    if app.top().ID == "resume_gate":          # "Hand to NSA" first
        keys(board, app, "A")
    assert app.find("cn_game").load(app).in_space(at) == []  # the placement taken back


def test_the_nsa_placement_keeps_the_stored_game_in_hand_and_loads_it_after_another_store():
    # issue 21: each placement loaded the game (~60 ms of a Pico); the placement grid
    # keeps the game it stored (or loaded) while the game screen's state is that very
    # one: after placements and a refusal it is the game a fresh load gives, and
    # any other store (an undo, another screen's action) makes it load once again
    import json
    root = tempdir("heldgame")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A A")
    place = app.top()
    hub = app.find("cn_game")
    loads = []
    real = hub.load
    hub.load = counting(loads, real)

    def same_as_loaded():
        held = place.held
        assert held is not None and held[0] is hub.s["pub"] and held[1] is hub.s["sec"]
        return json.dumps(held[2].to_dict(), sort_keys=True) == json.dumps(real(app).to_dict(),
                                                                           sort_keys=True)

    refused = 0
    for moves in ("R", "D", "R R", "U", "L L L", "D D D D"):
        keys(board, app, moves + " A")
        if app.top() is not place:             # a refusal's reason: A closes it
            refused += 1
            keys(board, app, "A")
        assert app.top() is place
        assert loads == []
        assert same_as_loaded()
    assert refused == 2 and len(real(app).in_space()) == 4  # (seed 5: two addresses refused)
    del loads[:]
    hub.s["sec"] = dict(hub.s["sec"])          # stored anew elsewhere: the same game, new state
    keys(board, app, "R A")
    assert len(loads) == 1 and same_as_loaded()
    del loads[:]
    keys(board, app, "R A")
    assert loads == []


def test_a_refusal_draws_its_frame_before_its_save_and_a_cut_between_loses_only_its_message():
    # issue 21: a refused placement changed no game; its press wrote the whole save
    # before its frame (60 ms of a Pico). Its journal line is written in the press
    # (the record), its frame drawn, then its save (App.redraw). A power cut
    # between frame and save resumes the grid as before the refusal, the journal
    # going on after the refusal's line, and `referee verify` reads it whole
    import os
    from referee.cli import main as referee
    root = tempdir("refusedlater")
    board, app = boot(root, 5)
    to_a_green_address(board, app)
    saved = app.storage.read("saves/state.sav")
    journal = app.storage.read("journals/s0001.jrn")
    seq = app.journal.next_seq
    app.handle("A", "short")                    # the press, up to its frame
    assert app.top().ID != "cn_place" and app.journal.recent[-1]["kind"] == "refused"
    assert app.storage.read("saves/state.sav") == saved        # not saved yet
    assert len(app.storage.read("journals/s0001.jrn")) > len(journal)  # its line written
    # the power goes now: the boot resumes the grid as it was, and the journal goes on
    board2, app2 = boot(root, 5)
    if app2.top().ID == "resume_gate":
        keys(board2, app2, "A")
    assert app2.top().ID == "cn_place" and app2.journal.next_seq == seq + 1
    assert app2.find("cn_game").load(app2).in_space() == []
    app2.end_session()
    app2.save()
    assert referee(["verify", os.path.join(root, "journals", "s0001.jrn")]) == 0
    # without the cut: the frame, then the save holds the refusal's screen
    board3, app3 = boot(tempdir("refusedlater2"), 5)
    to_a_green_address(board3, app3)
    saved = app3.storage.read("saves/state.sav")
    app3.handle("A", "short")
    assert app3.storage.read("saves/state.sav") == saved
    app3.redraw()
    after = app3.storage.read("saves/state.sav")
    assert after != saved and app3.saved_sha is not None
    keys(board3, app3, "A")                     # the refusal read: the grid again
    assert app3.top().ID == "cn_place"


def test_a_refusal_whose_journal_line_cannot_be_written_says_so_and_the_app_goes_on():
    # found by review: the refusal's journal line was left to App.handle's last flush,
    # outside the press's error handling: a full storage raised out of the app's loop
    # (a Pico at the REPL until reset); now the press is not kept and the notice says why
    root = tempdir("refusedfull")
    board, app = boot(root, 5)
    place = to_a_green_address(board, app)
    real = app.storage.append

    def full(name, text):
        if app.storage.later is None and name.startswith("journals/"):
            raise OSError(28, "no space")
        return real(name, text)

    app.storage.append = full
    app.handle("A", "short")                   # raises nothing
    app.storage.append = real
    app.redraw()
    lines = app.surface.lines()
    assert lines[0] == "Error" and "(the storage is full)" in " ".join(lines), lines
    # the grid comes back behind its "Hand to" gate, as after any press not kept
    assert [screen.ID for screen in app.stack][-3:] == ["cn_place", "resume_gate", "text"]


def test_a_press_right_after_a_refusal_makes_its_save_and_still_holds_its_lines():
    # found by review: with no frame between a refusal and the next press, the
    # refusal's save made at that press's start flushed and stopped the holding, so
    # that press's journal lines went to the file one by one (deep in the stack too)
    root = tempdir("refusednext")
    board, app = boot(root, 5)
    place = to_a_green_address(board, app)
    saved = app.storage.read("saves/state.sav")
    app.handle("A", "short")                   # refused; no frame follows
    assert app.storage.read("saves/state.sav") == saved
    seen = []
    reason = app.top()
    real = reason.on_button

    def watch(app_, name, kind):               # the press's own work, after that save
        seen.append(app.storage.later is not None)
        return real(app_, name, kind)

    reason.on_button = watch
    app.handle("A", "short")                   # the reason read: its save first, then this press
    assert app.storage.read("saves/state.sav") != saved
    assert app.top() is place
    assert seen == [True]                      # still holding: its lines would wait


def test_copying_the_state_afresh_lets_go_of_the_nsa_placements_game_in_hand():
    # found by review: firmware.relief.rehome copies the state's objects afresh when
    # the heap is in pieces, and the placement grid still held its ~8 KB game (and the
    # old state) until its next press
    from firmware.relief import rehome
    root = tempdir("rehomeheld")
    board, app = boot(root, 5)
    to_nsa_placement(board, app, "A A")
    place = app.top()
    keys(board, app, "R A")
    assert place.held is not None
    app.saved_sha = "another"                  # a state not copied before
    assert rehome(app)
    assert place.held is None
    loads = []
    hub = app.find("cn_game")
    real = hub.load
    hub.load = counting(loads, real)
    keys(board, app, "R A")                    # loads once, and holds it again
    assert len(loads) == 1 and place.held is not None
