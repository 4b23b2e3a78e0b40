"""Encryption at rest: sensitive content is unreadable on disk and readable with the key."""

from __future__ import annotations

import json
import sqlite3

import pytest

from hybridmem import HashEmbedder, HybridMemory, NodeInput
from hybridmem.errors import (
    DecryptionError,
    HybridMemError,
    InvalidArgumentError,
    KeyUnavailableError,
    NodeNotFoundError,
    WrongKeyError,
)
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import consistency, find_bytes

MARK = "Qzvorpelblix"  # unlikely to appear by chance in any file


@pytest.fixture
def key() -> str:
    return generate_key()


def open_mem(path, key=None, **kw) -> HybridMemory:
    return HybridMemory(
        path,
        embedder=HashEmbedder(64),
        privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY"),
        **kw,
    )


def test_sensitive_content_is_nowhere_on_disk_in_clear(tmp_path, key):
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        task = mem.add("claim task", node_type="task", user_id="u1")
        secret = mem.add(f"diagnosis {MARK} confirmed", user_id="u1", sensitive=True)
        plain = mem.add("lunch at noon", user_id="u1")
        mem.update(secret.id, content=f"diagnosis {MARK} revised twice")
        assert mem.get(secret.id, user_id="u1").content == f"diagnosis {MARK} revised twice"
        assert mem.get(secret.id).sensitive and not plain.sensitive
        # Found by vector (the hash embedder maps equal text to equal vectors)...
        hits = mem.retrieve(f"diagnosis {MARK} revised twice", user_id="u1", task_id=task.id)
        assert secret.id in [h.node.id for h in hits.hits]
        assert "vector" in next(h for h in hits.hits if h.node.id == secret.id).breakdown.sources
        # ... never by the lexical index, which holds no terms for it.
        rid = mem.store.conn.execute("SELECT rid FROM nodes WHERE id = ?", (secret.id,)).fetchone()
        terms = mem.store.conn.execute(
            "SELECT terms FROM nodes_fts WHERE rowid = ?", (rid[0],)
        ).fetchone()
        assert terms == ("",)
        stored = mem.store.conn.execute(
            "SELECT content FROM nodes WHERE id = ?", (secret.id,)
        ).fetchone()[0]
        assert stored.startswith("hmenc1:") and MARK not in stored
        payloads = [
            json.loads(r[0])
            for r in mem.store.conn.execute(
                "SELECT payload FROM oplog WHERE node_id = ?", (secret.id,)
            )
        ]
        assert payloads and all(p.get("content") is None for p in payloads)
        # The op log keeps the ciphertext (so history can be replayed), not the text.
        sealed = [p["sealed"] for p in payloads if "sealed" in p]
        assert len(sealed) == 2 and all(x.startswith("hmenc1:") for x in sealed)
        got = mem.index.collection.get(ids=[secret.id, plain.id], include=["documents"])
        assert got["documents"] == [None, None]  # the index holds no text, sealed or not
        assert consistency(mem).ok
        # While the store is open (WAL not checkpointed) nothing leaks either.
        assert find_bytes(path, MARK, hnsw_counted_only=True) == []
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []


def test_no_text_reaches_the_vector_index(tmp_path, key):
    """Chroma gets ids, vectors and filter metadata only: a plain node's text is in the store
    and nowhere in Chroma's files, and search and verify work without it."""
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        made = mem.add_many(
            [
                NodeInput(f"plain {MARK} one", id="p1"),
                NodeInput(f"secret {MARK}", id="s1", sensitive=True),
                NodeInput("plain two", id="p2"),
            ],
            user_id="u1",
        )
        assert [n.sensitive for n in made] == [False, True, False]
        mem.update("p2", content=f"plain two {MARK}")
        got = mem.index.collection.get(ids=["p1", "s1", "p2"], include=["documents"])
        assert sorted(got["ids"]) == ["p1", "p2", "s1"]
        assert got["documents"] == [None, None, None]
        hits = mem.retrieve(f"plain {MARK} one", user_id="u1")
        assert hits.hits[0].node.id == "p1" and hits.hits[0].node.content == f"plain {MARK} one"
        assert mem.verify(full=True).clean
    assert find_bytes(path / "chroma", MARK) == []
    assert find_bytes(path, MARK) != []  # the store's own plain copy: the probe can find it


