"""Cybernaut RealWorld: Interaction, movement, combat (V, VI, VIII) and victory (I, IV.B.3)."""

from shared_rules.cybernaut.rules import (SEG_ATTACK, SEG_INTERACTION, SEG_NR_MOVE, SEG_NSA_MOVE,
                                    interaction)
from shared_rules.cybernaut.rw import (check_move, encounter_combat, encounter_fire_value,
                                       realworld_combat)
from shared_rules.cybernaut.grid import (R_ATTACK, R_END, R_INTER_ONCE, R_RW_MOVE)
from shared_rules.errors import RuleError


class WorldPart:
    """Mixed into cybernaut_net.Game (shares its state ``self.s``)."""

    # ---- RealWorld (Cybernaut V, VI, VIII) -------------------------------------------
    def interact(self, indices, source):
        """One Interaction attempt by Cybernauts ``indices`` (a group or one) in
        their sprawl (Cybernaut V.A-B; RULINGS Interaction).

        :returns: (events, out) where out is shared_rules.cybernaut.rules.interaction's dict.
        :raises RuleError: wrong segment, eliminated, not all in one sprawl, or a
            Cybernaut already in an Interaction this turn (V.B.1).
        """
        self._need_seg(SEG_INTERACTION)
        if not indices:
            raise RuleError("an Interaction needs at least one Cybernaut (Cybernaut V.A)")
        cybs = [self.s["cybs"][i] for i in indices]
        sprawl = cybs[0]["at"]
        for cyb in cybs:
            if not cyb["alive"]:
                raise RuleError("%s is eliminated (Cybernaut II.A.4)" % cyb["name"])
            if cyb["inter"]:
                raise RuleError("%s already took part in an Interaction this turn (%s)"
                                % (cyb["name"], R_INTER_ONCE))
            if cyb["at"] != sprawl:
                raise RuleError("a group interacts in one sprawl: %s is in %s, not %s (Cybernaut V.B.2)"
                                % (cyb["name"], cyb["at"], sprawl))
        environ = self.pack.data["sprawls"][sprawl]["environ"]
        out = interaction(self.pack, environ, [c["rw"] for c in cybs], source)
        for cyb in cybs:
            cyb["inter"] = True
        text = out["interaction"].text
        events = [{"kind": "interaction", "rule": "Cybernaut V.A", "who": [c["name"] for c in cybs],
                   "sprawl": sprawl, "environ": environ, "d10": out["face"], "total": out["total"],
                   "result": text}]
        codes = text.split()
        if "A" in codes:
            for i in indices:
                events.extend(self.reveal_cybernaut(i, "Interaction A", source))
        if "C" in codes:
            events.extend(self.gain_chit(indices[0], source))
        if "T" in codes:  # gain TechGear (cybernaut_techgear: only loaded for it)
            from shared_rules.cybernaut.techgear import gain_techgear
            events.extend(gain_techgear(self, indices[0], source))
        if "H" in codes:
            for i in indices:
                events.extend(self.hide_cybernaut(i, "Interaction H"))
        if out["encounter"] is not None:
            enc, first, second = out["encounter"]
            if sprawl not in self.s["enc"]:
                self.s["enc"].append(sprawl)
            events.append({"kind": "encounter", "rule": "Cybernaut V.D", "sprawl": sprawl,
                           "dice": [first, second], "total": enc.roll, "result": enc.text})
            third = encounter_fire_value(self.pack, enc)
            if third is not None:
                fires = encounter_combat(self.pack, "Netrunner", sum(c["rw"] for c in cybs),
                                         third, source)
                events.append({"kind": "encounter_combat", "rule": "Cybernaut VIII.D",
                               "fires": [[f[0], f[1]] for f in fires]})
        return events, out

    def move_units(self, names, path):
        """RealWorld movement of one unit or a group along ``path`` (Cybernaut VI).

        :param names: Cybernaut names (Netrunner segment) or SS unit names (NSA
            segment), all in ``path[0]``, none moved yet this segment.
        Reading "move" (cybernaut_readings.READINGS, Cybernaut VI.A.2: each point only
        once in the segment): "once" (default) lets a unit move once per movement
        segment, one path; "legs" lets it move again with the points it has not
        spent yet this segment (a group: its highest remaining value, VI.B.1).

        :raises RuleError: wrong side for the segment, not together, moved already
            ("once"), a missing TransLine or not enough points (VI.A.3, VI.B.1), SS Max.
        """
        if self.s["seg"] == SEG_NR_MOVE:
            self._need_seg(SEG_NR_MOVE)
            units = [c for c in self.s["cybs"] if c["name"] in names and c["alive"]]
        elif self.s["seg"] == SEG_NSA_MOVE:
            self._need_seg(SEG_NSA_MOVE)
            units = [u for u in self.s["ss"] if u["name"] in names]
            limit = self.ss_max()
            if limit is not None:
                acted = len([u for u in self.s["ss"] if u["acted"] and u["name"] not in names])
                if acted + len(units) > limit:
                    raise RuleError("SS Max is %d this turn (Cybernaut II.A.7)" % limit)
        else:
            raise RuleError("units move only in a RealWorld Movement segment (%s)" % R_RW_MOVE)
        if len(units) != len(names) or not units:
            raise RuleError("those units cannot move in this segment (Cybernaut VI: NSA units "
                            "never move in the Netrunner turn, nor Cybernauts in the NSA turn)")
        for unit in units:
            if unit["at"] != path[0]:
                raise RuleError("%s is in %s, not %s: a group starts together (Cybernaut VI.B.2)"
                                % (unit["name"], unit["at"], path[0]))
            if unit.get("moved") and self.reading("move") == "once":
                raise RuleError("%s already moved this segment (Cybernaut VI.A.2)" % unit["name"])
        # reading "move" "legs": another leg with the points not used yet (VI.A.2)
        spent = check_move(self.pack, path, [u["rw"] - u.get("spent", 0) for u in units])
        for unit in units:
            unit["at"] = path[-1]
            unit["moved"] = True
            if self.reading("move") == "legs":
                unit["spent"] = unit.get("spent", 0) + spent
            if "acted" in unit:
                unit["acted"] = True
        events = [{"kind": "move", "rule": "Cybernaut VI.B" if len(units) > 1 else "Cybernaut VI.A",
                   "units": list(names), "path": list(path), "spent": spent}]
        if self.s.get("az"):  # Autonomous Zones this turn (V.C.5)
            from shared_rules.cybernaut.zones import zone_hides
            events.extend(zone_hides(self, names, path))
        return events

    def make_zone(self, sprawl):
        """Declare an Autonomous Zone (cybernaut_zones.make_zone: the reading, errors)."""
        from shared_rules.cybernaut.zones import make_zone
        return make_zone(self, sprawl)

    def attack(self, sprawl, ss_names, source):
        """The NSA's attack in ``sprawl`` (Cybernaut VIII): NSA fires, revealed
        Cybernauts fire back. :raises RuleError: wrong segment, a second attack
        there, no revealed target, units not there, SS Max."""
        self._need_seg(SEG_ATTACK)
        if sprawl in self.s["attacked"]:
            raise RuleError("one attack per sprawl each NSA turn (%s.1)" % R_ATTACK)
        units = [u for u in self.s["ss"] if u["name"] in ss_names and u["at"] == sprawl]
        if not units or len(units) != len(ss_names):
            raise RuleError("the attacking SS units must be in %s (Cybernaut VIII.A.1)" % sprawl)
        limit = self.ss_max()
        if limit is not None and len(units) > limit:
            raise RuleError("SS Max is %d this turn (Cybernaut II.A.7)" % limit)
        targets = [c for c in self.s["cybs"] if c["alive"] and c["at"] == sprawl and not c["hidden"]]
        if not targets:
            raise RuleError("no revealed Cybernaut in %s: hidden ones cannot be attacked (Cybernaut V.C)"
                            % sprawl)
        self.s["attacked"].append(sprawl)
        for unit in units:
            unit["acted"] = True
        fires = realworld_combat(self.pack, sum(u["rw"] for u in units),
                                 sum(c["rw"] for c in targets), source)
        from shared_rules.cybernaut.losses import attack_losses
        losses = attack_losses(fires, [c["name"] for c in targets], ss_names, sprawl)
        self.s["losses"] = losses
        return [{"kind": "attack", "rule": "Cybernaut VIII.A", "sprawl": sprawl,
                 "ss": list(ss_names), "targets": [c["name"] for c in targets],
                 "fires": [[f[0], f[1]] for f in fires],
                 "losses": [[x["side"], x["left"]] for x in losses]}]

    def losses(self):
        """Units still to remove after RealWorld combat (cybernaut_losses.attack_losses)."""
        return self.s.get("losses") or []

    def remove_unit(self, name):
        """Remove unit ``name`` as a RealWorld combat result demands (Cybernaut VIII.C;
        cybernaut_losses.remove_unit: its errors)."""
        from shared_rules.cybernaut.losses import remove_unit
        return remove_unit(self, name)

    def eliminate_ss(self, name):
        """An SS unit eliminated: back to the NSA container (Cybernaut VIII.C.1)."""
        for unit in self.s["ss"]:
            if unit["name"] == name:
                unit["at"] = None
                return [{"kind": "ss_eliminated", "rule": "Cybernaut VIII.C.1", "unit": name}]
        raise RuleError("no SS unit '%s'" % name)

    def eliminate_cybernaut(self, index, rule):
        """Cybernaut ``index`` eliminated: its chits go to the Netrunner container,
        its controlled Files back to the NSA (Cybernaut VII.G.2, VIII.C.2)."""
        cyb = self.s["cybs"][index]
        cyb["alive"] = False
        for chit in self.box(index):
            self._to_cup(chit)
        for chit in self.s.get("tg") or ():  # its TechGear too (VIII.C.2)
            if chit["w"] == "box" and chit["cyb"] == index:
                chit["w"] = "cup"
                chit["cyb"] = None
        returned = self._files_back(index)
        return [{"kind": "cybernaut_eliminated", "rule": rule, "name": cyb["name"],
                 "files_back": len(returned)}]

    def _files_back(self, index):
        out = []
        for chit in self.held_files(index):
            chit["w"] = "pending"
            chit["cyb"] = None
            out.append(chit["id"])
        if out and self.s["after"] is None:
            self.s["after"] = {"stage": "replace"}
        return out

    def _to_cup(self, chit):
        chit["w"] = "cup"
        chit["at"] = None
        chit["cyb"] = None
        chit["up"] = False

    def gain_chit(self, index, source):
        """Interaction "C": a Netrunner chit drawn at random from the container into
        Cybernaut ``index``'s holding box (Cybernaut V). :returns: events."""
        cup = [c for c in self.s["nr"] if c["w"] == "cup"]
        if not cup:
            return [{"kind": "cup_empty", "rule": "Cybernaut II.B"}]
        chit = cup[source.randbelow(len(cup))]
        chit["w"] = "box"
        chit["cyb"] = index
        event = {"kind": "chit_gained", "rule": "Cybernaut V.A", "cyb": self.s["cybs"][index]["name"]}
        detail = {"chit": chit["id"], "type": chit["t"]}
        if self.nr_visible(chit):  # a revealed Cybernaut's box is open to the NSA (V.C.3)
            event.update(detail)
        else:  # a hidden Cybernaut's box is not (V.C.4)
            event["hide"] = detail
        return [event]

    # ---- the end (Cybernaut I, IV.B.3) --------------------------------------------
    def victory(self):
        """Victory points: Netrunner = NSA Files destroyed plus Files controlled;
        NSA = eliminated Cybernauts. :returns: dict with "netrunner", "nsa",
        "winner" ("Netrunner", "NSA" or "draw"). A tie is a draw, or the NSA's with
        the reading "tie" = "nsa" (cybernaut_readings.READINGS; Cybernaut IV.B.3)."""
        files = len([c for c in self.s["nsa"] if c["w"] in ("files", "held")])
        dead = len([c for c in self.s["cybs"] if not c["alive"]])
        winner = "draw" if self.reading("tie") == "draw" else "NSA"  # reading "tie"
        if files > dead:
            winner = "Netrunner"
        elif dead > files:
            winner = "NSA"
        return {"netrunner": files, "nsa": dead, "winner": winner}

    def full_reveal(self):
        """After the game: every NSA and Netrunner chit's type, place and address
        (list of [id, type, place, address]; NSA ids "x..", Netrunner ids "n.."), then
        each TechGear chit in a holding box as [id, type, "box", Cybernaut's name]
        (ids "t..", V.A; those left in the container were never drawn).
        :raises RuleError: the game is not over (IV.B.3)."""
        if not self.s["over"]:
            raise RuleError("the full reveal comes at the end of turn 10 (%s)" % R_END)
        rows = [[c["id"], c["t"], c["w"], c["at"]] for c in self.s["nsa"] + self.s["nr"]]
        for c in self.s.get("tg") or ():
            if c["w"] == "box":
                rows.append([c["id"], c["t"], "box", self.s["cybs"][c["cyb"]]["name"]])
        return rows

    def recruit(self, name, sprawl):
        """A "Recruit" Encounter result: a new Cybernaut from the counter mix joins,
        hidden, in the sprawl of the Interaction (Cybernaut V.E.1).

        :raises RuleError: not in the counter mix, already in play (the mix is the
            limit, Cybernaut II.B), or an unknown sprawl.
        """
        info = None
        for item in self.pack.data["cybernauts"]:
            if item["name"] == name:
                info = item
        if info is None:
            raise RuleError("no Cybernaut '%s' in the counter mix (Cybernaut V.E.1)" % name)
        for cyb in self.s["cybs"]:
            if cyb["name"] == name:
                raise RuleError("Cybernaut %s is already in play: the counter mix is the limit "
                                "(Cybernaut II.B, V.E.1)" % name)
        if sprawl not in self.pack.data["sprawls"]:
            raise RuleError("no sprawl '%s' on the map (Cybernaut II.A.1)" % sprawl)
        self.s["cybs"].append({"name": name, "rw": info["realworld"], "ww": info["wetware"],
                               "at": sprawl, "hidden": True, "why": "recruit", "alive": True,
                               "inter": True, "moved": False})
        return [{"kind": "recruit", "rule": "Cybernaut V.E.1", "name": name, "at": sprawl}]

    def body_bank(self, index, sprawl):
        """A "Body Bank" Encounter result: eliminated Cybernaut ``index`` returns,
        hidden, in the sprawl of the Interaction (Cybernaut II.A.4, VIII.C.2)."""
        cyb = self.s["cybs"][index]
        if cyb["alive"]:
            raise RuleError("%s is not eliminated (Cybernaut VIII.C.2)" % cyb["name"])
        if sprawl not in self.pack.data["sprawls"]:
            raise RuleError("no sprawl '%s' on the map (Cybernaut II.A.1)" % sprawl)
        cyb["alive"] = True
        cyb["hidden"] = True
        cyb["why"] = "body bank"
        cyb["at"] = sprawl
        cyb["inter"] = True
        return [{"kind": "body_bank", "rule": "Cybernaut VIII.C.2", "name": cyb["name"], "at": sprawl}]
