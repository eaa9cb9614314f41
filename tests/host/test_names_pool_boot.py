"""The boot after a new Cybernaut game's restart takes MicroPython's 7th pool of
interned names (firmware.memory.reserve_names), on the 32-bit unix port with the
Pico's 240K heap and the device build (.mpy), booted as tools/bench_device.py's
ladders boot it (the stock firmware's way: the code in RAM).

Found by make bench (issue 21): that boot had 81.6 KB free, under the 80 KB the
pool asked for then (NAMES_ROOM), so the pool came in play, at the 692nd press of
the 240K ladder, from a heap in pieces: a MemoryError "allocating 1280" (names).
A few hundred bytes of code at boot decided it either way."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
MP32 = os.path.join(ROOT, ".venv", "mp32", "micropython")

def _boot_script():
    """tools/bench_device.py's BOOT_SCRIPT (a board as the device makes it, in a script
    the size of main.py: what make bench counts), read from its source (importing
    it runs the bench)."""
    import ast
    with open(os.path.join(ROOT, "tools", "bench_device.py")) as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["BOOT_SCRIPT"]:
            return ast.literal_eval(node.value)
    raise AssertionError("tools/bench_device.py has no BOOT_SCRIPT")


# make bench's boot, its restart the end of the interpreter, reserve_names watched,
# then the keys pressed
BOOT = _boot_script().replace("app.boot()", """def _restart():
    print('RESTART')
    raise SystemExit
app.restart = _restart
from firmware import app as app_module
_reserve = app_module.reserve_names
def _reserving(*args):
    gc.collect()
    free = gc.mem_free()
    taken = _reserve(*args)
    import micropython
    print('RESERVED', taken, free)
    micropython.qstr_info()
    return taken
app_module.reserve_names = _reserving
app.boot()""", 1) + """from boards.sim import parse_keys
for name, long in parse_keys(%r):
    board.press(app, name, long)
print('TOP', app.top().ID)
"""


def test_the_boot_after_a_new_cybernaut_games_restart_takes_the_next_pool(tmp_path):
    if not os.path.exists(MP32):
        pytest.skip("no 32-bit MicroPython (make mp32): the pools are a Pico's only there")
    code = str(tmp_path / "code")
    data = str(tmp_path / "data")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--board", "sim", "--out", code],
                   check=True, stdout=subprocess.DEVNULL, timeout=600)
    texts = []
    for keys in ("D D A D D A", ""):  # Cybernaut, New game (restarts first); the boot after it
        script = str(tmp_path / "run.py")
        with open(script, "w") as handle:
            handle.write(BOOT % (code, data, code + "/packs", data, keys))
        out = subprocess.run([MP32, "-X", "heapsize=240K", script], capture_output=True, text=True, timeout=300)
        texts.append(out.stdout + out.stderr)
    assert texts[0].rstrip().endswith("RESTART"), texts[0][-2000:]
    lines = texts[1].splitlines()
    assert "TOP cn_game" in lines, texts[1][-2000:]
    at = [i for i, line in enumerate(lines) if line.startswith("RESERVED ")]
    assert len(at) == 1, texts[1][-2000:]
    taken, free = [int(word) for word in lines[at[0]].split()[1:3]]
    pools = int(lines[at[0] + 1].split("n_pool=")[1].split(",")[0])
    # names interned to reach it (0: skipped, or no block for it), and the 7th pool there
    assert 0 < taken <= 640 and pools == 7, lines[at[0]:at[0] + 2]
    # not by a hair: a later new game's boot has less free than this first one's
    # (the 240K ladder's, after an abandoned game 618 presses in: 81.6 KB, 21 KB less
    # than here), and it must take the pool too, with 7 KB to spare for code added
    # at boot (NAMES_ROOM was 80 KB: that boot skipped it by 320 bytes)
    sys.path.insert(0, ROOT)
    try:
        from firmware.memory import reserve_names
    finally:
        sys.path.remove(ROOT)
    # its last argument's default, NAMES_ROOM (a test naming that constant kept the
    # build from respelling it: one boot name more, a sixth pool of names)
    room = reserve_names.__defaults__[-1]
    assert free - room >= 28 * 1024, (free, room)


# make bench's boot to the main menu, its names counted as make bench counts them
MAIN_MENU = _boot_script() + "import micropython\nmicropython.qstr_info()\n"


def test_the_boot_to_the_main_menu_interns_names_in_five_pools(tmp_path):
    # the names a boot interns fill five pools (620 names); one more takes a sixth
    # (640 names in one block) and left 4.7 KB less free after boot. Twice this
    # session a test naming a device-code name (an argument, a constant) kept the
    # build's shrink (host/referee/shrink.py) from respelling it: one name more
    if not os.path.exists(MP32):
        pytest.skip("no 32-bit MicroPython (make mp32): the pools are a Pico's only there")
    code = str(tmp_path / "code")
    data = str(tmp_path / "data")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--board", "sim", "--out", code],
                   check=True, stdout=subprocess.DEVNULL, timeout=600)
    script = str(tmp_path / "boot.py")
    with open(script, "w") as handle:
        handle.write(MAIN_MENU % (code, data, code + "/packs", data))
    out = subprocess.run([MP32, "-X", "heapsize=240K", script], capture_output=True, text=True, timeout=300)
    line = [text for text in out.stdout.splitlines() if text.startswith("qstr pool:")]
    assert line, out.stdout[-2000:] + out.stderr[-2000:]
    assert "n_pool=5," in line[0], line[0]
