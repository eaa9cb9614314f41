"""Cybernaut's rules (cybernaut.txt; RULINGS "Cybernaut"): ``rules`` (constants,
dice helpers), ``net`` (the whole game state, loading ``setup``, ``world``, ``run``
and ``strike`` as the game uses them), ``grid``, ``rw``, ``losses``, ``zones``,
``readings``, ``techgear``; its pack's game sections (``pack``) and its rolls'
recomputation for ``referee verify`` (``verify``)."""
