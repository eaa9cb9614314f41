"""Issue 21's press costs that tests can see without a clock, on the screens other
than Cybernaut's (tests/both/test_press_cost.py has those: each module loads whole
into the 240K heap beside the game it tests): which presses write the save, skip
its digest or its collection (the figures themselves: tools/press_report.py and
tools/bench_pico.py, never a timed test)."""

from check import counting, tempdir

from boards.sim import boot, parse_keys


def keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def test_moves_only_answers_each_class_for_itself_and_holds_only_the_last():
    # issue 21: moves_only keeps its answers for the last class asked (a class walk
    # is 0.7 ms on a Pico); asking about another class answers for that one, and
    # the first class is no longer held (a dropped cold module's class is freed)
    from firmware import saving as saving_module
    from firmware.ui import Menu, TextScreen

    class Picker(Menu):
        def side(self, app, name, kind):       # LEFT/RIGHT do something: a save
            pass

    class Mover(Menu):
        def move(self, app, step):             # its own move: never a cursor alone
            pass

    picker, mover, text = Picker(), Mover(), TextScreen.make("T", "x")
    for _ in range(2):                         # asked again: the same answers
        assert saving_module.moves_only(picker, "D", "short")
        assert saving_module.moves_only(picker, "U", "long")
        assert not saving_module.moves_only(picker, "L", "short")
        assert not saving_module.moves_only(picker, "A", "short")
        assert not saving_module.moves_only(mover, "D", "short")
        assert saving_module.moves_only(mover, "L", "short")   # Menu's own side
        assert saving_module.moves_only(text, "R", "long")     # VIEW_ARROWS
    held = [value for value in saving_module.__dict__.values() if isinstance(value, list)]
    assert [True for value in held if TextScreen in value] == [True]
    assert [True for value in held if Picker in value or Mover in value] == []


def test_the_games_menus_that_keep_only_b_move_their_cursor_without_a_save():
    # issue 21: these screens' on_button keeps B (a leave menu, a hand-back, a reveal)
    # and hands every arrow to Menu's (MENU_ARROWS), or only picks what is shown
    # (Neo-Hunt's map, VIEW_ARROWS): UP/DOWN move a cursor, never saved alone;
    # LEFT/RIGHT change a value where the screen has its own side (then saved)
    from firmware import saving as saving_module
    from firmware.screens import screen_class
    sides = {"nh_game": True, "nh_map": True, "cc_fight": False, "nh_attack": False,
             "cc_armour": False}
    for screen_id in sides:
        cls = screen_class(screen_id)
        screen = cls({})                        # its state does not matter: the class answers
        for name in ("U", "D"):
            for kind in ("short", "long"):
                assert saving_module.moves_only(screen, name, kind), (screen_id, name, kind)
        for name in ("L", "R"):
            assert saving_module.moves_only(screen, name, "short") == sides[screen_id], (screen_id, name)
        assert not saving_module.moves_only(screen, "A", "short")
        assert not saving_module.moves_only(screen, "B", "short")


def test_the_garbage_of_a_press_is_collected_after_its_frame():
    # issue 21: App.redraw collects after the frame is shown (between presses), so
    # the next press does not stop for a collection. MicroPython only (CPython's
    # heap has no gc.mem_free): right after the redraw there is nothing to collect
    import gc
    if not hasattr(gc, "mem_free"):
        return
    root = tempdir("collected")
    board, app = boot(root, 5)
    assert app.forget is not None
    keys(board, app, "A D U")                  # the Dice screen, two moves
    junk = [bytearray(64) for _ in range(100)]  # garbage, as a press leaves
    junk = None
    app.dirty = True
    app.redraw()
    left = gc.mem_free()
    gc.collect()
    assert gc.mem_free() - left < 64, gc.mem_free() - left   # the 6.4 KB went at redraw


