"""Cybercore fight editors: a player's numbers (public), a creature's numbers
(the GM's, behind a Handover, kept sealed) and the GM's private view and reveal."""

import json

from firmware.buttons import B, LONG, RIGHT
from firmware.games.cybercore.shared import GAME, HUB, open_fight
from firmware.surface import COLS
from firmware.ui import Menu, adjust
from shared_rules.cybercore.rules import (ARMOUR_CLASSES, DAMAGE_TYPES, dodge_factor, evade_factor,
                                    hit_points)
from shared_rules.cybercore.fight import HIDDEN, status_line
from shared_rules.errors import RefereeError

PC_NAMES = ("Ana", "Bo", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal")
FOE_NAMES = ("Crab", "Drone", "Ghoul", "Merc", "Pirate", "Bug", "Guard", "Mech")
WEAPONS = ("1d4", "1d6", "1d8", "1d10", "1d12", "2d6", "2d8", "2d10", "3d6", "4d6", "4d10")


def _hidden_of(c):
    hidden = {}
    for key in HIDDEN:
        if key in c:
            hidden[key] = c[key]
    return hidden


# (key, label, kind, low, high); kind: "int", "bool", "name", "armour", "dice",
# "dtype", "dr" (low = damage type index), "done"
PC_FIELDS = (("name", "Name", "name", 0, 0), ("scout", "Scout", "bool", 0, 0),
             ("rank", "Rank", "int", 0, 10), ("health", "Health", "int", -5, 20),
             ("mass", "Mass", "int", -5, 20), ("af", "AF", "int", -10, 40),
             ("perception", "Perception", "int", -5, 20), ("agility", "Agility", "int", -5, 20),
             ("reactions", "Reactions", "int", 0, 20), ("foresight", "Foresight", "int", -5, 20),
             ("dft", "DF train", "int", 0, 20), ("eft", "EF train", "int", 0, 20),
             ("armour", "Armour", "armour", 0, 0), ("quality", "Quality", "int", 0, 20),
             ("max_wounds", "Max W", "int", 0, 20), ("dice", "Weapon", "dice", 0, 0),
             ("dtype", "Type", "dtype", 0, 0), ("bonus", "Atk bonus", "int", -20, 60))
FOE_FIELDS = (("name", "Name", "name", 0, 0), ("scout", "Scout", "bool", 0, 0),
              ("an", "AN", "int", 0, 99), ("dc", "DC", "int", 0, 99),
              ("defense", "Defense", "int", 0, 250), ("hp", "HP", "int", 1, 999),
              ("max_wounds", "Max W", "int", 0, 20), ("armour", "Armour", "armour", 0, 0),
              ("quality", "Quality", "int", 0, 20), ("dice", "Weapon", "dice", 0, 0),
              ("dtype", "Type", "dtype", 0, 0), ("area", "Area atk", "bool", 0, 0))
# "DR electrical 20" is 17 columns with the cursor: the whole name fits in 21
DR_FIELDS = tuple([("dr", "DR " + DAMAGE_TYPES[k], "dr", k, 0) for k in range(9)])


def _cycle(values, value, step):
    index = values.index(value) if value in values else 0
    return values[(index + step) % len(values)]


class _Labels:
    """FieldEdit's labels as a read-only sequence (len, [i], iteration, ``in``): each
    made from the combatant ``c`` when read."""

    def __init__(self, screen, c):
        self.screen = screen
        self.c = c
        self.fields = screen.fields()

    def __len__(self):
        return len(self.fields)

    def __getitem__(self, index):
        if index < 0:
            index += len(self.fields)
        if not 0 <= index < len(self.fields):
            raise IndexError("no field %d" % index)
        return self.screen.label(self.c, self.fields[index])

    def __iter__(self):
        for index in range(len(self.fields)):
            yield self[index]

    def __contains__(self, text):
        for label in self:
            if label == text:
                return True
        return False


class FieldEdit(Menu):
    """A combatant's numbers: UP/DOWN a field, LEFT/RIGHT change it, A on "Done"
    hands the combatant to the fight. Subclasses give FIELDS, NAMES, load/store."""

    FIELDS = ()
    NAMES = PC_NAMES

    def fields(self):
        return self.FIELDS + DR_FIELDS + (("done", "Done", "done", 0, 0),)

    def load(self, app):
        """The combatant dict being edited."""
        return self.s["c"]

    def store(self, app, c):
        self.s["c"] = c

    def label(self, c, field):
        key, label, kind, low, high = field
        if kind == "done":
            return label
        if kind == "dr":
            return "%s %d" % (label, c["dr"][low])
        value = c.get(key, 0)
        if kind == "bool":
            value = "yes" if value else "no"
        return "%s %s" % (label, value)

    def items(self, app):
        """The fields' labels, each made when it is read (a sequence: Menu.draw reads
        the few in view; making all twenty took ~10 ms of a Pico's frame, issue 21)."""
        return _Labels(self, self.load(app))

    def side(self, app, name, kind):
        field = self.fields()[self.s["sel"]]
        key, label, ftype, low, high = field
        c = self.load(app)
        old = c["dr"][low] if ftype == "dr" else c.get(key)
        step = (5 if kind == LONG else 1) * (1 if name == RIGHT else -1)
        if ftype == "int":
            c[key] = adjust(c.get(key, 0), name, kind, low, high)
        elif ftype == "bool":
            c[key] = not c[key]
        elif ftype == "name":
            # a name another combatant has is passed over (found by review: two "Bo"s
            # made the round order and the journal ambiguous)
            index = self.s["index"]
            fight = app.find(HUB).view(app)
            taken = [fight.combatants[j]["name"] for j in range(len(fight.combatants)) if j != index]
            chosen = c[key]  # (``name`` is the button's)
            for _ in self.NAMES:
                chosen = _cycle(self.NAMES, chosen, step)
                if chosen not in taken:
                    break
            c[key] = chosen
        elif ftype == "armour":
            c[key] = _cycle(ARMOUR_CLASSES, c[key], step)
        elif ftype == "dice":
            c[key] = _cycle(WEAPONS, c[key], step)
        elif ftype == "dtype":
            c[key] = _cycle(DAMAGE_TYPES, c[key], step)
        elif ftype == "dr":
            c["dr"][low] = adjust(c["dr"][low], name, kind, 0, 40)
        else:
            return
        if (c["dr"][low] if ftype == "dr" else c.get(key)) == old:
            # at a field's limit: nothing stored, so nothing saved (the GM's editor
            # sealed and wrote its 3.9 KB save again at each such press, found by
            # review; a player editor's took 31-33 ms of a Pico for a digest)
            return
        self.store(app, c)

    def choose(self, app, index):
        if self.fields()[index][2] == "done":
            c = self.finish(self.load(app))
            host = app.find(HUB)
            try:
                host.receive(app, self.s["index"], c)
            except RefereeError as exc:
                app.notice("Not allowed", str(exc))
                return
            self.leave(app)

    def finish(self, c):
        return c

    def leave(self, app):
        app.pop()


class PlayerEdit(FieldEdit):
    """A player character's numbers (public). HP from the formula, DF and EF from
    the stats (Cybercore Hitpoints, Dodge and Evade Factor).

    State: {"sel", "index" (-1: new), "c" (combatant dict)}.
    """

    ID = "cc_pc"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R change field\n"
            "(hold: 5)\n"
            "A on Done: keep\n"
            "B cancel (not kept)")
    FIELDS = PC_FIELDS
    NAMES = PC_NAMES
    # every arrow goes to Menu.on_button as it is (firmware.saving.moves_only): an
    # UP/DOWN moves the cursor only; a LEFT/RIGHT is saved when a value of the state
    # is another object after it (App._act): ``load`` gives a copy, ``store`` keeps it
    MENU_ARROWS = True

    def load(self, app):
        """A copy of the player being edited (its DR list too): a change stored is a
        new object in the state, which is how App._act tells a LEFT/RIGHT that
        changed a number from one at a field's limit (found by the tests: with the
        state's own dict changed in place, the change was taken for none, never
        saved)."""
        c = dict(self.s["c"])
        if isinstance(c.get("dr"), list):
            c["dr"] = list(c["dr"])
        return c

    def on_button(self, app, name, kind):
        if name == B:
            # B leaves without keeping: a new player, or a change to one, is lost, so
            # say so (found by review: 18 numbers typed went without a word)
            # the numbers as opened, but for the changes (no derived HP: a player hurt
            # in the fight is no change)
            c = self.load(app)
            index = self.s["index"]
            kept = app.find(HUB).view(app).combatants[index] if index >= 0 else None
            app.pop()
            if kept is None:
                app.notice("Cancelled", "Player not added. To add one, press A on Done.")
            elif [key for key in c if c[key] != kept.get(key)]:
                app.notice("Cancelled", "Changes not kept. To keep them, press A on Done.")
            return
        Menu.on_button(self, app, name, kind)

    def draw(self, app, surface):
        self.TITLE = "Player " + self.load(app)["name"]
        Menu.draw(self, app, surface)

    def footer(self, app):
        # the derived numbers on a full row of their own (the title row keeps
        # 2 columns for the scroll marks)
        c = self.finish(dict(self.load(app)))
        return [("HP%d DF%d EF%d" % (c["max_hp"], c["df"], c["ef"]))[:COLS]]

    def finish(self, c):
        c["max_hp"] = hit_points(c["rank"], c["health"], c["mass"])
        c["hp"] = c["max_hp"]
        c["df"] = dodge_factor(c["perception"], c["agility"], c.get("dft", 0))
        c["ef"] = evade_factor(c["foresight"], c["reactions"], c.get("eft", 0))
        return c


