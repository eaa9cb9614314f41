"""The Pocket Referee firmware's build (host/referee/firmware.py, issue 21): the
manifest freezes exactly the device build's modules, each .mpy names its source by
path (mpy-tool.py's C names come from it), and the port's make is asked for the
right board with that manifest. The make itself needs the ARM toolchain and the
MicroPython tree (tools/bench_pico.py runs it); here a stand-in make records what
it was asked."""

import os
import stat
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "host"))

from referee import build as build_module  # noqa: E402
from referee import firmware  # noqa: E402


def _manifest_calls(path):
    """The manifest's calls, run with stand-ins: [(name, args)]."""
    calls = []
    scope = {"include": lambda *a: calls.append(("include", a)),
             "freeze_mpy": lambda *a: calls.append(("freeze_mpy", a))}
    with open(path) as handle:
        exec(compile(handle.read(), path, "exec"), scope)
    return calls


def test_the_manifest_freezes_every_module_of_the_build_and_nothing_else(tmp_path):
    code = str(tmp_path / "device")
    built = build_module.build("pico", code, frozen=True)
    modules = [name for name in built["files"] if name.endswith(".mpy")]
    files = [name for name in built["files"] if not name.endswith(".mpy")]
    assert "main.py" in files and "checks.sha256" in files and any(n.startswith("packs/") for n in files)
    path = str(tmp_path / "manifest.py")
    frozen = firmware.write_manifest(code, path)
    assert frozen == sorted(modules) and "firmware/app.mpy" in frozen and "boards/pico.mpy" in frozen
    assert "boards/lib/ssd1306.mpy" in frozen
    calls = _manifest_calls(path)
    assert calls[0] == ("include", ("$(PORT_DIR)/boards/manifest.py",))  # the stock frozen modules
    assert calls[1] == ("freeze_mpy", (os.path.abspath(code), tuple(frozen)))
    assert len(calls) == 2


def test_a_frozen_builds_mpy_names_its_source_by_path_a_files_by_module(tmp_path):
    # MicroPython's mpy-tool.py makes a frozen module's C names from its source name,
    # taking it for a path ending ".py": "shared_rules.pack_check" made a C name with
    # a dot in it and the firmware did not compile (found building it)
    frozen = str(tmp_path / "frozen")
    files = str(tmp_path / "files")
    build_module.build("pico", frozen, frozen=True)
    build_module.build("pico", files)
    for rel in ("firmware/app.mpy", "shared_rules/pack_check.mpy", "boards/lib/ssd1306.mpy"):
        with open(os.path.join(frozen, rel), "rb") as handle:
            data = handle.read()
        assert rel[:-4].encode() + b".py" in data, rel
        with open(os.path.join(files, rel), "rb") as handle:
            data = handle.read()
        assert rel[:-4].replace("/", ".").encode() in data and rel[:-4].encode() + b".py" not in data, rel


def test_an_unknown_board_or_a_missing_source_tree_is_named(tmp_path, monkeypatch):
    with pytest.raises(firmware.FirmwareError) as err:
        firmware.build_firmware("pico2", str(tmp_path / "out"), src=str(tmp_path))
    assert "pico2" in str(err.value) and "referee deploy" in str(err.value)
    monkeypatch.delenv("MPY_DIR", raising=False)
    monkeypatch.setenv("VPICO_LAB", str(tmp_path / "nolab"))
    with pytest.raises(firmware.FirmwareError) as err:
        firmware.source_dir()
    text = str(err.value)
    assert str(tmp_path / "nolab" / "src" / "micropython") in text
    assert "ports/rp2/Makefile" in text and "lib/pico-sdk" in text and "--mpy-src" in text


def _fake_tree(root, make_exit=0):
    """A MicroPython tree with a stand-in make (on PATH) that records its arguments
    and writes BUILD/firmware.bin, and a stand-in uf2conv.py."""
    for name in ("ports/rp2/Makefile", "lib/pico-sdk/pico_sdk_init.cmake", "lib/tinyusb/src/tusb.h"):
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").close()
    with open(os.path.join(root, "tools", "uf2conv.py"), "w") as handle:
        handle.write("import sys\nargs = sys.argv[1:]\nout = args[args.index('--output') + 1]\n"
                     "open(out, 'w').write(' '.join(args))\n")
    bindir = os.path.join(root, "bin")
    os.makedirs(bindir)
    make = os.path.join(bindir, "make")
    with open(make, "w") as handle:
        handle.write("#!/bin/sh\necho \"$@\" > %s/make-args\necho \"CMAKE_ARGS=$CMAKE_ARGS\" >> %s/make-args\n"
                     "for a in \"$@\"; do case $a in BUILD=*) b=${a#BUILD=};; esac; done\n"
                     "mkdir -p $b && printf 'firmware' > $b/firmware.bin\nexit %d\n" % (root, root, make_exit))
    os.chmod(make, os.stat(make).st_mode | stat.S_IEXEC)
    return bindir


