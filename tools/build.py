"""Compile the device's code to .mpy for a board (``make build``).

    python tools/build.py [--board pico] [--out build/device]

Prints the files written, their total size with the packs, and the .mpy version.
Exit status: 0 built, 6 the build failed (the message names the file).
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "host"))
sys.path.insert(0, os.path.join(HERE, ".."))

from referee.build import DEFAULT_OUT, BuildError, build, mpy_cross_version, sizes  # noqa: E402

EXIT_BUILD = 6


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="pico", help="device board (default pico)")
    parser.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/device)")
    args = parser.parse_args(argv)
    try:
        result = build(args.board, args.out)
    except BuildError as exc:
        print("build: %s" % exc, file=sys.stderr)
        return EXIT_BUILD
    mpy, packs, other = sizes(args.out)
    print("built %d files for board '%s' in %s" % (len(result["files"]), args.board, result["out"]))
    print("  .mpy v%d.%d (%s)" % (result["mpy"] + (mpy_cross_version(),)))
    print("  .mpy files %d bytes, packs %d bytes, main.py %d bytes; total %d bytes"
          % (mpy, packs, other, mpy + packs + other))
    return 0


if __name__ == "__main__":
    sys.exit(main())
