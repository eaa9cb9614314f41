"""The exit statuses of `referee`: one table (referee.exits), the same in `referee
--help`, in every subcommand's help and in the README; and each documented failure
driven for real, checking its code and its message (issue 22).

The device failures run against the firmware on the MicroPython unix port behind a
pty (tools/vpico.py); they are skipped where there is no micropython binary.
"""

import errno
import json
import os
import signal
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from vpico import VirtualPico, install_firmware, micropython_binary  # noqa: E402
from test_sync_e2e import pack_text, put, tree  # noqa: E402

from referee import cli, exits, sync_cli  # noqa: E402

needs_micropython = pytest.mark.skipif(micropython_binary() is None,
                                       reason="no micropython binary for this platform")
DRIVEN = set()  # the codes the tests below drive (checked against the table at the end)


def drives(code):
    def mark(test):
        DRIVEN.add(code)
        return test
    return mark


def run(capsys, *argv):
    """:returns: (exit status, stdout, stderr) of `referee ARGV`."""
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line(text):
    return " ".join(text.split())


@pytest.fixture
def pico(tmp_path):
    with VirtualPico(str(tmp_path / "device"), firmware=True) as device:
        yield device


@pytest.fixture
def no_picos(monkeypatch):
    monkeypatch.delenv("REFEREE_PORT", raising=False)
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [])


@pytest.fixture(autouse=True)
def no_hook():
    yield
    sync_cli.PROGRESS_HOOK = None


# ---- one table, the same everywhere ---------------------------------------------------
def test_the_table_is_the_same_in_every_help_and_in_the_readme(capsys):
    table = one_line(exits.text())
    code, out, _ = run(capsys, "--help")
    assert code == 0 and table in one_line(out)
    commands = ["sim", "pack", "verify", "deploy", "devices", "sync", "pull", "push", "backup",
                "restore", "log"]
    for name in commands:
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and table in one_line(out), name
    code, out, _ = run(capsys, "pack", "check", "--help")
    assert table in one_line(out)
    with open(os.path.join(ROOT, "README.md")) as handle:
        assert exits.markdown() in handle.read()


def test_the_device_errors_carry_the_codes_of_the_table():
    from referee.device import EXIT_CODES
    from referee import deploy
    meaning = dict(exits.TABLE)
    for what, cls in EXIT_CODES:
        assert meaning[cls.exit_code].startswith(what), (cls, what)
    assert len({cls.exit_code for _, cls in EXIT_CODES}) == len(EXIT_CODES)
    assert (deploy.EXIT_NOT_MICROPYTHON, deploy.EXIT_MPY_MISMATCH, deploy.EXIT_BUILD,
            deploy.EXIT_TRANSFER) == (4, 5, 6, 7)
    assert meaning[4].startswith("deploy") and meaning[7].startswith("deploy")


def test_devices_timeout_and_log_format_have_help(capsys):
    _, out, _ = run(capsys, "devices", "--help")
    assert "seconds of silence before giving up on a device" in one_line(out)
    _, out, _ = run(capsys, "log", "--help")
    assert "{text,csv,jsonl,md}" in out and "a Markdown table" in one_line(out)


# ---- each failure, driven --------------------------------------------------------------
@drives(0)
def test_0_done(capsys):
    code, out, _ = run(capsys, "pack", "check", os.path.join(ROOT, "firmware", "packs",
                                                             "neohunt-sample.json"))
    assert code == 0 and ": ok, " in out


@drives(2)
def test_2_wrong_arguments(capsys):
    code, _, err = run(capsys, "sync", "--bogus")
    assert code == 2 and "unrecognized arguments: --bogus" in err
    code, out, _ = run(capsys)
    assert code == 2 and "usage: referee" in out


@drives(3)
def test_3_bad_input_files(tmp_path, capsys):
    code, _, err = run(capsys, "restore", str(tmp_path / "missing.zip"))
    assert code == 3 and "no such file: %s" % (tmp_path / "missing.zip") in err
    assert "referee backup" in err  # says what to give instead
    empty = tmp_path / "s0001.jrn"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "log", str(empty))
    assert code == 3 and "is empty (0 bytes): not a journal" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pocket-referee-pack", "version": 1, "name": "b", '
                   '"tables": {"t": {"kind": "rnage", "rows": []}}}')
    code, _, err = run(capsys, "pack", "check", str(bad))
    assert code == 3 and "table 't': 'kind' must be 'range' or 'cross'" in err
    big = tmp_path / "big.json"   # a valid pack, one byte over what a device can parse
    body = '{"format": "pocket-referee-pack", "version": 1, "name": "b", "tables": {}, "note": "%s"}'
    big.write_text(body % ("x" * (32 * 1024 + 1 - len(body % ""))))
    code, _, err = run(capsys, "pack", "check", str(big))
    assert code == 3 and "32769 bytes is bigger than the 32768 a device's heap can parse" in err
    big.write_text(body % ("x" * (32 * 1024 - len(body % ""))))
    code, out, _ = run(capsys, "pack", "check", str(big))
    assert code == 0 and "ok" in out
    code, _, err = run(capsys, "verify", str(tmp_path / "none.jrn"))
    assert code == 3 and "none.jrn: cannot read: no such file" in err
    not_zip = tmp_path / "b.zip"
    not_zip.write_text("hello")
    code, _, err = run(capsys, "restore", str(not_zip))
    assert code == 3 and "is not a Pocket Referee backup" in err


