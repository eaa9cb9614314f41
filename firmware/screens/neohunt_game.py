"""Neo-Hunt game on the device: set-up, the map, turns, action rounds, hidden moves,
shots, troopers, kills and the end (rules in shared_rules.neohunt_game).

Screens:
- NhSetup ("nh_setup"): players, trooper deck, board (random or entered), discard rule.
- NhBoardEdit ("nh_board"): enter the board as laid on the table.
- NhGame ("nh_game"): the game; holds the whole game state (sealed) in s["g"].
- NhPlace ("nh_place"): PRIVATE, behind Handover: pick a starting/entry place or a move.
- NhSpot ("nh_spot"): PRIVATE, behind Handover: the Spot! result for one player.
- NhShoot ("nh_attack"): a shot: target, d6, extra damage cards, damage.
- NhMap ("nh_map"): the board as text: seven hexes, troopers and known varans.

Secrets (face-down places, entry places, face-down trooper types) are sealed in
saves and journal entries and shown only on the private screens.
"""

from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.screens.prompt import Handover
from firmware.ui import Menu, Screen, TextScreen, adjust
from shared_rules.errors import RuleError
from shared_rules.neohunt import RULE_ARRIVAL, RULE_BURNING, RULE_DAMAGE, RULE_TO_HIT
from shared_rules.neohunt_board import HIDE, place_name, section
from shared_rules.neohunt_game import (RULE_END, RULE_HIDDEN, RULE_MOVE, RULE_ORDER, RULE_REINF,
                                       RULE_SETUP, RULE_TROOPERS, TROOPERS, Game)

PACK = "neohunt-sample"
GAME = "neohunt"
SHORT_STATE = {"visible": "vis", "cloaked": "clk", "hidden": "hid"}


def _sect(app):
    return section(app.pack(PACK))


def game_screen(app):
    """The NhGame screen in the stack (the one under a private or shot screen)."""
    for screen in reversed(app.stack):
        if screen.ID == "nh_game":
            return screen
    raise RuleError("no Neo-Hunt game is open")


class NhSetup(Menu):
    """Set-up. LEFT/RIGHT change a value, A on "Start" sets up the game.

    State: {"sel", "players" 2..6, "deck" 7..17, "enter" bool, "discard" bool,
    "hand_big" 5..11}.
    """

    ID = "nh_setup"
    TITLE = "Neo-Hunt set-up"

    def initial(self):
        return {"sel": 0, "players": 4, "deck": 12, "enter": False, "discard": False,
                "hand_big": 9}

    def items(self, app):
        s = self.s
        return ["Players %d" % s["players"], "Troopers %d" % s["deck"],
                "Board " + ("entered" if s["enter"] else "random"),
                "Discard " + ("on" if s["discard"] else "off"),
                "Hand 5-6pl %d" % s["hand_big"], "Start"]

    def footer(self, app):
        return ["PLACEHOLDER pack"] if app.pack(PACK).placeholder else []

    def side(self, app, name, kind):
        s = self.s
        sel = s["sel"]
        if sel == 0:
            s["players"] = adjust(s["players"], name, kind, 2, 6)
        elif sel == 1:
            s["deck"] = adjust(s["deck"], name, kind, 7, 17)
        elif sel == 2:
            s["enter"] = not s["enter"]
        elif sel == 3:
            s["discard"] = not s["discard"]
        elif sel == 4:
            s["hand_big"] = adjust(s["hand_big"], name, kind, 5, 11)

    def choose(self, app, index):
        if index < 5:
            self.side(app, RIGHT, "short")
            return
        if self.s["enter"]:
            app.push(NhBoardEdit({"sel": 0, "cells": [[i, 0, 0] for i in range(7)],
                                  "setup": dict(self.s)}))
            return
        start_game(app, self.s, None)


