"""Each hostile call a review found raising a raw Python exception: now a project error whose
message names the bad argument, and the store unchanged (regression table for issue 11)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.errors import HybridMemError, ValidationError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import consistency


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    (base / "a-file").write_text("x")
    privacy = PrivacyConfig(key=generate_key(), key_env="HM_TEST_NOKEY")
    clock = FakeClock(datetime(2024, 7, 1, tzinfo=UTC))
    with HybridMemory(base / "m", embedder=HashEmbedder(32), privacy=privacy, clock=clock) as mem:
        task = mem.add("renew the passport", node_type="task", user_id="u1")
        fact = mem.add("I live in Lyon", node_type="fact", user_id="u1", slot="user.city")
        mem.add("someone else's note", user_id="u2")
        yield {"mem": mem, "base": base, "task": task.id, "fact": fact.id}


NOW = datetime(2024, 7, 2, tzinfo=UTC)
# (call, the argument the message must name)
CALLS = {
    "audit_log(since='x')": (lambda e, m: m.audit_log(since="x"), "since"),
    "audit_log(until=1)": (lambda e, m: m.audit_log(until=1), "until"),
    "audit_log(action=[])": (lambda e, m: m.audit_log(action=[]), "action"),
    "audit_log(user_id=5)": (lambda e, m: m.audit_log(user_id=5), "user_id"),
    "maintain(now='x')": (lambda e, m: m.maintain(now="x"), "now"),
    "maintain(dry_run='no')": (lambda e, m: m.maintain(now=NOW, dry_run="no"), "dry_run"),
    "maintain(distiller=5)": (lambda e, m: m.maintain(now=NOW, distiller=5), "distiller"),
    "update(metadata='x')": (lambda e, m: m.update(e["task"], metadata="x"), "metadata"),
    "update(status=[])": (lambda e, m: m.update(e["task"], status=[]), "status"),
    "add_many(None)": (lambda e, m: m.add_many(None), "items"),
    "add(lifecycle=[...])": (lambda e, m: m.add("x", lifecycle=["long_term"]), "lifecycle"),
    "add(tier={})": (lambda e, m: m.add("x", tier={}), "tier"),
    "add(activate='yes')": (lambda e, m: m.add("x", activate="yes"), "activate"),
    "oplog(since=10**100)": (lambda e, m: m.oplog(since=10**100), "since"),
    "oplog(limit=-1)": (lambda e, m: m.oplog(limit=-1), "limit"),
    "export_user(dest=None)": (lambda e, m: m.export_user("u1", None), "dest"),
    "export_user(dest=dir)": (lambda e, m: m.export_user("u1", e["base"]), "dest"),
    "export_user(dest=missing dir)": (
        lambda e, m: m.export_user("u1", e["base"] / "nope" / "x.jsonl"),
        "dest",
    ),
    "export_user(dest under a file)": (
        lambda e, m: m.export_user("u1", e["base"] / "a-file" / "x.jsonl"),
        "dest",
    ),
    "export_user(dest=lone surrogate)": (lambda e, m: m.export_user("u1", "\ud800"), "dest"),
    "import_jsonl(source=lone surrogate)": (
        lambda e, m: m.import_jsonl("\ud800.jsonl", user_id="u3"),
        "source",
    ),
    "export_user(dest=long name)": (
        lambda e, m: m.export_user("u1", e["base"] / ("x" * 300)),
        "dest",
    ),
    "import_jsonl(None)": (lambda e, m: m.import_jsonl(None, user_id="u3"), "source"),
    "import_jsonl(missing)": (
        lambda e, m: m.import_jsonl(e["base"] / "missing.jsonl", user_id="u3"),
        "source",
    ),
    "import_jsonl(dir)": (lambda e, m: m.import_jsonl(e["base"], user_id="u3"), "source"),
    "import_jsonl(new_ids='x')": (
        lambda e, m: m.import_jsonl(e["base"] / "a-file", user_id="u3", new_ids="x"),
        "new_ids",
    ),
    "inspect(statuses=5)": (lambda e, m: m.inspect(user_id="u1", statuses=5), "statuses"),
    "inspect(statuses=['gone'])": (
        lambda e, m: m.inspect(user_id="u1", statuses=["gone"]),
        "statuses",
    ),
    "inspect(now='x')": (lambda e, m: m.inspect(user_id="u1", now="x"), "now"),
    "inspect(tiers=[None])": (lambda e, m: m.inspect(user_id="u1", tiers=[None]), "tiers"),
    "inspect(contains=3)": (lambda e, m: m.inspect(user_id="u1", contains=3), "contains"),
    "restore(snapshot=[])": (lambda e, m: m.restore([]), "snapshot"),
    "restore(to_seq=2**64)": (lambda e, m: m.restore(to_seq=2**64), "to_seq"),
    "rotate_key(None)": (lambda e, m: m.rotate_key(None), "new_key"),
    "rotate_key('short')": (lambda e, m: m.rotate_key("short"), "key"),
    "erase(compact='x')": (lambda e, m: m.erase(e["task"], compact="x"), "compact"),
    "delete(subtree=None)": (lambda e, m: m.delete(e["task"], subtree=None), "subtree"),
    "get(user_id=5)": (lambda e, m: m.get(e["task"], user_id=5), "user_id"),
    "move(user_id=[])": (lambda e, m: m.move(e["fact"], e["task"], user_id=[]), "user_id"),
    "scoped.add(bogus=1)": (lambda e, m: m.scoped(user_id="u1").add("x", bogus=1), "bogus"),
    "scoped.update(colour=1)": (
        lambda e, m: m.scoped(user_id="u1").update(e["task"], colour=1),
        "colour",
    ),
    "scoped.retrieve(k=1)": (lambda e, m: m.scoped(user_id="u1").retrieve("x", k=1), "k"),
    "scoped.export(None)": (lambda e, m: m.scoped(user_id="u1").export(None), "dest"),
    # Issue 35: the edges of their types, NUL and ids clients normalise.
    "add(created_at=year 1 at UTC+14)": (
        lambda e, m: m.add("x", created_at=datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14)))),
        "created_at",
    ),
    "add(created_at=year 9999 at UTC-14)": (
        lambda e, m: m.add(
            "x", created_at=datetime.max.replace(tzinfo=timezone(-timedelta(hours=14)))
        ),
        "created_at",
    ),
    "get_all(limit=2**63)": (lambda e, m: m.get_all(user_id="u1", limit=2**63), "limit"),
    "get_all(offset=2**63)": (lambda e, m: m.get_all(user_id="u1", offset=2**63), "offset"),
    "audit_log(limit=2**63)": (lambda e, m: m.audit_log(limit=2**63), "limit"),
    "get_all(where=2**64)": (lambda e, m: m.get_all(user_id="u1", where={"k": 2**64}), "where"),
    "get_all(where=NUL)": (lambda e, m: m.get_all(user_id="u1", where={"k": "a\x00"}), "where"),
    "get_all(where=$in 10,001)": (
        lambda e, m: m.get_all(user_id="u1", where={"k": {"$in": list(range(10_001))}}),
        "where",
    ),
    "retrieve(where=deep)": (
        lambda e, m: m.retrieve("x", user_id="u1", where=_deep_filter(50)),
        "where",
    ),
    "add(metadata=NUL value)": (lambda e, m: m.add("x", metadata={"o": "a\x00b"}), "metadata"),
    "add(metadata=NUL key)": (lambda e, m: m.add("x", metadata={"a\x00": 1}), "metadata"),
    "add(id='..')": (lambda e, m: m.add("x", id=".."), "id"),
    "add(id='.')": (lambda e, m: m.add("x", id="."), "id"),
}


def _deep_filter(depth: int) -> dict:
    where: dict = {"k": 1}
    for _ in range(depth):
        where = {"$and": [where]}
    return where


@pytest.mark.parametrize("name", list(CALLS))
def test_hostile_call_raises_a_project_error_naming_the_argument(env, name):
    call, argument = CALLS[name]
    mem = env["mem"]
    before = (mem.stats().nodes, mem.oplog()[-1].seq)
    with pytest.raises(HybridMemError) as caught:
        call(env, mem)
    assert isinstance(caught.value, ValidationError), repr(caught.value)
    assert argument in str(caught.value), str(caught.value)
    assert (mem.stats().nodes, mem.oplog()[-1].seq) == before
    assert consistency(mem).ok


@pytest.mark.parametrize("spec", ["hash:abc", "hash:0", "hash:7", "hash:99999999", "hash:-8", 5])
def test_a_bad_embedder_spec_is_a_project_error_and_creates_nothing(tmp_path, spec):
    with pytest.raises(ValidationError, match=r"embedder|HashEmbedder"):
        HybridMemory(tmp_path / "m", embedder=spec)
    assert not (tmp_path / "m").exists()


def test_a_bad_store_path_is_a_project_error(tmp_path):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(ValidationError, match="cannot be used: Not a directory"):
        HybridMemory(tmp_path / "a-file" / "m", embedder="hash")
    for bad in (None, 5, tmp_path / ("x" * 300), "bad\x00path", ""):
        with pytest.raises(ValidationError, match="path"):
            HybridMemory(bad, embedder="hash")
