"""Distillation searches a user's themes again only when an input of the search changed
(``evolution/maintain/found_themes.py``): a second run with the same episodes takes the kept
themes and decides exactly as a search would; an edited episode is read again."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.maintain import found_themes
from hybridmem.index import InMemoryIndex
from hybridmem.store.themes_found import themes_found_key, themes_found_prefix
from tests.store_tables import store_tables

EN, ZH = "u-en", "u-zh"
SAID = [
    "Took my pottery class on Tuesday and threw a bowl on the pottery wheel.",
    "My pottery bowl cracked in the kiln, pottery is hard.",
    "Bought pottery clay and glaze for the pottery wheel at home.",
    "Signed up for a second pottery course, pottery relaxes me.",
    "周六去水库钓鱼，钓了三条鲫鱼。",
    "买了一根新的鱼竿，准备周末去钓鱼。",
    "夜里去河边钓鱼，只钓到一条小鲤鱼，蚊子太多。",
    "和老同学去海边钓鱼，风浪很大。",
    "My flatmate Joe is moving out at the end of the month.",
    "The council is digging up our road for a new gas main.",
    "小区的快递柜换成了丰巢。",
    "老板说年终奖下个月发。",
]
EDITED = {
    # An unrelated remark edited into one more mention of the theme.
    "pottery": ("My flatmate Joe", "Glazed three pottery mugs at the pottery studio today."),
    "钓鱼": ("小区的快递柜", "周日又去水库钓鱼了，钓到一条草鱼。"),
}


def _open(path: Path, clock: FakeClock) -> HybridMemory:
    return HybridMemory(path, embedder=HashEmbedder(64), clock=clock)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per theme search run (kept themes taken instead add none)."""
    calls: list[int] = []
    search = found_themes.find_themes

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return search(*args, **kwargs)

    monkeypatch.setattr(found_themes, "find_themes", counted)
    return calls


def _user(text: str) -> str:
    return ZH if any("\u4e00" <= c <= "\u9fff" for c in text) else EN


def _profiles(mem: HybridMemory) -> dict[str, Any]:
    return {
        str(n.metadata["theme"]): n
        for user in (EN, ZH)
        for n in mem.store.user_nodes(user, statuses=["active"])
        if n.node_type == "profile"
    }


def _distilled(path: Path, clock: FakeClock) -> dict[str, Any]:
    """Each user's episodes a day apart, ten days, one maintenance: a profile per language."""
    with _open(path, clock) as mem:
        return _distil(mem, clock)


def _distil(mem: HybridMemory, clock: FakeClock) -> dict[str, Any]:
    for text in SAID:
        mem.add(text, user_id=_user(text))
        clock.advance(days=1)
    clock.advance(days=10)
    report = mem.maintain()
    profiles = _profiles(mem)
    assert sum(a.action == "distil_create" for a in report.actions) == 2
    assert {"pottery", "钓鱼"} <= set(profiles)
    return profiles


def test_a_second_run_takes_the_kept_themes_and_writes_nothing(
    tmp_path: Path, searches: list[int]
) -> None:
    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
    _distilled(tmp_path / "m", clock)
    assert len(searches) == 2  # one per user
    after = store_tables(tmp_path / "m")
    for _ in range(2):
        with _open(tmp_path / "m", clock) as mem:
            dry = mem.maintain(dry_run=True)
            again = mem.maintain()
        assert not dry.changed and not again.changed
    assert len(searches) == 2  # four runs, no search: the inputs are the ones kept
    assert store_tables(tmp_path / "m") == after


