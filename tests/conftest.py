"""pytest: the two-runtime tests import their helpers as ``check``."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (os.path.join(HERE, "both"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)
