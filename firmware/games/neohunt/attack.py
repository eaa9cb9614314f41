"""Neo-Hunt shot screen: target, d6, extra damage cards, damage."""

from firmware.buttons import RIGHT
from firmware.games.neohunt.shared import GAME, HUB, SHORT_STATE, lighten, open_game
from firmware.ui import Menu, adjust
from shared_rules.errors import RuleError
from shared_rules.neohunt.rules import RULE_DAMAGE, RULE_TO_HIT
from shared_rules.neohunt.board import place_name


class NhShoot(Menu):
    """A shot: choose the target (LEFT/RIGHT a modifier -3..+3, the need and the
    exact odds shown; A rolls the d6), then on a hit toggle extra damage
    cards (one of each kind), LEFT/RIGHT on "Reduce" for heavy armor / Flesh Wound,
    "Hits" 1-2 (rapid fire, berserk), then "Apply damage" (B applies it as set: the
    roll stands, RULINGS). Only targets in reach are listed; with none, the
    footer says why. A hidden shooter aims behind "Hand to" (the screen is hers,
    ``"_owner"`` in its state): her reach tells where she is; her shot reveals her
    and the screen is public from the roll on; B cancels with a hand-back. A
    trooper's shot opens here at the damage stage (``trooper_shot`` rolled it; the
    device picked its target), with no extra damage cards: a trooper holds none.

    State: {"att": [kind, ref], "stage": "target" | "damage", "sel", "extras",
    "red", "hits", "tgt", "last", "mod" (absent in older saves: 0), "_owner"
    (a hidden shooter's aim only)}.
    """

    ID = "nh_attack"
    # its on_button keeps B and hands every arrow to Menu.on_button as it is: an
    # UP/DOWN is a cursor move (firmware.saving.moves_only: no digest, no save)
    MENU_ARROWS = True
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A roll, or choose\n"
            "L/R modifier +-3,\n"
            "hits, reduction\n"
            "B back; B on the\n"
            "damage: apply it")
    TITLE = "Shoot"

    def draw(self, app, surface):
        """The menu under a title naming the shooter: "P1 only: shoot" while a hidden
        shooter aims (her private screen), "P1 shoots", then "T2 hit P1: damage"."""
        Menu.draw(self, app, surface)
        g = open_game(app)
        who = _who(g, self.s["att"])
        if self.s.get("_owner"):
            title = who + " only: shoot"
        elif self.s["stage"] == "target":
            title = who + " shoots"
        else:
            # the target named (whose armour or wound cards apply; found by review):
            # names are P1-P6 and T1-T17, so at most 18 columns ("T17 hit P6: damage")
            title = "%s hit %s: damage" % (who, _who(g, self.s["tgt"]))
        surface.text(0, 0, title)

    def targets(self, app):
        """The targets the shooter may shoot at now: ("v", player) or ("t", trooper
        id), each in reach (the same or an open adjoining sector, not hidden:
        check_shot, Neo-Hunt Combat). A hidden shooter's reach comes from her secret
        place, so she chooses on a private screen (opened through "Hand to",
        ``"_owner"`` in the state: neohunt_turns.other)."""
        g = open_game(app)
        att = tuple(self.s["att"])
        return [t for t in self.candidates(g, att) if g.check_shot(att, t) is None]

    def candidates(self, g, att):
        """Everyone the shooter could aim at, reach aside: varans not hidden, and
        for a varan the troopers on the board."""
        out = []
        for q in range(len(g.d["players"])):
            if g.d["players"][q]["varan"] is not None and ("v", q) != att:
                if g.state(q) != "hidden":
                    out.append(("v", q))
        if att[0] == "v":
            for t in g.on_board():
                out.append(("t", t["id"]))
        return out

    def none_why(self, app):
        """Why nobody can be shot at (two lines), or [] when someone can."""
        if self.targets(app):
            return []
        g = open_game(app)
        if not self.candidates(g, tuple(self.s["att"])):
            return ["No target: all", "hidden or gone"]
        return ["None in reach: walls", "or too far. B back"]

    def extras(self, app):
        """The extra damage cards the shooter may play: the pack's for a varan; none
        for a trooper, which holds no action cards (Neo-Hunt troopers)."""
        if self.s["att"][0] == "t":
            return []
        return open_game(app).sect["extra_damage"]

    def label(self, app, target):
        g = open_game(app)
        if target[0] == "v":
            return "%s %s" % (g.d["players"][target[1]]["name"], SHORT_STATE[g.state(target[1])])
        return "T%d %s" % (target[1], place_name(g.trooper(target[1])["at"]))

    def items(self, app):
        if self.s["stage"] == "target":  # only targets in reach (none_why says why none)
            return [self.label(app, t) for t in self.targets(app)] + ["Cancel"]
        # "*" marks a chosen card
        out = [("*" if e in self.s["extras"] else " ") + e for e in self.extras(app)]
        return out + ["Hits %d" % self.s["hits"], "Reduce %d" % self.s["red"], "Apply damage"]

    def footer(self, app):
        """The last roll; on the damage stage, what B does (the hit stands)."""
        out = [self.s["last"]] if self.s["last"] else []
        if self.s["stage"] == "target":
            try:
                why = self.none_why(app)
            except RuleError:  # no game open
                why = []
            odds = self.odds_line(app)
            if odds:
                out = ["Need %s mod %+d" % (odds[0], self.s.get("mod", 0)), odds[1]] + out
            out = why + out
        if self.s["stage"] == "damage":
            out.append("B: apply as set")
        return out

    def odds_line(self, app):
        """The chosen target's need and the exact chance of a hit with the modifier
        (["5+", "hit 2/6=33%"]), from its public state and cover (shared_rules.odds);
        None on Cancel."""
        from shared_rules.neohunt.rules import to_hit
        from shared_rules.odds import chance_text, shot_odds
        try:
            targets = self.targets(app)
            sel = self.s["sel"]
            if sel >= len(targets):
                return None
            state = open_game(app).target_state(targets[sel])
        except RuleError:  # no game open, or the target cannot be shot at
            return None
        return ["%d+" % to_hit(state), "hit " + chance_text(*shot_odds(state, self.s.get("mod", 0)))]

    def on_button(self, app, name, kind):
        """B on the damage stage applies the damage as set (RULINGS: a roll once
        made stands, its effects apply; undo is the only way back); elsewhere as
        Menu (B before the roll cancels: nothing was rolled)."""
        if name == "B" and kind != "long" and self.s["stage"] == "damage":
            self.choose(app, len(self.extras(app)) + 2)
            return
        if name == "B" and kind != "long" and self.s.get("_owner"):
            app.hand_back("Cancelled")  # a private aim: nothing rolled, nothing shown
            return
        Menu.on_button(self, app, name, kind)

    def side(self, app, name, kind):
        if self.s["stage"] == "target":  # a modifier, as on the stand-alone shot
            self.s["mod"] = adjust(self.s.get("mod", 0), name, kind, -3, 3)
            return
        if self.s["stage"] != "damage":
            return
        extras = self.extras(app)
        if self.s["sel"] == len(extras):
            self.s["hits"] = adjust(self.s["hits"], name, kind, 1, 2)
        elif self.s["sel"] == len(extras) + 1:
            self.s["red"] = adjust(self.s["red"], name, kind, 0, 2)

    def choose(self, app, index):
        self.act(app, index)
        lighten(app)

    def act(self, app, index):
        """Roll the shot or apply the damage for the entry at ``index``."""
        screen = app.find(HUB)
        g = screen.game(app)
        s = self.s
        att = tuple(s["att"])
        if s["stage"] == "target":
            targets = self.targets(app)
            if index >= len(targets):
                if s.get("_owner"):
                    app.hand_back("Cancelled")
                else:
                    app.pop()
                return
            target = targets[index]
            label = self.label(app, target)
            # reach is checked before any die is drawn: a refused shot draws nothing
            # (targets() lists only those in reach; this guards a changed game)
            reason = g.check_shot(att, target)
            if reason:
                app.notice("Not allowed", reason)
                return
            face = app.source.randbelow(6) + 1
            mod = s.get("mod", 0)
            hidden = att[0] == "v" and g.state(att[1]) == "hidden"
            hit, need, st = g.shoot(att, target, face, mod)
            s.pop("_owner", None)  # the shot shows the shooter: the screen is public now
            if hidden:  # RULINGS: the attack shows the attacker; the table moves her piece
                s["rev"] = "%s revealed: %s" % (_who(g, att), place_name(g.place_of(att[1])))
                from firmware.app import log
                log(s["rev"])
            app.remember_roll("d6 shot", face)
            out = {"d6": face, "need": need, "hit": hit}
            if hidden:  # the place the table now sees, in the journal too (found by a new
                # user: the log did not say when or where a hidden shooter was revealed;
                # a Hide card she leaves is discarded unseen and stays sealed: secrets.py)
                out["revealed"] = place_name(g.place_of(att[1]))
            app.record(GAME, "shot", {"by": _who(g, att), "at": label, "state": st, "mod": mod},
                       out, RULE_TO_HIT)
            screen.commit(app)
            s["last"] = "d6 %d need %d %s" % (face, need, "HIT" if hit else "MISS")
            if hit:
                s["stage"] = "damage"
                s["tgt"] = list(target)
                s["sel"] = 0
                return
            self.done(app, screen, g, att)
            from firmware.screens.result import show
            show(app, "Shot", ["%s at %s" % (_who(g, att), label),
                               "need %d+, d6 %d" % (need, face)
                               + (" %+d" % mod if mod else ""), "MISS"]
                 + ([s.pop("rev")] if s.get("rev") else []))
            return
        extras = self.extras(app)
        if index < len(extras):
            e = extras[index]
            if e in s["extras"]:
                s["extras"].remove(e)
            else:
                s["extras"].append(e)
            return
        if index < len(extras) + 2:
            self.side(app, RIGHT, "short")
            return
        target = tuple(s["tgt"])
        big = att[0] == "v" and "big gun" in g.sect["varans"][g.varan(att[1])["card"]].get("special", [])
        label = self.label(app, target)  # before the damage: a killed trooper leaves
        try:
            out = g.damage(att, target, s["hits"], big, s["extras"], s["red"])
        except RuleError as exc:
            screen.reopen()
            app.notice("Not allowed", str(exc))
            return
        app.record(GAME, "damage", {"by": _who(g, att), "extras": s["extras"], "hits": s["hits"],
                                    "reduce": s["red"]}, out, RULE_DAMAGE)
        screen.commit(app)
        lines = ["%s at %s" % (_who(g, att), label)] + ([s["last"]] if s["last"] else [])
        if s.get("rev"):  # the shooter, hidden until this shot
            lines.append(s.pop("rev"))
        lines.append("%d damage" % out["dmg"])
        if out["ignited"]:
            lines.append("burning")
        if out["killed"]:
            lines.append("killed " + ", ".join(out["killed"]))
        if out.get("explosions"):  # its effect is our stand-in (neohunt_combat.explode)
            lines.append("explosion in %s (stand-in)" % ", ".join(place_name(p) for p in out["explosions"]))
        for q in out.get("revealed", ()):
            lines.append("%s revealed" % g.d["players"][q]["name"])
        self.done(app, screen, g, att)
        from firmware.screens.result import show
        show(app, "Hit", lines)

    def done(self, app, screen, g, att):
        app.pop()
        if att[0] == "v":
            screen.go("deal")
            screen.turns(app, "after", g, att[1])
            screen.commit(app)


