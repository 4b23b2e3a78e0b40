"""A fifth blind probe of sealed-memory admission (issue 38): ``python -m
benchmarks.sealed_probe_blind5 [--embedder minilm] [--json out.json]``.

The questions and two new newcomers are in benchmarks/data/sealed_probe_blind5.json, written on
2026-12-05 before any engine change of the branch that wrote it (helper leak10), and not from
the misses of the earlier probes (benchmarks/sealed_probe_blind*.py, development data since).
The newcomers hold sealed memories of kinds no first-day set holds (probation for an assault, a
garage keypad code, a vasectomy, a county court judgment; hepatitis B hidden from a work
check-up, a garage shutter code, cosmetic surgery, a father's second family). The runner is the
first probe's, over every first-day newcomer including the ninth set's, which no earlier probe
used, and the two new ones (set ``new``).

- ``near``: 20 questions a language that share a word with some newcomer's sealed memory and
  ask about another matter: another person's ("my nephew's probation period", 同事做的双眼皮), a
  company as the holder (以前的单位还欠我多少加班费？, "the company that sacked Dave"), a
  location after the shared word (冰箱最下层的饺子, 抽屉里的钥匙), the shared word modifying
  another noun ("the loan shop", 网贷平台的客服电话), generic questions (乙肝疫苗要打几针？), an
  attribute beside a sealed word ("What's the job my brother-in-law just started?").
- ``about``: questions about one newcomer's sealed memory, of the new newcomers and the ninth
  set (paraphrases, kind words, the other language).
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.first_day_ninth import NINTH
from benchmarks.first_day_persona import Persona
from benchmarks.sealed_probe_blind import main
from benchmarks.sealed_probe_blind4 import SETS4, newcomers

DATA = Path(__file__).parent / "data" / "sealed_probe_blind5.json"

SETS5: dict[str, tuple[Persona, ...]] = {
    **{k: v for k, v in SETS4.items() if k != "new"},
    "ninth": NINTH,
    "new": newcomers(DATA),
}

if __name__ == "__main__":
    main(data_path=DATA, sets=SETS5)
