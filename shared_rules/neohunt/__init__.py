"""Neo-Hunt's rules (neo-hunt.txt; RULINGS "Neo-Hunt"): ``rules`` (the shot, damage,
dice helpers), ``game`` (the whole game state, with ``combat``, ``rounds`` and
``troopers``), ``board``; its pack section (``pack``) and its rolls' recomputation
for ``referee verify`` (``verify``)."""
