"""Where hybridmem loses an item its own dense channel wins, step by step (issue 38).

``python -m benchmarks.dense_losses --results F [--embedders default,minilm] [--suites
en,zh,locomo] [--json OUT]`` reads a ``benchmarks.fusion_paired`` run holding the ``minmax``
(hybridmem), ``dense`` and ``lexical`` variants (``rrf`` if there) and prints:

- the table: per embedder, suite and half, each method's score (MADial hit@5, LoCoMo frac at
  1,000 tokens) and the items the dense channel wins and loses against hybridmem;
- for every item the dense channel scores higher, the engine traced on it: the rank of the
  item's first relevant memory (MADial; a LoCoMo question: its first evidence turn) after each
  retrieval step (``score``, then the post-scoring steps the retriever calls by name:
  ``prefer_details`` .. ``said_first``, the packed context, ``answers_first``, the final order),
  and, at the score step, each memory above it with the score part by which it beats the
  relevant one most. The step whose rank first crosses the cut (MADial: 5; LoCoMo: packed or
  not) is the step that put the dense answer down.

The step functions are wrapped where :mod:`hybridmem.retrieval.retriever` calls them, so the
engine runs unchanged; halves as :mod:`benchmarks.tuning_cv` (MADial even / odd dialogues;
LoCoMo conv-26/30/41 against conv-42/43).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import tuning
from benchmarks.fusion_paired import _embedder, suite_bench
from benchmarks.madial_english import VARIANTS as VARIANT_CONFIGS
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.models import Hit
from hybridmem.retrieval import retriever

METHODS = ("minmax", "dense", "lexical", "rrf")
STEPS: dict[str, Callable[[Any], list[Hit]]] = {
    "prefer_details": lambda out: out,
    "share_places": lambda out: out,
    "group_values": lambda out: out[0],
    "newer_first": lambda out: out,
    "assertions_first": lambda out: out,
    "said_first": lambda out: out,
    "pack": lambda out: out.hits,
    "answers_first": lambda out: out,
    "with_next_turns": lambda out: out[1],
}
"""The retriever's steps after scoring, in the order it calls them, and how to read the hits
out of each one's result (``pack`` may run again inside ``with_next_turns``: the last call
counts)."""


def table(results: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per embedder, suite and half: each method's mean score and the items where
    the dense channel scores above (``dense_wins``) or below (``dense_losses``) hybridmem."""
    rows = []
    for cell, per in results.items():
        base = per["minmax"]["items"]
        for half in ("tune", "check"):
            keys = [k for k, v in base.items() if v["half"] == half]
            row: dict[str, Any] = {"cell": cell, "half": half, "n": len(keys)}
            for method in METHODS:
                if method in per:
                    items = per[method]["items"]
                    row[method] = statistics.fmean(items[k]["score"] for k in keys)
            dense = per["dense"]["items"]
            row["dense_wins"] = [k for k in keys if dense[k]["score"] > base[k]["score"] + 1e-9]
            row["dense_losses"] = sum(dense[k]["score"] < base[k]["score"] - 1e-9 for k in keys)
            rows.append(row)
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    print("| embedder/suite | half (n) | hybridmem | dense | lexical | rrf | dense wins / loses |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        marks = {
            m: f"**{r[m]:.3f}**" if m != "minmax" and r.get(m, 0) > r["minmax"] + 1e-9 else None
            for m in METHODS
        }
        cells = [marks[m] or (f"{r[m]:.3f}" if m in r else "-") for m in METHODS]
        print(
            f"| {r['cell']} | {r['half']} ({r['n']}) | "
            + " | ".join(cells)
            + f" | {len(r['dense_wins'])} / {r['dense_losses']} |"
        )


