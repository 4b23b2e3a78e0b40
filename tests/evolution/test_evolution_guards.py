"""What forgetting must never take, profiles that come back, and repeats that are not copies."""

from __future__ import annotations

from hybridmem import HashEmbedder, HybridMemory

U = "u1"


def _resumed_task(mem: HybridMemory, clock) -> tuple[str, str, str]:
    """A task with a step under a state: returns (task, state, next step) ids."""
    task = mem.add("Migrate the billing service to the new cluster", node_type="task", user_id=U)
    state = mem.add("Phase 2: move the database", node_type="state", user_id=U, importance=0.1)
    step = mem.add(
        "Next: run the schema diff against staging", node_type="state", user_id=U, importance=0.1
    )
    assert mem.active_node(user_id=U).id == step.id
    return task.id, state.id, step.id


def test_the_cap_never_prunes_the_active_path_and_says_why(mem: HybridMemory, clock):
    task, state, step = _resumed_task(mem, clock)
    clock.advance(days=200)  # the task paused; the step's weight fell below the chatter's
    mem.set_active(step, user_id=U)  # resumed
    root = mem.get(task).parent_id
    chatter = [
        mem.add(f"Chatted about the weather in city number {i}", user_id=U, parent_id=root)
        for i in range(12)
    ]
    dry = mem.maintain(dry_run=True, max_nodes=5)
    pruned = {a.node_id for a in dry.actions if a.action == "prune"}
    assert pruned and pruned <= {c.id for c in chatter}
    kept = {a.node_id: a.reason for a in dry.kept}
    assert "active path" in kept[step] and "would fade" in kept[step]
    assert "active path" in kept[state]
    real = mem.maintain(max_nodes=5)
    assert {a.node_id for a in real.actions if a.action == "prune"} == pruned
    for node_id in (task, state, step):
        assert mem.get(node_id).status == "active"
    row = next(r for r in mem.inspect(user_id=U) if r.node.id == step)
    assert "active path" in row.kept_because and "active path" in row.why


def test_a_long_pause_never_fades_the_active_step(mem: HybridMemory, clock):
    task, state, step = _resumed_task(mem, clock)
    root = mem.get(task).parent_id
    idle = mem.add("Lunch was a sandwich", user_id=U, parent_id=root, importance=0.1)
    note = mem.add("Staging has 2 replicas", user_id=U, parent_id=task, importance=0.1)
    mem.set_active(step, user_id=U)
    clock.advance(days=400)
    report = mem.maintain()
    faded = {a.node_id for a in report.actions if a.action == "fade"}
    assert idle.id in faded  # outside the active task: fades as before
    # The active task's own notes stay while it is active (issue 32: it comes back whole).
    assert not faded & {task, state, step, note.id}
    assert mem.get(step).status == "active" and mem.get(state).status == "active"
    assert mem.active_node(user_id=U).id == step


def test_the_next_step_of_an_active_task_is_kept(mem: HybridMemory, clock):
    task, state, step = _resumed_task(mem, clock)
    mem.set_active(task, user_id=U)  # the task itself is active: its newest step is next
    clock.advance(days=400)
    report = mem.maintain()
    assert mem.get(step).status == "active" and mem.get(state).status == "active"
    kept = {a.node_id: a.reason for a in report.kept}
    assert "next step" in kept[step]


def test_live_children_keep_a_node(mem: HybridMemory, clock):
    parent = mem.add("Trip to Lisbon planning notes", user_id=U, importance=0.05)
    child = mem.add(
        "Hotel near Alfama booked", user_id=U, parent_id=parent.id, lifecycle="long_term"
    )
    clock.advance(days=300)
    report = mem.maintain(dry_run=True)
    kept = {a.node_id: a.reason for a in report.kept}
    assert "would fade" in kept[parent.id] and "live children" in kept[parent.id]
    assert parent.id not in {a.node_id for a in report.actions}
    # Once the child is gone the parent is an ordinary faded leaf.
    mem.update(child.id, status="archived", user_id=U)
    again = mem.maintain()
    assert parent.id in {a.node_id for a in again.actions if a.action == "fade"}


def test_recent_retrieval_keeps_a_node_under_the_cap(mem: HybridMemory, clock):
    used = mem.add("The locker code at the gym is 4471", user_id=U, importance=0.05)
    clock.advance(days=30)
    hits = mem.retrieve("gym locker code", user_id=U, top_k=1).hits
    assert [h.node.id for h in hits] == [used.id]
    clock.advance(days=2)
    fresh = [
        mem.add(f"Project note {i}: the vendor sent quote number {i}", user_id=U, importance=0.9)
        for i in range(4)
    ]
    report = mem.maintain(dry_run=True, max_nodes=4)
    kept = {a.node_id: a.reason for a in report.kept}
    assert "would prune" in kept[used.id] and "retrieved 2.0 days ago" in kept[used.id]
    assert {a.node_id for a in report.actions if a.action == "prune"} <= {f.id for f in fresh}
    clock.advance(days=10)  # the use is old news now: the cap may take it
    later = mem.maintain(dry_run=True, max_nodes=4)
    assert used.id in {a.node_id for a in later.actions if a.action == "prune"}


