"""Cybernaut game screens: the game (track, segments, setup, RealWorld) around the
grid screens of cybernaut_grid.

The whole game lives in the GameScreen's state: ``pub`` (what the rules make public)
and ``sec`` (every face-down NSA chit, sealed with app.seal). Every action is
journalled with its rule section; NSA placements are journalled sealed.
"""

import json

from firmware.buttons import A, B, LONG
from firmware.ui import Menu, Screen, TextScreen
from shared_rules.cybernaut import SEGMENTS
from shared_rules.cybernaut_net import Game
from shared_rules.errors import RuleError

from firmware.screens.cybernaut import CHECKS, GAME_PACK as PACK
GAME = "cybernaut"
SECRET_KINDS = ("nsa_setup", "nsa_replaced")
# the segments (shared_rules.cybernaut.SEGMENTS, Cybernaut IV) as the 16-cell status
# line and the track name them: "RealWorld Movement" does not fit
SHORT_SEGMENTS = ("Interaction", "NR RW Move", "Netrun", "Attack", "NSA RW Move", "End of Turn")
TRACK_NAMES = ("Interaction", "RealWorld Move", "Netrun", "Attack", "RealWorld Move",
               "End of Turn")


def fit(text, width):
    """``text`` within ``width`` cells: as is, else without its spaces ("Black Ice"
    -> "BlackIce"), else cut."""
    if len(text) <= width:
        return text
    return text.replace(" ", "")[:width]


def find_game(app):
    """The open GameScreen (searching the stack). :raises RuleError: none open."""
    for screen in app.stack:
        if screen.ID == GameScreen.ID:
            return screen
    raise RuleError("no Cybernaut game is open")


def journal(app, events, sealed=False):
    """Record ``events`` (from shared_rules.cybernaut_net) with their rule sections.

    :param sealed: seal every event's body (NSA secrets); the kind and rule stay readable.
        An event's "hide" part (a Netrunner chit placed or moved face down, a chit
        gained by a hidden Cybernaut) is always sealed, the rest stays readable.
    """
    for event in events:
        if sealed or event["kind"] in SECRET_KINDS:
            app.record(GAME, event["kind"], {"sealed": app.seal(json.dumps(event))}, {}, event["rule"])
        elif "hide" in event:  # a Netrunner secret (face-down chit): sealed from the NSA
            public = {}
            for key in event:
                if key != "hide":
                    public[key] = event[key]
            app.record(GAME, event["kind"], {"sealed": app.seal(json.dumps(event["hide"]))},
                       public, event["rule"])
        else:
            app.record(GAME, event["kind"], {}, event, event["rule"])


def summary(events):
    """Short public lines for events (what the Netrunner may read)."""
    lines = []
    for event in events:
        kind = event["kind"]
        if kind == "nsa_revealed":
            for at, name in event["chits"]:
                lines.append("%s %s" % (at, name))
        elif kind == "system_alert":
            lines.append("SYSTEM ALERT")
        elif kind == "file_captured":
            lines.append("Got " + event["type"])
        elif kind == "cybernaut_revealed":
            lines.append(event["name"] + " revealed")
        elif kind == "skull":
            lines.append("%s d10 %s" % (event["fate"], event["rolls"]))
        elif kind == "netrun_end":
            lines.append("Netrun: " + event["how"])
        elif kind == "strike" and (event["nsa_lost"] or event["nr_lost"]):
            lines.append("Strike -%d/-%d" % (len(event["nsa_lost"]), len(event["nr_lost"])))
    return lines


