"""The first-day questions :mod:`benchmarks.act_time` fires on, asked with and without it (issue
38, helper firstday19): ``python -m benchmarks.act_time_first_day [--sets ...] [--embedder
minilm] [--json F]``.

Only a question the reading fires on can move (the store is written the same way), so each
newcomer with such a question is written once (:func:`benchmarks.first_day.first_day`) and the
question asked from the tasks the first-day check asks it from, twice: as the engine reads its
day, and with the day read as the time of an act. Per set: the answer first before / after,
and the sealed memories shown (leaks) before / after; the questions that moved, printed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from benchmarks import act_time
from benchmarks.act_time_probing import fires
from benchmarks.first_day import ALL_SETS, START, USER, _shown, first_day, sets_run
from benchmarks.first_day_persona import Persona
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval import retriever
from hybridmem.retrieval.mentions import asks_about


def _asked(p: Persona) -> Iterator[tuple[str, str, int, str | None]]:
    """(question, answer, task, sealed marker it is about) as the first-day check asks them."""
    for t in range(len(p.tasks)):
        yield from ((q, a, t, None) for q, a in p.questions)
        yield p.changed, p.new, t, None
    yield from ((q, a, t, None) for q, a, t in p.task_questions)
    yield from ((q, m, 0, m) for q, m in p.about_secret)


def persona_rows(set_name: str, p: Persona, embedder: Embedder, tmp: Path) -> list[dict[str, Any]]:
    """One row per firing question of ``p`` and task: first and leak, before and after."""
    asked = [a for a in _asked(p) if fires(a[0], START)]
    if not asked:
        return []
    clock = FakeClock(START)
    rows: list[dict[str, Any]] = []
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp, embedder=embedder, clock=clock, privacy=privacy) as mem:
        tasks = first_day(mem, clock, p)
        for question, needle, task, marker in asked:
            row: dict[str, Any] = {"set": set_name, "lang": p.lang, "question": question}
            row["task"] = task
            for name, reading in (("before", asks_about), ("after", act_time.asks_about_stored)):
                retriever.asks_about = reading  # type: ignore[assignment]
                r = mem.retrieve(
                    question, user_id=USER, task_id=tasks[task].id, record_access=False
                )
                texts = [h.node.content for h in r.hits]
                row[name] = {
                    "first": bool(texts) and needle in texts[0],
                    "leak": bool(_shown(p, texts, r.context, but=marker or "")),
                    "got": texts[:2],
                }
            retriever.asks_about = asks_about  # type: ignore[assignment]
            rows.append(row)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    embedder = run.embedder
    found: list[dict[str, Any]] = []
    for name in run.sets:
        with TemporaryDirectory() as tmp:
            rows = [
                r
                for i, p in enumerate(ALL_SETS[name])
                for r in persona_rows(name, p, embedder, Path(tmp) / str(i))
            ]
        found += rows
        cells = [
            f"{k} {sum(r[k]['first'] for r in rows)}/{len(rows)}"
            f" leaks {sum(r[k]['leak'] for r in rows)}"
            for k in ("before", "after")
        ]
        print(f"{name:12} " + "  ".join(cells), flush=True)
        for r in rows:
            if (
                r["before"]["first"] != r["after"]["first"]
                or r["before"]["leak"] != r["after"]["leak"]
            ):
                gained = (
                    "GAINED" if r["after"]["first"] else "LOST" if r["before"]["first"] else "leak"
                )
                print(f"   {gained} {r['lang']} task {r['task']} {r['question']}", flush=True)
                print(f"      before {r['before']['got']}\n      after  {r['after']['got']}")
        run.write(found)


if __name__ == "__main__":
    main()
