"""Build the Pocket Referee firmware: stock MicroPython with the device build frozen in
(``make firmware``; host/referee/firmware.py says what and why).

    python tools/build_firmware.py [--board pico] [--out build/firmware] [--mpy-src DIR] [--jobs 2]

Prints the UF2 written (drag it onto the Pico's RPI-RP2 drive, or `referee deploy
--firmware`), its size and the modules frozen. Exit status: 0 built, 6 the build
failed (the message names what is missing or the log that says why).
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "host"))
sys.path.insert(0, os.path.join(HERE, ".."))

from referee.build import BuildError  # noqa: E402
from referee.firmware import FirmwareError, build_firmware  # noqa: E402

EXIT_BUILD = 6


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="pico", help="board (default pico)")
    parser.add_argument("--out", default=os.path.join("build", "firmware"), help="output folder")
    parser.add_argument("--mpy-src", default=None, help="MicroPython source tree (default $MPY_DIR, "
                        "else $VPICO_LAB/src/micropython)")
    parser.add_argument("--jobs", type=int, default=2, help="make -j (default 2)")
    args = parser.parse_args(argv)
    try:
        result = build_firmware(args.board, args.out, args.mpy_src, args.jobs)
    except (FirmwareError, BuildError) as exc:
        print("firmware: %s" % exc, file=sys.stderr)
        return EXIT_BUILD
    print("built %s (%d bytes; %d modules frozen)" % (result["uf2"], result["bytes"], len(result["frozen"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