@drives(4)
def test_4_deploy_to_a_port_where_no_micropython_answers(capsys):
    master, slave = os.openpty()  # a serial port with nothing behind it
    try:
        code, _, err = run(capsys, "deploy", "--port", os.ttyname(slave), "--check")
    finally:
        os.close(slave)
        os.close(master)
    assert code == 4 and "opened but no MicroPython REPL answered" in err


@drives(5)
@needs_micropython
def test_5_deploy_mpy_mismatch(tmp_path, capsys, monkeypatch):
    from referee import deploy as deploy_module
    real_build = deploy_module.build

    def build_v7(board, out):
        result = real_build(board, out)
        result["mpy"] = (7, 0)
        return result
    monkeypatch.setattr(deploy_module, "build", build_v7)
    with VirtualPico(str(tmp_path / "bare")) as bare:
        code, _, err = run(capsys, "deploy", "--port", bare.port, "--check")
    assert code == 5 and "this build makes .mpy v7.0" in err


@drives(6)
def test_6_deploy_build_failed(capsys):
    code, _, err = run(capsys, "deploy", "--board", "nosuch", "--port", "/dev/null")
    assert code == 6 and "no device build for board 'nosuch'" in err


@drives(7)
@needs_micropython
def test_7_deploy_copy_failed(tmp_path, capsys):
    fs = tmp_path / "bare"
    fs.mkdir()
    (fs / "shared_rules").write_text("a file where the folder must go")
    with VirtualPico(str(fs)) as bare:
        code, _, err = run(capsys, "deploy", "--port", bare.port)
    assert code == 7 and "failed" in err and "shared_rules/" in err


@drives(8)
@needs_micropython
def test_8_files_refused_before_sending(pico, tmp_path, capsys):
    pc = str(tmp_path / "pc")
    put(pc, "packs/empty.json", b"")
    put(pc, "packs/good.json", pack_text("good"))
    code, out, err = run(capsys, "sync", "--port", pico.port, "--quiet", pc)
    assert code == 8 and "NOT SENT packs/empty.json: not a valid pack" in out
    assert "1 file(s) failed their checks and were not sent" in err
    assert "packs/good.json" in tree(os.path.join(pico.fs_dir, "data"))


@drives(9)
def test_9_other_device_error(monkeypatch, tmp_path, capsys):
    import serial

    def broken(*args, **kwargs):
        raise serial.SerialException(errno.EIO, "could not open port /dev/ttyACM0: [Errno 5] "
                                                "Input/output error")
    monkeypatch.setattr(serial, "serial_for_url", broken)
    monkeypatch.setattr(serial, "Serial", broken)
    code, _, err = run(capsys, "sync", "--port", "/dev/ttyACM0", str(tmp_path))
    assert code == 9 and "cannot open /dev/ttyACM0" in err and "referee devices" in err


@drives(10)
def test_10_no_device(no_picos, tmp_path, capsys):
    code, _, err = run(capsys, "devices")
    assert code == 10 and "no Pocket Referee connected" in err
    code, out, _ = run(capsys, "devices", "--json")
    assert code == 10 and json.loads(out) == []
    code, _, err = run(capsys, "sync", str(tmp_path))
    assert code == 10 and "no Pocket Referee found" in err
    code, _, err = run(capsys, "deploy", "--check")
    assert code == 10 and "no Pocket Referee found" in err
    code, _, err = run(capsys, "sync", "--port", "/dev/null", str(tmp_path))
    assert code == 10 and "/dev/null is not a serial port" in err
    code, _, err = run(capsys, "pull", "--port", str(tmp_path / "ttyNONE"), str(tmp_path))
    assert code == 10 and "no device at" in err


@drives(11)
def test_11_several_devices(monkeypatch, tmp_path, capsys):
    from serial.tools.list_ports_common import ListPortInfo
    monkeypatch.delenv("REFEREE_PORT", raising=False)
    ports = []
    for name in ("/dev/ttyACM0", "/dev/ttyACM1"):
        port = ListPortInfo(name, skip_link_detection=True)
        port.vid = 0x2E8A
        ports.append(port)
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: ports)
    code, _, err = run(capsys, "sync", str(tmp_path))
    assert code == 11 and "2 devices connected: /dev/ttyACM0 (serial ?), /dev/ttyACM1" in err
    assert "Choose one with --port" in err


