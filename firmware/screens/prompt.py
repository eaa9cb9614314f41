"""The pass-the-device prompt for a hidden number (the GM's AN, DC, Defense...).

Stage 0 asks everyone to hand the device over and shows nothing secret. Stage 1
(after A) shows the number to its owner, changed with LEFT/RIGHT (long: 5). A
confirms: the number is sealed into the screen below and the prompt closes, so the
next frame shows no secret. B at stage 1 cancels without changing anything.
While open, the number sits in the save only sealed.
"""

from firmware.buttons import A, B, DOWN, LEFT, RIGHT, UP
from firmware.ticks import ticks_diff
from firmware.ui import Screen, TextScreen, adjust, wrap

PIN_KEYS = (UP, DOWN, LEFT, RIGHT)
PIN_MAX = 8
SHOW_MS = 5000


class SecretNumber(Screen):
    """State: {"owner", "label", "field", "low", "high", "stage", "sealed"}."""

    ID = "secret"
    HELP = ("A start, then keep\n"
            "L/R change\n"
            "(hold: 5 at a time)\n"
            "B cancel")

    @classmethod
    def make(cls, app, owner, label, field, value, low, high):
        """A prompt for ``owner`` (e.g. "GM") to set ``label`` (e.g. "AN").

        On confirm it calls ``receive(app, field, sealed_value)`` on the screen under it.
        :param value: the starting number (int, low..high).
        """
        return cls({"owner": owner, "label": label, "field": field, "low": low,
                    "high": high, "stage": 0, "sealed": app.seal(str(value))})

    def draw(self, app, surface):
        s = self.s
        if s["stage"] == 0:
            surface.line_text(0, "Hand to " + s["owner"], True)
            surface.line_text(2, "Only " + s["owner"])
            surface.line_text(3, "may look now.")
            surface.line_text(5, "A: show " + s["label"])
            surface.line_text(6, "B: cancel")
            return
        value = app.unseal(s["sealed"])
        surface.line_text(0, s["owner"] + " only", True)
        surface.line_text(2, "%s: %s" % (s["label"], value))
        surface.line_text(3, "</> change")
        surface.line_text(5, "A: keep hidden")
        surface.line_text(6, "B: cancel")

    def on_button(self, app, name, kind):
        s = self.s
        if name == B:
            app.pop()
            return
        if s["stage"] == 0:
            if name == A:
                s["stage"] = 1
            return
        if name == A:
            sealed = s["sealed"]
            app.pop()
            app.top().receive(app, s["field"], sealed)
            return
        value = int(app.unseal(s["sealed"]))
        new = adjust(value, name, kind, s["low"], s["high"])
        if new != value:
            s["sealed"] = app.seal(str(new))


def _pin_key(s, name):
    """PIN entry on state ``s``: U/D/L/R add a key (at most 8), B erases one.
    :returns: True if the button was used (False for A, or B on an empty PIN)."""
    if name in PIN_KEYS:
        if len(s["pin"]) < PIN_MAX:
            s["pin"] += name
        return True
    if name == B and s["pin"]:
        s["pin"] = s["pin"][:-1]
        return True
    return False


def _draw_pin(surface, owner, s):
    surface.line_text(0, "PIN of " + owner, True)
    surface.line_text(2, "U/D/L/R keys")
    surface.line_text(3, "*" * len(s["pin"]))
    if s.get("bad"):
        surface.line_text(4, "Wrong PIN (%d)" % s["bad"])
    surface.line_text(6, "A: ok  B: erase")
    surface.line_text(7, "Hold A: forgot PIN")


def _forgot(app, name, kind, owner):
    """A long A on a PIN prompt: open PinReset for ``owner``. :returns: True if it did."""
    if name == A and kind == "long":
        app.push(PinReset({"owner": owner}))
        return True
    return False


RULE_PIN = "Trust: a PIN is the device's guard, cleared with the table's consent"


