"""What Neo-Hunt's screens share (firmware/games/neohunt/): the game's names, its
pack's section, and the modules one action loads (``lighten`` drops them). Its
screens import this module, never each other's: a screen finds the game screen with
``app.find("nh_game")`` (HUB), reads the game with ``open_game`` and opens another
screen by its screen ID (firmware.screens.screen_class)."""

PACK = "neohunt-sample"
GAME = "neohunt"
HUB = "nh_game"  # the screen that holds the game (firmware/games/neohunt/game.py)
SHORT_STATE = {"visible": "vis", "cloaked": "clk", "hidden": "hid"}


# the modules one action needs and the next may not (this game's row of the phase
# table, firmware/memory.py: per action; its screens but the game's, its rules' parts,
# the pack's modules, which load the pack only: the game reads the section ``sect``
# keeps) are dropped after each action (lighten) and imported again when needed;
# RAM on the Pico is short
ACTION = ("firmware.games.neohunt.turns", "firmware.games.neohunt.setup",
          "firmware.games.neohunt.attack", "firmware.games.neohunt.mapview",
          "shared_rules.neohunt.combat", "shared_rules.neohunt.troopers",
          "shared_rules.neohunt.rounds", "shared_rules.neohunt.pack", "shared_rules.pack_check",
          "shared_rules.tables")
# [the app's packs dict it was read beside, its checked "neohunt" section]: a new dict
# (the main menu opened a flow, a recovery from a MemoryError) reads the pack again
# (found by review: opened again with this module kept, a game was dealt from the
# pack as it was before the owner changed it)
_SECT = [None, None]


def open_game(app):
    """The game open: the Game (shared_rules.neohunt) of the game screen, opened
    from its sealed state once (NhGame.game). A screen changes it through the game
    screen's methods (turns, commit), never its state.

    :raises RuleError: no Neo-Hunt game is open (names the screen's ID)."""
    return app.find(HUB).game(app)


def sect(app):
    """The pack's checked "neohunt" section, kept while the app's packs dict is the
    same (``_SECT``: a flow opened from the main menu reads it again). Identical card
    entries share one object, and the parsed pack itself is let go (the section
    and its "placeholder" flag are all the game reads).

    :raises PackError: a missing or bad pack (named, with every problem)."""
    if _SECT[0] is app.packs:
        return _SECT[1]
    _SECT[0] = _SECT[1] = None  # the old section goes before the pack is parsed (review)
    from shared_rules.neohunt.pack import section
    pack = app.pack(PACK)
    sect = section(pack)
    seen = {}
    for key in ("troopers", "varans"):
        cards = sect[key]
        for i in range(len(cards)):
            text = repr(sorted(cards[i].items()))
            if text in seen:
                cards[i] = seen[text]
            else:
                seen[text] = cards[i]
    sect["placeholder"] = pack.placeholder
    app.packs.pop(PACK, None)
    _SECT[0] = app.packs
    _SECT[1] = sect
    return sect


def lighten(app):
    """Drop the modules only one action needed (firmware/memory.py: per action).
    No collection: the game's text made next (its commit) gets their room when it
    finds no other (the allocator collects by itself then), and the app collects
    after the frame (App.redraw; one here was 15 ms of each action on a Pico:
    issue 21)."""
    if app.forget is not None:
        app.forget(ACTION, (), False)
