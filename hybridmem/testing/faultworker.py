"""Fault injection: a writer process killed with SIGKILL at random moments, and the checks.

``python -m hybridmem.testing.faultworker zygote PATH`` starts a *zygote*: it imports
hybridmem once, then on each ``run SEED`` line from stdin forks a writer child and prints
``PID n``. The child opens the store and keeps adding, updating, moving, deleting nodes and
setting the active node, printing ``BEGIN ...`` before and ``ACK ...`` after each write
returned (= committed). The controller SIGKILLs the child whenever it likes; the zygote
prints ``EXIT status`` and waits for the next command. Forking from a warm zygote makes a
kill/reopen round cost well under a second instead of a fresh interpreter's start-up, which
is what lets CI afford 20+ real kills. Nothing is mocked: the child is a real process writing
a real SQLite file and Chroma directory, and SIGKILL gives it no chance to clean up.

``python -m hybridmem.testing.faultworker adds PATH N TAG`` adds N nodes (the concurrency
test runs several of these at once).

PATH may be a ``postgresql://`` URL: the vectors then live in the Chroma server named by
``$HYBRIDMEM_CHROMA`` (``host:port``), collection ``$HYBRIDMEM_COLLECTION``, and every process
writes and searches (no index owner), which the same checks verify.

:class:`FaultHarness` drives a zygote; :func:`check_round` compares a reopened store with
what the child acknowledged. Both are used by ``tests/recovery/test_recovery_faults.py`` and
``benchmarks/soak.py``.
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory

USERS = ("u1", "u2")
STALL_SECONDS = 180.0
"""How long a round waits past its kill time for the writer's ``min_acks`` (a stalled
writer is a problem, not a slow machine)."""


def open_memory(path: Path | str, **kwargs: Any) -> HybridMemory:
    """The store at ``path`` (a directory, or a URL with the Chroma server from the
    environment: see the module docstring)."""
    from hybridmem.index import ChromaServer
    from hybridmem.memory import HybridMemory

    server = os.environ.get("HYBRIDMEM_CHROMA")
    if server:
        host, port = server.rsplit(":", 1)
        kwargs.setdefault("chroma", ChromaServer(host=host, port=int(port)))
        kwargs.setdefault("collection", os.environ.get("HYBRIDMEM_COLLECTION"))
    return HybridMemory(path, **kwargs)


def _location(arg: str) -> Path | str:
    # A URL stays text: Path() would fold its "//".
    from hybridmem.store.urls import is_postgres_url

    return arg if is_postgres_url(arg) else Path(arg)


def _emit(*parts: object) -> None:
    sys.stdout.write(" ".join(str(p) for p in parts) + "\n")
    sys.stdout.flush()


def writer(path: Path | str, seed: int, embedder: str = "hash") -> None:
    """The child's loop: random writes until killed, each bracketed by BEGIN/ACK lines."""
    rng = random.Random(seed)
    with open_memory(path, embedder=embedder, actor=f"writer-{seed}") as mem:
        _emit("READY", os.getpid())
        step = 0
        while True:
            step += 1
            user = rng.choice(USERS)
            ids = [n for n in mem.store.all_ids(user_id=user)]
            active = mem.active_node(user_id=user)
            roll = rng.random()
            nodes = [n for n in mem.store.get_many(ids).values() if n.parent_id is not None]
            tasks = [n for n in nodes if n.node_type == "task"]
            if roll < 0.15 or not tasks:
                _emit("BEGIN", "add-task", user)
                node = mem.add(f"task {seed}.{step}", node_type="task", user_id=user)
                _emit("ACK", "add", user, node.id, node.version, node.content_hash, node.id)
            elif roll < 0.55:
                _emit("BEGIN", "add", user)
                node = mem.add(f"note {seed}.{step} " + "x" * rng.randrange(50), user_id=user)
                now = active.id if active else "-"
                _emit("ACK", "add", user, node.id, node.version, node.content_hash, now)
            elif roll < 0.75:
                target = rng.choice(nodes)
                _emit("BEGIN", "update", user, target.id)
                node = mem.update(target.id, content=f"{target.content[:40]} v{step}")
                _emit("ACK", "update", user, node.id, node.version, node.content_hash, "-")
            elif roll < 0.85:
                task = rng.choice(tasks)
                _emit("BEGIN", "set_active", user, task.id)
                mem.set_active(task.id, user_id=user)
                _emit("ACK", "set_active", user, task.id, "-", "-", task.id)
            elif roll < 0.93:
                leaf = rng.choice(nodes)
                task = rng.choice(tasks)
                if task.id == leaf.id or leaf.id in task.path:
                    continue
                _emit("BEGIN", "move", user, leaf.id)
                node = mem.move(leaf.id, task.id)
                _emit("ACK", "move", user, node.id, node.version, node.content_hash, "-")
            else:
                leaves = [n for n in nodes if n.node_type != "task"]
                if not leaves:
                    continue
                victim = rng.choice(leaves)
                _emit("BEGIN", "delete", user, victim.id)
                mem.delete(victim.id, subtree=True)
                after = mem.active_node(user_id=user)
                _emit("ACK", "delete", user, victim.id, "-", "-", after.id if after else "-")


