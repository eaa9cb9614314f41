"""Debounce and long press under contact bounce: every edge of a press flickers for
up to 10 ms, presses come at 10 per second, the buttons are polled every 1-7 ms.
No press may be missed and none doubled. Both runtimes."""

from firmware.buttons import LONG, SHORT, Button, Buttons


class Lcg:
    """A small deterministic generator (same numbers on both runtimes)."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


class BouncyContact:
    """A switch whose level at time t (ms) follows a list of presses, each edge
    followed by up to ``bounce_ms`` of random flicker.

    :param presses: list of (start_ms, hold_ms).
    """

    def __init__(self, presses, bounce_ms, seed):
        self.now = 0
        self.edges = []  # (time, level), sorted by time
        rng = Lcg(seed)
        for start, hold in presses:
            for at, level in ((start, True), (start + hold, False)):
                self.edges.append((at, level))
                settle = at + bounce_ms
                t = at
                state = level
                for _ in range(1 + rng.below(6)):  # 1 to 6 flips, 1-4 ms apart
                    t += 1 + rng.below(4)
                    if t >= settle:
                        break
                    state = not state
                    self.edges.append((t, state))
                if state != level:
                    self.edges.append((min(t + 1 + rng.below(3), settle), level))
        self.edges.sort(key=lambda e: e[0])

    def level(self):
        value = False
        for at, level in self.edges:
            if at > self.now:
                break
            value = level
        return value


def run(presses, bounce_ms=10, step_ms=5, seed=1, jitter=0, end_pad=1000):
    contact = BouncyContact(presses, bounce_ms, seed)
    buttons = Buttons({"A": contact.level})
    events = []
    rng = Lcg(seed + 99)
    last_start, last_hold = presses[-1]
    end = last_start + last_hold + end_pad
    while contact.now < end:
        buttons.poll(contact.now, lambda name, kind: events.append((contact.now, kind)))
        contact.now += step_ms + (rng.below(jitter + 1) if jitter else 0)
    return events


def ten_per_second(count, hold=45):
    return [(100 + i * 100, hold) for i in range(count)]


def test_bounce_at_ten_presses_per_second_none_missed_none_doubled():
    for step in (1, 2, 3, 5, 7):
        for seed in range(1, 9):
            presses = ten_per_second(50)
            events = run(presses, step_ms=step, seed=seed)
            kinds = [kind for _, kind in events]
            assert kinds == [SHORT] * 50, "poll %d ms seed %d: %d events %r" % (
                step, seed, len(kinds), kinds[:5])
            # each event belongs to its own press: it fires after that press's release
            for index in range(50):
                at = events[index][0]
                start, hold = presses[index]
                assert start + hold <= at < start + 100, (step, seed, index, at)


def test_the_contact_really_bounces():
    """Without debounce, sampling every ms would count more presses than were made."""
    contact = BouncyContact(ten_per_second(50), 10, 1)
    rises = 0
    last = False
    for t in range(0, 5200):
        contact.now = t
        level = contact.level()
        if level and not last:
            rises += 1
        last = level
    assert rises > 75, rises


def test_poll_with_jitter():
    presses = ten_per_second(40, hold=50)
    events = run(presses, step_ms=2, seed=5, jitter=4)
    assert [kind for _, kind in events] == [SHORT] * 40


def test_bounce_alone_is_no_press():
    # a knock on the case: edges flickering for 8 ms that settle back to released
    contact_presses = [(100, 4), (300, 6), (500, 8)]
    events = run(contact_presses, bounce_ms=3, step_ms=1, seed=3)
    assert events == [], events


def test_long_press_with_bounce_fires_once_and_no_short():
    for seed in range(1, 6):
        events = run([(100, Button.long_ms + 300)], step_ms=5, seed=seed)
        assert [kind for _, kind in events] == [LONG], (seed, events)
        at = events[0][0]
        assert 100 + Button.long_ms <= at <= 100 + Button.long_ms + 10 + Button.debounce_ms + 5


def test_long_then_short_presses():
    presses = [(100, Button.long_ms + 200)] + [(1200 + i * 100, 45) for i in range(5)]
    events = run(presses, step_ms=5, seed=11)
    assert [kind for _, kind in events] == [LONG] + [SHORT] * 5


def test_two_buttons_interleaved():
    a = BouncyContact(ten_per_second(20), 10, 21)
    b = BouncyContact([(150 + i * 100, 40) for i in range(20)], 10, 22)
    clock = [0]

    def read_a():
        a.now = clock[0]
        return a.level()

    def read_b():
        b.now = clock[0]
        return b.level()

    buttons = Buttons({"A": read_a, "B": read_b})
    events = []
    while clock[0] < 2500:
        buttons.poll(clock[0], lambda name, kind: events.append((name, kind)))
        clock[0] += 3
    assert events.count(("A", SHORT)) == 20
    assert events.count(("B", SHORT)) == 20
    assert len(events) == 40
