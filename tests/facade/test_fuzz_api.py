"""Hostile input against the public API: every failure is a HybridMemError naming the problem,
and after any sequence the stores agree and no earlier memory is lost.

Each test keeps ONE store across all its examples on purpose: state accumulates, so a bad input
that corrupted anything would be seen by the checks after later examples. Every public method
of ``HybridMemory`` and ``ScopedMemory`` has its own test (``test_every_public_method``) of
``HYBRIDMEM_FUZZ_EXAMPLES`` examples (300 by default, what CI runs); each example first makes
a small valid write (so the method meets a changing store), then calls the method with
arguments drawn from valid values and junk, then checks the store (cheap: every acknowledged
memory reads back as written, SQLite ids == Chroma ids == FTS5 rows).
"""

from __future__ import annotations

import functools
import inspect
import io
import math
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybridmem import FakeClock, HashEmbedder, HybridMemory, MemoryConfig, NodeInput
from hybridmem.errors import (
    HybridMemError,
    LimitExceededError,
    NodeNotFoundError,
    StoreClosedError,
    ValidationError,
)
from hybridmem.evolution.maintain.distill import ExtractiveDistiller
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.scoped import ScopedMemory
from hybridmem.testing.checks import consistency

MAX_CHARS = 2_000
SYNTAX = [
    "'",
    '"',
    "''",
    '""',
    "MATCH",
    "match",
    "NEAR(a b, 3)",
    "NEAR",
    "*",
    "a*",
    "terms:",
    "nodes_fts:",
    "{terms}:x",
    "^",
    "AND",
    "OR",
    "NOT",
    "(",
    ")",
    "-",
    "+",
    ":",
    "'; DROP TABLE nodes; --",
    '" OR 1=1 --',
    "%",
    "_",
    "\\",
    "/",
    "../../etc/passwd",
    "C:\\Windows\\system32",
    "~/.ssh",
    "\x00",
    "\u200b",
    "\u202e",
    "\ufeff",
    "报销",
    "発票",
    "😀",
    "\U0010ffff",
    "\ud800",
    "NULL",
    "bm25(nodes_fts)",
    "rowid",
    "$where",
    '{"$ne": 1}',
    "\n",
    "\t",
    " ",
    # Dates at the edges of the calendar, in any text (a question names one: issue 35).
    "in year 9999",
    "9999-12-31",
    "December 9999",
    "on 31 December 9999",
    "9999年12月",
    "9999年12月31日",
    "9999999999年前",
    "0001-01-01",
    "10000 years ago",
]
fragments = st.sampled_from(SYNTAX)
any_chars = st.text(st.characters(exclude_categories=()), max_size=40)  # surrogates too
hostile_text = st.one_of(
    any_chars,
    st.lists(st.one_of(fragments, any_chars), min_size=1, max_size=8).map("".join),
    st.lists(fragments, min_size=1, max_size=6).map(" ".join),
    st.integers(MAX_CHARS - 2, MAX_CHARS + 2).map(lambda n: "x" * n),
)
EDGE_INTS = [2**31, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64, 10**30]
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(EDGE_INTS),
    st.floats(allow_nan=True),
    st.binary(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    hostile_text,
)
ids = st.one_of(junk, st.from_regex(r"[A-Za-z0-9._:\-]{1,128}", fullmatch=True))
EXAMPLES = int(os.environ.get("HYBRIDMEM_FUZZ_EXAMPLES", "300"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Ledger:
    """What the store must still hold: every acknowledged write (and the op-log seq at which
    it was acknowledged, for restores to an earlier point)."""

    def __init__(self, mem: HybridMemory) -> None:
        self.mem = mem
        self.contents: dict[str, str] = {}
        self.acked: dict[str, int] = {}
        self.owners: dict[str, str] = {}
        self.examples = 0

    def ack(self, node: Any) -> None:
        self.contents[node.id] = node.content
        self.acked[node.id] = self.mem.store.last_seq()
        self.owners[node.id] = node.user_id

    def forget(self, ids: Any) -> None:
        for node_id in ids:
            self.contents.pop(node_id, None)
            self.acked.pop(node_id, None)

    def check(self) -> None:
        self.examples += 1
        found = self.mem.store.get_many(self.contents)
        assert {i: n.content for i, n in found.items()} == self.contents
        # add_messages commits and leaves its vectors to the index backlog (read-your-writes
        # holds through search); once the backlog is drained the index must be whole.
        self.mem.wait_indexed()
        report = consistency(self.mem)
        assert report.ok, report
        # This process owns the index: after the drain, no vector is left to write.
        pending = [i for i, state in self.mem.store.index_states().items() if state != "indexed"]
        assert pending == [], pending


@pytest.fixture
def ledger(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # hostile relative paths land in tmp_path
    config = MemoryConfig(max_content_chars=MAX_CHARS)
    clock = FakeClock(datetime(2024, 7, 1, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key(), key_env="HM_TEST_NOKEY")
    with HybridMemory(
        tmp_path / "m", embedder=HashEmbedder(32), config=config, clock=clock, privacy=privacy
    ) as mem:
        task = mem.add("the task", node_type="task", user_id="u1")
        book = Ledger(mem)
        book.contents[task.id] = task.content
        yield book
        print(f"\nfuzz examples checked: {book.examples}")


def expect_clean(call, *args, **kwargs):
    """Run ``call``; any exception must come from the hierarchy and say something."""
    try:
        return call(*args, **kwargs)
    except HybridMemError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"
        return exc


@FUZZ
@given(
    content=st.one_of(hostile_text, junk),
    user=st.one_of(st.sampled_from(["u1", "u2"]), hostile_text, junk),
    node_type=st.one_of(st.sampled_from(["event", "fact", "task"]), junk),
    sensitive=st.one_of(st.booleans(), junk),
    weight=st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True), junk),
    metadata=st.one_of(
        st.none(), st.dictionaries(any_chars, st.one_of(any_chars, st.floats())), junk
    ),
)
def test_add_with_hostile_input(ledger, content, user, node_type, sensitive, weight, metadata):
    mem = ledger.mem
    before = set(mem.store.all_ids())
    out = expect_clean(
        mem.add,
        content,
        user_id=user,
        node_type=node_type,
        sensitive=sensitive,
        importance=weight,
        metadata=metadata,
    )
    if isinstance(out, HybridMemError):
        assert isinstance(out, ValidationError), out
    elif out.id in before:
        # De-duplication (':' and ';' normalise alike): the existing memory was reinforced,
        # and is returned unchanged (the ledger check below covers it).
        assert out.content == mem.get(out.id).content
    else:
        assert mem.get(out.id, user_id=user).content == content
        ledger.contents[out.id] = content
    ledger.check()


@FUZZ
@given(
    query=st.one_of(hostile_text, junk),
    user=st.one_of(st.just("u1"), hostile_text, junk),
    top_k=st.one_of(st.integers(-2, 50), junk),
    budget=st.one_of(st.none(), st.integers(-5, 500), junk),
    task=st.one_of(st.none(), ids),
)
def test_retrieve_with_hostile_queries(ledger, query, user, top_k, budget, task):
    mem = ledger.mem
    for text in ("invoice 报销 returned", "secret salary 42", "meeting NEAR lunch"):
        if text not in ledger.contents.values():
            node = mem.add(text, user_id="u1", sensitive="secret" in text)
            ledger.contents[node.id] = text
    if not any(c == "other tenant secret" for c in ledger.contents.values()):
        other = mem.add("other tenant secret", user_id="u2")
        ledger.contents[other.id] = other.content
    out = expect_clean(
        mem.retrieve, query, user_id=user, top_k=top_k, token_budget=budget, task_id=task
    )
    if not isinstance(out, HybridMemError):
        assert all(n.user_id == user for n in [*out.nodes, *out.path])
        if budget is not None:
            assert out.tokens <= budget
    ledger.check()


@FUZZ
@given(
    node_id=ids,
    other=ids,
    user=st.one_of(st.none(), st.just("u1"), st.just("u2"), junk),
    op=st.sampled_from(
        [
            "get",
            "children",
            "path_to_root",
            "subtree",
            "set_active",
            "history",
            "move",
            "delete",
            "update",
            "erase",
        ]
    ),
)
def test_ids_and_types(ledger, node_id, other, user, op):
    mem = ledger.mem
    before = mem.stats().nodes
    calls = {
        "get": lambda: mem.get(node_id, user_id=user),
        "children": lambda: mem.children(node_id, user_id=user),
        "path_to_root": lambda: mem.path_to_root(node_id, user_id=user),
        "subtree": lambda: mem.subtree(node_id, user_id=user),
        "set_active": lambda: mem.set_active(node_id, user_id=user),
        "history": lambda: mem.history(node_id, user_id=user),
        "move": lambda: mem.move(node_id, other, user_id=user),
        "delete": lambda: mem.delete(node_id, user_id=user),
        "update": lambda: mem.update(node_id, content=other, user_id=user),
        # erase(None, user_id=u) is a valid whole-user erasure: not what this test is about.
        "erase": lambda: mem.erase(node_id if node_id is not None else "x", user_id=user),
    }
    out = expect_clean(calls[op])
    # Random ids almost never exist; when they fail, nothing changed.
    if isinstance(out, HybridMemError):
        assert mem.stats().nodes == before
        assert isinstance(out, ValidationError | NodeNotFoundError), out
    ledger.check()


@FUZZ
@given(
    node=st.sampled_from(["first", "last"]),
    content=st.one_of(hostile_text, junk),
    status=st.one_of(st.sampled_from(["active", "archived", "candidate"]), junk),
    node_type=st.one_of(st.sampled_from(["fact", "task", "root"]), junk),
    version=st.one_of(st.none(), st.integers(-1, 5), junk),
)
def test_update_with_hostile_fields(ledger, node, content, status, node_type, version):
    mem = ledger.mem
    if len(ledger.contents) < 2:
        made = mem.add("an event to update", user_id="u1")
        ledger.contents[made.id] = made.content
    node_id = list(ledger.contents)[0 if node == "first" else -1]
    out = expect_clean(
        mem.update,
        node_id,
        content=content,
        status=status,
        node_type=node_type,
        expected_version=version,
        user_id="u1",
    )
    if not isinstance(out, HybridMemError) and isinstance(content, str):
        ledger.contents[node_id] = content
    ledger.check()


@FUZZ
@given(
    lines=st.lists(
        st.one_of(
            hostile_text,
            fragments,
            st.just('{"kind": "node"}'),
            st.just('{"kind": "header", "format": "hybridmem-export", "version": 1}'),
        ),
        max_size=5,
    )
)
def test_import_with_hostile_lines(ledger, lines):
    mem = ledger.mem
    before = mem.stats().nodes
    out = expect_clean(mem.import_jsonl, io.StringIO("\n".join(lines)), user_id="u3")
    assert isinstance(out, ValidationError), out
    assert mem.stats().nodes == before
    ledger.check()


def test_depth_and_nodes_per_user_limits(tmp_path):
    config = MemoryConfig(max_depth=3, max_nodes_per_user=5)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(32), config=config) as mem:
        task = mem.add("t", node_type="task", user_id="u1")  # root (0) -> task (1)
        child = mem.add("c", parent_id=task.id, user_id="u1")  # 2
        leaf = mem.add("l", parent_id=child.id, user_id="u1")  # 3
        with pytest.raises(LimitExceededError, match="depth 4; the maximum is 3"):
            mem.add("too deep", parent_id=leaf.id, user_id="u1")
        other = mem.add("o", parent_id=task.id, user_id="u1")  # 5 nodes with the root
        with pytest.raises(LimitExceededError, match="would hold 6 nodes; the maximum is 5"):
            mem.add("one too many", user_id="u1")
        with pytest.raises(LimitExceededError, match="depth 4"):
            mem.move(child.id, other.id, user_id="u1")
        assert mem.get(leaf.id).depth == 3 and mem.stats().nodes == 5
        mem.add("u2 has its own quota", user_id="u2")
    for bad in (dict(max_depth=0), dict(max_nodes_per_user=1), dict(max_depth=math.pi)):
        with pytest.raises(ValidationError):
            MemoryConfig(**bad)


@FUZZ
@given(
    scope_id=st.one_of(hostile_text, junk),
    field=st.sampled_from(["user_id", "agent_id", "session_id", "source_id", "id", "parent_id"]),
    metadata=st.one_of(
        st.none(),
        st.dictionaries(st.one_of(any_chars, fragments), st.one_of(any_chars, fragments, junk)),
        st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2), max_leaves=5),
    ),
)
def test_add_with_hostile_scope_ids_and_metadata(ledger, scope_id, field, metadata):
    """Valid content, so the hostile scope id or metadata is what the store has to survive."""
    mem = ledger.mem
    out = expect_clean(mem.add, "a perfectly fine memory", metadata=metadata, **{field: scope_id})
    if isinstance(out, HybridMemError):
        assert isinstance(out, ValidationError | NodeNotFoundError), out
    else:
        ledger.contents[out.id] = out.content
    ledger.check()


