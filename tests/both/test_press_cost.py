"""Issue 21's press costs that tests can see without a clock: which presses write
the save and which skip its digest (the figures themselves: tools/press_report.py
and tools/bench_pico.py, never a timed test)."""

from check import tempdir

from boards.sim import boot, parse_keys


def keys(board, app, text):
    for name, long in parse_keys(text):
        board.press(app, name, long)


def test_an_arrow_on_the_cybernaut_game_menu_writes_nothing_and_skips_the_digest():
    # issue 21: GameScreen keeps B for itself and hands every arrow to Menu's own
    # handler (MENU_ARROWS): an arrow there is a cursor move, neither saved nor
    # digested; the next press that writes saves the selection
    from firmware import saving as saving_module  # App.save's module
    root = tempdir("undo")
    board, app = boot(root, 5)
    keys(board, app, "D D A D D A")            # Cybernaut, New game
    assert app.top().ID == "cn_game", app.top().ID
    saved = app.storage.read("saves/state.sav")
    sel = app.top().s["sel"]
    digests = []
    made = saving_module.masked_digest

    def counted(*args):
        digests.append(1)
        return made(*args)
    saving_module.masked_digest = counted
    try:
        keys(board, app, "D D U D")
    finally:
        saving_module.masked_digest = made
    assert app.top().s["sel"] != sel           # the selection moved
    assert app.storage.read("saves/state.sav") == saved
    assert digests == []
    assert saving_module.moves_only(app.top(), "D", "short")
    assert not saving_module.moves_only(app.top(), "B", "short")


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


def test_an_arrow_that_only_scrolls_a_text_writes_nothing_and_the_next_press_saves():
    # ui.TextScreen says VIEW_ARROWS: UP/DOWN scroll (its "top"), LEFT/RIGHT nothing;
    # no digest, no save; a power cut may lose where the text was scrolled to
    from firmware import saving as saving_module  # App.save's module
    from firmware.ui import TextScreen
    root = tempdir("scroll")
    board, app = boot(root, 5)
    app.push(TextScreen.make("Long", " ".join(["word%d" % i for i in range(60)])))
    app.save()
    app.redraw()
    saved = app.storage.read("saves/state.sav")
    digests = []
    made = saving_module.masked_digest

    def counted(*args):
        digests.append(1)
        return made(*args)
    saving_module.masked_digest = counted
    try:
        keys(board, app, "D D L R")
    finally:
        saving_module.masked_digest = made
    assert app.top().s["top"] == 2             # scrolled
    assert app.storage.read("saves/state.sav") == saved
    assert digests == []
    _, again = boot(root, 5)                   # a power cut: the last save's view
    assert again.top().ID == "text" and again.top().s["top"] == 0
    keys(board, app, "A")                      # the next press that writes saves
    assert app.storage.read("saves/state.sav") != saved



def test_a_boot_that_changes_nothing_leaves_the_save_byte_identical():
    # `referee sync` compares files byte for byte: a device nobody touched must not
    # rewrite its save. Decoding a save can give dicts that encode in another key
    # order (MicroPython's dicts iterate in hash order), so the boot's state text
    # differs from the file's while the state is the same: App._as_read says so.
    from shared_rules.save import decode_save, encode_save
    root = tempdir("boot-same")
    board, app = boot(root, 5)
    keys(board, app, "A A")                    # Dice, a roll: a save
    body = decode_save(app.storage.read("saves/state.sav"), "state.sav")
    reordered = {}
    for key in sorted(body, reverse=True):     # the same state, keys in another order
        reordered[key] = body[key]
    app.storage.write_atomic("saves/state.sav", (encode_save(reordered),))
    written = app.storage.read("saves/state.sav")
    board, app = boot(root, 5)                 # resumes, draws, saves: nothing to write
    assert app.top().ID == "dice"
    keys(board, app, "D")                      # a cursor move: no write either
    assert app.storage.read("saves/state.sav") == written
    keys(board, app, "A")                      # a roll: the state changed, it writes
    after = app.storage.read("saves/state.sav")
    assert after != written
    assert decode_save(after, "state.sav")["dice"]["counter"] == body["dice"]["counter"] + 1


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


def test_the_face_down_chits_are_opened_once_until_they_are_sealed_again():
    # issue 21: GameScreen.load unsealed and parsed the face-down chits on every frame
    # and action (~110 ms on a Pico); the game screen keeps them opened (RAM only)
    # while its sealed part is the same object, each load gets its own copy, a store
    # seals them anew (opened again), and memory pressure lets them go (shed)
    from firmware.games.cybernaut import shared
    root = tempdir("opened")
    board, app = boot(root, 5)
    keys(board, app, "D D A D D A")            # Cybernaut, New game
    hub = app.find("cn_game")
    opened = []
    real = app.unseal

    def counted(text):
        opened.append(1)
        return real(text)
    app.unseal = counted
    hub.let_go()
    first = hub.load(app)
    groups = len(hub.s["sec"]["groups"])
    assert len(opened) == groups > 0, (len(opened), groups)   # every group opened once
    first.s["nsa"][0]["at"] = "M99"             # a trial change to one loaded game
    second = hub.load(app)
    assert len(opened) == groups                # opened no more
    assert second.s["nsa"][0]["at"] != "M99"    # its own copy: the change is not in it
    hub.store(app, second)                      # sealed anew: a new sealed part
    third = hub.load(app)
    assert len(opened) == 2 * groups, (len(opened), groups)
    assert [c["id"] for c in third.s["nsa"]] == [c["id"] for c in second.s["nsa"]]
    if app.forget is None:                      # CPython's boot gives none: relief needs one
        app.forget = lambda prefixes, keep: []
    shared.shed(app)                            # memory pressure: let them go
    assert hub.opened is None
    hub.load(app)
    assert len(opened) == 3 * groups, (len(opened), groups)
    app.unseal = real


def test_an_arrow_that_changes_nothing_on_a_private_screen_writes_nothing():
    # issue 21: a private screen's state is sealed whole in the save; with a fresh salt
    # each time every save of it differed, so an arrow that changed nothing wrote one
    # (the GM's "Hand to" prompt, a reveal). Its salt now comes from its text, keyed:
    # the same state seals alike, a changed one anew (and never in clear)
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
