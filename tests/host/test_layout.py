"""The layout of the device code (issue 18): no import circle in firmware/,
shared_rules/ or boards/; every game registered the same way in the one registry
(firmware/screens/__init__.py) and laid out as its two packages; no module named
by its name before the layout (strings included)."""

import ast
import os
import re

from firmware import memory, relief
from firmware.screens import ENTRIES, GAMES, SCREENS, game_of, screen_class, screen_ids
from firmware.ui import Screen

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEVICE = ("firmware", "shared_rules", "boards")


def _modules():
    """{dotted name: path} of every .py file of the device code."""
    out = {}
    for top in DEVICE:
        for where, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(where, name)
                    dotted = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                    out[dotted[:-9] if dotted.endswith(".__init__") else dotted] = path
    return out


MODULES = _modules()


def _imports(name, path):
    """The device modules ``name`` imports anywhere in its file (at the top or inside
    a function: both are arrows of the graph), as dotted names."""
    with open(path) as handle:
        tree = ast.parse(handle.read(), path)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # ``from pkg import a, b``: every name that is a module (found by review:
            # only the first was kept), else the module the names come from
            targets = [node.module + "." + alias.name for alias in node.names]
            if not [t for t in targets if t in MODULES]:
                targets = [node.module]
        else:
            continue
        out.update(t for t in targets if t in MODULES and t != name)
    return out


GRAPH = dict((name, _imports(name, path)) for name, path in MODULES.items())


def _cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def test_the_walk_sees_imports_at_the_top_and_in_functions():
    # firmware.app imports firmware.memory at the top and firmware.undo in a method
    assert {"firmware.memory", "firmware.undo", "firmware.resume"} <= GRAPH["firmware.app"]
    # every module of one ``from pkg import a, b`` line
    assert "firmware.relief" in GRAPH["firmware.app"]
    tree_text = "from firmware import memory, relief\nfrom firmware.ui import Menu, wrap\n"
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(tree_text)
    try:
        assert _imports("x", handle.name) == {"firmware.memory", "firmware.relief", "firmware.ui"}
    finally:
        os.remove(handle.name)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_in_the_device_code():
    circles = _cycles(GRAPH)
    assert not circles, "import circles: " + "; ".join(
        " <-> ".join(group) + " (" + ", ".join("%s -> %s" % (a, sorted(GRAPH[a] & set(group)))
                                               for a in group) + ")" for group in circles)


def test_no_device_module_imports_a_host_only_one():
    from referee.build import HOST_ONLY, is_host_only, source_files
    host = set(name for name, path in MODULES.items()
               if is_host_only(os.path.relpath(path, ROOT).replace(os.sep, "/")))
    assert set(path[:-3].replace("/", ".") for path in HOST_ONLY) <= host
    assert ["shared_rules.%s.verify" % game for game in GAMES if "shared_rules.%s.verify" % game in host]
    for name in GRAPH:   # on the device: imported by no module but the host-only ones
        if name not in host:
            assert not GRAPH[name] & host, name
    built = set(rel for rel, _ in source_files("pico"))
    assert not [rel for rel in built if is_host_only(rel)] and "shared_rules/hooks.py" in built


def test_every_game_is_its_two_packages_registered_in_one_file():
    games_dir = os.path.join(ROOT, "firmware", "games")
    rules_dir = os.path.join(ROOT, "shared_rules")
    on_disk = sorted(d for d in os.listdir(games_dir) if os.path.isdir(os.path.join(games_dir, d))
                     and not d.startswith("__"))
    rules = sorted(d for d in os.listdir(rules_dir) if os.path.isdir(os.path.join(rules_dir, d))
                   and not d.startswith("__"))
    assert on_disk == rules == sorted(GAMES)
    # pip install finds every package (pyproject.toml [tool.setuptools.packages.find]):
    # a game's two packages need no line there
    with open(os.path.join(ROOT, "pyproject.toml")) as handle:
        pyproject = handle.read()
    assert 'include = ["referee", "shared_rules", "shared_rules.*", "firmware", "firmware.*"' in pyproject
    entries = [entry[1] for entry in ENTRIES]
    for game in GAMES:
        for package in ("firmware.games." + game, "shared_rules." + game):
            assert package in MODULES, package
        assert "firmware.games.%s.shared" % game in MODULES      # what its screens share
        verify = __import__("shared_rules.%s.verify" % game, None, None, ["OUTCOMES"])
        assert verify.OUTCOMES, game                             # its rolls, for referee verify
        assert [e for e in entries if game_of(e) == game], game  # on the main menu
        hubs = [i for i in screen_ids() if game_of(i) == game and getattr(screen_class(i), "GAME_TITLE", "")]
        assert len(hubs) == 1, (game, hubs)                      # one screen holds the game


