"""Conversations in: ``add_messages`` beside importing every turn as an event.

Two measurements on real LoCoMo conversations (the path is an argument; the data never ships):

* **throughput**: messages per second of ``add_messages`` (one call per batch of messages, and
  one call per message as an agent calls it turn by turn) beside ``add_many`` of the same turns
  as plain events, in the same process, same embedder;
* **recall**: evidence recall at a token budget (categories 1-4, LoCoMo's gold turns) and live
  tokens, for (a) every turn imported as one event, measured right after the import, and (b)
  the same turns handed over message by message through ``add_messages`` (speaker A as the user,
  speaker B as the assistant), measured right after the ingest and again after ``days`` days and
  a maintenance run.

    python -m benchmarks.conversation_ingest --data ../shared/data/locomo/locomo-dev.json \\
        --limit 2 --embedder minilm --out bench-out/conversation

Prints a table per measurement and writes ``conversation_ingest.json`` to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.conversation_madial import madial_runs
from benchmarks.locomo_data import HEADLINE_CATEGORIES, Conversation, load_locomo
from benchmarks.madial_data import load_madial
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_locomo_path
from hybridmem import FakeClock, HybridMemory, MemoryConfig, make_embedder
from hybridmem.embedding import Embedder

BUDGET = 1_000
USER = "bench"


def messages_of(conv: Conversation) -> list[list[dict[str, Any]]]:
    """Each session's turns as chat messages: speaker A is the user, B the assistant; the
    message id is the conversation's turn id, so evidence maps onto what extraction cites."""
    out = []
    for session in conv.sessions:
        out.append(
            [
                {
                    "id": f"{conv.sample_id}:{t.dia_id}",
                    "role": "user" if t.speaker == conv.speaker_a else "assistant",
                    "name": t.speaker,
                    "content": t.content[len(t.speaker) + 2 :],
                    "created_at": t.created_at,
                }
                for t in session.turns
            ]
        )
    return out


CONFIG = MemoryConfig()
"""The config every store of a run opens with (``--index-in-call`` changes it)."""


def _open(path: Path, embedder: Embedder, clock: FakeClock) -> HybridMemory:
    return HybridMemory(path, embedder=embedder, clock=clock, config=CONFIG)


@dataclass(frozen=True)
class Recall:
    variant: str
    questions: int
    frac: float
    hit_any: float
    live_tokens: int
    live_nodes: int


def _live(mem: HybridMemory) -> tuple[int, int]:
    nodes = [
        n
        for n in mem.get_all(user_id=USER, status="active", limit=1_000_000)
        if n.node_type not in ("root", "task", "session")
    ]
    return sum(mem.counter.count(n.content) for n in nodes), len(nodes)


def _score(mem: HybridMemory, conv: Conversation, task_id: str, name: str) -> Recall:
    prefix = conv.sample_id + ":"
    fracs, anys = [], []
    for q in conv.questions:
        if q.category not in HEADLINE_CATEGORIES:
            continue
        # At most 8 hits within the budget: the figures recorded for issue 34's acceptance
        # test were measured so (retrieve's default then); a budget alone now packs more.
        res = mem.retrieve(
            q.question,
            user_id=USER,
            task_id=task_id,
            top_k=8,
            token_budget=BUDGET,
            record_access=False,
        )
        found = frozenset(
            c[len(prefix) :] for h in res.hits for c in h.covers if c.startswith(prefix)
        )
        sc = evidence_score(q.evidence, found)
        fracs.append(sc.frac)
        anys.append(sc.any)
    tokens, nodes = _live(mem)
    n = len(fracs)
    return Recall(name, n, sum(fracs) / n, sum(anys) / n, tokens, nodes)


def recall_runs(conv: Conversation, embedder: Embedder, days: float, root: Path) -> list[Recall]:
    """The three recall measurements of one conversation."""
    sessions = messages_of(conv)
    first, last = sessions[0][0]["created_at"], sessions[-1][-1]["created_at"]
    results = []
    # (a) every turn one event, under a session node under the conversation's task.
    clock = FakeClock(first)
    with _open(root / f"{conv.sample_id}-events", embedder, clock) as mem:
        task = mem.add(f"Conversation {conv.sample_id}", node_type="task", user_id=USER)
        for i, msgs in enumerate(sessions):
            clock.set(max(clock(), msgs[0]["created_at"]))
            s = mem.add(f"Session {i + 1}", node_type="session", parent_id=task.id, user_id=USER)
            mem.add_many(
                [
                    {
                        "content": f"{m['name']}: {m['content']}",
                        "parent_id": s.id,
                        "created_at": m["created_at"],
                        "source_id": m["id"],
                    }
                    for m in msgs
                ],
                user_id=USER,
            )
        clock.set(last + timedelta(days=1))
        results.append(_score(mem, conv, task.id, "events, right after import"))
    # (b) message by message through add_messages, then time and maintenance.
    clock = FakeClock(first)
    with _open(root / f"{conv.sample_id}-messages", embedder, clock) as mem:
        task = mem.add(f"Conversation {conv.sample_id}", node_type="task", user_id=USER)
        for i, msgs in enumerate(sessions):
            for m in msgs:
                clock.set(max(clock(), m["created_at"]))
                mem.add_messages([m], user_id=USER, task_id=task.id, session_id=f"S{i + 1}")
        clock.set(last + timedelta(days=1))
        results.append(_score(mem, conv, task.id, "add_messages, right after ingest"))
        clock.set(last + timedelta(days=days))
        mem.maintain(user_id=USER)
        results.append(_score(mem, conv, task.id, f"add_messages, +{days:g} days + maintain"))
    return results


