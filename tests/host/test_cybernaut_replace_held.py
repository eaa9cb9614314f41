"""The NSA's re-placement after a netrun (Cybernaut VII.H.5) keeps its trial game in
hand between presses (PlaceScreen.held, issue 21): a placement loads the game only
when it has none in hand (each placement loaded it three times, ~65 ms each on a
Pico: the whole game's bench on the emulated Pico), and the game in hand is the one
a load of the stored state with the plan applied gives; the real re-placement puts
each chit where the plan says."""

import json

import cyb_game


def _chits(game):
    return sorted((c["id"], c["w"], c["at"]) for c in game.s["nsa"])


def test_a_replacement_placement_loads_nothing_and_holds_the_plans_game(tmp_path, monkeypatch):
    from boards.sim import boot
    from firmware.games.cybernaut.game import GameScreen
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    cyb_game.place_ss(d, "Sprawl-3")
    cyb_game.next_to(d, 2)
    cyb_game.netrun(d, "M00", ("M01", "M00"))
    d.choose("NSA regen+place")
    d.press("A")  # I am NSA
    if app.top().ID == "cn_regen":
        d.choose("None")
    place = app.top()
    assert place.ID == "cn_place" and place.s["mode"] == "replace"
    to_place = len(cyb_game.game_screen(app).load(app).to_replace())
    assert to_place >= 2  # a placement that is not the last one is pressed below
    loads = []
    real_load = GameScreen.load

    def counted(self, app):
        loads.append(1)
        return real_load(self, app)
    monkeypatch.setattr(GameScreen, "load", counted)
    spots = ["M%d%d" % (r, c) for r in (6, 7, 8) for c in range(10)]
    placed = 0
    plan = {}
    while app.top().ID == "cn_place":
        del loads[:]
        d.at(spots[placed])
        placed += 1
        if app.top().ID != "cn_place":
            break
        # the game the screen's first frame loaded is in hand: no placement loads it
        assert loads == [], placed
        plan = json.loads(app.unseal(place.s["plan"]))
        assert sorted(plan.values()) == spots[:placed]
        held = place.held[2]
        place.held = None
        fresh = place._game(app)  # the stored game with the plan applied, as made afresh
        assert _chits(held) == _chits(fresh)
        moving = [c for c in fresh.s["nsa"] if c["w"] == "moving"]
        assert len(moving) == to_place - placed
    assert placed == to_place
    # the last placement loaded the real game once and re-placed each chit as planned
    assert len(loads) == 1
    game = cyb_game.game_screen(app).load(app)
    for chit_id in plan:
        chit = game.nsa_chit(chit_id)
        assert (chit["w"], chit["at"]) == ("space", plan[chit_id])
    last = [c for c in game.s["nsa"] if c["at"] == spots[placed - 1]]
    assert len(last) == 1 and last[0]["id"] not in plan


def test_the_regeneration_menu_works_out_its_chits_once_for_the_games_state(tmp_path, monkeypatch):
    from boards.sim import boot
    from firmware.games.cybernaut.game import GameScreen
    from shared_rules.cybernaut.net import Game
    board, app = boot(str(tmp_path), cyb_game.SEED)
    d = cyb_game.Driver(board, app)
    d.choose("Cybernaut")
    d.choose("New game")
    d.choose("Solo placement")
    d.choose("Add Cybernaut")
    d.seq("D A")
    d.choose("Cybernauts done")
    cyb_game.place_ss(d, "Sprawl-3")
    cyb_game.next_to(d, 2)
    cyb_game.netrun(d, "M00", ("M01", "M00"))
    d.choose("NSA regen+place")
    game = cyb_game.game_screen(app).load(app)
    in_space = [c for c in game.s["nsa"] if c["w"] == "space"][:2]
    # two destroyed chits to offer (the scripted game destroys none): their ids
    monkeypatch.setattr(Game, "regenerable", lambda self: [c["id"] for c in in_space])
    loads = []
    real_load = GameScreen.load

    def counted(self, app):
        loads.append(1)
        return real_load(self, app)
    monkeypatch.setattr(GameScreen, "load", counted)
    d.press("A")  # I am NSA: the menu's first frame works the chits out
    regen = app.top()
    assert regen.ID == "cn_regen" and len(loads) == 1
    assert regen.items(app) == ["None"] + ["%s %s" % (c["id"], c["t"]) for c in in_space]
    del loads[:]
    d.press("D")
    d.press("D")
    d.press("U")
    app.dirty = True
    app.redraw()
    assert loads == [] and regen.s["sel"] == 1  # moves and frames load nothing
    acted = []
    monkeypatch.setattr(GameScreen, "act", lambda self, app, fn, *args: acted.append((fn, args)))
    d.press("A")
    assert acted == [("regenerate", (in_space[0]["id"],))] and loads == []