def test_missing_key_is_a_clear_error_and_writes_nothing(tmp_path, key):
    path = tmp_path / "m"
    with open_mem(path, None) as mem:
        mem.add("plain is fine", user_id="u1")
        before = mem.stats().nodes
        with pytest.raises(KeyUnavailableError, match="HYBRIDMEM_KEY"):
            mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
        assert mem.stats().nodes == before
    with open_mem(path, key) as mem:
        secret = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
    with open_mem(path, None) as mem:  # opening without the key works; reading it does not
        with pytest.raises(KeyUnavailableError) as info:
            mem.get(secret.id)
        assert isinstance(info.value, KeyError) and isinstance(info.value, HybridMemError)
        # Retrieval that reaches a sensitive node fails the same clear way, never garbage.
        with pytest.raises(KeyUnavailableError):
            mem.retrieve(f"secret {MARK}", user_id="u1")
        plain = mem.store.all_ids_among([n for n in mem.store.all_ids() if n != secret.id])
        assert "plain is fine" in [mem.get(i).content for i in plain]


def test_history_of_a_sensitive_node_needs_no_key(tmp_path, key):
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        secret = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
    with open_mem(path, None) as mem:  # the op log is content-free: who did what, when
        for user in (None, "u1"):
            assert [r.op for r in mem.history(secret.id, user_id=user)][:1] == ["add"]
        with pytest.raises(NodeNotFoundError):  # another user's node still reads as missing
            mem.history(secret.id, user_id="u2")


def test_wrong_key_refuses_to_open(tmp_path, key):
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
    with pytest.raises(WrongKeyError, match="encrypted with key"):
        open_mem(path, generate_key())


def test_key_from_environment(tmp_path, key, monkeypatch):
    monkeypatch.setenv("HYBRIDMEM_KEY", key)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64)) as mem:
        node = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
    with open_mem(tmp_path / "m", key) as mem:
        assert mem.get(node.id).content == f"secret {MARK}"
    assert key not in "".join(p.read_bytes().decode("latin-1") for p in find_all(tmp_path))


def find_all(root):
    return [p for p in root.rglob("*") if p.is_file()]


def test_ciphertext_moved_to_another_node_fails_authentication(tmp_path, key):
    with open_mem(tmp_path / "m", key) as mem:
        a = mem.add("secret a", user_id="u1", sensitive=True)
        b = mem.add("secret b", user_id="u1", sensitive=True)
        conn = mem.store.conn
        stolen = conn.execute("SELECT content FROM nodes WHERE id = ?", (a.id,)).fetchone()[0]
        conn.execute("UPDATE nodes SET content = ? WHERE id = ?", (stolen, b.id))
        with pytest.raises(DecryptionError, match="failed authentication"):
            mem.get(b.id)


def test_encrypt_all_setting(tmp_path, key):
    path = tmp_path / "m"
    config = PrivacyConfig(key=key, encrypt_all=True, key_env="HM_TEST_NOKEY")
    with HybridMemory(path, embedder=HashEmbedder(64), privacy=config) as mem:
        node = mem.add(f"ordinary {MARK}", user_id="u1")
        assert node.sensitive and mem.get(node.id).content == f"ordinary {MARK}"
        root = mem.root(user_id="u1")
        assert root is not None and root.sensitive
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []


def test_rotate_key(tmp_path, key):
    path = tmp_path / "m"
    new = generate_key()
    with open_mem(path, key) as mem:
        node = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
        old_hash = mem.get(node.id).content_hash
        report = mem.rotate_key(new)
        assert report.nodes == 1 and report.old_key_id != report.new_key_id
        assert mem.get(node.id).content == f"secret {MARK}"
        assert mem.get(node.id).content_hash != old_hash
        assert mem.audit_log(action="rotate_key")[0].detail["count"] == 1
        logged = mem.store.conn.execute(
            "SELECT payload FROM oplog WHERE node_id = ? AND op = 'add'", (node.id,)
        ).fetchone()[0]
        assert f":{report.new_key_id}:" in json.loads(logged)["sealed"]
        assert mem.verify_audit().ok
        # The index entry carries the keyed content hash: refreshed too (found by the fuzz).
        assert mem.verify().clean, mem.verify()
    with pytest.raises(WrongKeyError):
        open_mem(path, key)
    with open_mem(path, new) as mem:
        assert mem.get(node.id).content == f"secret {MARK}"
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []


