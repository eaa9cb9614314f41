"""The scripted netrun of the Cybernaut simulator test: every step
through the real buttons. Not a test module; test_cybernaut_sim.py calls run()."""

from cyb_sim import Driver

# NSA placement in setup order (working Nexus chits first, then by id):
# x1 x2 Nexus 1, x3 x4 Nexus 2, x5 x6 Nexus 3, x7 Nexus 12, x8 x9 Dead End,
# x10-x13 File, x14 x15 Control, x16 COMSAT, x17-x20 Ice, x21 x22 Black Ice,
# x23-x25 Tracer, x26 x27 Hunter.
SETUP = ("M12", "A11", "B11", "C11", "M66", "M67", "M68", "M33", "M34",
         "A11", "M80", "M81", "M82", "M88", "M89", "M87",
         "A12", "M83", "M84", "M85", "M77", "M76",
         "M21", "M74", "M75", "M78", "M79")
REPLACE = ("M70", "M71", "M72", "M73", "M74", "M75", "M76", "M77", "M78",
           "M80", "M81", "M82", "M83", "M84", "M85", "M86", "M87")
SEED = 1


def run(board, app):
    """Play the scripted game up to the re-placement; returns the Driver."""
    d = Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("NSA placement")
    d.press("A")  # "I am NSA"
    for at in SETUP:
        d.at(at)
    d.press("A")  # hand back
    d.choose("Add Cybernaut")
    d.seq("D A")  # Cyb-2 (RealWorld 3, Wetware 6) in Sprawl-1
    d.choose("Cybernauts done")
    d.choose("Place SS unit")
    d.choose("Sprawl-3")
    d.choose("Interaction")
    d.seq("A")  # Cyb-2 in the group
    d.choose("Go")
    d.close_results()
    d.choose("Next segment")
    d.choose("Next segment")
    d.choose("Start netrun")
    d.seq("A")
    d.choose("Go")
    d.at("M00")  # entry at the own sprawl's green address
    for at in ("M01", "M11", "M21", "M11", "M12", "A11"):
        d.at(at)  # steps; Tracer at M21 revealed next to M11; jump M12 -> A11
    d.press("B")
    d.choose("End my part")
    d.press("B")
    d.choose("NSA part")
    d.press("A")  # "I am NSA"
    d.press("B")
    d.choose("End NSA part")
    d.press("A")  # hand back
    d.at("A12")  # Ice: System Alert
    d.at("A22")  # a GAP
    d.press("B")
    d.choose("Logoff")
    d.choose("NSA regen+place")
    d.press("A")  # "I am NSA"
    d.choose("x23")  # regenerate the destroyed Tracer
    for at in REPLACE:
        d.at(at)
    d.press("A")  # hand back
    return d
