"""packs.ok vouches for a pack only with the code that checked it (firmware/packfile.py
CHECK_MODULES): every shared_rules module the checks import is hashed with the pack
(a deploy that changes any of them checks every pack again; found by review)."""

import os
import re

from firmware.packfile import CHECK_MODULES

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def _imports(module):
    with open(os.path.join(ROOT, "shared_rules", module + ".py")) as handle:
        found = re.findall(r"from shared_rules\.([\w.]+) import", handle.read())
    return set(name.replace(".", "/") for name in found)


def test_every_module_the_pack_checks_import_is_hashed_with_the_pack():
    seen = set()
    todo = ["pack_check", "cybernaut/pack", "cybernaut/techgear"]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(_imports(module) - {"errors"})  # errors: the messages' classes only
    missing = sorted(seen - set(CHECK_MODULES))
    assert not missing, missing
