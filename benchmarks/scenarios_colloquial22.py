"""Remarks about a thing's own event beside the user's value that names the thing, mixed with
real changes of the value said colloquially and moves back: twenty-second colloquial blind set
(issue 38, helper zhremark24).

Written fresh by zhremark24 before any engine change, before reading the engine's readers and
without reading the earlier sets' lines, on lives, attributes and wording of its own, and
committed as ``benchmarks/data/colloquial_blind22.json`` before anything was run on it. Per
language:

- ``mention`` (``one_offs``, eight): a value naming a thing, place, organisation or service
  (a bank, a shop, a school, a car model, a provider), then a remark about that thing's own
  event, not the user's relation to it: the branch moved, the price went up, a new model came
  out, the pool is closed this month (工商银行楼下那个网点装修, 朗逸今年出了新款); the value
  answers, the remark is pollution.
- ``change`` (``natural_change``, six): the user's value really replaced, said colloquially,
  often beside the old thing's own news or its end (招行那张卡已经销了, 飞度卖了; "Lloyds shut my
  local branch so I opened an account with Nationwide"); the newer value answers, the older
  is stale.
- ``back`` (``natural_change``, four): three values, the last a move back to the first
  (A, B, A), mostly with no word that says so; only the middle one is stale.

Every user has six other facts of their own written first (as in blind14 and blind16..21),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial22 --dump
benchmarks/data/colloquial_blind22.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind22.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

CHANGE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I bank with Lloyds.",
                "Lloyds shut my local branch so I opened an account with Nationwide and "
                "moved everything over.",
            ),
            "Which bank does the user bank with?",
        ),
        (
            (
                "I do my food shopping at Asda.",
                "Aldi's round the corner from the new flat, that's where the shopping gets done.",
            ),
            "Where does the user do the food shopping?",
        ),
        (
            (
                "Our broadband is with Sky.",
                "Sky's contract ran out, went with Plusnet at half the price.",
            ),
            "Which broadband provider is the user with?",
        ),
        (
            (
                "I drive a Ford Focus.",
                "Picked up a second-hand Kia Niro on Saturday, the Focus went in part-exchange.",
            ),
            "Which car has the user got?",
        ),
        (
            (
                "My dentist is at Bridge Street Dental.",
                "Bridge Street Dental stopped taking NHS patients, so I signed up with Castle "
                "Dental instead.",
            ),
            "Which dental practice does the user go to?",
        ),
        (
            (
                "My son does karate at the leisure centre.",
                "The lad's doing judo at the community hall on Tuesdays, loves it.",
            ),
            "Which martial art does the user's son do?",
        ),
    ],
    "zh": [
        (
            ("我的工资卡是招商银行的。", "招行那张卡已经销了，工资打进工行卡里。"),
            "用户的工资现在打到哪家银行的卡上？",
        ),
        (
            ("我平时在物美买菜。", "物美太远了，最近买菜都在小区门口的钱大妈。"),
            "用户平时在哪儿买菜？",
        ),
        (
            ("我家宽带是联通的。", "联通的合约到期了，续的是电信的宽带，五百兆。"),
            "用户家宽带现在用的哪家？",
        ),
        (
            ("我开一辆本田飞度。", "飞度卖了，提了辆比亚迪海豚，开着挺省心。"),
            "用户现在开哪款车？",
        ),
        (
            ("我的牙在拜博口腔看。", "拜博那边的医生走了，后来牙都在社区医院的口腔科看。"),
            "用户看牙去哪家诊所？",
        ),
        (
            ("孩子在新东方学英语。", "孩子的英语课转到了学而思，周三周五两次。"),
            "用户的孩子在哪儿学英语？",
        ),
    ],
}

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I do my day-to-day banking in the Halifax app.",
                "Been using Starling for everything day to day.",
                "Paid the rent and the bills from the Halifax app this morning.",
            ),
            "Which app does the user do everyday banking in?",
        ),
        (
            (
                "I commute on the train from Didcot.",
                "Driving into Oxford most days, leaving at seven.",
                "On the Didcot train all week, finished two books on the way in.",
            ),
            "How does the user travel in to work?",
        ),
        (
            (
                "I get my coffee at the Pret by the station.",
                "Costa's loyalty card is where my coffee money goes.",
                "Pret flat white on the way in, same as always.",
            ),
            "Where does the user buy coffee?",
        ),
        (
            (
                "I play five-a-side at Goals on Thursdays.",
                "Thursday evenings are for the climbing wall.",
                "Five-a-side at Goals on Thursday, scored twice.",
            ),
            "What does the user do on Thursday evenings?",
        ),
    ],
    "zh": [
        (
            (
                "我早饭一般在罗森买。",
                "早饭都在公司楼下的包子铺解决。",
                "罗森的饭团热一下当早饭，挺顶饱。",
            ),
            "用户早饭在哪儿买？",
        ),
        (
            ("我用QQ音乐听歌。", "听歌都在网易云上。", "QQ音乐的年卡续上了，歌单都在那边。"),
            "用户用什么听歌？",
        ),
        (
            (
                "我周末去万象城那家星巴克写东西。",
                "周末在家附近的瑞幸写东西，便宜。",
                "周六窝在万象城星巴克写了一下午。",
            ),
            "用户周末去哪儿写东西？",
        ),
        (
            (
                "我孩子在少年宫学游泳。",
                "孩子的游泳课改在小区会所上了。",
                "孩子这周在少年宫的泳池上了两节课。",
            ),
            "用户的孩子在哪儿学游泳？",
        ),
    ],
}

# (value, remark about the named thing's own event, query)
MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I bank with Barclays.",
            "Barclays is closing the branch on the high street next month.",
            "Which bank does the user bank with?",
        ),
        (
            "I take the car to Kwik Fit for its service.",
            "Kwik Fit put their prices up again this spring.",
            "Where does the user get the car serviced?",
        ),
        (
            "I shop at the big Tesco on the ring road.",
            "The Tesco on the ring road moved the bakery to the back and added self-checkouts.",
            "Where does the user go shopping?",
        ),
        (
            "Our broadband is Virgin Media.",
            "Virgin Media was down across the whole city on Tuesday night.",
            "Which broadband provider is the user with?",
        ),
        (
            "I drive a Toyota Yaris hybrid.",
            "Toyota just announced a new Yaris with a bigger battery.",
            "Which car has the user got?",
        ),
        (
            "My kids go to St Mary's primary.",
            "St Mary's got a new head teacher in September.",
            "Which primary school are the user's kids at?",
        ),
        (
            "I get my hair cut at Hair by Jo on Church Street.",
            "Hair by Jo moved two doors down into the old bakery.",
            "Where does the user get a haircut?",
        ),
        (
            "We watch everything on Netflix.",
            "Netflix is bumping the standard plan up to £12.99.",
            "Which streaming service does the user watch on?",
        ),
    ],
    "zh": [
        (
            "我在工商银行办的工资卡。",
            "工商银行楼下那个网点装修，要关到月底。",
            "用户在哪家银行办的工资卡？",
        ),
        (
            "我家宽带用的是长城宽带。",
            "长城宽带的客服电话换了个新号码。",
            "用户家装的是哪家的宽带？",
        ),
        (
            "我一直在永辉超市买菜。",
            "永辉的生鲜区重新装修了，比以前亮堂多了。",
            "用户一般去哪个超市买菜？",
        ),
        (
            "我在一兆韦德健身。",
            "一兆韦德的游泳池这个月在换水，暂停开放。",
            "用户在哪家健身房办的卡？",
        ),
        ("我开的是一辆大众朗逸。", "朗逸今年出了新款，外观改了不少。", "用户开的车是什么型号？"),
        (
            "我孩子在育英小学上三年级。",
            "育英小学的新校区下学期启用，校门挪到了北边。",
            "用户的孩子在哪个学校上学？",
        ),
        (
            "我的牙一直在瑞尔齿科看。",
            "瑞尔的那位主任医生调到上海分院去了。",
            "用户一般去哪家口腔诊所看牙？",
        ),
        (
            "我用的是中国移动的号。",
            "移动的营业厅从人民路搬到了万达广场。",
            "用户的手机号用的哪家运营商？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a primary school teaching assistant.",
        "My partner Tom is a plumber.",
        "I grew up in Stoke.",
        "I'm allergic to cats.",
        "I knit jumpers for the grandkids.",
        "My sister lives in Leeds.",
        "We keep chickens in the back garden.",
        "I sing in a community choir.",
    ),
    "zh": (
        "我是一名护士，在儿科上班。",
        "我老家在湖南衡阳。",
        "我一到春天就花粉过敏。",
        "我爱人是做装修的。",
        "我家养了两只猫。",
        "我哥在成都开火锅店。",
        "我在学弹古筝。",
        "我喜欢周末去钓鱼。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-second blind set, kinds in the order of the module
    docstring."""
    kinds = (("change", CHANGE), ("back", BACK))
    return with_mentions("colloq22", 22, kinds, {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
