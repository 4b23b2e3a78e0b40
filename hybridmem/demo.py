"""The expense-claim story from the design notes, end to end, in Chinese and English.

1. Build each user's tree (task -> facts, events, preference, next-step state) and retrieve.
2. Start a child process that keeps working on the claim, and kill it with SIGKILL mid-task.
3. Reopen the store and show that the tree, the active task and its next step came back
   exactly as the child last acknowledged them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text
from rich.tree import Tree

from hybridmem.memory import DB_FILE, HybridMemory
from hybridmem.models import IndexState, MemoryNode
from hybridmem.store import SQLiteStore


@dataclass(frozen=True, slots=True)
class Story:
    """One user's expense-claim story: the task, its memories, a question, the worker's steps."""

    task: str
    nodes: tuple[tuple[str, str, float], ...]
    query: str
    worker_steps: tuple[tuple[str, str], ...]


STORIES: dict[str, Story] = {
    "zhangsan": Story(
        task="企业报销任务：报销单 #7（张三，研发部）",
        nodes=(
            ("fact", "用户张三，研发部，单次报销额度 5000 元", 0.9),
            ("event", "7月1日提交报销单，状态：已提交，等待财务审批", 0.8),
            ("event", "7月2日财务退回，原因是发票信息不清晰", 0.9),
            ("preference", "用户偏好：审批结果优先用短信通知", 0.6),
        ),
        query="报销单为什么被退回？",
        worker_steps=(
            ("event", "用户已重新上传清晰的发票"),
            ("state", "下一步：提交财务复核"),
            ("event", "财务复核中，预计三个工作日"),
            ("state", "下一步：复核通过后短信通知用户"),
        ),
    ),
    "alice": Story(
        task="Expense claim #7 for Alice (R&D): travel to Berlin",
        nodes=(
            ("fact", "Alice works in R&D; her single-claim limit is 5,000 EUR", 0.9),
            ("event", "July 1: claim submitted, waiting for finance approval", 0.8),
            ("event", "July 2: finance returned the claim because the invoice was unreadable", 0.9),
            ("preference", "Alice prefers to be notified by SMS", 0.6),
        ),
        query="why was the expense claim returned?",
        worker_steps=(
            ("event", "Alice re-uploaded a readable invoice"),
            ("state", "Next step: resubmit the claim for finance review"),
            ("event", "Finance review started, about three working days"),
            ("state", "Next step: send Alice an SMS once the review passes"),
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class DemoOutcome:
    """What the demo checked, for the CLI's exit code and for tests."""

    path: Path
    acknowledged_active: dict[str, str]
    recovered_active: dict[str, str]
    writes_acknowledged: int
    writes_lost: int
    killed: bool
    newer_than_ack: bool
    """True when the kill landed after a commit but before its acknowledgement was printed:
    the recovered active node is then one step newer than the last acknowledged one."""

    @property
    def recovered(self) -> bool:
        """Nothing acknowledged was lost and the active node is the last one committed."""
        return (
            self.killed
            and self.writes_lost == 0
            and (self.acknowledged_active == self.recovered_active or self.newer_than_ack)
        )


def build(mem: HybridMemory) -> dict[str, MemoryNode]:
    """Write both users' stories; return each user's task node."""
    tasks: dict[str, MemoryNode] = {}
    for user, story in STORIES.items():
        start = datetime(2024, 7, 1, 9, 0, tzinfo=UTC)
        task = mem.add(story.task, node_type="task", user_id=user, importance=0.9, created_at=start)
        for node_type, content, importance in story.nodes:
            mem.add(
                content,
                parent_id=task.id,
                node_type=node_type,
                user_id=user,
                importance=importance,
                confidence=1.0,
                created_at=start,
            )
        tasks[user] = task
    return tasks


def worker(path: Path, embedder: str | None) -> None:
    """The child: continue each claim step by step, acknowledging every returned write."""
    with HybridMemory(path, embedder=embedder) as mem:
        step = 0
        while True:  # runs until the parent kills it
            for user, story in STORIES.items():
                node_type, content = story.worker_steps[step % len(story.worker_steps)]
                active = mem.active_node(user_id=user)
                task_id = active.task_id if active else None
                node = mem.add(
                    f"{content} (#{step})", parent_id=task_id, node_type=node_type, user_id=user
                )
                current = mem.active_node(user_id=user)
                # The write returned: it is committed. Tell the parent what is active now.
                print(f"ACK {user} {node.id} {current.id if current else '-'}", flush=True)
            step += 1


