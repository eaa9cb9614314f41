"""Run the two-runtime tests (tests/both/test_*.py) under MicroPython.

    micropython -X heapsize=240K tests/mp_run.py [NAME_FILTER | test_file.py]

Set POCKET_REFEREE_MPY to a folder of .mpy files (a `referee.build` output) to
test the code compiled as the device runs it (tests/run_all.py does); without
it the code is compiled from source in the same heap, which needs more room.

Imports each test module, calls every ``test_*`` function, prints a line per
failure with its error, then 'N passed, N failed'. Exit status 1 on any failure.
With ``test_file.py`` only that module runs (tests/run_all.py starts one process
per module, so each starts from a fresh Pico-sized heap as the device's app does);
with a filter, the tests whose "module.function" contains it. Modules a test
module imported are dropped after it, to give the next one its heap back.
"""

import gc
import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
sys.path.insert(0, HERE + "/both")
sys.path.insert(0, ROOT)
# POCKET_REFEREE_MPY: a folder of the code compiled with mpy-cross (tests/run_all.py
# builds it), imported ahead of the sources, as the device runs it
_MPY = os.getenv("POCKET_REFEREE_MPY")
if _MPY:
    sys.path.insert(0, _MPY)


def _forget(before):
    """Drop every module imported since ``before`` (a list of names), then collect."""
    for name in list(sys.modules):
        if name not in before:
            del sys.modules[name]
    gc.collect()


def main():
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    passed = 0
    failed = 0
    names = sorted(os.listdir(HERE + "/both"))
    if only.endswith(".py"):
        names = [only]
        only = ""
    for file_name in names:
        if not (file_name.startswith("test_") and file_name.endswith(".py")):
            continue
        module_name = file_name[:-3]
        before = list(sys.modules)
        try:
            module = __import__(module_name)
        except Exception as exc:
            failed += 1
            print("FAIL %s (import): %s: %s" % (module_name, type(exc).__name__, exc))
            _forget(before)
            continue
        tests = [name for name in dir(module) if name.startswith("test_") and only in module_name + "." + name]
        tests.sort()
        for name in tests:
            gc.collect()
            try:
                getattr(module, name)()
                passed += 1
            except Exception as exc:
                failed += 1
                print("FAIL %s.%s: %s: %s" % (module_name, name, type(exc).__name__, exc))
        module = None
        _forget(before)
    print("micropython (heap %d bytes free at end)" % gc.mem_free())
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
