"""Checking a finished session's dice against its revealed seed.

A session journal (see shared_rules.journal) holds, in order:

- ``session_start`` (game "session"): ``out.commit`` = hex SHA-256 of the secret
  seed (the device shows its first 8 digits), journaled before any roll, and
  ``out.scheme`` (shared_rules.dice SCHEME_HMAC or SCHEME_PLAIN; HMAC if absent);
- ``salt`` entries: ``in.salt`` (the players' button presses) and ``in.at`` (the
  block counter from which it re-keys the dice, shared_rules.dice.mix_salt);
- every entry that rolled dice carries ``dice``: ``{"from": first block, "to":
  block after the last, "draws": [[n, value], ...]}`` (each ``randbelow(n)``); a
  hidden roll has ``"sealed"`` instead of ``"draws"``: the same list as JSON,
  sealed (shared_rules.seal) with ``hidden_draws_key(seed)``, opened here;
- ``seed_reveal`` at the end: ``out.seed`` (hex of the seed bytes) and
  ``out.counter`` (the blocks used in all).

``verify_entries`` recomputes every draw from the revealed seed, checks the blocks
are used one after another with none skipped (no silent re-roll), and, for the
flows it knows (``OUTCOMES`` here and in each game's ``verify`` module), that the
outcome written in the entry is the one the
draws give. It proves the device could not choose the rolls after committing;
it cannot prove anything about a session whose seed was never revealed.
"""

import binascii
import json

from shared_rules.dice import SCHEME_HMAC, SCHEME_PLAIN, HashSource, commitment, hidden_draws_key, roll_named
from shared_rules.hooks import game_module
from shared_rules.journal import SESSION
from shared_rules.replay import Replay
from shared_rules.seal import unseal


def _dice_roll(entry, values):
    total, faces = roll_named(Replay(values), entry["in"]["die"])
    return [("total", entry["out"].get("total"), total),
            ("faces", entry["out"].get("faces"), list(faces))]


# (game, kind) -> function(entry, draw values) -> [(field, journaled, recomputed)]:
# the flows outside the games; a game's are its package's verify.OUTCOMES ({kind:
# function}), found by convention (outcome_check)
OUTCOMES = {
    ("dice", "roll"): _dice_roll,
}


def outcome_check(game, kind):
    """The function that recomputes the outcome of a journal entry of ``game`` and
    ``kind`` (any values, as read from a journal) from its draws, or None when no
    flow is known for them: OUTCOMES, else ``OUTCOMES[kind]`` of the module
    shared_rules.<game>.verify (shared_rules/hooks.py)."""
    if not isinstance(game, str) or not isinstance(kind, str):
        return None
    check = OUTCOMES.get((game, kind))
    if check is None:
        module = game_module(game, "verify")
        check = getattr(module, "OUTCOMES", {}).get(kind)
    return check


def _name(entry):
    return "entry %s (%s %s)" % (entry.get("seq"), entry.get("game"), entry.get("kind"))


