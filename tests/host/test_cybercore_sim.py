"""A scripted Cybercore fight in the simulator with a fixed seed: two players, two
creatures, Armour, Dodge and Evade each used, a player at 0 HP, a comatose
countdown and deaths; every outcome pinned. CPython only, like the other games'
whole-game runs: a full fight with the modules of the 64-bit unix port does not fit
the 192K test heap (the rules' tests do run there, in tests/both)."""

import json

from cc_script import FIGHT, SEED, SETUP, play, tmp_root

from boards.sim import run_script
from shared_rules.journal import read_journal
from shared_rules.save import decode_save


def title(lines):
    """The title row without the menu's scroll marks (^ more above, v more below)."""
    return lines[0].rstrip("^v ")


SECRET_KINDS = ("commit", "reveal", "reveal_all")  # the GM's numbers' commitments


def fight_entries(app, secrets=False):
    """The fight's journal entries (without the commitments unless ``secrets``)."""
    entries, torn = read_journal(app.storage.read(app.journal_name()), app.journal_name())
    assert not torn
    return [e for e in entries if e["game"] == "cybercore"
            and (secrets or e["kind"] not in SECRET_KINDS or "who" in e["in"])]


def test_fight_scripted_outcomes():
    board, app = run_script(tmp_root("ccsim"), SEED, FIGHT)
    assert title(app.surface.lines()) == "R3 Bo acts"
    entries = fight_entries(app)
    kinds = [e["kind"] for e in entries]
    assert kinds == ["start", "attack", "attack", "defend", "glitch", "defend", "round",
                     "attack", "defend", "round"]
    start, ana_hit, bo_hit, dodge, glitch, evade, round2, crab_dies, armour, round3 = entries
    assert start["out"]["order"] == ["Ana", "Bo", "Crab", "Drone"]
    # Ana: d100 63 + 5 x Rank 2 + 10 = 83 beats the Crab's Defense 30; 2d10 = 5
    assert ana_hit["out"]["public"] == {"d100": 63, "total": 83, "hit": True, "rolled": 5,
                                        "events": []}
    assert bo_hit["out"]["public"] == {"d100": 62, "total": 67, "hit": True, "rolled": 7,
                                       "events": []}
    # Crab (AN 22) on Ana's Dodge: 7 + DF 4 = 11, failed by 11: hit badly, 4d10 = 28
    # passes, Ana (28 HP) is down with a wound and Wounded; Bother on Dodge
    out = dodge["out"]
    assert (out["defence"], out["d20"], out["total"], out["success"], out["band"]) == \
        ("dodge", 7, 11, False, "failed")
    assert (out["passed"], out["quality_loss"], out["glitch"], out["bother"], out["events"]) == \
        (28, 2, True, "dodge", ["down"])
    assert json.loads(app.unseal(dodge["in"]["hidden"])) == {"an": 22, "dc": 15, "dice": "4d10"}
    assert glitch["in"] == {"who": "Ana", "dtype": "pierce"} and glitch["out"] == {"quality": 4}
    # Drone's area attack (DC 17) on Ana's Evade: 16 + EF 4 = 20: Resistance, 5 would
    # pass; Wounded, so a wound from a new source instead: 2 = Max Wounds: comatose
    out = evade["out"]
    assert (out["defence"], out["d20"], out["total"], out["band"], out["passed"]) == \
        ("evade", 16, 20, "resistance", 5)
    assert out["events"] == ["wound", "comatose"]
    assert round2["out"]["summary"] == ["Ana coma 0", "Bo 20/20", "Crab", "Drone"]
    # Bo: 26 + 5 = 31 > 30: 1d10 = 8 takes the Crab's last 8 HP; Max Wounds 0: dead
    assert crab_dies["out"]["public"] == {"d100": 26, "total": 31, "hit": True, "rolled": 8,
                                          "events": ["down", "dead"]}
    assert json.loads(app.unseal(crab_dies["out"]["hidden"])) == {"passed": 8, "hp": 0}
    # Drone (AN 20) on Bo's Armour: 2 + AF 6 = 8, failed by 12: Quality -2, 9 passes
    out = armour["out"]
    assert (out["defence"], out["d20"], out["total"], out["band"], out["passed"],
            out["quality_loss"], out["glitch"]) == ("armour", 2, 8, "failed", 9, 2, True)
    # Ana's coma (Max Wounds 2 // 2 = 1 round) runs out: dead
    assert round3["out"]["summary"] == ["Ana dead", "Bo 11/20", "Crab dead", "Drone"]


