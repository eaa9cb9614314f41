"""Every text a Cybernaut screen draws fits the 16-column screen (no label cut at
the right edge: "T10 RealWorld Mo", "skull d10 per s", "Black Ic" were): a whole
scripted game through the simulator's buttons, plus the readings, the track and
the grid panel's chit names, with Surface.text watched."""

from boards.sim import boot
from firmware.surface import COLS, Surface

import cyb_game


def _watch(monkeypatch, app):
    """Record (screen id, row, col, text) of every text drawn past column 16."""
    cut = []
    original = Surface.text

    def text(self, row, col, value, invert=False):
        if col + len(value) > COLS:
            cut.append((app.top().ID, row, col, value))
        return original(self, row, col, value, invert)

    monkeypatch.setattr(Surface, "text", text)
    return cut


def test_the_whole_game_draws_no_cut_label(tmp_path, monkeypatch):
    board, app = boot(str(tmp_path), cyb_game.SEED)
    cut = _watch(monkeypatch, app)
    d = cyb_game.Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Readings")
    for index in range(4):  # every reading's both values
        d.press("A")
        d.press("A")
        d.press("D")
    d.press("B")
    app.home()
    cyb_game.play(board, app)
    d = cyb_game.Driver(board, app)
    d.press("B:long")  # the track at the end of the game
    assert app.top().ID == "cn_track"
    d.press("B")
    d.choose("Map")
    for at in ("M21", "M77", "A11", "C22"):
        d.cursor(at)
    d.press("B")
    d.choose("Victory")
    assert [c for c in cut if c[0].startswith("cn_")] == []


def test_readings_labels_fit_the_menu():
    from firmware.games.cybernaut.rw import ReadingsScreen
    from shared_rules.cybernaut.readings import READINGS
    for _, values, _ in READINGS:
        for value in values:
            assert len(ReadingsScreen.LABELS[value]) <= COLS - 1, value  # cursor cell


def test_chit_types_fit_the_grid_panel():
    """The 8-cell panel beside the grid names chits whole (spaces dropped if need be)."""
    from cyb_helpers import sample_data
    from firmware.games.cybernaut.shared import fit
    data = sample_data()
    for item in data["nsa_chits"] + data["netrunner_chits"]:
        short = fit(item["type"], 8)
        assert len(short) <= 8 and short.replace(" ", "") == item["type"].replace(" ", "")
    assert fit("Black Ice", 8) == "BlackIce" and fit("Tracer", 8) == "Tracer"


def test_track_names_every_segment_within_16():
    from firmware.games.cybernaut.shared import SHORT_SEGMENTS, TRACK_NAMES
    from shared_rules.cybernaut.rules import SEGMENTS
    assert len(SHORT_SEGMENTS) == len(TRACK_NAMES) == len(SEGMENTS)
    for index in range(len(SEGMENTS)):
        assert len("T10 " + SHORT_SEGMENTS[index]) <= COLS
        assert len(TRACK_NAMES[index]) <= COLS
        # the same segment, shortened: its first word or RW for RealWorld
        assert SEGMENTS[index][1].startswith(TRACK_NAMES[index].split()[0])


def test_the_nsa_placement_panel_says_what_comes_next_how_many_are_left_and_what_is_here(tmp_path):
    # found by a new user: the panel read "Next: / File / M61 / File", the second
    # type being what lies at the cursor; and the inverted title's N ran into the gap
    # beside the grid ("\|SA only")
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # I am NSA
    place = app.top()
    assert place.ID == "cn_place"
    game = cyb_game.game_screen(app).load(app)
    todo = game.setup_todo()
    lines = [line.strip() for line in app.surface.lines()]
    assert lines[:5] == ["NSA only", "Next:", game.nsa_chit(todo[0])["t"],
                         "%d left" % len(todo), "At M00"]
    # the title's bar reaches one pixel left of its first letter
    from firmware.games.cybernaut.grid import PANEL
    assert board.pixel(PANEL * 6 - 1, 3) == 1
    for spot in ["M%d%d" % (row, col) for row in range(3, 10) for col in range(10)]:
        d.at(spot)  # placed there unless a rule refuses it (a text screen: closed)
        if app.top().ID == "cn_place" and place.s["msg"] != "refused":
            break
        while app.top().ID != "cn_place":
            d.press("A")
    # one fewer left, and the cursor's place shows the chit placed
    lines = [line.strip() for line in app.surface.lines()]
    assert lines[1:5] == ["Next:", game.nsa_chit(todo[1])["t"], "%d left" % (len(todo) - 1),
                          "At %s:" % spot]
    from firmware.games.cybernaut.grid import PANEL_W
    from firmware.games.cybernaut.shared import fit
    assert lines[5] == fit(game.nsa_chit(todo[0])["t"], PANEL_W)


def test_a_panel_list_too_long_for_its_rows_says_how_many_more():
    # found by review: what did not fit on a grid's panel was left out unsaid
    from firmware.games.cybernaut.grid import GridScreen

    class Rows:
        def __init__(self):
            self.rows = {}

        def text(self, row, col, text, invert=False):
            assert row not in self.rows  # each row written once (a second leaves a tail)
            self.rows[row] = text

    for items, first, last, want in (
            ([], 4, 5, {}),
            (["File"], 4, 5, {4: "File"}),
            (["File", "Ice"], 4, 5, {4: "File", 5: "Ice"}),
            (["File", "Ice", "Ice"], 4, 5, {4: "File", 5: "+2 more"}),
            (["2 down", "Black Ice", "Tracer", "GAP"], 4, 7,
             {4: "2 down", 5: "Black Ice", 6: "Tracer", 7: "GAP"}),
            (["a", "b", "c", "d", "e"], 4, 7, {4: "a", 5: "b", 6: "c", 7: "+2 more"})):
        surface = Rows()
        GridScreen().panel_list(surface, first, last, items)
        assert surface.rows == want, (items, surface.rows)


def test_the_netrun_panel_shows_face_down_chits_beside_two_revealed_ones(tmp_path):
    # found by review: with two revealed chits at the cursor, "2 down" (face-down
    # chits the grid marks nowhere there) was left out of the panel
    import copy
    from firmware.games.cybernaut.grid import NetrunScreen
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.set_up(board, app)
    cyb_game.place_ss(d, "Sprawl-3")
    cyb_game.next_to(d, 2)
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")
    d.cursor("M01")
    assert isinstance(app.top(), NetrunScreen)
    screen = cyb_game.game_screen(app)
    pub = copy.deepcopy(screen.s["pub"])
    pub["nsa"] = [{"id": "x1", "t": "Black Ice", "w": "space", "at": "M01"},
                  {"id": "x2", "t": "Tracer", "w": "space", "at": "M01"}]
    pub["marks"]["M01"] = 2
    screen.s["pub"] = pub
    screen.s["msg"] = ""
    app.dirty = True
    app.redraw()
    lines = [line.strip() for line in app.surface.lines()]
    assert lines[3:7] == ["At M01", "2 down", "Black Ice", "Tracer"]
    screen.s["msg"] = "Moved"  # a message takes the last two rows: the rest is counted
    app.dirty = True
    app.redraw()
    lines = [line.strip() for line in app.surface.lines()]
    assert lines[3:7] == ["At M01", "2 down", "+2 more", "Moved"]
