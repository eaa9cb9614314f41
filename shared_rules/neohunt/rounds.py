"""Neo-Hunt turns, the order deck and the end for the Game object
(shared_rules.neohunt.game): end conditions at a turn's start, the order deck of
one card per varan plus the grey trooper card, the winner and the full reveal
(RULINGS "Neo-Hunt"). Functions taking the Game
``g`` first, imported only when needed (the Game's methods call them) so the
device can drop them between actions."""

from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import RULE_END, TROOPERS, shuffle, winner
from shared_rules.neohunt.board import HIDE, place_name


def start_turn(g):
    """Start the next turn: check the end conditions first (RULINGS end).

    :returns: the end dict if the game ended, else None.
    """
    d = g.d
    if d["turn"] > 0:
        if not d["tdeck"] and not d["troopers"]:
            return end(g, "no troopers left in the deck or on the board")
        if d["died"] and not g.active():
            return end(g, "every varan was killed during the last turn")
    d["died_last"] = d["died"]
    d["died"] = []
    d["turn"] += 1
    d["round"] = 0
    for p in g.active():
        v = d["players"][p]["varan"]
        if v is not None:
            v["moved"] = 0
    return None

def last_player_check(g):
    """Call when nobody wants to (re)enter: ends the game if at most one player
    is left (RULINGS end). :returns: the end dict or None."""
    if len(g.active()) <= 1:
        return end(g, "only one player left and nobody joins")
    return None

def hand_size(g):
    """Action cards per hand: 11 (Neo-Hunt set-up), or with 5-6 active players the
    ``hand_big`` setting (default 9). STAND-IN: Neo-Hunt miscellaneous rules
    announce a change for 5 or 6 active players (and say it follows the count from
    the draw phase) but the change itself is not in the text; the set-up screen and
    the hand-size notice mark it "(stand-in)". :returns: int."""
    count = len(g.active())
    return g.d["settings"]["hand_big"] if count >= 5 else 11

def start_round(g, source):
    """Shuffle the order deck: one card per varan (on the board or waiting to
    enter) plus the grey trooper card (Neo-Hunt action rounds). Every trooper's
    action of the last round is forgotten: each acts once per round, one that
    arrived last round too (Neo-Hunt troopers)."""
    deck = [p for p in g.active()] + [TROOPERS]
    g.d["order"] = shuffle(source, deck)
    g.d["dealt"] = []
    g.d["round"] += 1
    for t in g.d["troopers"]:  # a new round: every trooper may act once again
        t.pop("done", None)

def deal(g):
    """Deal the next order card: a player index or "T". None when the round is over."""
    if not g.d["order"]:
        return None
    card = g.d["order"].pop(0)
    g.d["dealt"].append(card)
    return card

# ---- the end -------------------------------------------------------------
def end(g, reason):
    """End the game now. :returns: {"reason", "winner" (index or None), "why"}."""
    players = g.d["players"]
    win, why = winner([(pl["kills"], pl["original"]) for pl in players])
    g.d["ended"] = {"reason": reason, "winner": win, "why": why}
    return g.d["ended"]

def full_reveal(g):
    """Every move of every varan with its legality, for the end of the game.

    :returns: list of str (one line each). Only for an ended game.
    :raises RuleError: the game is still running (the tracks are secret).
    """
    if g.d["ended"] is None:
        raise RuleError("the tracks are shown only at the end (%s)" % RULE_END)
    lines = []
    for pl in g.d["players"]:
        lines.append("%s: %d kills" % (pl["name"], pl["kills"]))
        for t, a, b in pl["hist"]:
            ok = "ok" if b == HIDE or g.board.why_not(a, int(b)) is None else "ILLEGAL"
            lines.append(" t%d %s>%s %s" % (t, place_name(a), place_name(b), ok))
    return lines

