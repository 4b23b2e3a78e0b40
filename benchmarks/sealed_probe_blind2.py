"""A second blind probe of sealed-memory admission (issue 38): ``python -m
benchmarks.sealed_probe_blind2 [--embedder minilm] [--json out.json]``.

The questions are in benchmarks/data/sealed_probe_blind2.json, written on 2026-12-05 before any
engine change of the branch that wrote it, and not from the misses of the first blind probe
(benchmarks/sealed_probe_blind.py, development data since): the same two kinds of question,
asked the same way (see that module), over every first-day newcomer including the sixth set's,
which the first probe did not use.

- ``near``: someone else's number, address or condition, a public code, and generic "number",
  "card", "account" questions about ordinary things (a bus, a card game, a sofa order), each
  asked of every newcomer of its language from inside each task;
- ``about``: new questions about one newcomer's sealed memory, mostly of the sixth set
  (paraphrases, its kind word, its own words, the other language).
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.first_day_sixth import SIXTH
from benchmarks.sealed_probe_blind import SETS, main

DATA = Path(__file__).parent / "data" / "sealed_probe_blind2.json"
SETS2: dict[str, tuple[Persona, ...]] = {**SETS, "sixth": SIXTH}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS2)
