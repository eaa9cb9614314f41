"""`referee deploy` on the Pocket Referee firmware (MicroPython with the device build
frozen in, host/referee/firmware.py) and `referee deploy --firmware`.

On that firmware the filesystem comes first in sys.path (['', '.frozen', '/lib']),
so a firmware/ folder (even an empty one) hides the frozen package: deploy copies
only main.py, packs/ and checks.sha256 and removes the code folders. The probe and
the removal run on the emulated Pico (the unix port behind a pty: it has frozen
modules of its own, asyncio among them, but not ours); the flashing steps run
against a fake UF2 drive under a temporary mount root and a fake device."""

import hashlib
import os
import shutil
import struct
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from vpico import VirtualPico, micropython_binary  # noqa: E402

from shared_rules import VERSION  # noqa: E402
from referee import cli, deploy as deploy_module, exits, firmware  # noqa: E402
from referee.build import build  # noqa: E402
from referee.deploy import DeployError, FROZEN_FOLDERS  # noqa: E402

RP2040_INFO = "UF2 Bootloader v3.0\r\nModel: Raspberry Pi RP2\r\nBoard-ID: RPI-RP2\r\n"
RP2350_INFO = "UF2 Bootloader v1.0\r\nModel: Raspberry Pi RP2350\r\nBoard-ID: RP2350\r\n"


def run(capsys, *argv):
    code = cli.main(["deploy"] + list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def make_uf2(path, blocks=3, family=deploy_module.RP2040_FAMILY):
    """A UF2 file of ``blocks`` 512-byte blocks (the UF2 spec's layout) whose
    payloads differ, for ``family``. :returns: its bytes."""
    data = b""
    for n in range(blocks):
        payload = bytes((n * 7 + i) & 0xFF for i in range(256))
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * n, 256, n,
                           blocks, family)
        data += head + payload + b"\0" * (512 - 32 - 256 - 4) + struct.pack("<I", 0x0AB16F30)
    with open(path, "wb") as handle:
        handle.write(data)
    return data


# ---- the probe and the removal, on the emulated Pico --------------------------------

@pytest.fixture
def pico(tmp_path):
    if micropython_binary() is None:
        pytest.skip("no micropython binary on this platform")
    with VirtualPico(str(tmp_path / "fs")) as device:
        yield device


def test_the_probe_imports_from_frozen_modules_only_and_puts_everything_back(pico):
    fs = pico.fs_dir
    os.makedirs(os.path.join(fs, "boards"))
    with open(os.path.join(fs, "boards", "__init__.py"), "w") as handle:
        handle.write("WHERE = 'files'\n")
    device = deploy_module.Device(pico.port)
    try:
        device.exec("import boards")  # as the app leaves it: our package imported
        before = device.exec("import sys\nprint(sys.path, sorted(sys.modules))")
        # the unix port freezes asyncio: found frozen; ours is on its filesystem only
        assert device.frozen(("asyncio",)) == (True, None)
        assert device.frozen() == (False, None)
        assert device.exec("import sys\nprint(sys.path, sorted(sys.modules))") == before
        assert "'', '.frozen'" in before  # the filesystem first, as on a Pico
        assert device.exec("import boards\nprint(boards.WHERE)").strip() == "files"
    finally:
        device.close()