def test_the_ports_make_is_asked_for_the_board_with_the_manifest(tmp_path, monkeypatch):
    src = str(tmp_path / "micropython")
    os.makedirs(os.path.join(src, "tools"))
    bindir = _fake_tree(src)
    monkeypatch.setenv("PATH", bindir + os.pathsep + os.environ["PATH"])
    out = str(tmp_path / "out")
    result = firmware.build_firmware("pico", out, src=src, jobs=3)
    with open(os.path.join(src, "make-args")) as handle:
        args = handle.read().split()
    assert "BOARD=RPI_PICO" in args and "-j3" in args and "CMAKE_ARGS=-DPICO_NO_PICOTOOL=1" in args
    assert "FROZEN_MANIFEST=" + os.path.join(out, "manifest-pico.py") in args
    assert "BUILD=" + os.path.join(out, "build-pico") in args
    assert result["bin"] == os.path.join(out, "pocket-referee-pico.bin") and result["bytes"] == len("firmware")
    with open(result["uf2"]) as handle:
        conv = handle.read().split()
    assert conv[conv.index("--family") + 1] == "0xe48bff56"        # the RP2040's UF2 family
    assert conv[conv.index("--base") + 1] == "0x10000000"          # linked at the flash's start
    assert "firmware/app.mpy" in result["frozen"]


def test_a_failed_make_names_its_log(tmp_path, monkeypatch):
    src = str(tmp_path / "micropython")
    os.makedirs(os.path.join(src, "tools"))
    bindir = _fake_tree(src, make_exit=2)
    monkeypatch.setenv("PATH", bindir + os.pathsep + os.environ["PATH"])
    out = str(tmp_path / "out")
    with pytest.raises(firmware.FirmwareError) as err:
        firmware.build_firmware("pico", out, src=src)
    assert "exit 2" in str(err.value) and os.path.join(out, "make-pico.log") in str(err.value)


def test_the_firmware_freezes_the_pack_checks_digest_of_its_own_build(tmp_path, monkeypatch):
    # a firmware flashed by hand beside an older deploy's checks.sha256 file must check
    # packs by its own checks: its packfile carries the digest in CHECKS_FILE ("=" and
    # the digest), which firmware.packfile._checks_hash reads before any file
    import hashlib
    from firmware import packfile
    code = str(tmp_path / "device")
    build_module.build("pico", code, frozen=True)
    with open(os.path.join(code, "firmware", "packfile.mpy"), "rb") as handle:
        before = handle.read()
    digest = firmware.freeze_digest("pico", code)
    with open(os.path.join(code, "checks.sha256")) as handle:
        assert handle.read() == digest and len(digest) == 64
    with open(os.path.join(code, "firmware", "packfile.mpy"), "rb") as handle:
        data = handle.read()
    mark = firmware.build_fingerprint(code)
    assert ("=" + digest + mark).encode() in data and b"checks.sha256" not in data and b"checks.sha256" in before
    # the fingerprint: the same for the same code (packfile.mpy aside), another for a change
    again = str(tmp_path / "again")
    build_module.build("pico", again, frozen=True)
    assert firmware.build_fingerprint(again) == mark and len(mark) == 64
    with open(os.path.join(again, "firmware", "app.mpy"), "ab") as handle:
        handle.write(b"\0")
    assert firmware.build_fingerprint(again) != mark
    assert b"firmware/packfile.py" in data
    assert not os.path.exists(os.path.join(code, "firmware", "packfile.py"))
    monkeypatch.setattr(packfile, "CHECKS_FILE", "=" + digest + mark)
    monkeypatch.setattr(packfile, "_code_folder", lambda: str(tmp_path / "nowhere"))
    frozen, worked = hashlib.sha256(), hashlib.sha256()
    packfile._checks_hash(frozen)                  # no file, no module read: the digest
    worked.update(digest.encode())
    assert frozen.digest() == worked.digest()