# -- every public method ------------------------------------------------------------------
# Each entry draws its arguments from ``data`` and returns (call, after): ``call()`` runs the
# method; ``after(result)`` updates the ledger for a call that succeeded (what it legitimately
# removed or wrote). Arguments mix valid values (existing ids, real users, real snapshots) and
# junk, so both the checks and the deep paths are reached.

Draw = Callable[[Any], Any]
Entry = Callable[[HybridMemory, Ledger, Any, Path], tuple[Callable[[], Any], Callable[[Any], None]]]
USERS = ["u1", "u2"]


def nothing(_: Any) -> None:
    return None


def maybe(strategy: Any) -> Any:
    return st.one_of(st.none(), strategy)


class Pick(int):
    """An index into whatever exists when the call is made. Draws must not depend on the
    store's state (hypothesis replays choice sequences), so existing things are picked by
    index and resolved afterwards."""


picks = st.integers(0, 2**16).map(Pick)
node_refs = st.one_of(picks, ids)


def pick(items: list[Any], value: Any, empty: Any = "no-such-id") -> Any:
    """``value`` itself, or the picked one of ``items`` when it is a :class:`Pick`."""
    if isinstance(value, Pick):
        return items[value % len(items)] if items else empty
    return value


def node_id_of(book: Ledger, value: Any) -> Any:
    """Existing ids (of every user, roots included), random well-formed ids, or junk."""
    return pick(sorted(book.mem.store.all_ids()), value)


