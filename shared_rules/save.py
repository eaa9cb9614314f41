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

SAVE_FORMAT = "pocket-referee-save"
SAVE_VERSION = 1


def sha256_hex(data):
    """Hex SHA-256 of bytes (MicroPython's hashlib has no hexdigest)."""
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()


def encode_save(body):
    """The save text for ``body`` (a JSON-ready dict). :returns: str."""
    text = json.dumps(body)
    data = text.encode()
    header = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
              "sha256": sha256_hex(data), "bytes": len(data)}
    return json.dumps(header) + "\n" + text + "\n"


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