def start_game(app, setup, cells):
    """Deal a new game from the set-up values and replace the set-up screens by it."""
    names = ["P%d" % (i + 1) for i in range(setup["players"])]
    try:
        game = Game.new(_sect(app), names, setup["deck"], app.source, cells,
                        setup["discard"], setup["hand_big"])
    except RuleError as exc:
        app.notice("Not allowed", str(exc))
        return
    app.record(GAME, "setup", {"players": names, "deck": setup["deck"],
                               "discard": setup["discard"], "entered": cells is not None},
               {"board": game.d["board"],
                "varans": [_sect(app)["varans"][pl["card"]]["name"] for pl in game.d["players"]]},
               RULE_SETUP)
    app.home()
    screen = NhGame({"sel": 0, "step": "initial", "cur": None, "g": game.to_dict(app),
                     "moved": []})
    screen._game = game
    app.push(screen)


class NhBoardEdit(Screen):
    """Enter the board: UP/DOWN a position (C, S1..S6, Done), LEFT/RIGHT rotate the
    tile there, A gives the position the next tile side (swapping tiles so each is
    used once); A on Done starts.

    State: {"sel", "cells": 7 x [tile, side, rotation], "setup": NhSetup state}.
    """

    ID = "nh_board"

    def draw(self, app, surface):
        sect = _sect(app)
        surface.line_text(0, "Enter the board", True)
        sel = self.s["sel"]
        top = 0 if sel < 6 else sel - 5
        for row in range(6):
            i = top + row
            if i > 7:
                break
            if i == 7:
                text = "Done"
            else:
                tile, side, rot = self.s["cells"][i]
                text = "%-2s %s%s r%d" % (place_name(i), sect["tiles"][tile]["name"][:7],
                                          "ab"[side], rot)
            surface.text(1 + row, 0, (">" if i == sel else " ") + text, i == sel)
        surface.line_text(7, "A tile </> turn")

    def on_button(self, app, name, kind):
        s = self.s
        if name == UP:
            s["sel"] = (s["sel"] - 1) % 8
        elif name == DOWN:
            s["sel"] = (s["sel"] + 1) % 8
        elif name == B:
            app.pop()
        elif s["sel"] == 7:
            if name == A:
                start_game(app, s["setup"], s["cells"])
        elif name == LEFT or name == RIGHT:
            cell = s["cells"][s["sel"]]
            cell[2] = (cell[2] + (1 if name == RIGHT else 5)) % 6
        elif name == A:
            cells = s["cells"]
            cell = cells[s["sel"]]
            code = (cell[0] * 2 + cell[1] + 1) % 14
            tile, side = code // 2, code % 2
            for other in cells:
                if other is not cell and other[0] == tile:
                    other[0] = cell[0]
            cell[0] = tile
            cell[1] = side


