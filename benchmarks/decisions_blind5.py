"""A fifth blind set of decisions: options weighed under one verb, compared, or each in a turn
of its own, then a choice (issue 38, helper decide20).

``python -m benchmarks.decisions_blind5 [--out benchmarks/data/decisions_blind5.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is). New lives: a nurse in north London, a new homeowner in Leeds, a young mother in
Beijing, a retired driver in Zhengzhou. The options are weighed as users weigh them: two things
under one verb ("comparing the Corsa and the Fiesta", 阳光和蓝天都报了名), a comparison ("Halifax
came in lower than Nationwide", 格力比美的贵), two clauses side by side (望京那套大一点，酒仙桥那套
便宜), or the first option in a turn of its own and the second a week later; the choice is said
by the act that commits (joined, signed, registered, picked up, 交了, 办了, 约了, 续了) or by a
settled arrangement (约好了, 定了). Controls decide nothing for the user about what was weighed:
a deliberation never settled, and a choice someone else made.

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

OUT = Path(__file__).parent / "data" / "decisions_blind5.json"

ABOUT = (
    "A fifth blind set of decisions (issue 38, helper decide20), written by hand before any "
    "engine change: options weighed under one verb, in a comparison, in two clauses side by "
    "side, or each in a turn of its own days apart; the choice said by the act that commits or "
    "by a settled arrangement; controls where nothing is decided for the user about what was "
    "weighed (never settled, someone else's choice). Evidence: the decision turn, or for a "
    "control the latest turn about what was weighed; older: the deliberation's turns."
)

Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "nadia",
        "en",
        "2025-06-20T12:00:00+01:00",
        [
            (
                "2025-03-02T21:00:00+00:00",
                [
                    (None, "user", "finally off nights for a bit"),
                    (None, "assistant", "Nice! Any plans for the free evenings?"),
                    (
                        "fit:old",
                        "user",
                        "getting fit again. thinking about the climbing wall on Holloway Road "
                        "and the pool at Archway",
                    ),
                    (None, "assistant", "Climbing is social, swimming easier on the joints."),
                    (
                        "car:old",
                        "user",
                        "also comparing a used Corsa and a used Fiesta, both about five grand",
                    ),
                    (None, "assistant", "Check the service history on both."),
                    (
                        "sis:old",
                        "user",
                        "my sister keeps going back and forth on a puppy versus a rescue cat",
                    ),
                    (None, "assistant", "A cat is less work with her shifts."),
                ],
            ),
            (
                "2025-03-09T19:00:00+00:00",
                [
                    (
                        "school:old",
                        "user",
                        "had a look round St Mary's primary for Leo this morning",
                    ),
                    (None, "assistant", "What did you think?"),
                    (
                        "sofa:old",
                        "user",
                        "sofa hunting. the grey corner one at DFS is comfier than the green "
                        "velvet one from Loaf but it's huge",
                    ),
                    (None, "assistant", "Measure the room first!"),
                ],
            ),
            (
                "2025-03-16T20:00:00+00:00",
                [
                    (
                        "school:old2",
                        "user",
                        "people at work say Brookfield Juniors is lovely as well, smaller classes",
                    ),
                    (None, "assistant", "Worth a visit before the deadline."),
                ],
            ),
            (
                "2025-04-20T18:00:00+01:00",
                [
                    (
                        "fit:new",
                        "user",
                        "joined the climbing wall last week, my arms are dead",
                    ),
                    (None, "assistant", "That means it's working."),
                    (
                        "car:new",
                        "user",
                        "picked up the Fiesta on saturday, runs like a dream",
                    ),
                    (None, "assistant", "Enjoy the freedom!"),
                    (
                        "sis:new",
                        "user",
                        "my sister adopted the cat in the end, he's called Pickle",
                    ),
                    (None, "assistant", "Great name."),
                ],
            ),
            (
                "2025-05-25T20:00:00+01:00",
                [
                    (
                        "school:new",
                        "user",
                        "we accepted the place at Brookfield for Leo, he starts in september",
                    ),
                    (None, "assistant", "Lovely news."),
                    (
                        "sofa:old2",
                        "user",
                        "still sitting on the old sofa, haven't ordered either",
                    ),
                    (None, "assistant", "No rush."),
                ],
            ),
        ],
    ),
    (
        "marcus",
        "en",
        "2025-10-10T12:00:00+01:00",
        [
            (
                "2025-07-01T20:00:00+01:00",
                [
                    (None, "user", "house stuff is taking over my life"),
                    (None, "assistant", "What's on the list?"),
                    (
                        "mort:old",
                        "user",
                        "two mortgage offers in. Halifax came in lower than Nationwide but the "
                        "fees are higher",
                    ),
                    (None, "assistant", "Add the fees up over the fixed term."),
                    (
                        "suit:old",
                        "user",
                        "and for the wedding I need to sort a suit, hire one from Moss or get "
                        "one made",
                    ),
                    (None, "assistant", "Made to measure lasts beyond the day."),
                    (
                        "dad:old",
                        "user",
                        "dad's torn between retiring to Alicante and staying in Harrogate",
                    ),
                    (None, "assistant", "A big decision for him."),
                ],
            ),
            (
                "2025-07-12T10:00:00+01:00",
                [
                    (
                        "walk:old",
                        "user",
                        "met a dog walker called Jess in the park, she seemed great with Biscuit",
                    ),
                    (None, "assistant", "Biscuit will love the company."),
                    (
                        "race:old",
                        "user",
                        "want to do a half next spring, Bath and Cardiff are both in march",
                    ),
                    (None, "assistant", "Cardiff is flatter."),
                ],
            ),
            (
                "2025-07-26T18:00:00+01:00",
                [
                    (
                        "walk:old2",
                        "user",
                        "the neighbours use Paws and Co and rave about them",
                    ),
                    (None, "assistant", "Could ask for a trial walk."),
                ],
            ),
            (
                "2025-08-15T21:00:00+01:00",
                [
                    (
                        "mort:new",
                        "user",
                        "signed the Halifax paperwork this morning, fixed for five years",
                    ),
                    (None, "assistant", "One big thing off the list."),
                    (
                        "suit:new",
                        "user",
                        "got measured for the made to measure one at the tailor's in town",
                    ),
                    (None, "assistant", "You'll look sharp."),
                    (
                        "dad:new",
                        "user",
                        "dad's decided on Alicante, flying out to view flats",
                    ),
                    (None, "assistant", "Exciting for him."),
                ],
            ),
            (
                "2025-09-20T19:00:00+01:00",
                [
                    (
                        "walk:new",
                        "user",
                        "Jess is walking Biscuit three days a week from monday",
                    ),
                    (None, "assistant", "He'll be tired and happy."),
                    (
                        "race:old2",
                        "user",
                        "not entered a half yet, the training plan scares me",
                    ),
                    (None, "assistant", "Start with a 10k."),
                ],
            ),
        ],
    ),
    (
        "xiaoyu",
        "zh",
        "2025-09-30T12:00:00+08:00",
        [
            (
                "2025-05-10T10:00:00+08:00",
                [
                    (None, "user", "周末终于能喘口气"),
                    (None, "assistant", "这周忙什么了？"),
                    (
                        "kg:old",
                        "user",
                        "给朵朵找幼儿园，阳光和蓝天都报了名，看哪个先录",
                    ),
                    (None, "assistant", "两个离家都近吗？"),
                    (
                        "phone:old",
                        "user",
                        "手机也该换了，苹果跟华为比来比去还是定不下来",
                    ),
                    (None, "assistant", "看你更在意拍照还是续航。"),
                    (
                        "sis:old",
                        "user",
                        "我姐在纠结让外甥学钢琴还是学小提琴",
                    ),
                    (None, "assistant", "看孩子自己喜欢哪个。"),
                ],
            ),
            (
                "2025-05-24T21:00:00+08:00",
                [
                    (
                        "gym:old",
                        "user",
                        "下班去了趟公司旁边的游泳馆，办卡要两千",
                    ),
                    (None, "assistant", "游泳对腰好。"),
                    (
                        "rent:old",
                        "user",
                        "租房看了两套，望京那套大一点，酒仙桥那套便宜",
                    ),
                    (None, "assistant", "通勤时间也要算进去。"),
                ],
            ),
            (
                "2025-06-07T20:00:00+08:00",
                [
                    (
                        "gym:old2",
                        "user",
                        "同事说小区门口新开的健身房也不错，年卡才一千五",
                    ),
                    (None, "assistant", "可以先去体验一次。"),
                    (
                        "trip:old",
                        "user",
                        "国庆回老家还是去云南，跟老公商量了好几次",
                    ),
                    (None, "assistant", "云南国庆人会很多。"),
                ],
            ),
            (
                "2025-07-05T19:00:00+08:00",
                [
                    (
                        "kg:new",
                        "user",
                        "蓝天那边通知录取了，学费也交了",
                    ),
                    (None, "assistant", "恭喜朵朵！"),
                    (
                        "phone:new",
                        "user",
                        "昨天入手了华为，拍照确实好",
                    ),
                    (None, "assistant", "用着顺手就好。"),
                    (
                        "rent:new",
                        "user",
                        "定了酒仙桥那套，押一付三已经转过去了",
                    ),
                    (None, "assistant", "搬家记得叫上朋友帮忙。"),
                ],
            ),
            (
                "2025-08-16T20:00:00+08:00",
                [
                    (
                        "gym:new",
                        "user",
                        "健身房的年卡办了，这周去了三次",
                    ),
                    (None, "assistant", "坚持得不错！"),
                    (
                        "sis:new",
                        "user",
                        "我姐最后给外甥报了小提琴",
                    ),
                    (None, "assistant", "小提琴也很好。"),
                    (
                        "trip:old2",
                        "user",
                        "国庆的事还没商量出结果，票也没买",
                    ),
                    (None, "assistant", "再不买票就贵了。"),
                ],
            ),
        ],
    ),
    (
        "laozhang",
        "zh",
        "2025-12-01T12:00:00+08:00",
        [
            (
                "2025-08-02T09:00:00+08:00",
                [
                    (None, "user", "天太热了，家里空调坏了"),
                    (None, "assistant", "修还是换？"),
                    (
                        "ac:old",
                        "user",
                        "换新的，格力比美的贵五百，也不知道值不值",
                    ),
                    (None, "assistant", "格力压缩机口碑好一些。"),
                    (
                        "check:old",
                        "user",
                        "单位发了体检卡，爱康的和美年的可以选一个",
                    ),
                    (None, "assistant", "看哪家离家近。"),
                    (
                        "son:old",
                        "user",
                        "儿子在挑电脑，联想还是戴尔，问我意见",
                    ),
                    (None, "assistant", "看他用来干什么。"),
                ],
            ),
            (
                "2025-08-20T20:00:00+08:00",
                [
                    (
                        "ins:old",
                        "user",
                        "车险快到期了，人保打电话来报了个价",
                    ),
                    (None, "assistant", "可以多问几家比比。"),
                    (
                        "move:old",
                        "user",
                        "退休以后在郑州住还是回海南，老伴想回海南",
                    ),
                    (None, "assistant", "海南冬天舒服。"),
                ],
            ),
            (
                "2025-09-03T19:00:00+08:00",
                [
                    (
                        "ins:old2",
                        "user",
                        "平安也报了价，比人保便宜三百",
                    ),
                    (None, "assistant", "服务也要比一比。"),
                ],
            ),
            (
                "2025-09-28T20:00:00+08:00",
                [
                    (
                        "ac:new",
                        "user",
                        "最后装了美的的，师傅昨天来装好了",
                    ),
                    (None, "assistant", "凉快了吧？"),
                    (
                        "check:new",
                        "user",
                        "跟爱康约好了，下周三早上空腹去",
                    ),
                    (None, "assistant", "记得前一天别喝酒。"),
                    (
                        "son:new",
                        "user",
                        "儿子买了戴尔的，说打游戏好",
                    ),
                    (None, "assistant", "年轻人喜欢就好。"),
                ],
            ),
            (
                "2025-10-25T21:00:00+08:00",
                [
                    (
                        "ins:new",
                        "user",
                        "车险续了平安的，钱已经付了",
                    ),
                    (None, "assistant", "又省了一笔。"),
                    (
                        "move:old2",
                        "user",
                        "海南的房子还在看，住哪还没定",
                    ),
                    (None, "assistant", "慢慢挑。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its latest "old" one
# when it has none); older its "old" turns.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("nadia", "fit", "decision", "what do I do to keep fit?"),
    ("nadia", "car", "decision", "what car do I drive?"),
    ("nadia", "school", "decision", "which school is Leo going to?"),
    ("nadia", "sis", "control:someone else", "which pet did I get?"),
    ("nadia", "sofa", "control:weighing", "which sofa did I order?"),
    ("marcus", "mort", "decision", "who is my mortgage with?"),
    ("marcus", "suit", "decision", "am I hiring my wedding suit?"),
    ("marcus", "walk", "decision", "who walks Biscuit?"),
    ("marcus", "dad", "control:someone else", "where am I retiring to?"),
    ("marcus", "race", "control:weighing", "which half marathon am I running?"),
    ("xiaoyu", "kg", "decision", "朵朵上的哪个幼儿园？"),
    ("xiaoyu", "phone", "decision", "我现在用的什么手机？"),
    ("xiaoyu", "rent", "decision", "我租的哪套房子？"),
    ("xiaoyu", "gym", "decision", "我在哪健身？"),
    ("xiaoyu", "sis", "control:someone else", "我学的什么乐器？"),
    ("xiaoyu", "trip", "control:weighing", "国庆去哪？"),
    ("laozhang", "ac", "decision", "家里装的什么空调？"),
    ("laozhang", "check", "decision", "体检去哪家？"),
    ("laozhang", "ins", "decision", "车险买的哪家？"),
    ("laozhang", "son", "control:someone else", "我买的什么电脑？"),
    ("laozhang", "move", "control:weighing", "退休后住哪？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="h")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
