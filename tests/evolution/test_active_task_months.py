"""The active task is untouched by months of maintenance (issue 32).

What "untouched" means for a user: an agent that comes back to its active task after months
finds everything it wrote for it, live and unchanged: not faded, not pruned, not folded into
a summary, while finished tasks beside it are compressed. Once another task becomes the active
one, the old task is an idle one like any other: compressed (never faded piecemeal).
Real SQLite and Chroma in tmp_path, the hash embedder, an injected clock, weekly maintenance.
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory

U = "u1"
NOTES = (
    ("event", "The vendor sent the wrong adapter for the rack"),
    ("decision", "Decided to keep the old switch until the new one is tested"),
    ("fact", "The rack holds at most 42 units"),
    ("event", "Checked the shipping status again"),
    ("event", "Waiting for the vendor's reply"),
    ("event", "Opened the floor plan"),
)


def _task(mem: HybridMemory, clock: FakeClock, title: str, notes: int = 18) -> tuple[str, list]:
    task = mem.add(title, node_type="task", user_id=U)
    members = []
    for i in range(notes):
        kind, text = NOTES[i % len(NOTES)]
        clock.advance(minutes=9)
        members.append(
            mem.add(
                f"{text} ({title}, note {i})",
                node_type=kind,
                parent_id=task.id,
                user_id=U,
                importance=0.2,  # low-weight working notes: what fading takes first
                activate=False,
            )
        )
    state = mem.add("Next: test the new switch", node_type="state", parent_id=task.id, user_id=U)
    members.append(state)
    return task.id, members


def _weekly(mem: HybridMemory, clock: FakeClock, days: int) -> None:
    for _ in range(days // 7):
        clock.advance(days=7)
        mem.maintain(user_id=U)


def test_240_days_of_weekly_maintenance_leave_the_active_task_untouched(
    mem: HybridMemory, clock: FakeClock
):
    finished = []
    for title in ("Move the office printers", "Renew the domain names"):
        task_id, _ = _task(mem, clock, title, notes=8)
        mem.finish_task(task_id, user_id=U, outcome="Done")
        finished.append(task_id)
    active, members = _task(mem, clock, "Replace the server rack")
    mem.set_active(members[-1].id, user_id=U)  # working on its next step
    # (a repeated fact with another note number supersedes the earlier one at write time)
    live = [m for m in members if mem.get(m.id).status == "active"]
    assert len(live) >= 15
    before = {m.id: (m.content, m.node_type) for m in live}

    _weekly(mem, clock, 240)

    after = {n.id: n for n in mem.subtree(active) if n.id in before}
    assert {i: (n.content, n.node_type) for i, n in after.items()} == before
    assert all(n.status == "active" for n in after.values())
    assert not any(n.metadata.get("summary_id") for n in after.values())
    assert mem.active_node(user_id=U).id == members[-1].id
    # ...while the finished tasks beside it were summarised.
    for task_id in finished:
        assert [n for n in mem.children(task_id) if n.node_type == "summary"]
    # The dry run says why the notes stay.
    dry = mem.maintain(user_id=U, dry_run=True)
    kept = {a.node_id: a.reason for a in dry.kept}
    note = members[0].id
    assert "work of the active task" in kept[note] and "would fade" in kept[note]
    found = mem.retrieve("what did the vendor send for the rack?", user_id=U, task_id=active)
    assert "wrong adapter" in found.context


def test_a_task_left_for_another_is_compressed_not_faded(mem: HybridMemory, clock: FakeClock):
    old, members = _task(mem, clock, "Replace the server rack")
    mem.set_active(old, user_id=U)
    _weekly(mem, clock, 84)
    members = [m for m in members if mem.get(m.id).status == "active"]
    assert all(mem.get(m.id).status == "active" for m in members)
    mem.add("Plan the team offsite", node_type="task", user_id=U)  # now the active task
    _weekly(mem, clock, 84)
    folded = [mem.get(m.id) for m in members]
    actions = {n.metadata.get("archived_action") for n in folded if n.status == "archived"}
    assert actions == {"compress"}
    (summary,) = [n for n in mem.children(old) if n.node_type == "summary"]
    assert "wrong adapter" in mem.retrieve(
        "what did the vendor send for the rack?", user_id=U, task_id=old
    ).context or any(m.id in summary.metadata["derived_from"] for m in members)


def test_a_nested_finished_subtask_of_the_active_task_is_still_compressed(
    mem: HybridMemory, clock: FakeClock
):
    parent = mem.add("Open the Lisbon office", node_type="task", user_id=U)
    sub = mem.add("Sign the lease", node_type="task", parent_id=parent.id, user_id=U)
    for i in range(6):
        mem.add(f"Lease call number {i} with the agent", parent_id=sub.id, user_id=U)
    mem.finish_task(sub.id, user_id=U, outcome="Signed")
    note = mem.add("Hire a local accountant", parent_id=parent.id, user_id=U, activate=False)
    mem.set_active(parent.id, user_id=U)
    _weekly(mem, clock, 240)
    assert [n for n in mem.children(sub.id) if n.node_type == "summary"]
    assert mem.get(note.id).status == "active"
