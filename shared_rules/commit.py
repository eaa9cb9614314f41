"""Sealed-secret commitments: the hash both the device and `referee verify` compute.

When a hidden value is entered, the device journals a ``commit`` entry with
hash = hex SHA-256(salt || value bytes) and keeps (salt, value) sealed; when the
rules reveal it, a ``reveal`` entry shows the value and salt in clear, and anyone
can recompute the hash. A fresh salt of 8+ bytes per secret keeps a small value
(an AN of 5) from being guessed by trying every number against the hash.
See firmware/commit.py (device side) and shared_rules/secrets_check.py (verify).
"""

import binascii
import hashlib
import json

COMMIT = "commit"
REVEAL = "reveal"
REVEAL_ALL = "reveal_all"
# game "session", in {"ids", "again", "from", "to"}: the commitments ids were made by
# entries from..to of a press that was not kept (out of memory, or a power cut before
# its save: firmware/resume.py sync_journal); never used, never revealed. "again": the
# secrets those entries revealed that the state restored keeps sealed (revealed again)
VOID = "void"


def value_bytes(value):
    """The bytes a commitment hashes: a str as UTF-8, anything else (int, list of
    JSON-ready values) as its JSON text (so 5 and "5" hash alike)."""
    if isinstance(value, str):
        return value.encode()
    return json.dumps(value).encode()


def secret_hash(salt, value):
    """hex SHA-256(salt || value_bytes(value)). :param salt: bytes."""
    return binascii.hexlify(hashlib.sha256(salt + value_bytes(value)).digest()).decode()