def test_an_edited_episode_is_read_again_as_a_fresh_search_reads_it(
    tmp_path: Path, searches: list[int]
) -> None:
    """English and Chinese: an unrelated remark edited into one more mention of each theme.
    The run after the edit searches again and leaves the tables a run without kept themes
    leaves (the edited episode joins its profile); kept themes read blindly would not."""
    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
    _distilled(tmp_path / "kept", clock)
    edited = {}
    with _open(tmp_path / "kept", clock) as mem:
        for theme, (start, text) in EDITED.items():
            user = _user(text)
            node = next(n for n in mem.store.user_nodes(user) if n.content.startswith(start))
            edited[theme] = node.id
            mem.update(node.id, content=text, user_id=user)
    clock.advance(days=1)
    shutil.copytree(tmp_path / "kept", tmp_path / "fresh")
    with _open(tmp_path / "fresh", clock) as mem:
        for user in (EN, ZH):
            assert mem.store.meta_items(themes_found_prefix(user))
            mem.store.delete_meta_prefix(themes_found_prefix(user))
        fresh = mem.maintain()
    searched = len(searches)
    with _open(tmp_path / "kept", clock) as mem:
        kept = mem.maintain()
        left = _profiles(mem)
    assert len(searches) == searched + 2  # the edit changed an input: searched again
    assert [(a.node_id, a.action) for a in kept.actions] == [
        (a.node_id, a.action) for a in fresh.actions
    ]
    assert store_tables(tmp_path / "kept") == store_tables(tmp_path / "fresh")
    for theme, node_id in edited.items():
        # (the theme may be named by another of its words now that it grew)
        assert any(node_id in p.metadata["derived_from"] for p in left.values()), theme


def test_an_erasure_drops_the_users_kept_themes_live_and_in_snapshots(
    tmp_path: Path, searches: list[int]
) -> None:
    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
    _distilled(tmp_path / "m", clock)
    with _open(tmp_path / "m", clock) as mem:
        assert mem.store.get_meta(themes_found_key(ZH, None)) is not None
        other = mem.add("我也喜欢钓鱼", user_id=f"{ZH}0")  # its id extends ZH's
        mem.erase(other.id)
        assert mem.store.get_meta(themes_found_key(ZH, None)) is not None  # another user's
        snapshot = mem.checkpoint().path
        episode = next(n for n in mem.store.user_nodes(ZH) if n.content == SAID[-1])
        mem.erase(episode.id)
        assert not mem.store.meta_items(themes_found_prefix(ZH))
        assert mem.store.get_meta(themes_found_key(EN, None)) is not None
    assert snapshot is not None  # a snapshot taken before the erasure is scrubbed of it too
    con = sqlite3.connect(snapshot)
    try:
        keys = [r[0] for r in con.execute("SELECT key FROM meta")]
    finally:
        con.close()
    assert themes_found_key(EN, None) in keys and themes_found_key(ZH, None) not in keys


@pytest.mark.postgres
def test_on_postgresql_the_kept_themes_are_taken_and_an_edit_is_read_again(
    pg_url: str, searches: list[int]
) -> None:
    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
    with HybridMemory(pg_url, embedder=HashEmbedder(64), clock=clock, index=InMemoryIndex()) as mem:
        _distil(mem, clock)
        assert len(searches) == 2
        assert not mem.maintain().changed
        assert len(searches) == 2
        start, text = EDITED["钓鱼"]
        node = next(n for n in mem.store.user_nodes(ZH) if n.content.startswith(start))
        mem.update(node.id, content=text, user_id=ZH)
        clock.advance(days=1)
        mem.maintain()
        assert len(searches) == 3  # zh searched again, en taken as kept
        assert any(node.id in p.metadata["derived_from"] for p in _profiles(mem).values())
        mem.checkpoint()
        mem.erase(node.id)  # live and in the snapshot: zh's kept search goes, en's stays
        assert not mem.store.meta_items(themes_found_prefix(ZH))
        conn = mem.store.conn  # type: ignore[attr-defined]
        snap = {r[0] for r in conn.execute("SELECT key FROM snap_meta").fetchall()}
        assert themes_found_key(EN, None) in snap and themes_found_key(ZH, None) not in snap
