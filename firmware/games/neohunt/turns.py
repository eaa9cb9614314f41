"""Neo-Hunt turn flow for NhGame (kept apart so each module compiles in the Pico's RAM):
set-up steps, turns, order cards, Spot!, shots, arrivals, burning, the end and the
private screens' results. Each function takes the NhGame screen as ``self``."""

from firmware.games.neohunt.shared import GAME, SHORT_STATE
from firmware.games.neohunt.secrets import _lists
from firmware.screens.prompt import Handover
from firmware.surface import NB
from firmware.ui import TextScreen
from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import RULE_ARRIVAL, RULE_BURNING
from shared_rules.neohunt.board import place_name
from shared_rules.neohunt.game import (RULE_END, RULE_HIDDEN, RULE_MOVE, RULE_ORDER, RULE_REINF,
                                       RULE_SETUP, TROOPERS)


def flow(self, app, g, key):
    """The set-up, turn and order-card steps."""
    from firmware.games.neohunt.private import NhPlace
    d = g.d
    s = self.s
    names = [pl["name"] for pl in d["players"]]
    if key.startswith("init"):
        p = int(key[4:])
        app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "initial", "sel": 0, "err": ""})))
    elif key == "reveal_all":
        shown = g.reveal_initials()
        app.record(GAME, "starts", {}, {"places": [[n, place_name(pl)] for n, pl in shown]}, RULE_SETUP)
        self.go("initmove")
        app.notice("Starts", ", ".join("%s%s%s" % (n, NB, place_name(pl)) for n, pl in shown))
    elif key.startswith("imove"):
        p = int(key[5:])
        app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "setup", "sel": 0, "err": ""})))
    elif key == "turn":
        begin_turn(self, app, g)
    elif key.startswith("reent"):
        p = int(key[5:])
        app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "entry", "sel": 1, "err": ""})))
    elif key == "join":
        # nothing changes until the new player has picked her entry place: B on the
        # private screen (or on the hand-over) backs out and leaves no player
        name = "P%d" % (len(d["players"]) + 1)
        app.push(Handover.make(name, NhPlace({"p": len(d["players"]), "mode": "join", "sel": 1,
                                              "err": "", "name": name})))
    elif key == "reinf_done":
        end = g.last_player_check() if len(g.active()) <= 1 else None
        if end:
            finish(self, app, g)
            return
        self.go("round")
        text = "Hand size %d%s." % (g.hand_size(), " (stand-in)" if len(g.active()) >= 5 else "")
        if d["settings"]["discard"]:
            text += " Optional discard: a player may now swap 3 cards of one sector (or Hide, Grenade or Service) for 2 new cards."
        app.notice("Before actions", text)
    elif key == "round":
        g.start_round(app.source)
        app.record(GAME, "order", {"round": d["round"]}, {"cards": len(d["order"])}, RULE_ORDER)
        self.go("deal")
    elif key == "end_turn":
        self.go("turn")
    elif key == "deal":
        card = g.deal()
        if card is None:  # the menu said so: "Deck out: next" (NhGame.entries)
            self.go("round")
            return
        s["cur"] = card
        app.record(GAME, "order_card", {"round": d["round"]},
                   {"card": "troopers" if card == TROOPERS else names[card]}, RULE_ORDER)
        if card == TROOPERS:
            s["arrived"] = False
            self.go("troopers")
        else:
            self.go("choice")
    elif key == "enter":
        place = g.enter(s["cur"])
        app.record(GAME, "enter", {"player": names[s["cur"]]}, {"place": place_name(place)}, RULE_REINF)
        app.notice("Enters", "%s enters at %s" % (names[s["cur"]], place_name(place)))
        self.go("deal")
    elif key == "noact":
        # burning rolls at the end of each of its action rounds, whatever it did
        # (RULINGS burning): no action too
        self.go("deal")
        after(self, app, g, s["cur"])
    elif key == "move":
        p = s["cur"]
        app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "move", "sel": 0, "err": ""})))
    elif key == "spot":
        self.go("spot")
    elif key == "back_choice":
        self.go("choice")
    elif key == "reveal":
        p = s["cur"]
        place = g.reveal(p)
        app.record(GAME, "reveal", {"player": names[p]}, {"place": place_name(place)}, RULE_HIDDEN)
        self.go("deal")
        app.notice("Revealed", "%s is at %s" % (names[p], place_name(place)))
        after(self, app, g, p)
    elif key == "other":
        self.go("deal")
        app.notice("Other action", "%s plays it with their cards at the table; the device "
                   "records no move for it. Next: the next order card." % names[s["cur"]])
        after(self, app, g, s["cur"])