@contextmanager
def traced(log: list[tuple[str, Any]]) -> Iterator[None]:
    """Every step of :data:`STEPS` and ``Retriever.score`` logged with the hits it returns
    (the candidates too, at the score step)."""
    saved = {name: getattr(retriever, name) for name in STEPS}
    score = retriever.Retriever.score

    def wrap(name: str) -> Callable[..., Any]:
        step, read = saved[name], STEPS[name]

        def inner(*args: Any, **kwargs: Any) -> Any:
            out = step(*args, **kwargs)
            log.append((name, list(read(out))))
            return out

        return inner

    def scored(self: Any, q: Any, cands: Any, anchor: Any) -> list[Hit]:
        out = score(self, q, cands, anchor)
        log.append(("candidates", cands))
        log.append(("score", list(out)))
        return out

    for name in STEPS:
        setattr(retriever, name, wrap(name))
    retriever.Retriever.score = scored  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, step in saved.items():
            setattr(retriever, name, step)
        retriever.Retriever.score = score  # type: ignore[method-assign]


def rank_of(hits: Sequence[Hit], wanted: frozenset[str]) -> int | None:
    """0-based place of the first hit standing for a wanted source id."""
    return next((i for i, h in enumerate(hits) if h.covers & wanted), None)


def ranks_of(hits: Sequence[Hit], wanted: frozenset[str]) -> dict[str, int | None]:
    """Each wanted source id's 0-based place (None: no hit stands for it)."""
    return {w: rank_of(hits, frozenset({w})) for w in sorted(wanted)}


def beaten_by(hits: Sequence[Hit], at: int) -> list[dict[str, Any]]:
    """The hits above place ``at``: each one's text and the part by which it beats the hit
    at ``at`` most."""
    own = hits[at].breakdown.parts
    out = []
    for h in hits[:at]:
        gaps = {k: v - own.get(k, 0.0) for k, v in h.breakdown.parts.items()}
        part = max(gaps, key=lambda k: gaps[k])
        out.append(
            {
                "text": h.node.content[:90],
                "by": part,
                "gap": round(gaps[part], 3),
                "explain": h.breakdown.explain(),
            }
        )
    return out


def trace(mem: Any, ask: Callable[[], Any], wanted: frozenset[str]) -> dict[str, Any]:
    """The relevant memory's place after each step of one retrieval."""
    log: list[tuple[str, Any]] = []
    with traced(log):
        res = ask()
    steps: dict[str, int | None] = {}
    each: dict[str, dict[str, int | None]] = {}
    out: dict[str, Any] = {"steps": steps, "each": each}
    for name, got in log:
        if name == "candidates":
            ids = [i for i, n in got.nodes.items() if n.covers & wanted]
            out["candidate"] = bool(ids)
            if ids:
                by_cos = sorted(got.cosine, key=lambda i: -got.cosine[i])
                out["cosine_rank"] = (
                    min(by_cos.index(i) for i in ids if i in got.cosine)
                    if any(i in got.cosine for i in ids)
                    else None
                )
                out["sources"] = sorted(got.sources.get(ids[0], ()))
            continue
        steps[name] = rank_of(got, wanted)
        each[name] = ranks_of(got, wanted)
        if name == "pack":
            out["packed"] = len(got)
        at = steps[name]
        if name == "score" and at is not None:
            out["relevant"] = {
                "text": got[at].node.content[:120],
                "explain": got[at].breakdown.explain(),
            }
            out["above"] = beaten_by(got, min(at, 12))
            # Each wanted memory's own intruders: the hits just above it (LoCoMo's lost turn
            # is seldom the question's best-placed evidence).
            out["above_each"] = {
                w: [a["by"] for a in beaten_by(got, r)[-12:]]
                for w, r in each[name].items()
                if r is not None
            }
    steps["final"] = rank_of(res.hits, wanted)
    each["final"] = ranks_of(res.hits, wanted)
    return out


def dropped_at(steps: Mapping[str, int | None], cut: int | None) -> str:
    """The first step after which the relevant memory is past ``cut`` (None: not packed)."""
    for name, rank in steps.items():
        if rank is None or (cut is not None and rank >= cut):
            return name
    return "kept"


