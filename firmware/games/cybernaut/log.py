"""Cybernaut: the game's events (shared_rules.cybernaut.net) as short public lines
for the game's Log and message line, in the game's words, each within 21 cells (a row).

Public only: these lines are what the Netrunner may read. An event's "hide" part
(a face-down Netrunner chit, TechGear in a hidden Cybernaut's box, V.C.4) is never
read, and the events that are secret as a whole (each NSA chit placed, III.A; the
NSA's moves in cyberspace, VII.E) give no line; that the NSA's placement or
re-placement (VII.H.5) is done is said, never where (found by a new user: the Log
left the placement out). Imported when a game
action is noted (not at boot).
"""

from firmware.surface import COLS as WIDTH  # noqa: E402


def _line(*options):
    """The first of ``options`` (str) within WIDTH cells, else the last one cut."""
    for text in options:
        if len(text) <= WIDTH:
            return text
    return options[-1][:WIDTH]


def _fires(fires):
    """RealWorld combat fires [[firer, {"result", ...}], ...] (Cybernaut VIII.A,
    VIII.D): one line each, the firer and the printed result."""
    return [_line("%s fires: %s" % (f[0], f[1]["result"]), "%s: %s" % (f[0], f[1]["result"]))
            for f in fires]


def event_lines(event):
    """The public lines (list of str, each at most 21 cells) of one event (dict with
    "kind"); [] for an event players need no line for (the status line shows the
    segment) or one that is secret.

    Its kinds are in three functions, each under about 500 bytes of bytecode: one
    function's code is one block of RAM when the module loads, and the game drops
    and loads this module again when its heap runs short (firmware/relief.py), when
    the heap is in pieces of about 1 KB (issue 17: one 1,063-byte function ran out
    of memory there)."""
    kind = event["kind"]
    lines = _world_lines(kind, event)
    if lines is None:
        lines = _units_lines(kind, event)
    if lines is None:
        lines = _net_lines(kind, event)
    return lines if lines is not None else []


def _world_lines(kind, event):
    """RealWorld Interaction's events (Cybernaut V): lines, or None for another kind."""
    if kind == "interaction":  # V.A: the roll's total; "-" on the table: no effect
        lines = ["Interaction %d" % event["total"]]
        if event["result"].split() in ([], ["-"]):
            lines.append("No effect")
        return lines
    if kind == "encounter":  # V.D: the 00-99 roll and the printed result
        from firmware.ui import wrap
        return ["Encounter %02d" % event["total"]] + wrap(event["result"], WIDTH)
    if kind == "encounter_combat":  # VIII.D
        return ["Encounter combat"] + _fires(event["fires"])
    if kind == "cybernaut_revealed":  # V.C.1
        return [_line(event["name"] + " revealed")]
    if kind == "already_revealed":  # V.C.2
        return [_line(event["name"] + ": no effect")]
    if kind == "cybernaut_hidden":  # V.C.5
        return [_line(event["name"] + " hidden")]
    if kind == "chit_gained":  # V.A "C": the type only if the box is open (V.C.3-4)
        if "type" in event:
            return [_line("%s got %s" % (event["cyb"], event["type"]),
                          "%s: %s" % (event["cyb"], event["type"]))]
        return [_line(event["cyb"] + " got a chit", event["cyb"] + ": +1 chit")]
    if kind == "cup_empty":  # II.B: the counter mix is the limit
        return ["No chit left"]
    if kind == "techgear_gained":  # V.A "T"
        if "type" in event:
            return [_line("%s got %s" % (event["cyb"], event["type"]),
                          "%s: %s" % (event["cyb"], event["type"]))]
        return [_line(event["cyb"] + ": TechGear")]
    if kind == "techgear_none":  # II.B
        return ["No TechGear left"]
    if kind == "recruit":  # V.E.1
        return [_line("Recruit: " + event["name"], event["name"] + " recruited")]
    if kind == "body_bank":  # VIII.C.2, V.E.1
        return [_line("Body Bank: " + event["name"], event["name"] + " is back")]
    if kind == "autonomous_zone":  # V.C.5
        return [_line("Auton. Zone " + event["sprawl"], "Zone: " + event["sprawl"])]
    return None


