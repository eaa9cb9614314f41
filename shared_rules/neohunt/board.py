"""Neo-Hunt board: seven hex sectors, their exits and walls (Neo-Hunt "gaming board",
RULINGS "Neo-Hunt" board).

Positions: 0 is the centre, 1..6 the ring, clockwise. Exits (hex edges) are numbered
0..5 clockwise; the centre's exit d leads to ring position d + 1. Ring position p
(k = p - 1) touches the centre through its exit (k + 3) % 6, the next ring position
through exit (k + 2) % 6 and the previous one through exit (k + 4) % 6; its other
three exits face off the board.

A tile has two sides (face-up or face-down); each side has a printed type and a list
of walled exits as printed (rotation 0). A placed tile is (tile index, side,
rotation 0..5): a printed exit e then faces board exit (e + rotation) % 6.

Our reading (the text leaves it open): a wall on either side of a shared edge blocks
that edge both ways, for movement, shots and grenades (RULINGS: walls block exits).
The set-up list of constraints for the random board is not in the text we have: the
random board shuffles the tiles, picks a side and a rotation for each uniformly.

The tiles' printed types and walls come from a pack section ``"neohunt"`` (see
shared_rules.neohunt.pack) or from the players.
"""

from shared_rules.errors import RuleError

CENTRE = 0
HIDE = "H"
RULE_BOARD = "Neo-Hunt gaming board"
PLACES = ("0", "1", "2", "3", "4", "5", "6")


def neighbours_by_exit(position):
    """Board exits of ``position`` (0..6): list of 6 entries, each the position that exit
    leads to or None (off the board)."""
    out = [None] * 6
    if position == CENTRE:
        for d in range(6):
            out[d] = d + 1
        return out
    k = position - 1
    out[(k + 3) % 6] = CENTRE
    out[(k + 2) % 6] = (k + 1) % 6 + 1
    out[(k + 4) % 6] = (k - 1) % 6 + 1
    return out


def place_name(place):
    """A place code for people: 0 -> "C" (centre), 1..6 -> "S1".."S6", "H" -> "Hide"."""
    if place == HIDE:
        return "Hide"
    place = int(place)
    return "C" if place == CENTRE else "S%d" % place


class Board:
    """The placed board.

    :param cells: list of 7 [tile index, side 0/1, rotation 0..5], one per position.
    :param tiles: the pack's tile list (see validate_section).
    :param types: the pack's type dict.
    :raises RuleError: cells that do not place each of the 7 tiles once.
    """

    def __init__(self, cells, tiles, types):
        if len(cells) != 7:
            raise RuleError("the board has 7 sectors, got %d (%s)" % (len(cells), RULE_BOARD))
        seen = []
        for cell in cells:
            tile, side, rot = cell
            if tile in seen or not 0 <= tile < len(tiles):
                raise RuleError("each of the 7 sector tiles is placed once (%s)" % RULE_BOARD)
            if side not in (0, 1) or not 0 <= rot <= 5:
                raise RuleError("a tile has side 0/1 and rotation 0-5 (%s)" % RULE_BOARD)
            seen.append(tile)
        self.cells = [list(c) for c in cells]
        self.tiles = tiles
        self.types = types
        self._walls = []
        for cell in self.cells:
            tile, side, rot = cell
            printed = tiles[tile]["sides"][side]["walls"]
            self._walls.append([(w + rot) % 6 for w in printed])

    def walls(self, position):
        """Board exits 0..5 of ``position`` that have a wall on this tile (list)."""
        return self._walls[position]

    def type_of(self, position):
        """The printed type of the tile at ``position`` (str)."""
        tile, side, _ = self.cells[position]
        return self.tiles[tile]["sides"][side]["type"]

    def has(self, position, flag):
        """A type flag ("cover", "sprinklers") of the sector at ``position`` (bool)."""
        return bool(self.types.get(self.type_of(position), {}).get(flag))

    def open_between(self, a, b):
        """True when ``a`` and ``b`` (0..6) share an edge with no wall on either side."""
        exits = neighbours_by_exit(a)
        if b not in exits:
            return False
        ea = exits.index(b)
        eb = neighbours_by_exit(b).index(a)
        return ea not in self._walls[a] and eb not in self._walls[b]

    def why_not(self, a, b):
        """None if a varan may step from ``a`` to ``b`` (same sector or open edge),
        else the reason (str)."""
        if a == b:
            return None
        exits = neighbours_by_exit(a)
        if b not in exits:
            return "%s does not adjoin %s" % (place_name(b), place_name(a))
        if not self.open_between(a, b):
            return "a wall blocks %s-%s" % (place_name(a), place_name(b))
        return None

    def adjacent(self, position):
        """Positions reachable in one step from ``position`` (open edges), sorted."""
        out = []
        for p in neighbours_by_exit(position):
            if p is not None and self.open_between(position, p):
                out.append(p)
        out.sort()
        return out

    def to_list(self):
        """JSON-ready cells."""
        return [list(c) for c in self.cells]


def random_cells(source, count=7):
    """A random board: tiles shuffled over the positions, each with a random side and
    rotation. STAND-IN: Neo-Hunt set-up says the random alignment follows some rules
    and then lists none; we apply no constraint (every side and rotation equally
    likely). The set-up screen marks "Board random" "(stand-in)"; players who know
    the printed constraints enter the board instead.

    :param source: dice source (randbelow).
    :returns: list of 7 [tile, side, rotation].
    """
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = source.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return [[order[i], source.randbelow(2), source.randbelow(6)] for i in range(count)]