def spot(self, app, g, key):
    """Spot! ("spotv<q>" a varan's top place card, "spott<id>" a face-down
    trooper's type): the result goes to the spotter's private screen, sealed."""
    from firmware.games.neohunt.private import NhSpot
    names = [pl["name"] for pl in g.d["players"]]
    p = self.s["cur"]
    if key[4] == "v":
        q = int(key[5:])
        code = g.spot(p, q)
        what = "%s's top card" % names[q]
        text = place_name(code)
    else:
        t = g.trooper(int(key[5:]))
        what = "T%d type" % t["id"]
        text = g.trooper_type(t)["name"]
    app.record(GAME, "spot", {"player": names[p], "of": what}, {"seen": app.seal(text)}, RULE_HIDDEN)
    self.go("deal")
    # the burning notice (if any) goes under the result: with the result on top the
    # action is the one that showed it, and undo stops there (firmware/steps.barrier)
    after(self, app, g, p)
    app.push(NhSpot.make(app, names[p], "Spot!", "%s: %s" % (what, text)))


def other(self, app, g, key):
    """Shots, trooper arrivals, the map, status and the full reveal."""
    from firmware.games.neohunt.attack import NhShoot
    s = self.s
    if key == "shoot":
        p = s["cur"]
        shot = NhShoot({"att": ["v", p], "stage": "target", "sel": 0, "extras": [],
                        "red": 0, "last": "", "hits": 1})
        if g.state(p) == "hidden":
            # her place is secret: which targets are in her reach (and that none
            # are) is seen only by her, behind "Hand to" (Neo-Hunt hidden varans)
            app.push(Handover.make(g.d["players"][p]["name"], shot))
        else:
            app.push(shot)
    elif key == "arrive":
        arrivals(self, app, g, "Arrivals")
    elif key.startswith("tshoot"):
        from firmware.games.neohunt.attack import trooper_shot
        trooper_shot(app, self, g, int(key[6:]))
    elif key.startswith("spotted"):
        q = int(key[7:])
        name = g.d["players"][q]["name"]
        place = g.reveal(q)
        app.record(GAME, "reveal", {"player": name, "why": "spotted"}, {"place": place_name(place)}, RULE_HIDDEN)
        app.notice("Spotted", "%s is at %s" % (name, place_name(place)))
    elif key == "tdone":
        if not s.get("arrived") and g.waiting():
            # the arrival rolls are part of the troopers' round (Neo-Hunt trooper
            # arriving): "Troopers done" makes those not made yet, and says so
            arrivals(self, app, g, "Arrivals first")
        self.go("deal")
        # a burning trooper's igniter rolls at the end of the troopers' round (RULINGS burning)
        rolls = g.troopers_burning(app.source)
        if rolls:
            for one in rolls:
                app.remember_roll("d6 burn", one["face"])
            app.record(GAME, "burning", {"troopers": [one["id"] for one in rolls]},
                       {"rolls": rolls}, RULE_BURNING)
            words = {"out": "fire out", "burns": "burns on", "hit": "one more hit"}
            app.notice("Burning", "; ".join("T%d d6 %d %s%s" % (
                one["id"], one["face"], words[one["result"]],
                (", killed " + ", ".join(one["killed"])) if one["killed"] else "")
                for one in rolls))
    elif key == "fullreveal":
        app.push(TextScreen.make("Full reveal", "\n".join(g.full_reveal())))
    elif key == "map":
        from firmware.games.neohunt.mapview import NhMap
        app.push(NhMap({"sel": 0}))
    elif key == "status":
        app.push(TextScreen.make("Status", "\n".join(status_lines(g) + STATUS_LEGEND)))


