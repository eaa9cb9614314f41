"""How `referee verify` recomputes Cybercore's rolls from their journaled draws
(shared_rules/verify.py finds ``OUTCOMES`` here by convention: shared_rules/hooks.py)."""

from shared_rules.dice import d100
from shared_rules.replay import Replay


def _armour(entry, values):
    return [("d20", entry["out"].get("d20"), values[0] + 1)]


def _attack(entry, values):
    # a fight's attack: d100 from a tens and a ones d10 first (Cybercore "Dealing Damage");
    # 00 reads what the fight's option said (in.d100_00: 100, or 0; 100 if absent)
    zero = entry["in"].get("d100_00", 100)
    return [("d100", entry["out"]["public"].get("d100"), d100(Replay(values[:2]), zero)[0])]


def _defend(entry, values):
    return [("d20", entry["out"].get("d20"), values[0] + 1)]


# journal kind -> function(entry, draw values) -> [(field, journaled, recomputed)]
OUTCOMES = {
    "armour": _armour,
    "attack": _attack,
    "defend": _defend,
}
