"""Sealing hidden values so they never sit in a save or journal in clear text.

A sealed value is ">" and the base64 of a 4-byte salt followed by the value's UTF-8
bytes XORed with a SHA-256 keystream of (key, salt, block counter); before
2026-12-04 it was the hex of those bytes, which ``unseal`` still reads (base64 is
a third shorter: a Cybernaut game's save holds 5 KB of sealed values, and
json.dumps writes a string a character at a time, 4.7 ms a KB of a Pico: issue
21). The key lives only on
the device (its data folder), so a save or journal copied to a PC shows no secret
to a glance. It protects against glances at the table, not against someone with
the device and a laptop, who can read the key file too.
"""

import binascii
import hashlib


BLOCK = 16  # sealed values are padded to a multiple of this many bytes


def _keystream_xor(key, salt, buf, start):
    """XOR ``buf[start:]`` (a bytearray, changed in place) with the keystream of
    (key, salt): block n is SHA-256(key + salt + n as 4 bytes big-endian).

    256 bytes (8 blocks) at a time as one big-endian integer (C code), not byte by
    byte in Python: a Cybernaut game's secret part is KBs, sealed and opened on
    every action (issue 21; 32 bytes at a time took 10.5 ms a KB on a Pico, this 7).
    The hashed text is one buffer whose counter is set in place. The same bytes as
    a byte-by-byte XOR."""
    head = bytearray(key + salt + b"\0\0\0\0")
    count = len(head) - 4
    end = len(buf)
    at = start
    index = 0
    while at < end:
        size = end - at if end - at < 256 else 256
        blocks = []
        for _ in range((size + 31) // 32):
            head[count:] = index.to_bytes(4, "big")
            blocks.append(hashlib.sha256(head).digest())
            index += 1
        stream = b"".join(blocks)
        mixed = int.from_bytes(buf[at:at + size], "big") ^ int.from_bytes(stream[:size], "big")
        buf[at:at + size] = mixed.to_bytes(size, "big")
        at += size


def seal(key, salt, text):
    """Seal ``text``.

    :param key: bytes, the device's sealing key (16+ bytes).
    :param salt: 4 bytes, fresh for each sealed value (from the dice source or entropy).
    :param text: str to hide (no NUL characters); padded to a multiple of 16 bytes.
    :returns: str: ">" then base64 (``unseal``).
    """
    data = text.encode()
    # pad with NULs to a multiple of BLOCK bytes, so the length of a sealed value does
    # not tell how long the secret is (an AN of 5 and one of 12 seal alike)
    size = len(data)
    if size % BLOCK or not size:
        size += BLOCK - size % BLOCK
    # one buffer, salt then the padded text, XORed in place: a Cybernaut game's
    # secret part is KBs, and each copy of it is one more block a heap in pieces
    # may not have (issue 7)
    out = bytearray(4 + size)
    out[0:4] = salt
    out[4:4 + len(data)] = data
    data = None
    _keystream_xor(key, salt, out, 4)
    return ">" + binascii.b2a_base64(out)[:-1].decode()  # (its newline cut)


def unseal(key, sealed):
    """Open a value sealed with ``seal``.

    :returns: the text (str).
    :raises ValueError: not base64 after its ">" (or not hex: a value sealed before
        2026-12-04), too short, or opened with the wrong key (its bytes are then
        not UTF-8: the message says so, not the codec's words).
    """
    if sealed[:1] == ">":
        data = bytearray(binascii.a2b_base64(sealed[1:]))
        # the decoder skips what is not base64: a damaged value would open quietly
        if len(sealed) != 1 + (len(data) + 2) // 3 * 4 or (len(data) - 4) % BLOCK:
            raise ValueError("sealed value damaged (not base64 of a whole value)")
    else:  # hex (before 2026-12-04)
        data = bytearray(binascii.unhexlify(sealed))
    if len(data) < 4:
        raise ValueError("sealed value too short")
    _keystream_xor(key, bytes(data[:4]), data, 4)
    end = len(data)
    while end > 4 and data[end - 1] == 0:
        end -= 1
    try:
        return str(memoryview(data)[4:end], "utf-8")
    except UnicodeError:  # a ValueError on both runtimes
        raise ValueError("sealed value does not open with this key (not the key it was sealed with)")
