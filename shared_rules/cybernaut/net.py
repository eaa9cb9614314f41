"""Cybernaut: the whole game state, with cyberspace and its fog of war.

A ``Game`` keeps everything in one JSON-ready dict (``game.s``) so a screen can save
it; ``split()`` cuts it into a public part and a secret part (every face-down NSA
chit: identity and address) that the caller seals, and ``join()`` puts them back.

Addresses are three characters: grid letter (A, B, C: Core 3x3; M: Central Matrix
10x10), row digit, column digit: "A00".."A22", "M00".."M99" (RULINGS Grids).

Every action checks the rules and raises RuleError naming the rule it would break;
on success it returns a list of events, each a dict {"kind", "rule", ...} holding
only what the rules make public at that moment (setup placements are the
exception: they name the chit and must be sealed by the caller).

The Game class is split over mixins so each module compiles within MicroPython's
small heap: cybernaut_setup (III, the track), cybernaut_world (RealWorld, victory),
cybernaut_run (netrun moves, regeneration, re-placement) and cybernaut_strike
(reveals, CyberStrikes, logoff, impulses); cybernaut_grid holds addresses and the
rule sections.

Readings of our own where the text leaves room are per-game settings
(cybernaut_readings.READINGS, chosen during setup; say so in the screens): whether a
Nexus jump needs both Nexus chits face up (VII.E.2), one d10 per skull chit or one
per strike (VII.G.2), whether a tie in victory points is a draw (IV.B.3), whether a
unit moves once per movement segment (VI.A.2).
"""


from shared_rules.cybernaut.rules import GRID_NAMES, SEG_INTERACTION, SEGMENTS
# re-exported: callers import the grid helpers from here
from shared_rules.cybernaut.grid import address, all_addresses, check_address, grid_size, neighbours  # noqa: F401
from shared_rules.errors import RuleError

# The game's rules beyond this module, in four parts (module, class): a method the
# Game class lacks loads the part that has it (PART_NAMES), and the part's methods
# are then the Game class's own. A new game opens with none of them loaded (issue
# 7; on the 32-bit port they hold 7.4, 8.7, 6.0 and 5.5 KB). No two parts share a
# method name (tests/both/test_cybernaut_net.py), so the order they load in changes
# nothing.
PARTS = (("shared_rules.cybernaut.setup", "SetupPart"), ("shared_rules.cybernaut.world", "WorldPart"),
         ("shared_rules.cybernaut.run", "RunPart"), ("shared_rules.cybernaut.strike", "StrikePart"))
# each part's names, one string per part, each name between spaces: a method the
# Game class lacks loads its own part only (tests/host/test_cybernaut_parts.py
# checks these against the parts), and a part dropped under memory pressure
# (unload_parts) comes back alone when next needed
PART_NAMES = (
    " reading set_reading check_place _grids_lacking_nexus setup_place setup_unplace setup_todo"
    " setup_done open_addresses _taken legal_spots random_spot solo_setup add_cybernaut cybernauts_done _draw_ss"
    " place_ss reveal_cybernaut hide_cybernaut _need_seg next_segment ",
    " interact move_units make_zone attack losses remove_unit eliminate_ss eliminate_cybernaut"
    " _files_back _to_cup gain_chit victory full_reveal recruit body_bank ",
    " _run _spend entry_points start_netrun _step_or_jump ghost_move nr_place nr_move nsa_move"
    " control_in_space regenerable regenerate to_replace replace replace_random ",
    " _reveal _nr_reveal _nr_at _arrived _tracer_sweep _probe_sweep nr_use_probe nsa_use_tracer"
    " _strike _strike_losses _skull_rolls _nexus_chain logoff _end_run end_part nsa_ops ")
_loaded = [False] * len(PARTS)  # each part's class once loaded (load_part), else False


def load_part(index):
    """Import part ``index`` of PARTS (0..3) and make its methods and class
    attributes the Game class's own (never replacing one Game defines itself);
    nothing happens when it is already loaded.

    :raises ImportError: the part's module is missing from the build.
    """
    if _loaded[index]:
        return
    module_name, class_name = PARTS[index]
    part = getattr(__import__(module_name, None, None, [class_name]), class_name)
    for key in part.__dict__:
        if not key.startswith("__") and key not in Game.__dict__:  # Game's own win, as
            setattr(Game, key, part.__dict__[key])  # they did when the parts were its bases
    _loaded[index] = part  # its class: what unload_parts takes off again


def unload_parts():
    """Take every loaded part's methods off the Game class again (memory pressure,
    issue 17: the firmware then drops the parts' modules, and a method's next call
    loads its part afresh). Call it between actions only: no Game method may be
    running.

    :returns: the names of the parts' modules that were loaded (list of str), for
        the caller to drop.
    """
    names = []
    for index in range(len(PARTS)):
        part = _loaded[index]
        if not part:
            continue
        for key in part.__dict__:
            if not key.startswith("__") and Game.__dict__.get(key) is part.__dict__[key]:
                delattr(Game, key)
        _loaded[index] = False
        names.append(PARTS[index][0])
    return names


