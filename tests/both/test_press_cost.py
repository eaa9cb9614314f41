"""Issue 21's press costs that tests can see without a clock: which presses write
the save and which skip its digest (the figures themselves: tools/press_report.py
and tools/bench_pico.py, never a timed test)."""

from check import counting, tempdir

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
    saving_module.masked_digest = counting(digests, made)
    try:
        keys(board, app, "D D U D")
    finally:
        saving_module.masked_digest = made
    assert app.top().s["sel"] != sel           # the selection moved
    assert app.storage.read("saves/state.sav") == saved
    assert digests == []
    assert saving_module.moves_only(app.top(), "D", "short")
    assert not saving_module.moves_only(app.top(), "B", "short")


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
    saving_module.masked_digest = counting(digests, made)
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
