"""tools/press_report.py's figures and budget lines, and `make bench-pico` without
the emulated Pico kit (issue 21)."""

import os
import shutil
import subprocess
import sys

import pytest

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
    assert "cursor or menu move, bytes the app wrote up to its frame (so nothing to erase or program): 0 B (budget 0 B): met" in joined
    # 99 of 100 other presses at 90 ms: p99 is 90 ms (nearest rank), the max 120 ms
    assert "other press, p99: 90.0 ms (budget 100 ms): met" in joined
    assert "first open of a game, max: 650.0 ms (budget 700 ms): met" in joined
    assert "MemoryErrors: 0 errors (budget 0 errors): met" in joined
    # 20 erases in 201 presses, 720 presses an hour
    assert "%.0f erases an hour" % (20 / 201 * 720) in joined


def test_the_whole_game_and_the_random_flows_are_given_apart_when_both_ran():
    # found by a new user: the README gives the two apart, the report only together
    text = "\n".join(
        ["PBFLOWS 2", "PBBOOT 180000"]
        + [_line("Dice", "other", 40000 + 1000 * i) for i in range(10)]
        + [_line(press_report.WHOLE_GAME, "other", 50000) for i in range(98)]
        + [_line(press_report.WHOLE_GAME, "other", 300000), _line(press_report.WHOLE_GAME, "other", 900000),
           "PBDONE 0"])
    joined = "\n".join(press_report.report(press_report.parse(text, 16), "test"))
    assert "the whole game: 100 presses, p50 50.0 ms, p99 300.0 ms, max 900.0 ms; 2 over 100 ms" in joined
    assert "the random flows: 10 presses, p50 44.0 ms, p99 49.0 ms, max 49.0 ms; 0 over 100 ms" in joined
    # one of them alone: no such lines
    alone = "\n".join([_line("Dice", "other", 40000), "PBDONE 0"])
    assert "the random flows" not in "\n".join(press_report.report(press_report.parse(alone, 16), "test"))


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
        _shown("Cyb", "cursor", 20000, "main", "menu"),
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
    at = lines.index("by screen ID, the screens with a press over its figure (a cursor move 30 ms, another press "
                     "100 ms):")
    # slowest p99 first; the open press (on "main") is no screen's press here
    assert lines[at + 1].startswith("  (a screen ID is a screen class's ID")
    assert lines[at + 2].startswith("  cn_place        1 presses: p50 2000.0 ms, p99 2000.0 ms, max 2000.0 ms, "
                                    "over: 0 cursor, 1 other; mean action 1500.0 ms, digest 0.0 ms, encode 0.0 ms, "
                                    "storage 400.0 ms")
    assert lines[at + 2].endswith("8000 B written a press")
    assert lines[at + 3].startswith("  cn_game        99 presses: p50 50.0 ms, p99 400.0 ms, max 400.0 ms, "
                                    "over: 0 cursor, 1 other;")
    assert len(lines) == at + 4 or not lines[at + 4].startswith("  c")
    # "main": a slow first open and a fast cursor move is no slow screen (found by a
    # new user: screens whose presses were all fast were listed)
    assert not [line for line in lines[at:] if line.startswith("  main ")]
    # each kind of press says how many were over its budget's figure
    assert [line for line in lines if line.startswith("  other press ")] == [
        "  other press             100 presses: p50 50.0 ms, p99 400.0 ms, max 2000.0 ms, mean 73.0 ms; "
        "2 over 100 ms"]
    assert [line for line in lines if line.startswith("  first open of a game")][0].endswith("; 1 over 700 ms")
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
    # by absolute paths, right from any folder (found by a new user: "../shared/...")
    command = [line.split() for line in out.stderr.split("\n") if "build.sh /nonexistent/vpico" in line][0]
    assert os.path.isabs(command[0]) and command[0].endswith("build.sh")


