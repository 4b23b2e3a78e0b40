"""Where LoCoMo's multi-hop and open-domain evidence is lost, by mechanism (issue 38, locomo8).

``python -m benchmarks.locomo_mechanisms [--embedders default,minilm]
[--conversations conv-26,conv-30,conv-41] [--json PATH]`` asks every question of categories 1
and 3 (multi-hop, open-domain) of the given conversations (the tune half by default: the check
half stays unread) through :mod:`benchmarks.tuning` (cached stores, read-only retrieval) twice,
at 1,000 tokens and with no budget, and puts each evidence turn in one place:

- ``packed``: in the 1,000-token context;
- ``never a candidate``: not in the unbudgeted ranking at all;
- ``above the last packed, did not fit``: ranked above the last hit the packing placed (a
  longer turn skipped for a shorter one after it);
- ``below what fits, rank < 50`` / ``rank >= 50``: ranked below the last packed hit.

For each question it also records how many of the speakers the question names (a question
about two people is the first untried direction of the brief), and, for the ranked-below
turns, whether the turn's session is one the packed context already draws from.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.retrieval.entities import query_names, speaker_names

PAST = 50
CATEGORIES = {1: "multi-hop", 3: "open-domain"}


def _session(turn_id: str) -> str:
    """LoCoMo's ``D3:7`` is session 3, turn 7."""
    return turn_id.split(":", 1)[0]


def place(e: str, got: frozenset[str], rank: dict[str, int], last_packed: int) -> str:
    if e in got:
        return "packed"
    if e not in rank:
        return "never a candidate"
    if rank[e] < last_packed:
        return "above the last packed, did not fit"
    return "below what fits, rank < 50" if rank[e] < PAST else "below what fits, rank >= 50"


def mechanisms(bench: tuning.Bench, questions: list, embedder: Any) -> dict[str, Any]:
    places: Counter[str] = Counter()
    by_names: Counter[str] = Counter()
    below_in_packed_session = Counter[str]()
    rows: list[dict[str, Any]] = []
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    try:
        for q in questions:
            if q.category not in CATEGORIES:
                continue
            _, got = tuning.ask_locomo(mem, clock, bench, q, 1000)
            res, _ = tuning.ask_locomo(mem, clock, bench, q, None)
            prefix = q.conversation_id + ":"
            rank: dict[str, int] = {}
            for r, h in enumerate(res.hits):
                for c in h.covers:
                    if c.startswith(prefix):
                        rank.setdefault(c[len(prefix) :], r)
            last_packed = max((rank[e] for e in got if e in rank), default=-1)
            packed_sessions = {_session(e) for e in got}
            speakers = speaker_names(h.node for h in res.hits)
            named = len(query_names(q.question) & speakers)
            cat = CATEGORIES[q.category]
            row = {
                "conversation": q.conversation_id,
                "number": q.number,
                "cat": cat,
                "named": named,
                "evidence": {},
            }
            for e in q.evidence:
                where = place(e, got, rank, last_packed)
                places[f"{cat} / {where}"] += 1
                by_names[f"{cat} / {named} speakers named / {where}"] += 1
                if where.startswith("below"):
                    inside = _session(e) in packed_sessions
                    below_in_packed_session[f"{cat} / session packed: {inside}"] += 1
                row["evidence"][e] = [where, rank.get(e)]
            rows.append(row)
    finally:
        mem.close()
    return {
        "places": dict(sorted(places.items())),
        "by_speakers_named": dict(sorted(by_names.items())),
        "below_by_session": dict(sorted(below_in_packed_session.items())),
        "questions": rows,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--conversations", default=",".join(tuning.LOCOMO_TUNE))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    convs = set(args.conversations.split(","))
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        embedder = fusion_paired._embedder(spec)
        bench, items = tuning.locomo_bench(embedder, args.data or default_data_dir())
        items = [q for q in items if q.conversation_id in convs]
        out[spec] = mechanisms(bench, items, embedder)
        for key in ("places", "by_speakers_named", "below_by_session"):
            for k, v in out[spec][key].items():
                print(f"{spec:8s} {k}: {v}", flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
