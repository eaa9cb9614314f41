"""Cybercore fight screens: set-up, who acts now, rolls, outcomes, round summary
(Cybercore "Defending", "Dealing Damage", "Hitpoints", "Initiative"). The GM's
editor and the roll screens are in edit.py and roll.py; what they share with this
screen, in shared.py."""

import json

from firmware.buttons import B, RIGHT
from firmware.games.cybercore.shared import ACTION, GAME
from firmware.screens.prompt import Handover
from firmware.ui import Menu, TextScreen
from shared_rules.cybercore.rules import RULE_INITIATIVE, RULE_QUALITY, RULE_WOUNDS
from shared_rules.cybercore.fight import HIDDEN, Fight, new_combatant
from shared_rules.errors import RefereeError

AMBUSH = ("none", "foe_undetected", "foe_detected", "pc_undetected", "pc_detected")
AMBUSH_LABEL = {"none": "none", "foe_undetected": "foe hid", "foe_detected": "foe seen",
                "pc_undetected": "PC hid", "pc_detected": "PC seen"}
RULE_HIDDEN = "Cybercore: the GM's numbers"
RULE_END = "Cybercore: end of the fight"


class FightScreen(Menu):
    """The fight: set-up (players, creatures, ambush), then the combat screen.

    State: {"sel", "fight" (Fight.to_dict, creatures' numbers sealed), "last"
    (the last outcome, two public lines), "glitch" ([index, damage type] of a due
    glitch check, or None), "ending" (End fight pressed once), "cids" ({fight
    index as str: commitment id} of each creature's numbers as the GM last entered
    them, see ``commit_numbers``)}.
    """

    ID = "cc_fight"
    # its on_button keeps B and hands every arrow to Menu.on_button as it is: an
    # UP/DOWN is a cursor move (firmware.saving.moves_only: no digest, no save)
    MENU_ARROWS = True
    GAME_TITLE = "Cybercore fight"  # the screen that holds the game (README "Adding a game")
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "A do the chosen\n"
            "action\n"
            "L/R set-up options\n"
            "(ambush, aware,\n"
            "surprise, d100)\n"
            "B leave (asks:\n"
            "Keep playing first)")
    # the combat's (round 1 on): L/R do nothing there (found by a new user: the
    # set-up's help was shown in combat)
    COMBAT_HELP = ("Up/Down choose\n"
                   "(hold: 5 at a time)\n"
                   "A do the chosen\n"
                   "action (Attack, End\n"
                   "turn, Status...)\n"
                   "B leave (asks:\n"
                   "Keep playing first)")
    TITLE = "Cybercore fight"
    invert = True  # the title as a bar (Menu.draw; who acts, or the set-up's count)

    def help(self, app):
        """The set-up's buttons (``HELP``) before the fight starts, the combat's after."""
        return self.HELP if self.s["fight"]["round"] == 0 else self.COMBAT_HELP

    def initial(self):
        return {"sel": 0, "fight": Fight().to_dict(None), "last": ["", ""], "glitch": None}

    def fight(self, app):
        """The Fight, opened from the state. Opened creature numbers are kept on the
        screen object (never in the state) until the state changes, so a redraw does
        not unseal everything again."""
        opened = getattr(self, "_opened", None)
        if opened is None:
            opened = self._opened = {}

        def unseal(sealed):
            text = opened.get(sealed)
            if text is None:
                text = opened[sealed] = app.unseal(sealed)
            return text

        return Fight.from_dict(self.s["fight"], unseal)

    def view(self, app):
        """The Fight to read, never to change: opened once per state (the object
        ``keep`` stores) and kept on the screen object until the state changes.
        Opening 8 combatants takes 26 ms of a Pico, and a cursor move read it three
        times (issue 21: 120 ms a move in an 8-combatant set-up). A press that
        changes the fight opens its own with ``fight`` (a change that then fails
        leaves this one as it was)."""
        held = getattr(self, "_view", None)
        state = self.s["fight"]
        if held is None or held[0] is not state:
            held = self._view = (state, self.fight(app))
        return held[1]

    def keep(self, app, fight, last=None, glitch=None):
        """Store ``fight`` back into the state (hidden numbers sealed).

        :param last: the last outcome's two public lines (list of 2 str, each cut
            to 21 cells here) shown under the menu, or None to leave them.
        :param glitch: [combatant index, damage type] of an armour Glitch check
            now due (the menu offers "Glitch failed"), or None to leave it."""
        self.s["fight"] = fight.to_dict(app.seal)
        self._opened = None
        if last is not None:
            self.s["last"] = [last[0][:21], last[1][:21]]
        if glitch is not None:
            self.s["glitch"] = glitch

    # ---- menu ---------------------------------------------------------------
    def actions(self, app, fight):
        """[(label, action)] for the current stage."""
        if fight.round == 0:
            out = [("Add player", "add_pc"), ("Add creature", "add_foe")]
            for index in range(len(fight.combatants)):
                c = fight.combatants[index]
                out.append(("%s %s" % (c["name"], "PC" if c["side"] == "pc" else "GM"), index))
            surprise = "none"
            if 0 <= fight.surprise < len(fight.combatants):
                surprise = fight.combatants[fight.surprise]["name"]
            out.append(("Ambush " + AMBUSH_LABEL[fight.ambush], "ambush"))
            out.append(("Aware " + ("yes" if fight.aware else "no"), "aware"))
            out.append(("Surprise " + surprise, "surprise"))
            # RULINGS Dice option: chosen here, journaled at the start, fixed for the fight
            # (in words: a number on a set-up screen could read as a hidden one)
            out.append(("d100 00=" + ("hundred" if fight.zero100 == 100 else "zero"), "d100"))
            out.append(("Start fight", "start"))
            return out
        out = [("Attack", "attack"), ("End turn", "end_turn")]
        if self.s["glitch"]:
            out.append(("Glitch failed", "glitch"))
        out += [("Check vs DC", "check"), ("Status", "status"), ("Log", "log"),
                ("Wounded act", "waction"), ("Treat", "treat"), ("GM numbers", "gm"),
                ("GM reveals", "gm_reveal"),
                ("End fight", "end")]
        return out

    def items(self, app):
        # kept with the state they were made from (3 ms of a Pico, asked twice a move)
        held = getattr(self, "_labels", None)
        if held is None or held[0] is not self.s["fight"] or held[1] != self.s["glitch"]:
            held = self._labels = (self.s["fight"], self.s["glitch"],
                                   [item[0] for item in self.actions(app, self.view(app))])
        return held[2]

    def footer(self, app):
        if self.s["fight"]["round"] == 0:
            return []
        return self.s["last"]

    def draw(self, app, surface):
        fight = self.view(app)
        if fight.round:
            i = fight.current()
            who = fight.combatants[i]["name"] if i >= 0 else "-"
            self.TITLE = "R%d %s acts" % (fight.round, who)
        else:
            self.TITLE = "Fight set-up %d/8" % len(fight.combatants)
        Menu.draw(self, app, surface)

    def on_tick(self, app, now):
        """Between presses, once the frame is drawn (the loop's tick): with the fight
        screen on top, let go of the editors' and rolls' modules (``_lighten``: it
        collects, 20-30 ms of a Pico, which a press no longer waits for: issue 21)."""
        if not app.dirty:
            _lighten(app)

    def on_button(self, app, name, kind):
        _lighten(app)  # at once if no tick came since (a press right after another)
        if name == B and self.s["fight"]["round"]:
            # a running fight is left only by "End fight" (the leave menu: "Keep
            # playing" first, ending takes a move and A twice): B then A loses nothing
            self.ask_end(app)
            return
        if name == B and kind != "long" and self.s["fight"]["combatants"]:
            # a set-up with someone in it: the leave menu too, nothing revealed now
            # (found by review: one B left it and revealed the GM's numbers entered)
            from firmware.screens.prompt import LeaveMenu
            app.push(LeaveMenu.make("Leave set-up", "leave", "Undo (hold B) brings it back "
                                    "until another flow opens."))
            return
        Menu.on_button(self, app, name, kind)

    # ---- the GM's numbers: commitments (app.commit_secret) ---------------------
    def commit_numbers(self, app, index, c):
        """Commit to creature ``c``'s hidden numbers as the GM entered them (one
        commitment of "an=.. dc=.. ..." in HIDDEN order). An earlier commitment of the
        same creature stays sealed until the fight ends (then all are revealed)."""
        text = " ".join(["%s=%s" % (key, json.dumps(c.get(key))) for key in HIDDEN])
        cids = self.s.setdefault("cids", {})
        cids[str(index)] = app.commit_secret(GAME, "numbers of " + c["name"], text, "GM",
                                             RULE_HIDDEN)

    def reveal_numbers(self, app, index):
        """The GM reveals creature ``index``: its committed numbers go in the journal."""
        cid = self.s.get("cids", {}).get(str(index))
        if cid in app.secrets:
            app.reveal_secret(GAME, cid, RULE_HIDDEN)

    def side(self, app, name, kind):
        view = self.view(app)
        if view.round:
            return
        action = self.actions(app, view)[self.s["sel"]][1]
        if action not in ("ambush", "aware", "surprise", "d100"):
            return  # LEFT/RIGHT on a row without options: nothing opened, nothing saved
        fight = self.fight(app)
        step = 1 if name == RIGHT else -1
        if action == "ambush":
            fight.ambush = AMBUSH[(AMBUSH.index(fight.ambush) + step) % len(AMBUSH)]
        elif action == "aware":
            fight.aware = not fight.aware
        elif action == "surprise":
            count = len(fight.combatants) + 1
            fight.surprise = (fight.surprise + 1 + step) % count - 1
        elif action == "d100":
            fight.set_d100_zero(0 if fight.zero100 == 100 else 100)
        self.keep(app, fight)

    def choose(self, app, index):
        fight = self.fight(app)
        action = self.actions(app, fight)[index][1]
        try:
            self.act(app, fight, action)
        except RefereeError as exc:
            app.notice("Not allowed", str(exc))

    def act(self, app, fight, action):
        """Do a menu action (RuleError from the rules goes to a notice). "End fight"
        asks once more (A again) so one stray press loses nothing."""
        if action != "end":
            self.s["ending"] = False
        # the editors and the roll screens are imported by the actions that open
        # them, not all at once (RAM on the Pico: each is 13-21 KB under the unix port)
        if isinstance(action, int):
            c = fight.combatants[action]
            if c["side"] == "pc":
                app.push(_edit().PlayerEdit({"sel": 0, "index": action, "c": c}))
            else:
                app.push(Handover.make("GM", _edit().CreatureEdit.make(app, action, c)))
            return
        if action == "add_pc" or action == "add_foe":
            if len(fight.combatants) >= 8:
                app.notice("Set-up", "A fight holds at most 8 combatants.")
                return
            if action == "add_pc":
                c = new_combatant(_free_name(fight, _edit().PC_NAMES), "pc")
                app.push(_edit().PlayerEdit({"sel": 0, "index": -1, "c": c}))
            else:
                c = new_combatant(_free_name(fight, _edit().FOE_NAMES), "foe")
                app.push(Handover.make("GM", _edit().CreatureEdit.make(app, -1, c)))
            return
        if action == "d100":  # A toggles it too (LEFT/RIGHT: side)
            fight.set_d100_zero(0 if fight.zero100 == 100 else 100)
            self.keep(app, fight)
            return
        if action == "start":
            fight.start()
            app.record(GAME, "start", {"names": [c["name"] for c in fight.combatants],
                                       "ambush": fight.ambush, "aware": fight.aware,
                                       "surprise": fight.surprise, "d100_00": fight.zero100},
                       {"order": [fight.combatants[i]["name"] for i in fight.order]},
                       RULE_INITIATIVE)
            self.keep(app, fight)
            self.s["sel"] = 0
            self.s["last"] = ["Round 1", ""]
            from firmware.screens.result import show  # the initiative: until A
            show(app, "Round 1 order", [fight.combatants[i]["name"] for i in fight.order])
            return
        actor = fight.current()
        if action == "attack":
            if actor < 0:
                app.notice("Attack", "Nobody is left in the combat order.")
                return
            mode = "attack" if fight.combatants[actor]["side"] == "pc" else "foe"
            app.push(_roll().TargetScreen({"sel": 0, "mode": mode, "actor": actor, "bonus": 0}))
        elif action == "end_turn":
            self.s["glitch"] = None
            self.s["sel"] = 0
            new_round = fight.end_turn()
            self.keep(app, fight)
            if new_round:
                app.record(GAME, "round", {"round": fight.round},
                           {"summary": fight.summary}, RULE_WOUNDS)
                self.s["last"] = ["Round %d" % fight.round, ""]
                # the round's start (wounds, comas counted down, deaths): until A
                from firmware.screens.result import show
                show(app, "Round %d" % fight.round, fight.summary or ["(nothing)"])
        elif action == "glitch":
            j, dtype = self.s["glitch"]
            fight.glitch(j, dtype)
            self.s["glitch"] = None
            self.keep(app, fight)
            self.s["sel"] = 0
            self.s["last"] = [fight.log[-1][:21], ""]
            app.record(GAME, "glitch", {"who": fight.combatants[j]["name"], "dtype": dtype},
                       {"quality": fight.combatants[j]["quality"]}, RULE_QUALITY)
        elif action == "check":
            app.push(_roll().TargetScreen({"sel": 0, "mode": "check", "actor": actor, "bonus": 0}))
        elif action == "status":
            from shared_rules.cybercore.fight import status_legend
            app.push(TextScreen.make("Status R%d" % fight.round, "\n".join(
                fight.status_lines(False) + status_legend(fight.combatants))))
        elif action == "log":
            app.push(TextScreen.make("Last outcomes", "\n".join(fight.log)))
        elif action == "waction" or action == "treat":
            app.push(_roll().TargetScreen({"sel": 0, "mode": action, "actor": actor, "bonus": 0}))
        elif action == "gm":
            # the pass-the-device ritual: shown only while A is held, 5 s at most
            from firmware.screens.prompt import Reveal
            app.push(Reveal.make(app, "GM", "GM numbers", "\n".join(gm_numbers(fight))))
        elif action == "gm_reveal":
            app.push(Handover.make("GM", _edit().GmView()))
        elif action == "end":
            self.ask_end(app)

    def ask_end(self, app):
        """Open the leave menu for "End fight" (prompt.LeaveMenu; then ``leave``)."""
        from firmware.screens.prompt import LeaveMenu
        app.push(LeaveMenu.make("End fight", "end", "Undo (hold B) brings it back "
                                "until another flow opens."))

    def leave(self, app):
        """End the fight (LeaveMenu): journaled, back to the main menu. The numbers the
        GM entered are revealed (for verify) when the next flow opens from the main
        menu (App.forget_games) or the session ends: until then Undo brings the
        fight back (a reveal could not be undone)."""
        fight = self.fight(app)
        if fight.round == 0:  # the set-up left (B): nothing rolled, nothing revealed
            app.record(GAME, "setup_left", {"combatants": len(fight.combatants)}, {}, RULE_END)
        else:
            app.record(GAME, "end", {"round": fight.round},
                       {"status": fight.status_lines(False)}, RULE_WOUNDS)
        app.pop()

    def receive(self, app, index, c):
        """An editor hands back a combatant (index -1: a new one)."""
        fight = self.fight(app)
        if index < 0:
            index = fight.add(c)
        else:
            fight.combatants[index] = c
        self.keep(app, fight)
        if c["side"] == "foe":
            self.commit_numbers(app, index, c)

