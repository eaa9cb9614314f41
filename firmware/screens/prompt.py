"""The pass-the-device prompt for a hidden number (the GM's AN, DC, Defense...).

Stage 0 asks everyone to hand the device over and shows nothing secret. Stage 1
(after A) shows the number to its owner, changed with LEFT/RIGHT (long: 5). A
confirms: the number is sealed into the screen below and the prompt closes, so the
next frame shows no secret. B at stage 1 cancels without changing anything.
While open, the number sits in the save only sealed.
"""

from firmware.buttons import A, B
from firmware.ui import Screen, adjust


class SecretNumber(Screen):
    """State: {"owner", "label", "field", "low", "high", "stage", "sealed"}."""

    ID = "secret"

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


class Handover(Screen):
    """"Hand to <owner>": the pass-the-device step before a private screen.

    Shows only the owner's name. A opens the private screen (it replaces this one);
    B cancels. When the private screen is done it calls ``app.hand_back()``, which
    replaces it with a blank "hand back" screen, so no secret stays on the display.

    State: {"owner": str, "then": {"id": screen ID, "state": dict}}.
    """

    ID = "handover"

    @classmethod
    def make(cls, owner, screen):
        """A handover to ``owner`` (str) that then opens ``screen`` (a Screen)."""
        return cls({"owner": owner, "then": {"id": screen.ID, "state": screen.state()}})

    def draw(self, app, surface):
        surface.line_text(0, "Hand to " + self.s["owner"], True)
        surface.line_text(2, "Only " + self.s["owner"])
        surface.line_text(3, "may look now.")
        surface.line_text(5, "A: I am " + self.s["owner"][:7])
        surface.line_text(6, "B: cancel")

    def on_button(self, app, name, kind):
        if name == A:
            from firmware.screens import screen_class
            then = self.s["then"]
            app.replace(screen_class(then["id"])(then["state"]))
        elif name == B:
            app.pop()


class HandBack(Screen):
    """The blank screen after a private one: nothing secret, A or B continues."""

    ID = "handback"

    def draw(self, app, surface):
        surface.line_text(0, "Done", True)
        surface.line_text(2, "Hand the device")
        surface.line_text(3, "back to the")
        surface.line_text(4, "table.")
        surface.line_text(6, "A: continue")

    def on_button(self, app, name, kind):
        if name == A or name == B:
            app.pop()