def test_work_after_the_frame_is_reported_apart_from_the_press_time():
    # press_bench's last field: App.redraw's work after the frame's show (the heap
    # check and relief), between presses: not in the press's time, said beside it
    line = "PB Dice cursor U 20000 1000 0 0 0 0 2000 0 0 700 -1 dice menu 0 0 0 0 0 %d"
    text = "\n".join(["PBFLOWS 1", "PBBOOT 180000", line % 9000, line % 3000, "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert [p["after"] for p in data["presses"]] == [9000, 3000]
    assert [p["total"] for p in data["presses"]] == [20000, 20000]
    joined = "\n".join(press_report.report(data, "test"))
    # and the press with it (20 + 9 and 20 + 3 ms): how much later a press made sooner is read
    assert ("after the frame, between presses (not in the times above: the save, the undo step, a "
            "collection): mean 6.0 ms, max 9.0 ms; frame and that, p99 29.0 ms") in joined
    assert "cursor or menu move, max: 20.0 ms (budget 30 ms): met" in joined
    # an older log without the field: no such line
    old = "\n".join(["PBFLOWS 1", "PBBOOT 180000", (line % 0).rsplit(" ", 6)[0], "PBDONE 0"])
    assert "after the frame" not in "\n".join(press_report.report(press_report.parse(old, 16), "test"))


# ---- the board's restarts in press_bench (issue 21 part 3) ----------------------

def test_report_counts_restarts_per_game_and_a_cut_press_ends_with_its_boot():
    # a new Cybernaut game: its "New game" (press 2) cut by App.restart_first, the
    # next boot (31 ms) finishes it; later a restart between presses (a heap in
    # pieces); then Dice with none
    text = "\n".join([
        "PBFLOWS 2", "PBBOOT 180000",
        _line("Cyb", "other", 5000),
        _line("Cyb", "open", 4000),
        "PBRESTART Cyb 2 within",
        "PBFLOWS 2", "PBRESUME Cyb 2 within 31000 90000",
        _line("Cyb", "other", 6000),
        "PBRESTART Cyb 3 between",
        "PBFLOWS 2", "PBRESUME Cyb 3 between 20000 91000",
        _line("Cyb", "other", 7000),
        "PBDONE 0",
        "PBFLOWS 2", _line("Dice", "other", 1000), "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert data["restarts"] == [["Cyb", 2, "within"], ["Cyb", 3, "between"]]
    # the open press: 4 ms until the restart, plus the boot that finished it
    assert [p["total"] for p in data["presses"]] == [5000, 35000, 6000, 7000, 1000]
    assert data["presses"][1]["boot"] == 31000 and "boot" not in data["presses"][2]
    lines = press_report.report(data, "test")
    assert "restarts between presses: 1 (1 in Cyb)" in lines
    assert "restarts within a press: 1 (1 in Cyb)" in lines
    joined = "\n".join(lines)
    assert "first open of a game, max: 35.0 ms" in joined
    # the interpreters started after a restart go on with a flow: none is unfinished
    assert "NOT FINISHED" not in joined
    assert "MemoryErrors: 0 errors (budget 0 errors): met" in joined
    none = press_report.report(press_report.parse("PBFLOWS 1\n" + _line("Dice", "other", 1000) + "\nPBDONE 0", 16),
                               "test")
    assert "restarts between presses: 0" in none and "restarts within a press: 0" in none


def test_a_flow_cut_by_a_restart_that_never_resumed_is_not_finished():
    text = "\n".join(["PBFLOWS 1", _line("Cyb", "other", 5000), "PBRESTART Cyb 1 between"])
    joined = "\n".join(press_report.report(press_report.parse(text, 16), "test"))
    assert "NOT FINISHED: 1 of 1" in joined and "MemoryErrors: no figure: NOT MET" in joined


def test_restarted_only_when_the_run_ended_in_a_restart():
    assert press_report.restarted("PBFLOWS 8\nPB x\nPBRESTART Cyb 4 within\n")
    assert press_report.restarted("PBRESTART Cyb 4 within\r\n")
    assert not press_report.restarted("PBFLOWS 8\nPB x\nPBDONE 0\n")
    assert not press_report.restarted("PBRESUME Cyb 4 within 1 2\nPB x\nPBDONE 0\n")
    assert not press_report.restarted("PBFLOWS 8\nTraceback (most recent call last):\n")


def _micropython():
    for path in (os.path.join(ROOT, ".venv", "mp32", "micropython"), os.path.join(ROOT, ".venv", "bin", "micropython")):
        if os.path.exists(path):
            return path
    pytest.skip("no MicroPython unix port: make venv mp32")


@pytest.fixture(scope="module")
def bench_code(tmp_path_factory):
    """The sim build with tools/press_bench.py beside it (the source: MicroPython
    compiles it)."""
    code = str(tmp_path_factory.mktemp("press-bench-code") / "code")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--board", "sim", "--out", code],
                   check=True, stdout=subprocess.DEVNULL, timeout=600)
    shutil.copy(os.path.join(ROOT, "tools", "press_bench.py"), code)
    return code


def _play(code, tmp_path, flow, presses, prelude=""):
    data = tmp_path / "d"
    data.mkdir()
    text, rc = press_report.play_flow(_micropython(), "240K", code, str(data), os.path.join(code, "packs"),
                                      presses, 1, 0, flow, prelude, timeout=600)
    assert rc == 0, text[-3000:]
    assert not os.path.exists(str(data / "press_bench.json"))  # the progress goes at the end
    return text


def _pb(text):
    return [line.split() for line in text.splitlines() if line.startswith("PB ")]


def test_a_restart_within_a_press_is_finished_by_the_next_boot_and_the_flow_goes_on(bench_code, tmp_path):
    # the last flow: a new Cybernaut game, "D D A D D A" from the main menu; its
    # last A ("New game") restarts first on a board that can (App.restart_first),
    # and the boot after it opens the new game (App.boot's launch)
    sys.path.insert(0, ROOT)
    try:
        from firmware.screens import ENTRIES
    finally:
        sys.path.remove(ROOT)
    text = _play(bench_code, tmp_path, len(ENTRIES), 10)
    restarts = [line for line in text.splitlines() if line.startswith("PBRESTART")]
    assert restarts == ["PBRESTART Cybernaut_new_game 6 within"]
    assert text.count("PBRESUME Cybernaut_new_game 6 within ") == 1
    assert text.count("PBDONE ") == 1 and "PBDONE 0" in text
    presses = _pb(text)
    assert len(presses) == 10  # each press once: the cut one is not pressed again
    assert [p[3] for p in presses[:6]] == ["D", "D", "A", "D", "D", "A"]
    assert presses[5][2] == "open" and presses[5][15] == "cn_menu"
    # the A that opened Cybernaut's menu from the main menu is a first open too, as
    # it is in the Cybernaut flow (an "other" press before: found 2026-12-04)
    assert presses[2][2] == "open" and presses[2][15] == "main"
    assert [p[2] for p in presses].count("open") == 2
    # after the boot the new game is open: the next press is made on one of its screens
    assert presses[6][15].startswith("cn_") and presses[6][15] != "cn_menu"
    data = press_report.parse(text, 16)
    assert data["restarts"] == [["Cybernaut_new_game", 6, "within"]]
    assert data["presses"][5]["boot"] > 0
    assert "restarts within a press: 1 (1 in Cybernaut_new_game)" in press_report.report(data, "test")


def test_a_random_press_that_starts_a_game_is_its_first_open_as_the_scripted_one_is(bench_code, tmp_path):
    # the Cybernaut flow: the main menu's A opens its menu (the flow's key), a random
    # A there starts a new game (its GameScreen put up): the same press the last
    # flow scripts and calls a first open; each kind once since the boot
    sys.path.insert(0, ROOT)
    try:
        from firmware.screens import ENTRIES
    finally:
        sys.path.remove(ROOT)
    flow = [entry[0] for entry in ENTRIES].index("Cybernaut")
    presses = _pb(_play(bench_code, tmp_path, flow, 30))
    started = [i for i in range(len(presses) - 1)
               if presses[i][15] == "cn_menu" and presses[i + 1][15] == "cn_game"]
    assert started, [p[15] for p in presses]
    assert [i for i, p in enumerate(presses) if p[2] == "open"] == [0, started[0]]
    assert presses[0][15] == "main" and presses[1][15] == "cn_menu"
    assert all(presses[i][2] == "other" for i in started[1:])


# a restart within a press that opens nothing ("Restart now" on the out-of-memory
# notice: no launch saved), forced at the 4th App.handle of the first interpreter
WITHIN = ("from firmware import app as _app\n_handle = _app.App.handle\n_count = [0]\n"
          "def _forced(self, name, kind):\n    _count[0] += 1\n    if _count[0] == 4:\n"
          "        self.restart()\n    _handle(self, name, kind)\n"
          "_app.App.handle = _forced\n")


def test_a_restart_within_a_press_that_opens_nothing_is_no_first_open(bench_code, tmp_path):
    # (found by review) a press a restart cut within was counted a first open
    # whatever it did: only one App.restart_first cut (its ``launch`` saved) opens
    # a game in the next boot
    text = _play(bench_code, tmp_path, 0, 8, WITHIN)
    restarts = [line.split() for line in text.splitlines() if line.startswith("PBRESTART")]
    assert restarts and restarts[0][3] == "within", restarts
    cut = int(restarts[0][2])
    presses = _pb(text)
    assert presses[cut - 1][2] != "open", presses[cut - 1]
    assert [p[2] for p in presses].count("open") == 1 and presses[0][2] == "open"


# a restart between presses, forced at the 10th App.redraw of each interpreter (as
# firmware.relief does for a heap in pieces: it saves, then restarts)
FORCED = ("from firmware import app as _app\n_redraw = _app.App.redraw\n_count = [0]\n"
          "def _forced(self):\n    _redraw(self)\n    _count[0] += 1\n    if _count[0] == 10:\n"
          "        from firmware.relief import restart_between\n        restart_between(self)\n"
          "_app.App.redraw = _forced\n")


def test_the_driver_resumes_after_restarts_between_presses_with_the_same_presses(bench_code, tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "forced").mkdir()
    plain = _play(bench_code, tmp_path / "plain", 0, 12)
    forced = _play(bench_code, tmp_path / "forced", 0, 12, FORCED)
    assert "PBRESTART" not in plain
    # the first run: the boot's frame, the main menu's, then one or two a press
    # (press_bench's tick between presses): at the 4th (or 8th) press; the next
    # run's boot draws one, then the 9th press's first (or none before the 12th)
    restarts = [line.split() for line in forced.splitlines() if line.startswith("PBRESTART")]
    assert restarts and all(r[1] == "Dice" and r[3] == "between" for r in restarts)
    at = [int(r[2]) for r in restarts]
    assert at in ([4, 9], [8]), at
    assert len(forced.split("PBRESUME Dice ")) == len(restarts) + 1
    assert forced.count("PBDONE ") == 1
    # the same 12 presses, in the same order, on the same screens: the driver's
    # random state and the app's state (its save) both carried over
    assert [(p[1], p[3], p[15]) for p in _pb(forced)] == [(p[1], p[3], p[15]) for p in _pb(plain)]
    assert len(_pb(forced)) == 12
    data = press_report.parse(forced, 16)
    lines = press_report.report(data, "test")
    assert "restarts between presses: %d (%d in Dice)" % (len(at), len(at)) in lines
    assert "NOT FINISHED" not in "\n".join(lines)


def test_a_hosts_run_prints_its_times_without_judging_a_picos_budgets():
    # found by review: "met" printed for host milliseconds against a Pico's budgets
    line = "PB Dice cursor U 400 100 0 0 0 0 200 0 0 700 -1 dice menu"
    text = "\n".join(["PBFLOWS 1", "PBBOOT 180000", line, "PBDONE 0"])
    joined = "\n".join(press_report.report(press_report.parse(text, 16), "test", device=False))
    assert "host time (a proxy" in joined and "device time per press" not in joined
    assert ("cursor or menu move, max: 0.4 ms on this host (budget 30 ms of a Pico's time: "
            "not judged here)") in joined
    assert "cursor or menu move, max: 0.4 ms (budget" not in joined
    # what a host does judge: bytes written and MemoryErrors
    assert "MemoryErrors: 0 errors (budget 0 errors): met" in joined


def test_writes_after_the_frame_are_the_restarts_not_the_cursor_moves():
    # found by the ballast run (issue 21): the save before a restart between presses
    # (firmware.relief.restart_between: a heap in pieces) holds a cursor moved since
    # the last save; press_bench counted it as the cursor move's write. Now a press's
    # bytes are those written up to its frame; the rest are the restart's, apart
    def pb(kind, written, files, after_bytes, after_files):
        return ("PB Cyb %s U 90000 1000 0 0 0 0 2000 %d %d 700 -1 cn_game menu 0 0 0 0 0 5000 %d %d"
                % (kind, written, files, after_bytes, after_files))
    text = "\n".join(["PBFLOWS 1", pb("cursor", 0, 0, 6000, 2), pb("cursor", 0, 0, 0, 0),
                      pb("other", 700, 2, 0, 0), "PBDONE 0"])
    data = press_report.parse(text, 16)
    assert [p["after_bytes"] for p in data["presses"]] == [6000, 0, 0]
    joined = "\n".join(press_report.report(data, "test"))
    assert "cursor or menu move, bytes the app wrote up to its frame (so nothing to erase or program): 0 B (budget 0 B): met" in joined
    assert "flash: 6700 B written by the app's storage in 3 presses" in joined
    assert ("of which after a frame, between presses (an action's undo step, the save before a restart "
            "for a heap in pieces): 6000 B, 2 files, after 1 presses (1 of them cursor moves" in joined)
    text = text.replace(pb("cursor", 0, 0, 6000, 2), pb("cursor", 6000, 2, 0, 0))
    joined = "\n".join(press_report.report(press_report.parse(text, 16), "test"))
    assert "bytes the app wrote up to its frame (so nothing to erase or program): 6000 B (budget 0 B): NOT MET" in joined
    assert "of which after a frame" not in joined


def test_the_rom_driver_leaves_the_heap_a_plain_interpreter_has(tmp_path):
    # the ROM way (the default, as the Pocket Referee firmware: code out of the heap):
    # the image's bytes and the pad take exactly what the larger heap has beyond a
    # plain 240K interpreter's free bytes
    micropython = _micropython()
    folder = tmp_path / "code"
    (folder / "pkg").mkdir(parents=True)
    (folder / "pkg" / "__init__.py").write_text("")
    image = str(tmp_path / "code.romfs")
    size = press_report.rom_image(str(folder), image)
    assert size == os.path.getsize(image) and size > 0
    want = press_report.plain_free(micropython, "240K")
    assert 230 * 1024 < want < 240 * 1024
    script = tmp_path / "t.py"
    script.write_text(press_report.rom_prologue(image, want) + "print('FREE', gc.mem_free())\n"
                      "print('LIST', sorted(name for name, *_ in vfs.VfsRom(image).ilistdir('/')))\n")
    for extra in (8192, 40000):
        out = subprocess.run([micropython, "-X", "heapsize=%d" % (240 * 1024 + size + extra), str(script)],
                             capture_output=True, text=True, timeout=60).stdout
        assert "FREE %d" % want in out, out
        assert "LIST ['pkg']" in out, out
    assert press_report.heap_bytes("240K") == 245760
    assert press_report.heap_bytes("1M") == 1048576
    assert press_report.heap_bytes("245760") == 245760


def test_the_rom_way_runs_the_app_from_the_image_out_of_the_heap(bench_code, tmp_path):
    # the same flow, its code loaded into the heap (the stock firmware's way) and run
    # in place from the image: the boot's free heap differs by the code's bytecode
    micropython = _micropython()
    image = str(tmp_path / "code.romfs")
    size = press_report.rom_image(bench_code, image)
    rom = (image, size, press_report.plain_free(micropython, "240K"))
    where = "import firmware.app\nprint('PBFILE', firmware.app.__file__)\n"
    free = {}
    for way in ("heap", "rom"):
        data = tmp_path / way
        data.mkdir()
        text, rc = press_report.play_flow(micropython, "240K", bench_code, str(data),
                                          os.path.join(bench_code, "packs"), 3, 1, 0, 0, where,
                                          timeout=600, rom=rom if way == "rom" else None)
        assert rc == 0 and "PBDONE 0" in text, text[-3000:]
        assert len(_pb(text)) == 3  # the first A, then random presses
        path = [line.split()[1] for line in text.splitlines() if line.startswith("PBFILE ")][0]
        assert path.startswith("/rom/") == (way == "rom"), path
        free[way] = press_report.parse(text, 16)["boot_free"]
    assert free["rom"] > free["heap"] + 16 * 1024, free


def test_a_press_that_failed_is_counted_and_not_met():
    text = "\n".join(["PBFLOWS 1", _line("Dice", "other", 5000), "PBFAULT Dice 1 ValueError",
                      _line("Dice", "cursor", 900), "PBDONE 0"])
    data = press_report.parse(text)
    assert data["faults"] == [["Dice", "1", "ValueError"]]
    lines = press_report.report(data, "test")
    assert "presses that failed (recovered, 'Error': a fault of the app): 1 (Dice press 1: ValueError)" in lines
    assert "  presses that failed: 1 presses (budget 0 presses): NOT MET" in lines
    clean = press_report.report(press_report.parse("PBFLOWS 1\n" + _line("Dice", "other", 5000) + "\nPBDONE 0"),
                                "test")
    assert "presses that failed (recovered, 'Error': a fault of the app): 0" in clean
    assert "  presses that failed: 0 presses (budget 0 presses): met" in clean


# the Dice screen's first press raises (firmware.ui's Menu, which the main menu's open
# does not drop, as it drops the dice module): the app recovers with its "Error" notice
FAULT = ("from firmware import ui as _ui\n_press = _ui.Menu.on_button\n_n = [0]\n"
         "def _faulty(self, *args):\n    if self.ID == 'dice':\n        _n[0] += 1\n"
         "        if _n[0] == 1:\n            raise ValueError('a planted fault')\n"
         "    return _press(self, *args)\n_ui.Menu.on_button = _faulty\n")


def test_the_bench_names_a_press_that_raised(bench_code, tmp_path):
    text = _play(bench_code, tmp_path, 0, 6, FAULT)
    faults = [line.split() for line in text.splitlines() if line.startswith("PBFAULT ")]
    assert faults == [["PBFAULT", "Dice", "2", "ValueError"]], text[-2000:]  # its R, after the open
    assert len(_pb(text)) == 6


def test_the_deepest_storage_write_is_judged_on_the_pico_only():
    # PBSTACK: the C stack in use as a Storage write began; the budget is the Pico's
    # (press_report.STACK_BYTES, 5,120 B), the deepest of every line counts
    line = "PB Dice other A 40000 1000 0 0 0 0 2000 0 0 700 -1 dice menu"
    for deepest, verdict in ((5120, "met"), (5121, "NOT MET")):
        text = "\n".join(["PBFLOWS 1", "PBBOOT 180000", "PBSTACK 3000 append journals/s0001.jrn",
                          "PBSTACK %d write_atomic saves/state.sav" % deepest, line,
                          "PBSTACK 100 append x", "PBDONE 0"])
        data = press_report.parse(text, 16)
        assert data["stack"] == [deepest, "write_atomic", "saves/state.sav"]
        joined = "\n".join(press_report.report(data, "test"))
        assert ("deepest storage write, C stack in use as it began (write_atomic of saves/state.sav; "
                "the bench's wrappers included; a littlefs write takes ~1.6 KB more of the Pico's "
                "8 KB): %d B (budget 5120 B): %s" % (deepest, verdict)) in joined
        host = "\n".join(press_report.report(data, "test", device=False))
        assert "%d B on this host (budget 5120 B of a Pico's stack: not judged here" % deepest in host
    text = "\n".join(["PBFLOWS 1", "PBBOOT 180000", line, "PBDONE 0"])  # an older log: no line
    assert "deepest storage write" not in "\n".join(press_report.report(press_report.parse(text, 16), "test"))


# ---- the scripted whole Cybernaut game in press_bench (issue 21: a game as people play it)

def _whole_keys(code):
    """tools/game_keys.py's file written into ``code`` (its path)."""
    path = os.path.join(code, "cyb_game.keys")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "game_keys.py"), path], check=True,
                       stdout=subprocess.DEVNULL, timeout=600)
    return path