def heavy_writer(path: Path, seed: int, keys: Path) -> None:
    """The heavy child's loop: key rotations, erasures, imports, checkpoints and restores
    between plain and sensitive adds, each bracketed by BEGIN/ACK lines. ``keys`` holds one
    key per line, the current one last; a new key is written there (and fsynced) before the
    rotation that introduces it starts, so the controller always knows both candidates."""
    from hybridmem.errors import RecoveryError, WrongKeyError
    from hybridmem.privacy import PrivacyConfig, generate_key

    rng = random.Random(seed)
    for key in reversed(keys.read_text().split()):  # a killed rotation: the older key
        config = PrivacyConfig(key=key, key_env="HYBRIDMEM_FAULT_NO_KEY")
        try:
            mem = open_memory(path, embedder="hash", privacy=config, actor=f"heavy-{seed}")
            break
        except WrongKeyError:
            continue
    else:
        raise RuntimeError("no key opens the store")
    with mem:
        _emit("READY", os.getpid(), int(mem.index.owned))
        mem.add(f"kept {seed}.0", user_id="u1")
        step = 0
        while True:
            step += 1
            roll = rng.random()
            if roll < 0.3:
                _emit("BEGIN", "add")
                node = mem.add(f"kept {seed}.{step}", user_id="u1", sensitive=roll < 0.15)
                _emit("ACK", "add", node.id)
            elif roll < 0.45:
                marker = f"Gone{seed}x{step}q"
                user = f"gone{seed}-{step}"
                task = mem.add(f"task {marker}", node_type="task", user_id=user)
                mem.add(f"note {marker}", parent_id=task.id, user_id=user, sensitive=True)
                _emit("BEGIN", "erase", marker)
                mem.erase(user_id=user)
                _emit("ACK", "erase", marker)
            elif roll < 0.6:
                dest = path.parent / f"export-{seed}-{step}.jsonl"
                mem.export_user("u1", dest)
                user = f"imp{seed}-{step}"
                _emit("BEGIN", "import", user)
                report = mem.import_jsonl(dest, user_id=user, new_ids=True)
                _emit("ACK", "import", user, report.nodes)
                dest.unlink()
            elif roll < 0.72:
                _emit("BEGIN", "checkpoint")
                mem.checkpoint()
                _emit("ACK", "checkpoint")
            elif roll < 0.86:
                new = generate_key()
                with open(keys, "a", encoding="ascii") as fh:
                    fh.write(new + "\n")
                    fh.flush()
                    os.fsync(fh.fileno())
                _emit("BEGIN", "rotate")
                mem.rotate_key(new)
                _emit("ACK", "rotate")
            elif mem.snapshots():
                _emit("BEGIN", "restore")
                try:
                    mem.restore()
                    _emit("ACK", "restore")
                except RecoveryError:  # the controller holds the store open this round
                    _emit("ACK", "restore-refused")


