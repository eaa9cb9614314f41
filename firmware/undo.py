"""Undo and redo of the last actions, for every game, with no per-game code.

An *action* is a button press after which the journal has new entries (a roll, a
move, a set number...); cursor moves are not actions. Before each action's state is
saved, the state just before it (the screen stack as last saved: every game keeps
all its state in its screens) is written to storage, one small file per step
(``undo/<slot>.snp``, a ring of MAX_STEPS + 1 slots: RAM holds none of them).
The step files are whole saves (the state before an action is the last save,
copied once the new state is saved). ``app.undo`` (saved with the app) numbers
the steps: ``[0, lo, pos, hi, acts, keys]`` - lo..hi: the states kept; pos: the
state shown now; acts: ``[i, first seq, end seq, dice block before, dice block
after]`` of the action that led from state i to i + 1; keys: ``[i, digest]`` of
each step file (the first 16 hex digits of the SHA-256 of its body, as its
header has it; a step kept by a firmware before issue 21: of
firmware.saving.masked_digest with shared_rules.save.state_digest), so a file left
by a power cut, a restore or a sync is refused, never restored; a third item, when
there, is where the cursor was at the action ({"sel": 2}: firmware.steps.keep_cursor).

- Undo (pos > lo): the shown state is written to its slot (so redo can return),
  the state before the last action is restored, and an "undo" entry is journaled
  naming the entries undone. Entries stay in the journal (it is append-only), and
  so do rolls: the dice counter never goes back, so the next roll after an undo is
  a fresh one (a player cannot undo a bad roll and roll again for the same one:
  it is a new roll, and the journal shows both). The screen says so.
- Redo (pos < hi): the state after the undone action comes back; "redo" journaled.
- A new action drops the redo chain (hi = pos).
- Sealed secrets (app.secrets), PINs and the dice stay as they are: they record
  what happened. The last-rolls history (app.history) comes back with the state.
- An action that revealed a secret, showed one to a player (prompt.Reveal) or
  mixed in the players' salt cannot be undone (steps.barrier): undo stops there
  and says why. An ended session's actions are never undone. A game quit (or a
  fight ended) comes back by Undo until another flow is opened from the main
  menu: undo stops there too (MainMenu.choose, ``["open", label]``).
- A restored state with a private screen (app.private_owner) opens behind
  "Hand to <owner>" (prompt.ResumeGate), so undo never shows a secret to the
  wrong player.

Reached from every screen by a long press of B (App.handle opens UndoMenu), except
on screens that use long B themselves (their class attribute OWN_LONG_B): there, from the screen
that long B opens.
"""

import gc
import json
from binascii import hexlify

from firmware.steps import MAX_STEPS, keep_step, step_slot  # noqa: F401  (MAX_STEPS for callers)
from firmware.ui import Menu, TextScreen
from shared_rules.errors import SaveError
from firmware.saving import header_sha as _header_sha, masked_digest as _masked_digest, opened_state
from shared_rules.save import decode_save, save_header, save_parts, state_digest

RULE = "Trust: undo and redo"
GAME = "session"


def _read(app, i):
    """The save body of state ``i`` (its screens, its roll history...), with the
    top screen's cursor where it was at the action when the step keeps it.
    :raises SaveError: missing, damaged or foreign."""
    data = app.storage.read(step_slot(i))
    if data is None:
        raise SaveError("the saved step is missing")
    body = decode_save(data, step_slot(i))
    sha = _header_sha(data[:data.find(b"\n")])
    data = None
    want = None
    for key in app.undo[5]:
        if key[0] == i:
            want = key
    if want is None or (sha[:16] != want[1]
                        and hexlify(_masked_digest(body, state_digest)[:8]).decode() != want[1]):
        raise SaveError("the saved step belongs to another save (a power cut, a restore or a sync)")
    cursor = want[2] if len(want) > 2 and body.get("screens") else None
    if isinstance(cursor, str):  # a private screen's cursor, sealed (App._act): its
        # state is sealed whole in the step too; opened here, sealed again by the next save
        try:
            cursor = json.loads(app.unseal(cursor))
        except (ValueError, KeyError) as exc:
            raise SaveError("the step's sealed cursor cannot be opened (%s)" % exc)
        body["screens"][-1]["state"] = opened_state(app, body["screens"][-1].get("state"))
    if isinstance(cursor, dict):
        state = body["screens"][-1].get("state")
        if isinstance(state, dict):
            for name in cursor:
                if name in state:
                    state[name] = cursor[name]
    return body


def _write(app, i):
    """Write the state shown now (its screens as ``_current`` keeps them) as step ``i``."""
    body = app.snapshot()
    body["screens"] = _current(app)
    try:
        header, text = save_parts(body)
    except MemoryError:  # no block as big as the state's text: streamed (App.save)
        gc.collect()
        header = app.storage.write_json_atomic(step_slot(i), save_header, body)
    else:
        body = None
        app.storage.write_atomic(step_slot(i), (header, "\n", text, "\n"))
    keep_step(app.undo, i, _header_sha(header))


