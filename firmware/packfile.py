"""Reading a table pack's file for App.pack: which file (the owner's before the
sample), parsed as it is read, and the checks skipped for bytes this firmware
checked before (PACKS_OK). Imported only while a pack loads, then dropped (issue 7:
RAM a game does not need between its pack loads).

A game in progress keeps the tables it started with (KEPT): the first load of a
pack after a flow is opened from the main menu notes where it came from, and an
owner's pack file is copied into the data folder; every later load of that pack
(a reboot, an undo, a memory recovery) reads that copy, or the sample again, so an
owner's pack removed, broken or added on a PC mid-game changes nothing in the game.
The change is said once (``app.notices``). Opening a flow from the main menu
(``forget_kept``) lets go of the copies: the next game takes the files as they are.

A big range table (more than shared_rules.tables.ROWS_IN_RAM rows: an owner's
100-row Encounter table) is kept in a rows file (ROWS) and read a row at a time
when rolled; a pack checked before is loaded again from its slim copy there,
without those rows (issue 21: room to spare with real packs).
"""

import binascii
import hashlib

from shared_rules import VERSION
from shared_rules.errors import PackError

PACKS_OK = "packs.ok"  # in the data folder: pack files that passed their checks
PACKS_OK_KEPT = 8  # lines kept: the last packs checked
PACKS_OK_MAX = 2048  # bytes: a longer packs.ok is not read (and is replaced)
# the modules whose code (or constants) checks a pack, in shared_rules/: hashed with
# it, so new checks check it again; with each game's (check_modules)
CHECK_MODULES = ("pack_check", "tables", "hooks", "dice")
# in the data folder: per pack in use, "<name>.from" (the file it came from, then a
# line "said" once its change was said) and, for an owner's pack, "<name>.json" (a
# copy of the file as the game started with it)
KEPT = "packs.kept/"
# in the data folder: "<pack name>.<table>", a big range table's rows, one a line
# (shared_rules.tables.FileRows), written when the pack loads and kept while its
# bytes are the same
ROWS = "packs.rows/"


def load(app, name):
    """The table pack ``name`` (file ``packs/<name>.json``), parsed. For a
    sample pack ("cybernaut-sample") the owner's own pack of that game
    ("packs/cybernaut.json"), when there is one, is used instead.

    A pack file whose bytes this firmware checked before (their SHA-256 in
    PACKS_OK, in the data folder) loads without its checks: after a restart or a
    MemoryError a game loads its pack again, and the checks' code and their
    peak do not fit beside a game in the Pico's heap (issue 7). Changed bytes,
    or another firmware version, are checked again.

    A pack the game in progress started with (KEPT) is read from its copy, or
    from the sample it used, whatever the owner's files now are; a change of them
    is said once (a notice in ``app.notices``, title "Pack changed").

    :param app: firmware.app.App (its storage, pack_dirs, notices).
    :param name: str, e.g. "cybernaut-game-sample".
    :returns: shared_rules.tables.Pack.
    :raises PackError: missing file or a pack that fails validation (its text
        names the file and the problem).
    """
    # no flow open (only the main menu: no game to hold to its tables), or one open
    # (its screens, or a boot's preload before them)
    playing = not (len(app.stack) == 1 and app.stack[0].ID == "main")
    said = len(app.notices)
    kept = _kept_source(app, name) if playing else None
    if kept is None or not kept.startswith("packs/"):
        pack, where = _read(app, name, kept)
        if kept is None and playing:
            _keep(app, name, where)
        return pack
    # an owner's pack the game started with: its copy in KEPT
    copy = KEPT + name + ".json"
    try:
        return _read(app, name, kept)[0]
    except PackError as exc:
        damaged = _problem(str(exc), copy)
    # the copy is damaged (found by review: the game was dropped under "Pack changed"
    # naming the owner's good file): the owner's file, when it is still the one the
    # game started with (its size as kept), gives the game its tables back
    del app.notices[said:]  # not "goes on with the tables it started with": said below
    own = app.storage.size(kept)
    same = own >= 0 and own == _kept_size(app, name)
    if own < 0:
        raise PackError("%s (this game's copy of %s) is damaged: %s; and %s is gone: put "
                        "the pack this game started with back as %s" % (
                            copy, kept, damaged, kept, kept))
    try:
        pack, where = _read(app, name, None)
    except PackError as exc:
        raise PackError("%s (this game's copy of %s) is damaged: %s; and %s is no help: %s" % (
            copy, kept, damaged, kept, exc))
    _keep(app, name, where)  # a good copy again
    app.notices.append(("Kept pack damaged", "%s (this game's copy of %s) was damaged: %s. "
                        "The game goes on with %s%s" % (
                            copy, kept, damaged, kept,
                            ", unchanged since it started" if same else
                            " as it is now (changed since the game started: its tables "
                            "may differ)")))
    return pack


