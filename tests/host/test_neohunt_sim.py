"""Neo-Hunt in the simulator (boards.sim), four players.

KEYS is a recorded opening (seed 19): set-up, the starts, a hidden set-up move, turn
1 with a refused illegal move and a Spot!; the tests that use it stop inside it.
(The rest of that recording was made when troopers could act more than once and
the players picked their targets, so it no longer leads to the same game.) Whole
games are played by tests/host/nh_drive.py, which presses the real buttons and
chooses by what the screens offer, so a seed gives one game: the tests pin what
it leads to.

CPython only, still: under the MicroPython unix port with the code as .mpy the
whole game needs a 264K heap (it was 272K before the Neo-Hunt modules were made
droppable and the secrets one sealed text; measured with tools/neohunt_mem.py and
this script). With 192K the heap is fragmented right after the game starts (65K
free, largest free block 13K) and a save's JSON text no longer fits. The rules
are tested on both runtimes in tests/both/test_neohunt_rules.py."""

import contextlib
import io
import shutil

from boards.sim import run_script
from check import Bound, tempdir
from shared_rules.journal import decode_line

SEED = 19
GAME_SEED = 7  # nh_drive's game with this seed: 54 shots, 5 of them a trooper's random pick
KEYS = "U A D L L L L L U U A A A D A A A A D D D A A A A D D D D D A A A A A A A A A A D D D D D D D A A D D D A A D A A A A A A D A B A D D A A A B A A D A A A U A A A U U U A A D A D A A A A A A D A A A A D A D A U A A A D A D D A U A A A D A D A U A A A A U U U A A A A A A A A D A D A A A A U U U A A D A A U A A A D A A A A A A D A A D A A A A A D A A D A A A A A A D D D A A U U U A A A A A D A D D D A A A D A D D A U A A A A A D A D D A U A A A A A D D A A D A D A U A A A D A D D A U A A A U U U A A A A A A A A A A A A A A U U U A A A A D A A D A A A A A D A A D A A A A D A A U A A A U U U A A A A A A A D D A A D A D D A U A A A A A D A A A A D A A U A A A D A U U A U A A A A A A A D A D A U A A A A A D A D A A A D A D A A A A A A A U U U A A D A D A U A A A D A A A A A D A A D A A A A D A D A A A U U U A A A A A A A A A D A D A A A A A U U U A A A A D A A D A U U A A A D A U U A A A D A U U A U A A A A A A A A A U U U A A D A D A U A A A D A D A A A D A D A A A D A A A"
ILLEGAL_AT = 63   # after this many keys the refused move is on the private screen
SPOT_AT = 70      # after this many keys the Spot! result is on the private screen (B leaves it)


def _folder(tag):
    return tempdir("nh_" + tag)


_PLAYED = {}


def played(seed, hook=None):
    """nh_drive's whole game for ``seed``, played once per test session (about 30
    s of presses). :returns: (driver, folder): the folder is a fresh copy of the
    game's data folder for the caller to change. A ``hook`` plays a game of its own.
    """
    from nh_drive import Driver
    if seed not in _PLAYED or hook is not None:
        with contextlib.redirect_stdout(io.StringIO()):
            driver = Driver(_folder("drive%d" % seed), seed, hook or _watch)
            driver.seen = []
            driver.play()
        if hook is not None:
            return driver, driver.app.storage.root
        _PLAYED[seed] = driver
    driver = _PLAYED[seed]
    copy = _folder("copy%d" % seed)
    shutil.rmtree(copy)
    shutil.copytree(driver.app.storage.root, copy)
    return driver, copy


def _journal(root, kinds=None):
    """The journal's entries (of ``kinds`` only, if given), read line by line."""
    entries = []
    seq = 0
    with open(root + "/journals/s0001.jrn") as handle:
        for line in handle:
            seq += 1
            entry = decode_line(line.rstrip("\n"), seq, "s0001.jrn")
            assert entry["seq"] == seq
            if kinds is None or entry["kind"] in kinds:
                entries.append(entry)
    return entries