def test_bad_key_material_is_refused(tmp_path):
    for bad in ("short", b"x" * 31, "!" * 44):
        with pytest.raises(InvalidArgumentError, match="32 bytes"):
            open_mem(tmp_path / "m", bad)


def test_embedding_is_what_remains_for_a_sensitive_node(tmp_path, key):
    """Documented leak: the vector of a sensitive node is stored (embedding inversion risk)."""
    with open_mem(tmp_path / "m", key) as mem:
        node = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
        vec = mem.index.get_vectors([node.id])[node.id]
        expected = HashEmbedder(64).embed([f"secret {MARK}"])[0]
        assert float(vec @ expected) > 0.99


def test_raw_sqlite_reader_sees_only_ciphertext(tmp_path, key):
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        node = mem.add(f"secret {MARK}", user_id="u1", sensitive=True)
    conn = sqlite3.connect(path / "memory.sqlite3")
    content, flag = conn.execute(
        "SELECT content, sensitive FROM nodes WHERE id = ?", (node.id,)
    ).fetchone()
    conn.close()
    assert flag == 1 and MARK not in content


DIARY = [
    f"My therapist says the {MARK} medication helps.",
    f"Took the {MARK} medication again this morning.",
    f"The {MARK} medication makes me sleepy.",
]


def profiles_of(mem: HybridMemory, user: str):
    return [r.node for r in mem.inspect(user_id=user, node_types=["profile"])]


def test_distillation_reads_sensitive_sources_only_with_the_key_and_seals_the_profile(
    tmp_path, key
):
    """Defect 14: a profile distilled from sensitive episodes quoted their ciphertext in clear."""
    path = tmp_path / "m"
    with open_mem(path, None) as mem:
        mem.add("claim task", node_type="task", user_id="u1")
    with open_mem(path, key) as mem:
        ids = [mem.add(t, user_id="u1", sensitive=True).id for t in DIARY]
    with open_mem(path, None) as mem:  # no key: the sealed episodes are left alone
        report = mem.maintain()
        assert not [a for a in report.actions if a.action.startswith("distil")]
        assert profiles_of(mem, "u1") == []
    with open_mem(path, key) as mem:
        report = mem.maintain()
        created = [a for a in report.actions if a.action == "distil_create"]
        assert len(created) == 1 and MARK.lower() not in created[0].reason.lower()
        profile = mem.get(created[0].node_id, user_id="u1")
        assert profile.sensitive and MARK in profile.content  # readable with the key...
        assert sorted(profile.metadata["derived_from"]) == sorted(ids)
        assert profile.metadata["theme"].startswith("sealed:")
        assert MARK.lower() not in json.dumps(profile.metadata).lower()
        assert consistency(mem).ok
        new_key = generate_key()
        mem.rotate_key(new_key)
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []  # ... and nowhere on disk in clear
    with open_mem(path, new_key) as mem:  # rotate_key re-sealed the profile too
        assert MARK in mem.get(profile.id, user_id="u1").content
        mem.add(f"Skipped the {MARK} medication today.", user_id="u1", sensitive=True)
        report = mem.maintain()
        # Under the new key the same profile is updated, not written a second time.
        assert [a.action for a in report.actions if a.action.startswith("distil")] == [
            "distil_update"
        ]
        assert [p.id for p in profiles_of(mem, "u1")] == [profile.id]
    with pytest.raises(WrongKeyError):  # the old key opens nothing any more
        open_mem(path, key)
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []


def test_a_clear_profile_gives_way_when_a_sensitive_source_joins_its_theme(tmp_path, key):
    with open_mem(tmp_path / "m", key) as mem:
        for t in ("I jog every morning.", "Jogging helps my knees.", "Went jogging at dawn."):
            mem.add(t, user_id="u1")
        mem.maintain()
        (plain,) = profiles_of(mem, "u1")
        assert not plain.sensitive
        mem.add(f"Jogging with my {MARK} parole officer.", user_id="u1", sensitive=True)
        report = mem.maintain()
        withdrawn = [a for a in report.actions if a.action == "distil_withdraw"]
        assert [a.node_id for a in withdrawn] == [plain.id]
        sealed = [p for p in profiles_of(mem, "u1") if p.status == "active"]
        assert len(sealed) == 1 and sealed[0].sensitive
        assert mem.get(plain.id).status == "candidate"
    assert find_bytes(tmp_path / "m", MARK) == []