def _problem(message, name):
    """A PackError's ``message`` about file ``name`` without the file's name at its
    head ("pack 'x' is not valid JSON: ..." -> "not valid JSON: ...")."""
    for head in ("pack '%s' " % name, "pack file %s " % name, "pack %s " % name):
        if message.startswith(head):
            message = message[len(head):]
            break
    if message.startswith("is "):
        message = message[3:]
    return message


def _read(app, name, kept):
    """(Pack, where it came from) of pack ``name``: see ``load`` (``kept``: where the
    game in progress took it, or None). :raises PackError: naming the file read."""
    handle, where = _open_pack(app, name, kept)
    digest, size = _digest(handle)
    if size == 0 and digest is not None:  # read whole: 0 bytes (found by review:
        # "not valid JSON: Expecting value" said nothing)
        raise PackError("pack file %s is empty (0 bytes): copy the pack to the device "
                        "again (referee push)" % where)
    line = _ok_line(_packs_ok(app), digest)
    checked = line is not None
    # checked before: its copy without the rows kept in files, when there is one
    pack = _slim_pack(app, name, where, digest) if checked else None
    if pack is None:
        handle, where = _open_pack(app, name, kept)
        from shared_rules.tables import load_pack  # only when a game needs its pack: ~9 KB of RAM
        try:
            with handle:
                pack = load_pack(handle, where, checked)
        except OSError as exc:  # opened but not readable: a bad block, a cut cable
            raise PackError("pack file %s cannot be read: %s" % (where, exc))
    from shared_rules.tables import slot_problem
    wrong = slot_problem(where, pack.game)
    if wrong:  # another game's pack under this game's name (packs/<game>...json)
        raise PackError(wrong)
    if digest is not None and line != _ok_text(digest, pack):  # new, unmarked or not ours
        _remember_pack_ok(app, digest, pack)
    if not checked or not _has_file_rows(pack):
        _rows_to_files(app, name, pack, digest)
    if kept is not None and kept.startswith("packs/"):
        where = kept  # read from its copy: the game's record names the owner's file
    return pack, where


def _digest(handle):
    """(digest, size) of the pack file open as ``handle`` (closed here): the
    PACKS_OK line's first part, "<firmware version> <SHA-256 hex of its bytes and
    the checks' digest>", and its size in bytes; (None, -1) when it cannot be read
    or is not UTF-8 text (its load then says so)."""
    size = -1
    try:
        with handle:
            hasher = hashlib.sha256()
            size = 0
            while True:
                chunk = handle.read(512)
                if not chunk:
                    break
                size += len(chunk)
                hasher.update(chunk.encode() if isinstance(chunk, str) else chunk)
        _checks_hash(hasher)
        return VERSION + " " + binascii.hexlify(hasher.digest()).decode(), size
    except (OSError, UnicodeError, ValueError):
        return None, size


