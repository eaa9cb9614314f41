"""The command line of `referee devices | sync | pull | push | backup | restore | log`.

Kept apart from cli.py so that file only gains its do_* handlers; the serial
modules are imported when a device command runs, not for `referee sim`.
"""

import json
import os
import sys
import time

def _codes_text_static():
    """The exit statuses for --help (the same as referee.device.EXIT_CODES, written out
    so building the parser does not import serial; a test keeps them in step)."""
    return ("Exit status: 0 done (also when conflicts were kept and reported); 10 no device; "
            "11 several devices and no --port; 12 port busy; 13 permission denied; 14 not running "
            "Pocket Referee; 15 host/device version mismatch; 16 device filesystem full; "
            "17 timeout; 18 connection lost during a transfer; 3 a damaged file or backup.")


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
                            help="leave the device at the REPL instead of restarting the app")

    devices = commands.add_parser(
        "devices", help="list connected Pocket Referees",
        description="List the connected Picos (USB vendor 2E8A) with port, serial number, "
                    "MicroPython version and Pocket Referee version. Asking a device its versions "
                    "stops its app for a moment (its state is saved) and restarts it. " + codes)
    devices.add_argument("--json", action="store_true", help="print JSON")
    devices.add_argument("--port", action="append", default=[],
                         help="also ask this port (e.g. an emulated Pico); repeatable")
    devices.add_argument("--timeout", type=float, default=5.0)
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
                    "sync finishes the job. The sealing key (key.bin) stays on the device. "
                    "After the sync the device's app restarts from its save.\n\n%s" % (folder, codes))
    sync.add_argument("dir", nargs="?", default=None, metavar="DIR",
                      help="the PC folder (default %s)" % folder)
    port_options(sync)
    sync.set_defaults(func=handlers["sync"])

    for name, text in (("pull", "copy the device's files to DIR (one way; a PC file changed since "
                                "the last sync is kept as NAME.pc-conflict-TIME.EXT)"),
                       ("push", "copy DIR's files to the device (one way; a device file changed "
                                "since the last sync is kept there as NAME.device-conflict-TIME.EXT)")):
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
                    "in the backup are left alone. The app restarts from the restored save. " + codes)
    restore.add_argument("zip", metavar="ZIP")
    restore.add_argument("--no-safety-backup", action="store_true",
                         help="do not back up the device's current data first")
    port_options(restore)
    restore.set_defaults(func=handlers["restore"])

    log = commands.add_parser(
        "log", help="show a session journal",
        description="Render a session journal (e.g. DIR/journals/s0001.jrn) for reading. Hidden "
                    "values stay sealed: the key to open them never leaves the device.")
    log.add_argument("file", metavar="FILE")
    log.add_argument("--format", choices=("text", "csv", "jsonl", "md"), default="text")
    log.set_defaults(func=handlers["log"])


def _progress(args):
    from referee.sync import Progress
    return Progress(0, enabled=False if args.quiet else None)


PROGRESS_HOOK = None  # tests: callable(name, bytes done) called as bytes move


def _open(args):
    from referee.device import Device
    return Device(args.port, args.timeout).open()


def _finish(device, args):
    if args.no_restart:
        device.close()
    else:
        device.restart_app()


def _run(args, work):
    """Open the device, run ``work(device, progress)``, restart the app; the app is
    restarted also after a failure when the connection still stands."""
    device = _open(args)
    progress = _progress(args)
    progress.hook = PROGRESS_HOOK
    try:
        result = work(device, progress)
    except BaseException:
        progress.finish()
        if device.transport is not None:
            _finish(device, args)
        raise
    progress.finish()
    _finish(device, args)
    return result


def _print_report(report, what):
    for line in report.summary():
        print(line)


def sync(args):
    """referee sync [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    started = time.monotonic()
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('sync'))
    _print_report(report, "sync")
    print("synced with %s in %.2f s (folder %s)" % (args.port or "the device", time.monotonic() - started, root))
    return 0


def pull(args):
    """referee pull [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('pull'))
    _print_report(report, "pull")
    return 0


def push(args):
    """referee push [DIR]"""
    from referee.sync import Syncer
    root = args.dir or _default_dir()
    if not os.path.isdir(root):
        from shared_rules.errors import RefereeError
        raise RefereeError("folder %s does not exist: nothing to push" % root)
    report = _run(args, lambda device, progress: Syncer(device, root, progress).run('push'))
    _print_report(report, "push")
    return 0


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
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    if not rows:
        print("no Pocket Referee connected (no USB serial port with vendor id 2E8A)")
        return 0
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
    except OSError as exc:
        raise RefereeError("cannot read %s: %s" % (args.file, exc.strerror))
    sys.stdout.write(render(data, args.file, args.format))
    return 0
