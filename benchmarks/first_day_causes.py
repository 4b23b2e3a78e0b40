"""Every first-day hit@1 miss by its cause, item by item (issue 38, helper firstday26):
``python -m benchmarks.first_day_causes [--sets twentysecond,...] [--embedder e5] [--json F]``;
``python -m benchmarks.first_day_causes report F...`` prints the cause table of its JSON files.

Each newcomer is built as :mod:`benchmarks.first_day` builds it and every ordinary question is
asked as :func:`benchmarks.first_day.measure` asks it (from each task, the engine's ``top_k``).
For a miss, the scored order (what :meth:`~hybridmem.retrieval.retriever.Retriever.score`
returned, before any step reorders it) and the reordering steps' moves of the first hit
(:func:`benchmarks.first_day_steps.patched`) say where the answer was lost:

- ``step:<name>``: the answer was first as scored and a step after scoring put another memory
  in its place (the last step that moved it away);
- ``absent``: the answer was not scored at all (not a candidate, superseded, withheld);
- otherwise the scored first is above the answer, and the cause is the score part that puts it
  furthest ahead of the answer (:class:`~hybridmem.models.ScoreBreakdown`'s ``parts``):
  ``similarity``, ``lexical``, ``time``, ``parent``, ``neighbour``, ``speaker``, ``tree`` (the
  task scope's proximity) or ``priors`` (recency, importance, confidence, use). A later step
  that moved the first hit between two non-answers is kept beside it.

Each row also says what the first memory is (a standing fact, the note of the task the question
is asked from, the other task's note, a task) and whether relevance alone (similarity +
lexical) already puts it above the answer: when it does, no prior or structural part is needed
for the miss.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from benchmarks.first_day import ALL_SETS, START, USER, first_day, sets_run
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_steps import _firings, _trace, patched
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.models import Hit, MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval import retriever

PRIORS = frozenset({"recency", "importance", "confidence", "use"})
RELEVANCE = ("similarity", "lexical")

_scored: list[list[Hit]] = []
"""The scored hits of each retrieval, as :meth:`Retriever.score` returned them."""


@contextmanager
def scored_kept() -> Iterator[None]:
    """:meth:`Retriever.score`'s output kept in :data:`_scored` (the order before any step)."""
    score = retriever.Retriever.score

    def kept(self: retriever.Retriever, *args: Any, **kwargs: Any) -> list[Hit]:
        hits: list[Hit] = score(self, *args, **kwargs)
        _scored.append(list(hits))
        return hits

    retriever.Retriever.score = kept  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.score = score  # type: ignore[method-assign]


def _grouped(parts: Mapping[str, float]) -> dict[str, float]:
    # As benchmarks.first_day_misses groups them, with ``tree`` (the task scope) kept apart.
    out: dict[str, float] = {}
    for name, value in parts.items():
        key = "priors" if name in PRIORS else name
        out[key] = out.get(key, 0.0) + value
    return out


def _kind(node: MemoryNode, tasks: Sequence[MemoryNode], task: int) -> str:
    if node.node_type == "task":
        return "task"
    if node.parent_id == tasks[task].id:
        return "own task note"
    if node.parent_id in {t.id for t in tasks}:
        return "other task note"
    return node.node_type


def cause(
    hits: Sequence[Hit],
    scored: Sequence[Hit],
    moves: Sequence[tuple[str, str | None, str | None]],
    needle: str,
) -> tuple[str, Hit | None, Hit | None, list[str]]:
    """(cause, the scored first, the answer as scored, the steps that moved the first hit
    between non-answers) of one missed retrieval."""
    text = {h.node.id: h.node.content for h in scored}
    lost = [s for s, b, a in moves if needle in text.get(b or "", "") and b != a]
    between = [
        s
        for s, b, a in moves
        if b != a and needle not in text.get(b or "", "") and needle not in text.get(a or "", "")
    ]
    first = scored[0] if scored else None
    want = next((h for h in scored if needle in h.node.content), None)
    if first is not None and needle in first.node.content and lost:
        return f"step:{lost[-1]}", first, want, between
    if first is None or want is None:
        return "absent", first, want, between
    if first is want:
        return "unexplained", first, want, between
    a, b = _grouped(first.breakdown.parts), _grouped(want.breakdown.parts)
    ahead = {k: a.get(k, 0.0) - b.get(k, 0.0) for k in set(a) | set(b)}
    return max(ahead, key=lambda k: ahead[k]), first, want, between


