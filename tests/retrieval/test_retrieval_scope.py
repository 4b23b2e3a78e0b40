"""The scope rule: a task sees its subtree plus the user-level memories that follow the user."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory, MemoryConfig
from hybridmem.errors import InvalidArgumentError

U = "u1"


def _ids(res) -> list[str]:
    return [h.node.id for h in res.hits]


def test_a_fact_stated_in_task_a_is_found_from_task_b(mem: HybridMemory):
    a = mem.add("Plan the birthday party", node_type="task", user_id=U)
    fact = mem.add("My daughter is allergic to peanuts", node_type="fact", user_id=U)
    pref = mem.add("I prefer vegetarian restaurants", node_type="preference", user_id=U)
    event = mem.add("Ordered the peanut-free cake", user_id=U)
    # Placement: user-level memories go under the root; the event stays with task A.
    root = mem.root(user_id=U)
    assert root is not None
    assert mem.get(fact.id).parent_id == root.id and mem.get(pref.id).parent_id == root.id
    assert mem.get(event.id).parent_id == a.id
    b = mem.add("Book a restaurant for Friday", node_type="task", user_id=U)
    assert mem.active_node(user_id=U).id == b.id  # type: ignore[union-attr]
    res = mem.retrieve("is my daughter allergic to anything?", user_id=U)
    assert res.scope_id == b.id
    assert fact.id in _ids(res)
    res = mem.retrieve("what kind of restaurants do I like", user_id=U, task_id=b.id)
    assert pref.id in _ids(res)
    # Task A's own event is not visible from task B, only from A.
    cake = mem.retrieve("peanut-free cake", user_id=U, task_id=b.id)
    assert event.id not in _ids(cake)
    assert event.id in _ids(mem.retrieve("peanut-free cake", user_id=U, task_id=a.id))


def test_an_explicit_parent_keeps_a_fact_inside_its_task(mem: HybridMemory):
    a = mem.add("Migrate the billing database", node_type="task", user_id=U)
    local = mem.add(
        "The staging server runs PostgreSQL 15", node_type="fact", parent_id=a.id, user_id=U
    )
    b = mem.add("Write the quarterly report", node_type="task", user_id=U)
    assert mem.get(local.id).parent_id == a.id
    assert local.id not in _ids(mem.retrieve("PostgreSQL staging server", user_id=U, task_id=b.id))
    assert local.id in _ids(mem.retrieve("PostgreSQL staging server", user_id=U, task_id=a.id))
    # scope="user" searches the whole tree.
    wide = mem.retrieve("PostgreSQL staging server", user_id=U, task_id=b.id, scope="user")
    assert local.id in _ids(wide)


def test_user_level_memories_inside_a_session_scope(mem: HybridMemory):
    task = mem.add("Support chat", node_type="task", user_id=U)
    session = mem.add("Chat of Monday", node_type="session", parent_id=task.id, user_id=U)
    fact = mem.add("The user's name is Dana", node_type="fact", user_id=U)
    mem.add("Dana asked about invoices", parent_id=session.id, user_id=U)
    res = mem.retrieve("what is the user's name", user_id=U, task_id=session.id)
    assert fact.id in _ids(res)


def test_a_profile_distilled_from_task_a_is_found_from_task_b(mem: HybridMemory, clock):
    mem.add("Get fit for the summer", node_type="task", user_id=U)
    for i, text in enumerate(
        (
            "I'm on a diet these days.",
            "Still on my diet, skipped dessert.",
            "The diet is going well, lost a kilo.",
        )
    ):
        clock.advance(days=2)
        mem.add(text, user_id=U, source_id=f"chat-{i}")
        mem.maintain()
    profiles = [
        n
        for n in mem.subtree(mem.root(user_id=U).id, user_id=U)  # type: ignore[union-attr]
        if n.node_type == "profile"
    ]
    assert len(profiles) == 1
    b = mem.add("Plan the team dinner", node_type="task", user_id=U)
    res = mem.retrieve("is the user on a diet?", user_id=U, task_id=b.id)
    assert profiles[0].id in _ids(res)


def test_scope_is_validated(mem: HybridMemory):
    mem.add("x", user_id=U)
    with pytest.raises(InvalidArgumentError, match="scope"):
        mem.retrieve("x", user_id=U, scope="everything")


def test_user_level_types_are_configurable_and_validated(mem_path, clock):
    with pytest.raises(InvalidArgumentError, match="user_level_types"):
        MemoryConfig(user_level_types=("fact", "task"))
    from hybridmem import HashEmbedder

    cfg = MemoryConfig(user_level_types=())
    with HybridMemory(mem_path, embedder=HashEmbedder(64), clock=clock, config=cfg) as mem:
        a = mem.add("Task A", node_type="task", user_id=U)
        fact = mem.add("My daughter is allergic to peanuts", node_type="fact", user_id=U)
        assert mem.get(fact.id).parent_id == a.id  # no user level: it stays with the task
        b = mem.add("Task B", node_type="task", user_id=U)
        assert fact.id not in _ids(mem.retrieve("allergic peanuts", user_id=U, task_id=b.id))