def placeholder(app, name):
    """Whether the table pack ``name`` says it is a placeholder ("placeholder":
    true, shared_rules.tables.Pack.placeholder), for a screen's "PLACEHOLDER pack"
    mark before a game starts (Neo-Hunt's set-up). A pack file whose bytes this
    firmware checked before is only read and hashed: its PACKS_OK line carries the
    flag and the pack's game (" placeholder=yes game=neohunt"). Parsing the Neo-Hunt
    sample took a Pico ~100 ms of the press that opened its set-up from the main
    menu, each time (issue 21); hashing it ~25 ms. Otherwise (no such line, a line
    of an older firmware, another game's pack under this name: its load names the
    problem, found by review), and while a game holds the pack (KEPT) or has it
    loaded, the pack is loaded (``app.pack``: checked, kept).

    :param app: firmware.app.App; :param name: str, e.g. "neohunt-sample".
    :returns: bool.
    :raises PackError: as ``app.pack`` (a missing, empty, bad or misplaced pack)."""
    lines = None
    if app.packs.get(name) is None and app.storage.size(KEPT + name + ".from") < 0:
        lines = [line for line in _packs_ok(app) if " game=" in line]
    if lines:  # (none marked, as on a first boot: no file hashed twice)
        handle, where = _open_pack(app, name)
        line = _ok_line(lines, _digest(handle)[0])
        # trusted when the pack's game is the one its file name serves (as
        # shared_rules.tables.slot_problem reads the name; any other: loaded, which
        # names the problem), without importing that module in this press
        if line is not None and line[line.index(" game=") + 6:] == \
                where.replace("\\", "/").split("/")[-1].split("-")[0].split(".")[0]:
            return " placeholder=yes " in line
    return app.pack(name).placeholder


def _ok_line(lines, digest):
    """The line of PACKS_OK (``lines``) for ``digest`` (str or None): the digest
    alone (an older firmware's line) or followed by its placeholder mark; None."""
    if digest is None:
        return None
    for line in lines:
        if line == digest or (line.startswith(digest) and line[len(digest):len(digest) + 1] == " "):
            return line
    return None


def _has_file_rows(pack):
    """True if a table of ``pack`` reads its rows from a file (FileRows)."""
    from shared_rules.tables import FileRows
    for table_name in pack.tables:
        if isinstance(pack.tables[table_name].rows, FileRows):
            return True
    return False


def _slim_pack(app, name, where, digest):
    """Pack ``name`` from its slim copy (ROWS "<name>.json", written by
    ``_rows_to_files``: the pack without the rows it keeps in files, each such
    table's "rows" the FileRows' figures instead) when that copy was made from
    the pack file whose ``digest`` (packs.ok's line: firmware version, SHA-256) is
    read now, and every rows file it names is whole (its size and CRC-32). Parsing
    it needs no room for those rows at all: a pack loaded again in a game's heap
    in pieces (a memory recovery, the game left for its menu and opened again)
    parsed its 100-row Encounter table, 20 KB, only to drop it (issue 21).

    :param where: the pack file's name (str), for the Pack's messages.
    :returns: shared_rules.tables.Pack, or None (no such copy, another pack's,
        damaged, or a rows file not whole: the pack file is parsed instead)."""
    import json
    from shared_rules.tables import FileRows, Pack
    storage = app.storage
    handle = storage.open_read(ROWS + name + ".json")
    if handle is None:
        return None
    try:
        with handle:
            slim = json.load(handle)
        if not isinstance(slim, dict) or slim.get("source") != digest:
            return None
        obj = slim["pack"]
        slim = None
        filed = {}
        for table_name in obj["tables"]:
            rows = obj["tables"][table_name]["rows"]
            if isinstance(rows, dict):
                file_name = rows["file"]
                if storage.size(file_name) != rows["size"] or \
                        _file_check(storage, file_name) != rows["crc"]:
                    return None
                filed[table_name] = FileRows(
                    storage.open, storage.path(file_name), rows["offsets"], rows["los"],
                    rows["his"], rows["checks"], app.packs, name)
                obj["tables"][table_name]["rows"] = []  # no rows parsed: FileRows below
        pack = Pack(obj, where, True)
    except (OSError, ValueError, KeyError, TypeError, IndexError, RuntimeError, PackError):
        return None  # not ours, or damaged: the pack file is parsed instead
    for table_name in filed:
        pack.tables[table_name].rows = filed[table_name]
        pack.data["tables"][table_name]["rows"] = filed[table_name]
    return pack


