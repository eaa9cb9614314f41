"""What Cybernaut's screens share (firmware/games/cybernaut/): the game's names, its
packs, the journal helper and the result lines. Its screens import this module, never
each other's: a screen finds the game screen with ``app.find("cn_game")`` (HUB) and
opens another by its screen ID (firmware.screens.screen_class); it reads the game
screen's state through ``public`` and ``game_value`` and changes it through
``keep_value`` (or the game screen's own methods: act, load, store)."""

import json

from firmware.surface import COLS, NB

GAME = "cybernaut"
HUB = "cn_game"  # the screen that holds the game (firmware/games/cybernaut/game.py)
PACK = "cybernaut-sample"  # the rolls-only pack (Interaction, Encounter)
GAME_PACK = "cybernaut-game-sample"  # the full game pack (map, grids, counter mix, charts)
# the modules that check a game pack, not needed once it is loaded (about 15 KB):
# this game's row of the phase table (firmware/memory.py: per action)
ACTION = ("shared_rules.pack_check", "shared_rules.cybernaut.pack", "shared_rules.cybernaut.techgear")
# its cold modules, dropped after a press when the heap runs short (firmware/relief.py
# relieve): the result lines, the pickers, the RealWorld pickers, the grids, the
# commitments' sync, the game screen (once left), the prompts (Handover, Reveal,
# LeaveMenu), the Interaction roll (whose odds lines the unit picker shows: found by
# review, it stayed for the game), the work after a frame; each imported only inside
# a function (Neo-Hunt's and Cybercore's screens hold the prompts from their top:
# they never run beside this game)
COLD = ("firmware.games.cybernaut.log", "firmware.games.cybernaut.picks",
        "firmware.games.cybernaut.rw", "firmware.games.cybernaut.grid",
        "firmware.games.cybernaut.commit", "firmware.games.cybernaut.game",
        "firmware.screens.prompt", "firmware.games.cybernaut.inter",
        "firmware.games.cybernaut.later")
SECRET_KINDS = ("nsa_setup", "nsa_replaced")
# the segments (shared_rules.cybernaut.rules.SEGMENTS, Cybernaut IV) as the 16-cell status
# line and the track name them: "RealWorld Movement" does not fit
SHORT_SEGMENTS = ("Interaction", "NR RW Move", "Netrun", "Attack", "NSA RW Move", "End of Turn")
TRACK_NAMES = ("Interaction", "RealWorld Move", "Netrun", "Attack", "RealWorld Move",
               "End of Turn")


def public(app):
    """What every player may read of the game open: its game screen's "pub" (dict,
    made by GameScreen.store: "cybs", "run", "nsa", "marks", "enc", "losses",
    "read", "az", "ss_wait"...). Read it only: the game screen changes it.

    :raises RuleError: no Cybernaut game is open (names the screen's ID)."""
    return app.find(HUB).s["pub"]


def game_value(app, key, default=None):
    """One entry of the game screen's own state, or ``default`` when it has none: "msg" (its message line,
    str), "log" (the public log, list of str), "ssmax" (the Sprawl's SS maximum,
    kept by GameScreen.store), "cur" (where the Netrunner left the grid cursor:
    [grid, row, col]). :raises RuleError: no Cybernaut game is open."""
    return app.find(HUB).s.get(key, default)


def keep_value(app, key, value):
    """Set entry ``key`` of the game screen's state (saved with it): "msg" (str),
    "cur" ([grid, row, col]), "nsacur" (the NSA's cursor, sealed: ``nsa_cursor``
    reads it) or "nsaplan" (the NSA's re-placement plan so far, sealed: the
    re-placement grid takes it up again after a B, Cybernaut VII.H.5); ``value``
    None removes the entry. :raises RuleError: no Cybernaut game is open."""
    state = app.find(HUB).s
    if value is None:
        state.pop(key, None)
    else:
        state[key] = value


def fit(text, width):
    """``text`` within ``width`` cells: as is, else without its spaces ("Black Ice"
    -> "BlackIce"), else cut."""
    if len(text) <= width:
        return text
    return text.replace(" ", "")[:width]


