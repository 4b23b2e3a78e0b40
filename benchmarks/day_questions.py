"""Questions naming a day or a range over a companion's chat history (issue 38), blind set.

``python -m benchmarks.day_questions [--embedder default|minilm] [--json out.json]``: the
history and questions of ``benchmarks/data/day_questions_blind.json`` (nine days, an English
and a Chinese session a day, filler about talking and chatting on every day, events that recur
on other days), written before any change to how day questions are ranked. Every question is
asked from inside the chats' task with the clock at the file's ``now``. Per question:

- ``hit@1``: the first hit is one of the gold turns (the asked days' turns on the ``topic``
  when the question names one, else any of the asked days' turns);
- ``hit@5``: a gold turn among the first five (for a question without a topic, all five on the
  asked days: "the day first");
- ``frac``: the share of the first k hits created on the asked days, k = the days' turn
  count, at most 10;
- ``frac_all``: the same with k = the days' turn count (every turn of a range's days first?;
  added after the first run, when ranges were read as their first day and ``frac`` could
  not tell).

``--data benchmarks/data/day_questions_holidays_blind.json`` runs the holiday set (a holiday
named as the day of an event, "on Halloween", 万圣节那天, and controls where the holiday is the
topic: a Christmas present bought on 20 December, a Christmas habit told in March).

The sessions (the chats' containers, titled by date as an app would) are left out of the
ranked hits: they are no memory of the day, and their title's digits match a date's.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import make_embedder

DATA = Path(__file__).parent / "data" / "day_questions_blind.json"


def build(mem: HybridMemory, clock: FakeClock, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The history; the task's id and each turn's day and topic by node id."""
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    turns: dict[str, Any] = {}
    for chat in data["history"]:
        day = date.fromisoformat(chat["day"])
        at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=9)
        if chat["lang"] == "zh":
            at += timedelta(hours=6)  # the Chinese session in the afternoon
        clock.set(at)
        session = mem.add(
            f"chat {day} {chat['lang']}", node_type="session", parent_id=task.id, user_id="u"
        )
        for i, turn in enumerate(chat["turns"]):
            node = mem.add(
                turn["text"],
                parent_id=session.id,
                user_id="u",
                created_at=at + timedelta(minutes=30 * i),
            )
            turns[node.id] = (chat["day"], turn["topic"])
    clock.set(datetime.fromisoformat(data["now"]))
    return task.id, turns


def score(got: list[str], turns: dict[str, Any], days: list[str], topic: str) -> dict[str, Any]:
    """One question's figures from its ranked hit ids."""
    on_day = [turns.get(i, ("", ""))[0] in days for i in got]
    gold = [d and (not topic or turns[i][1] == topic) for i, d in zip(got, on_day, strict=True)]
    n_day = sum(1 for d, _ in turns.values() if d in days)
    k = min(10, n_day)
    return {
        "hit@1": bool(gold[:1]) and gold[0],
        "hit@5": any(gold[:5]) if topic else len(gold) >= 5 and all(gold[:5]),
        "frac": sum(on_day[:k]) / k,
        "frac_all": sum(on_day[:n_day]) / n_day,
    }


def run(embedder_spec: str | None, data_path: Path = DATA) -> dict[str, Any]:
    data = json.loads(data_path.read_text())
    clock = FakeClock(datetime(2023, 4, 1, tzinfo=UTC))
    items: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        embedder = make_embedder(embedder_spec)
        with HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem:
            task_id, turns = build(mem, clock, data)
            for q in data["questions"]:
                result = mem.retrieve(
                    q["query"], user_id="u", task_id=task_id, top_k=100, record_access=False
                )
                got = [h.node.id for h in result.hits if h.node.id in turns]
                window = result.time_window.describe() if result.time_window else None
                items.append({**q, "window": window, **score(got, turns, q["days"], q["topic"])})
    summary: dict[str, Any] = {"embedder": embedder.name}
    for lang in sorted({i["lang"] for i in items}):
        mine = [i for i in items if i["lang"] == lang]
        summary[lang] = {
            m: round(sum(float(i[m]) for i in mine) / len(mine), 3)
            for m in ("hit@1", "hit@5", "frac", "frac_all")
        }
        summary[lang]["n"] = len(mine)
    return {"summary": summary, "items": items}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    out = run(None if args.embedder == "default" else args.embedder, args.data)
    for item in out["items"]:
        flags = (
            f"{int(item['hit@1'])}{int(item['hit@5'])} {item['frac']:.2f} {item['frac_all']:.2f}"
        )
        print(f"{item['lang']} {flags}  {item['query']}  [{item['window']}]")
    print(json.dumps(out["summary"], ensure_ascii=False))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
