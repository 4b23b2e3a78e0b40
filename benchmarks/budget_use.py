"""How the LoCoMo context budget is spent, and packings that might spend it better (issue 38).

``python -m benchmarks.budget_use [--embedders default,minilm] [--variants ...] [--cache DIR]
[--json OUT.json]`` runs the default retrieval once per LoCoMo question of categories 1-4 (the
dev conversations, the halves of :mod:`benchmarks.tuning`: conv-26/30/41 tune, conv-42/43
check) and records what the retriever hands the packer (the path, every ranked hit, the
notes; ``--cache`` keeps them). Everything after is packing, redone offline with
:func:`hybridmem.retrieval.context.pack` itself (checked against the engine's context):

- at 1,000 tokens: tokens per packed turn (distribution), the share spent on the path line,
  on layout (headers, date lines, newlines) and on memories' own words (of which speaker
  labels), how many hits fit, and where the evidence that did not fit is ranked (per
  category too);
- frac at 1,000 / 1,500 / 2,000 tokens: what a better use of the 1,000 tokens could reach at
  most, were it as good as more tokens;
- answer containment: of the questions whose normalised answer is a span of their own
  evidence turns, the share whose answer occurs in the packed context (a packing that keeps
  the evidence id but cuts the answer out shows here);
- packing variants at 1,000 tokens, paired question by question with the default (frac wins
  and losses, answers gained and lost, and of those lost, how many were cut out of a memory
  still packed): query-focused excerpts (:mod:`benchmarks.excerpts`, :data:`EXCERPTS`, and
  with sentences the embedder picks, :data:`DENSE`), filler sentences out, near copies out.

Measured (benchmarks/results/budget_use.json, docs/benchmarks.md): 95% of the 1,000 tokens
are the memories' own words, layout and path 4.5%. Lexical excerpts fit ~9 more turns and
lift frac +0.022 on both halves with both embedders, but cut the answer out of 40 of 249
contexts; sentences the embedder picks cut as many or more: none ships. MADial is not run:
it ranks with no budget, so packing cannot move it.
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from benchmarks import excerpts, fusion_paired, tuning
from benchmarks.locomo_data import load_locomo
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig, lexical
from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval import context, retriever, shortened
from hybridmem.tokens import default_counter

BUDGETS = (1000, 1500, 2000)
COUNTER = default_counter()
SHORTENED = 200
"""Hits a variant may shorten, in rank order: far past the ~25 that 1,000 tokens hold."""
Shorten = Callable[[MemoryNode], str | None]


@dataclass
class Record:
    """One question and what the packer got for it."""

    conversation: str
    half: str
    category: int
    question: str
    answer: str
    evidence: frozenset[str]
    span: bool
    """The normalised answer occurs in the question's own evidence turns."""
    path: list[MemoryNode]
    ranked: list[Hit]
    kwargs: dict[str, Any]


def normalise(text: str) -> str:
    """Lower case, punctuation to spaces, spaces collapsed (SQuAD-style, articles kept)."""
    return " ".join(re.sub(r"[^\w\s]", " ", str(text).lower()).split())


def answers(path: Path) -> dict[tuple[str, int], str]:
    samples = json.loads(path.read_text(encoding="utf-8"))
    return {
        (str(s["sample_id"]), n): str(qa.get("answer", ""))
        for s in samples
        for n, qa in enumerate(s["qa"])
    }


