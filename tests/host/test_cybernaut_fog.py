"""Property tests of the Cybernaut fog of war (hypothesis, CPython only).

Over random legal NSA placements and random Ghost paths, at every step:
- what the device shows the Netrunner (Game.view: face-down marks by address,
  revealed identities) equals what an independent reference written here computes
  from the rules (Cybernaut VII.B.5, VII.F.1-2, VII.G.2-3; RULINGS Cybernaut);
- no identity of an NSA chit the rules have not revealed appears on the
  Netrunner-facing screen (surface.lines()), the serial console (stdout), the
  journal or the save (the GameScreen's state).
"""

import contextlib
import io
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cyb_helpers import sample_pack, to_netrun
from firmware.games.cybernaut.game import GameScreen
from firmware.games.cybernaut.grid import NetrunScreen
from firmware.surface import Surface
from shared_rules.cybernaut.net import Game
from shared_rules.dice import HashSource
from shared_rules.journal import Journal, encode_entry
from shared_rules.seal import seal, unseal

PACK = sample_pack()
GREEN = {}
GAPS = []
for _grid in PACK.data["grids"].values():
    GREEN.update(_grid["green"])
    GAPS.extend(_grid["gaps"])
TYPES = {}
for _item in PACK.data["nsa_chits"]:
    TYPES[_item["type"]] = _item


# ---- an independent reference of cyberspace (written from the rules, not the code) --
def ref_addresses():
    out = []
    for grid, size in (("A", 3), ("B", 3), ("C", 3), ("M", 10)):
        for row in range(size):
            for col in range(size):
                out.append("%s%d%d" % (grid, row, col))
    return out


ADDRESSES = ref_addresses()


def ref_adjacent(a, b):
    """Sharing a side in one grid (RULINGS Grids)."""
    if a[0] != b[0]:
        return False
    dr = abs(int(a[1]) - int(b[1]))
    dc = abs(int(a[2]) - int(b[2]))
    return dr + dc == 1


def ref_neighbours(a):
    return [b for b in ADDRESSES if ref_adjacent(a, b)]


class Reference:
    """Chits as {id: (type, address)}; the revealed ids; the Cybernaut's status."""

    def __init__(self, chits):
        self.chits = chits
        self.up = set()
        self.hidden = True
        self.over = False

    def at(self, address):
        return [i for i in self.chits if self.chits[i][1] == address]

    def kind(self, chit_id):
        return TYPES[self.chits[chit_id][0]]["kind"]

    def red(self, chit_id):
        return set(TYPES[self.chits[chit_id][0]].get("red", []))

    def arrive(self, address):
        """The Ghost entered ``address`` (with an empty holding box)."""
        here = self.at(address)
        fresh = [i for i in here if i not in self.up]
        self.up.update(here)  # VII.F.1
        for near in ref_neighbours(address):  # VII.F.2: a Tracer next to the Ghost
            for i in self.at(near):
                if self.kind(i) == "tracer":
                    self.up.add(i)
        if not here:
            return
        # the strike: nothing of the NSA's dies (no Netrunner chit strikes);
        # Ice revealed by this entry survives -> System Alert (VII.B.5)
        if [i for i in fresh if self.kind(i) == "ice"]:
            self.hidden = False
        skull = [i for i in here if TYPES[self.chits[i][0]].get("skull")]
        if skull:  # Wetware 9: neutralized, the netrun ends (VII.G.2)
            self.over = True
            return
        nexus = [i for i in here if self.kind(i) == "nexus"]
        ice = [i for i in here if self.kind(i) == "ice"]
        if nexus and not ice:  # VII.G.3, one step only
            mine = self.red(nexus[0])
            for other in self.chits:
                if self.kind(other) == "nexus" and self.chits[other][1] != address \
                        and self.red(other) & mine:
                    self.up.update(self.at(self.chits[other][1]))

    def jumps(self, address):
        nexus = [i for i in self.at(address) if self.kind(i) == "nexus" and i in self.up]
        if not nexus or not self.red(nexus[0]):
            return []
        out = []
        for other in self.chits:
            there = self.chits[other][1]
            if there != address and self.kind(other) == "nexus" and other in self.up \
                    and self.red(other) & self.red(nexus[0]):
                out.append(there)
        return sorted(out)

    def view(self, fog):
        marks = {}
        shown = []
        for i in self.chits:
            kind, address = self.chits[i]
            if i in self.up:
                shown.append([address, kind])
            elif not fog:
                marks[address] = marks.get(address, 0) + 1
        return marks, sorted(shown)


