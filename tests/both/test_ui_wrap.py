"""firmware.ui.wrap: words wrap at spaces; a word longer than the 21-cell line (a
file path in a notice) breaks after a '/' where one fits, else at 21 cells."""

from check import tempdir

from boards.sim import boot
from firmware.ui import wrap


def test_words_wrap_at_spaces():
    assert wrap("missing: copy it to the device (referee push)") == [
        "missing: copy it to", "the device (referee", "push)"]
    assert wrap("saves/bad1.sav is kept") == ["saves/bad1.sav is", "kept"]


def test_a_path_too_long_for_a_line_breaks_after_a_slash():
    # the path's head goes on the line before when it fits there
    assert wrap("kept as 'saves/bad1.sav'.", 16) == ["kept as 'saves/", "bad1.sav'."]
    assert wrap("kept as 'saves/bad1.sav'.", 12) == ["kept as", "'saves/", "bad1.sav'."]
    assert wrap("packs/cybernaut.json", 16) == ["packs/", "cybernaut.json"]
    # after the last '/' that fits
    assert wrap("ab/cdefghijklmnopq/rstuvw") == ["ab/cdefghijklmnopq/", "rstuvw"]
    # a '/' in the 21st cell still ends the first line there
    assert wrap("abcdefghijklmnopqrst/uv") == ["abcdefghijklmnopqrst/", "uv"]
    # a leading '/' alone is no place to break: cut at 21 cells
    assert wrap("/abcdefghijklmnopqrstuv") == ["/abcdefghijklmnopqrst", "uv"]


def test_a_word_with_no_slash_breaks_after_a_dash_else_at_the_line_width():
    assert wrap("cybernaut-sample-pack.json") == ["cybernaut-sample-", "pack.json"]
    assert wrap("firmware/packs/cybernaut-game-sample.json") == [
        "firmware/packs/", "cybernaut-game-", "sample.json"]
    assert wrap("abcdefghijklmnopqrstuvwxyz") == ["abcdefghijklmnopqrstu", "vwxyz"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]


def test_a_number_stays_with_the_word_before_it():
    assert wrap("P2 at P4 vis: d6 1 need 4 MISS", 12) == ["P2 at P4", "vis: d6 1", "need 4 MISS"]
    assert wrap("T1 d6 5 arrives; T2 d6 2 waits") == ["T1 d6 5 arrives;", "T2 d6 2 waits"]
    # punctuation ends the pair: "S1," may end a line
    assert wrap("Starts: P1 S1, P2 S3, P3 S5", 16) == ["Starts: P1 S1,", "P2 S3, P3 S5"]


def test_the_missing_pack_notice_draws_the_path_broken_after_its_slash():
    root = tempdir("wrapnotice")
    board, app = boot(root, 1)
    app.pack_dirs = ()
    for key in ("D", "D", "A"):  # Cybernaut: its pack is missing
        board.press(app, key)
    # the path's head after "pack file", its name whole on the next line, no quote
    # alone (found by review: the path wrapped mid-token)
    assert app.surface.lines() == ["Pack problem", "pack file packs/", "cybernaut-sample.json",
                                   "is missing: copy it", "to the device", "(referee push)", "", ""]


def test_an_empty_pack_file_is_named_as_empty():
    """A 0-byte owner's pack: "empty", the file named (found by review: "not valid
    JSON: Expecting value"); B goes back to the main menu."""
    root = tempdir("emptypack")
    board, app = boot(root, 1)
    app.storage.write_atomic("packs/cybernaut.json", b"")
    for key in ("D", "D", "A"):  # Cybernaut: its owner's pack is empty
        board.press(app, key)
    assert app.surface.lines()[:5] == ["Pack problem", "pack file", "packs/cybernaut.json",
                                       "is empty (0 bytes):", "copy the pack to the"]
    board.press(app, "B")
    assert [s.ID for s in app.stack] == ["main"]
