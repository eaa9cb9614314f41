"""Screen care: dim the panel after a while with no button touched, then blank it.

An OLED burns in and drains the battery when it shows the same frame for hours. After
``dim_ms`` of no button (default 30 s) the panel dims; after ``blank_ms`` (default 2
min) it goes dark. Any press lights it again. The press that wakes a BLANK screen
does not act (the user could not see what it would do); a press on a dimmed screen,
which is still readable, acts as usual.

Time comes from the injected clock (ms ticks); compare with ticks_diff only.
"""

from firmware.ticks import ticks_diff

ON = "on"
DIM = "dim"
OFF = "off"


class ScreenCare:
    """The idle timer and the panel level.

    :param surface: firmware.surface.Surface (its ``set_power(level)`` is called on
        each change of level).
    :param now: the clock's time at start (ms ticks).
    :param dim_ms: idle ms before dimming, None never to dim, -1 (the default) for
        the class attribute (30 s).
    :param blank_ms: idle ms before blanking, None never to blank, -1 (the default)
        for the class attribute (2 min).
    """

    dim_ms = 30000
    blank_ms = 120000

    def __init__(self, surface, now, dim_ms=-1, blank_ms=-1):
        self.surface = surface
        if dim_ms != -1:
            self.dim_ms = dim_ms
        if blank_ms != -1:
            self.blank_ms = blank_ms
        self.level = ON
        self.last = now
        self.waking = False

    def _set(self, level):
        if level != self.level:
            self.level = level
            self.surface.set_power(level)

    def update(self, now, pressed):
        """Call every tick after polling the buttons.

        :param now: ms ticks.
        :param pressed: True while any button is (debounced) down.
        :returns: True if the panel just came back on from blank (the frame must be
            redrawn).
        """
        woke = False
        if pressed:
            if self.level == OFF:
                self.waking = True
                woke = True
            self.last = now
            self._set(ON)
            return woke
        self.waking = False
        idle = ticks_diff(now, self.last)
        if self.blank_ms is not None and idle >= self.blank_ms:
            self._set(OFF)
        elif self.dim_ms is not None and idle >= self.dim_ms:
            self._set(DIM)
        return woke

    def swallow(self):
        """True if a button event must be dropped: it belongs to the press that woke
        a blank screen."""
        return self.waking

    def blank(self):
        """True while the panel is dark."""
        return self.level == OFF