def test_hiding_lists_every_file_then_the_folders_deepest_first(pico):
    fs = pico.fs_dir
    for rel in ("firmware/games/cybernaut/turn.mpy", "firmware/app.mpy", "boards/lib/ssd1306.mpy",
                "shared_rules.mpy", "packs/mine.json", "data/s0001.jrn", "firmware.txt"):
        os.makedirs(os.path.dirname(os.path.join(fs, rel)), exist_ok=True)
        with open(os.path.join(fs, rel), "w") as handle:
            handle.write("x")
    os.makedirs(os.path.join(fs, "shared_rules", "neohunt"))  # empty folders hide code too
    device = deploy_module.Device(pico.port)
    try:
        files, folders = device.hiding()
    finally:
        device.close()
    assert sorted(files) == ["boards/lib/ssd1306.mpy", "firmware/app.mpy",
                             "firmware/games/cybernaut/turn.mpy", "shared_rules.mpy"]
    assert sorted(folders) == ["boards", "boards/lib", "firmware", "firmware/games",
                               "firmware/games/cybernaut", "shared_rules", "shared_rules/neohunt"]
    for folder in folders:  # each comes after every folder inside it
        assert all(folders.index(inner) < folders.index(folder) for inner in folders
                   if inner.startswith(folder + "/"))


def _tree(fs):
    out = []
    for where, dirs, names in os.walk(fs):
        for name in dirs + names:
            out.append(os.path.relpath(os.path.join(where, name), fs).replace(os.sep, "/"))
    return sorted(out)


def test_on_a_frozen_firmware_deploy_copies_the_files_and_removes_the_code(pico, capsys, monkeypatch, tmp_path):
    # first the stock way: every file of the build
    code, out, err = run(capsys, "--port", pico.port, "--no-restart")
    assert code == 0, err
    assert "firmware: stock MicroPython: the code goes on as .mpy files" in out
    assert os.path.exists(os.path.join(pico.fs_dir, "firmware", "app.mpy"))
    os.makedirs(os.path.join(pico.fs_dir, "data"))
    with open(os.path.join(pico.fs_dir, "data", "s0001.jrn"), "w") as handle:
        handle.write("a journal\n")
    # now the device answers the probe as the Pocket Referee firmware would: the real
    # probe, run on the device for a package its MicroPython has frozen (asyncio)
    real = deploy_module.Device.frozen
    monkeypatch.setattr(deploy_module.Device, "frozen", lambda self: real(self, ("asyncio",)))
    code, out, err = run(capsys, "--port", pico.port, "--check", "--no-restart")
    assert code == 0, err
    assert "frozen into MicroPython: the code runs from flash" in out
    assert "warning: the firmware's frozen code is Pocket Referee of an unknown version" in out
    assert "would copy   checks.sha256 (changed)" in out  # the frozen build's digest
    assert "would copy   main.py" not in out  # the same main.py
    assert "would remove firmware/app.mpy" in out and "would remove boards/lib/ssd1306.mpy" in out
    assert "would remove folder firmware/games/cybernaut/" in out
    lines = out.splitlines()
    at = {line[len("would remove folder "):]: n for n, line in enumerate(lines)
          if line.startswith("would remove folder ")}
    assert at["firmware/"] > at["firmware/games/"] > at["firmware/games/cybernaut/"]
    assert max(n for n, line in enumerate(lines) if line.startswith("would remove ") and "folder" not in line) \
        < min(at.values())  # every file before the first folder
    assert "would copy   firmware/" not in out
    assert os.path.exists(os.path.join(pico.fs_dir, "firmware", "app.mpy"))  # --check wrote nothing

    code, out, err = run(capsys, "--port", pico.port, "--no-restart")
    assert code == 0, err
    frozen_build = str(tmp_path / "frozen")
    built = build("pico", frozen_build, frozen=True)
    kept = sorted(rel for rel in built["files"] if rel.split("/")[0] not in FROZEN_FOLDERS)
    assert kept[0] == "checks.sha256" and kept[1] == "main.py" and len(kept) > 2
    assert all(rel.startswith("packs/") and rel.endswith(".json") for rel in kept[2:])
    # exactly those files, the packs' folder and the data untouched: no code folder left
    assert _tree(pico.fs_dir) == sorted(kept + ["packs", "data", "data/s0001.jrn"])
    for rel in kept:
        with open(os.path.join(pico.fs_dir, rel), "rb") as a, open(os.path.join(frozen_build, rel), "rb") as b:
            assert a.read() == b.read(), rel
    assert "removed folder firmware/" in out and "removed firmware/app.mpy" in out
    removed = out.count("removed ")
    assert "deploy: 1 copied, %d removed, %d up to date" % (removed, len(kept) - 1) in out

    code, out, err = run(capsys, "--port", pico.port, "--check", "--no-restart")
    assert code == 0 and "check: 0 to copy, 0 to remove, %d up to date" % len(kept) in out


