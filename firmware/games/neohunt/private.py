"""Neo-Hunt private screens: a place pick (behind Handover), the mover's own place
and a Spot! result (both through prompt.Reveal: shown only while A is held)."""

from firmware.buttons import A, B, DOWN, RIGHT, UP
from firmware.games.neohunt.shared import HUB, lighten, open_game
from firmware.screens.prompt import Reveal
from firmware.surface import NB
from firmware.ui import Screen, wrap
from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import RULE_HIDDEN
from shared_rules.neohunt.board import HIDE, place_name


def card_lines(g, p):
    """Player ``p``'s varan card as her private screen shows it (list of str, each
    at most 21 columns): its name, Speed, hits (with the damage taken when the
    varan is on the board) and specials, from the pack. The card is dealt face-up
    (Neo-Hunt set-up; varan reinforcements), so nothing here is secret: it is shown
    behind "Hand to" because that is where she decides her move. A player about to
    (re-)enter or join is shown the card she will be dealt (the varan pile's top),
    or that none is left."""
    players = g.d["players"]
    pl = players[p] if p < len(players) else None
    v = pl["varan"] if pl is not None else None
    card = pl["card"] if pl is not None else None
    if card is None:
        pile = g.d["varan_pile"]
        if not pile:
            return ["No varan card left"]
        card = pile[0]
    c = g.sect["varans"][card]
    hits = "Hits %d" % c["hits"] if v is None else "Damage %d/%d" % (v["dmg"], c["hits"])
    special = c.get("special") or []
    return wrap("Varan %s\nSpeed %d %s\nSpecial: %s" % (
        c["name"].replace(" ", NB), c["speed"], hits,
        ", ".join([x.replace(" ", NB) for x in special]) if special else "none"))


class NhPlace(Screen):
    """PRIVATE (opened by Handover): the player picks a place. UP/DOWN the place,
    A tries it: an illegal one is refused here with the reason, nothing recorded;
    a legal one is applied and the device is handed back. B cancels. Under the
    pick, her varan card (card_lines); a refusal's reason takes its rows until the
    cursor moves.

    State: {"p", "mode": "initial" | "entry" | "join" | "setup" | "move", "sel",
    "err", "name" (join only)}. "join": a new player (index ``p``, not in the game
    yet) picks her entry place; only a legal pick adds her (journal "join" and
    "entry_chosen"); B leaves no player and journals nothing.
    """

    ID = "nh_place"
    HELP = ("Up/Down place\n"
            "A confirm\n"
            "R: hold A to see\n"
            "where you are\n"
            "B cancel, hand back")
    CHOICES = ("0", "1", "2", "3", "4", "5", "6", HIDE)

    def draw(self, app, surface):
        s = self.s
        screen = app.find(HUB)
        g = screen.game(app)
        name = s["name"] if s["mode"] == "join" else g.d["players"][s["p"]]["name"]
        surface.line_text(0, name + " only", True)
        if s["mode"] in ("setup", "move"):
            # her own place is a secret: shown only by NhWhere (hold A, 5 s at most)
            v = g.varan(s["p"])
            surface.line_text(1, "R:where? %d/%d moves" % (v["moved"], 1 if s["mode"] == "setup" else v["speed"]))
        else:
            surface.line_text(1, "Start place" if s["mode"] == "initial" else "Entry place")
            if s["mode"] == "join":
                surface.line_text(6, "B: do not join")
        surface.line_text(2, "Go: " + place_name(self.CHOICES[s["sel"]]), False)
        err = s["err"]
        if err:  # the reason takes the card's rows until the cursor moves
            lines = wrap("NO: " + err)
        else:
            lines = card_lines(g, s["p"])
        for i in range(min(3 if s["mode"] == "join" else 4, len(lines))):
            surface.line_text(3 + i, lines[i])
        # a new player's B is said on row 6 (found by a new user: "B: do not join"
        # and "B:cancel" both, on one screen)
        surface.line_text(7, "^v pick A:join" if s["mode"] == "join" else "^v pick A:ok B:cancel")

    def on_button(self, app, name, kind):
        s = self.s
        if name == UP:
            s["sel"] = (s["sel"] - 1) % len(self.CHOICES)
            s["err"] = ""
        elif name == DOWN:
            s["sel"] = (s["sel"] + 1) % len(self.CHOICES)
            s["err"] = ""
        elif name == B:
            # a new player's B: she does not join (found by a new user: "B: do not
            # join", then "Cancelled")
            app.hand_back("Not joined" if s["mode"] == "join" else "Cancelled")
        elif name == RIGHT and s["mode"] in ("setup", "move"):
            g = open_game(app)
            where = NhWhere.make(app, g.d["players"][s["p"]]["name"], "You are at",
                                 place_name(g.place_of(s["p"])))
            where.s["stage"] = "hold"
            app.push(where)
        elif name == A:
            screen = app.find(HUB)
            try:
                screen.turns(app, "placed", s["p"], s["mode"], self.CHOICES[s["sel"]])
            except RuleError as exc:
                screen.reopen()
                s["err"] = str(exc)
                lighten(app)
                return
            app.hand_back()
            screen.turns(app, "after_private", s["p"], s["mode"])
            lighten(app)


class NhSpot(Reveal):
    """PRIVATE: what a Spot! showed (a varan's top place card or a face-down
    trooper's type), through prompt.Reveal's ritual: "Hand to" the spotter, her PIN
    if any, the result drawn only while A is held (5 s at most); B hands back.

    The Spot! is spent when this opens (journaled, the order card used, no undo),
    so unlike the other hand-overs B on "Hand to" cannot cancel: it is refused with
    the reason and the result waits, sealed, until its owner has looked. After a
    reboot it opens at "Hand to" again (as every Reveal does).

    Make with ``NhSpot.make(app, spotter, "Spot!", "<what>: <seen>")``. State as
    Reveal (the result sealed)."""

    ID = "nh_spot"
    HELP = ("A: I am <owner>,\n"
            "then hold A to see\n"
            "Up/Down scroll\n"
            "R set PIN\n"
            "B hand back")

    def draw(self, app, surface):
        s = self.s
        if s["stage"] != "hand":
            Reveal.draw(self, app, surface)
            return
        owner = s["owner"]
        surface.line_text(0, "Hand to " + owner, True)
        surface.line_text(2, "Only " + owner)
        surface.line_text(3, "may look now.")
        surface.line_text(5, "A: I am " + owner)
        surface.line_text(6, "The result waits")
        surface.line_text(7, "for " + owner)

    def on_button(self, app, name, kind):
        if name == B and self.s["stage"] == "hand":
            raise RuleError("Spot! is played: its result waits until %s has seen it (A: I am"
                            " %s). (%s)" % (self.s["owner"], self.s["owner"], RULE_HIDDEN))
        Reveal.on_button(self, app, name, kind)


class NhWhere(Reveal):
    """PRIVATE, on top of NhPlace (the hand-over is done): the mover's own place,
    drawn only while A is held (5 s at most), as prompt.Reveal; B goes back to
    NhPlace. Made with ``NhWhere.make(app, owner, title, text)`` (Reveal's) and its
    stage set to "hold"."""

    ID = "nh_where"
    HELP = ("Hold A to see\n"
            "Up/Down scroll\n"
            "R set PIN\n"
            "B back")

    def on_button(self, app, name, kind):
        if name == B:
            app.pop()
        else:
            Reveal.on_button(self, app, name, kind)
