"""A whole Cybernaut game, scripted, on the rules (both runtimes): the device's
solo NSA placement, two Cybernauts, ten turns with Interaction, netruns (entry,
steps, logoff, regeneration, the secret re-placement), the NSA's SS units moving
next to the revealed Cybernaut after the last netrun and attacking it (RealWorld
combat and its losses), the end after turn 10 with victory points and the full
reveal (Cybernaut III-VIII). Not a test module (no
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

from shared_rules.cybernaut.net import Game
from shared_rules.dice import HashSource

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


KEPT = ("attack", "strike", "file_captured")  # the events ``play`` keeps whole


def _note(events, log, kept):
    for event in events:
        log.append(event["kind"])
        if event["kind"] in KEPT:
            kept.append(event)


def netrun(game, entry, path, source, log, kept):
    """One netrun by Cybernaut 0: enter, walk ``path`` (steps), log off at the
    end if still on; then regeneration (none) and a random re-placement."""
    _note(game.start_netrun(0, entry, source), log, kept)
    for there in path:
        if game.s["run"] is None:
            break
        if game.s["run"]["ops"] == 0:
            game.end_part(source)
            game.end_part(source)
        _note(game.ghost_move(there, source), log, kept)
    if game.s["run"] is not None:
        _note(game.logoff(), log, kept)
    if game.s["after"] is not None and game.s["after"]["stage"] == "regen":
        game.regenerate(None)
    if game.s["after"] is not None:
        _note(game.replace_random(source), log, kept)


def forget_validator():
    """Let go of the pack's section validator once the pack is checked, as the
    device does when a game opens (GameScreen.make: boards.forget_modules)."""
    from boards import forget_modules
    forget_modules(("shared_rules.cybernaut.pack", "shared_rules.cybernaut.techgear"), ())


def attack_all(game, source, log, kept):
    """The NSA's Attack segment: in each sprawl with SS units and a revealed
    Cybernaut, an attack by those units (at most SS Max, II.A.7), then the units its
    results eliminate are removed, the first named first (Cybernaut VIII.A-C). A
    refused attack is an error of the game, not skipped. Every event's kind goes to
    ``log``, the KEPT ones whole to ``kept``."""
    limit = game.ss_max()
    for sprawl in sorted(game.pack.data["sprawls"]):
        units = [u["name"] for u in game.s["ss"] if u["at"] == sprawl]
        if limit is not None:
            units = units[:limit]
        targets = [c for c in game.s["cybs"] if c["alive"] and not c["hidden"] and c["at"] == sprawl]
        if not units or not targets:
            continue
        _note(game.attack(sprawl, units, source), log, kept)
        from check import Bound
        guard = Bound(len(units) + len(targets), lambda: "losses left after the attack in %s: %s"
                      % (sprawl, game.losses()))
        while game.losses():
            guard.step()
            _note(game.remove_unit(game.losses()[0]["units"][0]), log, kept)


SS_START = "Sprawl-6"  # the NSA's SS units go here; Sprawl-1 is 3 points away


def play(seed=SEED, on_turn=None, kept=None):
    """:returns: (game, log of event kinds). ``on_turn(game)`` is called at every
    segment's save (for memory probes); the events of the KEPT kinds (RealWorld
    attacks, CyberStrikes, File captures) are appended whole to the list ``kept``
    if given."""
    if kept is None:
        kept = []
    from check import Bound, tempdir
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
    guard = Bound(10 * 6, lambda: "the game goes on at turn %d segment %d"
                  % (game.s["turn"], game.s["seg"]))
    while not game.s["over"]:
        guard.step()
        if on_turn is not None:
            on_turn(game)
        paths = save(game, folder)
        pack = game.pack
        del game  # one game in the heap at a time, as on the device
        game = load(pack, paths)
        for name in list(game.s["ss_wait"]):
            game.place_ss(name, SS_START)
        seg = game.s["seg"]
        turn = game.s["turn"]
        if seg == 0:
            alive = [i for i in range(len(game.s["cybs"])) if game.s["cybs"][i]["alive"]]
            if alive and turn in (1, 3, 5):
                events, _ = game.interact(alive[:1], source)
                _note(events, log, kept)
        elif seg == 2 and game.s["cybs"][0]["alive"]:
            if turn in (1, 4, 7):
                netrun(game, "M00", ("M01", "M00"), source, log, kept)
            elif turn in (2, 8):
                netrun(game, "M05", ("M15", "M05"), source, log, kept)  # a GAP
        elif seg == 3:
            attack_all(game, source, log, kept)
        elif seg == 4 and turn == 8:
            # after the last netrun the SS units that can reach Sprawl-1 (RealWorld
            # 3 or more: the TransLine costs 3, Cybernaut VI.A) move there
            movers = [u["name"] for u in game.s["ss"] if u["at"] == SS_START and u["rw"] >= 3]
            limit = game.ss_max()
            for name in movers[:limit] if limit is not None else movers:
                _note(game.move_units([name], [SS_START, "Sprawl-1"]), log, kept)
        for name in list(game.s["ss_wait"]):
            game.place_ss(name, SS_START)
        game.next_segment()
    return game, log