def gm_numbers(fight):
    """The GM's lines for the hold-A view: per creature its state and HP, then AN,
    DC, Defense ("AN12 DC12 Def40"), then each player's odds against them (gm_odds);
    a revealed creature is marked *. A legend of the odds lines ends it."""
    from shared_rules.cybercore.fight import status_line
    out = []
    odds = False
    for c in fight.combatants:
        if c["side"] == "foe":
            out.append(("*" if c.get("revealed") else "") + status_line(c, True))
            # (Def: its Defense; "D" is her Dodge in the odds lines below: found by a
            # new user)
            out.append("AN%d DC%d Def%d" % (c["an"], c["dc"], c["defense"]))
            lines = gm_odds(fight, c)
            odds = odds or bool(lines)
            out.extend(lines)
    if odds:
        out.extend(["H: she hits it", "A, D: her Armour", "or Dodge beats", "its AN (d20)",
                    "(all in percent)"])
    return out


def gm_odds(fight, foe):
    """The GM's odds against creature ``foe``'s hidden numbers, one line per player
    still standing: "Ana H62 A50 D40" = her attack hits its Defense (d100 + 5 x Rank +
    bonus, Cybercore Dealing Damage), her Armour (AF) and her Dodge (DF) beat its AN
    (d20, Cybercore Defending), in whole percents (exact: shared_rules.odds). Only on
    the GM's hold-A screen: the numbers are hidden from the players."""
    from shared_rules.odds import attack_odds, beat_odds, percent
    out = []
    for c in fight.combatants:
        if c["side"] == "pc" and not c["dead"]:
            out.append("%s H%d A%d D%d" % (
                c["name"][:4], percent(*attack_odds(c.get("rank", 0), c.get("bonus", 0),
                                                   foe.get("defense", 0))),
                percent(*beat_odds(c["af"], foe["an"])), percent(*beat_odds(c["df"], foe["an"]))))
    return out


def _free_name(fight, names):
    used = [c["name"] for c in fight.combatants]
    for name in names:
        if name not in used:
            return name
    return names[0] + "x"


_LOADED = [False]  # an editor or roll module was imported since the last _lighten


def _lighten(app):
    """With the fight screen on top no editor or roll screen is open: let go of
    their modules (19 KB of the Pico's heap; imported again by the next action
    that opens one)."""
    forget = app.forget
    if forget is not None and _LOADED[0]:
        _LOADED[0] = False
        forget(ACTION, ())


def _edit():
    """firmware.games.cybercore.edit, imported when an action needs it."""
    from firmware.games.cybercore import edit
    _LOADED[0] = True
    return edit


def _roll():
    """firmware.games.cybercore.roll, imported when an action needs it."""
    from firmware.games.cybercore import roll
    _LOADED[0] = True
    return roll
