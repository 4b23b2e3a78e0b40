"""A second blind set of decisions said without a change word (issue 38, helper decide15).

``python -m benchmarks.decisions_blind2 [--out benchmarks/data/decisions_blind2.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is), in the forms the first set (:mod:`benchmarks.decisions_blind`, read since) left
out: options joined by 和 / 跟 under a choosing verb (在小米和华为之间挑, 书法和游泳选哪个),
options listed with no "or" ("thinking about the Golf, also looking at a Polo", 原木风、奶油风),
options said across two turns, and a choice told through another person's act. Each chat later
settles the weighing without a change word. Controls decide nothing for the user about what was
weighed: still weighing, a hypothetical, someone else's choice, and a choice of the user's
about something else (which may share a word with an option).

Each item has the question a user later asks and its labelled turn (``evidence``): the decision
turn; for a control the latest turn about what was weighed (for "something else", the
deliberation itself). ``older`` holds the deliberation's turns (both, when the options were said
across two turns); for "something else" it is the unrelated choice, which must not rank above
the deliberation nor settle it. ``kind`` says ``decision`` or ``control:<why>``.

Written by hand before any engine change of the round that added it, and not edited after its
first run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.decisions_blind import build_set, write_set

OUT = Path(__file__).parent / "data" / "decisions_blind2.json"

ABOUT = (
    "A second blind set of decisions said without a change word (issue 38, helper decide15), "
    "written by hand before any engine change: options joined by 和/跟 under a choosing verb, "
    "listed with no 'or', or said across two turns, later settled without a change word; "
    "controls where nothing is decided for the user about what was weighed (still weighing, a "
    "hypothetical, someone else's choice, a choice about something else). Evidence: the "
    "decision turn, or for a control the latest turn about what was weighed; older: the "
    "deliberation's turns, or for 'something else' the unrelated choice."
)

# Each user: (id, lang, now, sessions); a session: (at, turns); a turn: (key, role, text), the
# key naming a labelled turn ("car:old", "car:old2", "car:new", "gym:other") or None.
Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "tom",
        "en",
        "2025-06-30T12:00:00+00:00",
        [
            (
                "2025-03-03T08:15:00+00:00",
                [
                    (None, "user", "morning. coffee machine at work is broken again"),
                    (None, "assistant", "A rough start. Is there a cafe nearby?"),
                    (
                        "car:old",
                        "user",
                        "there is, anyway. need a new car for the commute, thinking about the "
                        "Golf, also looking at a Polo",
                    ),
                    (None, "assistant", "Both solid. What's your budget?"),
                    (None, "user", "around 15k, maybe a bit more"),
                    (
                        "bike:old",
                        "user",
                        "and for the train bit I've been eyeing a Brompton",
                    ),
                    (None, "assistant", "Folding bikes are great for mixed commutes."),
                ],
            ),
            (
                "2025-03-09T19:40:00+00:00",
                [
                    (
                        "bike:old2",
                        "user",
                        "a mate says a Tern folds just as small and costs half as much",
                    ),
                    (None, "assistant", "Worth trying both if you can."),
                    (
                        "nursery:old",
                        "user",
                        "we've shortlisted two nurseries for Ella, Little Acorns near home and "
                        "Brightstart by my office",
                    ),
                    (None, "assistant", "Have you visited them?"),
                    (None, "user", "both last week, both lovely staff"),
                    (
                        "tiles:old",
                        "user",
                        "also bathroom tiles, the blue ones and the white ones, we keep going "
                        "round in circles",
                    ),
                    (None, "assistant", "Blue can make a small room feel fresh."),
                ],
            ),
            (
                "2025-03-20T20:30:00+00:00",
                [
                    (
                        "holiday:old",
                        "user",
                        "August holiday: Crete and Sicily are both on the list",
                    ),
                    (None, "assistant", "Both hot and beautiful then."),
                    (
                        "swim:old",
                        "user",
                        "swimming lessons for the kids, there's Monday evenings at the leisure "
                        "centre, also Saturday mornings at the school pool",
                    ),
                    (None, "assistant", "Which fits your week better?"),
                    (None, "user", "no idea yet, I'll look at the calendar"),
                    (
                        "flat:old",
                        "user",
                        "and for my mum we looked at a flat in Didsbury and one in Chorlton",
                    ),
                    (None, "assistant", "Is she moving closer to you?"),
                ],
            ),
            (
                "2025-04-05T18:00:00+00:00",
                [
                    (None, "user", "long week, the kids both had colds"),
                    (None, "assistant", "Hope everyone's on the mend."),
                    (
                        "car:new",
                        "user",
                        "getting there. test drove both on saturday and bought the Polo, "
                        "picking it up next week",
                    ),
                    (None, "assistant", "Congratulations on the new car!"),
                    (
                        "bike:new",
                        "user",
                        "ordered the Tern too, the other one was silly money",
                    ),
                    (None, "assistant", "Your commute is sorted then."),
                ],
            ),
            (
                "2025-04-22T21:10:00+00:00",
                [
                    (
                        "nursery:new",
                        "user",
                        "registered Ella at Brightstart this morning, she starts in September",
                    ),
                    (None, "assistant", "A big step for her!"),
                    (
                        "tiles:new",
                        "user",
                        "my wife chose the white tiles in the end, the fitter comes in May",
                    ),
                    (None, "assistant", "White always looks clean."),
                    (
                        "swim:other",
                        "user",
                        "signed up for saturday morning parkrun myself, need to get fit",
                    ),
                    (None, "assistant", "Parkrun is a great habit."),
                ],
            ),
            (
                "2025-05-14T19:25:00+00:00",
                [
                    (
                        "holiday:new",
                        "user",
                        "booked Sicily! ten days near Cefalu",
                    ),
                    (None, "assistant", "Lovely, enjoy the beaches."),
                    (
                        "flat:new",
                        "user",
                        "if mum had a bit more saved she'd have taken the Didsbury one, it's "
                        "out of reach though",
                    ),
                    (None, "assistant", "Maybe something will come up."),
                ],
            ),
        ],
    ),
    (
        "nadia",
        "en",
        "2025-07-20T12:00:00+00:00",
        [
            (
                "2025-04-02T20:00:00+00:00",
                [
                    (
                        "laptop:old",
                        "user",
                        "my laptop finally died. looking at a ThinkPad to replace it",
                    ),
                    (None, "assistant", "ThinkPads are sturdy. What do you use it for?"),
                    (None, "user", "work stuff, spreadsheets, bit of photo editing"),
                    (
                        "laptop:old2",
                        "user",
                        "my cousin swears by the MacBook Air though, hmm",
                    ),
                    (None, "assistant", "The Air is great for battery life."),
                    (
                        "spanish:old",
                        "user",
                        "options for learning Spanish before the trip: the evening class at the "
                        "college, a tutor online",
                    ),
                    (None, "assistant", "A tutor can be more flexible."),
                ],
            ),
            (
                "2025-04-11T19:15:00+00:00",
                [
                    (
                        "dog:old",
                        "user",
                        "the shelter has two dogs we love, a greyhound called Rocket and a "
                        "little terrier called Pip",
                    ),
                    (None, "assistant", "Greyhounds are surprisingly lazy at home!"),
                    (
                        "outfit:old",
                        "user",
                        "for Amy's wedding I've got the green dress and the navy jumpsuit laid "
                        "out on the bed",
                    ),
                    (None, "assistant", "Both sound elegant."),
                    (
                        "cake:old",
                        "user",
                        "and for mum's 60th, chocolate cake and lemon drizzle both tempting",
                    ),
                    (None, "assistant", "Does she have a favourite?"),
                ],
            ),
            (
                "2025-04-25T18:30:00+00:00",
                [
                    (
                        "flat:old",
                        "user",
                        "flat hunting again. one in Leith, another in Morningside, both nice",
                    ),
                    (None, "assistant", "Quite different areas. What matters most?"),
                    (None, "user", "commute mostly"),
                    (
                        "sofa:old",
                        "user",
                        "saw a corner sofa and a two-seater in the showroom, I liked both",
                    ),
                    (None, "assistant", "Depends on the room size."),
                    (
                        "summer:old",
                        "user",
                        "for summer, Greece with the girls, also a cycling trip in France",
                    ),
                    (None, "assistant", "Both sound like fun."),
                ],
            ),
            (
                "2025-05-06T20:45:00+00:00",
                [
                    (
                        "laptop:new",
                        "user",
                        "ordered the MacBook Air last night, should come friday",
                    ),
                    (None, "assistant", "Exciting! Enjoy it."),
                    (
                        "dog:new",
                        "user",
                        "adopted Rocket on saturday!! he sleeps 20 hours a day",
                    ),
                    (None, "assistant", "Sounds like a very happy greyhound."),
                    (
                        "office:old",
                        "user",
                        "my manager was picking between Lisbon and Madrid for the team offsite",
                    ),
                    (None, "assistant", "Both great for a team trip."),
                ],
            ),
            (
                "2025-05-24T22:00:00+00:00",
                [
                    (
                        "outfit:new",
                        "user",
                        "wore the jumpsuit in the end and danced all night at Amy's wedding",
                    ),
                    (None, "assistant", "Sounds like a wonderful day."),
                    (
                        "cake:new",
                        "user",
                        "the bakery delivered the lemon drizzle this morning for mum's party",
                    ),
                    (None, "assistant", "Happy birthday to your mum!"),
                    (
                        "sofa:other",
                        "user",
                        "bought a corner shelf for the bathroom, finally somewhere for the shampoo",
                    ),
                    (None, "assistant", "Small wins!"),
                ],
            ),
            (
                "2025-06-10T19:00:00+00:00",
                [
                    (
                        "spanish:new",
                        "user",
                        "booked ten lessons with an online tutor, Lucia, first one is tuesday",
                    ),
                    (None, "assistant", "Buena suerte!"),
                    (
                        "flat:new",
                        "user",
                        "still torn on Leith and Morningside, viewing both again on sunday",
                    ),
                    (None, "assistant", "Fingers crossed."),
                    (
                        "office:new",
                        "user",
                        "my manager went with Madrid for the offsite, flights are booked",
                    ),
                    (None, "assistant", "Madrid in June will be warm!"),
                    (
                        "summer:new",
                        "user",
                        "if I'd saved more I would have done the cycling trip, maybe next year",
                    ),
                    (None, "assistant", "Something to look forward to."),
                ],
            ),
        ],
    ),
    (
        "xiaochen",
        "zh",
        "2025-11-20T12:00:00+08:00",
        [
            (
                "2025-08-02T20:10:00+08:00",
                [
                    (None, "user", "今天带娃去公园，晒得不行"),
                    (None, "assistant", "夏天要注意防晒。"),
                    (
                        "phone:old",
                        "user",
                        "手机想换了，在小米和华为之间挑，预算四千左右",
                    ),
                    (None, "assistant", "两家这个价位都有不错的机型。"),
                    (
                        "class:old",
                        "user",
                        "还有儿子周末的兴趣班，书法和游泳选哪个好",
                    ),
                    (None, "assistant", "孩子自己更喜欢哪个？"),
                    (None, "user", "他说都想去，哈哈"),
                ],
            ),
            (
                "2025-08-14T21:00:00+08:00",
                [
                    (
                        "ev:old",
                        "user",
                        "最近在看电动车，去店里看了理想",
                    ),
                    (None, "assistant", "理想的空间挺大的。"),
                    (
                        "ev:old2",
                        "user",
                        "朋友说问界也不错，周末再去看看",
                    ),
                    (None, "assistant", "可以都试驾一下。"),
                    (
                        "style:old",
                        "user",
                        "新房装修风格：原木风、奶油风，都挺喜欢的",
                    ),
                    (None, "assistant", "两种风格都很温馨。"),
                ],
            ),
            (
                "2025-08-29T19:30:00+08:00",
                [
                    (
                        "banquet:old",
                        "user",
                        "婚宴酒店，希尔顿和香格里拉都去看过了",
                    ),
                    (None, "assistant", "菜品试过了吗？"),
                    (None, "user", "试了，都还行"),
                    (
                        "catfood:old",
                        "user",
                        "家里猫粮快没了，皇家和渴望在选",
                    ),
                    (None, "assistant", "看看猫咪的口味吧。"),
                    (
                        "zoo:old",
                        "user",
                        "国庆带娃去哪，动物园和科技馆在挑",
                    ),
                    (None, "assistant", "两个都适合小朋友。"),
                ],
            ),
            (
                "2025-09-10T20:20:00+08:00",
                [
                    (None, "user", "今天开会开到七点，饭都没吃"),
                    (None, "assistant", "辛苦了，记得吃点东西。"),
                    (
                        "phone:new",
                        "user",
                        "吃了。对了，最后入了小米，用着挺顺手",
                    ),
                    (None, "assistant", "用得顺手最重要。"),
                    (
                        "class:new",
                        "user",
                        "给儿子报了游泳，周六上午上课",
                    ),
                    (None, "assistant", "游泳对身体很好。"),
                ],
            ),
            (
                "2025-09-25T19:45:00+08:00",
                [
                    (
                        "ev:new",
                        "user",
                        "订了问界，下个月交车",
                    ),
                    (None, "assistant", "恭喜！"),
                    (
                        "style:new",
                        "user",
                        "装修定了，奶油风，设计师下周出图",
                    ),
                    (None, "assistant", "期待效果图。"),
                    (
                        "catfood:new",
                        "user",
                        "猫粮还没定，皇家和渴望都买了小包先试试",
                    ),
                    (None, "assistant", "试吃装是个好主意。"),
                ],
            ),
            (
                "2025-10-08T21:30:00+08:00",
                [
                    (
                        "banquet:new",
                        "user",
                        "我妈已经把定金交给香格里拉了，明年五月办",
                    ),
                    (None, "assistant", "日子定下来就踏实了。"),
                    (
                        "zoo:other",
                        "user",
                        "给娃买了个恐龙拼图，他玩了一下午",
                    ),
                    (None, "assistant", "小朋友都爱恐龙。"),
                    (
                        "ring:old",
                        "user",
                        "我姐在挑婚戒，卡地亚和蒂芙尼，她最后要了蒂芙尼",
                    ),
                    (None, "assistant", "蒂芙尼的款式很经典。"),
                ],
            ),
        ],
    ),
    (
        "meimei",
        "zh",
        "2025-12-15T12:00:00+08:00",
        [
            (
                "2025-09-03T20:00:00+08:00",
                [
                    (
                        "yoga:old",
                        "user",
                        "想练点东西，瑜伽跟普拉提，我在两个里面挑一个",
                    ),
                    (None, "assistant", "普拉提对核心力量很有帮助。"),
                    (
                        "luggage:old",
                        "user",
                        "出差用的行李箱，日默瓦和新秀丽选哪个？",
                    ),
                    (None, "assistant", "新秀丽性价比高一些。"),
                    (None, "user", "日默瓦是真好看"),
                ],
            ),
            (
                "2025-09-15T19:20:00+08:00",
                [
                    (
                        "guitar:old",
                        "user",
                        "想学个乐器，今天看了看尤克里里",
                    ),
                    (None, "assistant", "尤克里里入门挺快的。"),
                    (
                        "guitar:old2",
                        "user",
                        "同事推荐我学吉他，说能弹的歌多",
                    ),
                    (None, "assistant", "吉他确实曲目多。"),
                    (
                        "gift:old",
                        "user",
                        "闺蜜生日快到了，礼物看中两样：香水、口红",
                    ),
                    (None, "assistant", "她平时喜欢化妆吗？"),
                ],
            ),
            (
                "2025-10-01T21:10:00+08:00",
                [
                    (
                        "offer:old",
                        "user",
                        "手上两个offer，一个是字节，一个是腾讯，这几天要回复",
                    ),
                    (None, "assistant", "两家各有优势，你更看重什么？"),
                    (None, "user", "稳定一点吧"),
                    (
                        "photo:old",
                        "user",
                        "婚纱照在三亚和大理之间挑",
                    ),
                    (None, "assistant", "海边和古城风格很不一样。"),
                    (
                        "rod:old",
                        "user",
                        "我老公在挑钓竿，光威和达亿瓦，最后他买了光威",
                    ),
                    (None, "assistant", "光威是老牌子了。"),
                ],
            ),
            (
                "2025-10-18T20:30:00+08:00",
                [
                    (
                        "yoga:new",
                        "user",
                        "普拉提的课卡办了，一周两次",
                    ),
                    (None, "assistant", "坚持下来效果会很好。"),
                    (
                        "luggage:new",
                        "user",
                        "新秀丽到货了，颜色很正",
                    ),
                    (None, "assistant", "出差用起来会很方便。"),
                    (
                        "dinner:old",
                        "user",
                        "周末跟朋友聚餐，火锅和烤肉选哪个",
                    ),
                    (None, "assistant", "天冷了，火锅很合适。"),
                ],
            ),
            (
                "2025-11-02T19:50:00+08:00",
                [
                    (
                        "guitar:new",
                        "user",
                        "吉他买回来了，每天练半小时",
                    ),
                    (None, "assistant", "手指会疼一阵子，坚持住。"),
                    (
                        "gift:new",
                        "user",
                        "给闺蜜送了口红，她超喜欢",
                    ),
                    (None, "assistant", "送到心坎上了。"),
                    (
                        "dinner:other",
                        "user",
                        "昨天买了个空气炸锅，做鸡翅很方便",
                    ),
                    (None, "assistant", "空气炸锅确实好用。"),
                ],
            ),
            (
                "2025-11-20T21:00:00+08:00",
                [
                    (
                        "offer:new",
                        "user",
                        "腾讯的offer接了，下个月入职",
                    ),
                    (None, "assistant", "恭喜恭喜！"),
                    (
                        "photo:new",
                        "user",
                        "婚纱照地点还在商量，三亚大理各有各的好",
                    ),
                    (None, "assistant", "慢慢选，不着急。"),
                    (
                        "house:old",
                        "user",
                        "房子浦东和闵行都看过了，等明年有钱了可能买浦东那套",
                    ),
                    (None, "assistant", "浦东交通方便。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its "old" one when
# it has none: a weighing nothing later speaks of); older its "old" turns, or its "other" turn.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("tom", "car", "decision", "which car did I buy for the commute?"),
    ("tom", "bike", "decision", "which folding bike did I get?"),
    ("tom", "nursery", "decision", "which nursery is Ella going to?"),
    ("tom", "holiday", "decision", "where are we going in August?"),
    ("tom", "tiles", "control:someone else", "which bathroom tiles did I choose?"),
    ("tom", "swim", "control:something else", "which swimming lessons did I book for the kids?"),
    ("tom", "flat", "control:hypothetical", "which flat did my mum take?"),
    ("nadia", "laptop", "decision", "which laptop did I get?"),
    ("nadia", "dog", "decision", "which dog did we adopt?"),
    ("nadia", "outfit", "decision", "what did I wear to Amy's wedding?"),
    ("nadia", "cake", "decision", "what cake did we have for mum's 60th?"),
    ("nadia", "spanish", "decision", "how am I learning Spanish?"),
    ("nadia", "flat", "control:weighing", "which flat did I take, Leith or Morningside?"),
    ("nadia", "sofa", "control:something else", "which sofa did I buy?"),
    ("nadia", "office", "control:someone else", "where did I choose to go on holiday?"),
    ("nadia", "summer", "control:hypothetical", "which summer trip did I do?"),
    ("xiaochen", "phone", "decision", "我最后买的什么手机？"),
    ("xiaochen", "class", "decision", "儿子周末上的什么兴趣班？"),
    ("xiaochen", "ev", "decision", "我订的哪款电动车？"),
    ("xiaochen", "style", "decision", "新房装修是什么风格？"),
    ("xiaochen", "banquet", "decision", "婚宴定在哪家酒店？"),
    ("xiaochen", "catfood", "control:weighing", "我家猫吃的哪个牌子的猫粮？"),
    ("xiaochen", "zoo", "control:something else", "国庆带娃去了动物园还是科技馆？"),
    ("xiaochen", "ring", "control:someone else", "我选的哪个牌子的婚戒？"),
    ("meimei", "yoga", "decision", "我练的是瑜伽还是普拉提？"),
    ("meimei", "luggage", "decision", "我买的哪个牌子的行李箱？"),
    ("meimei", "guitar", "decision", "我学的什么乐器？"),
    ("meimei", "gift", "decision", "我送了闺蜜什么生日礼物？"),
    ("meimei", "offer", "decision", "我去了哪家公司？"),
    ("meimei", "photo", "control:weighing", "婚纱照在哪拍的？"),
    ("meimei", "rod", "control:someone else", "我买的什么牌子的钓竿？"),
    ("meimei", "dinner", "control:something else", "周末聚餐吃的火锅还是烤肉？"),
    ("meimei", "house", "control:hypothetical", "我买了哪里的房子？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="e")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