def test_save_resumes_the_fight_with_creatures_sealed():
    root = tmp_root("ccsave")
    board, app = play(root, SEED, SETUP)
    body = decode_save(app.storage.read("saves/state.sav"), "state.sav")
    state = body["screens"][-1]["state"]
    assert body["screens"][-1]["id"] == "cc_fight"
    from shared_rules.cybercore.fight import HIDDEN, KEYS
    packed = state["fight"]["combatants"]
    assert [len(p) for p in packed] == [len(KEYS["pc"])] * 2 + [
        len([k for k in KEYS["foe"] if k not in HIDDEN]) + 1] * 2
    crab = json.loads(app.unseal(packed[2][-1]))
    assert crab == [5, [0] * 9, 0, "4d10", 13, 13, 0, 22, 15, 30]   # KEYS order
    # a reboot on the same data folder resumes the fight where it was
    board2, app2 = run_script(root, SEED, "")
    assert title(app2.surface.lines()) == "R1 Ana acts"
    host = app2.top()
    fight = host.fight(app2)
    assert [c["name"] for c in fight.combatants] == ["Ana", "Bo", "Crab", "Drone"]
    assert fight.combatants[2]["an"] == 22 and fight.combatants[3]["area"]


def test_each_target_list_says_what_a_does_on_its_last_row():
    # found by a new user: "Attack whom?" named no button, and its A rolls at once
    board, app = play(tmp_root("cc3t"), SEED, SETUP + " A")
    lines = app.surface.lines()
    assert app.top().ID == "cc_target" and lines[0] == "Attack whom?"
    assert lines[-1] == "A: roll  B: back" and lines[1].startswith(">Crab")
    board, app = play(tmp_root("cc3u"), SEED, SETUP + " D A D A A")  # Ana and Bo end their turns; Crab attacks
    lines = app.surface.lines()
    assert app.top().ID == "cc_target" and lines[0] == "Who is attacked?"
    assert lines[-1] == "A: choose  B: back"


def test_roll_is_at_most_three_presses_from_the_combat_screen():
    # a player's attack: Attack, target -> the d100 roll (2 presses)
    board, app = play(tmp_root("cc3a"), SEED, SETUP + " A A")
    lines = app.surface.lines()
    assert lines[0] == "Attack" and lines[1] == "Ana > Crab"  # (not "Attack whom?": a new user)
    assert lines[2].startswith("d100 ")
    # a creature's attack: Attack, target, defence -> the d20 roll (3 presses)
    board, app = play(tmp_root("cc3b"), SEED, SETUP + " D A D A" + " A A A")
    lines = app.surface.lines()
    assert lines[0] == "Defence" and lines[1] == "Ana: Armour" and lines[2].startswith("d20 ")


def test_refused_dodge_on_screen_with_the_reason():
    # Bo wears Heavy armour: his Dodge is refused, the fight state is unchanged
    board, app = play(tmp_root("ccdodge"), SEED, SETUP + " D A D A" + " A D A D A")
    lines = app.surface.lines()
    assert lines[0] == "Not allowed"
    text = " ".join(lines[1:])
    assert "Heavy" in text and "Cap is 0" in text
    host = app.stack[-3]           # under the notice and the defence screen
    assert host.ID == "cc_fight"
    fight = host.fight(app)
    assert fight.combatants[1]["hp"] == 20 and fight.round == 1


