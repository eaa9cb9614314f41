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


def render(data, name, fmt="text"):
    """The journal ``data`` (bytes) rendered as ``fmt``.

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
        for entry in entries:
            cells = [str(entry["seq"]), entry.get("game", ""), entry.get("kind", ""),
                     entry.get("rule", ""), _pairs(entry.get("in", {}), entry.get("kind")), _pairs(entry.get("out", {}), entry.get("kind"))]
            out.write("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n")
    else:
        for entry in entries:
            rule = " (%s)" % entry["rule"] if entry.get("rule") else ""
            out.write("#%d %s %s%s: %s -> %s\n" % (
                entry["seq"], entry.get("game", ""), entry.get("kind", ""), rule,
                _pairs(entry.get("in", {}), entry.get("kind")), _pairs(entry.get("out", {}), entry.get("kind"))))
    if torn and fmt in ("text", "md"):
        out.write("\n(the last entry was cut off by a power loss and is not shown)\n")
    return out.getvalue()
