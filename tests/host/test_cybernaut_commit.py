"""Cybernaut's face-down chits as sealed-secret commitments (firmware/screens/
cybernaut_commit.py): committed when put down, revealed through the commitment when
the rules reveal them, all revealed at the end; `referee verify` checks them.

CPython only: the whole game through the screens needs more than MicroPython's 192K
heap (see cyb_game)."""

import json
import os
import re

import cyb_game
import cyb_sim_netrun
from boards.sim import boot
from cyb_sim import Driver
from referee.cli import main as referee
from shared_rules.journal import encode_entry, read_journal

TYPES = ("Nexus", "Dead End", "File", "Control", "COMSAT", "Ice", "Tracer", "Hunter",
         "Probe", "Virus", "Breaker", "Back Door")


def _journal(root):
    with open(os.path.join(root, "journals", "s0001.jrn")) as handle:
        return read_journal(handle.read(), "s0001.jrn")[0]


def _kinds(entries, kind):
    return [e for e in entries if e["kind"] == kind]


def test_the_scripted_netrun_reveals_each_chit_through_its_commitment(tmp_path):
    root = str(tmp_path)
    board, app = boot(root, cyb_sim_netrun.SEED)
    cyb_sim_netrun.run(board, app)
    entries = _journal(root)
    commits = {}
    for entry in _kinds(entries, "commit"):
        commits[entry["in"]["id"]] = entry
        # a commitment names no chit: its label, owner and a hash only
        text = encode_entry(entry)
        assert (entry["in"]["what"], entry["in"]["owner"]) in (
            ("NSA chit", "NSA"), ("Netrunner chit", "Netrunner"))
        assert list(entry["out"]) == ["hash"]
        for name in TYPES:
            assert name not in text, (name, text)
    setup = [e for e in commits.values() if e["rule"] == "Cybernaut III.A"]
    assert len(setup) == 27  # every NSA chit, when placed (III.A)
    # the chits hidden Cyb-2 gained by Interaction "C" (V.A): in its holding box,
    # which the NSA may not examine (V.C.4), so committed too
    boxed = [e for e in commits.values() if e["in"]["owner"] == "Netrunner"]
    assert boxed and [e["rule"] for e in boxed] == ["Cybernaut V.A"] * len(boxed)
    reveals_all = _kinds(entries, "reveal")
    box_values = [e["out"]["value"] for e in reveals_all if e["in"]["id"] in
                  [b["in"]["id"] for b in boxed]]
    for value in box_values:  # opened when the box is (Cyb-2 revealed, V.C.3)
        assert "@box Cyb-2" in value, value
    reveals = [e for e in _kinds(entries, "reveal") if "@box" not in e["out"]["value"]]
    assert [(e["rule"], e["out"]["value"]) for e in reveals] == [
        ("Cybernaut VII.F.2", "x23 Tracer@M21"),  # adjacent to the Ghost
        ("Cybernaut VII.F.1", "x1 Nexus 1@M12"),  # entered
        ("Cybernaut VII.G.3", "x2 Nexus 1@A11"),  # the Nexus chain
        ("Cybernaut VII.G.3", "x7 Nexus 12@M68"),
        ("Cybernaut VII.G.3", "x10 File@A11"),
        ("Cybernaut VII.F.1", "x17 Ice@A12"),
    ]
    for entry in reveals:
        commit = commits[entry["in"]["id"]]
        assert commit["seq"] < entry["seq"] and commit["out"]["hash"] == entry["out"]["hash"]
    # each reveal is journaled right after the event that revealed it, in the same press
    kinds = [e["kind"] for e in entries]
    at = kinds.index("reveal")
    assert kinds[at - 2:at] == ["nsa_revealed", "nr_revealed"]
    # the secret re-placement (VII.H.5): a new commitment for each re-placed chit;
    # the still-face-down chits' older ones are parked in one journal entry (sealed
    # as in the save) until the end: they leave app.secrets and the save
    replaced = [e for e in commits.values() if e["rule"] == "Cybernaut VII.H.5"]
    assert len(replaced) == 17
    assert kinds[kinds.index("nsa_replaced") + 1:] == ["commit"] * 17 + ["commit_parked"]
    parked = entries[-1]
    assert parked["rule"] == "Cybernaut VII.H.5" and parked["in"]["ids"]
    assert [item[0] for item in parked["in"]["items"]] == parked["in"]["ids"]
    text = encode_entry(parked)
    # its sealed values (">" and base64) out first: base64 may spell "Ice" by chance
    text = re.sub(r'">[A-Za-z0-9+/]{8,}={0,2}"', '"SEALED"', text)
    assert "SEALED" in text
    for name in TYPES:
        assert name not in text, (name, text)
    for cid in parked["in"]["ids"]:
        assert commits[cid]["rule"] == "Cybernaut III.A" and cid not in app.secrets
    # the re-placed face-down chits: every one that was not revealed and is no Nexus
    # 9 Nexus chits, 3 revealed (x1, x2, x7): the 6 face-down ones never move
    assert len(parked["in"]["ids"]) == 27 - len(reveals) - 6
    sealed_box = [b for b in boxed if b["in"]["id"] in app.secrets]
    assert len(app.secrets) == 27 - len(reveals) + 17 - len(parked["in"]["ids"]) + len(sealed_box)
    assert len(boxed) == 1
    state = cyb_game.game_screen(app).s["pub"]
    # the reference: the session, the entry's number and where its line starts in
    # the journal file (bytes: the game's end reads that line, not the whole file)
    app.storage.flush()
    with open(os.path.join(str(tmp_path), "journals", "s0001.jrn"), "rb") as handle:
        data = handle.read()
    assert state["parked"] == [[1, parked["seq"], data.index(encode_entry(parked).encode())]]
    offset = state["parked"][0][2]
    assert offset > 0 and data[offset - 1:offset] == b"\n"
    values = sorted(app.open_secret(e["in"]["id"]) for e in replaced)
    assert values[0] == "x11 File@M70"  # in the order of REPLACE
    assert [v for v in values if v.startswith("x23 ")] == ["x23 Tracer@M83"]  # regenerated, 13th
    for cid in app.secrets:
        assert app.secrets[cid][:3] in (["cybernaut", "NSA chit", "NSA"],
                                         ["cybernaut", "Netrunner chit", "Netrunner"])