def arrivals(self, app, g, title):
    """Roll a d6 for each waiting trooper (4+ arrives: Neo-Hunt trooper arriving),
    journal them and show them on a result screen titled ``title``."""
    rolls = g.arrival_rolls(app.source)
    self.s["arrived"] = True
    for tid, face, ok in rolls:
        app.remember_roll("d6 arrive", face)
    app.record(GAME, "arrival", {}, {"rolls": [[tid, face, ok] for tid, face, ok in rolls]}, RULE_ARRIVAL)
    from firmware.screens.result import show
    show(app, title, ["T%d d6 %d %s" % (tid, face, "arrives" if ok else "waits")
                      for tid, face, ok in rolls] + ["(each on 4+)" if rolls else
                                                     "nobody waiting"])


def begin_turn(self, app, g):
    """Start a turn: end check, then the reinforcement phase."""
    end = g.start_turn()
    if end:
        finish(self, app, g)
        return
    d = g.d
    events = g.reinforce(app.source)
    app.record(GAME, "reinforce", {"turn": d["turn"]},
               {"cards": [[place_name(c), t] for c, t in events]}, RULE_REINF)
    self.go("reenter")
    # a card of the centre or Hide brings no trooper (Neo-Hunt, trooper reinforcements):
    # said so (found by a new user: a bare "C" closed the notice)
    text = "; ".join("%s%s" % (place_name(c), (" T%d waits" % t) if t else " no trooper")
                     for c, t in events)
    app.notice("Turn %d troopers" % d["turn"], text or "no cards dealt")


def after(self, app, g, p):
    """The burning roll after ``p``'s action, if her varan burns."""
    out = g.after_action(p, app.source)
    if out is None:
        return
    name = g.d["players"][p]["name"]
    app.remember_roll("d6 burn", out["face"])
    app.record(GAME, "burning", {"player": name}, out, RULE_BURNING)
    lines = ["%s burns: d6 %d" % (name, out["face"]),
             {"out": "fire out", "burns": "burns on", "hit": "one more hit"}[out["result"]]]
    if out["killed"]:
        lines.append("killed " + ", ".join(out["killed"]))
    from firmware.screens.result import show
    show(app, "Burning", lines)


def finish(self, app, g):
    """The game ended: record and show the winner."""
    end = g.d["ended"]
    names = [pl["name"] for pl in g.d["players"]]
    win = end["winner"]
    app.record(GAME, "end", {"reason": end["reason"]},
               {"kills": [[n, pl["kills"]] for n, pl in zip(names, g.d["players"])],
                "winner": names[win] if win is not None else None, "why": end["why"]}, RULE_END)
    # every place card still sealed (and each one discarded unseen) in clear now
    app.reveal_all(GAME, RULE_END)
    self.s["ct"] = []
    self.s["ce"] = []
    self.go("end")
    app.notice("Game over", "%s. Winner: %s (%s)." % (end["reason"],
                                                      names[win] if win is not None else "none", end["why"]))

# ---- called by the private screens ---------------------------------------------


