"""Why a remark about someone else still pollutes: the mention probes of read colloquial files
traced (issue 38, helper stale21; development analysis only, never on a blind set).

For each mention (or one-off) probe whose remark is ranked above the value, the evolution
variant's hits (score and the breakdown's largest parts), the order with the query-time
newer-first step left out (``retriever.newer_first`` as the identity: did it move the remark
up?), and what the writer made of the value and the remark (status, conflict group, slot and
how it was read, speech act, the person ``newer_values.subject_of`` reads)::

    python -m benchmarks.mention_trace benchmarks/data/colloquial_blind19.json --lang zh
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.colloquial_report import kind_of
from benchmarks.evolution_scenarios import TOP_K
from benchmarks.scenario_files import load_scenarios
from benchmarks.stale_trace import played
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.retrieval.newer_values import subject_of


@contextmanager
def newer_first_off() -> Iterator[None]:
    """Retrieval without the query-time newer-first step."""
    original = retriever_module.newer_first

    def unchanged(hits: list[Any], *_args: Any, **_kwargs: Any) -> list[Any]:
        return hits

    retriever_module.newer_first = unchanged  # type: ignore[assignment]
    try:
        yield
    finally:
        retriever_module.newer_first = original


def _node_line(mem: HybridMemory, user: str, node_id: str, label: str) -> str:
    node = mem.get(node_id, user_id=user)
    marks = node.marks
    return (
        f"   {label:6} {node.status:9} g={node.conflict_group or '-'} "
        f"slot={node.metadata.get('slot')} via={marks.get('slot_via')} "
        f"act={marks.get('speech_act')} one_off={node.metadata.get('one_off_beside', '-')} "
        f"person={subject_of(node.content)} {node.content}"
    )


def trace(files: Sequence[Path], lang: str | None, every: bool) -> list[str]:
    """The trace lines of the mention and one-off probes of ``files``."""
    scenarios = [
        sc
        for path in files
        for sc in load_scenarios(path)
        if sc.family == "one_offs" and (lang is None or sc.lang == lang)
    ]
    out: list[str] = []
    for mem, sc, real in played(scenarios, MemoryConfig()):
        habit, remark = real[f"{sc.id}.habit"], real[f"{sc.id}.remark"]
        for probe in sc.probes:
            hits = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K).hits
            ids = [h.node.id for h in hits]
            polluted = remark in ids and (habit not in ids or ids.index(remark) < ids.index(habit))
            if not polluted and not every:
                continue
            with newer_first_off():
                plain = [h.node.id for h in mem.retrieve(probe.query, user_id=sc.id).hits]
            name = {habit: "habit", remark: "remark"}
            out.append(f"== {sc.id} {kind_of(sc)} {'POLLUTED' if polluted else ''} {probe.query}")
            for h in hits:
                parts = sorted(h.breakdown.parts.items(), key=lambda kv: -abs(kv[1]))[:3]
                shown = " ".join(f"{k}={v:.3f}" for k, v in parts)
                out.append(f"   hit {name.get(h.node.id, '?'):6} {h.score:.3f} [{shown}]")
            order = [name.get(i, "?") for i in plain[:TOP_K]]
            out.append(f"   without newer-first: {order}")
            out.append(_node_line(mem, sc.id, habit, "habit"))
            out.append(_node_line(mem, sc.id, remark, "remark"))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_trace")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--lang", choices=("en", "zh"))
    parser.add_argument("--every", action="store_true", help="every probe, polluted or not")
    args = parser.parse_args(argv)
    print("\n".join(trace(args.files, args.lang, args.every)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
