"""firmware.memory sets MicroPython's collection threshold to 64 KB (issue 21, room to
spare): a press that allocates much more than it keeps no longer lays what it keeps
as islands through the whole free heap (the NSA's set-up in a Cybernaut game: 133 KB
free in blocks of at most 6 KB on the 32-bit port, then "Out of memory"). Both
runtimes: on CPython, whose gc has no threshold, importing the module is all."""

import gc

import firmware.memory  # noqa: F401  (sets the threshold when imported)


def test_the_heap_is_collected_every_64_kb_allocated():
    threshold = getattr(gc, "threshold", None)
    if threshold is None:  # CPython
        return
    assert threshold() == 65536


def test_a_press_allocating_past_the_threshold_is_collected_on_the_way():
    # the garbage of a long press (1 KB pieces, each dropped as the next is made) is
    # collected once the threshold is passed, not left to fill the heap first
    threshold = getattr(gc, "threshold", None)
    if threshold is None:  # CPython: no heap of its own to measure
        return
    setting = threshold()  # as firmware.memory set it
    piece = 1024
    gc.collect()  # (a collection starts the count again)
    start = gc.mem_free()
    held = None
    for _ in range(setting * 3 // 4 // piece):
        held = bytearray(piece)
    # three quarters of it allocated: nothing collected yet, the garbage still there
    assert gc.mem_free() < start - setting // 2, (start, gc.mem_free(), setting)
    for _ in range(setting // 4 // piece + 8):
        held = bytearray(piece)
    # past it (by 8 pieces): a collection ran, the garbage is gone
    assert gc.mem_free() > start - setting // 4, (start, gc.mem_free(), setting)
    assert len(held) == piece
