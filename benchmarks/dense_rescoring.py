"""The dense channel re-scored against hubs, patched into retrieval at run time (issue 38,
helper hubs21): ``python -m benchmarks.dense_rescoring ORDER MODULE [ARGS...]`` runs the
benchmark ``MODULE`` (``benchmarks.probing``, ``benchmarks.fusion_paired``, ...) with its
arguments, every retrieval's similarity feature re-scored by ``ORDER``; nothing in
``hybridmem`` changes. ``python -m benchmarks.first_day_candidates variant ORDER`` does the
same for the first-day sets; ``python -m benchmarks.dense_rescoring probing-moves BEFORE.json
AFTER.json`` compares two probing runs item by item.

``centre_asked``: the query and each candidate's vector less the mean of the vectors of the
questions the same user asked before (a question identical to this one left out: asked again
from the next task, it would centre the query to nothing), both renormalised; the first
question of a user is scored as is. ``asked_query``: cos(q, d) minus d's cosine to that mean
(the query side of the centering alone). :mod:`benchmarks.first_day_hubs` measures this and the
other reductions (store centering, CSLS, mutual proximity) at the similarity level first.

Helper hubs22 adds the knob-free forms an engine could keep: ``centre_running``, the mean of
*every* earlier question of the user (repeats included: what a running sum and count kept in
the store gives; still none for the first question), and ``centre_memories``, the mean of the
user's memories' vectors and every earlier question (so even a first question has a centre).
``ORDER@task`` keys the earlier questions (and the memories) by user *and task*: the LoCoMo and
MADial benches hold every conversation under one user id with one task each, so per task is
per person there.

The re-scoring is of the similarity feature only (:func:`hybridmem.retrieval.fusion.
fuse_similarity`'s input): the raw cosines every other step reads (the sealed memories'
judgement, the pronoun reading) are left as they are.
"""

from __future__ import annotations

import json
import runpy
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from hybridmem.core.vectors import node_vectors
from hybridmem.retrieval import fusion, retriever