def _whole_flow():
    sys.path.insert(0, ROOT)
    try:
        from firmware.screens import ENTRIES
    finally:
        sys.path.remove(ROOT)
    return len(ENTRIES) + 1  # after the main menu's entries and the new Cybernaut game


def _play_whole(code, tmp_path, keys, prelude=""):
    data = tmp_path / "d"
    data.mkdir()
    # a heap the game fits in with the code in it: this checks the flow, not the memory
    text, rc = press_report.play_flow(_micropython(), "1M", code, str(data), os.path.join(code, "packs"),
                                      40, 1, 0, _whole_flow(), prelude, timeout=600, whole=keys)
    assert rc == 0, text[-3000:]
    assert not os.path.exists(str(data / "press_bench.json"))
    return text


def test_the_whole_game_flow_plays_the_scripted_presses_and_ends_with_the_same_journal(bench_code, tmp_path):
    keys = _whole_keys(bench_code)
    with open(keys) as handle:
        lines = handle.read().split("\n")
    count = len(lines[0].split())
    text = _play_whole(bench_code, tmp_path, keys)
    presses = _pb(text)
    assert len(presses) == count  # the scripted presses, no random ones after them
    assert all(p[1] == "Cybernaut_whole_game" for p in presses)
    assert [p[3] for p in presses] == lines[0].split()
    whole = [line.split() for line in text.splitlines() if line.startswith("PBWHOLE ")]
    assert whole == [["PBWHOLE", lines[1], lines[3], lines[1], lines[3]]]
    # its own data folder, emptied at the start: the journal of session 1 alone
    assert os.path.exists(str(tmp_path / "d" / "whole" / "journals" / "s0001.jrn"))
    data = press_report.parse(text, 16)
    line = press_report.whole_line(data)
    assert line.startswith("whole Cybernaut game (tools/game_keys.py's presses: %d played): 0 presses out of "
                           "memory, 0 failed, its journal the scripted game's (next entry %s; %s played on CPython)"
                           % (count, lines[1], lines[1]))
    assert line.endswith(": met")
    assert line in press_report.report(data, "test")[-1]


