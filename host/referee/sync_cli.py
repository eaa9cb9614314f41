"""The command line of `referee devices | sync | pull | push | backup | restore | log`.

Kept apart from cli.py so that file only gains its do_* handlers; the serial
modules are imported when a device command runs, not for `referee sim`.
"""

import json
import os
import sys
import time

def _codes_text_static():
    """The exit statuses for --help: referee.exits' one table (a test keeps it in step
    with referee.device.EXIT_CODES and the README)."""
    from referee.exits import text
    return text()


def _default_dir():
    from referee.sync import default_dir
    return default_dir()


def add_parsers(commands, handlers):
    """Add the device commands to the argparse subparsers ``commands``;
    ``handlers``: name -> do_* function."""
    from argparse import RawDescriptionHelpFormatter
    base = os.environ.get("XDG_DATA_HOME") or "~/.local/share"
    folder = base + "/pocket-referee/device"
    codes = _codes_text_static()

    def port_options(parser):
        parser.add_argument("--port", default=None,
                            help="serial port of the device (default: $REFEREE_PORT, else the only "
                                 "Pico connected, USB vendor 2E8A)")
        parser.add_argument("--timeout", type=float, default=5.0,
                            help="seconds of silence before giving up (default 5)")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
        parser.add_argument("--no-restart", action="store_true",
                            help="leave the device at the REPL instead of restarting the app "
                                 "(also after a failure)")

    devices = commands.add_parser(
        "devices", help="list connected Pocket Referees",
        description="List the connected Picos (USB vendor 2E8A) with port, serial number, "
                    "MicroPython version and Pocket Referee version. Asking a device its versions "
                    "stops its app for a moment (its state is saved) and restarts it. Exits "
                    "with 10 when none is found. " + codes)
    devices.add_argument("--json", action="store_true", help="print JSON")
    devices.add_argument("--port", action="append", default=[],
                         help="also ask this port (e.g. an emulated Pico); repeatable")
    devices.add_argument("--timeout", type=float, default=5.0,
                         help="seconds of silence before giving up on a device (default 5)")
    devices.set_defaults(func=handlers["devices"])

    sync = commands.add_parser(
        "sync", help="two-way sync of saves, journals and packs with a PC folder",
        formatter_class=RawDescriptionHelpFormatter,
        description="Two-way sync between the device's data folder (saves/, journals/, packs/) "
                    "and DIR on this PC (default: %s).\n\n"
                    "Only changed files move, by SHA-256 against the hashes of the last sync "
                    "(kept in DIR/.referee-sync.json). A file changed on both sides is a conflict: "
                    "the device's version keeps the name, the PC's is kept as "
                    "NAME.pc-conflict-TIME.EXT on both sides. A deletion propagates only when the "
                    "other side did not change the file. Every file is written under a temporary "
                    "name, hash-checked, then renamed: a pulled cable loses nothing and the next "
                    "sync finishes the job. The sealing key (key.bin) stays on the device.\n\n"
                    "The device's saves and journals are its own record: a sync never replaces "
                    "them (only `referee restore` does). A PC journal that is not just the "
                    "device's without its newer lines (edited on the PC), or a changed PC save, "
                    "is not sent: the device's copy wins and the PC's is kept on the PC only as "
                    "NAME.pc-conflict-TIME.EXT. Nothing is sent unchecked: packs as `referee "
                    "pack check` does and no bigger than the device can parse, saves and "
                    "journals by their checksums, every file against the device's free flash; "
                    "a file that fails is named and not sent, and the rest goes on (exit 8). "
                    "The summary lists the saves the device kept aside (saves/badN.sav) since "
                    "the last sync.\n\n"
                    "After the sync the device's app restarts from its save; after a failure "
                    "too (it says so), unless --no-restart.\n\n%s" % (folder, codes))
    sync.add_argument("dir", nargs="?", default=None, metavar="DIR",
                      help="the PC folder (default %s)" % folder)
    port_options(sync)
    sync.set_defaults(func=handlers["sync"])

    for name, text in (("pull", "copy the device's files to DIR (one way; a PC file changed since "
                                "the last sync is kept as NAME.pc-conflict-TIME.EXT)"),
                       ("push", "copy DIR's files to the device (one way; a device file changed "
                                "since the last sync is kept there as NAME.device-conflict-TIME.EXT; "
                                "the device's saves and journals are never replaced)")):
        parser = commands.add_parser(name, help=text.split(" (")[0],
                                     description=text[0].upper() + text[1:] + ". Nothing is deleted. "
                                     "Same guarantees as sync. Default DIR: %s. %s" % (folder, codes))
        parser.add_argument("dir", nargs="?", default=None, metavar="DIR")
        port_options(parser)
        parser.set_defaults(func=handlers[name])

    backup = commands.add_parser(
        "backup", help="zip the device's whole data folder with a manifest of hashes",
        description="Write a zip of the device's data folder (key.bin included: keep the zip "
                    "away from the players during a game) with manifest.json listing each file's "
                    "SHA-256. Default: %s/../backups/pocket-referee-<id>-<time>.zip. %s"
                    % (folder, codes))
    backup.add_argument("out", nargs="?", default=None, metavar="ZIP")
    port_options(backup)
    backup.set_defaults(func=handlers["backup"])

    restore = commands.add_parser(
        "restore", help="put a backup back on the device",
        description="Check every file of ZIP against its manifest, back up the device's current "
                    "data first (to the backups folder), then write the backup's files to the "
                    "device (temporary name, hash check, rename). Files on the device that are not "
                    "in the backup are left alone. This is the only command that replaces the "
                    "device's saves, journals and key.bin, and it names those it replaced. "
                    "The app restarts from the restored save. " + codes)
    restore.add_argument("zip", metavar="ZIP")
    restore.add_argument("--no-safety-backup", action="store_true",
                         help="do not back up the device's current data first")
    port_options(restore)
    restore.set_defaults(func=handlers["restore"])

    log = commands.add_parser(
        "log", help="show a session journal",
        description="Render a session journal (e.g. DIR/journals/s0001.jrn) for reading. Hidden "
                    "values stay sealed: the key to open them never leaves the device. A line "
                    "whose checksum fails is reported as damaged or edited, naming it (exit 3); "
                    "only a last line cut short is a power loss (a note). A file that is not a "
                    "journal (a save, an empty file) is an error (exit 3). In text and md, an "
                    "entry Undo took back is marked '[undone by #N]' and a revealed Neo-Hunt "
                    "place is named beside its code ('value=4 (S4)'). " + codes)
    log.add_argument("file", metavar="FILE")
    log.add_argument("--format", choices=("text", "csv", "jsonl", "md"), default="text",
                     help="text (default: one entry a line), csv (a header row, then seq, game, "
                          "kind, rule, inputs and outcome as JSON), jsonl (one JSON entry a line) "
                          "or md (a Markdown table)")
    log.set_defaults(func=handlers["log"])


