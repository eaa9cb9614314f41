"""referee: the Pocket Referee PC tool (simulator, pack checks, and later sync)."""

from shared_rules import VERSION

__version__ = VERSION