# ---- a small app and surface to draw the Netrunner's screen ------------------------
class FakeFB:
    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def rect(self, x, y, w, h, c):
        pass

    def hline(self, x, y, w, c):
        pass

    def vline(self, x, y, h, c):
        pass

    def pixel(self, x, y, c):
        pass

    def text(self, s, x, y, c):
        pass


class FakeStorage:
    """Enough of firmware.storage.Storage for a parked reference's offset
    (firmware/games/cybernaut/commit.py): the journal is FakeApp's lines."""

    later = None  # nothing held

    def __init__(self, lines):
        self.lines = lines

    def size(self, name):
        return len("".join(self.lines).encode())


class FakeApp:
    """Enough of firmware.app.App for GameScreen and NetrunScreen."""

    def __init__(self):
        self.key = os.urandom(16)
        self.journal = Journal()
        self.lines = []
        self.storage = FakeStorage(self.lines)
        self.stack = []
        self.pushed = []
        self.source = HashSource(7)
        self.session = 1
        self.secrets = {}

    def entropy(self, n):
        return os.urandom(n)

    def find(self, screen_id, *default):
        from firmware.app import App
        return App.find(self, screen_id, *default)

    def commit_secret(self, game, what, value, owner=None, rule=""):
        from firmware.commit import commit_secret
        return commit_secret(self, game, what, value, owner, rule)

    def reveal_secret(self, game, cid, rule=""):
        from firmware.commit import reveal_secret
        return reveal_secret(self, game, cid, rule)

    def reveal_all(self, game, rule):
        from firmware.commit import reveal_all
        return reveal_all(self, game, rule)

    def pack(self, name):
        return PACK

    def seal(self, text):
        return seal(self.key, os.urandom(4), text)

    def unseal(self, sealed):
        return unseal(self.key, sealed)

    def journal_name(self):
        return "journals/s%04d.jrn" % self.session

    def record(self, game, kind, inputs, outcome, rule, hidden_dice=False):
        entry = self.journal.record(kind, inputs, outcome, rule, game)
        self.lines.append(encode_entry(entry))
        return entry

    def push(self, screen):
        self.pushed.append(screen)

    def pop(self):
        pass


# ---- strategies ------------------------------------------------------------------
def legal_for(kind, placed):
    """Reference setup rules (Cybernaut III.A.1-2) for a chit of ``kind``."""
    out = []
    for address in ADDRESSES:
        if address in GREEN or address in GAPS:
            continue
        if kind in ("nexus", "file") and [1 for k, a in placed if a == address and k == kind]:
            continue
        out.append(address)
    return out


@st.composite
def placements(draw):
    """Every NSA chit of the sample mix at a legal address, one working Nexus per
    grid first (III.A.3). :returns: list of addresses in setup order."""
    game = Game(PACK)
    order = game.setup_todo()
    placed = []
    out = []
    dense = draw(st.booleans())  # crowd the Core grids and the Matrix's top rows
    for index in range(len(order)):
        chit = game.nsa_chit(order[index])
        kind = TYPES[chit["t"]]["kind"]
        spots = legal_for(kind, placed)
        if index < 4:  # the first four working Nexus chits: one per grid
            spots = [a for a in spots if a[0] == "ABCM"[index]]
        elif dense:
            spots = [a for a in spots if a[0] != "M" or a[1] < "3"]
        address = draw(st.sampled_from(spots))
        placed.append((kind, address))
        out.append(address)
    return order, out


ENTRIES = ["M00"] + GAPS


def secrets_absent(reference, texts):
    """No face-down chit's id, nor its identity at its address, in any text."""
    for i in reference.chits:
        if i in reference.up:
            continue
        kind, address = reference.chits[i]
        revealed_same = [j for j in reference.at(address) if j in reference.up
                         and reference.chits[j][0] == kind]
        for text in texts:
            assert '"%s"' % i not in text, (i, text[:200])
            if not revealed_same:
                assert '["%s", "%s"]' % (address, kind) not in text, (i, kind, address)


def spellings(kind):
    """Every way the 8-cell panel may draw a chit type: as is, without its spaces
    ("Black Ice" -> "BlackIce", "Back Door" -> "BackDoor"), cut to 8 cells."""
    bare = kind.replace(" ", "")
    return [kind, bare, bare[:8]]


def not_drawn(kind, panel, shown_here, lines):
    """No spelling of ``kind`` in the panel's rows ``panel`` (list of str), not even
    inside a row (substrings), once the rows that draw the chits shown here
    (``shown_here``: their types) are set aside."""
    rest = list(panel)
    for name in shown_here:
        for spelling in spellings(name):
            if spelling in rest:
                rest.remove(spelling)
                break
    text = " | ".join(rest)
    for spelling in spellings(kind):
        assert spelling not in text, (kind, spelling, lines)


