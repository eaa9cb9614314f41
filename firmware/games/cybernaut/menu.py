"""Cybernaut's menu: the Encounter roll (00-99, Cybernaut V.D) looked up in the
Cybernaut pack, the Interaction roll (firmware.games.cybernaut.inter, V.A) and new
games."""

from firmware.screens import screen_class
from firmware.ui import Menu
from shared_rules.cybernaut.rules import RULE_ENCOUNTER, encounter_roll

from firmware.games.cybernaut.shared import ACTION, GAME_PACK, PACK


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
        issue 21); tried once (firmware.games.cybernaut.later.reread_rolls). Only
        with this menu on top (not under the "Game abandoned" notice, whose Undo
        brings the game back: found by review)."""
        if not (self.tried or app.dirty or PACK in app.packs or app.top() is not self):
            from firmware.games.cybernaut.later import reread_rolls
            reread_rolls(self, app)

    def keep_inter(self, environ, realworld):
        """The Interaction roll's choices (InteractionScreen.choose): ``environ`` the
        index of its environ (0 to len(ENVIRONS) - 1), ``realworld`` the best
        RealWorld value (0-9); the next Interaction opens on them."""
        self.s["inter"] = [environ, realworld]

    def choose(self, app, index):
        if index == 0:
            from firmware.games.cybernaut.inter import InteractionScreen
            # (its module loaded only then: this one is in the heap at every boot into
            # a game) on the environ and RealWorld value of the last roll made there
            # (found by a new user: reopened, it forgot them)
            last = self.s.get("inter")
            app.push(InteractionScreen({"sel": last[0], "rw": last[1]} if last else None))
            return
        if index >= 2:
            # an abandoned game's secrets: revealed before a restart (issue 17), else
            # after the new game's frame (firmware.games.cybernaut.later.left_behind)
            left = None
            if [cid for cid in app.secrets if app.secrets[cid][0] == "cybernaut"]:
                from firmware.games.cybernaut.later import left_behind
                left = left_behind(app)  # (its code loaded only then: this module is
                left_behind = None       # in the heap at every boot into a game)
            # a new game opens in this order (issue 7, the 192K heap): the rolls-only
            # pack goes (before the restart: out of the save it boots from, found by
            # review); the pack's checks are imported while the heap is still whole
            # (their code, and the names they intern, which may need one more pool of
            # names: a block of several KB); the game pack is parsed (about twice
            # what it keeps until its equal strings are shared); the checks go; then
            # the game's modules load. The other orders ran out of memory.
            app.packs.pop(PACK, None)
            app.restart_first()  # on a Pico: the new game gets the whole heap
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
