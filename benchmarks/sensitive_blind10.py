"""A tenth blind privacy set (issue 38, helper sensitive27): ``python -m
benchmarks.sensitive_blind10 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind10.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with nine ordinary facts
(one about their health, not sealed), two preferences, a changed value, two tasks and four sealed
memories of kinds no earlier set has: bulimia, money taken from the children's savings, an affair
with a husband's best mate, a caution for growing cannabis, a tax debt kept from a wife, a son
not the father's by blood, pills taken from the pharmacy's stock, a failed exam year lied about,
a neighbour reported anonymously, 暴食症, 网贷, an affair with a neighbour, 赌球, a prison record,
a house deposit taken from the company, a husband's pension spent on 保健品, 帕金森, a
neighbour's tyre let down, and codes (a salon safe, an email password, a medicine lockbox,
保险柜, 公积金, 医保卡). The runner is the sealed probes' (see benchmarks/sealed_probe_blind.py)
over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions and questions sharing a common verb or noun with a sealed memory in
  another role or asked in general ("What's a good thing to eat after the gym?", "Our
  neighbour's tree hangs over the fence, what can I do?", 小孩不爱吃饭咋整？,
  这个月手头紧，咋省点钱？, 楼下邻居漏水漏到我家了，该找谁？, 朋友找我借钱，咋开口拒绝？). A
  *leak* is a question whose hits or context held a sealed memory (the target is 0).
- ``about``: 24 short, colloquial questions about one newcomer's sealed memory, some with its
  word, most without ("Who am I carrying on with?", "Is Ryan really mine?", 我以前进去过吗？,
  看病刷的那张卡密码是啥？); *about first* counts those whose first hit is it, and an
  about-question that brings another sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind10.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
