"""Power-loss safety of the rows files and slim pack copies (firmware/packfile.py
ROWS, issue 21): cut the storage at every write step and every byte offset of a
first load of an owner's pack with a big range table, then load the pack again on
what was left. Each load must read every row as the pack has it, and leave rows
files and a slim copy that a further load reads without writing anything.

Storage states that differ only in the bytes of a half-written ``.tmp`` file
(nothing reads one: asserted) are loaded once.
"""

import json

import pytest

from firmware.storage import Storage
from shared_rules.tables import FileRows, load_pack

from faultfs import MemFS, distinct_states
from test_power_loss import Rig

ROOT = "/data"
ROWS = 20  # just over ROWS_IN_RAM: a small file, so that every byte is cut


def _owner_pack():
    with open(Rig().board.pack_dirs[0] + "/cybernaut-sample.json") as handle:
        pack = json.load(handle)
    pack["tables"]["encounter"]["rows"] = [
        {"lo": n, "hi": n, "result": "Encounter %02d: \u00e9 %d" % (n, n)} for n in range(ROWS)]
    return json.dumps(pack)


def _check(rig, fs, parsed, where):
    app = rig.app(fs)
    pack = app.pack("cybernaut-sample")
    assert not [p for p in fs.reads if p.endswith(".tmp")], where + ": read a .tmp file"
    for roll in range(-1, ROWS + 1):
        assert pack.lookup("encounter", roll).as_dict() == \
            parsed.lookup("encounter", roll).as_dict(), (where, roll)
    assert isinstance(pack.table("encounter").rows, FileRows), where
    steps = len(fs.log)
    app.packs = {}
    again = app.pack("cybernaut-sample")                  # whole now: nothing written
    assert len(fs.log) == steps, (where, fs.log[steps:steps + 3])
    assert isinstance(again.table("encounter").rows, FileRows), where
    assert again.lookup("encounter", ROWS - 1).text == "Encounter %02d: \u00e9 %d" % (
        ROWS - 1, ROWS - 1), where


@pytest.mark.parametrize("rename_replaces", [True, False])
def test_a_cut_anywhere_in_writing_the_rows_file_and_slim_copy_loses_no_row(rename_replaces):
    # rename_replaces False: a file system that will not rename over a file (FAT)
    rig = Rig()
    text = _owner_pack()
    parsed = load_pack(text, "packs/cybernaut.json")
    start = MemFS(rename_replaces)
    Storage(ROOT, start, start.open).write_atomic("packs/cybernaut.json", text)
    fs = start.copy()
    app = rig.app(fs)
    first = len(fs.log)
    app.pack("cybernaut-sample")
    log = fs.log[first:]
    app.packs = {}
    app.pack("cybernaut-sample")       # loaded again, uncut: nothing written
    assert len(fs.log) == first + len(log)
    files = set(step[1] for step in log if step[0] in ("create", "rename"))
    assert ROOT + "/packs.rows/cybernaut-sample.encounter.tmp" in files, files
    assert ROOT + "/packs.rows/cybernaut-sample.json.tmp" in files, files
    loads = 0
    for k, trial in distinct_states(start.copy(), log):
        _check(rig, trial, parsed, "cut after step %d of %d" % (k, len(log)))
        loads += 1
    assert len(log) > 1000 and loads > 10, (len(log), loads)
