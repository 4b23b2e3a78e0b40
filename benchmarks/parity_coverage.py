"""The lexical part on one shared word: two knob-free readings (issue 38, helper parity16).

The shipped fusion divides each memory's BM25 by the query's best BM25, so the best lexical
match gets the whole lexical weight whatever share of the question it matches: one shared
word ("scared") weighs as much as a memory holding every word of the question (parity15:
in English the lexical part decides ~9 in 10 of the memories placed above the relevant one
on the user's own lines). Each fusion here is the shipped one with the lexical feature read
differently, run through :mod:`benchmarks.channel_parity` (``--methods``); the engine is
unchanged:

- ``lex coverage``: BM25 over the question's own term weight, the sum of its terms' IDF
  (what a memory holding each term once, at the average length, scores), capped at 1: the
  share of the question a memory covers. A memory matching one word of a five-word question
  gets about that word's share, not the whole lexical weight. Terms the bank never holds
  count in the question's weight (they are words of the question).
- ``lex coverage held``: the same over the terms the bank holds at all (a word no memory
  has cannot be covered by any, so it does not shrink every match alike).
- ``lex in sim margin``: the lexical feature times the dense channel's spread on this query
  (the standard deviation of the fused similarity over the candidates): the lexical part
  moves a memory only about as far as the dense channel's own typical gap, a tie-break
  within its margin rather than a second vote of equal weight. Where the similarity weight
  is 0 (an embedder that does not read the query's script) the lexical feature is kept.
- ``mem coverage``: the lexical feature of a match is the share of the memory's own distinct
  terms' IDF that the question holds (a memory about something else that shares one word
  with the question covers little of itself); ``lex x mem coverage``: the shipped feature
  times that share; ``lex x mem coverage from F``: times ``F + (1 - F) * share`` (F a
  constant, 0.25 / 0.5 / 0.75: chosen on one half, read on the other).

Apart from F, no constant: BM25's own k1 and b, the IDF, the query's similarity spread.
``python -m benchmarks.parity_coverage CHANNELS.json LABEL RUN.json...`` prints the per-row
table (each candidate's items won / lost against the engine).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hybridmem import lexical
from hybridmem.config import ScoreWeights
from hybridmem.retrieval import channels, fusion, retriever
from hybridmem.retrieval.fillers import topic_words
from hybridmem.store import fts

Scores = dict[str, float]


@dataclass(frozen=True)
class Question:
    """What the lexical readings need of one query: its term weight (every term; the terms
    some memory holds), its distinct tokens, and the store to read memories' terms from."""

    weight: float
    held: float
    tokens: frozenset[str]
    store: Any


# The question by the candidates object's id (Candidates has slots): set where the lexical
# matches are fetched, read at fusion; each query's candidates are recorded anew.
_QUESTIONS: dict[int, Question] = {}


def _idf(conn: Any, tokens: Sequence[str]) -> dict[str, tuple[float, int]]:
    """``(idf, df)`` of each token, as :func:`fts.rank` computes them."""
    unique = sorted(set(tokens))
    if not unique:
        return {}
    df = dict(
        conn.execute(
            f"SELECT term, df FROM lex_df WHERE term IN ({','.join('?' * len(unique))})", unique
        ).fetchall()
    )
    totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
    docs = int(totals.get("docs", 0))
    out = {}
    for term in unique:
        hits = int(df.get(term, 0))
        value = math.log((docs - hits + 0.5) / (hits + 0.5)) if docs > 0 else 0.0
        out[term] = (value if value > 0.0 else 1e-6, hits)
    return out


def question_tokens(conn: Any, text: str) -> list[str]:
    """``text``'s lexical tokens, as the lexical search asks them (a term of several tokens
    counts each token; repeated terms repeat)."""
    expression = lexical.match_expression(topic_words(text))
    phrases = fts.phrases_of(expression) if expression else None
    if not phrases:
        return []
    return [t for toks in fts.row_tokens(conn, list(phrases)) for t in toks]


def read_question(store: Any, text: str) -> Question:
    with store.reading():
        tokens = question_tokens(store.conn, text)
        idf = _idf(store.conn, tokens)
    return Question(
        weight=sum(idf[t][0] for t in tokens),
        held=sum(idf[t][0] for t in tokens if idf[t][1] > 0),
        tokens=frozenset(tokens),
        store=store,
    )


def memory_coverage(question: Question, ids: Sequence[str]) -> Scores:
    """For each memory of ``ids``: the share of its own distinct terms' IDF that the question
    holds (a memory about something else sharing one word with the question covers little
    of itself)."""
    ids = list(ids)
    if not ids:
        return {}
    store = question.store
    with store.reading():
        rows = store.conn.execute(
            "SELECT n.id, f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid "
            f"WHERE n.id IN ({','.join('?' * len(ids))})",
            ids,
        ).fetchall()
        terms = [(str(r[0]), str(r[1])) for r in rows]
        tokens = fts.row_tokens(store.conn, [t for _, t in terms])
        idf = _idf(store.conn, [t for toks in tokens for t in toks])
    out = {}
    for (node_id, _), toks in zip(terms, tokens, strict=True):
        own = set(toks)
        total = sum(idf[t][0] for t in own)
        shared = sum(idf[t][0] for t in own if t in question.tokens)
        out[node_id] = shared / total if total > 0 else 0.0
    return out