@dataclass(frozen=True)
class Throughput:
    variant: str
    messages: int
    seconds: float
    per_second: float


def throughput_runs(
    convs: Sequence[Conversation], embedder: Embedder, root: Path, batch: int
) -> list[Throughput]:
    messages = [m for c in convs for s in messages_of(c) for m in s]
    events = [
        {"content": f"{m['name']}: {m['content']}", "created_at": m["created_at"]} for m in messages
    ]

    def timed(name: str, run: Callable[[HybridMemory], None]) -> Throughput:
        clock = FakeClock(messages[0]["created_at"])
        with _open(root / name.replace(" ", "_"), embedder, clock) as mem:
            mem.add("warm-up", user_id="warm")  # the model's and the classifiers' first load
            start = time.perf_counter()
            run(mem)
            took = time.perf_counter() - start
        return Throughput(name, len(messages), took, len(messages) / took)

    def by_batch(mem: HybridMemory) -> None:
        for i in range(0, len(messages), batch):
            mem.add_messages(messages[i : i + batch], user_id=USER, session_id=f"b{i}")

    def one_by_one(mem: HybridMemory) -> None:
        for m in messages:
            mem.add_messages([m], user_id=USER, session_id="s")

    def baseline(mem: HybridMemory) -> None:
        for i in range(0, len(events), batch):
            mem.add_many(events[i : i + batch], user_id=USER)

    return [
        timed(f"add_many of the turns as events (batches of {batch})", baseline),
        timed(f"add_messages (batches of {batch})", by_batch),
        timed("add_messages (one message a call)", one_by_one),
    ]


def _table(title: str, rows: Sequence[Any]) -> Table:
    table = Table(title=title)
    keys = list(asdict(rows[0]))
    for key in keys:
        table.add_column(key)
    for row in rows:
        table.add_row(
            *(f"{v:.3f}" if isinstance(v, float) else str(v) for v in asdict(row).values())
        )
    return table


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=default_locomo_path())
    parser.add_argument("--limit", type=int, default=2, help="conversations (default 2)")
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--days", type=float, default=30.0)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument(
        "--conv", action="append", default=[], help="only these conversation ids (repeatable)"
    )
    parser.add_argument(
        "--skip", choices=("recall", "throughput", "madial"), action="append", default=[]
    )
    parser.add_argument("--madial", type=Path, default=None, help="MADial-Bench folder")
    parser.add_argument("--lang", action="append", default=[], help="MADial languages (en, zh)")
    parser.add_argument(
        "--index-in-call",
        action="store_true",
        help="add_messages embeds and indexes in the call (index_messages_later=False)",
    )
    parser.add_argument("--out", type=Path, default=Path("bench-out/conversation"))
    args = parser.parse_args(argv)
    global CONFIG
    CONFIG = MemoryConfig(index_messages_later=not args.index_in_call)
    console = Console()
    dataset = load_locomo(args.data, limit=None if args.conv else args.limit)
    convs = [c for c in dataset.conversations if not args.conv or c.sample_id in args.conv]
    embedder = make_embedder(args.embedder)
    root = Path(tempfile.mkdtemp(prefix="hm-conv-"))
    out: dict[str, Any] = {"embedder": embedder.name, "conversations": [c.sample_id for c in convs]}
    try:
        if "throughput" not in args.skip:
            rows = throughput_runs(convs, embedder, root, args.batch)
            console.print(_table(f"throughput ({embedder.name})", rows))
            out["throughput"] = [asdict(r) for r in rows]
        if "recall" not in args.skip:
            out["recall"] = {}
            for conv in convs:
                rows = recall_runs(conv, embedder, args.days, root)
                console.print(_table(f"{conv.sample_id}: evidence at {BUDGET} tokens", rows))
                out["recall"][conv.sample_id] = [asdict(r) for r in rows]
        if "madial" not in args.skip and args.madial is not None:
            out["madial"] = {}
            for lang in args.lang or ["en", "zh"]:
                madial = madial_runs(load_madial(args.madial, lang), embedder, args.days, root)
                for users in dict.fromkeys(r["users"] for r in madial):
                    rows = [
                        Recall(**{k: v for k, v in r.items() if k != "users"})
                        for r in madial
                        if r["users"] == users
                    ]
                    title = f"MADial {lang}, users {users}: evidence at {BUDGET} tokens"
                    console.print(_table(title, rows))
                out["madial"][lang] = madial
    finally:
        shutil.rmtree(root, ignore_errors=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "conversation_ingest.json").write_text(json.dumps(out, indent=2))
    console.print(f"wrote {args.out / 'conversation_ingest.json'}")


if __name__ == "__main__":
    main()
