"""The project's own errors. Every reader of outside input raises one of these.

Each error carries a message meant for a person: it names the thing (file, pack,
table, row, text) and the problem, and where there is one, the fix.
"""


class RefereeError(Exception):
    """Base of every error Pocket Referee raises on purpose."""


class DiceNotationError(RefereeError):
    """Dice notation that cannot be read.

    Attributes: ``text`` (the whole notation) and ``pos`` (0-based index of the
    offending character; ``len(text)`` when the text ends too soon).
    """

    def __init__(self, text, pos, problem):
        self.text = text
        self.pos = pos
        super().__init__(
            "bad dice notation '%s' at position %d: %s" % (text, pos, problem))


class PackError(RefereeError):
    """A table pack that is missing, not JSON, or fails validation.

    ``problems`` is the list of every problem found, each naming pack, table and row.
    """

    def __init__(self, message, problems=None):
        self.problems = problems or []
        super().__init__(message)


class SaveError(RefereeError):
    """A save or journal that cannot be read (corrupt, truncated, not ours)."""


class SaveVersionError(SaveError):
    """A save written by a newer Pocket Referee than this one."""


class SaveChecksumError(SaveError):
    """A save whose checksum does not match its contents."""


class RuleError(RefereeError):
    """An action the game's rules do not allow; the message cites the rule."""
