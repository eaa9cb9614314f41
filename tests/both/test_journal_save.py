"""Journal lines and the save format: round trips and every way they break."""

from check import raises

from shared_rules.errors import SaveChecksumError, SaveError, SaveVersionError
from shared_rules.journal import Journal, decode_line, encode_entry, read_journal
from shared_rules.save import SAVE_VERSION, decode_save, encode_save


def entries(n):
    journal = Journal("dice")
    return [journal.record("roll", {"die": "d6"}, {"total": i % 6 + 1}, "RULINGS Dice") for i in range(n)]


def test_journal_entry_fields_and_numbering():
    journal = Journal("neohunt", next_seq=5, keep=2)
    first = journal.record("shot", {"target": "visible"}, {"d6": 4, "hit": True}, "Neo-Hunt Combat")
    assert first == {"seq": 5, "game": "neohunt", "kind": "shot", "rule": "Neo-Hunt Combat",
                     "in": {"target": "visible"}, "out": {"d6": 4, "hit": True}}
    journal.record("shot", {}, {}, "")
    third = journal.record("roll", {}, {}, "", game="dice")
    assert third["seq"] == 7 and third["game"] == "dice"
    assert [e["seq"] for e in journal.recent] == [6, 7]


def test_journal_round_trip():
    text = "".join(encode_entry(e) for e in entries(5))
    back, torn = read_journal(text, "s0001.jrn")
    assert torn is False
    assert [e["seq"] for e in back] == [1, 2, 3, 4, 5]
    assert back[2]["out"] == {"total": 3}


def test_journal_torn_last_line_is_dropped():
    text = "".join(encode_entry(e) for e in entries(3))
    for cut in range(1, len(encode_entry(entries(3)[2]))):
        back, torn = read_journal(text[:-cut], "s.jrn")
        assert torn is True
        assert [e["seq"] for e in back] == [1, 2]


def test_journal_damage_before_the_end_raises_naming_the_line():
    lines = [encode_entry(e) for e in entries(3)]
    lines[1] = lines[1].replace('"total": 2', '"total": 5')
    exc = raises(SaveError, read_journal, "".join(lines), "s0002.jrn")
    assert str(exc) == "journal 's0002.jrn' line 2: checksum does not match (damaged)"
    lines = [encode_entry(e) for e in entries(3)]
    del lines[1]
    exc = raises(SaveError, read_journal, "".join(lines), "s.jrn")
    assert "line 2: sequence 3 follows 1" in str(exc)
    raises(SaveError, decode_line, "garbage", 4, "x.jrn")


def test_save_round_trip():
    body = {"screens": [{"id": "main", "state": {"sel": 2}}], "n": 3}
    assert decode_save(encode_save(body), "state.sav") == body
    assert decode_save(encode_save(body).encode(), "state.sav") == body


def test_save_newer_version_is_refused_with_both_versions():
    text = encode_save({"a": 1}).replace('"version": %d' % SAVE_VERSION, '"version": %d' % (SAVE_VERSION + 1))
    exc = raises(SaveVersionError, decode_save, text, "saves/state.sav")
    assert str(exc) == ("save 'saves/state.sav' has version %d but this referee reads up to version %d: "
                        "update the firmware" % (SAVE_VERSION + 1, SAVE_VERSION))


