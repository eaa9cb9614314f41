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
