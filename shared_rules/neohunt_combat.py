"""Neo-Hunt combat for the Game object (shared_rules.neohunt_game): targets and
to-hit by state and cover, shots, damage with the cap, burning, deaths, kills and
explosions (Neo-Hunt Combat; RULINGS "Neo-Hunt"). A mixin: it works on the Game's
state ``self.d`` and helpers (varan, trooper, place_of, state, reveal)."""

from shared_rules.errors import RuleError
from shared_rules.neohunt import RULE_TROOPERS, attack_damage, burning_roll, lose_kill, to_hit

FLAME_UP = "Flame Up"
AMMO_EXPLOSION = "Ammo Explosion"


class Combat:
    """Combat methods of Game (see shared_rules.neohunt_game.Game)."""

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

