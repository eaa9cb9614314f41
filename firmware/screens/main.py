"""The main menu: one entry per flow."""

import gc

from firmware.screens import ENTRIES, game_of
from firmware.surface import COLS
from firmware.ui import Menu, wrap

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value

# free bytes after a collection from which the one game played since boot opens again
# with the modules it has loaded (MainMenu.choose): firmware/app.py's _WHOLE, the heap
# of the firmware with its code frozen in (its modules take little RAM there)
_ROOMY = const(188416)


class MainMenu(Menu):
    """The first screen: choose a game flow."""

    ID = "main"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A open")
    TITLE = "Pocket Referee"

    def items(self, app):
        return [entry[0] for entry in ENTRIES]

    def footer(self, app):
        lines = ["Dice commit %s" % app.seed_id]
        if app.battery is None:
            return lines
        try:
            return lines + ["Battery %.2fV" % app.battery()]
        except (OSError, ValueError):
            return lines

    def choose(self, app, index):
        """Open entry ``index``. On a board that can restart (the Pico), a game other
        than those played since boot opens after a restart (App.restart_first): the
        names of a game's modules stay interned for good and its leftovers split
        the heap, so each game gets the whole heap (issue 7). Undo does not reach
        back past it (a game quit before stays quit), and the packs the game left
        behind held to are let go (firmware/packfile.py KEPT)."""
        entry = ENTRIES[index]
        if app.undo and app.undo[2]:
            # a game quit before this flow stays quit: undo stops here (a quit game
            # comes back by Undo only until the next flow opens, issue 19)
            pos = app.undo[2]
            app.undo = [0, pos, pos, pos, [], [], [pos, "open", entry[0]]]
        game = game_of(entry[1])
        forget = app.forget
        if game is not None and app.played == [game] and forget is not None:
            # the one game played since boot opens again, with the code frozen in
            # (a whole heap free after a collection): the modules loaded stay
            # (dropped and imported again they cost a Pico 50-60 ms of this press:
            # issue 21). They are the game's own when it was the last flow opened
            # (Dice or the session screens opened between dropped them, and stay
            # loaded in their place). Not with the code in the heap (the stock
            # firmware's .mpy files): there a Cybernaut game kept them and ran out
            # of memory after 408 random presses in a 224K heap (make bench's ladder)
            free = getattr(gc, "mem_free", None)
            if free is not None:
                gc.collect()
            if free is None or free() >= _ROOMY:
                app.forget = None
        try:
            app.forget_games()  # what a game left behind still hid is revealed first
        finally:
            app.forget = forget
        from firmware.packfile import forget_kept
        forget_kept(app)  # the next game takes the pack files as they are (packfile.KEPT)
        forget_kept = None
        app.packs = {}  # and reads them again (firmware.packfile stays loaded until
        # the first pack load drops it: loading it twice cost a Pico ~75 ms an open)
        if game is not None and app.played and app.played != [game]:
            app.restart_first()
        module = __import__(entry[1], None, None, [entry[2]])
        app.push(getattr(module, entry[2])())
        if game is not None and game not in app.played:
            app.played.append(game)


class OutOfMemory(Menu):
    """After a MemoryError, on a board that can restart (App.recover_memory): what the
    recovery did, then "Go on" (first: a stray A loses nothing) or "Restart now",
    which soft-resets the board; the app resumes from its save with all of RAM free.
    It is never saved (TRANSIENT), so neither a restart nor a power cut shows it again.

    State: {"sel", "kept": True when the press was undone and the game is as it
    was; False when the main menu opened because the last save could not be read
    back: the game is still in that save, and only until the next press writes the
    main menu over it, so then "Restart now" comes first and the other choice says
    what it costs}.
    """

    ID = "oom"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select")
    TITLE = "Out of memory"
    TRANSIENT = True  # after a power cut the game comes back, not this notice
    GUARDED = True  # shows no secret: never covered as "Private" (App._cover_idle_private)

    def items(self, app):
        if app.restart is None:
            return ["Go on"]
        return ["Go on", "Restart now"] if self.s["kept"] else ["Restart now", "Drop the game"]

    def footer(self, app):
        if self.s["kept"]:  # (or what a game said instead: "text")
            text = self.s.get("text") or "Press not kept: game as before. Restart frees RAM, keeps all."
        else:
            text = "Game still saved: Restart gets it back."
        return wrap(text, COLS)

    def choose(self, app, index):
        app.pop()
        restart = index == (1 if self.s["kept"] else 0)
        if restart and app.restart is not None:
            # nothing is saved first: the screens under this one are the last save's,
            # or (not kept) the main menu, which must not be written over the game
            app.restart()
