"""shared_rules/ and firmware/ keep to the MicroPython subset the project allows.

The real proof is that their tests pass under the `micropython` binary; this check
catches what those tests might not reach (a forbidden import in a rarely used path).
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALLOWED = {"json", "struct", "hashlib", "binascii", "random", "os", "time", "gc", "micropython",
           "shared_rules", "firmware"}
FORBIDDEN_NAMES = {"format_map"}


def sources():
    for folder in ("shared_rules", "firmware"):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if name.endswith(".py"):
                    yield os.path.join(base, name)


@pytest.mark.parametrize("path", sorted(sources()), ids=lambda p: os.path.relpath(p, ROOT))
def test_only_allowed_imports_and_constructs(path):
    tree = ast.parse(open(path).read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in ALLOWED, "%s:%d imports %s" % (path, node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            assert node.module.split(".")[0] in ALLOWED, "%s:%d imports from %s" % (path, node.lineno, node.module)
        elif isinstance(node, ast.Assert):  # the device build (-O3) drops them
            assert False, "%s:%d an assert statement: mpy-cross -O3 drops it on the device" % (
                path, node.lineno)
        elif isinstance(node, ast.Attribute):
            assert node.attr not in FORBIDDEN_NAMES, "%s:%d uses %s" % (path, node.lineno, node.attr)
        elif isinstance(node, ast.FormattedValue):
            spec = node.format_spec
            if spec is not None:
                assert not any(isinstance(v, ast.FormattedValue) for v in spec.values), \
                    "%s:%d nested format spec" % (path, node.lineno)
    text = open(path).read()
    assert "=}" not in text.replace("{=}", ""), "%s: f-string '=' specifier" % path


def test_the_check_catches_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import dataclasses\n")
    with pytest.raises(AssertionError):
        test_only_allowed_imports_and_constructs(str(bad))


def test_the_check_catches_an_assert_statement(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    assert x > 0\n    return x\n")
    with pytest.raises(AssertionError, match="assert statement"):
        test_only_allowed_imports_and_constructs(str(bad))


def test_no_board_relies_on_an_assert_statement():
    # the boards are built with -O3 too (referee.build), which drops asserts
    for base, _, files in os.walk(os.path.join(ROOT, "boards")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(base, name)
                for node in ast.walk(ast.parse(open(path).read(), path)):
                    assert not isinstance(node, ast.Assert), "%s:%d" % (path, node.lineno)


def test_every_registered_screen_resolves_to_its_class():
    from firmware.screens import screen_class, screen_ids
    ids = screen_ids()
    assert len(ids) == len(set(ids)), "a screen ID is registered twice"
    assert "main" in ids and "reveal" in ids
    for screen_id in ids:
        cls = screen_class(screen_id)
        assert cls is not None and cls.ID == screen_id, screen_id
