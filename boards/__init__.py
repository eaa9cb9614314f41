"""Boards: one module per board, the only place that touches hardware.

Each exports what the app needs, ready made: ``make_surface()``,
``make_buttons()`` (name -> callable returning True while pressed),
``storage_root``, ``entropy`` (callable(n) -> bytes), ``ticks_ms``, ``sleep_ms``
and ``pack_dirs``.
"""
