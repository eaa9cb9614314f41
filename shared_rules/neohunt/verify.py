"""How `referee verify` recomputes Neo-Hunt's rolls from their journaled draws
(shared_rules/verify.py finds ``OUTCOMES`` here by convention: shared_rules/hooks.py)."""


def _shot(entry, values):
    # a trooper's shot (Neo-Hunt troopers; RULINGS trooper targets): with several
    # equal targets (``in.among``) the first draw picked the one shot at (``in.at``)
    among = entry["in"].get("among")
    if isinstance(among, list) and len(among) > 1:
        return [("target", entry["in"].get("at"), among[values[0]]),
                ("d6", entry["out"].get("d6"), values[1] + 1)]
    return [("d6", entry["out"].get("d6"), values[0] + 1)]


# journal kind -> function(entry, draw values) -> [(field, journaled, recomputed)]
OUTCOMES = {
    "shot": _shot,
}
