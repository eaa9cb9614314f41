"""pytest: the two-runtime tests import their helpers as ``check``; hypothesis
runs under a project profile with a seed that is printed, so a failing example can
be replayed.

Hypothesis profiles (PR_HYPOTHESIS_PROFILE picks one; "ci" when the CI variable is
set, else "dev"):
- "ci": no example database (a clean clone and CI draw the same examples) and a
  fixed seed, PR_HYPOTHESIS_SEED or 0;
- "dev": the example database in .hypothesis/ (a failure found once is tried first
  next time) and a new random seed each run, unless PR_HYPOTHESIS_SEED is set.
Both have no deadline (speed is the benchmarks' business, not the tests') and
print the blob that reproduces a failure. `pytest --hypothesis-seed=N` wins over
PR_HYPOTHESIS_SEED. The seed in use is printed in the header and at the end.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(HERE, "both"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)


_HYPOTHESIS = {"profile": None, "seed": None}


def _hypothesis_setup(config):
    """Register the profiles, load the one chosen, fix the seed (see the module's
    docstring). :raises pytest.UsageError: PR_HYPOTHESIS_SEED not a whole number, or
    an unknown PR_HYPOTHESIS_PROFILE."""
    import pytest
    from hypothesis import core, settings
    settings.register_profile("ci", database=None, deadline=None, print_blob=True)
    settings.register_profile("dev", deadline=None, print_blob=True)
    name = os.environ.get("PR_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    if name not in ("ci", "dev"):
        raise pytest.UsageError("PR_HYPOTHESIS_PROFILE=%s: the profiles are 'ci' and 'dev'" % name)
    if not config.getoption("hypothesis_profile", None):
        settings.load_profile(name)
    else:
        name = config.getoption("hypothesis_profile")
    seed = config.getoption("hypothesis_seed", None)
    if seed is None:
        text = os.environ.get("PR_HYPOTHESIS_SEED", "")
        if text:
            try:
                seed = int(text)
            except ValueError:
                raise pytest.UsageError("PR_HYPOTHESIS_SEED=%s: must be a whole number" % text)
        elif name == "ci":
            seed = 0
        else:
            seed = random.SystemRandom().randrange(2 ** 32)
        core.global_force_seed = seed  # as `--hypothesis-seed` sets it
    _HYPOTHESIS["profile"] = name
    _HYPOTHESIS["seed"] = seed


def _hypothesis_line():
    return ("hypothesis: profile %r, seed %s (replay: PR_HYPOTHESIS_SEED=%s)"
            % (_HYPOTHESIS["profile"], _HYPOTHESIS["seed"], _HYPOTHESIS["seed"]))


def pytest_configure(config):
    _hypothesis_setup(config)


def pytest_report_header(config):
    return _hypothesis_line()


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line(_hypothesis_line())


def pytest_sessionstart(session):
    """Test data folders go to one folder, removed at the end: the two-runtime tests'
    (PR_TEST_TMP) and every temporary folder a test or a process it starts makes
    (tempfile's and TMPDIR), so a run leaves nothing behind in /tmp."""
    import tempfile
    if not os.environ.get("PR_TEST_TMP"):
        folder = tempfile.mkdtemp(prefix="pr-tests-")
        os.environ["PR_TEST_TMP"] = folder
        session.config._pr_test_tmp = folder
        session.config._pr_tempdir = (tempfile.tempdir, os.environ.get("TMPDIR"))
        tempfile.tempdir = folder
        os.environ["TMPDIR"] = folder


def pytest_sessionfinish(session):
    import shutil
    import tempfile
    folder = getattr(session.config, "_pr_test_tmp", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PR_TEST_TMP", None)
        tempdir, env = session.config._pr_tempdir
        tempfile.tempdir = tempdir
        if env is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = env
