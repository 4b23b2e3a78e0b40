"""Fast retrieval tuning on LoCoMo and MADial: import once, evaluate many configurations.

Uses the bench suite's loaders, corpus builders and metrics (``benchmarks.locomo_data``,
``benchmarks.suite_locomo.build_corpus``, ``benchmarks.suite_madial.build_corpora``,
``benchmarks.metrics``) and the engine exactly as ``benchmarks.hybrid.HybridMethod`` runs it (one
task per corpus under one user, access statistics frozen). The imported store is cached under
``$HM_TUNE_DIR`` (default ``/tmp/hm-tune``) keyed by dataset, embedder and an ingest version, so
re-running with another retrieval configuration costs only the queries. Query embeddings are
cached in memory for the same reason.

Splits: LoCoMo conversations conv-26/30/41 tune, conv-42/43 check; MADial dialogues with an even
index tune, odd ones check. ``python -m benchmarks.tuning`` prints both for the default config.
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import os
import pickle
import shutil
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from benchmarks.hybrid import BENCH_USER, SettableClock, node_input
from benchmarks.locomo_data import Question, load_locomo
from benchmarks.madial_data import Dialogue, load_madial
from benchmarks.metrics import evidence_score, hit_at_k, mean
from benchmarks.paths import default_data_dir
from benchmarks.suite_locomo import build_corpus
from benchmarks.suite_madial import build_corpora, dialogue_query
from benchmarks.units import Corpus
from benchmarks.wrapped_embedder import WrappedEmbedder
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder, embed_query, make_embedder
from hybridmem.models import RetrievalResult

INGEST_VERSION = "2"
"""Bump when ingest-time behaviour (what the store holds) changes, to rebuild cached stores.
2: the store keeps each node's vector (exact task-scope search, hybridmem.core.vectors); a
store cached before ranks with the index's approximate search instead."""
LOCOMO_TUNE = ("conv-26", "conv-30", "conv-41")
LOCOMO_CHECK = ("conv-42", "conv-43")


