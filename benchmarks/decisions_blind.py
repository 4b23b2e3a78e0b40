"""A blind set of decisions said without a change word (issue 38, helper decide14).

``python -m benchmarks.decisions_blind [--out benchmarks/data/decisions_blind.json]`` writes the
set as a probing file (:mod:`benchmarks.probing` reads it as it is): per language two users'
chats, each weighing options over turns and, in a later session, saying what was chosen without
a change word ("ended up going with the grey one", 最后还是选了…, 房子定了…, 报了…). Controls
decide nothing for the user: still weighing, a hypothetical, someone else's choice. Each item
has the question a user later asks and its labelled turn (``evidence``): the decision turn, or
for a control the latest turn about it; ``older`` is the deliberation's turn, ``kind`` says
``decision`` or ``control:<why>``.

Written by hand before any engine change of the round that added it, and not edited after its
first run.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

OUT = Path(__file__).parent / "data" / "decisions_blind.json"

ABOUT = (
    "A blind set of decisions said without a change word (issue 38, helper decide14), written "
    "by hand before any engine change: a user weighs options over turns and later says the "
    "choice ('ended up going with', 最后还是选了, 定了, 报了); controls where nothing is decided "
    "for the user (still weighing, a hypothetical, someone else's choice). Evidence: the "
    "decision turn, or for a control the latest turn about it; older: the deliberation turn."
)

# Each user: (id, lang, now, sessions); a session: (at, turns); a turn: (key, role, text), the
# key naming a labelled turn ("sofa:old", "sofa:new") or None.
Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "maya",
        "en",
        "2025-05-20T12:00:00+00:00",
        [
            (
                "2025-03-03T20:10:00+00:00",
                [
                    (None, "user", "evening! finally done with the spreadsheet from hell at work"),
                    (None, "assistant", "Congrats on surviving it. How are you feeling?"),
                    (
                        "sofa:old",
                        "user",
                        "tired but ok. also can't decide on the sofa for the new place, the blue "
                        "velvet one or the grey linen one",
                    ),
                    (None, "assistant", "Both sound lovely. What's pulling you each way?"),
                    (
                        None,
                        "user",
                        "velvet feels fancy but I have a cat who will destroy it probably",
                    ),
                    (
                        "trip:old",
                        "user",
                        "and Priya and I are trying to decide between Lisbon and Porto for the "
                        "May long weekend",
                    ),
                    (None, "assistant", "Both great choices for a long weekend."),
                ],
            ),
            (
                "2025-03-10T19:00:00+00:00",
                [
                    (
                        "class:old",
                        "user",
                        "thinking about signing up for either pottery or a life drawing class "
                        "on weeknights",
                    ),
                    (None, "assistant", "Nice, something creative after work. Any favourite?"),
                    (None, "user", "pottery sounds messy and fun, drawing sounds calming"),
                    (
                        "pet:old",
                        "user",
                        "also going back and forth on getting a second pet, a rabbit or another "
                        "cat",
                    ),
                    (None, "assistant", "How does your cat get on with other animals?"),
                    (None, "user", "she's a diva, no idea honestly"),
                ],
            ),
            (
                "2025-03-18T21:30:00+00:00",
                [
                    (None, "user", "ugh my landlord still hasn't fixed the boiler"),
                    (None, "assistant", "That's frustrating. Have you chased him again?"),
                    (None, "user", "twice. cold showers all week"),
                    (
                        "sofa:new",
                        "user",
                        "on the bright side I ended up going with the grey one, it arrives "
                        "Thursday",
                    ),
                    (None, "assistant", "Something cosy to come home to!"),
                ],
            ),
            (
                "2025-03-29T18:45:00+00:00",
                [
                    (
                        "trip:new",
                        "user",
                        "booked the Porto flights in the end, we leave on the 2nd",
                    ),
                    (None, "assistant", "Exciting! Have you found somewhere to stay?"),
                    (None, "user", "a little guesthouse near the river, Priya found it"),
                    (
                        "venue:new",
                        "user",
                        "my sister picked the old mill for her wedding venue, she was deciding "
                        "between that and a barn",
                    ),
                    (None, "assistant", "A mill sounds beautiful for a wedding."),
                ],
            ),
            (
                "2025-04-07T20:00:00+00:00",
                [
                    (
                        "class:new",
                        "user",
                        "went for pottery! first class was tonight and I made a very lopsided bowl",
                    ),
                    (None, "assistant", "Lopsided bowls are a rite of passage."),
                    (
                        "pet:new",
                        "user",
                        "still haven't decided on the rabbit vs cat thing, waiting to hear what "
                        "the landlord says",
                    ),
                    (None, "assistant", "Makes sense to check first."),
                ],
            ),
            (
                "2025-04-20T17:15:00+00:00",
                [
                    (
                        "flat:new",
                        "user",
                        "if I got the Leeds job I'd take the flat by the station rather than the "
                        "one near the park",
                    ),
                    (None, "assistant", "Is the Leeds job looking likely?"),
                    (None, "user", "second interview next week, we'll see"),
                ],
            ),
        ],
    ),
    (
        "owen",
        "en",
        "2025-06-15T12:00:00+00:00",
        [
            (
                "2025-04-01T19:20:00+00:00",
                [
                    (None, "user", "hi again. my phone is on its last legs"),
                    (None, "assistant", "Oh no, what's wrong with it?"),
                    (
                        "phone:old",
                        "user",
                        "battery dies by lunch. deciding between a Pixel and an iPhone for the "
                        "replacement",
                    ),
                    (None, "assistant", "Do you use a Mac or anything else from Apple?"),
                    (None, "user", "nope, all windows at home"),
                    (
                        "gym:old",
                        "user",
                        "also looking at two gyms, the PureGym next to the office or the "
                        "climbing centre across town",
                    ),
                    (None, "assistant", "What kind of training do you enjoy?"),
                ],
            ),
            (
                "2025-04-09T20:05:00+00:00",
                [
                    (
                        "paint:old",
                        "user",
                        "Hannah and I keep changing our minds on the kitchen paint, sage green "
                        "or plain off-white",
                    ),
                    (None, "assistant", "Sage is very popular right now."),
                    (
                        "gift:old",
                        "user",
                        "and for Sam and Jo's wedding gift it's either an espresso machine or a "
                        "spa weekend voucher",
                    ),
                    (None, "assistant", "Do they drink a lot of coffee?"),
                    (None, "user", "Jo does, Sam is a tea person"),
                ],
            ),
            (
                "2025-04-16T18:40:00+00:00",
                [
                    (None, "user", "work was mad today, two people off sick"),
                    (None, "assistant", "Sounds exhausting. Did you get a break?"),
                    (
                        "phone:new",
                        "user",
                        "not really. got the Pixel in the end though, setting it up now",
                    ),
                    (None, "assistant", "Enjoy the new phone!"),
                    (
                        "offer:old",
                        "user",
                        "oh and I've got two job offers on the table, one from Halden which pays "
                        "more and one from a tiny startup",
                    ),
                    (None, "assistant", "That's a good problem to have."),
                ],
            ),
            (
                "2025-04-28T21:00:00+00:00",
                [
                    (
                        "paint:new",
                        "user",
                        "we went with the sage green, painting it this weekend",
                    ),
                    (None, "assistant", "Good luck with the painting!"),
                    (
                        "gym:new",
                        "user",
                        "joined the climbing centre, my membership started on monday",
                    ),
                    (None, "assistant", "How was the first session?"),
                    (None, "user", "my forearms are destroyed"),
                ],
            ),
            (
                "2025-05-08T19:30:00+00:00",
                [
                    (
                        "offer:new",
                        "user",
                        "accepted the startup's offer today, I start in June",
                    ),
                    (None, "assistant", "Congratulations! That's a big step."),
                    (
                        "ereader:new",
                        "user",
                        "still can't decide between the Kindle and the Kobo for the commute",
                    ),
                    (None, "assistant", "Do you borrow ebooks from the library?"),
                ],
            ),
            (
                "2025-05-20T20:10:00+00:00",
                [
                    (
                        "gift:new",
                        "user",
                        "the voucher's sorted for Sam and Jo, Hannah wrapped it in a ridiculous "
                        "bow",
                    ),
                    (None, "assistant", "They'll love it."),
                    (
                        "dadcar:new",
                        "user",
                        "my dad chose the Honda over the Toyota in the end, he's very proud of it",
                    ),
                    (None, "assistant", "Good for him!"),
                ],
            ),
        ],
    ),
    (
        "lin",
        "zh",
        "2025-10-20T12:00:00+08:00",
        [
            (
                "2025-08-04T20:00:00+08:00",
                [
                    (None, "user", "今天加班到八点，累死了"),
                    (None, "assistant", "辛苦了，吃饭了吗？"),
                    (
                        "ipad:old",
                        "user",
                        "吃了外卖。在纠结买个iPad还是买台二手的MacBook，主要是画画用",
                    ),
                    (None, "assistant", "画画的话iPad配笔挺方便的。"),
                    (None, "user", "但是MacBook能干的事多一点"),
                    (
                        "trip:old",
                        "user",
                        "还有国庆想出去玩，成都和西安还没想好去哪个",
                    ),
                    (None, "assistant", "两个地方吃的都很多！"),
                ],
            ),
            (
                "2025-08-12T21:10:00+08:00",
                [
                    (
                        "sofa:old",
                        "user",
                        "新家要买沙发了，灰色那款和米色那款我看了好几遍",
                    ),
                    (None, "assistant", "家里其他家具是什么颜色的？"),
                    (None, "user", "木色为主"),
                    (
                        "card:old",
                        "user",
                        "另外想办张卡锻炼一下，健身房年卡还是游泳卡，犹豫中",
                    ),
                    (None, "assistant", "你平时喜欢游泳吗？"),
                ],
            ),
            (
                "2025-08-25T19:40:00+08:00",
                [
                    (None, "user", "今天下大雨，鞋全湿了"),
                    (None, "assistant", "赶紧换双干的，别着凉。"),
                    (
                        "ipad:new",
                        "user",
                        "换了。最后还是买了iPad，下午刚到，贴膜贴歪了哈哈",
                    ),
                    (None, "assistant", "贴歪也不影响画画！"),
                    (
                        "pet:old",
                        "user",
                        "我还在想要不要养只宠物，猫还是狗呢",
                    ),
                    (None, "assistant", "你家的空间够养狗吗？"),
                ],
            ),
            (
                "2025-09-06T20:30:00+08:00",
                [
                    (
                        "sofa:new",
                        "user",
                        "沙发定了，米色那款，下周送货",
                    ),
                    (None, "assistant", "米色配木色很温馨。"),
                    (
                        "dress:new",
                        "user",
                        "我表姐在挑婚纱，一件简约的一件蓬蓬裙，她最后选了简约那件",
                    ),
                    (None, "assistant", "简约的婚纱很有气质。"),
                ],
            ),
            (
                "2025-09-15T18:50:00+08:00",
                [
                    (
                        "trip:new",
                        "user",
                        "机票买好了，国庆去西安！",
                    ),
                    (None, "assistant", "可以去吃肉夹馍和羊肉泡馍了。"),
                    (None, "user", "对，已经列了一长串"),
                    (
                        "card:new",
                        "user",
                        "游泳卡也办了，楼下那家",
                    ),
                    (None, "assistant", "离得近就容易坚持。"),
                ],
            ),
            (
                "2025-10-02T21:00:00+08:00",
                [
                    (
                        "pet:new",
                        "user",
                        "养猫还是养狗还是没定，再想想吧",
                    ),
                    (None, "assistant", "不着急，想清楚再说。"),
                    (
                        "house:new",
                        "user",
                        "要是明年涨工资了，我就换个带阳台的大房子",
                    ),
                    (None, "assistant", "有个阳台可以养花晒太阳。"),
                ],
            ),
        ],
    ),
    (
        "ajie",
        "zh",
        "2025-07-10T12:00:00+08:00",
        [
            (
                "2025-05-03T19:00:00+08:00",
                [
                    (None, "user", "五一假期最后一天了，不想上班"),
                    (None, "assistant", "假期总是过得特别快。"),
                    (
                        "rent:old",
                        "user",
                        "最近在看房子，一套在徐汇一套在闵行，徐汇的贵一千多",
                    ),
                    (None, "assistant", "通勤时间差多少？"),
                    (None, "user", "闵行的要多坐半小时地铁"),
                    (
                        "path:old",
                        "user",
                        "还有就是考研还是直接工作，我爸妈想让我考研",
                    ),
                    (None, "assistant", "那你自己怎么想？"),
                ],
            ),
            (
                "2025-05-11T20:20:00+08:00",
                [
                    (
                        "gift:old",
                        "user",
                        "下周我妈生日，按摩仪和金手镯选一个送她",
                    ),
                    (None, "assistant", "阿姨平时腰颈不舒服吗？"),
                    (None, "user", "偶尔吧，但她更喜欢首饰"),
                    (
                        "drive:old",
                        "user",
                        "驾校也要报了，手动挡还是自动挡好呢",
                    ),
                    (None, "assistant", "现在开自动挡的人多一些。"),
                ],
            ),
            (
                "2025-05-19T21:00:00+08:00",
                [
                    (
                        "gift:new",
                        "user",
                        "手镯买好了，我妈戴上舍不得摘",
                    ),
                    (None, "assistant", "阿姨一定很开心。"),
                    (
                        "phone:old",
                        "user",
                        "手机屏幕碎了，小米和华为在挑",
                    ),
                    (None, "assistant", "预算多少呢？"),
                    (None, "user", "三四千吧"),
                ],
            ),
            (
                "2025-05-30T19:30:00+08:00",
                [
                    (
                        "rent:new",
                        "user",
                        "房子定了，闵行那套，下个月搬",
                    ),
                    (None, "assistant", "搬家需要帮忙整理清单吗？"),
                    (None, "user", "先不用，东西不多"),
                    (
                        "drive:new",
                        "user",
                        "驾校报了自动挡，下周开始练车",
                    ),
                    (None, "assistant", "加油，注意安全。"),
                ],
            ),
            (
                "2025-06-08T20:40:00+08:00",
                [
                    (
                        "path:new",
                        "user",
                        "想了很久，最后还是先工作了，已经投了好几家简历",
                    ),
                    (None, "assistant", "祝你顺利拿到offer！"),
                    (
                        "phone:new",
                        "user",
                        "华为入手了，拍照真的好",
                    ),
                    (None, "assistant", "可以多拍点照片了。"),
                ],
            ),
            (
                "2025-06-20T21:15:00+08:00",
                [
                    (
                        "leave:new",
                        "user",
                        "年假是去海边还是回老家，还在纠结",
                    ),
                    (None, "assistant", "好久没回老家了吗？"),
                    (None, "user", "过年回过一次"),
                    (
                        "dog:new",
                        "user",
                        "我室友选了那只柯基，没要那只柴犬",
                    ),
                    (None, "assistant", "柯基很可爱！"),
                    (
                        "move:new",
                        "user",
                        "如果公司真的裁员，我可能会去深圳",
                    ),
                    (None, "assistant", "希望不会走到那一步。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question); the evidence is the item's "new" turn, older its "old" one.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("maya", "sofa", "decision", "which sofa did I go for?"),
    ("maya", "trip", "decision", "where are Priya and I going for the May long weekend?"),
    ("maya", "class", "decision", "which evening class did I sign up for?"),
    ("maya", "pet", "control:weighing", "did I get a rabbit or another cat?"),
    ("maya", "venue", "control:someone else", "which wedding venue did I choose?"),
    ("maya", "flat", "control:hypothetical", "which flat did I take?"),
    ("owen", "phone", "decision", "what phone did I get in the end?"),
    ("owen", "gym", "decision", "which gym did I join?"),
    ("owen", "paint", "decision", "what colour are we painting the kitchen?"),
    ("owen", "gift", "decision", "what did we get Sam and Jo for their wedding?"),
    ("owen", "offer", "decision", "which job offer did I take?"),
    ("owen", "ereader", "control:weighing", "which e-reader did I buy?"),
    ("owen", "dadcar", "control:someone else", "which car did I choose?"),
    ("lin", "ipad", "decision", "我最后买的是iPad还是MacBook？"),
    ("lin", "trip", "decision", "国庆我去哪儿玩？"),
    ("lin", "sofa", "decision", "我选了什么颜色的沙发？"),
    ("lin", "card", "decision", "我办的是健身卡还是游泳卡？"),
    ("lin", "pet", "control:weighing", "我最后养了猫还是狗？"),
    ("lin", "dress", "control:someone else", "我选了哪件婚纱？"),
    ("lin", "house", "control:hypothetical", "我换了什么样的房子？"),
    ("ajie", "rent", "decision", "我租的房子在哪？"),
    ("ajie", "path", "decision", "我最后是考研还是工作？"),
    ("ajie", "gift", "decision", "我给我妈买了什么生日礼物？"),
    ("ajie", "drive", "decision", "我报的是手动挡还是自动挡？"),
    ("ajie", "phone", "decision", "我现在用的什么手机？"),
    ("ajie", "leave", "control:weighing", "年假我去哪了？"),
    ("ajie", "dog", "control:someone else", "我选了哪只狗？"),
    ("ajie", "move", "control:hypothetical", "我搬去深圳了吗？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="d")


def build_set(
    users_in: list[Any], questions_in: list[tuple[str, str, str, str]], about: str, prefix: str
) -> dict[str, Any]:
    """A decisions set as a probing file (this set's and decisions_blind2's): each turn keyed
    ``item:new`` / ``item:old`` / ``item:old2`` / ``item:other`` is the evidence or an older
    turn of its item's question; with no ``new`` turn the deliberation is the latest turn."""
    users, keyed = [], {}
    for uid, lang, now, sessions in users_in:
        out_sessions = []
        for s, (at, turns) in enumerate(sessions, start=1):
            rows = []
            for i, (key, role, text) in enumerate(turns, start=1):
                tid = f"{uid}-{s}-{i}"
                if key is not None:
                    keyed[(uid, key)] = tid
                rows.append({"id": tid, "role": role, "text": text})
            out_sessions.append({"at": at, "turns": rows})
        users.append({"id": uid, "lang": lang, "now": now, "sessions": out_sessions})
    langs = {u[0]: u[1] for u in users_in}
    questions = []
    for n, (uid, item, kind, query) in enumerate(questions_in, start=1):
        new = keyed.get((uid, f"{item}:new"))
        olds = [
            keyed[(uid, f"{item}:{k}")] for k in ("old", "old2") if (uid, f"{item}:{k}") in keyed
        ]
        other = keyed.get((uid, f"{item}:other"))
        if new is None:  # nothing later speaks of it: the deliberation is the latest turn
            evidence, older = [olds[-1]], [other] if other else []
        else:
            evidence, older = [new], olds + ([other] if other else [])
        questions.append(
            {
                "id": f"{prefix}{n}",
                "user": uid,
                "lang": langs[uid],
                "type": kind.split(":")[0],
                "kind": kind,
                "relative": False,
                "query": query,
                "evidence": evidence,
                "older": older,
            }
        )
    return {"about": about, "users": users, "questions": questions}


def write_set(build: Callable[[], dict[str, Any]], default_out: Path, description: str) -> None:
    """The command line of a decisions set: write its JSON (``--out``)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--out", type=Path, default=default_out)
    args = ap.parse_args()
    args.out.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
