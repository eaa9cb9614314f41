"""Cybernaut game screens opened from the game menu (GameScreen in cybernaut_game):
abandoning the game, the record track, and the pickers of Cybernauts, Sprawls, units
and regeneration. Kept apart so that a new game opens without them (issue 7, RAM).
"""

from firmware.buttons import A, B
from firmware.games.cybernaut.shared import (GAME, GAME_PACK as PACK, TRACK_NAMES, game_value, public,
                                             techgear_lines)
from firmware.screens import screen_class
from firmware.ui import Menu, Screen, TextScreen
from shared_rules.cybernaut.rules import SEGMENTS
from shared_rules.cybernaut.net import Game


class QuitConfirm(Screen):
    """A save from before the shared leave menu may hold this screen ("cn_quit"):
    it comes back as the game's leave menu (prompt.LeaveMenu), not armed."""

    ID = "cn_quit"

    def draw(self, app, surface):
        from firmware.games.cybernaut.shared import leave_menu
        app.replace(leave_menu())
        app.top().draw(app, surface)


class TrackScreen(Screen):
    """The record track: turn, segment, impulse, Ops Points, SS Max. A or B back."""

    ID = "cn_track"
    PASSIVE = True  # it shows the game below it (firmware/undo.py)
    HELP = ("A or B back")
    # an arrow does nothing here (firmware.saving.moves_only: no digest, no save)
    VIEW_ARROWS = True

    def help(self, app):
        """Opened by a hold of B on a game or grid screen (they keep hold B for this
        track): that screen's buttons first, then the track's."""
        under = app.under()
        if under is not None and under.OWN_LONG_B:
            return under.help(app) + "\n\nOn the track:\n" + self.HELP
        return self.HELP

    def draw(self, app, surface):
        pub = public(app)
        side, _, rule = SEGMENTS[pub["seg"]]
        surface.line_text(0, "Track Turn %d/10" % pub["turn"], True)
        surface.line_text(1, side)
        surface.line_text(2, TRACK_NAMES[pub["seg"]])
        surface.line_text(3, rule[10:])
        run = pub["run"]
        if run is not None:
            surface.line_text(4, "Impulse %d/10 %s" % (run["imp"], "NR" if run["part"] == "NR" else "NS"))
            surface.line_text(5, "Ops Points %d" % run["ops"])
        ss_max = game_value(app, "ssmax", False)  # kept by GameScreen.store
        if ss_max is False:  # a save from before it was kept
            ss_max = Game(app.pack(PACK), {"nsa": pub["nsa"], "run": None, "seg": pub["seg"],
                                           "turn": pub["turn"], "over": pub["over"]}).ss_max()
        # no SS Max while COMSAT is in cyberspace (II.A.7: the cap on the SS units
        # that attack and move comes with COMSAT destroyed or held; "SS Max -" was not
        # understood by a new user)
        surface.line_text(6, "SS Max: none (COMSAT)" if ss_max is None else "SS Max %s" % ss_max)
        surface.line_text(7, "GAME OVER" if pub["over"] else "A/B: back")

    def on_button(self, app, name, kind):
        if name in (A, B):
            app.pop()


def _in_play(app):
    """The names of the Cybernauts already in the game (list of str)."""
    from firmware.games.cybernaut.shared import public
    return [cyb["name"] for cyb in public(app)["cybs"]]


class CybernautPick(Menu):
    """Setup: UP/DOWN the Cybernaut, LEFT/RIGHT the sprawl, A adds (III.B.1). The
    sprawl starts on the first one where a Cybernaut may set up (not "no_setup")."""

    ID = "cn_cybpick"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R sprawl\n"
            "A add Cybernaut\n"
            "B back\n"
            "R2 W3: RealWorld 2,\n"
            "Wetware 3")
    TITLE = "Add Cybernaut"
    # LEFT/RIGHT only choose the sprawl A will add the Cybernaut to: no confirmation,
    # as a cursor (firmware.saving.moves_only: nothing saved, nothing written; the
    # next save holds it). Saved at each arrow, it wrote the whole game's state, 127 ms
    # of the emulated Pico (issue 21, make bench-pico at seed 2)
    VIEW_ARROWS = True

    def initial(self):
        return {"sel": 0, "sp": -1}  # -1: not chosen yet, the first legal sprawl

    @classmethod
    def make(cls, app):
        """The list with its selection on the first Cybernaut not yet in play."""
        screen = cls()
        playing = _in_play(app)
        names = [item["name"] for item in app.pack(PACK).data["cybernauts"]]
        for index in range(len(names)):
            if names[index] not in playing:
                screen.s["sel"] = index
                break
        return screen

    def _sp(self, app):
        if self.s["sp"] < 0:
            info = app.pack(PACK).data["sprawls"]
            names = self.sprawls(app)
            self.s["sp"] = 0
            for index in range(len(names) - 1, -1, -1):
                if not info[names[index]].get("no_setup"):
                    self.s["sp"] = index
        return self.s["sp"]

    def items(self, app):
        out = []
        playing = _in_play(app)
        for item in app.pack(PACK).data["cybernauts"]:
            if item["name"] in playing:  # A would be refused (II.B): said before it
                out.append("%s in play" % item["name"])
            else:
                out.append("%s R%d W%d" % (item["name"], item["realworld"], item["wetware"]))
        return out

    def sprawls(self, app):
        return sorted(app.pack(PACK).data["sprawls"])

    def footer(self, app):
        # (found by a new user: "R2 W3" unexplained)
        return ["R=RealWorld W=Wetware", "<" + self.sprawls(app)[self._sp(app)][:14] + ">"]

    def side(self, app, name, kind):
        count = len(self.sprawls(app))
        self.s["sp"] = (self._sp(app) + (1 if name == "R" else -1)) % count

    def choose(self, app, index):
        name = app.pack(PACK).data["cybernauts"][index]["name"]
        game = app.find("cn_game")
        if game.act(app, "add_cybernaut", name, self.sprawls(app)[self._sp(app)]) is not None:
            app.pop()