class CachedEmbedder(WrappedEmbedder):
    """Wraps an embedder and remembers every text's vector (tuning runs repeat queries)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._cache: dict[str, np.ndarray] = {}
        root = Path(os.environ.get("HM_TUNE_DIR", "/tmp/hm-tune"))
        key = hashlib.sha1(f"{inner.name}|query-form".encode()).hexdigest()[:10]
        self._file = root / f"queries-{key}.pkl"
        if self._file.exists():
            self._cache = pickle.loads(self._file.read_bytes())
        self._unsaved = 0
        atexit.register(self.save)

    def warm(self, texts: Sequence[str]) -> None:
        """Embed unseen queries in batches and keep them on disk for the next run."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if not todo:
            return
        for start in range(0, len(todo), 256):
            chunk = todo[start : start + 256]
            for t, v in zip(chunk, embed_query(self.inner, chunk), strict=True):
                self._cache[t] = v
        self._unsaved += len(todo)
        # A batch is saved at once; single misses (queries the retriever derives, one per
        # call) are saved in groups: rewriting the whole file for each cost more than the
        # embedding it spared.
        if len(todo) > 1 or self._unsaved >= 256:
            self.save()

    def save(self) -> None:
        """Write the cache file now (also at exit, for what is left unsaved)."""
        if self._unsaved:
            self._file.parent.mkdir(parents=True, exist_ok=True)
            # Replaced whole: another tuning process may be reading it right now.
            part = self._file.with_name(f"{self._file.name}.{os.getpid()}.part")
            part.write_bytes(pickle.dumps(self._cache))
            os.replace(part, self._file)
            self._unsaved = 0

    @property
    def multilingual(self) -> bool | None:
        return getattr(self.inner, "multilingual", None)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Stored memories: not cached (each is embedded once, at import)."""
        return self.inner.embed(texts)

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        """Queries, from the cache (warmed by the evaluations)."""
        self.warm(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])


@dataclass
class Bench:
    """An imported store plus the corpora and queries to evaluate against it."""

    name: str
    path: Path
    corpora: dict[str, Corpus]
    ends: dict[str, datetime]


def _store_dir(name: str, embedder: Embedder) -> Path:
    root = Path(os.environ.get("HM_TUNE_DIR", "/tmp/hm-tune"))
    key = hashlib.sha1(f"{name}|{embedder.name}|{INGEST_VERSION}".encode()).hexdigest()[:10]
    return root / f"{name}-{key}"


def _import(name: str, corpora: Sequence[Corpus], embedder: Embedder) -> Bench:
    path = _store_dir(name, embedder)
    ends = {c.id: max(n.created_at for n in c.tree) + timedelta(days=1) for c in corpora}
    done = path / "IMPORTED"
    if not done.exists():
        shutil.rmtree(path, ignore_errors=True)
        clock = SettableClock(datetime(2020, 1, 1, tzinfo=UTC))
        with HybridMemory(path, embedder=embedder, clock=clock) as mem:
            for corpus in corpora:
                clock.now = corpus.tree[0].created_at
                mem.add_many([node_input(corpus.id, n) for n in corpus.tree], user_id=BENCH_USER)
        done.write_text("ok")
    return Bench(name, path, {c.id: c for c in corpora}, ends)


def open_engine(
    bench: Bench, embedder: Embedder, config: MemoryConfig
) -> tuple[HybridMemory, SettableClock]:
    """Open the cached store with ``config`` (the evaluations retrieve read-only)."""
    clock = SettableClock(datetime(2020, 1, 1, tzinfo=UTC))
    mem = HybridMemory(bench.path, embedder=embedder, config=config, clock=clock)
    return mem, clock


def locomo_bench(embedder: Embedder, data: Path) -> tuple[Bench, list]:
    ds = load_locomo(data / "locomo" / "locomo-dev.json")
    corpora = [build_corpus(c) for c in ds.conversations]
    questions = [q for c in ds.conversations for q in c.questions]
    return _import("locomo", corpora, embedder), questions


def madial_bench(embedder: Embedder, data: Path, lang: str) -> tuple[Bench, list]:
    ds = load_madial(data / "madial", lang)
    corpora = build_corpora(ds)
    bench = _import(f"madial-{lang}", list(corpora.values()), embedder)
    bench.corpora = corpora  # keyed by user id
    return bench, list(ds.dialogues)


def ask_locomo(
    mem: HybridMemory, clock: SettableClock, bench: Bench, q: Question, budget: int | None
) -> tuple[RetrievalResult, frozenset[str]]:
    """Ask one LoCoMo question of its conversation (the clock at the conversation's end, no
    access recorded) and return the result and the evidence ids its hits cover (``budget``
    None: the whole ranking)."""
    corpus = bench.corpora[q.conversation_id]
    clock.now = bench.ends[corpus.id]
    res = mem.retrieve(
        q.question,
        user_id=BENCH_USER,
        task_id=corpus.id,
        top_k=10_000,
        token_budget=budget,
        record_access=False,
    )
    prefix = corpus.id + ":"
    got = frozenset(c[len(prefix) :] for h in res.hits for c in h.covers if c.startswith(prefix))
    return res, got


def eval_locomo(
    bench: Bench, questions: list, embedder: Embedder, config: MemoryConfig, budget: int = 1000
) -> dict[str, dict[str, float]]:
    """frac per split and category at ``budget`` tokens, with tokens and compression."""
    if isinstance(embedder, CachedEmbedder):
        embedder.warm([q.question for q in questions])
    mem, clock = open_engine(bench, embedder, config)
    acc: dict[str, list[float]] = defaultdict(list)
    toks: dict[str, list[int]] = defaultdict(list)
    full: dict[str, list[int]] = defaultdict(list)
    try:
        for q in questions:
            corpus = bench.corpora[q.conversation_id]
            res, got = ask_locomo(mem, clock, bench, q, budget)
            frac = evidence_score(q.evidence, got).frac
            split = "tune" if q.conversation_id in LOCOMO_TUNE else "check"
            groups = [split, f"{split}/cat{q.category}"] if q.category != 5 else [f"{split}/cat5"]
            if q.category != 5:
                groups += ["all", f"all/cat{q.category}"]
            for g in groups:
                acc[g].append(frac)
                toks[g].append(res.tokens)
                full[g].append(corpus.full_tokens)
    finally:
        mem.close()
    return {
        g: {
            "frac": mean(v),
            "tokens": mean(toks[g]),
            "compression": sum(full[g]) / max(sum(toks[g]), 1),
            "n": len(v),
        }
        for g, v in acc.items()
    }


def ask_madial(
    mem: HybridMemory, clock: SettableClock, bench: Bench, d: Dialogue, top_k: int
) -> tuple[RetrievalResult, list[frozenset[str]]]:
    """Ask one MADial dialogue's query of its user's bank (the clock at the bank's end, no
    access recorded) and return the result and, per hit, the bank memories it covers."""
    corpus = bench.corpora[d.user_id]
    clock.now = bench.ends[corpus.id]
    res = mem.retrieve(
        dialogue_query(d.context_lines),
        user_id=BENCH_USER,
        task_id=corpus.id,
        top_k=top_k,
        record_access=False,
    )
    prefix = corpus.id + ":"
    covered = [
        frozenset(c[len(prefix) :] for c in h.covers if c.startswith(prefix)) for h in res.hits
    ]
    return res, covered


def eval_madial(
    bench: Bench, dialogues: list, embedder: Embedder, config: MemoryConfig, k: int = 5
) -> dict[str, float]:
    """hit@k on the even (tune) and odd (check) dialogues and on all."""
    if isinstance(embedder, CachedEmbedder):
        embedder.warm([dialogue_query(d.context_lines) for d in dialogues])
    mem, clock = open_engine(bench, embedder, config)
    acc: dict[str, list[float]] = defaultdict(list)
    try:
        for d in dialogues:
            _, covered = ask_madial(mem, clock, bench, d, k)
            hit = hit_at_k(d.relevant, covered, k)
            acc["tune" if d.number % 2 == 0 else "check"].append(hit)
            acc["all"].append(hit)
    finally:
        mem.close()
    return {g: mean(v) for g, v in acc.items()}


def report_locomo(name: str, r: dict[str, dict[str, float]]) -> str:
    cats = " ".join(
        f"c{c}={r['all/cat' + str(c)]['frac']:.3f}" for c in (1, 2, 3, 4) if f"all/cat{c}" in r
    )
    return (
        f"{name:28s} tune={r['tune']['frac']:.3f} check={r['check']['frac']:.3f} "
        f"all={r['all']['frac']:.3f} tok={r['all']['tokens']:.0f} "
        f"x{r['all']['compression']:.1f} | {cats}"
    )


def main(
    argv: Sequence[str] | None = None, variants: dict[str, Callable[[], MemoryConfig]] | None = None
) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--suites", default="locomo,zh,en")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    data = args.data or default_data_dir()
    embedder = CachedEmbedder(make_embedder(None if args.embedder == "default" else args.embedder))
    variants = variants or {"default": MemoryConfig}
    suites = args.suites.split(",")
    out: dict[str, dict] = {}
    if "locomo" in suites:
        bench, questions = locomo_bench(embedder, data)
        for name, make in variants.items():
            t = time.perf_counter()
            r = eval_locomo(bench, questions, embedder, make())
            out[f"locomo/{name}"] = r
            print(report_locomo(name, r), f"({time.perf_counter() - t:.0f}s)", flush=True)
    for lang in ("zh", "en"):
        if lang not in suites:
            continue
        bench, dialogues = madial_bench(embedder, data, lang)
        for name, make in variants.items():
            r = eval_madial(bench, dialogues, embedder, make())
            out[f"madial-{lang}/{name}"] = r
            print(
                f"madial {lang} {name:22s} hit@5 tune={r['tune']:.3f} check={r['check']:.3f} "
                f"all={r['all']:.3f}",
                flush=True,
            )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()


def refresh_lexical(path: Path) -> int:
    """Re-derive every node's FTS5 terms with the current :mod:`hybridmem.lexical` (no re-embed)."""
    from hybridmem import lexical
    from hybridmem.store import DB_FILE, SQLiteStore

    store = SQLiteStore(path / DB_FILE)
    try:
        return store.rewrite_terms(lexical.document_terms)
    finally:
        store.close()
