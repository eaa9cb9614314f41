"""A whole Neo-Hunt game as one state object (neo-hunt.txt; RULINGS "Neo-Hunt").

The state is a JSON-ready dict ``game.d``. Secrets in it (each varan's face-down
place cards and their move history, a waiting varan's entry place, face-down
trooper types, the trooper deck, the order cards not dealt yet, the varan pile)
are kept clear in memory and sealed by
``to_dict(sealer)`` into one sealed text; ``Game.load(obj, section, sealer)`` opens
them again. A sealer has ``seal(text) -> str`` and ``unseal(str) -> text`` (the
device's app; ``PLAIN`` for pure tests). Every sealed place is one character
("0".."6" or "H"), every sealed trooper type two digits, every order card one
character and every varan card three digits, so the sealed text's
length tells only public counts.

Places: 0 is the centre, 1..6 the ring (see neohunt_board), "H" is Hide. Illegal
actions raise RuleError with the reason and rule section and change nothing.

Varan states (our reading of the text): a varan with face-down place cards is
hidden; one with only its face-up initial place is cloaked; a revealed varan
(spotted, shot, voluntary reveal) or a burning one is visible until it moves again.
A burning varan is always visible, so its moves are shown at once.
"""

import json

from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import (AMMO_EXPLOSION, ATTACK_CAP, FLAME_UP, MAX_PLAYERS, RULE_BURNING,
                                  RULE_END, RULE_HIDDEN, RULE_KILLS, RULE_MOVE, RULE_ORDER,
                                  RULE_REINF, RULE_SETUP, RULE_TROOPERS, TROOPERS, place_code,
                                  shuffle)
from shared_rules.neohunt.board import HIDE, Board, random_cells



# method name -> the module holding it as a function of the game (Game.__getattr__)
_PARTS = {}
for _name in ("target_state", "check_shot", "shoot", "damage", "explode", "after_action",
              "troopers_burning"):
    _PARTS[_name] = "combat"
for _name in ("reinforce", "arrival_rolls", "join", "reenter", "enter", "why_idle",
              "equal_targets", "pick_target"):
    _PARTS[_name] = "troopers"