def render_tree(mem: HybridMemory, user: str) -> Tree:
    """A rich tree of the user's memory, the active node starred."""
    root = mem.root(user_id=user)
    active = mem.active_node(user_id=user)
    tree = Tree(f"[bold]{user}[/bold]")
    if root is None:
        return tree
    branches: dict[str, Tree] = {}
    for node in mem.subtree(root.id):
        star = active is not None and node.id == active.id
        label = Text.assemble((node.node_type, "cyan"), " ", node.content)
        if star:
            label.append(" ★ active", style="yellow")
        parent = branches.get(node.parent_id or "", tree)
        branches[node.id] = parent.add(label)
    return tree


def run(
    path: Path | None = None,
    *,
    embedder: str | None = None,
    kill_after: int = 6,
    console: Console | None = None,
) -> DemoOutcome:
    """Run the whole demo; ``kill_after`` is how many child writes to wait for."""
    console = console or Console()
    path = Path(path or tempfile.mkdtemp(prefix="hybridmem-demo-"))
    console.rule("hybridmem demo: the expense claim")
    console.print(f"memory directory: {path}")
    with HybridMemory(path, embedder=embedder) as mem:
        tasks = build(mem)
        for user, story in STORIES.items():
            res = mem.retrieve(
                story.query, user_id=user, task_id=tasks[user].id, top_k=4, token_budget=300
            )
            console.print(
                Panel(Text(res.context), title=f"{user}: {story.query}  ({res.tokens} tokens)")
            )
            for hit in res.hits[:2]:
                console.print(Text(f"  {hit.breakdown.explain()}  <- {hit.node.content[:40]}"))

    console.rule("a worker continues the task, then is killed with SIGKILL")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hybridmem.demo",
            "--worker",
            str(path),
            *(["--embedder", embedder] if embedder else []),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    acknowledged: dict[str, str] = {}
    acked_nodes: list[str] = []

    def take(line: str) -> None:
        if line.startswith("ACK "):
            _, user, node_id, active = line.split()
            acknowledged[user] = active
            acked_nodes.append(node_id)

    assert proc.stdout is not None
    deadline = time.monotonic() + 120
    for line in proc.stdout:
        take(line)
        if len(acked_nodes) >= kill_after or time.monotonic() > deadline:
            break
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate()  # whatever it printed before dying was acknowledged too
    for line in rest.splitlines():
        take(line)
    writes = len(acked_nodes)
    killed = proc.returncode == -signal.SIGKILL
    console.print(f"worker killed: {killed} after {writes} acknowledged writes")
    # The bare store, not HybridMemory: opening a memory would finish the pending rows.
    raw = SQLiteStore(path / DB_FILE)
    try:
        pending = raw.counts("index_state").get(IndexState.PENDING.value, 0)
    finally:
        raw.close()
    console.print(f"nodes left pending in the vector index by the kill: {pending}")

    console.rule("reopen: what came back")
    recovered: dict[str, str] = {}
    newer = False
    with HybridMemory(path, embedder=embedder) as mem:
        lost = len(set(acked_nodes) - set(mem.store.get_many(acked_nodes)))
        for user in STORIES:
            active = mem.active_node(user_id=user)
            if active is None:
                continue
            recovered[user] = active.id
            acked = mem.store.get(acknowledged.get(user, ""))
            if acked is not None and active.id != acked.id:
                newer = newer or active.seq > acked.seq
            task = mem.get(active.task_id)
            console.print(f"[bold]{user}[/bold] active task: {task.content}")
            console.print(f"  next step: [green]{active.content}[/green]")
            console.print(render_tree(mem, user))
        stats = mem.stats()
        console.print(
            f"{stats.nodes} nodes, {stats.vectors} vectors, index states {stats.by_index_state}"
        )
    console.print(f"acknowledged writes lost: {lost}")
    outcome = DemoOutcome(path, acknowledged, recovered, writes, lost, killed, newer)
    verdict = "[green]recovered exactly[/green]" if outcome.recovered else "[red]MISMATCH[/red]"
    console.print(f"active nodes after the crash: {verdict}")
    return outcome


def _main(argv: list[str]) -> None:
    if len(argv) >= 2 and argv[0] == "--worker":
        embedder = argv[3] if len(argv) >= 4 and argv[2] == "--embedder" else None
        worker(Path(argv[1]), embedder)
        return
    raise SystemExit("use `hybridmem demo`")


if __name__ == "__main__":
    _main(sys.argv[1:])