def _prefix(count):
    return " ".join(KEYS.split()[:count])


def _watch(driver, step):
    """nh_driver's hook: at each trooper step, what each trooper on the board may do
    (``driver.seen`` gets (turn, round, id, done, listed, reason, in reach), where
    "in reach" says a varan could be shot were it not for the one-action rule), and
    for a trooper that has shot, what a second shot says (no dice drawn)."""
    from shared_rules.errors import RuleError
    if step != "troopers":
        return
    screen, g = driver.game()
    labels = screen.items(driver.app)
    for t in g.on_board():
        reach = False
        for q in range(len(g.d["players"])):
            if g.d["players"][q]["varan"] is not None and g.state(q) != "hidden":
                a, b = t["at"], g.place_of(q)
                reach = reach or a == b or g.board.open_between(a, b)
        reason = g.why_idle(t["id"])
        if t.get("done") == "shot":
            counter = driver.app.source.counter
            try:
                g.pick_target(t["id"], driver.app.source)
                reason = "NOT REFUSED"
            except RuleError as exc:
                reason = str(exc)
            assert driver.app.source.counter == counter
        driver.seen.append((g.d["turn"], g.d["round"], t["id"], t.get("done"),
                            ("T%d shoots" % t["id"]) in labels, reason, reach))


def test_troopers_act_once_per_round_arrive_to_act_next_round_and_pick_verified_targets():
    """The scripted 4-player game: each trooper shoots at most once per action round
    (a miss uses its action too; the menu no longer offers it and a second shot is
    refused), a trooper that arrives acts from the next round on, each trooper's
    hit is applied (B on the damage stage applies it), and where a trooper had
    several equal targets the device picked one with the dice: `referee verify`
    recomputes each pick, and names a changed one (Neo-Hunt troopers; RULINGS
    trooper actions, trooper targets, a roll once made stands)."""
    from referee.cli import main as referee
    from shared_rules.journal import encode_entry

    driver, root = played(GAME_SEED)
    entries = _journal(root)
    turn = rnd = 0
    shots = {}       # (turn, round) -> trooper ids that shot
    arrived = {}     # trooper id -> (turn, round) it arrived
    picks = []
    for index in range(len(entries)):
        e = entries[index]
        if e["kind"] == "reinforce":
            turn = e["in"]["turn"]
        elif e["kind"] == "order":
            rnd = e["in"]["round"]
        elif e["kind"] == "arrival":
            for tid, face, ok in e["out"]["rolls"]:
                if ok:
                    arrived[tid] = (turn, rnd)
        elif e["kind"] == "shot" and e["in"]["by"].startswith("T"):
            tid = int(e["in"]["by"][1:])
            shots.setdefault((turn, rnd), []).append(tid)
            assert (turn, rnd) > arrived[tid], e        # never in the round it arrived
            among = e["in"]["among"]
            assert e["in"]["at"] in among
            if len(among) > 1:
                picks.append(e)
                assert e["dice"]["draws"][0] == [len(among), among.index(e["in"]["at"])]
            if e["out"]["hit"]:  # the hit's damage is journaled next: never dropped
                after = [x for x in entries[index + 1:] if x["kind"] in ("damage", "shot")]
                assert after[0]["kind"] == "damage" and after[0]["in"]["by"] == e["in"]["by"]
    for key in shots:
        assert len(shots[key]) == len(set(shots[key])), key   # once per round each
    assert sum(len(v) for v in shots.values()) == 19 and len(picks) == 5
    assert len(arrived) == 7
    # what the menu offered: an arrived trooper with a varan in reach waits a round;
    # one that has shot (hit or miss) is not offered again and a second shot is refused
    waited = [x for x in driver.seen if x[3] == "arrived"]
    assert waited and all(not x[4] and "acts from the next round on" in x[5] for x in waited)
    assert [x for x in waited if x[6]], "no arrived trooper had a varan in reach"
    acted = [x for x in driver.seen if x[3] == "shot"]
    assert acted and all(not x[4] and "has acted this round" in x[5] for x in acted)
    for x in waited:  # the same trooper could shoot in a later round
        later = [y for y in driver.seen if y[2] == x[2] and (y[0], y[1]) > (x[0], x[1])]
        assert not later or later[0][3] != "arrived"
    # verify recomputes every pick from the revealed seed
    _end_session(root)
    entries = _journal(root)
    path = root + "/journals/s0001.jrn"
    assert referee(["verify", path]) == 0
    pick = [e for e in entries if e["kind"] == "shot" and len(e["in"].get("among", [])) > 1][0]
    was = pick["in"]["at"]
    pick["in"]["at"] = [n for n in pick["in"]["among"] if n != was][0]
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(e) for e in entries]))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert referee(["verify", path]) == 3
    assert ("entry %d (neohunt shot): target is %s in the journal but the seed gives %s"
            % (pick["seq"], pick["in"]["at"], was)) in err.getvalue()


