"""boards/pico.py's display (the vendored micropython-lib SSD1306 driver with
page diffing) against the SSD1306 model on a fake I2C bus: after every frame the
controller's GDDRAM must equal what the app drew. Runs on both runtimes (CPython
through a framebuf shim over adafruit_framebuf)."""

from display_check import FakeI2C, Rig, frame_bytes, pico_board

# every flow of the first release, with long presses and backing out; each part
# starts and ends on the main menu with its first entry selected
KEYS = ("A A D A B "                                 # Dice: d6, d10
        "D A D A A B U "                             # Neo-Hunt shot: two rolls
        "D D A A R R A B B B U U "                   # Cybernaut Interaction
        "D D A D A B B U U "                         # Cybernaut Encounter
        "D D D A A A R A D D D D A A:long B U U U")  # Cybercore armour with the GM's AN


def _rig(addr=0x3C):
    pico = pico_board()
    bus = FakeI2C(addr)
    surface = pico.make_surface(i2c=bus, addr=addr)
    return Rig(surface, surface.fb, bus, frame_bytes), bus


def test_init_stream_sets_up_the_panel():
    pico = pico_board()
    bus = FakeI2C()
    surface = pico.make_surface(i2c=bus)
    model = bus.model
    assert model.display_on
    assert model.mode == 0  # horizontal
    assert model.mux == 63
    assert model.contrast == 0xFF
    assert model.charge_pump
    assert model.seg_remap and model.com_reversed
    assert bytes(model.gddram) == bytes(1024)
    assert surface.fb.pages_sent == 8  # the driver's clear at init goes out whole


def test_every_frame_reaches_gddram():
    rig, bus = _rig()
    try:
        rig.press(KEYS)
        assert rig.frames > 40, rig.frames
        assert rig.mismatches == 0, "%d of %d frames differ" % (rig.mismatches, rig.frames)
        assert any(bus.model.gddram)  # something was drawn (no 1 KB copies: the heap is full)
    finally:
        rig.close()


def test_at_address_0x3d():
    rig, bus = _rig(0x3D)
    try:
        rig.press("D A A B")
        assert rig.mismatches == 0 and rig.frames >= 4
    finally:
        rig.close()


def test_only_changed_pages_are_sent():
    rig, bus = _rig()
    try:
        full = 8 * 128
        # a menu move changes the two highlighted rows: 2 pages + commands, not 8 pages
        rig.press("D")
        moved = rig.frame_bytes[-1]
        assert 2 * 128 <= moved < 3 * 128, moved
        # an unchanged frame sends nothing at all
        before = bus.bytes
        rig.app.dirty = True
        rig.app.redraw()
        assert bus.bytes == before
        assert rig.frame_bytes[-1] == 0
        assert rig.mismatches == 0
        assert full > moved
    finally:
        rig.close()


def test_missing_display_runs_on_a_null_display():
    pico = pico_board()
    bus = FakeI2C(present=False)
    surface = pico.make_surface(i2c=bus)
    assert surface._show is None
    surface.text(0, 0, "still here")
    surface.show()
    assert surface.lines()[0] == "still here"
    assert bus.transactions == 0


def test_display_at_other_address_is_not_taken():
    pico = pico_board()
    bus = FakeI2C(0x3D)
    surface = pico.make_surface(i2c=bus, addr=0x3C)
    assert surface._show is None  # null display: 0x3C did not answer


def test_screen_care_levels_reach_the_panel():
    pico = pico_board()
    bus = FakeI2C()
    surface = pico.make_surface(i2c=bus)
    surface.set_power("dim")
    assert bus.model.display_on and bus.model.contrast == 8
    surface.set_power("off")
    assert not bus.model.display_on
    surface.set_power("on")
    assert bus.model.display_on and bus.model.contrast == 255


def _quiet_log(pico):
    """Collect boards.pico's console lines instead of printing them. :returns: the list
    and a function putting the real log back."""
    said = []
    real = pico.log
    pico.log = said.append
    return said, lambda: setattr(pico, "log", real)


def test_a_display_missing_at_boot_is_looked_for_again_on_a_timer_and_a_press():
    pico = pico_board()
    said, restore = _quiet_log(pico)
    try:
        bus = FakeI2C(present=False)
        surface = pico.make_surface(i2c=bus)
        assert surface._show is None and len(said) == 1 and "looking for it again" in said[0]
        start = pico._lost[2] - pico.RETRY_MS
        assert pico.look_for_display(start + pico.RETRY_MS) is None      # still missing
        assert pico.look_for_display(start + pico.RETRY_MS + 1) is None  # not due yet
        bus.present = True                                               # plugged in now
        assert pico.look_for_display(start + 2 * pico.RETRY_MS - 1) is None  # not yet due
        assert bus.transactions == 0
        found = pico.look_for_display(start + 2 * pico.RETRY_MS)         # the timer
        assert found is not None and found._show is not None
        assert bus.model.display_on and bus.transactions > 0
        assert said[1:] == ["display found at 0x3C: drawing the current screen on it"]
        assert pico.look_for_display(start + 9 * pico.RETRY_MS, True) is None  # said once
        assert len(said) == 2
        # a press looks at once, whatever the timer
        bus = FakeI2C(present=False)
        pico.make_surface(i2c=bus)
        bus.present = True
        due = pico._lost[2]
        assert pico.look_for_display(due - 1) is None
        assert pico.look_for_display(due - 1, True) is not None
    finally:
        restore()
        del pico._lost[:]


def test_a_display_found_later_shows_the_current_screen_without_a_reboot():
    from boards.sim import SimBoard
    from display_check import rmtree, temp_dir
    from firmware.app import App, look_for_display
    from firmware.buttons import Buttons
    from firmware.care import ScreenCare
    from firmware.storage import Storage
    pico = pico_board()
    said, restore = _quiet_log(pico)
    root = temp_dir("redetect")
    try:
        bus = FakeI2C(present=False)
        surface = pico.make_surface(i2c=bus)
        sim = SimBoard(root)
        app = App(surface, Buttons(sim.make_buttons()), Storage(root), sim.entropy, 7,
                  sim.pack_dirs)
        app.care = ScreenCare(surface, 0)
        app.boot()
        sim.press(app, "D")                                  # the menu's second entry
        shown = app.surface.lines()
        assert shown[2].startswith(">") and bus.transactions == 0
        was = [False]
        now = pico._lost[2] - 1
        assert look_for_display(app, pico.look_for_display, now, was) is False
        bus.present = True
        sim.levels["D"] = True                               # a press begins
        sim.hold(app, 60)
        assert look_for_display(app, pico.look_for_display, now, was) is True
        sim.levels["D"] = False
        assert app.surface is not surface and app.care.surface is app.surface
        app.redraw()
        assert app.surface.lines() == shown                  # the same screen, now on the panel
        assert bus.model.gddram == app.surface.fb.buffer and any(bus.model.gddram)
        assert said[-1] == "display found at 0x3C: drawing the current screen on it"
    finally:
        restore()
        del pico._lost[:]
        rmtree(root)
