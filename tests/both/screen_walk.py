"""The screen-walk checker (not a test module): every frame a walk through the real
app shows is checked from the Surface's record of its text calls (each string and
its row/column as asked, before any clipping) and ui.wrap's record of its line
breaks, not from pixels.

A frame fails on
- text drawn past the right edge (column + length > 21) or below the last row,
  trailing spaces aside;
- a scroll mark ("^"/"v", Surface.mark) on a cell that text uses, or right beside
  text (no blank cell between);
and a wrap fails when a line break falls inside a word (except after a '/' of a
word longer than the line: a file path), between a number and the word before it
("need" / "4"), or between two names with numbers ("P3" / "S5" of "P1 S1, P2 S3,
P3 S5"), punctuation aside.
"""



from firmware import ui
from firmware.surface import COLS, NB, ROWS


def _length(text):
    """Cells ``text`` takes (characters, not UTF-8 bytes), trailing spaces aside."""
    count = 0
    last = 0
    for code in text.encode():
        if code < 0x80 or code >= 0xC0:
            count += 1
            if code != 32:
                last = count
    return last


_USED = bytearray(ROWS * COLS)  # one buffer for every frame (the 192K heap is tight)


def frame_problems(trace, where):
    """Problems of one frame's text calls (list of str; empty when none).

    :param trace: Surface.trace: [(row, col, text, kind)].
    :param where: str naming the screen, put in each message.
    """
    out = []
    used = _USED
    for i in range(len(used)):
        used[i] = 0
    for row, col, text, kind in trace:
        if kind == "mark":
            continue
        length = _length(text)
        if length == 0:
            continue
        if row < 0 or row >= ROWS or col < 0:
            out.append("%s: %r drawn off the screen at row %d col %d" % (where, text, row, col))
            continue
        if col + length > COLS:
            out.append("%s: %r clipped: col %d + %d cells > %d" % (where, text, col, length, COLS))
        at = row * COLS + col
        end = row * COLS + COLS
        for code in text.encode():
            if at >= end:
                break
            if code < 0x80 or code >= 0xC0:
                if code != 32 and code != 31:
                    used[at] = 1
                at += 1
    for row, col, text, kind in trace:
        if kind == "mark" and 0 <= row < ROWS:
            used[row * COLS + col] = used[row * COLS + col] or 2
    for row, col, text, kind in trace:
        if kind != "mark" or not 0 <= row < ROWS:
            continue
        for near in (col - 1, col, col + 1):
            if 0 <= near < COLS and used[row * COLS + near] == 1:
                out.append("%s: scroll mark %r at row %d col %d touches text" % (where, text, row, col))
                break
    return out


def _digit(word):
    for ch in word:
        if "0" <= ch <= "9":
            return True
    return False


def _joined(before, after):
    """True when a line break between words ``before`` and ``after`` splits a name
    or number: a number from the word before it ("need" / "4", "d6" / "1"), or two
    names with numbers ("P3" / "S5") with no punctuation between."""
    if "0" <= after[0] <= "9":
        return before[-1] not in ",.:;)"
    return _digit(before) and _digit(after) and before[-1] not in ",.:;)"


def wrap_problems(record):
    """Problems of one ui.wrap call (list of str).

    :param record: (text, width, lines) from ui.TRACE.
    """
    text, width, lines = record
    out = []
    at = 0
    paras = text.replace(NB, " ").split("\n")
    raw = text.split("\n")
    for p in range(len(paras)):
        para = paras[p]
        words = raw[p].split(" ")
        # the places a break may fall: between words (index into para)
        allowed = {}
        pos = 0
        for word in words:
            pos += len(word)
            allowed[pos] = True
            # a word too long for a line: after a '/' or '-', at an NB, at the width
            if len(word) > width:
                start = pos - len(word)
                for i in range(len(word)):
                    if word[i] in "/-" + NB:
                        allowed[start + i + 1] = True
                        allowed[start + i] = True
                k = start + width
                while k < pos:
                    allowed[k] = True
                    k += width
            pos += 1
        cursor = 0
        while at < len(lines):
            line = lines[at]
            at += 1
            found = para.find(line, cursor) if line else cursor
            if found < 0:
                out.append("wrap %r: line %r not in the text" % (text, line))
                return out
            end = found + len(line)
            if end >= len(para):
                break
            if end not in allowed:
                out.append("wrap %r: broken inside a word after %r" % (text, line))
            else:
                before = para[:end].split()
                after = para[end:].split()
                if before and after and _joined(before[-1], after[0]):
                    out.append("wrap %r: %r / %r broken across lines" % (text, before[-1], after[0]))
            cursor = end
            while cursor < len(para) and para[cursor] == " ":
                cursor += 1
    return out