class NhGame(Menu):
    """The running game: a menu of what can be done now, by step.

    State: {"sel", "step", "cur" (order card being played: player index or "T"),
    "g" (the sealed game), "moved" (players who made their set-up move),
    "arrived" (arrival rolls done this trooper card)}.
    """

    ID = "nh_game"
    TITLE = "Neo-Hunt"

    def __init__(self, state=None):
        super().__init__(state)
        self._game = None

    def game(self, app):
        """The Game (opened from the sealed state once)."""
        if self._game is None:
            self._game = Game.load(self.s["g"], _sect(app), app)
        return self._game

    def commit(self, app):
        """Seal the game back into the screen state (after every change)."""
        self.s["g"] = self._game.to_dict(app)

    def go(self, step):
        """Switch to ``step`` with the cursor at the top."""
        self.s["step"] = step
        self.s["sel"] = 0

    # ---- what the menu shows ------------------------------------------------
    def entries(self, app):
        """The menu as a list of (label, action key)."""
        g = self.game(app)
        d = g.d
        s = self.s
        step = s["step"]
        out = []
        players = d["players"]
        if step == "initial":
            for p in range(len(players)):
                if players[p]["pending"] is None:
                    out.append(("%s start place" % players[p]["name"], "init%d" % p))
            if g.initials_ready():
                out.append(("Reveal starts", "reveal_all"))
        elif step == "initmove":
            for p in range(len(players)):
                if p not in s["moved"]:
                    out.append(("%s first move" % players[p]["name"], "imove%d" % p))
            out.append(("Begin turn 1", "turn"))
        elif step == "turn":
            out.append(("Begin turn %d" % (d["turn"] + 1), "turn"))
        elif step == "reenter":
            for p in range(len(players)):
                pl = players[p]
                if pl["varan"] is None and pl["pending"] is None:
                    out.append(("%s re-enters" % pl["name"], "reent%d" % p))
            if len(players) < 6:
                out.append(("New player joins", "join"))
            out.append(("Continue", "reinf_done"))
        elif step == "round":
            out.append(("Action round %d" % (d["round"] + 1), "round"))
            if d["round"] > 0:
                out.append(("End turn", "end_turn"))
        elif step == "deal":
            out.append(("Deal order card", "deal"))
        elif step == "choice":
            p = s["cur"]
            if players[p]["varan"] is None:
                out.append(("Enter the board", "enter"))
                out.append(("Wait", "noact"))
            else:
                out.append(("Move", "move"))
                out.append(("Shoot", "shoot"))
                out.append(("Spot!", "spot"))
                out.append(("Reveal", "reveal"))
                out.append(("Other action", "other"))
                out.append(("No action", "noact"))
        elif step == "spot":
            for q in range(len(players)):
                if q != s["cur"] and players[q]["varan"] is not None:
                    out.append(("Spot %s" % players[q]["name"], "spotv%d" % q))
            for t in g.on_board():
                if not t["up"]:
                    out.append(("Spot T%d type" % t["id"], "spott%d" % t["id"]))
            out.append(("Back", "back_choice"))
        elif step == "troopers":
            if not s.get("arrived"):
                out.append(("Arrival rolls", "arrive"))
            for t in g.on_board():
                out.append(("T%d shoots" % t["id"], "tshoot%d" % t["id"]))
            out.append(("Troopers done", "tdone"))
        elif step == "end":
            out.append(("Full reveal", "fullreveal"))
        out.append(("Map", "map"))
        out.append(("Status", "status"))
        return out

    def items(self, app):
        return [e[0] for e in self.entries(app)]

    def footer(self, app):
        g = self.game(app)
        d = g.d
        if self.s["step"] == "end":
            end = d["ended"]
            win = end["winner"]
            return ["Winner " + (d["players"][win]["name"] if win is not None else "none: draw")]
        cur = self.s["cur"]
        head = "T%d R%d" % (d["turn"], d["round"])
        if cur == TROOPERS:
            head += " troopers"
        elif cur is not None and self.s["step"] in ("choice", "spot"):
            head += " " + d["players"][cur]["name"]
        return [head]

    def draw(self, app, surface):
        Menu.draw(self, app, surface)
        surface.text(0, 0, self.TITLE, True)

    # ---- acting ---------------------------------------------------------------
    def choose(self, app, index):
        entries = self.entries(app)
        key = entries[index][1]
        g = self.game(app)
        try:
            self.act(app, g, key)
        except RuleError as exc:
            self._game = None  # drop any half change: reload from the saved state
            app.notice("Not allowed", str(exc))
            return
        self.commit(app)
        count = len(self.entries(app))
        if self.s["sel"] >= count:
            self.s["sel"] = count - 1

    def act(self, app, g, key):
        """Do the menu action ``key`` on game ``g`` (may raise RuleError)."""
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
            app.notice("Starts", ", ".join("%s %s" % (n, place_name(pl)) for n, pl in shown))
        elif key.startswith("imove"):
            p = int(key[5:])
            app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "setup", "sel": 0, "err": ""})))
        elif key == "turn":
            self.begin_turn(app, g)
        elif key.startswith("reent"):
            p = int(key[5:])
            app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "entry", "sel": 1, "err": ""})))
        elif key == "join":
            p = g.join("P%d" % (len(d["players"]) + 1))
            app.record(GAME, "join", {"player": names and d["players"][p]["name"]}, {}, RULE_REINF)
            app.push(Handover.make(d["players"][p]["name"],
                                   NhPlace({"p": p, "mode": "entry", "sel": 1, "err": ""})))
        elif key == "reinf_done":
            end = g.last_player_check() if len(g.active()) <= 1 else None
            if end:
                self.finish(app, g)
                return
            self.go("round")
            text = "Hand size %d." % g.hand_size()
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
            if card is None:
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
            self.go("deal")
        elif key == "move":
            p = s["cur"]
            app.push(Handover.make(names[p], NhPlace({"p": p, "mode": "move", "sel": 0, "err": ""})))
        elif key == "shoot":
            app.push(NhShoot({"att": ["v", s["cur"]], "stage": "target", "sel": 0, "extras": [],
                              "red": 0, "last": "", "hits": 1}))
        elif key == "spot":
            self.go("spot")
        elif key == "back_choice":
            self.go("choice")
        elif key.startswith("spotv") or key.startswith("spott"):
            p = s["cur"]
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
            app.push(Handover.make(names[p], NhSpot({"what": what, "seen": app.seal(text)})))
            self.after(app, g, p)
        elif key == "reveal":
            p = s["cur"]
            place = g.reveal(p)
            app.record(GAME, "reveal", {"player": names[p]}, {"place": place_name(place)}, RULE_HIDDEN)
            self.go("deal")
            app.notice("Revealed", "%s is at %s" % (names[p], place_name(place)))
            self.after(app, g, p)
        elif key == "other":
            self.go("deal")
            self.after(app, g, s["cur"])
        elif key == "arrive":
            rolls = g.arrival_rolls(app.source)
            s["arrived"] = True
            for tid, face, ok in rolls:
                app.remember_roll("d6", face)
            app.record(GAME, "arrival", {}, {"rolls": [[tid, face, ok] for tid, face, ok in rolls]}, RULE_ARRIVAL)
            app.notice("Arrivals", "; ".join("T%d d6 %d %s" % (tid, face, "arrives" if ok else "waits")
                                             for tid, face, ok in rolls) or "nobody waiting")
        elif key.startswith("tshoot"):
            app.push(NhShoot({"att": ["t", int(key[6:])], "stage": "target", "sel": 0, "extras": [],
                              "red": 0, "last": "", "hits": 1}))
        elif key == "tdone":
            self.go("deal")
        elif key == "fullreveal":
            app.push(TextScreen.make("Full reveal", "\n".join(g.full_reveal())))
        elif key == "map":
            app.push(NhMap({"sel": 0}))
        elif key == "status":
            app.push(TextScreen.make("Status", "\n".join(status_lines(g))))

    def begin_turn(self, app, g):
        """Start a turn: end check, then the reinforcement phase."""
        end = g.start_turn()
        if end:
            self.finish(app, g)
            return
        d = g.d
        events = g.reinforce(app.source)
        app.record(GAME, "reinforce", {"turn": d["turn"]},
                   {"cards": [[place_name(c), t] for c, t in events]}, RULE_REINF)
        self.go("reenter")
        text = "; ".join("%s%s" % (place_name(c), (" T%d waits" % t) if t else "") for c, t in events)
        app.notice("Turn %d troopers" % d["turn"], text or "no cards dealt")

    def after(self, app, g, p):
        """The burning roll after ``p``'s action, if her varan burns."""
        out = g.after_action(p, app.source)
        if out is None:
            return
        name = g.d["players"][p]["name"]
        app.remember_roll("d6", out["face"])
        app.record(GAME, "burning", {"player": name}, out, RULE_BURNING)
        text = "%s burns: d6 %d %s" % (name, out["face"],
                                       {"out": "fire out", "burns": "burns on", "hit": "one more hit"}[out["result"]])
        if out["killed"]:
            text += "; killed " + ", ".join(out["killed"])
        app.notice("Burning", text)
        self.check_all_dead(app, g)

    def check_all_dead(self, app, g):
        """Nothing more to do this turn when no varan is left."""

    def finish(self, app, g):
        """The game ended: record and show the winner."""
        end = g.d["ended"]
        names = [pl["name"] for pl in g.d["players"]]
        win = end["winner"]
        app.record(GAME, "end", {"reason": end["reason"]},
                   {"kills": [[n, pl["kills"]] for n, pl in zip(names, g.d["players"])],
                    "winner": names[win] if win is not None else None, "why": end["why"]}, RULE_END)
        self.go("end")
        app.notice("Game over", "%s. Winner: %s (%s)." % (end["reason"],
                                                          names[win] if win is not None else "none", end["why"]))

    # ---- called by the private screens ---------------------------------------------
    def placed(self, app, p, mode, code):
        """A private screen's choice: check and apply it (raises RuleError, nothing
        changed). The place goes into the journal sealed."""
        g = self.game(app)
        name = g.d["players"][p]["name"]
        if mode == "initial":
            g.choose_initial(p, code)
            app.record(GAME, "start_chosen", {"player": name}, {"place": app.seal(code)}, RULE_SETUP)
        elif mode == "entry":
            g.reenter(p, code)
            app.record(GAME, "entry_chosen", {"player": name}, {"place": app.seal(code)}, RULE_REINF)
        else:
            out = g.move(p, code, mode == "setup")
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
            self.after(app, g, p)
            self.commit(app)


