"""Shared helpers for the benchmark tests: where the external data is, and skip markers.

The data (LoCoMo, MADial-Bench) is other people's and never copied into the repository: a clean
clone has none, so every test that reads it skips with the reason. ``HYBRIDMEM_DATA_DIR`` names
the folder (``benchmarks/paths.py``); set it to a missing path to run as a clean clone would.
"""

from __future__ import annotations

import pytest

from benchmarks.paths import DATA_ENV, default_data_dir

DATA_DIR = default_data_dir()
LOCOMO = DATA_DIR / "locomo" / "locomo-dev.json"
MADIAL = DATA_DIR / "madial"
HAS_LOCOMO = LOCOMO.is_file()
HAS_MADIAL = (MADIAL / "en-memory.jsonl").is_file()

needs_locomo = pytest.mark.skipif(
    not HAS_LOCOMO,
    reason=f"LoCoMo data not found at {LOCOMO} (set {DATA_ENV} to the shared data folder)",
)
needs_madial = pytest.mark.skipif(
    not HAS_MADIAL,
    reason=f"MADial data not found in {MADIAL} (set {DATA_ENV} to the shared data folder)",
)
