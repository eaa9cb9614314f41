"""Cybernaut's results that matter on their own screen (issue 19 item 3): the
scripted netrun of the simulator test (cyb_sim_netrun) through the real buttons,
and the choice of events that open one (firmware.games.cybernaut.game.announce).
Public lines only: they come from cybernaut_log, which never reads an event's
sealed "hide" part."""

import tempfile

from boards.sim import boot

import cyb_sim_netrun


def test_the_scripted_netrun_shows_each_big_result_until_a():
    board, app = boot(tempfile.mkdtemp(prefix="cyb-res-"), cyb_sim_netrun.SEED)
    d = cyb_sim_netrun.run(board, app)
    titles = [title for title, lines in d.results]
    assert titles == ["Interaction", "Revealed", "CyberStrike", "CyberStrike", "File captured",
                      "System Alert"]
    by = dict((title, lines) for title, lines in d.results)
    assert by["Interaction"] == ["d10 3 total 6", "Corporatist: C", "Cyb-2 got a chit"]
    assert by["Revealed"] == ["M21 Tracer", "M11 Virus"]           # the Tracer's reveal (VII.F)
    # VII.G.1: each chit's fate; a Nexus cannot be destroyed (VII.G.4)
    assert d.results[2][1] == ["CyberStrike VII.G", "Tracer destroyed"]
    assert d.results[3][1] == ["M12 Nexus 1", "CyberStrike VII.G", "Nexus 1 unaffected",
                               "A11 Nexus 1", "A11 File", "M68 Nexus 12"]
    assert by["File captured"] == ["CyberStrike VII.G", "Nexus 1 unaffected",
                                   "File captured"]                # VII.B.6
    # VII.B.5: the Ice revealed survives the strike: System Alert reveals Cyb-2
    assert by["System Alert"] == ["A12 Ice", "CyberStrike VII.G", "NR Virus destroyed",
                                  "Ice unaffected", "System Alert", "Cyb-2 revealed",
                                  "SS drawn: SS-7"]


def _events_shown(events):
    from firmware.games.cybernaut.shared import announce

    class Fake:
        later = []

    app = Fake()
    app.later = []
    announce(app, events)
    return [(s.s["title"], s.s["lines"]) for s in app.later]


def test_which_events_open_a_result_screen():
    # the skull d10 against Wetware, then the netrun's end (VII.G.2)
    shown = _events_shown([{"kind": "skull", "rolls": [4], "wetware": 6, "fate": "neutralized"},
                           {"kind": "netrun_end", "how": "neutralized", "cyb": "Cyb-2"}])
    assert shown == [("Netrun over", ["Skull d10 4", "Cyb-2 neutralized"])]   # 21 cells
    shown = _events_shown([{"kind": "skull", "rolls": [8], "wetware": 6, "fate": "eliminated"}])
    assert shown == [("Skull d10", ["Skull d10 8"])]
    shown = _events_shown([{"kind": "cybernaut_eliminated", "name": "Cyb-4", "files_back": 2}])
    assert shown == [("Eliminated", ["Cyb-4 eliminated", "2 Files to NSA"])]
    # a logoff, a move, a chit placed face down: the message line is enough
    assert _events_shown([{"kind": "netrun_end", "how": "logoff", "cyb": "Cyb-2"}]) == []
    assert _events_shown([{"kind": "move", "units": ["Cyb-2"], "path": ["Sprawl-1", "Sprawl-2"]}]) == []
    # an Interaction or a RealWorld attack pushes its own result screen
    assert _events_shown([{"kind": "interaction", "total": 5, "result": "A"},
                          {"kind": "cybernaut_eliminated", "name": "Cyb-4"}]) == []
    # a hidden Cybernaut's chit: only "got a chit", never its type (V.C.4)
    shown = _events_shown([{"kind": "chit_gained", "cyb": "Cyb-2", "hide": {"type": "Virus"}},
                           {"kind": "file_captured", "type": "File"}])
    assert shown == [("File captured", ["Cyb-2 got a chit", "File captured"])]