# ---- the probe's and the listing's answers, parsed ----------------------------------

class ScriptedDevice(deploy_module.Device):
    """deploy.Device whose exec answers from a table: the first key found in the
    script gives the printed output; no port."""

    def __init__(self, answers):
        self.port = "/dev/fake"
        self.answers = answers
        self.scripts = []

    def exec(self, code):
        self.scripts.append(code)
        for key, answer in self.answers.items():
            if key in code:
                if isinstance(answer, Exception):
                    raise answer
                return answer
        raise AssertionError("unexpected script: %r" % code[:80])


def test_the_probe_answer_decides_frozen_or_files():
    device = ScriptedDevice({"_probe": "frozen 0.1.0\r\n"})
    assert device.frozen() == (True, "0.1.0")
    assert "N=('boards', 'firmware', 'shared_rules')" in device.scripts[0]
    assert ScriptedDevice({"_probe": "files None\r\n"}).frozen() == (False, None)
    assert ScriptedDevice({"_probe": "frozen None\n"}).frozen() == (True, None)
    with pytest.raises(DeployError) as err:
        ScriptedDevice({"_probe": "Traceback\n"}).frozen()
    assert err.value.code == deploy_module.EXIT_TRANSFER and "/dev/fake" in str(err.value)


def test_a_pulled_cable_is_a_lost_connection_not_a_traceback():
    import serial

    class Gone:
        def exec(self, code):
            raise serial.SerialException("read failed: device reports readiness to read but returned no data")

    device = ScriptedDevice({})
    device.transport = Gone()
    with pytest.raises(DeployError) as err:
        deploy_module.Device.exec(device, "print(1)")
    assert err.value.code == exits.CONNECTION_LOST == 18
    assert "lost the connection to /dev/fake" in str(err.value) and "run `referee deploy`" in str(err.value)


def test_the_frozen_plan():
    local = {"main.py": "m", "checks.sha256": "c2", "packs/a.json": "a"}
    remote = {"main.py": "m", "checks.sha256": "c1", "packs/a.json": None}
    copy, files, folders, same = deploy_module.frozen_plan(
        local, remote, ["packs/a.json.new", "packs/mine.json"],
        (["firmware/app.mpy", "boards.mpy"], ["firmware/games", "firmware"]))
    assert copy == ["checks.sha256", "packs/a.json"] and same == 1
    assert files == ["packs/a.json.new", "firmware/app.mpy", "boards.mpy"]  # a pack not ours stays
    assert folders == ["firmware/games", "firmware"]


# ---- the UF2 drive ------------------------------------------------------------------

def _drive(root, name, info):
    path = os.path.join(str(root), name)
    os.makedirs(path)
    if info is not None:
        with open(os.path.join(path, "INFO_UF2.TXT"), "w") as handle:
            handle.write(info)
    return path


def test_the_drive_finder_takes_only_an_rp2040_bootloader_drive(tmp_path):
    root = tmp_path / "media"
    root.mkdir()
    _drive(root, "USB-STICK", None)
    _drive(root, "RP2350", RP2350_INFO)
    _drive(root, "CIRCUITPY", "UF2 Bootloader 3.15.0\nModel: Adafruit Feather M4\nBoard-ID: SAMD51J19A\n")
    assert deploy_module.find_uf2_drives([str(root)]) == []
    drive = _drive(root, "RPI-RP2", RP2040_INFO)
    assert deploy_module.find_uf2_drives([str(root), str(tmp_path / "none")]) == [drive]
    # any folder name: it is the INFO_UF2.TXT that counts; and a root that is the
    # drive itself (a Windows drive letter)
    other = tmp_path / "E"
    other.mkdir()
    (other / "INFO_UF2.TXT").write_text("UF2 Bootloader\nChip: RP2040\n")
    assert deploy_module.find_uf2_drives([str(other)]) == [str(other)]
    assert deploy_module.wait_for_uf2_drive("x.uf2", 1, 0.01, [str(root)]) == drive


