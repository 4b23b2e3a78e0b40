"""Moves back to an earlier value, most said with no "back" / "again" / 又 / 回, and their
controls: twenty-sixth colloquial blind set (issue 38, helper back26).

Written fresh by back26 before any engine change, on lives, attributes and wording of its own
(a plumber in Leeds; an accountant from Chaozhou working in Guangzhou), and committed as
``benchmarks/data/colloquial_blind26.json`` before anything was run on it. Two kinds:

- ``back`` (``natural_change``), ten a language: three values of one standing attribute, the
  last a move back to the first (A, B, A). Eight of the ten say the return with no "back" /
  "again" / 又 / 回: the returned value in use beside the reason for leaving the middle one
  ("Did legs at PureGym last night, Armley's kit is forever broken"), a judgement ("Nothing
  beats Bryan's haddock on a Friday", 早上还是茶楼一盅两件舒服), a complaint or a bodily
  state; one a language says "again" / 又, one "back" / 回. Only the middle value is stale,
  the last answers.
- ``visit`` (``natural_change``), four a language, the control: the same shape (A, B, then a
  line naming A) where the third line is news or a one-day event about A said with a feeling
  ("Walked past Tony's today, it's been turned into a vape shop", 支付宝又给我推了一堆广告),
  not a return: B still answers, A is stale and the third line is a polluter.

Every user has six other facts of their own written first (as in blind14 and blind16..25),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial26 --dump
benchmarks/data/colloquial_blind26.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind26.json`` splits it by language and kind.
"""

from __future__ import annotations

from dataclasses import replace

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Probe, Scenario
from benchmarks.scenarios_colloquial14 import with_mentions, with_other_facts

TAG = "colloq26"
NOISE = 26

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I lift at the PureGym on Kirkstall Road.",
                "Joined the council leisure centre in Armley, it's half the price.",
                "Did legs at PureGym last night, Armley's kit is forever broken.",
            ),
            "Which gym does the user train at?",
        ),
        (
            (
                "I drive a Ford Transit for work.",
                "The firm's given me a Vauxhall Vivaro to drive.",
                "Loaded the tools into the Transit this morning, "
                "the Vivaro's gone back to the lease company.",
            ),
            "What van does the user drive for work?",
        ),
        (
            (
                "Our quiz team plays Tuesdays at the Fox and Newt.",
                "The quiz team switched to the Thursday quiz at the Brudenell.",
                "Came second at the Fox and Newt on Tuesday, "
                "the Brudenell crowd were too clever by half.",
            ),
            "Where does the user's quiz team play?",
        ),
        (
            (
                "I've a season ticket at Elland Road.",
                "Gave up the season ticket, I watch Leeds on Sky at my brother's.",
                "Renewed at Elland Road, the telly's no substitute for being in the Kop.",
            ),
            "How does the user watch Leeds United play?",
        ),
        (
            (
                "I buy my pipe fittings from Screwfix.",
                "Getting my fittings from a trade merchant in Hunslet now.",
                "Screwfix had everything on the shelf by seven, "
                "the Hunslet lot never open on time.",
            ),
            "Where does the user buy plumbing fittings?",
        ),
        (
            (
                "Friday tea is fish and chips from Bryan's.",
                "We have a curry from the Mumtaz on Friday nights.",
                "Nothing beats Bryan's haddock on a Friday, "
                "the curry was repeating on me all night.",
            ),
            "What does the user have for tea on a Friday?",
        ),
        (
            (
                "I'm on EE for my mobile.",
                "Ported my number over to Three for the unlimited data.",
                "EE's got my number, Three had no signal in half the lofts I work in.",
            ),
            "Who is the user's mobile phone contract with?",
        ),
        (
            (
                "My partner Jo does the school run.",
                "The school run's been mine since Jo started at the hospital.",
                "Jo's taking the kids in, my mornings are rammed with call-outs.",
            ),
            "Who does the school run in the user's family?",
        ),
        (
            (
                "I'm a vegetarian.",
                "I've started eating meat, chicken mostly.",
                "I'm off meat again, I felt sluggish the whole month.",
            ),
            "Is the user eating meat these days?",
        ),
        (
            (
                "I do my own accounts on a spreadsheet.",
                "An accountant in Headingley does my books.",
                "Back doing the books myself, two hundred quid a quarter for that was daft.",
            ),
            "Who keeps the user's business accounts?",
        ),
    ],
    "zh": [
        (
            (
                "我每天早上去楼下茶楼饮早茶。",
                "早餐改成在公司楼下吃肠粉了。",
                "早上还是茶楼一盅两件舒服，肠粉吃多了腻。",
            ),
            "用户早上在哪儿吃早餐？",
        ),
        (
            (
                "我一直用华为的手机。",
                "换了个苹果手机在用。",
                "华为新出的那款到手了，苹果那个信号太差。",
            ),
            "用户现在拿的是哪个牌子的手机？",
        ),
        (
            (
                "我周末去天河体育中心游泳。",
                "周末去白云山爬山锻炼。",
                "周六在天河游了一千米，爬山爬得膝盖受不了。",
            ),
            "用户周末一般怎么锻炼身体？",
        ),
        (
            (
                "家里的钟点工是阿珍姐。",
                "钟点工换成家政公司派来的人了。",
                "阿珍姐周三来搞卫生，公司派的人擦得马马虎虎。",
            ),
            "谁在用户家做钟点工？",
        ),
        (
            (
                "我家宽带是移动的。",
                "宽带办成电信的了，送了个手机号。",
                "移动的师傅上门把宽带装好了，电信那个天天掉线。",
            ),
            "用户家里装的宽带是哪个运营商的？",
        ),
        (
            (
                "我下班坐地铁三号线回家。",
                "下班都打滴滴回去。",
                "三号线挤是挤，比打车快多了，晚高峰堵得要命。",
            ),
            "用户下班怎么回家？",
        ),
        (
            (
                "我爸妈每年在中山一院做体检。",
                "爸妈体检改在家附近的社区医院做了。",
                "带爸妈去中山一院抽了血，社区那边设备太旧。",
            ),
            "用户爸妈在哪家医院体检？",
        ),
        (
            (
                "我女儿在少年宫学钢琴。",
                "女儿的钢琴课换到私教老师家里上了。",
                "女儿周六在少年宫弹了两个钟，私教那边太远了。",
            ),
            "用户女儿在哪儿学钢琴？",
        ),
        (
            (
                "我早上喝一杯黑咖啡。",
                "早上开始喝凉茶了。",
                "又喝上黑咖啡了，凉茶喝得我胃寒。",
            ),
            "用户早上习惯喝什么？",
        ),
        (
            (
                "我的车停在小区地下车库。",
                "车现在停在公司的停车场。",
                "车停回小区车库了，公司停车场一个月要八百。",
            ),
            "用户的车停在哪里？",
        ),
    ],
}

