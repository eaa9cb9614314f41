"""A whole Neo-Hunt game as one state object (neo-hunt.txt; RULINGS "Neo-Hunt").

The state is a JSON-ready dict ``game.d``. Secrets in it (each varan's face-down
place cards and their move history, a waiting varan's entry place, face-down
trooper types, the trooper deck) are kept clear in memory and sealed by
``to_dict(sealer)``; ``Game.load(obj, section, sealer)`` opens them again. A sealer
has ``seal(text) -> str`` and ``unseal(str) -> text`` (the device's app; ``PLAIN``
for pure tests). Every sealed place is one character ("0".."6" or "H"), so the
sealed text's length tells nothing.

Places: 0 is the centre, 1..6 the ring (see neohunt_board), "H" is Hide. Illegal
actions raise RuleError with the reason and rule section and change nothing.

Varan states (our reading of the text): a varan with face-down place cards is
hidden; one with only its face-up initial place is cloaked; a revealed varan
(spotted, shot, voluntary reveal) or a burning one is visible until it moves again.
A burning varan is always visible, so its moves are shown at once.
"""

from shared_rules.errors import RuleError
from shared_rules.neohunt import (ATTACK_CAP, RULE_BURNING, RULE_END, RULE_KILLS, TROOPER_CAP,
                                  arrives, attack_damage, burning_roll, lose_kill, shuffle,
                                  to_hit, winner)
from shared_rules.neohunt_board import CENTRE, HIDE, Board, place_name, random_cells

RULE_MOVE = "Neo-Hunt moving"
RULE_HIDDEN = "Neo-Hunt hidden varans"
RULE_SETUP = "Neo-Hunt set-up"
RULE_REINF = "Neo-Hunt reinforcement phase"
RULE_ORDER = "Neo-Hunt action rounds"
RULE_TROOPERS = "Neo-Hunt troopers"
FLAME_UP = "Flame Up"
AMMO_EXPLOSION = "Ammo Explosion"
MAX_PLAYERS = 6
TROOPERS = "T"


class _Plain:
    """A sealer that does not seal (pure tests, never on the device)."""

    def seal(self, text):
        return text

    def unseal(self, text):
        return text


PLAIN = _Plain()


