"""The Neo-Hunt section of a table pack: sector tiles and types, varan and trooper
cards, the action deck's target sectors and the extra damage cards. The printed
values are not in the rules text (RULINGS "Neo-Hunt" board): a pack brings them."""

from shared_rules.errors import PackError
from shared_rules.neohunt.board import CENTRE, HIDE, PLACES


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
         "places": {"0".."6" and "H": count >= 0, one of "1".."6" above 0},
                   (the action deck's target sectors; Neo-Hunt reinforcement phase)
         "extra_damage": [str, ...]}
    """
    problems = []
    where = "pack '%s' section 'neohunt'" % name
    if obj is None:  # (found by a new user: "must be an object" of a section not there)
        return ["pack '%s' has no 'neohunt' section: a Neo-Hunt game needs its map tiles, "
                "varans, troopers and places (see the sample pack)" % name]
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
        bad = False
        for key in PLACES + (HIDE,):
            if not _is_int(places.get(key)) or places[key] < 0:
                problems.append("%s places '%s': must be a count >= 0" % (where, key))
                bad = True
        # the action deck's border sector cards (1-6) are where troopers wait to
        # enter and where a joining varan picks its entry card: with none, no trooper
        # ever comes and no varan can join, so the game never ends (found by review)
        if not bad and not [key for key in PLACES if int(key) != CENTRE and places[key] > 0]:
            problems.append("%s places: the action deck needs at least one border sector "
                            "card (a count above 0 for one of 1-6): with none no trooper "
                            "ever enters and no varan can join (Neo-Hunt reinforcement "
                            "phase)" % where)
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


def check_loaded(data, name):
    """What the device checks of a loaded pack of game "neohunt" only when a game
    opens (``section``): its "neohunt" section. `referee pack check` calls it (a
    game's hook, found by convention: shared_rules/hooks.py).

    :param data: the pack's decoded JSON (dict, its tables already valid).
    :param name: the pack's file name, for messages.
    :returns: list of str problems, empty when the section is good.
    """
    return validate_section(data.get("neohunt"), name)
