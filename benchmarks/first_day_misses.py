"""Every hit@1 miss of the first-day sets, by the part of the score that decided it (issue 38):
``python -m benchmarks.first_day_misses [--embedder minilm] [--sets dev,blind,...]``.

Each newcomer is built as :mod:`benchmarks.first_day` builds it; each question is asked from
the first task (a task's own question from that task; ``top_k=50``). For a miss, the first
hit's :class:`~hybridmem.models.ScoreBreakdown` is set beside the expected memory's, parts
grouped into relevance (``similarity``, ``lexical``), ``priors`` (recency, importance,
confidence, tree, use) and the rest (structure, time, ...); the mechanism is the group whose
part puts the first hit furthest ahead. An expected memory that is no hit at all is
``absent``: it never reached the score (withheld when sealed, or taken out of retrieval at
write time: a candidate, or an older member of a conflict group whose current value is a hit).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory

from benchmarks.first_day import PERSONAS, SETS, START, USER, first_day
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.privacy import PrivacyConfig, generate_key

PRIORS = frozenset({"recency", "importance", "confidence", "tree", "use"})


def _sets() -> dict[str, Sequence[Persona]]:
    return {"dev": PERSONAS, **SETS}


def _grouped(parts: Mapping[str, float]) -> Counter[str]:
    out: Counter[str] = Counter()
    for name, value in parts.items():
        out["priors" if name in PRIORS else name] += value
    return out


def misses(persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, object]]:
    """The persona's hit@1 misses, each with its mechanism and the two breakdowns."""
    clock = FakeClock(START)
    out: list[dict[str, object]] = []
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = first_day(mem, clock, persona)
        asked = [
            *((q, a, 0, False) for q, a in persona.questions),
            *((q, a, t, False) for q, a, t in persona.task_questions),
            (persona.changed, persona.new, 0, False),
            *((q, m, 0, True) for q, m in persona.about_secret),
        ]
        for question, needle, task, sealed in asked:
            r = mem.retrieve(
                question, user_id=USER, task_id=tasks[task].id, record_access=False, top_k=50
            )
            if r.hits and needle in r.hits[0].node.content:
                continue
            first = r.hits[0] if r.hits else None
            want = next((h for h in r.hits if needle in h.node.content), None)
            if first is None or want is None:
                mechanism = "absent"
            else:
                a, b = _grouped(first.breakdown.parts), _grouped(want.breakdown.parts)
                ahead = {k: a[k] - b[k] for k in set(a) | set(b)}
                mechanism = max(ahead, key=lambda k: ahead[k])
            out.append(
                {
                    "question": question,
                    "sealed": sealed,
                    "mechanism": mechanism,
                    "first": first.node.content if first else None,
                    "first_why": first.breakdown.explain() if first else "",
                    "expected_why": want.breakdown.explain() if want else "",
                }
            )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--sets", default="dev,blind,third,fourth,fifth")
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    chosen = _sets()
    tally: Counter[tuple[str, str]] = Counter()
    with TemporaryDirectory() as tmp:
        for name in args.sets.split(","):
            for i, persona in enumerate(chosen[name]):
                for miss in misses(persona, embedder, Path(tmp) / f"{name}-{i}"):
                    kind = "sealed" if miss["sealed"] else "ordinary"
                    tally[(str(miss["mechanism"]), kind)] += 1
                    print(f"[{name} #{i} {persona.lang}] {miss['mechanism']}: {miss['question']}")
                    print(f"   first: {miss['first']!r} {miss['first_why']}")
                    print(f"   expected: {miss['expected_why'] or '-'}")
    for (mechanism, kind), n in sorted(tally.items()):
        print(f"{kind:8} {mechanism:12} {n}")


if __name__ == "__main__":
    main()
