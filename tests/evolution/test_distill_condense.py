"""Distillation condenses: a profile replaces the episode it quotes in the live set (issue 32).

A profile's extractive text quotes episodes word for word; each is archived with
a pointer to the profile (retrieval unfolds it), keeps supporting the theme, and comes back
when the profile is decompressed the way summaries are. Everyday words ("before", "school")
are never a theme. Real SQLite and Chroma in tmp_path, the hash embedder, time injected.
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory

U = "u1"
CLIMBS = (
    "Went bouldering at the Arch gym with Sam",
    "Bouldering again, finally sent the blue problem",
    "Tried bouldering outdoors at Fontainebleau",
)


def _profiles(mem: HybridMemory) -> list:
    return [n for n in mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


def test_a_profile_replaces_the_episode_it_quotes(mem: HybridMemory, clock: FakeClock):
    ids = []
    for text in CLIMBS:
        ids.append(mem.add(text, user_id=U, importance=0.9).id)
        clock.advance(days=1)
    live_before = sum(mem.counter.count(mem.get(i).content) for i in ids)
    clock.advance(days=10)
    report = mem.maintain(user_id=U)
    (profile,) = [p for p in _profiles(mem) if p.metadata.get("theme") == "boulder"]
    created = [a for a in report.actions if a.action == "distil_create"]
    assert any("folded into it" in a.reason for a in created)
    folded = [mem.get(i) for i in ids if mem.get(i).status == "archived"]
    # It quotes its distill_min_mentions most central episodes (here all three).
    assert len(folded) == 3 and all(f.content in profile.content for f in folded)
    assert all(f.metadata["summary_id"] == profile.id for f in folded)
    assert all(f.metadata["archived_action"] == "distil" for f in folded)
    live = [mem.get(i) for i in ids if mem.get(i).status == "active"]
    live_after = sum(mem.counter.count(n.content) for n in [*live, profile])
    # The conclusion adds only its framing, not a second copy of the episodes it quotes.
    framing = mem.counter.count(profile.content) - sum(mem.counter.count(f.content) for f in folded)
    assert live_after - live_before <= framing + 3  # (+1 an episode: tokenising apart)
    assert live_after - live_before < mem.counter.count(profile.content)
    # The folded episode is found through its profile, and still supports it.
    found = mem.retrieve(folded[0].content, user_id=U, record_access=False)
    assert folded[0].content in found.context
    again = mem.maintain(user_id=U)
    assert not [a for a in again.actions if a.action == "distil_withdraw"]
    assert mem.get(profile.id).status == "active"


def test_fresh_episodes_are_not_folded(mem: HybridMemory, clock: FakeClock):
    ids = [mem.add(text, user_id=U).id for text in CLIMBS]
    mem.maintain(user_id=U)
    assert _profiles(mem)
    assert all(mem.get(i).status == "active" for i in ids)  # written just now: in use


def test_everyday_words_are_not_themes(mem: HybridMemory, clock: FakeClock):
    for text in (
        "Had a chat before the meeting",
        "Called mum before dinner",
        "Stretched before the run",
    ):
        mem.add(text, user_id=U)
        clock.advance(days=1)
    mem.maintain(user_id=U)
    assert "before" not in {p.metadata.get("theme") for p in _profiles(mem)}
