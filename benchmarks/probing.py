"""Probing questions over an AI companion's chat histories (issue 38): hybridmem beside baselines.

``python -m benchmarks.probing [--data benchmarks/data/probing_blind.json] [--embedder default]
[--days 30] [--json out.json]``: each user's chat (user and assistant turns, many sessions over
weeks, in English or Chinese) goes in through the real conversation path, one
:meth:`~hybridmem.HybridMemory.add_messages` call a message with the clock at the message's
time (sessions as ``add_messages`` makes them by default, under one task: the companion's
chat). Then every question of that user is asked at the file's ``now`` ("right after
ingest"), and again after ``--days`` idle days and a :meth:`maintain` run (a companion's
nightly job), asked at the later time: questions whose time words are relative to ``now``
(``"relative": true``, "last Friday") are left out of that row, their gold would move.

Per question, from the hand-labelled evidence turn ids:

- ``frac``: the share of the evidence turns in the context packed at 1,000 tokens (a memory
  stands for the messages it cites: :attr:`~hybridmem.MemoryNode.covers` and ``source_ids``),
  the budget the only limit (``top_k`` large, as in the LoCoMo suite; the first blind run
  left ``retrieve``'s default ``top_k=8`` in place, which capped the engine's context at
  eight hits while the baselines filled the budget);
- ``hit@5``: any evidence turn among the first five hits;
- ``all`` (in the JSON summary): the share of questions with every evidence turn packed;
- ``first`` (hybridmem only, JSON): the share of the evidence turns among the first n user
  turns the packed hits cite in rank order, n the evidence's size (R-precision over the
  user's turns): do the asked turns come before the others, whatever the budget holds.

Baselines over the same turns, one unit a turn (``"user: ..."`` / ``"assistant: ..."``), rendered
and packed like the other suites' (:mod:`benchmarks.methods`): dense only (the same embedder),
BM25 only, and their RRF. Prints a table per language and per question type.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.hybrid import LARGE_TOP_K
from benchmarks.methods import BM25Method, DenseMethod, RankingMethod, RRFMethod
from benchmarks.metrics import evidence_score, hit_at_k, mean
from benchmarks.units import Corpus, Unit, join_context
from hybridmem import FakeClock, HybridMemory
from hybridmem.config import MemoryConfig
from hybridmem.embedding import Embedder, make_embedder

DATA = Path(__file__).parent / "data" / "probing_blind.json"
BUDGET = 1_000
AFTER = "hybridmem +{days:g}d + maintain"


def import_chat(mem: HybridMemory, clock: FakeClock, user: dict[str, Any]) -> str:
    """The user's chat into ``mem`` under one task, each message at its time (the clock only
    moves forward); the task's id. The clock is left at the last message."""
    task = mem.add("Chats with my companion", node_type="task", user_id=user["id"])
    for m in messages_of(user):
        clock.set(max(clock(), m["created_at"]))
        mem.add_messages([m], user_id=user["id"], task_id=task.id)
    return task.id


@contextmanager
def imported(
    user: dict[str, Any], embedder: Embedder, config: MemoryConfig | None = None
) -> Iterator[tuple[HybridMemory, str]]:
    """The user's chat in a fresh store (the task's id beside it), the clock at the file's
    ``now``."""
    clock = FakeClock(messages_of(user)[0]["created_at"])
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock, config=config) as mem,
    ):
        task_id = import_chat(mem, clock, user)
        clock.set(datetime.fromisoformat(user["now"]))
        yield mem, task_id


def messages_of(user: dict[str, Any]) -> list[dict[str, Any]]:
    """The user's chat as ``add_messages`` messages, one minute apart within a session."""
    out = []
    for session in user["sessions"]:
        start = datetime.fromisoformat(session["at"])
        for i, turn in enumerate(session["turns"]):
            out.append(
                {
                    "id": turn["id"],
                    "role": turn["role"],
                    "content": turn["text"],
                    "created_at": start + timedelta(minutes=i),
                }
            )
    return out