class Game:
    """A Neo-Hunt game. Build with ``Game.new`` or ``Game.load``.

    :param d: the clear state dict; :param sect: the pack's "neohunt" section.
    """

    def __init__(self, d, sect):
        self.d = d
        self.sect = sect
        self.board = Board(d["board"], sect["tiles"], sect["types"])

    # ---- set-up ------------------------------------------------------------
    @classmethod
    def new(cls, sect, names, deck_size, source, cells=None, discard=False, hand_big=9):
        """Set up a game (Neo-Hunt set-up).

        :param names: list of 2..6 player names.
        :param deck_size: trooper deck length 7..17 (and at most the pack's troopers).
        :param source: dice source for dealing.
        :param cells: the board as entered (list of 7 [tile, side, rotation]) or None
            for a random board.
        :param discard: the optional discard rule (setting).
        :param hand_big: hand size with 5-6 active players (setting; the text's number
            is missing).
        :raises RuleError: player count or deck size out of range.
        """
        if not 2 <= len(names) <= MAX_PLAYERS:
            raise RuleError("Neo-Hunt is for 2-6 players, got %d (%s)" % (len(names), RULE_SETUP))
        if not 7 <= deck_size <= min(17, len(sect["troopers"])):
            raise RuleError("the trooper deck holds 7-%d cards, got %d (%s)"
                            % (min(17, len(sect["troopers"])), deck_size, RULE_SETUP))
        varans = shuffle(source, list(range(len(sect["varans"]))))
        troopers = shuffle(source, list(range(len(sect["troopers"]))))[:deck_size]
        if cells is None:
            cells = random_cells(source)
        players = []
        for i in range(len(names)):
            players.append({"name": names[i], "kills": 0, "original": True, "varan": None,
                            "pending": None, "card": varans[i], "deaths": 0, "in": True})
        d = {"settings": {"deck": deck_size, "discard": bool(discard), "hand_big": hand_big},
             "board": cells, "turn": 0, "round": 0, "players": players,
             "varan_pile": varans[len(names):], "troopers": [], "tdeck": troopers,
             "next_tid": 1, "order": [], "dealt": [], "died": [], "died_last": [],
             "ended": None}
        game = cls(d, sect)
        game.d["board"] = game.board.to_list()
        return game

    def choose_initial(self, p, place):
        """Set-up: player ``p`` picks her face-down starting place (not Hide).

        :raises RuleError: Hide, or a place outside 0..6.
        """
        place = _place(place)
        if place == HIDE:
            raise RuleError("the initial place cannot be Hide (%s)" % RULE_HIDDEN)
        self.d["players"][p]["pending"] = place

    def initials_ready(self):
        """True when every player has picked a starting place."""
        return all(pl["pending"] is not None for pl in self.d["players"] if pl["in"])

    def reveal_initials(self):
        """All starting places turn face-up together; every varan starts cloaked.

        :returns: list of (name, place) now public.
        :raises RuleError: someone has not picked yet.
        """
        if not self.initials_ready():
            raise RuleError("every player picks a starting place first (%s)" % RULE_SETUP)
        out = []
        for p in range(len(self.d["players"])):
            pl = self.d["players"][p]
            if pl["in"]:
                self._place_varan(p, pl["pending"])
                out.append((pl["name"], pl["pending"]))
                pl["pending"] = None
        return out

    def _place_varan(self, p, place):
        pl = self.d["players"][p]
        card = self.sect["varans"][pl["card"]]
        pl["varan"] = {"card": pl["card"], "speed": card["speed"], "hits": card["hits"],
                       "dmg": 0, "init": int(place), "track": [], "visible": False,
                       "burn": [], "igniter": None, "moved": 0, "hist": []}

    # ---- hidden movement ---------------------------------------------------
    def varan(self, p):
        """Player ``p``'s varan dict. :raises RuleError: she has none on the board."""
        v = self.d["players"][p]["varan"]
        if v is None:
            raise RuleError("%s has no varan on the board (%s)" % (self.d["players"][p]["name"], RULE_MOVE))
        return v

    def place_of(self, p):
        """The true sector of ``p``'s varan: the latest place card that is not Hide,
        else the face-up initial place (int 0..6). SECRET while hidden."""
        v = self.varan(p)
        for code in reversed(v["track"]):
            if code != HIDE:
                return int(code)
        return v["init"]

    def state(self, p):
        """"visible", "cloaked" or "hidden" (see the module doc)."""
        v = self.varan(p)
        if v["burn"] or v["visible"]:
            return "visible"
        if v["track"]:
            return "hidden"
        return "cloaked"

    def check_move(self, p, place, setup=False):
        """None when the move is legal, else the reason with the rule (str)."""
        try:
            v = self.varan(p)
        except RuleError as exc:
            return str(exc)
        place = _place(place)
        limit = 1 if setup else v["speed"]
        if v["moved"] >= limit:
            if setup:
                return "only one move at set-up (%s)" % RULE_SETUP
            return "speed %d: no moves left this turn, Hide counts (%s)" % (v["speed"], RULE_MOVE)
        if place == HIDE:
            return None
        reason = self.board.why_not(self.place_of(p), int(place))
        if reason:
            return reason + " (%s)" % RULE_MOVE
        return None

    def move(self, p, place, setup=False):
        """Add a face-down place card (a move) after checking it at once.

        :param place: 0..6 or "H".
        :param setup: the one optional move at set-up (not counted against Speed).
        :returns: dict {"n": place cards face-down now, "shown": place or None (a
            burning varan's move is shown), "put_out": bool (sprinklers)}.
        :raises RuleError: an illegal move (nothing changes).
        """
        reason = self.check_move(p, place, setup)
        if reason:
            raise RuleError(reason)
        place = _place(place)
        v = self.varan(p)
        start = self.place_of(p)
        v["track"].append(place)
        v["hist"].append([self.d["turn"], start, place])
        v["moved"] += 1
        v["visible"] = False
        out = {"n": len(v["track"]), "shown": None, "put_out": False}
        if v["burn"]:
            out["shown"] = self.reveal(p)
            if self.board.has(out["shown"], "sprinklers"):
                v["burn"] = []
                v["igniter"] = None
                out["put_out"] = True
        return out

    def reveal(self, p):
        """Reveal ``p``'s varan (spotted, shooting from hiding, voluntary): the latest
        place card that is not Hide becomes the face-up initial place, the rest are
        discarded; the varan is visible until it moves. Face-down troopers in that
        sector turn face-up. :returns: the place (int)."""
        v = self.varan(p)
        place = self.place_of(p)
        v["init"] = place
        v["track"] = []
        v["visible"] = True
        self._turn_up_at(place)
        return place

    def spot(self, p, q):
        """Spot!: player ``p`` privately sees the top place card of ``q``'s varan.

        :returns: the code ("0".."6" or "H": a Hide card on top tells nothing more).
        :raises RuleError: spotting herself or a varan not on the board.
        """
        if p == q:
            raise RuleError("Spot! is played on another varan (%s)" % RULE_HIDDEN)
        v = self.varan(q)
        if v["track"]:
            return v["track"][-1]
        return str(v["init"])

    # ---- troopers ----------------------------------------------------------
    def trooper(self, tid):
        """The trooper dict with id ``tid``. :raises RuleError: no such trooper."""
        for t in self.d["troopers"]:
            if t["id"] == tid:
                return t
        raise RuleError("no trooper T%d (%s)" % (tid, RULE_TROOPERS))

    def on_board(self):
        """Troopers on the board (not waiting), list of dicts."""
        return [t for t in self.d["troopers"] if not t["wait"]]

    def waiting(self):
        """Troopers waiting next to the board to arrive, list of dicts."""
        return [t for t in self.d["troopers"] if t["wait"]]

    def _turn_up_at(self, place):
        for t in self.on_board():
            if t["at"] == place:
                t["up"] = True

    def trooper_type(self, t):
        """The trooper card's entry in the pack (dict) - SECRET while face-down."""
        return self.sect["troopers"][t["type"]]

    def reinforce(self, source):
        """Reinforcement phase: deal one action card per player in the game; each
        border sector (1..6) brings a trooper from the deck to wait there; with no
        trooper on the board keep dealing until two try; never more than 6 troopers
        on the board plus waiting (RULINGS reinforcement).

        The action deck's make-up comes from the pack's "places" counts, reshuffled
        for each phase. :returns: list of (place code, trooper id or None).
        """
        deck = []
        places = self.sect["places"]
        for code in ("0", "1", "2", "3", "4", "5", "6", HIDE):
            deck.extend([code] * places[code])
        wanted = len([pl for pl in self.d["players"] if pl["in"]])
        empty = not self.on_board()
        tried = 0
        drawn = 0
        events = []
        while self.d["tdeck"] and deck and len(self.d["troopers"]) < TROOPER_CAP:
            if drawn >= wanted and (not empty or tried >= 2):
                break
            code = deck.pop(source.randbelow(len(deck)))
            drawn += 1
            tid = None
            if code != HIDE and int(code) != CENTRE:
                tid = self.d["next_tid"]
                self.d["next_tid"] += 1
                self.d["troopers"].append({"id": tid, "type": self.d["tdeck"].pop(0), "up": False,
                                           "at": int(code), "wait": True, "dmg": 0,
                                           "burn": [], "igniter": None})
                tried += 1
            events.append((code, tid))
        return events

    def arrival_rolls(self, source):
        """Each waiting trooper rolls d6: 4+ arrives in its sector (RULINGS arrival).

        :returns: list of (trooper id, face, arrived).
        """
        out = []
        for t in self.waiting():
            face = source.randbelow(6) + 1
            ok = arrives(face)
            if ok:
                t["wait"] = False
                for pl in self.d["players"]:
                    v = pl["varan"]
                    if v is not None and v["visible"] and v["init"] == t["at"]:
                        t["up"] = True
            out.append((t["id"], face, ok))
        return out

    # ---- varan reinforcements ----------------------------------------------
    def join(self, name):
        """A new player joins (late join). :returns: her index.
        :raises RuleError: already 6 players, or no varan card left."""
        if len(self.d["players"]) >= MAX_PLAYERS:
            raise RuleError("at most 6 players (%s)" % RULE_SETUP)
        if not self.d["varan_pile"]:
            raise RuleError("no varan card left to deal (%s)" % RULE_REINF)
        self.d["players"].append({"name": name, "kills": 0, "original": True, "varan": None,
                                  "pending": None, "card": self.d["varan_pile"].pop(0),
                                  "deaths": 0, "in": True})
        return len(self.d["players"]) - 1

    def reenter(self, p, place):
        """A player without a varan takes a new one and picks its face-down entry
        place: not Hide, not the centre (Neo-Hunt varan reinforcements).

        :raises RuleError: she still has a varan, or the place is Hide/centre.
        """
        pl = self.d["players"][p]
        if pl["varan"] is not None:
            raise RuleError("%s still has a varan (%s)" % (pl["name"], RULE_REINF))
        place = _place(place)
        if place == HIDE or int(place) == CENTRE:
            raise RuleError("the entry place cannot be Hide or the centre (%s)" % RULE_REINF)
        if pl["card"] is None:
            if not self.d["varan_pile"]:
                raise RuleError("no varan card left to deal (%s)" % RULE_REINF)
            pl["card"] = self.d["varan_pile"].pop(0)
        pl["pending"] = place
        pl["in"] = True

    def enter(self, p):
        """The waiting varan enters at its entry place, now face-up. :returns: place."""
        pl = self.d["players"][p]
        if pl["pending"] is None:
            raise RuleError("%s has no varan waiting to enter (%s)" % (pl["name"], RULE_REINF))
        place = int(pl["pending"])
        self._place_varan(p, place)
        pl["pending"] = None
        return place

    # ---- turns and the order deck -----------------------------------------
    def active(self):
        """Indexes of players with a varan on the board or waiting to enter."""
        out = []
        for p in range(len(self.d["players"])):
            pl = self.d["players"][p]
            if pl["varan"] is not None or pl["pending"] is not None:
                out.append(p)
        return out

    def start_turn(self):
        """Start the next turn: check the end conditions first (RULINGS end).

        :returns: the end dict if the game ended, else None.
        """
        d = self.d
        if d["turn"] > 0:
            if not d["tdeck"] and not d["troopers"]:
                return self.end("no troopers left in the deck or on the board")
            if d["died"] and not self.active():
                return self.end("every varan was killed during the last turn")
        d["died_last"] = d["died"]
        d["died"] = []
        d["turn"] += 1
        d["round"] = 0
        for p in self.active():
            v = d["players"][p]["varan"]
            if v is not None:
                v["moved"] = 0
        return None

    def last_player_check(self):
        """Call when nobody wants to (re)enter: ends the game if at most one player
        is left (RULINGS end). :returns: the end dict or None."""
        if len(self.active()) <= 1:
            return self.end("only one player left and nobody joins")
        return None

    def hand_size(self):
        """Action cards per hand: 11, or the 5-6 player setting (Neo-Hunt
        miscellaneous rules)."""
        count = len(self.active())
        return self.d["settings"]["hand_big"] if count >= 5 else 11

    def start_round(self, source):
        """Shuffle the order deck: one card per varan (on the board or waiting to
        enter) plus the grey trooper card (Neo-Hunt action rounds)."""
        deck = [p for p in self.active()] + [TROOPERS]
        self.d["order"] = shuffle(source, deck)
        self.d["dealt"] = []
        self.d["round"] += 1

    def deal(self):
        """Deal the next order card: a player index or "T". None when the round is over."""
        if not self.d["order"]:
            return None
        card = self.d["order"].pop(0)
        self.d["dealt"].append(card)
        return card

    # ---- combat --------------------------------------------------------------
    def _pos(self, who):
        kind, ref = who
        if kind == "v":
            return self.place_of(ref)
        return self.trooper(ref)["at"]

    def target_state(self, target):
        """To-hit key of a target: ("v", player) or ("t", trooper id). Troopers are
        always visible. Cover comes from the target sector's type.
        :raises RuleError: a hidden varan or a waiting trooper."""
        kind, ref = target
        if kind == "v":
            st = self.state(ref)
            if st == "hidden":
                raise RuleError("a hidden varan cannot be targeted (Neo-Hunt Combat)")
        else:
            t = self.trooper(ref)
            if t["wait"]:
                raise RuleError("T%d has not arrived yet (%s)" % (ref, RULE_TROOPERS))
            st = "visible"
        place = self._pos(target)
        return st + ("_cover" if self.board.has(place, "cover") else "")

    def check_shot(self, attacker, target):
        """None when ``attacker`` may shoot ``target`` (same sector or an open
        adjoining one; not herself; not hidden), else the reason."""
        if attacker == target:
            return "a varan does not shoot itself (Neo-Hunt Combat)"
        try:
            self.target_state(target)
            a = self._pos(attacker)
            b = self._pos(target)
        except RuleError as exc:
            return str(exc)
        if a != b and not self.board.open_between(a, b):
            return "target out of reach: not the same or an open adjoining sector (Neo-Hunt Combat)"
        return None

    def shoot(self, attacker, target, face, modifier=0):
        """Resolve a to-hit roll. A varan shooting is revealed first; the trooper
        target or shooter turns face-up.

        :param attacker/target: ("v", player) or ("t", trooper id).
        :param face: the d6 rolled.
        :returns: (hit, need, state).
        :raises RuleError: see check_shot (nothing changes).
        """
        reason = self.check_shot(attacker, target)
        if reason:
            raise RuleError(reason)
        if attacker[0] == "v":
            if self.state(attacker[1]) != "visible":
                self.reveal(attacker[1])
        else:
            self.trooper(attacker[1])["up"] = True
        if target[0] == "t":
            self.trooper(target[1])["up"] = True
        st = self.target_state(target)
        need = to_hit(st)
        hit = face == 6 or face + modifier >= need
        return hit, need, st

    def _credit(self, attacker):
        if attacker is not None and attacker[0] == "v":
            return attacker[1]
        return None

    def damage(self, attacker, target, hits=1, big_gun=False, extras=(), reduction=0):
        """Apply one attack's damage (capped at 2) to ``target``; may kill it (kills to
        the attacker's player, explosions chained).

        :param attacker: ("v", player), ("t", id) or None (fire).
        :returns: dict {"dmg": int, "killed": [labels], "ignited": bool}.
        :raises RuleError: extra damage cards played twice or already on the target.
        """
        obj = self._target_obj(target)
        dmg = attack_damage(hits, big_gun, extras, obj["burn"], reduction)
        out = {"dmg": dmg, "killed": [], "ignited": False}
        flamer = target[0] == "v" and "flamer" in self.sect["varans"][obj["card"]].get("special", [])
        for kind in extras:
            if kind == FLAME_UP or (kind == AMMO_EXPLOSION and flamer):
                if kind not in obj["burn"]:
                    obj["burn"].append(kind)
                obj["igniter"] = self._credit(attacker)
                out["ignited"] = True
        if out["ignited"] and target[0] == "v":
            self.reveal(target[1])
        self._hurt(target, dmg, self._credit(attacker), out)
        return out

    def _target_obj(self, target):
        if target[0] == "v":
            return self.varan(target[1])
        return self.trooper(target[1])

    def _hurt(self, target, dmg, credit, out):
        obj = self._target_obj(target)
        obj["dmg"] += dmg
        if target[0] == "v":
            if obj["dmg"] >= obj["hits"]:
                self._varan_dies(target[1], credit)
                out["killed"].append(self.d["players"][target[1]]["name"])
        else:
            t = obj
            if t["dmg"] >= self.trooper_type(t)["hits"]:
                at = t["at"]
                t["up"] = True
                self.d["troopers"].remove(t)
                self.d["tdone"] = self.d.get("tdone", 0) + 1
                out["killed"].append("T%d" % t["id"])
                if credit is not None:
                    self.d["players"][credit]["kills"] += 1
                if self.trooper_type(t).get("hunter_killer"):
                    out.setdefault("explosions", []).append(at)
                    self.explode(at, credit, out)

    def _varan_dies(self, q, credit):
        pl = self.d["players"][q]
        pl["kills"] = lose_kill(pl["kills"])
        if credit is not None and credit != q:
            self.d["players"][credit]["kills"] += 1
        pl["varan"] = None
        pl["card"] = None
        pl["original"] = False
        pl["deaths"] += 1
        pl["in"] = False
        self.d["died"].append(q)
        self.d["order"] = [c for c in self.d["order"] if c != q]

    def explode(self, place, credit, out):
        """An explosion in ``place``: every arrived trooper and every varan there takes
        1 damage (our placeholder: the text's explosion rules are missing); kills go
        to ``credit`` (a player index or None), never for her own varan."""
        for t in list(self.on_board()):
            if t["at"] == place and t in self.d["troopers"]:
                self._hurt(("t", t["id"]), 1, credit, out)
        for q in range(len(self.d["players"])):
            if self.d["players"][q]["varan"] is not None and self.place_of(q) == place:
                self._hurt(("v", q), 1, credit, out)

    def after_action(self, p, source):
        """The burning roll at the end of a burning varan's action (RULINGS burning):
        one roll even with both Flame Up and Ammo Explosion.

        :returns: None (not burning) or dict {"face", "result", "dmg", "killed"}.
        """
        pl = self.d["players"][p]
        v = pl["varan"]
        if v is None or not v["burn"]:
            return None
        face = source.randbelow(6) + 1
        result = burning_roll(face)
        out = {"face": face, "result": result, "dmg": 0, "killed": []}
        if result == "out":
            v["burn"] = []
            v["igniter"] = None
        elif result == "hit":
            igniter = v["igniter"]
            out["dmg"] = 1
            self._hurt(("v", p), 1, igniter, out)
        return out

    # ---- the end -------------------------------------------------------------
    def end(self, reason):
        """End the game now. :returns: {"reason", "winner" (index or None), "why"}."""
        players = self.d["players"]
        win, why = winner([(pl["kills"], pl["original"]) for pl in players])
        self.d["ended"] = {"reason": reason, "winner": win, "why": why}
        return self.d["ended"]

    def full_reveal(self):
        """Every move of every varan with its legality, for the end of the game.

        :returns: list of str (one line each). Only for an ended game.
        :raises RuleError: the game is still running (the tracks are secret).
        """
        if self.d["ended"] is None:
            raise RuleError("the tracks are shown only at the end (%s)" % RULE_END)
        lines = []
        for pl in self.d["players"]:
            v = pl["varan"]
            lines.append("%s: %d kills" % (pl["name"], pl["kills"]))
            for t, a, b in (v["hist"] if v else []):
                ok = "ok" if b == HIDE or self.board.why_not(a, int(b)) is None else "ILLEGAL"
                lines.append(" t%d %s>%s %s" % (t, place_name(a), place_name(b), ok))
        return lines

    # ---- saving ----------------------------------------------------------------
    def to_dict(self, sealer):
        """The state as a JSON-ready dict with every secret sealed by ``sealer``."""
        d = _copy(self.d)
        for pl in d["players"]:
            if pl["pending"] is not None:
                pl["pending"] = sealer.seal(str(pl["pending"]))
            v = pl["varan"]
            if v is not None:
                v["track"] = [sealer.seal(c) for c in v["track"]]
                v["hist"] = [[t, sealer.seal(str(a)), sealer.seal(b)] for t, a, b in v["hist"]]
        for t in d["troopers"]:
            if not t["up"]:
                t["type"] = sealer.seal(str(t["type"]))
        d["tdeck"] = [sealer.seal(str(x)) for x in d["tdeck"]]
        return d

    @classmethod
    def load(cls, obj, sect, sealer):
        """Rebuild a game from ``to_dict`` output. :raises ValueError: bad seals."""
        d = _copy(obj)
        for pl in d["players"]:
            if pl["pending"] is not None:
                pl["pending"] = sealer.unseal(pl["pending"])
            v = pl["varan"]
            if v is not None:
                v["track"] = [sealer.unseal(c) for c in v["track"]]
                v["hist"] = [[t, int(sealer.unseal(a)), sealer.unseal(b)] for t, a, b in v["hist"]]
        for t in d["troopers"]:
            if not t["up"]:
                t["type"] = int(sealer.unseal(t["type"]))
        d["tdeck"] = [int(sealer.unseal(x)) for x in d["tdeck"]]
        return cls(d, sect)


def _place(place):
    """Normalise a place to its one-character code. :raises RuleError: unknown."""
    if place == HIDE:
        return HIDE
    text = str(place)
    if len(text) == 1 and "0" <= text <= "6":
        return text
    raise RuleError("unknown place %r: sectors are 0-6 or Hide (%s)" % (place, RULE_MOVE))


def _copy(obj):
    if isinstance(obj, dict):
        return {k: _copy(obj[k]) for k in obj}
    if isinstance(obj, list):
        return [_copy(x) for x in obj]
    return obj


__all__ = ("Game", "PLAIN", "RULE_KILLS", "RULE_BURNING", "ATTACK_CAP")
