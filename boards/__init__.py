"""Boards: one module per board, the only place that touches hardware.

Each exports what the app needs, ready made: ``make_surface()``,
``make_buttons()`` (name -> callable returning True while pressed),
``storage_root``, ``entropy`` (callable(n) -> bytes), ``ticks_ms``, ``sleep_ms``
and ``pack_dirs``.

boards/pico.py serves the Raspberry Pi Pico, Pico W, Pico 2 and Pico 2 W alike: the
same 40-pin layout (GP4/GP5 I2C0, GP10-GP15, GP29 = VSYS / 3) and the same
MicroPython port (rp2); ``pico_model`` tells them apart at run time.
"""

# (the name in MicroPython's machine string, short name, RAM in KB, wireless chip)
# most specific first: "Pico 2 W" before "Pico 2" and "Pico W" before "Pico"
PICO_MODELS = (("Raspberry Pi Pico 2 W", "Pico 2 W", 520, True),
               ("Raspberry Pi Pico 2", "Pico 2", 520, False),
               ("Raspberry Pi Pico W", "Pico W", 264, True),
               ("Raspberry Pi Pico", "Pico", 264, False))


def pico_model(machine=None):
    """Which Raspberry Pi Pico this is, from MicroPython's machine string
    (``os.uname().machine``, e.g. "Raspberry Pi Pico 2 W with RP2350").

    :param machine: that string (default: this interpreter's os.uname().machine).
    :returns: (short name, chip, RAM in KB, True if it has the wireless chip), e.g.
        ("Pico 2 W", "RP2350", 520, True); None for any other board (another RP2040
        board, the unix port, CPython). The chip is the text after " with ", or
        "RP2040" / "RP2350" if the string has none.
    """
    if machine is None:
        import os
        try:
            machine = os.uname().machine
        except AttributeError:  # CPython on Windows has no os.uname
            return None
    at = machine.find(" with ")  # (no str.partition: not in every MicroPython build)
    name = (machine[:at] if at >= 0 else machine).strip()
    chip = machine[at + 6:] if at >= 0 else ""
    for full, short, ram, wireless in PICO_MODELS:
        if name == full:
            if not chip:
                chip = "RP2350" if ram > 264 else "RP2040"
            return short, chip.strip(), ram, wireless
    return None


def forget_modules(prefixes, keep, collect=True):
    """Drop imported modules whose names start with one of ``prefixes`` (a tuple of
    str), except those in ``keep`` (a collection of names), then collect: RAM back
    from a game the player has left. The app calls it from the main menu, when no
    screen of a game is alive; a game may also drop its own per-action modules.

    The parent package keeps each imported submodule as an attribute, so that
    attribute goes too: without it the module would stay alive (measured under the
    unix port: no byte came back).

    :param keep: the names to keep (a collection of str), or a function (module) ->
        True to keep that module (firmware/relief.py: one a screen on the stack is
        made of; one parameter for both: a new name would be interned at every boot).
    :param collect: False: no collection after (inside a press: the allocator
        collects by itself when it finds no room, and the app collects after the
        frame; a collection is 15 ms of a Pico's Neo-Hunt action: issue 21).
    :returns: the names dropped (list of str); the firmware has no ``sys`` of its own
        (the MicroPython subset), so this is how it learns what was loaded."""
    import gc
    import sys
    dropped = []
    spared = []
    judge = callable(keep)
    # the names to drop, found in one walk of sys.modules (a walk for each module
    # dropped cost a Pico 20-30 ms an open from the main menu: issue 21); short of
    # room for their list (it runs after a MemoryError too: App.recover_memory), one
    # name a walk. str.startswith takes the tuple whole (in C: a Python loop over a
    # game's ten prefixes cost a Pico 15-20 ms a walk), except before MicroPython
    # 1.25 (found by review: the app did not boot on 1.23/1.24) or for a list
    whole = True
    try:
        "".startswith(prefixes)
    except TypeError:
        whole = False
    complete = False
    while not complete:
        found = None
        try:
            found = []
            for name in sys.modules:
                if name in spared or (not judge and name in keep):
                    continue
                if whole:
                    if name.startswith(prefixes):
                        found.append(name)
                    continue
                for prefix in prefixes:
                    if name.startswith(prefix):
                        found.append(name)
                        break
            complete = True  # every name found: no walk more
        except MemoryError:
            found = None
            for name in sys.modules:
                if name not in spared and (judge or name not in keep):
                    for prefix in prefixes:
                        if name.startswith(prefix):
                            found = [name]
                            break
                if found is not None:
                    break
        if not found:
            break
        for name in found:
            if judge and keep(sys.modules[name]):
                spared.append(name)
                continue
            dropped.append(name)
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot]) if dot > 0 else None
            if parent is not None and getattr(parent, name[dot + 1:], None) is not None:
                try:
                    delattr(parent, name[dot + 1:])
                except (AttributeError, TypeError):
                    pass
    if collect:
        gc.collect()
    return dropped
