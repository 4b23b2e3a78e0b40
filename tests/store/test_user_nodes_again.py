"""``user_nodes_again``: a user's nodes read again after a few writes are the nodes a fresh
read gives, and a node whose row did not change is not built again (maintenance's re-read
after a step that wrote: ``evolution/maintain/user_state.py``)."""

from __future__ import annotations

from hybridmem import FakeClock, HashEmbedder, PrivacyConfig
from hybridmem.privacy import generate_key
from tests.backends import OpenMem, both_backends  # noqa: F401 - both stores

U = "u1"


def test_a_read_again_gives_a_fresh_reads_nodes_and_builds_only_changed_rows(
    open_mem: OpenMem, clock: FakeClock
) -> None:
    privacy = PrivacyConfig(key=generate_key(), key_env="HM_TEST_NOKEY")
    with open_mem(embedder=HashEmbedder(64), clock=clock, privacy=privacy) as mem:
        task = mem.add("Plan the move to Hamburg", node_type="task", user_id=U)
        lines = [
            mem.add(text, parent_id=task.id, user_id=U)
            for text in ("Booked the van for Saturday", "周六借了一辆货车", "Boxes are in the hall")
        ]
        mem.add("My IBAN is DE02 1203 0000 0000 2020 51", user_id=U, sensitive=True)
        store = mem.store
        first, rows = store.user_nodes_again(U)
        assert any(n.sensitive and "IBAN" not in n.content for n in first)  # as stored
        assert first == store.user_nodes(U) and len(rows) == len(first)

        # A use deferred by retrieval, a change and a new node: the read again shows them all.
        clock.advance(hours=1)
        store.touch([lines[0].id], clock())
        mem.update(lines[1].id, content="周日借了一辆货车", user_id=U)
        added = mem.add("Keys go back on Monday", parent_id=task.id, user_id=U)
        again, rows_again = store.user_nodes_again(U, rows)
        assert again == store.user_nodes(U)
        assert next(n for n in again if n.id == lines[0].id).access_count == 1
        assert next(n for n in again if n.id == lines[1].id).content == "周日借了一辆货车"
        before = {n.id: n for n in first}
        rebuilt = {n.id for n in again if before.get(n.id) is not n}
        # Built again: the changed node, the new one, the used one (its deferred use added)
        # and whatever the writes touched (the task's own row); never every row.
        assert {lines[0].id, lines[1].id, added.id} <= rebuilt
        assert lines[2].id not in rebuilt and len(rebuilt) < len(again)
        assert set(rows_again) == {n.id for n in again}