def test_refused_illegal_move_records_nothing():
    root = _folder("illegal")
    board, app = run_script(root, SEED, _prefix(ILLEGAL_AT))
    lines = app.surface.lines()
    assert app.top().ID == "nh_place"
    assert lines[0] == "P3 only" and lines[3].startswith("NO:")
    moves = [e for e in _journal(root) if e["kind"] == "move"]
    assert len(moves) == 1  # only P1's set-up Hide
    # the refused move left the game as it was
    game = app.under() if app.under().ID == "nh_game" else None
    assert game is not None
    g = game.game(app)
    assert g.varan(2)["track"] == [] and g.varan(2)["moved"] == 0


def test_spot_shown_only_on_the_private_screen():
    root = _folder("spot")
    board, app = run_script(root, SEED, _prefix(SPOT_AT))
    lines = app.surface.lines()
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hold"
    assert "Hold A to see" in lines and "Hide" not in " ".join(lines)
    # shown only while A is held, at most 5 s (prompt.Reveal)
    board.levels["A"] = True
    board.hold(app, 300)
    assert app.surface.lines()[:3] == ["Spot!", "P1's top card: Hide", ""]
    board.hold(app, 5000)
    assert "Hide" not in " ".join(app.surface.lines())
    board.levels["A"] = False
    board.hold(app, 300)
    assert "Hide" not in " ".join(app.surface.lines())
    board.press(app, "B")  # the spotter is done: the blank hand-back screen
    assert app.top().ID == "handback"
    spots = [e for e in _journal(root) if e["kind"] == "spot"]
    assert len(spots) == 1 and "Hide" not in str(spots[0])


def test_scripted_four_player_game_to_the_end():
    driver, root = played(GAME_SEED)
    app = driver.app
    lines = app.surface.lines()
    assert app.top().ID == "nh_game" and app.top().s["step"] == "end"
    assert "Winner P2" in lines
    entries = _journal(root, ("shot", "move", "burning", "arrival", "enter", "damage", "end"))
    kinds = {}
    for e in entries:
        kinds[e["kind"]] = kinds.get(e["kind"], []) + [e]
    states = []
    for e in kinds["shot"]:
        if e["in"]["state"] not in states:
            states.append(e["in"]["state"])
    assert sorted(states) == ["cloaked", "cloaked_cover", "visible", "visible_cover"]
    for e in kinds["shot"]:  # every shot's hit follows its d6 and the state's number
        need = {"visible": 4, "visible_cover": 5, "cloaked": 5, "cloaked_cover": 6}[e["in"]["state"]]
        assert e["out"]["need"] == need and e["out"]["hit"] == (e["out"]["d6"] >= need)
    assert len(kinds["move"]) == 2
    arrived = 0
    for e in kinds["arrival"]:
        for roll in e["out"]["rolls"]:
            assert roll[2] == (roll[1] >= 4)
            arrived += roll[2]
    assert arrived == 7
    assert [e["in"]["player"] for e in kinds["enter"]] == ["P1", "P3", "P4"]
    killed = []
    for e in kinds["damage"]:
        killed.extend(e["out"]["killed"])
    assert sorted(k for k in killed if k[0] == "T") == ["T%d" % i for i in range(1, 8)]
    assert sorted(k for k in killed if k[0] == "P") == ["P1", "P3", "P4"]
    end = kinds["end"][0]
    assert end["in"]["reason"] == "no troopers left in the deck or on the board"
    assert end["out"]["kills"] == [["P1", 2], ["P2", 3], ["P3", 2], ["P4", 0]]
    assert end["out"]["winner"] == "P2" and end["out"]["why"] == "most kills"
    # the full reveal shows every move, each legal
    g = app.top().game(app)
    reveal = g.full_reveal()
    assert reveal[0].startswith("P1:") and "ILLEGAL" not in " ".join(reveal)
    moves = [line for line in reveal if line.startswith(" t")]
    assert len(moves) == len(kinds["move"]) and all(line.endswith(" ok") for line in moves)