def record(spec: str, data: Path, config: MemoryConfig | None = None) -> list[Record]:
    """The default retrieval (or ``config``'s) of every category 1-4 question, the packer's
    input kept."""
    embedder = fusion_paired._embedder(spec)
    bench, questions = tuning.locomo_bench(embedder, data)
    file = data / "locomo" / "locomo-dev.json"
    ds = load_locomo(file)
    said = {(c.sample_id, t.dia_id): t.content for c in ds.conversations for t in c.turns}
    known = answers(file)
    questions = [q for q in questions if q.category != 5]
    embedder.warm([q.question for q in questions])
    seen: dict[str, Any] = {}
    original = retriever.pack

    def spy(path: Sequence[MemoryNode], ranked: Sequence[Hit], **kw: Any) -> context.Packed:
        # The counter is the default one (checked below), and the engine's shorter prints
        # are the ENGINE variant's: left out, a record pickles and packs whole memories only.
        seen.update(
            path=list(path), ranked=list(ranked), kwargs=dict(kw, counter=None, shorten=None)
        )
        return original(path, ranked, **kw)

    out: list[Record] = []
    mem, clock = tuning.open_engine(bench, embedder, config or MemoryConfig())
    retriever.pack = spy
    try:
        for q in questions:
            _, got = tuning.ask_locomo(mem, clock, bench, q, 1000)
            answer = known[(q.conversation_id, q.number)]
            own = normalise(" ".join(said[(q.conversation_id, e)] for e in sorted(q.evidence)))
            rec = Record(
                q.conversation_id,
                "tune" if q.conversation_id in tuning.LOCOMO_TUNE else "check",
                q.category,
                q.question,
                answer,
                q.evidence,
                bool(normalise(answer)) and f" {normalise(answer)} " in f" {own} ",
                seen["path"],
                seen["ranked"],
                seen["kwargs"],
            )
            engine = variant_pack(rec, 1000, ENGINE)
            assert covered(rec, engine) == got, "offline packing differs from retrieve"
            out.append(rec)
    finally:
        retriever.pack = original
        mem.close()
    return out


def pack(
    rec: Record, budget: int, shorten: Shorten | None = None, drop: frozenset[str] = frozenset()
) -> context.Packed:
    """The default packing of ``rec`` at ``budget``, hits in ``drop`` left out and each
    memory printed as ``shorten`` says (its hit's node carries the shorter text: the packer
    counts and prints that; ids and ``covers`` are the node's own)."""
    ranked = [h for h in rec.ranked if h.node.id not in drop] if drop else rec.ranked
    if shorten is not None:
        ranked = [_shown(h, shorten(h.node)) for h in ranked[:SHORTENED]] + ranked[SHORTENED:]
    return context.pack(rec.path, ranked, **dict(rec.kwargs, budget=budget, counter=COUNTER))


def _shown(hit: Hit, text: str | None) -> Hit:
    return hit if text is None else replace(hit, node=replace(hit.node, content=text))


def covered(rec: Record, packed: context.Packed) -> frozenset[str]:
    prefix = rec.conversation + ":"
    return frozenset(
        c[len(prefix) :] for h in packed.hits for c in h.covers if c.startswith(prefix)
    )


def contains(rec: Record, packed: context.Packed) -> bool:
    return f" {normalise(rec.answer)} " in f" {normalise(packed.context)} "


def near_copies(rec: Record, budget: int) -> frozenset[str]:
    """Hits whose terms are all in one better-ranked hit's of the same parent (session),
    among the hits a packing at ``budget`` could reach: left out, they free their tokens."""
    drop: set[str] = set()
    kept: list[tuple[str | None, frozenset[str]]] = []
    for hit in rec.ranked[:200]:  # far past what 1,000 tokens hold (~25)
        words = frozenset(lexical.terms(hit.node.content))
        if words and any(p == hit.node.parent_id and words <= w for p, w in kept):
            drop.add(hit.node.id)
        else:
            kept.append((hit.node.parent_id, words))
    return frozenset(drop)


def quantiles(values: Sequence[float]) -> dict[str, float]:
    v = sorted(values)
    if not v:
        return {}
    at = lambda p: v[min(len(v) - 1, int(p * len(v)))]  # noqa: E731
    return {
        "mean": round(statistics.fmean(v), 2),
        "p10": at(0.1),
        "p50": at(0.5),
        "p90": at(0.9),
        "max": v[-1],
    }