def test_a_netrunner_chit_placed_face_down_is_committed(tmp_path):
    root = str(tmp_path)
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # "I am NSA"
    for at in cyb_sim_netrun.SETUP:
        d.at(at)
    d.press("A")  # hand back
    d.choose("Add Cybernaut")
    d.seq("D A")  # Cyb-2 in Sprawl-1
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Interaction")  # as in cyb_sim_netrun: Cyb-2 gains a chit
    d.seq("A")
    d.choose("Go")
    d.press("A")
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    game = cyb_game.game_screen(app)
    before = len(app.secrets)
    box = [c for c in game.load(app).s["nr"] if c["w"] == "box"]
    assert box, "Cyb-2 starts with chits"
    d.press("B")
    d.choose("Place chit")
    d.press("A")  # the first chit of the holding box
    entries = _journal(root)
    assert [e["kind"] for e in entries[-3:]] == ["nr_place", "commit", "commit_parked"]
    commit = entries[-2]
    assert commit["rule"] == "Cybernaut VII.B.4"
    assert commit["in"]["what"] == "Netrunner chit" and commit["in"]["owner"] == "Netrunner"
    # its holding-box commitment (made when hidden Cyb-2 gained it, V.A, V.C.4) is
    # parked: revealing it now would tell the NSA the face-down chit's type
    boxed = [e for e in _kinds(entries, "commit") if e["in"]["owner"] == "Netrunner"]
    assert boxed[0]["rule"] == "Cybernaut V.A"
    assert entries[-1]["in"]["ids"] == [boxed[0]["in"]["id"]]
    assert box[0]["t"] not in encode_entry(entries[-1]) and "@box" not in encode_entry(entries[-1])
    assert len(app.secrets) == before  # one new, one parked
    value = app.open_secret(commit["in"]["id"])
    assert value == "%s %s@M00" % (box[0]["id"], box[0]["t"])
    assert box[0]["t"] not in encode_entry(commit)


