"""Cybercore's combat rules (cybercore-combat.txt; RULINGS "Cybercore"): ``rules``
(checks, armour, damage) and ``fight`` (a whole fight); its rolls' recomputation for
``referee verify`` (``verify``)."""