def _units_lines(kind, event):
    """Set-up, units, movement and RealWorld combat (Cybernaut III, V.E.2, VI, VIII):
    lines, or None for another kind."""
    if kind == "nsa_setup_done":  # III.A: that it is done is public, where is not
        return ["NSA chits placed"]
    if kind == "nsa_replaced":  # VII.H.5: the same (its placement is never read)
        return ["NSA chits re-placed"]
    if kind == "ss_drawn":  # V.E.2
        return [_line("SS drawn: " + event["unit"])]
    if kind == "no_ss_left":
        return ["No SS unit left"]
    if kind == "ss_placed":
        return [_line("%s to %s" % (event["unit"], event["at"]), "%s>%s" % (event["unit"], event["at"]))]
    if kind == "cybernaut_setup":  # III.B.1
        return [_line("%s in %s" % (event["name"], event["at"]), "%s: %s" % (event["name"], event["at"]))]
    if kind == "move":  # VI
        who = event["units"][0] if len(event["units"]) == 1 else "%d units" % len(event["units"])
        to = event["path"][-1]
        return [_line("%s to %s" % (who, to), "%s>%s" % (who, to))]
    if kind == "attack":  # VIII.A
        return [_line("Attack " + event["sprawl"])] + _fires(event["fires"])
    if kind in ("ss_eliminated", "cybernaut_eliminated"):  # VIII.C
        lines = [_line("%s eliminated" % event.get("unit", event.get("name")))]
        if event.get("files_back"):
            lines.append(_line("%d Files to NSA" % event["files_back"]))
        return lines
    return None


def _net_lines(kind, event):
    """Netruns and the turn's end (Cybernaut VII, IV.B.3): lines, or None for another
    kind."""
    if kind == "netrun_start":  # VII.A
        return [_line("Netrun: " + event["cyb"])]
    if kind in ("nsa_revealed", "nr_revealed"):  # chits turned face up (VII.F)
        return [_line("%s %s" % (at, name)) for at, name in event["chits"]]
    if kind == "strike":  # VII.G.1: each chit's fate (a capture: its own event, VII.B.6)
        lines = ["CyberStrike VII.G"]
        for at, name in event["nsa_lost"]:
            lines.append(_line(name + " destroyed"))
        for name in event["nr_lost"]:
            lines.append(_line("NR %s destroyed" % name, "NR %s lost" % name))
        for name in event.get("kept", ()):   # older journals have no "kept"
            lines.append(_line(name + " unaffected", name + " unharmed"))
        if len(lines) == 1 and not event["captured"]:
            lines.append("No chit destroyed")
        return lines
    if kind == "file_captured":  # VII.B.6
        return [_line(event["type"] + " captured")]
    if kind == "system_alert":  # VII.B.5
        return ["System Alert"]
    if kind == "nexus_blocked":  # VII.G.3
        return ["Nexus blocked"]
    if kind == "skull":  # VII.G.2: d10 against Wetware
        return [_line("Skull d10 " + " ".join([str(r) for r in event["rolls"]]))]
    if kind == "netrun_end":  # VII.H.1; VII.G.2
        if event["how"] == "logoff":
            return [_line("Logoff: " + event["cyb"])]
        how = event["how"]  # "neutralized" or "eliminated"
        return [_line("%s %s" % (event["cyb"], how), how[0].upper() + how[1:])]
    if kind == "files_returned" and event["count"]:  # VII.G.2
        return [_line("%d Files to NSA" % event["count"])]
    if kind == "overdose":  # VII.H.2
        return ["Overdose"]
    if kind == "regenerated":  # VII.H.4
        return ["Chit regenerated"]
    if kind == "reading":  # RULINGS: a reading chosen at setup
        return [_line("%s: %s" % (event["reading"], event["value"]))]
    if kind == "turn_end":  # IV.B.3
        return ["End of turn %d" % event["turn"]]
    if kind == "game_over":
        return ["Game over"]
    return None


def summary(events):
    """The public lines of ``events`` (list of event dicts), in order. A netrun ended
    by elimination (VII.G.2) also eliminates its Cybernaut (VIII.C): one line says
    it, not two (found by review: "Cyb-1 eliminated" twice on "Netrun over")."""
    ended = [e["cyb"] for e in events
             if e["kind"] == "netrun_end" and e.get("how") == "eliminated"]
    lines = []
    drawn = []  # SS units drawn in a row: one line, in the order they are placed (III.B.3)
    for event in events:
        if event["kind"] == "ss_drawn":
            drawn.append(event["unit"])
            continue
        if drawn:
            lines.append(_ss_line(drawn))
            drawn = []
        if event["kind"] == "cybernaut_eliminated" and event["name"] in ended \
                and not event.get("files_back"):
            continue
        lines.extend(event_lines(event))
    if drawn:
        lines.append(_ss_line(drawn))
    return lines


def _ss_line(units):
    """One line for SS units drawn together (["SS-5", "SS-4"]), first to place first
    (found by review: the status line named the last drawn, SS-4, while "Place SS
    unit" placed SS-5)."""
    numbers = ",".join([u.split("-")[-1] for u in units])
    return _line("SS drawn: " + " ".join(units), "SS drawn: SS-" + numbers, "SS: " + numbers)