def _end_session(root):
    """Boot the app again on ``root`` (a finished game on top), go to the main
    menu and end the session (the seed revealed: `referee verify` can run)."""
    from boards.sim import boot

    from scripts import END, play
    with contextlib.redirect_stdout(io.StringIO()):
        board, app = boot(root, SEED)
        for _ in range(6):
            if app.top().ID == "main":
                break
            board.press(app, "B", False)
        assert app.top().ID == "main", app.top().ID
        play(board, app, [END])
    return app


def test_hidden_places_committed_and_verified_after_the_game():
    """Every face-down place (start, entry, each move) is committed when entered and
    revealed when the rules turn it up or at the end; `referee verify` passes on the
    finished session and names the entry of one changed revealed place."""
    from referee.cli import main as referee
    from shared_rules.journal import encode_entry

    driver, root = played(GAME_SEED)
    assert driver.app.secrets == {}
    _end_session(root)
    entries = _journal(root)
    commits = [e for e in entries if e["kind"] == "commit" and e["game"] == "neohunt"]
    reveals = [e for e in entries if e["kind"] == "reveal" and "id" in e["in"]]
    moves = [e for e in entries if e["kind"] == "move"]
    starts = [e for e in entries if e["kind"] == "start_chosen"]
    entry_places = [e for e in entries if e["kind"] == "entry_chosen"]
    troopers = [e for e in commits if e["in"]["what"].startswith("type of trooper T")]
    places = [e for e in commits if e not in troopers]
    assert len(places) == len(moves) + len(starts) + len(entry_places)
    # each trooper placed face-down has its type committed once
    placed = set()
    for e in entries:
        if e["kind"] == "reinforce":
            for place, tid in e["out"]["cards"]:
                if tid is not None:
                    placed.add("type of trooper T%d" % tid)
    assert sorted(e["in"]["what"] for e in troopers) == sorted(placed)
    assert troopers and len(set(e["in"]["what"] for e in troopers)) == len(troopers)
    assert sorted(e["in"]["id"] for e in reveals) == sorted(e["in"]["id"] for e in commits)
    assert [e["kind"] for e in entries if e["kind"] == "reveal_all"] == ["reveal_all"]
    # the starts are revealed together, before the first move is even entered
    first_move = entries.index(moves[0])
    start_ids = [e["in"]["id"] for e in commits if e["in"]["what"].startswith("start of")]
    early = [e["in"]["id"] for e in reveals if entries.index(e) < first_move]
    assert sorted(start_ids) == sorted(x for x in early if x in start_ids)
    # during the game only turned-up places are revealed: never a Hide card, and
    # the moves' places of varans that shot from hiding before the end
    last = [e["kind"] for e in entries].index("end")  # the game ends: reveal_all follows
    during = [e for e in reveals if entries.index(e) < last
              and not e["in"]["what"].startswith("type of trooper")]
    assert all(e["out"]["value"] != "H" for e in during)
    assert [e for e in during if e["in"]["what"].startswith("move")]
    path = root + "/journals/s0001.jrn"
    assert referee(["verify", path]) == 0
    # one revealed place changed (each line's CRC re-made, as a cheat would)
    reveal = reveals[0]
    reveal["out"]["value"] = "6" if reveal["out"]["value"] != "6" else "5"
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(e) for e in entries]))
    assert referee(["verify", path]) == 3


