"""A whole Cybernaut game, scripted, on the rules (both runtimes): the device's
solo NSA placement, two Cybernauts, ten turns with Interaction, netruns (entry,
steps, logoff, regeneration, the secret re-placement), the end after turn 10 with
victory points and the full reveal (Cybernaut III-VIII). Not a test module (no
test_ prefix): tests/both/test_cybernaut_whole_game.py runs it on both runtimes,
tools/cybernaut_mem.py prints its free heap turn by turn.

Between actions the state goes through the same public/secret split as a save
(``Game.split``/``Game.join`` via JSON files), and the public part is checked to
hold no face-down chit of either side. One game is in the heap at a time, as on
the device.
"""

import gc
import json

from cyb_helpers import sample_pack

from shared_rules.cybernaut_net import Game
from shared_rules.dice import HashSource
from shared_rules.errors import RuleError

SEED = 11


def _contains(path, needles):
    """The needles (list of str) found in file ``path``, read in small pieces (no
    copy of the whole file on a small heap)."""
    found = []
    tail = ""
    with open(path) as handle:
        while True:
            piece = handle.read(256)
            if not piece:
                break
            text = tail + piece
            for needle in needles:
                if needle in text and needle not in found:
                    found.append(needle)
            tail = text[-16:]
    return found


def save(game, folder):
    """Write the game as a save holds it: public part and secret part, each streamed
    to its own file in ``folder`` (a save is a file: no whole-state string on the
    heap); checks the public file names no face-down chit of either side.
    :returns: (public path, secret path)."""
    public, secret = game.split()
    paths = (folder + "/public.json", folder + "/secret.json")
    with open(paths[0], "w") as handle:
        json.dump(public, handle)
    del public
    with open(paths[1], "w") as handle:
        json.dump(secret, handle)
    needles = ['"%s"' % chit["id"] for chit in secret]
    del secret
    gc.collect()
    leaked = _contains(paths[0], needles)
    assert not leaked, leaked
    return paths


def load(pack, paths):
    """The game back from ``save``'s files."""
    gc.collect()
    with open(paths[0]) as handle:
        public = json.load(handle)
    with open(paths[1]) as handle:
        secret = json.load(handle)
    return Game.join(pack, public, secret)


def netrun(game, entry, path, source, log):
    """One netrun by Cybernaut 0: enter, walk ``path`` (steps), log off at the
    end if still on; then regeneration (none) and a random re-placement."""
    log.extend(e["kind"] for e in game.start_netrun(0, entry, source))
    for there in path:
        if game.s["run"] is None:
            break
        if game.s["run"]["ops"] == 0:
            game.end_part(source)
            game.end_part(source)
        log.extend(e["kind"] for e in game.ghost_move(there, source))
    if game.s["run"] is not None:
        log.extend(e["kind"] for e in game.logoff())
    if game.s["after"] is not None and game.s["after"]["stage"] == "regen":
        game.regenerate(None)
    if game.s["after"] is not None:
        log.extend(e["kind"] for e in game.replace_random(source))


def forget_validator():
    """Let go of the pack's section validator once the pack is checked, as the
    device does when a game opens (GameScreen.make: boards.forget_modules)."""
    from boards import forget_modules
    forget_modules(("shared_rules.cybernaut_pack", "shared_rules.cybernaut_techgear"), ())


def play(seed=SEED, on_turn=None):
    """:returns: (game, log of event kinds). ``on_turn(game)`` is called at every
    segment's save (for memory probes)."""
    from check import tempdir
    folder = tempdir("cybgame")
    source = HashSource(seed)
    pack = sample_pack()
    forget_validator()
    game = Game(pack)
    del pack
    game.solo_setup(source)
    game.add_cybernaut("Cyb-2", "Sprawl-1")
    game.add_cybernaut("Cyb-4", "Sprawl-3")
    game.cybernauts_done(source)
    log = []
    while not game.s["over"]:
        if on_turn is not None:
            on_turn(game)
        paths = save(game, folder)
        pack = game.pack
        del game  # one game in the heap at a time, as on the device
        game = load(pack, paths)
        for name in list(game.s["ss_wait"]):
            game.place_ss(name, "Sprawl-4")
        seg = game.s["seg"]
        turn = game.s["turn"]
        if seg == 0:
            alive = [i for i in range(len(game.s["cybs"])) if game.s["cybs"][i]["alive"]]
            if alive and turn in (1, 3, 5):
                events, _ = game.interact(alive[:1], source)
                log.extend(e["kind"] for e in events)
        elif seg == 2 and game.s["cybs"][0]["alive"]:
            if turn in (1, 4, 7):
                netrun(game, "M00", ("M01", "M00"), source, log)
            elif turn in (2, 8):
                netrun(game, "M05", ("M15", "M05"), source, log)  # a GAP
        elif seg == 3:
            for sprawl in ("Sprawl-1", "Sprawl-3", "Sprawl-4"):
                units = [u["name"] for u in game.s["ss"] if u["at"] == sprawl]
                try:
                    log.extend(e["kind"] for e in game.attack(sprawl, units, source))
                except RuleError:
                    pass  # nobody revealed there, or no SS unit: no attack
        for name in list(game.s["ss_wait"]):
            game.place_ss(name, "Sprawl-4")
        game.next_segment()
    return game, log
