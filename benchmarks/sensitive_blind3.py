"""A third blind privacy set (issue 38, helper sensitive20): ``python -m
benchmarks.sensitive_blind3 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind3.json, written on
2026-12-06 before any engine change of the branch that wrote it, each with ordinary facts and
four sealed memories of kinds the first two privacy sets mostly do not hold (an alarm or door
lock code, an NHS number, a pension login, where a safe's key is hidden; panic attacks, HIV,
Parkinson's, sleeping pills, incontinence; a payday loan, a pawned ring, a loan guarantee, an
online scam; a friend stealing at work, a paternity secret, a relative in rehab, a child given
away). The runner is the sealed probes' (see benchmarks/sealed_probe_blind.py) over these
newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word with a sealed memory but about another
  matter ("What time should I set the alarm for on Monday?", "Which eating apples keep best
  over the winter?", 门锁坏了找谁修？, 花盆里的土多久换一次？), and generic questions. A *leak*
  is a question whose hits or context held a sealed memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it
  ("Am I getting any help for my anxiety?" of panic attacks, 我小便有什么毛病？ of 尿失禁);
  *about first* counts those whose first hit is it (the finds: these must not drop), and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind3.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