def test_every_screen_is_registered_once_under_its_own_id_and_game():
    ids = screen_ids()
    assert len(ids) == len(set(ids))
    registered = set()
    for screen_id in ids:
        cls = screen_class(screen_id)
        assert cls is not None and cls.ID == screen_id, screen_id
        module = cls.__module__
        registered.add((module, cls.__name__))
        game = module.split(".")[2] if module.startswith("firmware.games.") else None
        assert game_of(screen_id) == game, screen_id
    # and every screen class with an ID in the device code is there
    for name, path in MODULES.items():
        if not name.startswith("firmware."):
            continue
        module = __import__(name, None, None, ["_"])
        for attr in dir(module):
            value = getattr(module, attr)
            if (isinstance(value, type) and issubclass(value, Screen) and value.__module__ == name
                    and value.ID and value.__dict__.get("ID")):
                assert (name, attr) in registered, "%s.%s (ID %s) is not in SCREENS" % (name, attr, value.ID)
    for label, module, cls in ENTRIES:
        assert getattr(__import__(module, None, None, [cls]), cls).ID in ids, label
    assert SCREENS.count("\n") == len(ids) + 1


def test_the_pack_names_serve_the_registered_games():
    # a pack file serves the game its name starts with (shared_rules.tables.slot_problem):
    # every game package (shared_rules/<game>/, found by convention), and nothing else
    from shared_rules.tables import slot_problem
    for game in GAMES:
        other = [name for name in GAMES if name != game][0]
        assert slot_problem("packs/%s-sample.json" % game, other) == (
            "packs/%s-sample.json is read for %s (its name), but it is a pack for game '%s': "
            "name it %s.json" % (game, game, other, other))
        assert slot_problem("packs/%s.json" % game, game) is None
        assert slot_problem("packs/%s.json" % game, "chess") == (
            "packs/%s.json is read for %s (its name), but it is a pack for game 'chess'" % (game, game))
    # a name whose first word is no game package (shared_rules.save is a module): not judged
    assert slot_problem("packs/save-x.json", GAMES[0]) is None
    assert slot_problem("packs/mine.json", GAMES[0]) is None


def test_a_games_screens_never_import_the_screen_that_holds_the_game():
    for game in GAMES:
        hub = [screen_class(i) for i in screen_ids()
               if game_of(i) == game and getattr(screen_class(i), "GAME_TITLE", "")][0]
        for name in GRAPH:
            if name.startswith("firmware.games.%s." % game) and name != hub.__module__:
                assert hub.__module__ not in GRAPH[name], "%s imports %s" % (name, hub.__module__)
        # shared.py imports none of the game's screens
        shared = "firmware.games.%s.shared" % game
        screens = set(screen_class(i).__module__ for i in screen_ids() if game_of(i) == game)
        assert not GRAPH[shared] & screens, shared


def test_the_memory_phase_table_names_real_modules_of_registered_games():
    for game in GAMES:   # a game's per-action row: its shared.py's ACTION
        action = __import__("firmware.games.%s.shared" % game, None, None, ["ACTION"]).ACTION
        assert action, game
        for module in action:
            assert module in MODULES, (game, module)
    for name in memory.KEEP_MODULES + ("firmware.resume",):
        assert name in MODULES, name


