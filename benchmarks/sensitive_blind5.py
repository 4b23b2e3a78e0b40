"""A fifth blind privacy set (issue 38, helper sensitive22): ``python -m
benchmarks.sensitive_blind5 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind5.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with ordinary facts and
four sealed memories (a credit card PIN, a banking memorable word, a key safe code, a WeChat
payment password, a salary card PIN, a door lock code; antidepressants, hepatitis C, a breast
lump, hepatitis B, high blood pressure, depression; a payday loan, a tax debt, savings lost on
betting machines, an online loan, a prison sentence, a supplement scam; a brother-in-law
cautioned, a brother's prison term, a daughter's affair, a niece's abortion, a friend's son's
drug arrest, a daughter's divorce). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word with a sealed memory about another matter
  ("What's the code for Brenda's key safe?", "Can a customer take sertraline with
  ibuprofen?"), and Chinese questions sharing only a character or a compound's head with a
  sealed memory while the words differ (肝火旺喝什么茶好？ beside 乙肝, 血压计哪个牌子准？ beside
  高血压, 离退休人员体检去哪儿？ beside 离过一次婚). A *leak* is a question whose hits or
  context held a sealed memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it, several
  Chinese ones by a character or compound head of the memory's word only (我得的是什么肝病？ of
  乙肝, 我血压的事单位知道吗？ of 高血压); *about first* counts those whose first hit is it, and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind5.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