def status_lines(g):
    """Public status: kills, varan states and known places, troopers (no secrets)."""
    lines = []
    for p in range(len(g.d["players"])):
        pl = g.d["players"][p]
        v = pl["varan"]
        if v is None:
            where = "waiting" if pl["pending"] is not None else "no varan"
        else:
            st = g.state(p)
            where = SHORT_STATE[st]
            if st == "hidden":
                where += " %dc" % len(v["track"])
            else:
                where += " " + place_name(v["init"])
            where += " d%d/%d" % (v["dmg"], v["hits"])
            if v["burn"]:
                where += " fire"
        lines.append("%s k%d %s" % (pl["name"], pl["kills"], where))
    for t in g.d["troopers"]:
        kind = g.trooper_type(t)["name"][:8] if t["up"] else "?"
        lines.append("T%d %s %s %s" % (t["id"], place_name(t["at"]), "wait" if t["wait"] else "in", kind))
    lines.append("Deck %d troopers" % len(g.d["tdeck"]))
    return lines


class NhPlace(Screen):
    """PRIVATE (opened by Handover): the player picks a place. UP/DOWN the place,
    A tries it: an illegal one is refused here with the reason, nothing recorded;
    a legal one is applied and the device is handed back. B cancels.

    State: {"p", "mode": "initial" | "entry" | "setup" | "move", "sel", "err"}.
    """

    ID = "nh_place"
    CHOICES = ("0", "1", "2", "3", "4", "5", "6", HIDE)

    def draw(self, app, surface):
        s = self.s
        screen = game_screen(app)
        g = screen.game(app)
        pl = g.d["players"][s["p"]]
        surface.line_text(0, pl["name"] + " only", True)
        if s["mode"] in ("setup", "move"):
            v = g.varan(s["p"])
            surface.line_text(1, "At %s %d/%d mv" % (place_name(g.place_of(s["p"])), v["moved"],
                                                      1 if s["mode"] == "setup" else v["speed"]))
        else:
            surface.line_text(1, "Start place" if s["mode"] == "initial" else "Entry place")
        surface.line_text(2, "Go: " + place_name(self.CHOICES[s["sel"]]), False)
        err = s["err"]
        if err:
            from firmware.ui import wrap
            lines = wrap("NO: " + err)
            for i in range(min(4, len(lines))):
                surface.line_text(3 + i, lines[i])
        surface.line_text(7, "^v pick A ok B x")

    def on_button(self, app, name, kind):
        s = self.s
        if name == UP:
            s["sel"] = (s["sel"] - 1) % len(self.CHOICES)
            s["err"] = ""
        elif name == DOWN:
            s["sel"] = (s["sel"] + 1) % len(self.CHOICES)
            s["err"] = ""
        elif name == B:
            app.hand_back()
        elif name == A:
            screen = game_screen(app)
            try:
                screen.placed(app, s["p"], s["mode"], self.CHOICES[s["sel"]])
            except RuleError as exc:
                screen._game = None
                s["err"] = str(exc)
                return
            app.hand_back()
            screen.after_private(app, s["p"], s["mode"])


