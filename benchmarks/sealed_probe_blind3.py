"""A third blind probe of sealed-memory admission (issue 38), Chinese-heavy: ``python -m
benchmarks.sealed_probe_blind3 [--embedder minilm] [--json out.json]``.

The questions are in benchmarks/data/sealed_probe_blind3.json, written on 2026-12-05 before any
engine change of the branch that wrote it, and not from the misses of the earlier probes
(benchmarks/sealed_probe_blind.py and sealed_probe_blind2.py, development data since). The
runner is the first probe's, over every first-day newcomer including the seventh set's, which
no earlier probe used.

- ``near``: 40 Chinese questions about someone else's condition, number, debt or document (a
  的-possessive, a relation noun before the word, a relative clause), roles swapped (someone
  owes me), public codes, and the thing a secret belongs to asked about otherwise; 20 English
  ones of shapes the earlier probes lack (relative clauses, roles swapped, another person's
  document). Each is asked of every newcomer of its language from inside each task.
- ``about``: questions about one newcomer's sealed memory, mostly of the seventh set
  (paraphrases, its kind word, its own words, the other language).
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.first_day_seventh import SEVENTH
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind2 import SETS2

DATA = Path(__file__).parent / "data" / "sealed_probe_blind3.json"
SETS3: dict[str, tuple[Persona, ...]] = {**SETS2, "seventh": SEVENTH}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS3)