def spend(recs: list[Record]) -> dict[str, Any]:
    """Where 1,000 tokens go with the default packing, and where the unpacked evidence is."""
    counter = COUNTER
    per_turn: list[int] = []
    hits_fit: list[int] = []
    totals = Counter[str]()
    places = Counter[str]()
    for rec in recs:
        packed = pack(rec, 1000)
        hits_fit.append(len(packed.hits))
        totals["context"] += packed.tokens
        path_line = context.COMPACT_PATH + " > ".join(context._flat(n) for n in packed.path)
        totals["path line"] += counter.count(path_line) if packed.path else 0
        for h in packed.hits:
            line = context.render_memory(h.node, None, "compact")
            per_turn.append(counter.count(line) + 1)
            flat = context._flat(h.node)
            totals["memory words"] += counter.count(flat)
            label = flat.split(":", 1)[0] + ":" if ":" in flat[:42] else ""
            totals["speaker labels"] += counter.count(label) if label else 0
        rank: dict[str, int] = {}
        prefix = rec.conversation + ":"
        for n, h in enumerate(rec.ranked, 1):
            for c in h.covers:
                if c.startswith(prefix):
                    rank.setdefault(c[len(prefix) :], n)
        got = covered(rec, packed)
        for e in rec.evidence:
            r = rank.get(e)
            places[f"cat{rec.category}"] += 1
            where = (
                "packed"
                if e in got
                else "not ranked"
                if r is None
                else "rank <= 25 (not packed)"
                if r <= 25
                else "rank 26-50"
                if r <= 50
                else "rank 51-100"
                if r <= 100
                else "rank > 100"
            )
            places[where] += 1
            places[f"cat{rec.category} {where}"] += 1
    layout = totals["context"] - totals["memory words"] - totals["path line"]
    return {
        "questions": len(recs),
        "tokens_per_packed_turn": quantiles(per_turn),
        "hits_packed": quantiles(hits_fit),
        "share": {
            "memory words": round(totals["memory words"] / totals["context"], 3),
            "of which speaker labels": round(totals["speaker labels"] / totals["context"], 3),
            "path line": round(totals["path line"] / totals["context"], 3),
            "layout (headers, date lines, newlines)": round(layout / totals["context"], 3),
        },
        "evidence_places": dict(sorted(places.items())),
    }


ALL = 10**6
EXCERPTS: dict[str, tuple[int, int, float]] = {
    "excerpt": (0, 0, 0.0),
    "excerpt +1 after": (0, 1, 0.0),
    "excerpt +2 after": (0, 2, 0.0),
    "excerpt +1 before": (1, 0, 0.0),
    "excerpt ±1": (1, 1, 0.0),
    "excerpt from first match": (0, ALL, 0.0),
    "excerpt from one before first match": (1, ALL, 0.0),
    "excerpt past half": (0, 0, 0.5),
    "excerpt ±1 past half": (1, 1, 0.5),
    "excerpt past 3/4": (0, 0, 0.75),
    "excerpt past the default": (0, 0, 1.0),
}
"""(sentences kept before a match, after it, share of the budget whose hits stay whole):
``past half``: the hits the default packing fits into half the budget are printed whole,
only those after them excerpted (the best ranked are where the answer most often is);
``past the default``: only the memories the default packing leaves out are excerpted."""
DENSE = ("dense best", "dense at least whole")
"""Sentences picked by the embedder too (each sentence embedded offline; the engine would have
to store sentence vectors at ingest): ``dense best``, the lexical matches and the sentence
nearest the query; ``dense at least whole``, the lexical matches and every sentence at least
as near the query as the whole memory is."""
ASKS = ("asks out", "asks out past half", "asks out but query words")
"""locomo11: a memory's sentences that ask left out (:func:`benchmarks.excerpts.without_asks`),
every packed memory or only past the hits the default fits into half the budget; ``but
query words``: a question sharing a term with the query stays (the engine versions of
``asks out`` and of this one, commits 088c503 and 5ffa51d: :mod:`benchmarks.asked_back_paired`)."""
SKIPPED = {
    "shortened when skipped": (0, 0),
    "shortened ±1 when skipped": (1, 1),
    "shortened ±2 when skipped": (2, 2),
    "shortened widest ±1 that fits": (1, 0),
    "shortened widest ±2 that fits": (2, 0),
}
"""locomo13: only a hit the default packing skips for its length is offered shorter, its
sentences matching the query and (widest, narrowest) sentences on each side: the widest
print that fits is packed
(:mod:`hybridmem.retrieval.shortened`, through ``context.pack(shorten=...)`` as the engine
does); every hit the default prints whole stays whole."""
ENGINE = "shortened widest ±1 that fits"
"""The engine's packing since locomo13 (``default`` is the packing before: whole memories
only, the baseline every variant is paired with)."""
VARIANTS = ("default", *EXCERPTS, "filler out", "dedup", *DENSE, *ASKS, *SKIPPED)
DENSE_DEPTH = 60
"""Ranked hits whose sentences are embedded for the dense variants (1,000 tokens hold ~25
whole, ~34 excerpted)."""
_vectors: dict[str, Any] = {}


