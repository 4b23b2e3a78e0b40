"""Why a first-day question about a sealed memory does not get it first (issue 38).

``python -m benchmarks.sealed_trace [--embedder minilm] [--json F]`` builds every first-day
newcomer (dev .. fourteenth, :data:`benchmarks.first_day.SETS`) and asks only its questions
about a sealed memory, recording what :func:`hybridmem.retrieval.sensitive.withheld` saw: is
the memory a candidate, its cosine against the best ordinary candidate's, the content words
it shares with the question, the kind the question asks for and the memory's, and whether it
was withheld. Each question is put under one mechanism (the first that applies):

- ``not a candidate``: neither channel brought it;
- ``behind an ordinary memory``: an ordinary candidate is closer by cosine;
- ``ahead, no word, no kind``: ahead of every ordinary one, in the question's script, no
  content word shared and no kind of private matter asked;
- ``ahead, no word, kind``: as above but a kind asked (withheld by the kind's other checks);
- ``shares a word, withheld``: a word shared, judged as asking about another thing;
- ``admitted, not first``: not withheld, but ranked below an ordinary memory.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.first_day import EN, SETS, START, USER, ZH, first_day
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.private_kinds import asked_kind, memory_kinds

ALL_SETS: dict[str, tuple[Persona, ...]] = {"dev": (EN, ZH), **SETS}


@dataclass
class Seen:
    """What one call of ``withheld`` was given and returned."""

    nodes: Mapping[str, MemoryNode]
    cosine: Mapping[str, float]
    query: str | None
    dropped: set[str]


@dataclass(frozen=True)
class WithheldCall:
    """One call of :func:`~hybridmem.retrieval.sensitive.withheld`, to run again or read."""

    nodes: Mapping[str, MemoryNode]
    cosine: Mapping[str, float]
    query: str | None
    lexical: Mapping[str, float] | None
    dense_reads_cjk: bool
    answers: Collection[str]

    def run(self) -> set[str]:
        """The rule's answer for these arguments (the module's rule as it is patched now)."""
        return sensitive.withheld(
            self.nodes, self.cosine, self.query, self.lexical, self.dense_reads_cjk, self.answers
        )


def watched(observe: Callable[[WithheldCall, set[str]], None]) -> Any:
    """A stand-in for the retriever's ``withheld`` that answers as the rule does and hands each
    call and its answer to ``observe`` (the traces of this module, sensitive_leaks and
    sensitive_sets patch it in the same way)."""

    def wrapper(
        nodes: Mapping[str, MemoryNode],
        cosine: Mapping[str, float],
        query: str | None = None,
        lexical: Mapping[str, float] | None = None,
        dense_reads_cjk: bool = True,
        answers: Collection[str] = (),
    ) -> set[str]:
        call = WithheldCall(nodes, cosine, query, lexical, dense_reads_cjk, answers)
        out = call.run()
        observe(call, out)
        return out

    return wrapper


def _recording(log: list[Seen]) -> Any:
    return watched(
        lambda c, out: log.append(Seen(dict(c.nodes), dict(c.cosine), c.query, set(out)))
    )


def _mechanism(row: dict[str, Any]) -> str:
    if row["first"]:
        return "first"
    if not row["candidate"]:
        return "not a candidate"
    if not row["withheld"]:
        return "admitted, not first"
    if row["lead"] is None or row["lead"] < 0:
        return "behind an ordinary memory"
    if row["shared"]:
        return "shares a word, withheld"
    return "ahead, no word, kind" if row["kind"] else "ahead, no word, no kind"


def trace_persona(persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, Any]]:
    """One row per question about a sealed memory of ``persona``."""
    clock = FakeClock(START)
    log: list[Seen] = []
    rows: list[dict[str, Any]] = []
    saved = retriever_module.withheld
    retriever_module.withheld = _recording(log)  # type: ignore[assignment]
    try:
        with HybridMemory(
            path, embedder=embedder, clock=clock, privacy=PrivacyConfig(key=generate_key())
        ) as mem:
            tasks = first_day(mem, clock, persona)
            for question, marker in persona.about_secret:
                log.clear()
                r = mem.retrieve(question, user_id=USER, task_id=tasks[0].id, record_access=False)
                texts = [h.node.content for h in r.hits]
                rows.append(_row(persona, question, marker, texts, log[-1] if log else None))
            for question, _ in persona.questions:
                log.clear()
                mem.retrieve(question, user_id=USER, task_id=tasks[0].id, record_access=False)
                if log:
                    rows.append(_near(persona.lang, question, log[-1]))
    finally:
        retriever_module.withheld = saved  # type: ignore[assignment]
    return rows


def _near(lang: str, question: str, seen: Seen) -> dict[str, Any]:
    """An ordinary question (about no sealed memory): the largest lead any sealed candidate
    sharing no content word with it has over the best ordinary candidate, the figure a margin
    admitting the "ahead, no word, no kind" questions would have to stay above."""
    ordinary = [
        c for i, c in seen.cosine.items() if i in seen.nodes and not seen.nodes[i].sensitive
    ]
    asked = stemmed_terms(question)
    leads = [
        seen.cosine[i] - max(ordinary)
        for i, n in seen.nodes.items()
        if n.sensitive and i in seen.cosine and ordinary and not asked & stemmed_terms(n.content)
    ]
    return {
        "lang": lang,
        "question": question,
        "ordinary_question": True,
        "max_unshared_lead": round(max(leads), 4) if leads else None,
        "mechanism": "ordinary question",
    }


def _row(
    persona: Persona, question: str, marker: str, texts: Sequence[str], seen: Seen | None
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "lang": persona.lang,
        "question": question,
        "marker": marker,
        "first": bool(texts) and marker in texts[0],
        "rank": next((k for k, t in enumerate(texts) if marker in t), None),
        "got": [t[:60] for t in texts[:3]],
        "kind": asked_kind(question),
        "candidate": False,
    }
    if seen is None:
        return {**row, "mechanism": _mechanism(row)}
    target = next((i for i, n in seen.nodes.items() if n.sensitive and marker in n.content), None)
    ordinary = sorted(
        (
            (c, seen.nodes[i].content)
            for i, c in seen.cosine.items()
            if i in seen.nodes and not seen.nodes[i].sensitive
        ),
        reverse=True,
    )
    if target is not None:
        node = seen.nodes[target]
        cos = seen.cosine.get(target)
        best = ordinary[0][0] if ordinary else None
        row.update(
            candidate=True,
            withheld=target in seen.dropped,
            cosine=cos,
            best_ordinary=best,
            best_ordinary_text=ordinary[0][1][:60] if ordinary else None,
            lead=None if cos is None or best is None else round(cos - best, 4),
            cosine_rank=sum(1 for c, _ in ordinary if cos is not None and c > cos),
            shared=sorted(stemmed_terms(question) & stemmed_terms(node.content)),
            memory_kinds=sorted(memory_kinds(node)),
        )
    return {**row, "mechanism": _mechanism(row)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--sets", nargs="*", default=list(ALL_SETS))
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    out: dict[str, list[dict[str, Any]]] = {}
    counts: dict[str, int] = {}
    with TemporaryDirectory() as tmp:
        for name in args.sets:
            out[name] = []
            for k, persona in enumerate(ALL_SETS[name]):
                rows = trace_persona(persona, embedder, Path(tmp) / f"{name}-{k}")
                out[name] += rows
                for row in rows:
                    if row.get("ordinary_question"):
                        continue
                    counts[row["mechanism"]] = counts.get(row["mechanism"], 0) + 1
                    if not row["first"]:
                        print(f"{name} {row['lang']} {row['mechanism']}: {row['question']}")
                        print(
                            f"    lead {row.get('lead')} rank {row.get('cosine_rank')} "
                            f"shared {row.get('shared')} kind {row['kind']} "
                            f"mem {row.get('memory_kinds')} best {row.get('best_ordinary_text')}"
                        )
    for mechanism, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{n:4d}  {mechanism}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {"embedder": embedder.name, "sets": out, "counts": counts}, indent=1, ensure_ascii=False
        )
    )


if __name__ == "__main__":
    main()
