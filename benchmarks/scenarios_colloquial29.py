"""Moves back to an earlier value written live, in varied colloquial forms, with and without
"again" / "back" / 又 / 回 / 还是, some after two changes, and their controls: twenty-ninth
colloquial blind set (issue 38, helper back27).

Written fresh by back27 before any engine change, on lives, attributes and wording of its own
(a hospital porter in Cardiff; a noodle-shop owner from Baoji in Xi'an), and committed as
``benchmarks/data/colloquial_blind29.json`` before anything was run on it. Four kinds:

- ``back`` (``natural_change``), eight a language: three values of one standing attribute, the
  last a move back to the first (A, B, A). The return said in use beside the reason for leaving
  the middle value, as a judgement, a complaint, a plan, with "again" / 又, with "back" / 回, and
  (Chinese) with an evaluative 还是 ("still / after all"). Only the middle value is stale, the
  last answers.
- ``long`` (``natural_change``), four a language: a return after two changes (A, B, C, A); both
  values in between are stale, the last answers.
- ``visit`` (``natural_change``), four a language, the control for reading a line about an
  old value as a return: A, B, then the speaker at A once, or A's own news, with no return
  (:func:`~benchmarks.scenarios_colloquial26.visit_scenario`): B answers, A is stale, the third
  line is a polluter.
- ``onward`` (``natural_change``), four a language, the control for reading a third value as a
  return: A, B, then a new value C whose line names A or B as left behind (or has another
  person's 回 in it); C answers, A and B are both stale.

Every user has six other facts of their own written first, from this module's own background
lines. ``python -m benchmarks.scenarios_colloquial29 --dump
benchmarks/data/colloquial_blind29.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind29.json`` splits it by language and kind.
"""

from __future__ import annotations

from dataclasses import replace

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Probe, Scenario
from benchmarks.scenarios_colloquial14 import with_mentions, with_other_facts
from benchmarks.scenarios_colloquial26 import visit_scenario

TAG = "colloq29"
NOISE = 29

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I swim at Pentwyn Leisure Centre before my shift.",
                "I've switched to swimming at the Llandaff pool.",
                "Forty lengths at Pentwyn this morning, Llandaff's water was always freezing.",
            ),
            "Which pool does the user do lengths in?",
        ),
        (
            (
                "Dai at the garage on Cowbridge Road services my car.",
                "Took the car to Kwik Fit for its service this year.",
                "Dai's doing the car again, Kwik Fit tried to sell me four new tyres.",
            ),
            "Who services the user's car?",
        ),
        (
            (
                "I do the big shop at the Lidl in Canton.",
                "Doing the weekly shop online with Tesco now.",
                "Back to pushing a trolley round Lidl, the Tesco driver kept swapping things.",
            ),
            "Where does the user get the weekly groceries?",
        ),
        (
            (
                "We watch the rugby at the Cricketers on match days.",
                "We watch the Six Nations at my cousin's flat in Grangetown now.",
                "The Cricketers on a match day, you can't beat the singing.",
            ),
            "Where does the user watch the rugby?",
        ),
        (
            (
                "My pint is Brains SA.",
                "I've been drinking Guinness at the pub lately.",
                "Brains SA for me, the Guinness round here is poured far too quick.",
            ),
            "What does the user drink at the pub?",
        ),
        (
            (
                "I work nights on the wards.",
                "I've moved onto day shifts at the hospital.",
                "Rota's got me on nights from Monday, days wore me into the ground.",
            ),
            "What shifts does the user work at the hospital?",
        ),
        (
            (
                "My dentist is the practice on Albany Road.",
                "I've registered with a dentist near the hospital.",
                "Had a filling at Albany Road on Friday, "
                "the one near work has a six-month wait for appointments.",
            ),
            "Which dentist is the user with?",
        ),
        (
            (
                "I cut the grass with an old push mower.",
                "Bought a petrol mower for the lawn.",
                "Sold the petrol thing, the push mower does the job without waking the street.",
            ),
            "What does the user mow the lawn with?",
        ),
    ],
    "zh": [
        (
            (
                "我每天骑电动车去店里。",
                "最近都开车去店里了。",
                "去店里还是骑电动车方便，开车找车位找半天。",
            ),
            "用户怎么去店里？",
        ),
        (
            (
                "我在南门外那家理发店剪头发。",
                "头发改在小区旁边的快剪店剪了。",
                "又去南门外那家剪了，快剪剪得跟狗啃的一样。",
            ),
            "用户在哪儿理发？",
        ),
        (
            (
                "面馆的辣子一直从宝鸡老家进货。",
                "辣子改从网上一家批发店买了。",
                "辣子换回老家的了，网上那家的一点都不香。",
            ),
            "用户面馆的辣子从哪儿进货？",
        ),
        (
            (
                "我晚上在城墙根下跑步。",
                "晚上改去健身房的跑步机上跑了。",
                "昨晚在城墙根跑了六公里，跑步机上跑得我头晕。",
            ),
            "用户晚上在哪儿跑步？",
        ),
        (
            (
                "我抽的是猴王烟。",
                "最近在抽中华。",
                "猴王抽着顺口，中华太贵了不划算。",
            ),
            "用户抽什么烟？",
        ),
        (
            (
                "我儿子在曲江一小上学。",
                "儿子转到了高新区的一所私立学校。",
                "儿子在曲江一小插班了，私立那边一年学费四万。",
            ),
            "用户儿子在哪所学校上学？",
        ),
        (
            (
                "店里的面粉用的是金沙河。",
                "面粉换成了五得利。",
                "金沙河的面粉到了二十袋，五得利的擀出来老断。",
            ),
            "用户面馆用哪个牌子的面粉？",
        ),
        (
            (
                "我在京东上买菜。",
                "买菜改用美团了。",
                "买菜还是京东吧，美团送来的菜都是蔫的。",
            ),
            "用户在哪个平台上买菜？",
        ),
    ],
}