def _progress(args):
    from referee.sync import Progress
    return Progress(0, enabled=False if args.quiet else None)


PROGRESS_HOOK = None  # tests: callable(name, bytes done) called as bytes move


def _open(args):
    """Open the device; when that fails after its app was stopped (an error while the
    sync agent loads), restart the app as after any failure (_after_failure)."""
    from referee.device import Device, DeviceError, NotPocketReferee, VersionMismatch
    device = Device(args.port, args.timeout)
    try:
        return device.open()
    except DeviceError as exc:
        # a version mismatch restarts the app itself; a bare MicroPython has none
        if device.entered and not isinstance(exc, (VersionMismatch, NotPocketReferee)):
            _after_failure(device, args)
        raise


def _finish(device, args):
    if args.no_restart:
        device.close()
    else:
        device.restart_app()


def _after_failure(device, args):
    """A command failed with the device open: restart its app (Device.recover) unless
    --no-restart, and say what became of it (stderr)."""
    command = getattr(args, "command", None) or "sync"
    if args.no_restart:
        device.close()
        print("referee %s: the device stays at the REPL (--no-restart); unplug and replug it, "
              "or run the command again, to restart its app" % command, file=sys.stderr)
        return
    if device.recover():
        print("referee %s: the device's app was restarted from its save after the failure "
              "below" % command, file=sys.stderr)
    else:
        print("referee %s: the device's app could not be restarted (the device does not "
              "answer): unplug and replug it" % command, file=sys.stderr)


def _run(args, work):
    """Open the device, run ``work(device, progress)``, restart the app; the app is
    restarted also after a failure of any kind (and that is said), unless --no-restart."""
    device = _open(args)
    progress = _progress(args)
    progress.hook = PROGRESS_HOOK
    try:
        result = work(device, progress)
    except BaseException:
        progress.finish()
        _after_failure(device, args)
        raise
    progress.finish()
    _finish(device, args)
    return result


