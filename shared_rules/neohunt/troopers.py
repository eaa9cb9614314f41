"""Neo-Hunt troopers and varan reinforcements for the Game object
(shared_rules.neohunt.game): the trooper deck, reinforcement phase, arrival rolls,
face-down trooper types, late joins and re-entry (RULINGS "Neo-Hunt"). Functions
taking the Game ``g`` first, imported only when needed (the Game's methods
call them) so the device can drop them between actions.

One action per trooper per round (Neo-Hunt troopers; RULINGS trooper actions): a
trooper that has shot (hit or miss) is marked ``"done": "shot"`` until the next
action round starts (neohunt_rounds.start_round clears it); one that arrives is
marked ``"done": "arrived"`` (it acts from the next round on). Where a trooper has
several equal targets the device picks one with the session dice (RULINGS trooper
targets; ``pick_target``).

STAND-IN for trooper behaviour: Neo-Hunt troopers announces the order in which
troopers act (moving, searching, shooting, panic, the Hunter-Killer's own search)
and then lists none of it. The device rolls the arrivals (the text gives those)
and keeps the types face-down; the players say when a trooper shoots ("T<n>
shoots"). Which targets are "equal" is not said either: our reading (marked
"(stand-in)" on the shot's notice) is the varans in reach (same sector or an open
adjoining one, not hidden) with the lowest to-hit number."""

from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import (MAX_PLAYERS, RULE_REINF, RULE_SETUP, RULE_TROOPERS,
                                  TROOPER_CAP, arrives, place_code, to_hit)
from shared_rules.neohunt.board import CENTRE, HIDE


def reinforce(g, source):
    """Reinforcement phase: deal one action card per player in the game; each
    border sector (1..6) brings a trooper from the deck to wait there; with no
    trooper on the board keep dealing until two try; never more than 6 troopers
    on the board plus waiting (RULINGS reinforcement).

    The action deck's make-up comes from the pack's "places" counts, reshuffled
    for each phase. :returns: list of (place code, trooper id or None).
    """
    deck = []
    places = g.sect["places"]
    for code in ("0", "1", "2", "3", "4", "5", "6", HIDE):
        deck.extend([code] * places[code])
    wanted = len([pl for pl in g.d["players"] if pl["in"]])
    empty = not g.on_board()
    tried = 0
    drawn = 0
    events = []
    while g.d["tdeck"] and deck and len(g.d["troopers"]) < TROOPER_CAP:
        if drawn >= wanted and (not empty or tried >= 2):
            break
        code = deck.pop(source.randbelow(len(deck)))
        drawn += 1
        tid = None
        if code != HIDE and int(code) != CENTRE:
            tid = g.d["next_tid"]
            g.d["next_tid"] += 1
            g.d["troopers"].append({"id": tid, "type": g.d["tdeck"].pop(0), "up": False,
                                       "at": int(code), "wait": True, "dmg": 0,
                                       "burn": [], "igniter": None})
            tried += 1
        events.append((code, tid))
    return events

def arrival_rolls(g, source):
    """Each waiting trooper rolls d6: 4+ arrives in its sector (RULINGS arrival).

    :returns: list of (trooper id, face, arrived).
    """
    out = []
    for t in g.waiting():
        face = source.randbelow(6) + 1
        ok = arrives(face)
        if ok:
            t["wait"] = False
            t["done"] = "arrived"  # it acts from the next round on (Neo-Hunt troopers)
            for pl in g.d["players"]:
                v = pl["varan"]
                if v is not None and v["visible"] and v["init"] == t["at"]:
                    t["up"] = True
        out.append((t["id"], face, ok))
    return out

def why_idle(g, tid):
    """None when trooper ``tid`` may act now, else the reason (str): it is still
    waiting to arrive, it arrived this round, or it has acted this round (one
    action per trooper per round, a missed shot included; Neo-Hunt troopers)."""
    t = g.trooper(tid)
    if t["wait"]:
        return "T%d has not arrived yet (%s)" % (tid, RULE_TROOPERS)
    done = t.get("done")
    if done == "arrived":
        return "T%d arrived this round: it acts from the next round on (%s)" % (tid, RULE_TROOPERS)
    if done:
        return "T%d has acted this round: one action per trooper (%s)" % (tid, RULE_TROOPERS)
    return None

def equal_targets(g, tid):
    """The targets trooper ``tid`` may shoot now, as ("v", player) tuples: the varans
    in reach (not hidden; same sector or an open adjoining one) with the lowest
    to-hit number (STAND-IN reading of "equal targets", see the module doc).
    :returns: list, in player order; empty when none is in reach or the trooper
    cannot act (why_idle)."""
    if why_idle(g, tid) is not None:
        return []
    best = 7
    out = []
    for q in range(len(g.d["players"])):
        if g.d["players"][q]["varan"] is None:
            continue
        target = ("v", q)
        if g.check_shot(("t", tid), target) is not None:
            continue
        need = to_hit(g.target_state(target))
        if need < best:
            best = need
            out = []
        if need == best:
            out.append(target)
    return out

def pick_target(g, tid, source):
    """Trooper ``tid``'s target: one of ``equal_targets`` drawn with ``source`` (one
    ``randbelow(len)`` draw, none when there is only one; RULINGS trooper targets).

    :returns: (target tuple, the equal targets list).
    :raises RuleError: the trooper cannot act (why_idle) or has no target in reach.
    """
    reason = why_idle(g, tid)
    if reason:
        raise RuleError(reason)
    among = equal_targets(g, tid)
    if not among:
        raise RuleError("T%d has no varan in reach to shoot (%s)" % (tid, RULE_TROOPERS))
    return among[source.randbelow(len(among))], among

# ---- varan reinforcements ----------------------------------------------
def join(g, name):
    """A new player joins (late join). :returns: her index.
    :raises RuleError: already 6 players, or no varan card left."""
    if len(g.d["players"]) >= MAX_PLAYERS:
        raise RuleError("at most 6 players (%s)" % RULE_SETUP)
    if not g.d["varan_pile"]:
        raise RuleError("no varan card left to deal (%s)" % RULE_REINF)
    g.d["players"].append({"name": name, "kills": 0, "original": True, "varan": None,
                              "pending": None, "card": g.d["varan_pile"].pop(0),
                              "deaths": 0, "in": True, "hist": []})
    return len(g.d["players"]) - 1

def reenter(g, p, place):
    """A player without a varan takes a new one and picks its face-down entry
    place: not Hide, not the centre (Neo-Hunt varan reinforcements).

    :raises RuleError: she still has a varan, or the place is Hide/centre.
    """
    pl = g.d["players"][p]
    if pl["varan"] is not None:
        raise RuleError("%s still has a varan (%s)" % (pl["name"], RULE_REINF))
    place = place_code(place)
    if place == HIDE or int(place) == CENTRE:
        raise RuleError("the entry place cannot be Hide or the centre (%s)" % RULE_REINF)
    if pl["card"] is None:
        if not g.d["varan_pile"]:
            raise RuleError("no varan card left to deal (%s)" % RULE_REINF)
        pl["card"] = g.d["varan_pile"].pop(0)
    pl["pending"] = place
    pl["in"] = True

def enter(g, p):
    """The waiting varan enters at its entry place, now face-up. :returns: place."""
    pl = g.d["players"][p]
    if pl["pending"] is None:
        raise RuleError("%s has no varan waiting to enter (%s)" % (pl["name"], RULE_REINF))
    place = int(pl["pending"])
    g._place_varan(p, place)
    pl["pending"] = None
    return place

