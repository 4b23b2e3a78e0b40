"""The LangGraph BaseStore adapter, through BaseStore's own API (put/get/search/delete/
list_namespaces and their async twins): namespaces are (user, task path) in the tree."""

from __future__ import annotations

import asyncio

import pytest
from langgraph.store.base import BaseStore, InvalidNamespaceError, Item, SearchItem

from hybridmem.integrations.langgraph import HybridMemoryStore


@pytest.fixture
def store(mem) -> HybridMemoryStore:
    return HybridMemoryStore(mem)


def test_put_get_update_delete_round_trip(store, mem, clock):
    assert isinstance(store, BaseStore)
    store.put(("alice", "trip"), "flight", {"content": "Flight to Lisbon on May 3", "seat": "12A"})
    item = store.get(("alice", "trip"), "flight")
    assert isinstance(item, Item)
    assert item.value == {"content": "Flight to Lisbon on May 3", "seat": "12A"}
    assert item.key == "flight" and item.namespace == ("alice", "trip")
    # The namespace is a task node under alice's root, the item a memory under it.
    [task] = mem.get_all(user_id="alice", node_type="task")
    assert task.content == "trip" and mem.active_node(user_id="alice") is None
    [node] = mem.children(task.id)
    assert node.content == "Flight to Lisbon on May 3" and node.user_id == "alice"
    clock.advance(seconds=60)
    store.put(("alice", "trip"), "flight", {"content": "Flight to Lisbon on May 4"})
    updated = store.get(("alice", "trip"), "flight")
    assert updated.value == {"content": "Flight to Lisbon on May 4"}
    assert updated.updated_at > updated.created_at == item.created_at
    assert len(mem.children(task.id)) == 1  # updated in place, history in the op log
    assert store.get(("alice", "trip"), "hotel") is None
    assert store.get(("bob", "trip"), "flight") is None
    store.delete(("alice", "trip"), "flight")
    assert store.get(("alice", "trip"), "flight") is None
    with pytest.raises(InvalidNamespaceError):
        store.put((), "k", {"content": "x"})


def test_search_by_query_filter_and_namespace_prefix(store):
    store.put(("alice",), "home", {"content": "Alice lives in Hamburg", "kind": "fact"})
    store.put(
        ("alice", "trip"),
        "flight",
        {"content": "Flight to Lisbon on May 3", "kind": "booking", "n": 1},
    )
    store.put(
        ("alice", "trip"),
        "hotel",
        {"content": "Hotel in Alfama for two nights", "kind": "booking", "n": 2},
    )
    store.put(("alice", "trip", "ideas"), "museum", {"content": "Visit the tile museum"})
    store.put(("bob",), "home", {"content": "Bob lives in Lisbon"})

    hits = store.search(("alice",), query="flight to Lisbon")
    assert all(isinstance(h, SearchItem) for h in hits)
    assert hits[0].key == "flight" and 0 < hits[0].score <= 1
    assert all(h.namespace[0] == "alice" for h in hits)
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)

    trip = store.search(("alice", "trip"))
    assert [h.key for h in trip] == ["flight", "hotel", "museum"]  # oldest first, subtree
    assert [h.key for h in store.search(("alice", "trip"), filter={"n": {"$gte": 2}})] == ["hotel"]
    assert [h.key for h in store.search(("alice",), filter={"kind": "fact"})] == ["home"]
    assert [h.key for h in store.search(("alice",), limit=2, offset=1)] == ["flight", "hotel"]
    assert {h.namespace[0] for h in store.search(())} == {"alice", "bob"}

    assert store.list_namespaces() == [
        ("alice",),
        ("alice", "trip"),
        ("alice", "trip", "ideas"),
        ("bob",),
    ]
    assert store.list_namespaces(prefix=("alice", "trip")) == [
        ("alice", "trip"),
        ("alice", "trip", "ideas"),
    ]
    assert store.list_namespaces(suffix=("ideas",)) == [("alice", "trip", "ideas")]
    assert store.list_namespaces(max_depth=1) == [("alice",), ("bob",)]


def test_async_api(store):
    async def run():
        await store.aput(("carol", "work"), "standup", {"content": "Standup moved to 10:00"})
        got = await store.aget(("carol", "work"), "standup")
        found = await store.asearch(("carol",), query="when is standup?")
        return got, found

    got, found = asyncio.run(run())
    assert got.value["content"] == "Standup moved to 10:00"
    assert found[0].key == "standup"
