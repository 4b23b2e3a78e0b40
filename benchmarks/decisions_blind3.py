"""A third blind set of decisions said without a change word (issue 38, helper decide17).

``python -m benchmarks.decisions_blind3 [--out benchmarks/data/decisions_blind3.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is), in the forms the first two sets left unread: English deliberations with no "or"
and no "between" ("torn on the two flats, the one in Leith and the one by the Meadows", "both
look good"), options said across two turns, Chinese options listed with 、 or as
一个是…一个是…, a choice told through another person's act, beside the usual "A or B?" /
还是 forms. Each chat later settles the weighing in ordinary words. Controls decide nothing for
the user about what was weighed: still weighing, someone else's choice, a hypothetical, and a
choice of the user's about something else.

Labels as in :mod:`benchmarks.decisions_blind2`: ``evidence`` the decision turn (for a control
the latest turn about what was weighed; for "something else" the deliberation), ``older`` the
deliberation's turns (or the unrelated choice), ``kind`` ``decision`` or ``control:<why>``.

Written by hand before any engine change of the round that added it, and not edited after its
first run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.decisions_blind import build_set, write_set

OUT = Path(__file__).parent / "data" / "decisions_blind3.json"

ABOUT = (
    "A third blind set of decisions said without a change word (issue 38, helper decide17), "
    "written by hand before any engine change: English weighings with no 'or'/'between' "
    "('torn on the two flats, the one in Leith and the one by the Meadows', 'both look good'), "
    "options across two turns, Chinese 、 lists and 一个是…一个是…, a choice told through "
    "another's act, and the usual forms, later settled in ordinary words; controls where "
    "nothing is decided for the user about what was weighed. Evidence: the decision turn, or "
    "for a control the latest turn about what was weighed; older: the deliberation's turns, or "
    "for 'something else' the unrelated choice."
)

Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "fiona",
        "en",
        "2025-07-20T12:00:00+00:00",
        [
            (
                "2025-04-05T09:10:00+01:00",
                [
                    (None, "user", "hiya, finally a sunny saturday"),
                    (None, "assistant", "Lovely! Any plans?"),
                    (
                        "flat:old",
                        "user",
                        "viewings all day. I'm torn on the two flats, the one in Leith and the "
                        "one by the Meadows",
                    ),
                    (None, "assistant", "What's pulling you each way?"),
                    (None, "user", "Leith has the bigger kitchen, Meadows is closer to work"),
                    (
                        "bike:old",
                        "user",
                        "also need a bike for the canal path. the Trek hybrid and the Ribble "
                        "one both look good",
                    ),
                    (None, "assistant", "Test ride both if the shop lets you."),
                    (
                        "course:old",
                        "user",
                        "and work will pay for one course this year, Python for data or the "
                        "project management one",
                    ),
                    (None, "assistant", "Which would you use more day to day?"),
                ],
            ),
            (
                "2025-04-12T20:30:00+01:00",
                [
                    (
                        "vacuum:old",
                        "user",
                        "our hoover died. been reading about the Dyson V8",
                    ),
                    (None, "assistant", "It's a popular one. Pricey though."),
                    (
                        "vacuum:old2",
                        "user",
                        "yeah, my neighbour has a Shark and says it's every bit as good for "
                        "half the money",
                    ),
                    (None, "assistant", "Sharks get good reviews for pet hair too."),
                    (
                        "dog:old",
                        "user",
                        "speaking of pets, Jamie and I keep going back and forth on the two "
                        "rescue dogs, the greyhound and the little terrier cross",
                    ),
                    (None, "assistant", "Greyhounds are famously lazy, good flat dogs."),
                    (
                        "sofa:old",
                        "user",
                        "my sister is choosing between a green velvet sofa and a grey linen one",
                    ),
                    (None, "assistant", "Velvet is gorgeous but marks easily."),
                ],
            ),
            (
                "2025-05-03T18:00:00+01:00",
                [
                    (
                        "flat:new",
                        "user",
                        "signed for the Meadows one today!! keys on the 1st",
                    ),
                    (None, "assistant", "Congratulations! A short walk to work, then."),
                    (
                        "vacuum:new",
                        "user",
                        "and the Shark turned up this morning, the carpets have never been cleaner",
                    ),
                    (None, "assistant", "Sounds like a good buy."),
                    (
                        "sofa:new",
                        "user",
                        "my sister ended up with the grey linen one, very sensible of her",
                    ),
                    (None, "assistant", "Easier to keep clean."),
                ],
            ),
            (
                "2025-06-14T10:00:00+01:00",
                [
                    (
                        "bike:new",
                        "user",
                        "the bike shop rang, the Ribble is built and ready to collect",
                    ),
                    (None, "assistant", "Enjoy the canal path!"),
                    (
                        "course:new",
                        "user",
                        "started the Python for data course on monday, first assignment due friday",
                    ),
                    (None, "assistant", "Good luck with it."),
                    (
                        "dog:old2",
                        "user",
                        "still haven't settled on a dog, the shelter says no rush",
                    ),
                    (None, "assistant", "Good that there's no pressure."),
                ],
            ),
        ],
    ),
    (
        "gareth",
        "en",
        "2025-09-10T12:00:00+00:00",
        [
            (
                "2025-06-02T07:45:00+01:00",
                [
                    (None, "user", "morning, long week ahead"),
                    (None, "assistant", "Morning! What's on?"),
                    (
                        "car:old",
                        "user",
                        "car shopping among other things. should I get the Golf or the Corsa?",
                    ),
                    (None, "assistant", "The Golf is roomier, the Corsa cheaper to run."),
                    (
                        "school:old",
                        "user",
                        "and we have to put down a secondary school for Owen. two options "
                        "really, St Mary's and Hillside Academy",
                    ),
                    (None, "assistant", "Have you visited both?"),
                    (
                        "phone:old",
                        "user",
                        "my phone's on its last legs too. the Pixel 8 looks decent",
                    ),
                    (None, "assistant", "Good camera on that one."),
                ],
            ),
            (
                "2025-06-09T21:15:00+01:00",
                [
                    (
                        "phone:old2",
                        "user",
                        "mind you the lad at work reckons the Galaxy S23 has a better screen",
                    ),
                    (None, "assistant", "Both are strong phones."),
                    (
                        "holiday:old",
                        "user",
                        "we're looking at Portugal for half term. a villa near Lagos, or an "
                        "apartment in Albufeira",
                    ),
                    (None, "assistant", "The villa would suit a family."),
                    (
                        "gym:old",
                        "user",
                        "thinking about joining a gym, PureGym or the leisure centre, can't "
                        "make my mind up",
                    ),
                    (None, "assistant", "The leisure centre has a pool, if that matters."),
                ],
            ),
            (
                "2025-07-01T18:20:00+01:00",
                [
                    (
                        "car:new",
                        "user",
                        "picked up the Corsa on saturday, lovely little thing to drive",
                    ),
                    (None, "assistant", "Enjoy it!"),
                    (
                        "phone:new",
                        "user",
                        "the Pixel came today, moving my photos over now",
                    ),
                    (None, "assistant", "Hope the transfer goes smoothly."),
                    (
                        "school:new",
                        "user",
                        "letter came, Owen got his first choice, Hillside from September",
                    ),
                    (None, "assistant", "Great news for him."),
                ],
            ),
            (
                "2025-08-20T19:00:00+01:00",
                [
                    (
                        "holiday:new",
                        "user",
                        "the villa owner sent the directions and the key code for Lagos, "
                        "kids are buzzing",
                    ),
                    (None, "assistant", "Have a wonderful time."),
                    (
                        "gym:other",
                        "user",
                        "bought a rowing machine for the garage in the end, cheaper than any "
                        "membership",
                    ),
                    (None, "assistant", "Good way to train at home."),
                    (
                        "laptop:old",
                        "user",
                        "if Owen does well this year we might get him the MacBook Air rather "
                        "than a Chromebook",
                    ),
                    (None, "assistant", "A nice incentive."),
                ],
            ),
        ],
    ),
    (
        "xiaoyu",
        "zh",
        "2025-10-15T12:00:00+08:00",
        [
            (
                "2025-07-05T10:00:00+08:00",
                [
                    (None, "user", "早上好，今天休息"),
                    (None, "assistant", "早上好！难得休息，有什么安排？"),
                    (
                        "class:old",
                        "user",
                        "给女儿看暑假的班，书法、钢琴、围棋，纠结死了",
                    ),
                    (None, "assistant", "可以先看看她自己对哪个有兴趣。"),
                    (
                        "house:old",
                        "user",
                        "还有房子的事，看了两套，一个是滨江的新小区，一个是老城区的学区房",
                    ),
                    (None, "assistant", "学区房对孩子上学方便，新小区住着舒服。"),
                    (
                        "robot:old",
                        "user",
                        "家里想添个扫地机器人，石头的口碑挺好",
                    ),
                    (None, "assistant", "石头的导航做得不错。"),
                ],
            ),
            (
                "2025-07-12T20:30:00+08:00",
                [
                    (
                        "robot:old2",
                        "user",
                        "不过同事说科沃斯也可以，最近还在打折",
                    ),
                    (None, "assistant", "打折的时候入手挺划算。"),
                    (
                        "tablet:old",
                        "user",
                        "你说我买iPad还是华为平板？主要看网课",
                    ),
                    (None, "assistant", "看网课的话两个都够用。"),
                    (
                        "trip:old",
                        "user",
                        "国庆想带爸妈出去玩，云南、桂林、张家界，每个都想去",
                    ),
                    (None, "assistant", "带老人的话桂林节奏比较慢。"),
                    (
                        "sis:old",
                        "user",
                        "我妹在挑婚纱，一个是抹胸的，一个是蕾丝长袖的",
                    ),
                    (None, "assistant", "看她的气质，两种都很好看。"),
                ],
            ),
            (
                "2025-08-02T19:00:00+08:00",
                [
                    (
                        "class:new",
                        "user",
                        "最后给她报了围棋，第一节课回来说很好玩",
                    ),
                    (None, "assistant", "喜欢就好，围棋很锻炼思维。"),
                    (
                        "robot:new",
                        "user",
                        "快递把科沃斯送来了，拖地也挺干净",
                    ),
                    (None, "assistant", "省了不少力气。"),
                    (
                        "sis:new",
                        "user",
                        "我妹最后定了蕾丝长袖那件",
                    ),
                    (None, "assistant", "长袖显得很优雅。"),
                ],
            ),
            (
                "2025-09-06T21:00:00+08:00",
                [
                    (
                        "house:new",
                        "user",
                        "学区房那套签了，首付交完人都轻松了",
                    ),
                    (None, "assistant", "恭喜，孩子上学方便了。"),
                    (
                        "tablet:new",
                        "user",
                        "iPad到手了，女儿上网课用着很顺",
                    ),
                    (None, "assistant", "用着顺手就好。"),
                    (
                        "trip:old2",
                        "user",
                        "国庆去哪还没商量好，爸妈说都行",
                    ),
                    (None, "assistant", "可以按天气再定。"),
                ],
            ),
        ],
    ),
    (
        "laozhou",
        "zh",
        "2025-11-30T12:00:00+08:00",
        [
            (
                "2025-08-10T08:30:00+08:00",
                [
                    (None, "user", "周末了，终于能睡个懒觉"),
                    (None, "assistant", "好好休息一下。"),
                    (
                        "car:old",
                        "user",
                        "想换车，犹豫日产轩逸跟丰田卡罗拉",
                    ),
                    (None, "assistant", "两款都省油，卡罗拉保值一点。"),
                    (
                        "job:old",
                        "user",
                        "手上有两个offer，一个是杭州的国企，一个是上海的外企，工资差不多",
                    ),
                    (None, "assistant", "看你更看重稳定还是发展。"),
                    (
                        "curtain:old",
                        "user",
                        "新家的窗帘还没定，蓝色的和米白色的都拿了样布",
                    ),
                    (None, "assistant", "米白色百搭一点。"),
                ],
            ),
            (
                "2025-08-24T20:00:00+08:00",
                [
                    (
                        "fridge:old",
                        "user",
                        "冰箱也要换，在看海尔的对开门",
                    ),
                    (None, "assistant", "海尔的对开门容量大。"),
                    (
                        "fridge:old2",
                        "user",
                        "老婆更喜欢美的那款十字门的",
                    ),
                    (None, "assistant", "十字门分区更细。"),
                    (
                        "hotel:old",
                        "user",
                        "儿子婚宴要订酒店，希尔顿还是本地的金陵饭店？",
                    ),
                    (None, "assistant", "看宾客人数和预算。"),
                    (
                        "run:old",
                        "user",
                        "还想报个马拉松，杭州的和上海的时间差不多",
                    ),
                    (None, "assistant", "可以先报半马试试。"),
                ],
            ),
            (
                "2025-09-20T19:30:00+08:00",
                [
                    (
                        "car:new",
                        "user",
                        "卡罗拉提回来了，油耗确实低",
                    ),
                    (None, "assistant", "开着省心。"),
                    (
                        "curtain:new",
                        "user",
                        "师傅今天来把米白色的窗帘装上了，客厅亮堂多了",
                    ),
                    (None, "assistant", "米白色显得空间大。"),
                    (
                        "job:new",
                        "user",
                        "下周一去杭州报到，国企那边手续都办好了",
                    ),
                    (None, "assistant", "祝工作顺利。"),
                ],
            ),
            (
                "2025-10-25T20:00:00+08:00",
                [
                    (
                        "hotel:new",
                        "user",
                        "金陵饭店的定金交了，十桌",
                    ),
                    (None, "assistant", "婚宴的大事定下来了。"),
                    (
                        "fridge:new",
                        "user",
                        "美的那台昨天送到了，老婆很满意",
                    ),
                    (None, "assistant", "家里人满意最重要。"),
                    (
                        "run:other",
                        "user",
                        "买了一双亚瑟士的跑鞋，先练起来",
                    ),
                    (None, "assistant", "好鞋子护膝盖。"),
                    (
                        "phone:old",
                        "user",
                        "要是明年还有奖金，可能把手机换成华为Mate",
                    ),
                    (None, "assistant", "到时候看看新款。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its latest "old" one
# when it has none); older its "old" turns, or its "other" turn.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("fiona", "flat", "decision", "which flat am I moving into?"),
    ("fiona", "vacuum", "decision", "which hoover did I buy?"),
    ("fiona", "bike", "decision", "which bike did I get for the canal path?"),
    ("fiona", "course", "decision", "which course is work paying for?"),
    ("fiona", "dog", "control:weighing", "which rescue dog did we adopt?"),
    ("fiona", "sofa", "control:someone else", "which sofa did I buy?"),
    ("gareth", "car", "decision", "which car did I buy?"),
    ("gareth", "school", "decision", "which school is Owen going to?"),
    ("gareth", "phone", "decision", "which phone did I get?"),
    ("gareth", "holiday", "decision", "where are we staying for half term?"),
    ("gareth", "gym", "control:something else", "which gym did I join?"),
    ("gareth", "laptop", "control:hypothetical", "which laptop did we get Owen?"),
    ("xiaoyu", "class", "decision", "女儿暑假上的什么班？"),
    ("xiaoyu", "house", "decision", "我买的是哪套房子？"),
    ("xiaoyu", "robot", "decision", "我买的什么牌子的扫地机器人？"),
    ("xiaoyu", "tablet", "decision", "我给女儿买的什么平板？"),
    ("xiaoyu", "trip", "control:weighing", "国庆带爸妈去哪玩了？"),
    ("xiaoyu", "sis", "control:someone else", "我选的哪件婚纱？"),
    ("laozhou", "car", "decision", "我换的什么车？"),
    ("laozhou", "job", "decision", "我去了哪家单位？"),
    ("laozhou", "curtain", "decision", "新家装的什么颜色的窗帘？"),
    ("laozhou", "fridge", "decision", "家里买的哪款冰箱？"),
    ("laozhou", "hotel", "decision", "儿子婚宴订在哪个酒店？"),
    ("laozhou", "run", "control:something else", "我报的哪个马拉松？"),
    ("laozhou", "phone", "control:hypothetical", "我现在用的什么手机？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="f")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
