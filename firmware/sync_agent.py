"""The device's end of `referee sync`: small functions the PC calls through the raw
REPL (mpremote's exec), one short call at a time.

Every call is short so a Ctrl-C or a pulled cable never leaves the device stuck in
the middle of one. Data moves as base64 text (no control bytes on the serial
line). A file sent to the device is written under ``<name>.part``, its SHA-256 is
checked on the file as stored, and only then is it renamed over the old one: a cut
at any moment leaves the previous file whole (the stale ``.part`` is removed by the
next listing).

Paths given to these functions are relative to the data folder ``DATA`` and use
'/' (e.g. "saves/state.sav"). Output lines are plain text the host parses.
"""

import binascii
import hashlib
import os

from shared_rules import VERSION

try:
    from micropython import const
except ImportError:  # CPython (tests)
    def const(value):
        return value

DATA = "data"
ID_FILE = ".syncid"
PART = ".part"
TRANSIENT = (".part", ".tmp", ".old")  # never listed: cut writes of sync / storage
RESERVE = 4096  # bytes a transfer leaves free on the filesystem
CHUNK = 3072  # bytes per base64 line (a multiple of 3: no padding inside a read)
_ENOSPC = const(28)
_DIR = const(0x4000)

_buf = bytearray(CHUNK)
_view = memoryview(_buf)
_file = None
_hash = None


def _full(rel):
    return DATA + "/" + rel if rel else DATA


def _hex(digest):
    return binascii.hexlify(digest).decode()


def _mkdirs(rel):
    """Make the folders of ``rel``'s parent under DATA."""
    current = DATA
    try:
        os.mkdir(current)
    except OSError:
        pass
    parts = rel.split("/")[:-1]
    for part in parts:
        current = current + "/" + part
        try:
            os.mkdir(current)
        except OSError:
            pass


def free():
    """Free bytes on the data folder's filesystem (os.statvfs: f_frsize * f_bavail)."""
    _mkdirs("")
    st = os.statvfs(DATA)
    return st[1] * st[4]


def sync_id():
    """This device's sync identity (16 hex digits), made on first use and kept in
    DATA/.syncid. The PC keeps one set of last-sync hashes per identity, so a wiped
    or different device never looks like one whose files were deleted."""
    try:
        with open(_full(ID_FILE)) as handle:
            ident = handle.read().strip()
        if len(ident) == 16:
            return ident
    except OSError:
        pass
    ident = _hex(os.urandom(8))
    _mkdirs(ID_FILE)
    with open(_full(ID_FILE), "w") as handle:
        handle.write(ident)
    return ident


def info():
    """Print one JSON line: the Pocket Referee version, data folder, sync identity,
    free bytes and whether main.py exists. (The host asks sys for the MicroPython
    version and platform itself: firmware imports stay within the allowed subset.)"""
    import json
    try:
        os.stat("main.py")
        has_main = True
    except OSError:
        has_main = False
    print(json.dumps({"referee": VERSION, "data": DATA, "id": sync_id(), "free": free(),
                      "main": has_main}))


def sha(rel):
    """Hex SHA-256 of the file ``rel`` (read through one reused buffer)."""
    digest = hashlib.sha256()
    with open(_full(rel), "rb") as handle:
        while True:
            count = handle.readinto(_buf)
            if not count:
                break
            digest.update(_view[:count])
    return _hex(digest.digest())


def _walk(rel, out):
    path = _full(rel)
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        sub = rel + "/" + name if rel else name
        full = path + "/" + name
        if os.stat(full)[0] & _DIR:
            _walk(sub, out)
        elif name.endswith(PART):
            try:
                os.remove(full)  # a transfer cut short: the old file is whole
            except OSError:
                pass
        elif not name.endswith(TRANSIENT[1]) and not name.endswith(TRANSIENT[2]) and sub != ID_FILE:
            out.append(sub)


def files(emit=None):
    """The data folder's files as (sha256 hex, bytes, path), without the transient
    ones and the sync identity; leftover ``.part`` files of a cut transfer are
    removed on the way.

    :param emit: callable(sha, size, path) called per file as it is hashed (nothing
        is kept: a long listing must not fragment the heap), or None to get a list.
    :returns: the list, or None when ``emit`` is given.
    """
    names = []
    _walk("", names)
    out = None if emit else []
    for rel in names:
        digest = sha(rel)
        size = os.stat(_full(rel))[6]
        if emit:
            emit(digest, size, rel)
        else:
            out.append((digest, size, rel))
    return out


def ls():
    """Print one line per file of the data folder: ``<sha256 hex> <bytes> <path>``."""
    files(print)


def wopen(rel, size):
    """Start receiving ``rel`` (``size`` bytes) into ``rel.part``.

    :raises OSError: ENOSPC if fewer than size + RESERVE bytes are free.
    """
    global _file, _hash
    wabort()
    if free() < size + RESERVE:
        raise OSError(_ENOSPC)
    _mkdirs(rel)
    _file = open(_full(rel) + PART, "wb")
    _hash = hashlib.sha256()


def w(text):
    """Append the base64 ``text`` (str or bytes) to the file being received."""
    data = binascii.a2b_base64(text)
    _file.write(data)
    _hash.update(data)


def wabort():
    """Drop a half-received file (if any)."""
    global _file
    if _file is not None:
        try:
            _file.close()
        except OSError:
            pass
        _file = None


def _replace(src, dst):
    try:
        os.rename(src, dst)
    except OSError:
        # a filesystem that will not rename over a file (FAT): move the old one aside
        # first, so one whole copy exists at every moment
        old = dst + ".old"
        try:
            os.remove(old)
        except OSError:
            pass
        os.rename(dst, old)
        os.rename(src, dst)
        os.remove(old)


def wclose(rel, expected):
    """Finish receiving ``rel``: check the SHA-256 of what was sent and of the file as
    stored against ``expected`` (hex), then rename it into place. Prints "ok".

    :raises ValueError: a hash differs; the temporary file is removed and the old
        file is untouched.
    """
    global _file
    _file.close()
    _file = None
    part = rel + PART
    if _hex(_hash.digest()) != expected or sha(part) != expected:
        os.remove(_full(part))
        raise ValueError("hash mismatch on " + rel)
    _replace(_full(part), _full(rel))
    print("ok")


def ropen(rel):
    """Start sending ``rel``."""
    global _file, _hash
    wabort()
    _file = open(_full(rel), "rb")
    _hash = hashlib.sha256()


def r(count):
    """Print up to ``count`` bytes of the file being sent, as base64 lines of up to
    CHUNK bytes each; prints nothing at the end of the file."""
    while count > 0:
        got = _file.readinto(_buf)
        if not got:
            break
        piece = _view[:got]
        _hash.update(piece)
        print(binascii.b2a_base64(piece).decode(), end="")
        count -= got


def rclose():
    """Finish sending: print '#' and the SHA-256 (hex) of everything sent."""
    wabort()
    print("#" + _hex(_hash.digest()))


def rm(rel):
    """Delete ``rel`` (no error if it is already gone)."""
    try:
        os.remove(_full(rel))
    except OSError:
        pass
