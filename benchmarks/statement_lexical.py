"""Two readings of a statement's word match, patched in (issue 38, helper firstday26):
``python -m benchmarks.statement_lexical VARIANT MODULE [ARGS...]`` runs another benchmark with
``coverage`` or ``trust`` on the unchanged engine; ``python -m benchmarks.statement_lexical
compare VARIANT [--sets ...] [--embedder ...] [--json F]`` measures the first-day sets with and
without it, each newcomer built once.

Why: over the twenty-second to twenty-fourth first-day sets, a word match puts a non-answer
first in 56 of the 139 missed e5 question-task pairs (``benchmarks.first_day_causes``), the
largest cause in English; the lexical feature is BM25 over the best candidate's
(:func:`hybridmem.retrieval.fusion.fuse_lexical`), so one shared everyday word ("every", "up",
"drive", 晚上, 吃) earns the full lexical weight when nothing else matches more. ``coverage``:
a statement's BM25 (the writer's assertion types, as :mod:`hybridmem.retrieval.same_words`
reads them, so no conversation turn or event of LoCoMo, MADial or probing moves) times the
share of the question's naming terms it holds (light stems; the closed classes of
:mod:`hybridmem.retrieval.function_words` left out of the count; all terms when the question
has no naming term). No constant.

``trust``: madial24's ``lexical trust`` (:func:`benchmarks.fusion_paired.fuse_lexical_trust`:
every lexical feature times the dense channel's min-max similarity of the lexical best match)
only when that best match is a statement. It lost LoCoMo with MiniLM (madial25) on events,
which it does not reach here: a store of conversation turns or events (LoCoMo, MADial, probing)
is fused as before, by construction.
"""

from __future__ import annotations

import runpy
import sys
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from benchmarks.fusion_paired import _ids, _trusted
from hybridmem.config import EvolutionConfig, ScoreWeights
from hybridmem.lexical import light_stem, stemmed_terms, terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval import fusion, retriever
from hybridmem.retrieval.candidates import Candidates
from hybridmem.retrieval.function_words import function_word


def covered(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float]:
    """``bm25`` with each statement's score times the share of the question's naming terms
    it holds."""
    said = terms(query)
    named = {light_stem(t) for t in said if not function_word(t)}
    asked = named or {light_stem(t) for t in said}
    out = dict(bm25)
    for node_id, score in bm25.items():
        node = nodes.get(node_id)
        if score <= 0 or node is None or node.sensitive or node.node_type not in stated:
            continue
        out[node_id] = score * len(stemmed_terms(node.content) & asked) / max(len(asked), 1)
    return out


@contextmanager
def coverage_patched() -> Iterator[None]:
    """:func:`hybridmem.retrieval.function_words.statement_words` (as the retriever calls it)
    followed by :func:`covered`."""
    words = retriever.statement_words

    def weighed(
        query: str,
        nodes: Mapping[str, MemoryNode],
        bm25: Mapping[str, float],
        stated: Collection[str],
    ) -> dict[str, float] | None:
        read = words(query, nodes, bm25, stated)
        out = covered(query, nodes, read if read is not None else bm25, stated)
        return out if out != bm25 else None

    retriever.statement_words = weighed
    try:
        yield
    finally:
        retriever.statement_words = words


STATED = EvolutionConfig().conflict_types
"""The statements of a value (the writer's assertion types)."""


@contextmanager
def trust_patched() -> Iterator[None]:
    """:meth:`Candidates.fuse` with the lexical feature vouched for by the dense channel when
    the lexical best match is a statement; as before otherwise."""
    fuse = Candidates.fuse

    def vouched(self: Candidates, weights: ScoreWeights, method: str, **kw: Any) -> None:
        FIRED["fusions"] += 1
        lex = fusion.fuse_lexical(self.bm25, _ids(self), method)
        best = max(lex.values(), default=0.0)
        firsts = [self.nodes.get(i) for i, v in lex.items() if v > 0 and v >= best - 1e-12]
        if not firsts or any(n is None or n.node_type not in STATED for n in firsts):
            fuse(self, weights, method, **kw)
            return
        FIRED["statement first"] += 1
        if kw.get("similarity", True):
            _trusted(self, weights, fusion.fuse_similarity(self.cosine, _ids(self), method))
        else:  # only lexical evidence moved (a sealed memory's plaintext): the scale as it was
            _trusted(self, weights, self.similarity)

    Candidates.fuse = vouched  # type: ignore[method-assign]
    try:
        yield
    finally:
        Candidates.fuse = fuse  # type: ignore[method-assign]


FIRED: Counter[str] = Counter()
"""Retrievals whose lexical best match was a statement (``trust`` read them), and fusions."""


VARIANTS = {"coverage": coverage_patched, "trust": trust_patched}


def compare(variant: str, argv: Sequence[str]) -> None:
    """Every newcomer of ``--sets`` built once and measured as :func:`benchmarks.first_day.
    measure` does, on the engine and under ``variant``: hit@1, new above old, leaks, the
    sealed questions' first, and the question-task pairs gained and lost."""
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from benchmarks.first_day import ALL_SETS, START, first_day, measure, sets_run
    from hybridmem import FakeClock, HybridMemory
    from hybridmem.privacy import PrivacyConfig, generate_key

    run = sets_run(__doc__, argv)
    found: dict[str, Any] = {}
    with TemporaryDirectory() as tmp:
        for name in run.sets:
            for i, persona in enumerate(ALL_SETS[name]):
                key = f"{name}#{i} {persona.lang}"
                clock = FakeClock(START)
                privacy = PrivacyConfig(key=generate_key())
                path = Path(tmp) / f"{name}-{i}"
                with HybridMemory(path, embedder=run.embedder, clock=clock, privacy=privacy) as mem:
                    tasks = first_day(mem, clock, persona)
                    before = measure(mem, tasks, persona)
                    with VARIANTS[variant]():
                        after = measure(mem, tasks, persona)
                pairs = [{(m["question"], m["task"]) for m in r.misses} for r in (before, after)]
                engine, changed = before.as_dict(), after.as_dict()
                found[key] = {"engine": engine, variant: changed}
                print(
                    f"[{key}] hit@1 {engine['hit_at_1']:.3f} -> {changed['hit_at_1']:.3f} "
                    f"(+{len(pairs[0] - pairs[1])} / -{len(pairs[1] - pairs[0])}), new>old "
                    f"{before.new_above_old} -> {after.new_above_old}, leaks "
                    f"{len(before.leaks)} -> {len(after.leaks)}, sealed misses "
                    f"{len(before.secret_misses)} -> {len(after.secret_misses)}",
                    flush=True,
                )
                for q in sorted(pairs[0] - pairs[1]):
                    print("   +", q)
                for q in sorted(pairs[1] - pairs[0]):
                    print("   -", q)
                run.write(found)


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["compare"] and len(args) > 1 and args[1] in VARIANTS:
        compare(args[1], args[2:])
        return
    if len(args) < 2 or args[0] not in VARIANTS:
        raise SystemExit(f"usage: statement_lexical VARIANT MODULE [ARGS...] ({sorted(VARIANTS)})")
    try:
        with VARIANTS[args[0]]():
            sys.argv = [args[1], *args[2:]]
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    finally:
        # 0 statement firsts: that benchmark's figures are the engine's under ``trust``.
        print(f"{args[0]}: {dict(FIRED)}")


if __name__ == "__main__":
    main()
