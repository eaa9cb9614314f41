"""The Pocket Referee firmware: the stock MicroPython of a board with the device
build's .mpy files frozen in (issue 21).

Frozen modules run from the Pico's flash: their code and their names take no RAM,
and importing one reads nothing from the filesystem. Measured on the emulated Pico
(tools/bench_pico.py and probes, 2026-12-03): the free heap after boot 159 -> 207 KB
with the bench's driver (a probe without it: 164 -> 212 KB); opening a game (imports
and its pack) 590-630 -> 190-320 ms.

Built from MicroPython's own sources (the tag the device's .mpy version needs:
``MPY_TAG``) with its rp2 port's make, the manifest written here
(``write_manifest``): the board's stock frozen modules, then the .mpy files of
``host/referee/build.py``'s build for that board, the same bytes a file deploy
copies. Needs the ARM toolchain and the MicroPython tree with its pico-sdk and
TinyUSB (the emulated Pico's kit has both: ../shared/vpico/BUILD.md, steps 0-2).
"""

import hashlib
import os
import shutil
import subprocess
import sys

from referee import build as build_module

MPY_TAG = "v1.28.0"  # the MicroPython whose .mpy version (6.3) the build's mpy-cross writes
# our board name -> (the rp2 port's BOARD, UF2 family ID). Only the Pico's is built
# and run so far (the emulated Pico is an RP2040): a Pico 2 or a Pico W takes the
# .mpy files on stock MicroPython (`referee deploy`) until theirs is tried. "sim":
# the terminal simulator's build frozen for the Pico (tools/bench_pico.py drives it).
BOARDS = {"pico": ("RPI_PICO", "0xe48bff56"), "sim": ("RPI_PICO", "0xe48bff56")}
FLASH_BASE = 0x10000000  # where the RP2040's and RP2350's XIP flash starts (the .bin's address)
# the folders of the build that are frozen (main.py and the packs stay files)
FROZEN_FOLDERS = ("boards", "firmware", "shared_rules")
MAKE_TIMEOUT = 3600  # seconds: a first build of the port is ~10 min on 2 cores


class FirmwareError(Exception):
    """The firmware could not be built: the message names what is missing or failed."""


def source_dir(given=None):
    """The MicroPython source tree to build from (str): ``given``, else $MPY_DIR,
    else $VPICO_LAB/src/micropython (default /tmp/vpico: the emulated Pico's kit).

    :raises FirmwareError: no tree there, or its rp2 port lacks pico-sdk or TinyUSB."""
    path = given or os.environ.get("MPY_DIR") or os.path.join(
        os.environ.get("VPICO_LAB") or "/tmp/vpico", "src", "micropython")
    path = os.path.abspath(path)
    needs = ("ports/rp2/Makefile", "lib/pico-sdk/pico_sdk_init.cmake", "lib/tinyusb/src/tusb.h",
             "tools/uf2conv.py")
    missing = [name for name in needs if not os.path.exists(os.path.join(path, name))]
    if missing:
        raise FirmwareError(
            "no MicroPython %s source tree in %s (missing: %s). Give one with --mpy-src or "
            "MPY_DIR; ../shared/vpico/BUILD.md steps 1-2 say how to unpack it with its "
            "pico-sdk and TinyUSB" % (MPY_TAG, path, ", ".join(missing)))
    return path


def frozen_files(code):
    """The .mpy files of the build in ``code`` that are frozen: relative paths with
    "/" (sorted list of str), those under FROZEN_FOLDERS.

    :raises FirmwareError: the build has none of them."""
    out = []
    for folder in FROZEN_FOLDERS:
        top = os.path.join(code, folder)
        for base, _, names in os.walk(top):
            for name in names:
                if name.endswith(".mpy"):
                    out.append(os.path.relpath(os.path.join(base, name), code).replace(os.sep, "/"))
    if not out:
        raise FirmwareError("the build in %s has no .mpy files under %s" % (code, ", ".join(FROZEN_FOLDERS)))
    return sorted(out)


CHECKS_LINE = 'CHECKS_FILE = "checks.sha256"'  # in firmware/packfile.py, where the digest goes


def build_fingerprint(code):
    """The SHA-256 (hex str) of a frozen build's code in ``code``: each frozen .mpy's
    path and bytes in order, firmware/packfile.mpy aside (``freeze_digest`` writes
    this fingerprint into it). ``referee deploy`` compares a device's with its own
    build's to say the firmware on it is not this checkout's code."""
    inner = hashlib.sha256()
    for rel in frozen_files(code):
        if rel == "firmware/packfile.mpy":
            continue
        inner.update(rel.encode())
        with open(os.path.join(code, rel), "rb") as handle:
            inner.update(handle.read())
    return inner.hexdigest()