def test_an_arrow_that_changes_nothing_on_a_private_screen_writes_nothing():
    # issue 21: a private screen's state is sealed whole in the save, with a fresh salt
    # each time, so every save of it differs: an arrow that changed nothing wrote one
    # (the GM's "Hand to" prompt, a reveal). Such an arrow saves nothing now (App._act
    # compares the screen's own state), a change is saved, sealed (never in clear)
    root = tempdir("privsame")
    board, app = boot(root, 5)
    keys(board, app, "D D D A A")              # Cybercore AF, the GM's AN prompt
    assert app.top().ID == "secret" and app.top().s["stage"] == 0, app.top().ID
    saved = app.storage.read("saves/state.sav")
    keys(board, app, "U D L R")                # "Hand to GM": the arrows do nothing
    assert app.storage.read("saves/state.sav") == saved
    keys(board, app, "A")                      # the GM looks: a new stage, saved
    shown = app.storage.read("saves/state.sav")
    assert shown != saved
    keys(board, app, "U")                      # nothing changes: nothing written
    assert app.storage.read("saves/state.sav") == shown
    value = app.unseal(app.top().s["sealed"])
    keys(board, app, "R")                      # the AN goes up: written, sealed
    assert app.unseal(app.top().s["sealed"]) == str(int(value) + 1)
    text = app.storage.read("saves/state.sav")
    assert text != shown and b'"stage": 1' not in text and b'"GM"' not in text
    keys(board, app, "L R")                    # down and up again: the same AN, sealed anew
    assert app.storage.read("saves/state.sav") != text


def test_a_player_editors_labels_are_made_when_read_and_drawn_alike():
    # issue 21: a player editor made all its twenty labels for every frame (~10 ms of
    # a Pico); its items are a sequence whose labels are made when read: the same
    # labels, lengths and order, drawn the same, the selection moving over all
    root = tempdir("labels")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A A")            # Cybercore fight, Add player
    editor = app.top()
    labels = editor.items(app)
    made = [editor.label(editor.load(app), field) for field in editor.fields()]
    assert len(labels) == len(made) > 7
    assert [labels[i] for i in range(len(made))] == made == list(labels)
    assert labels[-1] == made[-1] == "Done" and made[3] in labels and "x" not in labels
    try:
        labels[len(made)]
        raise AssertionError("no IndexError past the last field")
    except IndexError:
        pass
    app.dirty = True
    app.redraw()
    assert app.surface.lines()[1] == ">" + made[0]
    keys(board, app, "U")                      # wraps to "Done", the last field
    assert editor.s["sel"] == len(made) - 1
    assert ">Done" in app.surface.lines()


def test_an_arrow_that_changes_nothing_on_a_sealed_screen_does_not_even_save():
    # issue 21: on a screen the save seals whole ("Hand to GM", a reveal), an arrow
    # that changed nothing still snapshot, sealed and encoded the whole state to learn
    # it (30-50 ms of a Pico); its own state's text before and after tells it now
    root = tempdir("sealedsame")
    board, app = boot(root, 5)
    keys(board, app, "D D D A A")              # Cybercore AF, the GM's AN prompt
    assert app.top().ID == "secret" and app.top().s["stage"] == 0
    saves = []
    real = app.save
    app.save = counting(saves, real)
    keys(board, app, "U D L R")                # "Hand to GM": nothing changes
    assert saves == []
    keys(board, app, "A")                      # the GM looks: saved
    assert len(saves) == 1
    keys(board, app, "U")                      # the AN prompt's UP: nothing changes
    assert len(saves) == 1
    keys(board, app, "R")                      # the AN goes up: saved
    assert len(saves) == 2
    app.save = real


