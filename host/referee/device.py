"""The connection to a Pocket Referee over USB serial.

Finds Picos with pyserial's list_ports (USB vendor 0x2E8A), opens the port with
mpremote's SerialTransport, enters the raw REPL *without* a soft reset (mpremote
sends Ctrl-C, which stops the running app; its state is already saved), calls
the device's sync agent (firmware/sync_agent.py) and restarts the app afterwards
so it carries on from its save.

Every failure is a DeviceError with a message saying what to do and its own exit
code (``exit_code``), so scripts can tell them apart.
"""

import contextlib
import errno
import io
import json
import os
import re
import time

import serial
from serial.tools import list_ports
from mpremote.transport import TransportError
from mpremote.transport_serial import SerialTransport

from shared_rules import VERSION
from shared_rules.errors import RefereeError

PICO_VID = 0x2E8A
PORT_ENV = "REFEREE_PORT"
UNIX_PLATFORMS = ("linux", "darwin")  # the MicroPython unix port (the emulated Pico)
RUNNING = b"[vpico] running"  # printed by the emulated Pico's main.py once its loop runs


class DeviceError(RefereeError):
    """A device problem; ``exit_code`` says which kind."""

    exit_code = 9


class NoDevice(DeviceError):
    exit_code = 10


class SeveralDevices(DeviceError):
    exit_code = 11


class PortBusy(DeviceError):
    exit_code = 12


class PermissionDenied(DeviceError):
    exit_code = 13


class NotPocketReferee(DeviceError):
    exit_code = 14


class VersionMismatch(DeviceError):
    """:param info: the device's info dict (versions), kept as ``info``."""

    exit_code = 15

    def __init__(self, info, message):
        super().__init__(message)
        self.info = info


class DeviceFull(DeviceError):
    exit_code = 16


class DeviceTimeout(DeviceError):
    exit_code = 17


class ConnectionLost(DeviceError):
    exit_code = 18


# (the words of referee.exits.TABLE, the one table; a test keeps them in step)
EXIT_CODES = (("any other device error", DeviceError), ("no device", NoDevice),
              ("several devices and no --port", SeveralDevices),
              ("port busy", PortBusy), ("permission denied", PermissionDenied),
              ("not running Pocket Referee", NotPocketReferee),
              ("host/device version mismatch", VersionMismatch),
              ("device filesystem full", DeviceFull), ("timeout", DeviceTimeout),
              ("connection lost during a transfer", ConnectionLost))

AGAIN = "Nothing is lost: the previous files are whole on both sides; run the command again to finish."


def pico_ports():
    """The serial ports of connected Picos (list of pyserial ListPortInfo), by port name."""
    return sorted([p for p in list_ports.comports() if p.vid == PICO_VID], key=lambda p: p.device)


def choose_port(port=None):
    """The port to use: ``port``, else $REFEREE_PORT, else the only Pico connected.

    :raises NoDevice: no Pico connected.
    :raises SeveralDevices: more than one, and no port given (lists them).
    """
    port = port or os.environ.get(PORT_ENV)
    if port:
        return port
    ports = pico_ports()
    if not ports:
        raise NoDevice("no Pocket Referee found: no USB serial port with the Pico's vendor id "
                       "(2E8A). Plug the device in with a data cable (not a charge-only one), "
                       "or give the port with --port (or $%s)." % PORT_ENV)
    if len(ports) > 1:
        names = ", ".join("%s (serial %s)" % (p.device, p.serial_number or "?") for p in ports)
        raise SeveralDevices("%d devices connected: %s. Choose one with --port." % (len(ports), names))
    return ports[0].device