def test_verify_names_the_changed_place(capsys):
    from referee.cli import main as referee
    from shared_rules.journal import encode_entry

    from scripts import END, play

    root = _folder("verify2")
    board, app = run_script(root, SEED, _prefix(SPOT_AT))
    # B on the Spot! screen hands back; then leave the game (B opens the leave menu:
    # a move, then A twice) and end the session
    for _ in range(12):
        if app.top().ID == "main":
            break
        if app.top().ID == "leave":
            for key in ("D", "A", "A"):
                board.press(app, key)
        else:
            board.press(app, "B")
    assert app.top().ID == "main"
    play(board, app, [END])
    entries = _journal(root)
    path = root + "/journals/s0001.jrn"
    assert referee(["verify", path]) == 0
    capsys.readouterr()
    reveals = [e for e in entries if e["kind"] == "reveal" and "id" in e["in"]]
    assert reveals  # the four starts at least
    entry = reveals[-1]
    entry["out"]["value"] = "6" if entry["out"]["value"] != "6" else "5"
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(e) for e in entries]))
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert err.count("  - ") == 1
    assert ("line %d, entry %d (neohunt reveal) secret %s '%s': the revealed value does not "
            "match the commitment" % (entries.index(entry) + 1, entry["seq"], entry["in"]["id"],
                                      entry["in"]["what"])) in err


def test_own_place_shown_only_while_a_is_held():
    from shared_rules.neohunt.board import place_name
    root = _folder("where")
    board, app = run_script(root, SEED, _prefix(ILLEGAL_AT))
    assert app.top().ID == "nh_place" and app.top().s["mode"] == "move"
    g = app.under().game(app)
    here = place_name(g.place_of(2))
    lines = app.surface.lines()
    assert lines[1].startswith("R:where?") and here not in " ".join(lines[:2])
    board.press(app, "R")
    assert app.top().ID == "nh_where" and here not in " ".join(app.surface.lines())
    board.levels["A"] = True
    board.hold(app, 300)
    assert app.surface.lines()[:2] == ["You are at", here]
    board.hold(app, 5000)  # 5 s at most
    assert here not in " ".join(app.surface.lines())
    board.levels["A"] = False
    board.hold(app, 300)
    board.press(app, "B")  # back to the move, nothing changed
    assert app.top().ID == "nh_place" and app.top().s["mode"] == "move"
    assert app.under().game(app).varan(2)["track"] == []


