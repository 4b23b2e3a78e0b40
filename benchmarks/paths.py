"""Where the external evaluation data lives.

The data is other people's (see ``../shared/data/README.md``) and is never copied into the
repository, so every command takes a path and falls back to the shared checkout location.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The repository root (the folder holding ``benchmarks/`` and ``hybridmem/``)."""

_FALLBACK = Path("/work/shared/data")


DATA_ENV = "HYBRIDMEM_DATA_DIR"
"""The one environment variable naming the data folder (benchmarks, tests and notebooks)."""

_OLD_DATA_ENV = "HYBRIDMEM_DATA"
"""The name the notebook used to read; still accepted so existing setups keep working."""


def default_data_dir() -> Path:
    """Resolve the data folder: ``$HYBRIDMEM_DATA_DIR`` (or the older ``$HYBRIDMEM_DATA``), else
    ``<root>/../shared/data``, else the fallback.

    A folder named by the environment is taken as is, even when it does not exist: the caller asked
    for that one (``HYBRIDMEM_DATA_DIR=/nonexistent`` is how to run the suite as a clean clone
    would, without the data). Otherwise the first candidate that exists wins; if none exists the
    project-relative path is returned so error messages point where CI expects the data.
    """
    env = os.environ.get(DATA_ENV) or os.environ.get(_OLD_DATA_ENV)
    if env:
        return Path(env)
    candidates = [PROJECT_ROOT.parent / "shared" / "data", _FALLBACK]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[0]


def default_locomo_path() -> Path:
    """The LoCoMo dev file under :func:`default_data_dir`."""
    return default_data_dir() / "locomo" / "locomo-dev.json"


def default_madial_dir() -> Path:
    """The MADial-Bench folder under :func:`default_data_dir`."""
    return default_data_dir() / "madial"


def portable(path: Path) -> str:
    """``path`` as a results file records it: ``$DATA/...`` when it lies under the data folder
    (a results.json committed to the repository names no machine's layout)."""
    try:
        return "$DATA/" + Path(path).resolve().relative_to(default_data_dir().resolve()).as_posix()
    except ValueError:
        return str(path)