class NhSpot(Screen):
    """PRIVATE (opened by Handover): what a Spot! showed. A hands back.

    State: {"what": str, "seen": sealed str}.
    """

    ID = "nh_spot"

    def draw(self, app, surface):
        surface.line_text(0, "Spot! (private)", True)
        surface.line_text(2, self.s["what"] + ":")
        surface.line_text(3, app.unseal(self.s["seen"]))
        surface.line_text(6, "A: done")

    def on_button(self, app, name, kind):
        if name == A or name == B:
            app.hand_back()


class NhShoot(Menu):
    """A shot: choose the target (A rolls the d6), then on a hit toggle extra damage
    cards (one of each kind), LEFT/RIGHT on "Reduce" for heavy armor / Flesh Wound,
    "Hits" 1-2 (rapid fire, berserk), then "Apply damage".

    State: {"att": [kind, ref], "stage": "target" | "damage", "sel", "extras",
    "red", "hits", "tgt", "last"}.
    """

    ID = "nh_attack"
    TITLE = "Shoot"

    def targets(self, app):
        g = game_screen(app).game(app)
        att = tuple(self.s["att"])
        out = []
        for q in range(len(g.d["players"])):
            if g.d["players"][q]["varan"] is not None and ("v", q) != att:
                if g.state(q) != "hidden":
                    out.append(("v", q))
        if att[0] == "v":
            for t in g.on_board():
                out.append(("t", t["id"]))
        return out

    def label(self, app, target):
        g = game_screen(app).game(app)
        if target[0] == "v":
            return "%s %s" % (g.d["players"][target[1]]["name"], SHORT_STATE[g.state(target[1])])
        return "T%d %s" % (target[1], place_name(g.trooper(target[1])["at"]))

    def items(self, app):
        if self.s["stage"] == "target":
            return [self.label(app, t) for t in self.targets(app)] + ["Cancel"]
        extras = game_screen(app).game(app).sect["extra_damage"]
        out = ["[%s] %s" % ("x" if e in self.s["extras"] else " ", e) for e in extras]
        return out + ["Hits %d" % self.s["hits"], "Reduce %d" % self.s["red"], "Apply damage"]

    def footer(self, app):
        return [self.s["last"]] if self.s["last"] else []

    def side(self, app, name, kind):
        if self.s["stage"] != "damage":
            return
        extras = game_screen(app).game(app).sect["extra_damage"]
        if self.s["sel"] == len(extras):
            self.s["hits"] = adjust(self.s["hits"], name, kind, 1, 2)
        elif self.s["sel"] == len(extras) + 1:
            self.s["red"] = adjust(self.s["red"], name, kind, 0, 2)

    def choose(self, app, index):
        screen = game_screen(app)
        g = screen.game(app)
        s = self.s
        att = tuple(s["att"])
        if s["stage"] == "target":
            targets = self.targets(app)
            if index >= len(targets):
                app.pop()
                return
            target = targets[index]
            label = self.label(app, target)
            face = app.source.randbelow(6) + 1
            try:
                hit, need, st = g.shoot(att, target, face)
            except RuleError as exc:
                screen._game = None
                app.notice("Not allowed", str(exc))
                return
            app.remember_roll("d6", face)
            app.record(GAME, "shot", {"by": _who(g, att), "at": label, "state": st},
                       {"d6": face, "need": need, "hit": hit}, RULE_TO_HIT)
            screen.commit(app)
            s["last"] = "d6 %d need %d %s" % (face, need, "HIT" if hit else "MISS")
            if hit:
                s["stage"] = "damage"
                s["tgt"] = list(target)
                s["sel"] = 0
                return
            self.done(app, screen, g, att)
            app.notice("Shot", "%s at %s: %s" % (_who(g, att), label, s["last"]))
            return
        extras = g.sect["extra_damage"]
        if index < len(extras):
            e = extras[index]
            if e in s["extras"]:
                s["extras"].remove(e)
            else:
                s["extras"].append(e)
            return
        if index < len(extras) + 2:
            self.side(app, RIGHT, "short")
            return
        target = tuple(s["tgt"])
        big = att[0] == "v" and "big gun" in g.sect["varans"][g.varan(att[1])["card"]].get("special", [])
        try:
            out = g.damage(att, target, s["hits"], big, s["extras"], s["red"])
        except RuleError as exc:
            screen._game = None
            app.notice("Not allowed", str(exc))
            return
        app.record(GAME, "damage", {"by": _who(g, att), "extras": s["extras"], "hits": s["hits"],
                                    "reduce": s["red"]}, out, RULE_DAMAGE)
        screen.commit(app)
        text = "%d damage" % out["dmg"]
        if out["ignited"]:
            text += ", burning"
        if out["killed"]:
            text += "; killed " + ", ".join(out["killed"])
        self.done(app, screen, g, att)
        app.notice("Hit", text)

    def done(self, app, screen, g, att):
        app.pop()
        if att[0] == "v":
            screen.go("deal")
            screen.after(app, g, att[1])
            screen.commit(app)


