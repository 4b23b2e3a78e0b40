"""Why a sealed memory reaches the hits or context of a question not about it (issue 38).

``python -m benchmarks.sensitive_leaks --set tenth [--embedder minilm] [--json F]`` builds a
set's newcomers (the first-day sets of :data:`benchmarks.first_day.SETS`, ``dev``, or ``new`` for
:mod:`benchmarks.sensitive_blind`'s) and asks every ordinary question from inside each task
(the near questions for ``new``), recording, for each question that shows a sealed memory, what
:func:`hybridmem.retrieval.sensitive.withheld` saw of each sealed memory it admitted: its cosine
against the best ordinary candidate's, its raw BM25 (a slot's match) against the best ordinary
one, and the content words it shares with the question.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.first_day import EN, SETS, START, USER, ZH, first_day
from benchmarks.first_day_persona import Persona
from benchmarks.sealed_trace import WithheldCall, watched
from benchmarks.sensitive_blind import DATA as BLIND_DATA
from benchmarks.sensitive_blind import SETS as BLIND_SETS
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.privacy import PrivacyConfig, generate_key


def _sets() -> dict[str, tuple[Persona, ...]]:
    near = json.loads(BLIND_DATA.read_text(encoding="utf-8"))["near"]
    new = tuple(
        replace(p, questions=tuple((q, "") for q in near[p.lang])) for p in BLIND_SETS["new"]
    )
    return {"dev": (EN, ZH), **SETS, "new": new}


def _admitted(log: list[dict[str, Any]]) -> Any:
    def observe(call: WithheldCall, out: set[str]) -> None:
        nodes, cosine, lexical = call.nodes, call.cosine, call.lexical or {}
        plain = [i for i, n in nodes.items() if not n.sensitive]
        best_cos = max((cosine[i] for i in plain if i in cosine), default=None)
        best_bm25 = max((lexical.get(i, 0.0) for i in plain), default=0.0)
        asked = stemmed_terms(call.query or "")
        log.clear()
        for i, n in nodes.items():
            if n.sensitive and i not in out:
                log.append(
                    {
                        "memory": n.content,
                        "cosine": cosine.get(i),
                        "best_ordinary_cosine": best_cos,
                        "bm25": lexical.get(i),
                        "best_ordinary_bm25": best_bm25,
                        "shared": sorted(asked & stemmed_terms(n.content)),
                        "cjk_read": call.dense_reads_cjk,
                    }
                )

    return watched(observe)


def trace(persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, Any]]:
    """One row per (question, task) whose hits or context show a sealed memory."""
    clock = FakeClock(START)
    log: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    saved = retriever_module.withheld
    retriever_module.withheld = _admitted(log)  # type: ignore[assignment]
    markers = [m for _, m in persona.secrets]
    try:
        with HybridMemory(
            path, embedder=embedder, clock=clock, privacy=PrivacyConfig(key=generate_key())
        ) as mem:
            tasks = first_day(mem, clock, persona)
            asked = [(q, t) for q, _ in persona.questions for t in range(len(tasks))]
            asked += [(q, t) for q, _, t in persona.task_questions]
            for question, task in asked:
                r = mem.retrieve(
                    question, user_id=USER, task_id=tasks[task].id, record_access=False
                )
                shown = [
                    m for m in markers if m in r.context or any(m in h.node.content for h in r.hits)
                ]
                if shown:
                    rows.append({"question": question, "task": task, "admitted": list(log)})
    finally:
        retriever_module.withheld = saved  # type: ignore[assignment]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--set", dest="sets", nargs="+", required=True)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    sets = _sets()
    out: list[dict[str, Any]] = []
    with TemporaryDirectory() as tmp:
        for name in args.sets:
            for k, persona in enumerate(sets[name]):
                for row in trace(persona, embedder, Path(tmp) / f"{name}-{k}"):
                    row = {"set": name, "persona": k, "lang": persona.lang, **row}
                    out.append(row)
                    print(f"{name} #{k} {persona.lang} task {row['task']}: {row['question']}")
                    for a in row["admitted"]:
                        print("   admitted:", a)
    print(f"{len(out)} question-task pairs showed a sealed memory")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
