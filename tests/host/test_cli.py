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
        "Dice A=roll R=history", " d6 Neo-Hunt", " d10 Cybernaut", " 00-99 Cybernaut", " d20 Cybercore",
        ">d100 Cybercore", "d100 = 66 (6,6)", "Last d100:66 d20:3"]


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


def test_sim_without_data_leaves_no_folder_behind(tmp_path):
    """A scripted run without --data plays in a folder of its own and removes it after
    (it was left in /tmp, one per run: found in session 22)."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = referee("sim", "--seed", "3", "--keys", "D A D D D A", "--screen", "text", env=env)
    assert proc.returncode == 0 and proc.stdout.strip()
    assert os.listdir(str(tmp_path)) == []


def test_sim_bad_keys_and_bad_screen_are_usage_errors():
    proc = referee("sim", "--keys", "A J")
    assert proc.returncode == 2
    assert "token 2 'J' is not a button" in proc.stderr
    proc = referee("sim", "--keys", "A", "--screen", "jpeg")
    assert proc.returncode == 2
    assert "--screen takes 'text', 'blocks' or 'png PATH' (not 'jpeg')" in proc.stderr
    proc = referee("sim", "--keys", "A", "--screen", "png")
    assert proc.returncode == 2 and "--screen png needs the PNG file's path" in proc.stderr
    proc = referee("sim", "--keys", "A:hold=0")
    assert proc.returncode == 2 and "a hold takes its length in ms, 1 to 60000" in proc.stderr


def test_sim_screen_blocks_and_text_take_no_console_lines(tmp_path):
    from boards.sim import run_script
    from referee.render import to_blocks
    proc = referee("sim", "--seed", "7", "--keys", "A A", "--screen", "blocks")
    assert proc.returncode == 0, proc.stderr
    board, app = run_script(str(tmp_path / "data"), 7, "A A")
    assert proc.stdout == to_blocks(board) + "\n"
    assert "[referee] session 1: dice commitment" in proc.stderr
    proc = referee("sim", "--seed", "7", "--keys", "A A", "--screen", "text")
    assert proc.stdout.splitlines() == app.surface.lines()


def test_sim_screen_text_says_when_the_frame_has_a_drawing_it_cannot_show():
    # found by a new user: on the NSA's placement grid (a drawing beside a text
    # panel) --screen text printed only the panel, with no word of the grid
    from referee.sim import DRAWING_NOTE
    proc = referee("sim", "--seed", "1", "--keys", "D D A D D A A A D R R", "--screen", "text")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == DRAWING_NOTE and "At M12" in [line.strip() for line in lines]
    assert "--screen blocks" in DRAWING_NOTE
    # a frame of text only has no such line (the Cybernaut menu, one press before)
    proc = referee("sim", "--seed", "1", "--keys", "D D A", "--screen", "text")
    assert DRAWING_NOTE not in proc.stdout and proc.stdout.splitlines()[0] == "Cybernaut"


class Pty:
    """The interactive simulator in a pseudo-terminal of ``rows`` x ``columns``: every
    wait has a deadline, and the child is killed by ``close`` (call it in finally)."""

    def __init__(self, tmp_path, rows=50, columns=200, args=("--seed", "7"), before=b""):
        import fcntl
        import struct
        import termios
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        if before:   # typed before the app has started: must not be lost (TCSANOW)
            os.write(self.master, before)
        env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
        self.proc = subprocess.Popen([REFEREE, "sim"] + list(args), stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.out = b""

    def read_until(self, predicate, seconds=60):
        """Read the terminal until ``predicate(bytes so far)``; fails after ``seconds``."""
        end = time.time() + seconds
        while not predicate(self.out):
            assert time.time() < end, "no such output in %d s; got %r" % (seconds, self.out[-3000:])
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                assert chunk or predicate(self.out), "the simulator ended: %r" % self.out[-3000:]
                self.out += chunk

    def frames(self):
        return self.out.count("\u2514".encode())   # each frame's bottom-left corner

    def key(self, data, frames=1):
        """Send ``data`` and wait for ``frames`` more frames to be drawn."""
        seen = self.frames()
        os.write(self.master, data)
        self.read_until(lambda out: out.count("\u2514".encode()) >= seen + frames)

    def quit(self):
        os.write(self.master, b"q")
        self.read_until(lambda out: b"saved in" in out)
        assert self.proc.wait(timeout=30) == 0

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        os.close(self.master)


def _save_of(tmp_path):
    save = tmp_path / "pocket-referee" / "sim" / "saves" / "state.sav"
    return json.loads(save.read_text().split("\n")[1])


def test_sim_interactive_in_a_terminal(tmp_path):
    """Arrow keys and Enter drive the app in a pseudo-terminal; q quits and saves."""
    term = Pty(tmp_path)
    try:
        term.read_until(lambda out: "\u2514".encode() in out)   # the first frame
        for key in (b"\x1b[B", b"\r", b"\r"):   # DOWN, A (Neo-Hunt shot), A (roll)
            term.key(key)
        term.quit()
    finally:
        term.close()
    out = term.out
    assert "\u2588".encode() in out or "\u2580".encode() in out
    # the terminal is raw while playing: every line must still start at the left edge
    assert out.count(b"\n") == out.count(b"\r\n")
    assert out.count("\u2502".encode()) >= 4 * 64   # four whole frames of 32 bordered rows
    # the key map beside the screen; console lines only on the line under the frame
    assert b"Space      hold A" in out and b"Shift+arrow long U/D/L/R" in out
    at = [i for i in range(len(out)) if out.startswith(b"[referee]", i)]
    assert at and all(out[:i].endswith("\u2518\x1b[K\r\n".encode()) for i in at)
    body = _save_of(tmp_path)
    # the roll's own result screen is on top, until A
    assert [screen["id"] for screen in body["screens"]] == ["main", "nh_shot", "result"]
    assert body["screens"][1]["state"]["last"] == "d6 4: HIT"
    assert body["screens"][2]["state"]["lines"] == ["Need 4+ mod +0", "d6 4: HIT"]


def test_sim_keeps_keys_typed_before_it_started(tmp_path):
    """Keys typed while the simulator boots are not flushed (raw mode set with TCSANOW):
    DOWN, A, A typed before the first frame open the Neo-Hunt shot and roll it."""
    term = Pty(tmp_path, before=b"\x1b[B\r\r")
    try:
        term.read_until(lambda out: out.count("\u2514".encode()) >= 3)
        term.quit()
    finally:
        term.close()
    body = _save_of(tmp_path)
    assert [screen["id"] for screen in body["screens"]] == ["main", "nh_shot", "result"]
    assert body["screens"][1]["state"]["last"] == "d6 4: HIT"


def _gm_numbers_keys():
    """The keys of a Cybercore fight (seed 3) up to its GM numbers' "Hold A to see"
    (tests/host/test_cybercore_secrets.py's set-up, recorded as it presses them), and
    the frame in blocks while A is held there (the crab: AN 55 DC 44 Defense 77)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from test_cybercore_secrets import Run, add_player, creature_keys
    from referee.render import to_blocks

    class Recorded(Run):
        def keys(self, text):
            typed.append(text)
            Run.keys(self, text)

    typed = []
    run = Recorded(3)
    run.keys("D D D D A")
    run.keys(add_player([], 0))
    run.keys(creature_keys((55, 44, 77, 66, False)))
    run.keys("U A A")
    run.select("GM numbers")
    run.keys("A A")
    assert run.app.surface.lines()[2] == "Hold A to see"
    hidden = to_blocks(run.board)
    run.board.levels["A"] = True
    run.board.hold(run.app, 300)
    assert "AN55 DC44 Def77" in run.app.surface.lines()
    return " ".join(typed).split(), to_blocks(run.board), hidden


def test_sim_scripted_hold_prints_the_frames_seen_while_held():
    keys = _gm_numbers_keys()[0]
    proc = referee("sim", "--seed", "3", "--keys", " ".join(keys) + " A:hold=2000", "--screen", "text")
    assert proc.returncode == 0, proc.stderr
    parts = proc.stdout.split("--- A:hold=2000, frame at +")
    assert len(parts) >= 3, proc.stdout   # the frame as A goes down, then the secret
    assert "Hold A to see" in parts[1] and "AN55" not in parts[1]
    assert any("AN55 DC44 Def77" in part for part in parts[2:])
    last = parts[-1].split("---\n", 1)[1].splitlines()[8:]   # after the hold's frames
    assert "Hold A to see" in last and "AN55" not in "\n".join(last)
    # the console lines went to stderr, none into the frames
    assert "[referee]" not in proc.stdout and "[referee] Pocket Referee" in proc.stderr


def test_sim_scripted_hold_past_5_s_hides_the_secret_again():
    keys = _gm_numbers_keys()[0]
    proc = referee("sim", "--seed", "3", "--keys", " ".join(keys) + " A:hold=6000", "--screen", "text")
    assert proc.returncode == 0, proc.stderr
    frames = proc.stdout.split("--- A:hold=6000, frame at +")[1:]
    shown = [int(f.split(" ", 1)[0]) for f in frames if "AN55" in f]
    hidden = [int(f.split(" ", 1)[0]) for f in frames if "AN55" not in f and "Hold A to see" in f]
    assert shown and min(shown) < 100
    assert hidden[-1] >= 5000 and max(shown) < 5000   # the device's 5 s at most


def test_sim_interactive_space_holds_a_and_shows_the_secret(tmp_path):
    """Space holds A down until the next key: the GM numbers' secret is drawn, the
    status line says A is held; the next key lets go and the secret is hidden."""
    keys, held_frame, hidden_frame = _gm_numbers_keys()
    typed = {"U": b"\x1b[A", "D": b"\x1b[B", "L": b"\x1b[D", "R": b"\x1b[C", "A": b"\r", "B": b"x"}
    rows = [row.encode() for row in held_frame.split("\n")[1:-1]]
    secret = [row for row in rows if row.decode() not in hidden_frame.split("\n")]
    term = Pty(tmp_path, args=("--seed", "3"))
    try:
        term.read_until(lambda out: "\u2514".encode() in out)
        for key in keys:   # keys are read in order: no need to wait between them
            name, _, long = key.partition(":")
            os.write(term.master, (b"l" if long else b"") + typed[name])
        hidden = [row.encode() for row in hidden_frame.split("\n")]
        term.read_until(lambda out: all(row in out for row in hidden), 120)
        start = len(term.out)
        os.write(term.master, b" ")   # Space: A held down
        term.read_until(lambda out: b"HOLDING A" in out[start:] and secret[0] in out[start:])
        held = len(term.out)
        os.write(term.master, b" ")   # let go
        term.read_until(lambda out: all(row in out[held:] for row in hidden))
        term.quit()
    finally:
        term.close()
    assert secret and all(row in term.out[start:held] for row in rows)
    final = term.out[term.out.rfind(b"\x1b[H"):]   # the last picture painted: A let go
    assert all(row in final for row in hidden) and not any(row in final for row in secret)


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
    # what to change once the values are the owner's (found by a new user)
    assert 'set "placeholder" to false' in proc.stdout
    own = json.loads(open(good).read())
    own["placeholder"] = False
    mine = tmp_path / "cybernaut.json"
    mine.write_text(json.dumps(own))
    proc = referee("pack", "check", str(mine))
    assert proc.returncode == 0 and "PLACEHOLDER" not in proc.stdout, proc.stdout
    assert "note:" not in proc.stdout  # a name the device reads
    # a name no game reads passes, with a note saying so (found by a new user)
    other = tmp_path / "foo.json"
    other.write_text(json.dumps(own))
    proc = referee("pack", "check", str(other))
    assert proc.returncode == 0 and "note: the device reads a pack only under its game's names" in proc.stdout
    assert "cybernaut.json" in proc.stdout and "neohunt.json" in proc.stdout
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
            ("none.json", none, "pack 'PATH' has no 'neohunt' section: a Neo-Hunt game needs")):
        path = tmp_path / name
        path.write_text(json.dumps(obj))
        proc = referee("pack", "check", str(path))
        assert proc.returncode == 3, name
        assert problem.replace("PATH", str(path)) in proc.stderr, proc.stderr


