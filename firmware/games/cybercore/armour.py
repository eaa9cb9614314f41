"""Cybercore armour check: d20 + AF against the creature's hidden AN, the band and
the damage that passes through after DR (Cybercore "Armour Factor (AF)").

The fight (set-up, rounds, defences, wounds) is in cybercore_fight.py, so this quick
check does not load it (RAM on the Pico)."""

from firmware.buttons import B, LEFT, RIGHT
from firmware.screens.prompt import SecretNumber
from firmware.ui import Menu, adjust
from shared_rules.cybercore.rules import BANDS, RULE_ARMOUR, armour_check
from shared_rules.dice import d20

# field -> (label, low, high)
FIELDS = (("an", "AN", 0, 60), ("af", "AF", -10, 40), ("dmg", "Dmg", 0, 99), ("dr", "DR", 0, 40))


class ArmourScreen(Menu):
    """UP/DOWN a field, LEFT/RIGHT change it; on AN, A opens the GM-only prompt; on
    'Roll', A rolls d20 + AF (its result on its own screen); on 'GM: odds', the
    chance of each band against the hidden AN, for the GM only. The AN is kept sealed and never drawn here. Each AN
    the GM sets is committed (app.commit_secret) and revealed in the journal when the
    GM sets another one or leaves the check (B): `referee verify` then proves the
    checks were made against the AN entered.

    State: {"sel", "an" (sealed str or None), "af", "dmg", "dr", "an_id" (its
    commitment id, absent before the first AN)}.
    """

    ID = "cc_armour"
    # its on_button keeps B and hands every arrow to Menu.on_button as it is: an
    # UP/DOWN is a cursor move (firmware.saving.moves_only: no digest, no save)
    MENU_ARROWS = True
    HELP = ("Up/Down choose\n"
            "(hold: 5 at a time)\n"
            "L/R change AF,\n"
            "damage, DR\n"
            "(hold: 5 at a time)\n"
            "A on AN: the GM\n"
            "sets it;\n"
            "A on Roll: roll d20\n"
            "A on GM: odds: the\n"
            "GM sees each band's\n"
            "chance (hold A)\n"
            "B back (the AN is\n"
            "revealed)")
    TITLE = "Armour check"

    def initial(self):
        return {"sel": 0, "an": None, "af": 5, "dmg": 10, "dr": 2}

    def items(self, app):
        s = self.s
        return ["AN  " + ("set, hidden" if s["an"] else "GM: press A"),
                "AF  %+d" % s["af"], "Dmg %d" % s["dmg"], "DR  %d" % s["dr"], "Roll d20+AF",
                "GM: odds"]

    def footer(self, app):
        # what the buttons do on the row the cursor is on (found by review: "</>
        # change" under every row, where LEFT/RIGHT change only AF, Dmg and DR)
        sel = self.s["sel"]
        if 1 <= sel <= 3:
            return ["</> change"]
        return [("A: GM sets the AN", "", "", "", "A: roll", "A: GM sees odds")[sel]]

    def side(self, app, name, kind):
        sel = self.s["sel"]
        if 1 <= sel <= 3 and (name == LEFT or name == RIGHT):
            key, label, low, high = FIELDS[sel]
            self.s[key] = adjust(self.s[key], name, kind, low, high)

    def receive(self, app, field, sealed):
        """The GM prompt's sealed number arrives: keep it and commit to it (the
        journal gets its salted hash); the AN it replaces is revealed."""
        self._reveal(app)
        self.s[field] = sealed
        self.s["an_id"] = app.commit_secret("cybercore", "AN (armour check)",
                                            int(app.unseal(sealed)), "GM", RULE_ARMOUR)

    def _reveal(self, app):
        cid = self.s.get("an_id")
        if cid in app.secrets:
            app.reveal_secret("cybercore", cid, RULE_ARMOUR)

    def on_button(self, app, name, kind):
        if name == B:
            self._reveal(app)  # the checks against this AN are over
        Menu.on_button(self, app, name, kind)

    def choose(self, app, index):
        s = self.s
        if index == 0:
            start = int(app.unseal(s["an"])) if s["an"] else 15
            app.push(SecretNumber.make(app, "GM", "AN", "an", start, 0, 60))
            return
        if index == 5:
            self.gm_odds(app)
            return
        if index != 4:
            return
        if not s["an"]:
            app.notice("Armour check", "The GM has not set the AN yet: select AN and press A.")
            return
        an = int(app.unseal(s["an"]))
        face = d20(app.source)
        out = armour_check(face, s["af"], an, s["dmg"], s["dr"])
        app.remember_roll("d20", face)
        app.record("cybercore", "armour", {"af": s["af"], "an": s["an"], "an_id": s.get("an_id"),
                                           "dmg": s["dmg"], "dr": s["dr"]},
                   {"d20": face, "total": out.total, "band": out.band, "passed": out.passed,
                    "quality_loss": out.quality_loss, "glitch": out.glitch_check}, RULE_ARMOUR)
        lines = ["d20 %d%+d = %d" % (face, s["af"], out.total),
                 BANDS[out.band] + ("!" if out.success else ""),
                 "%d of %d dmg" % (out.passed, s["dmg"]),
                 "passes (DR %d)" % s["dr"]]
        if out.glitch_check:
            if out.quality_loss:
                lines.append("Quality -%d" % out.quality_loss)
            lines.append("Glitch check!")
        from firmware.screens.result import show
        show(app, "Armour result", lines)

    def gm_odds(self, app):
        """The chance of each band against the hidden AN, for the GM only (prompt.Reveal:
        hand to the GM, shown while A is held): the AN is hidden from the players, so
        no public screen shows odds computed from it (shared_rules.odds)."""
        s = self.s
        if not s["an"]:
            app.notice("Armour check", "The GM has not set the AN yet: select AN and press A.")
            return
        from firmware.screens.prompt import Reveal
        app.push(Reveal.make(app, "GM", "Odds AF%+d" % s["af"],
                             "\n".join(band_odds_lines(s["af"], int(app.unseal(s["an"]))))))


def band_odds_lines(af, an):
    """One line per armour band, best first: "Resistance 25%" (d20 + AF against AN:
    shared_rules.odds.defence_odds; a 20-face die, so each percent is exact)."""
    from shared_rules.odds import defence_odds, percent
    return ["%s %d%%" % (BANDS[band], percent(count, 20))
            for band, count in defence_odds("armour", af, an)]
