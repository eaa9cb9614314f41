"""Neo-Hunt's sealed secrets kept in step with the game after every change
(NhGame.commit). Apart from firmware.games.neohunt.turns, which an action loads
and drops again: this runs after every change, the game's start included, when the
set-up screen, the pack and the new game are all in RAM (Pico memory, issue 7)."""

from firmware.games.neohunt.shared import GAME
from shared_rules.neohunt.board import HIDE
from shared_rules.neohunt.game import RULE_HIDDEN, RULE_TROOPERS


def _lists(self, p):
    """The screen's commitment lists ("ct", "ce"; see NhGame), grown to hold player
    ``p``. :returns: (ct, ce)."""
    s = self.s
    ct = s.setdefault("ct", [])
    ce = s.setdefault("ce", [])
    while len(ct) <= p:
        ct.append([])
        ce.append(None)
    return ct, ce


def track_secrets(self, app, g):
    """Keep the sealed-secret commitments (App.commit_secret) in step with the game,
    after every change (NhGame.commit calls it):

    - a starting or entry place no longer face-down (the starts revealed together,
      the varan entered): its commitment is revealed;
    - a track turned face-up (spotted, shooting from hiding, voluntary reveal, a
      burning varan's move; Neo-Hunt hidden varans): the commitment of the latest
      place card that is not Hide is revealed (that card is now the public initial
      place); the discarded cards stay sealed until the end (reveal_all in finish),
      as on the table nobody sees them;
    - a varan that died: its face-down cards stay sealed until the end.

    - a trooper placed face-down (reinforcement): its type is committed; revealed
      when it is turned face-up or leaves the board (destroyed: its card is shown);
      still face-down at the end: reveal_all (Neo-Hunt troopers).

    Only commitment ids (a few bytes each) are kept in the screen state; the values
    are in app.secrets (sealed), nothing of the game state is duplicated.
    """
    cq = self.s.setdefault("cq", {})  # trooper id (str) -> commitment id, while face-down
    on_board = {}
    for t in g.d["troopers"]:
        key = str(t["id"])
        on_board[key] = True
        if not t["up"] and key not in cq:
            cq[key] = app.commit_secret(GAME, "type of trooper T%s" % t["id"], t["type"], None,
                                        RULE_TROOPERS)
        elif t["up"] and key in cq:
            _reveal(app, cq.pop(key))
    for key in list(cq):
        if key not in on_board:
            _reveal(app, cq.pop(key))
    ct, ce = _lists(self, len(g.d["players"]) - 1)
    for p in range(len(g.d["players"])):
        pl = g.d["players"][p]
        if ce[p] is not None and pl["pending"] is None:
            app.reveal_secret(GAME, ce[p], RULE_HIDDEN)
            ce[p] = None
        v = pl["varan"]
        keep = 0 if v is None else len(v["track"])
        if len(ct[p]) > keep:
            gone = ct[p][:len(ct[p]) - keep]
            ct[p] = ct[p][len(ct[p]) - keep:]
            if v is not None:
                for cid in reversed(gone):
                    if app.open_secret(cid) != HIDE:
                        app.reveal_secret(GAME, cid, RULE_HIDDEN)
                        break


def _reveal(app, cid):
    """Reveal a trooper's type, unless it already was (the game's end, or an undo
    that brought back an older state)."""
    if cid in app.secrets:
        app.reveal_secret(GAME, cid, RULE_TROOPERS)