def heavy_check(path: Path, keys: Path, acked: list[list[str]]) -> list[str]:
    """After a kill: the store opens with one of the keys, ``verify()`` is clean (the
    owner's open finished what the kill interrupted), no acknowledged erasure left its text
    in any file, and every acknowledged import and add is there."""
    from hybridmem.errors import WrongKeyError
    from hybridmem.privacy import PrivacyConfig
    from hybridmem.testing.checks import find_bytes

    problems: list[str] = []
    refusals: list[str] = []
    for key in reversed(keys.read_text().split()):
        config = PrivacyConfig(key=key, key_env="HYBRIDMEM_FAULT_NO_KEY")
        try:
            mem = open_memory(path, embedder="hash", privacy=config)
        except WrongKeyError as exc:
            refusals.append(str(exc))
            continue
        with mem:
            report = mem.verify()
            if not report.clean:
                problems.append(f"verify after open: {report.summary()}")
            present = set(mem.store.all_ids())
            for entry in acked:
                if entry[0] == "add" and entry[1] not in present:
                    problems.append(f"acknowledged add {entry[1]} is missing")
                if entry[0] == "import" and len(mem.store.all_ids(user_id=entry[1])) < 2:
                    problems.append(f"acknowledged import into {entry[1]} is missing")
            for node_id in list(present)[:50]:
                mem.get(node_id)  # decrypts: the key opens every sensitive node
        for entry in acked:
            if entry[0] == "erase" and find_bytes(path, entry[1]):
                problems.append(f"erased text {entry[1]} found in {find_bytes(path, entry[1])}")
        return problems
    count = len(keys.read_text().split())
    return [f"the store opens with none of the {count} keys: " + " | ".join(refusals)]


def zygote(path: Path | str, embedder: str) -> None:
    """Fork one writer per ``run SEED`` command read from stdin."""
    import chromadb  # noqa: F401

    import hybridmem.memory  # (warm the imports the children inherit)
    from hybridmem.store.urls import is_postgres_url

    if is_postgres_url(str(path)):
        import hybridmem.store.postgres  # noqa: F401  (psycopg; the children connect anew)
    from hybridmem.tokens import default_counter

    default_counter()  # the BPE tables (plain Python data, safe to inherit through fork)

    _emit("ZYGOTE", os.getpid())
    for line in sys.stdin:
        cmd = line.split()
        if not cmd:
            continue
        if cmd[0] == "quit":
            return
        if cmd[0] in ("run", "heavy"):
            pid = os.fork()
            if pid == 0:  # the writer child
                code = 0
                try:
                    if cmd[0] == "heavy":
                        heavy_writer(Path(path), int(cmd[1]), Path(cmd[2]))
                    else:
                        writer(path, int(cmd[1]), embedder)
                except BaseException as exc:
                    _emit("ERROR", type(exc).__name__, str(exc).replace("\n", " ")[:300])
                    code = 1
                finally:
                    os._exit(code)
            _emit("PID", pid)
            _, status = os.waitpid(pid, 0)
            _emit("EXIT", status)


def adds(path: Path | str, count: int, tag: str, embedder: str = "hash") -> None:
    """Add ``count`` nodes under one task of this process (the concurrency test's worker);
    report whether this process could search its own notes by vector."""
    with open_memory(path, embedder=embedder, actor=tag) as mem:
        task = mem.add(f"task of {tag}", node_type="task", user_id=tag)
        for i in range(count - 1):
            mem.add(f"{tag} note {i}", parent_id=task.id, user_id=tag)
        found = mem.retrieve(f"{tag} note {count // 2}", user_id=tag, task_id=task.id, top_k=5)
        by_vector = any("vector" in h.breakdown.sources for h in found.hits)
        _emit("DONE", tag, int(mem.index.owned), int(by_vector))


def increments(path: Path | str, node_id: str, count: int, tag: str) -> None:
    """Read-modify-write ``metadata['n'] += 1`` ``count`` times with optimistic retries."""
    from hybridmem.errors import ConflictError

    conflicts = 0
    with open_memory(path, embedder="hash", actor=tag) as mem:
        for _ in range(count):
            while True:
                node = mem.get(node_id)
                try:
                    mem.update(
                        node_id,
                        metadata={**node.metadata, "n": node.metadata.get("n", 0) + 1},
                        expected_version=node.version,
                    )
                    break
                except ConflictError:
                    conflicts += 1
    _emit("DONE", tag, conflicts)


