"""Cybernaut's rules (cybernaut.txt; RULINGS "Cybernaut"): ``rules`` (constants,
dice helpers), ``net`` (the whole game state, loading ``setup``, ``world``, ``run``
and ``strike`` as the game uses them), ``grid``, ``rw``, ``losses``, ``zones``,
``readings``, ``techgear``; its pack's game sections (``pack``) and its rolls'
recomputation for ``referee verify`` (``verify``). Constants only here: every
module of the game imports this one (shared_rules/hooks.py reads them)."""

# a pack's top-level sections that are Cybernaut's (pack_check then calls
# shared_rules.cybernaut.pack.validate_sections; a pack without any is tables-only)
PACK_SECTIONS = ("sprawls", "translines", "grids", "ops_costs", "nsa_chits", "netrunner_chits",
                 "cybernauts", "ss_units", "unit_definitions", "combat_columns")
# the modules (under shared_rules/) whose code checks those sections: hashed with a
# pack (firmware/packfile.py packs.ok), so changed checks check it again
PACK_CHECKS = ("cybernaut/__init__", "cybernaut/pack", "cybernaut/techgear", "cybernaut/rules")
