"""Cybernaut netrun: entry, moves, placing chits (VII.A-E) and what follows logoff (VII.H.4-5)."""

from shared_rules.cybernaut.rules import SEG_NETRUN
from shared_rules.cybernaut.grid import (R_ENTRY, R_JUMP, R_MOBILE, R_NSA_OPS, R_OPS, R_PLACE,
    R_REGEN, R_REPLACE, R_STEP, check_address, neighbours)
from shared_rules.errors import RuleError


class RunPart:
    """Mixed into cybernaut_net.Game (shares its state ``self.s``)."""

    # ---- the netrun (Cybernaut VII) -------------------------------------------------
    def _run(self, part):
        run = self.s["run"]
        if run is None:
            raise RuleError("no netrun is on (Cybernaut VII.A)")
        if part is not None and run["part"] != part:
            raise RuleError("it is the %s part of impulse %d (Cybernaut IV.A.3.b)"
                            % ("Netrunner" if run["part"] == "NR" else "NSA", run["imp"]))
        return run

    def _spend(self, run, cost, rule):
        if run["ops"] < cost:
            raise RuleError("needs %d Ops Points, %d left (%s)" % (cost, run["ops"], rule))
        run["ops"] -= cost

    def entry_points(self, index):
        """Where Cybernaut ``index`` may enter: its own sprawl's green address, any
        GAP, any address with a Back Door (Cybernaut VII.A.2). :returns: list."""
        sprawl = self.s["cybs"][index]["at"]
        out = [a for a in self.green if self.green[a] == sprawl]
        out.extend(self.gaps)
        for chit in self.nr_in_space():
            if self.nr_types[chit["t"]].get("backdoor") and chit["at"] not in out:
                out.append(chit["at"])
        return out

    def start_netrun(self, index, at, source):
        """Set up the netrun: Cybernaut ``index``'s Ghost enters at ``at`` (VII.A).

        :raises RuleError: not the Netrun segment, a second netrun this turn, an
            eliminated Cybernaut, an entry point the rules do not allow.
        """
        self._need_seg(SEG_NETRUN)
        if self.s["run"] is not None or self.s["ran"]:
            raise RuleError("only one netrun each Netrun segment (Cybernaut VII)")
        if self.s["after"] is not None:
            raise RuleError("the NSA must finish re-placement first (%s)" % R_REPLACE)
        if index < 0 or index >= len(self.s["cybs"]) or not self.s["cybs"][index]["alive"]:
            raise RuleError("that Cybernaut is not in play (Cybernaut VII.A.1)")
        check_address(at)
        if at not in self.entry_points(index):
            raise RuleError("%s is not an entry point for %s: own sprawl's green address, a GAP "
                            "or a Back Door only (%s)" % (at, self.s["cybs"][index]["name"], R_ENTRY))
        cyb = self.s["cybs"][index]
        self.s["ran"] = True
        self.s["run"] = {"cyb": index, "imp": 1, "part": "NR", "ops": cyb["ww"], "ghost": at,
                         "just": None, "burned": []}
        events = [{"kind": "netrun_start", "rule": "Cybernaut VII.A", "cyb": cyb["name"], "at": at,
                   "ops": cyb["ww"]}]
        events.extend(self._arrived("NR", None, at, source))
        return events

    def _step_or_jump(self, run, here, there, cost_rule_side):
        """Check and pay a move from ``here`` to ``there``: 'step' or 'jump'."""
        if here == there:
            raise RuleError("%s is where it already is (Cybernaut VII.E.1)" % there)
        check_address(there)
        if there in neighbours(here):
            self._spend(run, 1, cost_rule_side)
            return "step"
        # reading "jump" (VII.E.2): "up" needs both Nexus chits face up, "any" not;
        # the NSA moving its own chits knows its face-down Nexus chits: either way
        blind = cost_rule_side == R_NSA_OPS or self.reading("jump") == "any"
        start = [c for c in self.in_space(here) if self.is_nexus(c) and (c["up"] or blind)]
        end = [c for c in self.in_space(there) if self.is_nexus(c) and (c["up"] or blind)]
        if here[0] == there[0] and abs(int(here[1]) - int(there[1])) == 1 and \
                abs(int(here[2]) - int(there[2])) == 1 and not end:
            # a diagonal neighbour is refused as a step; a Nexus jump to it stays
            # possible ("regardless of the distance", VII.E.2)
            raise RuleError("%s to %s is diagonal: moves cross sides, never corners (%s)"
                            % (here, there, R_STEP))
        if not start:
            if here[0] != there[0]:
                raise RuleError("%s and %s are in different grids: only a Nexus jump crosses grids "
                                "(%s)" % (here, there, R_JUMP))
            raise RuleError("%s is not side-adjacent to %s and %s has no revealed Nexus to jump "
                            "from (%s, %s)" % (there, here, here, R_STEP, R_JUMP))
        if not self.red(start[0]):
            raise RuleError("the Nexus at %s is a Dead End: no jumps from it (%s)" % (here, R_JUMP))
        if not end:
            raise RuleError("no revealed Nexus at %s to jump to (%s)" % (there, R_JUMP))
        if not self.red(end[0]):
            raise RuleError("the Nexus at %s is a Dead End: no jumps to it (%s)" % (there, R_JUMP))
        common = [n for n in self.red(start[0]) if n in self.red(end[0])]
        if not common:
            raise RuleError("the Nexus chits at %s and %s share no red number (%s)"
                            % (here, there, R_JUMP))
        self._spend(run, 1, cost_rule_side)
        return "jump"

    def ghost_move(self, there, source):
        """Move the Ghost one step or one Nexus jump (1 Ops Point; Cybernaut VII.E).

        :returns: events (the move, reveals, strike, chain, alert...).
        :raises RuleError: not the Netrunner part, no Ops Points, diagonal, across
            grids without a jump, a jump without matching revealed Nexus chits.
        """
        run = self._run("NR")
        here = run["ghost"]
        how = self._step_or_jump(run, here, there, R_OPS)
        run["ghost"] = there
        run["just"] = there
        events = [{"kind": "ghost_" + how, "rule": R_STEP if how == "step" else R_JUMP,
                   "from": here, "to": there, "ops": run["ops"]}]
        events.extend(self._arrived("NR", None, there, source))
        return events

    def nr_place(self, chit_id):
        """Put a chit from the running Cybernaut's holding box in the Ghost's
        address, face down (Cybernaut VII.B.4; cost: the pack's ops_costs place)."""
        run = self._run("NR")
        chit = self.nr_chit(chit_id)
        if chit["w"] != "box" or chit["cyb"] != run["cyb"]:
            raise RuleError("only chits in the running Cybernaut's holding box can be placed (%s)"
                            % R_PLACE)
        self._spend(run, self.pack.data["ops_costs"]["place"], R_OPS)
        chit["w"] = "space"
        chit["at"] = run["ghost"]
        chit["up"] = False
        chit["cyb"] = None
        run["just"] = None
        # face down: the chit's id and type go in "hide" (the journal seals it)
        return [{"kind": "nr_place", "rule": R_PLACE, "at": run["ghost"], "ops": run["ops"],
                 "hide": {"chit": chit_id, "type": chit["t"]}}]

    def nr_move(self, chit_id, there, source):
        """Move a Netrunner chit (mobile types only) one step or jump (VII.E)."""
        run = self._run("NR")
        chit = self.nr_chit(chit_id)
        if chit["w"] != "space":
            raise RuleError("chit %s is not in cyberspace" % chit_id)
        if not self.nr_types[chit["t"]].get("mobile"):
            raise RuleError("a %s never moves (%s)" % (chit["t"], R_MOBILE))
        here = chit["at"]
        how = self._step_or_jump(run, here, there, R_OPS)
        chit["at"] = there
        run["just"] = None
        events = [{"kind": "nr_" + how, "rule": R_STEP if how == "step" else R_JUMP,
                   "from": here, "to": there, "ops": run["ops"], "hide": {"chit": chit_id}}]
        if chit["up"]:
            events[0]["type"] = chit["t"]
        events.extend(self._arrived("NR", chit, there, source))
        return events

    def nsa_move(self, chit_id, there, source):
        """The NSA moves one of its mobile chits a step or a jump (VII.E); in its
        part it may move several, one move per call, each paid from its Ops Points
        (VII.B.2). A jump may use the NSA's face-down Nexus chits (it knows them);
        neither end is revealed by that.

        :returns: events; the moving chit's identity shows only if the move reveals it.
        """
        run = self._run("NSA")
        chit = self.nsa_chit(chit_id)
        if chit["w"] != "space":
            raise RuleError("chit %s is not in cyberspace" % chit_id)
        if not self.ntype(chit).get("mobile"):
            raise RuleError("that chit never moves (%s)" % R_MOBILE)
        here = chit["at"]
        how = self._step_or_jump(run, here, there, R_NSA_OPS)
        chit["at"] = there
        events = [{"kind": "nsa_" + how, "rule": R_STEP if how == "step" else R_JUMP,
                   "from": here, "to": there, "ops": run["ops"]}]
        events.extend(self._arrived("NSA", chit, there, source))
        return events

    # ---- after logoff (Cybernaut VII.H.4-5) ------------------------------------------
    def control_in_space(self):
        """True while a Control File is in cyberspace, revealed or not (VII.H.4). Kept
        out of the public state: it would tell the Netrunner about hidden chits."""
        for chit in self.in_space():
            if self.ntype(chit).get("control"):
                return True
        return False

    def regenerable(self):
        """Ids of destroyed NSA chits the NSA may regenerate now (none if no Control
        File is in cyberspace; Files never)."""
        after = self.s["after"]
        if after is None or after["stage"] != "regen" or not self.control_in_space():
            return []
        return [c["id"] for c in self.s["nsa"] if c["w"] == "lost"]

    def regenerate(self, chit_id):
        """Regeneration: ``chit_id`` (a destroyed non-File chit) or None (none
        chosen) returns to play, to be placed with the re-placement (VII.H.4)."""
        after = self.s["after"]
        if after is None or after["stage"] != "regen":
            raise RuleError("regeneration comes right after logoff (%s)" % R_REGEN)
        events = []
        if chit_id is not None:
            if not self.control_in_space():
                raise RuleError("no Control File is in cyberspace: no regeneration (%s)" % R_REGEN)
            chit = self.nsa_chit(chit_id)
            if chit["w"] == "files":
                raise RuleError("destroyed Files never regenerate (%s)" % R_REGEN)
            if chit["w"] != "lost":
                raise RuleError("only a destroyed NSA chit can regenerate (%s)" % R_REGEN)
            chit["w"] = "pending"
            events.append({"kind": "regenerated", "rule": R_REGEN})
        after["stage"] = "replace"
        return events

    def to_replace(self):
        """Ids of the NSA chits the re-placement must put down (every NSA chit in
        cyberspace but the Nexus chits, plus returned and regenerated ones)."""
        return [c["id"] for c in self.s["nsa"]
                if (c["w"] == "space" and not self.is_nexus(c)) or c["w"] == "pending"]

    def replace(self, placement):
        """The NSA's secret re-placement (VII.H.5): ``placement`` maps every id of
        ``to_replace()`` to an address. Nexus chits never move and stay revealed once
        revealed; every other chit goes face down.

        :returns: events (SECRET: seal the placement). :raises RuleError: a Nexus
            moved, a chit missing, or a placement breaking III.A.1-2 (nothing changes).
        """
        after = self.s["after"]
        if after is None or after["stage"] != "replace":
            raise RuleError("re-placement follows logoff and regeneration (%s)" % R_REPLACE)
        todo = self.to_replace()
        for chit_id in placement:
            chit = self.nsa_chit(chit_id)
            if self.is_nexus(chit):
                raise RuleError("Nexus chits never move (%s)" % R_REPLACE)
            if chit_id not in todo:
                raise RuleError("chit %s is not to be re-placed (%s)" % (chit_id, R_REPLACE))
        missing = [i for i in todo if i not in placement]
        if missing:
            raise RuleError("%d chits still need an address (%s)" % (len(missing), R_REPLACE))
        saved = [(c["id"], c["at"], c["w"]) for c in self.s["nsa"]]
        for chit_id in todo:
            chit = self.nsa_chit(chit_id)
            chit["w"] = "moving"
            chit["at"] = None
        try:
            for chit_id in todo:
                chit = self.nsa_chit(chit_id)
                self.check_place(chit, placement[chit_id])
                chit["at"] = placement[chit_id]
                chit["w"] = "space"
        except RuleError:
            for chit_id, at, where in saved:
                chit = self.nsa_chit(chit_id)
                chit["at"] = at
                chit["w"] = where
            raise
        for chit in self.s["nsa"]:
            if not self.is_nexus(chit):
                chit["up"] = False
        for chit in self.s["nr"]:
            chit["up"] = False
        self.s["after"] = None
        return [{"kind": "nsa_replaced", "rule": R_REPLACE, "placement": placement}]

    def replace_random(self, source):
        """Solo option: re-place at random within III.A.1-2. :returns: events (SECRET)."""
        placement = {}
        opened = self.open_addresses()
        todo = self.to_replace()
        for chit_id in todo:
            chit = self.nsa_chit(chit_id)
            chit["w"] = "moving"
        for chit_id in todo:
            chit = self.nsa_chit(chit_id)
            placement[chit_id] = self.random_spot(chit, source, None, opened)
            chit["at"] = placement[chit_id]
            chit["w"] = "space"
        for chit_id in todo:
            self.nsa_chit(chit_id)["w"] = "pending"
        return self.replace(placement)
