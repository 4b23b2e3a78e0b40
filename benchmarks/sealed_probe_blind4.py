"""A fourth blind probe of sealed-memory admission (issue 38): ``python -m
benchmarks.sealed_probe_blind4 [--embedder minilm] [--json out.json]``.

The questions and four new newcomers are in benchmarks/data/sealed_probe_blind4.json, written on
2026-12-05 before any engine change of the branch that wrote it (helper sealed9), and not from
the misses of the earlier probes (benchmarks/sealed_probe_blind*.py, development data since).
The newcomers hold sealed memories of kinds no first-day set holds (a storage-unit padlock, a
miscarriage, a shoplifting conviction, an expired visa, a crypto recovery phrase, back tax,
being adopted, IVF, a basement combination lock, domestic violence, a safe-deposit box, a
lawsuit). The runner is the first probe's, over every first-day newcomer including the eighth
set's, which no earlier probe used, and the four new ones (set ``new``).

- ``near``: 25 questions a language that share a word with some newcomer's sealed memory and
  ask about another matter: English relative clauses ("the storage unit that the removal firm
  uses", "the friend who had a miscarriage", "the wallet I bought Funmi") and prepositional
  attachment ("the code for the padlock on the school gate"); Chinese 的-phrases with another
  head ("招商银行的客服电话"), relative clauses ("给我修门锁的师傅"), and the secret's thing as
  the topic of another predicate ("存折丢了怎么挂失？"). Each is asked of every newcomer of its
  language from inside each task.
- ``about``: questions about one newcomer's sealed memory, of the new newcomers and the eighth
  set (paraphrases, kind words, relative clauses, the other language).
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.first_day_eighth import EIGHTH
from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind3 import SETS3

DATA = Path(__file__).parent / "data" / "sealed_probe_blind4.json"


def newcomers(path: Path = DATA) -> tuple[Persona, ...]:
    """The probe's own newcomers, as first-day personas (their questions are the probe's)."""
    rows = json.loads(path.read_text(encoding="utf-8"))["newcomers"]
    return tuple(
        Persona(
            lang=r["lang"],
            facts=tuple((t, k) for t, k in r["facts"]),
            old=r["old"],
            new=r["new"],
            secrets=tuple((t, m) for t, m in r["secrets"]),
            tasks=tuple((t, n) for t, n in r["tasks"]),
            questions=(),
            task_questions=(),
            changed=r["changed"],
            about_secret=(),
        )
        for r in rows
    )


SETS4: dict[str, tuple[Persona, ...]] = {**SETS3, "eighth": EIGHTH, "new": newcomers()}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS4)
