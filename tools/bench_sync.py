"""Benchmark of `referee sync` against `mpremote cp`, both against the emulated Pico
(the firmware on the MicroPython unix port behind a pty), in one run. Prints figures
and ratios; not a test.

    .venv/bin/python tools/bench_sync.py [--files 200] [--total 1000000]

Measures, each as the whole command (process start included):
- mpremote cp -r of the files PC -> device, and `referee sync` doing the same
  (first sync: the PC folder has them, the device not);
- the same device -> PC;
- `referee sync` with nothing changed.
Goals (issue 6): no-change sync under 1 s and at least 10x faster than copying; full
sync within 1.2x of mpremote cp.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from vpico import VirtualPico  # noqa: E402

BIN = os.path.dirname(sys.executable)


def make_files(folder, count, total):
    """``count`` text files (journal-like lines) totalling ``total`` bytes."""
    rng = random.Random(6)
    size = total // count
    os.makedirs(folder, exist_ok=True)
    for index in range(count):
        words = []
        length = 0
        while length < size:
            line = '%08x {"seq": %d, "kind": "roll", "out": {"total": %d}}\n' % (
                rng.getrandbits(32), index * 1000 + len(words), rng.randrange(100))
            words.append(line)
            length += len(line)
        data = "".join(words).encode()[:size]
        with open(os.path.join(folder, "f%03d.jrn" % index), "wb") as handle:
            handle.write(data)


def timed(argv, cwd=None):
    start = time.monotonic()
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        raise SystemExit("failed (%d): %s\n%s%s" % (proc.returncode, " ".join(argv), proc.stdout, proc.stderr))
    return elapsed


def tree_equal(left, right):
    for folder, _, names in os.walk(left):
        for name in names:
            a = os.path.join(folder, name)
            b = os.path.join(right, os.path.relpath(a, left))
            with open(a, "rb") as fa, open(b, "rb") as fb:
                if fa.read() != fb.read():
                    return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--total", type=int, default=1000000)
    args = parser.parse_args()
    mpremote = os.path.join(BIN, "mpremote")
    referee = os.path.join(BIN, "referee")
    work = tempfile.mkdtemp(prefix="bench-sync-")
    try:
        source = os.path.join(work, "src", "bench")
        make_files(source, args.files, args.total)
        total = sum(os.path.getsize(os.path.join(source, n)) for n in os.listdir(source))
        fs = os.path.join(work, "device")
        os.makedirs(os.path.join(fs, "data"))
        with VirtualPico(fs, firmware=True) as pico:
            time.sleep(0.5)
            port = pico.port
            on_device = os.path.join(fs, "data", "bench")
            # PC -> device
            t_cp_push = timed([mpremote, "connect", port, "resume", "fs", "cp", "-r", source, ":data/"])
            assert tree_equal(source, on_device), "mpremote cp: files differ"
            shutil.rmtree(on_device)
            pc = os.path.join(work, "pc")
            shutil.copytree(os.path.dirname(source), pc)
            t_sync_push = timed([referee, "sync", "--port", port, "--quiet", pc])
            assert tree_equal(source, on_device), "referee sync: files differ"
            t_none = min(timed([referee, "sync", "--port", port, "--quiet", pc]) for _ in range(3))
            # device -> PC
            back = os.path.join(work, "back")
            os.makedirs(back)
            t_cp_pull = timed([mpremote, "connect", port, "resume", "fs", "cp", "-r", ":data/bench", back + "/"])
            assert tree_equal(on_device, os.path.join(back, "bench")), "mpremote cp back: files differ"
            pc2 = os.path.join(work, "pc2")
            t_sync_pull = timed([referee, "sync", "--port", port, "--quiet", pc2])
            assert tree_equal(on_device, os.path.join(pc2, "bench")), "referee sync back: files differ"
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d files, %d bytes, emulated Pico (MicroPython unix port behind a pty)" % (args.files, total))
    print("%-44s %8s" % ("", "seconds"))
    print("%-44s %8.2f" % ("mpremote cp -r, PC -> device", t_cp_push))
    print("%-44s %8.2f" % ("referee sync, full (PC -> device)", t_sync_push))
    print("%-44s %8.2f" % ("mpremote cp -r, device -> PC", t_cp_pull))
    print("%-44s %8.2f" % ("referee sync, full (device -> PC)", t_sync_pull))
    print("%-44s %8.2f" % ("referee sync, nothing changed (best of 3)", t_none))
    print()
    print("full sync / mpremote cp, PC -> device:  %.2f  (goal <= 1.2)" % (t_sync_push / t_cp_push))
    print("full sync / mpremote cp, device -> PC:  %.2f  (goal <= 1.2)" % (t_sync_pull / t_cp_pull))
    print("mpremote cp / no-change sync:           %.1fx (goal >= 10x; PC -> device copy)" % (t_cp_push / t_none))
    print("no-change sync:                         %.2f s (goal < 1 s)" % t_none)


if __name__ == "__main__":
    main()