def test_stray_b_keeps_the_fight_and_end_fight_asks_twice():
    # B opens the leave menu, "Keep playing" first: B then A keeps fighting; ending
    # takes a move and A twice (issue 19 item 5)
    board, app = play(tmp_root("ccend"), SEED, SETUP + " B")
    lines = app.surface.lines()
    assert app.top().ID == "leave" and lines[:3] == ["End fight?", ">Keep playing", " End fight"]
    board, app = play(tmp_root("ccendb"), SEED, SETUP + " B B")
    assert app.top().ID == "cc_fight" and app.top().fight(app).round == 1
    board, app = play(tmp_root("ccendbb"), SEED, SETUP + " B A")
    assert app.top().ID == "cc_fight" and app.top().fight(app).round == 1
    assert fight_entries(app)[-1]["kind"] != "end"
    board, app = play(tmp_root("ccendarm"), SEED, SETUP + " B D A")
    assert app.top().ID == "leave" and ">A again=end" in app.surface.lines()
    board, app = play(tmp_root("ccend2"), SEED, SETUP + " U A D A A")   # the menu item too
    assert app.top().ID == "main"
    entries = fight_entries(app)
    assert entries[-1]["kind"] == "end"
    assert entries[-1]["out"]["status"] == ["Ana 28/28", "Bo 20/20", "Crab", "Drone"]
    # the GM's numbers stay sealed while Undo can bring the fight back; the next flow
    # opened reveals them as entered, and verify checks them
    assert len(app.secrets) == 2
    board.press(app, "A")   # the main menu's first entry (Dice)
    after = fight_entries(app, True)
    after = after[[e["kind"] for e in after].index("end") + 1:]
    assert [e["kind"] for e in after] == ["reveal", "reveal", "reveal_all"]
    assert after[0]["in"]["what"] == "numbers of Crab" and after[0]["out"]["value"].startswith(
        "an=22 dc=15 defense=30 hp=13 max_hp=13")
    assert app.secrets == {}
    from shared_rules.secrets_check import verify_secrets
    assert verify_secrets(fight_entries(app, True)) == ([], 2)


def test_gm_numbers_are_committed_when_entered_and_revealed_by_the_gm():
    board, app = play(tmp_root("cccommit"), SEED, SETUP)
    entries = fight_entries(app, True)
    commits = [e for e in entries if e["kind"] == "commit"]
    assert [c["in"]["what"] for c in commits] == ["numbers of Crab", "numbers of Drone"]
    assert all(c["in"]["owner"] == "GM" and len(c["out"]["hash"]) == 64 for c in commits)
    # the commitments come before the fight starts (before any roll against them)
    assert [e["kind"] for e in entries].index("start") > entries.index(commits[1])
    host = app.top()
    assert sorted(host.s["cids"]) == ["2", "3"]
    assert app.open_secret(host.s["cids"]["3"]).startswith("an=20 dc=17 defense=40 hp=30")
    # GM reveals, hand to GM, A on the Drone: revealed and checked
    from cc_script import press_all
    labels = [item[0] for item in host.actions(app, host.fight(app))]
    press_all(board, app, " ".join(["D"] * (labels.index("GM reveals") - host.s["sel"]))
              + " A A D A")
    reveal = fight_entries(app, True)[-1]
    assert reveal["kind"] == "reveal" and reveal["in"]["what"] == "numbers of Drone"
    assert list(app.secrets) == [host.s["cids"]["2"]]


def test_b_in_the_gm_editor_says_nothing_was_kept(tmp_path):
    # Cybercore fight, add a creature (behind "Hand to GM"), then B in the editor
    board, app = run_script(str(tmp_path / "d"), 1, "D D D D A D A A B")
    lines = app.surface.lines()
    # what was not kept, as the player editor says it (found by a new user: "Cancelled")
    assert lines[0] == "Creature not added"
    assert "Hand the device" in lines
    # a creature added, then opened again and left with B: "Cancelled" (its numbers
    # are the GM's: the public hand-back says nothing of them)
    board, app = run_script(str(tmp_path / "again"), 7, "D D D D A D A A U A A D A A D D R B")
    assert app.surface.lines()[0] == "Cancelled"


