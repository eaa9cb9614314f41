"""The device app on the simulator board: buttons, surface, storage, the first
flows with pinned outcomes for fixed seeds, resume after a reboot, bad saves."""

from check import NullFb, SeqSource, raises, read_text, tempdir, write_bytes

from boards.sim import KeysError, boot, parse_keys, run_script
from firmware.buttons import LONG, SHORT, Button
from firmware.storage import Storage
from shared_rules import dice
from shared_rules.save import decode_save, encode_save


# ---- buttons --------------------------------------------------------------

class Contact:
    def __init__(self):
        self.closed = False

    def __call__(self):
        return self.closed


def run_button(button, contact, timeline, until):
    """timeline: list of (ms, closed) changes; sample every ms up to ``until``."""
    events = []
    changes = list(timeline)
    for now in range(until + 1):
        while changes and changes[0][0] == now:
            contact.closed = changes.pop(0)[1]
        kind = button.update(now)
        if kind:
            events.append((now, kind))
    return events


def test_short_press_fires_once_on_release_after_debounce():
    contact = Contact()
    events = run_button(Button("A", contact), contact, [(10, True), (110, False)], 300)
    assert events == [(110 + Button.debounce_ms, SHORT)]


def test_long_press_fires_while_held_and_release_fires_nothing():
    contact = Contact()
    events = run_button(Button("A", contact), contact, [(10, True), (1000, False)], 1200)
    assert events == [(10 + Button.long_ms, LONG)]


def test_bounce_is_ignored():
    contact = Contact()
    bounce = [(10, True), (12, False), (13, True), (16, False), (18, True),   # closing bounce
              (200, False), (202, True), (205, False), (207, True), (209, False)]  # opening bounce
    events = run_button(Button("B", contact), contact, bounce, 400)
    assert events == [(209 + Button.debounce_ms, SHORT)]


def test_glitch_shorter_than_debounce_is_not_a_press():
    contact = Contact()
    events = run_button(Button("B", contact), contact, [(10, True), (10 + Button.debounce_ms - 1, False)], 200)
    assert events == []


# ---- storage --------------------------------------------------------------

def test_storage_atomic_write_and_append():
    root = tempdir("st")
    store = Storage(root + "/data")
    store.write_atomic("saves/a.sav", "one")
    store.write_atomic("saves/a.sav", b"two")
    # parts written one after the other: str as UTF-8 (a save's lines, never joined)
    store.write_atomic("parts/b.sav", ("h\u00e9", b"\n", "body", "\n"))
    assert store.read("parts/b.sav") == "h\u00e9\nbody\n".encode()
    # copy: in 512-byte pieces, whole; a missing file copies nothing
    big = (bytes(range(251)) * 6)[:1300]  # i % 251 for i < 1300, with no 16 KB list of ints
    store.write_atomic("parts/big.sav", big)
    store.copy("parts/big.sav", "steps/1.snp")
    assert store.read("steps/1.snp") == big
    store.copy("parts/none.sav", "steps/2.snp")
    assert store.exists("steps/2.snp") is False
    assert store.read("saves/a.sav") == b"two"
    assert store.listdir("saves") == ["a.sav"]          # no temporary file left
    store.append("journals/s.jrn", "x\n")
    store.append("journals/s.jrn", "y\n")
    assert store.read("journals/s.jrn") == b"x\ny\n"
    assert store.read("missing") is None
    store.remove("saves/a.sav")
    assert store.exists("saves/a.sav") is False


def test_storage_streams_a_json_save_to_the_same_bytes():
    # write_json_atomic: the body as json.dump streams it, its header computed from
    # the file read back; the bytes equal those of the save made in RAM
    from shared_rules.save import save_header, save_parts
    store = Storage(tempdir("stream") + "/data")
    body = {"screens": [{"id": "dice", "s": {"sel": 2}}], "t\u00e9xt": "h\u00e9 \"q\" \\ \n",
            "n": [1, -2, 3.5, True, None], "long": "x" * 1300}
    header, text = save_parts(body)
    store.write_atomic("saves/old.sav", "old")
    store.write_json_atomic("saves/old.sav", save_header, body)
    data = store.read("saves/old.sav")
    assert data == (header + "\n" + text + "\n").encode()
    assert decode_save(data, "old.sav") == body
    assert store.listdir("saves") == ["old.sav"]  # neither the body nor the .tmp is left
    store.write_json_atomic("fresh/new.sav", save_header, {"a": 1})  # its folder is made
    assert decode_save(store.read("fresh/new.sav"), "new.sav") == {"a": 1}


def _no_room(*args):
    raise MemoryError("memory allocation failed, allocating 9000 bytes")


def test_a_state_with_no_block_for_its_text_is_saved_in_pieces_and_resumes():
    # App.save: when json.dumps of the whole state runs out of memory (a heap in
    # pieces has no block as big as the state's text), the text is made in pieces
    # (shared_rules.pieces: no block bigger than a screen's state) and written
    # unjoined: the same bytes, no file streamed twice (issue 21); a small state
    # goes back to one piece at the next save
    import firmware.saving as saving_module  # where App.save calls it
    root = tempdir("piecesave")
    lines1, app1 = screen(5, "A A", root)  # open Dice, roll a d6
    board, app2 = boot(root, 5)
    # (after the boot: a MicroPython board's boot lets go of the rules' modules,
    # and App.save imports this one afresh by name)
    import shared_rules.pieces as pieces_module
    made = saving_module.save_parts
    streamed = []
    split = []
    real_split = pieces_module.save_pieces

    def counted(body):
        split.append(1)
        return real_split(body)

    saving_module.save_parts = _no_room
    pieces_module.save_pieces = counted
    try:
        app2.storage.write_json_atomic = lambda *args: streamed.append(args)
        board.press(app2, "A")  # a second d6: saved in pieces
        lines2 = app2.surface.lines()
        assert split and not streamed, (split, streamed, app2.surface.lines())
        saving_module.save_parts = made
        del split[:]
        board.press(app2, "A")  # a third: small, whole again
        assert not split and not streamed, ("2", split, streamed)
        lines3 = app2.surface.lines()
    finally:
        saving_module.save_parts = made
        pieces_module.save_pieces = real_split
    assert lines2 != lines1 and lines3 != lines2, (lines1, lines2, lines3)
    store = Storage(root)
    body = decode_save(store.read("saves/state.sav"), "state.sav")  # its checksum holds
    assert body["screens"][-1]["id"] == "dice"
    board, app3 = boot(root, 5)
    assert app3.surface.lines() == lines3