class PinReset(Screen):
    """A forgotten PIN (a long A on a PIN prompt): the table agrees, A clears the
    owner's PIN (journaled "pin_cleared", nothing secret in it) and the prompt
    below starts again at "Hand to <owner>", now with no PIN: nothing waiting for
    the owner is lost (a played Spot!'s result stays sealed for her) and nothing
    is shown here. B goes back to the PIN. A PIN is no rule of any game: the
    device's guard on "I am <owner>", which the players otherwise take on trust.

    State: {"owner": str}."""

    ID = "pin_reset"
    HELP = ("A clear the PIN\n"
            "(the table agrees)\n"
            "B back to the PIN")
    GUARDED = True  # shows no secret

    def draw(self, app, surface):
        owner = self.s["owner"]
        surface.line_text(0, "Forgot PIN of " + owner, True)
        lines = wrap("Clear it only if the table agrees. Nothing is shown or lost: "
                     "what waits stays sealed for " + owner + ".")
        for i in range(min(5, len(lines))):
            surface.line_text(1 + i, lines[i])
        surface.line_text(6, "A: clear the PIN")
        surface.line_text(7, "B: back to the PIN")

    def on_button(self, app, name, kind):
        if name == B:
            app.pop()
        elif name == A and kind != "long":
            owner = self.s["owner"]
            app.set_pin(owner, "")
            app.record("session", "pin_cleared", {"owner": owner}, {}, RULE_PIN)
            app.pop()
            app.top().pin_cleared()


class Handover(Screen):
    """"Hand to <owner>": the pass-the-device step before a private screen.

    Shows only the owner's name. A opens the private screen (it replaces this one);
    B cancels. If the owner has a PIN (``app.has_pin``), A first asks for it (U/D/L/R
    presses, shown as stars; a wrong PIN keeps the screen closed). When the private
    screen is done it calls ``app.hand_back()``, which replaces it with a blank "hand
    back" screen, so no secret stays on the display.

    State: {"owner": str, "then": {"id": screen ID, "state": dict}} and, while a PIN
    is being entered, "pin" (keys so far) and "bad" (wrong tries).
    """

    ID = "handover"
    HELP = ("A: I am the owner\n"
            "(PIN: arrows, A;\n"
            "hold A: forgot PIN)\n"
            "B cancel")
    GUARDED = True  # shows no secret, or guards it itself: the app never covers it

    @classmethod
    def make(cls, owner, screen):
        """A handover to ``owner`` (str) that then opens ``screen`` (a Screen)."""
        return cls({"owner": owner, "then": {"id": screen.ID, "state": screen.state()}})

    def draw(self, app, surface):
        if "pin" in self.s:
            _draw_pin(surface, self.s["owner"], self.s)
            return
        surface.line_text(0, "Hand to " + self.s["owner"], True)
        surface.line_text(2, "Only " + self.s["owner"])
        surface.line_text(3, "may look now.")
        surface.line_text(5, "A: I am " + self.s["owner"])
        surface.line_text(6, "B: cancel")

    def on_button(self, app, name, kind):
        s = self.s
        if "pin" in s:
            if _pin_key(s, name) or _forgot(app, name, kind, s["owner"]):
                return
            if name == B:
                del s["pin"]
                return
            if name != A:
                return
            if not app.pin_ok(s["owner"], s["pin"]):
                s["bad"] = s.get("bad", 0) + 1
                s["pin"] = ""
                return
        elif name == A and app.has_pin(s["owner"]):
            s["pin"] = ""
            return
        if name == A:
            from firmware.screens import screen_class
            then = s["then"]
            state = then["state"]
            state["_owner"] = s["owner"]  # a reboot resumes behind a gate (see ResumeGate)
            screen = self.ahead
            if not screen or screen.s is not state:
                screen = screen_class(then["id"])(state)
            self.ahead = None
            app.replace(screen)
        elif name == B:
            app.pop()

    # the private screen made while this one waits (on_tick): None (not yet), False
    # (nothing to work out ahead) or the screen
    ahead = None

    def on_tick(self, app, now):
        """While the device passes to its owner, between presses: make the private
        screen now and let it work out its frame's view (``view``: a Cybernaut
        NSA grid loads the game for it, 65-100 ms of a Pico), so that A opens it at
        once (issue 21). The view stays in RAM, drawn only after A (and the PIN);
        anything going wrong here leaves the work to A, as before."""
        if self.ahead is not None or "pin" in self.s:
            return
        self.ahead = False
        try:
            from firmware.screens import screen_class
            then = self.s["then"]
            cls = screen_class(then["id"])
            if getattr(cls, "view", None) is None:
                return
            screen = cls(then["state"])
            screen.view(app)
            self.ahead = screen
        except Exception:  # noqa: BLE001 (a MemoryError, no game: A does it all)
            self.ahead = False

    def pin_cleared(self):
        """The owner's PIN was cleared (PinReset): back to "Hand to"."""
        self.s.pop("pin", None)
        self.s.pop("bad", None)