def screen_absent(reference, app, game_screen, fog):
    """Draw the Netrunner's grid screen with the cursor on every face-down chit's
    address and check the panel never names its type."""
    surface = Surface(FakeFB())
    screen = NetrunScreen.make(None)
    app.stack = [game_screen, screen]
    for i in reference.chits:
        if i in reference.up:
            continue
        kind, address = reference.chits[i]
        shown_here = [reference.chits[j][0] for j in reference.at(address) if j in reference.up]
        screen.goto(address)
        surface.clear()
        screen.draw(app, surface)
        # rows 6-7: the last public message (it may name a chit revealed elsewhere)
        panel = [line[8:].strip() for line in surface.lines()[:6]]
        if kind not in shown_here:
            not_drawn(kind, panel, shown_here, (address, surface.lines()))
        hidden = len([j for j in reference.at(address) if j not in reference.up])
        if fog:
            assert "%d down" % hidden not in panel
        else:
            assert "%d down" % hidden in panel


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(placements(), st.sampled_from(ENTRIES), st.lists(st.integers(0, 99), max_size=40),
       st.booleans())
def test_netrunner_sees_exactly_what_the_rules_reveal(setup, entry, path, fog):
    order, addresses = setup
    app = FakeApp()
    game = Game(PACK, None, fog)
    for chit_id, address in zip(order, addresses):
        game.setup_place(chit_id, address)  # every legal placement is accepted
    game.setup_done()
    game.add_cybernaut("Cyb-2", "Sprawl-1")
    game.s["cybs"][0]["ww"] = 9  # skull chits always neutralize: the netrun ends
    game.cybernauts_done(app.source)
    for name in list(game.s["ss_wait"]):
        game.place_ss(name, "Sprawl-3")
    to_netrun(game)
    screen = GameScreen()
    screen.store(app, game)
    app.stack = [screen]
    chits = {}
    for chit_id, address in zip(order, addresses):
        chits[chit_id] = (game.nsa_chit(chit_id)["t"], address)
    reference = Reference(chits)
    console = io.StringIO()

    def check():
        now = screen.load(app)
        marks, shown = reference.view(fog)
        view = now.view()
        assert view["shown"] == shown
        assert view["marks"] == marks
        assert now.s["cybs"][0]["hidden"] == reference.hidden
        secrets_absent(reference, app.lines + [json.dumps(screen.s), console.getvalue()])
        screen_absent(reference, app, screen, fog)

    with contextlib.redirect_stdout(console):
        check()
        screen.act(app, "start_netrun", 0, entry, app.source)
        reference.arrive(entry)
        check()
        ghost = entry
        for choice in path:
            if reference.over:
                break
            run = screen.s["pub"]["run"]
            if run["ops"] == 0:
                if run["imp"] == 10:
                    break
                screen.act(app, "end_part", app.source)
                screen.act(app, "end_part", app.source)
            options = sorted(ref_neighbours(ghost)) + reference.jumps(ghost)
            ghost = options[choice % len(options)]
            events = screen.act(app, "ghost_move", ghost, app.source)
            assert events is not None, app.pushed[-1].s["lines"]
            reference.arrive(ghost)
            check()
        assert (screen.s["pub"]["run"] is None) == reference.over


@settings(max_examples=30, deadline=None)
@given(placements())
def test_setup_journal_and_save_hold_no_secret(setup):
    order, addresses = setup
    app = FakeApp()
    screen = GameScreen()
    game = Game(PACK)
    screen.store(app, game)
    from firmware.games.cybernaut.shared import journal
    for chit_id, address in zip(order, addresses):
        game = screen.load(app)
        events = game.setup_place(chit_id, address)
        screen.store(app, game)
        journal(app, events)
    text = "".join(app.lines) + json.dumps(screen.s)
    for chit_id in order:
        assert '"%s"' % chit_id not in text
    for address in set(addresses):
        assert '"%s"' % address not in "".join(app.lines)
    # the public part carries the addresses (RULINGS) but no identity
    assert sum(screen.s["pub"]["marks"].values()) == len(order)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 32))
def test_solo_placement_keeps_the_setup_rules(seed):
    game = Game(PACK)
    events = game.solo_setup(HashSource(seed))
    assert events[-1]["kind"] == "nsa_setup_done"
    placed = [(TYPES[c["t"]]["kind"], c["at"]) for c in game.in_space()]
    assert len(placed) == sum(item["count"] for item in PACK.data["nsa_chits"])
    for kind, address in placed:
        assert address not in GREEN and address not in GAPS  # III.A.2
    for kind in ("nexus", "file"):  # III.A.1
        spots = [a for k, a in placed if k == kind]
        assert len(spots) == len(set(spots))
    for grid in "ABCM":  # III.A.3
        assert [1 for c in game.in_space() if c["at"][0] == grid
                and TYPES[c["t"]]["kind"] == "nexus" and TYPES[c["t"]]["red"]]


