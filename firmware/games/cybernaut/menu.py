"""Cybernaut: Interaction (d10 + RealWorld, by environ) and Encounter (00-99) rolls
looked up in the Cybernaut pack (Cybernaut V.A, V.D)."""

from firmware.buttons import LEFT, RIGHT
from firmware.screens import screen_class
from firmware.ui import Menu, TextScreen, adjust
from shared_rules.cybernaut.rules import (ENVIRONS, RULE_ENCOUNTER, RULE_INTERACTION,
                                    encounter_roll, interaction)

from firmware.games.cybernaut.shared import ACTION, GAME_PACK, PACK
from shared_rules.errors import RefereeError


def describe(pack, text):
    """The result codes of ``text`` spelled out from the pack's 'codes' (one per line)."""
    codes = pack.data.get("codes", {})
    lines = []
    for code in text.split():
        meaning = codes.get(code)
        if meaning:
            lines.append(code + ": " + meaning)
    return lines


# the help pages' legend of the odds lines (odds_lines): each result's chance
ODDS_HELP = ("Odds line: chance\n"
             "of each result of\n"
             "this roll, e.g.\n"
             "E30% = result E on\n"
             "3 rolls in 10;\n"
             "-30% = no effect;\n"
             "A+E = both A and E")


class CybernautMenu(Menu):
    """Choose a Cybernaut roll."""

    ID = "cn_menu"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B back")
    TITLE = "Cybernaut"

    def items(self, app):
        return ["Interaction", "Encounter", "New game", "New game (fog)"]

    placeholder = None  # the rolls-only pack's flag, once read (footer)

    def footer(self, app):
        # read once: a new game lets go of that pack (choose), and drawing this menu
        # again after the game parsed it anew for one flag (80-120 ms of a Pico, issue
        # 21); the files change only by a sync, which restarts the app
        if self.placeholder is None:
            self.placeholder = bool(app.pack(PACK).placeholder)
        return ["PLACEHOLDER pack"] if self.placeholder else []

    tried = False  # the rolls-only pack read again between presses (on_tick), once

    def on_tick(self, app, now):
        """Once this menu's frame is shown again after a game let the rolls-only pack
        go (``choose``: RAM for the game): that pack read again between presses, so
        the next roll does not parse it in its press (87 ms of the emulated Pico,
        issue 21). Tried once: a pack that cannot be read is named by the roll."""
        if self.tried or app.dirty or PACK in app.packs:
            return
        self.tried = True
        try:
            app.pack(PACK)
        except (RefereeError, MemoryError, OSError):
            pass  # (the roll's press reads it, and says what is wrong)

    def choose(self, app, index):
        if index == 0:
            app.push(InteractionScreen())
            return
        if index >= 2:
            # an abandoned game's secrets: revealed before a restart (issue 17), else
            # after the new game's frame (firmware.games.cybernaut.later.left_behind)
            left = None
            if [cid for cid in app.secrets if app.secrets[cid][0] == "cybernaut"]:
                from firmware.games.cybernaut.later import left_behind
                left = left_behind(app)  # (its code loaded only then: this module is
                left_behind = None       # in the heap at every boot into a game)
            app.restart_first()  # on a Pico: the new game gets the whole heap
            # a new game opens in this order (issue 7, the 192K heap): the rolls-only
            # pack goes; the pack's checks are imported while the heap is still whole
            # (their code, and the names they intern, which may need one more pool of
            # names: a block of several KB); the game pack is parsed (about twice
            # what it keeps until its equal strings are shared); the checks go; then
            # the game's modules load. The other orders ran out of memory.
            app.packs.pop(PACK, None)
            checks = ACTION
            for name in checks:
                __import__(name)
            app.pack(GAME_PACK)
            if app.forget is not None:  # MicroPython boards: the pack's checks are done
                app.forget(checks, ())
            screen = screen_class("cn_game").make(app, index == 3)
            self.tried = False  # (this pack read again once the game is left: on_tick)
            if left:  # revealed after the new game's frame (``left_behind``)
                screen.s["left"] = left
                screen.later("left")
            app.push(screen)
            return
        pack = app.pack(PACK)
        result, first, second = encounter_roll(pack, app.source)
        app.record("cybernaut", "encounter", {}, {"dice": [first, second], "total": result.roll,
                                                  "result": result.text}, RULE_ENCOUNTER)
        app.remember_roll("00-99", result.roll)
        from firmware.screens.result import show  # a roll's result: until A
        show(app, "Encounter V.D", ["Roll %02d (%d,%d)" % (result.roll, first, second),
                                    result.text])


class InteractionScreen(Menu):
    """UP/DOWN the Sprawl's environ, LEFT/RIGHT the group's best RealWorld value
    (0-9), A rolls. State: {"sel", "rw"}."""

    ID = "cn_inter"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A roll d10 on the\n"
            "chosen environ\n"
            "L/R best RealWorld\n"
            "(hold: 5)\n"
            "B back\n" + ODDS_HELP)
    TITLE = "Interaction V.A"

    def initial(self):
        return {"sel": 0, "rw": 3}

    def items(self, app):
        return list(ENVIRONS)

    def footer(self, app):
        """The best RealWorld value (LEFT/RIGHT), the button hint, and the exact odds
        of each result of the chosen environ (at most two lines)."""
        environ = ENVIRONS[self.s["sel"]]
        return ["RW %d </> A: roll" % self.s["rw"]] + odds_lines(app.pack(PACK), environ,
                                                               self.s["rw"])[:2]

    def side(self, app, name, kind):
        if name == LEFT or name == RIGHT:
            self.s["rw"] = adjust(self.s["rw"], name, kind, 0, 9)

    def choose(self, app, index):
        pack = app.pack(PACK)
        environ = ENVIRONS[index]
        out = interaction(pack, environ, [self.s["rw"]], app.source)
        result = out["interaction"]
        outcome = {"d10": out["face"], "total": out["total"], "result": result.text,
                   "clamped": result.clamped}
        app.remember_roll("d10", out["face"])
        lines = ["d10 %d+%d=%d" % (out["face"], self.s["rw"], out["total"]),
                 environ + ": " + result.text]
        lines.extend(describe(pack, result.text))
        encounter = out["encounter"]
        if encounter is not None:
            enc, first, second = encounter
            outcome["encounter"] = {"dice": [first, second], "total": enc.roll, "result": enc.text}
            app.remember_roll("00-99", enc.roll)
            lines.append("Encounter %02d:" % enc.roll)
            lines.append(enc.text)
        if pack.placeholder:
            lines.append("(PLACEHOLDER pack)")
        app.record("cybernaut", "interaction", {"environ": environ, "rw": [self.s["rw"]]},
                   outcome, RULE_INTERACTION)
        from firmware.screens.result import show
        show(app, "Interaction", lines)


def odds_lines(pack, environ, best):
    """The chance of each Interaction result (shared_rules.odds.interaction_odds), as
    "E30% -30% C40%" wrapped to the screen; a result's spaces read "+" ("A+E30%")
    so a result never breaks across lines."""
    from firmware.ui import wrap
    from shared_rules.odds import interaction_odds, percent
    parts = ["%s%d%%" % (text.replace(" ", "+"), percent(count, 10))
             for text, count in interaction_odds(pack, environ, best)]
    return wrap(" ".join(parts))
