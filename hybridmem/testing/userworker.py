"""Writers of many users on one PostgreSQL store (+ the Chroma server), for the per-user write
lock tests and ``benchmarks/pg_scaleout.py``.

``python -m hybridmem.testing.userworker adds URL TAG COUNT START USER...`` adds ``COUNT``
nodes for each user, round-robin over the users (item ``k`` of user ``u`` has the id
``TAG-u-k``), from item ``START`` on, printing ``ACK id`` after each add returned (committed).
A writer killed and started again with ``START`` after its last ``ACK`` finishes the work
exactly: an add that committed but was not acknowledged is found by its id and acknowledged.

``python -m hybridmem.testing.userworker mix URL TAG SEED OPS USER...`` runs ``OPS`` seeded
random writes across the users: single adds, batches, updates, moves, deletes and erasures of
nodes. Refusals the mix provokes (a node another writer deleted, a version another changed)
are counted; a deadlock prints ``DEADLOCK`` and exits 2, any other failure ``ERROR`` and 3.
Both end with ``DONE``.

The store and the Chroma server are named as for :mod:`hybridmem.testing.faultworker`
(``$HYBRIDMEM_CHROMA``, ``$HYBRIDMEM_COLLECTION``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import psycopg

from hybridmem.errors import (
    ConflictError,
    CycleError,
    HybridMemError,
    InvalidArgumentError,
    NodeNotFoundError,
)
from hybridmem.memory import HybridMemory
from hybridmem.testing.faultworker import open_memory

EXPECTED = (NodeNotFoundError, ConflictError, CycleError, InvalidArgumentError)
"""What one writer's move can meet when another changed or removed its node meanwhile."""


def _emit(*parts: object) -> None:
    print(*parts, flush=True)


def item_id(tag: str, user: str, k: int) -> str:
    """The id of item ``k`` of ``user`` written by writer ``tag``."""
    return f"{tag}-{user}-{k}"


def adds(url: str, tag: str, count: int, start: int, users: Sequence[str]) -> None:
    """Items ``start`` .. ``count * len(users) - 1`` of this writer (see the module doc)."""
    with open_memory(url, embedder="hash", actor=tag) as mem:
        for flat in range(start, count * len(users)):
            user, k = users[flat % len(users)], flat // len(users)
            node_id = item_id(tag, user, k)
            try:
                mem.add(f"{tag} note {k} for {user}", user_id=user, id=node_id)
            except InvalidArgumentError:
                # Committed by the previous run of this writer, killed before its ACK.
                if mem.store.get(node_id) is None:
                    raise
            _emit("ACK", node_id)
        _emit("DONE", tag)


def deadlocked(exc: BaseException) -> bool:
    """Whether PostgreSQL ended the write as one side of a deadlock."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, psycopg.errors.DeadlockDetected):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class Mix:
    """One writer's seeded random mix over several users."""

    def __init__(self, mem: HybridMemory, tag: str, seed: int, users: Sequence[str]) -> None:
        self.mem, self.tag, self.users = mem, tag, list(users)
        self.rng = random.Random(seed)
        self.tasks = {u: [self._task(u, i) for i in range(2)] for u in self.users}
        self.notes: dict[str, list[str]] = {u: [] for u in self.users}
        self.refused = 0
        self.serial = 0

    def _task(self, user: str, i: int) -> str:
        return self.mem.add(f"{self.tag} task {i} of {user}", node_type="task", user_id=user).id

    def _content(self, user: str) -> str:
        self.serial += 1
        return f"{self.tag} wrote {self.serial} for {user} about {self.rng.choice(WORDS)}"

    def step(self) -> None:
        user = self.rng.choice(self.users)
        notes = self.notes[user]
        roll = self.rng.random()
        if roll < 0.3 or not notes:
            parent = self.rng.choice(self.tasks[user])
            notes.append(self.mem.add(self._content(user), parent_id=parent, user_id=user).id)
        elif roll < 0.45:
            batch = [
                {"content": self._content(user), "parent_id": self.rng.choice(self.tasks[user])}
                for _ in range(self.rng.randint(2, 5))
            ]
            notes.extend(n.id for n in self.mem.add_many(batch, user_id=user))
        elif roll < 0.65:
            self.mem.update(self.rng.choice(notes), content=self._content(user), user_id=user)
        elif roll < 0.8:
            self.mem.move(self.rng.choice(notes), self.rng.choice(self.tasks[user]), user_id=user)
        elif roll < 0.92:
            self.mem.delete(notes.pop(self.rng.randrange(len(notes))), user_id=user)
        else:
            self.mem.erase(notes.pop(self.rng.randrange(len(notes))), compact=False)


WORDS = ("invoices", "the trip", "a deadline", "lunch", "the budget", "a bug", "the review")


def mix(url: str, tag: str, seed: int, ops: int, users: Sequence[str]) -> int:
    """Run the mix; the exit status (see the module doc)."""
    with open_memory(url, embedder="hash", actor=tag) as mem:
        run = Mix(mem, tag, seed, users)
        for _ in range(ops):
            try:
                run.step()
            except EXPECTED:
                run.refused += 1
            except HybridMemError as exc:
                if deadlocked(exc):
                    _emit("DEADLOCK", tag, exc)
                    return 2
                _emit("ERROR", tag, type(exc).__name__, exc)
                return 3
        _emit("DONE", tag, run.refused)
    return 0


def _main(argv: list[str]) -> int:
    if len(argv) >= 6 and argv[0] == "adds":
        adds(argv[1], argv[2], int(argv[3]), int(argv[4]), argv[5:])
        return 0
    if len(argv) >= 6 and argv[0] == "mix":
        return mix(argv[1], argv[2], int(argv[3]), int(argv[4]), argv[5:])
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
