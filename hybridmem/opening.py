"""Opening a memory: resolve where the tree lives, open its resources, build the core.

The facade (:class:`hybridmem.memory.HybridMemory`) calls :func:`open_memory` once and keeps
what it returns. Opening is its own module because it is the one place that decides which
store (SQLite file or PostgreSQL URL), which vector index (embedded Chroma, a Chroma server or
an injected one) and which embedder a memory gets, and what the services plug into the
engine; the facade itself only validates and forwards.

Order matters, and is the same for every backend:

1. check the location before anything is created (a bad embedder spec or a lost SQLite file
   beside its index leaves nothing behind and says what is wrong);
2. open the store, then choose the embedder (``None`` means the one the store was built with)
   and plan the index (a re-index switches model only after the store is open);
3. open the vector index (embedded Chroma is owned by one process at a time; read-only opens
   defer it to the first call that needs vectors);
4. gather what privacy, evolution and recovery plug into the engine (sealer, ``erase`` op,
   planner, catch-up, store hooks, owner duties) in one ``EngineParts``, build the engine
   whole with it, then the services that only use it (retrieval);
5. finish what an earlier process left (pending vector writes, a lost index, an embedder
   switch killed half-way). Read-only opens skip this: that is the next writer's job.

On any failure the resources opened so far are closed again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from hybridmem import lexical
from hybridmem.clock import Clock, system_clock
from hybridmem.config import MemoryConfig
from hybridmem.config.privacy import PrivacyConfig
from hybridmem.core import Core, Engine, EngineParts, core_registry, flush_unit
from hybridmem.core.hooks import WritePlanner
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.errors import InvalidArgumentError, StoreNotFoundError
from hybridmem.index import ChromaIndex, ChromaServer, VectorIndex
from hybridmem.index.ownership import open_index
from hybridmem.privacy import services as privacy_ops
from hybridmem.privacy.services import PrivacyService
from hybridmem.recovery import services as recovery_ops
from hybridmem.recovery.consistency import Reconciler
from hybridmem.recovery.models import OpenReport
from hybridmem.recovery.reindex import IndexPlan
from hybridmem.retrieval import Retriever
from hybridmem.store import DB_FILE, SQLiteStore, TreeStore
from hybridmem.store.urls import is_postgres_url, open_postgres, redact
from hybridmem.tokens import LazyTokenCounter, TokenCounter
from hybridmem.validation import check_file_path

CHROMA_LAYOUT = "4"
"""Version of the vector metadata layout (bump when ``core.indexing.index_metadata`` changes)."""
LEXICAL_META = "lexical_analysis"
"""The meta key holding the :data:`hybridmem.lexical.ANALYSIS` the store's terms were cut with."""
CHROMA_DIR = "chroma"
DEFAULT_COLLECTION = "hybridmem-nodes"

__all__ = [
    "CHROMA_DIR",
    "CHROMA_LAYOUT",
    "DEFAULT_COLLECTION",
    "OpenOptions",
    "OpenedMemory",
    "open_memory",
]


@dataclass(frozen=True)
class OpenOptions:
    """Everything :func:`open_memory` takes besides the location (the facade's keywords)."""

    embedder: str | Embedder | None = None
    config: MemoryConfig | None = None
    clock: Clock | None = None
    chroma: ChromaServer | None = None
    collection: str | None = None
    durability: str = "normal"
    actor: str | None = None
    reindex: bool = False
    token_counter: TokenCounter | None = None
    privacy: PrivacyConfig | None = None
    index: VectorIndex | None = None
    create: bool = True
    read_only: bool = False


@dataclass
class OpenedMemory:
    """An open memory: the core with its services built in, and what opening found."""

    core: Core
    privacy: PrivacyService
    retriever: Retriever
    recovery: Reconciler
    report: OpenReport
    location: str
    """Where the tree lives, safe to show: the directory, or the URL without password."""
    path: Path | None
    """The memory directory (SQLite, snapshots, embedded Chroma); None on PostgreSQL."""


def open_memory(path: str | Path, options: OpenOptions) -> OpenedMemory:
    """Open (or create) the memory at ``path``; see the module docstring for the order."""
    if not isinstance(path, str | PathLike):
        raise InvalidArgumentError(f"path must be a directory path, got {type(path).__name__}")
    # Checked before anything is created: a bad embedder spec leaves no directory behind.
    chosen = make_embedder(options.embedder) if options.embedder is not None else None
    location = redact(path)
    config = options.config or MemoryConfig()
    started = time.perf_counter()
    directory = _check_location(path, location, options, config)
    store: TreeStore = (
        SQLiteStore(directory / DB_FILE, durability=options.durability)
        if directory is not None
        else open_postgres(str(path), create=options.create and not options.read_only)
    )
    opened: VectorIndex | None = None
    requested = options.collection or DEFAULT_COLLECTION
    try:
        # ``embedder=None`` on an existing store means the one it was built with.
        embedder = chosen if chosen is not None else make_embedder(store.get_meta("embedder"))
        # The store opens with the model it records; a re-index switches after open.
        plan = recovery_ops.plan_index(
            store, embedder, requested=requested, reindex=options.reindex
        )
        rebuild_reason: str | None = None
        if options.index is None:
            opened, rebuild_reason = _open_chroma(directory, plan, options)
        else:
            opened = options.index
        # Everything the services plug into the engine, gathered before it is built.
        privacy_guard = privacy_ops.guard(store, options.privacy)
        registry = core_registry()
        privacy_ops.register_ops(registry)
        parts = EngineParts(
            sealer=privacy_guard.vault,
            registry=registry,
            # A read-only store plans no writes: no planner, and no evolution layer import.
            planner=None if options.read_only else _planner,
            catch_up=recovery_ops.reconciler,
            flush=flush_unit,
            store_hooks=(privacy_ops.store_hook(privacy_guard), recovery_ops.auto_checkpoint),
            owner_duties=(privacy_ops.finish_erasures,),
        )
        engine = Engine(
            store=store,
            index=opened,
            embedder=embedder,
            config=config,
            clock=options.clock or system_clock,
            counter=options.token_counter or LazyTokenCounter(),
            actor=options.actor,
            parts=parts,
            path=directory,
            location=location,
            read_only=options.read_only,
        )
        core = Core.build(engine)
        privacy = privacy_ops.start(core, privacy_guard)
        recovery_ops.clean_snapshot_folder(directory, config.recovery)
        retriever = Retriever(core)
        recovery = recovery_ops.reconciler_of(engine)
        if options.read_only:
            # No recovery here: finishing pending writes is the next writer's job.
            report = OpenReport.skipped(time.perf_counter() - started)
        else:
            report = _finish_open(core, recovery, plan, rebuild_reason, started, requested)
    except BaseException:
        if opened is not None:
            opened.close()
        store.close()
        raise
    return OpenedMemory(
        core=core,
        privacy=privacy,
        retriever=retriever,
        recovery=recovery,
        report=report,
        location=location,
        path=directory,
    )