def test_the_whole_game_flow_goes_on_after_a_restart_in_its_own_folder(bench_code, tmp_path):
    # every step that may restart first does (as the stock firmware, short of heap):
    # the new game's A restarts, the next boot opens it, and the flow goes on with the
    # presses left, in the same folder (not emptied again), to the same journal
    keys = _whole_keys(bench_code)
    with open(keys) as handle:
        lines = handle.read().split("\n")
    prelude = ("from firmware import app as _app\n_first = _app.App.restart_first\n"
               "_app.App.restart_first = lambda self, mem_free=None: _first(self, lambda: 0)\n")
    text = _play_whole(bench_code, tmp_path, keys, prelude)
    assert [line for line in text.splitlines() if line.startswith("PBRESTART")] == [
        "PBRESTART Cybernaut_whole_game 6 within"]
    assert len(_pb(text)) == len(lines[0].split())
    assert "PBWHOLE %s %s %s %s" % (lines[1], lines[3], lines[1], lines[3]) in text


def test_the_whole_game_line_is_not_met_for_another_game_an_error_or_no_end():
    pb = "PB Cybernaut_whole_game other A 1000 1 0 0 0 0 0 0 0 0 -1 cn_game screen"
    base = "PBFLOWS 9\n" + pb + "\n"
    same = press_report.whole_line(press_report.parse(base + "PBWHOLE 343 ab 343 ab\nPBDONE 0\n", 16))
    assert same.endswith(": met") and "its journal the scripted game's" in same
    other = press_report.whole_line(press_report.parse(base + "PBWHOLE 343 ab 343 cd\nPBDONE 0\n", 16))
    assert other.endswith(": NOT MET") and "NOT the scripted game's" in other
    short = press_report.whole_line(press_report.parse(base + "PBWHOLE 65 ab 343 ab\nPBDONE 0\n", 16))
    assert short.endswith(": NOT MET") and "next entry 65; 343 played on CPython" in short
    oom = press_report.whole_line(press_report.parse(
        base + "MEMERR Cybernaut_whole_game 33\nPBWHOLE 343 ab 343 ab\nPBDONE 1\n", 16))
    assert oom.endswith(": NOT MET") and "1 press out of memory" in oom
    unfinished = press_report.whole_line(press_report.parse(base, 16))
    assert unfinished.endswith("the flow did not finish: NOT MET")
    # another flow's MemoryError is not the whole game's
    elsewhere = press_report.whole_line(press_report.parse(
        base + "MEMERR Cybernaut 3\nPBWHOLE 343 ab 343 ab\nPBDONE 1\n", 16))
    assert elsewhere.endswith(": met")
    # no whole game run: no line
    assert press_report.whole_line(press_report.parse("PBFLOWS 8\n" + pb.replace("_whole_game", "") + "\n", 16)) is None