def test_an_archived_profile_is_revived_when_its_theme_recurs(mem: HybridMemory, clock):
    for text in ("Went bouldering after work", "Bouldering gym was packed", "New bouldering shoes"):
        mem.add(text, user_id=U)
        clock.advance(hours=2)
    first = mem.maintain()
    created = [a for a in first.actions if a.action == "distil_create"]
    assert created
    profile_id = next(a.node_id for a in created if "boulder" in a.reason)
    mem.update(profile_id, status="archived", user_id=U)
    clock.advance(days=30)
    for text in ("Bouldering with Sam tonight", "Finally sent the blue bouldering problem"):
        mem.add(text, user_id=U)
    report = mem.maintain()  # used to fail: "node id 'profile-…' already exists"
    revived = [a for a in report.actions if a.node_id == profile_id]
    assert [a.action for a in revived] == ["distil_revive"]
    profile = mem.get(profile_id)
    assert profile.status == "active" and "revived_at" in profile.metadata
    assert len(profile.metadata["derived_from"]) >= 5
    for source_id in profile.metadata["derived_from"]:
        assert "oulder" in mem.get(source_id).content  # it cites only real sources
    # A second run has nothing new to learn about this theme.
    assert all(a.node_id != profile_id for a in mem.maintain().actions)


def test_an_exact_repeat_reinforces_instead_of_copying(mem: HybridMemory, clock):
    first = mem.add("Dentist appointment moved to Thursday 3pm", user_id=U, source_id="m1")
    clock.advance(minutes=1)
    second = mem.add("dentist appointment moved to Thursday 3pm!", user_id=U, source_id="m2")
    clock.advance(minutes=1)
    third = mem.add("Dentist appointment moved to Thursday 3pm", user_id=U, source_id="m3")
    assert first.id == second.id == third.id
    node = mem.get(first.id)
    assert node.metadata["mentions"] == 3
    assert [p["source_id"] for p in node.metadata["provenance"]] == ["m1", "m2", "m3"]
    assert node.importance > first.importance and node.confidence > first.confidence
    hits = mem.retrieve("when is the dentist appointment", user_id=U).hits
    assert sum("Dentist" in h.node.content or "dentist" in h.node.content for h in hits) == 1


def test_what_is_not_a_repeat_is_written(mem: HybridMemory, clock):
    five = mem.add("Ran 5 km along the river", user_id=U)
    six = mem.add("Ran 6 km along the river", user_id=U)
    assert five.id != six.id  # a different value is never merged
    clock.advance(days=3)
    again = mem.add("Ran 5 km along the river", user_id=U)
    assert again.id != five.id  # an episode days later is a new occurrence
    named = mem.add("Ran 6 km along the river", user_id=U, id="run-import-1")
    assert named.id == "run-import-1"  # a caller that names the id means that node
    fact = mem.add("My passport number ends in 431", node_type="fact", user_id=U)
    clock.advance(days=40)
    assert mem.add("My passport number ends in 431", node_type="fact", user_id=U).id == fact.id
    task = mem.add("Plan the Lisbon trip", node_type="task", user_id=U)
    elsewhere = mem.add("Ran 6 km along the river", user_id=U, parent_id=task.id)
    assert elsewhere.id != six.id  # another context is another memory


def test_one_batch_with_a_repeat_and_reinforcement_survive_a_reopen(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        nodes = mem.add_many(
            [{"content": "Bought oat milk"}, {"content": "Bought oat milk"}, {"content": "Tea"}],
            user_id=U,
        )
        assert nodes[0].id == nodes[1].id != nodes[2].id
        assert mem.get(nodes[0].id).metadata["mentions"] == 2
        before = mem.get(nodes[0].id)
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        after = mem.get(nodes[0].id)
        assert after.metadata == before.metadata and after.version == before.version


def test_dry_run_reports_the_same_guards_as_the_real_run(mem: HybridMemory, clock):
    _, _, step = _resumed_task(mem, clock)
    clock.advance(days=500)
    dry = mem.maintain(dry_run=True)
    real = mem.maintain()
    assert [(a.node_id, a.reason) for a in dry.kept] == [(a.node_id, a.reason) for a in real.kept]
    assert mem.get(step).status == "active"
