"""The device's end of `referee sync` (firmware/sync_agent.py), on both runtimes:
a received file replaces the old one only after its hash matches, a cut transfer
leaves the old file whole, a full filesystem is refused before anything is written."""

import binascii
import hashlib
import os

from check import raises
from firmware import sync_agent as agent


def _hex(data):
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()


def _b64(data):
    return binascii.b2a_base64(data).decode().strip()


def _rmtree(path):
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            _rmtree(full)
        else:
            os.remove(full)
    os.rmdir(path)


def _fresh():
    root = "/tmp/referee-agent-" + binascii.hexlify(os.urandom(4)).decode()
    agent.DATA = root
    agent.wabort()
    agent._mkdirs("saves/x")
    with open(root + "/saves/state.sav", "wb") as handle:
        handle.write(b"old save")
    return root


def _read(path):
    with open(path, "rb") as handle:
        return handle.read()


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def test_a_received_file_replaces_the_old_one_only_when_its_hash_matches():
    root = _fresh()
    try:
        new = b"new save " * 700  # more than one read buffer
        agent.wopen("saves/state.sav", len(new))
        agent.w(_b64(new))
        raises(ValueError, agent.wclose, "saves/state.sav", _hex(b"something else"))
        assert _read(root + "/saves/state.sav") == b"old save"
        assert not _exists(root + "/saves/state.sav.part")
        agent.wopen("saves/state.sav", len(new))
        agent.w(_b64(new[:3000]))
        agent.w(_b64(new[3000:]))
        agent.wclose("saves/state.sav", _hex(new))
        assert _read(root + "/saves/state.sav") == new
        assert agent.files() == [(_hex(new), len(new), "saves/state.sav")]
    finally:
        _rmtree(root)


def test_a_cut_transfer_leaves_the_old_file_and_the_next_listing_cleans_up():
    root = _fresh()
    try:
        agent.wopen("saves/state.sav", 100)
        agent.w(_b64(b"half of the n"))
        agent.wabort()  # the cable is pulled: wclose never comes
        assert _exists(root + "/saves/state.sav.part")
        assert _read(root + "/saves/state.sav") == b"old save"
        assert agent.files() == [(_hex(b"old save"), 8, "saves/state.sav")]
        assert not _exists(root + "/saves/state.sav.part")
    finally:
        _rmtree(root)


def test_no_room_is_refused_before_anything_is_written():
    root = _fresh()
    reserve = agent.RESERVE
    try:
        agent.RESERVE = agent.free() + 10 ** 12
        error = raises(OSError, agent.wopen, "packs/new.json", 10)
        assert error.args[0] == 28  # ENOSPC
        assert not _exists(root + "/packs")
    finally:
        agent.RESERVE = reserve
        _rmtree(root)


def test_the_sync_identity_is_made_once_and_never_listed():
    root = _fresh()
    try:
        first = agent.sync_id()
        assert len(first) == 16 and agent.sync_id() == first
        assert [item[2] for item in agent.files()] == ["saves/state.sav"]
    finally:
        _rmtree(root)
