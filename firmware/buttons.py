"""Debounced buttons with short and long press.

A button reads its contact through a callable returning True while pressed (the
board turns the electrical level into a logical one). ``update(now_ms)`` is called
every few milliseconds with the injected clock's time.

- Debounce: a change of level counts only once the level has stayed the same for
  ``debounce_ms`` (contact bounce of up to 10 ms is ignored).
- Short press: released before ``long_ms``; the event fires on release.
- Long press: held for ``long_ms``; the event fires once, while still held, and the
  release that follows fires nothing.
"""

from firmware.ticks import ticks_diff

UP = "U"
DOWN = "D"
LEFT = "L"
RIGHT = "R"
A = "A"
B = "B"
NAMES = (UP, DOWN, LEFT, RIGHT, A, B)
SHORT = "short"
LONG = "long"


class Button:
    """One debounced button.

    :param name: one of NAMES.
    :param read: callable() -> bool, True while the contact is closed.
    """

    debounce_ms = 15
    long_ms = 600

    def __init__(self, name, read):
        self.name = name
        self._read = read
        self._raw = False
        self._raw_since = 0
        self.pressed = False
        self._pressed_at = 0
        self._long_sent = False

    def update(self, now):
        """Sample the contact at time ``now`` (ms ticks).

        :returns: SHORT, LONG or None.
        """
        raw = bool(self._read())
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now
            return None
        if raw != self.pressed and ticks_diff(now, self._raw_since) >= self.debounce_ms:
            self.pressed = raw
            if raw:
                self._pressed_at = self._raw_since
                self._long_sent = False
                return None
            if not self._long_sent:
                return SHORT
            return None
        if self.pressed and not self._long_sent and ticks_diff(now, self._pressed_at) >= self.long_ms:
            self._long_sent = True
            return LONG
        return None


class Buttons:
    """The six buttons.

    :param reads: dict name -> callable() -> bool (pressed), names from NAMES.
    """

    def __init__(self, reads):
        self.buttons = [Button(name, reads[name]) for name in NAMES if name in reads]

    def poll(self, now, emit):
        """Sample every button at ``now`` (ms); call ``emit(name, SHORT|LONG)`` per event."""
        for button in self.buttons:
            kind = button.update(now)
            if kind is not None:
                emit(button.name, kind)

    def is_pressed(self, name):
        """True while button ``name`` is (debounced) pressed."""
        for button in self.buttons:
            if button.name == name:
                return button.pressed
        return False

    def any_pressed(self):
        """True while any button is (debounced) pressed."""
        for button in self.buttons:
            if button.pressed:
                return True
        return False
