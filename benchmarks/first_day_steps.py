"""Which step after scoring put each first-day first hit where it is, and what the newer-first
step's shared-word path costs (issue 38, helper newer22): ``python -m benchmarks.first_day_steps
[--sets dev,blind,...] [--embedder e5] [--variants engine,shown,...] [--json F]``;
``python -m benchmarks.first_day_steps report F...`` prints the totals of its JSON files;
``python -m benchmarks.first_day_steps with CONDITION MODULE ARGS`` runs another benchmark with
a condition patched in.

Each newcomer is built once, as :mod:`benchmarks.first_day` builds it, and asked every question
of the first-day check (:func:`benchmarks.first_day.measure`) once per variant over the same
store (no access is recorded, so the store is the same for each). Under every variant the steps
of :class:`hybridmem.retrieval.retriever.Retriever` that reorder the scored hits are wrapped and
each one's first hit is recorded before and after it (``score`` is the first hit as scored):
a step that changed the first hit *gained* when the answer is first only after it, *lost* when
only before it, and moved it *between two non-answers* otherwise.

The variants are conditions on the newer-first step's shared-word path
(:func:`hybridmem.retrieval.newer_values._successor`: a newer statement that names one thing with
a shown one, :func:`~hybridmem.evolution.slots.naming.one_attribute`, takes its place when the
pair model reads the two as one attribute), patched in at run time; the question's own reading
of the two (:func:`~hybridmem.retrieval.newer_values.answers_alike`) and a stated change
(:func:`~hybridmem.retrieval.newer_values.states_its_change`) are left as they are:

- ``engine``: nothing patched;
- ``shown``: the newer statement must itself be among the hits shown (its place in the ranking
  the step was given is within ``top_k``): the question found it on its own;
- ``median``: its similarity to the question is at least the median of the hits of its language;
- ``above_old``: its similarity to the question is at least the older statement's;
- ``no_shared``: the shared-word path off (a measurement: what the path does at all).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any, cast

from benchmarks.first_day import ALL_SETS, START, first_day, measure, sets_run
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.evolution.slots.naming import one_attribute
from hybridmem.evolution.slots.pairs import language
from hybridmem.models import Hit
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval import newer_values, retriever

STEPS = (
    "merge_duplicates",
    "prefer_details",
    "share_places",
    "group_values",
    "newer_first",
    "assertions_first",
    "said_first",
    "answers_first",
    "with_next_turns",
)
"""The names :mod:`hybridmem.retrieval.retriever` calls its reordering steps by, in order."""

_HITS_AT = {"group_values": 2, "said_first": 1, "with_next_turns": 2}
"""Where a step takes the hits it reorders, when not first."""

Trace = list[tuple[str, str | None, str | None]]
"""One retrieval's (step, first node id before, first node id after)."""

_trace: Trace = []
_firings: list[dict[str, bool]] = []
"""One retrieval's readings of the newer-first step: for each condition, whether it admits every
statement the step could choose by a shared word alone."""
_given: dict[str, Any] = {}
"""What the newer-first step was given in this retrieval: its hits' places and ``top_k``."""


def _first(result: object) -> str | None:
    hits = result
    if isinstance(result, tuple):  # group_values: (hits, notes); with_next_turns: (packed, hits)
        hits = result[1] if not isinstance(result[0], list) else result[0]
    return hits[0].node.id if hits else None  # type: ignore[index]


