"""A seventh blind privacy set (issue 38, helper sensitive24): ``python -m
benchmarks.sensitive_blind7 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind7.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with nine ordinary facts
(one about their health, not sealed), two preferences, a changed value, two tasks and four sealed
memories of kinds no earlier set has: secret job hunting, lost or changed faith, an eating
disorder, addiction recovery, an old conviction, a private investigator on a spouse, paternity (a
son who is not his, a grandson's DNA test, a child out of wedlock), a hidden lottery win, cosmetic
surgery, a neighbour's son's drug use, whistleblowing, orientation, a forged degree, egg freezing,
and codes (a work safe, a key safe, a home safe). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word or a name with a sealed memory about another
  matter ("Is AA breakdown cover worth it?", "What numbers should I pick for the lottery this
  week?", "Is Rhys coming home for Easter?", 家里的车险怎么买划算？ beside 保险柜, 孙子的户口咋上？
  beside the grandson's 亲子鉴定), or its topic ("How do I get a DBS check to volunteer at a
  school?", 圣诞节给孩子买啥礼物好？ beside 基督教). A *leak* is a question whose hits or context
  held a sealed memory (the target is 0).
- ``about``: 24 short, colloquial questions about one newcomer's sealed memory, several without
  its word ("Where do I really go on Wednesday nights?", "How much did I win?", 鉴定结果是啥？);
  *about first* counts those whose first hit is it, and an about-question that brings another
  sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind7.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
