"""benchmarks.zh_cuts: the two measured ways of indexing a Chinese compound's morphemes cut
what they say, leave the rest of the terms as the engine cuts them, and let a question naming
one morpheme find the memory (real SQLite and Chroma in tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import zh_cuts
from hybridmem import HashEmbedder, HybridMemory, lexical
from hybridmem.store import Scope

TEXTS = (
    "我在电子厂上班，做质检。",
    "我每天骑电动车去公司，大概二十分钟。",
    "I moved to Hamburg 去年搬到了汉堡。",
    "我自学了三年日语，哈哈哈哈。",
)


def test_search_mode_word_by_word_is_the_engines_cut() -> None:
    for text in TEXTS:
        assert zh_cuts.document_terms(text, zh_cuts._search_parts) == lexical.document_terms(text)


def test_chars_adds_every_character_heads_only_a_compounds_head() -> None:
    assert zh_cuts.with_chars("电子厂") == ["电子", "电子厂", "电", "子", "厂"]
    assert zh_cuts.with_chars("自学") == ["自学", "自", "学"]
    assert zh_cuts.with_head("电子厂") == ["电子", "电子厂", "厂"]
    assert zh_cuts.with_head("自学") == ["自学"]  # two characters stay whole
    assert zh_cuts.with_head("出租车") == ["出租", "租车", "出租车"]  # cut 出 + 租车: no head
    assert zh_cuts.with_head("二十分钟")[-1] == "二十分钟"  # cut 二十 + 分钟
    english = "I moved to Hamburg"
    for cut in zh_cuts.CUTS.values():
        assert zh_cuts.document_terms(english, cut) == lexical.document_terms(english)


@pytest.mark.parametrize("cut", [None, "heads", "chars"])
def test_a_question_naming_the_head_finds_the_compound_only_with_a_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: str | None
) -> None:
    if cut is not None:
        chosen = zh_cuts.CUTS[cut]
        monkeypatch.setattr(lexical, "document_terms", lambda t: zh_cuts.document_terms(t, chosen))
    with HybridMemory(tmp_path, embedder=HashEmbedder(64)) as mem:
        mem.add("我在电子厂上班，做质检。", user_id="u")
        mem.add("我周末喜欢去公园跑步。", user_id="u")
        match = lexical.match_expression("我在哪个厂干活？")
        assert match is not None
        found = mem.store.lexical_search(match, Scope("u"), ["active"], 10)
    assert len(found) == (0 if cut is None else 1)
