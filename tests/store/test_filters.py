"""get_all, metadata/type filters on retrieve, score thresholds, and to_dict() results."""

from __future__ import annotations

import json
import uuid
from contextlib import ExitStack
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybridmem import FakeClock, HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig
from hybridmem.errors import InvalidArgumentError, NodeNotFoundError, ScopeError, ValidationError
from hybridmem.filters import matches, parse_where

METADATA = [
    {"p": 1, "tag": "a", "ok": True},
    {"p": 2.5, "tag": "b", "ok": False},
    {"p": "2", "tag": "a"},
    {"p": None, "nested": {"kind": "chat", "n": 3}},
    {"tag": ["a", "b"], "ok": 1},
    {},
    {"p": 10, "tag": "c", "nested": {"kind": "mail"}},
    {"p": -1, "tag": "B", "ok": True, "nested": "flat"},
    # Keys and values SQLite's JSON paths and json_extract once got wrong (issue 35): a key
    # with a backslash, a quote in a key (no filter can name it), non-BMP characters, and
    # text that spells a NUL escape without holding a NUL.
    {"a\\": 1, "b\\c": "x\\", 'q"k': "v", "tag": 'say "hi"'},
    {"\U0001f600": "\U0001f431", "tag": "\\u0000", "p": "a\\"},
    {"nested": {"k\\": "\U0001f431"}, "tag": "a\u00e9", "p": "\U0001f600"},
]


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def corpus(request, tmp_path_factory):
    """The same nodes in a SQLite store and in a PostgreSQL one (each compiles filters)."""
    clock = FakeClock(datetime(2024, 7, 1, 9, 0).astimezone())
    with ExitStack() as stack:
        if request.param == "sqlite":
            target = tmp_path_factory.mktemp("filters") / "memory"
            extra: dict = {}
        else:
            cluster = request.getfixturevalue("pg_cluster")
            target = stack.enter_context(cluster.database())
            extra = {
                "chroma": request.getfixturevalue("chroma_srv"),
                "collection": f"f-{uuid.uuid4().hex[:12]}",
            }
        mem = stack.enter_context(
            HybridMemory(target, embedder=HashEmbedder(64), clock=clock, **extra)
        )
        nodes = [
            mem.add(f"note number {i}", node_type="fact", metadata=m, user_id="u1")
            for i, m in enumerate(METADATA)
        ]
        yield mem, nodes


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([1, 2, 2.5, -1, 10, 0]),
    st.sampled_from(["a", "b", "B", "2", "chat", "mail", "flat"]),
    st.sampled_from(["x\\", "a\\", "\\u0000", 'say "hi"', "a\u00e9", "\U0001f600", "\U0001f431"]),
    # A NUL in a filter value is refused on both stores (no store can hold one, see below).
    st.sampled_from(["a\x00", "\x00", "a\x00mallory"]),
)
KEYS = st.sampled_from(
    [
        *("p", "tag", "ok", "nested.kind", "nested.n", "nested", "missing"),
        # a backslash, a non-BMP character; a quote or a NUL (refused by both stores)
        *("a\\", "b\\c", "\U0001f600", "nested.k\\", 'q"k', "a\x00", "\\"),
    ]
)


def conditions() -> st.SearchStrategy[dict]:
    ordered = st.one_of(
        st.sampled_from([1, 2, 2.5, -1, 10]),
        st.sampled_from(["a", "B", "2", "a\\", "\\", "\U0001f600", 'say "hi"']),
    )
    op_value = st.one_of(
        SCALARS,
        st.tuples(st.sampled_from(["$eq", "$ne"]), SCALARS).map(lambda t: {t[0]: t[1]}),
        st.tuples(st.sampled_from(["$gt", "$gte", "$lt", "$lte"]), ordered).map(
            lambda t: {t[0]: t[1]}
        ),
        st.tuples(st.sampled_from(["$in", "$nin"]), st.lists(SCALARS, min_size=1, max_size=3)).map(
            lambda t: {t[0]: t[1]}
        ),
        st.booleans().map(lambda b: {"$exists": b}),
    )
    return st.tuples(KEYS, op_value).map(lambda t: {t[0]: t[1]})


FILTERS = st.recursive(
    conditions(),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3).map(lambda xs: {"$and": xs}),
        st.lists(inner, min_size=1, max_size=3).map(lambda xs: {"$or": xs}),
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=FILTERS)
def test_sql_filter_agrees_with_the_documented_semantics(corpus, where):
    mem, nodes = corpus
    try:
        parsed = parse_where(where)
    except InvalidArgumentError:  # a quote or a NUL in a key, a NUL in a value
        with pytest.raises(InvalidArgumentError):
            mem.get_all(user_id="u1", where=where)
        return
    expected = [n.id for n in nodes if matches(parsed, n.metadata)]
    assert [n.id for n in mem.get_all(user_id="u1", where=where)] == expected


