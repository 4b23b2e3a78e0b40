"""WAL checkpoints off the writer's path.

In WAL mode a commit appends pages to the ``-wal`` file; a *checkpoint* copies them back into
the main file and fsyncs it. By default SQLite checkpoints inside the COMMIT that takes the
WAL past 1,000 pages, so that write waits for it. A batch of new nodes dirties index pages all
over a large file (random ids and hashes): at ~95k nodes one ``add_many`` of 1,000 writes
~4,000 pages, so every such batch paid a checkpoint in its commit (~0.09 s of COMMIT against
0.03 s; docs/benchmarks.md, "Eighth pass").

:class:`WalCheckpointer` runs SQLite's passive checkpoint from a thread with its own
connection instead, as SQLite's documentation suggests for this case: passive checkpoints run
beside readers and the writer and never block them. It is nudged after each outermost commit
and checkpoints once the rows changed since its last run reach :data:`CHANGES_PER_CHECKPOINT`
(SQLite's own threshold of 1,000, counted in changed rows: each dirties at least one page).
The writer keeps an automatic checkpoint of its own, :data:`BACKSTOP_PAGES`, so the WAL stays
bounded if the thread cannot keep up. Durability is unchanged: a commit is as durable as
before (WAL frames are the commit); only where the copy into the main file happens moves.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger(__name__)

CHANGES_PER_CHECKPOINT = 1000
"""Changed rows between two background checkpoints (SQLite's default of 1,000 pages)."""

BACKSTOP_PAGES = 10_000
"""The writer's own automatic checkpoint: ten times SQLite's default, so it fires only when
the background thread falls behind (a batch of 1,000 nodes writes ~4,000 pages at 95k)."""


class WalCheckpointer:
    """Passive WAL checkpoints of one SQLite file, from a background thread."""

    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self._conn = sqlite3.connect(
            str(path), timeout=busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False
        )
        self._lock = threading.RLock()
        """Held while a checkpoint runs: :meth:`paused` takes it for a TRUNCATE of its own."""
        self._wake = threading.Condition()
        self._wanted = False
        self._running = False
        self._stopping = False
        self._changes_at_last = 0
        self._thread = threading.Thread(
            target=self._run, name="hybridmem-wal-checkpoint", daemon=True
        )
        self._thread.start()

    def committed(self, total_changes: int) -> None:
        """The writer committed; ``total_changes`` is its connection's running count."""
        if total_changes - self._changes_at_last < CHANGES_PER_CHECKPOINT:
            return
        self._changes_at_last = total_changes
        with self._wake:
            self._wanted = True
            self._wake.notify()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No background checkpoint inside the block (a caller's TRUNCATE needs the WAL)."""
        with self._lock:
            yield

    def drain(self) -> None:
        """Wait until no checkpoint is asked for or running."""
        with self._wake:
            while (self._wanted or self._running) and self._thread.is_alive():
                self._wake.wait(0.05)

    def close(self) -> None:
        """Stop the thread (after the checkpoint it is running) and close its connection."""
        with self._wake:
            self._stopping = True
            self._wake.notify()
        self._thread.join()
        self._conn.close()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._wanted and not self._stopping:
                    self._wake.wait()
                if self._stopping:
                    return
                self._wanted, self._running = False, True
            try:
                with self._lock:
                    self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as exc:
                # A full disk or an I/O error: the pages stay in the WAL (still durable) and
                # the writer's backstop checkpoint meets the error in a caller's commit.
                log.warning("background WAL checkpoint failed: %s", exc)
            finally:
                with self._wake:
                    self._running = False
                    self._wake.notify_all()
