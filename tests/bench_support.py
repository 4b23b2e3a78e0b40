"""Shared helpers for the benchmark tests: where the external data is, and skip markers."""

from __future__ import annotations

import pytest

from benchmarks.paths import default_data_dir

DATA_DIR = default_data_dir()
LOCOMO = DATA_DIR / "locomo" / "locomo-dev.json"
MADIAL = DATA_DIR / "madial"

needs_locomo = pytest.mark.skipif(
    not LOCOMO.is_file(),
    reason=f"LoCoMo data not found at {LOCOMO} (set HYBRIDMEM_DATA_DIR to the shared data folder)",
)
needs_madial = pytest.mark.skipif(
    not (MADIAL / "en-memory.jsonl").is_file(),
    reason=f"MADial data not found in {MADIAL} (set HYBRIDMEM_DATA_DIR to the shared data folder)",
)