class Walker:
    """Checks every frame an app shows and every wrap it makes while attached.

    :param board: a boards.sim.SimBoard (its on_show is taken over).
    :param app: the booted app on that board.
    """

    def __init__(self, board, app, effects=False):
        self.board = board
        self.app = app
        self.problems = []
        self.frames = 0
        self.screens = {}
        # effects=True: screen ID -> {(button, long)} that did something there (the
        # stack, a screen's state, the frame's text or the journal changed)
        self.effects = {} if effects else None
        app.surface.trace = []
        ui.TRACE = []
        board.on_show = self._shown

    def _shown(self, board):
        self.frames += 1
        top = self.app.top()
        where = top.ID or type(top).__name__
        self.screens[where] = self.screens.get(where, 0) + 1
        if len(self.problems) < 40:
            for problem in frame_problems(self.app.surface.trace, where):
                if problem not in self.problems:
                    self.problems.append(problem)
            for record in ui.TRACE:
                for problem in wrap_problems(record):
                    problem = where + ": " + problem
                    if problem not in self.problems:
                        self.problems.append(problem)
        del ui.TRACE[:]

    def _signature(self):
        import json
        app = self.app
        return (json.dumps([[screen.ID, screen.s] for screen in app.stack]),
                "\n".join(app.surface.lines()), app.journal.next_seq)

    def press(self, name, long=False):
        if self.effects is None:
            self.board.press(self.app, name, long)
            return
        where = self.app.top().ID
        before = self._signature()
        self.board.press(self.app, name, long)
        if self._signature() != before:
            self.effects.setdefault(where, set()).add((name, long))

    def close(self):
        """Detach; :returns: the problems found (list of str)."""
        ui.TRACE = None
        self.app.surface.trace = None
        self.board.on_show = None
        return self.problems


class Lcg:
    """The bench's deterministic choices (tools/bench_actions.py's generator)."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def random_walk(walker, actions, block=100, seed=0):
    """The bench's random walk (tools/bench_actions.py): in blocks of ``block``
    presses, open the next main-menu entry, then press at random (B less often,
    one press in ten long)."""
    from firmware.buttons import LONG, SHORT
    from firmware.screens import ENTRIES
    app = walker.app
    rng = Lcg(seed)
    names = ("U", "D", "L", "R", "A", "B")
    entry = 0
    done = 0
    while done < actions:
        app.home()
        app.forget_games()  # as choosing the next game does (the bench: every 500)
        app.top().s["sel"] = entry % len(ENTRIES)
        app.dirty = True
        entry += 1
        for step in range(block):
            if step == 0:
                name, kind = "A", SHORT
            else:
                name = names[rng.below(6)]
                if name == "B" and rng.below(3):
                    name = "A"
                kind = (SHORT, LONG)[1 if rng.below(10) == 0 else 0]
            walker.press(name, kind == LONG)
            done += 1
            if done >= actions:
                break


def press_keys(walker, script):
    """Press a keys script ("U D A:long ...") through the walker."""
    from boards.sim import parse_keys
    for name, long in parse_keys(script):
        walker.press(name, long)


# the words a help line starts with, and the buttons they name
_KEYWORDS = {"Up": "U", "Down": "D", "L": "L", "R": "R", "Left": "L", "Right": "R",
             "A": "A", "B": "B", "Arrows": "UDLR"}


def help_names(text):
    """The buttons a help text names: {(button, long)}, from the words each line
    starts with ("Up/Down choose", "L/R hold: next grid" is L and R, "hold B:
    track" is B long, "A or B back" is A and B)."""
    out = set()
    for line in text.split("\n"):
        words = line.replace("/", " / ").replace(":", " ").replace(",", " ").split()
        long = False
        if words and words[0] == "hold":
            long = True
            words = words[1:]
        keys = ""
        for word in words:
            if word in _KEYWORDS:
                keys += _KEYWORDS[word]
            elif word in ("/", "or"):
                continue
            else:
                if word == "hold":
                    long = True
                break
        for key in keys:
            out.add((key, long))
    return out


def report(problems):
    """The problems as one message (str)."""
    return "\n".join(problems[:40])


