"""Hostile input against the public API: every failure is a HybridMemError naming the problem,
and after any sequence the stores agree and no earlier memory is lost.

Each test keeps ONE store across all its examples on purpose: state accumulates, so a bad input
that corrupted anything would be seen by the checks after later examples.
"""

from __future__ import annotations

import io
import math
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybridmem import FakeClock, HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.errors import (
    HybridMemError,
    LimitExceededError,
    NodeNotFoundError,
    ValidationError,
)
from hybridmem.privacy import PrivacyConfig, generate_key
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
]
fragments = st.sampled_from(SYNTAX)
any_chars = st.text(st.characters(exclude_categories=()), max_size=40)  # surrogates too
hostile_text = st.one_of(
    any_chars,
    st.lists(st.one_of(fragments, any_chars), min_size=1, max_size=8).map("".join),
    st.lists(fragments, min_size=1, max_size=6).map(" ".join),
    st.integers(MAX_CHARS - 2, MAX_CHARS + 2).map(lambda n: "x" * n),
)
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    hostile_text,
)
ids = st.one_of(junk, st.from_regex(r"[A-Za-z0-9._:\-]{1,128}", fullmatch=True))
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Ledger:
    """What the store must still hold: every acknowledged write."""

    def __init__(self, mem: HybridMemory) -> None:
        self.mem = mem
        self.contents: dict[str, str] = {}
        self.examples = 0

    def check(self) -> None:
        self.examples += 1
        found = self.mem.store.get_many(self.contents)
        assert {i: n.content for i, n in found.items()} == self.contents
        assert consistency(self.mem).ok


@pytest.fixture
def ledger(tmp_path):
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
