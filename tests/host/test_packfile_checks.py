"""packs.ok vouches for a pack only with the code that checked it (firmware/packfile.py
check_modules): every shared_rules module the checks import is hashed with the pack
(a deploy that changes any of them checks every pack again; found by review), a
game's checks included (its package's PACK_CHECKS, found by convention)."""

import os
import re

from firmware.packfile import check_modules
from firmware.screens import GAMES

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def _path(name):
    """A dotted name under shared_rules ("cybernaut.pack", "cybernaut") as
    check_modules spells it ("cybernaut/pack", "cybernaut/__init__")."""
    path = name.replace(".", "/")
    return path + "/__init__" if os.path.isdir(os.path.join(ROOT, "shared_rules", path)) else path


def _imports(module):
    with open(os.path.join(ROOT, "shared_rules", module + ".py")) as handle:
        found = re.findall(r"from shared_rules\.([\w.]+) import", handle.read())
    return set(_path(name) for name in found)


def test_every_module_the_pack_checks_import_is_hashed_with_the_pack():
    seen = set()
    todo = ["pack_check", "tables"]
    for game in GAMES:   # pack_check calls a game's pack module for its PACK_SECTIONS
        package = __import__("shared_rules." + game, None, None, ["_"])
        if getattr(package, "PACK_SECTIONS", ()):
            todo += [game + "/__init__", game + "/pack"]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(_imports(module) - {"errors"})  # errors: the messages' classes only
    hashed = check_modules()
    missing = sorted(seen - set(hashed))
    assert not missing, missing
    assert "cybernaut/pack" in hashed and "cybernaut/techgear" in hashed
    for module in hashed:    # each one a file (a misspelt one would hash its name only)
        assert os.path.exists(os.path.join(ROOT, "shared_rules", module + ".py")), module