def test_no_drive_in_time_says_how_to_do_it_by_hand(tmp_path):
    import time
    root = tmp_path / "media"
    root.mkdir()
    start = time.monotonic()
    with pytest.raises(DeployError) as err:
        deploy_module.wait_for_uf2_drive("/x/pocket-referee-pico.uf2", 0.3, 0.05, [str(root)])
    assert time.monotonic() - start < 5
    text = str(err.value)
    assert err.value.code == exits.TIMEOUT == 17
    assert "within 0.3 s" in text and "/x/pocket-referee-pico.uf2" in text
    assert "hold the Pico's BOOTSEL button while you plug it in" in text and "RPI-RP2" in text
    assert "run `referee deploy` again" in text
    _drive(root, "RPI-RP2", RP2040_INFO)
    _drive(root, "RPI-RP2 1", RP2040_INFO)
    with pytest.raises(DeployError) as err:
        deploy_module.wait_for_uf2_drive("a.uf2", 0.3, 0.05, [str(root)])
    assert err.value.code == exits.SEVERAL_DEVICES and "2 Pico UF2 drives" in str(err.value)


def test_mount_roots_are_folders_that_exist():
    roots = deploy_module.mount_roots()
    assert all(os.path.isdir(root) for root in roots)


def test_a_file_that_is_not_an_rp2040_uf2_is_refused(tmp_path):
    good = str(tmp_path / "good.uf2")
    data = make_uf2(good)
    assert deploy_module.check_uf2(good) == len(data) == 3 * 512
    bad = tmp_path / "firmware.bin"
    bad.write_bytes(b"\0" * 1024)
    for path, words in ((str(bad), "is not a UF2 file"), (str(tmp_path / "none.uf2"), "cannot read")):
        with pytest.raises(DeployError) as err:
            deploy_module.check_uf2(path)
        assert err.value.code == exits.BAD_INPUT and words in str(err.value) and path in str(err.value)
    rp2350 = str(tmp_path / "pico2.uf2")
    make_uf2(rp2350, family=0xE48BFF59)
    with pytest.raises(DeployError) as err:
        deploy_module.check_uf2(rp2350)
    assert "family 0xe48bff59" in str(err.value) and "0xe48bff56" in str(err.value)


def test_a_uf2_cut_short_or_damaged_is_refused(tmp_path):
    # found by review: a UF2 cut short on a block's edge passed (magic, size, family),
    # and the Pico would stay in its bootloader with part of its flash rewritten
    path = str(tmp_path / "fw.uf2")
    data = make_uf2(path, blocks=4)
    assert deploy_module.check_uf2(path) == 4 * 512
    cases = (("cut.uf2", data[:3 * 512], "cut short: 3 blocks of the 4"),
             ("swapped.uf2", data[512:1024] + data[:512] + data[1024:], "at block 0 of 4"),
             ("endless.uf2", data[:1020] + b"\0\0\0\0" + data[1024:], "at block 1 of 4"))
    for name, body, words in cases:
        bad = tmp_path / name
        bad.write_bytes(body)
        with pytest.raises(DeployError) as err:
            deploy_module.check_uf2(str(bad))
        assert err.value.code == exits.BAD_INPUT and words in str(err.value) and str(bad) in str(err.value)