def run(
    results: dict[str, Any], embedders: Sequence[str], suites: Sequence[str], data: Path
) -> dict[str, Any]:
    """Every item the dense channel wins, traced through hybridmem."""
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = _embedder(spec)
        for suite in suites:
            cell = f"{spec}/{suite}"
            if cell not in results:
                continue
            per = results[cell]
            base, dense = per["minmax"]["items"], per["dense"]["items"]
            lost = [k for k in base if dense[k]["score"] > base[k]["score"] + 1e-9]
            bench, items, _ = suite_bench(embedder, data, suite)
            mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
            only = VARIANT_CONFIGS["dense only"]()
            alone, alone_clock = tuning.open_engine(bench, embedder, only)
            rows = []
            try:
                for key in lost:
                    row = _one(mem, clock, bench, items, suite, key, base, dense)
                    if suite == "locomo":  # which evidence the dense channel alone packed
                        q = items[int(key)]
                        got = tuning.ask_locomo(alone, alone_clock, bench, q, 1000)[1]
                        cid = bench.corpora[q.conversation_id].id
                        row["dense_packed"] = sorted(f"{cid}:{e}" for e in got)
                    rows.append(row)
            finally:
                mem.close()
                alone.close()
            print(f"{cell}: {json.dumps(by_part(rows))}", flush=True)
            out[cell] = rows
    return out


def _one(
    mem: Any,
    clock: Any,
    bench: Any,
    items: list,
    suite: str,
    key: str,
    base: dict[str, Any],
    dense: dict[str, Any],
) -> dict[str, Any]:
    """One lost item traced: MADial at top 20 (cut 5), LoCoMo at 1,000 tokens (cut: packed)."""
    if suite == "locomo":
        q = items[int(key)]
        corpus = bench.corpora[q.conversation_id]
        wanted = frozenset(f"{corpus.id}:{e}" for e in q.evidence)
        row = trace(mem, lambda: tuning.ask_locomo(mem, clock, bench, q, 1000)[0], wanted)
        row.update(question=q.question, category=q.category, cut=None)
    else:
        d = next(x for x in items if str(x.number) == key)
        corpus = bench.corpora[d.user_id]
        wanted = frozenset(f"{corpus.id}:{e}" for e in d.relevant)
        row = trace(mem, lambda: tuning.ask_madial(mem, clock, bench, d, 20)[0], wanted)
        row.update(cut=5)
    row.update(
        key=key,
        half=base[key]["half"],
        hybridmem=base[key]["score"],
        dense=dense[key]["score"],
        dense_rank=dense[key].get("rank"),
    )
    row["dropped_at"] = dropped_at(row["steps"], row["cut"])
    return row


def by_part(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per half: the step each lost item's relevant memory fell at, the score part by which
    each memory above it beats it most, and (LoCoMo) each evidence turn left out of the
    context by where it stood after scoring: within the packed count (a later step or the
    packer left it out) or past it (the score did)."""
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        mine = [r for r in rows if r["half"] == half]
        parts: Counter[str] = Counter()
        for r in mine:
            if r["cut"] is None and "above_each" in r:  # the lost evidence's own intruders
                won = set(r.get("dense_packed", ()))
                lost = [w for w, v in r["each"]["final"].items() if v is None and w in won]
                parts.update(p for w in lost for p in r["above_each"].get(w, ()))
            else:
                parts.update(a["by"] for a in r.get("above", []))
        evidence: Counter[str] = Counter()
        for r in mine:
            if r["cut"] is not None:
                continue
            final, scored = r["each"].get("final", {}), r["each"].get("score", {})
            won = set(r.get("dense_packed", final))
            for w, rank in final.items():
                if rank is None and w in won:
                    at = scored.get(w)
                    evidence[
                        "not a candidate"
                        if at is None
                        else "after scoring"
                        if at < r.get("packed", 0)
                        else "by the score"
                    ] += 1
        out[half] = {
            "items": len(mine),
            "dropped_at": dict(Counter(r["dropped_at"] for r in mine)),
            "beaten_by": dict(parts.most_common()),
            "evidence_left_out": dict(evidence),
        }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--suites", default="en,zh,locomo")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--table", action="store_true", help="only print the table")
    parser.add_argument("--summary", type=Path, default=None, help="summarise a traced JSON")
    args = parser.parse_args(argv)
    if args.summary is not None:
        for cell, rows in json.loads(args.summary.read_text()).items():
            print(f"{cell}: {json.dumps(by_part(rows))}")
        return
    results = json.loads(args.results.read_text())
    print_table(table(results))
    if args.table:
        return
    out = run(
        results, args.embedders.split(","), args.suites.split(","), args.data or default_data_dir()
    )
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False, default=str))


if __name__ == "__main__":
    main()
