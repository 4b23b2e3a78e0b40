"""AsyncHybridMemory: the facade's methods as coroutines that never block the event loop."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Sequence

import pytest

from benchmarks.wrapped_embedder import WrappedEmbedder
from hybridmem import AsyncHybridMemory, HashEmbedder, HybridMemory
from hybridmem.embedding.base import Vectors
from hybridmem.errors import NodeNotFoundError


class GatedEmbedder(WrappedEmbedder):
    """Blocks inside ``embed`` until the test opens the gate (a slow model, made visible)."""

    def __init__(self) -> None:
        self.inner = HashEmbedder(64)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.closed = False

    def embed(self, texts: Sequence[str]) -> Vectors:
        if self.closed:
            self.entered.set()
            assert self.gate.wait(10), "the gate was never opened: the loop was blocked"
        return self.inner.embed(texts)


def test_every_public_method_has_a_coroutine_twin():
    public = {
        name
        for name, member in inspect.getmembers(HybridMemory, inspect.isfunction)
        if not name.startswith("_")
    }
    not_wrapped = {"close", "transaction", "scoped"}  # async versions of their own, or a view
    # Masking is bound to the calling thread and the async facade runs each call in a worker
    # thread: async code masks the whole store instead (PrivacyConfig(mask_without_key=True)).
    not_wrapped.add("sealed_masked")
    for name in public - not_wrapped:
        assert inspect.iscoroutinefunction(getattr(AsyncHybridMemory, name)), name


def test_the_loop_keeps_running_while_a_write_embeds(mem_path, clock):
    async def scenario() -> None:
        embedder = GatedEmbedder()
        mem = await AsyncHybridMemory.open(mem_path, embedder=embedder, clock=clock)
        async with mem:
            embedder.closed = True
            write = asyncio.create_task(mem.add("Booked the train to Porto", user_id="u1"))
            # The add is parked inside embed() in a worker thread; the loop still runs this.
            while not embedder.entered.is_set():
                await asyncio.sleep(0.01)
            assert not write.done()
            embedder.gate.set()
            node = await write
            found = await mem.get(node.id, user_id="u1")
            assert found.content == "Booked the train to Porto"
            result = await mem.retrieve("train to Porto", user_id="u1")
            assert result.hits[0].node.id == node.id

    asyncio.run(scenario())


def test_async_transaction_commits_or_rolls_back_as_one(mem):
    async def scenario() -> None:
        amem = AsyncHybridMemory(mem)
        async with amem.transaction():
            task = await amem.add("Claim #9", node_type="task", user_id="u1")
            await amem.add("receipt attached", parent_id=task.id, user_id="u1")
        assert len(await amem.get_all(user_id="u1")) == 2

        with pytest.raises(RuntimeError, match="boom"):
            async with amem.transaction():
                await amem.add("never kept", user_id="u1")
                async with amem.transaction():  # nested: joins the outer unit
                    await amem.add("nor this", user_id="u1")
                raise RuntimeError("boom")
        contents = [n.content for n in await amem.get_all(user_id="u1")]
        assert contents == ["Claim #9", "receipt attached"]

        # Other tasks' writes wait for the transaction instead of interleaving with it.
        go = asyncio.Event()

        async def outsider() -> None:
            await go.wait()
            await amem.add("outside write", user_id="u2")

        other = asyncio.create_task(outsider())  # created outside the transaction's context
        async with amem.transaction():
            go.set()
            await asyncio.sleep(0.05)
            assert not other.done()
            await amem.add("inside write", user_id="u1")
        await other
        assert [n.content for n in await amem.get_all(user_id="u2")] == ["outside write"]

        with pytest.raises(NodeNotFoundError):
            await amem.get("missing-id", user_id="u1")

    asyncio.run(scenario())


def test_concurrent_coroutines_write_and_read_consistently(mem):
    async def scenario() -> None:
        amem = AsyncHybridMemory(mem, max_workers=4)
        await asyncio.gather(
            *(amem.add(f"fact number {i}", node_type="fact", user_id="u1") for i in range(20))
        )
        nodes = await amem.get_all(user_id="u1", node_type="fact")
        assert sorted(n.content for n in nodes) == sorted(f"fact number {i}" for i in range(20))
        assert len({n.seq for n in nodes}) == 20

    asyncio.run(scenario())