def test_bench_pico_names_a_wrong_argument_before_it_starts_anything():
    # found by a new user: a traceback (a missing --packs folder, --games abc) or an
    # empty report that exited 0 (--games 99), each after the firmware's build
    from firmware.screens import ENTRIES
    last = len(ENTRIES) + 1  # the scripted whole game's flow
    for args, said in ((["--games", "abc"], "--games 'abc': give flow numbers"),
                       (["--games", str(last + 1)], "no flow %d; the flows are 0..%d" % (last + 1, last)),
                       (["--games", "-1"], "no flow -1"),
                       (["--packs", "/nonexistent/packs"], "--packs /nonexistent/packs: no such folder"),
                       (["--packs", ROOT, "--games", str(last)], "no flow %d; the flows are 0..%d (with --packs "
                        "the whole game, %d, is left out)" % (last, last - 1, last)),
                       (["--from-log", "/nonexistent/log"], "--from-log /nonexistent/log: no such file")):
        out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench_pico.py"), "--lab",
                              "/nonexistent/vpico"] + args, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2 and said in out.stderr, (args, out.stderr[-500:])
        assert "Traceback" not in out.stderr and "not built" not in out.stderr, args


def test_the_over_counts_judge_a_figure_as_the_budget_lines_do():
    # found by review: 30.04 ms was counted "over 30 ms" beside a budget line that
    # rounds it to 30.0 and says met; a cursor move over 30 ms makes its screen slow;
    # screens past the list's length are counted
    assert press_report.over([30040, 30049, 30050, 30100, 29000], 30) == 2  # 30.1 and 30.1
    assert press_report.over([100040, 100060], 100) == 1
    text = "\n".join(["PBFLOWS 1",
                      _shown("Cyb", "cursor", 30040, "cn_net", "grid"),
                      _shown("Cyb", "other", 100040, "cn_game", "menu"),
                      _shown("Cyb", "cursor", 45000, "dice", "menu"),
                      "PBDONE 0"])
    lines = press_report.report(press_report.parse(text, 16), "test")
    assert [line for line in lines if line.startswith("  cursor or menu move  ")][0].endswith("; 1 over 30 ms")
    assert [line for line in lines if line.startswith("  other press")][0].endswith("; 0 over 100 ms")
    assert "  cursor or menu move, max: 45.0 ms (budget 30 ms): NOT MET" in lines
    assert "  other press, p99: 100.0 ms (budget 100 ms): met" in lines
    at = [i for i, line in enumerate(lines) if line.startswith("by screen ID")][0]
    rows = []
    for line in lines[at + 1:]:
        if not line.startswith("  "):
            break
        if not line.startswith("  ("):
            rows.append(line)
    assert [row.split()[0] for row in rows] == ["dice"]  # the 45 ms cursor move; 30.04 and 100.04 round down
    assert "over: 1 cursor, 0 other" in rows[0]
    many = "\n".join(["PBFLOWS 1"] + [_shown("Cyb", "other", 200000 + i, "s%d" % i, "menu") for i in range(14)]
                     + ["PBDONE 0"])
    lines = press_report.report(press_report.parse(many, 16), "test")
    assert "  (2 more screens with a press over its figure, not shown)" in lines


