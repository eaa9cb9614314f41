"""Checks of a file before the PC sends it to a device (`referee sync`, `push`), and
the strict journal reading of `referee log` and `verify`.

A file that fails is not sent: the message names it and the problem (issue 22).

- packs/*.json: validated as `referee pack check` does (shared_rules.tables.load_pack,
  and what its game checks only when it opens: a Neo-Hunt pack's section, its
  package's pack.check_loaded), and no bigger than MAX_PACK_BYTES, the most the
  device's heap can parse (see there);
- saves/*: a save's header and checksum (shared_rules.save.decode_save);
- journals/*.jrn: every line's checksum and numbering (check_journal);
- every file: its size against the device's free flash (with the agent's reserve).
"""

from shared_rules.errors import PackError, SaveError
from shared_rules.hooks import game_module

# The biggest pack file the device is let to receive, in bytes. Measured on the
# emulated Pico (the stock RPI_PICO v1.28 firmware, its real 32-bit heap; 2026-12-02)
# with the app stopped at its main menu as a sync leaves it (180,064 bytes free):
# shared_rules.tables.load_pack, checks included, parsed a 66,314-byte pack (20-row
# range tables; it kept 133,504 bytes, about twice its size) and ran out of memory
# on a 99,542-byte one. A game's own modules need room beside its pack (Cybernaut's
# hold more than the rest of the app), so the limit is half the biggest that parsed,
# rounded down to a KB.
MAX_PACK_BYTES = 32 * 1024
RESERVE = 4096  # firmware/sync_agent.py's RESERVE: what a transfer leaves free


def pack_problems(data, path):
    """Every problem of the pack file ``data`` (bytes), as `referee pack check` lists
    them.

    :param path: the file's name, used in the messages.
    :returns: (list of str problems, the Pack or None).
    """
    from shared_rules.tables import load_pack
    if len(data) > MAX_PACK_BYTES:  # as sync refuses it (found by review: check said ok)
        return ["%d bytes is bigger than the %d a device's heap can parse (a pack that big "
                "would stop the game that loads it)" % (len(data), MAX_PACK_BYTES)], None
    try:
        pack = load_pack(data, path)
        from shared_rules.hooks import pack_slot
        from shared_rules.tables import slot_problem
        # a pack naming no game is held to the game its file name is read for (as the
        # device reads it: shared_rules.hooks.pack_slot; found by review)
        game = pack.data.get("game") or ("neohunt" if "neohunt" in pack.data else pack_slot(path))
        wrong = slot_problem(path, game)
        if wrong:  # found by review: a Neo-Hunt pack named cybernaut-game.json passed
            raise PackError(wrong)
        # what the device checks only when the pack's game opens (a Neo-Hunt pack's
        # section, the Cybernaut game pack's sections): the game's hook, by
        # convention (shared_rules/hooks.py)
        hook = getattr(game_module(game, "pack"), "check_loaded", None)
        problems = hook(pack.data, path) if hook is not None else []
        if problems:
            raise PackError(problems[0] if len(problems) == 1 else "%d problem(s)" % len(problems),
                            problems)
    except PackError as exc:
        return list(exc.problems or [str(exc)]), None
    return [], pack


def check_journal(data, name):
    """Read a journal strictly: as shared_rules.journal.read_journal, but a last line
    that is whole (it ends in a newline) and fails its checksum is damaged or edited,
    not cut by a power loss (a cut append leaves no newline at the end).

    :param data: bytes or str.
    :returns: (entries, torn); torn: the last line was cut short (a power loss).
    :raises SaveError: not a journal (empty, a save, no journal line), or a damaged
        or edited line (names the line).
    """
    from shared_rules.journal import decode_line, read_journal
    if isinstance(data, str):
        data = data.encode()
    if not data:
        raise SaveError("'%s' is empty (0 bytes): not a journal" % name)
    if data.startswith(b"{"):
        raise SaveError("'%s' is not a journal (it looks like a save or a pack: a journal's "
                        "lines start with an 8-digit checksum)" % name)
    entries, torn = read_journal(data, name)
    if torn and data.endswith(b"\n"):
        lines = data.decode().split("\n")[:-1]
        try:
            decode_line(lines[-1], len(lines), name)
        except SaveError as exc:
            raise SaveError("%s: the line is whole, so it was damaged or edited after it was "
                            "written (a power loss only cuts the last line short)" % exc)
    if not entries:
        raise SaveError("'%s' has no whole journal line: not a journal" % name)
    return entries, torn


def check_save(data, name):
    """:raises SaveError: ``data`` is not a good save (header, checksum, JSON)."""
    from shared_rules.save import decode_save
    try:
        text = data.decode()
    except UnicodeError:
        raise SaveError("save '%s' is not text" % name)
    decode_save(text, name)


def send_problem(rel, data, free=None):
    """Why the PC must not send ``rel`` (a path in the data folder) with ``data``
    (bytes) to the device, or None when it may.

    :param free: bytes free on the device's data filesystem, or None (not checked).
    :returns: str naming the problem (the caller names the file), or None.
    """
    size = len(data)
    if free is not None and size + RESERVE > free:
        return ("it needs %d bytes and the device has %d free (%d kept in reserve): make room "
                "on the device first (delete old journals from this folder and sync)"
                % (size, free, RESERVE))
    problem = _content_problem(rel, data, size)
    if problem:
        return problem + ". Fix it on the PC (or delete it there) and sync again"
    return None


def _content_problem(rel, data, size):
    """What is wrong with the bytes of ``rel`` for the device, or None."""
    if rel.startswith("packs/") and rel.endswith(".json"):
        if size > MAX_PACK_BYTES:
            return ("%d bytes is bigger than the %d a device's heap can parse (a pack that "
                    "big would stop the game that loads it)" % (size, MAX_PACK_BYTES))
        problems, _ = pack_problems(data, rel)
        if problems:
            return "not a valid pack (`referee pack check` lists it): " + "; ".join(problems[:3]) + (
                "; and %d more" % (len(problems) - 3) if len(problems) > 3 else "")
    elif rel.startswith("saves/"):
        try:
            check_save(data, rel)
        except SaveError as exc:
            return str(exc)
    elif rel.startswith("journals/") and rel.endswith(".jrn"):
        try:
            check_journal(data, rel)
        except SaveError as exc:
            return str(exc)
    return None