# the module names before the layout (issue 18): firmware/screens/<game>*.py and
# shared_rules/<game>_*.py, as dotted names or paths (shared_rules.<game> is now the
# game's package)
OLD = re.compile(r"\bfirmware[./]screens[./](?:cybernaut|neohunt|cybercore)"
                 r"|\bshared_rules[./](?:cybernaut|neohunt|cybercore)_[a-z]+")


def test_no_file_names_a_module_by_its_name_before_the_layout():
    found = []
    for where, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("build", "fixtures")
                   and not d.endswith(".egg-info") and d != "__pycache__"]
        for name in names:
            if not name.endswith((".py", ".md", ".toml", ".txt", ".json")) and name != "Makefile":
                continue
            path = os.path.join(where, name)
            with open(path, encoding="utf-8", errors="replace") as handle:
                for number, line in enumerate(handle, 1):
                    for match in OLD.finditer(line):
                        found.append("%s:%d: %s" % (os.path.relpath(path, ROOT), number, match.group(0)))
    assert not found, found


# ---- App's parts own their state (issue 18) --------------------------------------
# firmware.app.App's base classes are its parts (dice and journal, sealing: firmware/
# journal.py; saving: firmware/saving.py; memory's are functions of the app). A private attribute of the app (``_name``) is
# owned by the part whose class assigns it (``self._name = ...``) or defines it (a
# method): only that class uses it as ``self._name``, and only its module as
# ``app._name``. Anywhere else in the device code, ``app._name`` or ``self.app._name``
# (the app's usual names) is another module reaching into the app's privates.

def _app_parts():
    """{class name: dotted module} of App and each of its base classes."""
    path = MODULES["firmware.app"]
    with open(path) as handle:
        tree = ast.parse(handle.read(), path)
    imported = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                imported[alias.asname or alias.name] = node.module
    app = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App"][0]
    parts = {"App": "firmware.app"}
    for base in app.bases:
        parts[base.id] = imported[base.id]
    return parts


def _is_private(name):
    return name.startswith("_") and not name.startswith("__")


def _owned(tree, class_name):
    """The private names class ``class_name`` of ``tree`` defines (methods) or
    assigns on self: (those of its methods and its ``__init__``'s, the others)."""
    first, other = set(), set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for method in node.body:
                if not isinstance(method, ast.FunctionDef):
                    continue
                if _is_private(method.name):
                    first.add(method.name)
                for item in ast.walk(method):
                    if (isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store)
                            and isinstance(item.value, ast.Name) and item.value.id == "self"
                            and _is_private(item.attr)):
                        (first if method.name == "__init__" else other).add(item.attr)
    return first, other


def _reaches(tree, module, owner_of, parts):
    """The places in ``tree`` (module ``module``) that use a private attribute of
    the app they do not own: ["module:line: expression (owner)"].

    :param owner_of: {private name: (module, class) owning it}.
    :param parts: {class name: module} of the app's parts.
    """
    found = []
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)
               and parts.get(node.name) == module]
    inside = set()
    for cls in classes:   # self._x in an app part: its own, or another part's
        for node in ast.walk(cls):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "self" and _is_private(node.attr)):
                inside.add(id(node))
                if owner_of.get(node.attr) != (module, cls.name):
                    found.append("%s:%d: self.%s (%s)" % (module, node.lineno, node.attr,
                                                         owner_of.get(node.attr, "no part owns it")))
    for node in ast.walk(tree):   # app._x / self.app._x anywhere else
        if not isinstance(node, ast.Attribute) or id(node) in inside or not _is_private(node.attr):
            continue
        value = node.value
        named = ((isinstance(value, ast.Name) and value.id == "app")
                 or (isinstance(value, ast.Attribute) and value.attr == "app"))
        if named and owner_of.get(node.attr, ("",))[0] != module:
            found.append("%s:%d: %s.%s (%s)" % (module, node.lineno, ast.unparse(value), node.attr,
                                               owner_of.get(node.attr, "no part owns it")))
    return found