class GameScreen(Menu):
    """A Cybernaut game. B asks whether to abandon it (QuitConfirm); B long: the track.

    State: {"sel", "pub", "sec" (sealed), "msg", "log": recent public lines}.
    """

    ID = "cn_game"
    TITLE = "Cybernaut game"

    def initial(self):
        return {"sel": 0, "pub": None, "sec": None, "msg": "", "log": []}

    @classmethod
    def make(cls, app, fog=False):
        """A new game on the sample pack (``fog``: the full-fog option)."""
        from shared_rules.cybernaut import missing_sections
        from shared_rules.errors import PackError
        pack = app.pack(PACK)
        missing = missing_sections(pack.data)
        if missing:
            raise PackError("pack '%s' has no %s: a game needs the map, grids, counter mix and "
                            "Unit Definitions" % (pack.name, ", ".join(missing)))
        app.packs.pop("cybernaut-sample", None)  # the rolls-only pack: RAM for the game
        forget = getattr(app, "forget", None)  # MicroPython boards: let go of the
        if forget is not None:  # pack's checks once the pack is loaded
            forget(CHECKS, ())
        screen = cls()
        screen.store(app, Game(pack, None, fog))
        app.record(GAME, "new_game", {"fog": fog}, {}, "Cybernaut III")
        return screen

    def load(self, app):
        """The Game (secret part unsealed: keep it off Netrunner-facing screens)."""
        public = json.loads(json.dumps(self.s["pub"]))  # a copy: trial changes stay off the save
        return Game.join(app.pack(PACK), public, json.loads(app.unseal(self.s["sec"])))

    def store(self, app, game, events=None, replaced=False):
        """Keep ``game``: public part in clear, secret part sealed; first the face-down
        chits' commitments are brought in line (cybernaut_commit.sync: ``events`` of
        the action, ``replaced`` after the NSA's re-placement)."""
        from firmware.screens.cybernaut_commit import sync
        sync(app, game, events, replaced)
        public, secret = game.split()
        self.s["pub"] = public
        self.s["sec"] = app.seal(json.dumps(secret))

    def act(self, app, fn, *args):
        """Run a Game method on the loaded game, journal, store; a RuleError becomes
        the message line (nothing changes). :returns: the events or None."""
        return self.act_as(app, False, fn, args)

    def act_as(self, app, nsa, fn, args):
        """``act`` for either side: ``nsa`` True seals a refusal's reason (it may
        name a hidden chit) and, under full fog, the events."""
        game = self.load(app)
        try:
            events = getattr(game, fn)(*args)
        except RuleError as exc:
            reason = str(exc)
            if nsa:
                app.record(GAME, "refused", {"action": fn, "sealed": app.seal(reason)}, {},
                           _rule_of(reason))
            else:
                self.s["msg"] = refused_title(reason)  # the reason in full on the screen pushed
                app.record(GAME, "refused", {"action": fn}, {"reason": reason}, _rule_of(reason))
            app.push(TextScreen.make(refused_title(reason), reason))
            return None
        if isinstance(events, tuple):  # interact: (events, roll details)
            events = events[0]
        journal(app, events, nsa and game.s["fog"])
        self.store(app, game, events)  # commitments journaled after the events
        self.note(summary(events))
        return events

    def note(self, lines):
        """Add public lines to the recent log (kept short)."""
        log = self.s["log"]
        log.extend(lines)
        del log[:-12]
        if lines:
            self.s["msg"] = lines[-1]

    def title(self):
        pub = self.s["pub"]  # the status line: 16 cells at most, "T10 NSA RW Move"
        return ("T%d " % pub["turn"]) + SHORT_SEGMENTS[pub["seg"]]

    def entries(self, app):
        pub = self.s["pub"]
        out = []
        if pub["stage"] == "setup":
            out.append(("NSA placement", self.nsa_place))
            out.append(("Solo placement", self.solo))
            out.append(("Readings", self.readings))
        elif pub["stage"] == "cybernauts":
            out.append(("Add Cybernaut", self.add_cyb))
            out.append(("Cybernauts done", self.cybs_done))
            out.append(("Readings", self.readings))
        else:
            if pub["ss_wait"]:
                out.append(("Place SS unit", self.place_ss))
            if pub["after"] is not None:
                out.append(("NSA regen+place", self.after_run))
            if pub["run"] is not None:
                out.append(("Netrun", self.netrun))
            seg = pub["seg"]
            if pub.get("losses"):
                out.append(("Remove units", self.losses))
            if seg == 0 and not pub["over"]:
                out.append(("Interaction", self.interaction))
                if pub["enc"]:  # an Encounter this turn: its Recruit / Body Bank results
                    out.append(("Recruit", self.recruit))
                    out.append(("Body Bank", self.body_bank))
                    out.append(("Auton. Zone", self.zone))
            if seg in (1, 4) and not pub["over"]:
                out.append(("Move units", self.move_units))
            if seg == 2 and pub["run"] is None and not pub["ran"] and pub["after"] is None:
                out.append(("Start netrun", self.start_run))
            if seg == 3 and not pub["over"]:
                out.append(("Attack", self.attack))
            if not pub["over"]:
                out.append(("Next segment", self.next_seg))
            out.append(("Map", self.map))
            if pub["over"]:
                out.append(("Victory", self.victory))
                out.append(("Full reveal", self.reveal))
        out.append(("Track", self.track))
        out.append(("Log", self.show_log))
        return out

    def items(self, app):
        return [e[0] for e in self.entries(app)]

    def footer(self, app):
        return [self.s["msg"][:16]] if self.s["msg"] else []

    def draw(self, app, surface):
        self.TITLE = self.title()
        Menu.draw(self, app, surface)

    def choose(self, app, index):
        entries = self.entries(app)
        if index < len(entries):
            entries[index][1](app)

    def on_button(self, app, name, kind):
        if name == B and kind == LONG:
            app.push(TrackScreen())
            return
        if name == B:  # leaving abandons the game: ask plainly first (QuitConfirm)
            app.push(QuitConfirm())
            return
        Menu.on_button(self, app, name, kind)

    # ---- actions ---------------------------------------------------------------
    def nsa_place(self, app):
        from firmware.screens.prompt import Handover
        from firmware.screens.cybernaut_grid import PlaceScreen
        app.push(Handover.make("NSA", PlaceScreen.make("setup")))

    def solo(self, app):
        game = self.load(app)
        events = game.solo_setup(app.source)
        self.store(app, game, events)
        journal(app, events, True)
        self.s["msg"] = "NSA chits placed"

    def add_cyb(self, app):
        app.push(CybernautPick())

    def cybs_done(self, app):
        self.act(app, "cybernauts_done", app.source)

    def place_ss(self, app):
        app.push(SprawlPick.make("ss", "Place " + self.s["pub"]["ss_wait"][0]))

    def after_run(self, app):
        from firmware.screens.prompt import Handover
        from firmware.screens.cybernaut_grid import PlaceScreen
        if self.s["pub"]["after"]["stage"] == "regen":
            app.push(Handover.make("NSA", RegenPick()))
        else:
            app.push(Handover.make("NSA", PlaceScreen.make("replace")))

    def netrun(self, app):
        from firmware.screens.cybernaut_grid import NetrunScreen
        app.push(NetrunScreen.make(self.s["pub"]["run"]["ghost"]))

    def start_run(self, app):
        app.push(UnitPick.make("run", "Who netruns?"))

    def interaction(self, app):
        app.push(UnitPick.make("inter", "Interaction"))

    def readings(self, app):
        from firmware.screens.cybernaut_rw import ReadingsScreen
        app.push(ReadingsScreen())

    def zone(self, app):
        from firmware.screens.cybernaut_rw import ZonePick
        app.push(ZonePick())

    def recruit(self, app):
        from firmware.screens.cybernaut_rw import RecruitPick
        app.push(RecruitPick())

    def body_bank(self, app):
        from firmware.screens.cybernaut_rw import BodyBankPick
        app.push(BodyBankPick())

    def losses(self, app):
        from firmware.screens.cybernaut_rw import LossPick
        app.push(LossPick())

    def move_units(self, app):
        app.push(UnitPick.make("move", "Move who?"))

    def attack(self, app):
        app.push(SprawlPick.make("attack", "Attack where?"))

    def next_seg(self, app):
        self.act(app, "next_segment")

    def map(self, app):
        from firmware.screens.cybernaut_grid import NetrunScreen
        app.push(NetrunScreen.make(None))

    def track(self, app):
        app.push(TrackScreen())

    def show_log(self, app):
        app.push(TextScreen.make("Log", "\n".join(self.s["log"]) or "(nothing yet)"))

    def victory(self, app):
        vp = self.load(app).victory()
        app.record(GAME, "victory", {}, vp, "Cybernaut I")
        app.push(TextScreen.make("Victory", "Netrunner %d\nNSA %d\nWinner: %s"
                                 % (vp["netrunner"], vp["nsa"], vp["winner"])))

    def reveal(self, app):
        rows = self.load(app).full_reveal()
        app.record(GAME, "full_reveal", {}, {"chits": rows}, "Cybernaut IV.B.3")
        app.push(TextScreen.make("Full reveal", "\n".join(
            "%s %s" % (r[3] or r[2], r[1]) for r in rows)))