# -- the controller side --------------------------------------------------------------------
@dataclass
class Expectation:
    """What the killed child acknowledged, and what it may have been doing when killed."""

    acked: dict[str, tuple[int, str]] = field(default_factory=dict)
    """node id -> (version, content hash) as last acknowledged ("-" fields unknown)."""
    deleted: set[str] = field(default_factory=set)
    active: dict[str, str] = field(default_factory=dict)
    in_flight: tuple[str, ...] | None = None
    acks: int = 0

    def feed(self, line: str) -> None:
        """Update the model from one line of the child's output."""
        parts = line.split()
        if not parts:
            return
        if parts[0] == "BEGIN":
            self.in_flight = tuple(parts[1:])
        elif parts[0] == "ACK":
            _, kind, user, node_id, version, chash, active = parts
            self.acks += 1
            self.in_flight = None
            if kind == "delete":
                self.deleted.add(node_id)
                self.acked.pop(node_id, None)
            elif kind in {"add", "update", "move"}:
                self.acked[node_id] = (int(version), chash)
                self.deleted.discard(node_id)
            if active != "-":
                self.active[user] = active

    def settle(self, mem: HybridMemory) -> None:
        """After a check: adopt the outcome of the op that was in flight at the kill."""
        flight, self.in_flight = self.in_flight, None
        if not flight:
            return
        user = flight[1] if len(flight) > 1 else None
        if len(flight) > 2:
            node = mem.store.get(flight[2])
            if node is None:
                self.acked.pop(flight[2], None)
                self.deleted.add(flight[2])
            elif flight[2] in self.acked:
                self.acked[flight[2]] = (node.version, node.content_hash)
        if user is not None:
            active = mem.active_node(user_id=user)
            if active is not None:
                self.active[user] = active.id


def check_round(mem: HybridMemory, model: Expectation) -> list[str]:
    """Every violation of the durability promise found in a reopened store (empty = none)."""
    from hybridmem.memory import content_hash

    problems: list[str] = []
    flight = model.in_flight or ()
    flight_kind = flight[0] if flight else None
    flight_target = flight[2] if len(flight) > 2 else None
    # Only acknowledged deletes of acked nodes matter; a subtree delete may take children.
    present = mem.store.get_many(list(model.acked))
    for node_id, (version, chash) in model.acked.items():
        node = present.get(node_id)
        if node is None:
            # A delete of an ancestor's subtree removes it legitimately.
            if not any(h.op == "delete" for h in mem.history(node_id)):
                problems.append(f"acknowledged node {node_id} is missing")
            continue
        if node.version < version:
            problems.append(f"{node_id}: version {node.version} older than acked {version}")
        elif node.version > version + 1 or (
            node.version == version + 1 and flight_target != node_id
        ):
            # Newer than acknowledged is only allowed for the op in flight at the kill, or
            # for moves of ancestors (which bump the moved node only) - those are acked.
            problems.append(f"{node_id}: version {node.version} but acked {version}")
        elif node.version == version and node.content_hash != chash:
            problems.append(f"{node_id}: content differs from the acknowledged write")
    for node_id in model.deleted:
        if mem.store.get(node_id) is not None:
            problems.append(f"acknowledged delete of {node_id} did not persist")
    with mem.store.reading():
        for stored in mem.store.scan_nodes():
            if content_hash(stored.content) != stored.content_hash:
                problems.append(f"{stored.id}: half-written (content hash mismatch)")
        lexical = mem.store.lexical_gaps()
        bad_seq = mem.store.misnumbered_nodes()
    orphan_terms = len(lexical.terms_without_node)
    unterm = len(lexical.nodes_without_terms)
    if orphan_terms or unterm:
        problems.append(f"lexical index out of step ({orphan_terms} orphans, {unterm} missing)")
    if lexical.stale_statistics:
        problems.append(f"{lexical.stale_statistics} lexical statistics disagree with the index")
    if bad_seq:
        problems.append(f"{bad_seq} nodes whose seq is not their add op")
    for user, expected in model.active.items():
        got = mem.active_node(user_id=user)
        got_id = got.id if got else "-"
        in_flight_ok = flight_kind in {"add-task", "set_active", "delete"} and (
            len(flight) > 1 and flight[1] == user
        )
        if got_id != expected and not in_flight_ok:
            problems.append(f"active node of {user} is {got_id}, acknowledged {expected}")
    report = mem.verify()
    if not report.clean:
        problems.append(f"verify after open: {report.summary()}")
    if report.first_seq not in (0, 1):
        problems.append(f"op log starts at {report.first_seq}")
    return problems