def test_a_player_editors_changes_are_saved_though_its_character_is_named_c():
    # found by review: a cursor's names are "sel", "r" and "c", and the player editor
    # keeps the character under "c": its LEFT/RIGHT edits were taken for cursor moves
    # and never saved (a reboot lost them). A cursor is a number: "c" there is none
    root = tempdir("editorc")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A A")            # Cybercore fight, Add player
    editor = app.top()
    first = dict(editor.load(app))
    sel = editor.s["sel"]
    keys(board, app, "D D R R R D R")
    changed = editor.load(app)
    assert changed != first
    board, app = boot(root, 5)                  # a power cut
    again = app.top()
    assert again.ID == editor.ID and again.load(app) == changed
    assert again.s["sel"] != sel                # the field chosen last, saved with the edit


def test_the_journals_older_entries_go_at_the_next_press():
    # found with the bench's restarts (issue 21): the journal's last eight entries,
    # each made amid its press's garbage, lived on as islands in the free heap (80 KB
    # free and no 1.3 KB block); a press keeps only the last press's entry, then its own
    root = tempdir("recent")
    board, app = boot(root, 5)
    keys(board, app, "A A")                    # the Dice screen, a roll
    first = app.journal.recent[-1]
    keys(board, app, "A")                      # a second roll
    assert app.journal.recent[0] is first and len(app.journal.recent) == 2
    second = app.journal.recent[-1]
    assert second["seq"] == first["seq"] + 1
    keys(board, app, "D")                      # a press that journals nothing
    assert app.journal.recent == [second]


def _cell_pixels(board, row, col):
    """The 6x8 pixels of text cell (row, col), a list of 0/1, row by row."""
    return [board.pixel(col * 6 + x, row * 8 + y) for y in range(8) for x in range(6)]


def test_the_fight_set_up_draws_its_title_bar_with_the_scroll_mark_on_it():
    # found while timing the fight screen (issue 21): it drew Menu's title, then the
    # title again as a bar over it, which hid the "v" that says more entries are
    # below (and cost a row of text a frame). The bar is Menu's own now (``invert``),
    # the mark dark on it as the title's text
    root = tempdir("fightbar")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A A U A")        # Cybercore fight, one player added
    fight = app.top()
    assert fight.ID == "cc_fight" and len(fight.items(app)) == 8  # 7 rows for 8 entries
    app.dirty = True
    app.redraw()
    title = app.surface.lines()[0]
    assert title.startswith("Fight set-up 1/8") and title.endswith("v"), title
    marked = _cell_pixels(board, 0, 20)
    bar = _cell_pixels(board, 0, 18)           # between the title's text and the mark
    assert bar == [1] * 48
    app.surface.clear()
    app.surface.mark(0, 20, "v")               # the same mark on a plain row
    plain = _cell_pixels(board, 0, 20)
    assert 0 < sum(plain) < 48 and marked == [1 - bit for bit in plain]


def test_left_right_on_the_fight_set_up_saves_only_what_it_changed():
    # issue 21: on the fight set-up a LEFT/RIGHT on a row without options (a player,
    # "Add creature") changes nothing, and its save's two encodings of the whole
    # state took 25 ms of a Pico (an 8-combatant set-up): App._act sees that none of
    # the screen's state values is another object and saves nothing. On "Ambush" the
    # same arrow changes the fight: saved, and the label read from the new state
    root = tempdir("fightside")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A A U A")        # Cybercore fight, one player added
    fight = app.top()
    saves = []
    real = app.save
    app.save = counting(saves, real)
    before = app.storage.read("saves/state.sav")
    keys(board, app, "L R D L R L")            # "Add player", then "Add creature"
    assert saves == [] and fight.s["sel"] == 1
    keys(board, app, "D D")                    # the player's row, then "Ambush"
    assert fight.items(app)[3] == "Ambush none" and saves == []
    keys(board, app, "R")                      # none -> foe hid: saved
    assert len(saves) == 1 and fight.items(app)[3] == "Ambush foe hid"
    assert fight.view(app).ambush == "foe_undetected" == fight.fight(app).ambush
    keys(board, app, "L")                      # back to none: saved again
    assert len(saves) == 2 and fight.items(app)[3] == "Ambush none"
    app.save = real
    assert app.storage.read("saves/state.sav") != before
    board, app = boot(root, 5)                 # a power cut: the set-up as shown
    assert app.top().ID == "cc_fight" and app.top().items(app)[3] == "Ambush none"