def test_a_state_too_big_for_one_block_is_saved_streamed_and_resumes():
    # App.save: when json.dumps of the state runs out of memory, and so does a piece
    # of it (shared_rules.pieces), the save is streamed instead
    import firmware.saving as saving_module  # where App.save calls it
    root = tempdir("streamsave")
    lines1, app1 = screen(5, "A A", root)  # open Dice, roll a d6
    board, app2 = boot(root, 5)
    import shared_rules.pieces as pieces_module  # (after the boot: as above)
    made = saving_module.save_parts
    real_split = pieces_module.save_pieces
    saving_module.save_parts = _no_room
    pieces_module.save_pieces = _no_room
    streamed = []
    write_json = app2.storage.write_json_atomic
    app2.storage.write_json_atomic = lambda *args: streamed.append(1) or write_json(*args)
    try:
        board.press(app2, "A")  # a second d6: saved streamed
        lines2 = app2.surface.lines()
    finally:
        saving_module.save_parts = made
        pieces_module.save_pieces = real_split
    assert lines2 != lines1 and streamed
    store = Storage(root)
    body = decode_save(store.read("saves/state.sav"), "state.sav")  # its checksum holds
    assert body["screens"][-1]["id"] == "dice"
    assert "state.sav.body.tmp" not in store.listdir("saves")
    board, app3 = boot(root, 5)
    assert app3.surface.lines() == lines2


class _NoRoomJson:
    """Stands in for json in firmware.storage: dump runs out of memory part way."""

    @staticmethod
    def dump(value, handle):
        handle.write("{")
        raise MemoryError("memory allocation failed, allocating 4096 bytes")


def test_a_streamed_save_that_runs_out_of_memory_loses_nothing():
    # App.save had already made the last save the previous one (PREV) when the
    # streamed write failed: the recovery goes back to PREV, the state before the
    # press, and no half-written copy stays behind
    import firmware.saving as saving_module  # where App.save calls it
    import firmware.storage as storage_module
    root = tempdir("streamfail")
    board, app = boot(root, 5)
    for key in ("A", "A"):  # Dice, roll a d6
        board.press(app, key)
    app.redraw()
    before = app.surface.lines()
    import shared_rules.pieces as pieces_module
    made, real_json = saving_module.save_parts, storage_module.json
    real_split = pieces_module.save_pieces
    saving_module.save_parts = _no_room
    pieces_module.save_pieces = _no_room
    storage_module.json = _NoRoomJson
    try:
        board.press(app, "A")  # a second d6: its save runs out of memory
    finally:
        saving_module.save_parts = made
        pieces_module.save_pieces = real_split
        storage_module.json = real_json
    app.redraw()
    assert app.surface.lines()[0] == "Out of memory", app.surface.lines()
    board.press(app, "B")  # the notice goes: the game as it was before the press
    app.redraw()
    assert app.top().ID == "dice" and app.surface.lines() == before
    assert "state.sav.body.tmp" not in Storage(root).listdir("saves")  # no body copy left
    board.press(app, "A")  # the next roll saves again
    app.redraw()
    after = app.surface.lines()
    board, app = boot(root, 5)
    assert app.surface.lines() == after


# ---- keys scripts ---------------------------------------------------------

def test_keys_script_parsing():
    assert parse_keys("U D a A:long B LEFT right:LONG") == [
        ("U", False), ("D", False), ("A", False), ("A", True), ("B", False), ("L", False), ("R", True)]
    exc = raises(KeysError, parse_keys, "U Q")
    assert "token 2 'Q'" in str(exc)
    exc = raises(KeysError, parse_keys, "A:short")
    assert "':long'" in str(exc)


# ---- the first flows, pinned for fixed seeds -------------------------------

def screen(seed, keys, root=None):
    board, app = run_script(root or tempdir("sim"), seed, keys)
    return app.surface.lines(), app


def test_screen_registry_lookup():
    from firmware.screens import screen_class
    from firmware.screens.main import MainMenu
    assert screen_class("main") is MainMenu
    # unknown, empty and damaged IDs (from a corrupt save) find nothing
    for bad in ("nosuch", "", "main x", "mai", "ain", "firmware.screens.main"):
        assert screen_class(bad) is None, bad


def test_first_frame_is_the_main_menu():
    lines, app = screen(1, "")
    assert lines == ["Pocket Referee      v", ">Dice", " Neo-Hunt shot", " Cybernaut", " Cybercore AF",
                     " Cybercore fight", " Session & dice", "Dice commit " + app.seed_id]
    # the list scrolls: UP wraps to the last entry, and the title row marks more above
    up, app_up = screen(1, "U")
    assert up[0] == "Pocket Referee     ^"
    assert up[1:7] == [" Neo-Hunt shot", " Cybernaut", " Cybercore AF", " Cybercore fight",
                       " Session & dice", ">Neo-Hunt game"]
    assert app.surface.frames == 1


def test_dice_flow_each_die_and_last_five():
    lines, app = screen(7, "A A D A D A D A D A")
    # the same seed replayed through the rules gives the same dice in the same order
    source = dice.HashSource(7)
    d6 = dice.d6(source)
    d10 = dice.d10(source)
    two = dice.two_d10(source)[0]
    d20 = dice.d20(source)
    d100 = dice.d100(source)
    assert lines[6] == "d100 = %d (%d,%d)" % d100
    # newest first, each with its die, as many whole entries as fit 21 columns
    assert lines[7] == "Last d100:%d d20:%d" % (d100[0], d20)
    # pinned outcome for seed 7
    assert lines == ["Dice A=roll R=history", " d6 Neo-Hunt", " d10 Cybernaut", " 00-99 Cybernaut",
                     " d20 Cybercore", ">d100 Cybercore", "d100 = 66 (6,6)", "Last d100:66 d20:3"]
    # R: all five, newest first, named (issue 19: dice history names its dice)
    lines, app = screen(7, "A A D A D A D A D A R")
    assert lines[:6] == ["Last rolls (newest)", "d100: %d" % d100[0], "d20: %d" % d20, "00-99: %d" % two,
                         "d10: %d" % d10, "d6: %d" % d6]


def test_the_00_99_roll_is_named_as_its_menu_entry():
    # found by a new user: the menu says "00-99 Cybernaut", the roll read "2d10 = 96"
    lines, app = screen(7, "A D D A")
    assert lines[3] == ">00-99 Cybernaut"
    total = app.history[0][1]
    assert app.history[0][0] == "00-99" and 0 <= total <= 99
    assert lines[6].startswith("00-99 = %02d (" % total) and lines[7] == "Last 00-99:%d" % total