def test_a_whole_game_verifies_and_a_changed_reveal_is_named(tmp_path, capsys):
    root = str(tmp_path)
    board, app = boot(root, cyb_game.SEED)
    held = []  # sealed commitments in the save at each turn's start
    cyb_game.play(board, app, lambda turn: held.append(len(app.secrets)))
    screen = cyb_game.game_screen(app)
    assert screen.s["pub"]["over"] and screen.s["pub"]["revealed_all"]
    # superseded commitments are parked in the journal: the save holds at most one
    # per chit of the counter mix (27 NSA + 9 Netrunner), not one per re-placement
    assert len(held) == 10 and max(held) <= 27 + 9, held
    assert screen.s["pub"]["parked"] == []  # read back and revealed at the end
    assert app.secrets == {}  # the full reveal (IV.B.3) opened every commitment
    app.end_session()
    app.save()
    path = os.path.join(root, "journals", "s0001.jrn")
    assert referee(["verify", path]) == 0
    out = capsys.readouterr().out
    entries = _journal(root)
    reveals = _kinds(entries, "reveal")
    assert len(reveals) == len(_kinds(entries, "commit")) > 27
    assert "%d revealed secrets match their commitments" % len(reveals) in out
    last = _kinds(entries, "reveal_all")[0]
    assert last["rule"] == "Cybernaut IV.B.3"
    parked = _kinds(entries, "commit_parked")
    assert len(parked) == len(_kinds(entries, "nsa_replaced")) == 5
    ids = [cid for entry in parked for cid in entry["in"]["ids"]]
    opened = [e["in"]["id"] for e in reveals if e["rule"] == "Cybernaut IV.B.3"]
    assert set(ids) <= set(opened)  # each parked one revealed at the end

    # one revealed chit changed (a Tracer said to be Ice), its line's CRC re-made
    index = entries.index(reveals[-1])
    value = entries[index]["out"]["value"]
    entries[index] = dict(entries[index], out=dict(entries[index]["out"], value=value + "x"))
    with open(path, "w") as handle:
        handle.write("".join([encode_entry(entry) for entry in entries]))
    assert referee(["verify", path]) == 3
    err = capsys.readouterr().err
    assert err.count("  - ") == 1
    assert ("line %d, entry %d (cybernaut reveal) secret %s 'NSA chit': the revealed value "
            "does not match the commitment" % (index + 1, entries[index]["seq"],
                                               entries[index]["in"]["id"])) in err


def test_leaving_a_game_asks_plainly_and_abandoning_is_undone_until_the_next_flow(tmp_path, capsys):
    """B on the game menu asks ("Keep playing" first, prompt.LeaveMenu); "Abandon
    game" takes a move and A twice and reveals nothing: Undo brings the game back
    with every commitment still sealed (issue 19: a quit game comes back until the
    next flow; a reveal could not be undone). Once another flow opens from the main
    menu, every commitment is revealed, the parked ones too, and `referee verify`
    checks them all."""
    from boards.sim import parse_keys
    root = str(tmp_path)
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = cyb_sim_netrun.run(board, app)
    d.close_results()
    screen = cyb_game.game_screen(app)
    assert app.top() is screen
    state = json.loads(json.dumps(screen.state()))
    sealed = dict(app.secrets)
    parked = screen.s["pub"]["parked"]
    assert len(parked) == 1 and len(sealed) > 20
    before = len(_journal(root))
    d.press("B")
    assert app.top().ID == "leave"
    lines = app.surface.lines()
    assert lines[:3] == ["Abandon game?", ">Keep playing", " Abandon game"]
    d.press("B")  # B again: back to the game, nothing lost
    assert app.top() is screen
    d.press("B")
    d.press("A")  # "Keep playing" is first: B then A keeps the game
    assert app.top() is screen and app.secrets == sealed
    d.seq("B D A")  # a move, then A: only armed (never B then A)
    assert app.top().ID == "leave" and ">A again=abandon" in app.surface.lines()
    d.press("U")  # a move disarms it
    assert " Abandon game" in app.surface.lines()
    d.seq("D A A")  # A again: abandoned
    assert app.top().ID == "result" and app.top().s["title"] == "Game abandoned"
    assert [s.ID for s in app.stack] == ["main", "cn_menu", "result"]
    entries = _journal(root)[before:]
    assert [e["kind"] for e in entries] == ["game_abandoned", "commit"]
    assert entries[0]["rule"].startswith("Cybernaut: game abandoned")
    assert "reveal" not in [e["kind"] for e in entries]  # nothing revealed
    # the parked commitments' journal entry kept as one more sealed secret of the game
    kept = entries[1]["in"]["id"]
    assert app.secrets[kept][:3] == ["cybernaut", "parked commitments", "NSA"]
    assert app.open_secret(kept) == parked
    d.press("A")  # the result screen closed
    for name, long in parse_keys("B:long A"):  # Undo
        board.press(app, name, long)
    assert "Undone: " in " ".join(app.top().s.get("lines", []) or app.surface.lines())
    board.press(app, "A")
    assert [s.ID for s in app.stack] == ["main", "cn_menu", "cn_game"]
    assert json.loads(json.dumps(app.top().state())) == state
    for cid in sealed:  # every commitment still sealed
        assert cid in app.secrets
    # abandoned again, then another flow: every secret of the game revealed
    d.seq("B D A A")
    d.press("A")
    d.seq("B")  # the Cybernaut menu: back to the main menu
    assert [s.ID for s in app.stack] == ["main"]
    d.choose("Dice")
    assert app.secrets == {}
    entries = _journal(root)
    revealed = [e["in"]["id"] for e in _kinds(entries, "reveal")]
    parked_ids = [cid for e in _kinds(entries, "commit_parked") for cid in e["in"]["ids"]]
    assert parked_ids and set(parked_ids) <= set(revealed)
    for cid in sealed:
        assert cid in revealed
    assert len(revealed) == len(set(revealed))  # none twice
    app.end_session()
    app.save()
    capsys.readouterr()
    referee(["verify", os.path.join(root, "journals", "s0001.jrn")])
    err = capsys.readouterr().err
    # every commitment revealed once and matching (this script's Interaction entry
    # has another, older verify problem: "encounter dice is None", left for its own fix)
    assert "never revealed" not in err and "does not match" not in err, err
    assert "secret" not in err, err


