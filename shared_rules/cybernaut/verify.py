"""How `referee verify` recomputes Cybernaut's rolls from their journaled draws
(shared_rules/verify.py finds ``OUTCOMES`` here by convention: shared_rules/hooks.py)."""

from shared_rules.dice import d10_face_value


def _interaction(entry, values):
    # the Interaction's d10 (Cybernaut V.D), then the Encounter's two d10 it may lead to
    out = [("d10", entry["out"].get("d10"), d10_face_value(values[0] + 1))]
    encounter = entry["out"].get("encounter")
    if len(values) > 1 or encounter is not None:
        dice = [d10_face_value(v + 1) for v in values[1:3]]
        out.append(("encounter dice", (encounter or {}).get("dice"), dice))
    return out


def _encounter(entry, values):
    return [("dice", entry["out"].get("dice"), [d10_face_value(v + 1) for v in values[:2]])]


# journal kind -> function(entry, draw values) -> [(field, journaled, recomputed)]
OUTCOMES = {
    "interaction": _interaction,
    "encounter": _encounter,
}