def test_llm_distiller_keeps_sensitive_sources_local(tmp_path, key):
    from hybridmem.evolution.llm import ChatClient, LLMDistiller, LLMSettings
    from hybridmem.testing.fake_llm import FakeLLMServer

    with open_mem(tmp_path / "m", key) as mem:
        for t in DIARY:
            mem.add(t, user_id="u1", sensitive=True)
        with FakeLLMServer() as server:
            distiller = LLMDistiller(ChatClient(LLMSettings(base_url=server.base_url)))
            mem.maintain(distiller=distiller)
            assert server.requests == []  # nothing sensitive left the process
        (profile,) = profiles_of(mem, "u1")
        assert profile.sensitive and profile.metadata["distiller"] == "llm"


def test_sealed_values_of_a_slot_read_as_text_in_history_and_context(tmp_path, key):
    """A conflict group's earlier values are shown ("previously: ...", value history) and
    compared with new statements: with the key they are plaintext there, never ciphertext."""
    with open_mem(tmp_path / "m", key) as mem:
        old = mem.add(f"I live in Berlin {MARK}", node_type="fact", user_id="u1", sensitive=True)
        mem.add("I moved to Hamburg", node_type="fact", user_id="u1", sensitive=True)
        mem.add("I moved to Hamburg, Hamburg now for good", node_type="fact", user_id="u1")
        history = mem.value_history("user.residence", user_id="u1")
        assert history[0].node.content == old.content
        assert not any(r.node.content.startswith("hmenc") for r in history)
        context = mem.retrieve("where do I live?", user_id="u1").context
        assert MARK in context and "hmenc" not in context
    # Without the key: a clear error, not garbage.
    with open_mem(tmp_path / "m", None) as mem, pytest.raises(KeyUnavailableError):
        mem.value_history("user.residence", user_id="u1")


def test_the_leak_check_reads_the_counted_hnsw_slots_and_every_other_file(tmp_path):
    """``find_bytes(hnsw_counted_only=True)`` skips only the HNSW capacity past the header's
    count (unzeroed heap, a documented limit); a counted slot or any other file still counts."""
    segment = tmp_path / "chroma" / "seg"
    segment.mkdir(parents=True)
    max_elements, used, slot = 4, 2, 32
    header = bytes(12) + b"".join(n.to_bytes(8, "little") for n in (max_elements, used, slot))
    (segment / "header.bin").write_bytes(header)
    data = segment / "data_level0.bin"

    def plant(at_slot: int) -> None:
        body = bytearray(max_elements * slot)
        body[at_slot * slot : at_slot * slot + len(MARK)] = MARK.encode()
        data.write_bytes(bytes(body))

    plant(3)  # free capacity: heap garbage
    assert find_bytes(tmp_path, MARK) == [data]
    assert find_bytes(tmp_path, MARK, hnsw_counted_only=True) == []
    plant(1)  # a counted slot
    assert find_bytes(tmp_path, MARK, hnsw_counted_only=True) == [data]
    (tmp_path / "other.bin").write_bytes(MARK.encode())
    assert len(find_bytes(tmp_path, MARK, hnsw_counted_only=True)) == 2
    # The link-list sizes (4 bytes an element) are capacity from the same heap: the entries
    # past the count are skipped, a counted entry is not.
    sizes = segment / "length.bin"
    sizes.write_bytes(bytes(4 * used) + MARK.encode()[: 4 * (max_elements - used)])
    assert sizes not in find_bytes(tmp_path, MARK[:8], hnsw_counted_only=True)
    assert sizes in find_bytes(tmp_path, MARK[:8])
    sizes.write_bytes(MARK.encode()[:8] + bytes(4 * (max_elements - 2)))
    assert sizes in find_bytes(tmp_path, MARK[:8], hnsw_counted_only=True)