@pytest.mark.parametrize(
    ("where", "indexes"),
    [
        ({"a\\": 1}, [8]),
        ({"a\\": {"$exists": False}}, [0, 1, 2, 3, 4, 5, 6, 7, 9, 10]),
        ({"b\\c": "x\\"}, [8]),
        ({"tag": "\\u0000"}, [9]),
        ({"\U0001f600": "\U0001f431"}, [9]),
        ({"nested.k\\": "\U0001f431"}, [10]),
        ({"tag": 'say "hi"'}, [8]),
        ({"p": {"$gt": "a"}}, [9, 10]),
    ],
)
def test_backslashes_quotes_and_non_bmp_characters_in_filters(corpus, where, indexes):
    mem, nodes = corpus
    assert [n.id for n in mem.get_all(user_id="u1", where=where)] == [nodes[i].id for i in indexes]


def test_a_nul_in_metadata_or_in_a_filter_value_is_refused_on_every_store(corpus):
    mem, _ = corpus
    for metadata in ({"owner": "alice\x00mallory"}, {"a\x00b": 1}, {"x": [{"y": "\x00"}]}):
        with pytest.raises(InvalidArgumentError, match="NUL"):
            mem.add("note", metadata=metadata, user_id="u1")
    for where in ({"owner": "alice\x00"}, {"owner": {"$in": ["a", "\x00"]}}):
        with pytest.raises(InvalidArgumentError, match="NUL"):
            mem.get_all(user_id="u1", where=where)


def test_sqlite_text_equality_is_exact_on_values_holding_a_nul():
    """Stores written before NUL was refused may hold one: ``json_extract`` cuts the text at
    it, so "alice\\u0000mallory" must still not equal "alice" (issue 35)."""
    import sqlite3

    from hybridmem.store.filters import where_sql

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (metadata TEXT)")
    rows = [{"owner": "alice\x00mallory"}, {"owner": "alice"}, {"owner": "\\u0000"}]
    conn.executemany("INSERT INTO t VALUES (?)", [(json.dumps(r),) for r in rows])
    for where, expected in [
        ({"owner": "alice"}, [1]),
        ({"owner": {"$ne": "alice"}}, [0, 2]),
        ({"owner": {"$in": ["alice", "x"]}}, [1]),
        ({"owner": "\\u0000"}, [2]),
    ]:
        sql, params = where_sql(parse_where(where), "metadata")
        found = conn.execute(f"SELECT rowid - 1 FROM t WHERE {sql} ORDER BY rowid", params)
        assert [r[0] for r in found] == expected, where


@pytest.mark.parametrize(
    ("where", "indexes"),
    [
        ({"tag": "a"}, [0, 2]),  # a list value never equals a scalar
        ({"p": 2}, []),  # "2" is text and 2.5 is not 2: typed equality
        ({"p": {"$gte": 2}}, [1, 6]),  # numbers compare with numbers only
        ({"ok": True}, [0, 7]),  # 1 is not true
        ({"ok": {"$ne": True}}, [1, 2, 3, 4, 5, 6, 8, 9, 10]),  # $ne matches a missing key too
        ({"p": None}, [3]),  # explicit null only
        ({"nested.kind": "chat"}, [3]),
        ({"p": {"$exists": False}}, [4, 5, 8]),
        ({"tag": {"$in": ["b", "B"]}, "ok": {"$exists": True}}, [1, 7]),
        ({"$or": [{"p": 1}, {"tag": "c"}]}, [0, 6]),
    ],
)
def test_filter_examples(corpus, where, indexes):
    mem, nodes = corpus
    assert [n.id for n in mem.get_all(user_id="u1", where=where)] == [nodes[i].id for i in indexes]


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("tag", "where must be a mapping"),
        ({"$nor": []}, "unknown operator '$nor'"),
        ({"p": {"$regex": "a"}}, "unknown operator '$regex'"),
        ({"p": {"$gt": True}}, "compares numbers or strings"),
        ({"p": {"$in": []}}, "non-empty list"),
        ({"p": {"$exists": "yes"}}, "true or false"),
        ({"p": [1, 2]}, "values are strings, numbers"),
        ({'a."b': 1}, "bad metadata key"),
        ({"$and": {"p": 1}}, "non-empty list of filters"),
        ({"p": float("nan")}, "not a finite number"),
    ],
)
def test_bad_filters_are_named(corpus, where, message):
    mem, _ = corpus
    with pytest.raises(InvalidArgumentError, match=message.replace("$", r"\$")):
        mem.get_all(user_id="u1", where=where)