# ---- the other way: the Netrunner's face-down chits kept from the NSA ---------------
NR_TYPES = [item["type"] for item in PACK.data["netrunner_chits"]]
# an NSA placement with the Central Matrix's rows 5-9 empty (room for the netrun)
QUIET = ("M12", "A11", "B11", "C11", "M13", "M14", "M15", "M23", "M24", "M25", "M26",
         "M27", "M28", "M29", "M30", "M31", "M32", "M33", "M34", "M35", "M36", "M37",
         "M38", "M39", "M40", "M41", "M42")


def nsa_screen_lines(app, game_screen, address):
    """The NSA's grid screen (NSA-facing) drawn with the cursor on ``address``."""
    from firmware.games.cybernaut.grid import NsaScreen
    surface = Surface(FakeFB())
    screen = NsaScreen.make()
    app.stack = [game_screen, screen]
    screen.goto(address)
    screen.draw(app, surface)
    app.stack = [game_screen]
    return surface.lines()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(NR_TYPES), min_size=1, max_size=6),
       st.lists(st.tuples(st.integers(0, 5), st.sampled_from("UDLR")), max_size=12))
def test_nsa_never_sees_a_face_down_netrunner_chit(box, moves):
    """Chits placed from the running Cybernaut's box go down face down (Cybernaut
    VII.B.4); moving them where no NSA chit is reveals nothing (VII.F): the NSA's
    screen shows only "NR<n> down" at their addresses, and no type or id of them is
    in the NSA's screen, the save, the journal or the console."""
    app = FakeApp()
    game = Game(PACK)
    for index in range(len(QUIET)):
        game.setup_place("x%d" % (index + 1), QUIET[index])
    game.setup_done()
    game.add_cybernaut("Cyb-2", "Sprawl-3")
    game.cybernauts_done(app.source)
    for name in list(game.s["ss_wait"]):
        game.place_ss(name, "Sprawl-1")
    to_netrun(game)
    for kind in box:
        for chit in game.s["nr"]:
            if chit["t"] == kind and chit["w"] == "cup":
                chit["w"] = "box"
                chit["cyb"] = 0
                break
    screen = GameScreen()
    screen.store(app, game)
    app.stack = [screen]
    console = io.StringIO()
    with contextlib.redirect_stdout(console):
        screen.act(app, "start_netrun", 0, "M90", app.source)
        screen.act(app, "ghost_move", "M80", app.source)
        placed = []
        for chit in screen.load(app).box(0)[:5]:
            if screen.act(app, "nr_place", chit["id"]) is not None:
                placed.append(chit["id"])
        for index, way in moves:
            if not placed:
                break
            now = screen.load(app)
            chit = now.nr_chit(placed[index % len(placed)])
            if not now.nr_types[chit["t"]].get("mobile"):
                continue
            row, col = int(chit["at"][1]), int(chit["at"][2])
            row += {"U": -1, "D": 1}.get(way, 0)
            col += {"L": -1, "R": 1}.get(way, 0)
            if not (6 <= row <= 9 and 0 <= col <= 9):  # no NSA chit next to them
                continue
            if now.s["run"]["ops"] == 0:
                screen.act(app, "end_part", app.source)
                screen.act(app, "end_part", app.source)
            screen.act(app, "nr_move", chit["id"], "M%d%d" % (row, col), app.source)
    game = screen.load(app)
    down = [c for c in game.s["nr"] if c["w"] == "space" and not c["up"]]
    assert len(down) == len(placed)
    texts = app.lines + [json.dumps(screen.s), console.getvalue()]
    for chit in down + game.box(0):
        for text in texts:
            assert '"%s"' % chit["id"] not in text, (chit, text[:300])
    for kind in NR_TYPES:  # nothing was revealed: no Netrunner type anywhere public
        for text in texts:
            assert '"%s"' % kind not in text, (kind, text[:300])
    counts = {}
    for chit in down:
        counts[chit["at"]] = counts.get(chit["at"], 0) + 1
    assert screen.s["pub"]["nmarks"] == counts
    for address in counts:
        lines = nsa_screen_lines(app, screen, address)
        panel = [line[8:].strip() for line in lines]
        assert "NR%d down" % counts[address] in " | ".join(panel), lines
        for kind in NR_TYPES:
            not_drawn(kind, panel, [], lines)