def test_dice_history_keeps_five_newest_first():
    lines, app = screen(3, "A A A A A A A A")
    source = dice.HashSource(3)
    rolls = [dice.d6(source) for _ in range(7)]
    # the three newest fit 21 columns ("Last d6:1 d6:2 d6:3" is 19); R lists all five
    assert lines[7] == "Last " + " ".join("d6:%d" % r for r in list(reversed(rolls))[:3])
    assert [item[1] for item in app.history] == list(reversed(rolls))[:5]
    assert len(app.history) == 5


def test_dice_last_line_shows_only_whole_rolls_in_21_columns():
    lines, app = screen(3, "A")
    screen_ = app.top()
    app.history = [["d6 shot", 5], ["d6", 2], ["2d10", 79], ["d6 burn", 1], ["d20", 4]]
    assert screen_.footer(app)[1] == "Last d6:5 d6:2"             # 14: " 2d10:79" would make 22
    app.history = [["d6 shot", 5], ["d6 burn", 2], ["d6 arrive", 6], ["d6", 1], ["d6", 3]]
    assert screen_.footer(app)[1] == "Last d6:5 d6:2 d6:6"        # 19: " d6:1" would make 24
    app.history = [["d100", 100], ["d100", 100], ["d6", 4]]
    assert screen_.footer(app)[1] == "Last d100:100"              # 13: " d100:100" would make 22
    app.history = []
    assert screen_.footer(app)[1] == "Last"
    # the named list (R) gives each roll's whole label, newest first
    app.history = [["d6 shot", 5], ["d6 burn", 2], ["d6 arrive", 6]]
    screen_.side(app, "R", "short")
    assert app.top().s["lines"] == ["d6 shot: 5", "d6 burn: 2", "d6 arrive: 6"]


def test_neohunt_shot_flow_pinned():
    # seed 16 rolls 6 then 2 on the d6
    source = dice.HashSource(16)
    assert [dice.d6(source), dice.d6(source)] == [6, 2]
    # before the roll: the need and the exact odds (6 on a d6: 1 in 6)
    lines, app = screen(16, "D A D D D")
    assert lines == ["Neo-Hunt shot", " Visible", " Visible+cover", " Cloaked", ">Cloaked+cover",
                     "Need 6+ mod +0", "hit 1/6=17%", "A:roll L/R:modifier"]
    # the roll opens its own screen until A
    lines, app = screen(16, "D A D D D A")
    assert lines == ["Shot", "Need 6+ mod +0", "d6 6: HIT", "", "", "", "", "A: OK"]
    lines, app = screen(16, "D A D D D A A")
    assert lines == ["Neo-Hunt shot", " Visible", " Visible+cover", " Cloaked", ">Cloaked+cover",
                     "Need 6+ mod +0", "hit 1/6=17%", "d6 6: HIT"]
    # with a -1 modifier against a cloaked target in cover: the unmodified 6 still hits,
    # and the odds stay 1 in 6
    lines, app = screen(16, "D A D D D L")
    assert lines[5:7] == ["Need 6+ mod -1", "hit 1/6=17%"]
    lines, app = screen(16, "D A D D D L A")
    assert lines[:4] == ["Shot", "Need 6+ mod -1", "d6 6: HIT", "A 6 always hits"]
    entry = app.journal.recent[-1]
    assert entry["out"] == {"d6": 6, "need": 6, "hit": True}
    assert entry["in"] == {"target": "cloaked_cover", "mod": -1}
    # B on the result screen does not go back: the roll stands, A closes it
    lines, app = screen(16, "D A D D D L A B")
    assert lines[0] == "Shot" and lines[7] == "Done: press A"
    lines, app = screen(16, "D A D D D L A A A")
    assert lines[:3] == ["Shot", "Need 6+ mod -1", "d6 2: MISS"]
    # seed 7 rolls 4: visible (4+) hits, visible in cover (5+) misses
    lines, app = screen(7, "D A")
    assert lines[5:7] == ["Need 4+ mod +0", "hit 3/6=50%"]
    lines, app = screen(7, "D A A")
    assert lines[1:3] == ["Need 4+ mod +0", "d6 4: HIT"]
    lines, app = screen(7, "D A D A")
    assert lines[1:3] == ["Need 5+ mod +0", "d6 4: MISS"]
    # the modifier moves the odds: +3 on a visible target hits on every face
    lines, app = screen(7, "D A R R R")
    assert lines[5:7] == ["Need 4+ mod +3", "hit 6/6=100%"]


def test_neohunt_shot_each_state_against_the_rules():
    from shared_rules.neohunt.rules import TARGET_ORDER, shot_hits
    for seed in (1, 2, 3, 4, 5):
        for index in range(4):
            keys = "D A" + " D" * index + " A"
            lines, app = screen(seed, keys)
            face = dice.d6(dice.HashSource(seed))
            hit, need = shot_hits(TARGET_ORDER[index], face)
            assert lines[1] == "Need %d+ mod +0" % need
            assert lines[2] == "d6 %d: %s" % (face, "HIT" if hit else "MISS")


def test_cybernaut_interaction_flow_pinned():
    lines, app = screen(7, "D D A A R A")
    face = dice.d10(dice.HashSource(7))
    assert lines[1] == "d10 %d+4=%d" % (face, face + 4)
    assert lines == ["Interaction", "d10 7+4=11", "Anarchy: C", "C: gain a Cyberchit",
                     "(PLACEHOLDER pack)", "", "", "A: OK"]
    entry = app.journal.recent[-1]
    assert entry["kind"] == "interaction" and entry["rule"] == "Cybernaut V.A"
    assert entry["out"]["total"] == 11 and entry["out"]["result"] == "C"


def test_cybernaut_interaction_odds_before_the_roll():
    # the sample pack's Anarchy column: 0-2 "A E", 3-5 E, 6-8 -, 9-11 C, 12-14 T,
    # 15-19 "C T". Best RW 4: the totals 4..13 give E 2, - 3, C 3, T 2 in 10
    lines, app = screen(7, "D D A A R")
    assert lines[6:] == ["RW 4 </> A: roll", "E20% -30% C30% T20%"]
    # RW 3 on Anarchy: 3..12 -> E 3, - 3, C 3, T 1
    lines, app = screen(7, "D D A A")
    assert lines[6:] == ["RW 3 </> A: roll", "E30% -30% C30% T10%"]
    # RW 0: 0..9 -> "A E" 3, E 3, - 3, C 1 (a result's space reads "+")
    lines, app = screen(7, "D D A A L L L")
    assert lines[6:] == ["RW 0 </> A: roll", "A+E30% E30% -30% C10%"]
    # RW 9 on Tech (the last environ): 9..18 -> T 3, "C T" 3, H 4
    lines, app = screen(7, "D D A A U R R R R R R")
    assert lines[4] == ">Tech" and lines[6:] == ["RW 9 </> A: roll", "T30% C+T30% H40%"]


