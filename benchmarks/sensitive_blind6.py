"""A sixth blind privacy set (issue 38, helper sensitive23): ``python -m
benchmarks.sensitive_blind6 [--embedder minilm|hash] [--json out.json]``.

Six new newcomers (three a language) in benchmarks/data/sensitive_blind6.json, written on
2026-12-07 before any engine change of the branch that wrote it, each with nine ordinary facts
(one about their health), two preferences, a changed value, two tasks and four sealed memories of
new kinds: passwords (a hospital login, a banking password built from the cat's name, a net-banking
login, an estate agency's client system); health (a BRCA1 mutation, sleep apnoea hidden from work,
low sperm count, thyroid cancer, syphilis in youth); money (escape cash, a brother's child
maintenance, a brother's gambling debts, a transfer to a woman met online); legal (a professional
warning, a magistrates' court date, an accident settled privately, a bribe, a changed will);
family (a granddaughter's mother in rehab, a son's separation); and places where something is
hidden (a shoebox on the wardrobe, ashes under an allotment's apple tree, a ring in frozen peas,
an iron box under a bed, a birdcage's false bottom). The runner is the sealed probes' (see
benchmarks/sealed_probe_blind.py) over these newcomers only:

- ``near``: 20 questions a language, asked of every newcomer of the language from inside each
  task: ordinary questions, questions sharing a word or a name with a sealed memory about another
  matter ("What can I cook with frozen peas?", "What food does Marmalade like?"), or its topic
  ("Which genetic tests do they offer pregnant women at the hospital?"), and Chinese questions
  sharing a character or a word while the words differ (甲流疫苗在哪儿打？ beside 甲状腺癌,
  梅雨季节衣服怎么防潮？ beside 梅毒, 八哥吃什么饲料好？ beside 八哥笼子底下的夹层). A *leak* is a
  question whose hits or context held a sealed memory (the target is 0).
- ``about``: 24 questions about one newcomer's sealed memory, naming or paraphrasing it, several
  without its word ("What did the sleep clinic say about me?", 我得的是什么癌？ of 甲状腺癌);
  *about first* counts those whose first hit is it, and an about-question that brings another
  sealed memory along is a leak too.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import newcomers

DATA = Path(__file__).parent / "data" / "sensitive_blind6.json"

SETS: dict[str, tuple[Persona, ...]] = {"new": newcomers(DATA)}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS)
