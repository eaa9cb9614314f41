"""Cybernaut game screens: the game (track, segments, setup, RealWorld) around the
grid screens of cybernaut_grid.

The whole game lives in the GameScreen's state: ``pub`` (what the rules make public)
and ``sec`` (every face-down NSA chit, sealed with app.seal). Every action is
journalled with its rule section; NSA placements are journalled sealed.
"""

import gc
import json

from firmware.buttons import B, LONG
from firmware.surface import COLS, NB
from firmware.screens import screen_class
from firmware.ui import Menu, TextScreen
from shared_rules.cybernaut.net import Game
from shared_rules.errors import RuleError

from firmware.games.cybernaut.shared import (ACTION, GAME, GAME_PACK as PACK, SHORT_SEGMENTS,
                                             TRACK_NAMES, announce, fit, journal, refused_title,
                                             rule_of as _rule_of, summary, leave_menu)
RULE_ABANDON = "Cybernaut: game abandoned (its secrets revealed when the next flow opens)"
ABANDONED = ("Undo (hold B) brings it back until another flow opens; then its hidden "
             "chits are revealed in the journal.")
# face-down chits per sealed group, at most (GameScreen.store): texts of ~200
# characters, as before 2026-12-05 (8 made ~550 B sealed texts, bigger blocks for a
# heap in pieces; and a group that changed says which few chits an action may have
# moved to anyone holding two saves: the fewer a group, the more it says)
GROUP_CHITS = 4
# free heap after a collection, at the first action of a game screen, from which it keeps
# the Game an action stored for the next load (GameScreen.held, .keeps): the firmware
# with its code frozen in has ~170 KB free in a Cybernaut game; the .mpy files in the heap (the stock
# firmware, a 240K heap of the 32-bit port) ~90 KB, where a Game kept between presses
# (10-15 KB of small objects) ran the 240K ladder out of memory
KEEP_FREE = 128 * 1024
# the game menu's one entry while the work an action left for after its frame is still
# to do (GameScreen.entries; A does it)
WAIT = "Finish placing"


def _picks():
    """The pick, track and quit screens (cybernaut_picks), imported when first
    opened: a new game opens without them (issue 7, RAM)."""
    from firmware.games.cybernaut import picks
    return picks


def _copy(obj):
    """A deep copy of a JSON-ready ``obj`` (dicts, lists and scalars), made object by
    object: a copy through json's text needed one block as big as the text (2 KB
    for a game's public part), which a heap in pieces may not have (issue 7)."""
    if isinstance(obj, dict):
        out = {}
        for key in obj:
            out[key] = _copy(obj[key])
        return out
    if isinstance(obj, list):
        return [_copy(item) for item in obj]
    return obj


def _group_text(keys, rows):
    """A sealed group's JSON text: ``[keys, row, row, ...]`` (no spaces), where
    ``keys`` is the chits' sorted keys and each row one chit's values in that order
    (GameScreen.store; load reads it back)."""
    return "[" + json.dumps(keys, separators=(",", ":")) + "," + \
        json.dumps(rows, separators=(",", ":"))[1:]


def _groups(secret):
    """The sealed groups' contents for the face-down chits ``secret`` (list of chit
    dicts, in order): a list of (keys, rows) (GameScreen.store says how), its last
    item None when the last group is empty. Nothing of the chits is shared."""
    groups = []
    rows = None
    keys = None
    for chit in secret:
        values = None
        if rows is not None and len(chit) == len(keys) and len(rows) < GROUP_CHITS:
            try:
                values = [chit[name] for name in keys]
            except KeyError:  # other keys: a group of its own
                values = None
        if values is None:
            if rows is not None:
                groups.append((keys, rows))
            keys = sorted(chit)
            rows = []
            values = [chit[name] for name in keys]
        rows.append(values)
    values = None
    groups.append((keys, rows) if rows else None)
    return groups


def _sealed(app, text, known, fresh):
    """The sealed text of group ``text``: the one ``known`` ({text: sealed}) has for
    it, else a new seal; ``fresh`` ({sealed: text}) gets it."""
    piece = known.get(text)
    if piece is None:
        piece = app.seal(text)
    fresh[piece] = text
    return piece