def test_cybernaut_encounter_flow_pinned():
    lines, app = screen(7, "D D A D A")
    total, first, second = dice.two_d10(dice.HashSource(7))
    assert lines[1] == "Roll %02d (%d,%d)" % (total, first, second)
    assert lines[:4] == ["Encounter V.D", "Roll 74 (7,4)", "Placeholder", "encounter 70-79"]
    # a roll's result: its own screen until A (B does not close it; issue 19)
    assert app.top().ID == "result" and lines[7] == "A: OK"


def test_cybercore_armour_flow_pinned_and_an_never_shown():
    # open armour, GM sets AN (starts at 15; R R R -> 18), confirm, roll
    lines, app = screen(7, "D D D A A A R R R A D D D D A")
    face = dice.d20(dice.HashSource(7))
    from shared_rules.cybercore.rules import armour_check
    out = armour_check(face, 5, 18, 10, 2)
    assert lines[1] == "d20 %d+5 = %d" % (face, face + 5)
    assert lines == ["Armour result", "d20 7+5 = 12", "Failed", "8 of 10 dmg", "passes (DR 2)",
                     "Quality -1", "Glitch check!", "A: OK"]
    assert (out.band, out.passed, out.quality_loss) == ("failed", 8, 1)
    # the AN is sealed in the save and the journal: the value kept there is not the
    # number but a sealed text that opens to it
    save = read_text(app.storage.path("saves/state.sav"))
    journal = read_text(app.storage.path(app.journal_name()))
    assert '"an": "' in journal and '"an": 18' not in journal
    logged = app.journal.recent[-1]["in"]
    assert (logged["af"], logged["dmg"], logged["dr"]) == (5, 10, 2)
    assert logged["an"] not in ("18", 18) and app.unseal(logged["an"]) == "18"
    body = decode_save(save, "state.sav")
    armour = [screen["state"] for screen in body["screens"] if screen["id"] == "cc_armour"]
    assert len(armour) == 1, [screen["id"] for screen in body["screens"]]  # under the result
    saved = armour[0]
    assert sorted(saved) == ["af", "an", "an_id", "dmg", "dr", "sel"]  # nothing more kept
    assert (saved["af"], saved["dmg"], saved["dr"], saved["an_id"]) == (5, 10, 2, logged["an_id"])
    assert saved["an"] not in ("18", 18) and app.unseal(saved["an"]) == "18"
    assert '"an": 18' not in save and '"an": "18"' not in save


def test_gm_prompt_shows_an_only_to_the_gm_then_hides_it():
    lines, app = screen(2, "D D D A A")
    assert lines[0] == "Hand to GM" and "15" not in " ".join(lines)
    lines, app = screen(2, "D D D A A A")
    assert lines[2] == "AN: 15"
    lines, app = screen(2, "D D D A A A A")
    assert lines[1] == ">AN  set, hidden"
    assert "15" not in " ".join(lines)


def test_armour_roll_before_the_an_is_set_says_so():
    lines, app = screen(2, "D D D A U U A")   # UP twice from AN: "Roll d20+AF"
    assert lines[0] == "Armour check"
    assert "GM has not set the AN" in " ".join(lines)


# ---- resume and bad saves -------------------------------------------------

def test_reboot_resumes_the_same_screen_and_dice():
    root = tempdir("resume")
    lines1, app1 = screen(5, "A A A", root)      # open Dice, roll d6 twice
    board, app2 = boot(root, 5)
    assert app2.surface.lines() == lines1
    # the dice carry on: the next roll is the 3rd of the seed, not the 1st again
    board.press(app2, "A")
    source = dice.HashSource(5)
    rolls = [dice.d6(source) for _ in range(2)]
    assert app2.surface.lines()[7] == "Last " + " ".join("d6:%d" % r for r in [dice.d6(source)] + rolls[::-1])
    assert app2.journal.next_seq == 5  # the session's commitment, then three rolls


def test_bad_checksum_falls_back_to_last_good_save_and_keeps_the_bad_one():
    root = tempdir("bad")
    lines1, app1 = screen(5, "A A", root)        # the previous save: dice screen, one roll
    board, app = boot(root, 5)
    board.press(app, "A")                         # a second roll: state.sav, the first kept as state.prev
    good_prev = read_text(root + "/saves/state.prev")
    damaged = read_text(root + "/saves/state.sav").replace('"sel": 0', '"sel": 3')
    write_bytes(root + "/saves/state.sav", damaged.encode())
    board, app = boot(root, 5)
    lines = app.surface.lines()
    assert lines[0] == "Save problem"
    text = " ".join(lines)
    assert "checksum" in text
    assert read_text(root + "/saves/bad1.sav") == damaged       # never deleted
    board.press(app, "B")                                        # close the notice
    assert app.surface.lines()[1:6] == lines1[1:6]
    assert decode_save(good_prev, "prev")["history"] == app.history


def test_newer_save_version_is_reported_and_kept():
    root = tempdir("newer")
    screen(5, "A A", root)
    text = read_text(root + "/saves/state.sav").replace('"version": 1', '"version": 7', 1)
    write_bytes(root + "/saves/state.sav", text.encode())
    board, app = boot(root, 5)
    lines = app.surface.lines()
    assert lines[0] == "Save problem"
    assert "has version 7" in " ".join(lines)
    assert read_text(root + "/saves/bad1.sav") == text


def test_missing_pack_is_a_clear_message_and_nothing_is_lost():
    root = tempdir("nopack")
    board, app = boot(root, 1)
    app.pack_dirs = ()
    board.press(app, "D")
    board.press(app, "D")
    board.press(app, "A")
    lines = app.surface.lines()
    assert lines[0] == "Pack problem"
    assert "packs/cybernaut-sample.json" in "".join(lines)
    assert "missing" in " ".join(lines)