# A return after two changes (A, B, C, A): B and C are stale, the last line answers.
LONG: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I run with Les Croupiers running club.",
                "I do parkrun on Saturdays instead of a club.",
                "I've joined Roath Harriers.",
                "Rejoined Les Croupiers, the Harriers were far too serious for me.",
            ),
            "Which running club does the user run with?",
        ),
        (
            (
                "We go to Tenby every summer.",
                "This summer we're doing a week in Cornwall.",
                "Booked a caravan in the Lake District for the holidays.",
                "Tenby in August, the same caravan park as always, the kids begged.",
            ),
            "Where does the user go on the summer holiday?",
        ),
        (
            (
                "I take the 61 bus to work.",
                "I cycle to the hospital now.",
                "Started driving in, I got a permit for the staff car park.",
                "On the 61 again, the parking was costing a fortune.",
            ),
            "How does the user travel in to the hospital?",
        ),
        (
            (
                "My phone's a Samsung Galaxy.",
                "I've gone over to an iPhone.",
                "Got myself a Google Pixel.",
                "The Galaxy's in my pocket, the Pixel's battery died by lunchtime.",
            ),
            "What phone does the user have?",
        ),
    ],
    "zh": [
        (
            (
                "我每天泡一壶绿茶喝。",
                "我最近开始喝咖啡了。",
                "现在改喝普洱了。",
                "又喝回绿茶了，普洱喝得我睡不着。",
            ),
            "用户现在平时喝什么？",
        ),
        (
            (
                "我打麻将在楼下的棋牌室。",
                "麻将改在朋友家打了。",
                "现在都在手机上打麻将。",
                "楼下棋牌室三缺一喊我，下午打了八圈，手机上打的没意思。",
            ),
            "用户一般在哪儿打麻将？",
        ),
        (
            (
                "我家用的是格力空调。",
                "家里换了台美的空调。",
                "空调又换成了海尔的。",
                "空调最后还是装了格力，海尔那台噪音太大。",
            ),
            "用户家现在用的什么空调？",
        ),
        (
            (
                "我每周去大雁塔那边的羽毛球馆打球。",
                "羽毛球改在单位体育馆打了。",
                "现在打球去的是小寨那家球馆。",
                "大雁塔那家球馆周四打了三个钟，小寨那家地板太滑。",
            ),
            "用户在哪个球馆打羽毛球？",
        ),
    ],
}

# (A, B, a line of the speaker at A once or A's own news, not a return; query): B answers.
VISIT: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I get my coffee from Coffee #1 on Wellfield Road.",
                "A little van outside the hospital does my coffee now.",
                "Coffee #1 on Wellfield Road has shut for a refit, the boards are up.",
            ),
            "Where does the user get coffee?",
        ),
        (
            (
                "My GP is the Roath surgery.",
                "I've registered with the surgery in Whitchurch.",
                "Dropped Mam off at the Roath surgery for her flu jab.",
            ),
            "Which GP practice is the user signed up with?",
        ),
        (
            (
                "I play five-a-side on Mondays at Sophia Gardens.",
                "Five-a-side's on Wednesdays at the Cardiff Met pitches now.",
                "Went to watch the lads at Sophia Gardens on Monday, they got hammered.",
            ),
            "Where are the user's five-a-side games played?",
        ),
        (
            (
                "We get a veg box from the Riverside market.",
                "Our veg comes from Aldi now, the box was too dear.",
                "Bumped into the Riverside market veg lady in town, she asked after Ffion.",
            ),
            "Where does the user get vegetables?",
        ),
    ],
    "zh": [
        (
            (
                "我的快递都寄到小区的菜鸟驿站。",
                "快递改成放丰巢柜了。",
                "菜鸟驿站门口排了老长的队，看着都累。",
            ),
            "用户的快递一般寄到哪儿取？",
        ),
        (
            (
                "我看病去的是西京医院。",
                "看病现在都去交大一附院了。",
                "陪邻居去西京医院拿了个药。",
            ),
            "用户生病了一般上哪家医院？",
        ),
        (
            (
                "我发工资用的一直是建设银行的卡。",
                "工资卡换成招商银行的了。",
                "建设银行又打电话给我推理财，烦人。",
            ),
            "用户的工资卡是哪个银行的？",
        ),
        (
            (
                "我周末在曲江池边钓鱼。",
                "钓鱼改去郊区的鱼塘了。",
                "路过曲江池，看见好多人在那儿钓鱼。",
            ),
            "用户周末去哪儿钓鱼？",
        ),
    ],
}