def test_a_report_says_what_run_it_is_and_how_many_heap_samples_a_game_had():
    # found by a new user: a report read back from a log said neither the run's
    # presses, seed, ballast nor code, and one heap sample's min/median/max read as
    # a constant; flow names kept their underscores
    text = "\n".join(["PBFLOWS 1", "PBRUN 40 3 40960 frozen",
                      "PB Session_&_dice other A 1000 0 0 0 0 0 0 0 0 700 150000 main menu",
                      "PBDONE 0"])
    lines = press_report.report(press_report.parse(text, 16), "test")
    assert ("the run: 40 random presses a flow, seed 3, ballast 40960 B, the app's code frozen into "
            "the firmware") in lines
    row = [line for line in lines if line.startswith("  Session & dice")][0]
    assert row.endswith("(1 sample)")
    # the scripted whole game alone: no random presses to speak of (found by a new user)
    whole = text.replace("Session_&_dice", "Cybernaut_whole_game")
    lines = press_report.report(press_report.parse(whole, 16), "test")
    assert ("the run: the scripted whole game's presses only, ballast 40960 B, the app's code "
            "frozen into the firmware") in lines
    # the driver prints it: a run's presses, seed, ballast and code
    import inspect
    import press_bench
    assert 'print("PBRUN", presses, seed, ballast' in inspect.getsource(press_bench.run)