class CreatureEdit(FieldEdit):
    """The GM's private editor of a creature's numbers (AN, DC, Defense, HP, DR...).
    Opened only behind a Handover to the GM; the values are kept sealed in the
    state, and "Done" hands the device back (blank screen).

    State: {"sel", "index" (-1: new), "c" (the public numbers), "sealed" (the
    HIDDEN numbers as sealed JSON)}.
    """

    ID = "cc_foe"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R change field\n"
            "(hold: 5)\n"
            "A on Done: keep\n"
            "B cancel, hand back")
    FIELDS = FOE_FIELDS
    NAMES = FOE_NAMES
    TITLE = "GM: creature"

    @classmethod
    def make(cls, app, index, c):
        """An editor for creature ``c`` (dict) at fight index ``index`` (-1: new)."""
        editor = cls({"sel": 0, "index": index, "c": {}, "sealed": ""})
        editor.store(app, c)
        return editor

    def load(self, app):
        c = dict(self.s["c"])
        c.update(json.loads(app.unseal(self.s["sealed"])))
        return c

    def store(self, app, c):
        public = {}
        for key in c:
            if key not in HIDDEN:
                public[key] = c[key]
        self.s["c"] = public
        self.s["sealed"] = app.seal(json.dumps(_hidden_of(c)))

    def finish(self, c):
        c["max_hp"] = c["hp"]
        return c

    # its on_button keeps B and hands every arrow to Menu.on_button: an UP/DOWN only
    # moves the cursor (firmware.saving.moves_only: the GM's private screen was sealed
    # and saved again at every move, issue 21); its state is sealed whole in the save,
    # so App._act compares its text for LEFT/RIGHT
    MENU_ARROWS = True

    def on_button(self, app, name, kind):
        if name == B:
            # B leaves without keeping the creature: say so, as the player editor does
            # (found by a new user: "Cancelled" alone did not say a new one was lost;
            # the hand-back is public, so it names no number)
            app.hand_back("Creature not added" if self.s["index"] < 0 else "Cancelled")
            return
        Menu.on_button(self, app, name, kind)

    def leave(self, app):
        app.hand_back()