@contextmanager
def question_weight() -> Iterator[None]:
    """Record each query's :class:`Question` where the lexical matches are fetched (the last
    call wins: a speaker-naming query's name-free form replaces them)."""
    original = channels.lexical_channel

    def recorded(core: Any, text: str, resolved: Any, out: Any) -> dict[str, float]:
        found = original(core, text, resolved, out)
        _QUESTIONS[id(out)] = read_question(core.engine.store, text)
        return found

    channels.lexical_channel = retriever.lexical_channel = recorded
    try:
        yield
    finally:
        channels.lexical_channel = retriever.lexical_channel = original
        _QUESTIONS.clear()


def covered(bm25: Mapping[str, float], ids: Sequence[str], weight: float) -> Scores:
    """Each match's BM25 over the question's weight, capped at 1 (non-matches 0); with no
    weight recorded, the shipped scale."""
    if weight <= 0:
        return fusion.fuse_lexical(bm25, ids, "minmax")
    return {i: min(bm25.get(i, 0.0) / weight, 1.0) if bm25.get(i, 0.0) > 0 else 0.0 for i in ids}


def in_margin(lex: Mapping[str, float], sim: Mapping[str, float], ids: Sequence[str]) -> Scores:
    """The lexical feature times the standard deviation of the fused similarity."""
    values = [sim.get(i, 0.0) for i in ids]
    spread = statistics.pstdev(values) if len(values) > 1 else 1.0
    return {i: lex.get(i, 0.0) * spread for i in ids}


def _ids(cands: Any) -> list[str]:
    return list(cands.returnable.ids(cands.nodes, cands.unfolded))


def _set(cands: Any, weights: ScoreWeights, sim: Scores, lex: Scores) -> None:
    ids = _ids(cands)
    cands.similarity, cands.lexical = sim, lex
    cands.relevance = fusion.relevance(sim, lex, weights.similarity, weights.lexical, ids)


def _sim(cands: Any, method: str, similarity: bool) -> Scores:
    if similarity:
        return fusion.fuse_similarity(cands.cosine, _ids(cands), method)
    return dict(cands.similarity)


