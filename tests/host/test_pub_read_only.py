"""No device code changes a Cybernaut game's public part in place (issue 21, found by
review): the game screen keeps the game an action stored for the next load
(GameScreen.held) while its state's "pub" is the very object it stored, so an edit
made in place to that "pub" (or to a list or dict inside it) would be in the save
but not in the game the next action plays. Only GameScreen.store sets it, whole,
and GameScreen.apart replaces each of its values by an equal copy (the same dict:
the part the game in hand was stored from, now sharing nothing with it; ALLOWED).

A static check over firmware/games/cybernaut/: within each function, what comes from
``public(...)`` or a ``[...]["pub"]`` subscript, and every name bound from those (an
assignment, a for loop's variable, a comprehension's), is never the root of an
assignment's, a deletion's or an augmented assignment's target, nor of a call of a
method that changes a list or a dict."""

import ast
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FOLDER = os.path.join(ROOT, "firmware", "games", "cybernaut")
# (file, function) that may set the public part's values: GameScreen.apart's copies
ALLOWED = {("game.py", "apart")}
MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "sort",
            "reverse", "popitem"}


def _root(node):
    """The innermost expression under subscripts and attribute reads of ``node``."""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node


def _is_pub(node, tainted):
    """True when ``node`` reads the public part: public(...), x["pub"], a tainted name,
    or a subscript of one of those."""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "public":
            return True
        if isinstance(node, ast.Name):
            return node.id in tainted
        if isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.Constant) and index.value == "pub":
                return True
            node = node.value
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            node = node.func.value  # pub.get("losses")
            continue
        return False


def _names(target):
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for item in target.elts for name in _names(item)]
    return []


def _problems(path):
    tree = ast.parse(open(path).read(), path)
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.Lambda)):
            continue
        if (os.path.basename(path), getattr(func, "name", None)) in ALLOWED:
            continue
        tainted = set()
        nodes = list(ast.walk(func))
        for _ in range(3):  # names bound from names bound from the public part
            for node in nodes:
                if isinstance(node, ast.Assign) and _is_pub(node.value, tainted):
                    for target in node.targets:
                        tainted.update(_names(target))
                elif isinstance(node, (ast.For, ast.comprehension)) and _is_pub(node.iter, tainted):
                    tainted.update(_names(node.target))
        for node in nodes:
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            for target in targets:
                if isinstance(target, (ast.Subscript, ast.Attribute)) and _is_pub(_root(target), tainted) \
                        or isinstance(target, ast.Subscript) and _is_pub(target.value, tainted):
                    found.append("%s:%d" % (os.path.basename(path), node.lineno))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATORS and _is_pub(node.func.value, tainted):
                found.append("%s:%d" % (os.path.basename(path), node.lineno))
    return found


def test_no_cybernaut_screen_changes_the_public_part_in_place():
    found = []
    for name in sorted(os.listdir(FOLDER)):
        if name.endswith(".py"):
            found.extend(_problems(os.path.join(FOLDER, name)))
    assert found == []


def test_the_check_finds_an_edit_in_place(tmp_path):
    # the check itself: each kind of edit it must see, and reads it must let be
    path = tmp_path / "sample.py"
    path.write_text(
        "def a(app):\n    public(app)['cybs'][0]['alive'] = False\n"
        "def b(self):\n    pub = self.s['pub']\n    pub['losses'].append(1)\n"
        "def c(app):\n    for cyb in public(app)['cybs']:\n        cyb['hidden'] = True\n"
        "def d(self):\n    del self.s['pub']['run']\n"
        "def e(app):\n    pub = public(app)\n    pub['turn'] += 1\n"
        "def f(app):\n    pub = public(app)\n    names = [c['name'] for c in pub['cybs']]\n"
        "    names.append('x')\n    mine = {}\n    mine['a'] = pub['turn']\n    return pub.get('losses') or []\n")
    assert _problems(str(path)) == ["sample.py:2", "sample.py:5", "sample.py:8", "sample.py:10",
                                    "sample.py:13"]