def techgear_lines(events, lines):
    """Add the TechGear events' public lines to ``lines`` (Interaction "T", V.A; II.B
    when none is left). :returns: the private text of TechGear gained by a hidden
    Cybernaut (type and effect, for the Netrunner only), or ""."""
    private = ""
    for event in events:
        if event["kind"] == "techgear_none":
            lines.append("No TechGear: " + event["why"] + " (II.B)")
        elif event["kind"] == "techgear_gained":
            if "hide" in event:
                lines.append("TechGear gained (hidden box)")
                private = "%s gets %s\n%s" % (event["cyb"], event["hide"]["type"],
                                                event["hide"]["effect"])
            else:
                lines.append("TechGear: " + event["type"])
                lines.append(event["effect"])
    return private


def refused_title(message):
    """A refusal screen's title: the broken rule's section, e.g. "No: VII.E.1"."""
    return ("No: " + _rule_of(message)[10:])[:16]


def _rule_of(message):
    """The rule section at the end of a RuleError message ("... (Cybernaut VII.E.1)")."""
    at = message.rfind("(Cybernaut ")
    if at < 0:
        return ""
    end = message.find(")", at)
    return message[at + 1:end].split(",")[0]


RULE_ABANDON = "Cybernaut: game abandoned (its secrets revealed)"