def test_player_editor_labels_and_numbers_fit_at_every_extreme():
    # 16 columns: a label has 15 beside the cursor; the title 14 beside the scroll
    # marks; the derived HP, DF and EF have the bottom row
    from firmware.games.cybercore.edit import PC_FIELDS
    from shared_rules.cybercore.rules import dodge_factor, evade_factor, hit_points
    board, app = play(tmp_root("ccfit"), SEED, "D D D D A A")
    editor = app.top()
    assert editor.ID == "cc_pc"
    lines = app.surface.lines()
    assert lines[0] == "Player Ana" + " " * 10 + "v" and lines[-1].startswith("HP")
    for pick in (0, 1):     # every number at its low end, then at its high end
        c = dict(editor.s["c"])
        for key, label, kind, low, high in PC_FIELDS:
            if kind == "int":
                c[key] = (low, high)[pick]
        c["dr"] = [(0, 99)[pick]] * 9
        editor.s["c"] = c
        for item in editor.items(app):
            assert len(item) <= 20, item  # the cursor takes 1 of 21
        app.dirty = True
        app.redraw()
        lines = app.surface.lines()
        numbers = "HP%d DF%d EF%d" % (
            hit_points(c["rank"], c["health"], c["mass"]),
            dodge_factor(c["perception"], c["agility"], c["dft"]),
            evade_factor(c["foresight"], c["reactions"], c["eft"]))
        assert len(numbers) <= 16 and lines[-1].rstrip() == numbers
    assert numbers == "HP420 DF60 EF60"
    assert "DR electrical 99" in editor.items(app) and "Foresight 20" in editor.items(app)


def test_defence_result_line_keeps_the_whole_band_in_21_columns():
    from firmware.games.cybercore.roll import _band_damage
    assert _band_damage("Failed", 7) == "Failed 7 dmg"
    assert _band_damage("Hardened", 12) == "Hardened 12 dmg"          # 15
    assert _band_damage("Taken well", 12) == "Taken well 12 dmg"      # 17
    assert _band_damage("Resistance!", 123) == "Resistance! 123 dmg"  # 19
    assert _band_damage("Resistance!", 12345) == "Resistance! 12345 dmg"  # 21 exactly
    assert _band_damage("Resistance!", 123456) == "Resistance! 123456dmg"  # no space
    assert _band_damage("Resistance!", 1234567) == "Resistance 1234567dmg"  # no "!"
    assert _band_damage("Resistance!", 12345678) == "Resistanc 12345678dmg"  # the band cut
    for band in ("Absorbed", "Hardened", "Resistance", "Taken well", "Failed", "Dodged"):
        for passed in (0, 9, 10, 99, 100, 999):
            assert len(_band_damage(band + "!", passed)) <= 21


def test_d100_option_offered_at_set_up_journaled_and_fixed():
    """RULINGS Dice option: Cybercore d100's 00 reads 0 (range 0-99) when the players
    choose so on the fight's set-up screen; the start journals it, every attack
    entry carries it (so `referee verify` reads the d100 right) and it cannot change
    once the fight has started."""
    from shared_rules.errors import RuleError
    setup = SETUP.rsplit(" U A ", 1)[0]   # the set-up before "Start fight"
    board, app = run_script(tmp_root("ccd100"), SEED, setup + " U U")
    lines = app.surface.lines()
    assert any(line.startswith(">d100 00=hundred") for line in lines), lines
    board.press(app, "R")
    assert any(line.startswith(">d100 00=zero") for line in app.surface.lines())
    board.press(app, "A")                 # A toggles too
    assert any(line.startswith(">d100 00=hundred") for line in app.surface.lines())
    board.press(app, "L")
    for name in ("D", "A", "A", "A", "A", "A"):   # Start fight; order; Ana attacks Crab
        board.press(app, name)
    start, attack = [e for e in fight_entries(app) if e["kind"] in ("start", "attack")][:2]
    assert start["in"]["d100_00"] == 0 and attack["in"]["d100_00"] == 0
    fight = app.find("cc_fight", None).fight(app)
    assert fight.zero100 == 0
    try:
        fight.set_d100_zero(100)
        raise AssertionError("the option changed mid-fight")
    except RuleError as exc:
        assert "fixed once the fight has started" in str(exc)


