"""boards.forget_modules short of room for the list of names it drops (after a
MemoryError: App.recover_memory): one name a walk of sys.modules, the same result."""

import sys

from boards import forget_modules


class _Short(dict):
    """sys.modules as seen by a heap with no room for a list: every other walk
    (the one that builds the list of names) raises MemoryError."""

    walks = 0

    def __iter__(self):
        _Short.walks += 1
        if _Short.walks % 2:
            raise MemoryError("memory allocation failed")
        return dict.__iter__(self)


def test_short_of_room_it_drops_one_module_a_walk_and_the_same_ones():
    modules = _Short(("pr_short_%d.m" % i, object()) for i in range(4))
    modules["pr_other.m"] = object()
    real = sys.modules
    sys.modules = modules
    try:
        dropped = forget_modules(("pr_short_",), ("pr_short_2.m",))
    finally:
        sys.modules = real
    assert sorted(dropped) == ["pr_short_0.m", "pr_short_1.m", "pr_short_3.m"]
    assert sorted(dict.keys(modules)) == ["pr_other.m", "pr_short_2.m"]
    assert _Short.walks >= 8  # a failed and a plain walk per name, and the last pair


def test_it_collects_after_unless_told_not_to(monkeypatch):
    # a Neo-Hunt action drops its modules inside the press without a collection (the
    # allocator collects when it finds no room; the app after the frame: issue 21)
    import gc
    collected = []
    monkeypatch.setattr(gc, "collect", lambda: collected.append(1))
    sys.modules["pr_collect.a"] = object()
    sys.modules["pr_collect.b"] = object()
    assert forget_modules(("pr_collect.a",), (), False) == ["pr_collect.a"] and collected == []
    assert forget_modules(("pr_collect.b",), ()) == ["pr_collect.b"] and collected == [1]
