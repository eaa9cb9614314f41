"""Sealing hidden values so they never sit in a save or journal in clear text.

A sealed value is hex text: a 4-byte salt followed by the value's UTF-8 bytes
XORed with a SHA-256 keystream of (key, salt, block counter). The key lives only on
the device (its data folder), so a save or journal copied to a PC shows no secret
to a glance. It protects against glances at the table, not against someone with
the device and a laptop, who can read the key file too.
"""

import binascii
import hashlib


def _keystream_xor(key, salt, data):
    out = bytearray(len(data))
    block = b""
    for index in range(len(data)):
        if index % 32 == 0:
            block = hashlib.sha256(key + salt + (index // 32).to_bytes(4, "big")).digest()
        out[index] = data[index] ^ block[index % 32]
    return bytes(out)


def seal(key, salt, text):
    """Seal ``text``.

    :param key: bytes, the device's sealing key (16+ bytes).
    :param salt: 4 bytes, fresh for each sealed value (from the dice source or entropy).
    :param text: str to hide.
    :returns: str of hex digits.
    """
    return binascii.hexlify(salt + _keystream_xor(key, salt, text.encode())).decode()


def unseal(key, sealed):
    """Open a value sealed with ``seal``.

    :returns: the text (str).
    :raises ValueError: not hex, too short, or opened with the wrong key (not UTF-8).
    """
    raw = binascii.unhexlify(sealed)
    if len(raw) < 4:
        raise ValueError("sealed value too short")
    return _keystream_xor(key, raw[:4], raw[4:]).decode()
