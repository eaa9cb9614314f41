"""The journal: every roll and state change of a session, one entry a line.

An entry is a dict::

    {"seq": 12, "game": "neohunt", "kind": "shot", "rule": "Neo-Hunt combat",
     "in": {...inputs...}, "out": {...outcome...}}

On storage a journal is append-only text, one line per entry:
``<crc32 as 8 hex digits> <entry as JSON>\\n``. The CRC covers the JSON text
exactly as written, so a torn or altered line is detected. A torn *last* line (a
power cut during the append) is expected and dropped; a bad line anywhere else is
corruption and raises.
"""

import binascii
import json

from shared_rules.errors import SaveError

# the "game" of the journal's own entries (session start, salt, seed reveal, undo)
SESSION = "session"


def _crc(text):
    try:
        data = memoryview(text)  # MicroPython: a str is its UTF-8 bytes, no copy
    except TypeError:
        data = text.encode()
    return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)


def entry_parts(entry):
    """The journal line of ``entry`` (dict) in parts, not joined: (crc, text), two
    str; the line is ``crc + " " + text + "\n"``. A big entry is then on the heap
    once (the joined line and its UTF-8 copy were three more on the Pico)."""
    text = json.dumps(entry)
    return _crc(text), text


def encode_entry(entry):
    """One journal line for ``entry`` (dict), ending in a newline."""
    crc, text = entry_parts(entry)
    return crc + " " + text + "\n"


def decode_line(line, lineno, name):
    """Read one journal line.

    :param line: str without the newline.
    :param lineno: 1-based line number, for messages.
    :param name: the journal's file name, for messages.
    :returns: the entry (dict).
    :raises SaveError: bad CRC, not JSON, or not an entry.
    """
    if len(line) < 10 or line[8] != " ":
        raise SaveError("journal '%s' line %d: not a journal line" % (name, lineno))
    text = line[9:]
    if _crc(text) != line[:8]:
        raise SaveError("journal '%s' line %d: checksum does not match (damaged)" % (name, lineno))
    try:
        entry = json.loads(text)
    except (ValueError, RuntimeError):  # RuntimeError: nested too deep
        raise SaveError("journal '%s' line %d: not valid JSON (or nested too deep)" % (name, lineno))
    if not isinstance(entry, dict) or not isinstance(entry.get("seq"), int):
        raise SaveError("journal '%s' line %d: not a journal entry" % (name, lineno))
    return entry


def read_journal(text, name):
    """Read a whole journal.

    :param text: str or bytes, the file's contents.
    :param name: the file name, for messages.
    :returns: (entries, torn) where entries is a list of dicts in order and torn is
        True when an incomplete last line (a cut append) was dropped.
    :raises SaveError: a damaged line before the last, or sequence numbers that do
        not increase by one.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeError:
            raise SaveError("journal '%s': not text" % name)
    lines = text.split("\n")
    torn = False
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        # no newline at the end: the last append was cut
        lines.pop()
        torn = True
    entries = []
    last = len(lines)
    for index in range(last):
        try:
            entry = decode_line(lines[index], index + 1, name)
        except SaveError:
            if index == last - 1:
                torn = True
                break
            raise
        if entries and entry["seq"] != entries[-1]["seq"] + 1:
            raise SaveError("journal '%s' line %d: sequence %d follows %d"
                            % (name, index + 1, entry["seq"], entries[-1]["seq"]))
        entries.append(entry)
    return entries, torn


class Journal:
    """The session's journal in memory: numbering and the last few entries.

    The full journal lives on storage (the caller appends ``encode_entry`` lines);
    only ``keep`` recent entries stay in RAM.

    :param game: default game name for entries (str).
    :param next_seq: the next sequence number (int >= 1).
    :param keep: how many recent entries to keep in memory (int >= 1).
    """

    def __init__(self, game="", next_seq=1, keep=8):
        self.game = game
        self.next_seq = next_seq
        self.keep = keep
        self.recent = []

    def record(self, kind, inputs, outcome, rule="", game=None):
        """Make the next entry.

        :param kind: what happened, e.g. "roll", "shot", "interaction" (str).
        :param inputs: dict of what went in (JSON-ready).
        :param outcome: dict of what came out (JSON-ready).
        :param rule: the rule section, e.g. "Cybernaut V.A" (str).
        :returns: the entry (dict); the caller stores it.
        """
        entry = {"seq": self.next_seq, "game": game or self.game, "kind": kind,
                 "rule": rule, "in": inputs, "out": outcome}
        self.next_seq += 1
        self.recent.append(entry)
        if len(self.recent) > self.keep:
            self.recent.pop(0)
        return entry
