"""Run a benchmark module's main with this branch's three sealed-memory readings answering as
before (helper sensitive27): ``PYTHONPATH=. python benchmarks/results/sensitive27/before.py
MODULE [ARGS...]``: the same process, the same code, only ``amount_units``, ``kind_verbs`` and
``modifies_other`` patched to their old answers (nothing read)."""

from __future__ import annotations

import runpy
import sys

from hybridmem.retrieval import sensitive

sensitive.amount_units = lambda _q: frozenset()  # type: ignore[assignment]
sensitive.kind_verbs = lambda _q: frozenset()  # type: ignore[assignment]
sensitive.modifies_other = lambda _q, _w: False  # type: ignore[assignment]

module = sys.argv[1]
sys.argv = [module, *sys.argv[2:]]
runpy.run_module(module, run_name="__main__")
