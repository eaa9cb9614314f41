"""Neo-Hunt game on the device: set-up, the map, turns, action rounds, hidden moves,
shots, troopers, kills and the end (rules in shared_rules.neohunt.game).

Screens (split over neohunt_*.py modules so each compiles in the Pico's RAM):
- NhSetup ("nh_setup"): players, trooper deck, board (random or entered), discard rule.
- NhBoardEdit ("nh_board"): enter the board as laid on the table.
- NhGame ("nh_game"): the game; holds the whole game state (sealed) in s["g"].
- NhPlace ("nh_place"): PRIVATE, behind Handover: pick a starting/entry place or a move.
- NhSpot ("nh_spot"): PRIVATE, a prompt.Reveal: the Spot! result for one player
  (hand-over, then shown only while A is held).
- NhWhere ("nh_where"): PRIVATE, from NhPlace (R): the mover's own place, shown only
  while A is held.
- NhShoot ("nh_attack"): a shot: target, d6, extra damage cards, damage.
- NhMap ("nh_map"): the board as text: seven hexes, troopers and known varans.

Secrets (face-down places, entry places, face-down trooper types) are sealed in
saves and journal entries and shown only on the private screens.
"""

import json

from firmware.ui import Menu
from shared_rules.errors import RuleError
from shared_rules.neohunt.game import RULE_END, TROOPERS, Game

from firmware.games.neohunt.shared import GAME, PACK, SHORT_STATE, lighten, sect as _sect