users = st.one_of(st.sampled_from(USERS), junk)
flags = st.one_of(st.booleans(), junk)
FAR_ZONES = [timezone(timedelta(hours=14)), timezone(-timedelta(hours=14)), UTC]
times = st.one_of(
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)),
    st.datetimes(timezones=st.just(UTC)),
    # The first and last days of the calendar in far zones: out of range once in UTC.
    st.builds(
        lambda day, zone: day.replace(tzinfo=zone),
        st.sampled_from(
            [datetime.min, datetime.max, datetime(1, 1, 1, 10), datetime(9999, 12, 31)]
        ),
        st.sampled_from(FAR_ZONES),
    ),
    junk,
)
seqs = st.one_of(st.integers(-3, 10**20), junk)


SEED = [
    {"content": "Expense claim #7", "node_type": "task", "id": "seed-task"},
    {"content": "Finance returned the claim", "parent_id": "seed-task"},
    {"content": "Next: re-scan the invoice", "node_type": "state", "parent_id": "seed-task"},
    {"content": "I live in Lyon", "node_type": "fact", "slot": "user.city"},
    {"content": "I live in Paris now", "node_type": "fact", "slot": "user.city"},
    {"content": "salary is 4200", "sensitive": True, "parent_id": "seed-task"},
    {"content": "an old note", "parent_id": "seed-task", "id": "seed-old"},
]


def replenish(book: Ledger) -> None:
    """Keep a few memories to aim at after deletes and erasures (one batch: one upsert)."""
    mine = [i for i in book.contents if book.owners.get(i) == "u1"]
    if len(mine) >= 4:
        return
    salt = book.mem.store.last_seq()
    batch = [{"content": f"refill {salt} {i}", "node_type": "event"} for i in range(4)]
    for node in book.mem.add_many(batch, user_id="u1"):
        book.ack(node)


def churn(book: Ledger, data: Any) -> None:
    """For methods without arguments: one example in four first changes the store a little, so
    the 300 calls meet different states (a Chroma upsert costs ~25 ms: not every time)."""
    change = data.draw(st.integers(0, 7), label="change")
    data.draw(st.integers(0, 10**6), label="salt")  # distinct examples for hypothesis
    mem = book.mem
    if change == 0:
        book.ack(mem.add("churned memory", user_id="u1", sensitive=data.draw(st.booleans())))
    elif change == 1:
        node_id = pick(sorted(book.contents), data.draw(picks))
        mem.update(node_id, importance=0.3)
        book.ack(mem.get(node_id))


def subtree_ids(mem: HybridMemory, node_id: Any) -> set[str]:
    try:
        return {n.id for n in mem.subtree(node_id)}
    except HybridMemError:
        return set()


