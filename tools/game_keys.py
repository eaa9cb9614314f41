"""Write the button presses of the scripted whole Cybernaut game (tests/host/cyb_game.py:
set-up, ten turns with netruns and the NSA's re-placements, the game's end) for
`make bench`, which replays them under MicroPython with a Pico's heap
(tools/bench_device.py: "whole Cybernaut game").

    python tools/game_keys.py OUT

OUT gets four lines: the keys as boards.sim.parse_keys reads them ("D D A ..."), the
journal's next entry number once the game is over, the seed the game was played with
(the replay boots with it: the same dice), and the journal's fingerprint
(``fingerprint``: each entry's number, kind and public parts, hashed), which tells the
scripted game from another, even one that ends at the same entry. Runs on CPython, where the
game has all the memory it needs; the driver that chooses menu entries by their
labels stays off the replay's heap.
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fingerprint(path):
    """The fingerprint of journal file ``path`` (hex str): SHA-256 over each entry's
    shared_rules.save.state_digest of [number, kind, public "in", "out" and "dice"] (no
    hash, salt or sealed text, which come from the board's entropy): press_bench's
    ``fingerprint``, the one the emulated Pico's replay makes (tools/bench_device.py's
    replay makes the same in its own script). The same game played again gives the
    same one; another game (another seed: other dice, other chits revealed) another,
    even when it ends at the same entry.

    :raises OSError: the file cannot be read. :raises ValueError: a line is not
        "<crc> <JSON entry>"."""
    for folder in (ROOT, os.path.join(ROOT, "tools")):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    from press_bench import fingerprint as journal_fingerprint
    return journal_fingerprint(path)


def game_keys():
    """(keys, next_seq, seed, fingerprint): the scripted game's presses (list of str,
    each a parse_keys token), the journal's next entry number at its end (int), the
    seed it was played with (int) and its journal's ``fingerprint``."""
    for folder in (ROOT, os.path.join(ROOT, "tests", "both"), os.path.join(ROOT, "tests", "host")):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    from boards.sim import boot
    import cyb_game
    with tempfile.TemporaryDirectory(prefix="game-keys-") as root:
        board, app = boot(root, cyb_game.SEED)
        driver = cyb_game.play(board, app)
        if not cyb_game.game_screen(app).s["pub"]["over"]:
            raise SystemExit("game_keys: the scripted game did not reach its end")
        app.storage.flush()
        return (list(driver.keys), app.journal.next_seq, cyb_game.SEED,
                fingerprint(os.path.join(root, "journals", "s0001.jrn")))


def main(argv):
    """``argv``: [program, OUT]: write the keys file OUT (four lines: see the module's
    text). :raises SystemExit: another number of arguments, or the scripted game did
    not reach its end."""
    if len(argv) != 2:
        raise SystemExit("usage: python tools/game_keys.py OUT")
    keys, seq, seed, print_ = game_keys()
    with open(argv[1], "w") as handle:
        handle.write(" ".join(keys) + "\n%d\n%d\n%s\n" % (seq, seed, print_))
    print("game_keys: %d presses, seed %d, the game over at journal entry %d -> %s" % (
        len(keys), seed, seq, argv[1]))


if __name__ == "__main__":
    main(sys.argv)