def _owners(parts, trees):
    """{private name: (module, class)}: the part whose ``__init__`` sets it or that
    defines it, else the one part that sets it at all (two: the test fails)."""
    owner_of = {}
    later = {}
    for cls, module in parts.items():
        first, other = _owned(trees[module], cls)
        for name in first:
            assert name not in owner_of, "%s is set by %s and %s" % (name, owner_of[name], cls)
            owner_of[name] = (module, cls)
        for name in other:
            later.setdefault(name, []).append((module, cls))
    for name in later:
        if name not in owner_of:
            assert len(later[name]) == 1, "%s is set by %s" % (name, later[name])
            owner_of[name] = later[name][0]
    return owner_of


def _tree(name):
    with open(MODULES[name]) as handle:
        return ast.parse(handle.read(), MODULES[name])


def test_the_apps_parts_are_its_base_classes_and_the_memory_module():
    parts = _app_parts()
    assert parts == {"App": "firmware.app", "Journaling": "firmware.journal",
                     "Sealing": "firmware.journal", "Saving": "firmware.saving"}
    trees = dict((module, _tree(module)) for module in set(parts.values()))
    owner_of = _owners(parts, trees)
    # what each part owns, as its module's docstring says
    assert owner_of["_mark"] == owner_of["_sealed_seed"] == ("firmware.journal", "Journaling")
    assert owner_of["_key"] == ("firmware.journal", "Sealing")
    assert owner_of["_saved_digest"] == ("firmware.saving", "Saving")
    assert owner_of["_launching"] == ("firmware.app", "App")
    # memory: functions of the app (App.forget_games and App.recover_memory call them)
    memory = _tree("firmware.memory")
    names = [node.name for node in memory.body if isinstance(node, ast.FunctionDef)]
    assert "forget_games" in names and "recover_memory" in names


def test_no_module_uses_a_private_attribute_of_the_app_it_does_not_own():
    parts = _app_parts()
    trees = dict((name, _tree(name)) for name in MODULES)
    owner_of = _owners(parts, trees)
    found = []
    for name in sorted(MODULES):
        found += _reaches(trees[name], name, owner_of, parts)
    assert not found, found


def test_the_private_attribute_check_finds_each_kind_of_reach():
    parts = {"App": "a", "Dice": "d"}
    dice = ast.parse("class Dice:\n    def __init__(self):\n        self._mark = 0\n"
                     "    def roll(self):\n        return self._mark + self._draw()\n")
    app = ast.parse("class App(Dice):\n    def _draw(self):\n        self._mark = 1\n")
    owner_of = _owners(parts, {"a": app, "d": dice})
    assert owner_of == {"_mark": ("d", "Dice"), "_draw": ("a", "App")}
    assert _reaches(app, "a", owner_of, parts) == ["a:3: self._mark (('d', 'Dice'))"]
    assert _reaches(dice, "d", owner_of, parts) == ["d:5: self._draw (('a', 'App'))"]
    other = ast.parse("def resume(app, screen):\n    app._mark = 2\n    x = screen.app._draw\n"
                      "    return screen._game, app.public\n")
    assert _reaches(other, "r", owner_of, parts) == [
        "r:2: app._mark (('d', 'Dice'))", "r:3: screen.app._draw (('a', 'App'))"]