def test_the_fight_is_opened_once_per_state_and_a_change_opens_its_own():
    # issue 21: opening an 8-combatant fight is 26 ms of a Pico, and a cursor move
    # opened it three times. FightScreen.view keeps one per state for reading; a
    # press that changes the fight opens its own (``fight``), so a change that fails
    # halfway leaves the one drawn as the state says
    root = tempdir("fightview")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A A U A")        # Cybercore fight, one player added
    screen = app.top()
    view = screen.view(app)
    assert screen.view(app) is view and screen.fight(app) is not view
    changed = screen.fight(app)
    changed.ambush = "pc_detected"             # changed, never kept
    assert screen.view(app).ambush == "none" and screen.items(app)[3] == "Ambush none"
    screen.keep(app, changed)                  # kept: a new state, read anew
    assert screen.view(app) is not view and screen.view(app).ambush == "pc_detected"
    assert screen.items(app)[3] == "Ambush PC seen"


def test_arrows_on_a_screen_the_save_leaves_out_write_nothing():
    # found by the ballast bench (issue 21): a PIN's keys (the "New PIN" screen is never
    # saved) resealed and wrote the save under it at every key, 1.4 KB each; a move on
    # the leave menu took 400 ms of a Pico in a Cybernaut game for a save that wrote nothing
    from firmware.screens.prompt import LeaveMenu, PinEntry
    root = tempdir("transientarrows")
    board, app = boot(root, 5)
    keys(board, app, "D D D A A")              # Cybercore AF, "Hand to GM" (sealed whole)
    saves = []
    real = app.save
    app.save = counting(saves, real)
    app.push(PinEntry.make("GM"))
    saved = app.storage.read("saves/state.sav")
    keys(board, app, "U D L R")                # four PIN keys: nothing saved
    assert saves == [] and app.top().s["pin"] == "UDLR"
    assert app.storage.read("saves/state.sav") == saved
    keys(board, app, "A")                      # the first entry: A is saved as any press
    assert len(saves) == 1
    keys(board, app, "U D L R")                # again, to check: no save for the keys
    assert len(saves) == 1
    keys(board, app, "A")                      # set: its notice is saved
    assert app.has_pin("GM") and len(saves) == 2 and app.top().ID == "text"
    app.pop()
    app.push(LeaveMenu.make("Leave", "leave", "note"))
    count = len(saves)
    keys(board, app, "D U D")
    assert len(saves) == count and app.top().s["sel"] == 1
    keys(board, app, "B")                      # keep playing: back, saved as usual
    assert app.top().ID == "secret" and len(saves) == count + 1
    app.save = real


def test_the_gms_creature_editor_moves_its_cursor_without_a_save():
    # found by the ballast bench (issue 21): UP/DOWN on the GM's creature editor (a
    # private screen, sealed whole) resealed and wrote the save at every move; its
    # on_button hands arrows to Menu's (MENU_ARROWS); a change of a number is saved
    from firmware import saving as saving_module
    root = tempdir("foeedit")
    board, app = boot(root, 5)
    keys(board, app, "D D D D A D A A")        # Cybercore fight, Add creature, to the GM
    editor = app.top()
    assert editor.ID == "cc_foe", editor.ID
    assert saving_module.moves_only(editor, "D", "short") and not saving_module.moves_only(editor, "R", "short")
    saves = []
    real = app.save
    app.save = counting(saves, real)
    keys(board, app, "D D U")
    assert saves == [] and editor.s["sel"] == 1
    before = dict(editor.load(app))
    keys(board, app, "R")                      # the second field changes: saved, sealed
    assert len(saves) == 1 and editor.load(app) != before
    app.save = real


