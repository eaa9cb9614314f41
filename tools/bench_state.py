"""The device bench's bookkeeping, kept out of the heap it measures.

tools/bench_actions.py imports this module only to read its progress at start, to
write it before a restart and to print the totals at the end, and drops it in
between: while the buttons are pressed only the driver's loop shares the heap with
the app, as only main.py's few lines do on a Pico.
"""

import json


def load(path, seed):
    """The driver's progress (dict) from ``path``, or a fresh one for ``seed`` (int)."""
    try:
        with open(path) as handle:
            return json.load(handle)
    except OSError:
        return {"done": 0, "entry": 0, "step": 0, "rng": seed & 0x7FFFFFFF, "taken": 0,
                "errors": 0, "frames": 0, "render_total": 0, "render_max": 0, "bytes_total": 0,
                "bytes_max": 0, "console": [0, 0, 0], "where": {}, "restarts": 0}


def save(path, st):
    """Write the progress ``st`` (dict) to ``path`` for the next interpreter."""
    with open(path, "w") as handle:
        json.dump(st, handle)


def report(st, done, games):
    """Print the totals as ``RESULT name value`` lines (tools/bench_device.py reads them).

    :param st: the progress dict; :param done: actions pressed (int); :param games:
        main-menu entries (int).
    """
    console = st["console"]
    print("RESULT actions", done)
    print("RESULT games", games)
    print("RESULT restarts", st["restarts"])
    print("RESULT errors", st["errors"])
    print("RESULT notices", console[0])
    print("RESULT recovered", console[1])
    print("RESULT redrawn", console[2])
    where_count = st["where"]
    for where in where_count:
        print("RESULT oom_in_%s %d" % (where, where_count[where]))
    for key in ("frames", "render_total", "render_max", "bytes_total", "bytes_max"):
        print("RESULT %s %d" % (key, st[key]))