def test_bad_pack_on_the_device_names_the_file_and_problem():
    root = tempdir("badpack")
    store = Storage(root)
    store.write_atomic("packs/cybernaut-sample.json", b'{"format": "pocket-referee-pack", "version": 1, '
                       b'"tables": {"interaction": {"kind": "range", "rows": [{"lo": 0, "hi": 4, "result": "a"},'
                       b' {"lo": 3, "hi": 9, "result": "b"}]}}}')
    board, app = boot(root, 1)
    for key in ("D", "D", "A"):
        board.press(app, key)
    joined = "".join(app.surface.lines())
    assert "Pack problem" in joined
    assert "overlaps" in joined
    # the state is still saved and resumable after the problem
    assert decode_save(read_text(root + "/saves/state.sav"), "s")["screens"][0]["id"] == "main"
    assert SeqSource is not None and encode_save is not None


def test_a_saved_game_too_big_for_the_heap_at_start_is_set_aside_and_the_referee_starts():
    # a boot that ran out of memory after loading the saved game failed at every boot
    root = tempdir("bootoom")
    board, app = boot(root, 7)
    for key in ("A", "A"):                        # Dice: a roll, saved
        board.press(app, key)
    saved = read_text(root + "/saves/state.sav")
    import firmware.resume as resume              # the boot's module (dropped after it)
    real = resume.sync_journal
    calls = [0]

    def starving(app):
        calls[0] += 1
        if calls[0] == 1:                         # the first read, with the game loaded
            raise MemoryError("memory allocation failed")
        return real(app)

    resume.sync_journal = starving
    try:
        board, app = boot(root, 7)
    finally:
        resume.sync_journal = real
    assert calls[0] == 2
    assert [s.ID for s in app.stack] == ["main", "text"]
    whole = " ".join(app.top().s["lines"])
    assert app.top().s["title"] == "Save problem", app.top().s
    assert "needs more memory than is free at start" in whole and "bad1.sav" in whole, whole
    assert "session 2 starts" in whole
    assert read_text(root + "/saves/bad1.sav") == saved      # kept, never deleted
    board, app = boot(root, 7)                    # and the next boot is a plain one
    assert app.top().ID == "main" and app.session == 2


def test_journal_numbering_survives_a_cut_between_journal_and_save():
    # an entry journaled but not yet in the save (power cut between the two writes)
    root = tempdir("cut")
    screen(5, "A A", root)
    store = Storage(root)
    from shared_rules.journal import encode_entry, read_journal
    # (entry 1 is the session's dice commitment, entry 2 the roll)
    extra = {"seq": 3, "game": "dice", "kind": "roll", "rule": "", "in": {}, "out": {}}
    store.append("journals/s0001.jrn", encode_entry(extra) + "0000")   # and a torn tail
    board, app = boot(root, 5)
    assert app.journal.next_seq == 4
    board.press(app, "A")
    entries, torn = read_journal(read_text(root + "/journals/s0001.jrn"), "j")
    assert [e["seq"] for e in entries] == [1, 2, 3, 4]
    assert torn is False


def test_a_reboot_into_a_private_screen_resumes_behind_a_gate():
    # the GM is setting the AN (shown on screen) when the power goes
    root = tempdir("gate")
    lines, app = screen(7, "D D D A A A R R", root)
    assert lines[2] == "AN: 17"
    board, app = boot(root, 7)
    lines = app.surface.lines()
    assert lines[0] == "Hand to GM" and "17" not in " ".join(lines)
    board.press(app, "A")
    assert app.surface.lines()[2] == "AN: 17"
    board, app = boot(root, 7)
    assert app.surface.lines()[0] == "Hand to GM"
    board.press(app, "B")                       # not the GM: back, the AN not shown
    assert app.top().ID == "cc_armour" and "17" not in " ".join(app.surface.lines())
    assert app.surface.lines()[0] == "Armour check"
    # a screen opened through a handover keeps its owner across a reboot too
    from firmware.screens.prompt import Handover
    from firmware.ui import TextScreen
    app.home()
    app.push(Handover.make("P2", TextScreen.make("P2 only", "move: sector 4")))
    board.press(app, "A")
    assert app.surface.lines()[0] == "P2 only"
    board, app = boot(root, 7)
    assert app.surface.lines()[0] == "Hand to P2"
    assert "sector 4" not in " ".join(app.surface.lines())
    board.press(app, "A")
    assert app.surface.lines()[1] == "move: sector 4"


def test_out_of_memory_mid_press_resumes_the_last_save_and_says_so():
    root = tempdir("oom")
    board, app = boot(root + "/data", 7)
    for key in ("A", "A", "D", "A"):  # Dice: roll a d6, then a d10
        board.press(app, key)
    app.redraw()
    kept = app.surface.lines()
    history = list(app.history)
    counter = app.source.counter

    def starving(app_, name, kind):
        # the press rolls and journals a d20, then runs out of memory before the save
        from shared_rules import dice
        app_.record("dice", "roll", {"die": "d20"}, {"total": dice.d20(app_.source)}, "test")
        raise MemoryError("memory allocation failed")

    app.top().on_button = starving
    board.press(app, "A")
    app.redraw()
    lines = app.surface.lines()
    assert lines[0].startswith("Out of memory"), lines
    assert "not kept" in " ".join(lines)
    # the journaled roll's dice are spent: the next roll cannot repeat it
    assert app.source.counter > counter
    # the notice goes, and the last save's screen is back as it was
    board.press(app, "A")
    app.redraw()
    assert app.surface.lines() == kept
    assert app.history == history
    # and the app goes on: the next press rolls and is kept
    board.press(app, "A")
    assert len(app.history) == len(history) + 1


def _soft_reset(log, what=1):
    """A stand-in for machine.soft_reset: it never returns (MicroPython raises
    SystemExit, which unwinds to the REPL that restarts main.py)."""
    def reset():
        log.append(what() if callable(what) else what)
        raise SystemExit
    return reset


def _press_expecting_reset(board, app, key):
    try:
        board.press(app, key)
    except SystemExit:
        return True
    return False


def _rolled_d6(root):
    """Boot on ``root`` and roll a d6 on the Dice screen. :returns: (board, app, the
    frame's lines after the roll)."""
    board, app = boot(root, 7)
    for key in ("A", "A"):
        board.press(app, key)
    app.redraw()
    return board, app, app.surface.lines()


def _starve_a_roll(app):
    """The Dice screen's next press runs out of memory before anything is kept."""
    def starving(app_, name, kind):
        raise MemoryError("memory allocation failed")
    app.top().on_button = starving