class GmView(Menu):
    """The GM chooses a creature to reveal to the players (journalled; a revealed
    creature is marked *); "Done" hands the device back. It shows no hidden number:
    the GM reads them in "GM numbers" (hold A, prompt.Reveal).
    State: {"sel"}."""

    ID = "cc_gm"
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A select\n"
            "B hand back")
    TITLE = "GM: A=reveal"

    def foes(self, fight):
        return [j for j in range(len(fight.combatants)) if fight.combatants[j]["side"] == "foe"]

    def items(self, app):
        fight = open_fight(app)
        out = []
        for j in self.foes(fight):
            c = fight.combatants[j]
            out.append(("*" if c.get("revealed") else "") + status_line(c, False))
        out.append("Done")
        return out

    def choose(self, app, index):
        host = app.find(HUB)
        fight = host.fight(app)
        foes = self.foes(fight)
        if index >= len(foes):
            app.hand_back()
            return
        c = fight.combatants[foes[index]]
        if c.get("revealed"):
            return
        c["revealed"] = True
        fight.note("GM reveals %s" % c["name"])
        host.keep(app, fight)
        app.record(GAME, "reveal", {"who": c["name"]}, _hidden_of(c), "GM reveal")
        host.reveal_numbers(app, foes[index])  # the numbers as entered, for verify

    def on_button(self, app, name, kind):
        if name == B:
            app.hand_back()
            return
        Menu.on_button(self, app, name, kind)

