"""A companion's chat history, one session a day, written through ``add_messages`` with an
injected clock, and the sources of the hits a question gets from inside its task: what the
conversation retrieval tests (speakers' next turns, pronouns) share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode

U = "u1"
START = datetime(2025, 11, 3, 20, 0, tzinfo=UTC)

Sessions = list[list[tuple[str, str]]]
"""One session a day: [(role, text), ...]; turn ``i`` of day ``d`` has the message id
``d{d}-{i}``."""


def ask_history(
    path: Path,
    embedder: Embedder,
    sessions: Sessions,
    query: str,
    retrieval: RetrievalConfig,
    top_k: int,
) -> list[str]:
    """The message ids behind the hits of ``query``, asked the day after the last session."""
    clock = FakeClock(START)
    with HybridMemory(
        path, embedder=embedder, clock=clock, config=MemoryConfig(retrieval=retrieval)
    ) as mem:
        task_id = tell_days(mem, clock, START, enumerate(sessions))
        clock.set(START + timedelta(days=len(sessions) + 1))
        res = mem.retrieve(query, user_id=U, task_id=task_id, top_k=top_k, record_access=False)
    return [m for h in res.hits for m in h.node.source_ids]


def tell_days(
    mem: HybridMemory,
    clock: FakeClock,
    start: datetime,
    days: Iterable[tuple[int, Sequence[tuple[str, str]]]],
) -> str:
    """User ``U``'s sessions under a new task: for each (day, [(role, text), ...]) the turns a
    minute apart from ``start`` + day, message ids ``d{day}-{i}``; the task id."""
    task = mem.add("Chats with my companion", node_type="task", user_id=U)
    for day, turns in days:
        clock.set(start + timedelta(days=day))
        for i, (role, text) in enumerate(turns):
            clock.advance(minutes=1)
            mem.add_messages(
                [{"id": f"d{day}-{i}", "role": role, "content": text}],
                user_id=U,
                task_id=task.id,
            )
    return task.id


def say_daily(
    mem: HybridMemory, clock: FakeClock, start: datetime, turns: list[tuple[str, str, str]]
) -> str:
    """The turns (id, role, text) of user ``u``, one ``add_messages`` call each, a day apart
    from ``start`` under a new task; the clock then ten days past the last; the task id."""
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    for i, (tid, role, text) in enumerate(turns):
        clock.set(start + timedelta(days=i))
        message = {"id": tid, "role": role, "content": text, "created_at": clock()}
        mem.add_messages([message], user_id="u", task_id=task.id)
    clock.set(start + timedelta(days=len(turns) + 10))
    return task.id


def citing(mem: HybridMemory, turn: str, node_type: str) -> list[MemoryNode]:
    """User ``u``'s memories of ``node_type`` that cite the turn ``turn`` among their sources."""
    return [
        n for n in mem.store.user_nodes("u") if turn in n.source_ids and n.node_type == node_type
    ]


def assert_choice_settles(
    mem: HybridMemory, task_id: str, question: str, choice: str = "d3", weighing: str = "d1"
) -> MemoryNode:
    """The fact of turn ``choice`` settles the deliberation of turn ``weighing``: one value
    group, the deliberation demoted by it, and asked ``question`` later the choice ranks above
    every hit citing the deliberation. The choice's fact."""
    (fact,) = citing(mem, choice, "fact")
    (deliberation,) = citing(mem, weighing, "event")
    assert fact.conflict_group is not None
    assert deliberation.conflict_group == fact.conflict_group
    assert deliberation.metadata["demoted_by"] == fact.id
    got = mem.retrieve(question, user_id="u", task_id=task_id, top_k=5, record_access=False)
    cited = [set(h.node.source_ids) | set(h.covers) for h in got.hits]
    first = next(i for i, c in enumerate(cited) if choice in c)
    assert not [c for c in cited[:first] if weighing in c]
    return fact