class Game:
    """One game of Cybernaut (its rules: this class and the four PARTS, loaded as
    they are used).

    :param pack: the Cybernaut Pack (its game sections: grids, counter mix, Unit
        Definitions, sprawls, TransLines, tables).
    :param state: a dict from ``to_dict()`` (or ``join()``), or None for a new game.
    :param fog: for a new game, the "full fog" option (RULINGS: addresses of
        face-down chits secret too).
    """

    def __init__(self, pack, state=None, fog=False):
        self.pack = pack
        data = pack.data
        self.nsa_types = {}
        for item in data["nsa_chits"]:
            self.nsa_types[item["type"]] = item
        self.nr_types = {}
        for item in data["netrunner_chits"]:
            self.nr_types[item["type"]] = item
        self.green = {}
        self.gaps = []
        for grid in GRID_NAMES:
            info = data["grids"][grid]
            for key in info["green"]:
                self.green[key] = info["green"][key]
            self.gaps.extend(info["gaps"])
        self.units = data["unit_definitions"]["results"]
        self.s = state if state is not None else self._new(fog)

    def __getattr__(self, name):
        """A method of a part not loaded yet (see PARTS): load the part that has it
        (PART_NAMES).

        :raises AttributeError: no part has ``name``.
        """
        if not name.startswith("__"):
            key = " " + name + " "
            for index in range(len(PARTS)):
                if not _loaded[index] and key in PART_NAMES[index]:
                    load_part(index)
                    if name in Game.__dict__:
                        return getattr(self, name)
        raise AttributeError("'Game' object has no attribute '%s'" % name)

    def _new(self, fog):
        nsa = []
        for item in self.pack.data["nsa_chits"]:
            for _ in range(item["count"]):
                nsa.append({"id": "x%d" % (len(nsa) + 1), "t": item["type"], "at": None,
                            "up": False, "w": "setup"})
        nr = []
        for item in self.pack.data["netrunner_chits"]:
            for _ in range(item["count"]):
                nr.append({"id": "n%d" % (len(nr) + 1), "t": item["type"], "at": None,
                           "up": False, "w": "cup", "cyb": None})
        ss = []
        for item in self.pack.data["ss_units"]:
            ss.append({"name": item["name"], "rw": item["realworld"], "at": None, "acted": False})
        return {"v": 1, "turn": 1, "seg": SEG_INTERACTION, "fog": bool(fog), "stage": "setup",
                "nsa": nsa, "nr": nr, "cybs": [], "ss": ss, "ss_wait": [], "run": None,
                "ran": False, "after": None, "enc": [], "attacked": [], "over": False}

    # ---- lookups ---------------------------------------------------------------
    def nsa_chit(self, chit_id):
        """The NSA chit dict ``chit_id``. :raises RuleError: no such chit."""
        for chit in self.s["nsa"]:
            if chit["id"] == chit_id:
                return chit
        raise RuleError("there is no NSA chit '%s'" % chit_id)

    def nr_chit(self, chit_id):
        """The Netrunner chit dict ``chit_id``. :raises RuleError: no such chit."""
        for chit in self.s["nr"]:
            if chit["id"] == chit_id:
                return chit
        raise RuleError("there is no Netrunner chit '%s'" % chit_id)

    def ntype(self, chit):
        """The pack's type entry of an NSA chit."""
        return self.nsa_types[chit["t"]]

    def ss_max(self):
        """The SS Max: None while COMSAT is in cyberspace; the pack's value once the
        Netrunner destroyed or controls it (Cybernaut II.A.7). Here and not in a part:
        the track screen shows it at every draw, and needs no part loaded for it.

        :returns: int or None.
        """
        for chit in self.s["nsa"]:
            value = self.ntype(chit).get("ss_max")
            if value is not None and chit["w"] in ("files", "held"):
                return value
        return None

    def in_space(self, at=None):
        """NSA chits in cyberspace (at address ``at`` if given)."""
        return [c for c in self.s["nsa"] if c["w"] == "space" and (at is None or c["at"] == at)]

    def nr_in_space(self, at=None):
        """Netrunner chits in cyberspace (at ``at`` if given)."""
        return [c for c in self.s["nr"] if c["w"] == "space" and (at is None or c["at"] == at)]

    def box(self, cyb):
        """Netrunner chits in Cybernaut ``cyb``'s holding box."""
        return [c for c in self.s["nr"] if c["w"] == "box" and c["cyb"] == cyb]

    def held_files(self, cyb):
        """NSA Files controlled by Cybernaut ``cyb`` (in its holding box)."""
        return [c for c in self.s["nsa"] if c["w"] == "held" and c["cyb"] == cyb]

    def is_nexus(self, chit):
        return self.ntype(chit)["kind"] == "nexus"

    def red(self, chit):
        """A Nexus chit's red numbers (list; empty for a Dead End)."""
        return self.ntype(chit).get("red", [])

    def track(self):
        """Public track: dict turn, segment index, side, segment name, rule, impulse,
        part, Ops Points, SS Max (None when COMSAT is safe)."""
        side, name, rule = SEGMENTS[self.s["seg"]]
        run = self.s["run"]
        return {"turn": self.s["turn"], "seg": self.s["seg"], "side": side, "segment": name,
                "rule": rule, "impulse": run["imp"] if run else None,
                "part": run["part"] if run else None, "ops": run["ops"] if run else None,
                "ss_max": self.ss_max(), "over": self.s["over"]}

    # ---- what the Netrunner may see (RULINGS public/secret) -----------------------
    def view(self):
        """What a Netrunner-facing screen may show.

        :returns: dict {"marks": {address: face-down count} (empty under full fog),
            "shown": sorted list of [address, type] of face-up NSA chits in cyberspace,
            "ghost": address or None}.
        """
        marks = {}
        shown = []
        for chit in self.in_space():
            if chit["up"]:
                shown.append([chit["at"], chit["t"]])
            elif not self.s["fog"]:
                marks[chit["at"]] = marks.get(chit["at"], 0) + 1
        shown.sort()
        run = self.s["run"]
        return {"marks": marks, "shown": shown, "ghost": run["ghost"] if run else None}

    def nr_visible(self, chit):
        """True when the NSA may see Netrunner chit ``chit``'s identity: face up in
        cyberspace (revealed, Cybernaut VII.F.1-3) or in the holding box of a revealed
        Cybernaut (V.C.3-4). Face-down chits in cyberspace (placed face down, VII.B.4),
        the boxes of hidden Cybernauts (V.C.4) and the Netrunner container stay secret
        from the NSA until then, or until the full reveal after turn 10 (IV.B.3)."""
        if chit["w"] == "space":
            return chit["up"]
        if chit["w"] == "box" and chit["cyb"] is not None:
            cyb = self.s["cybs"][chit["cyb"]]
            return not cyb["hidden"] and cyb["alive"]
        return False

    def nsa_view(self):
        """What an NSA-facing screen may show of the Netrunner's chits.

        :returns: dict {"nmarks": {address: count of face-down Netrunner chits},
            "nshown": sorted [address, type] of face-up ones in cyberspace,
            "boxes": {Cybernaut index: list of types, revealed Cybernauts only},
            "ghost": address or None}.
        """
        marks = {}
        shown = []
        boxes = {}
        for chit in self.s["nr"]:
            if chit["w"] == "space":
                if chit["up"]:
                    shown.append([chit["at"], chit["t"]])
                else:
                    marks[chit["at"]] = marks.get(chit["at"], 0) + 1
            elif chit["w"] == "box" and self.nr_visible(chit):
                boxes.setdefault(chit["cyb"], []).append(chit["t"])
        shown.sort()
        run = self.s["run"]
        return {"nmarks": marks, "nshown": shown, "boxes": boxes,
                "ghost": run["ghost"] if run else None}

    def split(self):
        """(public, secret): ``secret`` lists every face-down NSA chit (id, type,
        address, place) and every Netrunner chit the NSA may not see (``nr_visible``
        false), and is to be sealed; ``public`` is everything else, with ``marks``
        (addresses of face-down NSA chits, counts) unless full fog, and ``nmarks``
        (addresses of face-down Netrunner chits in cyberspace, counts)."""
        public = {}
        for key in self.s:
            if key not in ("nsa", "nr"):
                public[key] = self.s[key]
        secret = []
        shown = []
        for chit in self.s["nsa"]:
            if chit["up"] or chit["w"] in ("files", "held", "lost"):
                shown.append(chit)
            else:
                secret.append(chit)
        nr_shown = []
        for chit in self.s["nr"]:
            if self.nr_visible(chit):
                nr_shown.append(chit)
            else:
                secret.append(chit)
        if "tg" in self.s:  # TechGear chits (cybernaut_techgear): as Netrunner chits
            tg_shown = []
            for chit in self.s["tg"]:
                if self.nr_visible(chit):
                    tg_shown.append(chit)
                else:
                    secret.append(chit)
            public["tg"] = tg_shown
        public["nsa"] = shown
        public["nr"] = nr_shown
        public["marks"] = self.view()["marks"]
        public["nmarks"] = self.nsa_view()["nmarks"]
        return public, secret

    @classmethod
    def join(cls, pack, public, secret):
        """The Game from ``split()``'s two parts (NSA chits have ids "x..", the
        Netrunner's "n..")."""
        state = {}
        for key in public:
            if key not in ("marks", "nmarks", "tg"):
                state[key] = public[key]
        for key, prefix in (("nsa", "x"), ("nr", "n"), ("tg", "t")):
            if key == "tg" and key not in public:
                continue  # no TechGear drawn yet in this game
            order = {}
            for chit in public.get(key, []) + secret:
                if chit["id"][0] == prefix:
                    order[int(chit["id"][1:])] = chit
            state[key] = [order[k] for k in sorted(order)]
        return cls(pack, state)

    def to_dict(self):
        """The whole state (JSON-ready dict, secrets included: seal before saving)."""
        return self.s
