"""A question naming a friend by a Chinese given name (阿珍, 小敏) asks about that person, so
the turns speaking of her by 她 after the turn naming her carry the name's match (issue 38,
probing13: probing blind6 s12). Real SQLite and Chroma in a temporary directory
(``benchmarks.probing.imported``), the e5 model."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.probing import imported
from hybridmem.embedding import Embedder
from hybridmem.retrieval.referents import asks_about_someone, named_zh

BLIND6 = Path(__file__).parents[2] / "benchmarks" / "data" / "probing_blind6.json"


def test_the_answer_said_of_a_named_friend_by_pronoun_is_among_the_first_hits(e5: Embedder):
    # probing blind6's Chinese history as the benchmark imports it: 我闺蜜阿珍要结婚了！, then
    # 十月份，婚礼在顺德她老家办… and 她让我当伴娘… (11th without the name read).
    data = json.loads(BLIND6.read_text(encoding="utf-8"))
    user = next(u for u in data["users"] if u["lang"] == "zh")
    with imported(user, e5) as (mem, task_id):
        res = mem.retrieve(
            "阿珍让我在婚礼上干嘛？",
            user_id=user["id"],
            task_id=task_id,
            top_k=5,
            record_access=False,
        )
    found = {s for h in res.hits for s in h.node.source_ids}
    assert "chenchen-4-5" in found, found  # 她让我当伴娘，还要我负责堵门的游戏


def test_a_given_name_is_read_and_dictionary_words_are_not():
    assert named_zh("阿珍让我在婚礼上干嘛？") == "阿珍"
    assert named_zh("小敏是干嘛的？") == "小敏"
    assert asks_about_someone("阿珍让我在婚礼上干嘛？")
    assert not asks_about_someone("阿珍的婚礼在哪办？")  # the owner of the topic
    # The tagger reads these dictionary words as names: they name nobody.
    assert named_zh("上周二我们聊了什么？") is None
    assert named_zh("我最后买的是比亚迪还是特斯拉？") is None
    assert named_zh("王总让我去哪出差？") is None  # a bare surname
    assert named_zh("what does Theo do?") is None