def test_b_asks_before_a_running_game_is_left():
    """B opens the leave menu (prompt.LeaveMenu): "Keep playing" first, abandoning
    takes a move and A twice, so B then A (or a stray double B) loses nothing; an
    abandoned game comes back by Undo until another flow opens, and its secrets are
    revealed only then (issue 19 item 5)."""
    root = _folder("quit")
    board, app = run_script(root, SEED, _prefix(58))
    assert app.top().ID == "nh_game" and app.top().s["step"] != "end"
    state = dict(app.top().s)
    board.press(app, "B")                       # once: asks, nothing else changes
    assert app.top().ID == "leave"
    assert app.surface.lines()[:3] == ["Abandon game?", ">Keep playing", " Abandon game"]
    board.press(app, "A")                       # B then A: still playing
    assert app.top().ID == "nh_game" and app.top().s["g"] == state["g"]
    assert app.top().s["sel"] == state["sel"]   # and nothing else changed
    board.press(app, "B")
    board.press(app, "B")                       # a stray double B: still playing
    assert app.top().ID == "nh_game" and app.top().s["g"] == state["g"]
    board.press(app, "B")
    board.press(app, "D")
    board.press(app, "A")                       # armed only
    assert app.top().ID == "leave" and ">A again=abandon" in app.surface.lines()
    board.press(app, "U")                       # a move disarms it
    assert "A again" not in " ".join(app.surface.lines())
    board.press(app, "D")
    board.press(app, "A")
    board.press(app, "A")                       # chosen, then confirmed: left
    assert app.top().ID == "text" and app.surface.lines()[0] == "Game abandoned"
    board.press(app, "A")
    assert app.top().ID == "main"
    kinds = [e["kind"] for e in _journal(root)]
    assert kinds[-1] == "abandoned" and "reveal" not in kinds[kinds.index("abandoned"):]
    assert [cid for cid in app.secrets if app.secrets[cid][0] == "neohunt"]   # still sealed
    # Undo brings the game back as it was
    board.press(app, "B", True)
    board.press(app, "A")                       # "Undo last step"
    board.press(app, "A")                       # its notice
    assert [s.ID for s in app.stack] == ["main", "nh_game"]
    assert app.top().s["g"] == state["g"]
    # left again, then another flow opened: its secrets revealed, no undo past it
    board.press(app, "B")
    board.press(app, "D")
    board.press(app, "A")
    board.press(app, "A")
    board.press(app, "A")
    assert app.top().ID == "main"
    board.press(app, "A")                       # the main menu's first entry: Dice
    kinds = [e["kind"] for e in _journal(root)]
    assert kinds[-1] == "reveal_all"
    assert set(kinds[len(kinds) - 1 - kinds[::-1].index("abandoned") + 1:-1]) == {"reveal"}
    assert not [cid for cid in app.secrets if app.secrets[cid][0] == "neohunt"]
    board.press(app, "B")
    board.press(app, "B", True)
    board.press(app, "A")
    assert app.surface.lines()[0] == "Undo" and "Undo stops here" in " ".join(app.surface.lines())


def _secret_in_files(root):
    """Whether the Spot! result of the script ("P1's top card: Hide") is in clear
    in the save, the previous save or the journal."""
    import os
    found = []
    for name in ("saves/state.sav", "saves/state.prev", "journals/s0001.jrn"):
        path = os.path.join(root, name)
        if os.path.exists(path):
            with open(path) as handle:
                if "card: Hide" in handle.read():
                    found.append(name)
    return found


def test_b_at_the_spot_hand_over_keeps_the_result_for_its_owner():
    """B on the Spot! result's "Hand to P3" (the Spot! already played, journaled,
    not undoable) is refused with the reason: the result is not lost; it waits,
    sealed, until P3 has seen it, also across a reboot (at "Hand to" again, even
    from the "hold A" stage), and is never on a public screen or in clear in the
    saves or the journal."""
    from boards.sim import boot
    root = _folder("spot_b")
    board, app = run_script(root, SEED, _prefix(SPOT_AT - 1))
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hand"
    assert app.surface.lines()[0] == "Hand to P3"
    journal = len(_journal(root))
    board.press(app, "B")
    assert [s.ID for s in app.stack] == ["main", "nh_game", "nh_spot", "text"]
    lines = app.surface.lines()
    assert lines[0] == "Not allowed" and "Hide" not in " ".join(lines)
    assert " ".join(lines[1:]).startswith("Spot! is played: its result waits until P3 has seen it")
    assert len(_journal(root)) == journal                    # the refusal journals nothing
    board.press(app, "A")                                    # the notice goes: "Hand to" again
    assert app.top().ID == "nh_spot" and app.surface.lines()[0] == "Hand to P3"
    assert app.surface.lines()[6:] == ["The result waits", "for P3"]
    assert _secret_in_files(root) == []
    # a reboot while it waits: still waiting, still private
    board, app = boot(root, SEED)
    assert [s.ID for s in app.stack] == ["main", "nh_game", "nh_spot"]
    assert app.top().s["stage"] == "hand" and app.surface.lines()[0] == "Hand to P3"
    assert "Hide" not in " ".join(app.surface.lines())
    board.press(app, "A")                                    # "I am P3": hold A to see
    assert app.top().s["stage"] == "hold" and "Hide" not in " ".join(app.surface.lines())
    # a reboot before P3 has held A: "Hand to P3" again, not one A-hold from the result
    board, app = boot(root, SEED)
    assert app.top().ID == "nh_spot" and app.top().s["stage"] == "hand"
    assert app.surface.lines()[0] == "Hand to P3" and "Hide" not in " ".join(app.surface.lines())
    board.press(app, "A")
    board.levels["A"] = True
    board.hold(app, 300)
    assert app.surface.lines()[:3] == ["Spot!", "P1's top card: Hide", ""]
    board.levels["A"] = False
    board.hold(app, 300)
    board.press(app, "B")                                    # seen: B hands back
    assert app.top().ID == "handback" and app.under().ID == "nh_game"
    assert _secret_in_files(root) == []
    assert len([e for e in _journal(root) if e["kind"] == "spot"]) == 1


