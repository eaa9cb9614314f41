"""Sealed-secret commitments on the device (imported lazily by firmware.app).

``commit_secret`` journals only a salted hash of a hidden value and keeps the
value and salt sealed in ``app.secrets`` (saved with the screen stack, so a reboot
keeps them); ``reveal_secret`` journals value and salt in clear once the rules
reveal it; ``referee verify`` recomputes the hash (shared_rules.commit).

``app.secrets``: {id: [game, what, owner, sealed JSON [salt hex, value]]}.
"""

import binascii
import json

from shared_rules.commit import COMMIT, REVEAL, REVEAL_ALL, secret_hash
from shared_rules.errors import RuleError

SALT_BYTES = 8
RULE = "Trust: sealed secrets"


def commit_secret(app, game, what, value, owner, rule):
    """See App.commit_secret."""
    # "s<session>c<seq of its entry>": unique per journal; no bare number in it
    cid = "s%dc%d" % (app.session, app.journal.next_seq)
    salt = app.entropy(SALT_BYTES)
    digest = secret_hash(salt, value)  # raises TypeError for a value JSON cannot take
    app.secrets[cid] = [game, what, owner,
                        app.seal(json.dumps([binascii.hexlify(salt).decode(), value]))]
    # hidden_dice: draws not journaled yet may be what made the secret: sealed
    app.record(game, COMMIT, {"id": cid, "what": what, "owner": owner},
               {"hash": digest}, rule or RULE, True)
    return cid


def _item(app, cid):
    item = app.secrets.get(cid)
    if item is None:
        raise RuleError("no sealed secret '%s' (already revealed?) (%s)" % (cid, RULE))
    return item, json.loads(app.unseal(item[3]))


def open_secret(app, cid):
    """See App.open_secret."""
    return _item(app, cid)[1][1]


def reveal_secret(app, game, cid, rule):
    """See App.reveal_secret."""
    item, (salt, value) = _item(app, cid)
    app.record(game, REVEAL, {"id": cid, "what": item[1], "owner": item[2]},
               {"value": value, "salt": salt,
                "hash": secret_hash(binascii.unhexlify(salt), value)}, rule or RULE, True)
    del app.secrets[cid]
    return value


PARKED = "parked commitments"  # a game's parked commitments (Cybernaut's commit.PARKED)


def reveal_all(app, game, rule, ids=None):
    """See App.reveal_all; ``ids`` (list of str): only those of the game's secrets
    still held (Cybernaut's abandoned game after the next one's frame:
    firmware.games.cybernaut.later)."""
    ids = [cid for cid in (app.secrets if ids is None else ids)
           if cid in app.secrets and app.secrets[cid][0] == game]
    ids.sort(key=lambda cid: [int(part) for part in cid[1:].split("c")])
    values = {}
    for cid in ids:
        parked = app.secrets[cid][1] == PARKED
        values[cid] = reveal_secret(app, game, cid, rule)
        if parked:  # commitments a game parked (Cybernaut's abandoned game: keep_parked):
            # its shared.py's unpark_refs reveals them, found by convention
            shared = __import__("firmware.games.%s.shared" % game, None, None, ["unpark_refs"])
            shared.unpark_refs(app, values[cid], rule)
    app.record(game, REVEAL_ALL, {"ids": ids}, {}, rule or RULE)
    return values
