"""A seventh blind set of decisions: options weighed by their price, their place or a worry,
then a choice said by the act that settles it, by what won, or by a new routine (issue 38,
helper decide22).

``python -m benchmarks.decisions_blind7 [--out benchmarks/data/decisions_blind7.json]`` writes
the set as a probing file (:mod:`benchmarks.probing` and :mod:`benchmarks.decisions_eval` read
it as it is). New lives: a ward nurse with twins in Leicester, a retired engineer in Cork, a
second-year master's student in Wuhan, a mother of a twelve-year-old in Shanghai with a dog. The
options are weighed as users weigh them: each with its price or its drawback ("the Joolz is
gorgeous but the Out 'n' About is half the price", 岩板好看但是怕磕), two offers or two places
named in one breath, "X or Y?" with a worry, 在A和B之间选. The choice is said as users say it:
the act that commits ("ordered", "put their names down", 三方签了, 入了, 报了), "went with",
"I'll go for", "X won", a routine that names it ("Monday nights are choir nights now"), a
change of place (搬到…了), a 是…的 of the act done (带狗去瑞派做的), 就用…吧. Controls decide
nothing for the user about what was weighed: a deliberation never settled, and a choice someone
else made.

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

OUT = Path(__file__).parent / "data" / "decisions_blind7.json"

ABOUT = (
    "A seventh blind set of decisions (issue 38, helper decide22), written by hand before any "
    "engine change: options weighed by price, place or a worry, named in one breath or asked "
    "with or / 还是; the choice said by the committing act (ordered, signed, 入了, 报了), "
    "'went with', 'I'll go for', 'X won', a new routine, a move (搬到…了), 是…的 or 就用…吧; "
    "controls where nothing is decided for the user about what was weighed (never settled, "
    "someone else's choice). Evidence: the decision turn, or for a control the latest turn "
    "about what was weighed; older: the deliberation's turns."
)

Turn = tuple[str | None, str, str]
USERS: list[tuple[str, str, str, list[tuple[str, list[Turn]]]]] = [
    (
        "priya",
        "en",
        "2025-12-10T12:00:00+00:00",
        [
            (
                "2025-09-02T22:40:00+01:00",
                [
                    (None, "user", "just off a long day on the ward, feet are killing me"),
                    (None, "assistant", "Put them up! How are the twins?"),
                    (
                        "buggy:old",
                        "user",
                        "teething, both of them. we need a double buggy before winter, the "
                        "Joolz one is gorgeous but the Out 'n' About is half the price",
                    ),
                    (None, "assistant", "The Out 'n' About is famously sturdy."),
                    (
                        "team:old",
                        "user",
                        "and work have offered me either staying on days on the ward or "
                        "moving over to the district nursing team",
                    ),
                    (None, "assistant", "District nursing would mean more driving."),
                ],
            ),
            (
                "2025-09-14T21:15:00+01:00",
                [
                    (
                        "nursery:old",
                        "user",
                        "looking round two nurseries this week, Little Acorns near mum's and "
                        "the one attached to the hospital",
                    ),
                    (None, "assistant", "Ask about their staff turnover."),
                    (
                        "easter:old",
                        "user",
                        "Dev wants Center Parcs at Easter, I'd rather a caravan in Skegness "
                        "near his parents, no idea what we'll do",
                    ),
                    (None, "assistant", "Center Parcs books up early."),
                    (
                        "car:old",
                        "user",
                        "my brother Ravi is torn between a Golf and a Focus, he asks me every "
                        "single day",
                    ),
                    (None, "assistant", "Both hold their value."),
                ],
            ),
            (
                "2025-10-03T20:30:00+01:00",
                [
                    (
                        "buggy:new",
                        "user",
                        "ordered the Out 'n' About last night, arrives Thursday. couldn't "
                        "justify a grand on a pram",
                    ),
                    (None, "assistant", "Sensible!"),
                    (
                        "nursery:new",
                        "user",
                        "put the girls' names down at Little Acorns, mum can do pick ups on "
                        "my late shifts",
                    ),
                    (None, "assistant", "That will make life easier."),
                    (
                        "car:new",
                        "user",
                        "Ravi finally bought the Golf, thank god",
                    ),
                    (None, "assistant", "Peace at last."),
                ],
            ),
            (
                "2025-11-08T21:00:00+00:00",
                [
                    (
                        "team:new",
                        "user",
                        "told my manager I'll do the district nursing, I start with them in "
                        "January",
                    ),
                    (None, "assistant", "A fresh start for the new year."),
                    (
                        "easter:old2",
                        "user",
                        "still haven't booked anything for Easter, we keep going round in circles",
                    ),
                    (None, "assistant", "Maybe pick one by the end of the month."),
                ],
            ),
        ],
    ),
    (
        "tomas",
        "en",
        "2025-11-25T12:00:00+00:00",
        [
            (
                "2025-07-01T19:00:00+01:00",
                [
                    (None, "user", "grand evening here in Cork for once"),
                    (None, "assistant", "Enjoy it! Anything planned?"),
                    (
                        "broadband:old",
                        "user",
                        "sorting out the broadband. Eir want 45 a month, Virgin is 35 for the "
                        "first year and then it jumps",
                    ),
                    (None, "assistant", "Check what it jumps to."),
                    (
                        "aids:old",
                        "user",
                        "the audiologist says it's either the ones behind the ear or the tiny "
                        "in-the-canal ones, but the tiny ones cost double",
                    ),
                    (None, "assistant", "Behind the ear ones are easier to handle."),
                ],
            ),
            (
                "2025-07-20T20:00:00+01:00",
                [
                    (
                        "choir:old",
                        "user",
                        "there's a choir in Douglas on Mondays and the cathedral one on "
                        "Thursdays, I can't do both with the bowls",
                    ),
                    (None, "assistant", "Which one sings the music you like?"),
                    (
                        "hall:old",
                        "user",
                        "doing up the hall. sage green or that grey the young one keeps "
                        "sending me pictures of?",
                    ),
                    (None, "assistant", "Sage green is warmer."),
                    (
                        "trip:old",
                        "user",
                        "Maura and myself are thinking of Lisbon or Porto in the spring",
                    ),
                    (None, "assistant", "Porto is smaller and easier on the legs."),
                    (
                        "gym:old",
                        "user",
                        "Maura can't make up her mind between the aqua aerobics and the "
                        "walking group",
                    ),
                    (None, "assistant", "Both are gentle on the joints."),
                ],
            ),
            (
                "2025-08-12T19:30:00+01:00",
                [
                    (
                        "broadband:new",
                        "user",
                        "went with Eir in the end, less hassle than ringing Virgin every year",
                    ),
                    (None, "assistant", "Peace of mind is worth a tenner."),
                    (
                        "aids:new",
                        "user",
                        "I'll go for the behind the ear ones, my fingers are too clumsy for the "
                        "small lads",
                    ),
                    (None, "assistant", "Good choice for everyday use."),
                    (
                        "gym:new",
                        "user",
                        "Maura's doing the walking group, she says the aqua is too cold",
                    ),
                    (None, "assistant", "Walking groups are great company."),
                ],
            ),
            (
                "2025-09-30T20:00:00+01:00",
                [
                    (
                        "choir:new",
                        "user",
                        "Monday nights are choir nights now, the Douglas lot are a good bunch",
                    ),
                    (None, "assistant", "Singing is good for the lungs."),
                    (
                        "hall:new",
                        "user",
                        "the sage green won, painted the hall on Saturday",
                    ),
                    (None, "assistant", "Lovely, it'll feel bigger."),
                    (
                        "trip:old2",
                        "user",
                        "we never did settle on Lisbon or Porto, might leave it till next year",
                    ),
                    (None, "assistant", "No rush."),
                ],
            ),
        ],
    ),
    (
        "liuyang",
        "zh",
        "2025-12-15T12:00:00+08:00",
        [
            (
                "2025-09-05T22:30:00+08:00",
                [
                    (None, "user", "开学了，实验室又开始天天组会"),
                    (None, "assistant", "研二压力大，注意休息。"),
                    (
                        "offer:old",
                        "user",
                        "秋招拿了两个offer，一个字节的运营，一个武汉本地的国企，纠结死了",
                    ),
                    (None, "assistant", "看你更看重发展还是稳定。"),
                    (
                        "phone:old",
                        "user",
                        "手机屏幕摔碎了，华为Mate60和iPhone15犹豫中",
                    ),
                    (None, "assistant", "看你习惯用哪个系统。"),
                ],
            ),
            (
                "2025-09-18T21:00:00+08:00",
                [
                    (
                        "room:old",
                        "user",
                        "想搬出去住，光谷那边合租一个月八百，学校旁边的单间要一千二",
                    ),
                    (None, "assistant", "单间安静，方便写论文。"),
                    (
                        "course:old",
                        "user",
                        "公选课要在Python和日语之间选一门",
                    ),
                    (None, "assistant", "Python对找工作有帮助。"),
                    (
                        "holiday:old",
                        "user",
                        "国庆回老家还是跟同学去长沙玩呢",
                    ),
                    (None, "assistant", "长沙国庆人会很多。"),
                ],
            ),
            (
                "2025-10-12T22:00:00+08:00",
                [
                    (
                        "phone:new",
                        "user",
                        "最后入了iPhone，学生优惠便宜了好几百",
                    ),
                    (None, "assistant", "用得顺手就好。"),
                    (
                        "course:new",
                        "user",
                        "日语选上了，周三晚上的课",
                    ),
                    (None, "assistant", "学日语挺有意思的。"),
                    (
                        "exam:old",
                        "user",
                        "室友在纠结考公还是考编，天天问我",
                    ),
                    (None, "assistant", "让他看看自己适合哪个。"),
                ],
            ),
            (
                "2025-11-20T21:30:00+08:00",
                [
                    (
                        "offer:new",
                        "user",
                        "国企那边的三方签了，离家近，我妈也放心",
                    ),
                    (None, "assistant", "恭喜尘埃落定！"),
                    (
                        "room:new",
                        "user",
                        "搬到学校旁边那个单间了，终于能睡个好觉",
                    ),
                    (None, "assistant", "住得舒服最重要。"),
                    (
                        "exam:new",
                        "user",
                        "室友最后报了考公，已经在刷题了",
                    ),
                    (None, "assistant", "祝他上岸。"),
                    (
                        "holiday:old2",
                        "user",
                        "国庆最后哪也没去，在宿舍躺了七天",
                    ),
                    (None, "assistant", "休息也挺好。"),
                ],
            ),
        ],
    ),
    (
        "zhoujie",
        "zh",
        "2025-12-05T12:00:00+08:00",
        [
            (
                "2025-08-03T21:00:00+08:00",
                [
                    (None, "user", "今天带儿子去书店，买了一堆练习册"),
                    (None, "assistant", "开学前准备得挺充分。"),
                    (
                        "tutor:old",
                        "user",
                        "儿子数学要补一补，一对一太贵，小班课又怕他听不进去",
                    ),
                    (None, "assistant", "小班课有同伴，氛围好一些。"),
                    (
                        "dog:old",
                        "user",
                        "豆豆要做绝育了，小区那家宠物医院三百，瑞派那边六百但说更专业",
                    ),
                    (None, "assistant", "手术还是选正规一点的。"),
                ],
            ),
            (
                "2025-08-20T20:30:00+08:00",
                [
                    (
                        "counter:old",
                        "user",
                        "厨房台面选石英石还是岩板，岩板好看但是怕磕",
                    ),
                    (None, "assistant", "石英石耐用，岩板颜值高。"),
                    (
                        "ins:old",
                        "user",
                        "想给老公买份重疾险，平安和友邦两家在比",
                    ),
                    (None, "assistant", "看看保障范围和免责条款。"),
                    (
                        "newyear:old",
                        "user",
                        "过年是去三亚还是回婆家，还在商量",
                    ),
                    (None, "assistant", "三亚过年机票很贵。"),
                    (
                        "mumphone:old",
                        "user",
                        "我妈想换手机，老年机还是智能机，她自己也拿不准",
                    ),
                    (None, "assistant", "智能机能视频，老年机字大。"),
                ],
            ),
            (
                "2025-09-10T21:00:00+08:00",
                [
                    (
                        "tutor:new",
                        "user",
                        "最后还是给他报了小班，一周两次，周六上午和周三晚上",
                    ),
                    (None, "assistant", "希望有进步。"),
                    (
                        "dog:new",
                        "user",
                        "豆豆是带去瑞派做的，恢复得挺好，已经能跑了",
                    ),
                    (None, "assistant", "那就放心了。"),
                    (
                        "mumphone:new",
                        "user",
                        "我妈自己跑去买了个老年机，说智能机看不懂",
                    ),
                    (None, "assistant", "她用着习惯就行。"),
                ],
            ),
            (
                "2025-10-15T20:00:00+08:00",
                [
                    (
                        "counter:new",
                        "user",
                        "台面就用石英石吧，设计师也说耐用，下周来量尺寸",
                    ),
                    (None, "assistant", "好的，颜色选浅一点显干净。"),
                    (
                        "ins:new",
                        "user",
                        "给老公买了友邦的，保额五十万",
                    ),
                    (None, "assistant", "有保障安心些。"),
                    (
                        "newyear:old2",
                        "user",
                        "过年的事跟老公还没商量出结果，婆婆那边也在催",
                    ),
                    (None, "assistant", "早点定下来好买票。"),
                ],
            ),
        ],
    ),
]

# (user, item key, kind, question). The evidence is the item's "new" turn (its latest "old" one
# when it has none); older its "old" turns.
QUESTIONS: list[tuple[str, str, str, str]] = [
    ("priya", "buggy", "decision", "which double buggy did we get?"),
    ("priya", "team", "decision", "which team will I be working on?"),
    ("priya", "nursery", "decision", "which nursery are the twins going to?"),
    ("priya", "car", "control:someone else", "what car did I buy?"),
    ("priya", "easter", "control:weighing", "where are we going for Easter?"),
    ("tomas", "broadband", "decision", "who's my broadband with?"),
    ("tomas", "aids", "decision", "what kind of hearing aids am I getting?"),
    ("tomas", "choir", "decision", "which choir do I sing with?"),
    ("tomas", "hall", "decision", "what colour did I paint the hall?"),
    ("tomas", "gym", "control:someone else", "which exercise class do I go to?"),
    ("tomas", "trip", "control:weighing", "which city are we going to in the spring?"),
    ("liuyang", "offer", "decision", "我毕业去哪工作？"),
    ("liuyang", "phone", "decision", "我现在用的什么手机？"),
    ("liuyang", "room", "decision", "我现在住在哪？"),
    ("liuyang", "course", "decision", "我公选课上的什么？"),
    ("liuyang", "exam", "control:someone else", "我报的考公还是考编？"),
    ("liuyang", "holiday", "control:weighing", "国庆我去长沙了吗？"),
    ("zhoujie", "tutor", "decision", "儿子数学在上什么补习？"),
    ("zhoujie", "dog", "decision", "豆豆在哪家医院做的绝育？"),
    ("zhoujie", "counter", "decision", "厨房台面用的什么材料？"),
    ("zhoujie", "ins", "decision", "老公的重疾险买的哪家？"),
    ("zhoujie", "mumphone", "control:someone else", "我换了什么手机？"),
    ("zhoujie", "newyear", "control:weighing", "过年去哪里？"),
]


def build() -> dict[str, Any]:
    """The set as a probing file, ``older`` and ``kind`` beside each question."""
    return build_set(USERS, QUESTIONS, ABOUT, prefix="m")


def main() -> None:
    write_set(build, OUT, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
