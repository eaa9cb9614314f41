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
``validate_section``) or from the players.
"""

from shared_rules.errors import PackError, RuleError

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


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def validate_section(obj, name):
    """Problems of a pack's ``"neohunt"`` section (list of str, empty when good).

    Shape::

        {"tiles": [{"name": str, "sides": [{"type": str, "walls": [exit 0..5, ...]},
                                          {...}]} x 7],
         "types": {type: {"cover": bool, "sprinklers": bool}},
         "varans": [{"name": str, "speed": 1..6, "hits": 1..9,
                     "special": [str, ...]}, ... at least 6],
         "troopers": [{"name": str, "hits": 1..9, "hunter_killer": bool}, ... 7..17],
         "places": {"0".."6" and "H": count >= 0},  (the action deck's target sectors)
         "extra_damage": [str, ...]}
    """
    problems = []
    where = "pack '%s' section 'neohunt'" % name
    if not isinstance(obj, dict):
        return [where + ": must be an object"]
    types = obj.get("types")
    if not isinstance(types, dict) or not types:
        problems.append(where + ": 'types' must be a non-empty object")
        types = {}
    tiles = obj.get("tiles")
    if not isinstance(tiles, list) or len(tiles) != 7:
        problems.append(where + ": 'tiles' must list exactly 7 sector tiles")
        tiles = []
    for i, tile in enumerate(tiles):
        at = "%s tile %d" % (where, i + 1)
        if not isinstance(tile, dict) or not isinstance(tile.get("name"), str):
            problems.append(at + ": needs a 'name'")
            continue
        sides = tile.get("sides")
        if not isinstance(sides, list) or len(sides) != 2:
            problems.append(at + ": 'sides' must list 2 sides")
            continue
        for j, side in enumerate(sides):
            sat = "%s side %d" % (at, j + 1)
            if not isinstance(side, dict) or side.get("type") not in types:
                problems.append(sat + ": 'type' must be one of 'types'")
                continue
            walls = side.get("walls")
            if not isinstance(walls, list) or len(walls) > 6:
                problems.append(sat + ": 'walls' must be a list of exits 0-5")
                continue
            for w in walls:
                if not _is_int(w) or w < 0 or w > 5:
                    problems.append(sat + ": wall %r is not an exit 0-5" % (w,))
    for tname in types:
        t = types[tname]
        if not isinstance(t, dict):
            problems.append("%s type '%s': must be an object" % (where, tname))
    varans = obj.get("varans")
    if not isinstance(varans, list) or len(varans) < 6:
        problems.append(where + ": 'varans' must list at least 6 varan cards")
        varans = []
    for i, v in enumerate(varans):
        at = "%s varan %d" % (where, i + 1)
        if not isinstance(v, dict) or not isinstance(v.get("name"), str):
            problems.append(at + ": needs a 'name'")
            continue
        if not _is_int(v.get("speed")) or not 1 <= v["speed"] <= 6:
            problems.append(at + ": 'speed' must be 1-6")
        if not _is_int(v.get("hits")) or not 1 <= v["hits"] <= 9:
            problems.append(at + ": 'hits' must be 1-9")
    troopers = obj.get("troopers")
    if not isinstance(troopers, list) or not 7 <= len(troopers) <= 17:
        problems.append(where + ": 'troopers' must list 7-17 trooper cards")
        troopers = []
    for i, t in enumerate(troopers):
        at = "%s trooper %d" % (where, i + 1)
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            problems.append(at + ": needs a 'name'")
            continue
        if not _is_int(t.get("hits")) or not 1 <= t["hits"] <= 9:
            problems.append(at + ": 'hits' must be 1-9")
    places = obj.get("places")
    if not isinstance(places, dict):
        problems.append(where + ": 'places' must be an object of counts")
    else:
        for key in PLACES + (HIDE,):
            if not _is_int(places.get(key)) or places[key] < 0:
                problems.append("%s places '%s': must be a count >= 0" % (where, key))
    extra = obj.get("extra_damage")
    if not isinstance(extra, list) or not all(isinstance(x, str) for x in extra):
        problems.append(where + ": 'extra_damage' must be a list of card names")
    return problems


def section(pack):
    """The validated ``"neohunt"`` section of a loaded pack (dict).

    :raises PackError: missing or with problems (all listed).
    """
    obj = pack.data.get("neohunt")
    problems = validate_section(obj, pack.name)
    if problems:
        raise PackError("pack '%s' has %d problem(s): %s"
                        % (pack.name, len(problems), "; ".join(problems)), problems)
    return obj


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
    rotation (Neo-Hunt set-up; the text's list of constraints is missing, see module doc).

    :param source: dice source (randbelow).
    :returns: list of 7 [tile, side, rotation].
    """
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = source.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return [[order[i], source.randbelow(2), source.randbelow(6)] for i in range(count)]
