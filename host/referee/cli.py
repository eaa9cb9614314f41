"""The `referee` command line: a thin main that maps commands to ``do_*`` handlers.

Errors are handled once, here: the message goes to stderr and the exit code says
what kind of failure it was.
"""

import argparse
import os
import sys

from shared_rules import VERSION
from shared_rules.errors import RefereeError
from referee import exits

EXIT_USAGE = exits.USAGE
EXIT_BAD_INPUT = exits.BAD_INPUT


def do_sim(args):
    """referee sim"""
    from boards.sim import KeysError
    from referee import sim

    screen = None
    if args.screen:
        mode = args.screen[0]
        if mode in ("text", "blocks") and len(args.screen) == 1:
            screen = (mode,)
        elif mode == "png" and len(args.screen) == 2:
            screen = ("png", args.screen[1])
        elif mode == "png":
            raise UsageError("--screen png needs the PNG file's path: --screen png PATH")
        else:
            raise UsageError("--screen takes %s (not '%s')" % (sim.SCREEN_MODES, " ".join(args.screen)))
    if args.data is not None and os.path.exists(args.data) and not os.path.isdir(args.data):
        raise UsageError("--data '%s' is a file: give a folder (it is made if missing)" % args.data)
    try:
        if args.keys is not None:
            return sim.run_scripted(args.seed, args.keys, args.data, screen)
        if screen is not None:
            return sim.run_scripted(args.seed, "", args.data, screen)
        return sim.run_interactive(args.seed, args.data)
    except KeysError as exc:
        raise UsageError(str(exc))


def do_pack(args):
    """referee pack check FILE..."""
    from referee.checks import pack_problems

    bad = 0
    for path in args.files:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            print("%s: cannot read: no such file (check the name)" % path, file=sys.stderr)
            bad += 1
            continue
        except OSError as exc:
            print("%s: cannot read: %s" % (path, exc.strerror), file=sys.stderr)
            bad += 1
            continue
        problems, pack = pack_problems(data, path)
        if problems:
            bad += 1
            print("%s: %d problem(s)" % (path, len(problems)), file=sys.stderr)
            for problem in problems:
                print("  - " + problem, file=sys.stderr)
            continue
        # (found by a new user: a copy of a sample keeps its flag, and the device then
        # marks the owner's own values "PLACEHOLDER pack")
        note = (' (marked PLACEHOLDER: set "placeholder" to false once the values are '
                'the printed ones)') if pack.placeholder else ""
        print("%s: ok, %d tables%s" % (path, len(pack.tables), note))
        read = _names_read()
        if read and os.path.basename(path) not in read:
            # (found by a new user: foo.json passed, and the device never reads it)
            print("  note: the device reads a pack only under its game's names (%s): name "
                  "this file after the one it stands in for" % ", ".join(read))
    return EXIT_BAD_INPUT if bad else 0


def _names_read():
    """The pack file names the device reads (firmware.packfile): each sample pack's
    and its owner's copy's (the sample's name without "-sample"), sorted (list of str)."""
    from referee.build import pack_files
    names = set()
    try:
        samples = pack_files()
    except OSError:  # no firmware folder beside this referee: nothing to compare
        return []
    for device_path, _ in samples:
        name = device_path.split("/")[-1]
        names.add(name)
        names.add(name.replace("-sample.json", ".json"))
    return sorted(names)


def _sync_command(name):
    """The handler of `referee NAME` (devices, sync, pull, push, backup, restore, log):
    referee.sync_cli.NAME, imported only when that command runs."""
    def handler(args):
        from referee import sync_cli
        return getattr(sync_cli, name)(args)
    handler.__doc__ = "referee " + name
    return handler


SYNC_COMMANDS = ("devices", "sync", "pull", "push", "backup", "restore", "log")


