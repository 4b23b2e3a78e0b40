"""A summary is shorter than its sources by a measure, not by a count (issue 32).

The extractive summarizer keeps every decision, the outcome, the final state and the facts
learned whatever they cost, and fills what is left of a budget proportional to the sources'
tokens (``EvolutionConfig.summary_token_share``) with key events: heaviest first, among
equals the most informative (words no other member uses). Real SQLite and Chroma in tmp_path,
the hash embedder, time injected.
"""

from __future__ import annotations

import math

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.maintain.summarize import ExtractiveSummarizer, Material

U = "u1"
ROUTINE = ("Checked the build page", "Refreshed the dashboard", "Pinged the channel")


def _material(mem: HybridMemory, clock: FakeClock, events: int, share: float) -> Material:
    task = mem.add("Upgrade the payment gateway", node_type="task", user_id=U)
    mem.add(
        "Decided to pin the SDK to version 4", node_type="decision", parent_id=task.id, user_id=U
    )
    mem.add("The sandbox needs TLS 1.2", node_type="fact", parent_id=task.id, user_id=U)
    mem.add(
        "Refund webhooks failed during the cutover and were replayed by hand",
        parent_id=task.id,
        user_id=U,
        importance=0.6,
    )
    for i in range(events):
        clock.advance(minutes=5)
        mem.add(f"{ROUTINE[i % 3]} (round {i // 3})", parent_id=task.id, user_id=U, importance=0.3)
    mem.finish_task(task.id, user_id=U, outcome="Gateway upgraded without downtime")
    sources = tuple(n for n in mem.subtree(task.id) if n.id != task.id)
    return Material(
        unit=mem.get(task.id),
        path=(),
        sources=sources,
        finished_at="2024-07-01T12:00:00+00:00",
        max_events=100,
        token_share=share,
        count=mem.counter.count,
    )


def test_events_fill_a_budget_proportional_to_the_sources(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        material = _material(mem, clock, events=30, share=0.25)
        lines = ExtractiveSummarizer().summarise(material)
        assert lines is not None
        text = "\n".join(line.text for line in lines)
        for needed in ("pin the SDK", "TLS 1.2", "without downtime"):
            assert needed in text
        # The heaviest event is the first key event; routine ones only as far as room is left.
        assert "Refund webhooks failed" in text
        count = mem.counter.count
        sources = sum(count(n.content) for n in material.sources)
        assert count(text) <= math.ceil(0.25 * sources) + len(lines)  # joining newlines
        assert sum("round" in line.text for line in lines) < 30 / 3
        # Every line cites sources of the unit.
        ids = {n.id for n in material.sources} | {material.unit.id}
        assert all(line.sources and set(line.sources) <= ids for line in lines)


def test_what_must_stay_stays_past_the_budget(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        material = _material(mem, clock, events=0, share=0.01)
        lines = ExtractiveSummarizer().summarise(material)
        assert lines is not None
        text = "\n".join(line.text for line in lines)
        for needed in ("pin the SDK", "TLS 1.2", "without downtime"):
            assert needed in text
        assert "Refund webhooks" not in text  # an event: only within the budget


def test_without_a_budget_the_event_count_alone_limits(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        material = _material(mem, clock, events=6, share=0.25)
        unbounded = Material(
            unit=material.unit,
            path=(),
            sources=material.sources,
            max_events=100,
        )
        lines = ExtractiveSummarizer().summarise(unbounded)
        assert lines is not None
        assert sum("round" in line.text for line in lines) == 6
