"""A sixth blind set of decisions: options weighed while thinking aloud, side by side or in
turns of their own, then a choice said in the present tense or by a settled arrangement
(issue 38, helper decide21).

``python -m benchmarks.decisions_blind6 [--out benchmarks/data/decisions_blind6.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is). New lives: a self-employed plumber in Glasgow, a master's student in Bristol, a
primary teacher in Chengdu, a programmer in Shenzhen. The options are weighed as users weigh
them: two things the user is "thinking about" or 在考虑, a question with "or" / 还是, two clauses
side by side, or one option described by what sets it apart (the big one, 国产的那款). The
choice is said as users say it: in the present tense ("I'm going with the Vivaro"), "X it is",
"settled on", an arrangement settled (说好了, 约好了), a result complement (定了), 就它了, or
the committing act (订了, 要了, 下单了). Controls decide nothing for the user about what was
weighed: a deliberation never settled (one of them says "I go with the lads", a habit, not a
choice), and a choice someone else made.

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

OUT = Path(__file__).parent / "data" / "decisions_blind6.json"

ABOUT = (
    "A sixth blind set of decisions (issue 38, helper decide21), written by hand before any "
    "engine change: options the user is thinking about, asks about with or / 还是, sets side by "
    "side, or names by what sets one apart; the choice said in the present tense, as 'X it is', "
    "by a settled arrangement or result complement (说好了, 约好了, 定了, 就它了) or by the act "
    "that commits; controls where nothing is decided for the user about what was weighed "
    "(never settled, someone else's choice). Evidence: the decision turn, or for a control the "
    "latest turn about what was weighed; older: the deliberation's turns."
)

Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "callum",
        "en",
        "2025-11-14T12:00:00+00:00",
        [
            (
                "2025-08-04T20:30:00+01:00",
                [
                    (None, "user", "long day, three call-outs for burst pipes in Partick"),
                    (None, "assistant", "Busy! Is work picking up?"),
                    (
                        "van:old",
                        "user",
                        "aye, the old Berlingo is done though. thinking about a Transit Custom "
                        "and a Vauxhall Vivaro, both second hand",
                    ),
                    (None, "assistant", "Both are solid workhorses. Check the mileage."),
                    (
                        "acc:old",
                        "user",
                        "also need someone to do my books. my cousin's accountant in Paisley or "
                        "one of those online ones like Crunch",
                    ),
                    (None, "assistant", "Online ones are cheaper, a local one knows you."),
                ],
            ),
            (
                "2025-08-17T21:00:00+01:00",
                [
                    (
                        "hol:old",
                        "user",
                        "Arran or Skye for the October week? Kirsty can't make her mind up and "
                        "neither can I",
                    ),
                    (None, "assistant", "Arran is easier with the ferry from Ardrossan."),
                    (
                        "walk:old",
                        "user",
                        "the lads are talking about the West Highland Way or the Great Glen "
                        "Way next summer",
                    ),
                    (None, "assistant", "The West Highland Way is the classic."),
                    (
                        "class:old",
                        "user",
                        "Kirsty's trying to choose between the pilates class and the yoga at "
                        "the leisure centre for her back",
                    ),
                    (None, "assistant", "Either should help her back."),
                ],
            ),
            (
                "2025-09-06T19:00:00+01:00",
                [
                    (
                        "van:new",
                        "user",
                        "I'm going with the Vivaro, the dealer in Govan is knocking a grand "
                        "off and throwing in a roof rack",
                    ),
                    (None, "assistant", "Good deal! When do you pick it up?"),
                    (
                        "acc:new",
                        "user",
                        "signed up with Crunch yesterday, forty quid a month and the app does "
                        "the receipts",
                    ),
                    (None, "assistant", "That'll save you time at tax season."),
                    (
                        "class:new",
                        "user",
                        "Kirsty went for the yoga in the end, says the teacher is great",
                    ),
                    (None, "assistant", "Glad she found one she likes."),
                ],
            ),
            (
                "2025-09-20T20:00:00+01:00",
                [
                    (
                        "hol:new",
                        "user",
                        "Arran it is. booked the cottage in Lamlash for the 11th",
                    ),
                    (None, "assistant", "Lovely, bring waterproofs."),
                    (
                        "walk:old2",
                        "user",
                        "I go with the lads every year, no idea which route they'll pick yet",
                    ),
                    (None, "assistant", "Plenty of time to decide."),
                ],
            ),
        ],
    ),
    (
        "hannah",
        "en",
        "2025-10-30T12:00:00+00:00",
        [
            (
                "2025-06-10T22:00:00+01:00",
                [
                    (None, "user", "dissertation draft is finally in!!"),
                    (None, "assistant", "Congratulations! What's next?"),
                    (
                        "job:old",
                        "user",
                        "weighing up staying on for the PhD here or the analyst job at the Met "
                        "Office in Exeter",
                    ),
                    (None, "assistant", "A big one. What does your gut say?"),
                    (
                        "room:old",
                        "user",
                        "and housing: the room in Bedminster is bigger, the one in Cotham is "
                        "closer to the department",
                    ),
                    (None, "assistant", "Closer saves a lot of rainy cycling."),
                ],
            ),
            (
                "2025-06-24T21:00:00+01:00",
                [
                    (
                        "bike:old",
                        "user",
                        "bike shopping with Sam. the hybrid is 450 and the road bike is 600",
                    ),
                    (None, "assistant", "The hybrid is better for commuting."),
                    (
                        "sim:old",
                        "user",
                        "my contract ends soon, giffgaff versus Voxi for a sim only deal?",
                    ),
                    (None, "assistant", "Both are decent; compare the data allowance."),
                    (
                        "pet:old",
                        "user",
                        "my flatmate can't choose between a kitten and a rabbit lol",
                    ),
                    (None, "assistant", "A rabbit in a flat is a lot of chewing."),
                ],
            ),
            (
                "2025-07-15T20:00:00+01:00",
                [
                    (
                        "room:new",
                        "user",
                        "Cotham it is! moving in on the 1st, the landlord seems nice",
                    ),
                    (None, "assistant", "Exciting! Need help planning the move?"),
                    (
                        "job:new",
                        "user",
                        "I'm taking the Met Office job. told my supervisor today, she was "
                        "really kind about it",
                    ),
                    (None, "assistant", "That's brave and exciting."),
                ],
            ),
            (
                "2025-08-02T19:00:00+01:00",
                [
                    (
                        "bike:new",
                        "user",
                        "we settled on the hybrid in the end, rode it to Clifton today",
                    ),
                    (None, "assistant", "How did it ride?"),
                    (
                        "pet:new",
                        "user",
                        "flatmate got the rabbit. it's called Pudding and it ate my charger",
                    ),
                    (None, "assistant", "Classic rabbit."),
                    (
                        "sim:old2",
                        "user",
                        "still on my old contract, haven't sorted the giffgaff vs Voxi thing",
                    ),
                    (None, "assistant", "You might be paying extra meanwhile."),
                ],
            ),
        ],
    ),
    (
        "wangfang",
        "zh",
        "2025-12-01T12:00:00+08:00",
        [
            (
                "2025-06-05T21:00:00+08:00",
                [
                    (None, "user", "期末考试终于出完卷子了，累死"),
                    (None, "assistant", "辛苦了！暑假有什么打算？"),
                    (
                        "trip:old",
                        "user",
                        "暑假带孩子去西安还是去青岛，还没想好",
                    ),
                    (None, "assistant", "西安看历史，青岛看海。"),
                    (
                        "house:old",
                        "user",
                        "学校分房子，有两套可以挑，一套大的在六楼，一套小的在二楼",
                    ),
                    (None, "assistant", "六楼没电梯的话有点累。"),
                    (
                        "job:old",
                        "user",
                        "老公在想要不要跳槽去华为，还是留在研究所",
                    ),
                    (None, "assistant", "这个要看他自己。"),
                ],
            ),
            (
                "2025-06-20T20:00:00+08:00",
                [
                    (
                        "tooth:old",
                        "user",
                        "智齿又疼了，去华西口腔还是小区门口那家诊所，纠结",
                    ),
                    (None, "assistant", "拔智齿还是去大医院稳妥。"),
                    (
                        "ebike:old",
                        "user",
                        "电动车被偷了，看了两款，雅迪的和爱玛的，价格差不多",
                    ),
                    (None, "assistant", "看看续航。"),
                    (
                        "dance:old",
                        "user",
                        "想报个舞蹈班，拉丁还是民族舞呢",
                    ),
                    (None, "assistant", "拉丁运动量大一些。"),
                ],
            ),
            (
                "2025-07-02T21:00:00+08:00",
                [
                    (
                        "trip:new",
                        "user",
                        "暑假定了青岛，机票都买好了",
                    ),
                    (None, "assistant", "记得带防晒。"),
                    (
                        "house:new",
                        "user",
                        "房子要了大的那套，爬楼就当锻炼了",
                    ),
                    (None, "assistant", "住得宽敞最重要。"),
                    (
                        "tooth:new",
                        "user",
                        "跟华西口腔说好了，下周二去拔",
                    ),
                    (None, "assistant", "拔完别吃太烫的。"),
                ],
            ),
            (
                "2025-07-25T20:00:00+08:00",
                [
                    (
                        "ebike:new",
                        "user",
                        "爱玛那款颜色好看，续航也长，就它了",
                    ),
                    (None, "assistant", "记得上牌。"),
                    (
                        "job:new",
                        "user",
                        "老公最后还是留在研究所了，说稳定",
                    ),
                    (None, "assistant", "稳定也挺好。"),
                    (
                        "dance:old2",
                        "user",
                        "舞蹈班还没报，拉丁和民族舞都想先试一节课",
                    ),
                    (None, "assistant", "试课是个好办法。"),
                ],
            ),
        ],
    ),
    (
        "achen",
        "zh",
        "2025-11-20T12:00:00+08:00",
        [
            (
                "2025-07-08T23:00:00+08:00",
                [
                    (None, "user", "又加班到十一点，项目下周上线"),
                    (None, "assistant", "注意身体。"),
                    (
                        "car:old",
                        "user",
                        "在考虑小米SU7和比亚迪海豹，通勤用",
                    ),
                    (None, "assistant", "两款都不错，看充电方便不方便。"),
                    (
                        "rent:old",
                        "user",
                        "合同要到期了，南山那套离公司近，宝安那套便宜一千五",
                    ),
                    (None, "assistant", "通勤时间也是成本。"),
                ],
            ),
            (
                "2025-07-20T22:00:00+08:00",
                [
                    (
                        "food:old",
                        "user",
                        "猫粮有两种在看，进口的贵，国产的便宜一半",
                    ),
                    (None, "assistant", "看成分表。"),
                    (
                        "sis:old",
                        "user",
                        "我妹在纠结是考研还是直接工作",
                    ),
                    (None, "assistant", "两条路都可以。"),
                    (
                        "leave:old",
                        "user",
                        "年假想出去玩，日本还是泰国",
                    ),
                    (None, "assistant", "泰国便宜一些。"),
                ],
            ),
            (
                "2025-08-10T21:00:00+08:00",
                [
                    (
                        "rent:new",
                        "user",
                        "跟宝安那个房东约好了，周六去签合同",
                    ),
                    (None, "assistant", "签之前看看水电。"),
                    (
                        "food:new",
                        "user",
                        "猫粮买了国产的那款，猫吃得挺香",
                    ),
                    (None, "assistant", "吃得惯就好。"),
                    (
                        "sis:new",
                        "user",
                        "我妹最后决定直接工作了，去了一家银行",
                    ),
                    (None, "assistant", "祝她顺利。"),
                ],
            ),
            (
                "2025-09-15T20:00:00+08:00",
                [
                    (
                        "car:new",
                        "user",
                        "订了海豹，下个月提车",
                    ),
                    (None, "assistant", "恭喜！"),
                    (
                        "leave:old2",
                        "user",
                        "年假还没请下来，日本泰国都还没定",
                    ),
                    (None, "assistant", "早点定机票便宜。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its latest "old" one
# when it has none); older its "old" turns.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("callum", "van", "decision", "what van will I be driving?"),
    ("callum", "acc", "decision", "who does my bookkeeping?"),
    ("callum", "hol", "decision", "where are we going in October?"),
    ("callum", "class", "control:someone else", "which class do I go to for my back?"),
    ("callum", "walk", "control:weighing", "which long-distance walk am I doing next summer?"),
    ("hannah", "job", "decision", "what am I doing after my master's?"),
    ("hannah", "room", "decision", "which part of Bristol do I live in?"),
    ("hannah", "bike", "decision", "what kind of bike do I ride?"),
    ("hannah", "pet", "control:someone else", "what pet did I get?"),
    ("hannah", "sim", "control:weighing", "which phone network am I with?"),
    ("wangfang", "trip", "decision", "暑假去哪玩？"),
    ("wangfang", "house", "decision", "学校分给我的是哪套房？"),
    ("wangfang", "tooth", "decision", "智齿在哪拔？"),
    ("wangfang", "ebike", "decision", "我骑的什么电动车？"),
    ("wangfang", "job", "control:someone else", "我是不是换到华为上班了？"),
    ("wangfang", "dance", "control:weighing", "我学的什么舞？"),
    ("achen", "car", "decision", "我买的什么车？"),
    ("achen", "rent", "decision", "我现在租的哪的房子？"),
    ("achen", "food", "decision", "我家猫吃什么猫粮？"),
    ("achen", "sis", "control:someone else", "我考研了吗？"),
    ("achen", "leave", "control:weighing", "年假去哪？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="k")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
