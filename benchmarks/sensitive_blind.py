"""A blind privacy set (issue 38, helper sensitive18): ``python -m benchmarks.sensitive_blind
[--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind.json, written on
2026-12-06 before any engine change of the branch that wrote it, each with ordinary facts and
four sealed memories (an account, card or ID number; a health matter; money owed or lost; a
secret about someone else or the family). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word with a sealed memory but about another
  matter ("Is next Monday a bank holiday?", 工商银行几点开门？, 小区门禁的密码是多少？), and
  generic health or money questions. A *leak* is a question whose hits or context held a sealed
  memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it;
  *about first* counts those whose first hit is it (the finds: these must not drop), and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
