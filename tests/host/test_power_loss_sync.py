"""Power-loss safety of the files a sync writes (issue 8 item 5): a pack and a save
sent to the device by `referee sync/push/restore` (firmware/sync_agent.py: written
to ``<name>.part``, hash checked, renamed into place) cut at every write step and
every byte offset (tests/host/faultfs.py), on a filesystem that renames over a file
and on one that cannot (FAT: the old file is moved aside first).

After each cut the device boots; the pack and the save are each either the old or
the new file whole, never a damaged one (the app resumes the old or the new state);
a file the agent had acknowledged ("ok") is the new one; the agent's listing (what
the next sync sees) shows no half-written file.
"""

import base64
import contextlib
import hashlib
import io
import json

import pytest

from firmware import sync_agent
from shared_rules.save import decode_save, encode_save

from faultfs import MemFS
from test_power_loss import Rig

DATA = "/data"  # faultfs wants absolute paths; the agent's DATA is set to it


class Handle:
    """A MemFS file with what the agent also uses (close, readinto)."""

    def __init__(self, inner):
        self.inner = inner

    def write(self, data):
        return self.inner.write(data)

    def read(self, count=-1):
        return self.inner.read(count)

    def readinto(self, buf):
        data = self.inner.read(len(buf))
        buf[:len(data)] = data
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class AgentOS:
    """The os functions the agent calls, over a MemFS."""

    def __init__(self, fs):
        self.fs = fs

    def __getattr__(self, name):
        return getattr(self.fs, name)

    def statvfs(self, path):
        return (4096, 4096, 1000, 1000, 1000, 0, 0, 0, 0, 255)


@contextlib.contextmanager
def agent_on(fs):
    saved = sync_agent.os, getattr(sync_agent, "open", None), sync_agent.DATA
    sync_agent.os = AgentOS(fs)
    sync_agent.DATA = DATA
    sync_agent.open = lambda path, mode="r": Handle(fs.open(path, mode))
    try:
        yield sync_agent
    finally:
        sync_agent.os = saved[0]
        sync_agent.DATA = saved[2]
        if saved[1] is None:
            del sync_agent.open
        else:
            sync_agent.open = saved[1]


def send(agent, rel, data):
    """What `referee push` does for one file: wopen, base64 lines, wclose."""
    agent.wopen(rel, len(data))
    for start in range(0, len(data), 48):
        agent.w(base64.b64encode(data[start:start + 48]))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        agent.wclose(rel, hashlib.sha256(data).hexdigest())
    assert out.getvalue() == "ok\n"


def _file(fs, rel):
    """What a reader sees for ``rel`` (Storage.read: the ``.old`` copy while a
    rename on FAT is half done)."""
    for path in (DATA + "/" + rel, DATA + "/" + rel + ".old"):
        if path in fs.files:
            return bytes(fs.files[path])
    return None


@pytest.mark.parametrize("rename_replaces", [True, False])
def test_sync_writes_cut_at_every_byte(rename_replaces):
    rig = Rig()
    rig.board.storage_root = DATA
    fs = MemFS(rename_replaces)
    from boards.sim import SimBoard  # noqa: F401
    from firmware.app import App
    from firmware.buttons import Buttons
    from firmware.storage import Storage

    def app_on(disk):
        rig.board.now = 0
        return App(rig.surface, Buttons(rig.board.make_buttons()), Storage(DATA, disk, disk.open),
                   rig.board.entropy, 11, rig.board.pack_dirs)

    app = app_on(fs)
    app.boot()
    app.history = [["d6", 3]]
    app.save()
    import os
    packs = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "packs")
    small = sorted(os.listdir(packs), key=lambda n: os.path.getsize(os.path.join(packs, n)))[0]
    with open(os.path.join(packs, small), "rb") as handle:
        pack_text = handle.read()
    app.storage.write_atomic("packs/custom.json", pack_text)
    old_pack = _file(fs, "packs/custom.json")
    old_save = _file(fs, "saves/state.sav")
    body = decode_save(old_save, "state.sav")
    body["history"] = [["d20", 17], ["d6", 3]]
    new_save = encode_save(body).encode()
    edited = json.loads(pack_text)
    edited["note"] = "edited on the PC"
    new_pack = json.dumps(edited).encode()

    base = fs.copy()
    start = len(fs.log)
    acks = []
    with agent_on(fs) as agent:
        send(agent, "packs/custom.json", new_pack)
        acks.append(("packs/custom.json", len(fs.log)))
        send(agent, "saves/state.sav", new_save)
        acks.append(("saves/state.sav", len(fs.log)))
    steps = fs.log[start:]
    assert len(steps) > len(new_pack) + len(new_save)

    disk = base.copy()
    seen = set()
    for k in range(len(steps) + 1):
        if k:
            disk.apply(steps[k - 1])
        # states that differ only in the bytes of a half-received .part file are
        # booted once: nothing but the agent's listing (which removes it) opens one
        key = tuple((path, b"part" if path.endswith(".part") else data)
                    for path, data in disk.state_key()[0])
        if key in seen:
            continue
        seen.add(key)
        trial = disk.copy()
        where = "cut after sync step %d of %d" % (k, len(steps))
        pack = _file(trial, "packs/custom.json")
        save = _file(trial, "saves/state.sav")
        assert pack in (old_pack, new_pack), where
        assert save in (old_save, new_save), where
        for rel, at in acks:
            if start + k >= at:
                assert _file(trial, rel) == (new_pack if rel.startswith("packs") else new_save), \
                    where + ": lost the acknowledged " + rel
        # what the next sync lists: whole files only, no .part/.tmp/.old
        with agent_on(trial) as agent:
            listed = dict((rel, sha) for sha, size, rel in agent.files())
        assert not [rel for rel in listed if rel.endswith((".part", ".tmp", ".old"))], where
        # the device boots on it and resumes the old or the new state, and reads the pack
        booted = app_on(trial)
        with contextlib.redirect_stdout(io.StringIO()):
            booted.boot()
        assert booted.history == json.loads(save.split(b"\n", 1)[1])["history"], where
        assert not [p for p in trial.files if p.startswith(DATA + "/saves/bad")], where
        assert not [p for p in trial.reads if p.endswith(".part")], where + ": the app read a .part"
        assert booted.pack("custom").tables, where  # a whole pack: it loads
    assert len(seen) >= 5  # before, each .part begun, each rename (and the FAT moves)