def e_add(mem, book, data, tmp):
    kwargs = {
        "parent_id": node_id_of(book, data.draw(maybe(node_refs))),
        "node_type": data.draw(
            st.one_of(st.sampled_from(["event", "fact", "task", "state"]), junk)
        ),
        "user_id": data.draw(users),
        "importance": data.draw(maybe(st.floats(allow_nan=True))),
        "metadata": data.draw(
            maybe(
                st.dictionaries(
                    st.one_of(any_chars, st.sampled_from(META_KEYS)),
                    st.one_of(st.integers(), st.sampled_from(EDGE_INTS), any_chars),
                    max_size=2,
                )
            )
        ),
        "created_at": data.draw(maybe(times)),
        "lifecycle": data.draw(maybe(st.one_of(st.sampled_from(["long_term", "transient"]), junk))),
        "tier": data.draw(maybe(st.one_of(st.sampled_from(["working", "buffer"]), junk))),
        "slot": data.draw(maybe(st.one_of(st.just("user.city"), junk))),
        "activate": data.draw(maybe(flags)),
        "sensitive": data.draw(flags),
        "agent_id": data.draw(maybe(st.one_of(st.just("planner"), junk))),
    }
    content = data.draw(st.one_of(st.just("a memory"), hostile_text, junk))
    return (lambda: mem.add(content, **kwargs)), book.ack


def e_add_many(mem, book, data, tmp):
    item = st.one_of(
        st.builds(NodeInput, content=st.one_of(st.just("batch item"), hostile_text, junk)),
        st.dictionaries(
            st.sampled_from(["content", "node_type", "parent_id", "importance", "bogus"]),
            st.one_of(st.just("fact"), st.just("batch item"), junk),
            max_size=4,
        ),
        junk,
    )
    items = data.draw(st.one_of(st.lists(item, max_size=4), junk))
    user = data.draw(users)

    def after(nodes):
        for node in nodes:
            book.ack(node)

    return (lambda: mem.add_many(items, user_id=user)), after


def e_update(mem, book, data, tmp):
    node_id = node_id_of(book, data.draw(node_refs))
    kwargs = {
        "content": data.draw(maybe(st.one_of(st.just("changed text"), hostile_text, junk))),
        "importance": data.draw(maybe(st.floats(allow_nan=True))),
        "node_type": data.draw(maybe(st.one_of(st.sampled_from(["fact", "root", "event"]), junk))),
        "metadata": data.draw(maybe(st.one_of(st.dictionaries(any_chars, st.integers()), junk))),
        "status": data.draw(maybe(st.one_of(st.sampled_from(["active", "archived"]), junk))),
        "user_id": data.draw(maybe(users)),
        "expected_version": data.draw(maybe(st.one_of(st.integers(-1, 5), junk))),
    }

    def after(node):
        if node.id in book.contents or kwargs["content"] is not None:
            book.ack(node)

    return (lambda: mem.update(node_id, **kwargs)), after


def e_move(mem, book, data, tmp):
    a, b, user = (
        node_id_of(book, data.draw(node_refs)),
        node_id_of(book, data.draw(node_refs)),
        data.draw(maybe(users)),
    )
    return (lambda: mem.move(a, b, user_id=user)), nothing


def e_delete(mem, book, data, tmp):
    node_id, subtree, user = (
        node_id_of(book, data.draw(node_refs)),
        data.draw(flags),
        data.draw(maybe(users)),
    )
    gone = (
        subtree_ids(mem, node_id)
        if subtree is True
        else ({node_id} if isinstance(node_id, str) else set())
    )
    return (lambda: mem.delete(node_id, subtree=subtree, user_id=user)), lambda _: book.forget(gone)


def e_erase(mem, book, data, tmp):
    node_id = node_id_of(book, data.draw(st.one_of(st.none(), node_refs)))
    user = data.draw(maybe(users))
    subtree = data.draw(flags)
    compact = data.draw(st.one_of(st.just(False), flags))  # compaction is slow: mostly off
    if node_id is None:
        gone = set(mem.store.all_ids(user_id=user)) if user in USERS else set()
    else:
        gone = (
            subtree_ids(mem, node_id)
            if subtree is True
            else ({node_id} if isinstance(node_id, str) else set())
        )
    return (
        lambda: mem.erase(node_id, user_id=user, subtree=subtree, compact=compact),
        lambda _: book.forget(gone),
    )


def e_reads(name: str) -> Entry:
    def entry(mem, book, data, tmp):
        node_id, user = node_id_of(book, data.draw(node_refs)), data.draw(maybe(users))
        method = getattr(mem, name)

        def after(out):
            nodes = out if isinstance(out, list) else [out]
            if isinstance(user, str):
                assert all(n.user_id == user for n in nodes)  # never another tenant's node

        return (lambda: method(node_id, user_id=user)), after

    return entry


def e_user_reads(name: str) -> Entry:
    def entry(mem, book, data, tmp):
        user = data.draw(users)
        method = getattr(mem, name)
        return (lambda: method(user_id=user)), nothing

    return entry


def e_plain(name: str) -> Entry:
    def entry(mem, book, data, tmp):
        churn(book, data)
        return getattr(mem, name), nothing

    return entry


