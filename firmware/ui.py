"""Screen building blocks: the Screen base, menus, wrapped text and number prompts.

Every screen keeps its whole state in a JSON-ready dict (``self.s``) so the app can
save the screen stack after each action and resume it after a reboot. A screen class
is registered by its ``ID`` in ``firmware.screens.SCREENS``.
"""

from firmware.buttons import A, B, DOWN, LEFT, LONG, RIGHT, UP
from firmware.surface import COLS, NB, ROWS

# None, or a list each wrap() call appends (text, width, lines) to (the screen-walk
# test checks no line break falls inside a word or a name)
TRACE = None


def _has_digit(word):
    for ch in word:
        if "0" <= ch <= "9":
            return True
    return False


def _joined(before, after):
    """True when no line break may fall between words ``before`` and ``after``: a
    number and the word before it ("need" "4"), two names with numbers ("P3" "S5"),
    unless punctuation ends ``before``."""
    if not before or not after or before[-1] in ",.:;)":
        return False
    return "0" <= after[0] <= "9" or (_has_digit(before) and _has_digit(after))


def wrap(text, width=COLS):
    """Split ``text`` into lines of at most ``width`` characters, at spaces where
    possible, never between a number and the word before it nor between two names
    with numbers ("P3 S5") while they fit a line. ``NB`` (firmware.surface) is a
    space never broken at, drawn as a plain space. A word longer than a line breaks
    at its last NB that fits, else after its last '/' that fits (a file path), else
    after its last '-' that fits ("cybernaut-game-sample.json"), else at ``width``. "\n" starts a new line.

    :returns: list of str, each at most ``width`` characters, NB made spaces.
    """
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:  # the path's head after the words before it, if it fits
                    room = width - len(line) - 1
                    cut = word.rfind("/", 1, room) + 1 if room > 1 else 0
                    if cut:
                        lines.append(line + " " + word[:cut])
                        line = ""
                        word = word[cut:]
                        continue
                    lines.append(line)
                    line = ""
                cut = word.rfind(NB, 1, width + 1)
                if cut > 0:
                    lines.append(word[:cut])
                    word = word[cut + 1:]
                    continue
                cut = word.rfind("/", 1, width) + 1
                if not cut:  # a long file name: after its last '-' that fits
                    cut = word.rfind("-", 1, width) + 1 or width
                lines.append(word[:cut])
                word = word[cut:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                # a number goes down with the word before it ("need 4", "d6 5"), a
                # name with a number with the one before it ("T2 S3"): as many words
                # as are so joined, while they fit one line
                head = line
                group = word
                while True:
                    cut = head.rfind(" ")
                    if cut < 0 or len(head) - cut + len(group) > width:
                        break
                    if not _joined(head[cut + 1:], group.split(" ", 1)[0]):
                        break
                    group = head[cut + 1:] + " " + group
                    head = head[:cut]
                lines.append(head)
                line = group
        lines.append(line)
    if NB in text:
        lines = [line.replace(NB, " ") for line in lines]
    if TRACE is not None:
        TRACE.append((text, width, lines))
    return lines


# the last lines of every help page: the long B menu, found on every screen
HELP_TAIL = "\n\nhold B: Undo/Redo,\nthis help."


class Screen:
    """Base screen. Subclasses set ID and TITLE and override draw and on_button.

    :param state: a dict saved earlier by this screen, or None for a new screen.
    """

    ID = ""
    TITLE = ""
    TRANSIENT = False  # True: never saved (a reboot does not bring it back)
    # True: the screen uses a long B itself; Undo is then a long B on the screen
    # that long B opens (firmware/undo.py, App._act)
    OWN_LONG_B = False
    # a class with PASSIVE = True only shows what is below it (no state of its own):
    # dropped from the top of a kept undo step (firmware/undo.py; not defined here:
    # every name the boot loads is interned for good)
    # what each button does here, in the players' words (the help page: hold B,
    # "Buttons here"); a subclass that gives a button a job names it here
    HELP = "B back"

    def __init__(self, state=None):
        self.s = state if state is not None else self.initial()

    def initial(self):
        """The state of a new screen (dict)."""
        return {}

    def state(self):
        """The JSON-ready state to save."""
        return self.s

    def draw(self, app, surface):
        """Draw the whole frame (the surface was cleared)."""
        surface.line_text(0, self.TITLE)

    def on_button(self, app, name, kind):
        """Handle one button event. B goes back by default."""
        if name == B:
            app.pop()

    def on_tick(self, app, now):
        """Called every tick (``now`` in ms) while on top; set ``app.dirty`` to redraw.
        Nothing by default."""

    def help(self, app):
        """What each button does on this screen (str, one button per line, for the
        help page; ``HELP`` by default)."""
        return self.HELP


class Menu(Screen):
    """A titled list: UP/DOWN move (wrapping; long press jumps 5), A chooses, B backs.

    Subclasses give ``items(app)`` (list of labels) and ``choose(app, index)``.
    """

    HELP = "Up/Down choose\n(hold: 5 at a time)\nA select\nB back"
    invert = False  # True: the title drawn as a bar (light on dark), its scroll marks on it

    def initial(self):
        return {"sel": 0}

    def items(self, app):
        """The labels (list of str)."""
        return []

    def choose(self, app, index):
        """Act on item ``index``."""

    def footer(self, app):
        """Lines shown under the list (list of str), may be empty."""
        return []

    def draw(self, app, surface):
        surface.line_text(0, self.TITLE, self.invert)
        items = self.items(app)
        foot = self.footer(app)
        room = ROWS - 1 - len(foot)
        sel = self.s["sel"]
        top = 0
        if sel >= room:
            top = sel - room + 1
        for i in range(room):
            index = top + i
            if index >= len(items):
                break
            chosen = index == sel
            surface.text(1 + i, 0, (">" if chosen else " ") + items[index], chosen)
        # on the title row: more entries above (^) or below (v) the window
        if top > 0:
            surface.mark(0, COLS - 2, "^", self.invert)
        if top + room < len(items):
            surface.mark(0, COLS - 1, "v", self.invert)
        for i in range(len(foot)):
            surface.line_text(ROWS - len(foot) + i, foot[i])

    def move(self, app, step):
        count = len(self.items(app))
        if count:
            self.s["sel"] = (self.s["sel"] + step) % count

    def on_button(self, app, name, kind):
        step = 5 if kind == LONG else 1
        if name == UP:
            self.move(app, -step)
        elif name == DOWN:
            self.move(app, step)
        elif name == A:
            self.choose(app, self.s["sel"])
        elif name == B:
            app.pop()
        else:
            self.side(app, name, kind)

    def side(self, app, name, kind):
        """LEFT/RIGHT; nothing by default."""


class TextScreen(Screen):
    """Read-only wrapped text with a title and, on the last row, what A does ("A: OK",
    like a result screen; found by review: notices such as "Before actions" or "Not
    allowed" named no button); UP/DOWN scroll, A or B back.

    State: {"title": str, "lines": [str, ...], "top": int}.
    """

    ID = "text"
    HELP = "Up/Down scroll\nA or B back"
    # an arrow only scrolls (firmware.saving.moves_only: no digest, no save)
    VIEW_ARROWS = True
    ROOM = ROWS - 2  # the rows for text, between the title and the hint

    def initial(self):
        return {"title": "", "lines": [], "top": 0}

    @classmethod
    def make(cls, title, text):
        """A TextScreen showing ``text`` (str, wrapped) under ``title``; text that
        scrolls is wrapped two columns narrower: the last one is the scroll marks',
        one blank between (a mark never touches text)."""
        lines = wrap(text)
        if len(lines) > cls.ROOM:
            lines = wrap(text, COLS - 2)
        return cls({"title": title, "lines": lines, "top": 0})

    def draw(self, app, surface):
        surface.line_text(0, self.s["title"], True)
        lines = self.s["lines"]
        top = self.s["top"]
        room = self.ROOM
        for i in range(room):
            if top + i < len(lines):
                surface.line_text(1 + i, lines[top + i])
        if top > 0:
            surface.mark(1, COLS - 1, "^")
        more = len(lines) > room
        if top + room < len(lines):
            surface.mark(room, COLS - 1, "v")
        # the last page says only what is left: up (found by review: "U/D more" there)
        surface.line_text(ROWS - 1, ("A: OK  U/D more" if top + room < len(lines) else "A: OK  U more")
                          if more else "A: OK")

    def on_button(self, app, name, kind):
        # a line a press; a page a long press (found by a new user: a long D moved
        # one line), never past the last page nor above the first line
        step = self.ROOM if kind == LONG else 1
        last = max(0, len(self.s["lines"]) - self.ROOM)
        if name == DOWN and self.s["top"] < last:
            self.s["top"] = min(last, self.s["top"] + step)
        elif name == UP and self.s["top"] > 0:
            self.s["top"] = max(0, self.s["top"] - step)
        elif name == A or name == B:
            app.pop()


def adjust(value, name, kind, low, high):
    """LEFT/RIGHT change a number by 1 (long press: 5), kept within low..high."""
    step = 5 if kind == LONG else 1
    if name == LEFT:
        value -= step
    elif name == RIGHT:
        value += step
    if value < low:
        value = low
    if value > high:
        value = high
    return value
