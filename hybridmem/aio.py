"""``AsyncHybridMemory``: the same API as :class:`~hybridmem.HybridMemory`, as coroutines.

Embedding a text and committing to SQLite block the calling thread; an agent running on an
event loop (FastAPI, an MCP server, LangGraph) must not stall on them. Every method here runs
the synchronous method in a worker thread of the wrapper's own pool, so the loop keeps serving
other tasks meanwhile. ``HybridMemory`` is thread-safe (one engine lock serialises writes;
reads run side by side), so concurrent coroutines are safe::

    async with await AsyncHybridMemory.open("agent-memory/") as mem:
        node = await mem.add("Finance returned the claim", user_id="u1")
        result = await mem.retrieve("why was it returned?", user_id="u1")

:meth:`AsyncHybridMemory.transaction` makes several calls one atomic write. The engine's write
lock belongs to the thread that took it, so a transaction pins the calls made inside it (in
the same task) to one dedicated thread; other tasks' writes wait for its commit, in their own
worker threads, never on the loop.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar

from hybridmem.memory import HybridMemory

P = ParamSpec("P")
R = TypeVar("R")

_pinned: contextvars.ContextVar[Executor | None] = contextvars.ContextVar(
    "hybridmem_transaction_thread", default=None
)


def _async(
    method: Callable[Concatenate[HybridMemory, P], R],
) -> Callable[Concatenate[AsyncHybridMemory, P], Coroutine[Any, Any, R]]:
    """The coroutine twin of one ``HybridMemory`` method (same arguments, same result)."""
    name = method.__name__

    async def call(self: AsyncHybridMemory, *args: P.args, **kwargs: P.kwargs) -> R:
        bound: Callable[..., R] = getattr(self.sync, name)
        return await self._run(bound, *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = method.__doc__
    return call


class AsyncHybridMemory:
    """Coroutine methods over one :class:`HybridMemory` (``self.sync``).

    Wrap an open memory (``AsyncHybridMemory(mem)``) or open one without blocking the loop
    (``await AsyncHybridMemory.open(path, **kwargs)``; the arguments of ``HybridMemory``).
    ``max_workers`` bounds the threads running calls at once.
    """

    def __init__(self, memory: HybridMemory, *, max_workers: int = 4) -> None:
        self.sync = memory
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="hybridmem")

    @classmethod
    async def open(
        cls, path: str | Path, *, max_workers: int = 4, **kwargs: Any
    ) -> AsyncHybridMemory:
        """Open ``HybridMemory(path, **kwargs)`` in a worker thread (loading a model and
        recovering the store can take seconds)."""
        memory = await asyncio.to_thread(HybridMemory, path, **kwargs)
        return cls(memory, max_workers=max_workers)

    async def _run(self, fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
        loop = asyncio.get_running_loop()
        executor = _pinned.get() or self._pool
        return await loop.run_in_executor(executor, functools.partial(fn, *args, **kwargs))

    # -- lifecycle ------------------------------------------------------------------------
    async def close(self) -> None:
        """Close the memory (after calls already running finish) and the worker threads."""
        await self._run(self.sync.close)
        self._pool.shutdown(wait=False)

    async def __aenter__(self) -> AsyncHybridMemory:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Several awaited calls as one atomic write::

            async with mem.transaction():
                await mem.add("Finance returned the claim", node_type="event", user_id="u1")
                await mem.add("Next: re-scan the invoice", node_type="state", user_id="u1")

        All commit or none does (an exception inside rolls every write back). Calls made in
        the block run on one thread that holds the write lock; nesting is fine. Tasks created
        inside the block share its context and so belong to the transaction: let them finish
        before the block ends.
        """
        outer = _pinned.get()
        thread = outer or ThreadPoolExecutor(max_workers=1, thread_name_prefix="hybridmem-tx")
        token = _pinned.set(thread)
        try:
            # A nested block runs its savepoint on the outer block's thread, which holds the lock.
            async with self._unit_on(thread):
                yield
        finally:
            _pinned.reset(token)
            if outer is None:
                thread.shutdown(wait=False)

    @asynccontextmanager
    async def _unit_on(self, thread: Executor) -> AsyncIterator[None]:
        """Enter and leave one ``HybridMemory.transaction()`` on ``thread``."""
        loop = asyncio.get_running_loop()
        unit = self.sync.transaction()
        await loop.run_in_executor(thread, unit.__enter__)
        try:
            yield
        except BaseException as exc:
            await loop.run_in_executor(thread, unit.__exit__, type(exc), exc, exc.__traceback__)
            raise
        await loop.run_in_executor(thread, unit.__exit__, None, None, None)

    # -- the API: each a coroutine running the method of the same name ------------------------
    add = _async(HybridMemory.add)
    add_many = _async(HybridMemory.add_many)
    add_messages = _async(HybridMemory.add_messages)
    set_message_extractor = _async(HybridMemory.set_message_extractor)
    wait_indexed = _async(HybridMemory.wait_indexed)
    finish_task = _async(HybridMemory.finish_task)
    decompress = _async(HybridMemory.decompress)
    update = _async(HybridMemory.update)
    move = _async(HybridMemory.move)
    delete = _async(HybridMemory.delete)
    set_active = _async(HybridMemory.set_active)
    get = _async(HybridMemory.get)
    get_all = _async(HybridMemory.get_all)
    resolve_id = _async(HybridMemory.resolve_id)
    children = _async(HybridMemory.children)
    path_to_root = _async(HybridMemory.path_to_root)
    subtree = _async(HybridMemory.subtree)
    root = _async(HybridMemory.root)
    users = _async(HybridMemory.users)
    active_node = _async(HybridMemory.active_node)
    retrieve = _async(HybridMemory.retrieve)
    stats = _async(HybridMemory.stats)
    rebuild_index = _async(HybridMemory.rebuild_index)
    erase = _async(HybridMemory.erase)
    audit_log = _async(HybridMemory.audit_log)
    audit_trail = _async(HybridMemory.audit_trail)
    verify_audit = _async(HybridMemory.verify_audit)
    export_user = _async(HybridMemory.export_user)
    import_jsonl = _async(HybridMemory.import_jsonl)
    rotate_key = _async(HybridMemory.rotate_key)
    history = _async(HybridMemory.history)
    oplog = _async(HybridMemory.oplog)
    checkpoint = _async(HybridMemory.checkpoint)
    snapshots = _async(HybridMemory.snapshots)
    restore = _async(HybridMemory.restore)
    verify = _async(HybridMemory.verify)
    repair = _async(HybridMemory.repair)
    maintain = _async(HybridMemory.maintain)
    set_slot_extractor = _async(HybridMemory.set_slot_extractor)
    restore_archived = _async(HybridMemory.restore_archived)
    current_value = _async(HybridMemory.current_value)
    value_history = _async(HybridMemory.value_history)
    inspect = _async(HybridMemory.inspect)
    add_probe = _async(HybridMemory.add_probe)
    probe_report = _async(HybridMemory.probe_report)
    grant = _async(HybridMemory.grant)
    revoke = _async(HybridMemory.revoke)
    grants = _async(HybridMemory.grants)
    access = _async(HybridMemory.access)
