"""Colloquial value changes said with no change word, moves back to an earlier value, style
preferences replaced and remarks about someone else's change beside the user's own value:
twenty-first colloquial blind set (issue 38, helper relzh22).

Written fresh by relzh22 before any engine change, before reading the engine's readers and
without reading the earlier sets' lines, on lives, attributes and wording of its own, and
committed as ``benchmarks/data/colloquial_blind21.json`` before anything was run on it. Six a
language of each kind:

- ``third`` (``natural_change``): a value, then its replacement said with no change word (no
  "switched", "now", "instead", 换, 改, 现在): the new value just in use ("Unboxed the iPhone 15
  last night"), often with the old one's end beside it (华为那台给我爸用了); the newer value
  answers, the older is stale.
- ``back`` (``natural_change``): three values, the last a move back to the first (A, B, A)
  with no word that says so ("again", 又, 回); only the middle one is stale.
- ``style`` (``natural_change``): how the user likes a thing, then another way said plainly
  ("Eggs fried hard, yolk broken", 奶茶三分糖就行); the older is stale.
- ``mention`` (``one_offs``): a value, then a remark about someone else's change that names
  the same thing, the other person named by a kinship word or a name, in Chinese often with
  the possessive 我 of a relation (我妈把她的号转到移动了, 大伯现在看病都跑到中医院去了),
  asserting no new value of the user's; the value answers, the remark is pollution.

Every user has six other facts of their own written first (as in blind14 and blind16..20),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial21 --dump
benchmarks/data/colloquial_blind21.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind21.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "My phone is an old Pixel 4a.",
                "Unboxed the iPhone 15 last night, the Pixel's going on eBay.",
            ),
            "Which phone has the user got?",
        ),
        (
            (
                "I do the weekly shop at Morrisons.",
                "Did the big weekly shop at Lidl on Saturday, forty quid for the lot.",
            ),
            "Which supermarket does the user do the weekly shop at?",
        ),
        (
            (
                "I'm a member of the leisure centre gym on Mill Road.",
                "Signed the contract at The Gym Group by the retail park, £19.99 a month.",
            ),
            "Which gym has the user got a membership at?",
        ),
        (
            (
                "I get to work on the number 42 bus.",
                "Cycled in on the e-bike every day this week, twenty minutes door to door.",
            ),
            "How does the user get to work these days?",
        ),
        (
            (
                "My dentist is Dr Patel at Smile Clinic.",
                "Registered with Dr Evans at Harbour Dental, first check-up went fine.",
            ),
            "Which dentist does the user see?",
        ),
        (
            (
                "I'm on Vodafone for my mobile.",
                "Ported my number over to giffgaff, ten pounds a month.",
            ),
            "Which mobile network is the user with?",
        ),
    ],
    "zh": [
        (
            (
                "我每天扫辆共享单车骑到地铁口。",
                "上周买了辆二手电动车，每天骑它去地铁站。",
            ),
            "用户每天怎么去地铁站？",
        ),
        (
            (
                "我在楼下的美廉美买菜。",
                "昨天在盒马下单的菜半小时就送到了，以后就在这儿买。",
            ),
            "用户平常在哪儿买菜呢？",
        ),
        (
            ("我用的是华为Mate 40。", "小米14到手了，华为那台给我爸用了。"),
            "用户手上用的是什么手机？",
        ),
        (
            ("我在万达那家健身房办的卡。", "交了乐刻的年费，离家就五分钟。"),
            "用户在哪家健身房锻炼？",
        ),
        (
            ("我孩子在红黄蓝上早教。", "孩子这学期在金宝贝上早教课，一周两次。"),
            "用户的孩子在哪儿上早教？",
        ),
        (
            ("家里的宽带办的是电信三百兆。", "移动的师傅昨天上门装好了宽带，还送了一张卡。"),
            "用户家里的宽带是哪家的？",
        ),
    ],
}

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I swim at the lido on Saturday mornings.",
                "Saturday mornings are parkrun, 5k round the park.",
                "Down at the lido Saturday morning, the water was freezing.",
            ),
            "How does the user spend Saturday mornings?",
        ),
        (
            (
                "My go-to Friday takeaway is Bangkok Kitchen.",
                "Ordered from Pizza Hub three Fridays running.",
                "Bangkok Kitchen green curry for Friday's takeaway, can't beat it.",
            ),
            "Where does the user get the Friday takeaway from?",
        ),
        (
            (
                "I read on a Kobo e-reader.",
                "Paperbacks from the charity shop are what I'm reading lately.",
                "Charged the Kobo and loaded three novels for the holiday.",
            ),
            "What does the user do their reading on?",
        ),
        (
            (
                "I park at the Westgate multi-storey for work.",
                "The park and ride at Seacroft is how I get into town for work.",
                "Parked at the Westgate multi-storey all week, £8 a day.",
            ),
            "Where does the user park for work?",
        ),
        (
            (
                "My hairdresser is Leanne at Cutting Edge.",
                "Had my colour done by Priya at Salon Nine.",
                "Leanne at Cutting Edge did my highlights on Thursday.",
            ),
            "Which hairdresser does the user book with?",
        ),
        (
            (
                "I play badminton on Wednesday nights.",
                "Wednesday nights are the pottery class at the arts centre.",
                "Badminton on Wednesday night, lost both doubles games.",
            ),
            "What does the user do on Wednesday nights?",
        ),
    ],
    "zh": [
        (
            ("我周末去爬香山。", "周末都去奥森跑步。", "周六爬了趟香山，人特别多。"),
            "用户周末一般做什么运动？",
        ),
        (
            ("我午饭一般吃公司食堂。", "中午都是点美团外卖。", "中午在食堂吃的红烧肉，六块钱。"),
            "用户中午吃什么？",
        ),
        (
            ("我平时在微信读书上看小说。", "最近看书都用Kindle。", "在微信读书上看完了《活着》。"),
            "用户平时拿什么看小说？",
        ),
        (
            (
                "我理发找的是楼下的小刘。",
                "头发是在万达的沙宣剪的，两百多。",
                "小刘给我剪了个寸头，三十块。",
            ),
            "用户一般让谁给剪头发？",
        ),
        (
            ("我每天早上喝豆浆。", "早上一杯美式咖啡提神。", "早上喝了一大碗豆浆配油条。"),
            "用户早饭配什么喝的？",
        ),
        (
            (
                "周六我送孩子去学钢琴。",
                "孩子周六上的是围棋课。",
                "周六送孩子去钢琴老师家上课，练了一小时。",
            ),
            "用户的孩子周六学什么？",
        ),
    ],
}

STYLE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I like my eggs scrambled, soft and runny.",
                "Eggs fried hard, yolk broken, that's my breakfast.",
            ),
            "How does the user like eggs?",
        ),
        (
            (
                "Keep my emails short and formal, please.",
                "Write to me casually, first names and a joke are fine.",
            ),
            "How does the user want emails to them written?",
        ),
        (
            (
                "I sleep with the bedroom window wide open.",
                "Window shut tight and the heating on at night, I'm always cold.",
            ),
            "Does the user sleep with the window open or shut?",
        ),
        (
            ("Tea for me, milk and two sugars.", "Tea black with a slice of lemon, no sugar."),
            "How does the user take tea?",
        ),
        (
            ("I like my music loud in the car.", "Quiet podcasts in the car, nothing loud."),
            "What does the user have on in the car while driving?",
        ),
        (
            (
                "I prefer aisle seats on planes.",
                "Window seat every flight, I like to sleep against the wall.",
            ),
            "Which seat does the user want on a plane?",
        ),
    ],
    "zh": [
        (("我点奶茶一向要全糖加珍珠。", "奶茶三分糖就行，别太甜。"), "用户喝奶茶要几分糖？"),
        (("面条我喜欢吃软一点的。", "面要煮得筋道一点，硬点没关系。"), "用户喜欢什么样的面？"),
        (("给我发消息用语音就行。", "有事发文字吧，语音我不听。"), "用户喜欢别人怎么给他发消息？"),
        (
            ("我睡觉要开着小夜灯。", "睡觉得关灯拉上遮光帘，一点光都不能有。"),
            "用户睡觉要不要开灯？",
        ),
        (("拍照我喜欢原图不修。", "照片都得磨皮美颜了再发。"), "用户拍照修不修图？"),
        (("空调我喜欢开到二十度。", "空调开二十六度就够了，太冷头疼。"), "用户空调开多少度？"),
    ],
}

# (value, remark about someone else's change naming the same thing, query)
MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I've banked with Nationwide since uni.",
            "My brother moved his current account to Monzo last week.",
            "Which bank holds the user's current account?",
        ),
        (
            "I buy my coffee beans from Grind on Market Street.",
            "Auntie Sue gets her beans from the Co-op these days, says Grind's too pricey.",
            "Where does the user get coffee beans from?",
        ),
        (
            "My GP surgery is Parkside Medical Centre.",
            "Dad's transferred to the Riverside surgery since he moved to the bungalow.",
            "Which GP surgery is the user registered with?",
        ),
        (
            "I drive a Skoda Octavia estate.",
            "Gemma from work traded her Octavia for an electric MG.",
            "What does the user drive?",
        ),
        (
            "Our home internet is BT Fibre 2.",
            "The in-laws went over to Sky broadband after BT put the price up.",
            "Which provider is the user's home internet with?",
        ),
        (
            "My specs come from Specsavers.",
            "My daughter's getting her contact lenses from Boots from now on.",
            "Where does the user get glasses?",
        ),
    ],
    "zh": [
        (
            "我手机号一直用的联通卡。",
            "我妈把她的号转到移动了，说移动便宜。",
            "用户的手机用的是哪家运营商？",
        ),
        (
            "我家孩子上的是星星幼儿园。",
            "小姑子家的闺女换到了育才幼儿园。",
            "用户的孩子上哪个幼儿园？",
        ),
        ("我看病一般去人民医院。", "大伯现在看病都跑到中医院去了。", "用户平时去哪家医院看病？"),
        ("我寄快递都用顺丰。", "同事小王寄东西都改用京东快递了。", "用户寄东西一般用哪家快递？"),
        (
            "我家用的是美的的热水器。",
            "我姐家把热水器换成了海尔的。",
            "用户家装的热水器是哪个牌子的？",
        ),
        (
            "我的房贷在建设银行还。",
            "老周把房贷转到招商银行去了，利率低一点。",
            "用户的房贷在哪家银行还？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I grew up on a farm outside Swansea.",
        "I work as a paramedic.",
        "My wife is called Niamh.",
        "Penicillin brings me out in hives.",
        "We've got a rescue greyhound named Biscuit.",
        "I'm learning Welsh on Duolingo.",
        "My mum lives in Cardiff.",
        "I collect vinyl records.",
    ),
    "zh": (
        "我老家是河北保定的。",
        "我是一名中学物理老师。",
        "我一吃虾蟹就起疹子。",
        "我老公姓刘。",
        "家里养了一只柯基。",
        "我妹妹在深圳工作。",
        "我在练书法。",
        "我喜欢看话剧。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-first blind set, kinds in the order of the module docstring."""
    kinds = (("third", THIRD), ("back", BACK), ("style", STYLE))
    return with_mentions("colloq21", 21, kinds, {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