def per_round_quota(delays: list[float], total: int) -> int:
    """Acknowledgements each round with a non-negative delay must see before its kill so
    the rounds together see at least ``total`` (rounds with a negative delay die opening)."""
    opening = sum(1 for d in delays if d >= 0)
    return -(-total // max(opening, 1))


@dataclass
class _Due:
    """When a round's writer is killed: after ``deadline`` (monotonic), once ``quota``
    acknowledgements were seen."""

    deadline: float
    quota: int
    acks: int = 0

    def enough(self) -> bool:
        return self.acks >= self.quota


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One kill: how long the child ran, what it acknowledged, what went wrong."""

    seed: int
    ran_seconds: float
    acks: int
    killed: bool
    problems: tuple[str, ...]
    reopen_seconds: float


class FaultHarness:
    """Drives a zygote: fork a writer, kill it after a delay, reopen and check."""

    def __init__(
        self,
        path: Path | str,
        embedder: str = "hash",
        *,
        chroma: str | None = None,
        collection: str | None = None,
    ) -> None:
        self.path = path
        """A directory, or a ``postgresql://`` URL with ``chroma`` (``host:port``) and
        ``collection`` naming where its vectors live."""
        self.embedder = embedder
        self.model = Expectation()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if chroma is not None:
            env["HYBRIDMEM_CHROMA"] = chroma
            env["HYBRIDMEM_COLLECTION"] = collection or "hybridmem-nodes"
        self.env = env
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hybridmem.testing.faultworker", "zygote", str(path), embedder],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self._expect("ZYGOTE", timeout=60)

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("EOF")

    def _lines_until(self, prefix: str, timeout: float) -> Iterator[str]:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {prefix} line from the fault worker")
            line = self.lines.get(timeout=remaining)
            yield line
            if line.startswith(prefix) or line == "EOF":
                return

    def _expect(self, prefix: str, timeout: float) -> str:
        last = ""
        for line in self._lines_until(prefix, timeout):
            last = line
        if not last.startswith(prefix):
            raise RuntimeError(f"fault worker ended unexpectedly (wanted {prefix})")
        return last

    def round(self, seed: int, delay: float, *, min_acks: int = 0) -> RoundResult:
        """Run one writer for ``delay`` seconds after it opened, SIGKILL it, check.

        A negative ``delay`` kills ``-delay`` seconds after the fork, usually while the
        writer is still opening (and recovering) the store. ``min_acks`` (positive delays
        only) holds the kill until the writer acknowledged that many writes, however slow a
        loaded machine makes it: the test's strength does not depend on the load (a writer
        that cannot get there within :data:`STALL_SECONDS` is reported as a problem).
        """
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"run {seed}\n")
        self.proc.stdin.flush()
        pid = int(self._expect("PID", timeout=30).split()[1])
        start = time.monotonic()
        errors: list[str] = []
        ready = delay < 0  # a negative delay kills during open/recovery, before READY
        due = _Due(start + (abs(delay) if ready else 30.0), 0 if ready else min_acks)
        for line in self._lines_before_kill(due, start):
            if line.startswith("READY") and not ready:
                ready = True
                due.deadline = time.monotonic() + delay  # then write for ``delay`` seconds
            elif line.startswith("EXIT"):
                errors.append(f"writer exited by itself: {line}")
                break
            due.acks += line.startswith("ACK")
            self._take(line, errors)
        if not due.enough():
            errors.append(f"the writer acknowledged {due.acks} of {due.quota} writes in time")
        os.kill(pid, signal.SIGKILL)
        ran = time.monotonic() - start
        status = ""
        for line in self._lines_until("EXIT", timeout=30):
            if line.startswith("EXIT"):
                status = line
            else:
                self._take(line, errors)
        killed = os.WIFSIGNALED(int(status.split()[1])) if status else False
        opened = time.perf_counter()
        with self.open() as mem:
            reopen = time.perf_counter() - opened
            problems = errors + check_round(mem, self.model)
            self.model.settle(mem)
        return RoundResult(seed, ran, self.model.acks, killed, tuple(problems), reopen)

    def heavy_round(
        self, seed: int, delay: float, keys: Path, *, hold: bool, min_acks: int = 0
    ) -> RoundResult:
        """Run a heavy writer (rotations, erasures, imports, restores) and SIGKILL it
        ``delay`` seconds after it opened (and after ``min_acks`` acknowledged ops, see
        :meth:`round`); with ``hold`` the controller keeps the store open meanwhile, so the
        writer is a follower (its erasures are finished by the owner)."""
        assert self.proc.stdin is not None
        held = self.open_with(keys) if hold else None
        acked: list[list[str]] = []
        errors: list[str] = []
        try:
            self.proc.stdin.write(f"heavy {seed} {keys}\n")
            self.proc.stdin.flush()
            pid = int(self._expect("PID", timeout=30).split()[1])
            start = time.monotonic()
            due = _Due(start + 60.0, min_acks)
            for line in self._lines_before_kill(due, start):
                if line.startswith("READY"):
                    due.deadline = time.monotonic() + delay
                elif line.startswith("ACK"):
                    acked.append(line.split()[1:])
                    due.acks += 1
                elif line.startswith(("ERROR", "EXIT")):
                    errors.append(f"heavy writer: {line}")
                    break
            if not due.enough() and not errors:
                errors.append(f"the heavy writer acknowledged {len(acked)} of {min_acks} ops")
            os.kill(pid, signal.SIGKILL)
            ran = time.monotonic() - start
            for line in self._lines_until("EXIT", timeout=30):
                if line.startswith("ACK"):
                    acked.append(line.split()[1:])
                elif line.startswith("ERROR"):
                    errors.append(f"heavy writer: {line}")
        finally:
            if held is not None:
                held.close()
        opened = time.perf_counter()
        problems = errors + heavy_check(Path(self.path), keys, acked)
        reopen = time.perf_counter() - opened
        return RoundResult(seed, ran, len(acked), True, tuple(problems), reopen)

    def _lines_before_kill(self, due: _Due, start: float) -> Iterator[str]:
        """The writer's lines until its kill is due: ``due.deadline`` passed and enough
        acknowledgements (waiting past the deadline for them at most until ``start +
        STALL_SECONDS``)."""
        stall = start + STALL_SECONDS
        while True:
            now = time.monotonic()
            if now >= due.deadline and (due.enough() or now >= stall):
                return
            until = due.deadline if now < due.deadline else stall
            try:
                yield self.lines.get(timeout=max(until - now, 0.001))
            except queue.Empty:
                continue

    def open_with(self, keys: Path) -> HybridMemory:
        """Open the store as the controller with the newest key that opens it."""
        from hybridmem.errors import WrongKeyError
        from hybridmem.privacy import PrivacyConfig

        refusals: list[str] = []
        for key in reversed(keys.read_text().split()):
            try:
                return open_memory(
                    self.path,
                    embedder=self.embedder,
                    privacy=PrivacyConfig(key=key, key_env="HYBRIDMEM_FAULT_NO_KEY"),
                )
            except WrongKeyError as exc:
                refusals.append(str(exc))
                continue
        # Each key's refusal says which key the store (or which node) expects.
        raise RuntimeError("no key opens the store: " + " | ".join(refusals))

    def open(self) -> HybridMemory:
        """Open the store the writers write (as the controller)."""
        server = self.env.get("HYBRIDMEM_CHROMA")
        if server is None:
            return open_memory(self.path, embedder=self.embedder)
        from hybridmem.index import ChromaServer

        host, port = server.rsplit(":", 1)
        return open_memory(
            self.path,
            embedder=self.embedder,
            chroma=ChromaServer(host=host, port=int(port)),
            collection=self.env["HYBRIDMEM_COLLECTION"],
        )

    def _take(self, line: str, errors: list[str]) -> None:
        if line.startswith("ERROR"):
            errors.append(f"writer failed: {line}")
        else:
            self.model.feed(line)

    def close(self) -> None:
        """Stop the zygote."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _main(argv: list[str]) -> None:
    if len(argv) >= 2 and argv[0] == "zygote":
        zygote(_location(argv[1]), argv[2] if len(argv) > 2 else "hash")
    elif len(argv) >= 4 and argv[0] == "adds":
        adds(_location(argv[1]), int(argv[2]), argv[3])
    elif len(argv) >= 5 and argv[0] == "incr":
        increments(_location(argv[1]), argv[2], int(argv[3]), argv[4])
    else:
        raise SystemExit(
            "usage: python -m hybridmem.testing.faultworker zygote PATH [EMBEDDER] | "
            "adds PATH N TAG | incr PATH NODE N TAG"
        )


if __name__ == "__main__":
    _main(sys.argv[1:])