def _rows_to_files(app, name, pack, digest=None):
    """Keep each big range table of ``pack`` (more than ROWS_IN_RAM rows: an
    owner's 100-row Encounter table held 20 KB of the heap parsed, issue 21) in a
    file in ROWS, one row a line, and put a shared_rules.tables.FileRows in place of
    its parsed rows (in the Table and in ``pack.data``): a roll reads its one row.
    A file already there whose bytes are those the rows make (same size and check
    value: read back, 512 bytes at a time) is not written again, so a pack loaded
    again (a reboot, a memory recovery) costs no flash erase. A table whose file
    cannot be written keeps its rows in RAM as before.

    :param app: firmware.app.App (its storage and packs).
    :param name: str, the pack's name (e.g. "cybernaut-game-sample").
    :param pack: shared_rules.tables.Pack, just loaded.
    :param digest: the pack file's line in packs.ok (str), or None: with a
        digest, a slim copy of the pack is written too (``_slim_pack``).
    """
    from shared_rules.tables import ROWS_IN_RAM, FileRows, line_check, row_line
    storage = app.storage
    figures = {}  # table name -> its rows file's figures, for the slim copy
    for table_name in pack.tables:
        table = pack.tables[table_name]
        rows = table.rows
        if table.kind != "range" or not isinstance(rows, list) or len(rows) <= ROWS_IN_RAM:
            continue
        file_name = ROWS + name + "." + table_name
        head = ("pocket-referee rows: pack %s table %s, %d rows\n" % (
            name, table_name, len(rows))).encode()
        offsets = []
        los = []
        his = []
        checks = []
        at = len(head)
        whole = binascii.crc32(head)  # the whole file's
        for row in rows:  # one line at a time: the lines are never all on the heap
            line = row_line(row)
            offsets.append(at)
            at += len(line)
            los.append(row["lo"])
            his.append(row["hi"])
            checks.append(line_check(line))
            whole = binascii.crc32(line, whole)
        offsets.append(at)
        line = None
        try:
            if storage.size(file_name) != at or _file_check(storage, file_name) != whole:
                _write_rows(storage, file_name, head, rows)
        except OSError:
            continue  # its rows stay in RAM
        filed = FileRows(storage.open, storage.path(file_name), offsets, los, his, checks,
                         app.packs, name)
        table.rows = filed
        pack.data["tables"][table_name]["rows"] = filed
        figures[table_name] = {"file": file_name, "size": at, "crc": whole, "offsets": offsets,
                               "los": los, "his": his, "checks": checks}
    if figures and digest is not None:
        _write_slim(storage, name, pack, digest, figures)


def _write_slim(storage, name, pack, digest, figures):
    """Write the slim copy of ``pack`` (see ``_slim_pack``): {"source": digest,
    "pack": the pack's data, each table of ``figures`` with its figures as its
    "rows"}, streamed (json.dump) to ROWS "<name>.json".tmp and renamed over it.
    A failed write only means the next load parses the pack file."""
    import json
    data = pack.data
    obj = {}
    for key in data:
        obj[key] = data[key]
    tables = {}
    for table_name in data["tables"]:
        table = data["tables"][table_name]
        if table_name in figures:
            copy = {}
            for key in table:
                copy[key] = table[key]
            copy["rows"] = figures[table_name]
            table = copy
        tables[table_name] = table
    obj["tables"] = tables
    file_name = ROWS + name + ".json"
    try:
        with storage.open(storage.path(file_name + ".tmp"), "w") as handle:
            json.dump({"source": digest, "pack": obj}, handle)
            handle.flush()
        storage.rename(file_name + ".tmp", file_name)
    except (OSError, TypeError, ValueError):
        storage.remove(file_name)  # none rather than another pack's


def _file_check(storage, file_name):
    """The CRC-32 of a data folder file's bytes, read 512 at a time.
    :raises OSError: not readable."""
    check = 0
    with storage.open(storage.path(file_name), "rb") as handle:
        while True:
            chunk = handle.read(512)
            if not chunk:
                return check
            check = binascii.crc32(chunk, check)


def _write_rows(storage, file_name, head, rows):
    """Write a rows file (``head``, then each row's line) to ``file_name``.tmp, one
    line at a time, and rename it over ``file_name``: a cut write leaves the old
    file or none, never half of one under its name. :raises OSError: it failed."""
    from shared_rules.tables import row_line
    try:
        storage.fs.mkdir(storage.path(ROWS[:-1]))
    except OSError:
        pass  # there already (or the write below says why not)
    with storage.open(storage.path(file_name + ".tmp"), "wb") as handle:
        handle.write(head)
        for row in rows:
            handle.write(row_line(row))
        handle.flush()
    storage.rename(file_name + ".tmp", file_name)


