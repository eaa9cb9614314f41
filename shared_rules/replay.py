"""A dice source that replays journaled draws: `referee verify` recomputes a roll's
outcome with it (shared_rules/verify.py and each game's ``verify`` module)."""


class Replay:
    """A dice source replaying journaled draw values (0-based, list of int) in order.

    :raises IndexError: from ``randbelow``, when the roll needs more draws than
        were journaled.
    """

    def __init__(self, values):
        self.values = list(values)

    def randbelow(self, n):
        """The next journaled value (``n``, the range, is the journal's to check)."""
        if not self.values:
            raise IndexError("fewer draws journaled than the roll needs")
        return self.values.pop(0)
