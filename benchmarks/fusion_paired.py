"""Knob-free fusions of similarity and lexical evidence, judged item by item (issue 38).

``python -m benchmarks.fusion_paired [--embedders default,minilm] [--suites en,zh,locomo]
[--variants minmax,rank,...] [--json benchmarks/results/fusion_paired.json]`` runs, through
:mod:`benchmarks.tuning` (cached stores and query vectors, read-only retrieval), the default
retrieval with one fusion of the two query-dependent channels swapped at a time, and scores
every item on its own: each MADial dialogue (hit@5; rank of the first relevant memory) and each
LoCoMo question of categories 1-4 (frac at 1,000 tokens). Each variant is compared with the
default (``minmax``) pair by pair: wins, losses, the mean difference per half and a bootstrap
interval of the mean difference (items resampled, 2,000 draws, seed 0). The held-out MADial
English gap (issue 38: hybridmem 0.78-0.80 against plain dense MiniLM 0.88) did not show on
the dev halves, so a fusion is kept only if no suite, language or half loses.

The fusions (none has a parameter to fit):

- ``minmax`` (default): similarity min-max over the query's candidates, lexical BM25 over
  the query's best BM25; relevance their weighted mean.
- ``rank``: both channels by rank over the same candidates (best 1, the n-th 1 - (n-1)/n,
  a lexical non-match 0): Borda fusion, each channel the same spread whatever its scores.
- ``rrf``: reciprocal rank with the customary k = 60, scaled so the best is 1.
- ``zscore``: each channel over the candidates divided by its own standard deviation (one
  common scale keeps both in [0, 1]): a channel whose evidence is flat counts for little.
- ``gated``: lexical counts at the node's similarity (lexical times min-max similarity), as
  the priors count at relevance: a word match on a memory the vector finds far away adds
  little. When the embedder cannot read the query's script, lexical is not gated.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import madial_english, parity_coverage, probing_lift, set_orders, tuning
from benchmarks.madial_english import VARIANTS as VARIANT_CONFIGS
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from benchmarks.suite_madial import dialogue_query
from benchmarks.tuning_cv import Make, weights_config
from hybridmem import MemoryConfig
from hybridmem.config import ScoreWeights
from hybridmem.embedding import Embedder
from hybridmem.retrieval import answers, days, expansion, fusion, mentions, retriever
from hybridmem.retrieval.returnable import Returnable
from hybridmem.retrieval.timeexpr import find_window

Fuse = Callable[[Any, ScoreWeights, str], None]
Scores = dict[str, float]


def _ids(cands: Any) -> list[str]:
    """The candidates every fusion scales over: the ones the retrieval can return, as the
    engine's (:mod:`hybridmem.retrieval.returnable`)."""
    return list(cands.returnable.ids(cands.nodes, cands.unfolded))


def _ranked(values: Mapping[str, float], ids: Sequence[str]) -> dict[str, float]:
    """0-based rank of each id with a value (ties share their mean rank)."""
    order = sorted((i for i in ids if i in values), key=lambda i: -values[i])
    out: dict[str, float] = {}
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            out[i] = (start + end) / 2
        start = end + 1
    return out


def _rank_features(cands: Any, rank_value: Callable[[float, int], float]) -> tuple[Scores, Scores]:
    ids = _ids(cands)
    n = max(len(ids), 1)
    sim = _ranked(cands.cosine, ids)
    lex = _ranked({i: v for i, v in cands.bm25.items() if v > 0}, ids)
    return (
        {i: rank_value(sim[i], n) if i in sim else 0.0 for i in ids},
        {i: rank_value(lex[i], n) if i in lex else 0.0 for i in ids},
    )


def _set(cands: Any, weights: ScoreWeights, sim: Scores, lex: Scores) -> None:
    ids = _ids(cands)
    cands.similarity, cands.lexical = sim, lex
    cands.relevance = fusion.relevance(sim, lex, weights.similarity, weights.lexical, ids)