def test_the_initiative_and_each_round_s_start_are_result_screens_until_a():
    """The order of round 1 and a round's start (wounds, comas, deaths) stay on
    their own screen until A: B does not close them (issue 19: results, not notices)."""
    from cc_script import ROUND_1, SETUP
    board, app = run_script(tmp_root("ccorder"), SEED, SETUP[:-2])
    assert app.top().ID == "result" and app.surface.lines()[:5] == [
        "Round 1 order", "Ana", "Bo", "Crab", "Drone"]
    board.press(app, "B")
    assert app.top().ID == "result" and app.surface.lines()[-1] == "Done: press A"
    board.press(app, "A")
    assert app.top().ID == "cc_fight"
    board, app = run_script(tmp_root("ccround"), SEED, SETUP + " " + ROUND_1[:-2])
    assert app.top().ID == "result" and app.surface.lines()[0] == "Round 2"
    board.press(app, "B")
    assert app.top().ID == "result"


def test_the_fight_screen_lets_go_of_the_editors_between_presses(tmp_path):
    # issue 21: back on the fight screen from an editor, its modules go at the loop's
    # next tick once the frame is drawn (the board's forget collects: 20-30 ms of a
    # Pico), not inside the next press; a press right after still lets them go first
    from boards.sim import boot, parse_keys
    board, app = boot(str(tmp_path), SEED)
    forgotten = []
    app.forget = lambda prefixes, keep, *collect: forgotten.append(prefixes) or []
    for name, long in parse_keys("D D D D A A"):   # Cybercore fight, Add player
        board.press(app, name, long)
    assert app.top().ID != "cc_fight", app.top().ID  # the player's editor
    del forgotten[:]
    app.handle("B", "short")                        # cancelled: "Player not added"
    assert app.top().ID == "text" and app.stack[-2].ID == "cc_fight"
    app.redraw()
    assert forgotten == []                          # a notice's frame: nothing let go
    app.handle("A", "short")                        # OK: the fight screen again
    assert app.top().ID == "cc_fight" and app.dirty
    assert forgotten == []                          # the press itself let nothing go
    app.top().on_tick(app, 0)                       # its frame not drawn yet: kept
    assert forgotten == []
    app.redraw()
    app.top().on_tick(app, 0)                       # the loop's next tick: they go
    assert forgotten == [("firmware.games.cybercore.edit", "firmware.games.cybercore.roll")]
    board.press(app, "D")                           # nothing left to let go
    assert len(forgotten) == 1


def _cc_fight(app):
    return [s for s in app.stack if s.ID == "cc_fight"][0]


def test_a_player_editor_left_with_b_keeps_no_change_and_done_keeps_it(tmp_path):
    # found by review: a DR change made in the player editor and left with B (the
    # editor's "back": only A on Done keeps) stayed in the fight, made in place in a
    # list the fight's state shared with the editor (so kept or lost by chance once
    # that state was copied afresh, firmware/relief.py's rehome, or read back)
    from shared_rules.cybercore.fight import DAMAGE_TYPES
    grav = DAMAGE_TYPES.index("grav")
    opened = "D D D D A A U A D D A U U R R R"  # a fight, player Ana added, her DR grav +3
    board, app = run_script(str(tmp_path / "b"), 7, opened + " B")
    fight = _cc_fight(app).fight(app)
    assert fight.combatants[0]["name"] == "Ana" and fight.combatants[0]["dr"][grav] == 0
    board, app = run_script(str(tmp_path / "b2"), 7, opened + " B A A U U")  # A: OK, opened again
    assert app.top().ID == "cc_pc" and app.surface.lines()[-2].startswith(">DR grav 0")
    board, app = run_script(str(tmp_path / "done"), 7, opened + " D A")  # A on Done
    assert _cc_fight(app).fight(app).combatants[0]["dr"][grav] == 3


def test_a_combatant_and_its_packed_state_share_no_list():
    from shared_rules.cybercore.fight import new_combatant, pack, unpack
    c = new_combatant("Ana", "pc")
    packed = pack(c, None)
    lists = [v for v in packed if isinstance(v, list)]
    assert c["dr"] in lists and all(v is not c["dr"] for v in lists)
    back = unpack(packed, None)
    assert back == c and back["dr"] is not c["dr"]
    assert all(back["dr"] is not v for v in packed if isinstance(v, list))