def journal(app, events, sealed=False):
    """Record ``events`` (from shared_rules.cybernaut.net) with their rule sections.

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


def announce(app, events):
    """Push the result screen when ``events`` hold a result that matters (BIG): the
    public lines of all of them (cybernaut_log, which never reads a sealed part),
    titled by the heaviest. Nothing for the others (the message line and the Log
    have them), nor for an Interaction or a RealWorld attack, whose screens push
    their own result screen."""
    kinds = [e["kind"] for e in events if not (e["kind"] == "netrun_end" and e["how"] == "logoff")]
    if "interaction" in kinds or "attack" in kinds:
        return
    for kind, title in BIG_TITLES:
        if kind in kinds:
            lines = summary(events)
            if lines:  # once the press is done: its screen may still close itself
                from firmware.screens.result import show_later
                show_later(app, title, lines)
            return


# the events whose lines get their own screen (firmware.screens.result), heaviest
# first, with the title it takes: a netrun's end by neutralization or elimination,
# a Cybernaut eliminated, the skull d10 against Wetware, System Alert, a File
# captured, a strike's losses and reveals (Cybernaut VII.B.5-6, VII.F, VII.G, VIII.C)
BIG_TITLES = (("netrun_end", "Netrun over"), ("cybernaut_eliminated", "Eliminated"),
              ("skull", "Skull d10"), ("system_alert", "System Alert"),
              ("file_captured", "File captured"), ("strike", "CyberStrike"),
              ("nsa_revealed", "Revealed"), ("nr_revealed", "Revealed"))


def summary(events):
    """Short public lines for events (what the Netrunner may read), each within 21
    cells, in the game's words: firmware.games.cybernaut.log (loaded when needed)."""
    from firmware.games.cybernaut.log import summary as public_lines
    return public_lines(events)


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
                # the TechGear's name kept whole on one line (NB: wrap never breaks it)
                private = "%s gets %s\n%s" % (event["cyb"], event["hide"]["type"].replace(" ", NB),
                                                event["hide"]["effect"])
            else:
                lines.append("TechGear: " + event["type"])
                lines.append(event["effect"])
    return private


def refused_title(message):
    """A refusal screen's title: the broken rule's section, e.g. "No: VII.E.1"."""
    return ("No: " + rule_of(message)[10:])[:COLS]


def rule_of(message):
    """The rule section at the end of a RuleError message ("... (Cybernaut VII.E.1)")."""
    at = message.rfind("(Cybernaut ")
    if at < 0:
        return ""
    end = message.find(")", at)
    return message[at + 1:end].split(",")[0]


def leave_menu():
    """B on the game menu: "Keep playing" first; abandoning takes a move and A twice
    (prompt.LeaveMenu, never saved: an undone abandon does not come back armed)."""
    from firmware.screens.prompt import LeaveMenu
    return LeaveMenu.make("Abandon game", "abandon", "Undo (hold B) brings it back "
                          "until another flow opens.")


def nsa_cursor(app):
    """Where the NSA left the cursor on its grids (PlaceScreen, NsaScreen): [grid,
    row, col], or None (none yet). The game screen keeps it sealed ("nsacur"): the
    NSA's cursor may show where it placed or moved a chit, and the game screen's
    state is saved in clear (a private screen's own state is sealed whole)."""
    screen = app.find(HUB, None)
    sealed = screen.s.get("nsacur") if screen is not None else None
    if not sealed:
        return None
    try:
        return json.loads(app.unseal(sealed))
    except ValueError:  # another device's key: start on M00 again
        return None


def shed(app):
    """Under memory pressure (firmware/relief.py relieve): take the rules parts'
    methods off the Game class and drop their modules (up to 27 KB on a Pico); the
    next rule used loads its own part again (shared_rules.cybernaut.net
    PART_NAMES). With no game screen on the stack (the game left for the
    Cybernaut menu), the game pack goes too. Between presses only, as relieve is
    called.

    :returns: the names of the parts' modules dropped (list of str)."""
    from shared_rules.cybernaut import net
    if app.find(HUB, None) is None:  # the game was left for its menu: its pack
        app.packs.pop(GAME_PACK, None)     # goes (the menu's rolls need their own)
    names = net.unload_parts()
    if names:
        app.forget(tuple(names), ())
    return names


def unpark_refs(app, refs, rule):
    """Reveal the commitments an abandoned game parked in the journal entries
    ``refs`` ([[session, seq], ...]): firmware.commit.reveal_all calls it for a
    secret whose "what" is PARKED (firmware/games/cybernaut/commit.py).
    :returns: how many were revealed."""
    from firmware.games.cybernaut.commit import unpark_refs as reveal_parked
    return reveal_parked(app, refs, rule)
