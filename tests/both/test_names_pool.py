"""firmware.app.reserve_names: the next big pool of interned names is taken at a
boot, while the heap is whole, not in play (a Cybernaut game ran out of memory at
its 405th press in every heap from 208K to 320K on the 32-bit port: the 7th pool,
one block of about 9 KB, in a heap in pieces; issue 17). Both runtimes: the fakes
below stand for MicroPython's heap; the last test uses the real one where there is
one (on CPython, which has no gc.mem_free, nothing is done)."""

import gc

from firmware.app import NAMES_LIMIT, NAMES_POOL_DROP, reserve_names


def _fake(drops):
    """(mem_free, intern, names): a heap whose free bytes fall by ``drops[i]`` when
    the (i+1)th name is interned (0 after the list ends)."""
    state = {"free": 100000}
    names = []

    def mem_free():
        return state["free"]

    def intern(name):
        names.append(name)
        index = len(names) - 1
        state["free"] -= drops[index] if index < len(drops) else 0

    return mem_free, intern, names


def test_it_stops_at_the_name_that_took_the_big_pool():
    # a chunk of name text now and then (128 bytes), the 6th pool (640 names at 7
    # bytes: 4.5 KB, not the one), then the 7th (9 KB)
    mem_free, intern, names = _fake([16, 128, 4500, 16, 9000, 16])
    assert reserve_names(mem_free, intern) == 5
    assert names == ["~1", "~2", "~3", "~4", "~5"]


def test_the_drop_that_counts_is_at_least_names_pool_drop():
    mem_free, intern, names = _fake([NAMES_POOL_DROP - 1, 0, NAMES_POOL_DROP])
    assert reserve_names(mem_free, intern) == 3
    mem_free, intern, names = _fake([NAMES_POOL_DROP - 1])
    assert reserve_names(mem_free, intern, 10) == 0
    assert len(names) == 10


def test_a_collection_on_the_way_is_not_a_pool():
    # the free heap rising (a collection) is no block; a drop is measured from the
    # name before it, not from the start
    mem_free, intern, names = _fake([-20000, 100, 7000])
    assert reserve_names(mem_free, intern) == 3


def test_no_pool_within_the_limit_interns_exactly_the_limit():
    mem_free, intern, names = _fake([])
    assert reserve_names(mem_free, intern) == 0
    assert len(names) == NAMES_LIMIT
    assert names[-1] == "~%d" % NAMES_LIMIT


def test_a_heap_without_room_for_the_pool_is_no_error():
    # a small heap at a boot: the pool's block is not there; the boot goes on
    mem_free, intern, names = _fake([16, 16])

    def starved(name):
        intern(name)
        if len(names) == 3:
            raise MemoryError("memory allocation failed, allocating 1280 bytes")

    assert reserve_names(mem_free, starved) == 0
    assert names == ["~1", "~2", "~3"]


def test_on_this_runtime_the_next_names_take_no_big_block():
    taken = reserve_names()
    mem_free = getattr(gc, "mem_free", None)
    if mem_free is None:  # CPython: nothing to reserve, nothing done
        assert taken == 0
        return
    assert 0 <= taken <= NAMES_LIMIT
    if taken == 0:
        return  # the pool was there already, or more than NAMES_LIMIT names away
    # the pool just taken holds the next 1280 names: 300 more take no big block
    gc.collect()
    before = mem_free()
    for count in range(300):
        getattr(None, "=%d" % count, None)
        now = mem_free()
        assert before - now < NAMES_POOL_DROP, "name %d took %d bytes at once" % (count, before - now)
        before = now