def _current(app):
    """The shown screens' states without the undo menu and what an undo put on top."""
    shown = []
    for screen in app.stack:
        if screen.ID in ("undo", "resume_gate") or screen.s.get("_undo"):
            break
        if not screen.TRANSIENT:  # never saved, so never in a step either (Out of memory)
            shown.append(screen)
    # a screen that only shows what is below it (PASSIVE: Cybernaut's track, where
    # long B opens this menu) is dropped from the top of a kept step
    while len(shown) > 1 and getattr(shown[-1], "PASSIVE", False):
        shown.pop()
    return [{"id": screen.ID, "state": app.saved_state(screen)} for screen in shown]


def _kind(app, first, end):
    """What the action of journal entries ``first``..``end - 1`` of this session was,
    for the Undo notice: the kind of its first entry that is neither sealed (an NSA
    secret: under full fog even its kind stays off the table's screen, found by
    review) nor bookkeeping (a commitment, a reveal, a refusal: found by review,
    "commit parked" named the NSA's re-placement), words apart ("ghost move"); read
    from the journal's last 4 KB (an undo is rare; the action's lines were written by
    its own save, nothing is flushed here: a failed write would lose the undo's own
    line, found by review). None when there is no such entry or it is not readable.
    """
    name = "journals/s%04d.jrn" % app.session
    try:
        data = app.storage.read_tail(name, 4096)[0]
        if not data:
            return None
        found = None
        for line in bytes(data).split(b"\n"):
            at = line.find(b'"seq": ')
            if at < 0:
                continue
            try:
                entry = json.loads(line[line.find(b" ") + 1:])
            except ValueError:
                continue  # the line cut by the 4 KB's start
            seq = entry.get("seq")
            kind = entry.get("kind")
            if (not isinstance(seq, int) or seq < first or seq >= end or not isinstance(kind, str)
                    or kind in ("commit", "commit_parked", "reveal", "refused", "park_missing")
                    or "sealed" in (entry.get("in") or {})):
                continue
            if found is None or seq < found[0]:
                found = (seq, kind)
        return found[1].replace("_", " ") if found else None
    except (OSError, MemoryError, ValueError, AttributeError, TypeError):
        return None


def _act(app, i):
    for act in app.undo[4]:
        if act[0] == i:
            return act
    return None


def _restore(app, screens):
    from firmware.saving import opened_state, private_owner
    from firmware.screens import screen_class
    stack = []
    for item in screens:
        cls = screen_class(item.get("id"))
        if cls is None:
            raise SaveError("the saved step names an unknown screen '%s'" % item.get("id"))
        stack.append(cls(opened_state(app, item.get("state"))))
    if not stack:
        raise SaveError("the saved step has no screens")
    before = app.stack
    app.stack = stack
    app.dirty = True
    for screen in stack:  # what a game keeps beside its state (app.secrets) brought in
        restored = getattr(screen, "restored", None)  # line with the state put back
        if restored is not None:
            restored(app, before)
    owner = private_owner(stack)
    if owner is not None:
        from firmware.screens.prompt import ResumeGate
        app.push(ResumeGate({"owner": owner}))


def _say(app, title, text):
    screen = TextScreen.make(title, text)
    screen.s["_undo"] = 1
    app.push(screen)


def stop_text(why):
    """Words for a reason undo stops (firmware.steps.barrier's list)."""
    kind = why[0]
    if kind == "salt":
        return "mixed the players' salt into the dice: undoing it would let the device roll again"
    if kind == "seed_reveal":
        return "ended the session (its dice seed revealed)"
    if kind == "open":
        return "opened %s from the main menu: a game left before it stays left" % why[1]
    if kind == "new":  # firmware.games.cybernaut.later.left_behind
        return "started %s: the game abandoned before it stays abandoned" % why[1]
    if kind == "shown":
        # true before the owner has looked too (found by review: a waiting Spot!
        # was said to be shown): the device cannot know whether she looked (the
        # "shown" status is not saved, prompt.Reveal), so it never takes one back
        return "handed %s a secret (%s): it is never taken back, looked at or not" \
            % (why[1], why[2])
    what = ", " + why[2] if isinstance(why[2], str) else ""
    return "revealed a secret (%s%s): it cannot be hidden again" % (why[1], what)


