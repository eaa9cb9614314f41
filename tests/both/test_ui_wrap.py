"""firmware.ui.wrap: words wrap at spaces; a word longer than the 16-cell line (a
file path in a notice) breaks after a '/' where one fits, else at 16 cells."""

from check import tempdir

from boards.sim import boot
from firmware.ui import wrap


def test_words_wrap_at_spaces():
    assert wrap("missing: copy it to the device (referee push)") == [
        "missing: copy it", "to the device", "(referee push)"]
    assert wrap("saves/bad1.sav is kept") == ["saves/bad1.sav", "is kept"]


def test_a_path_too_long_for_a_line_breaks_after_a_slash():
    assert wrap("kept as 'saves/bad1.sav'.") == ["kept as", "'saves/", "bad1.sav'."]
    assert wrap("packs/cybernaut.json") == ["packs/", "cybernaut.json"]
    # after the last '/' that fits
    assert wrap("ab/cdefghijklm/nopq") == ["ab/cdefghijklm/", "nopq"]
    # a '/' in the 16th cell still ends the first line there
    assert wrap("abcdefghijklmno/pq") == ["abcdefghijklmno/", "pq"]
    # a leading '/' alone is no place to break: cut at 16 cells
    assert wrap("/abcdefghijklmnopq") == ["/abcdefghijklmno", "pq"]


def test_a_word_with_no_slash_is_still_cut_at_the_line_width():
    assert wrap("cybernaut-sample.json") == ["cybernaut-sample", ".json"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]


def test_the_missing_pack_notice_draws_the_path_broken_after_its_slash():
    root = tempdir("wrapnotice")
    board, app = boot(root, 1)
    app.pack_dirs = ()
    for key in ("D", "D", "A"):  # Cybernaut: its pack is missing
        board.press(app, key)
    assert app.surface.lines() == ["Pack problem", "pack file", "'packs/", "cybernaut-sample",
                                   ".json' is", "missing: copy it", "to the device",
                                   "(referee push)"]