def test_a_private_screens_cursor_moves_write_nothing_and_a_then_acts_where_it_is():
    # found by the ballast bench (issue 21): Neo-Hunt's hidden placement (a private
    # screen, sealed whole in the save) wrote 2.2-2.6 KB at each move of its cursor:
    # its state's text without the cursor now tells a move from a change; the A that
    # follows acts on the place the cursor shows, and its save holds that cursor
    from old_saves import resume
    board, app, expect = resume("neohunt")
    board.press(app, "A")                      # past "Hand to P3"
    top = app.top()
    assert top.ID == "nh_place" and top.s["err"] == ""
    saved = app.storage.read("saves/state.sav")
    sel = top.s["sel"]
    keys(board, app, "D D")
    assert top.s["sel"] == (sel + 2) % len(top.CHOICES)
    assert app.surface.lines()[2].startswith("Go: ") and app.moved
    assert app.storage.read("saves/state.sav") == saved
    keys(board, app, "U")
    assert top.s["sel"] == (sel + 1) % len(top.CHOICES)
    assert app.storage.read("saves/state.sav") == saved
    keys(board, app, "A")                      # placed there, or refused there: saved
    text = app.storage.read("saves/state.sav")
    assert text != saved and b"P3 only" not in text
    if app.top() is top:                       # refused: the reason, the cursor kept
        assert top.s["err"] and top.s["sel"] == (sel + 1) % len(top.CHOICES)


def test_the_gms_reveal_menu_moves_its_cursor_without_a_save():
    # found by the ballast bench (issue 21): UP/DOWN on the GM's reveal menu (behind
    # "Hand to GM": sealed whole) wrote 2.3 KB at each move; A reveals the creature
    # the cursor is on
    from old_saves import resume
    from firmware.games.cybercore.edit import GmView
    from firmware.screens.prompt import Handover
    board, app, expect = resume("cybercore")
    board.press(app, "A")                      # the result read: the fight
    assert app.top().ID == "cc_fight"
    app.push(Handover.make("GM", GmView()))
    keys(board, app, "A")                      # the GM takes the device
    gm = app.top()
    assert gm.ID == "cc_gm", gm.ID
    saved = app.storage.read("saves/state.sav")
    items = gm.items(app)
    assert len(items) >= 2
    saves = []
    real = app.save
    app.save = counting(saves, real)
    keys(board, app, "D U D")
    assert saves == [] and gm.s["sel"] == 1 % len(items)
    assert app.storage.read("saves/state.sav") == saved
    app.save = real
    keys(board, app, "A")                      # the row the cursor is on: saved
    assert app.storage.read("saves/state.sav") != saved
    if items[1] == "Done":
        assert app.top() is not gm
    else:
        assert gm.items(app)[1].startswith("*")  # revealed, marked


def test_the_hand_back_screens_arrows_save_nothing():
    # found by the ballast bench (issue 21): the blank "Hand the device back" screen
    # does nothing on an arrow, yet each one went through the save's digest, and in
    # a heap in pieces (no block for the digest's text) wrote the save
    from firmware import saving as saving_module
    from firmware.screens.prompt import HandBack
    board, app = boot(tempdir("handback"), 5)
    app.push(HandBack())
    board.press(app, "A")                      # back to the main menu: saved
    app.push(HandBack())
    for name in ("U", "D", "L", "R"):
        assert saving_module.moves_only(app.top(), name, "short")
    saves = []
    real = app.save
    app.save = counting(saves, real)
    keys(board, app, "U D L R")
    assert saves == [] and app.top().ID == "handback"
    keys(board, app, "B")                      # continues: saved as any press
    assert len(saves) == 1 and app.top().ID == "main"
    app.save = real