def fuse_rank(cands: Any, weights: ScoreWeights, method: str) -> None:
    _set(cands, weights, *_rank_features(cands, lambda r, n: 1.0 - r / n))


def fuse_rrf(cands: Any, weights: ScoreWeights, method: str) -> None:
    _set(cands, weights, *_rank_features(cands, lambda r, n: 61.0 / (61.0 + r)))


def fuse_zscore(cands: Any, weights: ScoreWeights, method: str) -> None:
    ids = _ids(cands)
    raw = {
        "s": {i: cands.cosine[i] for i in ids if i in cands.cosine},
        "l": {i: max(cands.bm25.get(i, 0.0), 0.0) for i in ids},
    }
    spread = {}
    for key, values in raw.items():
        vals = list(values.values())
        std = statistics.pstdev(vals) if len(vals) > 1 else 0.0
        spread[key] = ((max(vals) - min(vals)) / std) if std > 1e-12 else 0.0
    common = max(spread.values()) or 1.0
    feats = []
    for values in raw.values():
        vals = list(values.values())
        low = min(vals, default=0.0)
        std = statistics.pstdev(vals) if len(vals) > 1 else 0.0
        feats.append(
            {
                i: ((values[i] - low) / std / common if std > 1e-12 else 0.0)
                if i in values
                else 0.0
                for i in ids
            }
        )
    _set(cands, weights, feats[0], feats[1])


def fuse_gated(cands: Any, weights: ScoreWeights, method: str) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
    lex = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    if weights.similarity > 0:
        lex = {i: v * sim.get(i, 0.0) for i, v in lex.items()}
    _set(cands, weights, sim, lex)


