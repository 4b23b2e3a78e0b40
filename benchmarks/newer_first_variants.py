"""Two candidate changes to the query-time newer-first rule, patched in at run time (nothing in
``hybridmem`` changes), and a trace of what the rule lifts (issue 38, helper newer17).

- ``python -m benchmarks.newer_first_variants VARIANT first_day_sets SETS OUT_DIR``: the
  first-day sets (``dev,blind,third,...``) in one process, as ``benchmarks.first_day_candidates``
  runs them, each written to ``OUT_DIR/<set>_<VARIANT>.json``.
- ``python -m benchmarks.newer_first_variants compare DIR BEFORE AFTER SETS``: two such runs side
  by side (hit@1 per newcomer, new-above-old fails, leaks, the questions gained and lost).
- ``python -m benchmarks.newer_first_variants VARIANT MODULE [args...]``: ``benchmarks.MODULE``
  (``probing``, ``colloquial_report``, ``mention_newer_first``...) with ``VARIANT`` applied.
- ``--trace F`` before the variant: every lift the rule makes (the older hit, the newer one put
  above it, the gate that let the pair through, the raw cosines, the question's three most
  similar statements of their language) written to ``F`` as JSON.

- ``none``: the engine as it is (for the trace).
- ``top_named``: a newer statement reached through the pair-model path (:func:`one_attribute`
  or :func:`answers_alike`, then the model's reading) must itself be among the question's three
  most similar statements of its language (the scale :func:`states_its_change` already asks of
  a stated change): the question must read the successor as about what it asks, as it reads
  what it displaces. No new constant.
- ``asked_word``: a pair let through by :func:`one_attribute` alone must share a naming word the
  question names too (a Chinese word inside the question's text counts), else it needs
  :func:`answers_alike`: the one thing both statements name is then what is asked. The trace
  showed the false lifts sharing a predicate (不行, 怕) the question never names. No constant.
- ``roles`` (newer18): :func:`one_attribute` read by the shared word's role
  (:mod:`benchmarks.newer_naming_roles`): a predicate of both said outside the main clause of
  either, or a person opening both, names no attribute.
- ``balanced_query``: the pair model refitted with one-off and mention remarks as negatives
  (``benchmarks.link_refit``'s ``balanced``, ``results/stale16/pair_embed_e5_balanced.json``)
  read by the query-time rule only; the writer keeps the shipped model.
"""

from __future__ import annotations

import json
import runpy
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import first_day_candidates as candidates
from benchmarks import newer_naming_roles
from hybridmem.embedding import make_embedder
from hybridmem.evolution.slots.naming import naming_words
from hybridmem.evolution.slots.pairs import PairModel, read
from hybridmem.models import Hit
from hybridmem.retrieval import newer_values as nv
from hybridmem.retrieval import retriever
from hybridmem.store import EvolutionReads

ASKED: list[str] = [""]
"""The question being answered (set by the patched ``Retriever.retrieve``), for ``asked_word``."""
BALANCED = Path(__file__).parent / "results" / "stale16" / "pair_embed_e5_balanced.json"
LIFTS: list[dict[str, object]] = []


def _successor(
    old: Hit,
    after: Sequence[Hit],
    scale: nv.Scale,
    kinds: Sequence[str],
    model: PairModel,
    vectors: Mapping[str, np.ndarray],
    cosine: Mapping[str, float],
    nearest: Mapping[str, str],
    store: EvolutionReads | None = None,
    top_named: bool = False,
    asked_word: bool = False,
) -> Hit | None:
    """:func:`newer_values._successor` with the ``top_named`` gate and the trace."""
    vec = vectors.get(old.node.id)
    if vec is None:
        return None
    newer = nv.newer_candidates(old, after, kinds, vectors, store)
    top = {i for lang in scale.values() for _, i in lang}
    gates: dict[str, str] = {}
    for h in newer:
        if nv.one_attribute(h.node.content, old.node.content) and (
            not asked_word or _names_asked(h.node.content, old.node.content, ASKED[0])
        ):
            gates[h.node.id] = "one_attribute"
        elif nv.answers_alike(old.node, h.node, scale, cosine):
            gates[h.node.id] = "answers_alike"
    named = [h for h in newer if h.node.id in gates]
    found: Hit | None = None
    gate = ""
    if named:
        best = max(named, key=lambda h: float(vectors[h.node.id] @ vec))
        reading = read(model, vectors[best.node.id], best.node.content, vec, old.node.content)
        if reading.linked and (not top_named or best.node.id in top):
            found, gate = best, gates[best.node.id]
    if found is None:
        found = next(
            (h for h in newer if nv.states_its_change(h.node, old.node, nearest, scale)), None
        )
        gate = "states_its_change"
    if found is not None:
        LIFTS.append(
            {
                "old": old.node.content,
                "new": found.node.content,
                "gate": gate,
                "cos_old": cosine.get(old.node.id),
                "cos_new": cosine.get(found.node.id),
                "new_in_top3": found.node.id in top,
                "top3": [round(c, 4) for lang in scale.values() for c, _ in lang],
            }
        )
    return found