def test_out_of_memory_on_a_board_that_restarts_offers_go_on_first():
    root = tempdir("oomrestart")
    board, app, kept = _rolled_d6(root + "/data")
    restarts = []
    app.restart = _soft_reset(restarts, lambda: app.top().ID)
    _starve_a_roll(app)
    board.press(app, "A")
    app.redraw()
    lines = app.surface.lines()
    assert app.top().ID == "oom"
    assert lines[:3] == ["Out of memory", ">Go on", " Restart now"], lines
    assert lines[4:8] == ["", "Press not kept: game", "as before. Restart", "frees RAM, keeps all."]
    board.press(app, "A")                         # Go on: the restored screen, no restart
    app.redraw()
    assert app.surface.lines() == kept and restarts == []


def test_restart_now_saves_the_game_without_the_notice_then_restarts():
    root = tempdir("oomrestart2")
    board, app, kept = _rolled_d6(root)
    restarts = []
    app.restart = _soft_reset(restarts, lambda: [s.ID for s in app.stack])
    _starve_a_roll(app)
    board.press(app, "A")
    board.press(app, "D")
    assert _press_expecting_reset(board, app, "A")  # Restart now
    assert restarts == [["main", "dice"]]
    # what the restart resumes: the game, not the notice
    board, app = boot(root, 7)
    assert app.top().ID == "dice" and app.surface.lines() == kept


def test_a_power_cut_on_the_out_of_memory_menu_brings_back_the_game_not_the_notice():
    root = tempdir("oomrestart4")
    board, app, kept = _rolled_d6(root)
    app.restart = lambda: None
    _starve_a_roll(app)
    board.press(app, "A")
    board.press(app, "D")                         # a press on the menu: the state is saved
    assert app.top().ID == "oom" and app.top().s["sel"] == 1
    board, app = boot(root, 7)                    # the power goes
    assert app.top().ID == "dice" and app.surface.lines() == kept


def test_out_of_memory_back_at_the_main_menu_offers_restart_first_and_writes_nothing():
    root = tempdir("oomrestart3")
    board, app = boot(root, 7)
    board.press(app, "A")                         # the Dice screen, saved
    board.press(app, "A")                         # a roll
    saved = read_text(root + "/saves/state.sav")
    restarts = []
    app.restart = _soft_reset(restarts, 1)
    real_read = app.read_save
    app.read_save = lambda path: "not a save"    # the last save cannot be read back now
    _starve_a_roll(app)
    board.press(app, "A")
    app.read_save = real_read
    app.redraw()
    lines = app.surface.lines()
    assert [s.ID for s in app.stack] == ["main", "oom"]
    assert lines[:3] == ["Out of memory", ">Restart now", " Drop the game"], lines
    assert lines[5:8] == ["", "Game still saved:", "Restart gets it back."], lines
    assert _press_expecting_reset(board, app, "A")  # Restart now: nothing written first
    assert restarts == [1]
    assert read_text(root + "/saves/state.sav") == saved
    board, app = boot(root, 7)                    # what the restart resumes: the game
    assert app.top().ID == "dice"
    # "Drop the game" is the player's choice: the main menu is saved over it
    app.restart = _soft_reset(restarts, 2)
    app.read_save = lambda path: "not a save"
    _starve_a_roll(app)
    board.press(app, "A")
    app.read_save = real_read
    board.press(app, "D")
    board.press(app, "A")                         # Drop the game
    assert restarts == [1] and app.top().ID == "main"
    board, app = boot(root, 7)
    assert app.top().ID == "main"


def test_undo_and_redo_never_bring_back_the_out_of_memory_menu():
    root = tempdir("oomredo")
    board, app = boot(root, 7)
    for key in ("A", "A", "A"):                   # Dice: two rolls
        board.press(app, key)
    app.restart = lambda: None
    _starve_a_roll(app)
    board.press(app, "A")                         # out of memory: the menu over Dice
    assert app.top().ID == "oom"
    board.press(app, "B", True)                   # long B: the Undo menu
    board.press(app, "A")                         # undo the last roll
    board.press(app, "A")
    board.press(app, "B", True)
    board.press(app, "D")
    board.press(app, "A")                         # redo it
    board.press(app, "A")
    assert "oom" not in [s.ID for s in app.stack], [s.ID for s in app.stack]


def test_the_out_of_memory_menu_without_a_restart_has_go_on_only():
    from firmware.screens.main import OutOfMemory
    board, app = boot(tempdir("oomnorestart"), 7)
    app.push(OutOfMemory({"sel": 0, "kept": True}))
    app.redraw()
    assert app.surface.lines()[:3] == ["Out of memory", ">Go on", ""]
    board.press(app, "D")
    board.press(app, "A")
    assert app.top().ID == "main"


def test_an_owners_pack_with_a_byte_order_mark_or_not_utf8_is_named_on_both_runtimes():
    import os
    from shared_rules.errors import PackError
    root = tempdir("ownpack")
    os.mkdir(root + "/packs")
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sample = read_text(here + "/../../firmware/packs/neohunt-sample.json")
    for body in (b"\xef\xbb\xbf" + sample.encode(), b'{"format": "\xff\xfe"}', b""):
        write_bytes(root + "/packs/neohunt.json", body)
        board, app = boot(root, 7)
        exc = raises(PackError, app.pack, "neohunt-sample")
        message = str(exc)
        if body:
            assert "pack 'packs/neohunt.json' is not valid JSON: " in message, message
        else:  # 0 bytes: said so (found by review: "Expecting value" said nothing)
            assert message == ("pack file packs/neohunt.json is empty (0 bytes): copy the "
                               "pack to the device again (referee push)"), message
        assert not message.endswith(": "), message
    # a folder named like the pack is no pack: the sample is used
    os.remove(root + "/packs/neohunt.json")
    os.mkdir(root + "/packs/neohunt.json")
    board, app = boot(root, 7)
    assert app.pack("neohunt-sample").placeholder is True


def test_a_frame_no_heap_can_draw_restarts_a_board_that_can():
    # found by the bench's restarts (issue 21): a Cybernaut grid's frame failed twice,
    # recover_memory restored the save, and the Out of memory menu's frame failed
    # too (45 KB free in pieces): the MemoryError ended the loop, a Pico stopped.
    # A board that can restart does (its boot resumes the save); one that cannot
    # still raises
    root = tempdir("drawoom")
    board, app = boot(root + "/data", 7)
    board.press(app, "A")                       # the Dice screen
    restarts = []
    app.restart = _soft_reset(restarts)
    app._draw = lambda: False                   # every frame runs out of memory
    app.dirty = True
    try:
        app.redraw()
        raise AssertionError("the board did not restart")
    except SystemExit:
        pass
    assert restarts == [1]
    app.restart = None
    app.dirty = True
    raises(MemoryError, app.redraw)


