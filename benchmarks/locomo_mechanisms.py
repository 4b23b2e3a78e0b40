"""Where LoCoMo's multi-hop and open-domain evidence is lost, by mechanism (issue 38, locomo8).

``python -m benchmarks.locomo_mechanisms [--embedders default,minilm]
[--conversations conv-26,conv-30,conv-41] [--sentence-max] [--json PATH]`` asks every question
of categories 1 and 3 (multi-hop, open-domain) of the given conversations (the tune half by
default: the check half stays unread) through :mod:`benchmarks.tuning` (cached stores,
read-only retrieval) twice, at 1,000 tokens and with no budget, and puts each evidence turn in
one place:

- ``packed``: in the 1,000-token context;
- ``never a candidate``: not in the unbudgeted ranking at all;
- ``above the last packed, did not fit``: ranked above the last hit the packing placed (a
  longer turn skipped for a shorter one after it);
- ``below what fits, rank < 50`` / ``rank >= 50``: ranked below the last packed hit.

For each evidence turn that is never a candidate: its rank by cosine over the whole scope and
whether it holds any term of the question but a name (what either channel could find it by).
For each question it also records how many of the speakers the question names (a question
about two people is the first untried direction of the brief), and, for the ranked-below
turns, whether the turn's session is one the packed context already draws from.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig, lexical
from hybridmem.retrieval import channels
from hybridmem.retrieval.entities import query_words, speaker_label, speaker_names

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


@contextmanager
def first_cosines(box: dict[str, Any]) -> Iterator[None]:
    """Keep the whole scope's cosines of the first exact scope search of each question (the
    query as asked; a name-free refocus searches again after it)."""
    original = channels.search_scope

    def keep(engine: Any, vector: Any, n: int, *args: Any, **kw: Any) -> Any:
        found = original(engine, vector, n, *args, **kw)
        box.setdefault("cosine", found.cosine)
        return found

    channels.search_scope = keep
    try:
        yield
    finally:
        channels.search_scope = original


def unreachable(
    question: str,
    content: str,
    cosine: dict[str, float],
    node_id: str,
    speakers: frozenset[str],
) -> list[Any]:
    """For evidence that is never a candidate: its rank by cosine over the whole scope (0
    best; None without exact cosines) and whether it holds a term of the question other than
    a speaker's name (what the lexical channel could match)."""
    rank = sum(c > cosine[node_id] for c in cosine.values()) if node_id in cosine else None
    asked = set(lexical.terms(question)) - speakers
    said = content.split(":", 1)[-1] if speaker_label(content) else content
    return [rank, len(cosine), bool(asked & set(lexical.terms(said)))]


def mechanisms(bench: tuning.Bench, questions: list, embedder: Any) -> dict[str, Any]:
    places: Counter[str] = Counter()
    far: list[list[Any]] = []
    by_names: Counter[str] = Counter()
    below_in_packed_session = Counter[str]()
    rows: list[dict[str, Any]] = []
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    try:
        for q in questions:
            if q.category not in CATEGORIES:
                continue
            _, got = tuning.ask_locomo(mem, clock, bench, q, 1000)
            box: dict[str, Any] = {}
            with first_cosines(box):
                res, _ = tuning.ask_locomo(mem, clock, bench, q, None)
            units = {e: u for u in bench.corpora[q.conversation_id].units for e in u.sources}
            prefix = q.conversation_id + ":"
            rank: dict[str, int] = {}
            for r, h in enumerate(res.hits):
                for c in h.covers:
                    if c.startswith(prefix):
                        rank.setdefault(c[len(prefix) :], r)
            last_packed = max((rank[e] for e in got if e in rank), default=-1)
            packed_sessions = {_session(e) for e in got}
            speakers = speaker_names(h.node for h in res.hits)
            named = len(query_words(q.question) & speakers)
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
                if where == "never a candidate" and e in units:
                    u = units[e]
                    far.append(
                        unreachable(q.question, u.content, box.get("cosine", {}), u.id, speakers)
                    )
                    row["evidence"][e] += far[-1]
            rows.append(row)
    finally:
        mem.close()
    ranks = [f[0] for f in far if f[0] is not None]
    return {
        "never_a_candidate": {
            "turns": len(far),
            "cosine_rank_median": statistics.median(ranks) if ranks else None,
            "scope_median": statistics.median(f[1] for f in far) if far else None,
            "cosine_rank_under_80": sum(r < 80 for r in ranks),
            "cosine_rank_under_160": sum(r < 160 for r in ranks),
            "share_a_question_term": sum(f[2] for f in far),
        },
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
    parser.add_argument(
        "--sentence-max",
        action="store_true",
        help="under benchmarks.sentence_max's scoring (a memory by its nearest sentence too)",
    )
    args = parser.parse_args(argv)
    convs = set(args.conversations.split(","))
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        embedder = fusion_paired._embedder(spec)
        bench, items = tuning.locomo_bench(embedder, args.data or default_data_dir())
        items = [q for q in items if q.conversation_id in convs]
        if args.sentence_max:
            from benchmarks import sentence_max, turn_context

            extra = sentence_max.sentence_vectors(bench, turn_context.TextVectors(embedder.inner))
            with sentence_max.nearest_sentence(extra):
                out[spec] = mechanisms(bench, items, embedder)
        else:
            out[spec] = mechanisms(bench, items, embedder)
        for key in ("never_a_candidate", "places", "by_speakers_named", "below_by_session"):
            for k, v in out[spec][key].items():
                print(f"{spec:8s} {k}: {v}", flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