def do_verify(args):
    """referee verify FILE...: recompute every roll of finished session journals
    and check every revealed secret against its commitment."""
    from shared_rules.errors import SaveError
    from referee.checks import check_journal
    from shared_rules.verify import undone_rolls, verify_entries
    from shared_rules.secrets_check import verify_secrets

    bad = 0
    for path in args.files:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            print("%s: cannot read: no such file (check the name)" % path, file=sys.stderr)
            bad += 1
            continue
        except OSError as exc:
            print("%s: cannot read: %s" % (path, exc.strerror), file=sys.stderr)
            bad += 1
            continue
        try:
            entries, torn = check_journal(data, path)
        except SaveError as exc:
            print("%s: %s" % (path, exc), file=sys.stderr)
            bad += 1
            continue
        problems, rolls = verify_entries(entries)
        secret_problems, secrets = verify_secrets(entries)
        problems += secret_problems
        if torn:
            print("%s: note: its last line was cut (a power cut while writing) and is ignored"
                  % path, file=sys.stderr)
        if problems:
            bad += 1
            print("%s: %d problem(s)" % (path, len(problems)), file=sys.stderr)
            for problem in problems:
                print("  - " + problem, file=sys.stderr)
            continue
        print("%s: ok, %d %s with dice %s the revealed seed, %d revealed %s" % (
            path, rolls, "entry" if rolls == 1 else "entries", "matches" if rolls == 1 else "match",
            secrets, "secret matches its commitment" if secrets == 1 else
            "secrets match their commitments"))
        undone = undone_rolls(entries)
        if undone:
            print("%s: note: %d %s taken back with Undo (the dice went on: a roll after "
                  "an undo is a new one, never the one taken back):"
                  % (path, len(undone), "roll" if len(undone) == 1 else "rolls"))
            for line in undone:
                print("  - " + line)
        from shared_rules.secrets_check import voided_secrets
        voided = voided_secrets(entries)
        if voided:
            print("%s: note: %d secret(s) voided:" % (path, len(voided)))
            for line in voided:
                print("  - " + line)
    return EXIT_BAD_INPUT if bad else 0


def do_deploy(args):
    """referee deploy [--port P] [--board pico] [--check] [--no-restart] [--firmware [UF2]] [--timeout S]"""
    from referee.deploy import DeployError, deploy, deploy_firmware

    if args.timeout <= 0:
        raise UsageError("--timeout takes a number of seconds above 0 (not %g)" % args.timeout)
    try:
        if args.firmware is not None:
            return deploy_firmware(args.firmware or None, args.port, args.board, args.check,
                                   not args.no_restart, timeout=args.timeout)
        return deploy(args.port, args.board, args.check, not args.no_restart)
    except DeployError as exc:
        print("referee deploy: %s" % exc, file=sys.stderr)
        return exc.code


class UsageError(Exception):
    """Wrong arguments; the message says which."""


