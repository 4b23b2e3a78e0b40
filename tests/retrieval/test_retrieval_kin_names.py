"""A person asked about by kin word is found by the name the user gave them (issue 38, kin17).

The user names a relation once ("my brother Ravi", 我姐林芳) and then speaks of them by name
("Ravi and Chloe got engaged", 林芳生了); asked "what's the news about my brother?", the turns
saying the name share no word with the question. The link is read from the user's own words
(an appositive, 我 + the relation + the name) and its names join the lexical match. Real
SQLite and Chroma in tmp_path, the e5 model, the clock injected; English and Chinese.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.retrieval.kin_names import names_of

U = "u1"
START = datetime(2025, 9, 1, 19, 0, tzinfo=UTC)

Turns = list[tuple[str, str]]

EN: Turns = [
    ("user", "my brother Ravi rang, he's moving back from Leeds to be nearer mum"),
    ("assistant", "That's nice, it'll be good to have him closer."),
    ("user", "work was mad today, two parents' evenings back to back"),
    ("user", "the boiler's making that noise again, landlord says next week"),
    ("user", "went for a swim at the lido before school, freezing but worth it"),
    ("user", "my friend Jess wants to do a pottery class on Thursdays"),
    ("user", "big news: Ravi and Chloe got engaged last night, she said yes on the pier"),
    ("user", "the car failed its MOT, brake pads and a tyre"),
    ("user", "finished the book club novel, the ending was a cheat"),
    ("user", "Ravi's found a flat in Totterdown, two bedrooms, he moves in at the end of May"),
    ("user", "did a big shop and batch cooked a curry for the week"),
]
ZH: Turns = [
    ("user", "我姐林芳在深圳当律师，比我大五岁"),
    ("assistant", "有个姐姐真好，她平时忙吗？"),
    ("user", "今天加班到九点，项目又改需求了"),
    ("user", "楼下新开了一家面馆，味道还行"),
    ("user", "周末去爬了梧桐山，腿现在还酸"),
    ("user", "我朋友小周想拉我一起学游泳"),
    ("user", "林芳生了！是个女孩，六斤二两，母女平安"),
    ("user", "车子年检没过，刹车片要换"),
    ("user", "读书会那本小说终于看完了，结尾有点敷衍"),
    ("user", "林芳坐月子请了个月嫂，一个月一万二"),
    ("user", "买了一堆菜，做了一锅咖喱当一周的饭"),
]
ASK = {
    "en": ("how's my brother getting on?", {"d6", "d9"}),
    "zh": ("我姐最近怎么样？", {"d6", "d9"}),
}


@dataclass(frozen=True)
class Chat:
    mem: HybridMemory
    task: str
    lang: str


@pytest.fixture(params=["en", "zh"])
def chat(request: pytest.FixtureRequest, tmp_path: Path, e5: Embedder) -> Iterator[Chat]:
    turns = EN if request.param == "en" else ZH
    clock = FakeClock(START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id=U)
        for i, (role, text) in enumerate(turns):
            clock.set(START + timedelta(days=i))
            mem.add_messages(
                [{"id": f"d{i}", "role": role, "content": text}], user_id=U, task_id=task.id
            )
        clock.set(START + timedelta(days=len(turns) + 3))
        yield Chat(mem, task.id, request.param)


def _cited(c: Chat, query: str, k: int) -> list[str]:
    """The first ``k`` messages cited by the hits (a turn and its fact copy cite one)."""
    res = c.mem.retrieve(query, user_id=U, task_id=c.task, top_k=2 * k, record_access=False)
    cited = [next(iter(h.node.source_ids), "") for h in res.hits]
    return list(dict.fromkeys(cited))[:k]


def test_the_turns_saying_the_relations_name_are_found(chat: Chat):
    query, said = ASK[chat.lang]
    first = _cited(chat, query, 4)  # the naming turn, the reply, then the two said by name
    assert said <= set(first), first


def test_a_relation_the_user_never_named_adds_nothing(chat: Chat):
    """The sister was never named in English (nor a brother in Chinese): the question keeps
    its own matches, no turn of the named relation comes first."""
    query = {"en": "how's my sister getting on?", "zh": "我哥最近怎么样？"}[chat.lang]
    first = _cited(chat, query, 2)
    assert not {"d6", "d9"} & set(first), first


@pytest.mark.parametrize(
    ("kin", "text", "names"),
    [
        ("brother", "my brother Ravi rang, he's moving back", ["Ravi"]),
        ("brother", "my little brother Danny is opening a restaurant", ["Danny"]),
        ("sister", "my sister Kirsty's just told me she's leaving", ["Kirsty"]),
        ("brother", "Ravi, my brother, is a vet", ["Ravi"]),
        ("boss", "my boss Gordon was decent about it", ["Gordon"]),
        ("mum", "my mum fell in her kitchen and broke her hip", []),
        ("dad", "my dad I think is fine", []),
        ("姐", "我姐林芳在深圳看中了一套房子", ["林芳"]),
        ("弟", "我弟小军高考出分了", ["小军"]),
        ("老公", "我老公陈磊是中学物理老师", ["陈磊"]),
        ("妈", "我妈小时候很苦", []),
        ("妈", "我妈体检查出甲状腺结节", []),
    ],
)
def test_the_names_a_user_gives_a_relation(kin: str, text: str, names: list[str]):
    assert names_of(kin, text) == names


def test_a_modified_relation_is_linked_only_with_its_word():
    """"my new flatmate" may be another flatmate than "my flatmate Jess"."""
    assert names_of("flatmate", "my flatmate Jess, she's a junior doctor", "new") == []
    assert names_of("brother", "my little brother Danny is opening", "little") == ["Danny"]
