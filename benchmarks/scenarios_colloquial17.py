"""Colloquial value changes said in the third person and mention remarks, seventeenth blind set
(issue 38, helper stale18).

Written fresh by stale18 before any engine change and before reading the engine's readers, on
lives and attributes of its own, and committed as ``benchmarks/data/colloquial_blind17.json``
before anything was run on it. stale17 found that the blind sets say many real value changes
with no first-person word (another person or the thing as subject, an event's verb), where the
development files have almost none, so a reading of "someone else's act" cut mention pollution
and raised stale. This set holds the two sides of that line in equal numbers, eight a language
each:

- ``third`` (``natural_change``): a value, then its replacement said in the third person: the
  thing, a person or a service is the subject ("The car insurance went over to Direct Line at
  renewal", 孩子上学现在是他爷爷送); the newer value answers, the older is stale.
- ``mention`` (``one_offs``): a value, then a remark about another's act or event concerning
  the same thing, asserting no new value of the user's ("Nationwide opened a new branch in the
  retail park", 市图书馆的外墙正在翻新); the value answers, the remark is pollution.

Every user has six other facts of their own written first (as in blind14 and blind16), from
this module's own background lines. ``python -m benchmarks.scenarios_colloquial17 --dump
benchmarks/data/colloquial_blind17.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind17.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I walk the dog every morning before work.",
                "The dog walker takes Biscuit out in the mornings these days.",
            ),
            "Who walks the dog in the mornings?",
        ),
        (
            (
                "Our weekly shop comes from the Tesco on Carlton Road.",
                "The weekly shop gets delivered by Ocado on Saturday mornings.",
            ),
            "Where does the user's weekly shop come from?",
        ),
        (
            (
                "My mum does the school pickup on Wednesdays.",
                "Wednesday pickup is Grandad's job since the spring.",
            ),
            "Who picks the kids up from school on Wednesdays?",
        ),
        (
            (
                "I get my hair cut at Sal's on the high street.",
                "Haircuts happen at the barber by the bus station, Sal's closed down.",
            ),
            "Where does the user get their hair cut?",
        ),
        (
            (
                "My car insurance is with Admiral.",
                "The car insurance went over to Direct Line at renewal.",
            ),
            "Who is the user's car insurance with?",
        ),
        (
            (
                "I cook dinner most nights.",
                "Dinner's Tom's department on weeknights these days.",
            ),
            "Who cooks dinner on weeknights?",
        ),
        (
            (
                "The boys play football at Riverside Park on Sundays.",
                "Sunday football moved to the astroturf at St Mary's.",
            ),
            "Where do the boys play football on Sundays?",
        ),
        (
            (
                "My physio sessions are with Dr Hale at the clinic.",
                "Dr Hale handed the physio sessions on to a colleague, Priya Shah.",
            ),
            "Who does the user's physio sessions?",
        ),
    ],
    "zh": [
        (
            ("我每天早上自己送孩子上学。", "孩子上学现在是他爷爷送。"),
            "谁送孩子上学？",
        ),
        (
            ("家里的菜都是我去菜市场买的。", "家里的菜都是盒马送上门的。"),
            "家里的菜从哪里买？",
        ),
        (
            ("我的手机号一直用的是移动的。", "手机号上个月转到联通去了。"),
            "用户的手机号是哪家运营商的？",
        ),
        (
            ("周末做饭都是我来。", "周末的饭老公全包了。"),
            "周末谁做饭？",
        ),
        (
            ("我在小区门口的理发店剪头发。", "头发在商场三楼那家快剪剪。"),
            "用户在哪儿剪头发？",
        ),
        (
            ("我的车险是在平安买的。", "车险续保的时候给了人保。"),
            "用户的车险在哪家公司？",
        ),
        (
            ("女儿的钢琴课是王老师教的。", "女儿的钢琴课王老师交给了她的学生小李。"),
            "谁教用户女儿弹钢琴？",
        ),
        (
            ("我们家每周六去岳父家吃饭。", "周六聚餐的地方改在大姑家了。"),
            "每周六在谁家吃饭？",
        ),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I swim at the Leisure Centre pool on Tuesday evenings.",
            "The Leisure Centre repainted its changing rooms over the holidays.",
            "Where does the user swim on Tuesdays?",
        ),
        (
            "I bank with Nationwide.",
            "Nationwide opened a new branch in the retail park.",
            "Who does the user bank with?",
        ),
        (
            "My daughter takes violin lessons with Mrs Okafor.",
            "Mrs Okafor's other pupils put on a concert last week.",
            "Who teaches the user's daughter violin?",
        ),
        (
            "I read the Guardian on my phone every morning.",
            "The Guardian has been running a long series on housing.",
            "Which paper does the user read in the morning?",
        ),
        (
            "We order takeaway from Golden Dragon on Fridays.",
            "Golden Dragon's owner got married in Hong Kong last month.",
            "Where does the user order Friday takeaway from?",
        ),
        (
            "I drive a navy Ford Focus estate.",
            "Ford recalled a batch of Focus models over a brake sensor.",
            "Which car does the user drive these days?",
        ),
        (
            "Our GP is Dr Mensah at the Elm Street surgery.",
            "Elm Street surgery is hiring two more receptionists.",
            "Who is the user's GP?",
        ),
        (
            "I do yoga with the Thursday class at the community hall.",
            "The community hall's roof is being fixed by the council.",
            "Where does the user go to yoga?",
        ),
    ],
    "zh": [
        (
            "我在楼下的健身房练器械。",
            "楼下健身房在门口装了个新招牌。",
            "用户在哪儿健身？",
        ),
        (
            "我平时用招商银行的卡。",
            "招商银行的网点搬到了地铁站旁边。",
            "用户平时用哪家银行的卡？",
        ),
        (
            "儿子在社区的棋院学围棋。",
            "棋院上个月请了一位职业九段来讲课。",
            "儿子在哪儿学围棋？",
        ),
        (
            "我每天早上看澎湃新闻。",
            "澎湃新闻最近在做一个养老的专题。",
            "用户早上看什么新闻？",
        ),
        (
            "我们常去巷口那家川菜馆吃饭。",
            "川菜馆的厨师长被电视台采访了。",
            "用户常去哪家馆子吃饭？",
        ),
        (
            "我开的是一辆白色的比亚迪。",
            "比亚迪又出了一款新的混动车。",
            "用户平时开的是什么车？",
        ),
        (
            "我家的家庭医生是社区医院的陈医生。",
            "社区医院正在招护士。",
            "用户的家庭医生是谁？",
        ),
        (
            "我周末去市图书馆自习。",
            "市图书馆的外墙正在翻新。",
            "用户周末去哪儿自习？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I was born in Harrogate.",
        "My sister lives in Aberdeen.",
        "I can't eat anything with sesame in it.",
        "I work as a quantity surveyor.",
        "My birthday is on the ninth of March.",
        "We have a cat called Pickle.",
        "I support Bradford City.",
        "I'm learning Portuguese on an app.",
    ),
    "zh": (
        "我老家是湖南岳阳的。",
        "我对青霉素过敏。",
        "我在一家物流公司做会计。",
        "我生日是十月二十号。",
        "家里养了一只叫团子的兔子。",
        "我姐姐住在成都。",
        "我在自学日语。",
        "我是湖人队的球迷。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the seventeenth blind set, kinds in the order of the module docstring."""
    return with_mentions("colloq17", 17, (("third", THIRD),), {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
