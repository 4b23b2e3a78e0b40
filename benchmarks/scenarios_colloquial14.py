"""Changes said with no change word, moves back with no cue, replaced style preferences, and
three controls where nothing changes, each told by a user with other facts written first:
fourteenth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale16`` (2026-12-06 16:30 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind13`` uses, and committed as
``benchmarks/data/colloquial_blind14.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word (an order for the future or
  the new value just stated); the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A) said with no word that
  says so and naming only the value returned to; only the middle one is stale.
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, X, A, A again: either statement of A answers, X is stale.
- ``oneoff``: controls, a habit and then a remark about one day: the habit answers, the remark
  above it counts as pollution.
- ``mention``: controls, a value and then a remark that only mentions the attribute's subject
  and states no value: the value answers, the remark above it counts as pollution.

Unlike the earlier sets, whose write-time pools held only the attribute's own values (their
noise lines are events), every user here has six other facts of their own written in the
twelve days before the first value (``BACKGROUND``, rotated): the writer's comparison meets
the user's other facts as it does in use (stale15's "left").

``python -m benchmarks.scenarios_colloquial14 --dump benchmarks/data/colloquial_blind14.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind14.json`` splits it by language and kind (ids
``colloq14-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario, ScenarioNode
from benchmarks.scenarios_colloquial import _T0

Change = tuple[tuple[str, ...], str]
Remark = tuple[str, str, str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I bake with Allinson's bread flour.",
                "Order me the Shipton Mill flour for the loaves, the big sack.",
            ),
            "Which bread flour does the user bake with?",
        ),
        (
            (
                "My osteopath is Dr Greaves in Kenilworth.",
                "Book my back in with the osteopath at the Spa Clinic, Anna.",
            ),
            "Who is the user's osteopath?",
        ),
        (
            (
                "We buy Westland compost for the garden.",
                "Get the peat-free compost from the garden centre, the Melcourt one.",
            ),
            "Which compost does the user buy?",
        ),
        (
            (
                "Our energy supplier is British Gas.",
                "Put the gas and electric with Octopus, the tracker tariff.",
            ),
            "Who is the user's energy supplier?",
        ),
        (
            (
                "Friday sushi comes from Yo! Sushi.",
                "Friday sushi from the little Japanese place on Bath Street, order at seven.",
            ),
            "Where does the user's Friday sushi come from?",
        ),
        (
            (
                "Our honey is Rowse.",
                "Honey from the beekeeper at the Saturday market, the set one.",
            ),
            "Which honey does the user buy?",
        ),
    ],
    "zh": [
        (("做面包用金像面粉。", "面粉给我买王后的高筋粉，五公斤装。"), "用户做面包用什么面粉？"),
        (("针灸在中医院找李大夫扎。", "针灸约社区诊所的孙大夫，离家近。"), "用户找谁做针灸？"),
        (("家里订的是《扬子晚报》。", "报纸给我订《南方周末》，每周四送。"), "用户家订什么报纸？"),
        (
            ("周五的寿司点争鲜的外卖。", "周五寿司点楼下那家日料小店，七点送到。"),
            "用户周五的寿司在哪点？",
        ),
        (("蜂蜜买的是冠生园的。", "蜂蜜给我买养蜂人老黄的槐花蜜。"), "用户买哪家的蜂蜜？"),
        (
            ("家里擦玻璃请的是保洁阿姨小刘。", "擦玻璃找那家专业公司，一个月一次。"),
            "用户家谁来擦玻璃？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We use Colman's mustard.",
                "Mustard is the Maille dijon, the posh jar.",
                "Colman's on the table with the sausages.",
            ),
            "Which mustard does the user use?",
        ),
        (
            (
                "I play chess with my neighbour Arthur.",
                "Chess is with Priya from the club, Thursday nights.",
                "Chess with Arthur on Sunday, he's getting sharper.",
            ),
            "Who does the user play chess with?",
        ),
        (
            (
                "I play golf at Forest Pines.",
                "Golf's at the municipal course, much cheaper.",
                "Golf at Forest Pines on Saturday, tee time at nine.",
            ),
            "Where does the user play golf?",
        ),
        (
            (
                "Our cheese is Cathedral City.",
                "Cheese is the Wensleydale from the deli.",
                "Cathedral City in the fridge, the mature.",
            ),
            "Which cheese does the user buy?",
        ),
        (
            (
                "My slippers are from Debenhams.",
                "Slippers are the Ugg ones my sister recommended.",
                "Debenhams slippers for the winter, the moccasins.",
            ),
            "Where does the user get slippers?",
        ),
        (
            (
                "My podiatrist is Mrs Kaur.",
                "Feet are seen by Ben at the health centre.",
                "Mrs Kaur for my feet on Thursday, she's gentle.",
            ),
            "Who does the user see for their feet?",
        ),
    ],
    "zh": [
        (
            ("芥末用日本的山葵酱。", "芥末用的是超市散装的。", "日本山葵酱蘸生鱼片。"),
            "用户家用什么芥末？",
        ),
        (
            ("打桥牌的搭档是王阿姨。", "桥牌搭档是俱乐部的老陈。", "桥牌跟王阿姨搭，周三有比赛。"),
            "用户打桥牌的搭档是谁？",
        ),
        (
            ("台球在体育馆那家打。", "台球在公司旁边的球房打。", "台球在体育馆打，周五约了。"),
            "用户在哪打台球？",
        ),
        (
            ("火锅吃海底捞。", "火锅吃楼下那家重庆老火锅。", "火锅吃海底捞，服务好。"),
            "用户吃哪家火锅？",
        ),
        (
            ("拖鞋在宜家买。", "拖鞋买的是网上的无印良品。", "拖鞋在宜家买的，冬款。"),
            "用户在哪买拖鞋？",
        ),
        (
            ("冬天的柴火从山下老周家买。", "柴火从林场拉的。", "柴火今年冬天从老周家拉两车。"),
            "用户的柴火从哪买？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Tell me film runtimes in hours and minutes.",
                "Film runtimes in minutes only for me, easier to add up.",
            ),
            "How should film runtimes be given to the user?",
        ),
        (
            (
                "Write my thank-you notes short.",
                "Thank-you notes a full page for me, like a proper letter.",
            ),
            "How long should the user's thank-you notes be?",
        ),
        (
            (
                "Write my birthday cards in a funny tone.",
                "Birthday card messages heartfelt for me, no jokes.",
            ),
            "What tone should the user's birthday card messages have?",
        ),
        (
            (
                "Put the word count at the top of my essays.",
                "Word counts at the bottom of my essays, after the references.",
            ),
            "Where should the word count go in the user's essays?",
        ),
        (
            (
                "Plan my meals week by week.",
                "Meal plans day by day for me, what to cook each evening.",
            ),
            "How should the user's meals be planned?",
        ),
        (
            (
                "Translate foreign words for me in brackets.",
                "Foreign words with a footnote for me, keep the text clean.",
            ),
            "How should foreign words be explained to the user?",
        ),
    ],
    "zh": [
        (
            ("电影时长给我说几小时几分钟。", "电影时长只说分钟数，好算。"),
            "电影时长怎么告诉用户？",
        ),
        (("感谢信给我写短点。", "感谢信写满一页，像正式的信那样。"), "用户的感谢信写多长？"),
        (
            ("生日贺卡给我写得搞笑点。", "生日贺卡写得走心点，别开玩笑。"),
            "用户的生日贺卡用什么语气？",
        ),
        (("论文字数给我标在开头。", "论文字数标在末尾，参考文献后面。"), "用户论文的字数标在哪？"),
        (("饭菜计划按周排。", "饭菜计划按天排，每天晚上做什么写清楚。"), "用户的饭菜计划怎么排？"),
        (
            ("外文词给我在括号里注中文。", "外文词用脚注解释，正文保持干净。"),
            "外文词怎么给用户解释？",
        ),
    ],
}

REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We drink Tropicana orange juice.",
                "Get the Innocent orange juice with bits.",
                "Innocent juice with bits for breakfast, the big carton.",
            ),
            "Which orange juice does the user drink?",
        ),
        (
            (
                "Our spare keys are with our neighbour Doreen.",
                "Spare keys live in the key safe by the back door.",
                "Key safe by the back door has the spares, code's my birthday.",
            ),
            "Where does the user keep their spare keys?",
        ),
        (
            (
                "I wear Nivea suncream.",
                "SPF is La Roche-Posay, factor fifty.",
                "La Roche-Posay on my face in the garden.",
            ),
            "Which suncream does the user wear?",
        ),
        (
            (
                "We buy Warburtons crumpets.",
                "Crumpets from the farm shop, the proper ones.",
                "Farm shop crumpets for Sunday, a dozen.",
            ),
            "Where does the user get crumpets?",
        ),
        (
            (
                "Our mattress is from Dreams.",
                "Mattress is the Simba hybrid.",
                "Simba hybrid on our bed, my back's better.",
            ),
            "Which mattress does the user sleep on?",
        ),
        (
            (
                "Our holiday cottages are booked through Sykes.",
                "Cottages through Airbnb, cheaper.",
                "Airbnb for the Pembrokeshire cottage this summer.",
            ),
            "How does the user book holiday cottages?",
        ),
    ],
    "zh": [
        (
            ("家里喝汇源果汁。", "果汁给我买零度果坊的。", "零度果坊的果汁早上喝，买大瓶的。"),
            "用户家喝什么果汁？",
        ),
        (
            ("早餐的馒头在超市买。", "馒头在菜市场老张家买。", "老张家的馒头，一次买十个。"),
            "用户在哪买馒头？",
        ),
        (
            ("骑行服是迪卡侬的。", "骑行服买的是拉法，贵但舒服。", "拉法骑行服，周末骑行穿。"),
            "用户穿什么牌子的骑行服？",
        ),
        (
            ("度假民宿在携程上订。", "民宿都在小猪上订，便宜。", "小猪上订了大理的民宿。"),
            "用户在哪订民宿？",
        ),
        (
            ("床垫是慕思的。", "床垫买的是喜临门的。", "喜临门床垫睡着腰舒服。"),
            "用户睡什么牌子的床垫？",
        ),
        (
            ("院子请园丁老吴打理。", "院子交给物业的绿化队打理。", "绿化队来修了院子的草。"),
            "用户家院子谁打理？",
        ),
    ],
}

# (the habit, a later remark about one day, question)
ONEOFF: dict[str, list[Remark]] = {
    "en": [
        (
            "I wind the grandfather clock on Sundays.",
            "Wound the grandfather clock on Tuesday, forgot at the weekend.",
            "When does the user wind the grandfather clock?",
        ),
        (
            "I polish my shoes on Sunday night.",
            "Polished my shoes on the bus this morning, forgot last night.",
            "When does the user polish their shoes?",
        ),
        (
            "I badge in at the side door at work.",
            "Came in the front entrance today, the side door was locked.",
            "Which door does the user use at work?",
        ),
        (
            "I dry my hair with a towel.",
            "Used the hairdryer today, meeting at nine.",
            "How does the user dry their hair?",
        ),
        (
            "I sit in the quiet coach on the train.",
            "Sat in the buffet car today, the quiet coach was rammed.",
            "Where does the user sit on the train?",
        ),
        (
            "I sharpen the kitchen knives on Sundays.",
            "Sharpened the knives on Friday, the roast needed carving.",
            "When does the user sharpen the kitchen knives?",
        ),
    ],
    "zh": [
        (
            "每周日给老座钟上发条。",
            "周末忘了，周二才给座钟上的发条。",
            "用户什么时候给座钟上发条？",
        ),
        ("周日晚上擦皮鞋。", "昨晚忘了，今早在公交上擦的皮鞋。", "用户什么时候擦皮鞋？"),
        ("上班走侧门刷卡进。", "今天侧门锁了，从正门进的。", "用户上班走哪个门？"),
        ("洗完头我用毛巾擦干。", "今天九点开会，用吹风机吹的头发。", "用户怎么弄干头发？"),
        ("坐高铁我选静音车厢。", "今天静音车厢满了，坐在餐车。", "用户坐高铁坐哪节车厢？"),
        ("周日磨菜刀。", "周五就把菜刀磨了，要切烤肉。", "用户什么时候磨菜刀？"),
    ],
}

# (the value, a later remark that only mentions the attribute's subject, question)
MENTION: dict[str, list[Remark]] = {
    "en": [
        (
            "My sister-in-law is an air traffic controller.",
            "French air traffic controllers are on strike, flights cancelled everywhere.",
            "What is the user's sister-in-law's job?",
        ),
        (
            "I play the trombone in the brass band.",
            "The brass band's conductor is moving to Leeds, sad news.",
            "What does the user play in the brass band?",
        ),
        (
            "Our narrowboat is moored at Braunston.",
            "Canal licence fees are going up, the trust announced it.",
            "Where is the user's narrowboat moored?",
        ),
        (
            "We go to Pembrokeshire every Easter.",
            "Easter traffic on the motorway is always a nightmare.",
            "Where does the user go every Easter?",
        ),
        (
            "I'm the secretary of the bowls club.",
            "The bowls club's green is being re-turfed.",
            "What role does the user have at the bowls club?",
        ),
        (
            "I guide at the museum on Saturday mornings.",
            "The museum's café has closed, everyone's gutted.",
            "Where does the user guide on Saturday mornings?",
        ),
    ],
    "zh": [
        (
            "我嫂子是空中交通管制员。",
            "新闻说法国空管在罢工，航班全取消了。",
            "用户的嫂子是干什么的？",
        ),
        ("我在铜管乐队吹长号。", "乐队的指挥要调去外地了，挺舍不得。", "用户在铜管乐队吹什么？"),
        (
            "我们的游艇停在东部华侨城的码头。",
            "码头管理费今年涨了，船主们都在骂。",
            "用户的游艇停在哪？",
        ),
        ("每年清明回老家扫墓。", "清明高速堵得要命，年年如此。", "用户每年清明去哪？"),
        ("我是门球协会的秘书。", "门球场要重新铺草皮了。", "用户在门球协会担任什么？"),
        (
            "每周六上午在博物馆当讲解员。",
            "博物馆的咖啡厅关门了，大家都很可惜。",
            "用户每周六上午在哪当讲解员？",
        ),
    ],
}

# The user's other facts, on attributes no scenario here asks about; six of them, rotated,
# are written before each scenario's first value.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a radiographer at Warwick Hospital.",
        "My husband Tom drives for a delivery firm.",
        "We live in a terraced house in Leamington.",
        "I'm allergic to shellfish.",
        "Our son Alfie is in Year 4.",
        "I drive a grey Skoda Octavia.",
        "I support Coventry City.",
        "My birthday is on the 3rd of May.",
        "I'm learning Portuguese at night school.",
        "Our cat is called Pickles.",
        "I play netball on Thursday nights.",
        "My mum lives in Stratford.",
    ),
    "zh": (
        "我在市二院做放射科技师。",
        "我老公在快递公司开车。",
        "我们住在老城区的一套两居室。",
        "我对海鲜过敏。",
        "儿子在读小学四年级。",
        "我开一辆灰色的斯柯达。",
        "我是申花的球迷。",
        "我生日是五月三号。",
        "我晚上在夜校学葡萄牙语。",
        "家里的猫叫豆豆。",
        "每周四晚上打篮球。",
        "我妈住在郊县。",
    ),
}
OTHER_FACTS = 6


def with_other_facts(
    sc: Scenario, n: int, background: dict[str, tuple[str, ...]] = BACKGROUND
) -> Scenario:
    """``sc`` with six of its language's ``background`` facts (from the ``n``-th on) written
    two days apart in the twelve days before the first value."""
    facts = background[sc.lang]
    extra = [
        ScenarioNode(
            f"{sc.id}.f{k}",
            facts[(n + k) % len(facts)],
            "fact",
            None,
            _T0 - timedelta(days=2 * (OTHER_FACTS - k)),
        )
        for k in range(OTHER_FACTS)
    ]
    nodes = tuple(sorted((*extra, *sc.nodes), key=lambda node: node.created_at))
    return replace(sc, nodes=nodes)


def with_mentions(
    tag: str,
    noise: int,
    kinds: Sequence[tuple[str, dict[str, list[colloquial2.Change]]]],
    oneoffs: dict[str, list[tuple[str, str, str]]],
    mentions: dict[str, list[tuple[str, str, str]]],
    background: dict[str, tuple[str, ...]],
) -> list[Scenario]:
    """A later set's scenarios: its change kinds and one-off remarks
    (:func:`~benchmarks.scenarios_colloquial2.build_set`), then its mention remarks (``(value,
    remark, query)``, ids ``<tag>-mention-<lang>-<i>``), each user with six ``background``
    facts first (:func:`with_other_facts`). Shared by the sixteenth and later sets."""
    out = colloquial2.build_set(tag, noise, kinds, {}, oneoffs)
    for lang, remarks in mentions.items():
        out.extend(
            colloquial2.oneoff_scenario(f"{tag}-mention-{lang}-{i}", lang, i + noise, v, r, q)
            for i, (v, r, q) in enumerate(remarks)
        )
    return [with_other_facts(sc, n, background) for n, sc in enumerate(out)]


def build() -> list[Scenario]:
    """Every scenario of the fourteenth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("back", BACK), ("style", STYLE))
    out = colloquial2.build_set("colloq14", 14, kinds, REPEAT, ONEOFF)
    for lang, remarks in MENTION.items():
        out.extend(
            colloquial2.oneoff_scenario(f"colloq14-mention-{lang}-{i}", lang, i + 14, v, r, q)
            for i, (v, r, q) in enumerate(remarks)
        )
    return [with_other_facts(sc, n) for n, sc in enumerate(out)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
