"""Contextual turn representations, judged item by item on LoCoMo (issue 38, an experiment).

A conversation turn is embedded and lexically indexed on its own words, so "Yes, it was
amazing!" carries no topic and an answer ("Writing and hanging with friends!") holds none of
the question's words that the turn before it asked ("Do you have any hobbies?"). The misses of
multi-hop and open-domain questions are such turns (docs/benchmarks.md, "Scattered evidence
ranked as a set": their lexical part is a third of the packed turns'). Here a turn's stored
representation is given its context, the turns beside it in the same session, while the
packed context still prints the turn's own words (only the vector and the lexical terms
change, never ``content``):

- ``vec prev`` / ``vec prev+next``: the turn's vector is the embedding of the previous turn
  (and the next) and the turn, one text, in conversation order;
- ``vec mean prev`` / ``vec mean prev+next``: the mean of the turn's own vector and its
  context's (the previous turn's vector, or the mean of the previous and next), each as
  stored, so no text is embedded again;
- ``lex prev`` / ``lex prev+next``: the turn's lexical terms are its own and the previous
  (and next) turn's, at equal weight;
- ``lex prev half``: its own terms twice and the previous turn's once (the neighbour's words
  at about half the weight, through BM25's term frequency; no weight to fit);
- ``vec prev max``: both vectors kept, the turn's own and the ``vec prev`` one, the nearer to
  the question counting (:func:`dual_cosine`, at query time).

None ships (docs/benchmarks.md, "A turn read with the turn before it"): with e5 the
concatenation wins both halves, with MiniLM every variant loses the tune half, and multi-hop
does not gain with either.

The first turn of a session has no previous turn and the last no next (a session is a sitting;
the context never crosses it). Each variant is a copy of the cached default store
(:mod:`benchmarks.tuning`) with the turns' kept vectors or lexical rows rewritten, so what
differs from the default is the representation alone; the concatenations' vectors are cached
per text under ``$HM_TUNE_DIR``. MADial memories are no conversation turns (they have no
session), so none of these variants changes them, by construction.

Scored as :mod:`benchmarks.fusion_paired` scores (frac at 1,000 tokens per question of
categories 1-4, the tune half conv-26/30/41 and the check half conv-42/43, wins / losses, a
bootstrap interval of the mean difference), with the difference per category beside it.

``python -m benchmarks.turn_context [--embedders minilm,default] [--variants ...]
[--json benchmarks/results/turn_context.json]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import shutil
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import HybridMemory, MemoryConfig, lexical
from hybridmem.core.indexing import IndexSync
from hybridmem.core.vectors import ScopeSearch
from hybridmem.index import VectorMatch
from hybridmem.retrieval import channels


@dataclass(frozen=True)
class Context:
    """How a turn's stored representation takes in its neighbours: ``vector`` ``concat``
    (one text embedded), ``mean`` (the stored vectors averaged) or None; ``terms``
    ``equal`` or ``half`` (the turn's own terms twice) or None; how many turns ``before``
    and ``after`` it, within its session."""

    vector: str | None = None
    terms: str | None = None
    before: int = 1
    after: int = 0


VARIANTS: dict[str, Context] = {
    "default": Context(),
    "vec prev": Context(vector="concat"),
    "vec prev+next": Context(vector="concat", after=1),
    "vec mean prev": Context(vector="mean"),
    "vec mean prev+next": Context(vector="mean", after=1),
    "lex prev": Context(terms="equal"),
    "lex prev half": Context(terms="half"),
    "lex prev+next": Context(terms="equal", after=1),
    "vec prev max": Context(vector="concat"),
}
"""``vec prev max`` (added after the first runs, read off them: the concatenation won single-hop
answers and lost multi-hop evidence with MiniLM) keeps both vectors, the turn's own and the
``vec prev`` one, and scores a turn by the nearer of the two to the question (applied at query
time over the default store, :func:`dual_cosine`)."""

DUAL = frozenset({"vec prev max"})


def session_turns(bench: tuning.Bench) -> list[list[tuple[str, str]]]:
    """Every session's turns in conversation order, as ``(node id, content)``."""
    out: list[list[tuple[str, str]]] = []
    for corpus in bench.corpora.values():
        sessions: dict[str, list[tuple[str, str]]] = {}
        for node in corpus.tree:
            if node.node_type == "event" and node.parent_id is not None:
                sessions.setdefault(node.parent_id, []).append((node.id, node.content))
        out.extend(sessions.values())
    return out


def windows(
    turns: Sequence[tuple[str, str]], before: int, after: int
) -> list[tuple[str, str, list[str], list[str]]]:
    """Per turn: its id, its own text, the texts before it and after it in its session."""
    texts = [t for _, t in turns]
    return [
        (node_id, own, texts[max(0, i - before) : i], texts[i + 1 : i + 1 + after])
        for i, (node_id, own) in enumerate(turns)
    ]


def context_text(own: str, prev: Sequence[str], nxt: Sequence[str]) -> str:
    """The text a ``concat`` variant embeds: the window in conversation order, a line each."""
    return "\n".join([*prev, own, *nxt])


def context_terms(own: str, prev: Sequence[str], nxt: Sequence[str], weight: str) -> str:
    """The lexical terms a ``terms`` variant stores: the turn's own (twice for ``half``)
    and its neighbours'."""
    own_terms = lexical.terms(own) * (2 if weight == "half" else 1)
    near = [t for text in (*prev, *nxt) for t in lexical.terms(text)]
    return " ".join([*own_terms, *near])


class TextVectors:
    """Passage vectors per text, kept on disk (the concatenations are embedded once)."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        root = Path(os.environ.get("HM_TUNE_DIR", "/tmp/hm-tune"))
        key = hashlib.sha1(f"{embedder.name}|passage-form".encode()).hexdigest()[:10]
        self.file = root / f"passages-{key}.pkl"
        self.cache: dict[str, np.ndarray] = (
            pickle.loads(self.file.read_bytes()) if self.file.exists() else {}
        )

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        for start in range(0, len(todo), 128):
            chunk = todo[start : start + 128]
            for t, v in zip(chunk, self.embedder.embed(chunk), strict=True):
                self.cache[t] = np.asarray(v, dtype=np.float32)
        if todo:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            self.file.write_bytes(pickle.dumps(self.cache))
        return np.stack([self.cache[t] for t in texts])


def _unit(v: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


def rewrite(
    mem: HybridMemory,
    ctx: Context,
    bench: tuning.Bench,
    vectors: Callable[[Sequence[str]], np.ndarray],
) -> int:
    """Give every turn of the store its context's representation; how many turns changed."""
    engine = mem.engine
    store = engine.store
    changed = 0
    for turns in session_turns(bench):
        rows = windows(turns, ctx.before, ctx.after)
        nodes = store.get_many([r[0] for r in rows])
        if ctx.vector == "concat":
            vecs = vectors([context_text(own, p, n) for _, own, p, n in rows])
        elif ctx.vector == "mean":
            own = store.kept_vectors([r[0] for r in rows], engine.embedder.name)
            vecs = []
            for i, (node_id, _, p, n) in enumerate(rows):
                near = [own[rows[j][0]] for j in range(i - len(p), i + len(n) + 1) if j != i]
                base = _unit(np.asarray(own[node_id], dtype=np.float32))
                if near:
                    around = _unit(np.mean([_unit(np.asarray(v)) for v in near], axis=0))
                    base = _unit(base + around)
                vecs.append(base)
        if ctx.vector is not None:
            IndexSync(engine).index([nodes[r[0]] for r in rows], np.stack(vecs))
            changed += len(rows)
        if ctx.terms is not None:
            with store.transaction():
                for node_id, own_text, p, n in rows:
                    node = nodes[node_id]
                    store.update_node(
                        node_id,
                        {"content": node.content},
                        fts_terms=context_terms(own_text, p, n, ctx.terms),
                    )
            changed += len(rows)
    return changed


@contextmanager
def dual_cosine(extra: Mapping[str, np.ndarray]) -> Iterator[None]:
    """Exact scope searches score each turn with an ``extra`` vector by the larger of its two
    cosines with the query (the scope's other nodes as before)."""
    original = channels.search_scope

    def both(engine: Any, vector: Any, n: int, *args: Any, **kw: Any) -> ScopeSearch:
        found = original(engine, vector, n, *args, **kw)
        if not found.exact:
            return found
        q = _unit(np.asarray(vector, dtype=np.float32).reshape(-1))
        cosine = {
            i: max(c, float(extra[i] @ q)) if i in extra else c for i, c in found.cosine.items()
        }
        top = sorted(cosine, key=lambda i: -cosine[i])[:n]
        return ScopeSearch([VectorMatch(i, cosine[i]) for i in top], cosine, exact=True)

    channels.search_scope = both
    try:
        yield
    finally:
        channels.search_scope = original


def context_vectors(
    bench: tuning.Bench, ctx: Context, vectors: Callable[[Sequence[str]], np.ndarray]
) -> dict[str, np.ndarray]:
    """The unit ``concat`` vector of every turn with a context (for :func:`dual_cosine`)."""
    out: dict[str, np.ndarray] = {}
    for turns in session_turns(bench):
        rows = [r for r in windows(turns, ctx.before, ctx.after) if r[2] or r[3]]
        if rows:
            vecs = vectors([context_text(own, p, n) for _, own, p, n in rows])
            out.update((r[0], _unit(v)) for r, v in zip(rows, vecs, strict=True))
    return out


def variant_bench(
    base: tuning.Bench, name: str, ctx: Context, embedder: Any, vectors: TextVectors
) -> tuning.Bench:
    """A copy of the cached default store with the turns rewritten for ``ctx`` (made once)."""
    if ctx == Context():
        return base
    slug = name.replace(" ", "-").replace("+", "p")
    path = base.path.with_name(f"{base.path.name}-{slug}")
    if not (path / "REWRITTEN").exists():
        shutil.rmtree(path, ignore_errors=True)
        shutil.copytree(base.path, path)
        with HybridMemory(path, embedder=embedder) as mem:
            n = rewrite(mem, ctx, base, vectors)
        (path / "REWRITTEN").write_text(str(n))
    return tuning.Bench(base.name, path, base.corpora, base.ends)


def by_category(
    questions: Sequence[Any], base: dict[str, Any], other: dict[str, Any]
) -> dict[str, Any]:
    """Per category (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop) and half: the
    mean frac difference and the questions won / lost."""
    out: dict[str, Any] = {}
    for key, item in base.items():
        q = questions[int(key)]
        diff = other[key]["score"] - item["score"]
        slot = out.setdefault(f"cat{q.category}/{item['half']}", {"d": [], "w": 0, "l": 0})
        slot["d"].append(diff)
        slot["w"] += diff > 1e-9
        slot["l"] += diff < -1e-9
    return {
        k: {"diff": statistics.fmean(v["d"]), "wins": v["w"], "losses": v["l"], "n": len(v["d"])}
        for k, v in sorted(out.items())
    }


def run(
    embedders: Sequence[str], variants: Sequence[str], data: Path, json_path: Path | None
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        vectors = TextVectors(embedder.inner)
        base, questions = tuning.locomo_bench(embedder, data)
        per: dict[str, Any] = {}
        for name in variants:
            t = time.perf_counter()
            if name in DUAL:
                with dual_cosine(context_vectors(base, VARIANTS[name], vectors)):
                    per[name] = fusion_paired.locomo_items(
                        base, questions, embedder, MemoryConfig()
                    )
            else:
                bench = variant_bench(base, name, VARIANTS[name], embedder, vectors)
                per[name] = fusion_paired.locomo_items(bench, questions, embedder, MemoryConfig())
            cmp = fusion_paired.paired(per[variants[0]], per[name])
            cats = by_category(questions, per[variants[0]], per[name])
            print(
                f"{spec:8s} {name:20s} tune={cmp['tune']:.3f} check={cmp['check']:.3f} "
                f"diff={cmp['tune_diff']:+.3f}/{cmp['check_diff']:+.3f} "
                f"[{cmp['ci95'][0]:+.3f},{cmp['ci95'][1]:+.3f}] w/l={cmp['wins']}/{cmp['losses']} "
                + " ".join(
                    f"{k}={v['diff']:+.3f}({v['wins']}/{v['losses']})"
                    for k, v in cats.items()
                    if k.startswith(("cat1", "cat3"))
                )
                + f" ({time.perf_counter() - t:.0f}s)",
                flush=True,
            )
            out.setdefault(spec, {})[name] = {"paired": cmp, "categories": cats, "items": per[name]}
            fusion_paired.save(out, json_path)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="minilm,default")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    if "default" not in variants:
        variants.insert(0, "default")  # the first variant is the one the others are paired with
    out = run(args.embedders.split(","), variants, args.data or default_data_dir(), args.json)
    if args.json is None:
        print(json.dumps({s: {v: r["paired"] for v, r in x.items()} for s, x in out.items()}))


if __name__ == "__main__":
    main()
