"""Which first-day answers the query-time reading of newer values moves (issue 38):
``python -m benchmarks.first_day_reorders [--sets dev,blind,...] [--embedder e5] [--json F]``.

Each newcomer is built as :mod:`benchmarks.first_day` builds it, then every ordinary question
and the changed-value question is asked from the first task (a task's own question from that
task) twice over the same store: with ``EvolutionConfig.newer_first_at_query`` on (the
default) and off. A question whose first hit differs was reordered by
:func:`hybridmem.retrieval.newer_values.newer_first`; it is a win when the answer is first
only with the reading, a loss when only without it. The reading moves a newer statement
above an older one it takes for a value of the same attribute, so its false readings show
here as losses on questions that are not about a change.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from tempfile import TemporaryDirectory

from benchmarks.first_day import ALL_SETS, START, USER, first_day, sets_run
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import Embedder
from hybridmem.privacy import PrivacyConfig, generate_key

OFF = MemoryConfig(evolution=EvolutionConfig(newer_first_at_query=False))


def _asked(persona: Persona) -> list[tuple[str, str, int]]:
    return [
        *((q, a, 0) for q, a in persona.questions),
        *persona.task_questions,
        (persona.changed, persona.new, 0),
    ]


def reorders(persona: Persona, embedder: Embedder, path: Path) -> list[dict[str, object]]:
    """The questions whose first hit the reading changes, with the two first hits."""
    clock = FakeClock(START)
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = [t.id for t in first_day(mem, clock, persona)]
        on = {
            q: mem.retrieve(q, user_id=USER, task_id=tasks[t], record_access=False).hits
            for q, _, t in _asked(persona)
        }
    out: list[dict[str, object]] = []
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy, config=OFF) as mem:
        for q, answer, t in _asked(persona):
            off = mem.retrieve(q, user_id=USER, task_id=tasks[t], record_access=False).hits
            first_on = on[q][0].node.content if on[q] else ""
            first_off = off[0].node.content if off else ""
            if first_on != first_off:
                out.append(
                    {
                        "question": q,
                        "answer": answer,
                        "first_with": first_on,
                        "first_without": first_off,
                        "effect": "win"
                        if answer in first_on
                        else "loss"
                        if answer in first_off
                        else "neither",
                    }
                )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    embedder = run.embedder
    result: dict[str, list[dict[str, object]]] = {}
    with TemporaryDirectory() as tmp:
        for name in run.sets:
            for i, persona in enumerate(ALL_SETS[name]):
                key = f"{name}#{i} {persona.lang}"
                result[key] = reorders(persona, embedder, Path(tmp) / f"{name}-{i}")
                for row in result[key]:
                    print(f"[{key}] {row['effect']}: {row['question']}")
                    print(f"   with: {row['first_with']!r}")
                    print(f"   without: {row['first_without']!r}")
    rows = [row for found in result.values() for row in found]
    for effect in ("win", "loss", "neither"):
        print(f"{effect:8} {sum(row['effect'] == effect for row in rows)}")
    run.write(result)


if __name__ == "__main__":
    main()
