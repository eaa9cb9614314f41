"""Run the two-runtime tests (tests/both/test_*.py) under MicroPython.

    micropython -X heapsize=192K tests/mp_run.py [NAME_FILTER]

Imports each test module, calls every ``test_*`` function, prints a line per
failure with its error, then 'N passed, N failed'. Exit status 1 on any failure.
"""

import gc
import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
sys.path.insert(0, HERE + "/both")
sys.path.insert(0, ROOT)


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
    for file_name in names:
        if not (file_name.startswith("test_") and file_name.endswith(".py")):
            continue
        module_name = file_name[:-3]
        # each test file starts with the modules the runner had: what one file
        # imported is dropped afterwards, so the Pico-sized heap does not fill up
        # with every module of every file (as it would not on the device either)
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
        del module
        _forget(before)
    print("micropython (heap %d bytes free at end)" % gc.mem_free())
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