def _top_imports(path):
    """The device modules a file imports at its top level (outside every function:
    module and class bodies), as dotted names."""
    with open(path) as handle:
        tree = ast.parse(handle.read(), path)
    out = set()
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue  # an import in a function runs when called: not held by the module
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(node.module + "." + alias.name for alias in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return set(name for name in out if name in MODULES)


def test_cold_modules_are_imported_only_inside_functions():
    # firmware/relief.py relieve drops them under memory pressure: a module that held
    # one from its top level would keep its RAM alive, and the next import would load
    # a second copy beside it (issue 17). The rules parts are loaded by name
    # (shared_rules.cybernaut.net PARTS) and dropped by the game's shed.
    # Another game's modules may hold one: only one game is loaded at a time
    # (App.forget_games).
    from shared_rules.cybernaut.net import PARTS
    for game in GAMES:
        shared = __import__("firmware.games.%s.shared" % game, None, None, ["COLD"])
        cold = set(relief.COLD) | set(getattr(shared, "COLD", ()))
        if game == "cybernaut":
            cold.update(module for module, _ in PARTS)
        others = tuple("%s.%s." % (side, other) for other in GAMES if other != game
                       for side in ("firmware.games", "shared_rules"))
        for name in cold:
            assert name in MODULES, name
        for name, path in MODULES.items():
            if (name + ".").startswith(others):
                continue
            held = _top_imports(path) & cold
            assert not held, "%s imports %s at its top level" % (name, sorted(held))


def test_the_press_looks_for_relief_at_the_pressure_relief_works_with():
    # App.handle imports firmware.relief only below its own _PRESSURE (a const: no
    # name interned at boot), and relieve's default room is the same figure
    from firmware import app
    assert app._PRESSURE == relief.PRESSURE == 64 * 1024


def _hub_reaches(tree, module):
    """Where ``tree`` reads or writes the state (``.s``) or a private attribute of a
    screen it found with ``app.find(...)``: directly (``app.find(ID).s``) or through
    a name bound to one in the same function. ["module:line: name"]."""
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef):
            continue
        found_names = set()
        for node in ast.walk(func):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "find"):
                found_names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        for node in ast.walk(func):
            if not isinstance(node, ast.Attribute) or not (node.attr == "s" or _is_private(node.attr)):
                continue
            value = node.value
            direct = (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                      and value.func.attr == "find")
            if direct or (isinstance(value, ast.Name) and value.id in found_names):
                found.append("%s:%d: %s" % (module, node.lineno, ast.unparse(node)))
    return found


def test_a_games_screens_reach_the_games_state_only_through_its_shared_module():
    # issue 18: a child screen reads the game through its shared.py (public,
    # game_value, open_fight, open_game) and changes it through the game screen's
    # methods, never the game screen's ``s`` or private attributes directly
    found = []
    for game in GAMES:
        hub = [screen_class(i) for i in screen_ids()
               if game_of(i) == game and getattr(screen_class(i), "GAME_TITLE", "")][0]
        for name in sorted(MODULES):
            if (name.startswith("firmware.games.%s." % game) and name != hub.__module__
                    and not name.endswith(".shared")):
                found += _hub_reaches(_tree(name), name)
    assert not found, found
    sample = ast.parse("def f(app):\n    g = app.find('x')\n    g.s['pub'] = 1\n"
                       "    app.find('x')._game = None\n    n = Other()\n    n.s['c'] = 2\n")
    assert sorted(_hub_reaches(sample, "m")) == ["m:3: g.s", "m:4: app.find('x')._game"]


def test_every_import_of_a_device_module_names_one_that_exists():
    # an import inside a function runs only when called: a module renamed or merged
    # (issue 18's App split) must not leave one naming it behind
    missing = []
    for name, path in sorted(MODULES.items()):
        for node in ast.walk(_tree(name)):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            for target in targets:
                if target.split(".")[0] in DEVICE and target not in MODULES:
                    missing.append("%s:%d: %s" % (name, node.lineno, target))
    assert not missing, missing


def test_the_deferred_reveal_asks_the_heap_as_restart_first_does(monkeypatch):
    # later._roomy repeats App.restart_first's figures as literals (consts of app.py:
    # no name interned at boot); a change of one without the other would reveal an
    # abandoned game's secrets after a restart that never comes, or before it for nothing
    import gc
    from firmware import app as app_module
    from firmware.games.cybernaut import later

    class Board:
        restart = object()

    def no_block(size):
        raise MemoryError("memory allocation failed, allocating %d bytes" % size)

    for have, block, roomy in ((app_module._WHOLE, False, True), (app_module._WHOLE - 1, False, False),
                               (app_module._WHOLE - 1, True, True), (app_module._ENOUGH, True, True),
                               (app_module._ENOUGH - 1, True, False)):
        monkeypatch.setattr(gc, "mem_free", lambda: have, raising=False)
        if block:
            monkeypatch.delattr(later, "bytearray", raising=False)
        else:
            monkeypatch.setattr(later, "bytearray", no_block, raising=False)
        assert later._roomy(Board()) == roomy, (have, block)
    assert app_module._BLOCK == 65536  # the block _roomy asks for
