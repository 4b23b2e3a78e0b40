"""The LangGraph store against LangGraph's own reference store: the same seeded random
operations on :class:`HybridMemoryStore` and ``langgraph.store.memory.InMemoryStore`` must
give the same answers to ``get``, listing ``search`` and ``list_namespaces``.

Where the two may rightly differ, the comparison says so:

* a ``search`` with a ``query`` ranks by relevance (hybridmem's retrieval; the reference,
  without an embedding index, ignores the query): every hit must be an item the reference
  holds under that prefix and filter, nothing more;
* the order of a listing ``search`` is not part of ``BaseStore``'s contract (the reference
  lists by namespace then insertion, LangGraph's PostgresStore by ``updated_at``): the items
  are compared as sets, and a page's size is compared where ``offset``/``limit`` cut;
* the reference's ``_data`` is a defaultdict, so a ``get`` on a namespace that never held an
  item (or deleting its last item) leaves an empty namespace behind that ``list_namespaces``
  then reports; LangGraph's PostgresStore (namespaces are the prefixes of stored rows) does
  not. The oracle drops those empty leftovers after each operation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from hybridmem.integrations.langgraph import HybridMemoryStore

USERS = ("alice", "bob")
LABELS = ("trips", "work", "food")
KEYS = ("k1", "k2", "k3", "k4")
KINDS = ("booking", "note", "idea")
WORDS = ("flight", "Lisbon", "hotel", "meeting", "pasta", "train", "budget", "May")


class Reference(InMemoryStore):
    """InMemoryStore without the empty namespaces its defaultdict leaves behind."""

    def batch(self, ops):  # type: ignore[no-untyped-def]
        results = super().batch(ops)
        for namespace in [ns for ns, items in self._data.items() if not items]:
            del self._data[namespace]
        return results


def _namespace(rng: random.Random) -> tuple[str, ...]:
    depth = rng.choice((0, 1, 1, 2))
    return (rng.choice(USERS), *rng.sample(LABELS, depth))


def _value(rng: random.Random) -> dict[str, Any]:
    # "n" is always there: the reference's $gt/$lt compare float(value) and raise on a
    # missing field
    value: dict[str, Any] = {"content": " ".join(rng.sample(WORDS, 3)), "n": rng.randint(0, 5)}
    if rng.random() < 0.8:
        value["kind"] = rng.choice(KINDS)
    return value


def _filter(rng: random.Random) -> dict[str, Any] | None:
    pick = rng.random()
    if pick < 0.4:
        return None
    if pick < 0.6:
        return {"kind": rng.choice(KINDS)}
    if pick < 0.8:
        return {"n": {rng.choice(("$gt", "$gte", "$lt", "$lte")): rng.randint(0, 5)}}
    return {"kind": rng.choice(KINDS), "n": rng.randint(0, 5)}


def _conditions(rng: random.Random) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.4:
        path = _namespace(rng)[: rng.choice((1, 2))]
        kwargs["prefix"] = tuple("*" if rng.random() < 0.2 else p for p in path)
    if rng.random() < 0.3:
        kwargs["suffix"] = (rng.choice((*LABELS, *USERS)),)
    if rng.random() < 0.3:
        kwargs["max_depth"] = rng.choice((1, 2))
    if rng.random() < 0.2:
        kwargs["limit"], kwargs["offset"] = rng.randint(1, 3), rng.randint(0, 2)
    return kwargs


def _listed(items: list[Any]) -> set[tuple[tuple[str, ...], str, str]]:
    return {(i.namespace, i.key, repr(sorted(i.value.items()))) for i in items}


def run(ours: HybridMemoryStore, ref: InMemoryStore, seed: int, steps: int) -> list[str]:
    """Apply ``steps`` random operations to both stores; the differences, in words."""
    rng = random.Random(seed)
    differences: list[str] = []

    def differ(step: int, what: str, mine: Any, theirs: Any) -> None:
        differences.append(f"seed {seed} step {step}: {what}: ours {mine!r}, reference {theirs!r}")

    for step in range(steps):
        roll = rng.random()
        namespace, key = _namespace(rng), rng.choice(KEYS)
        if roll < 0.45:
            value = _value(rng)
            ours.put(namespace, key, value)
            ref.put(namespace, key, value)
        elif roll < 0.55:
            ours.delete(namespace, key)
            ref.delete(namespace, key)
        elif roll < 0.7:
            mine, theirs = ours.get(namespace, key), ref.get(namespace, key)
            shown = [(i.namespace, i.key, i.value) if i else None for i in (mine, theirs)]
            if shown[0] != shown[1]:
                differ(step, f"get{namespace, key}", *shown)
        elif roll < 0.85:
            prefix = namespace[: rng.choice((0, 1, 2, 3))]
            kwargs: dict[str, Any] = {"filter": _filter(rng), "limit": 100}
            paged = rng.random() < 0.3
            if paged:
                kwargs |= {"limit": rng.randint(1, 3), "offset": rng.randint(0, 3)}
            query = " ".join(rng.sample(WORDS, 2)) if rng.random() < 0.3 else None
            mine = ours.search(prefix, query=query, **kwargs)
            theirs = ref.search(prefix, **kwargs)
            everything = _listed(ref.search(prefix, filter=kwargs["filter"], limit=10_000))
            what = f"search{prefix} {kwargs} query={query!r}"
            if query is not None:  # relevance order: only real, matching items
                if not _listed(mine) <= everything:
                    differ(step, what, _listed(mine) - everything, "not held")
            elif paged:
                if len(mine) != len(theirs) or not _listed(mine) <= everything:
                    differ(step, what, _listed(mine), _listed(theirs))
            elif _listed(mine) != _listed(theirs):
                differ(step, what, _listed(mine), _listed(theirs))
        else:
            conditions = _conditions(rng)
            mine, theirs = ours.list_namespaces(**conditions), ref.list_namespaces(**conditions)
            if mine != theirs:
                differ(step, f"list_namespaces({conditions})", mine, theirs)
    for conditions in ({}, {"max_depth": 1}, {"prefix": ("bob",)}, {"suffix": ("trips",)}):
        mine, theirs = ours.list_namespaces(**conditions), ref.list_namespaces(**conditions)
        if mine != theirs:
            differ(steps, f"final list_namespaces({conditions})", mine, theirs)
    return differences


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_store_answers_as_langgraphs_reference_store(mem, seed):
    differences = run(HybridMemoryStore(mem), Reference(), seed, steps=200)
    assert not differences, "\n".join(differences[:20])


def test_the_named_cases(mem):
    """The cases the first differential run found, spelled out."""
    ours, ref = HybridMemoryStore(mem), Reference()
    for store in (ours, ref):
        store.put(("bob", "trips"), "rome", {"content": "Trip to Rome"})
        store.put(("bob", "trips", "2025"), "oslo", {"content": "Trip to Oslo"})
        store.put(("alice",), "tea", {"content": "likes tea"})
    # without a prefix every namespace holding items; one holding items directly is listed
    assert (
        ours.list_namespaces()
        == ref.list_namespaces()
        == [
            ("alice",),
            ("bob", "trips"),
            ("bob", "trips", "2025"),
        ]
    )
    assert ours.list_namespaces(prefix=("bob",)) == [("bob", "trips"), ("bob", "trips", "2025")]
    # a listing search where no namespace lies under the prefix is empty, not an error
    assert ours.search(("carol", "x")) == ref.search(("carol", "x")) == []
    assert [i.key for i in ours.search(("bob", "trips", "2025"))] == ["oslo"]