class NhGame(Menu):
    """The running game: a menu of what can be done now, by step.

    State: {"sel", "step", "cur" (order card being played: player index or "T"),
    "g" (the sealed game: the JSON text of Game.to_dict), "moved" (players who made their set-up move),
    "arrived" (arrival rolls done this trooper card), "ct" (per player: the commitment
    ids of her face-down place cards, oldest first), "ce" (per player: the commitment
    id of her face-down starting or entry place, or None); see neohunt_secrets.track_secrets}.
    """

    ID = "nh_game"
    # its on_button keeps B and hands every arrow to Menu.on_button as it is: an
    # UP/DOWN is a cursor move (firmware.saving.moves_only: no digest, no save)
    MENU_ARROWS = True
    GAME_TITLE = "Neo-Hunt game"  # the screen that holds the game (README "Adding a game")
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B menu: Keep\n"
            "playing first;\n"
            "abandoning takes a\n"
            "move, then A twice\n"
            "<name> spotted: A\n"
            "arms it, A again\n"
            "reveals her place\n"
            "Add late player Pn:\n"
            "a new player joins\n"
            "(reinforcements)\n"
            "T1 R2 (last line):\n"
            "turn 1, action\n"
            "round 2")
    TITLE = "Neo-Hunt"

    def __init__(self, state=None):
        super().__init__(state)
        self._game = None
        # the "<name> spotted" entry armed by a first A (its key), which a second A
        # reveals (found by a new user: one stray A under "Troopers done" revealed a
        # hidden varan's place for good, and the cursor then sat on the next one);
        # RAM only: a reboot or any move disarms it
        self.armed = None
        # True from the press that reveals until this screen's next frame (RAM only)
        self.revealing = False

    @property
    def SHOWS_SECRET(self):
        """True for the press that reveals an armed place: it is saved before its
        frame (firmware.app.App._act), as a press on a secret shown is, since a replay
        after a power cut could not arm it again (RAM only) and would only arm it
        (found by review). Not for the arming press: what it changes is RAM only."""
        return self.revealing

    def disarm(self):
        """Another screen goes over this one (firmware.undo.UndoMenu: long B, which
        never reaches ``on_button``): an armed reveal is disarmed (found by review)."""
        self.armed = None

    def game(self, app):
        """The Game (opened from the sealed state once)."""
        if self._game is None:
            self._game = Game.load(json.loads(self.s["g"]), _sect(app), app)
        return self._game

    def reopen(self, game=None):
        """Hold ``game`` (a Game just dealt: firmware.games.neohunt.setup) or, with
        None, let go of the Game opened (a change the rules refused may have been
        half made): the next ``game(app)`` opens it from the sealed state again."""
        self._game = game

    def commit(self, app):
        """Seal the game back into the screen state (after every change).

        The state keeps the sealed game as ONE JSON text, not a tree of small dicts
        and lists: the app copies the state into every save and its last-save
        copy, and one text fragments the Pico's heap far less than hundreds of
        small objects made anew on each press."""
        from firmware.games.neohunt.secrets import track_secrets
        track_secrets(self, app, self._game)
        self.s["g"] = None  # the last text goes before the next is made
        self.s["g"] = self._game.to_text(app)

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
            waiting = [p for p in range(len(players)) if p not in s["moved"]]
            for p in waiting:
                out.append(("%s first move" % players[p]["name"], "imove%d" % p))
            # a varan with no first move starts cloaked, not hidden (Neo-Hunt set-up):
            # said on the item that skips it (found by a new user: right under "P2
            # first move", it skipped that move with no word)
            if not waiting:
                out.append(("Begin turn 1", "turn"))
            elif len(waiting) == 1:
                out.append(("Begin T1: %s cloaked" % players[waiting[0]]["name"][:3], "turn"))
            else:
                out.append(("Begin T1: %d cloaked" % len(waiting), "turn"))
        elif step == "turn":
            out.append(("Begin turn %d" % (d["turn"] + 1), "turn"))
        elif step == "reenter":
            for p in range(len(players)):
                pl = players[p]
                if pl["varan"] is None and pl["pending"] is None:
                    out.append(("%s re-enters" % pl["name"], "reent%d" % p))
            if len(players) < 6:
                # a late join (Neo-Hunt Varan Reinforcements): said with the name she
                # gets (found by new users: "A player joins", then "New player P4
                # joins", read as news, not as an offer)
                out.append(("Add late player P%d" % (len(players) + 1), "join"))
            out.append(("Continue", "reinf_done"))
        elif step == "round":
            out.append(("Action round %d" % (d["round"] + 1), "round"))
            if d["round"] > 0:
                out.append(("End turn", "end_turn"))
        elif step == "deal":  # an empty deck says so (issue 19: no silent press)
            out.append(("Deal order card" if d["order"] else "Deck out: next", "deal"))
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
            # only a trooper that may act this round (one action each, not in the round
            # it arrived: Neo-Hunt troopers) and has a varan in reach
            for t in g.on_board():
                if g.equal_targets(t["id"]):
                    out.append(("T%d shoots" % t["id"], "tshoot%d" % t["id"]))
            out.append(("Troopers done", "tdone"))
            for q in range(len(players)):  # trooper search or sensors found her
                if players[q]["varan"] is not None and g.state(q) != "visible":
                    key = "spotted%d" % q
                    out.append((("A again=reveal %s" if self.armed == key else "%s spotted")
                                % players[q]["name"], key))
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
        # turn and action round; before turn 1, the set-up (a new user read "T0 R0")
        head = "T%d R%d" % (d["turn"], d["round"]) if d["turn"] else "Set-up"
        if cur == TROOPERS:
            head += " troopers"
        elif cur is not None and self.s["step"] in ("choice", "spot"):
            head += " " + d["players"][cur]["name"]
        return [head]

    def draw(self, app, surface):
        self.revealing = False  # (its press is over: the notice over it is read)
        Menu.draw(self, app, surface)
        surface.text(0, 0, self.TITLE, True)

    def on_button(self, app, name, kind):
        """B on a game that has not ended opens the leave menu (prompt.LeaveMenu:
        "Keep playing" first, abandoning takes a move and two presses of A), so no
        stray B then A loses the game."""
        if name != "A":
            self.armed = None
        if name == "B" and kind != "long" and self.s["step"] != "end":
            from firmware.screens.prompt import LeaveMenu
            app.push(LeaveMenu.make("Abandon game", "abandon",
                                    "Undo (hold B) brings it back until another flow opens."))
            return
        Menu.on_button(self, app, name, kind)

    def leave(self, app):
        """The game abandoned (LeaveMenu): journaled, back to the main menu. Its sealed
        secrets are revealed when the next flow opens from the main menu (App.forget_games)
        or the session ends, not now: until then Undo brings the game back (a reveal
        could not be undone)."""
        app.record(GAME, "abandoned", {"turn": self.game(app).d["turn"]}, {}, RULE_END)
        app.pop()
        app.notice("Game abandoned", "Undo (hold B) brings it back until another flow is "
                   "opened; then its hidden places and moves are revealed in the journal "
                   "(referee log).")

    # ---- acting ---------------------------------------------------------------
    def choose(self, app, index):
        entries = self.entries(app)
        key = entries[index][1]
        if key.startswith("spotted") and self.armed != key:
            self.armed = key  # a reveal for good: A again does it (its label says so)
            return
        self.revealing = key.startswith("spotted")  # (SHOWS_SECRET)
        self.armed = None
        g = self.game(app)
        try:
            self.act(app, g, key)
        except RuleError as exc:
            self._game = None  # drop any half change: reload from the saved state
            app.notice("Not allowed", str(exc))
            lighten(app)
            return
        lighten(app)  # first: the game's text (commit) then lands in the room it freed
        self.commit(app)
        count = len(self.entries(app))
        if self.s["sel"] >= count:
            self.s["sel"] = count - 1

    def act(self, app, g, key):
        """Do the menu action ``key`` on game ``g`` (may raise RuleError)."""
        if key.startswith("spotted"):
            self.turns(app, "other", g, key)
        elif key.startswith("spot") and key != "spot":
            self.turns(app, "spot", g, key)
        elif key in ("shoot", "map", "status", "fullreveal", "arrive", "tdone") or key.startswith("tshoot"):
            self.turns(app, "other", g, key)
        else:
            self.turns(app, "flow", g, key)

    def turns(self, app, name, *args):
        """Call ``name`` of firmware.games.neohunt.turns (imported now, dropped
        after the action by lighten) with this screen and the app first: "flow",
        "spot", "other", "after", "placed", "after_private" (see there)."""
        from firmware.games.neohunt import turns
        return getattr(turns, name)(self, app, *args)