@drives(12)
@needs_micropython
def test_12_port_busy(pico, tmp_path, capsys):
    import serial
    holder = serial.Serial(pico.port, exclusive=True)
    try:
        code, _, err = run(capsys, "sync", "--port", pico.port, str(tmp_path / "pc"))
    finally:
        holder.close()
    assert code == 12 and "is busy" in err and "Close it and try again" in err


@drives(13)
def test_13_permission_denied(monkeypatch, tmp_path, capsys):
    import serial

    def refuse(*args, **kwargs):
        raise serial.SerialException(errno.EACCES, "could not open port /dev/ttyACM0: [Errno 13] "
                                                   "Permission denied: '/dev/ttyACM0'")
    monkeypatch.setattr(serial, "serial_for_url", refuse)
    monkeypatch.setattr(serial, "Serial", refuse)
    code, _, err = run(capsys, "backup", "--port", "/dev/ttyACM0", str(tmp_path / "b.zip"))
    assert code == 13 and "sudo usermod -aG dialout $USER" in err


@drives(14)
@needs_micropython
def test_14_not_running_pocket_referee(tmp_path, capsys):
    with VirtualPico(str(tmp_path / "bare")) as bare:
        code, _, err = run(capsys, "sync", "--port", bare.port, "--quiet", str(tmp_path / "pc"))
    assert code == 14 and "not Pocket Referee" in err and "referee deploy" in err


@drives(15)
@needs_micropython
def test_15_version_mismatch(tmp_path, capsys):
    fs = str(tmp_path / "old")
    install_firmware(fs, sources=True)
    path = os.path.join(fs, "shared_rules", "__init__.py")
    with open(path) as handle:
        text = handle.read()
    with open(path, "w") as handle:
        handle.write(text.replace('VERSION = "', 'VERSION = "9.'))
    # the app compiled from its sources in the heap (the test edits them), on the
    # 64-bit port (objects twice a Pico's): more room than the built device's 192K
    with VirtualPico(fs, heap="320K", argv=["main.py"]) as old:
        code, _, err = run(capsys, "pull", "--port", old.port, "--quiet", str(tmp_path / "pc"))
    assert code == 15 and "the device runs Pocket Referee 9." in err and "referee deploy" in err


@drives(16)
@needs_micropython
def test_16_device_full(tmp_path, capsys):
    fs = str(tmp_path / "full")
    install_firmware(fs, sources=True)
    path = os.path.join(fs, "firmware", "sync_agent.py")
    with open(path) as handle:
        text = handle.read()
    with open(path, "w") as handle:
        handle.write(text.replace("RESERVE = 4096", "RESERVE = 10 ** 15"))
    pc = str(tmp_path / "pc")
    put(pc, "packs/extra.json", pack_text("extra"))
    # the app compiled from its sources in the heap (the test edits them), on the
    # 64-bit port (objects twice a Pico's): more room than the built device's 192K
    with VirtualPico(fs, heap="320K", argv=["main.py"]) as full:
        code, _, err = run(capsys, "push", "--port", full.port, "--quiet", pc)
    assert code == 16 and "filesystem is full" in err and "delete old journals" in err


@drives(17)
@needs_micropython
def test_17_timeout(pico, tmp_path, capsys):
    os.kill(pico.proc.pid, signal.SIGSTOP)
    try:
        code, _, err = run(capsys, "sync", "--port", pico.port, "--timeout", "2", str(tmp_path))
    finally:
        os.kill(pico.proc.pid, signal.SIGCONT)
    assert code == 17 and "did not answer within 2 s" in err and "Unplug and replug" in err


@drives(18)
@needs_micropython
def test_18_connection_lost(pico, tmp_path, capsys):
    pc = str(tmp_path / "pc")
    put(pc, "packs/big.bin", bytes((i * 7) & 0xFF for i in range(60000)))

    def pull_the_cable(name, done):
        if name == "packs/big.bin" and done >= 20000 and pico.alive():
            pico.kill()
    sync_cli.PROGRESS_HOOK = pull_the_cable
    code, _, err = run(capsys, "sync", "--port", pico.port, "--quiet", pc)
    assert code == 18 and "the connection to %s was lost" % pico.port in err
    assert "Nothing is lost" in err
    assert "could not be restarted" in err and "unplug and replug" in err


@drives(130)
def test_130_interrupted(monkeypatch, tmp_path, capsys):
    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(sync_cli, "log", interrupted)
    code, _, err = run(capsys, "log", str(tmp_path / "x.jrn"))
    assert code == 130 and "interrupted (Ctrl-C)" in err


def test_every_code_of_the_table_is_driven_above():
    assert DRIVEN == {code for code, _ in exits.TABLE}