def test_pack_check_holds_a_pack_naming_no_game_to_its_file_name_s_game(tmp_path):
    # found by review: the Cybernaut game pack without "game" and without its game
    # sections passed `referee pack check` as cybernaut-game.json, where the device's
    # New game refuses it
    from shared_rules.cybernaut import PACK_SECTIONS
    with open(os.path.join(ROOT, "firmware", "packs", "cybernaut-game-sample.json")) as handle:
        pack = json.load(handle)
    del pack["game"]
    for key in PACK_SECTIONS:
        pack.pop(key, None)
    for name, status in (("cybernaut-game.json", 3), ("mytables.json", 0)):
        path = tmp_path / name
        path.write_text(json.dumps(pack))
        proc = referee("pack", "check", str(path))
        assert proc.returncode == status, (name, proc.stdout, proc.stderr)
        assert ("a game needs them" in proc.stderr) == (status == 3), proc.stderr


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


def test_a_cybernaut_game_keeps_its_owners_pack_after_it_is_removed(tmp_path):
    """An owner's game pack with its own Cybernaut names, removed on a PC mid-game:
    after a reboot the game goes on with those names (it crashed with a KeyError on
    them when the sample replaced the pack), and says so once (issue 19 item 5)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from boards.sim import boot
    from cyb_game import Driver
    root = str(tmp_path / "data")
    os.makedirs(root + "/packs")
    with open(os.path.join(ROOT, "firmware", "packs", "cybernaut-game-sample.json")) as handle:
        pack = json.load(handle)
    for index in range(len(pack["cybernauts"])):
        pack["cybernauts"][index]["name"] = "Own-%d" % (index + 1)
    text = json.dumps(pack)
    with open(root + "/packs/cybernaut-game.json", "w") as handle:
        handle.write(text)
    board, app = boot(root, 3)
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.choose("Own-2")
    game = [s for s in app.stack if s.ID == "cn_game"][0]
    names = [c["name"] for c in game.s["pub"]["cybs"]]
    assert names and all(name.startswith("Own-") for name in names)
    before = app.surface.lines()
    os.remove(root + "/packs/cybernaut-game.json")
    board, app = boot(root, 3)
    lines = app.surface.lines()
    assert lines[0] == "Pack changed" and "gone" in " ".join(lines)
    board.press(app, "A")
    assert app.top().ID == "cn_game" and app.surface.lines() == before
    assert [c["name"] for c in app.pack("cybernaut-game-sample").data["cybernauts"]] == [
        c["name"] for c in pack["cybernauts"]]
    board, app = boot(root, 3)   # said once
    assert app.top().ID == "cn_game" and app.surface.lines() == before


def test_pack_check_checks_the_pack_s_game_against_its_name(tmp_path):
    """A Neo-Hunt pack named cybernaut-game.json (the device would read it for
    Cybernaut) fails, naming the file and both games (found by review: it passed);
    a Cybernaut rolls pack named cybernaut-game.json lacks the game's sections; the
    samples under their own names pass."""
    with open(os.path.join(ROOT, "firmware", "packs", "neohunt-sample.json")) as handle:
        neohunt = handle.read()
    with open(os.path.join(ROOT, "firmware", "packs", "cybernaut-sample.json")) as handle:
        rolls = handle.read()
    wrong = tmp_path / "cybernaut-game.json"
    wrong.write_text(neohunt)
    proc = referee("pack", "check", str(wrong))
    assert proc.returncode == 3
    assert ("%s is read for cybernaut (its name), but it is a pack for game 'neohunt': "
            "name it neohunt.json" % wrong) in proc.stderr
    right = tmp_path / "neohunt.json"
    right.write_text(neohunt)
    proc = referee("pack", "check", str(right))
    assert proc.returncode == 0 and "ok" in proc.stdout
    wrong.write_text(rolls)  # a Cybernaut pack, but not the game pack
    proc = referee("pack", "check", str(wrong))
    assert proc.returncode == 3
    assert ("%s is the Cybernaut game pack's name, but the pack has no sprawls, translines, grids, " % wrong) in proc.stderr
    (tmp_path / "cybernaut.json").write_text(rolls)
    proc = referee("pack", "check", str(tmp_path / "cybernaut.json"))
    assert proc.returncode == 0
    (tmp_path / "neohunt-x.json").write_text(rolls)
    proc = referee("pack", "check", str(tmp_path / "neohunt-x.json"))
    assert proc.returncode == 3 and "but it is a pack for game 'cybernaut'" in proc.stderr


def test_sim_screen_given_twice_is_refused_not_cut_to_the_last(tmp_path):
    # found by a new user: "--screen text --screen png F" kept only the PNG, silently
    proc = referee("sim", "--seed", "7", "--keys", "A", "--screen", "text", "--screen", "png",
                   str(tmp_path / "x.png"))
    assert proc.returncode == 2
    assert "--screen takes 'text', 'blocks' or 'png PATH' (not 'text png " in proc.stderr
    assert not (tmp_path / "x.png").exists()
