"""What stands above the answer in each first-day miss, and which part put it there (issue 38):
``python -m benchmarks.first_day_above [--sets ninth,...,fifteenth] [--json F]``.

Each newcomer is built as :mod:`benchmarks.first_day` builds it and each ordinary question is
asked from its task (``top_k=50``, sealed questions left out). For a (question, task) miss
whose answer is a hit, the row holds the answer's place in the embedder's order (by the
``similarity`` part alone), the first hit, and the cause:

- ``after score``: the answer scores higher than the first hit, and a step after the score
  put the first hit there; ``newer first`` when :func:`~hybridmem.retrieval.newer_values.
  newer_first` changed the first place (watched by wrapping it, nothing else changes);
- else the part of the score that puts the first hit furthest ahead of the answer
  (``similarity``: the embedder itself prefers it; ``lexical``, ``time``, ...).

Rows where the embedder ranks the answer 2nd or 3rd are the "answer in other words" bucket of
firstday15's sort. Read only the sets whose misses may be read (not a blind one).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.first_day import PERSONAS, SETS, START, USER, first_day
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.models import Hit
from hybridmem.privacy import PrivacyConfig, generate_key

_FIRST_MOVED: list[bool] = []
"""Whether the last call of ``newer_first`` changed the first place (the wrapper's record)."""


def _watch_newer_first() -> None:
    original = retriever_module.newer_first

    def watched(hits: list[Hit], *args: Any, **kwargs: Any) -> list[Hit]:
        out = original(hits, *args, **kwargs)
        _FIRST_MOVED.append(bool(hits and out and hits[0].node.id != out[0].node.id))
        return out

    retriever_module.newer_first = watched  # type: ignore[assignment]


def _cause(first: Hit, want: Hit, newer_moved: bool) -> str:
    if want.score > first.score:
        return "after score: newer first" if newer_moved else "after score: other step"
    a, b = first.breakdown.parts, want.breakdown.parts
    return max(set(a) | set(b), key=lambda k: a.get(k, 0.0) - b.get(k, 0.0))


def rows(name: str, persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, object]]:
    """The persona's ordinary misses, each with what is above the answer and why."""
    clock = FakeClock(START)
    out: list[dict[str, object]] = []
    with HybridMemory(
        path, embedder=embedder, clock=clock, privacy=PrivacyConfig(key=generate_key())
    ) as mem:
        tasks = first_day(mem, clock, persona)
        asked = [
            *((q, a, 0) for q, a in persona.questions),
            *((q, a, t) for q, a, t in persona.task_questions),
            (persona.changed, persona.new, 0),
        ]
        for question, needle, task in asked:
            _FIRST_MOVED.clear()
            r = mem.retrieve(
                question, user_id=USER, task_id=tasks[task].id, record_access=False, top_k=50
            )
            if r.hits and needle in r.hits[0].node.content:
                continue
            want = next((h for h in r.hits if needle in h.node.content), None)
            if want is None:
                continue  # not a hit at all: another mechanism (the writer's)
            by_sim = sorted(r.hits, key=lambda h: -h.breakdown.parts.get("similarity", 0.0))
            sim_rank = next(i for i, h in enumerate(by_sim) if h is want)
            first = r.hits[0]
            out.append(
                {
                    "set": name,
                    "lang": persona.lang,
                    "question": question,
                    "task": task,
                    "similarity_rank": sim_rank,
                    "cause": _cause(first, want, any(_FIRST_MOVED)),
                    "first": first.node.content,
                    "first_why": first.breakdown.explain(),
                    "answer_why": want.breakdown.explain(),
                }
            )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--sets", default="ninth,tenth,eleventh,twelfth,thirteenth,fourteenth")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    _watch_newer_first()
    embedder = make_embedder(args.embedder)
    chosen = {"dev": PERSONAS, **SETS}
    found: list[dict[str, object]] = []
    with TemporaryDirectory() as tmp:
        for name in args.sets.split(","):
            for i, persona in enumerate(chosen[name]):
                found += rows(name, persona, embedder, Path(tmp) / f"{name}-{i}")
    tally: Counter[tuple[str, str]] = Counter()
    for row in found:
        bucket = "answer e5 1st" if row["similarity_rank"] == 0 else "answer e5 2nd-3rd"
        if int(str(row["similarity_rank"])) > 2:
            bucket = "answer e5 4th+"
        tally[(bucket, str(row["cause"]))] += 1
        print(f"[{row['set']} {row['lang']} t{row['task']}] {row['question']}")
        print(f"   e5 rank {row['similarity_rank']}, cause {row['cause']}: {row['first']!r}")
        print(f"   first:  {row['first_why']}")
        print(f"   answer: {row['answer_why']}")
    print("\n(question, task) misses whose answer is a hit, by the embedder's place and cause:")
    for (bucket, cause), n in sorted(tally.items()):
        print(f"  {bucket:18} {cause:28} {n}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
