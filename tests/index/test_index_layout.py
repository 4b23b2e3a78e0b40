"""A store whose vector entries carry an older metadata layout is brought to today's on open:
the metadata rewritten in place, the vectors kept (no model call), retired keys removed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.core import index_metadata
from hybridmem.core.indexing import RETIRED_KEYS
from hybridmem.embedding import Vectors
from hybridmem.opening import CHROMA_LAYOUT


class CountingEmbedder(HashEmbedder):
    """The hash embedder, counting the texts it embeds."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.texts.extend(texts)
        return super().embed(texts)


def layout_2(node) -> dict[str, str]:
    """An entry's metadata as layout 2 wrote it (seven keys)."""
    return {
        "user_id": node.user_id,
        "task_id": node.task_id,
        "node_type": node.node_type,
        "status": node.status,
        **index_metadata(node),
    }


def test_an_older_layout_is_relabelled_on_open_without_embedding_again(tmp_path: Path) -> None:
    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder()) as mem:
        task = mem.add("Move to Lisbon", node_type="task", user_id="u1")
        ids = [mem.add(f"packing list item {i}", user_id="u1").id for i in range(5)]
        fact = mem.add("I live in Dublin.", node_type="fact", user_id="u1")
        nodes = [mem.get(i) for i in [task.id, *ids, fact.id, mem.root(user_id="u1").id]]
        mem.index.update_metadata([n.id for n in nodes], [layout_2(n) for n in nodes])
        before = mem.index.get_vectors([n.id for n in nodes])
        mem.index.delete([ids[0]])  # an entry lost as well: written again, from the model
        mem.store.set_meta("chroma_layout", "2")
    assert set(RETIRED_KEYS) <= set(layout_2(nodes[0]))

    counting = CountingEmbedder()
    with HybridMemory(path, embedder=counting) as mem:
        assert counting.texts == ["packing list item 0"]  # only the lost entry's text
        stored = mem.index.get_metadata([n.id for n in nodes])
        for node in nodes:
            assert stored[node.id] == index_metadata(mem.get(node.id)), node.content
        after = mem.index.get_vectors([n.id for n in nodes])
        assert all((after[i] == before[i]).all() for i in before if i != ids[0])
        assert mem.store.get_meta("chroma_layout") == CHROMA_LAYOUT
        assert mem.verify(full=True).clean
        hits = mem.retrieve("packing list item 3", user_id="u1", task_id=task.id, top_k=3)
        assert ids[3] in [h.node.id for h in hits.hits]
        # The user's standing fact is still found from inside the task (the type filter).
        hits = mem.retrieve("Where do I live?", user_id="u1", task_id=task.id, top_k=10)
        assert fact.id in [h.node.id for h in hits.hits]

    counting.texts.clear()
    with HybridMemory(path, embedder=counting) as mem:  # nothing left to do on the next open
        assert counting.texts == []
        assert mem.verify().clean