def test_a_burning_spotter_cannot_undo_a_spot_she_has_seen():
    """A Spot! by a burning varan: the burning roll's notice opened on top of the
    result, so undo did not see the action as the one that showed a secret and the
    Spot! could be undone (and played again) after the spotter had seen it. The
    result is now on top (the notice under it) and undo stops at the Spot!."""
    from boards.sim import boot, parse_keys
    root = _folder("spot_burn")
    board, app = boot(root, SEED)
    keys = parse_keys(KEYS)
    i = 0
    guard = Bound(len(keys), lambda: "the script's keys ran out before the Spot! step (top: %s %s)"
                  % (app.top().ID, app.top().s.get("step")))
    while not (app.top().ID == "nh_game" and app.top().s.get("step") == "spot"):
        guard.step()
        board.press(app, *keys[i])
        i += 1
    screen = app.top()
    g = screen.game(app)
    g.varan(screen.s["cur"])["burn"] = ["flame_up"]   # P3 burns (set by hand), ignited by P1
    g.varan(screen.s["cur"])["igniter"] = 0
    screen.commit(app)
    board.press(app, "A")                            # Spot P1
    assert [s.ID for s in app.stack] == ["main", "nh_game", "result", "nh_spot"]
    assert app.stack[-1].s["stage"] == "hand" and app.surface.lines()[0] == "Hand to P3"
    assert app.undo[6] == [app.undo[2], "shown", "P3", "Spot!"]
    board.press(app, "A")                            # P3 looks, then hands back
    board.press(app, "B")
    board.press(app, "A")
    assert app.top().ID == "result" and app.surface.lines()[0] == "Burning"
    board.press(app, "A")
    assert app.top().ID == "nh_game"
    board.press(app, "B", True)                      # undo: refused, says why
    board.press(app, "A")
    assert " ".join(app.surface.lines()[1:]).startswith("Undo stops here: the action that led"
                                                        " here handed P3 a secret (Spot!)")
    assert len([e for e in _journal(root) if e["kind"] == "spot"]) == 1


def test_the_set_up_shows_every_setting_and_start_on_every_row(tmp_path):
    # found by review: on "Board random" and "Hand 5-6pl" the placeholder mark and
    # "(stand-in)" took two lines, and Start went below the screen
    from boards.sim import boot, parse_keys
    board, app = boot(str(tmp_path), 3)
    for name, long in parse_keys("U A"):                 # Neo-Hunt game: the set-up
        board.press(app, name, long)
    footers = []
    for row in range(6):
        lines = [line for line in app.surface.lines() if line]
        assert [line[1:] for line in lines[1:7]] == [
            "Players 4", "Troopers 12", "Board random", "Discard off", "Hand 5-6pl 9", "Start"], lines
        footers.append(lines[7])
        board.press(app, "D", False)
    assert footers == ["PLACEHOLDER pack", "PLACEHOLDER pack", "(stand-in)", "PLACEHOLDER pack",
                       "(stand-in)", "PLACEHOLDER pack"]
