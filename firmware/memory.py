"""Memory on the device: which modules are loaded when (issue 7). The one phase
table: every module of the device code is in one phase, and the app drops a phase's
modules when that phase ends (App.forget_games, App.recover_memory, a game's
``lighten``, the boot). A Pico's heap (about 190 KB free) cannot hold every game at
once, nor a game's rarely used screens beside its play.

- ALWAYS: loaded at boot, never dropped (the main menu and what every screen needs);
- BOOT: the boot's own (firmware/resume.py: resume a save), dropped once the first
  frame is drawn, and loaded again only by a recovery from a MemoryError;
- GAME: one game at a time (name prefixes): a game's screens and rules, the undo and
  commit helpers it loaded; dropped when the main menu opens another flow, and after
  a MemoryError;
- ACTION: what one action of a game loads and the next may not need (per game:
  its editors, its pack checks), dropped after that action (``action_modules``: a
  game's row is ``ACTION`` in its firmware/games/<game>/shared.py);
- HOST: never on the device (`referee verify`'s checks); a device module that
  imported one would hold it for good (tests/host/test_layout.py checks none does).
"""

ALWAYS = ("firmware.screens.main", "shared_rules.dice", "shared_rules.errors",
          "shared_rules.journal", "shared_rules.save", "shared_rules.seal")
BOOT = ("firmware.resume",)
# prefixes: the games' screens and rules, and the undo/commit helpers a game loaded
# (about 8 KB, imported again when next used)
GAME = ("firmware.screens.", "firmware.games.", "shared_rules.", "firmware.undo", "firmware.steps",
        "firmware.commit", "firmware.resume")
HOST = ("shared_rules.verify", "shared_rules.secrets_check", "shared_rules.replay")


def action_modules(game):
    """The modules (tuple of dotted names) of ``game`` (e.g. "neohunt") in phase
    ACTION: its row of this table, kept in the game's firmware/games/<game>/shared.py
    (``ACTION``) so that it costs no RAM before the game opens."""
    return __import__("firmware.games.%s.shared" % game, None, None, ["ACTION"]).ACTION