def test_a_uf2_made_as_make_firmware_makes_it_is_taken(tmp_path):
    # MicroPython's own uf2conv.py, called as referee.firmware.build_firmware calls it
    import subprocess
    try:
        src = firmware.source_dir()
    except firmware.FirmwareError:
        pytest.skip("no MicroPython source tree (MPY_DIR or $VPICO_LAB/src/micropython)")
    binary = tmp_path / "fw.bin"
    binary.write_bytes(bytes(range(256)) * 5)
    subprocess.run([sys.executable, os.path.join(src, "tools", "uf2conv.py"), "--family", "0xe48bff56",
                    "--base", "0x10000000", "--convert", "--output", str(tmp_path / "fw.uf2"), str(binary)],
                   check=True, capture_output=True, timeout=60)
    assert deploy_module.check_uf2(str(tmp_path / "fw.uf2")) == 5 * 512  # 256 bytes a block


def test_copy_uf2_is_byte_identical(tmp_path):
    uf2 = str(tmp_path / "fw.uf2")
    data = make_uf2(uf2, blocks=300)  # more than one 64 KB write
    drive = _drive(tmp_path, "RPI-RP2", RP2040_INFO)
    assert deploy_module.copy_uf2(uf2, drive) == len(data)
    with open(os.path.join(drive, "fw.uf2"), "rb") as handle:
        assert handle.read() == data


# ---- `referee deploy --firmware` with a fake Pico -----------------------------------

class FakePico:
    """deploy.Device's stand-in: a Pico with an in-memory filesystem. bootloader()
    mounts its RPI-RP2 drive under ``root``; once a UF2 is copied onto that drive it
    'restarts' with the Pocket Referee firmware (frozen() answers yes) and its
    serial port is listed again."""

    def __init__(self, root, machine="Raspberry Pi Pico with RP2040", mount=True):
        self.root = str(root)
        self.drive = os.path.join(self.root, "RPI-RP2")
        self.machine = machine
        self.mount = mount
        self.files = {"main.py": b"from boards.pico import main\n", "firmware/app.mpy": b"M",
                      "firmware/games/cybernaut/turn.mpy": b"T", "boards/pico.mpy": b"P",
                      "packs/cybernaut-sample.json": b"old", "data/s0001.jrn": b"journal"}
        self.folders = {"firmware", "firmware/games", "firmware/games/cybernaut", "boards", "packs", "data"}
        self.calls = []

    def flashed(self):
        return os.path.isdir(self.drive) and any(n.endswith(".uf2") for n in os.listdir(self.drive))

    fail_opens = 0  # after the flash, this many opens fail as a port still coming up does

    def __call__(self, port):  # deploy_module.Device(port)
        self.calls.append(("open", port))
        if self.flashed() and self.fail_opens:
            self.fail_opens -= 1
            raise DeployError("%s opened but no MicroPython REPL answered" % port,
                              deploy_module.EXIT_NOT_MICROPYTHON)
        return self

    def info(self):
        return 6 | (3 << 8), "1.28.0", self.machine

    def frozen(self):
        return (True, VERSION) if self.flashed() else (False, None)

    def bootloader(self):
        self.calls.append(("bootloader",))
        if self.mount:
            _drive(self.root, "RPI-RP2", RP2040_INFO)

    def hashes(self, paths):
        return {p: hashlib.sha256(self.files[p]).hexdigest() if p in self.files else None for p in paths}

    def files_in(self, folders):
        return sorted(p for p in self.files if p.rsplit("/", 1)[0] in folders)

    def hiding(self):
        tops = FROZEN_FOLDERS
        files = sorted(p for p in self.files if p.split("/")[0] in tops)
        folders = sorted((f for f in self.folders if f.split("/")[0] in tops), key=lambda f: -f.count("/"))
        return files, folders

    def put(self, rel, data, digest):
        assert hashlib.sha256(data).hexdigest() == digest
        self.files[rel] = data
        self.calls.append(("put", rel))

    def remove(self, rel):
        del self.files[rel]
        self.calls.append(("remove", rel))

    def rmdir(self, rel):
        assert not [p for p in list(self.files) + list(self.folders) if p.startswith(rel + "/")], rel
        self.folders.remove(rel)
        self.calls.append(("rmdir", rel))

    def restart(self):
        self.calls.append(("restart",))

    def close(self):
        pass