def build_parser():
    parser = argparse.ArgumentParser(prog="referee", description="Pocket Referee PC tool.",
                                     epilog=exits.text())
    parser.add_argument("--version", action="version", version="referee " + VERSION)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = commands.add_parser(
        "sim", help="run the device app in this terminal",
        description="Run the real firmware app on the simulator board. With no --keys: "
                    "interactive (arrows move; Enter or z = A; Esc or x = B; long presses: "
                    "Z / X = long A / B, Shift+arrow, or l then a key; Space holds A down "
                    "until the next key, h then a key holds that button; q quits; the key "
                    "map is shown beside the screen), saving in a per-user folder "
                    "(~/.local/share/pocket-referee/sim) so the next run resumes. With "
                    "--keys: presses the buttons in order in a fresh temporary data folder "
                    "(or --data), then prints the last frame (and every frame seen during "
                    "a hold). The app's console lines go to stderr. " + exits.text())
    sim.add_argument("--seed", type=int, default=None, help="deterministic dice from seed N")
    sim.add_argument("--keys", default=None,
                     help='button presses in order, e.g. "U D A A:long B A:hold=2000" (U D L R A B; '
                          ':long = long press; :hold=MS = held down MS ms, 1 to 60000)')
    # (extend: a second --screen joins the first, and the mode check names both; the
    # last one alone was kept, silently: found by a new user)
    sim.add_argument("--screen", nargs="+", action="extend", metavar=("MODE", "PATH"),
                     help="one of: 'text': print the text of the last frame, one line per row; "
                          "'blocks': print the last frame's pixels as block characters; "
                          "'png PATH': write the last frame as a PNG scaled x4 (frames "
                          "seen during a hold beside it, PATH's stem + .holdN-K.png)")
    sim.add_argument("--data", default=None, help="data folder (saves, journals, packs)")
    sim.set_defaults(func=do_sim)

    pack = commands.add_parser("pack", help="check table packs", description="Table packs. "
                               + exits.text())
    pack_commands = pack.add_subparsers(dest="pack_command", metavar="ACTION")
    check = pack_commands.add_parser("check", help="validate pack files and list every problem",
                                     description="Validate pack files and list every problem "
                                                 "(exit 3 if any). " + exits.text())
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(func=do_pack)

    from referee.sync_cli import add_parsers
    add_parsers(commands, {name: _sync_command(name) for name in SYNC_COMMANDS})


    verify = commands.add_parser(
        "verify", help="recompute every roll of a finished session's journal",
        description="Check a session journal (journals/sNNNN.jrn) whose seed was revealed "
                    "(End session): the seed matches the commitment shown at the start, and "
                    "every roll comes from it, with no roll hidden or repeated; every revealed "
                    "secret matches the commitment journaled when it was entered, and a game "
                    "that ended revealed them all. Lists each "
                    "mismatch naming the entry; exit code 3 if any (a damaged or edited line, "
                    "a file that is not a journal, a missing file). " + exits.text())
    verify.add_argument("files", nargs="+", metavar="FILE")
    verify.set_defaults(func=do_verify)

    deploy = commands.add_parser(
        "deploy", help="build the firmware and put it on a Pico over USB",
        description="Compile the firmware to .mpy (build/device/), then copy to the Pico only "
                    "the files whose sha256 differs, write main.py and the sample packs, and "
                    "restart the app. Refuses a device whose MicroPython cannot load this "
                    ".mpy version. On the Pocket Referee firmware (MicroPython with the code "
                    "frozen in: `make firmware`) only main.py, the packs and checks.sha256 are "
                    "copied and the code folders are removed from the device (they would hide "
                    "the frozen code). --firmware puts that firmware on the Pico first: its UF2 "
                    "bootloader, the UF2 copied onto its RPI-RP2 drive, then the files. "
                    + exits.text())
    deploy.add_argument("--port", default=None, help="serial port (default: the one Pico found on USB)")
    deploy.add_argument("--board", default="pico", help="board to build for (default pico; pico2, pico_w, pico2_w: the same build)")
    deploy.add_argument("--check", action="store_true", help="only report what would change")
    deploy.add_argument("--no-restart", action="store_true", help="do not restart the app afterwards")
    deploy.add_argument("--firmware", nargs="?", const="", default=None, metavar="UF2",
                        help="flash the Pocket Referee firmware first (Pico only): UF2, or with "
                             "none given build it (as `make firmware`)")
    deploy.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                        help="--firmware: how long to wait for the Pico's RPI-RP2 drive, then for "
                             "its serial port to come back (default 60)")
    deploy.set_defaults(func=do_deploy)
    return parser


def main(argv=None):
    """Entry point of the console script. :returns: exit code (int)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except UsageError as exc:
        print("referee %s: %s" % (args.command, exc), file=sys.stderr)
        return EXIT_USAGE
    except RefereeError as exc:
        print("referee %s: %s" % (args.command, exc), file=sys.stderr)
        return getattr(exc, "exit_code", EXIT_BAD_INPUT)
    except OSError as exc:
        # a local file or folder that cannot be used (a missing folder for a PNG, a
        # file given where a folder is needed...): name it, no traceback
        where = exc.filename if exc.filename is not None else ""
        print("referee %s: cannot use '%s': %s" % (args.command, where, exc.strerror or exc),
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("referee %s: interrupted (Ctrl-C); run it again to finish" % args.command,
              file=sys.stderr)
        return exits.INTERRUPTED