@dataclass
class _Asked:
    """What the patch knows of the retrieval in progress and of each user's past questions."""

    mode: str = "asked"
    """``asked`` (this question's repeats left out), ``running`` (every earlier question) or
    ``memories`` (every earlier question and the user's memories)."""
    by_task: bool = False
    engine: Any = None
    user: str | None = None
    task: str | None = None
    vector: np.ndarray | None = None
    # By engine, then user: the benchmarks open one store after another in one process, each
    # with the same user id ("newcomer"), and one store's questions are not another's.
    past: WeakKeyDictionary[Any, dict[str, list[np.ndarray]]] = field(
        default_factory=WeakKeyDictionary
    )
    vectors: WeakKeyDictionary[Any, dict[str, np.ndarray]] = field(
        default_factory=WeakKeyDictionary
    )

    def key(self) -> str:
        return f"{self.user or ''}\x00{self.task or ''}" if self.by_task else self.user or ""

    def asked(self) -> list[np.ndarray]:
        """This user's (and with ``by_task`` this task's) earlier question vectors in this
        engine's store."""
        return self.past.setdefault(self.engine, {}).setdefault(self.key(), [])

    def centre(self) -> np.ndarray | None:
        """The centre of this question's ``mode``; None when there is none yet."""
        if self.vector is None or self.user is None:
            return None
        before = self.asked()
        if self.mode == "asked":
            before = [v for v in before if not np.allclose(v, self.vector)]
        if self.mode == "memories":
            before = [*before, *self.memories()]
        return np.mean(before, axis=0) if before else None

    def memories(self) -> list[np.ndarray]:
        """The vectors of the user's (task's) memories in the store now, as retrieval may
        return them (its statuses)."""
        statuses = set(self.engine.config.retrieval.include_statuses)
        ids = [
            r.id
            for r in self.engine.store.index_rows()
            if r.user_id == self.user
            and r.status in statuses
            and (not self.by_task or r.task_id == self.task)
        ]
        return list(self.doc_vectors(ids).values())

    def doc_vectors(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        known = self.vectors.setdefault(self.engine, {})
        missing = [i for i in ids if i not in known]
        if missing:
            name = self.engine.embedder.name
            for node_id, vec in node_vectors(self.engine, missing, name).items():
                known[node_id] = np.asarray(vec, dtype=float)
        return {i: known[i] for i in ids if i in known}


def _unit(v: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


Rescore = Callable[[np.ndarray, np.ndarray, np.ndarray], float]
"""(query, the centre of the earlier questions, a candidate's vector) -> its similarity."""


def _centred(query: np.ndarray, centre: np.ndarray, doc: np.ndarray) -> float:
    return float(_unit(doc - centre) @ _unit(query - centre))


def _query_side(query: np.ndarray, centre: np.ndarray, doc: np.ndarray) -> float:
    return float(doc @ query - doc @ centre)


def _patch(rescore: Rescore, mode: str = "asked", by_task: bool = False) -> None:
    state = _Asked(mode=mode, by_task=by_task)
    retrieve, embed, fuse = (
        retriever.Retriever.retrieve,
        retriever.Retriever.embed,
        fusion.fuse_similarity,
    )

    def patched_retrieve(self: retriever.Retriever, query: str, **kw: Any) -> Any:
        state.engine, state.user, state.vector = self.core.engine, kw["user_id"], None
        state.task = kw.get("task_id")
        try:
            return retrieve(self, query, **kw)
        finally:
            if state.vector is not None:
                state.asked().append(state.vector)
            state.vector = None

    def patched_embed(self: retriever.Retriever, q: Any, text: str) -> Any:
        out = embed(self, q, text)
        if out.vector is not None:
            state.vector = np.asarray(out.vector, dtype=float)
        return out

    def patched_fuse(raw: Mapping[str, float], ids: Iterable[str], method: str) -> dict[str, float]:
        centre = state.centre()
        if centre is None or state.vector is None:
            return fuse(raw, ids, method)
        ids = list(ids)
        vectors = state.doc_vectors([i for i in ids if i in raw])
        if np.linalg.norm(state.vector - centre) < 1e-6:
            # The query is its own centre (the same question asked again with nothing
            # else before it, in the running forms): nothing left to compare, scored as is.
            return fuse(raw, ids, method)
        scored = {i: rescore(state.vector, centre, v) for i, v in vectors.items()}
        return fuse({**raw, **scored}, ids, method)

    retriever.Retriever.retrieve = patched_retrieve  # type: ignore[method-assign]
    retriever.Retriever.embed = patched_embed  # type: ignore[method-assign]
    fusion.fuse_similarity = patched_fuse


def _by_task(mode: str) -> Callable[[], None]:
    """The centred order of ``mode``, its centre kept per user and task."""
    return lambda: _patch(_centred, mode, by_task=True)


ORDERS: dict[str, Callable[[], None]] = {
    "centre_asked": lambda: _patch(_centred),
    "asked_query": lambda: _patch(_query_side),
    "centre_running": lambda: _patch(_centred, "running"),
    "centre_memories": lambda: _patch(_centred, "memories"),
    **{
        f"{name}@task": _by_task(mode)
        for name, mode in (
            ("centre_asked", "asked"),
            ("centre_running", "running"),
            ("centre_memories", "memories"),
        )
    },
}


def probing_moves(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Two ``benchmarks.probing --json`` runs: the engine's frac / hit@5 / first per language,
    before -> after, and every item whose figure moved, with its query."""
    keys = ("frac", "hit@5", "first")
    lines = []
    for lang in ("en", "zh"):
        a, b = before["summary"]["hybridmem"][lang], after["summary"]["hybridmem"][lang]
        lines.append(
            f"{lang} {' / '.join(f'{a[k]:.3f}' for k in keys)}"
            f" -> {' / '.join(f'{b[k]:.3f}' for k in keys)}"
        )
    later = {(i["lang"], i["id"]): i for i in after["items"]}
    for item in before["items"]:
        other = later[(item["lang"], item["id"])]
        moved = [
            f"{k} {item[f'hybridmem:{k}']:.2f}->{other[f'hybridmem:{k}']:.2f}"
            for k in keys
            if abs(item[f"hybridmem:{k}"] - other[f"hybridmem:{k}"]) > 1e-9
        ]
        if moved:
            lines.append(f"  {item['lang']} {item['id']} {item['type']} | {'; '.join(moved)}")
            lines.append(f"    {item['query']}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 3 and args[0] == "probing-moves":
        runs = [json.loads(Path(a).read_text(encoding="utf-8")) for a in args[1:]]
        print("\n".join(probing_moves(*runs)))
        return
    if len(args) < 2 or args[0] not in ORDERS:
        raise SystemExit(f"usage: dense_rescoring {{{','.join(ORDERS)}}} MODULE [ARGS...]")
    ORDERS[args[0]]()
    sys.argv = [args[1], *args[2:]]
    runpy.run_module(args[1], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