def test_out_of_memory_when_even_the_notice_fails_keeps_the_restored_screen():
    root = tempdir("oomnotice")
    board, app, kept = _rolled_d6(root + "/data")
    real_notice = app.notice
    fails = [2]

    def no_room(title, text):
        if fails[0] > 0:
            fails[0] -= 1
            raise MemoryError("memory allocation failed")
        real_notice(title, text)

    def starving(app_, name, kind):
        raise MemoryError("memory allocation failed")

    app.notice = no_room
    app.top().on_button = starving
    board.press(app, "A")                         # no exception escapes the press
    app.redraw()
    assert fails[0] == 0 and app.top().ID == "dice"
    assert app.surface.lines() == kept


def test_both_saves_damaged_starts_a_new_session_and_says_so():
    root = tempdir("bothbad")
    board, app = boot(root, 5)
    board.press(app, "A")
    board.press(app, "A")                         # a roll: state.sav and state.prev exist
    for name in ("state.sav", "state.prev"):
        damaged = read_text(root + "/saves/" + name).replace('"sel": 0', '"sel": 3')
        write_bytes(root + "/saves/" + name, damaged.replace('"sel"', '"SEL"').encode())
    board, app = boot(root, 5)
    assert app.surface.lines()[0] == "Save problem"
    # the notice scrolls: read all of it from the screen's state
    whole = " ".join(app.top().s["lines"])
    assert "bad1.sav" in whole and "bad2.sav" in whole
    assert "session 1 cannot be resumed" in whole and "session 2 starts" in whole
    assert "Started fresh" in whole
    assert app.session == 2
    assert read_text(root + "/saves/bad1.sav") is not None     # never deleted


def test_out_of_memory_while_drawing_draws_again_then_recovers():
    root = tempdir("oomdraw")
    board, app = boot(root + "/data", 7)
    board.press(app, "A")                         # the Dice screen
    app.redraw()
    kept = app.surface.lines()
    screen_ = app.top()
    real_draw = screen_.draw
    fails = [1]

    def flaky(app_, surface):
        if fails[0] > 0:
            fails[0] -= 1
            raise MemoryError("memory allocation failed")
        real_draw(app_, surface)

    screen_.draw = flaky
    app.dirty = True
    app.redraw()                                  # one failure: drawn again after gc
    assert app.surface.lines() == kept and fails[0] == 0
    fails[0] = 2                                  # fails twice: back to the last save
    app.dirty = True
    app.redraw()
    lines = app.surface.lines()
    assert lines[0].startswith("Out of memory"), lines
    board.press(app, "A")                         # the notice goes; the Dice screen is back
    app.redraw()
    assert app.surface.lines() == kept


# ---- surface: the text grid ---------------------------------------------------

def test_surface_text_grid_keeps_one_cell_per_character_and_clips():
    from firmware.surface import Surface
    surface = Surface(NullFb())
    surface.text(0, 0, "AF +5 \u00e9t\u00e9 x")  # a non-ASCII character is one "?" cell
    surface.text(1, 17, "Roll d20")  # clipped at the right edge (21 columns)
    surface.text(2, 3, "\t~ok")  # control characters show as "?"
    lines = surface.lines()
    assert lines[0] == "AF +5 ?t? x"
    assert lines[1] == "                 Roll"
    assert lines[2] == "   ?~ok"