def freeze_digest(board, code):
    """Compile ``code``/firmware/packfile.mpy again with the build's pack checks'
    digest (its checks.sha256) and the build's ``build_fingerprint`` in place of the
    file's name: ``CHECKS_FILE = "=<digest><fingerprint>"`` (firmware.packfile
    _checks_hash reads the digest so; `referee deploy` the fingerprint). A firmware flashed by hand beside an
    older deploy's checks.sha256 still checks packs by its own checks; no name is
    added to the module (a name more is RAM on the stock firmware: the .mpy files
    are the same code, and the 240K Cybernaut ladder ran out with a module for it).

    :returns: the digest (hex str).
    :raises FirmwareError: packfile.py has no such line, or mpy-cross refused it."""
    with open(os.path.join(code, "checks.sha256")) as handle:
        digest = handle.read().strip()
    rel = "firmware/packfile.py"
    sources = build_module.source_files(board)
    path = dict(sources)[rel]
    with open(path) as handle:
        text = handle.read()
    renames = build_module.shrink_names(sources).get(rel)
    if renames:
        text = build_module.shrink.rewrite(text, renames)
    if text.count(CHECKS_LINE) != 1:
        raise FirmwareError("%s has no line %s to put the checks' digest in" % (path, CHECKS_LINE))
    text = text.replace(CHECKS_LINE, 'CHECKS_FILE = "=%s%s"' % (digest, build_fingerprint(code)))
    source = os.path.join(code, rel)
    with open(source, "w") as handle:
        handle.write(text)
    try:
        subprocess.run([build_module.mpy_cross_binary(), "-O3", "-s", rel, "-o", source[:-3] + ".mpy", source],
                       check=True, capture_output=True, timeout=120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        raise FirmwareError("mpy-cross could not compile %s: %s" % (source, getattr(exc, "stderr", exc)))
    finally:
        os.remove(source)
    return digest


def write_manifest(code, path):
    """Write the frozen manifest ``path`` (str) for the build in ``code`` (str): the
    port's board manifest first (the stock firmware's own frozen modules: asyncio,
    onewire, ...), then every file of ``frozen_files(code)`` with ``freeze_mpy``
    (module names as their paths: firmware/app.mpy is firmware.app).

    :returns: the files frozen (list of str)."""
    files = frozen_files(code)
    lines = ['"""Frozen manifest written by host/referee/firmware.py: do not edit."""',
             'include("$(PORT_DIR)/boards/manifest.py")',
             "freeze_mpy(%r, (" % os.path.abspath(code)]
    lines += ["    %r," % name for name in files]
    lines.append("))")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return files


def _forget_other_manifest(work, manifest):
    """Remove ``work``/CMakeCache.txt when it was configured with a frozen manifest
    other than ``manifest`` (the port's make then configures it again)."""
    cache = os.path.join(work, "CMakeCache.txt")
    try:
        with open(cache) as handle:
            lines = [line for line in handle if line.startswith("MICROPY_FROZEN_MANIFEST")]
    except OSError:
        return
    if not lines or lines[0].strip().split("=", 1)[-1] != manifest:
        os.remove(cache)
        try:
            os.remove(os.path.join(work, "Makefile"))  # the port's make configures when it is missing
        except OSError:
            pass


def build_firmware(board="pico", out=os.path.join("build", "firmware"), src=None, jobs=2, code=None, log=None):
    """Build the firmware for ``board`` (a key of BOARDS) into ``out``: the device
    build (``code``, default ``out``/device-<board>), its manifest, the port's make
    (its build folder ``out``/build-<board>, kept so the next build only links),
    then ``out``/pocket-referee-<board>.uf2 and .bin.

    :param src: the MicroPython tree (``source_dir``).
    :param jobs: make's -j (int >= 1).
    :param log: file for make's output (default ``out``/make-<board>.log).
    :returns: {"uf2": path, "bin": path, "frozen": [relative .mpy paths], "bytes": int (the .bin's size)}.
    :raises FirmwareError: an unknown board, no source tree, make failed or timed out
        (the message names the log), or no firmware.bin came out.
    """
    if board not in BOARDS:
        raise FirmwareError("no firmware is built for board %r yet (only: %s); its .mpy files go "
                            "on stock MicroPython with `referee deploy`" % (board, ", ".join(sorted(BOARDS))))
    port_board, family = BOARDS[board]
    src = source_dir(src)
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    code = os.path.abspath(code or os.path.join(out, "device-" + board))
    build_module.build(board, code, frozen=True)
    freeze_digest(board, code)
    manifest = os.path.join(out, "manifest-%s.py" % board)
    frozen = write_manifest(code, manifest)
    # one build folder per board of ours: the port's make configures CMake once per
    # folder and keeps the manifest's path it was first given (found: the Pico's
    # firmware came out with the sim board's modules frozen in); a folder whose cache
    # names another manifest is configured again
    work = os.path.join(out, "build-" + board)
    _forget_other_manifest(work, manifest)
    log = log or os.path.join(out, "make-%s.log" % board)
    env = dict(os.environ, CMAKE_ARGS="-DPICO_NO_PICOTOOL=1")
    cmd = ["make", "-C", os.path.join(src, "ports", "rp2"), "BOARD=" + port_board, "BUILD=" + work,
           "FROZEN_MANIFEST=" + manifest, "-j%d" % max(1, int(jobs))]
    with open(log, "w") as handle:
        try:
            done = subprocess.run(cmd, stdout=handle, stderr=subprocess.STDOUT, env=env, timeout=MAKE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise FirmwareError("make of the %s firmware took over %d s (its log: %s)" % (port_board, MAKE_TIMEOUT, log))
        except OSError as exc:
            raise FirmwareError("make could not run (%s): the firmware needs make, cmake and "
                                "arm-none-eabi-gcc (../shared/vpico/BUILD.md step 0)" % exc)
    binary = os.path.join(work, "firmware.bin")
    if done.returncode or not os.path.exists(binary):
        raise FirmwareError("make of the %s firmware failed (exit %d): the end of %s says why"
                            % (port_board, done.returncode, log))
    target = os.path.join(out, "pocket-referee-%s" % board)
    shutil.copyfile(binary, target + ".bin")
    try:
        subprocess.run([sys.executable, os.path.join(src, "tools", "uf2conv.py"), "--family", family,
                        "--base", hex(FLASH_BASE), "--convert", "--output", target + ".uf2", target + ".bin"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        raise FirmwareError("uf2conv.py could not make %s.uf2: %s" % (target, getattr(exc, "stderr", exc)))
    return {"uf2": target + ".uf2", "bin": target + ".bin", "frozen": frozen,
            "bytes": os.path.getsize(target + ".bin")}
