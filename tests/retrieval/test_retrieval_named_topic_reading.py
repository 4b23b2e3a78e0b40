"""A question naming a person with topic words as well ("what's Gemma worried about with the
new job?") reads the pronoun turns carried from a turn that matched it by the name alone
against the question with the name said as the pronoun (issue 38, probing14: probing blind8
o12, blind4 o16, blind5 z4); 老陈 / 小刘 name a person. Real SQLite and Chroma in a
temporary directory (``benchmarks.probing.imported``), the e5 model."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from benchmarks.probing import imported
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode
from hybridmem.retrieval.referents import asks_about_someone, by_name_only, named_zh

DATA = Path(__file__).parents[2] / "benchmarks" / "data"


def _first_five(path: Path, e5: Embedder, lang: str, query: str) -> set[str]:
    """The message ids behind the first five hits of ``query`` over the set's history in
    ``lang``, imported as the benchmark imports it and asked at the set's ``now``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    user = next(u for u in data["users"] if u["lang"] == lang)
    with imported(user, e5) as (mem, task_id):
        res = mem.retrieve(query, user_id=user["id"], task_id=task_id, top_k=5, record_access=False)
    return {s for h in res.hits for s in h.node.source_ids}


@pytest.mark.parametrize(
    ("data", "lang", "query", "answer"),
    [
        # "Gemma's been offered a band 7..." / "she's nervous, it's more rotas and admin": 7th
        # before, under the turns naming Gemma with "job" or "new".
        ("probing_blind8.json", "en", "what's Gemma worried about with the new job?", "tom-6-3"),
        # 阿杰不想去上海… / 他是程序员，在一家做游戏的公司: 6th before.
        ("probing_blind5.json", "zh", "阿杰，他是做什么工作的？", "linxiao-1-13"),
    ],
    ids=["en", "zh"],
)
def test_the_answer_said_by_pronoun_after_a_turn_naming_the_person_is_found(
    e5: Embedder, data: str, lang: str, query: str, answer: str
):
    assert answer in _first_five(DATA / data, e5, lang, query)


def _turn(node_id: str, content: str) -> MemoryNode:
    # by_name_only reads a turn's words only
    return cast(MemoryNode, SimpleNamespace(id=node_id, content=content))


def test_only_turns_carried_from_a_turn_matching_by_the_name_alone_are_read():
    nodes = {
        "name": _turn("name", "Gemma's been offered a band 7 at St James's"),
        "topic": _turn("topic", "Gemma is worried about the new rota"),
        "a": _turn("a", "she's nervous"),
        "b": _turn("b", "she hates rotas"),
    }
    carried = {"a": "name", "b": "topic"}
    query = "what's Gemma worried about with the new job?"
    assert by_name_only(query, "Gemma", carried, nodes) == {"a"}
    # A question whose one content word is the name reads every carried turn.
    assert by_name_only("what does Gemma do?", "Gemma", carried, nodes) == {"a", "b"}


def test_a_surname_after_lao_or_xiao_is_a_name():
    assert named_zh("老陈对我的初稿说了啥？") == "老陈"  # cut apart: 老 / 陈
    assert named_zh("小刘婚礼哪天办？") == "小刘"
    assert named_zh("小周今天怎么了？") == "小周"  # a dictionary word, cut apart in context
    assert named_zh("老王说什么了？") == "老王"  # a dictionary entry tagged as a name
    assert asks_about_someone("老陈把什么项目交给我了？")
    # Words of 老 / 小 that are no surname: a teacher, a boss, a child, childhood, wheat.
    for text in ("老师说什么了？", "老板说啥了？", "小孩多大了？", "小时候的事", "小麦涨价了吗？"):
        assert named_zh(text) is None, text
