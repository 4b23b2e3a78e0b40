"""Whose value a statement gives when its subject is several people (issue 38, helper holders11).

A plural or conjoined subject naming kin gives their value, the user's only when the user is
one of the subjects: "My sister and I both work at the Nissan plant" is the user's workplace
(it was filed as the sister's), 我爷爷奶奶都在镇上的邮局上班 the grandparents' (it was filed as the
user's workplace and overturned it), 我姐和姐夫住在厦门 the sister's home (it was no value of
anyone's). The writer keeps every holder named (``metadata["holders"]``). Real SQLite and
Chroma in tmp_path, a fake clock, multilingual-e5 (the default model)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode


def _written(path: Path, e5: MultilingualE5Embedder, *texts: str) -> list[MemoryNode]:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=e5, clock=clock) as mem:
        nodes = []
        for text in texts:
            nodes.append(mem.add(text, node_type="fact", user_id="u"))
            clock.advance(days=1)
        # As stored after every write (a later one may have overturned an earlier one).
        return [mem.get(n.id, user_id="u") for n in nodes]


def test_the_user_with_someone_else_states_the_users_own_value(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    (shared,) = _written(tmp_path / "m", e5, "My brother and I both work at the Asda depot.")
    assert shared.metadata.get("slot") == "user.workplace"
    assert shared.metadata.get("holders") == ["brother"]


def test_two_relatives_together_are_their_value_not_the_users(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    mine, theirs = _written(tmp_path / "m", e5, "我在汽车站上班。", "我外公外婆都在县医院上班。")
    assert theirs.metadata.get("slot") == "user.workplace@外公"
    assert theirs.metadata.get("holders") == ["外公", "外婆"]
    # The user's own workplace is not overturned by theirs.
    assert mine.status == "active"
    assert mine.conflict_group != theirs.conflict_group


def test_a_relative_and_their_spouse_share_one_persons_group(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        mem.add("我住在玉林。", node_type="fact", user_id="u")
        before = mem.add("我哥和嫂子住在南宁。", node_type="fact", user_id="u")
        clock.advance(days=30)
        after = mem.add("我哥和嫂子搬到柳州了。", node_type="fact", user_id="u")
        assert before.metadata.get("slot") == after.metadata.get("slot") == "user.residence@哥"
        assert after.metadata.get("holders") == ["哥", "嫂子"]
        current = mem.current_value("user.residence@哥", user_id="u")
        assert current is not None and current.id == after.id
        home = mem.current_value("user.residence", user_id="u")
        assert home is not None and home.content == "我住在玉林。"


def test_a_relative_and_their_spouse_in_english(tmp_path: Path, e5: MultilingualE5Embedder) -> None:
    mine, theirs = _written(
        tmp_path / "m", e5, "I live in Derby.", "My aunt and her wife live in Nantes."
    )
    assert theirs.metadata.get("slot") == "user.residence@aunt"
    assert theirs.metadata.get("holders") == ["aunt", "wife"]
    assert mine.status == "active"