def open_error(port, exc):
    """The DeviceError for a port that would not open (from the OSError/SerialException)."""
    code = getattr(exc, "errno", None)
    text = str(exc)
    if code in (errno.EACCES, errno.EPERM) or "Permission denied" in text:
        return PermissionDenied(
            "permission denied opening %s. On Linux add yourself to the group that owns it "
            "(usually 'dialout'; 'uucp' on Arch): sudo usermod -aG dialout $USER, then log out "
            "and in again." % port)
    if code in (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK) or "lock" in text.lower():
        return PortBusy("port %s is busy: another program has it open (Thonny, mpremote, a serial "
                        "terminal, another referee). Close it and try again." % port)
    if code in (errno.ENOENT, errno.ENODEV, errno.ENXIO):
        return NoDevice("no device at %s (unplugged?). `referee devices` lists the connected ones."
                        % port)
    if code in (errno.ENOTTY, errno.EINVAL) or "Inappropriate ioctl" in text:
        return NoDevice("%s is not a serial port, so no device can be there: give the Pico's "
                        "port with --port (`referee devices` lists the connected ones)" % port)
    return DeviceError("cannot open %s: %s. Check the port name (`referee devices`) and try "
                       "again." % (port, text))


def diagnose(port):
    """mpremote says only 'failed to access': open the port ourselves to say why.

    :raises DeviceError: always: the kind that explains the failure (open_error), or
        PortBusy when the port opens fine now.
    """
    try:
        probe = serial.Serial(port, exclusive=True)
    except (OSError, serial.SerialException) as exc:
        raise open_error(port, exc)
    probe.close()
    raise PortBusy("port %s could not be opened just now (busy?); try again." % port)


@contextlib.contextmanager
def _read_timeout(transport, seconds):
    """Reads on ``transport``'s port wait at most ``seconds`` inside the block (the
    port's own timeout is put back after it)."""
    ser = transport.serial
    before = ser.timeout
    ser.timeout = seconds
    try:
        yield
    finally:
        try:
            ser.timeout = before
        except (OSError, serial.SerialException):
            pass


class _Transport(SerialTransport):
    """mpremote's serial transport, plus a follow that reads what is waiting in one
    go (mpremote's reads one byte per call) and hands back a prompt it read ahead."""

    _prompt_ahead = False

    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
        if ending == b">" and self._prompt_ahead:
            self._prompt_ahead = False
            return b">"
        return super().read_until(min_num_bytes, ending, timeout, data_consumer, timeout_overall)


def _os_errno(text):
    """The errno in a MicroPython OSError traceback, or None."""
    match = re.search(r"OSError: \[Errno (\d+)\]", text) or re.search(r"OSError: (\d+)", text)
    if match:
        return int(match.group(1))
    if "ENOSPC" in text:
        return errno.ENOSPC
    return None


