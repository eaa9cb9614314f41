"""Neo-Hunt game on the device: set-up, the map, turns, action rounds, hidden moves,
shots, troopers, kills and the end (rules in shared_rules.neohunt_game).

Screens (split over neohunt_*.py modules so each compiles in the Pico's RAM):
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

from firmware.ui import Menu
from shared_rules.errors import RuleError
from shared_rules.neohunt_pack import section
from shared_rules.neohunt_game import TROOPERS, Game

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
            for q in range(len(players)):  # trooper search or sensors found her
                if players[q]["varan"] is not None and g.state(q) != "visible":
                    out.append(("%s spotted" % players[q]["name"], "spotted%d" % q))
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
        if key.startswith("spotted"):
            self.other(app, g, key)
        elif key.startswith("spot") and key != "spot":
            self.spot(app, g, key)
        elif key in ("shoot", "map", "status", "fullreveal", "arrive", "tdone") or key.startswith("tshoot"):
            self.other(app, g, key)
        else:
            self.flow(app, g, key)

    def flow(self, app, g, key):
        """The set-up, turn and order-card steps."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.flow(self, app, g, key)

    def spot(self, app, g, key):
        """Spot! ("spotv<q>" a varan's top place card, "spott<id>" a face-down (neohunt_turns)."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.spot(self, app, g, key)

    def other(self, app, g, key):
        """Shots, trooper arrivals, the map, status and the full reveal."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.other(self, app, g, key)

    def begin_turn(self, app, g):
        """Start a turn: end check, then the reinforcement phase."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.begin_turn(self, app, g)

    def after(self, app, g, p):
        """The burning roll after ``p``'s action, if her varan burns."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.after(self, app, g, p)

    def finish(self, app, g):
        """The game ended: record and show the winner."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.finish(self, app, g)

    def placed(self, app, p, mode, code):
        """A private screen's choice: check and apply it (raises RuleError, nothing (neohunt_turns)."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.placed(self, app, p, mode, code)

    def after_private(self, app, p, mode):
        """After a private screen handed back: the burning roll for a move."""
        from firmware.screens import neohunt_turns
        return neohunt_turns.after_private(self, app, p, mode)