def _planner(engine: Engine) -> WritePlanner:
    """The evolution layer's write planner (``EngineParts.planner``), imported when a
    writable store opens."""
    from hybridmem.evolution import services

    return services.planner(engine)


def _check_location(
    path: str | Path, location: str, options: OpenOptions, config: MemoryConfig
) -> Path | None:
    """The memory directory for a path (checked, created if asked); None for a PostgreSQL URL."""
    if is_postgres_url(path):
        if options.chroma is None and options.index is None:
            raise InvalidArgumentError(
                f"{location} is a PostgreSQL store shared by many processes and hosts; "
                "its vectors live in a Chroma server: pass chroma=ChromaServer(host, port)"
            )
        return None
    # NUL and non-paths refused here; the OS judges the length (_check_store_path).
    directory = check_file_path("path", path, check_length=False)
    if _is_dir(directory):
        # A lost SQLite file beside its index is damage, not "no store here".
        embedded = options.index is None and options.chroma is None
        recovery_ops.check_files(
            directory,
            chroma_dir=directory / CHROMA_DIR if embedded else None,
            config=config.recovery,
        )
    _check_store_path(directory, create=options.create and not options.read_only)
    return directory


def _open_chroma(
    directory: Path | None, plan: IndexPlan, options: OpenOptions
) -> tuple[VectorIndex, str | None]:
    """Open Chroma (embedded in ``directory`` or the server) for the planned collection."""
    chroma_dir = None if options.chroma or directory is None else directory / CHROMA_DIR

    def open_chroma() -> ChromaIndex:
        return ChromaIndex(
            path=chroma_dir,
            server=options.chroma,
            collection=plan.collection,
            embedder_name=plan.embedder_name,
            dimension=plan.dimension,
        )

    # Embedded Chroma is owned by one process at a time (index/ownership.py).
    # Read-only opens defer it to the first vector call (most reads need none).
    return open_index(chroma_dir=chroma_dir, opener=open_chroma, defer=options.read_only)


def _finish_open(
    core: Core,
    recovery: Reconciler,
    plan: IndexPlan,
    rebuild_reason: str | None,
    started: float,
    requested: str,
) -> OpenReport:
    """Finish what an earlier process left: an embedder switch, an older vector layout,
    pending vector writes, a lost index."""
    store = core.engine.store
    layout = store.get_meta("chroma_layout")
    if plan.switch:
        recovery_ops.switch_embedder(core, requested)
    elif layout != CHROMA_LAYOUT:
        # Entries written with an older metadata layout would not match today's filters (or
        # carry keys nothing reads): rewrite their metadata in place; their vectors stay.
        core.indexer.relabel()
    if layout != CHROMA_LAYOUT:
        # Written only when it changes: an open with nothing to finish writes nothing but
        # its session marker, so it waits for the write lock once (8 writer processes on
        # SQLite kept an opener's third write waiting past the busy timeout).
        store.set_meta("chroma_layout", CHROMA_LAYOUT)
    if store.get_meta(LEXICAL_META) != lexical.ANALYSIS:
        # Terms are cut when a node is written: after an upgrade that cuts text otherwise,
        # the memories written before it would be matched by the old cut and the new ones by
        # the new (a query cut the new way misses the old ones). Re-derive them once.
        store.rewrite_terms(lexical.document_terms)
        store.set_meta(LEXICAL_META, lexical.ANALYSIS)
    return recovery.on_open(None if plan.switch else rebuild_reason, started, collection=requested)


def _is_dir(path: Path) -> bool:
    """``path.is_dir()``, False for a path the OS refuses (too long; _check_store_path says
    why)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _check_store_path(path: Path, *, create: bool) -> None:
    """Refuse a path that is not a memory directory; create one only when asked."""
    try:
        if path.exists() and not path.is_dir():
            raise InvalidArgumentError(f"memory path {str(path)!r} exists and is not a directory")
        if not create:
            if not (path / DB_FILE).is_file():
                raise StoreNotFoundError(f"no memory store at {str(path)!r} (no {DB_FILE} there)")
            return
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # name too long, a parent that is a file, no permission
        raise InvalidArgumentError(
            f"memory path {str(path)!r} cannot be used: {exc.strerror or exc}"
        ) from None