class Device:
    """A Pocket Referee on a serial port, in the raw REPL with its sync agent loaded.

    :param port: serial port (e.g. /dev/ttyACM0); None: choose_port().
    :param timeout: seconds of silence before giving up (float).
    """

    def __init__(self, port=None, timeout=5.0):
        self.port = choose_port(port)
        self.timeout = timeout
        self.transport = None
        self.info = {}
        self.entered = False  # the raw REPL was entered: the app is stopped

    # ---- opening and closing -------------------------------------------------
    def open(self):
        """Open the port, stop the app, enter the raw REPL, load the agent, check versions.

        :returns: self.
        :raises DeviceError: one of the kinds above.
        """
        try:
            # mpremote reads the raw-paste handshake with plain blocking reads
            # (serial.read(2)) and takes an empty read as an error: the port's read
            # timeout is the time a device may take to answer, not a poll interval
            # (at 0.05 s the emulated Pico failed every transfer: issue 22)
            self.transport = _Transport(self.port, timeout=self.timeout)
        except TransportError:
            self._diagnose()
        except (OSError, serial.SerialException) as exc:
            raise open_error(self.port, exc)
        try:
            self._enter_raw_repl()
            self.entered = True
        except TransportError:
            self.close()
            raise DeviceTimeout("%s did not answer within %g s: it does not look like MicroPython "
                                "(or it is stuck). Unplug and replug it, then try again."
                                % (self.port, self.timeout))
        except (OSError, serial.SerialException) as exc:
            self.close()
            raise ConnectionLost("lost %s while connecting: %s" % (self.port, exc))
        try:
            self.call("import firmware.sync_agent as _a\nimport gc\ngc.collect()")
        except DeviceError as exc:
            if "ImportError" in str(exc) or "no module" in str(exc).lower():
                self.close()
                raise NotPocketReferee(
                    "%s runs MicroPython but not Pocket Referee (no firmware.sync_agent). Put the "
                    "firmware on it with `referee deploy` (or `make deploy`)." % self.port)
            self.close()
            raise
        self.info = json.loads(self.call("_a.info()").decode().strip().splitlines()[-1])
        platform, version = self.call(
            "import sys\nprint(sys.platform, '%d.%d.%d' % sys.implementation.version[:3])").split()
        self.info["platform"] = platform.decode()
        self.info["micropython"] = version.decode()
        device_version = self.info.get("referee")
        if device_version != VERSION:
            self.restart_app()
            raise VersionMismatch(self.info,
                "this referee is %s but the device runs Pocket Referee %s: install the matching "
                "referee (pip install pocket-referee==%s) or update the firmware with "
                "`referee deploy`." % (VERSION, device_version, device_version))
        return self

    def _enter_raw_repl(self):
        """mpremote's enter_raw_repl (Ctrl-C, Ctrl-A) without a soft reset.

        A Ctrl-C that comes while the app is still booting (before it can take an
        interrupt) is lost and the Ctrl-A waits unread; the second try's Ctrl-C stops
        the app and the REPL then reads both Ctrl-As, answering twice. So after a
        second try: let it settle, drop everything, and enter once more, cleanly.
        """
        first = min(1.5, self.timeout)
        # mpremote's read_until times itself; a pty is read a byte at a time, so a
        # short read timeout here lets it see its own deadlines
        with contextlib.redirect_stdout(io.StringIO()), _read_timeout(self.transport, 0.05):
            try:
                self.transport.enter_raw_repl(soft_reset=False, timeout_overall=first)
                return
            except TransportError:
                pass
            self.transport.enter_raw_repl(soft_reset=False,
                                          timeout_overall=max(0.5, self.timeout - first))
            time.sleep(0.3)
            ser = self.transport.serial
            while ser.in_waiting:
                ser.read(ser.in_waiting)
            self.transport.enter_raw_repl(soft_reset=False, timeout_overall=self.timeout)

    def _diagnose(self):
        diagnose(self.port)

    def close(self):
        """Close the port (no error if it is gone)."""
        if self.transport is not None:
            try:
                self.transport.close()
            except (OSError, serial.SerialException):
                pass
            self.transport = None

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()

    def restart_app(self):
        """Start the app again so it carries on from its save, then let go of the port.

        The unix port (the emulated Pico) runs main.py again from its friendly REPL: it
        hands its terminal back to ISIG mode only for code typed there, so Ctrl-C can
        stop the app next time (code run from the raw REPL could not be interrupted;
        its soft reset would end the process). A board leaves the raw REPL and
        soft-resets, which runs main.py (a Pico runs main.py after a soft reset only
        from the friendly REPL). Nothing is done if the device has no main.py.

        :returns: True when the app was started again (or there is no main.py), False
            when the port failed on the way.
        """
        if self.transport is None:
            return False
        done = True
        try:
            if self.info.get("main"):
                if self.info.get("platform") in UNIX_PLATFORMS:
                    # a fresh start as after a reset: the app's modules are imported anew
                    self.transport.exec("import gc,sys\nfor _m in list(sys.modules):\n"
                                        " if _m.split('.')[0] in ('firmware','boards','shared_rules'):\n"
                                        "  del sys.modules[_m]\n"
                                        "_a=None\napp=None\nboard=None\ngc.collect()")
                    self.transport.exit_raw_repl()
                    self.transport.serial.write(b"exec(open('main.py').read())\r")
                    self.transport.serial.flush()
                    # wait for the app's boot line: from then on a Ctrl-C interrupts it (a
                    # Ctrl-C queued before the REPL hands the terminal back would sit unread)
                    self.transport.read_until(1, b" ready", timeout=self.timeout,
                                              timeout_overall=self.timeout)
                    # and let boot's gc.collect() pass: the unix port takes SIGINT as an
                    # asynchronous exception, and one landing inside the collector crashes
                    # it ("FATAL: uncaught NLR" or a segfault); a Pico is not affected.
                    # The emulated Pico's main.py says when its loop runs.
                    self.transport.read_until(1, RUNNING, timeout=0.5, timeout_overall=0.5)
                else:
                    self.transport.exit_raw_repl()
                    self.transport.serial.write(b"\x04")
            else:
                self.transport.exit_raw_repl()
        except (OSError, serial.SerialException, TransportError):
            done = False
        self.close()
        return done

    def recover(self):
        """After a failure mid-command: open the port again if it was closed, stop
        whatever the device was running (Ctrl-C), get back to the raw REPL and restart
        the app so the device does not sit at the REPL with a frozen screen.

        :returns: True when the app was restarted; False when the device cannot be
            reached (unplugged, stuck); the port is closed either way.
        """
        try:
            if self.transport is None:
                self.transport = _Transport(self.port, timeout=self.timeout)
            self.transport._prompt_ahead = False
            with _read_timeout(self.transport, 0.05):
                ser = self.transport.serial
                ser.write(b"\r\x03")
                time.sleep(0.2)
                while ser.in_waiting:
                    ser.read(ser.in_waiting)
            self._enter_raw_repl()
        except (TransportError, OSError, serial.SerialException):
            self.close()
            return False
        if not self.info.get("platform"):
            # the failure came before open() asked: ask now what restart_app needs
            try:
                platform, main = self.transport.exec(
                    "import sys,os\ntry:\n os.stat('main.py')\n _m=1\nexcept OSError:\n _m=0\n"
                    "print(sys.platform,_m)").split()
                self.info["platform"], self.info["main"] = platform.decode(), main == b"1"
            except (TransportError, OSError, serial.SerialException, ValueError):
                self.close()
                return False
        return self.restart_app()

    # ---- calls ---------------------------------------------------------------
    def call(self, code, timeout=None):
        """Run ``code`` on the device. :returns: its printed output (bytes).

        :raises DeviceFull: ENOSPC on the device.
        :raises DeviceTimeout: no answer within the timeout.
        :raises ConnectionLost: the port went away (cable pulled).
        :raises DeviceError: any other error on the device (its traceback's last line).
        """
        transport = self.transport
        if transport is None:
            raise ConnectionLost("the connection to the device is closed. " + AGAIN)
        try:
            transport.exec_raw_no_follow(code)
            out, err = self._follow(timeout or self.timeout)
        except (OSError, serial.SerialException) as exc:
            self.close()
            raise ConnectionLost("the connection to %s was lost (%s). %s" % (self.port, exc, AGAIN))
        except TransportError as exc:
            self.close()
            raise DeviceTimeout("%s stopped answering (%s). %s" % (self.port, exc, AGAIN))
        if err:
            text = err.decode(errors="replace")
            if _os_errno(text) == errno.ENOSPC:
                raise DeviceFull("the device's filesystem is full: delete old journals or saves "
                                 "on it (sync first, then remove them from the PC folder and sync "
                                 "again) and try again.")
            lines = [line for line in text.strip().splitlines() if line.strip()]
            raise DeviceError("device error: %s" % (lines[-1] if lines else text))
        return out

    def _follow(self, timeout):
        """Read the raw REPL's answer: stdout, \\x04, stderr, \\x04 (then the '>' prompt)."""
        ser = self.transport.serial
        data = bytearray()
        last = time.monotonic()
        while data.count(b"\x04") < 2:
            chunk = ser.read(ser.in_waiting or 1)
            if chunk:
                data += chunk
                last = time.monotonic()
            elif time.monotonic() - last > timeout:
                self.close()
                raise DeviceTimeout("%s stopped answering (nothing for %g s). %s"
                                    % (self.port, timeout, AGAIN))
        out, err, rest = bytes(data).split(b"\x04", 2)
        if rest.startswith(b">"):
            self.transport._prompt_ahead = True
        return out, err

    # ---- the agent's services ------------------------------------------------
    def listing(self):
        """Files of the device's data folder: dict path -> (sha256 hex, bytes)."""
        files = {}
        for line in self.call("_a.ls()", timeout=max(self.timeout, 30)).decode().splitlines():
            parts = line.strip().split(" ", 2)
            if len(parts) == 3:
                files[parts[2]] = (parts[0], int(parts[1]))
        return files

    def read(self, path, size, progress=None, step=12288):
        """The bytes of ``path`` (``size`` bytes, from the listing) on the device, checked
        against the SHA-256 the device computed while sending. One call per ``step``
        bytes (a small file: one call in all).

        :param progress: callable(bytes_done) or None.
        :raises ConnectionLost, DeviceTimeout: as ``call``.
        :raises DeviceError: the hash does not match (a damaged transfer).
        """
        import binascii
        import hashlib
        data = bytearray()
        code = "_a.ropen(%r)\n" % path
        sent = None
        while sent is None:
            code += "_a.r(%d)" % step
            if size - len(data) <= step:
                code += "\n_a.rclose()"
            text = self.call(code)
            code = ""
            at = text.find(b"#")
            if at >= 0:
                sent = text[at + 1:].strip().decode()
                text = text[:at]
            chunk = binascii.a2b_base64(b"".join(text.split()))
            data += chunk
            if progress:
                progress(len(data))
            if sent is None and not chunk:
                code = "_a.rclose()\n"  # shorter than the listing said: finish and check
        got = hashlib.sha256(bytes(data)).hexdigest()
        if sent != got:
            raise DeviceError("damaged transfer of %s (SHA-256 %s, the device sent %s). %s"
                              % (path, got[:12], sent[:12], AGAIN))
        return bytes(data)

    def write(self, path, data, progress=None, step=5760):
        """Write ``data`` (bytes) to ``path`` on the device: into ``path.part``, hash
        checked there, then renamed over the old file. One call per ``step`` bytes (a
        small file: one call in all). 5760 bytes are 7680 base64 characters: the
        device's lexer holds them in an 8 KB buffer (at 12 KB it needed 32 KB in one
        piece, which a fragmented 192K heap sometimes lacked).

        :raises DeviceFull: not enough room (the old file is untouched).
        :raises ConnectionLost, DeviceTimeout: as ``call`` (the old file is untouched).
        """
        import base64
        import hashlib
        digest = hashlib.sha256(data).hexdigest()
        code = "_a.wopen(%r,%d)\n" % (path, len(data))
        for done in range(0, len(data), step):
            piece = data[done:done + step]
            code += "_a.w(%r)" % base64.b64encode(piece).decode()
            if done + step >= len(data):
                code += "\n_a.wclose(%r,%r)" % (path, digest)
            self.call(code)
            code = ""
            if progress:
                progress(done + len(piece))
        if not data:
            self.call(code + "_a.wclose(%r,%r)" % (path, digest))

    def copy(self, path, new_path, size, sha):
        """Copy a device file to ``new_path`` on the device (through the PC, same checks)."""
        data = self.read(path, size)
        if hashlib_hex(data) != sha:
            raise DeviceError("%s changed on the device during the sync; run it again" % path)
        self.write(new_path, data)

    def remove(self, path):
        """Delete ``path`` on the device."""
        self.call("_a.rm(%r)" % path)


def hashlib_hex(data):
    """Hex SHA-256 of bytes."""
    import hashlib
    return hashlib.sha256(data).hexdigest()
