"""A development set of value changes and mention remarks said in the third person (issue 38,
helper stale18): read freely, tuned on, never a blind figure.

stale17's reading of a later remark as someone else's event (``benchmarks.mention_events``)
cut mention pollution on the blind sets and raised stale, because the blind sets say many real
value changes with no first-person word and the development files almost none. This set gives
the two sides of that line, ten a language each, written after colloquial_blind17 and on other
lives and attributes:

- ``third`` (``natural_change``): a value, then its replacement said in the third person (a
  chore, a service, a place or a person as subject, a new holder as the predicate: "Bins are
  Jamie's chore now he's thirteen", 刘会计把报税的事转给了她徒弟小周); the newer answers.
- ``mention`` (``one_offs``): a value, then another's act or event concerning the same thing,
  no new value of the user's ("Aviva's chief executive stepped down", 奥体中心正在重新铺场地);
  the value answers, the remark is pollution.

Each user has six other facts first (:func:`benchmarks.scenarios_colloquial14
.with_other_facts`). ``python -m benchmarks.scenarios_thirdperson_dev --dump
benchmarks/data/colloquial_thirdperson_dev.json`` writes the file.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

TAG = "thirdp"

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            ("I do the bins on Sunday nights.", "Bins are Jamie's chore now he's thirteen."),
            "Who puts the bins out?",
        ),
        (
            (
                "My prescriptions come from the Boots on Queen Street.",
                "The prescriptions get posted out by an online pharmacy.",
            ),
            "Where do the user's prescriptions come from?",
        ),
        (
            ("Our broadband is with Virgin.", "The broadband switched over to Plusnet last month."),
            "Who is the user's broadband with?",
        ),
        (
            (
                "I take the kids to swimming on Saturdays.",
                "Saturday swimming is their mum's run since the split.",
            ),
            "Who takes the kids to swimming on Saturdays?",
        ),
        (
            (
                "My accountant is Derek Sharpe.",
                "Derek retired and passed the accounts to his partner, Lena Cho.",
            ),
            "Who does the user's accounts?",
        ),
        (
            (
                "The car gets serviced at Kwik Fit.",
                "Servicing for the car is done by the Honda dealer these days.",
            ),
            "Where does the user's car get serviced?",
        ),
        (
            (
                "My allotment is plot 14 at Hillside.",
                "The council moved the allotment to plot 22 after the flooding.",
            ),
            "Which allotment plot does the user have?",
        ),
        (
            ("Book club meets at my flat.", "Book club rotates to Priya's place from this month."),
            "Where does book club meet?",
        ),
        (
            (
                "I mow the lawn every other Saturday.",
                "A gardener comes round fortnightly to do the lawn.",
            ),
            "Who mows the lawn?",
        ),
        (
            (
                "My son goes to Little Acorns nursery.",
                "The little one started at Bright Stars nursery in January.",
            ),
            "Which nursery is the user's son at now?",
        ),
    ],
    "zh": [
        (("家里的垃圾都是我倒。", "倒垃圾的活儿归儿子了。"), "家里谁倒垃圾？"),
        (("我的药都在楼下药店买。", "药都由医院的互联网药房寄过来。"), "用户的药从哪里买？"),
        (("家里的宽带是电信的。", "宽带去年年底迁到广电了。"), "家里的宽带是哪家的？"),
        (("我周六带孩子去上游泳课。", "周六的游泳课是孩子外婆带着去。"), "周六谁带孩子去游泳课？"),
        (("我的个税是刘会计帮忙报的。", "刘会计把报税的事转给了她徒弟小周。"), "谁帮用户报个税？"),
        (("车每次都在路边的修理厂保养。", "车子保养都交给4S店了。"), "用户的车在哪儿保养？"),
        (("我的菜地在村东头。", "菜地被村里调到了河边那块。"), "用户的菜地在哪儿？"),
        (("读书会在我家办。", "读书会的地点定在小陈家了。"), "读书会在哪儿办？"),
        (("院子里的草是我自己剪。", "院子的草每两周有园丁上门来剪。"), "谁剪院子里的草？"),
        (("儿子在阳光幼儿园上学。", "小的去年九月进了星星幼儿园。"), "用户儿子在哪个幼儿园？"),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I shop at the Co-op on Elm Road.",
            "The Co-op on Elm Road put in self-checkouts.",
            "Where does the user do their shopping?",
        ),
        (
            "I have my eyes tested at Specsavers.",
            "Specsavers launched a new advert with a talking dog.",
            "Where does the user get their eyes tested?",
        ),
        (
            "My son plays rugby for Westfield Colts.",
            "Westfield Colts' coach was on the local radio on Friday.",
            "Which team does the user's son play rugby for?",
        ),
        (
            "I commute on the 36 bus.",
            "The 36 buses were all repainted green.",
            "Which bus does the user commute on?",
        ),
        (
            "I'm with EE for my phone.",
            "EE is raising its prices in April.",
            "Which network is the user's phone with?",
        ),
        (
            "I get my coffee from the kiosk outside the station.",
            "The kiosk's owner has been doing latte art classes.",
            "Where does the user get their coffee?",
        ),
        (
            "My pension is with Aviva.",
            "Aviva's chief executive stepped down.",
            "Who is the user's pension with?",
        ),
        (
            "I play five-a-side at Goals on Wednesday nights.",
            "Goals has been resurfacing pitch three.",
            "Where does the user play five-a-side?",
        ),
        (
            "We holiday in Cornwall every summer.",
            "Cornwall got hammered by storms this winter.",
            "Where does the user go on holiday?",
        ),
        (
            "My vet is Dr Barnes at Parkside Vets.",
            "Parkside Vets won a regional award.",
            "Who is the user's vet?",
        ),
    ],
    "zh": [
        ("我在家门口的永辉超市买菜。", "永辉超市装了一排自助收银机。", "用户在哪儿买菜？"),
        ("我在宝岛眼镜配眼镜。", "宝岛眼镜请了个明星做代言。", "用户在哪儿配眼镜？"),
        ("儿子在蓝鹰俱乐部踢球。", "蓝鹰俱乐部的教练上了本地新闻。", "用户儿子在哪个俱乐部踢球？"),
        ("我坐42路公交上班。", "42路的车都换成了新能源的。", "用户坐哪路公交上班？"),
        ("我的手机卡是联通的。", "联通下个月要涨套餐费。", "用户的手机卡办在哪家？"),
        ("我每天在地铁口那家咖啡摊买咖啡。", "咖啡摊的老板最近在学拉花。", "用户在哪儿买咖啡？"),
        ("我的养老保险交在中国人寿。", "中国人寿的董事长辞职了。", "用户的养老保险在哪家？"),
        (
            "我周三晚上在奥体中心打羽毛球。",
            "奥体中心正在重新铺场地。",
            "用户周三晚上在哪儿打羽毛球？",
        ),
        ("我们每年暑假去青岛度假。", "青岛今年夏天来了好几场台风。", "用户暑假去哪儿度假？"),
        ("我家猫看病找宠物医院的周医生。", "宠物医院拿了个全市的奖。", "用户家的猫找谁看病？"),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I grew up in Swansea.",
        "My brother is a paramedic in Cardiff.",
        "I'm a primary school teacher.",
        "My birthday falls on the second of July.",
        "We keep two guinea pigs, Salt and Pepper.",
        "I can't stand coriander.",
        "I'm training for a half marathon.",
        "I play the ukulele badly.",
    ),
    "zh": (
        "我是在山东潍坊长大的。",
        "我哥在济南当护士。",
        "我在一所小学教语文。",
        "我生日是七月二号。",
        "家里养了两只仓鼠。",
        "我不吃香菜。",
        "我在准备跑半程马拉松。",
        "我周末偶尔弹尤克里里。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the development set, kinds in the order of the module docstring."""
    return with_mentions(TAG, 20, (("third", THIRD),), {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
