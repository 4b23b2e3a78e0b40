"""``Engine.commit_run`` applies the adds between commuting changes as one run
(``OpRegistry.apply_run``), taking the rows its caller built for them beforehand: the rows, op
log, audit chain, lexical index and returned nodes must be exactly those of committing the same
ops one by one, as replay applies them."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.core import ops
from hybridmem.core import tree as core_tree
from hybridmem.core.ops import (
    ERASED_PAYLOAD,
    BuiltRow,
    add_row,
    changed_node,
    parent_key,
    predicts,
)
from hybridmem.index import InMemoryIndex
from hybridmem.models import NodeStatus, OpRecord
from hybridmem.store import row_to_node
from tests.store_tables import store_tables

TABLES = {
    "nodes": "rid",
    "oplog": "seq",
    "audit_log": "seq",
    "lex_df": "term",
    "lex_totals": "name",
    "nodes_fts": "rowid",
}
START = datetime(2025, 3, 1, tzinfo=UTC)


def _open(path: Path) -> HybridMemory:
    return HybridMemory(path, embedder="hash", index=InMemoryIndex(), clock=FakeClock(START))


def _seed(mem: HybridMemory) -> list[str]:
    """The same starting tree in every store: a task with a few children (the user's root
    gets the same id: the tests patch ``new_node_id``)."""
    mem.add("task one", node_type="task", user_id="u", id="t1")
    for k in range(4):
        mem.add(f"older note {k} about tea", parent_id="t1", user_id="u", id=f"o{k}")
    return ["t1", *(f"o{k}" for k in range(4))]


def _add(node_id: str, parent: str, rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    words = rng.sample(["tea", "coffee", "berlin", "run", "quiet", "morning", "plan", "red"], 3)
    return (
        "add",
        node_id,
        "u",
        {
            "parent_id": parent,
            "node_type": rng.choice(["fact", "event", "task", "preference"]),
            "content": f"{node_id} {' '.join(words)}",
            "importance": rng.random(),
            "confidence": rng.random(),
            "metadata": rng.choice([{}, {"k": rng.randrange(9)}]),
            "created_at": (START + timedelta(seconds=rng.randrange(99))).isoformat(),
            "status": "active",
            "conflict_group": rng.choice([None, "g1"]),
        },
    )


def _change(node_id: str, rng: random.Random) -> tuple[str, str, str, dict[str, Any]]:
    values = rng.choice(
        [
            {"importance": rng.random()},
            {"status": "superseded", "confidence": rng.random()},
            {"metadata": {"seen": rng.randrange(9)}, "conflict_group": "g2"},
            {"lifecycle": "stable", "tier": "core"},
        ]
    )
    return (rng.choice(["evolve", "maintain"]), node_id, "u", {"action": "x", "values": values})


def _script(rng: random.Random, older: list[str]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Adds (under older nodes or earlier adds of the script) mixed with changes, among them
    changes to a node added later in the script, and ops that do not commute with adds."""
    later = [f"n{k}" for k in range(40)]
    entries: list[tuple[str, str, str, dict[str, Any]]] = []
    known = list(older)
    for node_id in later:
        entries.append(_add(node_id, rng.choice(known), rng))
        known.append(node_id)
        for _ in range(rng.choice([0, 0, 1, 2])):
            roll = rng.random()
            if roll < 0.15:  # a node not added yet (a no-op now; it must not move after it)
                target = rng.choice(later[later.index(node_id) + 1 :] or later)
                entries.append(_change(target, rng))
            elif roll < 0.2:
                entries.append(("update", rng.choice(known), "u", {"importance": rng.random()}))
            elif roll < 0.25:  # later adds under the moved node or below it get its new path
                entries.append(("move", rng.choice(known[1:]), "u", {"to": "t1"}))
            elif roll < 0.28:
                entries.append(("evolve", rng.choice(known), "u", dict(ERASED_PAYLOAD)))
            elif roll < 0.32:
                entries.append(("evolve", rng.choice(known), "u", {"action": "x", "values": {}}))
            else:
                entries.append(_change(rng.choice(known), rng))
    return entries


@pytest.fixture(autouse=True)
def _same_root_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_tree, "new_node_id", lambda: "7" * 32)


@pytest.mark.parametrize("seed", range(10))
def test_a_run_commits_as_the_ops_one_by_one(tmp_path: Path, seed: int) -> None:
    batched, single = _open(tmp_path / "batched"), _open(tmp_path / "single")
    older = _seed(batched)
    _seed(single)
    entries = _script(random.Random(seed), older)
    at = START + timedelta(hours=1)
    with batched.engine.write():
        run = batched.engine.commit_run(entries, at=at)
    with single.engine.write():
        one = [
            single.engine.commit(op, node_id=n, user_id=u, payload=p, at=at)
            for op, n, u, p in entries
        ]
    assert run == one
    # Some adds did move after changes, and some changes stayed before the add of their node.
    order = batched.engine.ops._hoisted([r for r, _ in run])
    assert order != sorted(order)
    batched.close()
    single.close()
    got, want = (
        store_tables(tmp_path / "batched", TABLES),
        store_tables(tmp_path / "single", TABLES),
    )
    for table in TABLES:
        assert got[table] == want[table], table