def e_retrieve(mem, book, data, tmp):
    query = data.draw(st.one_of(st.just("invoice"), hostile_text, junk))
    kwargs = {
        "user_id": data.draw(users),
        "task_id": node_id_of(book, data.draw(maybe(node_refs))),
        "top_k": data.draw(st.one_of(st.integers(-1, 20), junk)),
        "token_budget": data.draw(maybe(st.one_of(st.integers(-1, 400), junk))),
        "agent_id": data.draw(maybe(st.one_of(st.just("planner"), junk))),
        "scope": data.draw(st.one_of(st.sampled_from(["task", "user"]), junk)),
        "record_access": data.draw(flags),
        "where": data.draw(maybe(wheres)),
    }

    def after(out):
        assert all(n.user_id == kwargs["user_id"] for n in [*out.nodes, *out.path])
        if isinstance(kwargs["token_budget"], int):
            assert out.tokens <= kwargs["token_budget"]
        assert out.vector_unavailable is False  # this process owns the index

    return (lambda: mem.retrieve(query, **kwargs)), after


def e_resolve_id(mem, book, data, tmp):
    full = node_id_of(book, data.draw(node_refs))
    cut = data.draw(st.integers(1, 40))
    end = data.draw(st.booleans())  # tables show an id's last characters
    fragment = (full[-cut:] if end else full[:cut]) if isinstance(full, str) else full
    user = data.draw(maybe(users))

    def after(found):
        assert isinstance(full, str)
        assert found.startswith(fragment) or found.endswith(fragment)
        if isinstance(user, str):
            assert mem.store.owner(found) == user

    return (lambda: mem.resolve_id(fragment, user_id=user)), after


META_KEYS = ["project", "k", "", "a\\", "\\", "a\x00", 'q"k', "\U0001f600", "n.k\\"]
wheres = st.one_of(
    st.dictionaries(
        st.sampled_from([*META_KEYS, "$or", "$and"]),
        st.one_of(st.integers(), any_chars, st.dictionaries(any_chars, junk)),
        max_size=2,
    ),
    # List operators with thousands of values (issue 35: once an SQL expression too deep).
    st.builds(
        lambda key, op, n, text: {key: {op: [str(i) if text else i for i in range(n)]}},
        st.sampled_from(META_KEYS),
        st.sampled_from(["$in", "$nin"]),
        st.integers(1, 12_000),
        st.booleans(),
    ),
    # Deeply nested filters.
    st.integers(1, 3000).map(
        lambda d: functools.reduce(lambda w, _: {"$and": [w]}, range(d), {"k": 1})
    ),
    junk,
)


def e_get_all(mem, book, data, tmp):
    kwargs = {
        "user_id": data.draw(users),
        "node_type": data.draw(
            maybe(st.one_of(st.sampled_from(["fact", "task", "root"]), st.lists(junk), junk))
        ),
        "where": data.draw(maybe(wheres)),
        "status": data.draw(maybe(st.one_of(st.sampled_from(["active", "archived"]), junk))),
        "limit": data.draw(maybe(st.one_of(st.integers(-1, 20), junk))),
        "offset": data.draw(st.one_of(st.integers(-1, 20), junk)),
    }

    def after(nodes):
        assert all(n.user_id == kwargs["user_id"] for n in nodes)

    return (lambda: mem.get_all(**kwargs)), after


def e_set_slot_extractor(mem, book, data, tmp):
    class Extractor:
        name = "fuzz"

        def extract(self, text: str, slots: Any) -> None:
            return None

    extractor = data.draw(st.one_of(st.none(), st.builds(Extractor), junk))
    return (lambda: mem.set_slot_extractor(extractor)), nothing


def e_add_messages(mem, book, data, tmp):
    message = st.one_of(
        st.fixed_dictionaries(
            {
                "role": st.one_of(st.sampled_from(["user", "assistant", "system", "tool"]), junk),
                "content": st.one_of(st.just("I live in Lyon."), hostile_text, junk),
            },
            optional={
                "id": st.one_of(any_chars, junk),
                "created_at": times,
                "tool": st.one_of(st.sampled_from(["call", "result"]), junk),
            },
        ),
        junk,
    )
    messages = data.draw(st.one_of(st.lists(message, max_size=3), junk))
    kwargs = {
        "user_id": data.draw(users),
        "task_id": node_id_of(book, data.draw(maybe(node_refs))),
        "agent_id": data.draw(maybe(st.one_of(st.just("planner"), junk))),
        "session_id": data.draw(maybe(st.one_of(st.just("s1"), junk))),
    }

    def after(report):
        for written in report.written:
            book.ack(mem.get(written.node_id))

    return (lambda: mem.add_messages(messages, **kwargs)), after


def e_set_message_extractor(mem, book, data, tmp):
    class Extractor:
        name = "fuzz"

        def extract(self, messages: Any) -> None:
            return None

    extractor = data.draw(st.one_of(st.none(), st.builds(Extractor), junk))
    return (lambda: mem.set_message_extractor(extractor)), nothing


def grant_refs(mem: HybridMemory) -> Any:
    """The id of an existing grant of a user (when there is one), else a made-up one."""
    existing = [g.id for u in USERS for g in mem.grants(user_id=u)]
    return st.sampled_from(existing or ["no-such-grant"])


def e_grant(mem, book, data, tmp):
    kwargs = {
        "user_id": data.draw(users),
        "to_agent": data.draw(st.one_of(st.sampled_from(["planner", "executor"]), junk)),
        "perms": data.draw(st.one_of(st.sampled_from(["read", "write"]), junk)),
        "from_agent": data.draw(maybe(st.one_of(st.just("planner"), junk))),
        "subtree": node_id_of(book, data.draw(maybe(node_refs))),
        "shared": data.draw(st.one_of(st.booleans(), junk)),
    }

    def after(made):
        assert made.user_id == kwargs["user_id"]
        if made.subtree is not None:
            assert mem.store.owner(made.subtree) == made.user_id  # never across users

    return (lambda: mem.grant(**kwargs)), after


def e_revoke(mem, book, data, tmp):
    grant_id = data.draw(st.one_of(grant_refs(mem), junk))
    user = data.draw(users)
    return (lambda: mem.revoke(grant_id, user_id=user)), nothing