def test_a_hidden_cybernauts_holding_box_is_committed_and_opened_when_revealed(tmp_path):
    """A chit gained by a hidden Cybernaut (V.A "C") is committed "@box <name>"
    (the NSA may not examine the box, V.C.4); revealing the Cybernaut opens the box
    (V.C.3) and the commitment; hiding it again (V.C.5) commits the box anew."""
    from boards.sim import boot
    from cyb_game import Driver
    board, app = boot(str(tmp_path), 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")  # Cyb-2 in Sprawl-1
    d.choose("Cybernauts done")
    screen = app.find("cn_game")
    game = screen.load(app)
    events = game.gain_chit(0, app.source)
    screen.store(app, game, events)
    chit = [c for c in game.s["nr"] if c["w"] == "box"][0]
    commit = app.journal.recent[-1]
    assert commit["kind"] == "commit" and commit["rule"] == "Cybernaut V.A"
    assert app.open_secret(commit["in"]["id"]) == "%s %s@box Cyb-2" % (chit["id"], chit["t"])
    assert chit["t"] not in json.dumps(screen.s["pub"])  # the box stays in the sealed part
    game = screen.load(app)
    events = game.reveal_cybernaut(0, "Interaction A", app.source)
    screen.store(app, game, events)
    reveal = [e for e in app.journal.recent if e["kind"] == "reveal"][-1]
    assert reveal["in"]["id"] == commit["in"]["id"] and reveal["rule"] == "Cybernaut V.C.3"
    assert reveal["out"]["value"] == "%s %s@box Cyb-2" % (chit["id"], chit["t"])
    game = screen.load(app)
    events = game.hide_cybernaut(0, "Interaction H")
    screen.store(app, game, events)
    again = app.journal.recent[-1]
    assert again["kind"] == "commit" and again["rule"] == "Cybernaut V.C.5"


def _hidden_cyb2_at_play(tmp_path):
    """A new Cybernaut game after the solo NSA placement, hidden Cyb-2 added in
    Sprawl-2 (Tech) and the SS units placed: (board, app, Driver)."""
    from boards.sim import boot
    from cyb_game import Driver
    board, app = boot(str(tmp_path), 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D R A")  # Cyb-2 in Sprawl-2 (Tech)
    d.choose("Cybernauts done")
    cyb_game.place_ss(d, "Sprawl-3")
    return board, app, d


def test_techgear_of_a_hidden_cybernaut_is_shown_to_the_netrunner_only(tmp_path):
    """Interaction "T" (V.A) by hidden Cyb-2: the public result says TechGear was
    gained; the type and chart text come behind "Hand to Netrunner"; the box chit
    is committed (V.C.4) and the journal names no type in clear."""
    from firmware.games.cybernaut.shared import techgear_lines
    lines = []
    private = techgear_lines([{"kind": "techgear_gained", "rule": "Cybernaut V.A", "cyb": "Cyb-2",
                               "hide": {"chit": "t1", "type": "Cyberdeck", "effect": "E"}}], lines)
    assert lines == ["TechGear gained (hidden box)"] and private == "Cyb-2 gets Cyberdeck\nE"
    lines = []
    assert techgear_lines([{"kind": "techgear_none", "rule": "Cybernaut II.B", "cyb": "Cyb-2",
                            "why": "every TechGear chit is in play"}], lines) == ""
    assert lines == ["No TechGear: every TechGear chit is in play (II.B)"]
    board, app, d = _hidden_cyb2_at_play(tmp_path)
    screen = cyb_game.game_screen(app)
    game = screen.load(app)
    events, _ = game.interact([0], _Scripted([6, 0]))  # d10 7 + RW 3 = 10: "T"
    screen.store(app, game, events)
    box = [c for c in game.s["tg"] if c["w"] == "box"]
    assert len(box) == 1
    commit = app.journal.recent[-1]
    assert commit["kind"] == "commit" and commit["rule"] == "Cybernaut V.A"
    assert app.open_secret(commit["in"]["id"]) == "t1 Muscle Graft@box Cyb-2"
    assert "Muscle Graft" not in json.dumps(screen.s["pub"])


class _Rigged:
    """The app's dice source with the next faces scripted (then the real ones)."""

    def __init__(self, real, values):
        self.real = real
        self.values = list(values)

    def randbelow(self, n):
        if self.values:
            self.real.randbelow(n)  # the real source moves on too (its counter)
            return self.values.pop(0)
        return self.real.randbelow(n)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_the_private_techgear_screen_keeps_its_text_sealed_in_the_save(tmp_path):
    """Interaction "T" by hidden Cyb-2 through the screens: the TechGear's type and
    effect go to the Netrunner through the Reveal ritual (sealed in the state), never
    in clear in the save (a Handover over a TextScreen kept them in clear: found by
    review)."""
    board, app, d = _hidden_cyb2_at_play(tmp_path)
    real = app.source
    app.source = _Rigged(real, [6, 0])  # d10 7 + RW 3 = 10: "T"; then the chit drawn
    try:
        d.choose("Interaction")
        d.choose("Cyb-2")
        d.choose("Go")
    finally:
        app.source = real
    assert app.top().ID == "reveal" and app.top().s["owner"] == "Netrunner"
    saved = (tmp_path / "saves" / "state.sav").read_text()
    assert "Muscle Graft" not in saved and "Muscle Graft" not in " ".join(app.surface.lines())
    d.press("A")  # I am Netrunner
    board.levels["A"] = True
    board.hold(app, 200)
    assert app.surface.lines()[:3] == ["TechGear", "Cyb-2 gets", "Muscle Graft"]
    board.levels["A"] = False
    board.hold(app, 60)


class _Scripted:
    def __init__(self, values):
        self.values = list(values)
        self.counter = 0

    def randbelow(self, n):
        self.counter += 1
        return self.values.pop(0)


def _abandoned_netrun(root):
    """The scripted netrun played, then abandoned and its result read: (board, app,
    driver, the game's secrets before the abandon)."""
    board, app = boot(root, cyb_sim_netrun.SEED)
    d = cyb_sim_netrun.run(board, app)
    d.close_results()
    old = dict(app.secrets)
    d.seq("B D A A")  # abandoned
    d.press("A")      # its result read
    return board, app, d, old


def test_a_new_game_after_an_abandon_reveals_the_old_one_and_undo_stops(tmp_path):
    """Abandoned, then a new game from the Cybernaut menu (not the main menu): the old
    game's commitments, parked ones included, are revealed before the new game's are
    made, and Undo stops at the new game (an abandoned game comes back only until
    the next one starts)."""
    root = str(tmp_path)
    board, app, d, old = _abandoned_netrun(root)
    assert [s.ID for s in app.stack] == ["main", "cn_menu"]
    d.choose("New game")
    assert app.top().ID == "cn_game"
    entries = _journal(root)
    revealed = [e["in"]["id"] for e in _kinds(entries, "reveal")]
    parked = [cid for e in _kinds(entries, "commit_parked") for cid in e["in"]["ids"]]
    for cid in list(old) + parked:
        assert cid in revealed, cid
    assert len(revealed) == len(set(revealed))
    assert not [cid for cid in old if cid in app.secrets]
    d.choose("Solo placement")  # the new game's chits: committed, sealed
    assert len(app.secrets) == 27

    def undo():
        """Long B (twice on the game menu: the track first), Undo: the notice's text."""
        d.close_results()
        if app.top().OWN_LONG_B:
            board.press(app, "B", True)
        board.press(app, "B", True)
        board.press(app, "A")
        text = " ".join(app.top().s.get("lines") or app.surface.lines())
        board.press(app, "A")
        return text

    assert "undone" in undo()  # the placement (the device rolled it)
    text = undo()                          # then: stops at the new game
    assert text.startswith("Undo stops here"), text  # the old game's reveal, or the new game
    assert "cn_game" in [s.ID for s in app.stack] and not [c for c in old if c in app.secrets]


def _new_game_to_restart(d, app, seen):
    """Choose "New game" on a board that restarts for it (App.restart_first): its
    restart, a stand-in for machine.soft_reset, calls ``seen()`` and stops the app
    as SystemExit. :returns: that restart (for a boot after it)."""
    def soft_reset():
        seen()
        raise SystemExit

    app.restart = soft_reset
    try:
        d.choose("New game")
    except SystemExit:
        return soft_reset
    raise AssertionError("no restart")


def test_a_new_game_after_an_abandon_reveals_the_old_one_before_the_restart(tmp_path):
    """On a board that restarts before a new game (App.restart_first), the abandoned
    game's secrets are revealed and saved before the restart, so the new game opens
    in a heap their journal lines never split (issue 17: a 240K heap ran out of
    memory at the new game's first A, 93 KB free in pieces). After the boot the new
    game opens, nothing is revealed twice, and the old game's secrets are gone."""
    root = str(tmp_path)
    board, app, d, old = _abandoned_netrun(root)
    at_restart = []
    soft_reset = _new_game_to_restart(d, app, lambda: at_restart.append(
        [e["in"]["id"] for e in _kinds(_journal(root), "reveal")]))
    revealed = at_restart[0]
    for cid in old:
        assert cid in revealed, cid  # before the restart
    board, app = boot(root, cyb_sim_netrun.SEED, restart=soft_reset)
    app.redraw()
    assert app.top().ID == "cn_game" and len(at_restart) == 1  # opened, no second restart
    entries = _journal(root)
    assert [e["in"]["id"] for e in _kinds(entries, "reveal")] == revealed  # none twice
    assert not [cid for cid in old if cid in app.secrets]
    assert entries[-1]["kind"] == "new_game"


def test_a_parked_entry_the_press_still_holds_is_found_without_writing_it(tmp_path):
    # unpark runs deep in the stack (a store's sync at the game's end): it reads a
    # "commit_parked" entry this press journaled from Storage's held lines, and never
    # writes them there (a littlefs write that deep ran past a Pico's C stack)
    from firmware.games.cybernaut import commit
    board, app = boot(str(tmp_path), cyb_game.SEED)
    name = "journals/s%04d.jrn" % app.session
    app.storage.hold()
    items = [["s1c90", "NSA chit", "NSA", ">sealed"]]
    entry = app.record(commit.GAME, commit.PARK, {"ids": ["s1c90"], "items": items}, {}, commit.RULE_PARK)
    app.record(commit.GAME, "note", {}, {}, "")  # a later line held too
    app.journal.recent[:] = []  # not among the entries kept in RAM
    size = app.storage.size(name)
    found = commit._find(app, app.session, entry["seq"])
    assert found["kind"] == commit.PARK and found["seq"] == entry["seq"]
    assert found["in"]["items"] == items
    assert app.storage.size(name) == size  # nothing written
    assert commit._find(app, app.session, entry["seq"] + 1) is None  # the note: no park
    app.storage.flush()
    assert app.storage.size(name) > size
    assert commit._find(app, app.session, entry["seq"])["in"]["items"] == items  # from the file


def test_the_solo_placement_journals_a_commitment_a_chit_and_one_public_count(tmp_path, capsys):
    # issue 21: each chit's commitment is its record (it binds id, type and address);
    # the Solo placement writes no sealed "nsa_setup" entry beside each, only one
    # public entry with the count; every commitment opens to its chit where it lies,
    # and referee verify reads the journal
    board, app = boot(str(tmp_path), 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    seq = app.journal.next_seq
    d.choose("Solo placement")
    app.storage.flush()
    entries = [e for e in _journal(str(tmp_path)) if e["seq"] >= seq]
    kinds = [e["kind"] for e in entries]
    assert "nsa_setup" not in kinds
    screen = app.find("cn_game")
    game = screen.load(app)
    chits = [c for c in game.s["nsa"] if c["w"] == "space"]
    assert len(chits) == len([c for c in game.s["nsa"]]) > 20  # every NSA chit placed
    commits = [e for e in entries if e["kind"] == "commit"]
    assert len(commits) == len(chits) and kinds.count("nsa_setup_solo") == 1
    solo = [e for e in entries if e["kind"] == "nsa_setup_solo"][0]
    assert solo["in"] == {"chits": len(chits)} and solo["rule"] == "Cybernaut III.A"
    assert kinds[-1] == "nsa_setup_done" and "sealed" not in entries[-1]["in"]  # public, as by hand
    opened = sorted(app.open_secret(e["in"]["id"]) for e in commits)
    assert opened == sorted("%s %s@%s" % (c["id"], c["t"], c["at"]) for c in chits)
    app.end_session()  # the seed revealed: verify recomputes the placement's dice
    app.save()
    assert referee(["verify", os.path.join(str(tmp_path), "journals", "s0001.jrn")]) == 0
    capsys.readouterr()


def test_the_cybernaut_menu_after_a_game_reads_no_pack_for_its_footer(tmp_path, monkeypatch):
    # issue 21: a new game lets go of the rolls-only pack; back at the menu after the
    # game, its footer ("PLACEHOLDER pack" for the sample) was a reason to parse that
    # pack anew (80-120 ms of a Pico): the menu keeps the flag it read (between
    # presses it reads the pack again for the rolls: left out here, tested by
    # test_the_menu_reads_its_rolls_pack_again_between_presses_after_a_game)
    from firmware.games.cybernaut.menu import CybernautMenu
    monkeypatch.setattr(CybernautMenu, "on_tick", lambda self, app, now: None)
    board, app = boot(str(tmp_path), 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    assert "PLACEHOLDER pack" in app.surface.lines()
    d.choose("New game")
    assert "cybernaut-sample" not in app.packs  # let go for the game
    d.seq("B D A A")  # leave, Abandon game (armed, then done)
    d.close_results()
    assert app.top().ID == "cn_menu"
    assert "PLACEHOLDER pack" in app.surface.lines()
    assert "cybernaut-sample" not in app.packs  # not parsed for the footer
    d.choose("Encounter")  # a roll needs the pack: read then
    assert "cybernaut-sample" in app.packs and app.top().ID == "result"


def test_a_parked_entry_is_read_at_its_offset_and_found_by_a_scan_without_one(tmp_path, monkeypatch):
    # issue 21: the game's end read the whole journal once for each parked reference
    # (~2 s of a Pico at the scripted game's end); a reference keeps where its line
    # starts, and one without it (saves before 2026-12-05) or a wrong one is still found
    from firmware.games.cybernaut import commit
    board, app = boot(str(tmp_path), cyb_game.SEED)
    name = app.journal_name()
    for number in range(30):  # lines before it, one of them not ASCII
        app.record(commit.GAME, "note", {"n": number, "who": "Zoë" if number == 7 else "Al"}, {}, "")
    app.storage.hold()
    app.record(commit.GAME, "note", {"held": True}, {}, "")  # held by the press, not written
    game = type("G", (), {})()  # only its "parked" list: as commit._Holder
    game.s = {}
    cid = app.commit_secret(commit.GAME, "NSA chit", "x1 File@M00", "NSA", commit.RULE_PLACED)
    blob = app.secrets[cid][3]
    commit.park(app, game, [cid])
    app.storage.flush()
    app.journal.recent[:] = []  # only the file has it now
    [ref] = game.s["parked"]
    assert ref[:2] == [app.session, app.journal.next_seq - 1] and len(ref) == 3
    with open(app.storage.path(name), "rb") as handle:
        data = handle.read()
    assert data[ref[2]:].split(b"\n")[0].split(b" ", 1)[1].startswith(b'{')
    assert json.loads(data[ref[2]:].split(b"\n")[0].split(b" ", 1)[1])["kind"] == commit.PARK
    lines = []  # the lines a scan reads
    real_open = app.storage.open

    def counting(path, mode="r", **kw):
        handle = real_open(path, mode, **kw)
        if mode == "r":
            lines.append(0)
        return handle
    monkeypatch.setattr(app.storage, "open", counting)
    found = commit._find(app, ref[0], ref[1], ref[2])
    assert found["in"]["items"] == [[cid, "NSA chit", "NSA", blob]]
    assert lines == []  # no scan: the line at its offset
    for offset in (None, ref[2] + 1, ref[2] - 5, 0, len(data) + 10):  # none, or not its line
        assert commit._find(app, ref[0], ref[1], offset)["seq"] == ref[1]
    assert len(lines) == 5  # each found by the scan
    assert commit._find(app, ref[0], ref[1] + 1, ref[2]) is None  # another entry's number
    # the game's end reveals it from either kind of reference
    for kept in ([ref[0], ref[1]], ref):
        game.s["parked"] = [list(kept)]
        assert commit.unpark(app, game, commit.RULE_END) == 1
        assert cid not in app.secrets and game.s["parked"] == []
        assert app.journal.recent[-1]["kind"] == "reveal"
        assert app.journal.recent[-1]["out"]["value"] == "x1 File@M00"


def test_after_an_abandon_a_second_a_does_not_start_a_new_game(tmp_path):
    # found by a new user: the Cybernaut menu came back with its selection on "New
    # game" (the item that started the abandoned one), so an A more than the notice
    # needed started a new game, and its start revealed the abandoned game for good
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.set_up(board, app)
    d.close_results()
    old = [c for c in app.secrets if app.secrets[c][0] == "cybernaut"]
    assert len(old) > 20
    d.seq("B D A A")  # abandoned
    assert app.top().ID == "result"
    d.press("A")      # the notice closed
    d.press("A")      # once more, as a player tapping twice
    assert app.top().ID == "cn_inter", [s.ID for s in app.stack]  # Interaction, the first item
    assert sorted(c for c in old if c in app.secrets) == sorted(old)  # still sealed
    assert "new_game" not in [e["kind"] for e in _journal(str(tmp_path))][-3:]


def test_after_a_game_left_at_its_end_a_second_a_does_not_start_a_new_one(tmp_path):
    # found by review: the branch for a game played to its end (no notice) left the
    # menu's selection on "New game" too
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.Driver(board, app)
    cyb_game.play(board, app)
    d.close_results()
    assert cyb_game.game_screen(app).s["pub"]["over"]
    d.seq("B D A A")  # left
    assert [s.ID for s in app.stack] == ["main", "cn_menu"] and app.top().s["sel"] == 0
    d.press("A")
    assert app.top().ID == "cn_inter"


def test_the_menu_reads_its_rolls_pack_again_between_presses_after_a_game(tmp_path):
    # issue 21 (bench-pico at seed 3): a new game lets the rolls-only pack go, and the
    # first roll after the game was left parsed it in its press (87 ms of the emulated
    # Pico); the menu reads it again once its frame is shown, once a game
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.set_up(board, app)
    assert "cybernaut-sample" not in app.packs        # let go for the game
    for _ in range(2):                                 # the first game, then a second
        d.close_results()
        d.seq("B D A A")                               # abandoned
        d.press("A")                                   # its notice closed: the menu, a tick
        assert app.top().ID == "cn_menu"
        pack = app.packs.get("cybernaut-sample")
        assert pack is not None                        # read again between presses
        d.choose("Encounter")                          # the roll reads no pack
        assert app.packs.get("cybernaut-sample") is pack
        assert app.journal.recent[-1]["kind"] == "encounter"
        d.close_results()
        d.choose("New game")
        assert "cybernaut-sample" not in app.packs


def test_a_rolls_pack_that_cannot_be_read_between_presses_is_named_by_the_roll(tmp_path):
    from firmware.storage import Storage
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.set_up(board, app)
    d.close_results()
    Storage(str(tmp_path)).write_atomic("packs/cybernaut.json", b"{broken")  # on a PC meanwhile
    app.packs.pop("cybernaut-sample", None)
    import firmware.packfile  # noqa: F401  (kept files: as after a sync's restart)
    from firmware.packfile import forget_kept
    forget_kept(app)
    tries = []
    real = app.pack

    def pack(name):
        tries.append(name)
        return real(name)
    app.pack = pack
    d.seq("B D A A")
    d.press("A")          # the menu: its tick tried once, quietly
    assert app.top().ID == "cn_menu" and "cybernaut-sample" not in app.packs
    assert tries.count("cybernaut-sample") == 1, tries
    board.hold(app, 200)  # more ticks: not tried again (each would parse it)
    assert tries.count("cybernaut-sample") == 1, tries
    d.choose("Encounter")
    lines = " ".join(app.surface.lines())
    assert app.surface.lines()[0] == "Pack problem" and "cybernaut.json" in lines, lines


def test_an_abandon_undone_from_its_notice_or_the_menu_brings_no_rolls_pack_back(tmp_path):
    # found by review: the "Game abandoned" notice passes its ticks to the menu under
    # it, which read the rolls-only pack; Undo (hold B) then brought the game back
    # with that pack held (and saved, and loaded at every boot into the game)
    for from_menu in (False, True):
        board, app = boot(str(tmp_path / str(from_menu)), cyb_game.SEED)
        d = cyb_game.set_up(board, app)
        d.close_results()
        d.seq("B D A A")  # abandoned: its notice on top
        if from_menu:
            d.press("A")  # the menu: it reads the pack between presses
            assert "cybernaut-sample" in app.packs
        else:
            board.hold(app, 200)
            assert "cybernaut-sample" not in app.packs  # not under the notice
        board.press(app, "B", True)  # Undo
        board.press(app, "A")
        d.close_results()
        assert app.find("cn_game", None) is not None, [s.ID for s in app.stack]
        assert "cybernaut-sample" not in app.packs


def test_a_new_games_restart_boots_without_the_rolls_pack(tmp_path):
    # found by review: the save a new game's restart boots from held the rolls-only
    # pack the menu read, which the boot loaded only for the new game to drop it
    from shared_rules.save import decode_save
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.set_up(board, app)
    d.close_results()
    d.seq("B D A A")
    d.press("A")
    assert app.top().ID == "cn_menu" and "cybernaut-sample" in app.packs
    saved = []
    _new_game_to_restart(d, app, lambda: saved.append(
        decode_save(app.storage.read("saves/state.sav"), "state.sav")))
    packs = saved[0].get("packs")
    assert packs is not None and "cybernaut-sample" not in packs, packs
