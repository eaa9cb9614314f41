"""`referee log`: a session journal rendered for reading (text, csv, jsonl, md),
read through shared_rules.journal.

Hidden values are sealed on the device (shared_rules.seal) and the sealing key
never leaves it in a sync, so nothing here can open them: a sealed value shows as
"(sealed)" in text and md, and stays as its sealed text in csv and jsonl. A value
the rules have revealed was journaled in clear by the firmware when it was
revealed, and shows as it is.
"""

import csv
import io
import json
import re

from referee.checks import check_journal

FORMATS = ("text", "csv", "jsonl", "md")
SEALED = "(sealed)"
_SEALED_RE = re.compile(r"^[0-9a-f]{10,}$")
_SEALED64_RE = re.compile(r"^>[A-Za-z0-9+/]{8,}={0,2}$")


def looks_sealed(value):
    """True for a sealed value (shared_rules.seal): ">" and the base64 of a 4-byte
    salt and at least one block, or (sealed before 2026-12-04) lowercase hex of a
    4-byte salt and at least one byte."""
    if not isinstance(value, str):
        return False
    if value[:1] == ">":
        return len(value) % 4 == 1 and bool(_SEALED64_RE.match(value))
    return len(value) % 2 == 0 and bool(_SEALED_RE.match(value))


# hex values that are public by the rules of the dice (README "Fair dice you can
# check"): the session's commitment, and its seed once End session revealed it
PUBLIC_HEX = {("session_start", "commit"), ("session_start", "short"), ("seed_reveal", "seed"),
              ("seed_reveal", "commit"), ("seed_reveal", "short"),
              # sealed secrets (shared_rules.commit): the hash, and the salt once revealed
              ("commit", "hash"), ("reveal", "hash"), ("reveal", "salt")}


def _show(value, public=False):
    if looks_sealed(value) and not public:
        return SEALED
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True)
    return str(value)


def _pairs(mapping, kind=""):
    if not isinstance(mapping, dict):
        return _show(mapping)
    return " ".join("%s=%s" % (key, _show(mapping[key], (kind, key) in PUBLIC_HEX))
                    for key in sorted(mapping))


# Neo-Hunt's sealed places (a varan's start, entry and moves: firmware/games/neohunt/turns.py)
# are one-character codes, revealed as they were sealed so their hash checks; text and md
# name the place beside the code ("value=4 (S4)")
_NH_PLACES = ("start of ", "entry of ", "move ")


def _place_gloss(entry):
    """The place a revealed Neo-Hunt place code names ("S4", "C", "Hide"), or None for
    any other entry (Neo-Hunt "Hidden varans"; shared_rules.neohunt.board.place_name)."""
    what = _d(entry.get("in")).get("what")
    value = _d(entry.get("out")).get("value")
    if (entry.get("game") != "neohunt" or entry.get("kind") != "reveal" or not isinstance(what, str)
            or not what.startswith(_NH_PLACES) or value not in ("0", "1", "2", "3", "4", "5", "6", "H")):
        return None
    from shared_rules.neohunt.board import place_name
    return place_name(value)


def _d(value):
    return value if isinstance(value, dict) else {}


def undone_entries(entries):
    """Which entries Undo took back and no Redo brought back, at the journal's end.

    An "undo" entry's outcome names the span it took back (``"undone": [first, last]``),
    a "redo" entry's the span it brought back (``"redone"``: firmware/undo.py step).

    :param entries: the journal's entries (list of dicts, as check_journal gives).
    :returns: dict {seq (int): the seq of the undo entry that took it back (int)}.
    """
    out = {}
    if not entries:
        return out
    first, last = entries[0]["seq"], entries[-1]["seq"]  # a span is read within them
    for entry in entries:
        result = _d(entry.get("out"))
        for key, back in (("undone", True), ("redone", False)):
            span = result.get(key)
            if entry.get("kind") not in ("undo", "redo") or not isinstance(span, list) or len(span) != 2:
                continue
            if not all(isinstance(one, int) for one in span):
                continue
            for seq in range(max(span[0], first), min(span[1], last) + 1):
                if back:
                    out[seq] = entry["seq"]
                else:
                    out.pop(seq, None)
    return out


def _outcome(entry):
    """The outcome's pairs for reading, less its own "kind" and "rule" when they say
    again the entry's (a Cybernaut event carries both: found by a new user, every
    segment line read "segment (Cybernaut IV.A.2): -> kind=segment rule=Cybernaut IV.A.2 ...")."""
    out = entry.get("out", {})
    if isinstance(out, dict) and [key for key in ("kind", "rule") if key in out and out[key] == entry.get(key)]:
        out = dict((key, out[key]) for key in out if key not in ("kind", "rule") or out[key] != entry.get(key))
    text = _pairs(out, entry.get("kind"))
    place = _place_gloss(entry)
    if place is not None:
        text = text.replace("value=%s" % entry["out"]["value"], "value=%s (%s)" % (entry["out"]["value"], place), 1)
    return text


def render(data, name, fmt="text"):
    """The journal ``data`` (bytes) rendered as ``fmt``.

    text and md are for reading: a sealed value shows as "(sealed)", a revealed Neo-Hunt
    place names its place beside its code, and an entry Undo took back (and no Redo
    brought back) says so ("[undone by #N]"). csv and jsonl keep every entry as it is.

    :returns: str.
    :raises SaveError: a damaged or edited journal (names the file and line), or a
        file that is not a journal (empty, a save): referee.checks.check_journal.
    :raises ValueError: an unknown format.
    """
    if fmt not in FORMATS:
        raise ValueError("unknown format '%s' (use %s)" % (fmt, ", ".join(FORMATS)))
    entries, torn = check_journal(data, name)
    out = io.StringIO()
    if fmt == "jsonl":
        for entry in entries:
            out.write(json.dumps(entry, sort_keys=True) + "\n")
    elif fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["seq", "game", "kind", "rule", "inputs", "outcome"])
        for entry in entries:
            writer.writerow([entry["seq"], entry.get("game", ""), entry.get("kind", ""),
                             entry.get("rule", ""), json.dumps(entry.get("in", {}), sort_keys=True),
                             json.dumps(entry.get("out", {}), sort_keys=True)])
    elif fmt == "md":
        out.write("# Journal %s\n\n" % name)
        out.write("| # | game | kind | rule | inputs | outcome |\n|---|---|---|---|---|---|\n")
        undone = undone_entries(entries)
        for entry in entries:
            mark = " [undone by #%d]" % undone[entry["seq"]] if entry["seq"] in undone else ""
            cells = [str(entry["seq"]), entry.get("game", ""), entry.get("kind", "") + mark,
                     entry.get("rule", ""), _pairs(entry.get("in", {}), entry.get("kind")), _outcome(entry)]
            out.write("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n")
    else:
        undone = undone_entries(entries)
        for entry in entries:
            rule = " (%s)" % entry["rule"] if entry.get("rule") else ""
            mark = " [undone by #%d]" % undone[entry["seq"]] if entry["seq"] in undone else ""
            inputs = _pairs(entry.get("in", {}), entry.get("kind"))
            out.write("#%d %s %s%s:%s -> %s%s\n" % (
                entry["seq"], entry.get("game", ""), entry.get("kind", ""), rule,
                " " + inputs if inputs else "", _outcome(entry), mark))
    if torn and fmt in ("text", "md"):
        out.write("\n(the last entry was cut off by a power loss and is not shown)\n")
    return out.getvalue()