def placed(self, app, p, mode, code):
    """A private screen's choice: check and apply it (raises RuleError, nothing
    changed). The place goes into the journal sealed."""
    g = self.game(app)
    name = g.d["players"][p]["name"] if p < len(g.d["players"]) else "P%d" % (p + 1)
    if mode == "join" and p != len(g.d["players"]):
        raise RuleError("the game changed: join again (%s)" % RULE_REINF)
    if mode == "initial":
        g.choose_initial(p, code)
        app.record(GAME, "start_chosen", {"player": name}, {"place": app.seal(code)}, RULE_SETUP)
        _lists(self, p)[1][p] = app.commit_secret(GAME, "start of " + name, code, name, RULE_SETUP)
    elif mode == "join":
        p = g.join(name)
        g.reenter(p, code)  # a refused place raises: the join is dropped with it
        app.record(GAME, "join", {"player": name}, {}, RULE_REINF)
        app.record(GAME, "entry_chosen", {"player": name}, {"place": app.seal(code)}, RULE_REINF)
        _lists(self, p)[1][p] = app.commit_secret(GAME, "entry of " + name, code, name, RULE_REINF)
    elif mode == "entry":
        g.reenter(p, code)
        app.record(GAME, "entry_chosen", {"player": name}, {"place": app.seal(code)}, RULE_REINF)
        _lists(self, p)[1][p] = app.commit_secret(GAME, "entry of " + name, code, name, RULE_REINF)
    else:
        # the place card is committed before the move applies it: a burning
        # varan's move is revealed at once (track_secrets, from commit)
        reason = g.check_move(p, code, mode == "setup")
        if reason:  # refused before anything is journaled
            raise RuleError(reason)
        cid = app.commit_secret(GAME, "move %d of %s" % (len(g.d["players"][p]["hist"]) + 1, name),
                                code, name, RULE_MOVE)
        out = g.move(p, code, mode == "setup")
        _lists(self, p)[0][p].append(cid)
        rec = {"place": app.seal(code), "cards": out["n"]}
        if out["shown"] is not None:
            rec["shown"] = place_name(out["shown"])
            rec["put_out"] = out["put_out"]
        app.record(GAME, "move", {"player": name, "turn": g.d["turn"]}, rec, RULE_MOVE)
        if mode == "setup":
            self.s["moved"].append(p)
        else:
            self.go("deal")
    self.commit(app)


def after_private(self, app, p, mode):
    """After a private screen handed back: the burning roll for a move."""
    if mode == "move":
        g = self.game(app)
        after(self, app, g, p)
        self.commit(app)


# what the status lines' short words mean, under them on the Status screen (each
# line fits the 19 columns a scrolling text leaves)
STATUS_LEGEND = ["-- Legend --", "k2: 2 kills", "vis visible", "clk cloaked", "hid hidden",
                 "2c: 2 cards down", "S3: sector 3", "C: the centre", "1/3: damage/hits",
                 "*: burning", "w: waits to arrive", "in: on the board",
                 "?: type unknown", "1/?: hits unknown"]


def status_lines(g):
    """Public status, one line each, at most 19 columns (a scrolling text's width):
    "P1 k2 vis S3 1/3*" = kills, state, known place (hidden: "hid 2c" = 2
    face-down cards), damage/hits, * burning; then each trooper: "T2 S1 in 1/2*"
    (on the board, damage/hits, * burning; "1/?" while its type is face-down) or
    "T3 S4 w" (waiting to arrive), its type on the next line ("?" while
    face-down); then the trooper deck. No secrets: a face-down trooper's hits
    would tell its type."""
    lines = []
    for p in range(len(g.d["players"])):
        pl = g.d["players"][p]
        v = pl["varan"]
        if v is None:
            where = "entering" if pl["pending"] is not None else "no varan"
        else:
            st = g.state(p)
            where = SHORT_STATE[st]
            if st == "hidden":
                where += " %dc" % len(v["track"])
            else:
                where += " " + place_name(v["init"])
            where += " %d/%d" % (v["dmg"], v["hits"])
            if v["burn"]:
                where += "*"
        lines.append("%s k%d %s" % (pl["name"], pl["kills"], where))
    for t in g.d["troopers"]:
        if t["wait"]:
            lines.append("T%d %s w" % (t["id"], place_name(t["at"])))
        else:
            hits = str(g.trooper_type(t)["hits"]) if t["up"] else "?"
            lines.append("T%d %s in %d/%s%s" % (t["id"], place_name(t["at"]), t.get("dmg", 0), hits,
                                                "*" if t.get("burn") else ""))
        kind = g.trooper_type(t)["name"] if t["up"] else "?"
        lines.append(NB + NB + kind.replace(" ", NB))
    lines.append("Deck %d troopers" % len(g.d["tdeck"]))
    return lines