class QuitConfirm(Menu):
    """B on the game menu: "Keep playing" (first, so a second B or A keeps the game)
    or "Abandon game". A game cannot be parked and resumed (the device keeps one
    game's state; RAM is short), so abandoning says so plainly: every face-down chit
    and holding box is revealed in the journal (a "game_abandoned" entry with every
    chit's [id, type, place, address], then each sealed commitment opened) and the
    game is gone."""

    ID = "cn_quit"
    TITLE = "Leave the game?"

    def items(self, app):
        return ["Keep playing", "Abandon game"]

    def footer(self, app):
        return ["Abandoned: gone,", "secrets shown in", "the journal"]

    def choose(self, app, index):
        if index == 0:
            app.pop()
            return
        screen = find_game(app)
        game = screen.load(app)
        pub = screen.s["pub"]
        rows = [[c["id"], c["t"], c["w"], c["at"]] for c in game.s["nsa"] + game.s["nr"]]
        app.record(GAME, "game_abandoned", {"turn": pub["turn"], "seg": pub["seg"]},
                   {"chits": rows}, RULE_ABANDON)
        if not game.s.get("revealed_all"):
            from firmware.screens.cybernaut_commit import reveal_everything
            reveal_everything(app, game, RULE_ABANDON)
        app.pop()  # this menu
        app.pop()  # the game


class TrackScreen(Screen):
    """The record track: turn, segment, impulse, Ops Points, SS Max. A or B back."""

    ID = "cn_track"

    def draw(self, app, surface):
        pub = find_game(app).s["pub"]
        side, _, rule = SEGMENTS[pub["seg"]]
        surface.line_text(0, "Track Turn %d/10" % pub["turn"], True)
        surface.line_text(1, side)
        surface.line_text(2, TRACK_NAMES[pub["seg"]])
        surface.line_text(3, rule[10:])
        run = pub["run"]
        if run is not None:
            surface.line_text(4, "Impulse %d/10 %s" % (run["imp"], "NR" if run["part"] == "NR" else "NS"))
            surface.line_text(5, "Ops Points %d" % run["ops"])
        game_ss = Game(app.pack(PACK), {"nsa": pub["nsa"], "run": None, "seg": pub["seg"],
                                        "turn": pub["turn"], "over": pub["over"]})
        ss_max = game_ss.ss_max()
        surface.line_text(6, "SS Max %s" % ("-" if ss_max is None else ss_max))
        if pub["over"]:
            surface.line_text(7, "GAME OVER")

    def on_button(self, app, name, kind):
        if name in (A, B):
            app.pop()


class CybernautPick(Menu):
    """Setup: UP/DOWN the Cybernaut, LEFT/RIGHT the sprawl, A adds (III.B.1). The
    sprawl starts on the first one where a Cybernaut may set up (not "no_setup")."""

    ID = "cn_cybpick"
    TITLE = "Add Cybernaut"

    def initial(self):
        return {"sel": 0, "sp": -1}  # -1: not chosen yet, the first legal sprawl

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
        for item in app.pack(PACK).data["cybernauts"]:
            out.append("%s R%d W%d" % (item["name"], item["realworld"], item["wetware"]))
        return out

    def sprawls(self, app):
        return sorted(app.pack(PACK).data["sprawls"])

    def footer(self, app):
        return ["<" + self.sprawls(app)[self._sp(app)][:14] + ">"]

    def side(self, app, name, kind):
        count = len(self.sprawls(app))
        self.s["sp"] = (self._sp(app) + (1 if name == "R" else -1)) % count

    def choose(self, app, index):
        name = app.pack(PACK).data["cybernauts"][index]["name"]
        game = find_game(app)
        if game.act(app, "add_cybernaut", name, self.sprawls(app)[self._sp(app)]) is not None:
            app.pop()


