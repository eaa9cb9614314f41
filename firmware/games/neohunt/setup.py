"""Neo-Hunt set-up screens: the settings and the board as entered by the players."""

from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.ui import Menu, Screen, adjust
from shared_rules.errors import RuleError
from shared_rules.neohunt.board import place_name

PACK = "neohunt-sample"  # as firmware.games.neohunt.shared.PACK


class NhSetup(Menu):
    """Set-up. LEFT/RIGHT change a value, A on "Start" sets up the game.

    State: {"sel", "players" 2..6, "deck" 7..17, "enter" bool, "discard" bool,
    "hand_big" 5..11}.
    """

    ID = "nh_setup"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R change setting\n"
            "(hold: 5 at a time)\n"
            "A: one step on\n"
            "A on Start: play\n"
            "(Board entered: lay\n"
            "the tiles first)\n"
            "B back")
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

    placeholder = None  # the pack's placeholder flag, once read (footer)

    def footer(self, app):
        """"(stand-in)" under a setting whose rule the text leaves out (the random
        board's alignment rules, Neo-Hunt set-up; the 5-6 player hand size, Neo-Hunt
        miscellaneous rules), else the placeholder mark: one line, so that the five
        settings and Start fit on the screen (found by review: the two lines at once
        pushed Start below it)."""
        s = self.s
        if (s["sel"] == 2 and not s["enter"]) or s["sel"] == 4:
            return ["(stand-in)"]
        if self.placeholder is None:  # read once, without parsing the pack when it
            # was checked before (firmware.packfile.placeholder: ~100 ms of a Pico
            # each time the set-up opened from the main menu, issue 21); the files
            # change only by a sync, which restarts the app
            from firmware.packfile import placeholder
            try:
                self.placeholder = placeholder(app, PACK)
            finally:
                placeholder = None
                if app.forget is not None:
                    app.forget(("firmware.packfile",), ())
        return ["PLACEHOLDER pack"] if self.placeholder else []

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
    """Deal a new game from the set-up values and replace the set-up screens by it.
    On a Pico the board restarts first (App.restart_first): the game gets the whole
    heap, and the A that started it is pressed again after the boot."""
    app.restart_first()
    from firmware.games.neohunt.shared import GAME, lighten, sect as _sect
    from firmware.screens import screen_class
    from shared_rules.neohunt.game import RULE_SETUP, Game
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
    screen = screen_class("nh_game")({"sel": 0, "step": "initial", "cur": None, "g": "", "moved": []})
    screen.reopen(game)
    lighten(app)  # the set-up's and the pack's modules go before the game's text is made
    screen.commit(app)
    app.push(screen)


class NhBoardEdit(Screen):
    """Enter the board: UP/DOWN a position (C, S1..S6, Done), LEFT/RIGHT rotate the
    tile there, A gives the position the next tile side (swapping tiles so each is
    used once); A on Done starts.

    State: {"sel", "cells": 7 x [tile, side, rotation], "setup": NhSetup state}.
    """

    ID = "nh_board"
    HELP = ("Up/Down sector\n"
            "A next tile/side\n"
            "L/R turn the tile\n"
            "A on Done: play\n"
            "B back")

    def draw(self, app, surface):
        from firmware.games.neohunt.shared import sect as _sect
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
                text = "%-2s %s %s r%d" % (place_name(i), sect["tiles"][tile]["name"][:7],
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