class SprawlPick(Menu):
    """Choose a sprawl for: "ss" (place the waiting SS unit), "attack", "path" (the
    next sprawl of a move). State: {"sel", "for", "title", "units", "path"}."""

    ID = "cn_sprawl"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A choose sprawl\n"
            "B back")

    @classmethod
    def make(cls, purpose, title, units=None, path=None):
        return cls({"sel": 0, "for": purpose, "title": title, "units": units or [],
                    "path": path or []})

    def items(self, app):
        names = sorted(app.pack(PACK).data["sprawls"])
        if self.s["for"] == "path":
            return ["Go (%d legs)" % (len(self.s["path"]) - 1)] + names
        return names

    def draw(self, app, surface):
        self.TITLE = self.s["title"][:16]
        Menu.draw(self, app, surface)

    def choose(self, app, index):
        game = app.find("cn_game")
        names = sorted(app.pack(PACK).data["sprawls"])
        purpose = self.s["for"]
        if purpose == "ss":
            unit = public(app)["ss_wait"][0]
            if game.act(app, "place_ss", unit, names[index]) is not None:
                app.pop()
        elif purpose == "attack":
            pub = public(app)
            units = [u["name"] for u in pub["ss"] if u["at"] == names[index]]
            events = game.act(app, "attack", names[index], units, app.source)
            if events is not None:
                app.pop()
                # the fires, then who was eliminated (VIII.C), on the result screen
                from firmware.games.cybernaut.log import event_lines
                lines = _fires_text(app, game).split("\n")
                for event in events:
                    if event["kind"] in ("ss_eliminated", "cybernaut_eliminated"):
                        lines.extend(event_lines(event))
                from firmware.screens.result import show
                show(app, "Attack", lines)
        else:
            if index == 0:
                if game.act(app, "move_units", self.s["units"], self.s["path"]) is not None:
                    app.pop()
                return
            self.s["path"].append(names[index - 1])
            self.s["title"] = ">".join(p[-2:] for p in self.s["path"])


def _fires_text(app, game):
    """The last journal entry's fires as text (attack results)."""
    entry = app.journal.recent[-1]
    lines = []
    for side, fire in entry["out"].get("fires", []):
        lines.append("%s %d col %s" % (side[:9], fire["total"], fire["column"]))
        lines.append(" d10 %d: %s" % (fire["d10"], fire["result"]))
    return "\n".join(lines)


