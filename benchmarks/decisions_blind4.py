"""A fourth blind set of decisions: choices told by the act that commits to them (issue 38,
helper decide19).

``python -m benchmarks.decisions_blind4 [--out benchmarks/data/decisions_blind4.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is). Deliberations as users have them over days: options in one turn ("the barn near
Oxford or the hotel in Bath", 海马体和金夫人都去问了) or across two turns of different sessions
("we looked at Little Acorns" ... "Sunbeams round the corner has spaces too"; 在看王老师 ...
也有人推荐李老师), later settled by the act that commits to the choice (signed, booked, paid the
deposit, accepted, 交了定金, 签了, 约好了) with a time word ("today", "yesterday", 今天, 昨天) or
without one. Controls decide nothing for the user about what was weighed: a deliberation never
settled, and a choice someone else made.

Labels as in :mod:`benchmarks.decisions_blind2`: ``evidence`` the decision turn (for a control
the latest turn about what was weighed), ``older`` the deliberation's turns, ``kind``
``decision`` or ``control:<why>``.

Written by hand before any engine change of the round that added it, and not edited after its
first run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.decisions_blind import build_set, write_set

OUT = Path(__file__).parent / "data" / "decisions_blind4.json"

ABOUT = (
    "A fourth blind set of decisions (issue 38, helper decide19), written by hand before any "
    "engine change: deliberations over days, options in one turn or across two turns of "
    "different sessions, settled by the act that commits to the choice (signed, booked, paid "
    "the deposit, accepted, 交了定金, 签了) with and without a time word; controls where "
    "nothing is decided for the user about what was weighed (never settled, someone else's "
    "choice). Evidence: the decision turn, or for a control the latest turn about what was "
    "weighed; older: the deliberation's turns."
)

Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "priya",
        "en",
        "2025-11-01T12:00:00+00:00",
        [
            (
                "2025-08-03T10:00:00+01:00",
                [
                    (None, "user", "morning! wedding admin day"),
                    (None, "assistant", "Exciting! Where are you up to?"),
                    (
                        "venue:old",
                        "user",
                        "still on the venue. it's between the barn near Oxford or the hotel in "
                        "Bath",
                    ),
                    (None, "assistant", "The barn sounds more relaxed, the hotel easier."),
                    (
                        "nursery:old",
                        "user",
                        "also need a nursery for Maya in september. we looked round Little "
                        "Acorns on friday",
                    ),
                    (None, "assistant", "How did it feel?"),
                    (
                        "bro:old",
                        "user",
                        "my brother can't choose between Leeds and Manchester for uni",
                    ),
                    (None, "assistant", "Both are great student cities."),
                ],
            ),
            (
                "2025-08-17T19:30:00+01:00",
                [
                    (
                        "nursery:old2",
                        "user",
                        "turns out Sunbeams round the corner has spaces too, and it's cheaper",
                    ),
                    (None, "assistant", "Worth a visit then."),
                    (
                        "boiler:old",
                        "user",
                        "boiler's had it. British Gas quoted, and a local firm called Heatwise "
                        "came in a bit under them",
                    ),
                    (None, "assistant", "Check the warranty on each."),
                    (
                        "holiday:old",
                        "user",
                        "fancy a week away in october, Crete or Madeira?",
                    ),
                    (None, "assistant", "Madeira is greener, Crete warmer."),
                ],
            ),
            (
                "2025-09-10T20:00:00+01:00",
                [
                    (
                        "venue:new",
                        "user",
                        "paid the deposit on the barn today, so that's happening!",
                    ),
                    (None, "assistant", "Congratulations, a big step."),
                    (
                        "nursery:new",
                        "user",
                        "and signed Maya up at Sunbeams, she starts on monday",
                    ),
                    (None, "assistant", "Hope she settles in quickly."),
                    (
                        "bro:new",
                        "user",
                        "my brother went for Leeds in the end",
                    ),
                    (None, "assistant", "Good choice for him."),
                ],
            ),
            (
                "2025-10-05T09:00:00+01:00",
                [
                    (
                        "boiler:new",
                        "user",
                        "booked Heatwise to fit the new boiler next tuesday",
                    ),
                    (None, "assistant", "Nice to have it sorted before winter."),
                    (
                        "holiday:old2",
                        "user",
                        "still can't decide on october, Crete or Madeira, might just stay home",
                    ),
                    (None, "assistant", "No harm in waiting for a deal."),
                ],
            ),
        ],
    ),
    (
        "tom",
        "en",
        "2025-12-01T12:00:00+00:00",
        [
            (
                "2025-09-01T18:00:00+01:00",
                [
                    (None, "user", "evening, long day"),
                    (None, "assistant", "Evening! What kept you busy?"),
                    (
                        "flat:old",
                        "user",
                        "two flat viewings after work, one in Clapham and one in Brixton",
                    ),
                    (None, "assistant", "How did they compare?"),
                    (
                        "job:old",
                        "user",
                        "and I've got the Monzo offer on the table. do I take it or stay at "
                        "Deloitte?",
                    ),
                    (None, "assistant", "What matters most to you right now?"),
                    (
                        "dan:old",
                        "user",
                        "my mate Dan is weighing up a Tesla against a Polestar",
                    ),
                    (None, "assistant", "Both quick cars."),
                ],
            ),
            (
                "2025-09-08T21:00:00+01:00",
                [
                    (
                        "spanish:old",
                        "user",
                        "want to learn Spanish before the trip. looked at the evening class at "
                        "City Lit",
                    ),
                    (None, "assistant", "Classes keep you accountable."),
                    (
                        "tv:old",
                        "user",
                        "the LG OLED or the Samsung QLED for the living room, can't pick",
                    ),
                    (None, "assistant", "OLED for films, QLED for a bright room."),
                ],
            ),
            (
                "2025-09-15T20:00:00+01:00",
                [
                    (
                        "spanish:old2",
                        "user",
                        "a friend swears by a tutor on italki though, one to one and cheaper",
                    ),
                    (None, "assistant", "One to one moves faster."),
                ],
            ),
            (
                "2025-10-02T19:00:00+01:00",
                [
                    (
                        "flat:new",
                        "user",
                        "signed the lease on the Brixton one yesterday",
                    ),
                    (None, "assistant", "Congrats on the new place!"),
                    (
                        "job:new",
                        "user",
                        "accepted the Monzo offer, handing my notice in on friday",
                    ),
                    (None, "assistant", "Exciting move."),
                    (
                        "dan:new",
                        "user",
                        "Dan went for the Polestar",
                    ),
                    (None, "assistant", "He'll enjoy it."),
                ],
            ),
            (
                "2025-11-10T19:00:00+00:00",
                [
                    (
                        "spanish:new",
                        "user",
                        "booked ten lessons with a tutor on italki",
                    ),
                    (None, "assistant", "Buena suerte!"),
                    (
                        "tv:old2",
                        "user",
                        "TV still undecided, the old one works fine for now",
                    ),
                    (None, "assistant", "No rush then."),
                ],
            ),
        ],
    ),
    (
        "lina",
        "zh",
        "2025-12-15T12:00:00+08:00",
        [
            (
                "2025-09-06T10:00:00+08:00",
                [
                    (None, "user", "周六啦，今天去看了好几家店"),
                    (None, "assistant", "看什么呀？"),
                    (
                        "photo:old",
                        "user",
                        "婚纱照，海马体和金夫人都去问了，价格差不多",
                    ),
                    (None, "assistant", "可以看看两家的样片风格。"),
                    (
                        "yuezi:old",
                        "user",
                        "顺便看了个月子中心，叫喜喜的那家",
                    ),
                    (None, "assistant", "环境怎么样？"),
                    (
                        "coll:old",
                        "user",
                        "同事在纠结买比亚迪还是特斯拉",
                    ),
                    (None, "assistant", "两个都挺热门的。"),
                ],
            ),
            (
                "2025-09-20T20:00:00+08:00",
                [
                    (
                        "yuezi:old2",
                        "user",
                        "朋友推荐了圣贝拉，说环境比喜喜好很多",
                    ),
                    (None, "assistant", "可以两家都去实地看看。"),
                    (
                        "reno:old",
                        "user",
                        "装修找东易日盛还是本地的小公司？",
                    ),
                    (None, "assistant", "大公司省心，小公司便宜。"),
                    (
                        "trip:old",
                        "user",
                        "寒假想带孩子去哈尔滨或者三亚",
                    ),
                    (None, "assistant", "一个看冰雪，一个晒太阳。"),
                ],
            ),
            (
                "2025-10-18T19:00:00+08:00",
                [
                    (
                        "photo:new",
                        "user",
                        "今天把金夫人的定金交了，下个月拍",
                    ),
                    (None, "assistant", "期待成片！"),
                    (
                        "yuezi:new",
                        "user",
                        "圣贝拉签了，住二十八天",
                    ),
                    (None, "assistant", "提前订好就安心了。"),
                    (
                        "coll:new",
                        "user",
                        "同事最后买了比亚迪",
                    ),
                    (None, "assistant", "性价比不错。"),
                ],
            ),
            (
                "2025-11-22T21:00:00+08:00",
                [
                    (
                        "reno:new",
                        "user",
                        "跟本地那家小公司签了合同，下周开工",
                    ),
                    (None, "assistant", "祝装修顺利。"),
                    (
                        "trip:old2",
                        "user",
                        "寒假去哪还没定，孩子两个都想去",
                    ),
                    (None, "assistant", "可以再看看机票。"),
                ],
            ),
        ],
    ),
    (
        "dawei",
        "zh",
        "2025-12-20T12:00:00+08:00",
        [
            (
                "2025-08-15T20:00:00+08:00",
                [
                    (None, "user", "今天小区开会了"),
                    (None, "assistant", "说了些什么？"),
                    (
                        "parking:old",
                        "user",
                        "在卖车位，想买一个，负二层的便宜，负一层的方便",
                    ),
                    (None, "assistant", "天天开车的话负一层方便些。"),
                    (
                        "piano:old",
                        "user",
                        "儿子的钢琴老师也要找，在看王老师",
                    ),
                    (None, "assistant", "可以先去试听一节。"),
                    (
                        "inlaw:old",
                        "user",
                        "老丈人要配助听器，在西门子和峰力之间拿不定主意",
                    ),
                    (None, "assistant", "去店里试戴一下比较好。"),
                ],
            ),
            (
                "2025-08-30T19:00:00+08:00",
                [
                    (
                        "piano:old2",
                        "user",
                        "也有人推荐李老师，离家近",
                    ),
                    (None, "assistant", "近一点孩子不累。"),
                    (
                        "insure:old",
                        "user",
                        "重疾险在比平安的和太平洋的",
                    ),
                    (None, "assistant", "看看保障范围和免责条款。"),
                    (
                        "work:old",
                        "user",
                        "明年想换工作，留在银行还是去券商，还没想好",
                    ),
                    (None, "assistant", "这个可以慢慢考虑。"),
                ],
            ),
            (
                "2025-09-27T20:30:00+08:00",
                [
                    (
                        "parking:new",
                        "user",
                        "负一层那个车位交了定金",
                    ),
                    (None, "assistant", "以后停车方便了。"),
                    (
                        "piano:new",
                        "user",
                        "跟李老师约好了，每周六上午上课",
                    ),
                    (None, "assistant", "坚持下去会有进步的。"),
                    (
                        "inlaw:new",
                        "user",
                        "老丈人最后配了峰力的",
                    ),
                    (None, "assistant", "戴着舒服就好。"),
                ],
            ),
            (
                "2025-11-08T21:00:00+08:00",
                [
                    (
                        "insure:new",
                        "user",
                        "昨天签了太平洋的保单",
                    ),
                    (None, "assistant", "有保障就踏实了。"),
                    (
                        "work:old2",
                        "user",
                        "换工作的事还在想，银行稳定，券商机会多",
                    ),
                    (None, "assistant", "不着急，想清楚再说。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its latest "old" one
# when it has none); older its "old" turns.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("priya", "venue", "decision", "where is our wedding?"),
    ("priya", "nursery", "decision", "which nursery does Maya go to?"),
    ("priya", "boiler", "decision", "who is fitting the boiler?"),
    ("priya", "bro", "control:someone else", "which uni did I pick?"),
    ("priya", "holiday", "control:weighing", "where are we going in october?"),
    ("tom", "flat", "decision", "which flat am I renting?"),
    ("tom", "job", "decision", "where do I work now?"),
    ("tom", "spanish", "decision", "how am I learning Spanish?"),
    ("tom", "dan", "control:someone else", "which car did I buy?"),
    ("tom", "tv", "control:weighing", "which TV did I get?"),
    ("lina", "photo", "decision", "婚纱照在哪家拍？"),
    ("lina", "yuezi", "decision", "我订的哪家月子中心？"),
    ("lina", "reno", "decision", "装修找的哪家公司？"),
    ("lina", "coll", "control:someone else", "我买的什么车？"),
    ("lina", "trip", "control:weighing", "寒假带孩子去哪玩？"),
    ("dawei", "parking", "decision", "我买的哪一层的车位？"),
    ("dawei", "piano", "decision", "儿子跟哪个老师学钢琴？"),
    ("dawei", "insure", "decision", "重疾险买的哪家？"),
    ("dawei", "inlaw", "control:someone else", "我配的什么助听器？"),
    ("dawei", "work", "control:weighing", "我明年去哪工作？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="g")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