def e_grants(mem, book, data, tmp):
    kwargs = {"user_id": data.draw(users), "agent_id": data.draw(maybe(junk))}
    return (lambda: mem.grants(**kwargs)), nothing


def e_access(mem, book, data, tmp):
    kwargs = {
        "user_id": data.draw(users),
        "agent_id": data.draw(maybe(st.one_of(st.just("planner"), junk))),
    }
    return (lambda: mem.access(**kwargs)), nothing


def e_sealed_masked(mem, book, data, tmp):
    node_id = node_id_of(book, data.draw(node_refs))

    def call():
        with mem.sealed_masked():  # the book's store has its key: reads are as usual
            mem.get(node_id)

    return call, nothing


def e_audit_log(mem, book, data, tmp):
    kwargs = {
        "user_id": data.draw(maybe(users)),
        "node_id": node_id_of(book, data.draw(maybe(node_refs))),
        "actor": data.draw(maybe(st.one_of(any_chars, junk))),
        "action": data.draw(maybe(st.one_of(st.sampled_from(["add", "update"]), junk))),
        "since": data.draw(maybe(times)),
        "until": data.draw(maybe(times)),
        "limit": data.draw(maybe(st.one_of(st.integers(-1, 50), junk))),
    }
    return (lambda: mem.audit_log(**kwargs)), nothing


def dests(tmp: Path, mem: HybridMemory) -> Any:
    return st.one_of(
        st.builds(io.StringIO),
        st.sampled_from(
            [
                tmp / "out.jsonl",
                str(tmp / "out2.jsonl"),
                tmp,
                tmp / "missing" / "x.jsonl",
                tmp / "a-file" / "x.jsonl",
                tmp / ("x" * 300),
                mem.path / "memory.sqlite3",
                mem.path / "export.jsonl",
            ]
        ),
        junk,
    )


def e_export(mem, book, data, tmp):
    user, dest = data.draw(users), data.draw(dests(tmp, mem))
    return (lambda: mem.export_user(user, dest)), nothing


def e_import(mem, book, data, tmp):
    export = io.StringIO()
    mem.export_user("u1", export)
    lines = export.getvalue().splitlines()
    text = data.draw(
        st.one_of(
            st.just("\n".join(lines)),
            st.lists(st.one_of(picks, hostile_text), max_size=6).map(
                lambda parts: "\n".join(pick(lines, p, "") for p in parts)
            ),
        )
    )
    source = data.draw(
        st.one_of(
            st.just(io.StringIO(text)),
            st.just(text),
            st.sampled_from([tmp / "nope.jsonl", tmp, tmp / "a-file"]),
            junk,
        )
    )
    user = data.draw(maybe(st.one_of(st.sampled_from(["u3", "u1"]), junk)))
    new_ids = data.draw(st.one_of(st.just(True), flags))
    existing = data.draw(st.one_of(st.sampled_from(["error", "skip", "remap"]), junk))
    return (
        lambda: mem.import_jsonl(source, user_id=user, new_ids=new_ids, on_existing=existing)
    ), nothing


def e_rotate_key(mem, book, data, tmp):
    key = data.draw(st.one_of(st.just(generate_key()), st.binary(max_size=40), junk))
    return (lambda: mem.rotate_key(key)), nothing


def e_oplog(mem, book, data, tmp):
    since, until, limit = data.draw(maybe(seqs)), data.draw(maybe(seqs)), data.draw(maybe(seqs))
    kwargs = {"until": until, "limit": limit, **({"since": since} if since is not None else {})}
    return (lambda: mem.oplog(**kwargs)), nothing


def e_restore(mem, book, data, tmp):
    snaps = mem.snapshots()
    last = mem.store.last_seq()
    snapshot = data.draw(
        st.one_of(
            st.none(),
            picks.map(lambda i: pick(snaps, i, None)),
            picks.map(lambda i: pick([s.name for s in snaps], i, None)),
            st.integers(-3, 2).map(lambda d: last + d),
            junk,
        )
    )
    to_seq = data.draw(st.one_of(st.none(), st.integers(-6, 2).map(lambda d: last + d), seqs))
    if data.draw(st.booleans(), label="checkpoint first") or not snaps:
        mem.checkpoint()

    def after(report):
        point = report.restored_to_seq
        # Writes acknowledged after the restored point are legitimately gone or older.
        book.forget([i for i, seq in book.acked.items() if seq > point])
        # Contents read by other tests may predate the ack bookkeeping: re-read them.
        for node_id in [i for i in book.contents if i not in book.acked]:
            book.forget([node_id])

    return (lambda: mem.restore(snapshot, to_seq=to_seq)), after


def e_maintain(mem, book, data, tmp):
    kwargs = {
        "now": data.draw(
            maybe(
                st.one_of(st.integers(0, 400).map(lambda d: mem.clock() + timedelta(days=d)), times)
            )
        ),
        "dry_run": data.draw(flags),
        "deep": data.draw(flags),
        "user_id": data.draw(maybe(users)),
        "distiller": data.draw(maybe(st.one_of(st.builds(ExtractiveDistiller), junk))),
        "max_nodes": data.draw(maybe(st.one_of(st.integers(-1, 50), junk))),
    }

    def after(report):
        book.forget([a.node_id for a in report.actions if a.action == "expire_buffer"])

    return (lambda: mem.maintain(**kwargs)), after


def e_slot(name: str) -> Entry:
    def entry(mem, book, data, tmp):
        slot = data.draw(st.one_of(st.sampled_from(["user.city", "nothing.here"]), junk))
        user = data.draw(users)
        return (lambda: getattr(mem, name)(slot, user_id=user)), nothing

    return entry