def test_get_all_lists_by_type_status_and_pages(mem, clock):
    task = mem.add("Trip to Lisbon", node_type="task", user_id="u1")
    fact = mem.add("Passport expires in 2031", node_type="fact", user_id="u1")
    pref = mem.add("Prefers window seats", node_type="preference", user_id="u1")
    mem.add("another user's fact", node_type="fact", user_id="u2")
    old = mem.add("Booked the hotel", user_id="u1")
    mem.update(old.id, status="archived")
    everything = mem.get_all(user_id="u1")
    assert [n.id for n in everything] == [task.id, fact.id, pref.id]  # no root, no archived
    assert [n.id for n in mem.get_all(user_id="u1", node_type=["fact", "preference"])] == [
        fact.id,
        pref.id,
    ]
    assert [n.id for n in mem.get_all(user_id="u1", status="archived")] == [old.id]
    assert len(mem.get_all(user_id="u1", status=None)) == 4
    roots = mem.get_all(user_id="u1", node_type="root")
    assert [n.node_type for n in roots] == ["root"]
    assert [n.id for n in mem.get_all(user_id="u1", limit=2, offset=1)] == [fact.id, pref.id]
    assert mem.get_all(user_id="nobody") == []
    for bad in ({"status": "gone"}, {"limit": 0}, {"offset": -1}, {"node_type": "Bad Type"}):
        with pytest.raises(InvalidArgumentError):
            mem.get_all(user_id="u1", **bad)


def test_retrieve_filters_by_type_and_metadata_before_ranking(mem_path, clock):
    # Few candidates per source, so a post-filter of the unfiltered top-N would find nothing.
    config = MemoryConfig(
        retrieval=RetrievalConfig(vector_candidates=4, lexical_candidates=4, recent_children=0)
    )
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock, config=config) as mem:
        for i in range(30):
            mem.add(f"invoice returned by finance copy {i}", user_id="u1")
        tagged = mem.add("the receipt scan was blurry", metadata={"source": "email"}, user_id="u1")
        fact = mem.add("finance wants PDF receipts", node_type="fact", user_id="u1")
        res = mem.retrieve("invoice returned by finance", user_id="u1", where={"source": "email"})
        assert [h.node.id for h in res.hits] == [tagged.id]
        res = mem.retrieve("invoice returned by finance", user_id="u1", node_types=["fact"])
        assert [h.node.id for h in res.hits] == [fact.id]
        unfiltered = mem.retrieve("invoice returned by finance", user_id="u1")
        assert tagged.id not in {h.node.id for h in unfiltered.hits}


def test_min_score_drops_weak_hits(mem):
    claim = mem.add("the claim was returned for a blurry invoice", user_id="u1")
    mem.add("lunch was a sandwich", user_id="u1")
    full = mem.retrieve("blurry invoice claim returned", user_id="u1")
    assert full.hits[0].node.id == claim.id and len(full.hits) >= 2
    cut = (full.hits[0].score + full.hits[1].score) / 2
    kept = mem.retrieve("blurry invoice claim returned", user_id="u1", min_score=cut)
    assert [h.node.id for h in kept.hits] == [claim.id]
    assert "sandwich" not in kept.context
    with pytest.raises(ValidationError, match="min_score"):
        mem.retrieve("x", user_id="u1", min_score=1.5)


def test_to_dict_is_plain_json_and_round_trips_the_fields(mem):
    node = mem.add("Prefers tea", node_type="preference", metadata={"k": [1, 2]}, user_id="u1")
    d = node.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["id"] == node.id and d["path"] == list(node.path)
    assert datetime.fromisoformat(d["created_at"]) == node.created_at
    result = mem.retrieve("tea", user_id="u1")
    r = json.loads(json.dumps(result.to_dict()))
    assert r["context"] == result.context and r["tokens"] == result.tokens
    hit = r["hits"][0]
    assert hit["node"]["id"] == node.id
    assert hit["score"] == result.hits[0].score
    assert hit["breakdown"]["explain"] == result.hits[0].breakdown.explain()
    assert set(hit["breakdown"]["features"]) == set(result.hits[0].breakdown.features)
    assert [p["id"] for p in r["path"]] == [n.id for n in result.path]


def test_filters_do_not_cross_users(mem):
    mem.add("shared tag", metadata={"t": 1}, user_id="u1")
    mem.add("shared tag", metadata={"t": 1}, user_id="u2")
    assert [n.user_id for n in mem.get_all(user_id="u2", where={"t": 1})] == ["u2"]
    with pytest.raises(NodeNotFoundError):
        mem.retrieve("tag", user_id="u2", task_id=mem.get_all(user_id="u1")[0].task_id)


def test_scoped_get_all_lists_only_the_scope(mem):
    planner = mem.scoped(user_id="u1", agent_id="planner")
    coder = mem.scoped(user_id="u1", agent_id="coder")
    mine = [planner.add(f"plan step {i}", metadata={"n": i}) for i in range(3)]
    coder.add("coder note", metadata={"n": 1})
    shared = mem.add("shared fact", node_type="fact", user_id="u1")
    assert [n.id for n in planner.get_all()] == [*(m.id for m in mine), shared.id]
    assert [n.id for n in planner.get_all(where={"n": 1})] == [mine[1].id]
    assert [n.id for n in planner.get_all(limit=2, offset=1)] == [mine[1].id, mine[2].id]
    with pytest.raises(ScopeError):
        planner.get_all(user_id="u2")
    with pytest.raises(InvalidArgumentError, match="colour"):
        planner.get_all(colour="red")