def _d(value):
    """``value`` if it is a dict, else an empty one (a damaged entry's part)."""
    return value if isinstance(value, dict) else {}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def verify_entries(entries):
    """Recompute every roll of a finished session.

    :param entries: the journal's entries (list of dicts, as read_journal gives).
    :returns: (problems, rolls): problems is a list of str, each naming the entry
        (``entry 12 (neohunt shot): ...``), empty when everything matches; rolls is
        the number of journal entries whose dice were recomputed.
    """
    problems = []
    start = None
    reveal = None
    for entry in entries:
        if entry.get("game") == SESSION and entry.get("kind") == "session_start" and start is None:
            start = entry
        if entry.get("game") == SESSION and entry.get("kind") == "seed_reveal":
            reveal = entry
    if start is None:
        return ["no session_start entry: this journal does not commit to a seed"], 0
    if reveal is None:
        return ["no seed_reveal entry: the session is not finished (End session on the "
                "device reveals the seed)"], 0
    committed = _d(start.get("out")).get("commit")
    try:
        seed = binascii.unhexlify(str(_d(reveal.get("out")).get("seed", "")))
    except (ValueError, TypeError):
        return ["%s: the revealed seed is not hex" % _name(reveal)], 0
    if commitment(seed) != committed:
        problems.append("%s: the revealed seed does not match the commitment %s of %s"
                        % (_name(reveal), str(committed)[:8], _name(start)))
    scheme = _d(start.get("out")).get("scheme", SCHEME_HMAC)
    if scheme != SCHEME_HMAC and scheme != SCHEME_PLAIN:
        return problems + ["%s: unknown dice scheme %r" % (_name(start), scheme)], 0
    source = HashSource(seed, hmac=scheme == SCHEME_HMAC)
    expected = 0
    rolls = 0
    for entry in entries:
        if entry is reveal:
            break
        if entry.get("game") == SESSION and entry.get("kind") == "salt":
            inputs = _d(entry.get("in"))
            if inputs.get("at") != expected:
                problems.append("%s: salt added at block %s but the entries before it "
                                "account for %d blocks (a roll with no entry?)"
                                % (_name(entry), inputs.get("at"), expected))
            source.add_salt(str(inputs.get("salt", "")), expected)
        dice = entry.get("dice")
        if dice is None:
            continue
        rolls += 1
        first = dice.get("from") if isinstance(dice, dict) else None
        last = dice.get("to") if isinstance(dice, dict) else None
        draws = dice.get("draws") if isinstance(dice, dict) else None
        if isinstance(dice, dict) and "sealed" in dice:
            try:
                draws = json.loads(unseal(hidden_draws_key(seed), dice["sealed"]))
            except (ValueError, TypeError, RuntimeError):
                problems.append("%s: its sealed draws do not open with the revealed seed"
                                % _name(entry))
                expected = last if _is_int(last) else expected
                continue
        if (not _is_int(first) or not _is_int(last) or not isinstance(draws, list)
                or first < 0 or last < first or last >= 1 << 62):
            problems.append("%s: its dice record is damaged" % _name(entry))
            continue
        if first != expected:
            if first > expected:
                problems.append("%s: blocks %d-%d were used with no journal entry (a hidden roll)"
                                % (_name(entry), expected, first - 1))
            else:
                problems.append("%s: starts at block %d, already used (a repeated roll)"
                                % (_name(entry), first))
        source.counter = first
        values = []
        for index in range(len(draws)):
            draw = draws[index]
            if (not isinstance(draw, list) or len(draw) != 2 or not _is_int(draw[0])
                    or not _is_int(draw[1]) or draw[0] < 1):
                problems.append("%s: draw %d is damaged" % (_name(entry), index + 1))
                values = None
                break
            got = source.randbelow(draw[0])
            if got != draw[1]:
                problems.append("%s: draw %d (0-%d) is %d in the journal but the seed gives %d"
                                % (_name(entry), index + 1, draw[0] - 1, draw[1], got))
            values.append(got)
        if values is None:
            expected = last
            continue
        if source.counter != last:
            problems.append("%s: journaled blocks %d-%d but the draws use %d-%d"
                            % (_name(entry), first, last - 1, first, source.counter - 1))
        expected = last
        game = entry.get("game")
        kind = entry.get("kind")
        check = outcome_check(game, kind)
        if check is not None:
            try:
                found = check(entry, values)
            except (IndexError, KeyError, TypeError, ValueError, AttributeError):
                problems.append("%s: the outcome cannot be read against its draws" % _name(entry))
                continue
            for field, journaled, recomputed in found:
                if journaled != recomputed:
                    problems.append("%s: %s is %s in the journal but the seed gives %s"
                                    % (_name(entry), field, journaled, recomputed))
    final = _d(reveal.get("out")).get("counter")
    if final != expected:
        problems.append("%s: the session used %s blocks but the entries account for %d"
                        % (_name(reveal), final, expected))
    return problems, rolls


def undone_rolls(entries):
    """The rolls a session took back with Undo (Trust: the table saw the undo notice;
    verify says it again, so a re-roll is never silent: the dice go on, and a roll
    after the undo is a new one).

    :param entries: the journal's entries (list of dicts, as read_journal gives).
    :returns: list of str, one per undo entry that took back dice, naming it and the
        entries it undid (``entry 9 (undo undo): took back entries 7-7 and their
        roll; a roll after it is a new one``); empty when no roll was undone.
    """
    out = []
    for entry in entries:
        result = _d(entry.get("out"))
        if entry.get("kind") != "undo" or "rolls" not in result:
            continue
        span = result.get("undone")
        if isinstance(span, list) and len(span) == 2:
            what = "entries %s-%s" % (span[0], span[1])
        else:
            what = "an action"
        out.append("%s: took back %s and their roll; a roll after it is a new one"
                   % (_name(entry), what))
    return out