def _names_asked(newer: str, older: str, question: str) -> bool:
    """Whether a naming word the two statements share (one inside the other in Chinese, as
    :func:`one_attribute` counts it) is named by the question too."""
    a, b = naming_words(newer), naming_words(older)
    shared = set(a & b) | {min(x, y, key=len) for x in a for y in b if x in y or y in x}
    asked = naming_words(question)
    return any(w in asked or (len(w) > 1 and not w.isascii() and w in question) for w in shared)


def _patch(variant: str) -> None:
    if variant == "asked_word":
        original = retriever.Retriever.retrieve

        def retrieve(self: retriever.Retriever, query: str, **kwargs: Any) -> Any:
            ASKED[0] = query
            return original(self, query, **kwargs)

        retriever.Retriever.retrieve = retrieve  # type: ignore[method-assign]
    if variant == "roles":
        nv.one_attribute = newer_naming_roles.one_attribute  # type: ignore[assignment]
    if variant == "balanced_query":

        @lru_cache(maxsize=1)
        def balanced(name: str, dimension: int) -> PairModel | None:
            return PairModel.from_json(BALANCED.read_text(encoding="utf-8"))

        nv.model_for = balanced  # type: ignore[assignment]
    top, asked = variant == "top_named", variant == "asked_word"

    def successor(*args: object) -> Hit | None:
        return _successor(*args, top_named=top, asked_word=asked)  # type: ignore[arg-type]

    nv._successor = successor  # type: ignore[assignment]


VARIANTS: dict[str, Callable[[], None]] = {
    name: (lambda n=name: _patch(n))
    for name in ("none", "top_named", "asked_word", "balanced_query", "roles")
}


BLIND_FIRST_DAY = frozenset({"sixteenth"})
"""Sets compared by their figures only: their misses are the next change's blind reading."""


def compare(where: Path, before: str, after: str, sets: Sequence[str]) -> list[str]:
    """Per set: hit@1 per newcomer, new above old and leaks, before -> after, and (but for
    :data:`BLIND_FIRST_DAY`) the questions gained and lost. ``before`` and ``after`` are
    two variants' ``first_day_sets`` output in ``where``, each file ``<set>_<variant>.json``."""
    out = []
    for name in sets:
        a = json.loads((where / f"{name}_{before}.json").read_text(encoding="utf-8"))
        b = json.loads((where / f"{name}_{after}.json").read_text(encoding="utf-8"))
        cells = " / ".join(
            f"{x['hit_at_1']:.3f}"
            + ("" if x["hit_at_1"] == y["hit_at_1"] else f"->{y['hit_at_1']:.3f}")
            for x, y in zip(a["users"], b["users"], strict=True)
        )
        fails = [sum(not u["new_above_old"] for u in d["users"]) for d in (a, b)]
        leaks = [sum(int(u["sensitive_leaks"]) for u in d["users"]) for d in (a, b)]
        out.append(
            f"{name:11} {cells}  new-above-old fails {fails[0]}->{fails[1]}"
            f"  leaks {leaks[0]}->{leaks[1]}"
        )
        if name in BLIND_FIRST_DAY:
            continue
        for x, y in zip(a["users"], b["users"], strict=True):
            was = {m["question"] for m in x["misses"]}
            now = {m["question"] for m in y["misses"]}
            out += [f"   {x['lang']} gained: {q}" for q in sorted(was - now)]
            out += [f"   {x['lang']} lost:   {q}" for q in sorted(now - was)]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "compare":
        print("\n".join(compare(Path(args[1]), args[2], args[3], args[4].split(","))))
        return
    trace: Path | None = None
    if args and args[0] == "--trace":
        trace, args = Path(args[1]), args[2:]
    variant, module, rest = args[0], args[1], args[2:]
    if module == "first_day_sets":
        # Every first-day set in one process (the model loaded once): rest = sets, out dir.
        candidates.VARIANTS[variant] = VARIANTS[variant]
        try:
            candidates.run_variant(variant, rest[0].split(","), make_embedder("e5"), Path(rest[1]))
        finally:
            if trace is not None:
                trace.write_text(json.dumps(LIFTS, ensure_ascii=False, indent=1), "utf-8")
        return
    VARIANTS[variant]()
    sys.argv = [module, *rest]
    try:
        runpy.run_module(f"benchmarks.{module}", run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise
    finally:
        if trace is not None:
            trace.parent.mkdir(parents=True, exist_ok=True)
            trace.write_text(json.dumps(LIFTS, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