class ResumeGate(Screen):
    """After a reboot or an undo into a private screen: "Hand to <owner>" before it
    shows again, so a power cut, a sync or an undo never leaves a secret on the
    display. A continues; B (someone else holds the device) closes the private
    screens under it too, as their own B would cancel them, back to the public
    screen they were opened from (the secret is not shown).

    State: {"owner": str}.
    """

    ID = "resume_gate"
    # its B and its help say the same (found by a new user: "B: back" on the screen,
    # "B cancel" in its help)
    HELP = ("A: I am the owner\n"
            "B cancel: not the\n"
            "owner (the private\n"
            "screen closes)")
    GUARDED = True  # shows no secret, or guards it itself: the app never covers it

    def draw(self, app, surface):
        surface.line_text(0, "Hand to " + self.s["owner"], True)
        surface.line_text(2, "Resuming a")
        surface.line_text(3, "private screen.")
        surface.line_text(5, "A: I am " + self.s["owner"])
        surface.line_text(6, "B: cancel")

    def on_button(self, app, name, kind):
        if name == A:
            app.pop()
        elif name == B:
            from firmware.saving import private_owner
            app.pop()
            while len(app.stack) > 1 and private_owner(app.stack) is not None:
                app.pop()


class Reveal(Screen):
    """The pass-the-device ritual for showing a secret to one player.

    1. "Hand to <owner>" (nothing secret); A: "I am <owner>", B: cancel.
    2. The owner's PIN if they have one (see Handover).
    3. The secret is drawn only while A is held down, and at most 5 s per press
       (``on_tick`` reads the debounced button state); releasing A or the time
       limit blanks it. U/D scroll a secret longer than five lines. R sets the
       owner's PIN. B ends: ``app.hand_back()`` puts the
       blank hand-back screen in its place, so the display is clear before the
       device goes back to the table.

    The secret stays sealed in the state (and so in the save); the "shown" status
    is not saved, so after a reboot the secret is hidden, and a reveal restored at
    its hold stage (a reboot, undo, an out-of-memory recovery) starts again at
    "Hand to": whoever holds the device then has not said who they are.

    State: {"owner", "title", "sealed", "stage": "hand"|"pin"|"hold", "pin", "bad"}.
    """

    ID = "reveal"
    HELP = ("A: I am <owner>,\n"
            "then hold A to see\n"
            "Up/Down scroll\n"
            "R set PIN\n"
            "B hand back")
    SHOWS_SECRET = True  # opened by an action: that action cannot be undone (steps.py)
    GUARDED = True  # shows no secret, or guards it itself: the app never covers it

    @classmethod
    def make(cls, app, owner, title, text):
        """A reveal of ``text`` (str, a few words) titled ``title`` to ``owner``."""
        return cls({"owner": owner, "title": title, "sealed": app.seal(text),
                    "stage": "hand", "pin": "", "bad": 0})

    def __init__(self, state=None):
        super().__init__(state)
        if self.s.get("stage") == "hold":  # restored: ask who holds the device again
            self.s["stage"] = "hand"
        self._since = None
        self._armed = False
        self._shown = False

    def visible(self, app, now):
        """True while the secret may be drawn: stage 3, A held (pressed after the
        stage began), for less than SHOW_MS."""
        return (self.s["stage"] == "hold" and self._armed and self._since is not None
                and ticks_diff(now, self._since) < SHOW_MS)

    def on_tick(self, app, now):
        if self.s["stage"] != "hold":
            return
        held = app.pressed(A)
        if not held:
            self._armed = True
            self._since = None
        elif self._armed and self._since is None:
            self._since = now
        shown = self.visible(app, now)
        if shown != self._shown:
            self._shown = shown
            app.dirty = True

    def draw(self, app, surface):
        s = self.s
        owner = s["owner"]
        if s["stage"] == "hand":
            surface.line_text(0, "Hand to " + owner, True)
            surface.line_text(2, "Only " + owner)
            surface.line_text(3, "may look now.")
            surface.line_text(5, "A: I am " + owner)
            surface.line_text(6, "B: cancel")
            return
        if s["stage"] == "pin":
            _draw_pin(surface, owner, s)
            return
        if self._shown and self.visible(app, app.now):
            surface.line_text(0, s["title"], True)
            lines = wrap(app.unseal(s["sealed"]))
            top = min(getattr(self, "_top", 0), max(0, len(lines) - 5))
            for index in range(min(len(lines) - top, 5)):
                surface.line_text(1 + index, lines[top + index])
            if len(lines) > 5:
                surface.line_text(6, "U/D: more")
            surface.line_text(7, "Release A: hide")
            return
        surface.line_text(0, owner + " only", True)
        surface.line_text(2, "Hold A to see")
        surface.line_text(3, "(5 s at most)")
        surface.line_text(5, "R: set my PIN")
        surface.line_text(6, "B: done")

    def on_button(self, app, name, kind):
        s = self.s
        stage = s["stage"]
        if stage == "hand":
            if name == A:
                s["stage"] = "pin" if app.has_pin(s["owner"]) else "hold"
                s["pin"] = ""
            elif name == B:
                app.pop()
        elif stage == "pin":
            if _pin_key(s, name) or _forgot(app, name, kind, s["owner"]):
                return
            if name == B:
                s["stage"] = "hand"
            elif name == A:
                if app.pin_ok(s["owner"], s["pin"]):
                    s["stage"] = "hold"
                else:
                    s["bad"] += 1
                s["pin"] = ""
        elif name == B:
            app.hand_back()
        elif name == RIGHT:
            app.push(PinEntry.make(s["owner"]))
        elif name == UP or name == DOWN:  # scroll a long secret (not saved)
            self._top = max(0, getattr(self, "_top", 0) + (1 if name == DOWN else -1))
            app.dirty = True


    def pin_cleared(self):
        """The owner's PIN was cleared (PinReset): back to "Hand to"."""
        self.s["stage"] = "hand"
        self.s["pin"] = ""
        self.s["bad"] = 0


