"""Moves back to an earlier value, said the way people say them: twenty-third colloquial blind
set (issue 38, helper style24).

Written fresh by style24 before any engine change, before reading the engine's readers and
without reading the earlier sets' lines, on lives, attributes and wording of its own, and
committed as ``benchmarks/data/colloquial_blind23.json`` before anything was run on it. One
kind, eight a language:

- ``back`` (``natural_change``): three values of one standing attribute, the last a move back
  to the first (A, B, A), said as people say it: sometimes with "back" / "again" / 又 / 回,
  sometimes only by the returned value in use ("Paid my Bellahouston subs for the year"), often
  with the reason beside it, a complaint or a bodily state ("my knees gave up", 夜班熬得我心慌);
  only the middle value is stale, the last answers.

Every user has six other facts of their own written first (as in blind14 and blind16..21),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial23 --dump
benchmarks/data/colloquial_blind23.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind23.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I'm on the early shift at the bus depot, first run at half five.",
                "Late shifts at the depot these days, I'm not home till after midnight.",
                "Back on earlies from Monday, the late rota was doing my head in.",
            ),
            "Which shift does the user work at the bus depot?",
        ),
        (
            (
                "My dentist is Dr Okafor on Byres Road.",
                "Signed up with the dental practice in Partick, it's closer to the office.",
                "Went back to Dr Okafor for my filling, Partick kept cancelling on me.",
            ),
            "Who does the user go to for dental check-ups?",
        ),
        (
            (
                "My wages go into my Co-op current account.",
                "Got my salary paid into Monzo since the spring.",
                "Wages are landing in the Co-op account again, Monzo froze my card twice.",
            ),
            "Which bank do the user's wages go into?",
        ),
        (
            (
                "I get the train into work from Queen Street.",
                "Cycling to work along the canal path most mornings.",
                "Bike's up for sale, it's the train from Queen Street for me, my knees gave up.",
            ),
            "How does the user commute into the city centre?",
        ),
        (
            (
                "We rent a top-floor flat in Dennistoun.",
                "We're renting a semi out in Bishopbriggs with a bit of garden.",
                "Moved into a Dennistoun tenement flat at the weekend, the commute was killing us.",
            ),
            "Where is the user living at the moment?",
        ),
        (
            (
                "I run with Bellahouston Harriers.",
                "Training with the Shettleston club on Tuesdays and Thursdays.",
                "Paid my Bellahouston subs for the year, I missed the old crowd.",
            ),
            "Which running club does the user train with?",
        ),
        (
            (
                "Our broadband is with Virgin Media.",
                "The broadband's on a BT bundle with the TV.",
                "Virgin engineer came round and fitted the new hub, so that's us off BT.",
            ),
            "Which company is the user's home internet with?",
        ),
        (
            (
                "For my morning coffee I use a cafetière.",
                "Coffee in the mornings comes out of a pod machine my sister gave me.",
                "Dug the cafetière out of the cupboard, the pods taste of nothing.",
            ),
            "How does the user make their morning coffee?",
        ),
    ],
    "zh": [
        (
            (
                "我在医院上白班，早上八点到下午四点。",
                "这个月排的都是夜班，晚上十点到早上六点。",
                "又倒回白班了，夜班熬得我心慌。",
            ),
            "用户在医院上的是什么班？",
        ),
        (
            (
                "我们家住在成都老城区的一套老房子里。",
                "家搬到了天府新区的一个新小区。",
                "又搬回老城区了，新区太远，买个菜都不方便。",
            ),
            "用户现在住在成都哪一片？",
        ),
        (
            (
                "我每天骑电瓶车上班。",
                "上班坐地铁，二号线直达。",
                "新买了辆电瓶车，天天骑着去上班，地铁根本挤不上去。",
            ),
            "用户平常是怎么通勤的？",
        ),
        (
            (
                "我女儿在小区旁边的阳光幼儿园上学。",
                "女儿在外婆家那边的幼儿园上了半年。",
                "女儿回阳光幼儿园了，外婆腰不好带不动。",
            ),
            "用户的女儿在哪个幼儿园？",
        ),
        (
            (
                "我这个手机号一直用的移动。",
                "号码转到联通了，套餐便宜二十块。",
                "携号转网转回移动了，联通在我们小区一格信号都没有。",
            ),
            "用户的手机号用的是哪家运营商？",
        ),
        (
            (
                "我喝咖啡只喝美式。",
                "这阵子每天一杯生椰拿铁。",
                "拿铁太腻了，每天一杯冰美式，提神。",
            ),
            "用户平时喝什么咖啡？",
        ),
        (
            (
                "我的闲钱都放在余额宝里。",
                "手上的钱都存了银行的三年定期。",
                "定期到期了，钱取出来全转进余额宝，随用随取。",
            ),
            "用户手头的闲钱现在存在哪儿？",
        ),
        (
            (
                "我在健身房的私教是阿杰。",
                "私教课跟的是一个女教练，叫小雨。",
                "阿杰休完假回来了，我的课还是他带，小雨的时间排不上。",
            ),
            "用户在健身房跟哪个私教练？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I drive the number 44 bus in Glasgow.",
        "My sister lives up in Aberdeen.",
        "Shellfish makes my throat swell up.",
        "I play the fiddle in a ceilidh band.",
        "We've two cats, Mango and Pickle.",
        "My partner Euan teaches primary seven.",
        "I'm learning Gaelic at night classes.",
        "My birthday's the third of March.",
    ),
    "zh": (
        "我老家是四川宜宾的。",
        "我是一名护士。",
        "我打不了青霉素，一打就过敏。",
        "我弟弟在深圳一家做无人机的公司上班。",
        "家里养了两只虎皮鹦鹉。",
        "我老公开公交车。",
        "我在学弹尤克里里。",
        "我周末喜欢去河边钓鱼。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-third blind set."""
    return with_mentions("colloq23", 23, (("back", BACK),), {}, {}, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