for _name in ("start_turn", "last_player_check", "hand_size", "start_round", "deal", "end",
              "full_reveal"):
    _PARTS[_name] = "rounds"


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

    Combat, troopers and turns live in shared_rules.neohunt.combat, _troopers and
    _rounds as functions of the game; ``g.shoot(...)``, ``g.reinforce(...)``,
    ``g.start_turn()`` etc. import them when called (see ``__getattr__``), so the
    device holds only the part an action needs (it drops them after it).
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
                            "pending": None, "card": varans[i], "deaths": 0, "in": True,
                            "hist": []})
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
        place = place_code(place)
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
                       "burn": [], "igniter": None, "moved": 0}

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
        place = place_code(place)
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
        place = place_code(place)
        v = self.varan(p)
        start = self.place_of(p)
        v["track"].append(place)
        self.d["players"][p]["hist"].append([self.d["turn"], start, place])
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

    # ---- troopers on the board and players in the game -------------------------
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

    def active(self):
        """Indexes of players with a varan on the board or waiting to enter."""
        out = []
        for p in range(len(self.d["players"])):
            pl = self.d["players"][p]
            if pl["varan"] is not None or pl["pending"] is not None:
                out.append(p)
        return out

    # ---- combat, troopers, turns: functions of other modules ------------------
    def __getattr__(self, name):
        """``g.shoot(...)`` etc.: the functions of the combat, troopers and rounds
        modules (see _PARTS) called with this game first. The module is imported on
        the call (the device drops it again after the action: RAM), so one lookup
        here replaces a method per function.

        :raises AttributeError: any other name.
        """
        part = _PARTS.get(name)
        if part is None:
            raise AttributeError(name)
        module = __import__("shared_rules.neohunt." + part, None, None, (name,))
        func = getattr(module, name)

        def call(*args):
            return func(self, *args)
        return call

    # ---- saving ----------------------------------------------------------------
    def to_dict(self, sealer):
        """The state as a JSON-ready dict with every secret sealed by ``sealer``
        (the object ``to_text`` writes: see there).

        :param sealer: an object with ``seal(str) -> str`` (the app; PLAIN in tests).
        """
        return json.loads(self.to_text(sealer))

    def to_text(self, sealer):
        """The state as JSON text with every secret sealed by ``sealer`` (what the
        device keeps and saves; ``load(json.loads(text), ...)`` opens it).

        All secrets go into ONE sealed text ``"sec"`` (one seal per save instead of
        one per card: less RAM and flash on the device); where each was, a public
        stand-in stays: a waiting varan's entry place "?", a track's card count, a
        move history's turn numbers, a face-down trooper's type -1, the sizes of
        the trooper deck, the order deck (cards not dealt yet) and the varan pile.
        A save made before the last two were sealed (three sealed parts) loads. The sealed text is one character per place and two digits per
        trooper card, so its length tells only those public counts.

        The stand-ins are put into the state itself while the text is made and the
        secrets put back after (also after an error, e.g. MemoryError): no copy of
        the whole state, hundreds of small objects made and dropped at every press
        of a game the Pico's heap holds in pieces (issue 7).

        :param sealer: an object with ``seal(str) -> str``.
        :returns: str (JSON).
        """
        d = self.d
        parts = []
        for pl in d["players"]:
            text = "-" if pl["pending"] is None else str(pl["pending"])
            v = pl["varan"]
            if v is not None:
                text += "".join(v["track"])
            text += "/" + "".join([str(a) + b for t, a, b in pl["hist"]])
            parts.append(text)
        text = ",".join(parts) + ";"
        parts = None
        for t in d["troopers"]:
            if not t["up"]:
                text += "%02d" % t["type"]
        text += ";" + "".join(["%02d" % x for x in d["tdeck"]])
        # the order cards not dealt yet (a player index or "T") and the varan pile:
        # hidden until drawn (Neo-Hunt action rounds, varan reinforcements)
        text += ";" + "".join([str(c) for c in d["order"]])
        text += ";" + "".join(["%03d" % x for x in d["varan_pile"]])
        sealed = sealer.seal(text)
        text = None
        saved = []  # (dict, key, the secret value): put back in reverse order
        try:
            for pl in d["players"]:
                if pl["pending"] is not None:
                    saved.append((pl, "pending", pl["pending"]))
                    pl["pending"] = "?"
                v = pl["varan"]
                if v is not None:
                    saved.append((v, "track", v["track"]))
                    v["track"] = len(v["track"])
                saved.append((pl, "hist", pl["hist"]))
                pl["hist"] = [h[0] for h in pl["hist"]]
            for t in d["troopers"]:
                if not t["up"]:
                    saved.append((t, "type", t["type"]))
                    t["type"] = -1
            for key in ("tdeck", "order", "varan_pile"):
                saved.append((d, key, d[key]))
                d[key] = len(d[key])
            d["sec"] = sealed
            return json.dumps(d)
        finally:
            d.pop("sec", None)
            for i in range(len(saved) - 1, -1, -1):
                item = saved[i]
                item[0][item[1]] = item[2]

    @classmethod
    def load(cls, obj, sect, sealer):
        """Rebuild a game from ``to_dict`` output.

        :raises ValueError: a bad seal or a sealed text that does not fit the state.
        """
        d = _copy(obj)
        parts = sealer.unseal(d.pop("sec")).split(";")
        if len(parts) == 3:  # a save from before the order deck and varan pile were sealed
            parts += [None, None]
        if len(parts) != 5:
            raise ValueError("Neo-Hunt save: the sealed part does not fit the state")
        players, types, deck, order, pile = parts
        players = players.split(",")
        if len(players) != len(d["players"]) or len(deck) != 2 * d["tdeck"]:
            raise ValueError("Neo-Hunt save: the sealed part does not fit the state")
        if order is not None:
            if len(order) != d["order"] or len(pile) != 3 * d["varan_pile"]:
                raise ValueError("Neo-Hunt save: the sealed part does not fit the state")
            d["order"] = [c if c == TROOPERS else int(c) for c in order]
            d["varan_pile"] = [int(pile[k:k + 3]) for k in range(0, len(pile), 3)]
        for i in range(len(players)):
            pl = d["players"][i]
            head, hist = players[i].split("/")
            pl["pending"] = None if head[0] == "-" else head[0]
            v = pl["varan"]
            if v is not None:
                v["track"] = list(head[1:1 + v["track"]])
            pl["hist"] = [[pl["hist"][k], int(hist[2 * k]), hist[2 * k + 1]]
                          for k in range(len(pl["hist"]))]
        k = 0
        for t in d["troopers"]:
            if not t["up"]:
                t["type"] = int(types[k:k + 2])
                k += 2
        d["tdeck"] = [int(deck[k:k + 2]) for k in range(0, len(deck), 2)]
        return cls(d, sect)


def _copy(obj):
    if isinstance(obj, dict):
        return {k: _copy(obj[k]) for k in obj}
    if isinstance(obj, list):
        return [_copy(x) for x in obj]
    return obj


__all__ = ("Game", "PLAIN", "FLAME_UP", "AMMO_EXPLOSION", "RULE_KILLS", "RULE_BURNING", "ATTACK_CAP",
           "RULE_END", "RULE_HIDDEN", "RULE_MOVE", "RULE_ORDER", "RULE_REINF", "RULE_SETUP",
           "RULE_TROOPERS", "TROOPERS")