def test_save_bad_checksum_and_truncation():
    text = encode_save({"score": 10})
    exc = raises(SaveChecksumError, decode_save, text.replace("10", "11"), "state.sav")
    assert "save 'state.sav': checksum does not match" in str(exc)
    for cut in (1, 5, len(text) // 2):
        raises(SaveError, decode_save, text[:-cut - 1], "state.sav")
    exc = raises(SaveError, decode_save, "", "empty.sav")
    assert "empty or truncated" in str(exc)
    exc = raises(SaveError, decode_save, '{"format": "other"}\n{}', "x.sav")
    assert "not a Pocket Referee save" in str(exc)
    exc = raises(SaveError, decode_save, b"\xff\xfe\n", "bin.sav")
    assert "bin.sav" in str(exc)


def test_sealed_values_do_not_tell_the_secret_length():
    from shared_rules.seal import seal, unseal
    key = b"k" * 32
    five = seal(key, b"salt", "5")
    twelve = seal(key, b"salt", "12")
    long = seal(key, b"salt", "sector 4, then Hide")
    assert len(five) == len(twelve) == 1 + 4 * ((4 + 16 + 2) // 3)  # ">", base64
    assert len(long) == 1 + 4 * ((4 + 32 + 2) // 3)
    assert unseal(key, five) == "5" and unseal(key, twelve) == "12"
    assert unseal(key, long) == "sector 4, then Hide"
    assert unseal(key, seal(key, b"salt", "")) == ""
    assert unseal(key, seal(key, b"salt", "x" * 16)) == "x" * 16


def test_a_sealed_value_is_base64_of_salt_and_text_xor_the_keystream():
    # the format of shared_rules.seal, written out here: ">" and the base64 of the
    # 4-byte salt, then the UTF-8 text padded with NULs to 16 bytes, XORed with
    # SHA-256(key + salt + block number) blocks of 32 bytes; past one block,
    # non-ASCII text. A value sealed before 2026-12-04 is the hex of those bytes:
    # still opened
    import binascii
    import hashlib
    from shared_rules.seal import seal, unseal
    key = b"device-key-0123456789"
    text = "M12 x1 \u00e9 " * 11  # 110 bytes: 4 keystream blocks once padded to 112
    data = text.encode()
    data = data + bytes(112 - len(data))
    stream = b""
    for block in range(4):
        stream += hashlib.sha256(key + b"SALT" + block.to_bytes(4, "big")).digest()
    expected = b"SALT" + bytes(data[i] ^ stream[i] for i in range(112))
    sealed = seal(key, b"SALT", text)
    assert sealed == ">" + binascii.b2a_base64(expected).decode().strip()
    assert len(sealed) == 1 + 4 * ((len(expected) + 2) // 3)  # 2/3 of the hex's length
    assert unseal(key, sealed) == text
    assert unseal(key, binascii.hexlify(expected).decode()) == text  # sealed before
    exc = raises(ValueError, unseal, b"another-key-000000000", sealed)  # not UTF-8 then
    assert exc is not None
    assert raises(ValueError, unseal, key, "00ff") is not None  # shorter than a salt
    assert raises(ValueError, unseal, key, ">AP8=") is not None  # so in base64
    assert raises(ValueError, unseal, key, ">not base64!") is not None
    # damaged: a character put in, or added at its end (the decoder skips them)
    assert raises(ValueError, unseal, key, sealed[:5] + "*" + sealed[5:]) is not None
    assert raises(ValueError, unseal, key, sealed + "ZZ") is not None
    assert raises(ValueError, unseal, key, sealed[:-4]) is not None


def test_state_digest_ignores_key_order_and_sees_every_change():
    from shared_rules.save import state_digest
    one = {"a": 1, "b": [1, 2, {"x": "y", "z": None}], "c": "h\u00e9"}
    two = {"c": "h\u00e9", "b": [1, 2, {"z": None, "x": "y"}], "a": 1}
    assert state_digest(one) == state_digest(two)
    assert len(state_digest(one)) == 32
    # tuples are saved as lists: the same state
    assert state_digest({"t": (1, 2)}) == state_digest({"t": [1, 2]})
    # every kind of change shows
    for changed in ({"a": 2, "b": [1, 2, {"x": "y", "z": None}], "c": "h\u00e9"},
                    {"a": 1, "b": [2, 1, {"x": "y", "z": None}], "c": "h\u00e9"},
                    {"a": 1, "b": [1, 2, {"x": "y", "z": 0}], "c": "h\u00e9"},
                    {"a": 1, "b": [1, 2, {"x": "y"}], "c": "h\u00e9"},
                    {"a": 1, "b": [1, 2, {"x": "y", "z": None}], "c": "he"},
                    {"a": 1, "b": [[1, 2], {"x": "y", "z": None}], "c": "h\u00e9"},
                    {"a": "1", "b": [1, 2, {"x": "y", "z": None}], "c": "h\u00e9"}):
        assert state_digest(changed) != state_digest(one), changed


def test_save_parts_join_to_the_encoded_save_and_read_back():
    from shared_rules.save import save_parts
    body = {"screens": [{"id": "main", "state": {"name": "Zo\u00eb"}}], "n": 7}
    header, text = save_parts(body)
    joined = header + "\n" + text + "\n"
    assert joined == encode_save(body)
    assert decode_save(joined.encode(), "state.sav") == body


def test_entry_parts_make_the_same_line_as_encode_entry_and_append_writes_them_unjoined():
    from shared_rules.journal import entry_parts
    from firmware.storage import Storage
    from check import tempdir
    entry = {"seq": 3, "game": "neohunt", "kind": "setup", "rule": "Neo-Hunt set-up",
             "in": {"players": ["P1", "P2"], "note": "caf\u00e9"}, "out": {"board": [[1, 0, 2]]}}
    crc, text = entry_parts(entry)
    assert crc + " " + text + "\n" == encode_entry(entry)
    assert len(crc) == 8
    store = Storage(tempdir("jparts"))
    store.append("journals/s0001.jrn", (crc, " ", text, "\n"))
    store.append("journals/s0001.jrn", encode_entry(dict(entry, seq=4)))
    data = store.read("journals/s0001.jrn").decode()
    assert data == encode_entry(entry) + encode_entry(dict(entry, seq=4))
    lines = data.split("\n")
    assert [decode_line(lines[i], i + 1, "s0001.jrn")["seq"] for i in (0, 1)] == [3, 4]


def test_state_digest_of_a_long_text_is_that_of_its_json():
    # a text longer than a digest piece (256 characters: a sealed secret) is fed in
    # pieces; the digest equals the one of its whole JSON text, escapes included,
    # wherever they fall
    import hashlib
    import json
    from shared_rules.save import state_digest
    for text in ("a" * 255 + '"' + "b\\" * 200 + "\n\u00e9" * 100, "x" * 256, "y" * 257,
                 "z" * 1000 + "\t"):
        whole = hashlib.sha256()
        for part in ("{", json.dumps("k"), ":", json.dumps(text), ",", "}"):
            whole.update(part.encode())
        assert state_digest({"k": text}) == whole.digest(), len(text)
    assert state_digest({"k": "y" * 257}) != state_digest({"k": "y" * 256 + "z"})


def _counted_storage(name):
    """A Storage in a fresh folder whose file appends (opens in "ab" mode) are
    counted: a list of the files' names under the folder."""
    from firmware.storage import Storage
    from check import tempdir
    root = tempdir(name)
    calls = []

    def counted(path, mode="r"):
        handle = open(path, mode)  # an open that fails (its folder not made yet) is no append
        if mode == "ab":
            calls.append(path[len(root) + 1:])
        return handle
    return Storage(root, None, counted), calls


def test_held_lines_go_to_the_journal_in_one_append_at_flush():
    # issue 21: a press's journal lines wait in RAM (Storage.hold) and go in one append
    store, calls = _counted_storage("hold1")
    lines = [encode_entry(e) for e in entries(3)]
    store.hold()
    store.hold()  # no-op while holding
    for line in lines:
        store.append("journals/s0001.jrn", line)
    assert calls == [] and store.size("journals/s0001.jrn") == -1  # nothing written yet
    store.flush()
    assert calls == ["journals/s0001.jrn"]
    assert store.read("journals/s0001.jrn").decode() == "".join(lines)
    store.flush()  # nothing held: nothing written
    assert len(calls) == 1
    store.append("journals/s0001.jrn", lines[0])  # no longer holding: written at once
    assert len(calls) == 2
    assert store.read("journals/s0001.jrn").decode() == "".join(lines) + lines[0]


def test_held_lines_past_hold_bytes_wait_while_the_stack_is_deep():
    # a littlefs write begun deep in the C stack ran past a Pico's 8 KB stack into the
    # heap (a Solo placement's commitment lines): deeper than storage._WRITE_STACK
    # (4,096 B, a const) the lines go on waiting for a shallower append or the flush
    from firmware import storage as storage_module
    store, calls = _counted_storage("hold3")
    line = "x" * 299 + "\n"
    real = storage_module.stack_use
    try:
        storage_module.stack_use = lambda: 4096  # at the limit: deep
        store.hold()
        for _ in range(10):  # 3,000 characters, past 2,048: still held
            store.append("j.jrn", line)
        assert calls == [] and store.size("j.jrn") == -1
        storage_module.stack_use = lambda: 4095  # shallow again: the next append writes all
        store.append("j.jrn", line)
        assert calls == ["j.jrn"] and store.size("j.jrn") == 11 * 300
        storage_module.stack_use = lambda: 6000
        for _ in range(12):
            store.append("j.jrn", line)
        assert len(calls) == 1
        store.flush()  # the press's end (App.handle): written whatever the depth
        assert len(calls) == 2 and store.read("j.jrn").decode() == line * 23
    finally:
        storage_module.stack_use = real


def test_held_lines_past_hold_bytes_are_written_whole_before_the_flush():
    # lines held past 2,048 characters (storage._HOLD_BYTES, a const) are written
    store, calls = _counted_storage("hold2")
    line = "x" * 299 + "\n"  # 300 characters: the 7th reaches 2,100 >= 2,048
    store.hold()
    for i in range(20):
        store.append("j.jrn", (line[:100], line[100:]))  # parts, as App.record gives
        if i == 5:
            assert calls == []
        if i == 6:
            assert calls == ["j.jrn"] and store.size("j.jrn") == 7 * 300
    assert len(calls) == 2 and store.size("j.jrn") == 14 * 300
    store.flush(True)  # the last 6 lines; still holding after it
    assert len(calls) == 3 and store.size("j.jrn") == 20 * 300
    store.append("j.jrn", line)
    assert len(calls) == 3  # held
    store.flush()
    assert len(calls) == 4 and store.read("j.jrn") == (line * 21).encode()


def test_held_lines_keep_their_order_across_files():
    store, calls = _counted_storage("hold3")
    store.hold()
    store.append("a.jrn", "a1\n")
    store.append("a.jrn", "a2\n")
    store.append("b.jrn", "b1\n")  # another file: a's lines are written first
    assert calls == ["a.jrn"] and store.read("a.jrn") == b"a1\na2\n"
    store.append("b.jrn", "b2\n")
    store.flush()
    assert calls == ["a.jrn", "b.jrn"] and store.read("b.jrn") == b"b1\nb2\n"


def test_a_failed_flush_lets_its_lines_go():
    # what was held is let go before the write: the next flush never writes it twice
    from firmware.storage import Storage
    from check import tempdir
    full = [True]

    def no_room(path, mode="r"):
        if mode == "ab" and full[0]:
            raise OSError(28, "no space left")
        return open(path, mode)
    store = Storage(tempdir("hold4"), None, no_room)
    store.hold()
    store.append("j.jrn", "one\n")
    assert raises(OSError, store.flush)
    assert store.later is None  # not holding after a failed flush either
    full[0] = False
    store.hold()
    store.append("j.jrn", "two\n")
    store.flush()
    assert store.read("j.jrn") == b"two\n"


def test_a_write_makes_its_folder_only_when_it_is_missing():
    # issue 21: no mkdir before every write (~2 ms each on a Pico): the open is tried
    # first; a missing folder (the first write there) is made, then the write goes on
    from firmware.storage import Storage
    from check import tempdir
    made = []

    class Fs:
        def __getattr__(self, name):
            import os
            return getattr(os, name)

        def mkdir(self, path):
            import os
            if path.startswith(root + "/"):     # every try in the data folder counts
                made.append(path)
            os.mkdir(path)
    root = tempdir("lazyfolder")
    store = Storage(root, Fs())
    del made[:]
    store.write_atomic("saves/a.sav", "one")
    store.append("journals/s1.jrn", "line\n")
    store.copy("saves/a.sav", "undo/0.snp")
    store.write_json_atomic("packs.kept/p.json", lambda digest, size: "head", {"k": 1})
    assert [path[len(root) + 1:] for path in made] == ["saves", "journals", "undo", "packs.kept"]
    del made[:]
    store.write_atomic("saves/a.sav", "two")       # the folders are there: no mkdir
    store.append("journals/s1.jrn", "line\n")
    store.copy("saves/a.sav", "undo/1.snp")
    store.write_json_atomic("packs.kept/p.json", lambda digest, size: "head", {"k": 2})
    assert made == []
    assert store.read("saves/a.sav") == b"two" and store.read("undo/1.snp") == b"two"
    assert store.read("journals/s1.jrn") == b"line\nline\n"
    assert store.read("packs.kept/p.json") == b'head\n{"k": 2}\n'


def test_a_save_in_pieces_joins_to_the_whole_text_with_its_header():
    # shared_rules.pieces (issue 21: a heap with no block for a save's text whole):
    # the pieces joined are json.dumps's very text, each screen a piece of its own
    import json
    from shared_rules.pieces import save_pieces
    for body in ({"screens": [{"id": "main", "state": {"name": "Zo\u00eb"}}], "n": 7},
                 {"app": "0.1.0", "screens": [{"id": "a", "state": {}}, {"id": "b", "state": [1, "\""]}],
                  "dice": {"k": [1, 2.5, None, True]}, "t\u00e9xt": "h\u00e9 \\ \n"},
                 {"screens": [], "x": {}},
                 {"screens": "not a list", "y": 1},
                 {}):
        header, pieces = save_pieces(body)
        joined = "".join(pieces)
        assert joined == json.dumps(body)
        assert header + "\n" + joined + "\n" == encode_save(body)
        assert decode_save((header + "\n" + joined + "\n").encode(), "state.sav") == body
    header, pieces = save_pieces({"screens": [{"id": "a", "state": {"s": "x" * 300}},
                                              {"id": "b", "state": {"s": "y" * 300}}]})
    assert max([len(piece) for piece in pieces]) < 2 * 300
