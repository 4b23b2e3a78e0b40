"""A ninth blind privacy set (issue 38, helper sensitive26): ``python -m
benchmarks.sensitive_blind9 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind9.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with nine ordinary facts
(one about their health, not sealed), two preferences, a changed value, two tasks and four sealed
memories of kinds no earlier set has: probation for drink driving, a lump awaiting a biopsy, a
council tax discount claimed falsely, epilepsy kept from the DVLA, an environmental health
investigation, an age lied about, a will that cuts out the children, being sectioned long ago,
cancer tablets stopped in secret, past meth use, recycled cooking oil, a hidden vasectomy, bipolar
disorder, a stand-in at a licence exam, domestic violence, savings lent and lost, a breast
nodule, a baby given away, and codes and passwords (a bank card PIN, an online banking password,
a burglar alarm, 支付宝支付密码, 工资卡密码, 存折密码). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word or a name with a sealed memory about another
  matter ("Is there a probation period at a new job?", "How do I change the battery in a burglar
  alarm?", 狗做了结扎要注意啥？, 甲状腺结节要紧吗？), or its topic ("How long do biopsy results
  usually take on the NHS?", 同事被家暴了，有啥热线能打？). A *leak* is a question whose hits or
  context held a sealed memory (the target is 0).
- ``about``: 24 short, colloquial questions about one newcomer's sealed memory, most without its
  word, several naming a code by its use ("What do I punch in at the cash machine?", "What do I
  type into the bank's app?", 取工资那个号是多少来着？, 我付钱输的那六位是啥来着？); *about first*
  counts those whose first hit is it, and an about-question that brings another sealed memory
  along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind9.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