def embed_sentences(spec: str, recs: list[Record]) -> None:
    """Every sentence (and whole memory) of the best :data:`DENSE_DEPTH` hits and every
    question, embedded once for the dense variants."""
    embedder = fusion_paired._embedder(spec)
    texts: set[str] = set()
    for rec in recs:
        for h in rec.ranked[:DENSE_DEPTH]:
            texts.add(" ".join(h.node.content.split()))
            texts.update(excerpts.split(h.node.content)[1])
    todo = sorted(texts)
    _vectors.clear()
    for start in range(0, len(todo), 256):
        chunk = todo[start : start + 256]
        _vectors.update(zip(chunk, embedder.embed(chunk), strict=True))
    questions = [r.question for r in recs]
    _vectors.update(
        {f"query: {q}": v for q, v in zip(questions, embedder.embed_query(questions), strict=True)}
    )


def _dense(question: str, variant: str) -> Callable[[MemoryNode, list[str]], list[bool]]:
    query = _vectors[f"query: {question}"]

    def pick(node: MemoryNode, parts: list[str]) -> list[bool]:
        sims = [float(query @ _vectors[p]) if p in _vectors else -1.0 for p in parts]
        if variant == "dense best":
            return [i == sims.index(max(sims)) for i in range(len(sims))]
        whole = _vectors.get(" ".join(node.content.split()))
        floor = float(query @ whole) if whole is not None else 2.0
        return [v >= floor for v in sims]

    return pick