def test_b_in_the_player_editor_says_what_was_not_kept(tmp_path):
    # found by review: B dropped a new player (or a change) without a word; the
    # editor's help says B cancels
    board, app = run_script(str(tmp_path / "new"), 7, "D D D D A A D D R R B")
    lines = app.surface.lines()
    assert lines[0] == "Cancelled" and "Player not added." in lines[1]
    assert [s.ID for s in app.stack][-2] == "cc_fight"
    opened = "D D D D A A U A D D A"  # player Ana added, then opened again
    board, app = run_script(str(tmp_path / "changed"), 7, opened + " U U R B")
    lines = app.surface.lines()
    assert lines[0] == "Cancelled" and "Changes not kept." in lines[1]
    board, app = run_script(str(tmp_path / "same"), 7, opened + " U U R L B")  # changed back
    assert app.top().ID == "cc_fight"
    from firmware.games.cybercore.edit import PlayerEdit
    assert "B cancel (not kept)" in PlayerEdit.HELP


def test_the_player_editors_cursor_moves_write_nothing(tmp_path):
    board, app = run_script(str(tmp_path / "d"), 7, "D D D D A A U A D D A")
    assert app.top().ID == "cc_pc"
    save = app.storage.read("saves/state.sav")
    for key in ("D", "D", "U"):
        board.press(app, key)
    assert app.storage.read("saves/state.sav") == save


def test_left_or_right_at_a_fields_limit_writes_nothing_in_either_editor(tmp_path):
    # found by review: the GM's creature editor sealed and wrote its whole save again at
    # each LEFT/RIGHT, also at a field's limit; the player editor digested its save
    board, app = run_script(str(tmp_path / "pc"), 7, "D D D D A A U A D D A D D")  # Ana's Rank
    assert app.top().ID == "cc_pc"
    rank = app.top().load(app)["rank"]
    for _ in range(rank):
        board.press(app, "L")
    assert app.top().load(app)["rank"] == 0
    save = app.storage.read("saves/state.sav")
    for long in (False, True, False):
        board.press(app, "L", long)
    assert app.storage.read("saves/state.sav") == save and app.top().load(app)["rank"] == 0
    board.press(app, "R")  # a change is saved
    assert app.storage.read("saves/state.sav") != save and app.top().load(app)["rank"] == 1
    board, app = run_script(str(tmp_path / "gm"), 7, "D D D D A D A A D D")  # a creature's AN
    assert app.top().ID == "cc_foe"
    for _ in range(8):
        board.press(app, "L", True)
    assert app.top().load(app)["an"] == 0
    save = app.storage.read("saves/state.sav")
    for long in (True, False):
        board.press(app, "L", long)
    assert app.storage.read("saves/state.sav") == save
    board.press(app, "R")
    assert app.storage.read("saves/state.sav") != save and app.top().load(app)["an"] == 1


def test_a_name_another_combatant_has_is_passed_over(tmp_path):
    # found by review: Ana renamed "Bo" beside Bo made "Bo, Bo" in the round order
    opened = "D D D D A A U A A U A D D A"  # Ana and Bo added, Ana opened again
    board, app = run_script(str(tmp_path / "d"), 7, opened + " R")
    assert app.top().ID == "cc_pc" and app.top().load(app)["name"] == "Cid"  # not "Bo"
    board.press(app, "L")
    assert app.top().load(app)["name"] == "Ana"
    board.press(app, "L")
    assert app.top().load(app)["name"] == "Hal"  # backwards, round the list
    fight = [s for s in app.stack if s.ID == "cc_fight"][0].fight(app)
    assert [c["name"] for c in fight.combatants] == ["Ana", "Bo"]


def test_the_armour_check_footer_says_what_the_buttons_do_on_each_row(tmp_path):
    # found by review: "</> change" stood under every row, where LEFT/RIGHT change
    # only AF, Dmg and DR; A sets the AN (the GM), rolls, or shows the GM the odds
    from boards.sim import boot, parse_keys
    board, app = boot(str(tmp_path), SEED)
    for name, long in parse_keys("D D D A"):
        board.press(app, name, long)
    footers = []
    for row in range(6):
        footers.append(app.surface.lines()[-1])
        board.press(app, "D", False)
    assert footers == ["A: GM sets the AN", "</> change", "</> change", "</> change",
                       "A: roll", "A: GM sees odds"]
