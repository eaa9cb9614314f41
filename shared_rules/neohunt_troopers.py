"""Neo-Hunt troopers and varan reinforcements for the Game object
(shared_rules.neohunt_game): the trooper deck, reinforcement phase, arrival rolls,
face-down trooper types, late joins and re-entry (RULINGS "Neo-Hunt"). A mixin on
the Game's state ``self.d``."""

from shared_rules.errors import RuleError
from shared_rules.neohunt import (MAX_PLAYERS, RULE_REINF, RULE_SETUP, RULE_TROOPERS,
                                  TROOPER_CAP, arrives, place_code)
from shared_rules.neohunt_board import CENTRE, HIDE


class Troopers:
    """Trooper and reinforcement methods of Game."""

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
                                  "deaths": 0, "in": True, "hist": []})
        return len(self.d["players"]) - 1

    def reenter(self, p, place):
        """A player without a varan takes a new one and picks its face-down entry
        place: not Hide, not the centre (Neo-Hunt varan reinforcements).

        :raises RuleError: she still has a varan, or the place is Hide/centre.
        """
        pl = self.d["players"][p]
        if pl["varan"] is not None:
            raise RuleError("%s still has a varan (%s)" % (pl["name"], RULE_REINF))
        place = place_code(place)
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