class PinEntry(Screen):
    """Set (or clear) a player's PIN: the keys twice, then A. A with no keys clears
    it. Only reached from the owner's private screen. State: {"owner", "pin", "first"}."""

    ID = "pin"
    HELP = ("Arrows: PIN keys\n"
            "A ok (none: no PIN)\n"
            "B erase / back")
    GUARDED = True  # shows no secret, or guards it itself: the app never covers it
    # never saved: after a reboot the owner's screen under it asks who holds the device
    # again (and the old PIN): restored, it let anyone set or clear the owner's PIN and
    # then pass the owner's "Hand to" (found by review)
    TRANSIENT = True

    @classmethod
    def make(cls, owner):
        """PIN setting for ``owner`` (str)."""
        return cls({"owner": owner, "pin": "", "first": None})

    def draw(self, app, surface):
        s = self.s
        surface.line_text(0, "New PIN " + s["owner"], True)
        surface.line_text(1, "U/D/L/R keys")
        surface.line_text(2, "again to check" if s["first"] is not None else
                          ("no match: again" if s.get("miss") else ""))
        surface.line_text(3, "*" * len(s["pin"]))
        surface.line_text(5, "A: ok (none:")
        surface.line_text(6, " no PIN)")
        surface.line_text(7, "B: erase/back")

    def on_button(self, app, name, kind):
        s = self.s
        if _pin_key(s, name):
            return
        if name == B:
            app.pop()
            return
        if name != A:
            return
        if s["first"] is None and s["pin"]:
            s["first"] = s["pin"]
            s["pin"] = ""
            return
        s["miss"] = False
        if s["first"] is not None and s["pin"] != s["first"]:
            s["first"] = None
            s["pin"] = ""
            s["miss"] = True  # said on screen: start again
            return
        app.set_pin(s["owner"], s["pin"])
        app.replace(TextScreen.make("PIN", "PIN of %s %s." % (
            s["owner"], "set" if s["pin"] else "cleared")))