def test_a_change_to_a_node_added_later_stays_before_its_add(tmp_path: Path) -> None:
    mem = _open(tmp_path / "m")
    _seed(mem)
    rng = random.Random(1)
    entries = [
        _add("a", "t1", rng),
        ("evolve", "b", "u", {"action": "x", "values": {"importance": 0.01}}),
        _add("b", "t1", rng),
        ("evolve", "o1", "u", {"action": "x", "values": {"importance": 0.02}}),
        _add("c", "t1", rng),
    ]
    with mem.engine.write():
        mem.engine.commit_run(entries, at=START)
    # The change to "b" came before "b" existed: it changed nothing; o1's did.
    assert mem.get("b").importance == entries[2][3]["importance"]
    assert mem.get("b").version == 1
    assert mem.get("o1").importance == 0.02
    mem.close()


def _built_rows(
    mem: HybridMemory,
    entries: list[tuple[str, str, str, dict[str, Any]]],
    at: datetime,
    wrong: bool,
) -> dict[str, BuiltRow]:
    """Rows built before the commit as a writer builds them; ``wrong``: every other one for
    the seq after the one it gets, the rest under a parent key other than its parent's (and
    their rows visibly wrong, so taking one would show)."""
    first = mem.store.last_seq() + 1
    built: dict[str, BuiltRow] = {}
    for k, (op, node_id, user_id, payload) in enumerate(entries):
        seq = first + k + (1 if wrong and k % 2 else 0)
        rec = OpRecord(seq, op, node_id, user_id, payload, at, mem.engine.actor)
        parent = mem.store.get(payload["parent_id"])
        assert parent is not None
        row, _ = add_row(mem.engine.apply_context, rec, parent, terms=False)
        key = parent_key(parent)
        if wrong:
            row = {**row, "content": "WRONG", "importance": 0.0}
            key = key if k % 2 else ("elsewhere", parent.path, parent.task_id)
        built[node_id] = BuiltRow(rec, key, row, row_to_node(row))
    return built


@pytest.mark.parametrize("wrong", [False, True])
def test_rows_built_beforehand_are_taken_only_for_their_record_and_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wrong: bool
) -> None:
    taken, fresh = _open(tmp_path / "taken"), _open(tmp_path / "fresh")
    _seed(taken)
    _seed(fresh)
    rng = random.Random(3)
    entries = [_add(f"n{k}", rng.choice(["t1", "o1", "o2"]), rng) for k in range(8)]
    at = START + timedelta(hours=1)
    built = _built_rows(taken, entries, at, wrong)
    if not wrong:  # every row is taken: none is built again
        monkeypatch.setattr(ops, "add_row", lambda *a, **k: pytest.fail("row built again"))
    with taken.engine.write():
        got = taken.engine.commit_run(entries, at=at, built=built)
    monkeypatch.undo()
    with fresh.engine.write():
        want = fresh.engine.commit_run(entries, at=at)
    assert got == want
    taken.close()
    fresh.close()
    assert store_tables(tmp_path / "taken", TABLES) == store_tables(tmp_path / "fresh", TABLES)


def test_a_queued_change_shows_the_node_the_store_reads_back(tmp_path: Path) -> None:
    """``changed_node`` (what a writer shows its planner for a queued change, and what lets a
    change commute with adds: ``predicts``) must match the store's own read-back, column by
    column (``ops._READ_BACK`` repeats how ``row_to_node`` reads each one)."""
    mem = _open(tmp_path / "m")
    older = _seed(mem)
    rng = random.Random(11)
    choices: dict[str, list[Any]] = {
        "importance": [0.0, 0.25, 1, rng.random()],
        "confidence": [0.5, 1, rng.random()],
        "status": ["active", NodeStatus.CANDIDATE, "superseded", NodeStatus.ARCHIVED],
        "lifecycle": [None, "stable", "fading"],
        "tier": [None, "core", "buffer"],
        "conflict_group": [None, "g1", "slot:user.residence"],
        "metadata": [{}, {"k": 1}, {"awaiting": "confirmation", "n": [1, 2]}, {"t": "茶"}],
    }
    for k in range(60):
        node_id = rng.choice(older)
        keys = rng.sample(sorted(choices), rng.randint(1, 4))
        values = {key: rng.choice(choices[key]) for key in keys}
        assert predicts(values)
        node = mem.store.get(node_id)
        assert node is not None
        at = START + timedelta(minutes=k + 1)
        shown = changed_node(node, values, at)
        with mem.engine.write():
            mem.engine.commit(
                "evolve",
                node_id=node_id,
                user_id="u",
                payload={"action": "x", "values": values},
                at=at,
            )
        assert mem.store.get(node_id) == shown, values
    mem.close()
