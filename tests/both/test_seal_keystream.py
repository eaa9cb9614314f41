"""shared_rules.seal XORs its keystream 32 bytes at a time (issue 21: a Cybernaut
game's secret part, KBs, is sealed and opened on every action): the very bytes of
the byte-by-byte XOR it replaced (``_reference`` below), so values sealed before
open the same, at every length around the 32-byte blocks and the 16-byte padding."""

import binascii
import hashlib

from shared_rules.seal import _keystream_xor, seal, unseal

KEY = b"k" * 16 + b"\x00\xff" * 8


def _reference(key, salt, buf, start):
    block = b""
    for index in range(len(buf) - start):
        if index % 32 == 0:
            block = hashlib.sha256(key + salt + (index // 32).to_bytes(4, "big")).digest()
        buf[start + index] ^= block[index % 32]


def test_the_keystream_is_the_byte_by_byte_one_at_every_length():
    for size in list(range(0, 70)) + [95, 96, 97, 255, 256, 257, 287, 288, 289, 511, 512, 513, 2500]:
        data = bytearray((i * 7 + size) & 0xFF for i in range(size + 4))
        want = bytearray(data)
        _reference(KEY, b"salt", want, 4)
        got = bytearray(data)
        _keystream_xor(KEY, b"salt", got, 4)
        assert got == want, size
        assert got[:4] == data[:4]  # the salt is left as it is


def test_a_value_sealed_byte_by_byte_opens_and_seals_the_same():
    text = "NSA chits: " + "x9" * 700 + " \u00e9"
    data = text.encode()
    size = len(data) + (16 - len(data) % 16) % 16
    old = bytearray(4 + size)
    old[0:4] = b"abcd"
    old[4:4 + len(data)] = data
    _reference(KEY, b"abcd", old, 4)
    sealed = ">" + binascii.b2a_base64(old).decode().strip()
    assert seal(KEY, b"abcd", text) == sealed
    assert unseal(KEY, sealed) == text
    assert unseal(KEY, binascii.hexlify(old).decode()) == text  # sealed before 2026-12-04
    assert "x9x9" not in sealed
