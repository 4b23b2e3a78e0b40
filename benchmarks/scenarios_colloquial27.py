"""Someone else's event or a remark naming the user's value, where the value is a plain common
noun ("the library", 菜市场) or a short name ("Mo's", 二小, 附一), beside real changes of the
user's own value that are often said with another person in them: twenty-seventh colloquial
blind set (issue 38, helper other26).

Written fresh by other26 before any engine change and before reading the engine's readers'
rules (it knew only the task's description of the misses: relations' and colleagues' events
naming the value, common-noun values, short names), on lives, attributes and wording of its
own, and committed as ``benchmarks/data/colloquial_blind27.json`` before anything was run on
it. Per language:

- ``other`` (``one_offs``, eight): a relation's, colleague's or neighbour's event with the
  user's value in it as the place or thing of their act ("Our Kev's signed up at the leisure
  centre too", 隔壁王阿姨在菜市场租了个摊位, 同事家闺女也转到二小了), often with a first-person
  word of the relation (my, 我姐夫, 我对象); the user's value still answers, the remark is
  pollution.
- ``mention`` (``one_offs``, eight): the value's own news where the value is a common noun or
  a short name ("The rec got flooded", "The Taj got five stars", 外校的新校区, 农商行又下调了);
  the value answers, the remark is pollution.
- ``change`` (``natural_change``, eight): the user's own value really replaced, often said with
  someone else as the subject or in the sentence ("The kids started at Brookside Primary after
  half-term", "Dad drops me at college", 儿子转学去了, 我老公帮我把号转到联通了, 表姐在商场开了家
  理发店，我都去她那儿剪了), mostly with no change word; the newer value answers, the older is
  stale. These are the controls: a reading that files another's event as a remark must not
  file these.

Every user has six other facts of their own written first (as in blind14 and blind16..25),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial27 --dump
benchmarks/data/colloquial_blind27.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind27.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_other_facts

# (value, someone else's event with the value in it, query)
OTHER: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I get my hair cut at Mo's on the high street.",
            "My lad's mate has started Saturdays sweeping up at Mo's.",
            "Which barber does the user get a haircut at?",
        ),
        (
            "I use the computers at the library on Tuesday mornings.",
            "The girl across the road has just got a job at the library.",
            "Where does the user go to use a computer on Tuesdays?",
        ),
        (
            "I work out at the leisure centre on Moor Road.",
            "Our Kev's signed up at the leisure centre too, he reckons he'll come with me.",
            "Where does the user work out?",
        ),
        (
            "Our local is the Crown.",
            "Gary from work had his stag do at the Crown on Saturday.",
            "Which pub is the user's local?",
        ),
        (
            "I shop at the big Tesco by the roundabout.",
            "My auntie's been made a supervisor at the big Tesco.",
            "Which supermarket does the user shop at?",
        ),
        (
            "The kids go to St Anne's primary.",
            "Lisa's youngest starts at St Anne's in September.",
            "Which primary school are the user's children at?",
        ),
        (
            "Our mortgage is with the Halifax.",
            "Our Dave's just got his first mortgage through the Halifax as well.",
            "Which bank holds the user's mortgage?",
        ),
        (
            "I help out at the food bank on Saturdays.",
            "A colleague's husband has started volunteering at the food bank.",
            "Where does the user volunteer at weekends?",
        ),
    ],
    "zh": [
        ("我平时在社区医院开药。", "我妈上礼拜在社区医院门口摔了一跤。", "用户平时在哪儿开药？"),
        (
            "我每天早上去菜市场买菜。",
            "隔壁王阿姨在菜市场租了个摊位卖豆腐。",
            "用户每天早上在哪儿买菜？",
        ),
        ("我儿子在二小上三年级。", "同事家闺女也转到二小了。", "用户的儿子在哪所小学读书？"),
        (
            "我下班后在小区健身房练一会儿。",
            "我姐夫也在小区健身房办了张年卡。",
            "用户下班后在哪儿锻炼？",
        ),
        (
            "我看牙一般去附一的口腔科。",
            "表哥前两天在附一做了个阑尾手术。",
            "用户看牙一般去哪家医院？",
        ),
        ("我中午在单位食堂吃饭。", "老张被调到单位食堂当管理员了。", "用户中午在哪儿吃的饭？"),
        ("我工资卡是工行的。", "我对象刚在工行办了张信用卡。", "用户的工资卡办在哪家银行？"),
        (
            "我每周六去老年大学学书法。",
            "楼上刘大爷也报了老年大学的书法班。",
            "用户每周六去哪儿学书法？",
        ),
    ],
}

# (value, the value's own news, query): values that are common nouns or short names
MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "We do the weekly shop at the Co-op in the village.",
            "The Co-op in the village got its windows put in on Friday night.",
            "Where does the user's household do its weekly shop?",
        ),
        (
            "I swim lengths at the lido most mornings.",
            "The lido's closed till Easter while they fix the tiles.",
            "Where does the user swim in the mornings?",
        ),
        (
            "My GP is at the health centre.",
            "The health centre's car park is being dug up all week.",
            "Where is the user registered with a GP?",
        ),
        (
            "The kids have their swimming lessons at the rec.",
            "The rec got flooded after the storm.",
            "Where do the user's kids have swimming lessons?",
        ),
        (
            "I buy my meat at the market.",
            "The market's moving to Sundays over Christmas.",
            "Where does the user get their meat from?",
        ),
        (
            "We get a curry from the Taj most Fridays.",
            "The Taj got five stars on its hygiene rating.",
            "Where does the user get a Friday curry from?",
        ),
        (
            "I'm doing a part-time MA at Leeds Uni.",
            "Leeds Uni's lecturers are out on strike again.",
            "Where is the user studying for the MA?",
        ),
        (
            "I get my MOT done at the garage on Mill Lane.",
            "The garage on Mill Lane was up for sale in the paper.",
            "Where does the user get the MOT done?",
        ),
    ],
    "zh": [
        (
            "我常在街道卫生服务中心量血压。",
            "卫生服务中心这个月在装电梯。",
            "用户一般在哪儿量血压？",
        ),
        ("我闺女在外国语学校读高一。", "外校的新校区下个月启用。", "用户的女儿在哪所学校读书？"),
        ("我平时去新华书店买书。", "新华书店二楼开了个咖啡角。", "用户一般在哪儿买书？"),
        (
            "我周末带孩子去少年宫学画画。",
            "少年宫门口在修路，车开不进去。",
            "用户周末带孩子去哪儿学画画？",
        ),
        ("我的定期存款放在农村商业银行。", "农商行又下调了存款利率。", "用户的定期存在哪家银行？"),
        ("我家用的是电信宽带。", "电信昨晚断网了两个小时。", "用户家里的宽带是哪个运营商装的？"),
        (
            "我常去菜场对面的早餐店吃早饭。",
            "早餐店的老板娘生了二胎，歇业一个月。",
            "用户一般在哪儿吃早饭？",
        ),
        ("我买药一般去大参林。", "大参林搞会员日，全场八八折。", "用户一般去哪家药店买药？"),
    ],
}

# The user's own value replaced, often with someone else in the sentence.
CHANGE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I get my hair done at Cutting Room on Queen Street.",
                "Been going to my sister's hairdresser on Bold Street since the summer.",
            ),
            "Which salon does the user get their hair done at?",
        ),
        (
            (
                "We send the kids to Westfield Primary.",
                "The kids started at Brookside Primary after half-term.",
            ),
            "Which primary school do the user's kids attend now?",
        ),
        (
            (
                "I do my food shop at the Lidl by the station.",
                "My neighbour gives me a lift to the big Morrisons on Thursdays and the "
                "week's shopping gets done there.",
            ),
            "Where does the user do the food shop?",
        ),
        (
            (
                "My current account is with Barclays.",
                "Switched my current account over to Monzo, Barclays kept closing branches.",
            ),
            "Who does the user have a current account with?",
        ),
        (
            (
                "I drink at the Red Lion.",
                "Our crowd drinks at the Fox and Hounds since the Red Lion got new landlords.",
            ),
            "Which pub does the user drink at?",
        ),
        (
            (
                "My swimming's at the leisure centre pool.",
                "Swimming at the new lido these days, the leisure centre's always packed.",
            ),
            "Which pool does the user do their swimming in?",
        ),
        (
            (
                "My GP is Dr Hughes at Park Lane surgery.",
                "Dr Hughes retired and they've put me with Dr Okafor.",
            ),
            "Which doctor is the user down with at the surgery?",
        ),
        (
            (
                "I take the 18 bus to college.",
                "Dad drops me at college on his way in since he got the new job.",
            ),
            "How does the user get to college?",
        ),
    ],
    "zh": [
        (
            (
                "我平时在社区卫生站拿降压药。",
                "降压药改在市中医院开了，医生说那边有进口的。",
            ),
            "用户的降压药在哪儿开？",
        ),
        (("我儿子在一中读高一。", "儿子转学去了外地的实验中学。"), "用户的儿子在哪所学校读高中？"),
        (
            ("我在小区门口的菜店买菜。", "同事拉我进了个团购群，菜都是在群里团的。"),
            "用户平时怎么买菜？",
        ),
        (
            ("我上班骑电动车。", "公司搬到了开发区，我每天挤公交车上下班。"),
            "用户通勤用什么交通工具？",
        ),
        (
            ("我午饭在单位食堂吃。", "食堂承包给外面以后太难吃，我跟老李他们都去对面吃面。"),
            "用户中午一般在哪儿吃？",
        ),
        (
            ("我用的是移动的号。", "我老公帮我把号转到联通了，套餐便宜一半。"),
            "用户的手机号现在在哪家运营商？",
        ),
        (
            ("我周末在老年大学学国画。", "国画班停了，邻居带我去文化馆学太极。"),
            "用户周末去哪儿上课？",
        ),
        (
            ("我剪头一直在楼下的小店。", "表姐在商场开了家理发店，我都去她那儿剪了。"),
            "用户一般在哪儿理发？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I drive a delivery van for a parcel firm.",
        "My husband Neil is a plasterer.",
        "I grew up in Barrow.",
        "Penicillin brings me out in a rash.",
        "I knit cardigans for the grandkids at Christmas.",
        "My daughter lives in Bristol.",
        "I keep a few hens in the back garden.",
        "I support Preston North End.",
    ),
    "zh": (
        "我在物流公司开货车。",
        "我是湖南衡阳人。",
        "我一打青霉素就起疹子。",
        "我老公是做装修的。",
        "我家养了一只橘猫。",
        "我妹在杭州当护士。",
        "我以前在纺织厂上班。",
        "我爱下象棋。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-seventh blind set: ``change``, then ``other``, then
    ``mention``."""
    out = colloquial2.build_set("colloq27", 27, (("change", CHANGE),), {}, {})
    out.extend(
        colloquial2.oneoff_scenario(f"colloq27-{kind}-{lang}-{i}", lang, i + 27 + k, v, r, q)
        for k, (kind, table) in enumerate((("other", OTHER), ("mention", MENTION)))
        for lang, remarks in table.items()
        for i, (v, r, q) in enumerate(remarks)
    )
    return [with_other_facts(sc, n, BACKGROUND) for n, sc in enumerate(out)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
