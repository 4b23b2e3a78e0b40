"""Sensitive memories only when asked (issue 38) on the paths added beside it: an agent's read
set (issue 33) and the archived sources a summary unfolds (issue 32). Real SQLite and Chroma in
tmp_path, the hash embedder (equal texts, equal vectors: a question repeating a memory is about
that memory), time injected."""

from __future__ import annotations

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.integrations.tools import ToolBox
from hybridmem.privacy import PrivacyConfig, generate_key

U = "u1"
LUNCH = "lunch with the team at noon"
SECRET = "diagnosis from the clinic Quorvantilex"


def _open(tmp_path, clock: FakeClock) -> HybridMemory:
    privacy = PrivacyConfig(key=generate_key())
    return HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, privacy=privacy)


def test_an_agent_gets_its_sealed_memory_only_when_asked(tmp_path, clock) -> None:
    with _open(tmp_path, clock) as mem:
        executor = mem.scoped(user_id=U, agent_id="executor")
        task = executor.add("claim task", node_type="task")
        executor.add(LUNCH, parent_id=task.id)
        secret = executor.add(SECRET, parent_id=task.id, sensitive=True)

        for result in (
            executor.retrieve(LUNCH),
            mem.retrieve(LUNCH, user_id=U, agent_id="executor"),
        ):
            assert secret.id not in [h.node.id for h in result.hits]
            assert "Quorvantilex" not in result.context
        opened = mem.retrieve(LUNCH, user_id=U, agent_id="executor", include_sensitive=True)
        assert secret.id in [h.node.id for h in opened.hits]
        asked = executor.retrieve(SECRET)
        assert asked.hits[0].node.id == secret.id

        box = ToolBox(mem, user_id=U, agent_id="executor")
        found = box.call("search_memory", {"query": LUNCH})
        assert secret.id not in [h["id"] for h in found["hits"]]
        box = ToolBox(mem, user_id=U, agent_id="executor", include_sensitive=True)
        found = box.call("search_memory", {"query": LUNCH})
        assert secret.id in [h["id"] for h in found["hits"]]

        # The flag opens sealed memories, not other agents' ones: permissions come first.
        planner = mem.scoped(user_id=U, agent_id="planner")
        for query in (LUNCH, SECRET):
            hits = planner.retrieve(query, scope="user", include_sensitive=True).hits
            assert secret.id not in [h.node.id for h in hits]


def test_an_archived_sealed_source_is_not_unfolded_into_an_ordinary_question(
    tmp_path, clock
) -> None:
    with _open(tmp_path, clock) as mem:
        task = mem.add("Reimburse the Berlin trip", node_type="task", user_id=U)
        invoice = "The hotel invoice was returned because the scan was unreadable"
        details = [
            invoice,
            "Decided to rescan every invoice at 300 DPI",
            "Waiting for a reply from finance",
            "Sorted the receipts by date",
            "Renamed the scanned files",
        ]
        ids = [mem.add(text, parent_id=task.id, user_id=U).id for text in details]
        secret = mem.add(SECRET, parent_id=task.id, user_id=U, sensitive=True)
        mem.finish_task(task.id, user_id=U)
        clock.advance(days=1)
        mem.maintain()
        assert mem.get(secret.id).status == "archived"
        assert mem.get(ids[0]).status == "archived"

        plain = mem.retrieve(invoice, user_id=U, task_id=task.id, top_k=20)
        assert ids[0] in [h.node.id for h in plain.hits]  # unfolded: the detail asked for
        assert secret.id not in [h.node.id for h in plain.hits]
        assert "Quorvantilex" not in plain.context
        asked = mem.retrieve(SECRET, user_id=U, task_id=task.id)
        assert secret.id in [h.node.id for h in asked.hits]
