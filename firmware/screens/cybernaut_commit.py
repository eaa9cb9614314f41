"""Cybernaut's face-down chits as sealed-secret commitments (app.commit_secret).

Every face-down chit in cyberspace has a commitment while it is face down: the
journal gets a hash of "<id> <type>@<address>" when the chit is put down (NSA setup,
Cybernaut III.A; the NSA's secret re-placement, VII.H.5; a Netrunner chit placed
face down, VII.B.4), and the value itself once the rules make the chit public
(entered or adjacent address, strike, capture: VII.F, VII.G). At the end of the
game (after turn 10, IV.B.3) every commitment still sealed is revealed, so
`referee verify` can check that each revealed chit is the one committed.

The commitment id rides on the chit (key "cid"): inside the sealed part of the
game state while the chit is face down, dropped once revealed. A chit re-placed
while still face down keeps its old commitment in app.secrets until the end of the
game (revealing it earlier would tell where it was); a new one binds its new address.
Netrunner chits in a holding box or the cup get none (they have no address).
"""

GAME = "cybernaut"
RULE_PLACED = "Cybernaut III.A"
RULE_REVEALED = "Cybernaut VII.F"
RULE_END = "Cybernaut IV.B.3"
REVEAL_KINDS = ("nsa_revealed", "nr_revealed", "file_captured", "strike")


def _public(game, key, chit):
    if key == "nr":
        return game.nr_visible(chit)
    return chit["up"] or chit["w"] in ("files", "held", "lost")


def reveal_rule(events, chit):
    """The rule section of the event in ``events`` (list of event dicts) that made
    ``chit`` public: a reveal naming its address and type (VII.F, VII.G.3), a File
    capture (VII.B.6); else the first revealing event's, else VII.F."""
    first = None
    for event in events or ():
        kind = event["kind"]
        if kind not in REVEAL_KINDS:
            continue
        if first is None:
            first = event["rule"]
        if kind == "file_captured" and chit["w"] == "held":
            return event["rule"]
        if [chit["at"], chit["t"]] in event.get("chits", ()):
            return event["rule"]
    return first or RULE_REVEALED


def sync(app, game, events=None, replaced=False):
    """Bring the commitments in line with ``game`` (a cybernaut_net.Game about to be
    stored): reveal the commitment of every chit now public, commit every face-down
    chit in cyberspace that has none (``replaced``: every re-placed NSA chit, i.e.
    each face-down one but the Nexus chits, gets a new one, VII.H.5); after the game
    is over, reveal every still-sealed commitment of the game (IV.B.3).

    :param events: the events of the action just taken (their rule sections name
        the reveals and placements in the journal).
    """
    if game.s.get("revealed_all"):
        return
    placed = RULE_PLACED
    for event in events or ():
        if event["kind"] == "nr_place":
            placed = event["rule"]
    if replaced:
        placed = "Cybernaut VII.H.5"
    for key, owner in (("nsa", "NSA"), ("nr", "Netrunner")):
        for chit in game.s[key]:
            cid = chit.get("cid")
            if _public(game, key, chit):
                if cid is not None:
                    app.reveal_secret(GAME, cid, reveal_rule(events, chit))
                    del chit["cid"]
            elif chit["w"] == "space" and (
                    cid is None or (replaced and key == "nsa" and not game.is_nexus(chit))):
                chit["cid"] = app.commit_secret(
                    GAME, owner + " chit", "%s %s@%s" % (chit["id"], chit["t"], chit["at"]),
                    owner, placed)
    if game.s["over"]:
        app.reveal_all(GAME, RULE_END)
        for key in ("nsa", "nr"):
            for chit in game.s[key]:
                chit.pop("cid", None)
        game.s["revealed_all"] = True