class HandBack(Screen):
    """The blank screen after a private one: nothing secret, A or B continues."""

    ID = "handback"
    HELP = ("A or B back")
    GUARDED = True  # shows no secret, or guards it itself: the app never covers it
    # its arrows do nothing: no save, no digest to learn it (firmware.saving.moves_only;
    # in a heap in pieces the digest's text did not fit and an arrow here wrote the
    # save: found by the ballast bench, issue 21)
    VIEW_ARROWS = True

    def draw(self, app, surface):
        surface.line_text(0, self.s.get("title", "Done"), True)
        surface.line_text(2, "Hand the device")
        surface.line_text(3, "back to the")
        surface.line_text(4, "table.")
        surface.line_text(6, "A: continue")

    def on_button(self, app, name, kind):
        if name == A or name == B:
            app.pop()

    def on_tick(self, app, now):
        """The screen under it goes on with its work between presses (Cybernaut's
        re-placement, done after this frame: GameScreen.on_tick)."""
        stack = app.stack
        at = stack.index(self) if self in stack else 0
        if at:  # (the one under this screen: a result may be over a result)
            stack[at - 1].on_tick(app, now)


class LeaveMenu(Screen):
    """A destructive choice made on purpose (quit a game, end a fight): opened by
    B on a game's hub, it never acts on B then A. "Keep playing" comes first (A or
    B there keeps the game); the destructive item must be chosen with a move
    (DOWN or UP), then A arms it ("A again=<verb>") and a second A does it; a move
    disarms it. Then ``leave(app)`` is called on the hub under it.

    Never saved (TRANSIENT): a reboot or an undo comes back to the hub itself, so
    an undone quit does not open armed.

    State: {"sel": 0 | 1, "what": the destructive item (str, e.g. "Abandon game"),
    "verb": its short word (e.g. "abandon"), "note": what it costs (str), "armed"}.
    """

    ID = "leave"
    HELP = ("Up/Down choose\n"
            "A keep playing, or\n"
            "arm the other item;\n"
            "A again does it\n"
            "B keep playing")
    TRANSIENT = True
    GUARDED = True  # shows no secret: never covered as "Private"

    @classmethod
    def make(cls, what, verb, note):
        """The menu for ``what`` (str); ``note`` (str) says what it costs."""
        return cls({"sel": 0, "what": what, "verb": verb, "note": note, "armed": False})

    def disarm(self):
        """The Undo menu opened over it (firmware/undo.py): the armed item goes back
        to needing its first A (found by a new user: armed still after a look at
        Undo)."""
        self.s["armed"] = False

    def draw(self, app, surface):
        s = self.s
        surface.line_text(0, s["what"] + "?", True)
        surface.line_text(1, (">" if s["sel"] == 0 else " ") + "Keep playing", s["sel"] == 0)
        label = ("A again=" + s["verb"]) if s["armed"] else s["what"]
        surface.line_text(2, (">" if s["sel"] == 1 else " ") + label, s["sel"] == 1)
        lines = wrap(s["note"])
        for index in range(min(len(lines), 4)):
            surface.line_text(3 + index, lines[index])
        surface.line_text(7, "U/D choose  A ok")

    def on_button(self, app, name, kind):
        s = self.s
        if name == UP or name == DOWN:
            s["sel"] = 1 - s["sel"]
            s["armed"] = False
        elif name == B or (name == A and s["sel"] == 0):
            app.pop()
        elif name == A and not s["armed"]:
            s["armed"] = True
        elif name == A:
            app.pop()
            app.top().leave(app)
