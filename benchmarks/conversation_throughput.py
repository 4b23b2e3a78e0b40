"""Issue 34's throughput: ``add_messages`` beside ``add_many`` of the same turns.

On real LoCoMo conversations (the path is an argument; the data never ships), per embedder,
in the same process, in batches of ``--batch`` messages and one message a call:

* ``add_many`` of the turns as plain events (the typed path: embedded and indexed in the call);
* ``add_messages`` as it is by default (``MemoryConfig.index_messages_later``): the call
  commits and returns, the index catches up after (``hybridmem/core/backlog.py``);
* ``add_messages`` with ``index_messages_later=False``: everything embedded and indexed in
  the call (the behaviour before the backlog).

Each row gives messages per second **accepted** (until the last call returned) and
**indexed** (until ``wait_indexed()`` returned: every vector written, as a search would need),
with the machine's load average before and after (the machine is shared).

    python -m benchmarks.conversation_throughput --limit 1 --embedder default --embedder minilm

Prints a table and writes ``conversation_throughput.json`` to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.conversation_ingest import USER, messages_of
from benchmarks.locomo_data import Conversation, load_locomo
from benchmarks.paths import default_locomo_path
from hybridmem import FakeClock, HybridMemory, MemoryConfig, make_embedder
from hybridmem.embedding import Embedder


@dataclass(frozen=True)
class Row:
    embedder: str
    variant: str
    per_call: int
    messages: int
    accepted_s: float
    accepted_per_s: float
    indexed_s: float
    indexed_per_s: float
    nodes: int
    load_before: float
    load_after: float


Run = Callable[[HybridMemory, list[dict[str, Any]], int], None]


def _messages(mem: HybridMemory, messages: list[dict[str, Any]], per_call: int) -> None:
    for i in range(0, len(messages), per_call):
        # One session per batch, as in benchmarks.conversation_ingest; one session for all
        # when the agent hands over each turn.
        session = "s" if per_call == 1 else f"b{i}"
        mem.add_messages(messages[i : i + per_call], user_id=USER, session_id=session)


def _events(mem: HybridMemory, messages: list[dict[str, Any]], per_call: int) -> None:
    events = [
        {"content": f"{m['name']}: {m['content']}", "created_at": m["created_at"]} for m in messages
    ]
    for i in range(0, len(events), per_call):
        mem.add_many(events[i : i + per_call], user_id=USER)


VARIANTS: dict[str, tuple[Run, bool]] = {
    "add_many, turns as events": (_events, True),
    "add_messages (index later, default)": (_messages, True),
    "add_messages (index in the call)": (_messages, False),
}


def measure(
    convs: Sequence[Conversation], embedder: Embedder, root: Path, sizes: Sequence[int]
) -> list[Row]:
    messages = [m for c in convs for s in messages_of(c) for m in s]
    rows = []
    for per_call in sizes:
        for name, (run, later) in VARIANTS.items():
            path = root / f"{len(rows)}"
            config = MemoryConfig(index_messages_later=later)
            clock = FakeClock(messages[0]["created_at"])
            with HybridMemory(path, embedder=embedder, clock=clock, config=config) as mem:
                mem.add("warm-up", user_id="warm")  # the model's and the classifiers' load
                load_before = os.getloadavg()[0]
                start = time.perf_counter()
                run(mem, messages, per_call)
                accepted = time.perf_counter() - start
                mem.wait_indexed()
                indexed = time.perf_counter() - start
                load_after = os.getloadavg()[0]
                stats = mem.stats()
                assert stats.by_index_state.get("pending", 0) == 0
            rows.append(
                Row(
                    embedder=embedder.name,
                    variant=name,
                    per_call=per_call,
                    messages=len(messages),
                    accepted_s=accepted,
                    accepted_per_s=len(messages) / accepted,
                    indexed_s=indexed,
                    indexed_per_s=len(messages) / indexed,
                    nodes=stats.nodes,
                    load_before=load_before,
                    load_after=load_after,
                )
            )
            shutil.rmtree(path, ignore_errors=True)
    return rows


def table(title: str, rows: Sequence[Row]) -> Table:
    out = Table(title=title)
    for head in ("variant", "per call", "accepted msg/s", "indexed msg/s", "nodes", "load"):
        out.add_column(head)
    for r in rows:
        out.add_row(
            r.variant,
            str(r.per_call),
            f"{r.accepted_per_s:.0f} ({r.accepted_s:.2f} s)",
            f"{r.indexed_per_s:.0f} ({r.indexed_s:.2f} s)",
            str(r.nodes),
            f"{r.load_before:.1f}-{r.load_after:.1f}",
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=default_locomo_path())
    parser.add_argument("--limit", type=int, default=1, help="conversations (default 1)")
    parser.add_argument("--embedder", action="append", default=[], help="repeatable")
    parser.add_argument("--per-call", type=int, action="append", default=[], help="repeatable")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the whole table")
    parser.add_argument("--out", type=Path, default=Path("bench-out/conversation"))
    args = parser.parse_args(argv)
    console = Console(width=160)
    convs = load_locomo(args.data, limit=args.limit).conversations
    sizes = args.per_call or [100, 1]
    out: dict[str, Any] = {"conversations": [c.sample_id for c in convs], "runs": []}
    root = Path(tempfile.mkdtemp(prefix="hm-conv-speed-"))
    try:
        for k in range(args.repeat):
            for spec in args.embedder or ["default", "minilm"]:
                rows = measure(convs, make_embedder(spec), root, sizes)
                console.print(table(f"run {k + 1}: {rows[0].embedder}, {sizes}", rows))
                out["runs"].extend({"run": k + 1, **asdict(r)} for r in rows)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "conversation_throughput.json").write_text(json.dumps(out, indent=2))
    console.print(f"wrote {args.out / 'conversation_throughput.json'}")


if __name__ == "__main__":
    main()
