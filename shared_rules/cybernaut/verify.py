"""How `referee verify` recomputes Cybernaut's rolls from their journaled draws
(shared_rules/verify.py finds ``OUTCOMES`` here by convention: shared_rules/hooks.py)."""

from shared_rules.dice import d10_face_value


def _interaction(entry, values):
    # The d10 is the first draw (Cybernaut V.A). The stand-alone Interaction screen
    # journals the Encounter its result chained to (V.D) in the same entry: its two
    # d10 are the next draws, and a result with "E" and no encounter lost it. A
    # game's Interaction (its "who") journals the Encounter as an entry of its own;
    # the draws after its d10 may be a chit or TechGear gained ("C", "T": V.A).
    outcome = entry["out"]
    out = [("d10", outcome.get("d10"), d10_face_value(values[0] + 1))]
    encounter = outcome.get("encounter")
    chained = "who" not in outcome and "E" in str(outcome.get("result", "")).split()
    if encounter is not None or chained:
        dice = [d10_face_value(v + 1) for v in values[1:3]]
        out.append(("encounter dice", (encounter if isinstance(encounter, dict) else {}).get("dice"), dice))
    return out


def _encounter(entry, values):
    return [("dice", entry["out"].get("dice"), [d10_face_value(v + 1) for v in values[:2]])]


# journal kind -> function(entry, draw values) -> [(field, journaled, recomputed)]
OUTCOMES = {
    "interaction": _interaction,
    "encounter": _encounter,
}
