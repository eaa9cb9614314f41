"""Cybernaut reveals (VII.F), CyberStrikes (VII.G), logoff and impulses (VII.B, VII.H)."""

from shared_rules.cybernaut.rules import IMPULSES
from shared_rules.cybernaut.grid import (R_ADJ, R_ALERT, R_CAPTURE, R_CHAIN, R_ENTER, R_EYE,
    R_LOGOFF, R_NSA_OPS, R_OPS, R_OVERDOSE, R_SKULL, R_STRIKE, R_TRACER, neighbours)
from shared_rules.dice import d10
from shared_rules.errors import RuleError


class StrikePart:
    """Mixed into cybernaut_net.Game (shares its state ``self.s``)."""

    def _reveal(self, chits, rule, why):
        out = []
        for chit in chits:
            if not chit["up"]:
                chit["up"] = True
                out.append(chit)
        if not out:
            return out, []
        return out, [{"kind": "nsa_revealed", "rule": rule, "why": why,
                      "chits": [[c["at"], c["t"]] for c in out]}]

    def _nr_reveal(self, chits, rule):
        changed = [c for c in chits if not c["up"]]
        for chit in changed:
            chit["up"] = True
        if not changed:
            return []
        run = self.s["run"]
        ghost = run["ghost"] if run else None
        return [{"kind": "nr_revealed", "rule": rule,
                 "chits": [[c["at"] or ghost, c["t"]] for c in changed]}]

    def _nr_at(self, at):
        """Netrunner chits at ``at``, the running holding box counting at the Ghost."""
        out = self.nr_in_space(at)
        run = self.s["run"]
        if run is not None and run["ghost"] == at:
            out = out + self.box(run["cyb"])
        return out

    def _arrived(self, side, mover, at, source):
        """Reveals (VII.F.1-2, VII.B.5) and the strike after a piece entered ``at``."""
        events = []
        fresh = []
        run = self.s["run"]
        if side == "NR":
            fresh, ev = self._reveal(self.in_space(at), R_ENTER, "entered")
            events.extend(ev)
            for near in neighbours(at):
                for tracer in self.in_space(near):
                    if self.ntype(tracer)["kind"] != "tracer":
                        continue
                    if not tracer["up"]:
                        _, ev = self._reveal([tracer], R_ADJ, "adjacent")
                        events.extend(ev)
                        if tracer["id"] not in run["burned"]:
                            run["burned"].append(tracer["id"])
                    events.extend(self._tracer_sweep(tracer, False, source))
        else:
            ghost_here = run["ghost"] == at
            enemies = self._nr_at(at)
            if enemies or ghost_here:
                fresh, ev = self._reveal([mover], R_ENTER, "entered")
                events.extend(ev)
                events.extend(self._nr_reveal(enemies, R_ENTER))
            for near in neighbours(at):
                for probe in self.nr_in_space(near):
                    if self.nr_types[probe["t"]].get("eye"):
                        events.extend(self._nr_reveal([probe], R_ADJ))
                        events.extend(self._probe_sweep(probe))
        if self.s["run"] is not None:
            events.extend(self._strike(at, fresh, source))
        return events

    def _tracer_sweep(self, tracer, by_nsa, source):
        run = self.s["run"]
        found = []
        ghost_near = False
        for near in neighbours(tracer["at"]):
            found.extend(self._nr_at(near))
            if run["ghost"] == near:
                ghost_near = True
        events = self._nr_reveal(found, R_EYE)
        if by_nsa and (found or ghost_near) and tracer["id"] not in run["burned"]:
            for event in self.reveal_cybernaut(run["cyb"], "Tracer", source):
                if event["kind"] == "cybernaut_revealed":
                    event["rule"] = R_TRACER
                events.append(event)
        return events

    def _probe_sweep(self, probe):
        found = []
        for near in neighbours(probe["at"]):
            found.extend(self.in_space(near))
        _, events = self._reveal(found, R_EYE, "probe")
        return events

    def nr_use_probe(self, chit_id):
        """The Netrunner reveals a Probe: every NSA chit in its adjacent addresses is
        revealed (Cybernaut VII.F.3; cost: ops_costs reveal)."""
        run = self._run("NR")
        chit = self.nr_chit(chit_id)
        if chit["w"] != "space" or not self.nr_types[chit["t"]].get("eye"):
            raise RuleError("only a Probe in cyberspace can reveal (%s)" % R_EYE)
        self._spend(run, self.pack.data["ops_costs"]["reveal"], R_OPS)
        run["just"] = None
        events = self._nr_reveal([chit], R_EYE)
        events.extend(self._probe_sweep(chit))
        return events

    def nsa_use_tracer(self, chit_id, source):
        """The NSA reveals a Tracer: Netrunner chits in adjacent addresses are revealed
        and, unless a Netrunner piece revealed it first this netrun, the running
        Cybernaut too, even in an Autonomous Zone (Cybernaut VII.F.3-4)."""
        run = self._run("NSA")
        chit = self.nsa_chit(chit_id)
        if chit["w"] != "space" or self.ntype(chit)["kind"] != "tracer":
            raise RuleError("only a Tracer in cyberspace can reveal (%s)" % R_EYE)
        self._spend(run, self.pack.data["ops_costs"]["reveal"], R_NSA_OPS)
        _, events = self._reveal([chit], R_EYE, "tracer")
        events.extend(self._tracer_sweep(chit, True, source))
        return events

    def _strike(self, at, fresh, source):
        """The CyberStrike in ``at`` (Cybernaut VII.G), simultaneous."""
        run = self.s["run"]
        nsa = self.in_space(at)
        nr = self._nr_at(at)
        ghost_here = run["ghost"] == at
        if not nsa or not (nr or ghost_here):
            return []
        # every Netrunner chit in the strike (the running box counts as in the Ghost's
        # address, VII.G) meets its enemies: it is revealed (VII.F.1)
        unseen = [c for c in nr if not c["up"] and not self.nr_visible(c)]
        for chit in nr:
            chit["up"] = True
        shown = []
        if unseen:
            shown = [{"kind": "nr_revealed", "rule": R_ENTER,
                      "chits": [[at, c["t"]] for c in unseen]}]
        dead_nsa, dead_nr, capture = self._strike_losses(nsa, nr, ghost_here)
        rolls, fate, ww = self._skull_rolls(nsa, source) if ghost_here else ([], None, None)
        events = shown + [{"kind": "strike", "rule": R_STRIKE, "at": at,
                   "nsa_lost": [[c["at"], c["t"]] for c in dead_nsa],
                   "nr_lost": [c["t"] for c in dead_nr],
                   "captured": [c["t"] for c in capture if c not in dead_nsa],
                   # the face-up NSA chits the strike left in place (a Nexus, VII.G.4,
                   # or a chit no attacker's result destroys): public, for the screen
                   "kept": [c["t"] for c in nsa if c["up"] and c not in dead_nsa
                            and c not in capture]}]
        for chit in dead_nsa:
            chit["up"] = True
            chit["w"] = "files" if self.ntype(chit)["kind"] == "file" else "lost"
            chit["at"] = None
        for chit in capture:
            chit["w"] = "held"
            chit["at"] = None
            chit["cyb"] = run["cyb"]
            events.append({"kind": "file_captured", "rule": R_CAPTURE, "at": at, "type": chit["t"]})
        for chit in dead_nr:
            self._to_cup(chit)
        for chit in fresh:
            if self.ntype(chit)["kind"] == "ice" and chit["w"] == "space":
                events.append({"kind": "system_alert", "rule": R_ALERT, "at": at})
                events.extend(self.reveal_cybernaut(run["cyb"], "System Alert", source))
                break
        survivors = [c for c in nr if c not in dead_nr]
        events.extend(self._nexus_chain(at, survivors or (ghost_here and fate is None)))
        if fate is not None:
            events.append({"kind": "skull", "rule": R_SKULL, "rolls": rolls, "wetware": ww,
                           "fate": fate})
            events.extend(self._end_run(fate, source))
        return events

    def _strike_losses(self, nsa, nr, ghost_here):
        """Each side's chits against the other's on the Unit Definitions Chart (VII.G.1):
        (NSA chits destroyed, Netrunner chits destroyed, Files captured by the Ghost
        there, VII.B.6), lists of chit dicts. A Nexus is never destroyed (VII.G.4).
        Kept apart from _strike so that no function's code is one big block of RAM
        (issue 17)."""
        dead_nsa = []
        dead_nr = []
        capture = []
        for attacker in nr:
            symbol = self.nr_types[attacker["t"]]["symbol"]
            for defender in nsa:
                code = self.units[symbol][self.ntype(defender)["class"]]
                if code in ("D", "B") and not self.is_nexus(defender):
                    if self.ntype(defender)["kind"] == "file" and ghost_here:
                        if defender not in capture:
                            capture.append(defender)
                    elif defender not in dead_nsa:
                        dead_nsa.append(defender)
                if code in ("A", "B") and attacker not in dead_nr:
                    dead_nr.append(attacker)
        for attacker in nsa:
            symbol = self.ntype(attacker)["symbol"]
            for defender in nr:
                code = self.units[symbol][self.nr_types[defender["t"]]["class"]]
                if code in ("D", "B") and defender not in dead_nr:
                    dead_nr.append(defender)
                if code in ("A", "B") and not self.is_nexus(attacker) and attacker not in dead_nsa \
                        and attacker not in capture:
                    dead_nsa.append(attacker)
        return dead_nsa, dead_nr, capture

    def _skull_rolls(self, nsa, source):
        """The skull d10s against the running Cybernaut's Wetware when the Ghost is in
        the strike (VII.G.2; reading "skull": "each" skull chit rolls, or "one" roll):
        (rolls, fate "eliminated" / "neutralized" / None, Wetware)."""
        ww = self.s["cybs"][self.s["run"]["cyb"]]["ww"]
        skulls = [c for c in nsa if self.ntype(c).get("skull")]
        if self.reading("skull") == "one":
            skulls = skulls[:1]
        rolls = []
        fate = None
        for _ in skulls:
            face = d10(source)
            rolls.append(face)
            if face > ww:
                fate = "eliminated"
            elif fate is None:
                fate = "neutralized"
        return rolls, fate, ww

    def _nexus_chain(self, at, goes_on):
        """After a strike in ``at``: a Nexus there reveals its red-linked chain
        (VII.G.3) when ``goes_on`` (a Netrunner chit survived, or the Ghost is still
        running), unless ICE is there (blocked). :returns: the events."""
        here = self.in_space(at)
        nexus = [c for c in here if self.is_nexus(c)]
        if not nexus or not goes_on:
            return []
        if [c for c in here if self.ntype(c)["kind"] == "ice"]:
            return [{"kind": "nexus_blocked", "rule": R_CHAIN, "at": at}]
        mine = self.red(nexus[0])
        chain = []
        for other in self.in_space():
            if other["at"] != at and self.is_nexus(other) and \
                    [n for n in self.red(other) if n in mine]:
                chain.extend([c for c in self.in_space(other["at"]) if c not in chain])
        return self._reveal(chain, R_CHAIN, "nexus chain")[1]

    def logoff(self):
        """Logoff right after the Ghost moved into its own sprawl's green address, a
        GAP or a Back Door address (Cybernaut VII.H.1); no Ops Points."""
        run = self._run("NR")
        at = run["just"]
        if at is None:
            raise RuleError("logoff only right after the Ghost moves into an exit address (%s)"
                            % R_LOGOFF)
        if at not in self.entry_points(run["cyb"]):
            raise RuleError("%s is not the own sprawl's address, a GAP or a Back Door (%s)"
                            % (at, R_LOGOFF))
        return self._end_run("logoff", None)

    def _end_run(self, how, source):
        run = self.s["run"]
        index = run["cyb"]
        name = self.s["cybs"][index]["name"]
        events = [{"kind": "netrun_end", "rule": R_LOGOFF if how == "logoff" else R_SKULL,
                   "how": how, "cyb": name, "impulse": run["imp"]}]
        for chit in self.nr_in_space():
            if how != "logoff" or not self.nr_types[chit["t"]].get("backdoor"):
                self._to_cup(chit)
        self.s["run"] = None
        self.s["after"] = {"stage": "regen"}
        if how != "logoff":
            back = self._files_back(index)
            events.append({"kind": "files_returned", "rule": R_SKULL, "count": len(back)})
        if how == "eliminated":
            events.extend(self.eliminate_cybernaut(index, R_SKULL))
        return events

    def end_part(self, source):
        """End the current part of the impulse: Netrunner -> NSA (its Ops Points:
        Control chits plus face-up Ice in cyberspace, VII.B.2); NSA -> next impulse
        (Wetware again, VII.B.1); after impulse 10 the Cybernaut still logged on is
        eliminated (VII.H.2). Unused points are lost."""
        run = self._run(None)
        if run["part"] == "NR":
            run["part"] = "NSA"
            run["ops"] = self.nsa_ops()
            run["just"] = None
            return [{"kind": "nsa_part", "rule": R_NSA_OPS, "impulse": run["imp"], "ops": run["ops"]}]
        if run["imp"] >= IMPULSES:
            return [{"kind": "overdose", "rule": R_OVERDOSE}] + self._end_run("eliminated", source)
        run["imp"] += 1
        run["part"] = "NR"
        run["ops"] = self.s["cybs"][run["cyb"]]["ww"]
        return [{"kind": "impulse", "rule": R_OPS, "impulse": run["imp"], "ops": run["ops"]}]

    def nsa_ops(self):
        """Control chits plus face-up Ice chits in cyberspace (RULINGS Ops Points)."""
        count = 0
        for chit in self.in_space():
            kind = self.ntype(chit)
            if kind.get("control") or (kind["kind"] == "ice" and chit["up"]):
                count += 1
        return count
