"""A game paused by its broken pack: out of the way, not lost.

A screen that cannot draw because its pack is missing or bad (an owner's pack
edited badly on a PC mid-game) showed a "Pack problem" notice over itself again
after every B, long B and reboot: the player could not reach the main menu until
the file was fixed. Now (App._draw) the game's screens are paused: kept as they
were in ``app.parked`` (saved with the state: App.snapshot, firmware.resume), the
main menu opens under the notice, and choosing the game again from the main menu
(firmware.screens.main.MainMenu.choose) brings it back exactly as it was; with
the pack still broken, the notice comes again and it stays paused.

Imported only when a draw fails or a paused game is chosen (RAM, issue 7).
"""

from shared_rules.errors import PackError

# ``app.parked``: None, or {key: [{"id": screen ID, "state": its state}, ...]}; the
# key is the game (firmware.screens.GAMES) of the paused screens, or the module of
# the first one (a flow that is no game: the main menu entry that opened it)


def park_key(ids):
    """The key a paused stack is kept under. :param ids: its screens' IDs (list of
    str, bottom first). :returns: str (a game of GAMES, or a screen module)."""
    from firmware.screens import _entry, game_of
    for sid in ids:
        game = game_of(sid)
        if game is not None:
            return game
    entry = _entry(ids[0])
    return entry[0] if entry is not None else ids[0]


def park(app, exc):
    """The top screen cannot draw (``exc``, a RefereeError: its pack is missing or
    bad): pause every screen over the main menu (``app.parked``), show the main
    menu with a notice on top naming the file and the problem; B or A closes it.
    A screen that is never saved (TRANSIENT) is not kept.

    :param app: firmware.app.App whose stack has more than the main menu.
    :param exc: the RefereeError the draw raised (its text names the pack file).
    """
    items = []
    for screen in app.stack[1:]:
        if not screen.TRANSIENT:
            items.append({"id": screen.ID, "state": screen.state()})
    title = "Pack problem" if isinstance(exc, PackError) else "Problem"
    del app.stack[1:]
    if items:
        key = park_key([item["id"] for item in items])
        if app.parked is None:
            app.parked = {}
        app.parked[key] = items
        text = "%s. The game is paused, not lost: choose it again in the main menu. " \
               "B: main menu" % exc
    else:
        text = str(exc)
    app.notice(title, text)


def unpark(app, module):
    """From the main menu: bring back the game paused for a pack problem that the
    entry of ``module`` (str, e.g. "firmware.screens.cybernaut") opens, as it was
    (a private screen behind its "Hand to" gate). If its pack is still broken,
    its first draw pauses it again (``park``).

    :returns: True if a paused game came back (the entry opens nothing else).
    :raises SaveError: a paused screen this firmware does not know.
    """
    from firmware.app import private_owner
    from firmware.screens import game_of, screen_class
    from shared_rules.errors import SaveError
    key = game_of(module) or module
    items = app.parked.get(key) if app.parked else None
    if items is None:
        return False
    screens = []
    for item in items:
        cls = screen_class(item["id"])
        if cls is None:
            raise SaveError("the paused game names an unknown screen '%s'" % item["id"])
        screens.append(cls(item["state"]))
    del app.parked[key]
    if not app.parked:
        app.parked = None
    app.stack.extend(screens)
    game = game_of(module)
    if game is not None and game not in app.played:
        app.played.append(game)
    owner = private_owner(app.stack)
    if owner is not None:
        from firmware.screens.prompt import ResumeGate
        app.push(ResumeGate({"owner": owner}))
    app.dirty = True
    return True
