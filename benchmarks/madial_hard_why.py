"""Why hybridmem loses the dialogues its dense channel wins on the hard MADial forms (issue 38,
helper madial27).

``python -m benchmarks.madial_hard_why --results F [--json OUT]`` reads a
:mod:`benchmarks.madial_hard` run holding the ``minmax`` (hybridmem) and ``dense`` variants and
traces hybridmem, step by step (:func:`benchmarks.dense_losses.trace`), on every dialogue of every
cell (embedder, language, form) whose relevant memory the dense channel puts in its top 5 and
hybridmem does not. Per item it records the step that put the relevant memory past 5, its cosine
rank among the candidates, its fused features, each memory above it with the score part by which
it beats it most, and whether the first of them holds the query's best lexical match (lexical
feature 1) with a lower similarity than the relevant memory's: the shape "a word match the dense
channel finds far takes the lexical weight". ``--fusion NAME`` traces the engine under one of
:data:`benchmarks.fusion_paired.VARIANTS` (``untrusted``: the fusion before madial27's
conversation trust). ``--summary OUT`` reprints the per-cell counts.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from benchmarks import dense_losses, fusion_paired, tuning
from benchmarks.madial_hard import FORMS, bench_of, formed
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig


def lost_items(per: Mapping[str, Any]) -> list[str]:
    """The dialogues the dense channel scores above hybridmem (``minmax``) in one cell."""
    base, dense = per["minmax"]["items"], per["dense"]["items"]
    return [k for k in base if dense[k]["score"] > base[k]["score"] + 1e-9]


def first_above(row: Mapping[str, Any]) -> dict[str, Any]:
    """How the first memory placed above the relevant one stands against it: whether it holds
    the query's best lexical match and whether its similarity is the lower of the two."""
    top, own = row.get("top"), row.get("relevant_features")
    if not top or not own:
        return {}
    return {
        "lexical_best": top["lexical"] >= 1.0 - 1e-9,
        "nearer_by_dense": own["similarity"] > top["similarity"],
        "relevant_lexical": own["lexical"],
    }


def trace_cell(
    embedder: Any, data: Path, cell: str, per: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Every dialogue the dense channel wins in ``cell`` (``spec/lang/form``), traced."""
    _, lang, form = cell.split("/", 2)
    scope, make_lines = FORMS[form]
    (bench, dialogues), events = bench_of(embedder, data, lang, scope)
    asked = {str(d.number): d for d in formed(dialogues, events, make_lines)}
    base, dense = per["minmax"]["items"], per["dense"]["items"]
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    rows = []
    try:
        for key in lost_items(per):
            d = asked[key]
            corpus = bench.corpora[d.user_id]
            wanted = frozenset(f"{corpus.id}:{e}" for e in d.relevant)
            scored: list[Any] = []
            row = dense_losses.trace(
                mem, lambda d=d, scored=scored: _asked(mem, clock, bench, d, scored), wanted
            )
            at = row["steps"].get("score")
            if scored and at is not None:
                row["relevant_features"] = dict(scored[at].breakdown.features)
                row["top"] = dict(scored[0].breakdown.features)
            row.update(
                key=key,
                half=base[key]["half"],
                dense_rank=dense[key].get("rank"),
                lines=len(d.context_lines),
                cut=5,
            )
            row["dropped_at"] = dense_losses.dropped_at(row["steps"], 5)
            row["first_above"] = first_above(row)
            rows.append(row)
    finally:
        mem.close()
    return rows


def _asked(mem: Any, clock: Any, bench: Any, d: Any, scored: list[Any]) -> Any:
    """Ask ``d`` and keep the hits as scored (before the post-scoring steps) in ``scored``."""
    from hybridmem.retrieval import retriever

    score = retriever.Retriever.score

    def kept(self: Any, q: Any, cands: Any, anchor: Any) -> Any:
        out = score(self, q, cands, anchor)
        scored[:] = list(out)
        return out

    retriever.Retriever.score = kept  # type: ignore[method-assign]
    try:
        return tuning.ask_madial(mem, clock, bench, d, 20)[0]
    finally:
        retriever.Retriever.score = score  # type: ignore[method-assign]


def summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per half: the items, the step each fell at, the parts by which the memories above beat
    the relevant one, and how many first memories above are the lexical best match the dense
    channel finds farther than the relevant memory."""
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        mine = [r for r in rows if r["half"] == half]
        parts: Counter[str] = Counter(a["by"] for r in mine for a in r.get("above", []))
        shape = [r["first_above"] for r in mine if r.get("first_above")]
        out[half] = {
            "items": [r["key"] for r in mine],
            "dropped_at": dict(Counter(r["dropped_at"] for r in mine)),
            "beaten_by": dict(parts.most_common()),
            "first_above_lexical_best": sum(s["lexical_best"] for s in shape),
            "first_above_lexical_best_and_farther": sum(
                s["lexical_best"] and s["nearer_by_dense"] for s in shape
            ),
            "relevant_without_lexical": sum(s["relevant_lexical"] <= 1e-9 for s in shape),
        }
    return out


def run(results: Mapping[str, Any], data: Path, fusion: str = "minmax") -> dict[str, Any]:
    """Every cell of ``results`` with ``minmax`` and ``dense`` traced under ``fusion``, keyed
    as the cell."""
    out: dict[str, Any] = {}
    embedders: dict[str, Any] = {}
    for cell, per in results.items():
        if "minmax" not in per or "dense" not in per:
            continue
        spec = cell.split("/", 1)[0]
        embedder = embedders.setdefault(spec, fusion_paired._embedder(spec))
        with fusion_paired.fused_by(fusion_paired.VARIANTS[fusion][0], fusion):
            rows = trace_cell(embedder, data, cell, per)
        out[cell] = {"rows": rows, "summary": summary(rows)}
        print(f"{cell}: {json.dumps(out[cell]['summary'])}", flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=Path, nargs="*", default=[])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--fusion", default="minmax")
    parser.add_argument("--summary", type=Path, default=None, help="reprint a traced JSON")
    args = parser.parse_args(argv)
    if args.summary is not None:
        for cell, got in json.loads(args.summary.read_text()).items():
            print(f"{cell}: {json.dumps(got['summary'])}")
        return
    results: dict[str, Any] = {}
    for path in args.results:
        results.update(json.loads(path.read_text()))
    out = run(results, args.data or default_data_dir(), args.fusion)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False, default=str))


if __name__ == "__main__":
    main()