def e_inspect(mem, book, data, tmp):
    kwargs = {
        "user_id": data.draw(users),
        "now": data.draw(maybe(times)),
        "statuses": data.draw(maybe(st.one_of(st.lists(st.sampled_from(["active", "x"])), junk))),
        "tiers": data.draw(maybe(st.one_of(st.lists(st.sampled_from(["working", "x"])), junk))),
        "lifecycles": data.draw(maybe(st.one_of(st.lists(st.just("long_term")), junk))),
        "node_types": data.draw(maybe(st.one_of(st.lists(st.sampled_from(["fact", "X"])), junk))),
        "group": data.draw(maybe(st.one_of(st.just("user.city"), junk))),
        "contains": data.draw(maybe(st.one_of(any_chars, junk))),
    }
    return (lambda: mem.inspect(**kwargs)), nothing


def e_add_probe(mem, book, data, tmp):
    user = data.draw(users)
    content = data.draw(maybe(st.one_of(st.just("probe text"), hostile_text, junk)))
    return (lambda: mem.add_probe(user_id=user, content=content)), book.ack


def e_restore_archived(mem, book, data, tmp):
    archived = [r.node.id for r in mem.inspect(user_id="u1", statuses=["archived"])]
    node_id = data.draw(st.one_of(picks, node_refs))
    node_id = (
        pick(archived, node_id)
        if isinstance(node_id, Pick) and archived
        else node_id_of(book, node_id)
    )
    user = data.draw(maybe(users))
    return (lambda: mem.restore_archived(node_id, user_id=user)), nothing


def e_of_type(name: str, node_type: str) -> Entry:
    """A call on one node of ``node_type`` (picked among u1's, or any node reference)."""

    def entry(mem, book, data, tmp):
        known = [r.node.id for r in mem.inspect(user_id="u1", node_types=[node_type])]
        node_id = data.draw(st.one_of(picks, node_refs))
        node_id = (
            pick(known, node_id)
            if isinstance(node_id, Pick) and known
            else node_id_of(book, node_id)
        )
        user = data.draw(maybe(users))
        method = getattr(mem, name)
        if name == "finish_task":
            outcome = data.draw(st.one_of(st.none(), st.just("done"), junk))
            return (lambda: method(node_id, user_id=user, outcome=outcome)), nothing
        return (lambda: method(node_id, user_id=user)), nothing

    return entry


def e_transaction(mem, book, data, tmp):
    contents = data.draw(st.lists(st.one_of(st.just("in a transaction"), junk), max_size=3))
    fail = data.draw(st.booleans())
    before = mem.store.last_seq()
    existing = set(mem.store.all_ids())  # a duplicate add returns one of these

    def call():
        written = []
        try:
            with mem.transaction():
                for content in contents:
                    written.append(mem.add(content, user_id="u1"))
                if fail:
                    raise RuntimeError("the caller changed its mind")
        except RuntimeError:
            assert mem.store.last_seq() == before  # all rolled back
            assert not mem.store.get_many([n.id for n in written if n.id not in existing])
            return []
        except HybridMemError:
            assert mem.store.last_seq() == before
            raise
        return written

    def after(written):
        for node in written:
            book.ack(node)

    return call, after


def e_scoped(mem, book, data, tmp):
    """``mem.scoped(...)`` with hostile scope ids, then one of the view's methods."""
    scope = {
        "user_id": data.draw(users),
        "agent_id": data.draw(maybe(st.one_of(st.just("planner"), junk))),
        "session_id": data.draw(maybe(st.one_of(st.just("s1"), junk))),
    }
    name = data.draw(st.sampled_from(SCOPED_METHODS), label="scoped method")
    node_id = node_id_of(book, data.draw(node_refs))
    other = node_id_of(book, data.draw(node_refs))
    text = data.draw(st.one_of(st.just("scoped text"), hostile_text, junk))
    extra = data.draw(st.dictionaries(st.sampled_from(["node_type", "bogus", "top_k"]), junk))
    gone: set[str] = set()
    if name in ("delete", "erase"):
        gone = subtree_ids(mem, node_id)
        if name == "erase" and data.draw(st.booleans(), label="whole user"):
            node_id = None
            gone = (
                set(mem.store.all_ids(user_id=scope["user_id"]))
                if scope["user_id"] in USERS
                else set()
            )

    def call():
        view = mem.scoped(**scope)
        calls = {
            "add": lambda: view.add(text, **extra),
            "update": lambda: view.update(node_id, content=text),
            "move": lambda: view.move(node_id, other),
            "delete": lambda: view.delete(node_id),
            "erase": lambda: view.erase(node_id),
            "get": lambda: view.get(node_id),
            "children": lambda: view.children(node_id),
            "path_to_root": lambda: view.path_to_root(node_id),
            "subtree": lambda: view.subtree(node_id),
            "root": view.root,
            "active_node": view.active_node,
            "retrieve": lambda: view.retrieve(text, **extra),
            "history": lambda: view.history(node_id),
            "export": lambda: view.export(data.draw(dests(tmp, mem))),
            "all_nodes": view.all_nodes,
            "get_all": lambda: view.get_all(**extra),
            "grant": lambda: view.grant(
                data.draw(st.one_of(st.just("executor"), junk)),
                perms=data.draw(st.one_of(st.sampled_from(["read", "write"]), junk)),
                subtree=data.draw(maybe(st.just(node_id))),
            ),
            "revoke": lambda: view.revoke(data.draw(st.one_of(grant_refs(mem), junk))),
            "grants": view.grants,
            "add_messages": lambda: view.add_messages(
                [{"role": "user", "content": text}],
                task_id=data.draw(maybe(st.just(node_id))),
            ),
            "wait_indexed": view.wait_indexed,
        }
        return name, calls[name]()

    def after(out):
        method, result = out
        if method in ("delete", "erase"):
            book.forget(gone)
        elif method in ("add", "update"):
            book.ack(result)
        elif method == "add_messages":
            for written in result.written:
                book.ack(mem.get(written.node_id, user_id=scope["user_id"]))
        for node in result if isinstance(result, list) else [result]:
            if isinstance(node, MemoryNode):
                assert node.user_id == scope["user_id"]

    return call, after


