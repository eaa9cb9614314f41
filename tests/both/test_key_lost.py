"""The device's sealing key (key.bin) lost or swapped while saves hold sealed
values: the boot says so in words a player can act on (which file, what went
wrong, how to get the game back) and keeps every save byte for byte.

Every save holds the session's dice seed sealed with key.bin (App.seed_sealed),
so a Dice roll is enough to make a save that needs the key."""

import os

from check import raises, read_text, tempdir, write_bytes

from boards.sim import boot
from shared_rules.seal import seal, unseal

KEY_PARTS = ("the sealing key (key.bin) is missing or is not the one this save was sealed with",
             "so its hidden values cannot be opened",
             "kept as saves/bad1.sav and saves/bad2.sav",
             "Restore a backup on a PC (referee restore ZIP)",
             "copying key.bin back alone does not bring this save back")


def _played(tag):
    """A data folder after opening Dice and rolling twice: state.sav and
    state.prev both hold the session seed sealed with key.bin.
    :returns: (root, frame lines, state.sav text, state.prev text, key bytes)."""
    root = tempdir(tag)
    board, app = boot(root, 5)
    for key in ("A", "A", "A"):
        board.press(app, key)
    with open(root + "/key.bin", "rb") as handle:
        key = handle.read()
    return (root, app.surface.lines(), read_text(root + "/saves/state.sav"),
            read_text(root + "/saves/state.prev"), key)


def _check_set_aside(root, saved, prev):
    board, app = boot(root, 5)
    assert app.top().s["title"] == "Save problem", app.top().s
    whole = " ".join(app.top().s["lines"])
    for part in KEY_PARTS:
        assert part in whole, (part, whole)
    assert "codec" not in whole and "utf-8" not in whole, whole   # not the decoder's words
    assert "session 1 cannot be resumed" in whole and "Started fresh" in whole, whole
    # nothing lost: both saves kept byte for byte
    assert read_text(root + "/saves/bad1.sav") == saved
    assert read_text(root + "/saves/bad2.sav") == prev
    return board, app


def test_unseal_with_another_key_says_the_key_is_wrong():
    secret = "9f" * 32                                   # a session seed's hex
    sealed = seal(b"K" * 32, b"salt", secret)
    assert unseal(b"K" * 32, sealed) == secret
    exc = raises(ValueError, unseal, b"L" * 32, sealed)
    assert str(exc) == "sealed value does not open with this key (not the key it was sealed with)"


def test_missing_key_bin_sets_the_saves_aside_with_a_clear_message():
    root, lines, saved, prev, key = _played("nokey")
    assert saved and prev and len(key) == 32
    os.remove(root + "/key.bin")
    _check_set_aside(root, saved, prev)


def test_another_devices_key_bin_sets_the_saves_aside_with_a_clear_message():
    root, lines, saved, prev, key = _played("otherkey")
    other = bytes([key[0] ^ 1]) + key[1:]                # one bit off: another key
    write_bytes(root + "/key.bin", other)
    _check_set_aside(root, saved, prev)
    with open(root + "/key.bin", "rb") as handle:
        assert handle.read() == other                    # the key found is not replaced


def test_with_key_bin_put_back_the_kept_save_resumes_the_game():
    root, lines, saved, prev, key = _played("keyback")
    os.remove(root + "/key.bin")
    _check_set_aside(root, saved, prev)
    # what a restore of a backup does: key.bin and the save back in place
    write_bytes(root + "/key.bin", key)
    write_bytes(root + "/saves/state.sav", saved.encode())
    board, app = boot(root, 5)
    assert app.top().ID == "dice", app.top().s
    assert app.surface.lines() == lines