def _kept_size(app, name):
    """The size in bytes of the owner's pack ``name`` as the game in progress started
    with it (KEPT "<name>.from", line "size N"), else its copy's size (a record from
    before the size was kept), or -1."""
    try:
        data = app.storage.read(KEPT + name + ".from")
        lines = data.decode().split("\n") if data is not None and len(data) < 512 else []
    except (OSError, UnicodeError):
        lines = []
    for line in lines:
        if line.startswith("size "):
            try:
                return int(line[5:])
            except ValueError:
                break
    return app.storage.size(KEPT + name + ".json")


def _kept_source(app, name):
    """Where the game in progress got pack ``name`` (KEPT "<name>.from": a data
    folder file such as "packs/cybernaut.json", or a firmware folder's path), or
    None (no game started with it, or an unreadable record). Says once, in
    ``app.notices``, that an owner's file is not the one the game started with."""
    try:
        data = app.storage.read(KEPT + name + ".from")
        lines = data.decode().split("\n") if data is not None and len(data) < 512 else []
    except (OSError, UnicodeError):
        return None
    if not lines or not lines[0]:
        return None
    where = lines[0]
    if "said" in lines:
        return where
    own = _own_file(app, name)
    if where.startswith("packs/"):  # against the size kept (a damaged copy is no change)
        changed = own != where or app.storage.size(own) != _kept_size(app, name)
    else:
        changed = own is not None
    if changed:
        if own is None:
            what = "%s is gone" % where
        elif own == where:
            what = "%s was changed" % where
        else:
            what = "%s was added" % own
        # (found by a new user: "this game" read oddly on a set-up screen, before
        # any game began: the tables are kept from the game's set-up)
        text = "%s: the game open now (in play or being set up) keeps the tables it " \
               "opened with; a new game takes the files as they are then" % what
        try:
            app.storage.write_atomic(KEPT + name + ".from", "\n".join(
                [line for line in lines if line and line != "said"]) + "\nsaid\n")
        except OSError:
            pass
        app.notices.append(("Pack changed", text))
    return where


def _own_file(app, name):
    """The owner's pack file in the data folder that ``_open_pack`` would use for
    ``name`` (str, e.g. "packs/cybernaut.json"), or None."""
    names = ["packs/" + name + ".json"]
    if name.endswith("-sample"):
        names.insert(0, "packs/" + name[:-7] + ".json")
    for file_name in names:
        if app.storage.size(file_name) >= 0:
            return file_name
    return None


def _keep(app, name, where):
    """Note (KEPT) that the game now started takes pack ``name`` from ``where``;
    copy an owner's file. A failed write only means the game is not held to it."""
    try:
        size = ""
        if where.startswith("packs/"):  # the copy, and the size the game started with
            app.storage.copy(where, KEPT + name + ".json")
            size = "size %d\n" % app.storage.size(where)
        app.storage.write_atomic(KEPT + name + ".from", where + "\n" + size)
    except OSError:
        pass


def forget_kept(app):
    """A flow opened from the main menu: the packs kept for the game left behind
    (KEPT) are let go; its next loads take the files as they are."""
    for file_name in app.storage.listdir(KEPT[:-1]):
        app.storage.remove(KEPT + file_name)

def check_modules():
    """The modules (paths under shared_rules/, no extension) whose code checks a
    pack: CHECK_MODULES, then each registered game's (firmware.screens.GAMES), as
    its package names them (``PACK_CHECKS`` in shared_rules/<game>/__init__.py).

    :returns: list of str, e.g. ["pack_check", ..., "cybernaut/pack", ...]."""
    from firmware.screens import GAMES
    out = list(CHECK_MODULES)
    for game in GAMES:
        out.extend(getattr(__import__("shared_rules." + game, None, None, ["_"]), "PACK_CHECKS", ()))
    return out


# the file beside main.py holding checks_digest, made by the build; in the firmware with
# the code frozen in, "=", the digest itself and the build's fingerprint (64 hex each:
# host/referee/firmware.py writes them there)
CHECKS_FILE = "checks.sha256"