def trooper_shot(app, screen, g, tid):
    """"T<n> shoots": the device picks the target among the trooper's equal ones
    with the session dice (RULINGS trooper targets; which targets are equal is
    our stand-in, shared_rules.neohunt.troopers.equal_targets), rolls the d6 and
    journals both in one "shot" entry (``in.among``: the equal targets' labels,
    ``in.at`` the one picked; `referee verify` recomputes the pick). The trooper has
    used its action, hit or miss. A hit opens the damage stage of NhShoot.

    :raises RuleError: the trooper cannot act now or has no varan in reach
        (nothing drawn, nothing journaled).
    """
    target, among = g.pick_target(tid, app.source)
    face = app.source.randbelow(6) + 1
    att = ("t", tid)
    hit, need, st = g.shoot(att, target, face)
    names = [g.d["players"][t[1]]["name"] for t in among]
    label = g.d["players"][target[1]]["name"]
    app.remember_roll("d6 shot", face)
    app.record(GAME, "shot", {"by": "T%d" % tid, "at": label, "among": names, "state": st},
               {"d6": face, "need": need, "hit": hit}, RULE_TO_HIT)
    screen.commit(app)
    last = "d6 %d need %d %s" % (face, need, "HIT" if hit else "MISS")
    why = ("random of %s (stand-in: equal = lowest to-hit in reach)" % ", ".join(names)
           if len(names) > 1 else "the only target in reach at the lowest to-hit (stand-in)")
    if hit:
        app.push(NhShoot({"att": ["t", tid], "stage": "damage", "sel": 0, "extras": [],
                          "red": 0, "last": last, "hits": 1, "tgt": list(target)}))
    app.notice("T%d shoots %s" % (tid, label), "%s. Target: %s." % (last, why))


def _who(g, who):
    if who[0] == "v":
        return g.d["players"][who[1]]["name"]
    return "T%d" % who[1]
