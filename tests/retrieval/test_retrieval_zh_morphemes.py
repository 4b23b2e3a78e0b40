"""A Chinese question naming one morpheme of a memory's compound finds the memory by its words
(issue 38; :func:`hybridmem.lexical.indexed_terms`). Real SQLite and Chroma in tmp_path, a fake
clock.

jieba keeps a compound whole and its search mode adds only dictionary words of two or three
characters, so 电子厂 ("electronics factory") was indexed as 电子 and 电子厂, never 厂
("factory"), and 游泳馆 ("swimming pool") never as 馆: "我在哪个厂干活？" and "我去的是哪个馆？"
shared no term with the memory that answers them. A memory's compound of a word and one more
character is now indexed with that character too (its head: 厂, 馆); a question is cut as
before, so its own words are not taken apart (哪儿 "where" matches no 儿子 "son"), and the
characters of a two-character word stay bound (上班 holds no 班). The hash embedder carries no
meaning, so the lexical channel alone decides these rankings."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, lexical
from hybridmem.embedding import HashEmbedder, MultilingualE5Embedder
from hybridmem.store import Scope

U = "u"

FACTS = (
    "我叫周丽，今年四十一岁。",
    "我在电子厂上班，做质检。",
    "我自学了三年日语。",
    "每周三晚上我去家附近的游泳馆。",
    "我儿子在上海当律师。",
    "我周末喜欢去公园跑步。",
)


def _hits(path: Path, embedder: object, query: str) -> list[str]:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=embedder, clock=clock) as mem:  # type: ignore[arg-type]
        for text in FACTS:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(minutes=3)
        result = mem.retrieve(query, user_id=U, record_access=False)
        return [h.node.content for h in result.hits]


def _lexical(path: Path, query: str) -> list[str]:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        for text in FACTS:
            mem.add(text, node_type="fact", user_id=U)
        match = lexical.match_expression(query)
        assert match is not None
        found = mem.store.lexical_search(match, Scope(U), ["active"], 10)
        return [mem.get(node_id).content for node_id, _ in found]


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("我在哪个厂干活？", "我在电子厂上班，做质检。"),
        ("我去的是哪个馆？", "每周三晚上我去家附近的游泳馆。"),
    ],
)
def test_a_question_naming_one_morpheme_finds_the_compound(
    tmp_path: Path, query: str, answer: str
) -> None:
    assert _lexical(tmp_path / "lex", query) == [answer]
    assert _hits(tmp_path / "mem", HashEmbedder(64), query)[0] == answer


def test_a_questions_own_word_is_not_taken_apart(tmp_path: Path) -> None:
    # 哪儿 ("where") holds 儿, the first character of 儿子 ("son"): the question names no son.
    assert "我儿子在上海当律师。" not in _lexical(tmp_path, "我住哪儿？")


def test_the_characters_of_a_two_character_word_stay_bound(tmp_path: Path) -> None:
    # Indexing every character was measured and lost (MADial zh, first-day questions): 上班
    # ("go to work") is no answer to 下了班 ("after work"); 自学 holds 学 but is not cut.
    found = _lexical(tmp_path, "下了班我去干啥？")
    assert found == []
    assert "我自学了三年日语。" not in _lexical(tmp_path / "again", "我是学什么的？")


def test_a_questions_compound_asks_for_the_compound(tmp_path: Path) -> None:
    # 电子厂 names an electronics factory; a memory about some factory's canteen does not say it.
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(tmp_path, embedder=HashEmbedder(64), clock=clock) as mem:
        mem.add("我在电子厂上班。", node_type="fact", user_id=U)
        mem.add("厂里的食堂很难吃。", node_type="fact", user_id=U)
        found = mem.store.lexical_search(
            lexical.match_expression("电子厂") or "", Scope(U), ["active"], 10
        )
        assert [mem.get(i).content for i, _ in found] == ["我在电子厂上班。"]


def test_readers_comparing_two_texts_words_see_no_characters() -> None:
    # same_words, shared_words, conflicts and themes compare jieba's words: a shared character
    # is no shared word (电子厂 and 厂里 do not hold "the same words").
    assert "厂" not in lexical.terms("我在电子厂上班。")
    assert "厂" in lexical.indexed_terms("我在电子厂上班。")
    assert lexical.indexed_terms("I moved to Hamburg") == lexical.terms("I moved to Hamburg")


def test_the_default_model_ranks_the_compound_first(tmp_path: Path) -> None:
    e5 = MultilingualE5Embedder()
    assert _hits(tmp_path, e5, "我在哪个厂干活？")[0] == "我在电子厂上班，做质检。"