class GameScreen(Menu):
    """A Cybernaut game. B asks whether to abandon it (LeaveMenu); B long: the track.

    State: {"sel", "pub", "sec" (the secret part's chits sealed in groups: {"groups":
    [sealed JSON list, ...]}; in older saves a list of sealed slices of its JSON
    text, or one sealed str), "msg", "log": recent public lines,
    "ssmax": the SS Max for the track screen (int or None; absent in older saves),
    "nsaplan": the NSA's re-placement plan so far (sealed, cybernaut_grid's; absent
    when none), "todo": what an action left for after its frame ("replace", "solo",
    "end" or "left": ``later``; absent when nothing is), "left": with "left", the ids
    of the abandoned game's secrets to reveal (firmware.games.cybernaut.menu)}.
    """

    ID = "cn_game"
    GAME_TITLE = "Cybernaut game"  # the screen that holds the game (README "Adding a game")
    OWN_LONG_B = True  # long B here: the track (firmware/undo.py: Undo then)
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B leave? (asks)\n"
            "hold B: turn track")
    TITLE = "Cybernaut game"
    # its play interns more names than six pools hold: App.boot takes the next
    # pool while the heap is whole (firmware.app.reserve_names)
    RESERVE_NAMES = True

    # {sealed text: its group's text} of the groups the last load or store saw (RAM
    # only, never saved or shown: load opens only the groups not in it, store seals
    # only the groups whose text is not in it)
    group_texts = None

    # (the state's "pub" and "sec" as an action stored them, the Game it stored): the
    # game in hand for the next load (issue 21: a load is ~45 ms of a Pico, in every
    # action), kept only by ``act_as`` (whose game nothing else holds) and only when
    # the heap has room (``keeps``: KEEP_FREE; firmware.relief lets it go when the
    # heap runs short). The save's "pub" is then a copy, so nothing is shared between
    # the game in hand and the state saved: a load takes the game (the next load
    # makes its own), an action that fails leaves nothing changed behind. Any other
    # store, an undo, a restart or relief's copies make new state objects: the next
    # load makes the game afresh. RAM only, never saved; "held":
    # firmware.relief.rehome lets it go
    held = None
    keeps = None  # True once the heap had KEEP_FREE bytes free at this screen's first keep
    # the face-down chits' groups an action stored, to be sealed when the state is
    # next saved or loaded (``state``, ``load``): after the action's frame (issue 21:
    # sealing a store's groups took 22-36 ms of a Pico, which the frame does not
    # need). (app, [(keys, rows) or None, ...]: ``_groups``), or (app, None, the
    # face-down chits) while they are the game in hand's, until ``apart``; RAM only
    to_seal = None
    # True while the state's "pub" and the face-down chits to seal are the game in
    # hand's objects (``held``: ``store`` with ``keep``) until ``apart`` copies them;
    # RAM only
    shares = False

    def initial(self):
        return {"sel": 0, "pub": None, "sec": None, "msg": "", "log": []}

    @classmethod
    def make(cls, app, fog=False):
        """A new game on the sample pack (``fog``: the full-fog option)."""
        from shared_rules.cybernaut.rules import missing_sections
        from shared_rules.errors import PackError
        pack = app.pack(PACK)
        missing = missing_sections(pack.data)
        if missing:
            raise PackError("pack '%s' has no %s: a game needs the map, grids, counter mix and "
                            "Unit Definitions" % (pack.name, ", ".join(missing)))
        app.packs.pop("cybernaut-sample", None)  # the rolls-only pack: RAM for the game
        forget = getattr(app, "forget", None)  # MicroPython boards: let go of the
        if forget is not None:  # pack's checks once the pack is loaded
            forget(ACTION, ())
        screen = cls()
        # in hand for the first action (its set-up's: a reading, the NSA's placing),
        # which made it anew from the save otherwise (~43 ms of a Pico, issue 21)
        screen.store(app, Game(pack, None, fog), keep=True)
        app.record(GAME, "new_game", {"fog": fog}, {}, "Cybernaut III")
        return screen

    def load(self, app):
        """The Game (secret part unsealed: keep it off Netrunner-facing screens): the
        one the last action stored, taken as it is while the state is the one it
        stored (``held``: only where the heap has room, ``keeps``), else made anew
        from the state (a Game kept between presses, 10-15 KB of small objects, failed
        the stock firmware's 240K ladder: there it is always made anew, issue 21,
        ~45 ms of a Pico a load). Only the texts of the sealed groups are kept
        (``group_texts``, ~2 KB): a group sealed as before is not opened again (~20 ms
        a KB)."""
        if self.s.get("todo"):
            self.finish(app)  # what an action left for after its frame (``later``) first
        game = self._in_hand()
        self.held = None
        if game is not None:
            return game
        self.seal_groups()
        public = _copy(self.s["pub"])  # a copy: trial changes stay off the save
        sec = self.s["sec"]
        if isinstance(sec, dict):  # sealed groups of chits, each a JSON list
            secret = []
            known = self.group_texts or {}
            opened = {}
            for piece in sec["groups"]:
                text = known.get(piece)
                if text is None:
                    text = app.unseal(piece)
                opened[piece] = text
                items = json.loads(text)
                text = None
                if items and not isinstance(items[0], dict):  # [keys, row, ...] (store)
                    keys = items[0]
                    for at in range(1, len(items)):
                        secret.append(dict(zip(keys, items[at])))
                else:  # a list of chits (saves before 2026-12-04)
                    secret.extend(items)
            self.group_texts = opened
        elif isinstance(sec, str):  # one sealed text (older saves)
            secret = json.loads(app.unseal(sec))
        else:  # the text cut in sealed slices (older saves)
            secret = json.loads("".join([app.unseal(piece) for piece in sec]))
        return Game.join(app.pack(PACK), public, secret)

    def _in_hand(self):
        """The game in hand (``held``) while the state is the one it was stored as,
        its public part apart from it first (``apart``); else None."""
        self.apart()
        held = self.held
        if held is not None and held[0] is self.s["pub"] and held[1] is self.s["sec"]:
            return held[2]
        return None

    def peek(self, app):
        """The Game for reading only (a menu's entries, a check, a result): the one in
        hand, left in hand for the next ``load``; else ``load``'s, then kept in hand
        when the heap has room (``keeps``). Change nothing in it, and keep nothing of
        it past the press (the next action changes it). Issue 21: a read took the game
        in hand, and the action after it made the game anew (~45-60 ms of a Pico: the
        NSA's regeneration menu, the whole game's bench)."""
        if self.s.get("todo"):
            self.finish(app)
        game = self._in_hand()
        if game is not None:
            return game
        game = self.load(app)  # (its parts are copies: nothing shared with the state)
        if self.keeps:
            self.held = (self.s["pub"], self.s["sec"], game)
        return game

    def store(self, app, game, events=None, replaced=False, keep=False, end=False):
        """Keep ``game``: public part in clear, secret part sealed; first the face-down
        chits' commitments are brought in line (cybernaut_commit.sync: ``events`` of
        the action, ``replaced`` after the NSA's re-placement). ``keep``: the caller
        holds ``game`` no more (``act_as``): it may stay in hand for the next load
        (``held``). A game just over has every commitment revealed (IV.B.3) only
        with ``end``: else that is left for after the frame (``later``: the state
        says "end" is to do)."""
        from firmware.games.cybernaut.commit import sync
        self.held = None
        self.shares = False
        sync(app, game, events, replaced, end)
        if game.s["over"] and not game.s.get("revealed_all"):
            self.s["todo"] = "end"
        public, secret = game.split()
        if keep and self.keeps is None:
            free = getattr(gc, "mem_free", None)  # (CPython: none, room enough)
            if free is not None:
                gc.collect()
            self.keeps = free is None or free() >= KEEP_FREE
        keep = keep and self.keeps
        # with the game kept in hand, the save's part must share nothing with it: a
        # copy (``apart``), made when the state is next saved or loaded (after the
        # frame: issue 21, ~15 ms of a Pico an action), not here
        if (self.s.get("pub") or {}).get("stage") == "setup" and public["stage"] == "cybernauts":
            self.s["sel"] = 0  # the NSA is placed: "Add Cybernaut" next (found by review:
            # the selection stayed on the third item, "Cybernauts done", refused then)
        self.s["pub"] = public
        # the track screen shows it without the pack or the rules (a full heap after a
        # MemoryError could not load them to draw it)
        self.s["ssmax"] = game.ss_max()
        # sealed in groups of at most GROUP_CHITS chits (a few hundred characters),
        # each opened on its own: the text of all the face-down chits, or one sealed
        # text of it, needs blocks a heap in pieces has not got (issue 7).
        # A group is its chits' keys once, then each chit's values in that order
        # (chits with other keys start a group): 2.3 times fewer characters than
        # each chit's dict, so fewer groups to seal and open, and fewer hex digits
        # in each save (issue 21: json.dumps writes a string one character at a time,
        # 4.7 ms a KB of a Pico, and 5.5 KB of a save were these groups). A group's
        # rows are encoded by one json.dumps, and a chit with as many keys as the
        # group, each of them, is of the group without sorting its keys (issue 21: a
        # json.dumps, a sort and a join for each chit took ~1 ms a chit of the
        # emulated Pico, 36 ms a store of 36 chits; this way 22)
        # A group whose text is one the last load or store saw keeps its sealed text
        # (``group_texts``; issue 21: sealing or opening takes ~20 ms a KB of a Pico,
        # and most actions change no chit): it opens to the same text, and a save's
        # text stays the same when nothing changed. Two saves then show which groups
        # did not change, to anyone who has two of them (`referee sync` copies
        # state.sav and state.prev to a PC, not the key): which groups of chits an
        # action touched, little beyond what its journal entries say (a
        # re-placement's parked and new commitments); what the chits are and where
        # stays sealed.
        # The groups' rows (``_groups``: each a list of a chit's values, nothing of
        # the game in hand) are made here, or with the game kept in hand by ``apart``
        # (after the frame: issue 21, ~7 ms of a Pico an action), and their texts
        # sealed by ``seal_groups`` when the state is saved (after the action's
        # frame) or loaded
        self.s["sec"] = {"groups": None}
        if keep:
            self.to_seal = (app, None, secret)
            self.held = (self.s["pub"], self.s["sec"], game)
            self.shares = True
        else:
            self.to_seal = (app, _groups(secret))

    def apart(self):
        """Make the state's public part share nothing with the game in hand when it
        still does (``store`` with ``keep``): before that game is loaded again (an
        action changes it) and before the state is saved. Each of its values is
        replaced by a copy (``_copy``, object by object), in the same dict: what
        is kept by the part's identity (the game in hand, a grid's view) stays
        good. Idempotent.
        :raises MemoryError: no room (the game in hand is let go, so nothing
        changes what the part still shares)."""
        if not self.shares:
            return
        held = self.held
        self.held = None  # (out of memory in a copy: nobody changes the game then)
        waiting = self.to_seal
        if waiting is not None and waiting[1] is None:  # the rows of its face-down chits
            self.to_seal = (waiting[0], _groups(waiting[2]))
        waiting = None
        pub = self.s["pub"]
        for key in pub:
            pub[key] = _copy(pub[key])
        self.held = held
        self.shares = False

    def seal_groups(self):
        """Seal the face-down chits' groups the last ``store`` made, into the state's
        "sec" (the same dict: a game in hand stays the state's), if any are waiting;
        a group whose text one the last load or store saw keeps its sealed text
        (``group_texts``). Idempotent: once sealed, nothing waits.
        :raises MemoryError: no room (the groups wait still)."""
        waiting = self.to_seal
        if waiting is None:
            return
        app, groups = waiting[0], waiting[1]
        if groups is None:  # (the game in hand let go before ``apart``: nobody changed it)
            groups = _groups(waiting[2])
        known = {}
        for piece in self.group_texts or ():
            known[self.group_texts[piece]] = piece
        fresh = {}
        sealed = []
        for group in groups:
            sealed.append(_sealed(app, _group_text(group[0], group[1]) if group else "[]",
                                  known, fresh))
        self.s["sec"]["groups"] = sealed
        self.group_texts = fresh
        self.to_seal = None

    def state(self):
        """The state to save: the groups an action stored sealed first (``seal_groups``),
        its public part apart from the game in hand (``apart``)."""
        self.seal_groups()
        self.apart()
        return self.s

    # ---- work after the frame -------------------------------------------------
    # Issue 21: an action that commits or reveals many face-down chits at once
    # answered in 330 ms (the NSA's re-placement: 27 commitments), 560 ms (the Solo
    # placement) and 1 s (the game's end: 117 reveals) of a Pico. Its press now does
    # only what its frame shows and journals that it was done (a public entry: the
    # undo step is the state before it); its state says what is left ("todo":
    # "replace", "solo" or "end", public words), saved with the press. The rest is
    # done after the frame, between presses (``on_tick``, under a hand-back or a
    # result screen too: they pass their ticks on), and saved; a read of the game
    # before that (``load``, ``peek``, a press on the menu) does it first. A power cut
    # before its save leaves the state that says it is to do: the boot voids the
    # commitments it had journaled (firmware.resume.sync_journal) and it is done
    # again. Its code is firmware/games/cybernaut/later.py, loaded only when there is
    # work (this module is in the heap at every boot into a game).

    def restored(self, app, before):
        """Undo or Redo put this state back (firmware/undo.py; ``before``: the screens
        shown until then): the commitments a re-placement parked (cybernaut_commit)
        that this state has not parked come back into app.secrets, those it has
        parked and the state before it had not leave it again (``rejoin``). Found by
        review and by a new user: an undone re-placement's parked commitments were in
        neither, never revealed, and `referee verify` failed. The rolls-only pack,
        which the Cybernaut menu reads again once a game is left, goes as ``make``
        lets it go (found by review: an abandon undone kept it for the whole game)."""
        app.packs.pop("cybernaut-sample", None)
        for screen in before:
            if screen.ID == self.ID:
                from firmware.games.cybernaut.commit import rejoin
                rejoin(app, (screen.s.get("pub") or {}).get("parked") or [],
                       (self.s.get("pub") or {}).get("parked") or [])

    def later(self, what):
        """Leave ``what`` ("replace", "solo", "end" or "left") for after the frame."""
        self.s["todo"] = what

    # True while ``finish`` works (RAM only): the reads of the game it makes do not
    # start it again
    finishing = False

    def finish(self, app, tick=False):
        """Do what an action left for after its frame (``later``), if anything
        (firmware.games.cybernaut.later.finish says what and how)."""
        if self.s.get("todo") and not self.finishing:
            from firmware.games.cybernaut.later import finish
            finish(self, app, tick)

    def on_tick(self, app, now):
        """Between presses, once the frame of the press that left it is shown and
        its state saved (``app.dirty`` False): the work ``later`` left, then the
        save (firmware.games.cybernaut.later.tick)."""
        if self.s.get("todo") and not app.dirty:
            from firmware.games.cybernaut.later import tick
            tick(self, app)

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
        self.store(app, game, events, False, True)  # commitments journaled after the events
        self.note(summary(events))
        announce(app, events)
        return events

    def note(self, lines):
        """Add an action's public lines to the recent log (kept short); the last one
        is the message line, which an action without a line clears (found by a new
        user: "M10 Nexus 3" stayed under the netrun's panel through later moves, and
        read as what was at the cursor)."""
        log = self.s["log"]
        log.extend(lines)
        del log[:-12]
        self.s["msg"] = lines[-1] if lines else ""

    def title(self):
        pub = self.s["pub"]  # the status line: 18 cells at most (marks), "T10 NSA RW Move"
        return ("T%d " % pub["turn"]) + SHORT_SEGMENTS[pub["seg"]]

    def entries(self, app):
        if self.s.get("todo") in ("replace", "solo"):
            # not done between presses yet (``on_tick``): the entries depend on it
            # (the game's end changes none, its frame is this menu). A press on this
            # one does it (never the draw: a failure there would be drawn again)
            self.s["sel"] = 0  # (found by review: the selection stayed past it)
            return [(WAIT, self.finish)]
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
        if self.s.get("todo") in ("replace", "solo"):
            return ["Not finished: A"]  # ("Finish placing": ``entries``)
        # what A and B do here when nothing else is said (found by a new user: the
        # hub had no button line; hold B, the track, is on the Buttons page)
        return [self.s["msg"][:COLS]] if self.s["msg"] else ["A: choose  B: leave"]

    def draw(self, app, surface):
        self.TITLE = self.title()
        Menu.draw(self, app, surface)

    def choose(self, app, index):
        entries = self.entries(app)
        if index < len(entries):
            entries[index][1](app)

    # on_button below hands every arrow to Menu.on_button as it is: an arrow here
    # only moves the selection (firmware.saving.moves_only: no digest, no save)
    MENU_ARROWS = True

    def on_button(self, app, name, kind):
        if name == B and kind == LONG:
            app.push(_picks().TrackScreen())
            return
        if name == B:  # leaving abandons the game: ask plainly first (LeaveMenu)
            app.push(leave_menu())
            return
        Menu.on_button(self, app, name, kind)

    def leave(self, app):
        """The game abandoned (LeaveMenu: a move, then A twice): journaled, back to the
        Cybernaut menu. Nothing is revealed now: Undo (long B) brings the game back
        until another flow opens from the main menu (App.forget_games) or the session
        ends, and only then is every face-down chit revealed in the journal (a reveal
        could not be undone, issue 19). The game's parked commitments (cybernaut_commit)
        are not in app.secrets: their journal entries are kept as one more sealed
        secret of the game, expanded when it is revealed (firmware.commit.reveal_all)."""
        from firmware.games.cybernaut.commit import keep_parked
        self.finish(app)  # (the game's end's reveals, if not done between presses yet)
        pub = self.s["pub"]
        if pub["over"]:  # a game played to its end (IV.B.3): everything is public already
            app.record(GAME, "game_left", {"turn": pub["turn"]}, {}, "Cybernaut IV.B.3")
        else:
            app.record(GAME, "game_abandoned", {"turn": pub["turn"], "seg": pub["seg"]}, {},
                       RULE_ABANDON)
            keep_parked(app, pub.get("parked"))  # (public: no load, ~40 ms of a Pico)
        app.pop()
        # the Cybernaut menu's selection off "New game" (found by a new user: one A more
        # after the notice started a new game, whose start reveals this one for good;
        # and by review: a game left at its end, with no notice, then started one)
        app.top().s["sel"] = 0
        if pub["over"]:
            return
        from firmware.screens.result import show
        show(app, "Game abandoned", [ABANDONED])

    # ---- actions ---------------------------------------------------------------
    def nsa_place(self, app):
        from firmware.screens.prompt import Handover
        from firmware.games.cybernaut.shared import nsa_cursor
        app.push(Handover.make("NSA", screen_class("cn_place").make("setup", nsa_cursor(app))))

    def solo(self, app):
        """Solo placement (Cybernaut III.A): the device places every NSA chit. Each
        chit's commitment (store: cybernaut_commit.sync) is its record: it binds the
        chit's id, type and address, opened when the rules reveal the chit and at
        the game's end (IV.B.3). So no sealed "nsa_setup" entry a chit beside it
        (issue 21), only one public entry with how many are placed, journaled by
        this press; the placing is done after its frame (``later``: ~500 ms of a
        Pico), under a result screen that says so."""
        self.finish(app)  # (an abandoned game's reveals a new game left: no load here)
        count = self._to_place(app)
        app.record(GAME, "nsa_setup_solo", {"chits": count}, {}, "Cybernaut III.A")
        self.later("solo")
        self.note(["NSA chits placed"])  # the message line and the Log (found by a new
        # user: the Log said "(nothing yet)" after it)
        from firmware.screens.result import show
        show(app, "Solo placement", ["The device placed the NSA's %d chits face down." % count,
                                     "Next: add the Cybernauts."])

    def _to_place(self, app):
        """How many NSA chits are still to place (III.A): the pack's NSA chits less
        the face-down ones the public part's marks count, with no load (~36 ms of a
        Pico: the Solo placement's press was at 100 ms, issue 21); from the game
        under full fog (no marks) or with the pack not in RAM (a parse is slower)."""
        pub = self.s["pub"]
        pack = app.packs.get(PACK)
        marks = pub.get("marks")
        if pack is None or pub.get("fog") or not isinstance(marks, dict):
            return len(self.peek(app).setup_todo())
        count = 0
        for item in pack.data["nsa_chits"]:
            count += item["count"]
        for at in marks:
            count -= marks[at]
        return count

    def add_cyb(self, app):
        app.push(_picks().CybernautPick.make(app))

    def cybs_done(self, app):
        self.act(app, "cybernauts_done", app.source)

    def place_ss(self, app):
        app.push(_picks().SprawlPick.make("ss", "Place " + self.s["pub"]["ss_wait"][0]))

    def after_run(self, app):
        from firmware.screens.prompt import Handover
        from firmware.games.cybernaut.shared import nsa_cursor
        PlaceScreen = screen_class("cn_place")
        if self.s["pub"]["after"]["stage"] == "regen":
            app.push(Handover.make("NSA", _picks().RegenPick()))
        else:
            app.push(Handover.make("NSA", PlaceScreen.make("replace", nsa_cursor(app),
                                                           self.s.get("nsaplan"))))

    def netrun(self, app):
        from firmware.games.cybernaut.grid import NetrunScreen
        app.push(NetrunScreen.make(self.s["pub"]["run"]["ghost"], self.s.get("cur")))

    def start_run(self, app):
        app.push(_picks().UnitPick.make("run", "Who netruns?"))

    def interaction(self, app):
        app.push(_picks().UnitPick.make("inter", "Interaction"))

    def readings(self, app):
        from firmware.games.cybernaut.rw import ReadingsScreen
        app.push(ReadingsScreen())

    def zone(self, app):
        from firmware.games.cybernaut.rw import ZonePick
        app.push(ZonePick())

    def recruit(self, app):
        from firmware.games.cybernaut.rw import RecruitPick
        app.push(RecruitPick())

    def body_bank(self, app):
        from firmware.games.cybernaut.rw import BodyBankPick
        app.push(BodyBankPick())

    def losses(self, app):
        from firmware.games.cybernaut.rw import LossPick
        app.push(LossPick())

    def move_units(self, app):
        app.push(_picks().UnitPick.make("move", "Move who?"))

    def attack(self, app):
        app.push(_picks().SprawlPick.make("attack", "Attack where?"))

    def next_seg(self, app):
        """The next segment of the turn track (Cybernaut IV). The new segment opens
        with the cursor on its first entry, its own action when it has one (Start
        netrun, Attack, Move units...): a stray A cannot run through a segment
        unconfirmed (review: the cursor stayed on Next segment)."""
        if self.act(app, "next_segment") is not None:
            self.s["sel"] = 0

    def map(self, app):
        from firmware.games.cybernaut.grid import NetrunScreen
        app.push(NetrunScreen.make(None, self.s.get("cur")))

    def track(self, app):
        app.push(_picks().TrackScreen())

    def show_log(self, app):
        app.push(TextScreen.make("Log", "\n".join(self.s["log"]) or "(nothing yet)"))

    def victory(self, app):
        vp = self.peek(app).victory()
        app.record(GAME, "victory", {}, vp, "Cybernaut I")
        from firmware.screens.result import show  # the game's result: until A
        show(app, "Victory", ["Netrunner %d" % vp["netrunner"], "NSA %d" % vp["nsa"],
                              "Winner: %s" % vp["winner"]])

    def reveal(self, app):
        rows = self.peek(app).full_reveal()
        app.record(GAME, "full_reveal", {}, {"chits": rows}, "Cybernaut IV.B.3")
        from firmware.screens.result import show  # the game's end: until A
        show(app, "Full reveal", ["%s %s" % (r[3] or r[2], r[1]) for r in rows])


