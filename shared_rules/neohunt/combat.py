"""Neo-Hunt combat for the Game object (shared_rules.neohunt.game): targets and
to-hit by state and cover, shots, damage with the cap, burning, deaths, kills and
explosions (Neo-Hunt Combat; RULINGS "Neo-Hunt"). Functions taking the Game ``g`` first
(imported only when needed, dropped by the device between actions); they use its
state ``g.d`` and helpers (varan, trooper, place_of, state, reveal)."""

from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import (AMMO_EXPLOSION, FLAME_UP, RULE_TROOPERS, attack_damage, burning_roll,
                                  lose_kill, to_hit)


def _pos(g, who):
    kind, ref = who
    if kind == "v":
        return g.place_of(ref)
    return g.trooper(ref)["at"]

def target_state(g, target):
    """To-hit key of a target: ("v", player) or ("t", trooper id). Troopers are
    always visible. Cover comes from the target sector's type.
    :raises RuleError: a hidden varan or a waiting trooper."""
    kind, ref = target
    if kind == "v":
        st = g.state(ref)
        if st == "hidden":
            raise RuleError("a hidden varan cannot be targeted (Neo-Hunt Combat)")
    else:
        t = g.trooper(ref)
        if t["wait"]:
            raise RuleError("T%d has not arrived yet (%s)" % (ref, RULE_TROOPERS))
        st = "visible"
    place = _pos(g, target)
    return st + ("_cover" if g.board.has(place, "cover") else "")

def check_shot(g, attacker, target):
    """None when ``attacker`` may shoot ``target`` (same sector or an open
    adjoining one, walls blocking both ways; not herself; not hidden; a trooper
    that has not acted this round and did not just arrive: why_idle), else the
    reason (Neo-Hunt Combat, troopers; RULINGS walls, trooper actions)."""
    if attacker == target:
        return "a varan does not shoot itself (Neo-Hunt Combat)"
    if attacker[0] == "t":
        try:
            reason = g.why_idle(attacker[1])
        except RuleError as exc:
            return str(exc)
        if reason:
            return reason
    try:
        target_state(g, target)
        a = _pos(g, attacker)
        b = _pos(g, target)
    except RuleError as exc:
        return str(exc)
    if a != b and not g.board.open_between(a, b):
        return "target out of reach: not the same or an open adjoining sector (Neo-Hunt Combat)"
    return None

def shoot(g, attacker, target, face, modifier=0):
    """Resolve a to-hit roll. A varan shooting is revealed first (RULINGS: an
    attack shows the attacker); the trooper target or shooter turns face-up; a
    trooper that shoots has used its action this round, hit or miss (RULINGS
    trooper actions).

    :param attacker/target: ("v", player) or ("t", trooper id).
    :param face: the d6 rolled.
    :returns: (hit, need, state).
    :raises RuleError: see check_shot (nothing changes).
    """
    reason = check_shot(g, attacker, target)
    if reason:
        raise RuleError(reason)
    if attacker[0] == "v":
        if g.state(attacker[1]) != "visible":
            g.reveal(attacker[1])
    else:
        g.trooper(attacker[1])["up"] = True
        g.trooper(attacker[1])["done"] = "shot"
    if target[0] == "t":
        g.trooper(target[1])["up"] = True
    st = target_state(g, target)
    need = to_hit(st)
    hit = face == 6 or face + modifier >= need
    return hit, need, st

def _credit(g, attacker):
    if attacker is not None and attacker[0] == "v":
        return attacker[1]
    return None

def damage(g, attacker, target, hits=1, big_gun=False, extras=(), reduction=0):
    """Apply one attack's damage (capped at 2) to ``target``; may kill it (kills to
    the attacker's player, explosions chained).

    :param attacker: ("v", player), ("t", id) or None (fire).
    :returns: dict {"dmg": int, "killed": [labels], "ignited": bool}.
    :raises RuleError: extra damage cards played twice or already on the target.
    """
    obj = _target_obj(g, target)
    dmg = attack_damage(hits, big_gun, extras, obj["burn"], reduction)
    out = {"dmg": dmg, "killed": [], "ignited": False}
    flamer = target[0] == "v" and "flamer" in g.sect["varans"][obj["card"]].get("special", [])
    for kind in extras:
        if kind == FLAME_UP or (kind == AMMO_EXPLOSION and flamer):
            if kind not in obj["burn"]:
                obj["burn"].append(kind)
            obj["igniter"] = _credit(g, attacker)
            out["ignited"] = True
    if out["ignited"] and target[0] == "v":
        g.reveal(target[1])
    _hurt(g, target, dmg, _credit(g, attacker), out)
    return out

