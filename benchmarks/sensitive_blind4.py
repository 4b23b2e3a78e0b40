"""A fourth blind privacy set (issue 38, helper sensitive21): ``python -m
benchmarks.sensitive_blind4 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind4.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with ordinary facts and
four sealed memories of kinds the first three privacy sets mostly do not hold (a benefits
login, a bank security answer, a banking app passcode, a till's admin password, a passport
number, a passbook PIN; epilepsy, multiple sclerosis, glaucoma, a heart bypass, tuberculosis,
past schizophrenia; a county court judgment, rent arrears, a supplier debt, a mother's pension
money lost, a house secretly transferred; a nephew expelled, a brother-in-law sacked, a
neighbour's husband arrested, a stand-in exam, a car theft record, a bought job). The runner
is the sealed probes' (see benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, and questions sharing a word with a sealed memory but about another
  matter, most with the shared word's possessor or modifier another thing ("What's the password
  for the garden centre's till?", "Is my dog's epilepsy medicine covered by the pet
  insurance?", 我妈的白内障手术安排在哪天？, 阿航的车停在哪儿？). A *leak* is a question whose
  hits or context held a sealed memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it ("Have
  I told the DVLA about my fits?" of epilepsy, 阿航有没有犯过事？ of a theft record); *about
  first* counts those whose first hit is it, and an about-question that brings another sealed
  memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind4.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