class _PageFb:
    """A MONO_VLSB framebuffer of 128 x 64 over ``buf`` (fill and fill_rect only)."""

    def __init__(self, buf):
        self.buf = buf

    def fill(self, color):
        for i in range(len(self.buf)):
            self.buf[i] = 0xFF if color else 0

    def fill_rect(self, x, y, w, h, color):
        for col in range(x, x + w):
            for py in range(y, y + h):
                bit = 1 << (py % 8)
                at = (py // 8) * 128 + col
                self.buf[at] = (self.buf[at] | bit) if color else (self.buf[at] & ~bit)


def _glyph(letter):
    from firmware.font6x8 import FONT
    at = (ord(letter) - 32) * 6
    return bytes(FONT[at:at + 6])


def test_surface_text_pixels_are_the_fonts_glyph_columns_and_inverted_on_a_bar():
    # issue 21's faster text (one join a row): the same pixels as a glyph at a time
    from firmware.surface import Surface
    buf = bytearray(128 * 8)
    surface = Surface(_PageFb(buf))
    surface.text(0, 0, "Ab~ ")
    assert bytes(buf[0:24]) == _glyph("A") + _glyph("b") + _glyph("~") + _glyph(" ")
    assert bytes(buf[24:128]) == bytes(104)                   # nothing after the text
    # a non-ASCII character, a control character and NB: "?", "?" and a space
    surface.text(1, 0, "\u00e9\t\x1fz")
    assert bytes(buf[128:152]) == _glyph("?") + _glyph("?") + _glyph(" ") + _glyph("z")
    # at column 19: two cells fit, the rest is clipped (the row's last pixel is 125)
    surface.text(2, 19, "xyz")
    assert bytes(buf[256 + 114:256 + 126]) == _glyph("x") + _glyph("y")
    assert bytes(buf[256 + 126:256 + 128]) == bytes(2)
    # inverted from column 2: every text bit flipped, the bar lit to the row's end
    surface.text(3, 2, "Hi", True)
    row = bytes(buf[384:512])
    assert row[:12] == bytes(12)
    assert row[12:24] == bytes([b ^ 0xFF for b in _glyph("H") + _glyph("i")])
    assert row[24:] == b"\xff" * 104
    assert surface.lines()[:4] == ["Ab~", "?? z", "                   xy", "  Hi"]


def test_a_scrolling_text_leaves_the_scroll_mark_its_own_column():
    from firmware.ui import TextScreen
    # 6 rows of 21 fit between the title and the "A: OK" row: kept at 21 columns
    short = TextScreen.make("T", "abcdefghijklmnopqrst " * 6)
    assert len(short.s["lines"]) == 6 and short.s["lines"][0] == "abcdefghijklmnopqrst"
    wide = TextScreen.make("T", "word it cannot be so " * 2)
    assert wide.s["lines"][0] == "word it cannot be so"
    # 7 rows or more: it scrolls, so 19 columns (a blank, then the marks' column), and
    # "cannot" is not hidden under the "v"
    text = ("Undo stops here: the action that led here showed P2 a secret (Spot!): it "
            "cannot be unseen, not even by undo. Redo goes forward again until a new "
            "action is taken.")
    long = TextScreen.make("T", text)
    assert len(long.s["lines"]) > 6 and max([len(line) for line in long.s["lines"]]) == 19
    assert " ".join(long.s["lines"]).split() == text.split()      # every word whole


def _save_body(root):
    return decode_save(Storage(root).read("saves/state.sav"), "state.sav")


def test_opening_another_game_restarts_first_then_opens_it_after_the_boot():
    # a fresh heap for each game (issue 7): on a board that can restart, choosing a
    # game other than the one played since boot saves the main menu with that entry
    # chosen and "launch" set, restarts, and the boot opens the game
    root = tempdir("freshheap")
    board, app = boot(root, 7)
    restarts = []
    app.restart = _soft_reset(restarts, lambda: (app.top().ID, app.top().s["sel"]))
    for key in ("D", "A"):                               # Neo-Hunt shot: the first game
        board.press(app, key)
    assert app.top().ID == "nh_shot" and app.played == ["neohunt"] and restarts == []
    board.press(app, "B")
    board.press(app, "U")
    assert not _press_expecting_reset(board, app, "A")   # Dice belongs to no game
    assert app.top().ID == "dice" and restarts == []
    board.press(app, "B")
    for key in ("D", "D", "D", "D", "D", "D"):           # down to Neo-Hunt game
        board.press(app, key)
    assert not _press_expecting_reset(board, app, "A")   # the same game: no restart
    assert app.top().ID == "nh_setup" and restarts == []
    board.press(app, "B")
    for key in ("U", "U", "U", "U"):                     # up to Cybernaut
        board.press(app, key)
    seq = app.journal.next_seq
    assert _press_expecting_reset(board, app, "A")       # another game: restart
    assert restarts == [("main", 2)]
    body = _save_body(root)
    assert body["launch"] is True
    assert [screen["id"] for screen in body["screens"]] == ["main"]
    board, app = boot(root, 7)                           # what main.py does after it
    assert app.top().ID == "cn_menu"
    assert app.played == ["cybernaut"]
    assert app.journal.next_seq == seq                   # the same session goes on
    assert "launch" not in _save_body(root)
    app.redraw()
    assert app.surface.lines()[0] == "Cybernaut"


def test_a_board_without_restart_opens_every_game_directly():
    root = tempdir("norestart")
    board, app = boot(root, 7)
    assert app.restart is None
    for key in ("D", "A", "B", "D", "A"):                # Neo-Hunt shot, then Cybernaut
        board.press(app, key)
    assert app.top().ID == "cn_menu"
    assert app.played == ["neohunt", "cybernaut"]
    assert "launch" not in _save_body(root)


def test_a_resumed_game_counts_as_played():
    root = tempdir("resumedgame")
    board, app = boot(root, 7)
    for key in ("D", "A"):                               # Neo-Hunt shot, then a reboot
        board.press(app, key)
    board, app = boot(root, 7)
    assert app.top().ID == "nh_shot" and app.played == ["neohunt"]
    restarts = []
    app.restart = _soft_reset(restarts)
    for key in ("B", "D"):
        board.press(app, key)
    assert _press_expecting_reset(board, app, "A")       # Cybernaut: restart first
    assert restarts == [1]


def test_a_notice_names_what_a_does_on_its_last_row():
    # review: "Before actions", "Not allowed", "Pack problem"... named no button
    from firmware.surface import Surface
    from firmware.ui import TextScreen
    surface = Surface(NullFb())
    TextScreen.make("Before actions", "Hand size 11.").draw(None, surface)
    assert surface.lines() == ["Before actions", "Hand size 11.", "", "", "", "", "", "A: OK"]
    long = TextScreen.make("Not allowed", "word " * 30)
    assert len(long.s["lines"]) == 8
    surface = Surface(NullFb())
    long.draw(None, surface)
    lines = surface.lines()
    assert lines[7] == "A: OK  U/D more" and lines[6].endswith("v")
    long.s["top"] = len(long.s["lines"]) - long.ROOM  # the last page: only up is left
    surface = Surface(NullFb())
    long.draw(None, surface)
    assert surface.lines()[7] == "A: OK  U more" and surface.lines()[1].endswith("^")


def test_a_long_up_or_down_on_text_scrolls_a_page_and_stops_at_the_ends():
    # found by a new user: a long D on a help page moved one line
    from firmware.ui import TextScreen
    text = TextScreen.make("Buttons", " ".join(["word%d" % n for n in range(60)]))
    count, room = len(text.s["lines"]), TextScreen.ROOM
    assert count > 2 * room  # three pages at least
    text.on_button(None, "D", "short")
    assert text.s["top"] == 1
    text.on_button(None, "D", "long")
    assert text.s["top"] == 1 + room
    for _ in range(count // room + 1):
        text.on_button(None, "D", "long")
    assert text.s["top"] == count - room  # the last page, no further
    text.on_button(None, "U", "long")
    assert text.s["top"] == count - 2 * room
    for _ in range(count // room + 1):
        text.on_button(None, "U", "long")
    assert text.s["top"] == 0
    text.on_button(None, "U", "short")
    assert text.s["top"] == 0


def test_cybernaut_interaction_opens_again_on_the_last_roll_s_choices():
    # found by a new user: reopened, it forgot the environ and the RealWorld value.
    # A roll on the third environ with RW 5, its result closed, back to the menu, then
    # Interaction again (and after a reboot: the menu's state is saved)
    from shared_rules.cybernaut.rules import ENVIRONS
    lines, app = screen(7, "D D A A D D R R A A B A")
    assert app.top().ID == "cn_inter"
    assert lines[3] == ">" + ENVIRONS[2] and lines[6] == "RW 5 </> A: roll"
    assert app.journal.recent[-1]["in"] == {"environ": ENVIRONS[2], "rw": [5]}
    # moves without a roll are not kept: the last roll's choices again
    lines, app = screen(7, "D D A A D D R R A A B A U L L B A")
    assert lines[3] == ">" + ENVIRONS[2] and lines[6] == "RW 5 </> A: roll"
    root = tempdir("inter")
    screen(7, "D D A A D D R R A A B", root)
    lines, app = screen(7, "A", root)  # a reboot on the Cybernaut menu, then A
    assert lines[3] == ">" + ENVIRONS[2] and lines[6] == "RW 5 </> A: roll"
