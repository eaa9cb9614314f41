"""Cybernaut cyberspace: addresses, grids, adjacency and the rule sections the
game state cites (RULINGS Grids; Cybernaut II.A.2, VII.E)."""

from shared_rules.cybernaut.rules import GRID_NAMES
from shared_rules.errors import RuleError

R_STACK = "Cybernaut III.A.1"
R_COLOUR = "Cybernaut III.A.2"
R_WORKING_NEXUS = "Cybernaut III.A.3"
R_SETUP_CYB = "Cybernaut III.B.1"
R_ENTRY = "Cybernaut VII.A.2"
R_OPS = "Cybernaut VII.B.1"
R_NSA_OPS = "Cybernaut VII.B.2"
R_PLACE = "Cybernaut VII.B.4"
R_ALERT = "Cybernaut VII.B.5"
R_CAPTURE = "Cybernaut VII.B.6"
R_MOBILE = "Cybernaut VII.E"
R_STEP = "Cybernaut VII.E.1"
R_JUMP = "Cybernaut VII.E.2"
R_ENTER = "Cybernaut VII.F.1"
R_ADJ = "Cybernaut VII.F.2"
R_EYE = "Cybernaut VII.F.3"
R_TRACER = "Cybernaut VII.F.4"
R_STRIKE = "Cybernaut VII.G.1"
R_SKULL = "Cybernaut VII.G.2"
R_CHAIN = "Cybernaut VII.G.3"
R_NEXUS_SAFE = "Cybernaut VII.G.4"
R_LOGOFF = "Cybernaut VII.H.1"
R_OVERDOSE = "Cybernaut VII.H.2"
R_LOGOFF_CHITS = "Cybernaut VII.H.3"
R_REGEN = "Cybernaut VII.H.4"
R_REPLACE = "Cybernaut VII.H.5"
R_INTER_ONCE = "Cybernaut V.B.1"
R_REVEALED = "Cybernaut V.C"
R_REINFORCE = "Cybernaut V.E.2"
R_RW_MOVE = "Cybernaut VI"
R_ATTACK = "Cybernaut VIII.B"
R_END = "Cybernaut IV.B.3"
R_VICTORY = "Cybernaut I"
MAX_CYBERNAUTS = 5


def grid_size(grid):
    """3 for the Core grids A, B, C; 10 for the Central Matrix M."""
    return 10 if grid == "M" else 3


def address(grid, row, col):
    """The address text of (grid, row 0.., col 0..)."""
    return "%s%d%d" % (grid, row, col)


def check_address(text):
    """:returns: (grid, row, col). :raises RuleError: not an address of cyberspace."""
    if not isinstance(text, str) or len(text) != 3 or text[0] not in GRID_NAMES \
            or not ("0" <= text[1] <= "9" and "0" <= text[2] <= "9"):
        raise RuleError("'%s' is not an address (A00-C22 or M00-M99, Cybernaut II.A.2)" % (text,))
    size = grid_size(text[0])
    row = int(text[1])
    col = int(text[2])
    if row >= size or col >= size:
        raise RuleError("'%s' is outside grid %s (%dx%d, Cybernaut II.A.2)" % (text, text[0], size, size))
    return text[0], row, col


def neighbours(text):
    """Addresses sharing a side with ``text`` in its own grid (never diagonal, never
    across grids: RULINGS Grids). :returns: list of str."""
    grid, row, col = check_address(text)
    size = grid_size(grid)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r = row + dr
        c = col + dc
        if 0 <= r < size and 0 <= c < size:
            out.append(address(grid, r, c))
    return out


def all_addresses():
    """Every address of cyberspace, grid by grid (A, B, C, M), row by row."""
    out = []
    for grid in GRID_NAMES:
        size = grid_size(grid)
        for row in range(size):
            for col in range(size):
                out.append(address(grid, row, col))
    return out