SCOPED_METHODS = [
    "add",
    "update",
    "move",
    "delete",
    "erase",
    "get",
    "children",
    "path_to_root",
    "subtree",
    "root",
    "active_node",
    "retrieve",
    "history",
    "export",
    "all_nodes",
    "get_all",
    "grant",
    "revoke",
    "grants",
    "add_messages",
    "wait_indexed",
]
METHODS: dict[str, Entry] = {
    "add": e_add,
    "add_many": e_add_many,
    "update": e_update,
    "move": e_move,
    "delete": e_delete,
    "set_active": e_reads("set_active"),
    "get": e_reads("get"),
    "children": e_reads("children"),
    "path_to_root": e_reads("path_to_root"),
    "subtree": e_reads("subtree"),
    "audit_trail": e_reads("audit_trail"),
    "history": e_reads("history"),
    "restore_archived": e_restore_archived,
    "finish_task": e_of_type("finish_task", "task"),
    "decompress": e_of_type("decompress", "summary"),
    "root": e_user_reads("root"),
    "active_node": e_user_reads("active_node"),
    "probe_report": e_user_reads("probe_report"),
    "users": e_plain("users"),
    "stats": e_plain("stats"),
    "rebuild_index": e_plain("rebuild_index"),
    "verify_audit": e_plain("verify_audit"),
    "checkpoint": e_plain("checkpoint"),
    "snapshots": e_plain("snapshots"),
    "verify": e_plain("verify"),
    "wait_indexed": e_plain("wait_indexed"),
    "repair": e_plain("repair"),
    "retrieve": e_retrieve,
    "erase": e_erase,
    "audit_log": e_audit_log,
    "resolve_id": e_resolve_id,
    "get_all": e_get_all,
    "set_slot_extractor": e_set_slot_extractor,
    "export_user": e_export,
    "import_jsonl": e_import,
    "rotate_key": e_rotate_key,
    "oplog": e_oplog,
    "restore": e_restore,
    "maintain": e_maintain,
    "current_value": e_slot("current_value"),
    "value_history": e_slot("value_history"),
    "inspect": e_inspect,
    "add_probe": e_add_probe,
    "transaction": e_transaction,
    "scoped": e_scoped,
    "grant": e_grant,
    "revoke": e_revoke,
    "grants": e_grants,
    "add_messages": e_add_messages,
    "set_message_extractor": e_set_message_extractor,
    "access": e_access,
    "sealed_masked": e_sealed_masked,
}


def test_the_table_covers_every_public_method():
    public = {
        n for n in dir(HybridMemory) if not n.startswith("_") and callable(getattr(HybridMemory, n))
    }
    covered = set(METHODS) | {"close"}  # close: test_a_closed_store_refuses_everything
    assert public - covered == set()
    scoped = {n for n in dir(ScopedMemory) if not n.startswith("_")} - {
        "mem",
        "user_id",
        "agent_id",
        "session_id",
        "visible",
    }
    assert scoped - set(SCOPED_METHODS) == set()


@pytest.fixture
def book(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a hostile relative export path lands in tmp_path
    config = MemoryConfig(max_content_chars=MAX_CHARS)
    clock = FakeClock(datetime(2024, 7, 1, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key(), key_env="HM_TEST_NOKEY")
    (tmp_path / "a-file").write_text("x")
    with HybridMemory(
        tmp_path / "m", embedder=HashEmbedder(32), config=config, clock=clock, privacy=privacy
    ) as mem:
        ledger = Ledger(mem)
        for node in [*mem.add_many(SEED, user_id="u1"), mem.add("u2's task", user_id="u2")]:
            ledger.ack(node)
        mem.update("seed-old", status="archived")
        mem.checkpoint()
        yield ledger
        assert mem.verify_audit().ok
        assert mem.verify().clean
    # Hypothesis stops early when it runs out of distinct inputs: each method really got its
    # examples (what CI promises), not fewer.
    assert ledger.examples >= EXAMPLES, ledger.examples


@pytest.mark.parametrize("method", sorted(METHODS))
@FUZZ
@given(data=st.data())
def test_every_public_method(book, tmp_path, method, data):
    mem = book.mem
    replenish(book)
    call, after = METHODS[method](mem, book, data, tmp_path)
    out = expect_clean(call)
    if not isinstance(out, HybridMemError):
        after(out)
    book.check()


def test_a_closed_store_refuses_everything(tmp_path):
    mem = HybridMemory(tmp_path / "m", embedder=HashEmbedder(32))
    node = mem.add("written before close")
    mem.close()
    mem.close()  # idempotent

    @FUZZ
    @given(name=st.sampled_from(sorted(set(METHODS) - {"transaction"})), arg=junk)
    def refused(name, arg):
        method = getattr(mem, name)
        required = [
            p
            for p in inspect.signature(method).parameters.values()
            if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD
        ]
        args = [node.id if i == 0 else arg for i, _ in enumerate(required)]
        # Required keyword-only arguments (grant's user_id and to_agent) get plain values.
        kwargs = {
            p.name: "u1"
            for p in inspect.signature(method).parameters.values()
            if p.default is p.empty and p.kind is p.KEYWORD_ONLY
        }
        with pytest.raises(StoreClosedError):
            method(*args, **kwargs) if name != "scoped" else method(user_id="u1").get(node.id)

    refused()
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(32)) as again:
        assert again.get(node.id).content == "written before close"