def variant_pack(rec: Record, budget: int, variant: str) -> context.Packed:
    """``rec`` packed at ``budget`` by ``variant`` (see :data:`EXCERPTS`; ``filler out``:
    sentences with no term at all left out; ``dedup``: :func:`near_copies` left out)."""
    if variant == "default":
        return pack(rec, budget)
    if variant in SKIPPED:
        shorten = shortened.shortener(rec.question, *SKIPPED[variant])

        kw = dict(rec.kwargs, budget=budget, counter=COUNTER, shorten=shorten)
        return context.pack(rec.path, rec.ranked, **kw)
    if variant == "dedup":
        return pack(rec, budget, drop=near_copies(rec, budget))
    if variant == "filler out":
        return pack(rec, budget, lambda n: excerpts.without_filler(n.content))
    if variant in ASKS:
        half = {h.node.id for h in pack(rec, budget // 2).hits} if "half" in variant else set()
        kept = frozenset(lexical.terms(rec.question)) if "query" in variant else frozenset()
        return pack(
            rec, budget, lambda n: None if n.id in half else excerpts.without_asks(n.content, kept)
        )
    if variant in DENSE:
        return pack(rec, budget, excerpts.focuser(rec.question, also=_dense(rec.question, variant)))
    before, after, whole = EXCERPTS[variant]
    full = {h.node.id for h in pack(rec, int(budget * whole)).hits} if whole else set()
    focus = excerpts.focuser(rec.question, before=before, after=after)
    return pack(rec, budget, lambda n: None if n.id in full else focus(n))


Item = tuple[float, bool, bool]
"""Per question: frac, the answer in the context, the answer cut (in the whole content of a
packed memory, not in what was printed of it)."""


def score(recs: list[Record], budget: int, variant: str) -> tuple[dict[str, Any], list[Item]]:
    """frac and answer containment per half for one packing, and per question."""
    items: list[Item] = []
    tokens: list[int] = []
    fits: list[int] = []
    for rec in recs:
        packed = variant_pack(rec, budget, variant)
        frac = evidence_score(rec.evidence, covered(rec, packed)).frac
        whole = {h.node.id: h.node.content for h in rec.ranked[:SHORTENED]}
        inside = contains(rec, packed)
        answer = f" {normalise(rec.answer)} "
        cut = not inside and any(
            answer in f" {normalise(whole.get(h.node.id, ''))} " for h in packed.hits
        )
        items.append((frac, inside, cut))
        tokens.append(packed.tokens)
        fits.append(len(packed.hits))
    out: dict[str, Any] = {"tokens": round(statistics.fmean(tokens), 1)}
    out["hits"] = round(statistics.fmean(fits), 2)
    for half in ("tune", "check", "all"):
        idx = [i for i, r in enumerate(recs) if half in ("all", r.half)]
        span = [i for i in idx if recs[i].span]
        out[half] = {
            "frac": round(statistics.fmean(items[i][0] for i in idx), 4),
            "answer_in_context": round(statistics.fmean(items[i][1] for i in span), 4),
            "span_questions": len(span),
        }
        for cat in (1, 2, 3, 4):
            ci = [i for i in idx if recs[i].category == cat]
            out[half][f"cat{cat}"] = round(statistics.fmean(items[i][0] for i in ci), 4)
    return out, items


def paired(recs: list[Record], base: list[Item], other: list[Item]) -> dict[str, Any]:
    """``other`` against ``base`` question by question, per half: frac wins and losses, span
    answers gained and lost (``cut``: lost with its memory packed, cut out of the excerpt;
    the rest were pushed out by the memories that now fit)."""
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        idx = [i for i, r in enumerate(recs) if r.half == half]
        lost = [i for i in idx if recs[i].span and other[i][1] < base[i][1]]
        out[half] = {
            "frac_diff": round(statistics.fmean(other[i][0] - base[i][0] for i in idx), 4),
            "wins": sum(other[i][0] > base[i][0] + 1e-9 for i in idx),
            "losses": sum(other[i][0] < base[i][0] - 1e-9 for i in idx),
            "answer_gained": sum(other[i][1] > base[i][1] for i in idx if recs[i].span),
            "answer_lost": len(lost),
            "answer_lost_cut": sum(other[i][2] for i in lost),
        }
    return out


def cached(
    spec: str, data: Path, cache: Path | None, config: MemoryConfig | None = None
) -> list[Record]:
    """The records of ``spec`` (retrieved with ``config``, default the engine's), from
    ``cache``/``spec``.pkl when there (variants of the packing need no retrieval)."""
    file = cache / f"{spec}.pkl" if cache is not None else None
    if file is not None and file.exists():
        recs: list[Record] = pickle.loads(file.read_bytes())
        return recs
    recs = record(spec, data, config)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(pickle.dumps(recs))
    return recs


def cached_parser(description: str | None) -> argparse.ArgumentParser:
    """The arguments of a program reading :func:`cached` records: ``--cache`` (this program's
    ``--cache``), ``--data``, ``--embedders``, ``--json``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cache", type=Path, required=True, help="budget_use's --cache")
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--json", type=Path, default=None)
    return parser


def run(
    specs: Sequence[str], data: Path, variants: Sequence[str], cache: Path | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in specs:
        t = time.perf_counter()
        recs = cached(spec, data, cache)
        res: dict[str, Any] = {"spend_at_1000": spend(recs)}
        res["budgets"] = {str(b): score(recs, b, "default")[0] for b in BUDGETS}
        base = score(recs, 1000, "default")[1]
        res["variants"] = {}
        if set(variants) & set(DENSE):
            embed_sentences(spec, recs)
        for name in variants:
            summary, items = score(recs, 1000, name)
            summary["paired"] = paired(recs, base, items)
            res["variants"][name] = summary
        res["seconds"] = round(time.perf_counter() - t)
        out[spec] = res
        print(spec, json.dumps(res, indent=1), flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--variants", default=",".join(VARIANTS[1:]))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=None, help="keep the records here")
    args = parser.parse_args(argv)
    out = run(
        args.embedders.split(","),
        args.data or default_data_dir(),
        args.variants.split(","),
        args.cache,
    )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    # Through the module's own name, so the cached records pickle as benchmarks.budget_use's.
    from benchmarks.budget_use import main as _main

    _main()
