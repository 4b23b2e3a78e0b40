"""Readings of a brief stated change on the first-day newcomers (issue 38, helper firstday10):
``python -m benchmarks.newer_stated_variants [--sets fourth,fifth,...] [--json F]``.

Each newcomer is built once (:func:`benchmarks.first_day.first_day`); every question of
:mod:`benchmarks.first_day` is asked under each reading of
:func:`hybridmem.retrieval.newer_values.states_its_change` (swapped in for the run):

- ``off``: no stated-change reading (the engine before firstday10);
- ``one_way``: a change word and the older statement its nearest;
- ``mutual``: a change word, each other's nearest, not linked by the writer;
- ``shipped``: a change word, the older statement its nearest, both among the question's
  three most similar statements, not linked by the writer (a conflict group);
- ``shared_group``: as shipped, but "linked" only when another hit shares the group.

It prints, per set and reading, the questions answered first and the leaks, and every
question a reading gained or lost against ``off``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import hybridmem.retrieval.newer_values as nv
import hybridmem.retrieval.retriever as retriever_module
from benchmarks.first_day import START, USER, _shown, first_day
from benchmarks.first_day_misses import _sets
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.evolution.slots.pairs import states_change
from hybridmem.models import Hit, MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key

Reading = Callable[[MemoryNode, MemoryNode, Mapping[str, str], nv.Scale], bool]
_HITS: list[Hit] = []
SHIPPED = nv.states_its_change


def _top(new: MemoryNode, old: MemoryNode, scale: nv.Scale) -> bool:
    top = {i for _, i in scale.get(nv.language(new.content), ())}
    return new.id in top and old.id in top


def _shared_group(
    new: MemoryNode, old: MemoryNode, near: Mapping[str, str], scale: nv.Scale
) -> bool:
    linked = bool(new.conflict_group) and any(
        h.node.conflict_group == new.conflict_group and h.node.id != new.id for h in _HITS
    )
    return (
        not linked
        and states_change(new.content)
        and near.get(new.id) == old.id
        and _top(new, old, scale)
    )


READINGS: dict[str, Reading] = {
    "off": lambda new, old, near, scale: False,
    "one_way": lambda new, old, near, scale: (
        states_change(new.content) and near.get(new.id) == old.id
    ),
    "mutual": lambda new, old, near, scale: (
        not new.conflict_group
        and states_change(new.content)
        and near.get(new.id) == old.id
        and near.get(old.id) == new.id
    ),
    "shipped": SHIPPED,
    "shared_group": _shared_group,
}


def _keeping_hits(original: Callable[..., list[Hit]]) -> Callable[..., list[Hit]]:
    def wrapped(hits: list[Hit], *args: Any, **kwargs: Any) -> list[Hit]:
        _HITS[:] = hits
        return original(hits, *args, **kwargs)

    return wrapped


def run_persona(persona: Persona, path: Path, embedder: Embedder) -> dict[str, Any]:
    """Per reading: the (question, task) pairs answered first, and those leaking."""
    clock = FakeClock(START)
    privacy = PrivacyConfig(key=generate_key())
    out: dict[str, Any] = {}
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = first_day(mem, clock, persona)
        asked = [
            *((q, a, t, "") for q, a in persona.questions for t in range(len(tasks))),
            *((q, a, t, "") for q, a, t in persona.task_questions),
            *((persona.changed, persona.new, t, "") for t in range(len(tasks))),
            *((q, m, 0, m) for q, m in persona.about_secret),
        ]
        for name, reading in READINGS.items():
            nv.states_its_change = reading
            first, leaks = [], []
            for question, needle, task, marker in asked:
                r = mem.retrieve(
                    question, user_id=USER, task_id=tasks[task].id, record_access=False
                )
                texts = [h.node.content for h in r.hits]
                if texts and needle in texts[0]:
                    first.append(f"{question} [{task}]")
                if _shown(persona, texts, r.context, but=marker):
                    leaks.append(f"{question} [{task}]")
            out[name] = {"first": first, "leaks": leaks, "asked": len(asked)}
    nv.states_its_change = SHIPPED
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--sets", default="dev,blind,third,fourth,fifth,sixth,seventh,eighth,ninth,tenth"
    )
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    retriever_module.newer_first = _keeping_hits(nv.newer_first)  # type: ignore[assignment]
    chosen = _sets()
    embedder = make_embedder(args.embedder)
    result: dict[str, Any] = {"embedder": embedder.name, "sets": {}}
    with TemporaryDirectory() as tmp:
        for name in args.sets.split(","):
            users = [
                run_persona(p, Path(tmp) / f"{name}-{i}", embedder)
                for i, p in enumerate(chosen[name])
            ]
            result["sets"][name] = users
            for reading in READINGS:
                answered = sum(len(u[reading]["first"]) for u in users)
                leaked = sum(len(u[reading]["leaks"]) for u in users)
                asked = sum(u[reading]["asked"] for u in users)
                print(f"{name:8} {reading:13} first {answered}/{asked}  leaks {leaked}")
            for i, u in enumerate(users):
                base = set(u["off"]["first"])
                for reading in READINGS:
                    now = set(u[reading]["first"])
                    for q in sorted(now - base):
                        print(f"   #{i} {reading}: gained {q}")
                    for q in sorted(base - now):
                        print(f"   #{i} {reading}: LOST {q}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