def _target_obj(g, target):
    if target[0] == "v":
        return g.varan(target[1])
    return g.trooper(target[1])

def _hurt(g, target, dmg, credit, out):
    obj = _target_obj(g, target)
    obj["dmg"] += dmg
    if target[0] == "v":
        if obj["dmg"] >= obj["hits"]:
            _varan_dies(g, target[1], credit)
            out["killed"].append(g.d["players"][target[1]]["name"])
    else:
        t = obj
        if t["dmg"] >= g.trooper_type(t)["hits"]:
            at = t["at"]
            t["up"] = True
            g.d["troopers"].remove(t)
            g.d["tdone"] = g.d.get("tdone", 0) + 1
            out["killed"].append("T%d" % t["id"])
            if credit is not None:
                g.d["players"][credit]["kills"] += 1
            if g.trooper_type(t).get("hunter_killer"):
                out.setdefault("explosions", []).append(at)
                explode(g, at, credit, out)

def _varan_dies(g, q, credit):
    pl = g.d["players"][q]
    pl["kills"] = lose_kill(pl["kills"])
    if credit is not None and credit != q:
        g.d["players"][credit]["kills"] += 1
    pl["varan"] = None
    pl["card"] = None
    pl["original"] = False
    pl["deaths"] += 1
    pl["in"] = False
    g.d["died"].append(q)
    g.d["order"] = [c for c in g.d["order"] if c != q]

def explode(g, place, credit, out):
    """An explosion in ``place`` (a Hunter-Killer destroyed). STAND-IN: the text
    (Neo-Hunt Combat, explosions) announces the rules that apply to an explosion
    and then gives none; only who gains its kills is stated. Our stand-in: every
    arrived trooper and every varan in that sector takes 1 damage (hidden ones too;
    no damage beyond the sector, walls irrelevant); RULINGS keeps it, and a hidden
    varan that takes that damage is revealed (``out["revealed"]`` gets its player
    index). Kills go to ``credit`` (a player index or None), never for her own
    varan (RULINGS kills). The player sees "(stand-in)" with the explosion on the
    Hit notice.

    :param place: sector 0..6. :param out: the damage result dict (``killed``
        gets the labels of the dead)."""
    for t in list(g.on_board()):
        if t["at"] == place and t in g.d["troopers"]:
            _hurt(g, ("t", t["id"]), 1, credit, out)
    for q in range(len(g.d["players"])):
        if g.d["players"][q]["varan"] is not None and g.place_of(q) == place:
            if g.state(q) == "hidden":
                g.reveal(q)
                out.setdefault("revealed", []).append(q)
            _hurt(g, ("v", q), 1, credit, out)

def after_action(g, p, source):
    """The burning roll at the end of a burning varan's action round (RULINGS
    burning: once per action round of the target, whatever it did, a move, an
    attack or no action): one roll even with both Flame Up and Ammo Explosion.

    :returns: None (not burning) or dict {"face", "result", "dmg", "killed"}.
    """
    pl = g.d["players"][p]
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
        _hurt(g, ("v", p), 1, igniter, out)
    return out


def troopers_burning(g, source):
    """The burning rolls at the end of the troopers' action round (the grey order
    card; RULINGS burning: once per action round of each burning target, whatever
    it did): one d6 per burning trooper on the board, in id order; 1 puts it out,
    6 is one more hit (the igniter gains a kill if it dies).

    :returns: list of dicts {"id", "face", "result", "dmg", "killed"} (empty when
        none burns).
    """
    out = []
    for t in list(g.on_board()):
        if not t["burn"] or t not in g.d["troopers"]:
            continue
        face = source.randbelow(6) + 1
        result = burning_roll(face)
        one = {"id": t["id"], "face": face, "result": result, "dmg": 0, "killed": []}
        if result == "out":
            t["burn"] = []
            t["igniter"] = None
        elif result == "hit":
            one["dmg"] = 1
            _hurt(g, ("t", t["id"]), 1, t["igniter"], one)
        out.append(one)
    return out