def corpus_of(user: dict[str, Any]) -> Corpus:
    """The same turns as baseline units."""
    units = tuple(
        Unit(m["id"], f"{m['role']}: {m['content']}", "turn", m["created_at"], frozenset({m["id"]}))
        for m in messages_of(user)
    )
    return Corpus(user["id"], units, join_context(list(units)))


def _cited(hit: Any) -> frozenset[str]:
    ids = set(hit.covers) | set(hit.node.source_ids)
    for node in hit.merged:
        ids |= set(node.source_ids)
    return frozenset(ids)


def turn_order(tid: str) -> tuple[str | int, ...]:
    """``owen-1-11`` -> ``("owen-", 1, "-", 11, "")``: a turn id's numbers compared as numbers,
    so a session's tenth turn comes after its ninth (string order put ``owen-1-11`` first)."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", tid))


def _first_turns(cited: list[frozenset[str]], users: frozenset[str], n: int) -> set[str]:
    """The first ``n`` distinct user turns the ranked hits cite, in rank order, a hit's own
    turns in conversation order (a hit citing two turns: a raw copy folded with its memory, a
    summary)."""
    seen: list[str] = []
    for ids in cited:
        for tid in sorted(ids & users, key=turn_order):
            if tid not in seen:
                seen.append(tid)
    return set(seen[:n])


def _ask(
    mem: HybridMemory, user: str, task_id: str, q: dict[str, Any], users: frozenset[str]
) -> dict[str, float]:
    evidence = frozenset(q["evidence"])
    packed = mem.retrieve(
        q["query"],
        user_id=user,
        task_id=task_id,
        top_k=LARGE_TOP_K,
        token_budget=BUDGET,
        record_access=False,
    )
    found = frozenset().union(*(_cited(h) for h in packed.hits)) if packed.hits else frozenset()
    top = mem.retrieve(q["query"], user_id=user, task_id=task_id, top_k=5, record_access=False)
    ranked = [_cited(h) for h in top.hits]
    first = _first_turns([_cited(h) for h in packed.hits], users, len(evidence))
    return {
        "frac": evidence_score(evidence, found).frac,
        "hit@5": hit_at_k(evidence, ranked, 5),
        "first": len(first & evidence) / len(evidence),
    }


def hybridmem_rows(
    user: dict[str, Any], questions: list[dict[str, Any]], embedder: Embedder, days: float
) -> dict[str, dict[str, dict[str, float]]]:
    """Per variant, per question id: the figures of the engine."""
    msgs = messages_of(user)
    now = datetime.fromisoformat(user["now"])
    clock = FakeClock(msgs[0]["created_at"])
    users = frozenset(m["id"] for m in msgs if m["role"] == "user")
    out: dict[str, dict[str, dict[str, float]]] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem,
    ):
        task_id = import_chat(mem, clock, user)
        clock.set(now)
        out["hybridmem"] = {q["id"]: _ask(mem, user["id"], task_id, q, users) for q in questions}
        clock.set(now + timedelta(days=days))
        mem.maintain(user_id=user["id"])
        out[AFTER.format(days=days)] = {
            q["id"]: _ask(mem, user["id"], task_id, q, users)
            for q in questions
            if not q["relative"]
        }
    return out


def baseline_rows(
    corpus: Corpus, questions: list[dict[str, Any]], methods: Sequence[RankingMethod]
) -> dict[str, dict[str, dict[str, float]]]:
    """Per baseline, per question id."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for method in methods:
        method.prepare([corpus])
        rows = {}
        for q in questions:
            evidence = frozenset(q["evidence"])
            packed = method.select(corpus, q["query"], budget=BUDGET)
            top = method.select(corpus, q["query"], k=5)
            rows[q["id"]] = {
                "frac": evidence_score(evidence, packed.sources).frac,
                "hit@5": hit_at_k(evidence, list(top.covered), 5),
            }
        out[method.name] = rows
    return out


