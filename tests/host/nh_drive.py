"""Plays a whole Neo-Hunt game in the simulator the way a table would, pressing the
real buttons (boards.sim) and choosing by what the screens offer: a bounded driver
for tests (tests/host/test_neohunt_sim.py, test_neohunt_screens.py).

Policy (deterministic, so a seed gives one game): start places S1, S3, S5, S2...;
no set-up moves; two action rounds per turn; a varan shoots the first trooper in
reach, else the first varan in reach, else moves a step nearer the troopers (no
action when it has no move left); troopers: arrival rolls, then every
trooper the menu lists shoots (the device picks its target); a trooper's hit is
applied with B on the damage stage (a roll stands: RULINGS), a varan's with "Apply
damage"; dead varans re-enter at S1-S6.
"""

from boards.sim import boot

SETUP = "U A D L L L L L U U A"   # main menu -> Neo-Hunt game: 4 players, 7 troopers, Start
LIMIT = 6000                      # presses at most: a game that runs longer fails


class Driver:
    """Drives one game. ``keys`` records every press as (name, long).

    :param hook: None or callable(driver, step) called at each NhGame step before
        the driver acts (tests look at the menu and the game there).
    """

    def __init__(self, root, seed, hook=None):
        self.board, self.app = boot(root, seed)
        self.keys = []
        self.hook = hook

    def press(self, name, long=False):
        self.keys.append((name, long))
        self.board.press(self.app, name, long)

    def keys_text(self):
        """The presses as a ``referee sim --keys`` script."""
        return " ".join(n + (":long" if lg else "") for n, lg in self.keys)

    def pick(self, label):
        """Move the top Menu's cursor to ``label`` and press A."""
        top = self.app.top()
        items = top.items(self.app)
        if label not in items:
            raise AssertionError("%r not on %s: %r" % (label, top.ID, items))
        for _ in range((items.index(label) - top.s["sel"]) % len(items)):
            self.press("D")
        self.press("A")

    def game(self):
        for screen in self.app.stack:
            if screen.ID == "nh_game":
                return screen, screen.game(self.app)
        raise AssertionError("no Neo-Hunt game open: %r" % [s.ID for s in self.app.stack])

    def play(self):
        """Set up and play to the end. :returns: the NhGame screen (step "end")."""
        for key in SETUP.split():
            self.press(key)
        while len(self.keys) < LIMIT:
            top = self.app.top()
            if top.ID == "nh_game" and top.s["step"] == "end":
                return top
            self.step(top)
        raise AssertionError("the game did not end in %d presses (stuck on %s)"
                             % (LIMIT, self.app.top().ID))

    # ---- one decision --------------------------------------------------------
    def step(self, top):
        if top.ID in ("text", "result", "handover", "handback"):
            self.press("A")
        elif top.ID == "nh_place":
            self.place(top)
        elif top.ID == "nh_attack":
            self.attack(top)
        elif top.ID == "nh_game":
            if self.hook is not None:
                self.hook(self, top.s["step"])
            self.act(top)
        else:
            raise AssertionError("the driver does not know screen %s" % top.ID)

    def act(self, top):
        screen, g = self.game()
        step = top.s["step"]
        d = g.d
        labels = top.items(self.app)
        if step == "initial":
            wanted = [x for x in labels if x.endswith("start place")]
            self.pick(wanted[0] if wanted else "Reveal starts")
        elif step == "initmove":  # ("Begin T1: P2 cloaked" while a first move is not made)
            self.pick([x for x in labels if x.startswith("Begin")][0])
        elif step == "turn":
            self.pick("Begin turn %d" % (d["turn"] + 1))
        elif step == "reenter":
            wanted = [x for x in labels if x.endswith("re-enters")]
            self.pick(wanted[0] if wanted else "Continue")
        elif step == "round":
            self.pick("Action round %d" % (d["round"] + 1) if d["round"] < 2 else "End turn")
        elif step == "deal":
            self.pick("Deal order card" if "Deal order card" in labels else "Deck out: next")
        elif step == "troopers":
            if "Arrival rolls" in labels:
                self.pick("Arrival rolls")
                return
            shots = [x for x in labels if x.endswith(" shoots")]
            self.pick(shots[0] if shots else "Troopers done")
        elif step == "choice":
            p = top.s["cur"]
            if d["players"][p]["varan"] is None:
                self.pick("Enter the board" if "Enter the board" in labels else "Wait")
            elif self.target(g, p) is not None:
                self.pick("Shoot")
            elif not [c for c in "0123456H" if g.check_move(p, c) is None]:
                self.pick("No action")
            else:
                self.pick("Move")
        else:
            raise AssertionError("the driver does not know step %s" % step)

    def target(self, g, p):
        """The first trooper in reach of ``p``'s varan, else the first varan."""
        for t in g.on_board():
            if g.check_shot(("v", p), ("t", t["id"])) is None:
                return ("t", t["id"])
        for q in range(len(g.d["players"])):
            if q != p and g.d["players"][q]["varan"] is not None:
                if g.check_shot(("v", p), ("v", q)) is None:
                    return ("v", q)
        return None

    def place(self, top):
        screen, g = self.game()
        s = top.s
        p, mode = s["p"], s["mode"]
        choices = top.CHOICES
        if mode == "initial":
            want = str((1, 3, 5, 2, 4, 6)[p % 6])
        elif mode in ("entry", "join"):
            want = str(1 + (p + g.d["turn"]) % 6)
        else:
            want = None
            best = 99
            far = self.distances(g, [t["at"] for t in g.on_board()])
            for code in ("0", "1", "2", "3", "4", "5", "6", "H"):
                if g.check_move(p, code, mode == "setup") is None:
                    dist = far.get(g.place_of(p) if code == "H" else int(code), 50)
                    if dist < best:
                        best = dist
                        want = code
            if want is None:
                self.press("B")  # nothing legal (speed used up): back, nothing made
                return
        for _ in range((choices.index(want) - s["sel"]) % len(choices)):
            self.press("D")
        self.press("A")

    def distances(self, g, starts):
        """Steps from the nearest of ``starts`` to each sector (open edges only)."""
        far = {}
        edge = list(starts)
        for sector in edge:
            far[sector] = 0
        while edge:
            sector = edge.pop(0)
            for other in g.board.adjacent(sector):
                if other not in far:
                    far[other] = far[sector] + 1
                    edge.append(other)
        return far

    def attack(self, top):
        screen, g = self.game()
        s = top.s
        if s["stage"] == "target":
            att = tuple(s["att"])
            want = self.target(g, att[1])
            targets = top.targets(self.app)
            label = "Cancel"
            if want in targets:
                label = top.items(self.app)[targets.index(want)]
            self.pick(label)
        elif s["att"][0] == "t":
            self.press("B")  # the hit stands: B applies it (RULINGS)
        else:
            self.pick("Apply damage")
