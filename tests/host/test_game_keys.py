"""tools/game_keys.py: the scripted whole Cybernaut game's presses, which `make bench`
replays under MicroPython with a Pico's heap (tools/bench_device.py, "whole Cybernaut
game"). Replayed from a fresh boot with the same seed they must play the same game:
to its end, at the same journal entry (else the bench's line would judge another
game)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import game_keys  # noqa: E402


def test_the_keys_replayed_play_the_same_game_to_its_end(tmp_path):
    from boards.sim import boot, parse_keys
    import cyb_game
    keys, seq = game_keys.game_keys()
    assert len(keys) > 300 and seq > 300
    out = tmp_path / "keys"
    game_keys.main(["game_keys.py", str(out)])
    text, want = out.read_text().split("\n")[:2]
    assert text.split() == keys and int(want) == seq
    board, app = boot(str(tmp_path / "replay"), cyb_game.SEED)
    for name, long in parse_keys(text):
        board.press(app, name, long)
    screen = cyb_game.game_screen(app)
    assert screen.s["pub"]["over"] and screen.s["pub"]["turn"] == 10
    assert app.journal.next_seq == seq