def run(data_path: Path, embedder_spec: str | None, days: float) -> dict[str, Any]:
    """Every question's figures per method, and the summaries."""
    data = json.loads(data_path.read_text(encoding="utf-8"))
    embedder = make_embedder(embedder_spec)
    per: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    for user in data["users"]:
        questions = [q for q in data["questions"] if q["user"] == user["id"]]
        dense = DenseMethod(embedder)
        bm25 = BM25Method()
        methods: list[RankingMethod] = [dense, bm25, RRFMethod(dense, bm25)]
        found = hybridmem_rows(user, questions, embedder, days)
        found.update(baseline_rows(corpus_of(user), questions, methods))
        for name, rows in found.items():
            per[name].update(rows)
    return {"embedder": embedder.name, "data": data_path.name, **summarise(data, per)}


def summarise(data: dict[str, Any], per: dict[str, dict[str, dict[str, float]]]) -> dict[str, Any]:
    """Means per method by language and by (language, type); the per-question figures."""
    by_id = {q["id"]: q for q in data["questions"]}
    if len(by_id) != len(data["questions"]):
        raise ValueError("question ids must be unique across users")
    summary: dict[str, Any] = {}
    for name, rows in per.items():
        groups: dict[str, list[dict[str, float]]] = defaultdict(list)
        for qid, row in rows.items():
            q = by_id[qid]
            groups[q["lang"]].append(row)
            groups[f"{q['lang']}/{q['type']}"].append(row)
        summary[name] = {
            g: {
                "n": len(rs),
                "frac": round(mean(r["frac"] for r in rs), 3),
                "hit@5": round(mean(r["hit@5"] for r in rs), 3),
                "all": round(mean(float(r["frac"] == 1.0) for r in rs), 3),
                **(
                    {"first": round(mean(r["first"] for r in rs), 3)}
                    if all("first" in r for r in rs)
                    else {}
                ),
            }
            for g, rs in sorted(groups.items())
        }
    items = [
        {
            **by_id[qid],
            **{f"{name}:{k}": v for name in per for k, v in per[name].get(qid, {}).items()},
        }
        for qid in by_id
    ]
    return {"summary": summary, "items": items}


def _table(out: dict[str, Any], langs_only: bool) -> Table:
    names = list(out["summary"])
    table = Table(
        title=f"probing ({out['data']}, {out['embedder']}): frac@{BUDGET} tok / hit@5 (/ first)"
    )
    table.add_column("group")
    table.add_column("n")
    for name in names:
        table.add_column(name)
    groups = sorted({g for s in out["summary"].values() for g in s})
    for g in groups:
        if langs_only == ("/" in g):
            continue
        first = out["summary"][names[0]].get(g, {"n": 0})
        cells = []
        for name in names:
            s = out["summary"][name].get(g)
            cell = f"{s['frac']:.3f} / {s['hit@5']:.3f}" if s else "-"
            cells.append(cell + (f" / {s['first']:.3f}" if s and "first" in s else ""))
        table.add_row(g, str(first["n"]), *cells)
    return table


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--days", type=float, default=30.0)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--misses", action="store_true", help="print hybridmem's misses")
    args = parser.parse_args(argv)
    out = run(args.data, None if args.embedder == "default" else args.embedder, args.days)
    console = Console()
    console.print(_table(out, langs_only=True))
    console.print(_table(out, langs_only=False))
    if args.misses:
        for item in out["items"]:
            if min(item["hybridmem:frac"], item["hybridmem:hit@5"], item["hybridmem:first"]) < 1:
                console.print(
                    f"{item['id']} {item['type']} frac={item['hybridmem:frac']:.2f} "
                    f"hit5={int(item['hybridmem:hit@5'])} "
                    f"first={item['hybridmem:first']:.2f}  {item['query']}"
                )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
