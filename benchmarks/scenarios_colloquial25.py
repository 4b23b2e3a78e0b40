"""Remarks about the user's value's own event, and about someone else's event with the user's
value in it, beside the value: twenty-fifth colloquial blind set, mention pollution only
(issue 38, helper remark25).

Written fresh by remark25 before any engine change and before reading the engine's readers'
rules (it knew only the task's description of the misses), on lives, attributes and wording of
its own, and committed as ``benchmarks/data/colloquial_blind25.json`` before anything was run
on it. Per language:

- ``mention`` (``one_offs``, eight): a value naming a thing, place, service or organisation
  (a pool, a surgery, a network, a car model, a school, a shop, a supplier), then that thing's
  own event, said as people say it: a plain past ("had a flood"), a state ("is shut"), a
  passive, a plural brand ("are recalling"), a verbless line ("New owners at ..."), a common
  noun as the value (区图书馆), a value sharing a word with the statement's subject (我家燃气 …
  港华燃气), a shortened name (三中 for 第三中学); the value answers, the remark is pollution.
- ``other`` (``one_offs``, eight): someone else's event with the user's value in it (a
  colleague hurt at the user's five-a-side pitch, a neighbour's cat at the user's vet, Dad's
  card of the user's bank), sometimes with a first-person word of the relation (我爸, "my
  brother-in-law"); the user's value still answers, the remark is pollution.

Every user has six other facts of their own written first (as in blind14 and blind16..23),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial25 --dump
benchmarks/data/colloquial_blind25.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind25.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_other_facts

# (value, remark about the named thing's own event, query)
MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I swim at the Arches leisure pool before work.",
            "The Arches pool has been shut since the boiler packed in.",
            "Where does the user go swimming before work?",
        ),
        (
            "We get our veg box from Riverside Organics.",
            "Riverside Organics got a mention on Countryfile last night.",
            "Who does the user's veg box come from?",
        ),
        (
            "I'm registered at the Millbrook surgery.",
            "Millbrook surgery's phone lines were down all morning.",
            "Which GP practice has the user signed on with?",
        ),
        (
            "My phone's on EE.",
            "EE had an outage across the north-west yesterday, no signal for hours.",
            "Which mobile network is the user's phone on?",
        ),
        (
            "Our family car is a Skoda Octavia estate.",
            "Skoda are recalling a batch of Octavias over a seatbelt fault.",
            "Which make and model is the user's family car?",
        ),
        (
            "The kids are at Oakfield Academy.",
            "Oakfield Academy's Ofsted report is out, good across the board.",
            "Which school do the user's kids attend?",
        ),
        (
            "I get my coffee beans from Grindhouse on Kelvin Street.",
            "New owners at Grindhouse on Kelvin Street as of this month.",
            "Which roaster does the user get coffee beans from?",
        ),
        (
            "Our energy supplier is Octopus.",
            "Octopus's standing charge went up in April, it was on the news.",
            "Which energy supplier is the user with?",
        ),
    ],
    "zh": [
        (
            "我周末常去区图书馆看书。",
            "区图书馆的阅览室在重新刷墙，要闭馆一周。",
            "用户周末一般去哪儿看书？",
        ),
        (
            "我家燃气用的是港华燃气。",
            "港华燃气的营业厅这周六不办公。",
            "用户家用的是哪家公司的燃气？",
        ),
        ("我开的是一辆别克英朗。", "英朗这个月降价了两万。", "用户的车是什么牌子什么型号？"),
        (
            "我每年在美年大健康做体检。",
            "美年大健康被曝出了体检报告造假的新闻。",
            "用户每年在哪家机构体检？",
        ),
        (
            "我孩子在第三中学念初二。",
            "三中的操场在铺新的塑胶跑道。",
            "用户的孩子在哪所中学读书？",
        ),
        (
            "我手机用的是华为Mate40。",
            "Mate40又推送了一个系统更新。",
            "用户用的是哪款手机？",
        ),
        (
            "我常去小区门口那家理发店剪头。",
            "小区门口那家理发店换了个新招牌。",
            "用户一般在哪儿剪头发？",
        ),
        ("我在支付宝上买基金。", "支付宝昨天崩了半个小时，付不了款。", "用户在哪个平台买基金？"),
    ],
}

# (value, someone else's event with the value in it, query)
OTHER: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I play five-a-side at Goals in Hillington on Thursdays.",
            "My brother-in-law tore his hamstring at Goals last week.",
            "Which pitches does the user play five-a-side at?",
        ),
        (
            "We take the caravan to Seaview Park in Filey every summer.",
            "The Hendersons from next door booked a week at Seaview Park too.",
            "Where does the user take the caravan in summer?",
        ),
        (
            "I do my banking with Santander.",
            "Dad's Santander card got cloned, he had to cancel it.",
            "Which bank does the user do the banking with?",
        ),
        (
            "I buy my work shoes from Clarks.",
            "Sophie from accounts just got a job at Clarks in the Trafford Centre.",
            "Where does the user buy work shoes?",
        ),
        (
            "Our family dentist is Dr Patel at Linden Dental.",
            "Jen took her twins to Dr Patel for the first time on Friday.",
            "Who is the user's family dentist?",
        ),
        (
            "I commute on the 42 bus.",
            "A lad at work got his bike nicked so he's on the 42 as well now.",
            "Which bus does the user take to work?",
        ),
        (
            "My podcasts all play through Spotify.",
            "Mum finally signed up for Spotify so she can hear the Archers omnibus.",
            "Which app does the user listen to podcasts on?",
        ),
        (
            "The dog goes to Happy Paws daycare on Wednesdays.",
            "The neighbours' spaniel has started at Happy Paws as well.",
            "Where does the user's dog go for daycare?",
        ),
    ],
    "zh": [
        (
            "我在城东的羽毛球馆打球。",
            "同事小刘上周在城东羽毛球馆扭了脚。",
            "用户在哪儿打羽毛球？",
        ),
        (
            "我存钱都存在建设银行。",
            "我爸的建行卡被取款机吞了，跑了两趟才拿回来。",
            "用户的钱存在哪家银行？",
        ),
        (
            "我每天坐地铁2号线上班。",
            "隔壁张叔也开始坐2号线了，他家搬到了江边。",
            "用户每天怎么去上班？",
        ),
        (
            "我看病一般去市第一人民医院。",
            "表妹在市一院生了个大胖小子。",
            "用户一般去哪家医院看病？",
        ),
        (
            "我家狗在宠爱宠物医院打疫苗。",
            "楼下李姐家的猫在宠爱宠物医院做了绝育。",
            "用户家的狗在哪儿打疫苗？",
        ),
        (
            "我点外卖都用美团。",
            "快递员老王辞职去美团送外卖了。",
            "用户用什么软件点外卖？",
        ),
        (
            "我喝的是蒙牛的纯牛奶。",
            "老同学在蒙牛的工厂找了份质检的工作。",
            "用户喝哪个牌子的牛奶？",
        ),
        (
            "我女儿在金宝贝上早教课。",
            "邻居家的双胞胎上个月也报了金宝贝。",
            "用户的女儿在哪儿上早教？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I work nights as a hospital porter.",
        "My wife Carol teaches piano from home.",
        "I was born in Dundee.",
        "I can't eat shellfish.",
        "I restore old bicycles in the shed.",
        "My brother lives in Cardiff.",
        "We've got an allotment by the railway line.",
        "I follow the rugby league.",
    ),
    "zh": (
        "我是公交车司机，开了十几年了。",
        "我是江西上饶人。",
        "我一吃芒果就嘴巴发痒。",
        "我老婆在超市当收银员。",
        "我家阳台上种了不少多肉。",
        "我弟在深圳做程序员。",
        "我退休前在供电所上班。",
        "我年轻时当过兵。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-fifth blind set: ``mention``, then ``other``."""
    out = [
        colloquial2.oneoff_scenario(f"colloq25-{kind}-{lang}-{i}", lang, i + 25 + k, v, r, q)
        for k, (kind, table) in enumerate((("mention", MENTION), ("other", OTHER)))
        for lang, remarks in table.items()
        for i, (v, r, q) in enumerate(remarks)
    ]
    return [with_other_facts(sc, n, BACKGROUND) for n, sc in enumerate(out)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
