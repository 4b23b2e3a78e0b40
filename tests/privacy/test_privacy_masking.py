"""``PrivacyConfig(mask_without_key=True)``: without the key a sealed node reads as a
placeholder (what the CLI's read commands show), and nothing written in that mode ever
replaces the sealed text with the placeholder."""

from __future__ import annotations

import contextlib

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.core.sealed import MASKED
from hybridmem.errors import KeyUnavailableError, WrongKeyError
from hybridmem.privacy import PrivacyConfig, generate_key

SECRET = "Locker code Qzvorpelblix 4711"


def open_mem(path, key=None, *, mask: bool = False, **kw) -> HybridMemory:
    return HybridMemory(
        path,
        embedder=HashEmbedder(64),
        privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY", mask_without_key=mask),
        **kw,
    )


@pytest.fixture
def store(tmp_path):
    key = generate_key()
    with open_mem(tmp_path / "m", key) as mem:
        plain = mem.add("I live in Berlin.", node_type="fact", user_id="u1")
        sealed = mem.add(SECRET, node_type="fact", user_id="u1", sensitive=True)
    return tmp_path / "m", key, plain.id, sealed.id


def test_masked_reads_show_every_other_memory(store):
    path, _key, plain, sealed = store
    with open_mem(path, mask=True, read_only=True) as mem:
        root = mem.root(user_id="u1")
        assert root is not None
        by_id = {n.id: n for n in mem.subtree(root.id)}
        assert by_id[plain].content == "I live in Berlin."
        assert by_id[sealed].content == MASKED and by_id[sealed].sensitive
        assert mem.get(sealed).content == MASKED
        hits = mem.retrieve("Berlin", user_id="u1", scope="user", record_access=False).hits
        assert plain in {h.node.id for h in hits}
    # the default is unchanged: without the option a sealed read is refused
    with open_mem(path, read_only=True) as mem, pytest.raises(KeyUnavailableError):
        mem.get(sealed)


def test_writes_in_masked_mode_never_store_the_placeholder(store):
    path, key, plain, sealed = store
    with open_mem(path, mask=True) as mem:
        with pytest.raises(KeyUnavailableError):
            mem.add("another secret", user_id="u1", sensitive=True)
        # an update of the sealed node either needs the key or keeps its text
        with contextlib.suppress(KeyUnavailableError):
            mem.update(sealed, importance=0.9, user_id="u1")
        mem.retrieve("locker code", user_id="u1", scope="user")  # records access
        mem.update(plain, content="I live in Hamburg.", user_id="u1")
    with open_mem(path, key) as mem:
        assert mem.get(sealed).content == SECRET
        assert mem.get(plain).content == "I live in Hamburg."


def test_a_wrong_key_is_still_refused(store):
    path, _key, _plain, _sealed = store
    with pytest.raises(WrongKeyError):
        open_mem(path, generate_key(), mask=True, read_only=True)


def test_sealed_masked_is_one_threads_block(store):
    import threading

    path, _key, _plain, sealed = store
    with open_mem(path, read_only=True) as mem:
        seen: list[object] = []

        def other_thread() -> None:
            try:
                seen.append(mem.get(sealed).content)
            except KeyUnavailableError as exc:
                seen.append(exc)

        with mem.sealed_masked():
            assert mem.get(sealed).content == MASKED
            worker = threading.Thread(target=other_thread)
            worker.start()
            worker.join()
        assert isinstance(seen[0], KeyUnavailableError)  # the other thread reads strictly
        with pytest.raises(KeyUnavailableError):  # and so does this one after the block
            mem.get(sealed)
