"""A game's hooks, found by convention in its package (shared_rules/<game>/) rather
than listed here: ``pack`` (``validate_sections`` for the sections the package's
``PACK_SECTIONS`` names, checked while a pack loads; ``check_loaded``, what the
device checks only when the game opens, for `referee pack check`) and ``verify``
(``OUTCOMES``: how `referee verify` recomputes each kind of the game's rolls).
Imported by the pack checks and the host tools only, never by a game's screens."""


def game_package(game):
    """The package shared_rules.<game> (its ``__init__``: constants only), or None
    when ``game`` (a pack's or a journal entry's "game", a pack file name's first
    word: any value) names no game package (a module such as shared_rules.save is
    no game)."""
    if not isinstance(game, str) or not game or not game.isalpha() or game.lower() != game:
        return None  # only plain lower-case words become a module name
    package = _module("shared_rules." + game)
    return package if hasattr(package, "__path__") else None


def pack_slot(path):
    """The first word of a pack file's name: the game the device reads it for when
    that word names a game package ("packs/cybernaut-game.json" -> "cybernaut",
    "neohunt.json" -> "neohunt"; firmware.packfile reads packs by these names;
    shared_rules.tables.slot_problem).

    :param path: the file's path or name (str; "/" or "\\" separated).
    :returns: str (may name no game: "mytables")."""
    base = path.replace("\\", "/").split("/")[-1]
    if base.endswith(".json"):
        base = base[:-5]
    return base.split("-")[0]


def game_module(game, part):
    """Module shared_rules.<game>.<part> (e.g. ("cybernaut", "verify")), or None
    when that game or that module does not exist.

    :raises ImportError: the module exists but one of its own imports fails."""
    if game_package(game) is None:
        return None
    return _module("shared_rules.%s.%s" % (game, part))


def _module(name):
    try:
        return __import__(name, None, None, ["_"])
    except ImportError as exc:
        missing = getattr(exc, "name", None)  # CPython names the module not found
        if missing is not None and not name.startswith(missing):
            raise  # found, but broken: say so rather than skip its checks
        return None