def test_only_an_actions_save_keeps_the_state_before_it_as_state_prev():
    # issue 21: every save renamed the one before to state.prev (~10 ms of a Pico);
    # state.prev is needed as the state before an action (its undo step is copied
    # from it after the frame), so a save that only opens or closes a screen replaces
    # state.sav without the rename, and state.prev stays the state before the last action
    root = tempdir("prevkept")
    board, app = boot(root, 5)
    board.press(app, "A")                      # the Dice screen
    board.press(app, "A")                      # a roll: the Dice screen before it is PREV
    before_roll = app.storage.read("saves/state.prev")
    step = "undo/%d.snp" % (app.undo[2] - 1)
    assert app.storage.read(step) == before_roll
    renames = []
    rename = app.storage.rename

    def counted(*args):  # (no name of the device code here: the build's shrink)
        renames.append(args)
        return rename(*args)
    app.storage.rename = counted
    try:
        rolled = app.storage.read("saves/state.sav")
        board.press(app, "R")                  # the roll history: a screen opened
        assert app.top().ID != "dice" and app.storage.read("saves/state.sav") != rolled
        assert renames == [] and app.storage.read("saves/state.prev") == before_roll
        board.press(app, "B")                  # closed again: the save as it was
        assert app.top().ID == "dice" and renames == []
        board.press(app, "A")                  # another roll: the state before it is PREV
        assert renames == [("saves/state.sav", "saves/state.prev")]
        assert app.storage.read("saves/state.prev") != before_roll
        assert app.storage.read("undo/%d.snp" % (app.undo[2] - 1)) == app.storage.read("saves/state.prev")
    finally:
        app.storage.rename = rename


def test_a_frame_after_a_save_with_no_4_kb_block_copies_the_state_afresh_and_writes_nothing():
    # issue 21, room to spare: after the frame of a press that saved, with less than
    # 128 KB free, App.redraw asks for a 4 KB block (once a save); none:
    # firmware.relief copies the state afresh (a heap in pieces, its islands the
    # kept objects of presses). The copy keeps the save's text: nothing is written,
    # and a cursor move after it writes nothing
    import gc
    import firmware.app as app_module
    from firmware import relief
    root = tempdir("rehomed")
    board, app = boot(root, 5)
    keys(board, app, "A")  # the Dice screen
    asked = []

    def no_block(*size):
        asked.append(size)
        raise MemoryError("memory allocation failed, allocating %d bytes" % size[0])

    class Heap:  # the app's gc: a heap with ``free`` bytes free
        free = 200 * 1024
        collect = gc.collect

        @staticmethod
        def mem_free():
            return Heap.free

    roomy = relief.roomy
    forget = app.forget
    try:
        app_module.gc = relief.gc = Heap
        if forget is None:  # CPython: a board that lets go of modules
            app.forget = lambda *dropping: []
        app_module.bytearray = no_block
        relief.roomy = lambda *size: False
        relief._moved[0] = None
        keys(board, app, "A")  # a roll, with 200 KB free: not asked
        assert asked == []
        keys(board, app, "B")  # back to the Dice screen
        Heap.free = 100 * 1024
        held = []
        real_save = app.save

        def saving(*moved):  # the states as the roll's save leaves them
            real_save(*moved)
            held[:] = [screen.s for screen in app.stack]
        app.save = saving
        keys(board, app, "A")  # a roll: saved, then its frame
        app.save = real_save
        saved = open(root + "/saves/state.sav", "rb").read()
        assert asked == [(4096,)] and held
        assert [screen.s for screen in app.stack] == held
        assert all(screen.s is not old for screen, old in zip(app.stack, held))
        # once a save: the next frame of the same save asks for nothing
        moved = [screen.s for screen in app.stack]
        app.dirty = True
        app.redraw()
        assert asked == [(4096,)] and all(s is o for s, o in
                                          zip([screen.s for screen in app.stack], moved))
        keys(board, app, "D")  # a cursor move: nothing written
        assert open(root + "/saves/state.sav", "rb").read() == saved
    finally:
        app_module.gc = relief.gc = gc
        del app_module.bytearray
        relief.roomy = roomy
        app.forget = forget