def test_the_bench_counts_the_bytes_a_write_was_given_and_stats_nothing(tmp_path):
    # found in session 23 (issue 21): press_bench's Written stat'ed the file before
    # and after each append and after each write_atomic to count its bytes; on the
    # emulated Pico a stat of a long journal took 3-18 ms, inside the press's time. It
    # counts what the write was given now (a str in UTF-8), the same bytes
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    script = tmp_path / "written.py"
    script.write_text("""
import sys
sys.path[:0] = [%r, %r]
from firmware.storage import Storage
import press_bench
st = Storage(%r)
acc = [0] * 8
box = [0, 0]
stats = []
size = st.size
st.size = lambda name: stats.append(name) or size(name)
for name in ("append", "write_atomic"):
    setattr(st, name, press_bench.Written(st, name, acc, box))
st.append("journals/j.jrn", ("abc", " ", "Zo\\u00eb\\n"))
st.append("journals/j.jrn", "two\\n")
st.write_atomic("ahead/x.wal", "[1, \\"\\u00e9\\"]")
st.write_atomic("k.bin", b"\\x00\\x01\\x02")
print("BOX", box[0], box[1], len(stats), size("journals/j.jrn") + size("ahead/x.wal") + size("k.bin"))
""" % (os.path.abspath(root), os.path.abspath(os.path.join(root, "tools")), str(tmp_path / "data")))
    out = subprocess.run([os.path.join(root, ".venv", "bin", "micropython"), str(script)],
                         capture_output=True, text=True, timeout=120)
    line = [l for l in out.stdout.splitlines() if l.startswith("BOX ")]
    assert line, out.stdout + out.stderr
    written, files, stats, sizes = [int(word) for word in line[0].split()[1:]]
    assert (written, files, stats) == (sizes, 4, 0) and sizes == 9 + 4 + 9 + 3


def test_make_bench_s_rom_prologue_is_press_report_s():
    # tools/bench_device.py runs on MicroPython and cannot import press_report: its
    # ROM_PROLOGUE is a twin of press_report.rom_prologue, read here from its source
    import ast
    with open(os.path.join(os.path.dirname(press_report.__file__), "bench_device.py")) as handle:
        tree = ast.parse(handle.read())
    found = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
             and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["ROM_PROLOGUE"]]
    assert len(found) == 1
    assert found[0] % ("/tmp/x.romfs", 239408) == press_report.rom_prologue("/tmp/x.romfs", 239408)
