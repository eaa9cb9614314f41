"""tools/bench_device.py's runs of other interpreters are bounded in time (it runs on
MicroPython's unix port, whose os.system has no timeout): a hung run ends, is reported as
failed, and `make bench` goes on."""

import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "mp32", "micropython")


def _run(tmp_path, body):
    """bench_device.py's definitions (its closing main() left out) and then ``body``,
    on the 32-bit port: its stdout."""
    if not os.path.exists(MICROPYTHON):
        pytest.skip("no 32-bit MicroPython (make mp32)")
    driver = tmp_path / "driver.py"
    driver.write_text(
        "import sys\n"
        "src = open(%r).read()\n"
        "src = src[:src.rindex('main()')]\n"
        "g = {'__name__': 'bench', '__file__': %r}\n"
        "exec(src, g)\n%s" % (os.path.join(ROOT, "tools", "bench_device.py"),
                              os.path.join(ROOT, "tools", "bench_device.py"), body))
    out = subprocess.run([MICROPYTHON, "-X", "heapsize=1M", str(driver)], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return out.stdout


@pytest.mark.skipif(shutil.which("timeout") is None, reason="no coreutils timeout here")
def test_a_hung_run_is_ended_after_its_limit_and_reported_failed(tmp_path):
    start = time.monotonic()
    out = _run(tmp_path, "print('STATUS', g['bounded_system']('sleep 60', 1))\n")
    took = time.monotonic() - start
    status = int(out.split("STATUS ")[1].split()[0])
    assert status != 0, out  # timeout's 124, as a wait status
    assert took < 30, took  # ended at its 1 s limit, not after the 60 s sleep


def test_a_run_within_its_limit_keeps_its_status_and_output(tmp_path):
    out = _run(tmp_path, "print('OK', g['bounded_system']('echo hello > %s', 60))\n"
               "print('FAIL', g['bounded_system']('exit 3', 60))\n" % (tmp_path / "echo.txt"))
    assert "OK 0" in out, out
    assert (tmp_path / "echo.txt").read_text() == "hello\n"
    assert int(out.split("FAIL ")[1].split()[0]) != 0, out


def test_every_run_of_the_bench_is_bounded():
    # the bench calls os.system only inside bounded_system, once to find `timeout`, and
    # in time_command's timed runs, after a first run of the command bounded
    with open(os.path.join(ROOT, "tools", "bench_device.py")) as handle:
        text = handle.read()
    lines = [line for line in text.splitlines() if "os.system(" in line]
    assert len(lines) == 3, lines
    assert any("command -v timeout" in line for line in lines), lines
    timed = text[text.index("def time_command("):]
    timed = timed[:timed.index("\ndef ")]
    assert timed.index("bounded_system(command)") < timed.index("os.system(command)"), timed


@pytest.mark.skipif(shutil.which("timeout") is None, reason="no coreutils timeout here")
def test_a_bounded_run_is_in_the_foreground_so_ctrl_c_reaches_it(tmp_path):
    # found by review: timeout without --foreground puts the run in its own process
    # group, and a Ctrl-C at the terminal no longer stops it
    out = _run(tmp_path, "g['bounded_system']('true', 5)\nprint('PREFIX', repr(g['_TIMEOUT']))\n")
    assert "--foreground" in out, out