def misses(persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, object]]:
    """Every missed ordinary question-task pair of ``persona``, with its cause."""
    clock = FakeClock(START)
    out: list[dict[str, object]] = []
    privacy = PrivacyConfig(key=generate_key())
    asked = [
        *((q, a, t) for q, a in persona.questions for t in range(2)),
        *persona.task_questions,
        *((persona.changed, persona.new, t) for t in range(2)),
    ]
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = first_day(mem, clock, persona)
        for question, needle, task in asked:
            _trace.clear()
            _firings.clear()
            _scored.clear()
            with patched(None), scored_kept():
                r = mem.retrieve(
                    question, user_id=USER, task_id=tasks[task].id, record_access=False
                )
            if r.hits and needle in r.hits[0].node.content:
                continue
            scored = _scored[-1] if _scored else []
            why, first, want, between = cause(r.hits, scored, list(_trace), needle)
            final = r.hits[0] if r.hits else None
            rel = {
                h: sum(x.breakdown.parts.get(k, 0.0) for k in RELEVANCE)
                for h, x in (("first", first), ("want", want))
                if x is not None
            }
            out.append(
                {
                    "question": question,
                    "task": task,
                    "cause": why,
                    "changed": question == persona.changed,
                    "between": between,
                    "first": final.node.content if final else None,
                    "first_kind": _kind(final.node, tasks, task) if final else None,
                    "scored_first": first.node.content if first else None,
                    "answer_rank": next(
                        (i for i, h in enumerate(scored) if needle in h.node.content), None
                    ),
                    "relevance_alone": (
                        rel["first"] > rel["want"] if "first" in rel and "want" in rel else None
                    ),
                    "first_why": first.breakdown.explain() if first else "",
                    "answer_why": want.breakdown.explain() if want else "",
                }
            )
    return out


def report(paths: Sequence[Path]) -> None:
    """The cause table of one or more ``--json`` files: misses (question-task pairs) by cause
    and by set-language, and how many of each the relevance parts alone decide."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        found = json.loads(path.read_text(encoding="utf-8"))
        for key, newcomer in found["newcomers"].items():
            for row in newcomer:
                rows.append({**row, "key": key, "embedder": found["embedder"]})
    columns = sorted({(r["embedder"], r["key"].split("#")[0], r["key"][-2:]) for r in rows})
    by = Counter((r["cause"], r["embedder"], r["key"].split("#")[0], r["key"][-2:]) for r in rows)
    causes = sorted({r["cause"] for r in rows}, key=lambda c: -sum(by[c, *k] for k in columns))
    print(f"{len(rows)} missed question-task pairs; columns: " + ", ".join(map(str, columns)))
    print(
        "cause".ljust(22)
        + "".join(f"{s.replace('twenty', '')[:7]:>8}{lang}" for _, s, lang in columns)
    )
    for c in causes:
        total = sum(by[c, *k] for k in columns)
        alone = sum(bool(r["relevance_alone"]) for r in rows if r["cause"] == c)
        cells = "".join(f"{by[c, *k]:>10}" for k in columns)
        print(f"{c:22}{cells}   total {total} (relevance alone above: {alone})")
    kinds = Counter((r["cause"], r["first_kind"]) for r in rows)
    print("first memory's kind by cause:", dict(kinds))


def main(argv: Sequence[str] | None = None) -> None:
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["report"]:
        report([Path(a) for a in args[1:]])
        return
    run = sets_run(__doc__, args)
    found: dict[str, Any] = {"embedder": run.embedder.name, "newcomers": {}}
    with TemporaryDirectory() as tmp:
        for name in run.sets:
            for i, persona in enumerate(ALL_SETS[name]):
                key = f"{name}#{i} {persona.lang}"
                rows = misses(persona, run.embedder, Path(tmp) / f"{name}-{i}")
                found["newcomers"][key] = rows
                for row in rows:
                    print(f"[{key}] {row['cause']}: {row['question']} (task {row['task']})")
                    print(f"   first: {row['first']!r} ({row['first_kind']})")
                    print(f"   first as scored: {row['first_why']}")
                    print(f"   answer (scored rank {row['answer_rank']}): {row['answer_why']}")
                run.write(found)
    run.write(found)


if __name__ == "__main__":
    main()
