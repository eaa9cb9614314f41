"""Reading a table pack's file for App.pack: which file (the owner's before the
sample), parsed as it is read, and the checks skipped for bytes this firmware
checked before (PACKS_OK). Imported only while a pack loads, then dropped (issue 7:
RAM a game does not need between its pack loads).
"""

import binascii
import hashlib

from shared_rules import VERSION
from shared_rules.errors import PackError

PACKS_OK = "packs.ok"  # in the data folder: pack files that passed their checks
PACKS_OK_KEPT = 8  # lines kept: the last packs checked
PACKS_OK_MAX = 2048  # bytes: a longer packs.ok is not read (and is replaced)
# the modules whose code (or constants) checks a pack, in shared_rules/: hashed with
# it, so new checks check it again
CHECK_MODULES = ("pack_check", "tables", "cybernaut_pack", "cybernaut_techgear", "cybernaut",
                 "dice")


def load(app, name):
    """The table pack ``name`` (file ``packs/<name>.json``), parsed. For a
    sample pack ("cybernaut-sample") the owner's own pack of that game
    ("packs/cybernaut.json"), when there is one, is used instead.

    A pack file whose bytes this firmware checked before (their SHA-256 in
    PACKS_OK, in the data folder) loads without its checks: after a restart or a
    MemoryError a game loads its pack again, and the checks' code and their
    peak do not fit beside a game in the Pico's heap (issue 7). Changed bytes,
    or another firmware version, are checked again.

    :param app: firmware.app.App (its storage, pack_dirs).
    :param name: str, e.g. "cybernaut-game-sample".
    :returns: shared_rules.tables.Pack.
    :raises PackError: missing file or a pack that fails validation.
    """
    handle, where = _open_pack(app, name)
    digest = None
    try:
        with handle:
            hasher = hashlib.sha256()
            while True:
                chunk = handle.read(512)
                if not chunk:
                    break
                hasher.update(chunk.encode() if isinstance(chunk, str) else chunk)
        _checks_hash(hasher)
        digest = VERSION + " " + binascii.hexlify(hasher.digest()).decode()
    except (OSError, UnicodeError, ValueError):
        pass  # not readable or not UTF-8: the load below says so
    checked = digest is not None and digest in _packs_ok(app)
    handle, where = _open_pack(app, name)
    from shared_rules.tables import load_pack  # only when a game needs its pack: ~9 KB of RAM
    try:
        with handle:
            pack = load_pack(handle, where, checked)
    except OSError as exc:  # opened but not readable: a bad block, a cut cable
        raise PackError("pack file '%s' cannot be read: %s" % (where, exc))
    if digest is not None and not checked:
        _remember_pack_ok(app, digest)
    return pack

def _checks_hash(hasher):
    """Feed the files of the pack checks' modules (CHECK_MODULES: in the shared_rules
    folder beside this module's own folder, the .mpy files on a device and the
    sources elsewhere, .py first as MicroPython's import tries them) into ``hasher``
    (hashlib.sha256): checks changed by a deploy check every pack again, whatever
    VERSION says (found by review). A module not found adds its name only.

    :raises OSError: a file found but not readable."""
    try:
        here = __file__.replace("\\", "/")
    except NameError:  # a frozen module may have no file: its names only, then
        here = ""
    parts = here.rsplit("/", 2)  # <root>/firmware/packfile.(m)py
    folder = parts[0] if len(parts) == 3 else "."
    for module in CHECK_MODULES:
        hasher.update(module.encode())
        for ext in (".py", ".mpy"):
            try:
                handle = open(folder + "/shared_rules/" + module + ext, "rb")
            except OSError:
                continue
            with handle:
                while True:
                    chunk = handle.read(512)
                    if not chunk:
                        break
                    hasher.update(chunk)
            break


def _open_pack(app, name):
    """(open text stream, its name for messages) of pack ``name``; see ``pack``.
    The file is parsed as it is read (json.load on the stream): reading it
    whole needed one block as big as the file (6.6 KB for Cybernaut's game
    pack) and another for its text, which a heap in pieces has not got.

    :raises PackError: no such file."""
    handle = None
    if name.endswith("-sample"):
        file_name = "packs/" + name[:-7] + ".json"
        handle = app.storage.open_read(file_name)
    if handle is None:
        file_name = "packs/" + name + ".json"
        handle = app.storage.open_read(file_name)
    where = file_name
    if handle is None:
        for folder in app.pack_dirs:
            try:
                handle = open(folder + "/" + name + ".json", "r", encoding="utf-8")
                where = folder + "/" + name + ".json"
                break
            except OSError:
                pass
    if handle is None:
        raise PackError("pack file '%s' is missing: copy it to the device (referee push)" % file_name)
    return handle, where

def _packs_ok(app):
    """The lines of PACKS_OK: "<firmware version> <SHA-256 hex>" of pack files
    that passed their checks (an unreadable file: none)."""
    try:
        handle = app.storage.open_read(PACKS_OK)
        if handle is None:
            return []
        with handle:
            data = handle.read(PACKS_OK_MAX + 1)
        if len(data) > PACKS_OK_MAX:  # not ours: too big to read (RAM), replaced next time
            return []
        if isinstance(data, bytes):
            data = data.decode()
        return data.split("\n")
    except (OSError, UnicodeError, ValueError):
        return []

def _remember_pack_ok(app, digest):
    """Add ``digest`` to PACKS_OK (the last PACKS_OK_KEPT kept). A failed write
    only means the checks run again next time."""
    lines = [line for line in _packs_ok(app) if line and line != digest]
    lines.append(digest)
    try:
        app.storage.write_atomic(PACKS_OK, "\n".join(lines[-PACKS_OK_KEPT:]) + "\n")
    except OSError:
        pass
