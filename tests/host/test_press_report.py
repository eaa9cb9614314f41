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


def _shown(game, kind, total, screen, family, act=1000, write=0, written=0):
    # with the screen the press was made on and its family (press_bench since issue 21)
    return "PB %s %s A %d %d 0 0 0 %d 2000 %d 1 700 -1 %s %s" % (
        game, kind, total, act, write, written, screen, family)


def test_report_by_screen_kind_and_by_slow_screen_id():
    text = "\n".join(["PBFLOWS 1"] + [
        _shown("Cyb", "cursor", 10000 + 100 * i, "cn_net", "grid") for i in range(100)] + [
        _shown("Cyb", "other", 50000, "cn_game", "menu") for i in range(98)] + [
        _shown("Cyb", "other", 400000, "cn_game", "menu", act=300000, write=60000, written=900),
        _shown("Cyb", "other", 2000000, "cn_place", "grid", act=1500000, write=400000, written=8000),
        _shown("Cyb", "open", 900000, "main", "menu"),
        "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert data["presses"][0]["screen"] == "cn_net" and data["presses"][0]["family"] == "grid"
    lines = press_report.report(data, "test")
    # grid cursor moves 10.0..19.9 ms: p50 the 50th (14.9 ms), p99 the 99th (19.8 ms)
    assert "  grid     cursor  100 presses: p50 14.9 ms, p99 19.8 ms, max 19.9 ms" in lines
    assert "  grid     other     1 presses: p50 2000.0 ms, p99 2000.0 ms, max 2000.0 ms" in lines
    # 98 at 50 ms and one at 400: the 99th of 99 is the 400 ms one
    assert "  menu     other    99 presses: p50 50.0 ms, p99 400.0 ms, max 400.0 ms" in lines
    assert "  menu     open      1 presses: p50 900.0 ms, p99 900.0 ms, max 900.0 ms" in lines
    at = lines.index("by screen ID, the screens with a press slower than 100 ms (cursor and other presses):")
    # slowest p99 first; the open press (on "main") is no screen's press here
    assert lines[at + 1].startswith("  cn_place        1 presses: p50 2000.0 ms, p99 2000.0 ms, max 2000.0 ms; "
                                    "mean action 1500.0 ms, digest 0.0 ms, encode 0.0 ms, storage 400.0 ms")
    assert lines[at + 1].endswith("8000 B written a press")
    assert lines[at + 2].startswith("  cn_game        99 presses: p50 50.0 ms, p99 400.0 ms")
    assert len(lines) == at + 3 or not lines[at + 3].startswith("  c")
    # an older log without screen IDs: no such lines
    old = press_report.report(press_report.parse("PBFLOWS 1\n" + _line("Dice", "other", 1000), 16), "test")
    assert not [line for line in old if line.startswith("by screen")]


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


def test_work_after_the_frame_is_reported_apart_from_the_press_time():
    # press_bench's last field: App.redraw's work after the frame's show (the heap
    # check and relief), between presses: not in the press's time, said beside it
    line = "PB Dice cursor U 20000 1000 0 0 0 0 2000 0 0 700 -1 dice menu 0 0 0 0 0 %d"
    text = "\n".join(["PBFLOWS 1", "PBBOOT 180000", line % 9000, line % 3000, "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert [p["after"] for p in data["presses"]] == [9000, 3000]
    assert [p["total"] for p in data["presses"]] == [20000, 20000]
    joined = "\n".join(press_report.report(data, "test"))
    assert "after the frame, between presses (not in the times above): mean 6.0 ms, max 9.0 ms" in joined
    assert "cursor or menu move, max: 20.0 ms (budget 30 ms): met" in joined
    # an older log without the field: no such line
    old = "\n".join(["PBFLOWS 1", "PBBOOT 180000", (line % 0).rsplit(" ", 6)[0], "PBDONE 0"])
    assert "after the frame" not in "\n".join(press_report.report(press_report.parse(old, 16), "test"))
