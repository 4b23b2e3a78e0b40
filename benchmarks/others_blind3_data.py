"""A third blind set of statements about other people: whose fact it is when the subject is
several people, the user together with someone, or a company (issue 38, helper holders11).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.others_blind3_data`` writes
``benchmarks/data/others_blind3.json``; :mod:`benchmarks.conversation_others` runs it
(``--set blind3``). The shape is ``others_blind2.json``'s (``lines`` and ``changes``), each line
with a ``kind``:

* ``other``: the holder is another person or several (a plural relation, "my parents", 我爸妈;
  two people conjoined without the user, "my sister and her husband"). ``person`` is the key of
  the first person named, ``also`` the others named with them;
* ``with_user``: the user and another person together ("my wife and I", 我和我姐): the value is
  the user's own (``person`` None, the user's slot), ``also`` names the other holder;
* ``company``: a company is the actor ("my old company sued me", 以前的公司还欠我工资): the user
  states no workplace, so no user slot may be taken (``slot`` None);
* ``own``: the user's own fact (a control).

and ``questions``: three newcomers a language, each saying five facts (their own and their
family's, with a shared kind of attribute: a job, a home, a diet) through ``add``, then asked
about their own attribute and the other person's from inside a task. ``about`` says whose
attribute a question asks about (``own`` or ``other``); ``needle`` is in the answering memory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).parent / "data" / "others_blind3.json"


def _line(
    lid: str,
    text: str,
    kind: str,
    person: str | None = None,
    slot: str | None = None,
    also: tuple[str, ...] = (),
) -> dict[str, Any]:
    return {
        "id": lid,
        "lang": lid[:2],
        "text": text,
        "kind": kind,
        "fact": kind != "company",
        "person": person,
        "slot": slot,
        "also": list(also),
    }


LINES = [
    _line("en01", "My parents farm rice in Hubei.", "other", "parents"),
    _line("en02", "My parents live in Cork.", "other", "parents", "user.residence"),
    _line(
        "en03",
        "My grandparents both work at the post office.",
        "other",
        "grandparents",
        "user.workplace",
    ),
    _line(
        "en04",
        "My sister and her husband live in Oslo.",
        "other",
        "sister",
        "user.residence",
        ("husband",),
    ),
    _line("en05", "My brothers are both vegetarian.", "other", "brothers", "user.diet"),
    _line(
        "en06",
        "My husband and kids are vegetarian.",
        "other",
        "husband",
        "user.diet",
        ("kids",),
    ),
    _line(
        "en07",
        "My sister and I both work at the Nissan plant.",
        "with_user",
        None,
        "user.workplace",
        ("sister",),
    ),
    _line("en08", "My wife and I live in Leeds.", "with_user", None, "user.residence", ("wife",)),
    _line("en09", "Me and my dad are both vegetarian.", "with_user", None, "user.diet", ("dad",)),
    _line("en10", "My former employer sued me last year.", "company"),
    _line("en11", "My old company still owes me two months' pay.", "company"),
    _line("en12", "The company I used to work for went bust.", "company"),
    _line("en13", "I work at a garden centre.", "own", None, "user.workplace"),
    _line("en14", "I live in Derby.", "own", None, "user.residence"),
    _line("zh01", "我爸妈在老家种地。", "other", "爸妈"),
    _line("zh02", "我爸妈住在宜昌。", "other", "爸妈", "user.residence"),
    _line(
        "zh03",
        "我爷爷奶奶都在镇上的邮局上班。",
        "other",
        "爷爷",
        "user.workplace",
        ("奶奶",),
    ),
    _line("zh04", "我姐和姐夫住在厦门。", "other", "姐", "user.residence", ("姐夫",)),
    _line("zh05", "我两个弟弟都吃素。", "other", "弟弟", "user.diet"),
    _line("zh06", "我老公和孩子都吃素。", "other", "老公", "user.diet", ("孩子",)),
    _line("zh07", "我和我姐都在富士康上班。", "with_user", None, "user.workplace", ("姐",)),
    _line("zh08", "我跟老公住在合肥。", "with_user", None, "user.residence", ("老公",)),
    _line("zh09", "我和我爸都吃素。", "with_user", None, "user.diet", ("爸",)),
    _line("zh10", "我被以前的公司告了。", "company"),
    _line("zh11", "以前的公司还欠我两个月工资。", "company"),
    _line("zh12", "我待过的那家公司倒闭了。", "company"),
    _line("zh13", "我在花卉市场上班。", "own", None, "user.workplace"),
    _line("zh14", "我住在无锡。", "own", None, "user.residence"),
]

CHANGES = [
    {
        "id": "enc1",
        "lang": "en",
        "before": "My parents live in Cork.",
        "after": "My parents moved to Galway.",
        "person": "parents",
        "slot": "user.residence",
    },
    {
        "id": "enc2",
        "lang": "en",
        "before": "My sister and her husband live in Oslo.",
        "after": "My sister and her husband have moved to Bergen.",
        "person": "sister",
        "slot": "user.residence",
    },
    {
        "id": "zhc1",
        "lang": "zh",
        "before": "我爸妈住在宜昌。",
        "after": "我爸妈搬到荆州去了。",
        "person": "爸妈",
        "slot": "user.residence",
    },
    {
        "id": "zhc2",
        "lang": "zh",
        "before": "我姐和姐夫住在厦门。",
        "after": "我姐和姐夫搬去泉州了。",
        "person": "姐",
        "slot": "user.residence",
    },
]


def _q(question: str, needle: str, about: str) -> dict[str, str]:
    return {"question": question, "needle": needle, "about": about}


QUESTIONS = [
    {
        "id": "enq1",
        "lang": "en",
        "facts": [
            "I drive a delivery van for a bakery in Hull.",
            "My parents farm potatoes in Lincolnshire.",
            "My brother and I both support Hull City.",
            "My wife works as a dental nurse.",
            "I am allergic to penicillin.",
        ],
        "task": ("Book the car's MOT", "The garage on Anlaby Road has a slot on Friday."),
        "questions": [
            _q("What's my job again?", "delivery van", "own"),
            _q("What do my parents do for a living?", "potatoes", "other"),
            _q("Which football team do I follow?", "Hull City", "own"),
            _q("What does my wife do?", "dental nurse", "other"),
        ],
    },
    {
        "id": "enq2",
        "lang": "en",
        "facts": [
            "I'm a night-shift security guard at the hospital.",
            "My husband and I live in a flat in Croydon.",
            "My daughter studies law at Exeter.",
            "My old employer, a call centre, still owes me three weeks' wages.",
            "My mum runs a flower shop in Brighton.",
        ],
        "task": ("Sort out the council tax", "The bill for March is 148 pounds."),
        "questions": [
            _q("Where do I work?", "hospital", "own"),
            _q("Where do we live?", "Croydon", "own"),
            _q("What is my daughter studying?", "law", "other"),
            _q("What does my mum do?", "flower shop", "other"),
        ],
    },
    {
        "id": "enq3",
        "lang": "en",
        "facts": [
            "I teach piano from home.",
            "My sister is an accountant in Dublin.",
            "My grandparents keep bees in Devon.",
            "My partner and I are both vegan.",
            "I drive an old Fiat Panda.",
        ],
        "task": ("Plan the summer recital", "The church hall costs 60 pounds for the evening."),
        "questions": [
            _q("What do I do for work?", "piano", "own"),
            _q("What does my sister do?", "accountant", "other"),
            _q("What do my grandparents do?", "bees", "other"),
            _q("Do I eat meat?", "vegan", "own"),
        ],
    },
    {
        "id": "zhq1",
        "lang": "zh",
        "facts": [
            "我在苏州开网约车。",
            "我爸妈在老家种茶叶。",
            "我和我哥都是湖人的球迷。",
            "我老婆在超市当收银员。",
            "我对青霉素过敏。",
        ],
        "task": ("给车做年检", "检测站说周五上午有空位。"),
        "questions": [
            _q("我是做什么工作的？", "网约车", "own"),
            _q("我爸妈是干什么的？", "茶叶", "other"),
            _q("我喜欢哪个球队？", "湖人", "own"),
            _q("我老婆在哪里上班？", "超市", "other"),
        ],
    },
    {
        "id": "zhq2",
        "lang": "zh",
        "facts": [
            "我在医院当夜班保安。",
            "我和老公住在郑州的一个老小区。",
            "我女儿在武汉读法律。",
            "以前的公司还欠我三个星期的工资。",
            "我妈在镇上开了家花店。",
        ],
        "task": ("交物业费", "三月份的物业费是一百四十八块。"),
        "questions": [
            _q("我在哪儿上班？", "医院", "own"),
            _q("我们住在哪里？", "郑州", "own"),
            _q("我女儿学什么专业？", "法律", "other"),
            _q("我妈是做什么的？", "花店", "other"),
        ],
    },
    {
        "id": "zhq3",
        "lang": "zh",
        "facts": [
            "我在家里教钢琴。",
            "我姐在深圳做会计。",
            "我爷爷奶奶在山里养蜂。",
            "我和对象都吃素。",
            "我开一辆旧的五菱宏光。",
        ],
        "task": ("准备夏天的汇报演出", "教堂的礼堂一晚上六十块。"),
        "questions": [
            _q("我靠什么挣钱？", "钢琴", "own"),
            _q("我姐做什么工作？", "会计", "other"),
            _q("我爷爷奶奶平时干啥？", "养蜂", "other"),
            _q("我吃不吃肉？", "吃素", "own"),
        ],
    },
]


def build() -> dict[str, Any]:
    return {
        "description": (
            "Third blind set of facts about other people (issue 38, helper holders11): plural "
            "and conjoined subjects naming kin, the user with another person, a company as "
            "the actor, and questions about the user's own attribute and another person's. "
            "Written and committed before any engine change; no rule or word list may be "
            "fitted to it."
        ),
        "written": "2026-12-06T02:55Z",
        "lines": LINES,
        "changes": CHANGES,
        "questions": QUESTIONS,
    }


def main() -> None:
    OUT.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
