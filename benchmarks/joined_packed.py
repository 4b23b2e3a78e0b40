"""What a budgeted retrieval packs with and without a joined reading (issue 38, probing21).

:mod:`benchmarks.probing_joined` packs a speaker's next turn with its antecedent as one hit, so
``top_k`` counts the pair once but the token budget pays for both texts. This prints the whole
packed list at 1,000 tokens (frac's setting) under the engine and under a reading, the
diagnostic of a frac that falls:

- ``python -m benchmarks.joined_packed probing SET QID READING``: one probing question;
- ``python -m benchmarks.joined_packed locomo N,N READING``: LoCoMo questions by their index
  in ``benchmarks.fusion_paired``'s JSON (e5, the ``minmax`` fusion).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Any

from benchmarks.probing_joined import READINGS, variant
from hybridmem.models import RetrievalResult

BUDGET = 1_000


def _print(
    label: str, res: RetrievalResult, cited: Callable[[Any], list[str]], ev: set[str]
) -> None:
    found: set[str] = set()
    pairs = sum(1 for h in res.hits if h.merged)
    print(f"  [{label}] hits {len(res.hits)} pairs {pairs} tokens {res.tokens}")
    for i, h in enumerate(res.hits, 1):
        ids = cited(h)
        found |= set(ids)
        print(f"   {i}{'*' if set(ids) & ev else ' '} {ids} {h.node.content[:90]!r}")
    print(f"  [{label}] evidence packed {sorted(ev & found)} of {sorted(ev)}")


def _covered(prefix: str, hit: Any) -> list[str]:
    """A LoCoMo hit's turns, the corpus prefix off."""
    return sorted(c[len(prefix) :] for c in hit.covers if c.startswith(prefix))


def _readings(reading: str) -> Iterator[tuple[str, AbstractContextManager[Any]]]:
    yield "engine", nullcontext()
    yield f"joined-{reading}", variant(reading)()


def probing(name: str, qid: str, reading: str) -> None:
    """One probing question's packed hits under the engine and ``reading``."""
    from benchmarks.probing import _cited, imported
    from benchmarks.probing_variants import HERE
    from hybridmem.embedding import make_embedder

    data = json.loads((HERE / f"probing_{name}.json").read_text(encoding="utf-8"))
    q = next(x for x in data["questions"] if x["id"] == qid)
    user = next(u for u in data["users"] if u["id"] == q["user"])
    print(f"## {name} {qid}: {q['query']}")
    with imported(user, make_embedder(None)) as (mem, task_id):
        for label, patch in _readings(reading):
            with patch:
                res = mem.retrieve(
                    q["query"],
                    user_id=user["id"],
                    task_id=task_id,
                    top_k=10_000,
                    token_budget=BUDGET,
                    record_access=False,
                )
            _print(label, res, lambda h: sorted(_cited(h)), set(q["evidence"]))


def locomo(numbers: Collection[int], reading: str) -> None:
    """LoCoMo questions' packed hits under the engine and ``reading``."""
    from benchmarks import fusion_paired, tuning
    from benchmarks.paths import default_data_dir

    embedder = fusion_paired._embedder("default")
    bench, items = tuning.locomo_bench(embedder, default_data_dir())
    fuse, make = fusion_paired.VARIANTS["minmax"]
    mem, clock = tuning.open_engine(bench, embedder, make())
    try:
        for n in sorted(numbers):
            q = items[n]
            prefix = bench.corpora[q.conversation_id].id + ":"
            print(f"\n## locomo {n} cat{q.category}: {q.question!r}")
            for label, patch in _readings(reading):
                with fusion_paired.fused_by(fuse, "minmax"), patch:
                    res, _ = tuning.ask_locomo(mem, clock, bench, q, BUDGET)
                _print(label, res, partial(_covered, prefix), set(q.evidence))
    finally:
        mem.close()


def main(argv: Sequence[str] | None = None) -> None:
    """``probing SET QID READING`` or ``locomo N,N READING``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 4 and args[0] == "probing" and args[3] in READINGS:
        probing(args[1], args[2], args[3])
    elif len(args) == 3 and args[0] == "locomo" and args[2] in READINGS:
        locomo({int(n) for n in args[1].split(",")}, args[2])
    else:
        raise SystemExit(
            "usage: python -m benchmarks.joined_packed probing SET QID READING | "
            f"locomo N,N READING ({', '.join(READINGS)})"
        )


if __name__ == "__main__":
    main()
