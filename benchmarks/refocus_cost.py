"""What ``Retriever.refocus`` costs a retrieve: a question that names a speaker of the
memories ("What did Caroline research?" over "Caroline: ..." turns) is embedded a second time
without the names and the scope searched again.

One LoCoMo conversation is stored (turns under one task, as the LoCoMo suite stores them),
then every question is retrieved with refocus and with it switched off
(``RetrievalConfig.refocus_names``), the two alternating
question by question (which goes first flips each round), ``record_access=False`` so the
rounds see the same store. The bare cost of one query embedding is timed in the same run.

Run: ``python -m benchmarks.refocus_cost --locomo PATH [--embedder e5] [--rounds 3]
[--questions 80] [--out benchmarks/results/refocus_cost_e5.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.locomo_data import load_locomo
from hybridmem import HybridMemory, NodeInput
from hybridmem.embedding import embed_query
from hybridmem.retrieval.entities import topic_query


def _ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def switch(config: Any, on: bool) -> None:
    """Set ``refocus_names`` on the open store's (frozen) retrieval config."""
    object.__setattr__(config, "refocus_names", on)


def run(locomo: Path, embedder: str, rounds: int, questions: int) -> dict[str, Any]:
    conv = load_locomo(locomo, limit=1).conversations[0]
    asked = [q.question for q in conv.questions][:questions]
    names = frozenset(w for s in (conv.speaker_a, conv.speaker_b) for w in s.lower().split())
    with tempfile.TemporaryDirectory() as tmp:
        mem = HybridMemory(Path(tmp) / "m", embedder=embedder)
        config = mem.engine.config.retrieval
        task = mem.add(
            f"Conversation between {conv.speaker_a} and {conv.speaker_b}",
            node_type="task",
            user_id="u",
        )
        items = [
            NodeInput(content=t.content, parent_id=task.id, created_at=t.created_at)
            for t in conv.turns
        ]
        mem.add_many(items, user_id="u")

        def ask(q: str) -> None:
            mem.retrieve(q, user_id="u", task_id=task.id, token_budget=1000, record_access=False)

        ask(asked[0])  # warm both paths
        times: dict[str, list[float]] = {"on": [], "off": [], "embed": []}
        model = mem.engine.embedder
        # The retriever reads its config on every retrieve: flipping the switch between two
        # retrieves of one open store compares the two paths on the same store and caches.
        for rnd in range(rounds):
            for q in asked:
                for mode in ("on", "off") if rnd % 2 == 0 else ("off", "on"):
                    switch(config, mode == "on")
                    times[mode].append(_ms(lambda q=q: ask(q)))
                times["embed"].append(_ms(lambda q=q: embed_query(model, [q])))
        switch(config, True)
        mem.close()
    on, off_, embed = (_summary(times[k]) for k in ("on", "off", "embed"))
    return {
        "conversation": conv.sample_id,
        "turns": len(conv.turns),
        "questions": len(asked),
        "naming_a_speaker": sum(topic_query(q, names) is not None for q in asked),
        "rounds": rounds,
        "embedder": embedder,
        "load_average": os.getloadavg(),
        "refocus_on": on,
        "refocus_off": off_,
        "one_query_embedding": embed,
        "ratio_p50_on_off": round(on["p50_ms"] / off_["p50_ms"], 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, required=True, help="LoCoMo JSON file")
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--questions", type=int, default=80)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/refocus_cost.json"))
    args = parser.parse_args(argv)
    result = run(args.locomo, args.embedder, args.rounds, args.questions)
    print(f"{'':24}{'p50 ms':>10}{'p95 ms':>10}")
    for label, key in (
        ("retrieve, refocus on", "refocus_on"),
        ("retrieve, refocus off", "refocus_off"),
        ("one query embedding", "one_query_embedding"),
    ):
        print(f"{label:24}{result[key]['p50_ms']:>10}{result[key]['p95_ms']:>10}")
    print(f"questions naming a speaker: {result['naming_a_speaker']} of {result['questions']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