def fuse_coverage(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    question = _QUESTIONS.get(id(cands))
    weight = question.weight if question else 0.0
    _set(cands, weights, _sim(cands, method, similarity), covered(cands.bm25, _ids(cands), weight))


def fuse_coverage_held(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    question = _QUESTIONS.get(id(cands))
    weight = question.held if question else 0.0
    _set(cands, weights, _sim(cands, method, similarity), covered(cands.bm25, _ids(cands), weight))


def fuse_in_margin(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    sim = _sim(cands, method, similarity)
    lex = fusion.fuse_lexical(cands.bm25, ids, method)
    if weights.similarity > 0:
        lex = in_margin(lex, sim, ids)
    _set(cands, weights, sim, lex)


def _memory_covered(
    cands: Any, lex: Scores, ids: Sequence[str], times: bool, floor: float = 0.0
) -> Scores:
    """``lex`` replaced by (``times``: multiplied by) each match's memory coverage, raised to
    ``floor + (1 - floor) * coverage``; the shipped feature where no question was recorded."""
    question = _QUESTIONS.get(id(cands))
    if question is None:
        return lex
    matched = [i for i in ids if lex.get(i, 0.0) > 0]
    share = memory_coverage(question, matched)
    out = dict.fromkeys(ids, 0.0)
    for i in matched:
        part = floor + (1.0 - floor) * share.get(i, 1.0)
        out[i] = part * (lex[i] if times else 1.0)
    return out


def fuse_memory_coverage(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    lex = fusion.fuse_lexical(cands.bm25, ids, method)
    _set(cands, weights, _sim(cands, method, similarity), _memory_covered(cands, lex, ids, False))


def fuse_times_memory_coverage(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    lex = fusion.fuse_lexical(cands.bm25, ids, method)
    _set(cands, weights, _sim(cands, method, similarity), _memory_covered(cands, lex, ids, True))


FLOORS = (0.25, 0.5, 0.75)


def times_memory_coverage_over(floor: float) -> Any:
    """``lex x mem coverage`` whose coverage counts from ``floor`` (a constant: chosen on one
    half, read on the other)."""

    def fuse(cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True) -> None:
        ids = _ids(cands)
        lex = fusion.fuse_lexical(cands.bm25, ids, method)
        sim = _sim(cands, method, similarity)
        _set(cands, weights, sim, _memory_covered(cands, lex, ids, True, floor))

    return fuse


_SHIPPED = retriever.Candidates.fuse  # read at import, before any run replaces it
SCALES: list[dict[str, float]] = []
"""What ``shipped, recorded`` saw per query (read by :func:`scale_rows`)."""


def fuse_recorded(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    """The shipped fusion, recording the question's term weight over its best BM25 and the
    spread of the fused similarity (the scales the candidates divide by)."""
    _SHIPPED(cands, weights, method, similarity=similarity)
    question = _QUESTIONS.get(id(cands))
    ids = _ids(cands)
    best = max((cands.bm25.get(i, 0.0) for i in ids), default=0.0)
    values = [cands.similarity.get(i, 0.0) for i in ids]
    if question is not None and best > 0 and len(values) > 1:
        SCALES.append(
            {"weight_over_best": question.weight / best, "spread": statistics.pstdev(values)}
        )


COVERAGE = (
    "shipped, recorded",
    *(f"lex x mem coverage from {f}" for f in FLOORS),
    "lex coverage",
    "lex coverage held",
    "mem coverage",
    "lex x mem coverage",
)


def row_table(runs: Sequence[dict[str, Any]], channels: dict[str, Any], label: str) -> list[str]:
    """One markdown line per embedder, suite and half: the engine, its channels (from
    ``channels``, an earlier run with ``dense`` and ``lexical``) and each candidate with
    ``<`` where it is below a channel, and the items it wins / loses against the engine."""
    items: dict[str, dict[str, Any]] = {}
    for run in runs:
        for key, entry in run.items():
            items.setdefault(key, {}).update(entry["items"])
    lines = []
    for key, per in items.items():
        base = per["hybridmem"]
        for half in ("tune", "check"):
            keys = [q for q, v in base.items() if v["half"] == half]
            if not keys:
                continue
            rows = channels[key]["summary"][half]
            top = max(rows["dense"]["score"], rows["lexical"]["score"])

            def mean(name: str, per: dict[str, Any] = per, keys: list[str] = keys) -> float:
                return sum(per[name][q]["score"] for q in keys) / len(keys)

            cells = [f"{mean('hybridmem'):.3f}"]
            for name in per:
                if name == "hybridmem":
                    continue
                won = sum(per[name][q]["score"] > base[q]["score"] for q in keys)
                lost = sum(per[name][q]["score"] < base[q]["score"] for q in keys)
                mark = " <" if mean(name) < top - 1e-9 else ""
                cells.append(f"{mean(name):.3f}{mark} (+{won}/-{lost})")
            lines.append(
                f"| {label} {key} {half} | {rows['dense']['score']:.3f} | "
                f"{rows['lexical']['score']:.3f} | " + " | ".join(cells) + " |"
            )
    return lines


def scale_rows(json_path: Path) -> list[str]:
    """Per embedder, language and query form (the suite's; ``--user-lines``): the median over
    MADial queries of the question's term weight over its best BM25 (how far ``lex coverage``
    shrinks the best match) and of the fused similarity's spread (what ``lex in sim margin``
    multiplies by), with the shipped engine."""
    # The module as channel_parity imports it (run as __main__ this one is another copy).
    from benchmarks import channel_parity, fusion_paired, parity_coverage
    from benchmarks.paths import default_data_dir

    out, lines = {}, []
    for spec in ("default", "minilm"):
        embedder = fusion_paired._embedder(spec)
        for lang in ("en", "zh"):
            for user_lines in (False, True):
                parity_coverage.SCALES.clear()
                channel_parity.evaluate(
                    spec, embedder, lang, default_data_dir(), ["shipped, recorded"], user_lines
                )
                row = {
                    k: statistics.median(r[k] for r in parity_coverage.SCALES)
                    for k in ("weight_over_best", "spread")
                }
                key = f"{spec} {lang}{' --user-lines' if user_lines else ''}"
                out[key] = {**row, "queries": len(parity_coverage.SCALES)}
                lines.append(
                    f"| {key} | {row['weight_over_best']:.1f} | {row['spread']:.3f} | "
                    f"{len(parity_coverage.SCALES)} |"
                )
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(out, indent=1))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m benchmarks.parity_coverage CHANNELS.json LABEL RUN.json...``: the per-row
    table of candidate runs of :mod:`benchmarks.channel_parity` against the engine;
    ``--scales OUT.json``: :func:`scale_rows`."""
    args = list(argv if argv is not None else sys.argv[1:])
    if args[0] == "--scales":
        print("\n".join(scale_rows(Path(args[1]))))
        return
    channels = json.loads(Path(args[0]).read_text())
    runs = [json.loads(Path(p).read_text()) for p in args[2:]]
    print("\n".join(row_table(runs, channels, args[1])))


if __name__ == "__main__":
    main()