class SprawlPick(Menu):
    """Choose a sprawl for: "ss" (place the waiting SS unit), "attack", "path" (the
    next sprawl of a move). State: {"sel", "for", "title", "units", "path"}."""

    ID = "cn_sprawl"

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
        game = find_game(app)
        names = sorted(app.pack(PACK).data["sprawls"])
        purpose = self.s["for"]
        if purpose == "ss":
            unit = game.s["pub"]["ss_wait"][0]
            if game.act(app, "place_ss", unit, names[index]) is not None:
                app.pop()
        elif purpose == "attack":
            pub = game.s["pub"]
            units = [u["name"] for u in pub["ss"] if u["at"] == names[index]]
            if game.act(app, "attack", names[index], units, app.source) is not None:
                app.pop()
                app.push(TextScreen.make("Attack", _fires_text(app, game)))
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

    @classmethod
    def make(cls, purpose, title):
        return cls({"sel": 0, "for": purpose, "title": title, "on": []})

    def units(self, app):
        pub = find_game(app).s["pub"]
        if self.s["for"] == "move" and pub["seg"] == 4:
            return [(u["name"], u["name"] + " " + u["at"][-8:]) for u in pub["ss"] if u["at"]]
        return [(c["name"], c["name"] + " " + c["at"][-8:]) for c in pub["cybs"] if c["alive"]]

    def items(self, app):
        out = []
        for key, label in self.units(app):
            out.append(("*" if key in self.s["on"] else " ") + label)
        out.append("Go")
        return out

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
        game = find_game(app)
        pub = game.s["pub"]
        chosen = self.s["on"]
        if not chosen:
            return
        if self.s["for"] == "inter":
            indices = [i for i in range(len(pub["cybs"])) if pub["cybs"][i]["name"] in chosen]
            events = game.act(app, "interact", indices, app.source)
            if events is not None:
                app.pop()
                entry = app.journal.recent
                lines = [e["kind"] + ": " + str(e["out"].get("result", e["out"].get("name", "")))
                         for e in entry if e["kind"] in ("interaction", "encounter",
                                                         "cybernaut_revealed", "cybernaut_hidden")]
                private = techgear_lines(events, lines)
                app.push(TextScreen.make("Interaction", "\n".join(lines)))
                if private:  # a hidden Cybernaut's box: for the Netrunner's eyes (V.C.4)
                    from firmware.screens.prompt import Handover
                    app.push(Handover.make("Netrunner", TextScreen.make("TechGear", private)))
        elif self.s["for"] == "move":
            start = None
            for unit in pub["cybs"] + pub["ss"]:
                if unit["name"] == chosen[0]:
                    start = unit["at"]
            app.replace(SprawlPick.make("path", "From " + start, list(chosen), [start]))
        else:
            from firmware.screens.cybernaut_grid import NetrunScreen
            index = [i for i in range(len(pub["cybs"])) if pub["cybs"][i]["name"] == chosen[0]][0]
            screen = NetrunScreen.make(None)
            screen.s["cyb"] = index
            app.replace(screen)


class RegenPick(Menu):
    """NSA only: the destroyed chit to regenerate, or none (Cybernaut VII.H.4)."""

    ID = "cn_regen"
    TITLE = "NSA: regenerate"

    def items(self, app):
        game = find_game(app).load(app)
        return ["None"] + ["%s %s" % (i, game.nsa_chit(i)["t"]) for i in game.regenerable()]

    def choose(self, app, index):
        screen = find_game(app)
        game = screen.load(app)
        chit = None if index == 0 else game.regenerable()[index - 1]
        if screen.act(app, "regenerate", chit) is not None:
            from firmware.screens.cybernaut_grid import PlaceScreen
            app.replace(PlaceScreen.make("replace"))