def _print_report(report, what):
    """Print the summary; :returns: the exit status (8 when files were not sent)."""
    from referee.exits import DONE, REFUSED
    for line in report.summary():
        print(line)
    if report.refused:
        print("referee %s: %d file(s) failed their checks and were not sent (NOT SENT above)"
              % (what, len(report.refused)), file=sys.stderr)
        return REFUSED
    return DONE


def sync(args):
    """referee sync [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    started = time.monotonic()
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('sync'))
    code = _print_report(report, "sync")
    print("synced with %s in %.2f s (folder %s)" % (args.port or "the device", time.monotonic() - started, root))
    return code


def pull(args):
    """referee pull [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('pull'))
    return _print_report(report, "pull")


def push(args):
    """referee push [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    if not os.path.isdir(root):
        from shared_rules.errors import RefereeError
        raise RefereeError("folder %s does not exist: nothing to push" % root)
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('push'))
    return _print_report(report, "push")


def _backup_path(device, out):
    from referee.sync import default_backup_dir
    if out:
        return out
    return os.path.join(default_backup_dir(), "pocket-referee-%s-%s.zip"
                        % (device.info.get("id", "device"), time.strftime("%Y%m%d-%H%M%S")))


def backup(args):
    """referee backup [ZIP]"""
    from referee import sync as core

    def work(device, progress):
        return core.backup(device, _backup_path(device, args.out), progress)

    path, count = _run(args, work)
    print("backed up %d files to %s" % (count, path))
    return 0


def restore(args):
    """referee restore ZIP"""
    from referee import sync as core
    manifest, contents = core.read_backup(args.zip)

    def work(device, progress):
        safety = None
        if not args.no_safety_backup:
            safety, _ = core.backup(device, _backup_path(device, None))
        return safety, core.restore(device, contents, progress)

    safety, (written, unchanged, extra) = _run(args, work)
    if safety:
        print("the device's data before the restore is saved in %s" % safety)
    print("restored %d files, %d already equal" % (len(written), len(unchanged)))
    replaced = [rel for rel in written if core.device_owned(rel) or rel in core.DEVICE_ONLY]
    if replaced:
        print("replaced the device's own copy of: %s (only `referee restore` does this; a sync "
              "never replaces a device's saves, journals or key.bin)" % ", ".join(replaced))
    if extra:
        print("left alone (on the device, not in the backup): %s" % ", ".join(extra))
    return 0


def devices(args):
    """referee devices [--json]"""
    from referee.device import Device, DeviceError, pico_ports
    rows = []
    seen = set()
    targets = [(p.device, p.serial_number) for p in pico_ports()] + [(port, None) for port in args.port]
    for port, serial_number in targets:
        if port in seen:
            continue
        seen.add(port)
        row = {"port": port, "serial": serial_number, "micropython": None, "referee": None,
               "error": None}
        try:
            device = Device(port, args.timeout).open()
            row["micropython"] = device.info.get("micropython")
            row["referee"] = device.info.get("referee")
            device.restart_app()
        except DeviceError as exc:
            row["error"] = str(exc)
            info = getattr(exc, "info", None) or {}
            row["micropython"] = info.get("micropython")
            row["referee"] = info.get("referee")
        rows.append(row)
    from referee.exits import NO_DEVICE
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0 if rows else NO_DEVICE
    if not rows:
        print("referee devices: no Pocket Referee connected (no USB serial port with vendor id "
              "2E8A). Plug it in with a data cable (not a charge-only one), or ask a port with "
              "--port.", file=sys.stderr)
        return NO_DEVICE
    print("%-20s %-18s %-12s %-10s" % ("PORT", "SERIAL", "MICROPYTHON", "REFEREE"))
    for row in rows:
        print("%-20s %-18s %-12s %-10s" % (row["port"], row["serial"] or "-",
                                           row["micropython"] or "-", row["referee"] or "-"))
        if row["error"]:
            print("  " + row["error"])
    return 0


def log(args):
    """referee log FILE [--format]"""
    from referee.logview import render
    from shared_rules.errors import RefereeError
    try:
        with open(args.file, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise RefereeError("no such file: %s (give a journal, e.g. DIR/journals/s0001.jrn)"
                           % args.file)
    except OSError as exc:
        raise RefereeError("cannot read %s: %s" % (args.file, exc.strerror))
    sys.stdout.write(render(data, args.file, args.format))
    return 0
