"""End to end: `referee sync` (and pull, push, backup, restore, devices) against the
firmware running under the real MicroPython unix port behind a pseudo-terminal
(tools/vpico.py), reached through pyserial exactly as a Pico's USB serial port.

Each test checks every byte on both sides afterwards.
"""

import json
import os
import shutil
import signal
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from vpico import VirtualPico, install_firmware, micropython_binary  # noqa: E402

from referee import cli, sync_cli  # noqa: E402
from referee.device import Device  # noqa: E402
from shared_rules.journal import Journal, encode_entry  # noqa: E402
from shared_rules.save import encode_save  # noqa: E402

pytestmark = pytest.mark.skipif(micropython_binary() is None,
                                reason="no micropython binary for this platform")

TIMEOUT = "5"


# ---- helpers -----------------------------------------------------------------
def tree(root):
    """Every file under ``root``: {relative path: bytes}, without the sync's own
    bookkeeping (.referee-sync.json, .syncid) and the device-only files (key.bin, packs.ok,
    ahead/press-ahead.wal, undo steps...)."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            full = os.path.join(folder, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            if rel in (".referee-sync.json", ".syncid", "key.bin", "packs.ok", "ahead/press-ahead.wal") or rel.startswith(("undo/", "packs.kept/", "packs.rows/")):
                continue
            with open(full, "rb") as handle:
                out[rel] = handle.read()
    return out


def put(root, rel, data):
    path = os.path.join(root, *rel.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode())


def journal_text(count, start=1):
    journal = Journal(next_seq=start)
    return "".join(encode_entry(journal.record("roll", {"die": "d6"}, {"total": i % 6 + 1}, "test", "dice"))
                   for i in range(count))


def pack_text(name="custom", note=None):
    """A valid pack (it passes `referee pack check`): no tables, a note to tell copies apart."""
    body = {"format": "pocket-referee-pack", "version": 1, "name": name, "tables": {}}
    if note:
        body["note"] = note
    return json.dumps(body)


def seed_device(fs):
    """A device data folder as a session leaves it."""
    data = os.path.join(fs, "data")
    put(data, "journals/s0001.jrn", journal_text(40))
    put(data, "packs/custom.json", pack_text())
    put(data, "packs/big.bin", bytes((i * 7) & 0xFF for i in range(150000)))


def sync(port, pc, *extra):
    return cli.main(["sync", "--port", port, "--quiet", "--timeout", TIMEOUT, str(pc)] + list(extra))


def on_device(port, code):
    """Run ``code`` on the device (stopping and restarting its app): its output (str)."""
    device = Device(port, 5).open()
    try:
        return device.call(code).decode()
    finally:
        device.restart_app()


def assert_same(pc, fs):
    """Both sides hold exactly the same files, byte for byte."""
    left = tree(str(pc))
    right = tree(os.path.join(str(fs), "data"))
    assert sorted(left) == sorted(right)
    for rel in left:
        assert left[rel] == right[rel], rel


@pytest.fixture
def pico(tmp_path):
    fs = tmp_path / "device"
    seed_device(str(fs))
    with VirtualPico(str(fs), firmware=True) as device:
        device.fs = fs
        yield device


@pytest.fixture(autouse=True)
def no_hook():
    yield
    sync_cli.PROGRESS_HOOK = None


# ---- two-way sync ----------------------------------------------------------------
def test_first_sync_then_no_change_and_the_app_resumes(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    # the app itself makes changes: open Dice (A) and roll (A): a save and a journal line
    # as the app's loop does (App.tick): each press, then its frame (an action's undo
    # step is copied after the frame)
    on_device(pico.port, "app.handle('A','short')\napp.redraw()\napp.handle('A','short')\napp.redraw()")
    on_device(pico.port, "app.marker = 1")
    put(os.path.join(str(pico.fs), "data"), "packs.ok", "0.1.0 " + "0" * 64 + "\n")
    # the tables a game in progress started with (firmware/packfile.py KEPT)
    put(os.path.join(str(pico.fs), "data"), "packs.kept/custom.json", pack_text(note="kept"))
    # a big table's rows and a checked pack's slim copy (firmware/packfile.py ROWS)
    slim = '{"source": "0.1.0 %s", "pack": {}}' % ("0" * 64)
    put(os.path.join(str(pico.fs), "data"), "packs.rows/custom.json", slim)
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert not os.path.exists(os.path.join(str(pc), "packs.kept"))  # device-only, as undo/
    assert not os.path.exists(os.path.join(str(pc), "packs.rows"))
    assert_same(pc, pico.fs)
    assert not os.path.exists(os.path.join(str(pc), "packs.ok"))  # the device's own word
    # and a PC cannot vouch for a pack, nor replace the sealing key: never pushed
    data = os.path.join(str(pico.fs), "data")
    with open(os.path.join(data, "key.bin"), "rb") as handle:
        key = handle.read()
    put(str(pc), "packs.ok", "0.1.0 " + "1" * 64 + "\n")
    put(str(pc), "key.bin", b"K" * 32)
    put(str(pc), "packs.rows/custom.json", '{"source": "forged", "pack": {}}')
    assert sync(pico.port, pc) == 0
    capsys.readouterr()
    with open(os.path.join(data, "packs.rows", "custom.json")) as handle:
        assert handle.read() == slim  # a slim copy loads unchecked: never from a PC
    with open(os.path.join(data, "packs.ok")) as handle:
        assert "1" * 64 not in handle.read()
    with open(os.path.join(data, "key.bin"), "rb") as handle:
        assert handle.read() == key
    os.remove(os.path.join(str(pc), "packs.ok"))
    os.remove(os.path.join(str(pc), "key.bin"))
    # every file of the device's data folder came over: saves, journals, packs (not key.bin)
    assert "sent 0, received %d," % len(tree(str(pc))) in out and "conflicts 0" in out
    assert len(tree(str(pc))) >= 5
    assert "saves/state.sav" in tree(str(pc)) and "key.bin" not in tree(str(pc))
    assert not os.path.exists(os.path.join(str(pc), "undo"))  # the undo steps stay on the device
    assert os.path.exists(os.path.join(str(pico.fs), "data", "undo"))
    before = tree(str(pc))
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert ("sent 0, received 0, deleted on device 0, deleted on PC 0, conflicts 0, unchanged %d"
            % len(before)) in out
    assert tree(str(pc)) == before
    assert_same(pc, pico.fs)
    # the app was restarted (a new App, no marker) and resumed its save: the Dice screen
    assert on_device(pico.port, "print(hasattr(app,'marker'), app.top().ID)").split() == ["False", "dice"]


def test_a_change_on_each_side(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    assert sync(pico.port, pc) == 0
    put(str(pc), "packs/custom.json", pack_text(note="edited on the PC"))
    put(str(pc), "packs/new.json", pack_text("new"))
    # as the app's loop does (App.tick): each press, then its frame (an action's undo
    # step is copied after the frame)
    on_device(pico.port, "app.handle('A','short')\napp.redraw()\napp.handle('A','short')\napp.redraw()")
    capsys.readouterr()
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert "sent 2, received 3" in out and "conflicts 0" in out
    assert_same(pc, pico.fs)
    assert b"edited on the PC" in tree(os.path.join(str(pico.fs), "data"))["packs/custom.json"]


def test_a_conflict_keeps_both_versions(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    assert sync(pico.port, pc) == 0
    put(str(pc), "packs/custom.json", pack_text(note="PC version"))
    put(os.path.join(str(pico.fs), "data"), "packs/custom.json", pack_text(note="device version"))
    capsys.readouterr()
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert "CONFLICT packs/custom.json" in out and "conflicts 1" in out
    files = tree(str(pc))
    assert files["packs/custom.json"] == pack_text(note="device version").encode()
    copies = [rel for rel in files if rel.startswith("packs/custom.pc-conflict-") and rel.endswith(".json")]
    assert len(copies) == 1 and files[copies[0]] == pack_text(note="PC version").encode()
    assert copies[0] in out
    assert_same(pc, pico.fs)
    # and the next sync has nothing left to do
    assert sync(pico.port, pc) == 0
    assert "sent 0, received 0" in capsys.readouterr().out


def test_deletions_propagate_only_over_unchanged_files(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    data = os.path.join(str(pico.fs), "data")
    put(data, "saves/old.sav", "old save")
    put(data, "saves/keep.sav", "keep me")
    assert sync(pico.port, pc) == 0
    os.remove(os.path.join(str(pc), "packs", "custom.json"))        # deleted on PC, unchanged on device
    os.remove(os.path.join(data, "saves", "old.sav"))                # deleted on device, unchanged on PC
    os.remove(os.path.join(str(pc), "saves", "keep.sav"))            # deleted on PC ...
    put(data, "saves/keep.sav", "keep me, changed on the device")   # ... but changed on the device
    capsys.readouterr()
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert "deleted on device 1, deleted on PC 1" in out
    assert "saves/keep.sav: deleted on the PC but changed on the device" in out
    files = tree(str(pc))
    assert "packs/custom.json" not in files and "saves/old.sav" not in files
    assert files["saves/keep.sav"] == b"keep me, changed on the device"
    assert_same(pc, pico.fs)


def test_a_deletion_on_the_pc_never_removes_what_the_device_is_using(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    data = os.path.join(str(pico.fs), "data")
    assert sync(pico.port, pc) == 0
    journals = sorted(rel for rel in tree(data) if rel.startswith("journals/"))
    open_journal = journals[-1]
    before = tree(data)
    for rel in (open_journal, "saves/state.sav"):
        os.remove(os.path.join(str(pc), *rel.split("/")))
    capsys.readouterr()
    assert sync(pico.port, pc) == 0
    out = capsys.readouterr().out
    assert "deleted on device 0" in out
    assert "%s: deleted on the PC, but the device is using it (the open session's journal)" % open_journal in out
    assert tree(data)[open_journal] == before[open_journal]
    assert_same(pc, pico.fs)
    # an older session's journal can still be deleted from the PC side
    if len(journals) > 1:
        os.remove(os.path.join(str(pc), *journals[0].split("/")))
        assert sync(pico.port, pc) == 0
        assert journals[0] not in tree(data)


def _cut_when_half(pico, target):
    def hook(name, done):
        if name == target and done >= 40000 and pico.alive():
            pico.kill()
    sync_cli.PROGRESS_HOOK = hook


@pytest.mark.parametrize("direction", ["push", "pull"])
def test_a_cable_pulled_mid_file_loses_nothing(pico, tmp_path, capsys, direction):
    pc = tmp_path / "pc"
    data = os.path.join(str(pico.fs), "data")
    assert sync(pico.port, pc) == 0
    old = tree(str(pc))["packs/big.bin"]
    new = bytes((i * 13 + 5) & 0xFF for i in range(150000))
    put(str(pc) if direction == "push" else data, "packs/big.bin", new)
    _cut_when_half(pico, "packs/big.bin")
    code = sync(pico.port, pc)
    assert code in (17, 18), code
    assert not pico.alive()
    assert "Nothing is lost" in capsys.readouterr().err
    # the previous file is whole on the side that was receiving; the new one on the other
    receiving = data if direction == "push" else str(pc)
    sending = str(pc) if direction == "push" else data
    assert tree(receiving)["packs/big.bin"] == old
    assert tree(sending)["packs/big.bin"] == new
    # plug it back in: the next sync finishes the job
    sync_cli.PROGRESS_HOOK = None
    pico.stop()
    with VirtualPico(str(pico.fs), firmware=True) as again:
        assert sync(again.port, pc) == 0
        assert "conflicts 0" in capsys.readouterr().out
    assert_same(pc, pico.fs)
    assert tree(str(pc))["packs/big.bin"] == new
    assert not [rel for rel in tree(data) if rel.endswith(".part")]


# ---- one way, backup, restore ---------------------------------------------------
def test_pull_and_push_keep_what_they_would_replace(pico, tmp_path, capsys):
    pc = tmp_path / "pc"
    data = os.path.join(str(pico.fs), "data")
    put(str(pc), "packs/custom.json", pack_text(note="PC copy"))
    assert cli.main(["pull", "--port", pico.port, "--quiet", str(pc)]) == 0
    files = tree(str(pc))
    assert files["packs/custom.json"] == tree(data)["packs/custom.json"]
    kept = [rel for rel in files if "pc-conflict" in rel]
    assert len(kept) == 1 and files[kept[0]] == pack_text(note="PC copy").encode()
    put(data, "packs/custom.json", pack_text(note="changed on the device"))
    put(str(pc), "packs/custom.json", pack_text(note="pushed from the PC"))
    assert cli.main(["push", "--port", pico.port, "--quiet", str(pc)]) == 0
    device_files = tree(data)
    assert device_files["packs/custom.json"] == pack_text(note="pushed from the PC").encode()
    kept = [rel for rel in device_files if "device-conflict" in rel]
    assert len(kept) == 1 and device_files[kept[0]] == pack_text(note="changed on the device").encode()


def test_backup_and_restore(pico, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    data = os.path.join(str(pico.fs), "data")
    assert os.path.exists(os.path.join(data, "key.bin"))  # made by the app at its first boot
    zip_path = str(tmp_path / "b.zip")
    assert cli.main(["backup", "--port", pico.port, "--quiet", zip_path]) == 0
    before = tree(data)
    with zipfile.ZipFile(zip_path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        assert set(manifest["files"]) == set(before) | {"key.bin"}
        for rel in before:
            assert archive.read("data/" + rel) == before[rel]
    put(data, "packs/custom.json", "lost?")
    os.remove(os.path.join(data, "journals", "s0001.jrn"))
    capsys.readouterr()
    assert cli.main(["restore", "--port", pico.port, "--quiet", zip_path]) == 0
    out = capsys.readouterr().out
    assert "restored 2 files" in out
    assert tree(data) == before
    safety = os.listdir(str(tmp_path / "xdg" / "pocket-referee" / "backups"))
    assert len(safety) == 1
    with zipfile.ZipFile(str(tmp_path / "xdg" / "pocket-referee" / "backups" / safety[0])) as archive:
        assert archive.read("data/packs/custom.json") == b"lost?"


def test_restore_refuses_a_damaged_backup(pico, tmp_path, capsys):
    zip_path = str(tmp_path / "b.zip")
    assert cli.main(["backup", "--port", pico.port, "--quiet", zip_path]) == 0
    with zipfile.ZipFile(zip_path) as archive:
        items = {name: archive.read(name) for name in archive.namelist()}
    items["data/packs/custom.json"] = b"tampered"
    with zipfile.ZipFile(zip_path, "w") as archive:
        for name, body in items.items():
            archive.writestr(name, body)
    before = tree(os.path.join(str(pico.fs), "data"))
    assert cli.main(["restore", "--port", pico.port, "--quiet", zip_path]) == 3
    assert "packs/custom.json does not match its hash" in capsys.readouterr().err
    assert tree(os.path.join(str(pico.fs), "data")) == before


# ---- errors, each with its own exit code ------------------------------------------
def test_devices_lists_the_pico_with_versions(pico, monkeypatch, capsys):
    from serial.tools.list_ports_common import ListPortInfo
    info = ListPortInfo(pico.port, skip_link_detection=True)
    info.vid, info.pid, info.serial_number = 0x2E8A, 0x0005, "E66038B7133A5A2F"
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [info])
    assert cli.main(["devices", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows == [{"port": pico.port, "serial": "E66038B7133A5A2F", "micropython": "1.29.0",
                     "referee": "0.1.0", "error": None}]


def test_no_device_and_several_devices(monkeypatch, tmp_path, capsys):
    from serial.tools.list_ports_common import ListPortInfo
    monkeypatch.delenv("REFEREE_PORT", raising=False)
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [])
    assert cli.main(["sync", str(tmp_path)]) == 10
    assert "no Pocket Referee found" in capsys.readouterr().err
    ports = []
    for name in ("/dev/ttyACM0", "/dev/ttyACM1"):
        port = ListPortInfo(name, skip_link_detection=True)
        port.vid = 0x2E8A
        ports.append(port)
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: ports)
    assert cli.main(["sync", str(tmp_path)]) == 11
    err = capsys.readouterr().err
    assert "/dev/ttyACM0" in err and "/dev/ttyACM1" in err and "--port" in err


def test_port_busy(pico, tmp_path, capsys):
    import serial
    holder = serial.Serial(pico.port, exclusive=True)
    try:
        assert sync(pico.port, tmp_path / "pc") == 12
    finally:
        holder.close()
    assert "busy" in capsys.readouterr().err


def test_permission_denied_names_the_dialout_group(monkeypatch, capsys, tmp_path):
    import errno
    import serial

    def refuse(*args, **kwargs):
        raise serial.SerialException(errno.EACCES, "could not open port /dev/ttyACM0: [Errno 13] "
                                                   "Permission denied: '/dev/ttyACM0'")
    monkeypatch.setattr(serial, "serial_for_url", refuse)
    monkeypatch.setattr(serial, "Serial", refuse)
    assert cli.main(["sync", "--port", "/dev/ttyACM0", str(tmp_path)]) == 13
    assert "dialout" in capsys.readouterr().err


def test_not_running_pocket_referee(tmp_path, capsys):
    with VirtualPico(str(tmp_path / "bare")) as bare:
        assert sync(bare.port, tmp_path / "pc") == 14
    assert "not Pocket Referee" in capsys.readouterr().err


def test_version_mismatch(tmp_path, capsys):
    fs = str(tmp_path / "old")
    install_firmware(fs, sources=True)   # this test edits the firmware's version
    path = os.path.join(fs, "shared_rules", "__init__.py")
    with open(path) as handle:
        text = handle.read()
    with open(path, "w") as handle:
        handle.write(text.replace('VERSION = "', 'VERSION = "9.'))
    # the app compiled from its sources in the heap (the test edits them), on the
    # 64-bit port (objects twice a Pico's): more room than the built device's 192K
    with VirtualPico(fs, heap="320K", argv=["main.py"]) as old:
        assert sync(old.port, tmp_path / "pc") == 15
    err = capsys.readouterr().err
    assert "0.1.0" in err and "9.0.1.0" in err


def test_device_full_changes_nothing(tmp_path, capsys):
    fs = str(tmp_path / "full")
    seed_device(fs)
    install_firmware(fs, sources=True)   # this test edits the agent's reserve
    path = os.path.join(fs, "firmware", "sync_agent.py")
    with open(path) as handle:
        text = handle.read()
    with open(path, "w") as handle:  # as if the flash had no room left
        handle.write(text.replace("RESERVE = 4096", "RESERVE = 10 ** 15"))
    pc = tmp_path / "pc"
    put(str(pc), "packs/extra.json", pack_text("extra"))
    # the app compiled from its sources in the heap (this test edits one), on the
    # 64-bit port (objects twice a Pico's): more room than the built device's 192K
    with VirtualPico(fs, heap="320K", argv=["main.py"]) as full:
        before = tree(os.path.join(fs, "data"))  # as the app's boot left it
        assert sync(full.port, pc) == 16
    assert "filesystem is full" in capsys.readouterr().err
    assert tree(os.path.join(fs, "data")) == before


def test_timeout(pico, tmp_path, capsys):
    os.kill(pico.proc.pid, signal.SIGSTOP)
    try:
        assert sync(pico.port, tmp_path / "pc") == 17
    finally:
        os.kill(pico.proc.pid, signal.SIGCONT)
    assert "did not answer" in capsys.readouterr().err


def test_the_help_lists_every_exit_code_as_the_errors_have_it():
    from referee.device import EXIT_CODES
    text = sync_cli._codes_text_static()
    for what, cls in EXIT_CODES:
        assert "%d %s" % (cls.exit_code, what) in text
    assert len({cls.exit_code for _, cls in EXIT_CODES}) == len(EXIT_CODES)