class Port:
    def __init__(self, device):
        self.device = device
        self.vid = 0x2E8A
        self.serial_number = "E66"


@pytest.fixture
def flashing(tmp_path, monkeypatch):
    """A fake Pico on /dev/ttyACM7 and a mount root for its drive; the UF2 to flash."""
    from serial.tools import list_ports
    root = tmp_path / "media"
    root.mkdir()
    fake = FakePico(root)
    monkeypatch.delenv("REFEREE_PORT", raising=False)
    monkeypatch.setattr(deploy_module, "Device", fake)
    monkeypatch.setattr(deploy_module, "mount_roots", lambda: [str(root)])
    monkeypatch.setattr(deploy_module, "POLL", 0.02)
    # listed before the bootloader and again once flashed, not while in the bootloader
    monkeypatch.setattr(list_ports, "comports", lambda: [] if os.path.isdir(fake.drive) and not fake.flashed()
                        else [Port("/dev/ttyACM7")])
    uf2 = str(tmp_path / "pocket-referee-pico.uf2")
    fake.uf2_bytes = make_uf2(uf2)
    fake.uf2 = uf2
    return fake


def test_firmware_flow_bootloader_copy_port_then_the_file_step(flashing, capsys):
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "2")
    assert code == 0, err
    assert ("bootloader",) in flashing.calls
    with open(os.path.join(flashing.drive, "pocket-referee-pico.uf2"), "rb") as handle:
        assert handle.read() == flashing.uf2_bytes
    assert "restarting it into its UF2 bootloader" in out and "the Pico is back on /dev/ttyACM7" in out
    # the file step ran on the firmware: the frozen build's files, the code gone
    assert "frozen into MicroPython" in out
    assert sorted(p for p in flashing.files if not p.startswith("data/")) == sorted(
        ["main.py", "checks.sha256"] + ["packs/" + n for n in os.listdir(os.path.join(ROOT, "firmware", "packs"))
                                        if n.endswith(".json")])
    assert flashing.folders == {"packs", "data"} and flashing.files["data/s0001.jrn"] == b"journal"
    removed = [c[1] for c in flashing.calls if c[0] == "rmdir"]
    assert removed.index("firmware/games/cybernaut") < removed.index("firmware/games") < removed.index("firmware")
    assert flashing.calls[-1] == ("restart",)


def test_a_port_that_does_not_answer_at_once_is_tried_again(flashing, capsys):
    flashing.fail_opens = 3
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "2")
    assert code == 0, err
    assert flashing.fail_opens == 0 and "firmware/app.mpy" not in flashing.files
    flashing.fail_opens = 10 ** 6  # never answers: a timeout naming the port
    shutil.rmtree(flashing.drive)  # the Pico runs again: its drive is gone
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "0.3")
    assert code == exits.TIMEOUT
    assert "came back on /dev/ttyACM7 but its MicroPython did not answer within 0.3 s" in err


def test_firmware_flow_when_the_drive_never_comes(flashing, capsys):
    flashing.mount = False
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "0.3")
    assert code == exits.TIMEOUT
    assert ("bootloader",) in flashing.calls
    assert flashing.uf2 in err and "BOOTSEL" in err and "run `referee deploy` again" in err
    assert "mount it (under /mnt/, for one)" in err
    assert not [c for c in flashing.calls if c[0] in ("put", "remove")]