# (A, B, a line of news or a one-day event about A, not a return; query): B answers.
VISIT: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I get my hair cut at Tony's on Briggate.",
                "A barber in Chapel Allerton does my hair these days.",
                "Walked past Tony's today, it's been turned into a vape shop.",
            ),
            "Which barber does the user go to for a haircut?",
        ),
        (
            (
                "We bank with Barclays.",
                "Moved all our accounts over to Nationwide.",
                "Barclays sent me a letter about some old ISA, what a faff.",
            ),
            "Which bank does the user's household use?",
        ),
        (
            (
                "I cycle to the yard every morning.",
                "I get the 16 bus to the yard these days.",
                "Saw a lad come off his bike on Kirkstall Road this morning, scary stuff.",
            ),
            "How does the user get to the yard in the morning?",
        ),
        (
            (
                "Saturday night we order from the Chinese on Otley Road.",
                "Saturday night is pizza from Dough Boys.",
                "The Chinese on Otley Road got a hygiene rating of one, I'm glad we stopped.",
            ),
            "What takeaway does the user order on Saturday night?",
        ),
    ],
    "zh": [
        (
            ("我付钱都用支付宝。", "现在付钱都用微信了。", "支付宝又给我推了一堆广告，烦死了。"),
            "用户平时用什么付款？",
        ),
        (
            (
                "我在天河城那家健身房练。",
                "健身房换到珠江新城那家了。",
                "路过天河城那家健身房，看到在搞周年促销。",
            ),
            "用户现在去哪个健身房？",
        ),
        (
            (
                "家里喝的是农夫山泉的桶装水。",
                "家里装了台净水器，不买桶装水了。",
                "楼下便利店的农夫山泉涨价了，一箱贵了五块。",
            ),
            "用户家喝的水是怎么来的？",
        ),
        (
            (
                "我儿子在小区门口的幼儿园上学。",
                "儿子转到一家双语幼儿园了。",
                "小区门口那家幼儿园今天开运动会，吵得我头疼。",
            ),
            "用户儿子在哪家幼儿园上学？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a self-employed plumber in Leeds.",
        "My sister Kerry lives in Scarborough.",
        "I'm allergic to wasp stings.",
        "We've got two lads, Alfie and Jack.",
        "My dad was a miner in Castleford.",
        "I'm learning to play the drums.",
        "I was born on the second of March.",
        "I've got a bad knee from rugby league.",
    ),
    "zh": (
        "我老家在潮州。",
        "我在广州一家会计师事务所做审计。",
        "我对海鲜过敏，吃了会起疹子。",
        "我哥在深圳开了个小厂。",
        "我家养了一只柯基叫豆豆。",
        "我老公是中学物理老师。",
        "我晚上在学粤剧。",
        "我生日是正月十五。",
    ),
}


def visit_scenario(sid: str, lang: str, noise: int, said: tuple[str, ...], query: str) -> Scenario:
    """A, B, then a line about A that is no return, 14 days apart among five noise lines
    (:func:`~benchmarks.scenarios_colloquial2.change_scenario`'s nodes): B answers, A is
    stale, the line about A is a polluter."""
    sc = colloquial2.change_scenario(sid, lang, noise, said, query)
    probe = Probe(
        query,
        None,
        frozenset({f"{sid}.v1"}),
        stale=frozenset({f"{sid}.v0"}),
        polluters=frozenset({f"{sid}.v2"}),
    )
    return replace(sc, probes=(probe,))


def build() -> list[Scenario]:
    """Every scenario of the twenty-sixth blind set: the moves back, then the controls."""
    out = with_mentions(TAG, NOISE, (("back", BACK),), {}, {}, BACKGROUND)
    visits = [
        visit_scenario(f"{TAG}-visit-{lang}-{i}", lang, i + NOISE, said, q)
        for lang, items in VISIT.items()
        for i, (said, q) in enumerate(items)
    ]
    return out + [with_other_facts(sc, len(out) + n, BACKGROUND) for n, sc in enumerate(visits)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
