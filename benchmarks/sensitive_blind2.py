"""A second blind privacy set (issue 38, helper sensitive19): ``python -m
benchmarks.sensitive_blind2 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind2.json, written on
2026-12-06 before any engine change of the branch that wrote it, each with ordinary facts and
four sealed memories of kinds sensitive_blind does not hold (a login password or holder
number; a criminal record or an addiction; a pregnancy, an infectious disease or a
psychiatric diagnosis; a debt or a failing business; a relative's marriage or health
secret). The runner is the sealed probes' (see benchmarks/sealed_probe_blind.py) over these
newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word with a sealed memory but about another
  matter ("What's the WiFi password at the pub?", "Do I need a visa to fly to Malaga?",
  拘留和逮捕有什么区别？, 建设银行周末开门吗？), and generic questions. A *leak* is a
  question whose hits or context held a sealed memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it
  ("Have I ever been banned from driving?" of drink driving, 我被关过吗？ of 拘留); *about
  first* counts those whose first hit is it (the finds: these must not drop), and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind2.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