class UnitPick(Menu):
    """Choose Cybernauts (A toggles) then the last item acts: "inter" (Interaction
    V.A), "move" (then the path), "run" (the one to netrun, then the entry address).
    State: {"sel", "for", "title", "on": [indices or SS names]}."""

    ID = "cn_units"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A pick / unpick\n"
            "B back")

    @classmethod
    def make(cls, purpose, title):
        return cls({"sel": 0, "for": purpose, "title": title, "on": []})

    def help(self, app):
        """An Interaction's pick shows the odds lines (footer): its help explains them."""
        if self.s.get("for") == "inter":
            from firmware.games.cybernaut.inter import ODDS_HELP
            return self.HELP + "\n" + ODDS_HELP
        return self.HELP

    def units(self, app):
        pub = public(app)
        if self.s["for"] == "move" and pub["seg"] == 4:
            return [(u["name"], u["name"] + " " + u["at"][-8:]) for u in pub["ss"] if u["at"]]
        return [(c["name"], c["name"] + " " + c["at"][-8:]) for c in pub["cybs"] if c["alive"]]

    def items(self, app):
        out = []
        for key, label in self.units(app):
            out.append(("*" if key in self.s["on"] else " ") + label)
        out.append("Go")
        return out

    def footer(self, app):
        """For an Interaction: the exact chance of each result for the group chosen
        (its best RealWorld value and its sprawl's environ, both public: Cybernaut
        V.A, V.B.3), at most two lines; nothing while the group is not in one sprawl."""
        if self.s["for"] != "inter" or not self.s["on"]:
            return []
        cybs = [c for c in public(app)["cybs"] if c["name"] in self.s["on"]]
        if not cybs or [c for c in cybs if c["at"] != cybs[0]["at"]]:
            return []
        pack = app.pack(PACK)
        from firmware.games.cybernaut.inter import odds_lines  # the rolls screen's, no screen
        return odds_lines(pack, pack.data["sprawls"][cybs[0]["at"]]["environ"],
                          max([c["rw"] for c in cybs]))[:2]

    def draw(self, app, surface):
        self.TITLE = self.s["title"]
        Menu.draw(self, app, surface)

    def choose(self, app, index):
        units = self.units(app)
        if index < len(units):
            key = units[index][0]
            if key in self.s["on"]:
                self.s["on"].remove(key)
            else:
                self.s["on"].append(key)
            return
        game = app.find("cn_game")
        pub = public(app)
        chosen = self.s["on"]
        if not chosen:  # said, not silent (issue 19)
            app.notice("Nobody chosen", "Choose at least one with A first (a * marks "
                       "each one chosen), then Go.")
            return
        if self.s["for"] == "inter":
            indices = [i for i in range(len(pub["cybs"])) if pub["cybs"][i]["name"] in chosen]
            events = game.act(app, "interact", indices, app.source)
            if events is not None:
                app.pop()
                # the public lines of the result (cybernaut_log), the TechGear in full
                from firmware.games.cybernaut.log import event_lines
                lines = []
                for event in events:
                    if event["kind"] == "interaction":  # V.A: the d10, the total, the result
                        lines.append("d10 %d total %d" % (event["d10"], event["total"]))
                        lines.append("%s: %s" % (event["environ"], event["result"]))
                    elif not event["kind"].startswith("techgear"):
                        lines.extend(event_lines(event))
                private = techgear_lines(events, lines)
                from firmware.screens.result import show
                show(app, "Interaction", lines)
                if private:  # a hidden Cybernaut's box: for the Netrunner's eyes (V.C.4),
                    # sealed in the state and the save (a TextScreen kept it in clear)
                    from firmware.screens.prompt import Reveal
                    app.push(Reveal.make(app, "Netrunner", "TechGear", private))
        elif self.s["for"] == "move":
            start = None
            for unit in pub["cybs"] + pub["ss"]:
                if unit["name"] == chosen[0]:
                    start = unit["at"]
            app.replace(SprawlPick.make("path", "From " + start, list(chosen), [start]))
        else:
            index = [i for i in range(len(pub["cybs"])) if pub["cybs"][i]["name"] == chosen[0]][0]
            screen = screen_class("cn_net").make(None, game_value(app, "cur"))
            screen.s["cyb"] = index
            app.replace(screen)


class RegenPick(Menu):
    """NSA only: the destroyed chit to regenerate, or none (Cybernaut VII.H.4)."""

    ID = "cn_regen"
    HELP = ("NSA only: one\n"
            "destroyed chit, not\n"
            "a File, may come\n"
            "back if a Control\n"
            "File is on the map\n"
            "(VII.H.4): choose\n"
            "it, or None (None\n"
            "alone: none can)\n"
            "Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A choose\n"
            "B back")
    TITLE = "NSA: regenerate"

    # (the game screen's "pub" and "sec" as they were, [(chit id, type), ...]): the
    # destroyed chits worked out once for that state of the game (issue 21: each
    # frame and each move loaded the game, ~45 ms of a Pico, and A loaded it again
    # before the action's own load: 135 ms of loads a press in the whole game's
    # bench). RAM only; "held": firmware.relief.rehome lets it go
    held = None

    def _chits(self, app):
        held = self.held
        if held is not None and held[0] is public(app) and held[1] is game_value(app, "sec"):
            return held[2]
        game = app.find("cn_game").peek(app)  # (read only: left in hand for the action)
        chits = [(i, game.nsa_chit(i)["t"]) for i in game.regenerable()]
        self.held = (public(app), game_value(app, "sec"), chits)
        return chits

    def items(self, app):
        return ["None"] + ["%s %s" % chit for chit in self._chits(app)]

    def choose(self, app, index):
        screen = app.find("cn_game")
        chit = None if index == 0 else self._chits(app)[index - 1][0]
        if screen.act(app, "regenerate", chit) is not None:
            from firmware.games.cybernaut.shared import nsa_cursor
            app.replace(screen_class("cn_place").make("replace", nsa_cursor(app),
                                                      game_value(app, "nsaplan")))
