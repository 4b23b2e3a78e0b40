"""Hybridmem against its own channels, every shipped embedder, suite and half (issue 38).

``python -m benchmarks.channel_parity [--embedders default,minilm]
[--suites probing_dev,probing_blind,en,zh,locomo] [--json
benchmarks/results/parity10/channel_parity.json]`` (``--table F.json ...``: only the table of
earlier runs) prints one table: for each shipped
embedder (``default`` = multilingual-e5-small, ``minilm`` = all-MiniLM-L6-v2), each suite and
each half (or language) the suite has, four methods over the same store:

- ``hybridmem``: the engine as shipped;
- ``dense``: its own dense channel alone (vector candidates, similarity the only weight:
  ``benchmarks.madial_english``'s ``dense only``);
- ``lexical``: its own lexical channel alone (FTS5 / BM25 candidates, lexical the only
  weight: ``lexical only``);
- ``rrf``: reciprocal-rank fusion of the two (k = 60, equal weights, no other feature:
  :func:`benchmarks.fusion_paired.fuse_rrf` over ``similarity + lexical only``).

Issue 38 asks that hybridmem be at or above its dense and lexical channels on every row;
a row where it is not is marked ``<`` and its items (which dialogues or questions a channel
wins) are listed in the JSON, for the error analysis of the tune half.

Suites and their figures:

- MADial ``en`` / ``zh`` (through :mod:`benchmarks.tuning`'s cached stores): hit@5 of the
  dialogue's relevant memories and MRR (first relevant memory within 20), halves ``tune``
  (even dialogue numbers) and ``check`` (odd);
- ``locomo`` categories 1-4: frac at 1,000 tokens, halves ``tune`` (conv-26/30/41) and
  ``check`` (conv-42/43);
- ``probing_dev`` / ``_blind`` / ``_blind2`` / ``_blind3`` (``benchmarks/data/probing_*.json``):
  each user's chat ingested once through ``add_messages`` (as :mod:`benchmarks.probing`), then
  the store reopened with each method's configuration and every question asked at the file's
  ``now``: frac at 1,000 tokens and hit@5, per language (the sets have no halves).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks import (
    fusion_paired,
    madial_english,
    parity_coverage,
    parity_fusions,
    probing,
    tuning,
)
from benchmarks.fusion_paired import ORIGINAL, Fuse, fuse_rrf, fused_by
from benchmarks.madial_english import VARIANTS as VARIANT_CONFIGS
from benchmarks.paths import default_data_dir
from benchmarks.tuning_cv import Make
from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder

METHODS: dict[str, tuple[Fuse, Make]] = {
    "hybridmem": (ORIGINAL, MemoryConfig),
    "dense": (ORIGINAL, VARIANT_CONFIGS["dense only"]),
    "lexical": (ORIGINAL, VARIANT_CONFIGS["lexical only"]),
    "rrf": (fuse_rrf, VARIANT_CONFIGS["similarity + lexical only"]),
    "lex over median": (parity_fusions.fuse_lex_median, MemoryConfig),
    "sim over median": (parity_fusions.fuse_sim_median, MemoryConfig),
    "lex at sim pct": (parity_fusions.fuse_lex_pct, MemoryConfig),
    "both over median": (parity_fusions.fuse_both_median, MemoryConfig),
    "lex coverage": (parity_coverage.fuse_coverage, MemoryConfig),
    "lex coverage held": (parity_coverage.fuse_coverage_held, MemoryConfig),
    "lex in sim margin": (parity_coverage.fuse_in_margin, MemoryConfig),
    "mem coverage": (parity_coverage.fuse_memory_coverage, MemoryConfig),
    "lex x mem coverage": (parity_coverage.fuse_times_memory_coverage, MemoryConfig),
    "shipped, recorded": (parity_coverage.fuse_recorded, MemoryConfig),
    **{
        f"lex x mem coverage from {f}": (
            parity_coverage.times_memory_coverage_over(f),
            MemoryConfig,
        )
        for f in parity_coverage.FLOORS
    },
}
CHANNELS = ("dense", "lexical")
PROBING = {
    f"probing_{name}": Path(__file__).parent / "data" / f"probing_{name}.json"
    for name in ("dev", "blind", "blind2", "blind3")
}


def probing_items(
    data_path: Path, embedder: Embedder, methods: Sequence[str]
) -> dict[str, dict[str, Any]]:
    """Per method, per question id: language (as its half), frac and hit@5. Each user's chat
    is ingested once with the shipped configuration; the store is reopened per method (the
    methods differ only at retrieval)."""
    data = json.loads(data_path.read_text(encoding="utf-8"))
    out: dict[str, dict[str, Any]] = {m: {} for m in methods}
    for user in data["users"]:
        questions = [q for q in data["questions"] if q["user"] == user["id"]]
        msgs = probing.messages_of(user)
        users = frozenset(m["id"] for m in msgs if m["role"] == "user")
        clock = FakeClock(msgs[0]["created_at"])
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "m"
            with HybridMemory(path, embedder=embedder, clock=clock) as mem:
                task_id = probing.import_chat(mem, clock, user)
            clock.set(datetime.fromisoformat(user["now"]))
            for name in methods:
                fuse, make = METHODS[name]
                with (
                    fused_by(fuse, name),
                    HybridMemory(path, embedder=embedder, config=make(), clock=clock) as mem,
                ):
                    for q in questions:
                        row = probing._ask(mem, user["id"], task_id, q, users)
                        out[name][q["id"]] = {
                            "half": q["lang"],
                            "score": row["frac"],
                            "hit@5": row["hit@5"],
                        }
    return out


def _halves(items: dict[str, Any]) -> list[str]:
    order = ("tune", "check", "en", "zh")
    present = {v["half"] for v in items.values()}
    return [h for h in order if h in present]


def summary(per: dict[str, dict[str, Any]]) -> dict[str, dict[str, dict[str, float]]]:
    """Per half, per method: the mean score (hit@5 on MADial, frac on LoCoMo and probing),
    MRR on MADial, hit@5 on probing, and the number of items."""
    base = per["hybridmem"]
    out: dict[str, dict[str, dict[str, float]]] = {}
    for half in _halves(base):
        keys = [k for k, v in base.items() if v["half"] == half]
        out[half] = {}
        for name, items in per.items():
            row: dict[str, float] = {
                "n": len(keys),
                "score": statistics.fmean(items[k]["score"] for k in keys),
            }
            if all("rank" in items[k] for k in keys):
                row["mrr"] = statistics.fmean(
                    1 / (items[k]["rank"] + 1) if items[k]["rank"] is not None else 0.0
                    for k in keys
                )
            if all("hit@5" in items[k] for k in keys):
                row["hit@5"] = statistics.fmean(items[k]["hit@5"] for k in keys)
            out[half][name] = row
    return out


def channel_wins(per: dict[str, dict[str, Any]]) -> dict[str, dict[str, list[str]]]:
    """Per channel: the items it scores above hybridmem, and below, by half."""
    base = per["hybridmem"]
    out: dict[str, dict[str, list[str]]] = {}
    for name in CHANNELS:
        if name not in per:
            continue
        other = per[name]
        wins = sorted(k for k in base if other[k]["score"] > base[k]["score"] + 1e-9)
        losses = sorted(k for k in base if other[k]["score"] < base[k]["score"] - 1e-9)
        out[name] = {
            "wins": [f"{base[k]['half']}:{k}" for k in wins],
            "losses": [f"{base[k]['half']}:{k}" for k in losses],
        }
    return out


@contextmanager
def user_lines_only(on: bool) -> Iterator[None]:
    """MADial queries without the assistant's lines (``--user-lines``: a diagnostic of how
    much the assistant's words, advice rather than the user's memories, cost the lexical
    channel; the engine is unchanged)."""
    query = tuning.dialogue_query
    if on:
        tuning.dialogue_query = lambda lines: query(
            [line for line in lines if not line.startswith("Assistant:")]
        )
    try:
        yield
    finally:
        tuning.dialogue_query = query


def evaluate(
    spec: str,
    embedder: Any,
    suite: str,
    data: Path,
    methods: Sequence[str],
    user_lines: bool = False,
) -> dict[str, dict[str, Any]]:
    """Per method, per item, on one suite with one embedder."""
    if suite in PROBING:
        return probing_items(PROBING[suite], embedder, methods)
    bench, items, score = fusion_paired.suite_bench(embedder, data, suite)
    per: dict[str, dict[str, Any]] = {}
    for name in methods:
        fuse, make = METHODS[name]
        with fused_by(fuse, name), user_lines_only(user_lines):
            per[name] = score(bench, items, embedder, make())
    return per


def _cell(row: dict[str, float]) -> str:
    extra = row.get("mrr", row.get("hit@5"))
    return f"{row['score']:.3f}" + (f" ({extra:.3f})" if extra is not None else "")


def _mark(rows: dict[str, dict[str, float]]) -> str:
    """``yes`` when hybridmem's score is at or above both channels'; else ``< channel``; a
    channel above it on the second figure only (MRR, hit@5) is named in brackets."""
    base = rows["hybridmem"]
    below = [c for c in CHANNELS if c in rows and rows[c]["score"] > base["score"] + 1e-9]
    second = [
        f"{key} < {c}"
        for c in CHANNELS
        if c in rows and c not in below
        for key in ("mrr", "hit@5")
        if key in base and rows[c][key] > base[key] + 1e-9
    ]
    mark = "yes" if not below else "< " + ", ".join(below)
    return mark + (f" ({'; '.join(second)})" if second else "")


def table_lines(results: dict[str, Any], methods: Sequence[str]) -> list[str]:
    """The markdown table: one row per embedder, suite and half; ``<`` marks a row where
    hybridmem's score is below a channel's."""
    lines = [
        "| embedder | suite | half (n) | " + " | ".join(methods) + " | hybridmem >= channels |",
        "|---|---|---|" + "---|" * len(methods) + "---|",
    ]
    for key, entry in results.items():
        spec, suite = key.split("/", 1)
        for half, rows in entry["summary"].items():
            cells = [_cell(rows[m]) if m in rows else "-" for m in methods]
            mark = _mark(rows)
            n = int(rows["hybridmem"]["n"])
            lines.append(
                f"| {spec} | {suite} | {half} ({n}) | " + " | ".join(cells) + f" | {mark} |"
            )
    return lines


def why(spec: str, lang: str, data: Path, channel: str = "dense") -> list[dict[str, Any]]:
    """MADial dialogues whose relevant memory ``channel`` alone ranks higher than hybridmem,
    with, per dialogue, the score part by which each memory placed above the relevant one
    beats it most (the error analysis of a row below a channel, on either half)."""
    embedder = fusion_paired._embedder(spec)
    bench, dialogues = tuning.madial_bench(embedder, data, lang)
    ours = madial_english._ranked(bench, dialogues, embedder, METHODS["hybridmem"][1])
    theirs = madial_english._ranked(bench, dialogues, embedder, METHODS[channel][1])
    out: list[dict[str, Any]] = []
    for number, (rank, hits, good) in ours.items():
        other = theirs[number][0]
        if other is None or (rank is not None and rank <= other):
            continue
        target = hits[rank] if rank is not None else None
        beaten: dict[str, int] = {}
        intruders: list[dict[str, Any]] = []
        for hit, ok in zip(hits[: rank if rank is not None else 5], good, strict=False):
            if ok:
                continue
            part = "(relevant memory not in the top 20)"
            if target is not None:
                gap = {
                    k: v - target.breakdown.parts.get(k, 0.0)
                    for k, v in hit.breakdown.parts.items()
                }
                part = max(gap, key=lambda k: gap[k])
            beaten[part] = beaten.get(part, 0) + 1
            intruders.append(_listed(hit, part))
        out.append(
            {
                "dialogue": number,
                "half": "tune" if number % 2 == 0 else "check",
                "hybridmem_rank": rank,
                f"{channel}_rank": other,
                "above_by": beaten,
                "relevant": _listed(target, "") if target is not None else None,
                "above": intruders,
            }
        )
    return out


def _listed(hit: Any, part: str) -> dict[str, Any]:
    """One hit of a ``why`` case: its text's start, score, the score part by which it beats
    the relevant memory most (``part``), and every part of its score (``explain()``)."""
    parts = {k: round(v, 4) for k, v in hit.breakdown.parts.items() if abs(v) > 1e-4}
    return {"text": hit.node.content[:90], "score": round(hit.score, 4), "by": part, "parts": parts}


def why_summary(cases: Sequence[dict[str, Any]], channel: str) -> dict[str, dict[str, Any]]:
    """Per half: the dialogues the channel has in its top 5 and hybridmem does not, and over
    every case, how many of the memories placed above the relevant one beat it most by each
    score part."""
    out: dict[str, dict[str, Any]] = {}
    for case in cases:
        half = out.setdefault(case["half"], {"cases": 0, "lost_top5": [], "above_by": {}})
        half["cases"] += 1
        ours = case["hybridmem_rank"]
        if case[f"{channel}_rank"] < 5 and (ours is None or ours >= 5):
            half["lost_top5"].append(case["dialogue"])
        for part, n in case["above_by"].items():
            half["above_by"][part] = half["above_by"].get(part, 0) + n
    return out


def run(
    embedders: Sequence[str],
    suites: Sequence[str],
    methods: Sequence[str],
    data: Path,
    json_path: Path | None,
    user_lines: bool = False,
) -> dict[str, Any]:
    """Every method on every suite with every embedder; the JSON is rewritten after each
    suite (LoCoMo takes minutes on a shared machine)."""
    results: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        for suite in suites:
            t = time.perf_counter()
            per = evaluate(spec, embedder, suite, data, methods, user_lines)
            results[f"{spec}/{suite}"] = {
                "summary": summary(per),
                "channel_wins": channel_wins(per),
                "items": per,
            }
            print(f"-- {spec} {suite} ({time.perf_counter() - t:.0f}s)", flush=True)
            for line in table_lines({f"{spec}/{suite}": results[f"{spec}/{suite}"]}, methods)[2:]:
                print(line, flush=True)
            if json_path is not None:
                json_path.parent.mkdir(parents=True, exist_ok=True)
                json_path.write_text(json.dumps(results, separators=(",", ":")))
    print("\n".join(table_lines(results, methods)))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--suites", default=",".join([*PROBING, "en", "zh", "locomo"]))
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--table", type=Path, nargs="*", help="only print the table of these JSON files"
    )
    parser.add_argument(
        "--user-lines", action="store_true", help="MADial queries without the assistant's lines"
    )
    parser.add_argument(
        "--why", default=None, help="SPEC/LANG[/CHANNEL]: MADial dialogues a channel ranks higher"
    )
    args = parser.parse_args(argv)
    methods = args.methods.split(",")
    if args.why:
        spec, lang, *channel = args.why.split("/")
        with user_lines_only(args.user_lines):
            cases = why(spec, lang, args.data or default_data_dir(), *channel)
        for case in cases:
            print({k: v for k, v in case.items() if k not in ("relevant", "above")})
        print(why_summary(cases, channel[0] if channel else "dense"))
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(cases, indent=1))
        return
    if args.table:
        results = {}
        for path in args.table:
            results.update(json.loads(path.read_text()))
        print("\n".join(table_lines(results, methods)))
        return
    if methods[0] != "hybridmem":
        methods = ["hybridmem", *(m for m in methods if m != "hybridmem")]
    run(
        args.embedders.split(","),
        args.suites.split(","),
        methods,
        args.data or default_data_dir(),
        args.json,
        args.user_lines,
    )


if __name__ == "__main__":
    main()