def fuse_lexical_trust(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """The lexical part as far as the dense channel vouches for the lexical channel's best
    match (madial24): every lexical feature times the min-max similarity of the node the
    lexical channel ranks first. A query sharing no word of its answer still matches
    incidental words, and the lexical feature is divided by the best match however weak, so
    the incidental best match gets the full lexical weight; when the dense channel finds that
    match far, the lexical evidence counts as little. Where the two agree, nothing changes."""
    _trusted(cands, weights, fusion.fuse_similarity(cands.cosine, _ids(cands), "minmax"))


def fuse_lexical_trust_rank(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """``lexical trust`` with the lexical best match's place among the candidates by cosine
    (1 - rank / n) for its min-max similarity: e5's compressed cosines put a match the dense
    channel ranks well at a middling min-max value."""
    ids = _ids(cands)
    ranked = _rank_features(cands, lambda r, n: 1.0 - r / n)[0]
    _trusted(cands, weights, fusion.fuse_similarity(cands.cosine, ids, "minmax"), ranked)


def _trusted(cands: Any, weights: ScoreWeights, sim: Scores, vouch: Scores | None = None) -> None:
    """The lexical feature times ``vouch`` (default ``sim``) of the lexical best match."""
    lex = fusion.fuse_lexical(cands.bm25, _ids(cands), "minmax")
    vouch = sim if vouch is None else vouch
    if weights.similarity > 0 and lex:
        best = max(lex.values())
        trust = max((vouch.get(i, 0.0) for i, v in lex.items() if v >= best - 1e-12), default=0.0)
        lex = {i: v * trust for i, v in lex.items()}
    _set(cands, weights, sim, lex)


ASKED: dict[str, Any] = {}
"""The retriever and query text of the retrieval under way (:func:`asked_by`), for the
trust variants that read the query's lines with vectors of their own."""


@contextmanager
def asked_by() -> Iterable[None]:
    """Keep the retriever and query text of each retrieval in :data:`ASKED`."""
    prepare = retriever.Retriever.prepare

    def kept(self: Any, text: str, *args: Any, **kw: Any) -> Any:
        ASKED.update(retriever=self, text=text)
        return prepare(self, text, *args, **kw)

    retriever.Retriever.prepare = kept  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.prepare = prepare  # type: ignore[method-assign]
        ASKED.clear()


_LINE_VECTORS: dict[tuple[str, str], Any] = {}


def query_lines(text: str) -> list[str]:
    """The query's non-empty lines (a dialogue asked as one query: one line a turn)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _line_similarities(cands: Any, ids: Sequence[str], lines: Sequence[str]) -> list[Scores]:
    """Each of ``lines``' min-max similarity over ``ids``, from its own vector."""
    found = ASKED.get("retriever")
    if found is None or not lines:
        return []
    embedder = found.core.engine.embedder
    missing = [line for line in lines if (embedder.name, line) not in _LINE_VECTORS]
    if missing:
        from hybridmem.embedding import embed_query

        for line, vec in zip(missing, embed_query(embedder, missing), strict=True):
            _LINE_VECTORS[(embedder.name, line)] = vec
    vectors = found._vectors(list(ids))
    out = []
    for line in lines:
        vec = _LINE_VECTORS[(embedder.name, line)]
        cosine = {i: float(v @ vec) for i, v in vectors.items()}
        out.append(fusion.fuse_similarity(cosine, ids, "minmax"))
    return out


def fuse_trust_lines(which: str) -> Fuse:
    """``lexical trust`` whose vouching is the larger of the whole query's and its lines'
    (``last``: the query's last line, what is being said now; ``lines``: every line) min-max
    similarity of the lexical best match. A one-line query reads as ``lexical trust``."""

    def fuse(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
        ids = _ids(cands)
        sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
        lines = query_lines(ASKED.get("text", ""))
        if len(lines) < 2:
            _trusted(cands, weights, sim)
            return
        asked = lines[-1:] if which == "last" else lines
        vouch = dict(sim)
        for other in _line_similarities(cands, ids, asked):
            vouch = {i: max(vouch.get(i, 0.0), other.get(i, 0.0)) for i in ids}
        _trusted(cands, weights, sim, vouch)

    return fuse


def fuse_trust_conversation(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """``trust last line`` for a query of several lines only (madial27); a one-line query keeps
    the shipped fusion. Every loss madial25 measured for ``trust last line`` was on a one-line
    question (LoCoMo MiniLM, probing blind15 en o9, blind14 en o15), where every word is the
    asker's choice and a word match the whole query's vector finds far can still be the answer;
    the incidental matches the trust discounts are a long conversation's: one line a turn, each
    turn's words said about the turn, not about what is being recalled now."""
    if len(query_lines(ASKED.get("text", ""))) < 2:
        ORIGINAL(cands, weights, method, **kw)
        return
    fuse_trust_lines("last")(cands, weights, method, **kw)


def fuse_trust_mass(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """The lexical part times the dense channel's agreement with the whole lexical evidence
    (madial27): the min-max similarity of the lexical matches, each weighed by its lexical
    feature. ``lexical trust`` reads the best match alone; this reads where the lexical mass
    lies, so one near best match among many far ones vouches for less."""
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
    lex = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    mass = sum(lex.values())
    if weights.similarity > 0 and mass > 0:
        trust = sum(v * sim.get(i, 0.0) for i, v in lex.items()) / mass
        lex = {i: v * trust for i, v in lex.items()}
    _set(cands, weights, sim, lex)


def fuse_untrusted(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """The engine's fusion without a conversation's lexical trust (main before madial27): the
    last line's cosines dropped, so no query's lexical part is vouched for."""
    cands.line = None
    ORIGINAL(cands, weights, method, **kw)


def fuse_median_gate(cands: Any, weights: ScoreWeights, method: str) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
    lex = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    if weights.similarity > 0 and sim:
        middle = statistics.median(sim.values())
        lex = {i: v if sim.get(i, 0.0) >= middle else 0.0 for i, v in lex.items()}
    _set(cands, weights, sim, lex)


def fuse_max(cands: Any, weights: ScoreWeights, method: str) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
    lex = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    if weights.similarity > 0 and weights.lexical > 0:
        # CombMAX: each node's stronger channel, counted under both weights.
        best = {i: max(sim.get(i, 0.0), lex.get(i, 0.0)) for i in ids}
        sim, lex = best, best
    _set(cands, weights, sim, lex)


def fuse_max_lexical(cands: Any, weights: ScoreWeights, method: str) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, "minmax")
    lex = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    if weights.similarity > 0 and weights.lexical > 0:
        # A node's lexical feature at least its similarity (locomo14): a turn that says the
        # thing in other words is not outranked by one sharing a common word alone; a word
        # match is not raised to the similarity's scale (what ``max`` also did).
        lex = {i: max(sim.get(i, 0.0), lex.get(i, 0.0)) for i in ids}
    _set(cands, weights, sim, lex)


def fuse_vector_floor(cands: Any, weights: ScoreWeights, method: str, **kw: Any) -> None:
    """The similarity feature on the dense channel's own scale (dense23): min-max between
    the best cosine and the worst of the vector search's own candidates, so candidates that
    only the lexical channel, a neighbour or a session brought in (lower cosines) no longer
    stretch the scale and shrink the dense channel's margins; below that floor, 0. Where the
    vector search covers the whole bank (the MADial banks, 76-88 memories against 80
    candidates) it is the shipped fusion."""
    ORIGINAL(cands, weights, method, **kw)
    ids = _ids(cands)
    own = [i for i in ids if "vector" in cands.sources.get(i, ()) and i in cands.cosine]
    known = [cands.cosine[i] for i in ids if i in cands.cosine]
    if method != "minmax" or not own or not known:
        return
    low, high = min(cands.cosine[i] for i in own), max(known)
    if high - low <= 1e-12:
        return
    sim = {
        i: min(max((cands.cosine[i] - low) / (high - low), 0.0), 1.0) if i in cands.cosine else 0.0
        for i in ids
    }
    _set(cands, weights, sim, cands.lexical)


ORIGINAL: Fuse = retriever.Candidates.fuse
IDF_BACKGROUNDS = ("min", "general", "mean", "product", "geomean", "rare")
"""``idf:B``: the lexical channel's IDF read by :mod:`benchmarks.general_idf`'s background B
(wordfreq's general language; ``rare``: only words rarer than the store's average word)."""
ALWAYS_ASKS: Callable[[str, str], bool] = lambda query, span: True  # noqa: E731

VARIANTS: dict[str, tuple[Fuse, Make]] = {
    "minmax": (ORIGINAL, MemoryConfig),
    "time always": (ORIGINAL, MemoryConfig),
    "time one weight": (ORIGINAL, MemoryConfig),
    "scale over all": (ORIGINAL, MemoryConfig),
    "rank": (fuse_rank, MemoryConfig),
    "rrf": (fuse_rrf, MemoryConfig),
    "zscore": (fuse_zscore, MemoryConfig),
    "gated": (fuse_gated, MemoryConfig),
    "mediangate": (fuse_median_gate, MemoryConfig),
    "lexical trust": (fuse_lexical_trust, MemoryConfig),
    "lexical trust rank": (fuse_lexical_trust_rank, MemoryConfig),
    "trust last line": (fuse_trust_lines("last"), MemoryConfig),
    "trust lines": (fuse_trust_lines("lines"), MemoryConfig),
    "trust conversation": (fuse_trust_conversation, MemoryConfig),
    "trust mass": (fuse_trust_mass, MemoryConfig),
    "untrusted": (fuse_untrusted, MemoryConfig),
    "max": (fuse_max, MemoryConfig),
    "max lexical": (fuse_max_lexical, MemoryConfig),
    "vector floor": (fuse_vector_floor, MemoryConfig),
    "dense": (ORIGINAL, VARIANT_CONFIGS["dense only"]),
    "lexical": (ORIGINAL, VARIANT_CONFIGS["lexical only"]),
    "similarity + lexical only": (ORIGINAL, VARIANT_CONFIGS["similarity + lexical only"]),
    "- priors": (ORIGINAL, VARIANT_CONFIGS["- priors"]),
    "- time": (ORIGINAL, weights_config(time=0.0)),
    "- neighbour": (ORIGINAL, weights_config(neighbour=0.0)),
    "- recency": (ORIGINAL, weights_config(recency=0.0)),
    "- importance": (ORIGINAL, weights_config(importance=0.0)),
    "- answers": (ORIGINAL, MemoryConfig),
    "dpp": (ORIGINAL, MemoryConfig),
    "cover": (ORIGINAL, MemoryConfig),
    "shared parent": (ORIGINAL, MemoryConfig),
    "interleave": (ORIGINAL, MemoryConfig),
    "answer lexical": (ORIGINAL, MemoryConfig),
    "answer lexical moved": (ORIGINAL, MemoryConfig),
    "parent geo": (ORIGINAL, MemoryConfig),
    "parent mean": (ORIGINAL, MemoryConfig),
    **{
        f"places {n}": (ORIGINAL, weights_config(retrieval={"session_places": n}))
        for n in (0, 3, 5, 8, 10)
    },
    **{f"parent {w}": (ORIGINAL, weights_config(parent=w)) for w in (0.5, 0.75, 1.25, 1.5)},
    "adjacent only": (ORIGINAL, weights_config(retrieval={"expand_speakers_next": False})),
    "no referents": (ORIGINAL, weights_config(retrieval={"carry_referents": False})),
    **{f"idf:{b}": (ORIGINAL, MemoryConfig) for b in IDF_BACKGROUNDS},
}
"""``time always``: the engine before :mod:`hybridmem.retrieval.mentions` (a time a
passage only mentions counted in full, as one asked about). Fusions, and each channel
alone (``benchmarks.madial_english``'s configurations) for
reference: hybridmem must stay at or above both; ``time one weight``: the engine before
:mod:`hybridmem.retrieval.days` (a question about days weighed time 2.0 like any window); and
``scale over all``: the engine before :mod:`hybridmem.retrieval.returnable` (the scales over
every candidate gathered, the user's root and filtered nodes included, dropped after scaling);
one feature out at a time (``- time``,
``- answers``: the engine before :mod:`hybridmem.retrieval.answers`,
``- priors``, ...), which found the time window the feature that cost MADial its ranks.
``dpp``, ``cover``, ``shared parent`` and ``interleave``: the scored hits ordered as a set
before packing (:mod:`benchmarks.set_orders`: a determinantal point process over the stored
vectors, a greedy cover of the query's terms, a session's ``parent`` part shared among its
placed turns, a round robin over the sessions). ``answer lexical`` (``moved``): a question
turn's BM25 given to its answer before scoring (:func:`benchmarks.set_orders.answers_lexical`),
kept by the question too (or not). ``parent geo``: a session's lift counted at the geometric
mean of its best relevance and the turn's own (:func:`benchmarks.probing_lift.geometric`);
``parent mean``: a session's lift its turns' mean relevance
(:func:`benchmarks.probing_lift.mean`). ``places N``: the first N places of the ranking shared
among sessions (``RetrievalConfig.session_places``, :mod:`hybridmem.retrieval.session_places`;
``places 0``: the score's order). ``parent W``: the session's lift weighed W
(the default 1.0 was chosen before :mod:`hybridmem.retrieval.session_reach` faded it with
the turns between; locomo14). ``max lexical``: a node's lexical feature at least its
similarity (CombMAX on one side only; locomo14). ``adjacent only``: the best candidates
bring only their adjacent siblings, not the same speaker's next turn
(``RetrievalConfig.expand_speakers_next``, the engine before probing10). ``no referents``: no
pronoun turn carries the match of the turn it goes on from (``RetrievalConfig.carry_referents``,
the engine before probing11)."""

SET_ORDERS = ("dpp", "cover", "shared parent", "interleave")


@contextmanager
def ordered_as_set(name: str) -> Iterable[None]:
    """The hits reordered by :mod:`benchmarks.set_orders` just before packing (the
    retriever and query of the call are kept from its ``score`` step)."""
    score, pack = retriever.Retriever.score, retriever.pack
    seen: dict[str, Any] = {}

    def keep(self: Any, q: Any, cands: Any, anchor: Any) -> Any:
        seen.update(retriever=self, q=q)
        return score(self, q, cands, anchor)

    def reorder(path: Any, hits: Any, **kw: Any) -> Any:
        q = seen["q"]
        if name == "dpp":
            vectors = seen["retriever"]._vectors([h.node.id for h in hits])
            hits = set_orders.dpp_order(hits, vectors)
        elif name == "shared parent":
            hits = set_orders.shared_parent_order(hits)
        elif name == "interleave":
            hits = set_orders.interleave_order(hits)
        else:
            hits = set_orders.cover_order(hits, q.embedded or q.text)
        return pack(path, hits, **kw)

    retriever.Retriever.score = keep  # type: ignore[method-assign]
    retriever.pack = reorder
    try:
        yield
    finally:
        retriever.Retriever.score = score  # type: ignore[method-assign]
        retriever.pack = pack


@contextmanager
def answers_matched(move: bool) -> Iterable[None]:
    """A question turn's BM25 given to its answer (:func:`set_orders.answers_lexical`) once
    the candidates' neighbours are known, before attributes are read and scores computed."""
    read = retriever.Retriever.read_attributes

    def lifted(self: Any, q: Any, cands: Any, include_sensitive: bool) -> None:
        if cands.turns and cands.bm25:
            cands.bm25 = set_orders.answers_lexical(
                cands.nodes, cands.bm25, cands.neighbours, cands.turns, move=move
            )
            cands.fuse(q.weights, self.config.fusion)
        read(self, q, cands, include_sensitive)

    retriever.Retriever.read_attributes = lifted  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.read_attributes = read  # type: ignore[method-assign]


@contextmanager
def fused_by(fuse: Fuse, name: str = "") -> Iterable[None]:
    retriever.Candidates.fuse = fuse  # type: ignore[method-assign]
    if name == "time always":
        retriever.asks_about = ALWAYS_ASKS
    if name == "time one weight":
        retriever.asks_days = lambda window, asks: False
    ids, only = Returnable.ids, Returnable.only
    if name == "scale over all":
        Returnable.ids = lambda self, nodes, unfolded: list(nodes)  # type: ignore[method-assign]
        Returnable.only = lambda self, nodes, bm25, unfolded: (  # type: ignore[method-assign]
            {i: n for i, n in nodes.items() if self.can_return(i, n, unfolded)},
            dict(bm25),
        )
    if name == "- answers":
        retriever.answers_first = lambda hits, neighbours, turns: hits
    if name == "parent geo":
        retriever.parent_feature = probing_lift.geometric
    if name == "parent mean":
        retriever.parent_feature = probing_lift.mean
    try:
        if name in SET_ORDERS:
            with ordered_as_set(name):
                yield
        elif name in parity_coverage.COVERAGE:
            with parity_coverage.question_weight():
                yield
        elif name.startswith("answer lexical"):
            with answers_matched(move=name.endswith("moved")):
                yield
        elif name.startswith("trust "):
            with asked_by():
                yield
        elif name.startswith("idf:"):
            from benchmarks.general_idf import background_of  # wordfreq: the bench extra

            with background_of(name.removeprefix("idf:")):
                yield
        else:
            yield
    finally:
        retriever.Candidates.fuse = ORIGINAL  # type: ignore[method-assign]
        retriever.asks_about = mentions.asks_about
        retriever.asks_days = days.asks_days
        Returnable.ids, Returnable.only = ids, only  # type: ignore[method-assign]
        retriever.answers_first = answers.answers_first
        retriever.parent_feature = expansion.parent_feature


def timed_only(bench: tuning.Bench, items: list, suite: str) -> list:
    """The items whose query names a time window at its bench clock (``--timed``: the only
    ones a change to how windows count can move)."""
    out = []
    for item in items:
        if suite == "locomo":
            text, now = item.question, bench.ends[item.conversation_id]
        else:
            text = dialogue_query(item.context_lines)
            now = bench.ends[bench.corpora[item.user_id].id]
        if find_window(text, now) is not None:
            out.append(item)
    return out


def madial_items(
    bench: tuning.Bench, dialogues: list, embedder: Embedder, config: MemoryConfig
) -> dict[str, Any]:
    """Per dialogue: half, hit@5 and the rank of the first relevant memory (None past 20)."""
    embedder_warm = getattr(embedder, "warm", None)
    if embedder_warm:
        embedder_warm([dialogue_query(d.context_lines) for d in dialogues])
    mem, clock = tuning.open_engine(bench, embedder, config)
    out: dict[str, Any] = {}
    try:
        for d in dialogues:
            _, covered = tuning.ask_madial(mem, clock, bench, d, 20)
            good = [bool(c & d.relevant) for c in covered]
            rank = next((i for i, g in enumerate(good) if g), None)
            out[str(d.number)] = {
                "half": "tune" if d.number % 2 == 0 else "check",
                "score": 1.0 if rank is not None and rank < 5 else 0.0,
                "rank": rank,
            }
    finally:
        mem.close()
    return out


def locomo_items(
    bench: tuning.Bench,
    questions: list,
    embedder: Embedder,
    config: MemoryConfig,
    budget: int = 1000,
) -> dict[str, Any]:
    """Per question of categories 1-4: half, conversation and frac at ``budget`` tokens."""
    embedder_warm = getattr(embedder, "warm", None)
    if embedder_warm:
        embedder_warm([q.question for q in questions])
    mem, clock = tuning.open_engine(bench, embedder, config)
    out: dict[str, Any] = {}
    try:
        for n, q in enumerate(questions):
            if q.category == 5:
                continue
            _, got = tuning.ask_locomo(mem, clock, bench, q, budget)
            out[str(n)] = {
                "half": "tune" if q.conversation_id in tuning.LOCOMO_TUNE else "check",
                "conversation": q.conversation_id,
                "score": evidence_score(q.evidence, got).frac,
            }
    finally:
        mem.close()
    return out


def paired(base: dict[str, Any], other: dict[str, Any], draws: int = 2000) -> dict[str, Any]:
    """``other`` against ``base`` item by item: wins, losses, mean difference per half and
    overall, and a 95% bootstrap interval of the overall mean difference."""
    keys = sorted(base)
    diff = [other[k]["score"] - base[k]["score"] for k in keys]
    out: dict[str, Any] = {
        "wins": sum(d > 1e-9 for d in diff),
        "losses": sum(d < -1e-9 for d in diff),
        "mean": statistics.fmean(other[k]["score"] for k in keys),
        "diff": statistics.fmean(diff),
    }
    for half in ("tune", "check"):
        hk = [k for k in keys if base[k]["half"] == half]
        out[half] = statistics.fmean(other[k]["score"] for k in hk)
        out[f"{half}_diff"] = statistics.fmean(other[k]["score"] - base[k]["score"] for k in hk)
    groups = sorted({base[k].get("conversation") for k in keys} - {None})
    if groups:
        out["per_conversation_diff"] = {
            g: statistics.fmean(
                other[k]["score"] - base[k]["score"] for k in keys if base[k]["conversation"] == g
            )
            for g in groups
        }
    if all("rank" in base[k] for k in keys):
        rr = {
            name: [1 / (x[k]["rank"] + 1) if x[k]["rank"] is not None else 0.0 for k in keys]
            for name, x in (("base", base), ("other", other))
        }
        halves = [base[k]["half"] for k in keys]
        for half in ("tune", "check"):
            out[f"mrr_{half}"] = statistics.fmean(
                r for r, h in zip(rr["other"], halves, strict=True) if h == half
            )
        pairs = list(zip(rr["other"], rr["base"], strict=True))
        out["rank_better"] = sum(o > b + 1e-12 for o, b in pairs)
        out["rank_worse"] = sum(o < b - 1e-12 for o, b in pairs)
    rng = random.Random(0)
    means = sorted(statistics.fmean(rng.choices(diff, k=len(diff))) for _ in range(draws))
    out["ci95"] = [means[int(0.025 * draws)], means[int(0.975 * draws) - 1]]
    return out


def _embedder(spec: str) -> tuning.CachedEmbedder:
    return tuning.CachedEmbedder(madial_english._embedder(spec))


def run(
    embedders: Sequence[str],
    suites: Sequence[str],
    variants: Sequence[str],
    data: Path,
    json_path: Path | None = None,
    timed: bool = False,
) -> dict[str, Any]:
    """Every variant on every suite with every embedder; with ``json_path``, the results so
    far are written after each suite (a LoCoMo pass takes minutes on a shared machine)."""
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = _embedder(spec)
        for suite in suites:
            bench, items, evaluate = suite_bench(embedder, data, suite)
            if timed:
                items = timed_only(bench, items, suite)
            per: dict[str, Any] = {}
            for name in variants:
                t = time.perf_counter()
                fuse, make = VARIANTS[name]
                with fused_by(fuse, name):
                    per[name] = evaluate(bench, items, embedder, make())
                cmp = paired(per[variants[0]], per[name])
                print(
                    f"{spec:8s} {suite:6s} {name:8s} mean={cmp['mean']:.3f} "
                    f"tune={cmp['tune']:.3f} check={cmp['check']:.3f} "
                    f"diff={cmp['diff']:+.3f} [{cmp['ci95'][0]:+.3f},{cmp['ci95'][1]:+.3f}] "
                    f"w/l={cmp['wins']}/{cmp['losses']}"
                    + (
                        f" mrr={cmp['mrr_tune']:.3f}/{cmp['mrr_check']:.3f}"
                        f" rank+/-={cmp['rank_better']}/{cmp['rank_worse']}"
                        if "mrr_tune" in cmp
                        else ""
                    )
                    + f" ({time.perf_counter() - t:.0f}s)",
                    flush=True,
                )
                out.setdefault(f"{spec}/{suite}", {})[name] = {"paired": cmp, "items": per[name]}
            save(out, json_path)
    return out


def suite_bench(embedder: Any, data: Path, suite: str) -> tuple[Any, list[Any], Callable[..., Any]]:
    """One suite's bench, its items and the function scoring a variant on them: ``locomo``
    (frac at 1,000 tokens per question) or a MADial language (hit@5 per dialogue)."""
    if suite == "locomo":
        bench, items = tuning.locomo_bench(embedder, data)
        return bench, items, locomo_items
    bench, items = tuning.madial_bench(embedder, data, suite)
    return bench, items, madial_items


def save(out: dict[str, Any], json_path: Path | None) -> None:
    """The results so far (after each suite: a LoCoMo pass takes minutes on a shared machine)."""
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(out, separators=(",", ":")))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--suites", default="en,zh,locomo")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--timed", action="store_true", help="only items naming a time window")
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    if "minmax" not in variants:
        variants.insert(0, "minmax")  # the first variant is the one the others are paired with
    run(
        args.embedders.split(","),
        args.suites.split(","),
        variants,
        args.data or default_data_dir(),
        args.json,
        args.timed,
    )


if __name__ == "__main__":
    main()
