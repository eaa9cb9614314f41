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
  its editors, its pack checks), dropped after that action (``action_modules``);
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
# "<game> <module>" lines (one string: a tuple per game held more of the heap)
ACTION = """
neohunt firmware.games.neohunt.turns
neohunt firmware.games.neohunt.setup
neohunt firmware.games.neohunt.attack
neohunt firmware.games.neohunt.mapview
neohunt shared_rules.neohunt.combat
neohunt shared_rules.neohunt.troopers
neohunt shared_rules.neohunt.rounds
neohunt shared_rules.neohunt.pack
neohunt shared_rules.pack_check
neohunt shared_rules.tables
cybercore firmware.games.cybercore.edit
cybercore firmware.games.cybercore.roll
cybernaut shared_rules.pack_check
cybernaut shared_rules.cybernaut.pack
cybernaut shared_rules.cybernaut.techgear
"""
HOST = ("shared_rules.verify", "shared_rules.secrets_check", "shared_rules.replay")


def action_modules(game):
    """The modules (tuple of dotted names) of ``game`` (e.g. "neohunt") in phase
    ACTION: what its ``lighten`` drops after an action."""
    out = []
    for line in ACTION.split("\n"):
        if line.startswith(game + " "):
            out.append(line[len(game) + 1:])
    return tuple(out)
