"""A save's text made in pieces (issue 21): the body's JSON text as a list of str
whose concatenation is exactly ``json.dumps(body)``, each top-level key and value
and each screen of its "screens" encoded on its own. A Cybernaut save is 6-10 KB
of text, and a heap in pieces often has no block that big while it has several
half that size: the save was then streamed through a file and written twice to
flash (240 ms of a Pico a press after a solo placement). firmware.saving imports
this module only when a save found no block for its text whole: not at boot,
where every name a module holds stays interned.
"""

import hashlib
import json

from shared_rules.save import save_header


def save_pieces(body):
    """A save's header line and its body's JSON text in pieces, none joined.

    :param body: a JSON-ready dict (its keys str).
    :returns: (header, pieces): the header line (str, no newline:
        shared_rules.save.save_header's) and a list of str whose concatenation is
        exactly ``json.dumps(body)``; the save is the header, a newline, the
        pieces, a newline.
    :raises MemoryError: a piece found no room.
    """
    pieces = ["{"]
    for key in body:
        value = body[key]
        pieces.append((", " if len(pieces) > 1 else "") + json.dumps(key) + ": ")
        if key == "screens" and isinstance(value, list) and value:
            pieces.append("[")
            for at in range(len(value)):
                if at:
                    pieces.append(", ")
                pieces.append(json.dumps(value[at]))  # not joined to ", ": no copy
            pieces.append("]")
        else:
            pieces.append(json.dumps(value))
    pieces.append("}")
    # (shared_rules.save's _utf8, written out: imported from there by name, it would
    # keep that name in every boot's interned names)
    digest = hashlib.sha256()
    size = 0
    for piece in pieces:
        try:
            data = memoryview(piece)  # MicroPython: its UTF-8 bytes, no copy
        except TypeError:  # CPython
            data = piece.encode()
        digest.update(data)
        size += len(data)
    return save_header(digest.digest(), size), pieces