# (A, B, a new value C whose line names A or B as left; query): C answers, A and B are stale.
ONWARD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I do yoga at a studio in Pontcanna.",
                "I've been doing yoga off YouTube in the front room.",
                "Swapped the yoga for pilates at the gym, my back needed it.",
            ),
            "What exercise class does the user do?",
        ),
        (
            (
                "Stavros on City Road cuts my hair.",
                "I've been doing my own hair with clippers.",
                "Started going to the Turkish barber by the station, "
                "Stavros retired and the clippers were a disaster.",
            ),
            "Who does the user's haircuts these days?",
        ),
        (
            (
                "I drink builder's tea, four mugs a day.",
                "I've been on coffee since the new machine came to the porters' lodge.",
                "Green tea only now, the coffee was giving me the jitters.",
            ),
            "What hot drink does the user have during the day?",
        ),
        (
            (
                "We get pizza from Domino's on a Friday.",
                "Fridays we have a Chinese from the Happy Gathering.",
                "Friday's a kebab from Ali's now, I'm done with Domino's and the Chinese.",
            ),
            "What takeaway does the user get on a Friday?",
        ),
    ],
    "zh": [
        (
            (
                "我开的是一辆五菱面包车。",
                "换了辆二手的长城皮卡。",
                "皮卡卖了，买了辆比亚迪电车，五菱那种再也不开了。",
            ),
            "用户现在开什么车？",
        ),
        (
            (
                "我在抖音上卖面条礼盒。",
                "礼盒改在快手上卖了。",
                "现在礼盒都在微信小程序上卖，抖音快手抽成太高。",
            ),
            "用户在哪儿卖面条礼盒？",
        ),
        (
            (
                "我晚上看西安台的新闻。",
                "晚上改看央视新闻了。",
                "新闻现在都在手机上刷，西安台那个点我还在店里忙。",
            ),
            "用户晚上通过什么看新闻？",
        ),
        (
            (
                "店里的伙计是我表弟。",
                "伙计换成了一个甘肃来的小伙。",
                "现在帮工的是我侄子，甘肃那小伙回老家了。",
            ),
            "谁在用户的面馆里帮工？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a porter at the University Hospital of Wales.",
        "My brother Rhodri keeps sheep near Llandovery.",
        "I'm allergic to sticking plasters.",
        "We've a daughter called Ffion who's nine.",
        "My mam grew up in Merthyr.",
        "I practise my Welsh on the bus with an app.",
        "My birthday's on the twelfth of June.",
        "I did my shoulder in lifting a patient years back.",
    ),
    "zh": (
        "我在西安开了家面馆。",
        "我老家在宝鸡岐山。",
        "我一碰芒果嘴巴就肿起来。",
        "我姐在咸阳当护士。",
        "我家养了两只虎皮鹦鹉。",
        "我媳妇在银行做柜员。",
        "我每天五点起来和面。",
        "我是腊月初八那天生的。",
    ),
}


def onward_scenario(sid: str, lang: str, noise: int, said: tuple[str, ...], query: str) -> Scenario:
    """A, B, then a new value C whose line names a value left, 14 days apart among five noise
    lines (:func:`~benchmarks.scenarios_colloquial2.change_scenario`'s nodes): C answers, A
    and B are both stale."""
    sc = colloquial2.change_scenario(sid, lang, noise, said, query)
    probe = Probe(
        query, None, frozenset({f"{sid}.v2"}), stale=frozenset({f"{sid}.v0", f"{sid}.v1"})
    )
    return replace(sc, probes=(probe,))


def build() -> list[Scenario]:
    """Every scenario of the twenty-ninth blind set: the moves back, the returns after two
    changes, then the visit and onward controls."""
    out = with_mentions(TAG, NOISE, (("back", BACK), ("long", LONG)), {}, {}, BACKGROUND)
    controls = [
        make(f"{TAG}-{kind}-{lang}-{i}", lang, i + NOISE, said, q)
        for kind, make, table in (
            ("visit", visit_scenario, VISIT),
            ("onward", onward_scenario, ONWARD),
        )
        for lang, items in table.items()
        for i, (said, q) in enumerate(items)
    ]
    return out + [with_other_facts(sc, len(out) + n, BACKGROUND) for n, sc in enumerate(controls)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
