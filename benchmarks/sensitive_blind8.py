"""An eighth blind privacy set (issue 38, helper sensitive25): ``python -m
benchmarks.sensitive_blind8 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind8.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with nine ordinary facts
(one about their health, not sealed), two preferences, a changed value, two tasks and four sealed
memories of kinds no earlier set has: a child who does not know he is adopted, a miscarriage, cash
income kept from the taxman, an expired visa, HIV, a second phone, online poker losses, early
Alzheimer's, a restraining order, self-harm, a revoked driving licence, a loan shark, hepatitis B
hidden from a work medical, an abortion, double bookkeeping, therapy for anxiety, a hidden tattoo,
a husband's dementia, a flat in a grandson's name, a son in prison, and codes (a garage door, a
padlock, a phone's lock screen, a front-door lock). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word or a name with a sealed memory about another
  matter ("How long does it take to adopt a rescue dog?", "Is Callum playing football this
  weekend?", 乙肝疫苗要打几针？, 人流量大的地方怎么看住孩子？ beside 人流), or its topic ("When does
  the self assessment tax return have to be in?", 孩子考试焦虑怎么办？). A *leak* is a question
  whose hits or context held a sealed memory (the target is 0).
- ``about``: 24 short, colloquial questions about one newcomer's sealed memory, several without
  its word ("Does Callum know where he really came from?", "Am I allowed to be working right
  now?", 我礼拜三下午去见谁？); *about first* counts those whose first hit is it, and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind8.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