def _checks_hash(hasher):
    """Feed the pack checks' digest (``checks_digest``: hex, 64 characters) into
    ``hasher`` (hashlib.sha256): checks changed by a deploy check every pack
    again, whatever VERSION says (found by review). A device build carries it in
    checks.sha256 beside main.py, made by the build from the very files
    (host/referee/build.py): reading and hashing the modules took a Pico 110-180 ms
    on every pack load (issue 21); without that file it is worked out here. The
    firmware with the build frozen in carries its own in CHECKS_FILE ("=" and the
    digest): a file left on the filesystem by an older deploy must not vouch for a
    newly flashed firmware's checks.

    :raises OSError: a file found but not readable."""
    if CHECKS_FILE[0] == "=":  # then the build's fingerprint, for `referee deploy`
        hasher.update(CHECKS_FILE[1:65].encode())
        return
    folder = _code_folder()
    try:
        handle = open(folder + "/" + CHECKS_FILE, "rb")
    except OSError:
        handle = None
    if handle is not None:
        with handle:
            hasher.update(handle.read(64))
        return
    hasher.update(checks_digest(folder).encode())


def _code_folder():
    """The folder holding firmware/ and shared_rules/ (this module's grandparent),
    or "." for a frozen module (its file names no folder)."""
    try:
        here = __file__.replace("\\", "/")
    except NameError:  # a frozen module may have no file: its names only, then
        here = ""
    parts = here.rsplit("/", 2)  # <root>/firmware/packfile.(m)py
    return parts[0] if len(parts) == 3 else "."


def checks_digest(folder):
    """The SHA-256 (hex str) of the pack checks' modules (check_modules: in
    ``folder``/shared_rules, the .py file where there is one, else the .mpy, as
    MicroPython's import tries them), each one's name then its bytes; a module
    not found adds its name only.

    :raises OSError: a file found but not readable."""
    inner = hashlib.sha256()
    for module in check_modules():
        inner.update(module.encode())
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
                    inner.update(chunk)
            break
    return binascii.hexlify(inner.digest()).decode()


def _open_pack(app, name, kept=None):
    """(open text stream, its name for messages) of pack ``name``; see ``pack``.
    The file is parsed as it is read (json.load on the stream): reading it
    whole needed one block as big as the file (6.6 KB for Cybernaut's game
    pack) and another for its text, which a heap in pieces has not got.

    :param kept: where the game in progress took it from (``_kept_source``), or None.
    :raises PackError: no such file."""
    handle = None
    if kept is not None and kept.startswith("packs/"):
        handle = app.storage.open_read(KEPT + name + ".json")
        if handle is not None:  # messages name the copy (found by review)
            return handle, KEPT + name + ".json"
        raise PackError("pack file %s%s.json is missing" % (KEPT, name))
    elif kept is not None:  # the sample: an owner's pack added since is not used
        for folder in app.pack_dirs:
            try:
                return open(folder + "/" + name + ".json", "r", encoding="utf-8"), \
                    folder + "/" + name + ".json"
            except OSError:
                pass
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
        raise PackError("pack file %s is missing: copy it to the device (referee push)" % file_name)
    return handle, where

def _packs_ok(app):
    """The lines of PACKS_OK: "<firmware version> <SHA-256 hex> placeholder=yes|no
    game=<its game>" of pack files that passed their checks (an older firmware's
    lines have neither; an unreadable file: none)."""
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

def _ok_text(digest, pack):
    """PACKS_OK's line for ``digest`` and ``pack`` (its placeholder flag and game;
    "game=" alone: the pack names none)."""
    return "%s placeholder=%s game=%s" % (digest, "yes" if pack.placeholder else "no",
                                          pack.game or "")


def _remember_pack_ok(app, digest, pack):
    """Add ``digest``'s line to PACKS_OK with ``pack``'s placeholder flag and game
    (shared_rules.tables.Pack), in place of any line it had (the last PACKS_OK_KEPT
    kept). A failed write only means the checks run again next time."""
    lines = _packs_ok(app)
    lines = [line for line in lines if line and _ok_line([line], digest) is None]
    lines.append(_ok_text(digest, pack))
    try:
        app.storage.write_atomic(PACKS_OK, "\n".join(lines[-PACKS_OK_KEPT:]) + "\n")
    except OSError:
        pass
