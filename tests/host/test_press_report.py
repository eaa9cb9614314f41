"""tools/press_report.py's figures and budget lines, and `make bench-pico` without
the emulated Pico kit (issue 21)."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import press_report  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def _line(game, kind, total, written=0, files=0, free=-1):
    # PB <game> <class> <button> <total> <act> <save> <digest> <encode> <write> <draw> <bytes> <files> <alloc> <free>
    return "PB %s %s U %d 1000 0 0 0 0 2000 %d %d 700 %d" % (game, kind, total, written, files, free)


def test_budget_lines_say_met_and_not_met_at_the_limits():
    assert press_report.budget("x", 30.0, 30).endswith(": met")
    assert press_report.budget("x", 30.1, 30).endswith(": NOT MET")
    assert press_report.budget("x", None, 30).endswith("NOT MET")


def test_report_splits_press_kinds_and_judges_each_budget():
    text = "\n".join([
        "PBFLOWS 1", "PBBOOT 180000", "mem: total=1", "GC: total: 1, used: 1, free: 1",
        " No. of 1-blocks: 1, 2-blocks: 1, max blk sz: 1, max free sz: 9000",
        _line("Dice", "open", 650000, 500, 2),
        ] + [_line("Dice", "cursor", 20000 + i) for i in range(99)] + [
        _line("Dice", "cursor", 31000),
        ] + [_line("Dice", "other", 90000) for i in range(99)] + [
        "PBMEM Dice", " No. of 1-blocks: 1, 2-blocks: 1, max blk sz: 1, max free sz: 100",
        _line("Dice", "other", 120000, 600, 2, 150000),
        "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert data["boot_free"] == 180000 and data["boot_block"] == 9000 * 16
    assert data["blocks"]["Dice"] == [1600] and data["heap"]["Dice"] == [150000]
    lines = press_report.report(data, "test", erases=20, programmed=81920)
    joined = "\n".join(lines)
    # the cursor's max is 31 ms: over 30
    assert "cursor or menu move, max: 31.0 ms (budget 30 ms): NOT MET" in joined
    assert "cursor or menu move, bytes the app wrote (no erase, no program): 0 B (budget 0 B): met" in joined
    # 99 of 100 other presses at 90 ms: p99 is 90 ms (nearest rank), the max 120 ms
    assert "other press, p99: 90.0 ms (budget 100 ms): met" in joined
    assert "first open of a game, max: 650.0 ms (budget 700 ms): met" in joined
    assert "MemoryErrors: 0 errors (budget 0 errors): met" in joined
    # 20 erases in 201 presses, 720 presses an hour
    assert "%.0f erases an hour" % (20 / 201 * 720) in joined


def test_a_run_that_did_not_finish_is_not_met():
    text = "PBFLOWS 8\n" + _line("Dice", "other", 1000) + "\nMEMERR Dice 1\n"
    lines = press_report.report(press_report.parse(text, 16), "test")
    joined = "\n".join(lines)
    assert "NOT FINISHED: 1 of 1" in joined
    assert "MemoryErrors: no figure: NOT MET" in joined


def test_bench_pico_without_the_kit_says_how_to_build_it():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench_pico.py"), "--lab", "/nonexistent/vpico"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "build.sh /nonexistent/vpico" in out.stderr and "BUILD.md" in out.stderr
