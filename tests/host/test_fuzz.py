"""Fuzzing the readers of outside input: saves (decode_save), journals
(read_journal) and table packs (load_pack, validate_pack, Pack lookups). Fed random
and mutated input they may only raise the project's own errors
(shared_rules.errors.RefereeError and its subclasses): never another exception, and
never a hang (a hang is stopped by the per-test timeout, pyproject.toml: no
per-example deadline, which a busy machine could overrun)."""

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared_rules.errors import PackError, RefereeError, SaveError
from shared_rules.journal import Journal, _crc, encode_entry, read_journal
from shared_rules.save import encode_save, decode_save, sha256_hex
from shared_rules.pack_check import validate_pack
from shared_rules.tables import Pack, load_pack

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_PACK = os.path.join(HERE, "..", "..", "firmware", "packs", "cybernaut-sample.json")
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)


def only_ours(fn, *args):
    """Call fn; any exception must be a RefereeError. :returns: the result or None."""
    try:
        return fn(*args)
    except RefereeError:
        return None


@st.composite
def mutated(draw, original):
    """``original`` (bytes) with a few random byte flips, cuts, insertions, deletions."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(("flip", "cut", "insert", "delete")))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if action == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
        elif action == "cut":
            del data[at:]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif data:
            del data[at:at + draw(st.integers(1, 16))]
    return bytes(data)


# ---- saves ------------------------------------------------------------------
GOOD_SAVE = encode_save({"app": "0.1.0", "screens": [{"id": "main", "state": {"sel": 2}}],
                         "dice": {"counter": 7}, "history": [["d6", 4]], "next_seq": 3}).encode()


@FUZZ
@given(st.binary(max_size=400))
def test_decode_save_random_bytes(data):
    only_ours(decode_save, data, "fuzz.sav")


@FUZZ
@given(mutated(GOOD_SAVE))
def test_decode_save_mutated(data):
    body = only_ours(decode_save, data, "fuzz.sav")
    assert body is None or isinstance(body, dict)


@FUZZ
@given(json_values, st.integers(-3, 3))
def test_decode_save_any_body_with_a_good_checksum(body, version):
    text = json.dumps(body).encode()
    header = {"format": "pocket-referee-save", "version": version,
              "sha256": sha256_hex(text), "bytes": len(text)}
    result = only_ours(decode_save, json.dumps(header).encode() + b"\n" + text + b"\n", "fuzz.sav")
    assert result is None or isinstance(result, dict)


@FUZZ
@given(json_values)
def test_decode_save_any_header(header):
    only_ours(decode_save, json.dumps(header).encode() + b"\n{}\n", "fuzz.sav")


def test_decode_save_deep_nesting():
    for data in (b"[" * 100000 + b"\n{}", GOOD_SAVE.split(b"\n")[0] + b"\n" + b"[" * 100000):
        assert isinstance(only_ours(decode_save, data, "deep.sav"), type(None))
    text = b"[" * 100000
    header = {"format": "pocket-referee-save", "version": 1, "sha256": sha256_hex(text),
              "bytes": len(text)}
    err = None
    try:
        decode_save(json.dumps(header).encode() + b"\n" + text + b"\n", "deep.sav")
    except SaveError as exc:
        err = exc
    assert err is not None and "deep.sav" in str(err)


# ---- journals ---------------------------------------------------------------
def _good_journal():
    journal = Journal("dice")
    lines = []
    for index in range(4):
        entry = journal.record("roll", {"die": "d6"}, {"total": index + 1}, "RULINGS Dice")
        entry["dice"] = {"from": index, "to": index + 1, "draws": [[6, index]]}
        lines.append(encode_entry(entry))
    return "".join(lines).encode()


GOOD_JOURNAL = _good_journal()


@FUZZ
@given(st.binary(max_size=400))
def test_read_journal_random_bytes(data):
    only_ours(read_journal, data, "fuzz.jrn")


@FUZZ
@given(st.text(max_size=300))
def test_read_journal_random_text(text):
    only_ours(read_journal, text, "fuzz.jrn")


@FUZZ
@given(mutated(GOOD_JOURNAL))
def test_read_journal_mutated(data):
    result = only_ours(read_journal, data, "fuzz.jrn")
    if result is not None:
        entries, torn = result
        for entry in entries:
            assert isinstance(entry, dict) and isinstance(entry["seq"], int)


@FEW
@given(st.lists(json_values, max_size=5))
def test_read_journal_lines_with_good_crcs(values):
    # any JSON at all behind a correct checksum: only entries with an int seq pass
    text = ""
    for value in values:
        body = json.dumps(value)
        text += _crc(body) + " " + body + "\n"
    only_ours(read_journal, text, "fuzz.jrn")


def test_read_journal_deep_nesting():
    body = "[" * 100000
    line = _crc(body) + " " + body + "\n"
    err = None
    try:
        read_journal(line + line, "deep.jrn")
    except SaveError as exc:
        err = exc
    assert err is not None and "deep.jrn" in str(err)


def test_verify_entries_on_fuzzed_journals_only_reports():
    from shared_rules.verify import verify_entries

    @FEW
    @given(st.lists(st.fixed_dictionaries({"seq": st.integers(0, 9), "game": st.sampled_from(
        ("session", "dice", "neohunt", "cybernaut", "cybercore")), "kind": st.sampled_from(
        ("session_start", "seed_reveal", "salt", "roll", "shot", "interaction", "encounter",
         "armour")), "in": json_values, "out": json_values, "dice": json_values}), max_size=6))
    def run(entries):
        problems, rolls = verify_entries(entries)
        assert isinstance(problems, list)

    run()


# ---- packs ------------------------------------------------------------------
with open(SAMPLE_PACK, "rb") as _handle:
    GOOD_PACK = _handle.read()


def _exercise(pack):
    for name in pack.tables:
        table = pack.tables[name]
        for roll in (-5, 0, 1, 50, 99, 200):
            if table.kind == "cross":
                for column in table.columns:
                    if isinstance(column, str):
                        only_ours(table.lookup, roll, column)
            else:
                table.lookup(roll)


@FUZZ
@given(st.binary(max_size=400))
def test_load_pack_random_bytes(data):
    only_ours(load_pack, data, "fuzz.json")


@FUZZ
@given(mutated(GOOD_PACK))
def test_load_pack_mutated_bytes(data):
    pack = only_ours(load_pack, data, "fuzz.json")
    if pack is not None:
        _exercise(pack)


@FUZZ
@given(json_values)
def test_validate_pack_any_json(obj):
    problems = validate_pack(obj, "fuzz.json")
    assert isinstance(problems, list)
    pack = only_ours(Pack, obj, "fuzz.json")
    if pack is not None:
        _exercise(pack)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for key in obj:
            for path in _paths(obj[key], prefix + (key,)):
                yield path
    elif isinstance(obj, list):
        for index in range(len(obj)):
            for path in _paths(obj[index], prefix + (index,)):
                yield path


GOOD_PACK_OBJ = json.loads(GOOD_PACK)
PACK_PATHS = [path for path in _paths(GOOD_PACK_OBJ) if path]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(PACK_PATHS), json_values), min_size=1, max_size=3))
def test_pack_with_values_replaced(changes):
    obj = json.loads(GOOD_PACK)
    for path, value in changes:
        target = obj
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    assert isinstance(validate_pack(obj, "fuzz.json"), list)
    pack = only_ours(load_pack, json.dumps(obj), "fuzz.json")
    if pack is not None:
        _exercise(pack)


def test_load_pack_deep_nesting():
    err = None
    try:
        load_pack(b"[" * 100000, "deep.json")
    except PackError as exc:
        err = exc
    assert err is not None and "deep.json" in str(err)