def test_firmware_flow_when_the_port_never_comes_back(flashing, capsys, monkeypatch):
    from serial.tools import list_ports
    monkeypatch.setattr(list_ports, "comports", lambda: [] if flashing.flashed() else [Port("/dev/ttyACM7")])
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "0.3")
    assert code == exits.TIMEOUT
    assert "serial port did not come back within 0.3 s" in err and "run `referee deploy`" in err
    assert "saves and journals on it are not touched" in err
    assert flashing.flashed() and not [c for c in flashing.calls if c[0] in ("put", "remove")]


def test_firmware_flow_with_the_pico_already_in_its_bootloader(flashing, capsys):
    _drive(flashing.root, "RPI-RP2", RP2040_INFO)  # held BOOTSEL while plugging it in
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "2")
    assert code == 0, err
    assert ("bootloader",) not in flashing.calls and "found the RPI-RP2 drive" in out
    assert "firmware/app.mpy" not in flashing.files


def test_firmware_refuses_a_pico_2_and_other_boards(flashing, capsys):
    flashing.machine = "Raspberry Pi Pico 2 with RP2350"
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--timeout", "0.3")
    assert code == exits.DEVICE_ERROR and "Pico 2" in err and "no --firmware" in err
    assert ("bootloader",) not in flashing.calls
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--board", "pico2")
    assert code == exits.BUILD_FAILED and "Pico (RP2040) only" in err


def test_firmware_check_flashes_nothing(flashing, capsys):
    code, out, err = run(capsys, "--firmware", flashing.uf2, "--check")
    assert code == 0, err
    assert "would restart the Pico into its UF2 bootloader" in out
    assert "would remove folder firmware/games/cybernaut/" in out and "would copy   checks.sha256" in out
    assert not os.path.exists(flashing.drive) and ("bootloader",) not in flashing.calls
    assert "firmware/app.mpy" in flashing.files


def test_firmware_that_does_not_build_says_pass_a_uf2_or_make_firmware(flashing, capsys, monkeypatch):
    def fails(*args, **kwargs):
        raise firmware.FirmwareError("no MicroPython v1.28.0 source tree in /tmp/nolab")
    monkeypatch.setattr(firmware, "build_firmware", fails)
    code, out, err = run(capsys, "--firmware")
    assert code == exits.BUILD_FAILED
    assert "/tmp/nolab" in err and "--firmware FILE.uf2" in err and "make firmware" in err
    assert flashing.calls == []


def test_a_timeout_of_zero_is_a_usage_error(capsys):
    code, out, err = run(capsys, "--firmware", "x.uf2", "--timeout", "0")
    assert code == exits.USAGE and "--timeout" in err


def test_a_firmware_frozen_from_another_build_is_named_though_its_version_is_the_same(tmp_path):
    # found by review: after a code change (VERSION unchanged) a plain deploy on the
    # Pocket Referee firmware said "up to date" and the device ran the old code. The
    # firmware's packfile carries its build's fingerprint (referee.firmware), and
    # deploy compares it with this checkout's frozen build
    from referee import firmware as firmware_module
    from referee.build import build as build_code
    from shared_rules import VERSION
    code = str(tmp_path / "frozen")
    build_code("pico", code, frozen=True)
    mine = firmware_module.build_fingerprint(code)

    class Seen:
        def __init__(self, fingerprint):
            self.fingerprint = fingerprint

        def hashes(self, paths):
            return {path: None for path in paths}

        def files_in(self, folders):
            return []

        def hiding(self):
            return [], []

    for fingerprint, words in ((mine, None), ("0" * 64, "warning: the firmware's frozen code is not this "
                                               "checkout's"), (None, "does not say which build")):
        said = []
        assert deploy_module._frozen_step(Seen(fingerprint), "pico", str(tmp_path / "out"), code, True,
                                          False, said.append, VERSION, True) == 0
        text = "\n".join(said)
        if words is None:
            assert "warning" not in text and "note" not in text, text
        else:
            assert words in text, text
        assert "check: " in text and "to copy" in text
