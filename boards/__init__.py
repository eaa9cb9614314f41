"""Boards: one module per board, the only place that touches hardware.

Each exports what the app needs, ready made: ``make_surface()``,
``make_buttons()`` (name -> callable returning True while pressed),
``storage_root``, ``entropy`` (callable(n) -> bytes), ``ticks_ms``, ``sleep_ms``
and ``pack_dirs``.
"""


def forget_modules(prefixes, keep):
    """Drop imported modules whose names start with one of ``prefixes`` (tuple of
    str), except those in ``keep`` (a collection of names), then collect: RAM back
    from a game the player has left. The app calls it from the main menu, when no
    screen of a game is alive; a game may also drop its own per-action modules.

    The parent package keeps each imported submodule as an attribute, so that
    attribute goes too: without it the module would stay alive (measured under the
    unix port: no byte came back)."""
    import gc
    import sys
    # one module at a time, without a list of the names: it runs after a
    # MemoryError too (App.recover_memory), when even 512 bytes may be missing
    while True:
        found = None
        for name in sys.modules:
            if name not in keep:
                for prefix in prefixes:
                    if name.startswith(prefix):
                        found = name
                        break
            if found is not None:
                break
        if found is None:
            break
        name = found
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and getattr(parent, name[dot + 1:], None) is not None:
            try:
                delattr(parent, name[dot + 1:])
            except (AttributeError, TypeError):
                pass
    gc.collect()
