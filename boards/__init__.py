"""Boards: one module per board, the only place that touches hardware.

Each exports what the app needs, ready made: ``make_surface()``,
``make_buttons()`` (name -> callable returning True while pressed),
``storage_root``, ``entropy`` (callable(n) -> bytes), ``ticks_ms``, ``sleep_ms``
and ``pack_dirs``.
"""


def forget_modules(prefixes, keep):
    """Drop imported modules whose names start with one of ``prefixes`` (tuple of
    str), except those in ``keep`` (a collection of names), then collect: RAM back
    from a game the player has left. The app calls it only from the main menu, when
    no screen of a game is alive."""
    import gc
    import sys
    for name in list(sys.modules):
        if name in keep:
            continue
        for prefix in prefixes:
            if name.startswith(prefix):
                del sys.modules[name]
                break
    gc.collect()
