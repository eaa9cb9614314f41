"""firmware.memory.reserve_names: the next big pool of interned names is taken at a
boot, while the heap is whole, not in play (a Cybernaut game ran out of memory at
its 405th press in every heap from 208K to 320K on the 32-bit port: the 7th pool,
one block of about 9 KB, in a heap in pieces; issue 17). Both runtimes: the fakes
below stand for MicroPython's heap; the last test uses the real one where there is
one (on CPython, which has no gc.mem_free, nothing is done)."""

import gc

from firmware.memory import NAMES_BATCH, NAMES_LIMIT, NAMES_POOL_DROP, reserve_names


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


def _batch(*drops):
    """One batch of NAMES_BATCH names: ``drops`` first, then nothing."""
    return list(drops) + [0] * (NAMES_BATCH - len(drops))


def test_it_stops_at_the_end_of_the_batch_that_took_the_big_pool():
    # a chunk of name text now and then (128 bytes), the 6th pool (640 names at 7
    # bytes: 4.5 KB, not the one), then the 7th (9 KB) in the third batch
    mem_free, intern, names = _fake(_batch(16, 128) + _batch(4500, 16) + _batch(16, 9000, 16) + _batch(16))
    assert reserve_names(mem_free, intern) == 3 * NAMES_BATCH
    assert names == ["~%d" % n for n in range(1, 3 * NAMES_BATCH + 1)]


def test_the_drop_that_counts_is_at_least_names_pool_drop_over_a_batch():
    # spread over a batch (a pool, garbage and a chunk of text)
    mem_free, intern, names = _fake(_batch(NAMES_POOL_DROP - 1) + _batch(NAMES_POOL_DROP - 100, 60, 40))
    assert reserve_names(mem_free, intern) == 2 * NAMES_BATCH
    mem_free, intern, names = _fake(_batch(NAMES_POOL_DROP - 1) * 3)
    assert reserve_names(mem_free, intern, 3 * NAMES_BATCH) == 0
    assert len(names) == 3 * NAMES_BATCH


def test_a_collection_on_the_way_is_not_a_pool():
    # the free heap rising (a collection) is no block; a drop is measured from the
    # batch before it, not from the start
    mem_free, intern, names = _fake(_batch(-20000) + _batch(100) + _batch(7000))
    assert reserve_names(mem_free, intern) == 3 * NAMES_BATCH


def test_a_limit_not_a_multiple_of_the_batch_is_kept():
    mem_free, intern, names = _fake([])
    assert reserve_names(mem_free, intern, NAMES_BATCH + 3) == 0
    assert len(names) == NAMES_BATCH + 3


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
        if len(names) == NAMES_BATCH + 3:
            raise MemoryError("memory allocation failed, allocating 1280 bytes")

    assert reserve_names(mem_free, starved) == 0
    assert len(names) == NAMES_BATCH + 3


def test_a_heap_with_less_than_names_room_free_is_left_alone():
    mem_free, intern, names = _fake(_batch(9000))
    assert reserve_names(mem_free, intern, NAMES_LIMIT, 100001) == 0  # 100000 free
    assert names == []
    assert reserve_names(mem_free, intern, NAMES_LIMIT, 100000) == NAMES_BATCH


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