def _why_not(app, undo):
    """The notice when nothing more can be undone (str)."""
    stop = undo[6] if undo and len(undo) > 6 else None
    if stop and stop[0] == undo[2]:
        return "Undo stops here: the action that led here %s." % stop_text(stop[1:])
    if (not undo or not undo[2]) and app.session > 1:
        return "Nothing more to undo: session %d has no action yet, and an ended session" \
            " (its seed revealed) is never undone." % app.session
    if not undo or not undo[1]:
        return "Nothing more to undo: this is how the session began."
    return "Nothing more to undo: only the last %d actions of this session can be undone." \
        % MAX_STEPS


def step(app, back):
    """Undo (``back`` True) or redo the last action. Tells the player what happened
    (or why nothing could be done) on a screen; journals "undo" / "redo"."""
    undo = app.undo
    if back and (not undo or undo[2] <= undo[1]):
        app.pop()
        _say(app, "Undo", _why_not(app, undo))
        return
    if not back and (not undo or undo[2] >= undo[3]):
        app.pop()
        _say(app, "Redo", "Nothing to redo: redo follows an undo, before any new action.")
        return
    lo, pos, hi = undo[1], undo[2], undo[3]
    target = pos - 1 if back else pos + 1
    act = _act(app, pos - 1 if back else pos)
    try:
        body = _read(app, target)
        if act is None:
            raise SaveError("the step's journal record is missing")
        _write(app, pos)
    except (SaveError, OSError, ValueError) as exc:
        app.pop()
        _say(app, "Undo" if back else "Redo", "Cannot %s: %s. Nothing was changed."
             % ("undo" if back else "redo", exc))
        return
    _restore(app, body["screens"])
    # the state's last rolls (the Dice screen's "Last" line): an undone roll is
    # no longer shown as one of them; the journal keeps it, marked undone
    app.history = body.get("history", app.history)
    body = None
    app.undo[2] = target
    rolls = act[4] > act[3]
    out = {("undone" if back else "redone"): [act[1], act[2] - 1]}
    if rolls:
        out["rolls"] = [act[3], act[4]]  # dice blocks used: they stay used
    app.record(GAME, "undo" if back else "redo", {"step": [pos, target]}, out, RULE)
    if back:
        # the action named by its last journal entry's kind (found by a new user: an
        # Undo on the NSA's re-placement took back the Logoff before it, and the
        # notice did not say what it undid)
        kind = _kind(app, act[1], act[2])
        text = "Last action undone (the journal keeps it, marked undone)."
        if kind:
            text = "Undone: %s (the journal keeps it, marked undone). Redo brings it back." % kind
        if rolls:
            text = ("Roll undone: it stays in the journal. Rolling again is a re-roll "
                    "(referee verify lists it).")
    else:
        text = "Last action redone."
    _say(app, "Undo" if back else "Redo", text)


def _steps(app):
    """(steps Undo can take back, steps Redo can bring again): ints >= 0."""
    undo = app.undo or [0, 0, 0, 0]
    return undo[2] - undo[1], undo[3] - undo[2]


class UndoMenu(Menu):
    """Long B: "Undo", "Redo", "Back", "Buttons here" (a player at the table finds it
    on every screen). The footer says how many steps each way, and an item with
    none says so ("Undo: none", "Undo: stops here" at a revealed secret, "Redo: none";
    chosen, it says why). "Buttons here" opens
    the help page of the screen under the menu (its ``help()``: what each button
    does there), B on it goes back to that screen. State: {"sel"}."""

    ID = "undo"
    TITLE = "Undo / Redo / Help"
    HELP = "Up/Down choose\nA select\nB or hold B back"

    def draw(self, app, surface):
        # the screen under it disarms what a second A there would do (Neo-Hunt's armed
        # reveal: found by review, long B then Back left it armed)
        if len(app.stack) > 1:
            disarm = getattr(app.stack[-2], "disarm", None)
            if disarm is not None:
                disarm()
        Menu.draw(self, app, surface)

    def items(self, app):
        back, ahead = _steps(app)
        # (found by a new user: "Undo last step" offered beside "undo 0"; and "none yet"
        # where a revealed secret stops it: chosen, each says why)
        undo = app.undo
        stop = undo[6] if undo and len(undo) > 6 else None
        first = "Undo last step" if back else (
            "Undo: stops here" if stop and stop[0] == undo[2] else "Undo: none")
        return [first, "Redo" if ahead else "Redo: none", "Back", "Buttons here"]

    def footer(self, app):
        return ["Can undo %d, redo %d" % _steps(app)]

    def choose(self, app, index):
        if index == 2:
            app.pop()
        elif index == 3:
            app.pop()
            open_help(app, app.top())
        else:
            step(app, index == 0)


def open_help(app, screen):
    """Push the help page of ``screen`` (a firmware.ui.Screen): its ``help(app)``
    text under the title "Buttons", then how to reach this menu again."""
    from firmware.ui import HELP_TAIL, TextScreen
    app.push(TextScreen.make("Buttons", screen.help(app) + HELP_TAIL))