def _recorded(name: str, step: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(step)
    def recorded(*args: Any, **kwargs: Any) -> Any:
        hits = args[_HITS_AT.get(name, 0)]
        if name == "newer_first":
            _given["places"] = {h.node.id: i for i, h in enumerate(hits)}
            _given["top_k"] = args[1]
        before = hits[0].node.id if hits else None
        result = step(*args, **kwargs)
        _trace.append((name, before, _first(result)))
        return result

    return recorded


Condition = Callable[[Hit, Hit, Mapping[str, float], Sequence[Hit]], bool]
"""(older hit, newer hit, the question's cosines, the hits) -> may the newer take its place."""


def _shown(old: Hit, new: Hit, cosine: Mapping[str, float], after: Sequence[Hit]) -> bool:
    top_k = _given.get("top_k")
    place = _given.get("places", {}).get(new.node.id)
    return place is not None and (top_k is None or place < top_k)


def _median(old: Hit, new: Hit, cosine: Mapping[str, float], after: Sequence[Hit]) -> bool:
    lang = language(new.node.content)
    same = [c for i, c in cosine.items() if i in _given.get("langs", {}).get(lang, ())]
    return new.node.id in cosine and bool(same) and cosine[new.node.id] >= statistics.median(same)


def _above_old(old: Hit, new: Hit, cosine: Mapping[str, float], after: Sequence[Hit]) -> bool:
    return cosine.get(new.node.id, -1.0) >= cosine.get(old.node.id, 2.0)


CONDITIONS: dict[str, Condition | None] = {
    "engine": None,
    "shown": _shown,
    "median": _median,
    "above_old": _above_old,
    "no_shared": lambda old, new, cosine, after: False,
}


@contextmanager
def patched(condition: Condition | None) -> Iterator[None]:
    """The reordering steps recorded and, with ``condition``, the shared-word path of the
    newer-first step limited to the newer statements it admits."""
    saved = {name: getattr(retriever, name) for name in STEPS}
    successor, newer_first = newer_values._successor, saved["newer_first"]
    for name in STEPS:
        setattr(retriever, name, _recorded(name, saved[name]))

    def limited(old: Hit, after: Sequence[Hit], scale: Any, *rest: Any, **kw: Any) -> Hit | None:
        cosine: Mapping[str, float] = rest[3]
        nearest: Mapping[str, str] = rest[4]

        def admitted(h: Hit, cond: Condition) -> bool:
            return (
                newer_values.answers_alike(old.node, h.node, scale, cosine)
                or newer_values.states_its_change(h.node, old.node, nearest, scale)
                or cond(old, h, cosine, after)
            )

        if condition is None:
            # Which conditions would leave this reading as it is: a statement only the shared
            # word admits and a condition refuses changes what the step can choose from.
            shared = [h for h in after if one_attribute(h.node.content, old.node.content)]
            _firings.append(
                {
                    name: all(admitted(h, cond) for h in shared)
                    for name, cond in CONDITIONS.items()
                    if cond is not None
                }
            )
            return successor(old, after, scale, *rest, **kw)
        return successor(old, [h for h in after if admitted(h, condition)], scale, *rest, **kw)

    def by_language(hits: list[Hit], *args: Any, **kwargs: Any) -> list[Hit]:
        langs: dict[str, set[str]] = {}
        for h in hits:
            langs.setdefault(language(h.node.content), set()).add(h.node.id)
        _given["langs"] = langs
        result: list[Hit] = newer_first(hits, *args, **kwargs)
        return result

    retriever.newer_first = _recorded("newer_first", by_language)  # type: ignore[assignment]
    newer_values._successor = limited  # type: ignore[assignment]
    try:
        yield
    finally:
        for name, step in saved.items():
            setattr(retriever, name, step)
        newer_values._successor = successor  # type: ignore[assignment]


class Recorded:
    """A store asked as :func:`benchmarks.first_day.measure` asks it, each retrieval's moves of
    its first hit kept by question and task; with ``cached``, a question whose answer no
    condition can change is answered from the engine's run instead of asked again."""

    def __init__(
        self, mem: HybridMemory, cached: Mapping[tuple[str, str], Any] | None = None
    ) -> None:
        self.mem, self.cached = mem, cached
        self.moves: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
        self.results: dict[tuple[str, str], Any] = {}
        self.blocked: dict[tuple[str, str], set[str]] = {}

    def retrieve(self, query: str, *, user_id: str, task_id: str, **kwargs: Any) -> Any:
        key = (query, task_id)
        if self.cached is not None and key in self.cached:
            return self.cached[key]
        _trace.clear()
        _firings.clear()
        result = self.mem.retrieve(query, user_id=user_id, task_id=task_id, **kwargs)
        text = {h.node.id: h.node.content for h in result.hits}
        self.moves[key] = [
            (step, text.get(b or "", ""), text.get(a or "", "")) for step, b, a in _trace if b != a
        ]
        self.results[key] = result
        self.blocked[key] = {name for firing in _firings for name, ok in firing.items() if not ok}
        return result


def _steps(recorded: Recorded, tasks: Sequence[Any], persona: Persona) -> list[dict[str, object]]:
    """Every ordinary question's moves of its first hit, by step, and whether it was a hit."""
    rows = []
    asked = [
        *((q, a, t) for q, a in persona.questions for t in range(len(tasks))),
        *persona.task_questions,
        *((persona.changed, persona.new, t) for t in range(len(tasks))),
    ]
    for question, needle, task in asked:
        key = (question, tasks[task].id)
        hits = recorded.results[key].hits
        moves = [
            {
                "step": step,
                "effect": "gain" if needle in after else "loss" if needle in before else "neither",
                "to": after,
            }
            for step, before, after in recorded.moves[key]
        ]
        hit = bool(hits) and needle in hits[0].node.content
        rows.append({"question": question, "task": task, "hit": hit, "moves": moves})
    return rows


def run_newcomer(
    persona: Persona, embedder: Embedder, path: Path, variants: Sequence[str]
) -> dict[str, object]:
    """One newcomer's first-day figures and step moves under each variant, one store: the
    engine asks every question; a condition asks again only the questions in which the
    newer-first step moved a statement the condition does not admit (the rest are the
    engine's answers: the condition cannot change them)."""
    clock = FakeClock(START)
    privacy = PrivacyConfig(key=generate_key())
    out: dict[str, object] = {}
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = first_day(mem, clock, persona)
        engine = Recorded(mem)
        with patched(None):
            out["engine"] = measure(cast(HybridMemory, engine), tasks, persona).as_dict()
        out["engine"]["steps"] = _steps(engine, tasks, persona)  # type: ignore[index]
        for name in variants:
            if name == "engine":
                continue
            kept = {k: r for k, r in engine.results.items() if name not in engine.blocked[k]}
            again = Recorded(mem, kept)
            with patched(CONDITIONS[name]):
                row = measure(cast(HybridMemory, again), tasks, persona).as_dict()
            row["asked_again"] = [q for q, _ in again.results]
            out[name] = row
    return out


def tally(result: Mapping[str, Mapping[str, Any]], variant: str) -> Counter[tuple[str, str]]:
    """(step, effect) -> how many question-task pairs a step moved the first hit of."""
    found: Counter[tuple[str, str]] = Counter()
    for newcomer in result.values():
        for row in newcomer[variant]["steps"]:
            for move in row["moves"]:
                found[move["step"], move["effect"]] += 1
    return found


def report(paths: Sequence[Path]) -> None:
    """The totals of one or more ``--json`` files of this program (one model each): moves of
    the first hit by step and effect, and each variant's first hits, fails of "new above old"
    and leaks against the engine's, with the question-task pairs gained and lost."""
    import json

    result: dict[str, Any] = {}
    for path in paths:
        result.update(json.loads(path.read_text(encoding="utf-8")))
    print(f"{len(result)} newcomers; moves of the first hit by step (engine):")
    for (step, effect), n in sorted(tally(result, "engine").items()):
        print(f"   {step:18} {effect:8} {n}")
    rows = [row for n in result.values() for row in n["engine"]["steps"]]
    placed = Counter(row["moves"][-1]["step"] for row in rows if not row["hit"] and row["moves"])
    misses = sum(not row["hit"] for row in rows)
    print(f"missed pairs {misses} of {len(rows)}; the first hit placed by a step: {dict(placed)}")
    variants = next(iter(result.values())).keys() if result else ()
    for v in variants:
        hit = sum(round(n[v]["hit_at_1"] * n[v]["questions"]) for n in result.values())
        fails = [k for k, n in result.items() if not n[v]["new_above_old"]]
        leaks = sum(n[v]["sensitive_leaks"] for n in result.values())
        missed = {
            k: {(m["question"], m["task"]) for m in n[v]["misses"]} for k, n in result.items()
        }
        base = {
            k: {(m["question"], m["task"]) for m in n["engine"]["misses"]}
            for k, n in result.items()
        }
        gained = sum(len(base[k] - missed[k]) for k in result)
        lost = sum(len(missed[k] - base[k]) for k in result)
        print(
            f"{v:10} first hits {hit}, +{gained} / -{lost}, leaks {leaks}, "
            f"new above old fails {fails}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    import argparse
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["report"]:
        report([Path(a) for a in args[1:]])
        return
    if args[:1] == ["with"] and len(args) > 2 and args[1] in CONDITIONS:
        # Another benchmark run with a condition patched in (and the steps recorded, unread).
        import runpy

        try:
            with patched(CONDITIONS[args[1]]):
                sys.argv = [args[2], *args[3:]]
                runpy.run_module(args[2], run_name="__main__", alter_sys=True)
        finally:
            # With ``engine``: the readings of the newer-first step each condition would change
            # (none: that benchmark's figures are the same under the condition).
            refused = Counter(name for f in _firings for name, ok in f.items() if not ok)
            print(f"newer-first readings {len(_firings)}, refused by condition: {dict(refused)}")
        return
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--variants", default="engine,shown,median,above_old,no_shared")
    known, rest = parser.parse_known_args(args)
    variants = known.variants.split(",")
    run = sets_run(__doc__, rest)
    result: dict[str, dict[str, Any]] = {}
    with TemporaryDirectory() as tmp:
        for name in run.sets:
            for i, persona in enumerate(ALL_SETS[name]):
                key = f"{name}#{i} {persona.lang}"
                path = Path(tmp) / f"{name}-{i}"
                result[key] = run_newcomer(persona, run.embedder, path, variants)
                figures = " | ".join(
                    f"{v} {result[key][v]['hit_at_1']:.3f} "
                    f"new>old {result[key][v]['new_above_old']} "
                    f"leaks {result[key][v]['sensitive_leaks']}"
                    for v in variants
                )
                print(f"[{key}] {figures}", flush=True)
                run.write(result)  # as it goes: a long run stopped keeps what it found
    print("engine: moves of the first hit by step:")
    for (step, effect), n in sorted(tally(result, "engine").items()):
        print(f"   {step:18} {effect:8} {n}")
    for v in variants:
        asked = sum(len(n[v].get("asked_again", ())) for n in result.values())
        hit = sum(round(n[v]["hit_at_1"] * n[v]["questions"]) for n in result.values())
        print(f"{v}: {hit} first hits, {asked} retrievals asked again")
    run.write(result)


if __name__ == "__main__":
    main()