def _who(g, who):
    if who[0] == "v":
        return g.d["players"][who[1]]["name"]
    return "T%d" % who[1]


# map layout: (row, col) of each position's label on the text grid
_LAYOUT = ((2, 6), (1, 8), (2, 10), (3, 8), (3, 4), (2, 2), (1, 4))


class NhMap(Screen):
    """The board as text: seven hexes (C in the middle, S1 top right, clockwise),
    each marked with its troopers count; UP/DOWN picks a sector whose type, walls,
    troopers and known varans are listed below. Never a hidden place.

    State: {"sel": 0..6}.
    """

    ID = "nh_map"

    def draw(self, app, surface):
        g = game_screen(app).game(app)
        sel = self.s["sel"]
        surface.line_text(0, "Map", True)
        for pos in range(7):
            row, col = _LAYOUT[pos]
            n = len([t for t in g.on_board() if t["at"] == pos])
            label = ("C" if pos == 0 else str(pos)) + (str(n) if n else "")
            surface.text(row, col, label, pos == sel)
        board = g.board
        flags = board.type_of(sel)[:7]
        if board.has(sel, "cover"):
            flags += " cov"
        if board.has(sel, "sprinklers"):
            flags += " spr"
        surface.line_text(4, place_name(sel) + " " + flags)
        shut = [place_name(q) for q in _neigh(sel) if not board.open_between(sel, q)]
        surface.line_text(5, "Wall " + (" ".join(shut) if shut else "-"))
        here = []
        for p in range(len(g.d["players"])):
            v = g.d["players"][p]["varan"]
            if v is not None and g.state(p) != "hidden" and v["init"] == sel:
                here.append(g.d["players"][p]["name"])
        for t in g.d["troopers"]:
            if t["at"] == sel:
                here.append("T%d%s" % (t["id"], "w" if t["wait"] else ""))
        surface.line_text(6, " ".join(here))
        surface.line_text(7, "^v sector B back")

    def on_button(self, app, name, kind):
        if name == UP:
            self.s["sel"] = (self.s["sel"] - 1) % 7
        elif name == DOWN:
            self.s["sel"] = (self.s["sel"] + 1) % 7
        elif name == A or name == B:
            app.pop()


def _neigh(pos):
    from shared_rules.neohunt_board import neighbours_by_exit
    return [q for q in neighbours_by_exit(pos) if q is not None]
