"""The exit statuses of every `referee` command: one table, used by `referee --help`,
each subcommand's help and (copied) the README's; tests/host/test_exit_codes.py
keeps the three in step and drives each failure.

No imports beyond the standard library: building the parser must not load serial.
"""

DONE = 0
USAGE = 2
BAD_INPUT = 3
NOT_MICROPYTHON = 4
MPY_MISMATCH = 5
BUILD_FAILED = 6
COPY_FAILED = 7
REFUSED = 8
DEVICE_ERROR = 9
NO_DEVICE = 10
SEVERAL_DEVICES = 11
PORT_BUSY = 12
PERMISSION_DENIED = 13
NOT_POCKET_REFEREE = 14
VERSION_MISMATCH = 15
DEVICE_FULL = 16
TIMEOUT = 17
CONNECTION_LOST = 18
INTERRUPTED = 130

# (code, what it means); the commands that can give it are in the text
TABLE = (
    (DONE, "done (also when conflicts were kept and reported)"),
    (USAGE, "wrong arguments"),
    (BAD_INPUT, "a bad input file: damaged, invalid, not the kind expected, or missing "
                "(pack check, verify, log, restore)"),
    (NOT_MICROPYTHON, "deploy: the port opened but no MicroPython REPL answered"),
    (MPY_MISMATCH, "deploy: the device's MicroPython cannot load this build's .mpy files"),
    (BUILD_FAILED, "deploy: the build failed"),
    (COPY_FAILED, "deploy: copying a file to the device failed"),
    (REFUSED, "sync/push: some files failed their checks and were not sent (each named; "
              "the rest was synced)"),
    (DEVICE_ERROR, "any other device error (its message is shown)"),
    (NO_DEVICE, "no device"),
    (SEVERAL_DEVICES, "several devices and no --port"),
    (PORT_BUSY, "port busy"),
    (PERMISSION_DENIED, "permission denied"),
    (NOT_POCKET_REFEREE, "not running Pocket Referee"),
    (VERSION_MISMATCH, "host/device version mismatch"),
    (DEVICE_FULL, "device filesystem full"),
    (TIMEOUT, "timeout"),
    (CONNECTION_LOST, "connection lost during a transfer"),
    (INTERRUPTED, "interrupted (Ctrl-C)"),
)


def text():
    """The table as one paragraph for --help: "Exit status: 0 done ...; 2 ...; ..."."""
    return "Exit status: " + "; ".join("%d %s" % row for row in TABLE) + "."


def markdown():
    """The table as Markdown (the README's copy)."""
    lines = ["| Exit status | Meaning |", "|---|---|"]
    for code, what in TABLE:
        lines.append("| %d | %s |" % (code, what))
    return "\n".join(lines) + "\n"
