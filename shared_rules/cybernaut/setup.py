"""Cybernaut setup (III), Cybernaut reveals (V.C, V.E.2) and the track (IV)."""

from shared_rules.cybernaut.rules import GRID_NAMES, SEG_ATTACK, SEG_END, SEG_INTERACTION, SEGMENTS, TURNS
from shared_rules.cybernaut.grid import (MAX_CYBERNAUTS, R_COLOUR, R_END, R_REINFORCE,
    R_REPLACE, R_REVEALED, R_SETUP_CYB, R_STACK, R_WORKING_NEXUS, all_addresses, check_address)
from shared_rules.errors import RuleError


# the readings' defaults (cybernaut_readings.READINGS: the choices and sections)
READING_DEFAULTS = {"jump": "up", "skull": "each", "tie": "draw", "move": "once"}


class SetupPart:
    """Mixed into cybernaut_net.Game (shares its state ``self.s``)."""

    # ---- readings (per-game settings, cybernaut_readings) ----------------------------
    def reading(self, key):
        """The game's reading ``key`` (cybernaut_readings.READINGS; a game saved before
        the setting existed has the default)."""
        return self.s.get("read", {}).get(key, READING_DEFAULTS[key])

    def set_reading(self, key, value):
        """Choose reading ``key`` = ``value`` before play (cybernaut_readings.set_reading)."""
        from shared_rules.cybernaut.readings import set_reading
        return set_reading(self, key, value)

    # ---- setup (Cybernaut III) ---------------------------------------------------
    def check_place(self, chit, at, ignore=()):
        """Check the NSA may put ``chit`` at ``at`` (Cybernaut III.A.1-2, VII.D.1).

        :param ignore: chit ids not counted as already there (chits being re-placed).
        :raises RuleError: bad address, green or red address, a second Nexus or File.
        """
        check_address(at)
        if at in self.green:
            raise RuleError("%s is a green address (%s): no NSA chit may be placed there (%s)"
                            % (at, self.green[at], R_COLOUR))
        if at in self.gaps:
            raise RuleError("%s is a red GAP address: no NSA chit may be placed there (%s)"
                            % (at, R_COLOUR))
        kind = self.ntype(chit)["kind"]
        if kind in ("nexus", "file"):
            for other in self.in_space(at):
                if other["id"] != chit["id"] and other["id"] not in ignore \
                        and self.ntype(other)["kind"] == kind:
                    raise RuleError("%s already holds a %s: at most one Nexus and one File per "
                                    "address (%s)" % (at, "Nexus" if kind == "nexus" else "File", R_STACK))

    def _grids_lacking_nexus(self):
        """The grids (GRID_NAMES order) with no working Nexus chit (a Nexus that is
        not a Dead End) in cyberspace yet (Cybernaut III.A.3). One pass over the
        chits (the Solo placement asks ~30 times: issue 21). :returns: list of str."""
        have = []
        for chit in self.s["nsa"]:
            if chit["w"] == "space" and chit["at"][0] not in have and self.is_nexus(chit) \
                    and self.red(chit):
                have.append(chit["at"][0])
        return [grid for grid in GRID_NAMES if grid not in have]

    def setup_place(self, chit_id, at):
        """NSA setup: put chit ``chit_id`` at ``at`` (Cybernaut III.A).

        Refuses a placement that would leave too few working Nexus chits to give every
        grid one that is not a Dead End (III.A.3). :returns: events (SECRET: seal them).
        :raises RuleError: the rule the placement breaks.
        """
        if self.s["stage"] != "setup":
            raise RuleError("the NSA placement is over (%s)" % R_WORKING_NEXUS)
        chit = self.nsa_chit(chit_id)
        self.check_place(chit, at)
        if self.is_nexus(chit) and self.red(chit):
            lacking = self._grids_lacking_nexus()
            left = len([c for c in self.s["nsa"] if c["w"] == "setup" and c["id"] != chit_id
                        and self.is_nexus(c) and self.red(c)])
            still = len([g for g in lacking if g != at[0]])
            if still > left:
                raise RuleError("grids %s still need a Nexus that is not a Dead End and only %d "
                                "are left (%s)" % (", ".join(lacking), left + 1, R_WORKING_NEXUS))
        chit["at"] = at
        chit["w"] = "space"
        return [{"kind": "nsa_setup", "rule": "Cybernaut III.A", "chit": chit_id, "type": chit["t"],
                 "at": at}]

    def setup_unplace(self, chit_id):
        """NSA setup: take chit ``chit_id`` back off the grids (a correction)."""
        chit = self.nsa_chit(chit_id)
        if self.s["stage"] != "setup":
            raise RuleError("the NSA placement is over (Cybernaut III.A)")
        chit["at"] = None
        chit["w"] = "setup"

    def setup_todo(self):
        """Ids of NSA chits not yet placed, working Nexus chits first (each part in
        the chits' order). :returns: list of str."""
        first = []
        rest = []
        for chit in self.s["nsa"]:
            if chit["w"] == "setup":
                if self.is_nexus(chit) and self.red(chit):
                    first.append(chit["id"])
                else:
                    rest.append(chit["id"])
        return first + rest

    def setup_done(self):
        """End the NSA placement. :raises RuleError: a chit not placed (III.A) or a
        grid without a working Nexus (III.A.3)."""
        todo = self.setup_todo()
        if todo:
            raise RuleError("%d NSA chits are not placed yet: every one goes into cyberspace "
                            "(Cybernaut III.A)" % len(todo))
        lacking = self._grids_lacking_nexus()
        if lacking:
            raise RuleError("grid %s has no Nexus that is not a Dead End (%s)"
                            % (", ".join(lacking), R_WORKING_NEXUS))
        self.s["stage"] = "cybernauts"
        return [{"kind": "nsa_setup_done", "rule": "Cybernaut III.A"}]

    def open_addresses(self):
        """Every address of cyberspace that is neither green nor a red GAP (III.A.2),
        in all_addresses() order: where NSA chits may go but for III.A.1's one Nexus
        and one File an address. :returns: list of str."""
        green = self.green
        gaps = self.gaps
        return [at for at in all_addresses() if at not in green and at not in gaps]

    def _taken(self, chit, ignore):
        """Where another chit of ``chit``'s kind is, when that kind goes one to an
        address (Nexus, File: III.A.1; chits with ids in ``ignore`` not counted);
        [] for the other kinds."""
        kind = self.ntype(chit)["kind"]
        taken = []
        if kind in ("nexus", "file"):
            for other in self.in_space():
                if other["id"] != chit["id"] and other["id"] not in ignore \
                        and self.ntype(other)["kind"] == kind:
                    taken.append(other["at"])
        return taken

    def legal_spots(self, chit, ignore=(), grid=None, opened=None):
        """Every address where ``chit`` may go now (III.A.1-2), in grid A, B, C, M
        order (only grid ``grid`` if given): check_place's checks, without a
        refusal made for every address. ``opened``: open_addresses() when the
        caller has it already (one list for many chits). :returns: a new list."""
        taken = self._taken(chit, ignore)
        return [at for at in (opened or self.open_addresses())
                if (grid is None or at.startswith(grid)) and at not in taken]

    def random_spot(self, chit, source, grid=None, opened=None):
        """A legal address for ``chit`` drawn with ``source.randbelow(count)`` from
        ``legal_spots``' addresses in their order (III.A.1-2). ``opened``: as for
        legal_spots (the solo placement and re-placement draw ~30 times: one list
        of the open addresses, and no scan at all for a chit of a kind that may
        share an address: 15 ms a draw of a Pico before). :raises RuleError: no
        legal address."""
        if opened is not None and grid is None and not self._taken(chit, ()):
            spots = opened  # read here only
        else:
            spots = self.legal_spots(chit, (), grid, opened)
        if not spots:
            raise RuleError("no legal address is left for an NSA chit (%s)" % R_STACK)
        return spots[source.randbelow(len(spots))]

    def solo_setup(self, source):
        """Solo option: the device places every NSA chit at random within III.A
        (one working Nexus in each grid first). :returns: events (SECRET)."""
        events = []
        opened = self.open_addresses()
        for grid in GRID_NAMES:
            if grid in self._grids_lacking_nexus():
                chit = self.nsa_chit(self.setup_todo()[0])
                events.extend(self.setup_place(chit["id"], self.random_spot(chit, source, grid, opened)))
        for chit_id in self.setup_todo():
            chit = self.nsa_chit(chit_id)
            events.extend(self.setup_place(chit_id, self.random_spot(chit, source, None, opened)))
        events.extend(self.setup_done())
        return events

    def add_cybernaut(self, name, sprawl):
        """Cybernaut setup: a Cybernaut from the counter mix, hidden, in ``sprawl``
        (Cybernaut III.B.1). :raises RuleError: more than five, a barred sprawl, an
        unknown or already used Cybernaut."""
        if self.s["stage"] != "cybernauts":
            raise RuleError("Cybernauts set up after the NSA placement (Cybernaut III.B)")
        if len(self.s["cybs"]) >= MAX_CYBERNAUTS:
            raise RuleError("at most five Cybernauts at setup (%s)" % R_SETUP_CYB)
        info = None
        for item in self.pack.data["cybernauts"]:
            if item["name"] == name:
                info = item
        if info is None:
            raise RuleError("no Cybernaut '%s' in the counter mix (Cybernaut II.B)" % name)
        for cyb in self.s["cybs"]:
            if cyb["name"] == name:
                raise RuleError("Cybernaut %s is already in play (Cybernaut II.B)" % name)
        sprawl_info = self.pack.data["sprawls"].get(sprawl)
        if sprawl_info is None:
            raise RuleError("no sprawl '%s' on the map (Cybernaut II.A.1)" % sprawl)
        if sprawl_info.get("no_setup"):
            raise RuleError("no Cybernaut may set up in %s (%s)" % (sprawl, R_SETUP_CYB))
        self.s["cybs"].append({"name": name, "rw": info["realworld"], "ww": info["wetware"],
                               "at": sprawl, "hidden": True, "why": "setup", "alive": True,
                               "inter": False, "moved": False})
        return [{"kind": "cybernaut_setup", "rule": R_SETUP_CYB, "name": name, "at": sprawl}]

    def cybernauts_done(self, source):
        """End the Cybernaut setup: the NSA draws one SS unit per Cybernaut at random
        (Cybernaut III.B.3); they wait in ``ss_wait`` for ``place_ss``."""
        if self.s["stage"] != "cybernauts" or not self.s["cybs"]:
            raise RuleError("choose one to five Cybernauts first (%s)" % R_SETUP_CYB)
        events = []
        for _ in self.s["cybs"]:
            events.extend(self._draw_ss(source, "Cybernaut III.B.3"))
        self.s["stage"] = "play"
        return events

    def _draw_ss(self, source, rule):
        cup = [u for u in self.s["ss"] if u["at"] is None and u["name"] not in self.s["ss_wait"]]
        if not cup:
            return [{"kind": "no_ss_left", "rule": rule}]
        unit = cup[source.randbelow(len(cup))]
        self.s["ss_wait"].append(unit["name"])
        return [{"kind": "ss_drawn", "rule": rule, "unit": unit["name"]}]

    def place_ss(self, name, sprawl):
        """Put a drawn SS unit in any sprawl (Cybernaut III.B.3, V.E.2)."""
        if name not in self.s["ss_wait"]:
            raise RuleError("SS unit %s is not waiting to be placed (%s)" % (name, R_REINFORCE))
        if sprawl not in self.pack.data["sprawls"]:
            raise RuleError("no sprawl '%s' on the map (Cybernaut II.A.1)" % sprawl)
        self.s["ss_wait"].remove(name)
        for unit in self.s["ss"]:
            if unit["name"] == name:
                unit["at"] = sprawl
        return [{"kind": "ss_placed", "rule": R_REINFORCE, "unit": name, "at": sprawl}]

    # ---- revealing Cybernauts (Cybernaut V.C, V.E.2) --------------------------------
    def reveal_cybernaut(self, index, why, source):
        """Reveal Cybernaut ``index`` (no effect if already revealed, V.C.2); the NSA
        draws a reinforcement for it (V.E.2). :returns: events."""
        cyb = self.s["cybs"][index]
        if not cyb["hidden"] or not cyb["alive"]:
            return [{"kind": "already_revealed", "rule": "Cybernaut V.C.2", "name": cyb["name"]}]
        cyb["hidden"] = False
        cyb["why"] = why
        events = [{"kind": "cybernaut_revealed", "rule": R_REVEALED, "name": cyb["name"], "why": why}]
        events.extend(self._draw_ss(source, R_REINFORCE))
        return events

    def hide_cybernaut(self, index, why):
        """Return Cybernaut ``index`` to hidden status (Cybernaut V.C.5)."""
        cyb = self.s["cybs"][index]
        cyb["hidden"] = True
        cyb["why"] = why
        for chit in self.s["nr"]:  # its holding box is closed to the NSA again (V.C.5)
            if chit["w"] == "box" and chit["cyb"] == index:
                chit["up"] = False
        return [{"kind": "cybernaut_hidden", "rule": "Cybernaut V.C.5", "name": cyb["name"], "why": why}]

    # ---- the track (Cybernaut IV) -------------------------------------------------
    def _need_seg(self, seg):
        if self.s["stage"] != "play":
            raise RuleError("finish the setup first (Cybernaut III)")
        if self.s["over"]:
            raise RuleError("the game is over (%s)" % R_END)
        if self.s["seg"] != seg:
            raise RuleError("this is done in the %s segment; now it is %s (%s)"
                            % (SEGMENTS[seg][1], SEGMENTS[self.s["seg"]][1], SEGMENTS[seg][2]))

    def next_segment(self):
        """Advance the track one segment; after End of Turn the turn advances and
        every Encounter effect ends; after turn 10 the game ends (Cybernaut IV.B.3).
        :raises RuleError: a netrun, regeneration or re-placement still open."""
        if self.s["over"]:
            raise RuleError("the game is over (%s)" % R_END)
        if self.s["stage"] != "play":
            raise RuleError("the track moves only during play (Cybernaut IV)")
        if self.s["run"] is not None:
            raise RuleError("the netrun is still on: it ends with logoff (Cybernaut VII.H)")
        if self.s["after"] is not None:
            raise RuleError("the NSA must finish regeneration and re-placement first (%s)" % R_REPLACE)
        if self.s.get("losses"):
            raise RuleError("remove the units the RealWorld combat results eliminated first "
                            "(Cybernaut VIII.C)")
        events = []
        if self.s["seg"] == SEG_END:
            events.append({"kind": "turn_end", "rule": R_END, "turn": self.s["turn"],
                           "encounters_ended": self.s["enc"]})
            self.s["turn"] += 1
            self.s["seg"] = SEG_INTERACTION
            self.s["enc"] = []
            self.s["az"] = []  # Autonomous Zones end with the Encounter effects
            self.s["attacked"] = []
            self.s["ran"] = False
            for cyb in self.s["cybs"]:
                cyb["inter"] = False
            if self.s["turn"] > TURNS:
                # the game ends with turn 10's End of Turn (IV.B.3): the track stays
                # there (found by a new user: it read "T10 Interaction", a segment
                # that never came)
                self.s["turn"] = TURNS
                self.s["seg"] = SEG_END
                self.s["over"] = True
                events.append({"kind": "game_over", "rule": R_END})
                return events
        else:
            self.s["seg"] += 1
        for cyb in self.s["cybs"]:
            cyb["moved"] = False
            cyb.pop("spent", None)
        for unit in self.s["ss"]:
            unit["moved"] = False
            unit.pop("spent", None)
            if self.s["seg"] == SEG_ATTACK:
                unit["acted"] = False
        side, name, rule = SEGMENTS[self.s["seg"]]
        events.append({"kind": "segment", "rule": rule, "turn": self.s["turn"], "side": side,
                       "segment": name})
        return events
