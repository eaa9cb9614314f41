"""Write the button presses of the scripted whole Cybernaut game (tests/host/cyb_game.py:
set-up, ten turns with netruns and the NSA's re-placements, the game's end) for
`make bench`, which replays them under MicroPython with a Pico's heap
(tools/bench_device.py: "whole Cybernaut game").

    python tools/game_keys.py OUT

OUT gets two lines: the keys as boards.sim.parse_keys reads them ("D D A ..."), then
the journal's next entry number once the game is over (the replay reaches the same
point when it plays the same game: the same seed, the same dice). Runs on CPython,
where the game has all the memory it needs; the driver that chooses menu entries
by their labels stays off the replay's heap.
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def game_keys():
    """(keys, next_seq): the scripted game's presses (list of str, each a
    parse_keys token) and the journal's next entry number at its end (int)."""
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
        return list(driver.keys), app.journal.next_seq


def main(argv):
    if len(argv) != 2:
        raise SystemExit("usage: python tools/game_keys.py OUT")
    keys, seq = game_keys()
    with open(argv[1], "w") as handle:
        handle.write(" ".join(keys) + "\n%d\n" % seq)
    print("game_keys: %d presses, the game over at journal entry %d -> %s" % (len(keys), seq, argv[1]))


if __name__ == "__main__":
    main(sys.argv)
