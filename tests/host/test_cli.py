"""The `referee` command as a user runs it: sim (scripted and interactive), pack check."""

import json
import os
import select
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFEREE = os.path.join(os.path.dirname(sys.executable), "referee")


def referee(*args, **kwargs):
    return subprocess.run([REFEREE] + list(args), capture_output=True, text=True, timeout=120, **kwargs)


def test_sim_screen_text_reproduces_the_dice_flow():
    proc = referee("sim", "--seed", "7", "--keys", "A A D A D A D A D A", "--screen", "text")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-8:] == [
        "Dice      A=roll", " d6 Neo-Hunt", " d10 Cybernaut", " 00-99 Cybernaut", " d20 Cybercore",
        ">d100 Cybercore", "d100 = 66 (6,6)", "Last 66 3 17 4 4"]


@pytest.mark.parametrize("seed,keys,expected", [
    (16, "D A D D D L A", ["Need 6+ mod -1", "d6 6: HIT", "A 6 always hits"]),
    (7, "D D A A R A", ["d10 7+4=11", "Anarchy: C"]),
    (7, "D D A D A", ["Roll 74 (7,4)", "Placeholder"]),
    (7, "D D D A A A R R R A D D D D A", ["d20 7+5 = 12", "Failed", "8 of 10 dmg", "passes (DR 2)"]),
])
def test_sim_screen_text_reproduces_each_first_flow(seed, keys, expected):
    proc = referee("sim", "--seed", str(seed), "--keys", keys, "--screen", "text")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    for line in expected:
        assert line in lines


def test_sim_png_is_the_frame_scaled_by_four(tmp_path):
    from PIL import Image

    from boards.sim import run_script

    path = tmp_path / "frame.png"
    proc = referee("sim", "--seed", "7", "--keys", "A A", "--screen", "png", str(path))
    assert proc.returncode == 0, proc.stderr
    image = Image.open(path).convert("RGB")
    assert image.size == (512, 256)
    board, app = run_script(str(tmp_path / "data"), 7, "A A")
    lit = 0
    for y in range(64):
        for x in range(128):
            on = image.getpixel((x * 4 + 1, y * 4 + 2)) != (8, 10, 20)
            assert on == bool(board.pixel(x, y)), (x, y)
            lit += on
    assert lit > 300


def test_sim_resumes_from_its_data_folder(tmp_path):
    data = str(tmp_path / "data")
    first = referee("sim", "--seed", "3", "--keys", "D A D D D A", "--data", data, "--screen", "text")
    again = referee("sim", "--seed", "3", "--keys", "", "--data", data, "--screen", "text")
    assert first.returncode == 0 and again.returncode == 0
    assert again.stdout.splitlines()[-8:] == first.stdout.splitlines()[-8:]


def test_sim_bad_keys_and_bad_screen_are_usage_errors():
    proc = referee("sim", "--keys", "A J")
    assert proc.returncode == 2
    assert "token 2 'J' is not a button" in proc.stderr
    proc = referee("sim", "--keys", "A", "--screen", "jpeg")
    assert proc.returncode == 2
    assert "--screen takes 'text' or 'png PATH'" in proc.stderr


def test_sim_interactive_in_a_terminal(tmp_path):
    """Arrow keys and Enter drive the app in a pseudo-terminal; q quits and saves."""
    import fcntl
    import struct
    import termios
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    proc = subprocess.Popen([REFEREE, "sim", "--seed", "7"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True)
    os.close(slave)
    out = b""

    def read_for(seconds):
        nonlocal out
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    return

    read_for(3)
    for key in (b"\x1b[B", b"\r", b"\r", b"q"):   # DOWN, A (Neo-Hunt shot), A (roll), quit
        os.write(master, key)
        read_for(1.5)
    proc.wait(timeout=20)
    os.close(master)
    assert proc.returncode == 0
    assert "\u2588".encode() in out or "\u2580".encode() in out
    # the terminal is raw while playing: every line must still start at the left edge
    assert out.count(b"\n") == out.count(b"\r\n")
    assert out.count("\u2502".encode()) >= 4 * 64   # four whole frames of 32 bordered rows
    save = tmp_path / "pocket-referee" / "sim" / "saves" / "state.sav"
    body = json.loads(save.read_text().split("\n")[1])
    assert [screen["id"] for screen in body["screens"]] == ["main", "nh_shot"]
    assert body["screens"][1]["state"]["last"] == "d6 4: HIT"


def test_sim_in_a_small_terminal_says_how_big_it_must_be(tmp_path):
    import fcntl
    import struct
    import termios
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    proc = subprocess.Popen([REFEREE, "sim"], stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    try:
        assert proc.wait(timeout=60) == 2
        out = b""
        while len(out) < 1 << 20:  # the child has ended: at most what it wrote
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        os.close(master)
    assert b"this terminal is 80x24" in out and b"at least 130 columns" in out


def test_sim_without_a_terminal_says_to_use_keys():
    proc = subprocess.run([REFEREE, "sim"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "give --keys" in proc.stderr


def test_pack_check_good_and_bad(tmp_path):
    good = os.path.join(ROOT, "firmware", "packs", "cybernaut-sample.json")
    proc = referee("pack", "check", good)
    assert proc.returncode == 0
    assert "ok" in proc.stdout and "PLACEHOLDER" in proc.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "pocket-referee-pack", "version": 1, "tables": {
        "t": {"kind": "range", "rows": [{"lo": 0, "hi": 5, "result": "a"}, {"lo": 3, "hi": 9, "result": "b"}]}}}))
    proc = referee("pack", "check", str(bad))
    assert proc.returncode == 3
    assert "table 't' row 2: range 3-9 overlaps row 1 (0-5)" in proc.stderr
    proc = referee("pack", "check", str(tmp_path / "missing.json"))
    assert proc.returncode == 3
    assert "missing.json: cannot read" in proc.stderr


def test_pack_check_checks_the_neohunt_section_as_the_device_does(tmp_path):
    sample = os.path.join(ROOT, "firmware", "packs", "neohunt-sample.json")
    proc = referee("pack", "check", sample)
    assert proc.returncode == 0 and "ok" in proc.stdout
    with open(sample) as handle:
        pack = json.load(handle)
    six = json.loads(json.dumps(pack))
    del six["neohunt"]["tiles"][0]
    none = json.loads(json.dumps(pack))
    del none["neohunt"]
    for name, obj, problem in (
            ("six.json", six, "section 'neohunt': 'tiles' must list exactly 7 sector tiles"),
            ("none.json", none, "section 'neohunt': must be an object")):
        path = tmp_path / name
        path.write_text(json.dumps(obj))
        proc = referee("pack", "check", str(path))
        assert proc.returncode == 3, name
        assert problem in proc.stderr, proc.stderr


def test_unusable_paths_are_named_without_a_traceback(tmp_path):
    proc = referee("sim", "--keys", "A", "--screen", "png", str(tmp_path / "no" / "such" / "x.png"))
    assert proc.returncode == 3
    assert "cannot use '%s'" % (tmp_path / "no" / "such" / "x.png") in proc.stderr
    assert "Traceback" not in proc.stderr
    afile = tmp_path / "afile"
    afile.write_text("x")
    proc = referee("sim", "--data", str(afile), "--keys", "A")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--data '%s' is a file: give a folder" % afile in proc.stderr
