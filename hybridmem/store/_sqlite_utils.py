"""``sqlite_utils``, imported without pandas.

sqlite-utils imports pandas when it is installed, only to map ``pandas.Timestamp`` to a TEXT
column; hybridmem never inserts pandas values. Importing pandas costs ~0.2 s of CPU, more than
the whole ``hybridmem stats`` command may take, so the import is made with pandas hidden (a
``None`` entry in ``sys.modules`` makes ``import pandas`` fail) unless pandas was already
imported. Nothing else changes: a later ``import pandas`` works as usual.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import cast

if "pandas" in sys.modules or "sqlite_utils" in sys.modules:
    import sqlite_utils
else:
    sys.modules["pandas"] = cast(ModuleType, None)
    try:
        import sqlite_utils
    finally:
        del sys.modules["pandas"]

__all__ = ["sqlite_utils"]
