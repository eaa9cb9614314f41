"""pytest: the two-runtime tests import their helpers as ``check``."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(HERE, "both"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)


def pytest_sessionstart(session):
    """Test data folders of the two-runtime tests go to one folder, removed at the end."""
    import tempfile
    if not os.environ.get("PR_TEST_TMP"):
        folder = tempfile.mkdtemp(prefix="pr-tests-")
        os.environ["PR_TEST_TMP"] = folder
        session.config._pr_test_tmp = folder


def pytest_sessionfinish(session):
    import shutil
    folder = getattr(session.config, "_pr_test_tmp", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PR_TEST_TMP", None)
