"""The save format: versioned JSON with a SHA-256 checksum.

A save is two lines::

    {"format": "pocket-referee-save", "version": 1, "sha256": "<hex>", "bytes": N}
    <body as JSON>

The checksum covers the body text exactly as stored (N bytes of UTF-8), so no
canonical JSON is needed on either runtime. Reading a save of a newer version, a
damaged body or a header that is not ours raises a clear error naming the file.
"""

import binascii
import hashlib
import json

from shared_rules.errors import SaveChecksumError, SaveError, SaveVersionError

try:
    from micropython import const
except ImportError:  # CPython
    def const(value):
        return value


SAVE_FORMAT = "pocket-referee-save"
SAVE_VERSION = 1
_PIECE = const(256)  # characters of a long text digested at a time (state_digest)


def sha256_hex(data):
    """Hex SHA-256 of bytes (MicroPython's hashlib has no hexdigest)."""
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()


def _utf8(text):
    """``text`` (str) as a bytes-like object: MicroPython's str already is one (its
    UTF-8 bytes, no copy: the Pico's heap is short); CPython's needs encoding."""
    try:
        memoryview(text)
        return text
    except TypeError:
        return text.encode()


def save_parts(body):
    """The two lines of a save, without joining them (no copy of a big state).

    :param body: a JSON-ready dict.
    :returns: (header, text): two str without their newlines; the save is
        ``header + "\\n" + text + "\\n"``.
    """
    text = json.dumps(body)
    data = _utf8(text)
    return save_header(hashlib.sha256(data).digest(), len(memoryview(data))), text


def save_header(digest, size):
    """The first line of a save (str, without its newline) for a body text whose
    UTF-8 bytes have SHA-256 ``digest`` (32 bytes) and number ``size`` (int >= 2).
    firmware.storage writes it ahead of a body streamed to the file
    (Storage.write_json_atomic)."""
    return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                       "sha256": binascii.hexlify(digest).decode(), "bytes": size})


def encode_save(body):
    """The save text for ``body`` (a JSON-ready dict). :returns: str."""
    header, text = save_parts(body)
    return header + "\n" + text + "\n"


def state_digest(obj):
    """A digest of a JSON-ready value that ignores the order of dict keys.

    MicroPython may iterate two equal dicts in different orders, so their JSON
    texts can differ; this digest does not. Tuples digest as lists and keys as
    their JSON text, as a save would store them. Streams into SHA-256: no copy of
    the state is built.

    :param obj: dict, list, tuple, str, int, float, bool or None, nested.
    :returns: 32 bytes.
    """
    digest = hashlib.sha256()
    _feed(digest, obj)
    return digest.digest()


def _feed(digest, obj):
    if isinstance(obj, dict):
        digest.update(b"{")
        for key in sorted(obj, key=str):
            digest.update(_utf8(json.dumps(str(key))))
            digest.update(b":")
            _feed(digest, obj[key])
            digest.update(b",")
        digest.update(b"}")
    elif isinstance(obj, (list, tuple)):
        digest.update(b"[")
        for item in obj:
            _feed(digest, item)
            digest.update(b",")
        digest.update(b"]")
    elif isinstance(obj, str) and len(obj) > _PIECE:
        # a long text (a sealed secret: several KB) in pieces, each escaped as json
        # escapes it (character by character): one block as big as the text is
        # more than a heap in pieces may have (issue 7)
        digest.update(b'"')
        for at in range(0, len(obj), _PIECE):
            digest.update(_utf8(json.dumps(obj[at:at + _PIECE])[1:-1]))
        digest.update(b'"')
    else:
        digest.update(_utf8(json.dumps(obj)))


def decode_save(text, name):
    """Read a save.

    :param text: str or bytes, the file's contents.
    :param name: the file name, for messages.
    :returns: the body (dict).
    :raises SaveVersionError: written by a newer referee (says which versions).
    :raises SaveChecksumError: the body does not match its checksum.
    :raises SaveError: empty, truncated, not JSON or not a Pocket Referee save.
    """
    if isinstance(text, str):
        data = text.encode()
    else:
        data = bytes(text)
    cut = data.find(b"\n")
    if cut < 0:
        raise SaveError("save '%s' is empty or truncated (no header line)" % name)
    try:
        header = json.loads(data[:cut].decode())
    except (ValueError, UnicodeError, RuntimeError):  # RuntimeError: nested too deep
        raise SaveError("save '%s': the header is not valid JSON" % name)
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        raise SaveError("save '%s' is not a Pocket Referee save" % name)
    version = header.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError("save '%s': bad version %r" % (name, version))
    if version > SAVE_VERSION:
        raise SaveVersionError(
            "save '%s' has version %d but this referee reads up to version %d: update the firmware"
            % (name, version, SAVE_VERSION))
    body = data[cut + 1:]
    if body.endswith(b"\n"):
        body = body[:-1]
    if header.get("bytes") != len(body) or header.get("sha256") != sha256_hex(body):
        raise SaveChecksumError(
            "save '%s': checksum does not match its contents (damaged or truncated)" % name)
    try:
        obj = json.loads(body.decode())
    except (ValueError, UnicodeError, RuntimeError):  # RuntimeError: nested too deep
        raise SaveError("save '%s': the body is not valid JSON (or nested too deep)" % name)
    if not isinstance(obj, dict):
        raise SaveError("save '%s': the body is not an object" % name)
    return obj
