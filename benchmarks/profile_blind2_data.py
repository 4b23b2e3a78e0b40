"""A second blind set of theme questions: themes with and without a shared word, and users
with no theme at all (issue 38, helper profile9).

Written and committed on 2026-12-05 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind2_data`` writes
``benchmarks/data/profile_blind2.json``; :mod:`benchmarks.profile_blind2` runs it.

Six users a language have two themes each, said as events over five weeks among unrelated
remarks:

* a **worded** theme: its four episodes share a word (a name, "allotment", 钓鱼);
* a **wordless** theme: its four episodes are about one thing (a pregnancy, learning to
  drive, moving house) but share no content word, in English nor in Chinese (no character
  of a word either): only their meaning holds them together.

Each theme carries a ``gist``: the conclusion a profile of it should let the model draw (for
the reader; the figures read the profile's sources). Two theme questions a theme, in words
the episodes mostly do not use; two fact questions a user: one about an unrelated remark, one
about a single episode of the wordless theme (a profile must not crowd out the fact asked for;
a profile quoting the episode answers it).

Two further users a language have only unrelated remarks (fourteen, of different matters,
some of them sharing an everyday setting: work, home, the weekend): any profile made for them
is a **false theme**. Three fact questions each.

Days: worded theme 1, 8, 15, 24; wordless theme 3, 11, 19, 28; remarks spread over 0-33;
one deep maintenance run 30 days after the last remark.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "profile_blind2.json"
WORDED_DAYS = (1, 8, 15, 24)
WORDLESS_DAYS = (3, 11, 19, 28)
OTHER_DAYS = (0, 5, 13, 17, 22, 31)
NOISE_DAYS = (0, 2, 4, 7, 9, 12, 14, 16, 18, 21, 23, 26, 29, 33)

# (id, lang,
#  (worded theme, gist, episodes, questions),
#  (wordless theme, gist, episodes, questions),
#  other remarks,
#  (remark index, question), (wordless episode index, question))
Theme = tuple[str, str, tuple[str, ...], tuple[str, ...]]
History = tuple[str, str, Theme, Theme, tuple[str, ...], tuple[int, str], tuple[int, str]]

HISTORIES: tuple[History, ...] = (
    (
        "en-ava",
        "en",
        (
            "allotment",
            "grows vegetables on an allotment",
            (
                "Dug over the whole allotment bed ready for the potatoes.",
                "The slugs have eaten half my lettuces at the allotment.",
                "Picked the first courgettes from the allotment, so proud.",
                "Spent Sunday at the allotment putting up bean poles.",
            ),
            ("What do I grow?", "Where do I spend my time outdoors?"),
        ),
        (
            "pregnancy",
            "is expecting a baby",
            (
                "The midwife says everything looks normal so far.",
                "Twenty-week scan on Thursday, we saw a tiny hand waving.",
                "Painted the nursery pale yellow with Sam.",
                "Can't stand the smell of coffee since the first trimester.",
            ),
            ("Am I expecting?", "How is the pregnancy going?"),
        ),
        (
            "My laptop charger stopped working.",
            "Booked a dentist check-up for March.",
            "Our neighbour's cat got stuck up the oak tree.",
            "Renewed the car insurance with a cheaper company.",
            "Watched the new Wes Anderson film, loved the colours.",
            "My brother lent me his camping stove.",
        ),
        (3, "Who insures my car?"),
        (2, "What colour is the nursery?"),
    ),
    (
        "en-ben",
        "en",
        (
            "chess",
            "plays chess at a club",
            (
                "Lost my chess game at the club on time, so frustrating.",
                "Studied the Sicilian defence for my next chess match.",
                "Won a chess tournament game with a knight sacrifice.",
                "My chess rating went up to 1650.",
            ),
            ("What board game am I into?", "How is my game going at the club?"),
        ),
        (
            "sailing",
            "is learning to sail",
            (
                "Took the dinghy out on the estuary and capsized twice.",
                "Finally learnt to tie a proper bowline.",
                "Wind was force five, we had to reef the mainsail.",
                "Passed my RYA level two at the harbour.",
            ),
            ("What water sport am I learning?", "How am I getting on with boats?"),
        ),
        (
            "My landlord is raising the rent in April.",
            "Ordered a standing desk for the flat.",
            "My niece started primary school.",
            "The bus strike made me late for work.",
            "Tried the new ramen place on Deansgate.",
            "Lost my reading glasses somewhere in the house.",
        ),
        (0, "When does my rent go up?"),
        (3, "Which sailing level did I pass?"),
    ),
    (
        "en-cara",
        "en",
        (
            "grandad",
            "looks after her grandad",
            (
                "Grandad fell in the garden, but nothing was broken.",
                "Took Grandad his shopping and we played cards.",
                "Grandad keeps forgetting to take his pills.",
                "Sat with Grandad at the care home assessment.",
            ),
            ("Which relative needs my help?", "How is my grandfather doing?"),
        ),
        (
            "japanese",
            "is learning Japanese",
            (
                "Finally memorised all the hiragana.",
                "Kanji flashcards on the train for half an hour.",
                "My tutor Kenji says my keigo sounds too stiff.",
                "Watched an anime without subtitles and understood about a third.",
            ),
            ("Which language am I studying?", "How is my language learning going?"),
        ),
        (
            "The washing machine is leaking again.",
            "My friend Ruth is moving to Canada.",
            "Got a parking ticket outside the library.",
            "The office is switching to a four-day week trial.",
            "Made a lasagne for the first time.",
            "Signed up to give blood next month.",
        ),
        (1, "Who is moving abroad?"),
        (2, "What is my tutor's name?"),
    ),
    (
        "en-dev",
        "en",
        (
            "sourdough",
            "bakes sourdough bread",
            (
                "Fed the sourdough starter, it's bubbling nicely.",
                "My sourdough loaf came out flat as a pancake.",
                "Got a proper ear on the sourdough this time.",
                "Gave a sourdough loaf to the neighbours.",
            ),
            ("What do I bake?", "How is my baking hobby going?"),
        ),
        (
            "moving",
            "is moving house",
            (
                "The removal van is arranged for the twelfth.",
                "Packed forty boxes of novels on Saturday.",
                "Solicitor says exchange of contracts could be Friday.",
                "Got the keys to the place on Elm Road!",
            ),
            ("Am I moving house?", "How is my move going?"),
        ),
        (
            "My phone screen cracked when I dropped it.",
            "My sister passed her driving test.",
            "The team offsite is in Brighton.",
            "Started taking vitamin D tablets.",
            "Our boiler needs a new part.",
            "Watched the rugby at the pub with Jay.",
        ),
        (2, "Where is the team offsite?"),
        (0, "When is the removal van booked?"),
    ),
    (
        "en-eli",
        "en",
        (
            "biscuit",
            "has a dog called Biscuit",
            (
                "Biscuit chewed through the sofa cushion.",
                "Took Biscuit to the vet for her jabs.",
                "Biscuit finally learnt to sit on command.",
                "Long walk on the common with Biscuit.",
            ),
            ("Tell me about my pet.", "How is my dog doing?"),
        ),
        (
            "insomnia",
            "sleeps badly",
            (
                "Awake at 3am again, staring at the ceiling.",
                "The GP suggested no screens before bed.",
                "Tried melatonin, it barely helped.",
                "Only managed four hours of kip.",
            ),
            ("Why am I so tired?", "Do I have trouble sleeping?"),
        ),
        (
            "The council is digging up our street.",
            "I'm reading a biography of Ada Lovelace.",
            "My manager approved my holiday for May.",
            "Bought a secondhand bike for commuting.",
            "The pub quiz team came second.",
            "Mum's birthday is on the ninth.",
        ),
        (5, "When is Mum's birthday?"),
        (2, "What did I try for my sleep?"),
    ),
    (
        "en-finn",
        "en",
        (
            "band",
            "plays in a band",
            (
                "The band rehearsed our new song for three hours.",
                "Our band played a gig at the Crown, full house.",
                "The band's drummer might quit.",
                "Recorded a demo with the band in Leo's garage.",
            ),
            ("Do I make music with other people?", "How are things with my group?"),
        ),
        (
            "kitchen",
            "is renovating the kitchen",
            (
                "The plasterer finally turned up.",
                "Chose oak worktops and brass handles.",
                "Tiler cracked two of the splashback tiles.",
                "Sink gets plumbed in on Monday.",
            ),
            ("What home improvement am I doing?", "How is the renovation going?"),
        ),
        (
            "My flight to Dublin got cancelled.",
            "Gran sent me a knitted scarf.",
            "Switched my bank to Monzo.",
            "The gym membership went up by five pounds.",
            "Found a great podcast about Roman history.",
            "My flatmate adopted a hamster.",
        ),
        (2, "Which bank am I with?"),
        (1, "What worktops did I choose?"),
    ),
    (
        "zh-lin",
        "zh",
        (
            "钓鱼",
            "喜欢钓鱼",
            (
                "周末去水库钓鱼，钓了三条鲫鱼。",
                "新买的鱼竿很顺手，钓鱼轻松多了。",
                "夜钓到凌晨两点，一条没钓到。",
                "和老张去河边钓鱼，他钓到一条大草鱼。",
            ),
            ("我有什么爱好？", "我周末一般去哪儿玩？"),
        ),
        (
            "装修",
            "在装修房子",
            (
                "瓦工师傅终于来了。",
                "橱柜选了白色，把手是黄铜的。",
                "墙面刷了第二遍乳胶漆。",
                "水电验收通过了。",
            ),
            ("我家在搞什么工程？", "新家弄得怎么样了？"),
        ),
        (
            "手机屏幕摔碎了。",
            "女儿下个月要参加钢琴考级。",
            "公司年会定在一月中旬。",
            "车子该做保养了。",
            "昨晚看了一部韩国电影。",
            "楼下新开了一家面馆。",
        ),
        (2, "公司年会什么时候？"),
        (1, "橱柜选的什么颜色？"),
    ),
    (
        "zh-wang",
        "zh",
        (
            "女儿",
            "关心上高中的女儿",
            (
                "女儿期中考试数学考了第一。",
                "女儿跟我闹别扭，一晚上不说话。",
                "给女儿报了个暑期夏令营。",
                "女儿的班主任打电话说她上课走神。",
            ),
            ("我家孩子最近怎么样？", "我在为谁操心？"),
        ),
        (
            "学驾照",
            "在学开车考驾照",
            (
                "科目二又没过，入库老是歪。",
                "教练说我方向盘打得太晚。",
                "靠边停折腾了一下午，总压线。",
                "下周约了路考。",
            ),
            ("我在考什么证？", "我学得怎么样了？"),
        ),
        (
            "冰箱冷藏室不制冷了。",
            "老同学聚会定在周六。",
            "医保卡丢了，要去补办。",
            "买了两盆绿萝放在阳台。",
            "部门新来了一个实习生。",
            "小区停水了一整天。",
        ),
        (2, "我丢了什么卡？"),
        (1, "教练说我哪里不对？"),
    ),
    (
        "zh-chen",
        "zh",
        (
            "咪咪",
            "养了一只叫咪咪的猫",
            (
                "咪咪把沙发抓坏了。",
                "带咪咪去打了疫苗。",
                "咪咪最近掉毛特别厉害。",
                "给咪咪换了新的猫粮。",
            ),
            ("我养了什么宠物？", "我家猫怎么样？"),
        ),
        (
            "怀孕",
            "怀孕了",
            (
                "产检一切正常。",
                "B超看到小手在动。",
                "早上吐得没那么厉害了。",
                "婴儿床到货了。",
            ),
            ("我是不是有喜了？", "宝宝情况怎么样？"),
        ),
        (
            "电脑开不了机了。",
            "表哥下个月结婚。",
            "报了一个周末的插花课。",
            "物业费涨了。",
            "在网上买了一件羽绒服。",
            "同事请我吃了火锅。",
        ),
        (1, "谁要结婚了？"),
        (3, "婴儿床到了吗？"),
    ),
    (
        "zh-zhao",
        "zh",
        (
            "羽毛球",
            "打羽毛球",
            (
                "下班和同事打了两小时羽毛球。",
                "新买的羽毛球拍手感不错。",
                "羽毛球比赛进了八强。",
                "打羽毛球把脚崴了。",
            ),
            ("我平时做什么运动？", "我的球打得怎么样？"),
        ),
        (
            "考研",
            "在准备考研",
            (
                "背了一上午英语单词。",
                "政治选择题错了一半。",
                "数学卷子做到第三套了。",
                "离初试还有四十天。",
            ),
            ("我在准备什么考试？", "我复习得怎么样？"),
        ),
        (
            "房东要涨房租。",
            "给奶奶买了一台按摩椅。",
            "高铁票抢到了。",
            "朋友送了我一盆多肉。",
            "眼镜腿断了。",
            "单位体检查出有点脂肪肝。",
        ),
        (5, "体检查出了什么？"),
        (2, "数学卷子做到第几套了？"),
    ),
    (
        "zh-liu",
        "zh",
        (
            "妈妈",
            "担心妈妈的身体",
            (
                "妈妈血压又高了，让她按时吃药。",
                "陪妈妈去医院复查。",
                "妈妈说膝盖疼，上楼很吃力。",
                "给妈妈买了一个血压计。",
            ),
            ("我家里谁身体不好？", "我母亲的健康怎么样？"),
        ),
        (
            "失眠",
            "睡眠不好",
            (
                "凌晨三点又醒了，盯着天花板。",
                "医生让我上床前别看手机。",
                "吃了褪黑素也没用。",
                "昨天只合眼了四个小时。",
            ),
            ("我为什么总是很累？", "我晚上休息得好吗？"),
        ),
        (
            "公司搬到了浦东。",
            "侄子考上了大学。",
            "信用卡账单出错了。",
            "学会了做红烧肉。",
            "楼上装修吵得不行。",
            "报名了下个月的半马。",
        ),
        (0, "公司搬到哪儿了？"),
        (2, "我吃了什么助眠的？"),
    ),
    (
        "zh-sun",
        "zh",
        (
            "吉他",
            "在学吉他",
            (
                "吉他练了一晚上，手指都磨破了。",
                "终于能用吉他弹完整首《晴天》了。",
                "给吉他换了一套新琴弦。",
                "周末去上了吉他课。",
            ),
            ("我在学什么乐器？", "我的琴练得怎么样？"),
        ),
        (
            "搬家",
            "在搬家",
            (
                "搬家公司约了12号。",
                "打包了四十箱书。",
                "房东同意退押金了。",
                "新住处的钥匙终于到手了。",
            ),
            ("我是不是要换地方住了？", "我的新住所安顿得怎么样？"),
        ),
        (
            "老板让我下周出差去成都。",
            "外婆八十大寿。",
            "网购的耳机是坏的。",
            "同学介绍了一个对象。",
            "牙疼了好几天。",
            "单位发了两张电影票。",
        ),
        (0, "我要去哪儿出差？"),
        (1, "我打包了多少箱书？"),
    ),
)

# Users with only unrelated remarks: (id, lang, remarks, (remark index, question) x 3).
NOISE: tuple[tuple[str, str, tuple[str, ...], tuple[tuple[int, str], ...]], ...] = (
    (
        "en-gus",
        "en",
        (
            "My passport expires in October.",
            "The printer at work jammed again.",
            "Had a lovely Thai curry at Noodle Bar.",
            "Our street is having a jumble sale on Saturday.",
            "My cousin Pete got engaged.",
            "The dishwasher started making a grinding noise.",
            "Booked tickets for the Monet exhibition.",
            "Lost my gym card.",
            "My manager is leaving for a job in Leeds.",
            "Planted tulip bulbs by the front door.",
            "The train was cancelled so I worked from home.",
            "Bought a new winter coat in the sale.",
            "My eye test showed I need glasses for driving.",
            "Helped my neighbour move a wardrobe.",
        ),
        (
            (0, "When does my passport expire?"),
            (8, "Where is my manager going?"),
            (12, "What did the eye test show?"),
        ),
    ),
    (
        "en-iris",
        "en",
        (
            "The electricity bill doubled this quarter.",
            "My friend Zoe had twins.",
            "Spilled coffee on my keyboard.",
            "Went to a salsa class for the first time.",
            "The school run took forever because of roadworks.",
            "Our holiday to Crete is booked for June.",
            "I finished the crossword without help.",
            "The fridge light is broken.",
            "My team won the quiz at the office party.",
            "Donated old clothes to the charity shop.",
            "My tooth filling fell out.",
            "Got a letter about jury service.",
            "Tried paddle boarding on holiday.",
            "My nephew is learning the trumpet.",
        ),
        (
            (5, "Where are we going on holiday?"),
            (11, "What letter did I get?"),
            (1, "Who had twins?"),
        ),
    ),
    (
        "zh-zhou",
        "zh",
        (
            "护照十月份到期。",
            "单位的打印机又卡纸了。",
            "在街口吃了一碗牛肉面。",
            "表妹订婚了。",
            "洗碗机有怪声。",
            "买了两张看话剧的票。",
            "健身卡找不到了。",
            "领导要调去深圳了。",
            "在阳台种了几棵番茄。",
            "地铁停运，只好在家办公。",
            "商场打折买了件大衣。",
            "视力检查说开车要戴眼镜。",
            "帮邻居搬了个衣柜。",
            "老家寄来了一箱橘子。",
        ),
        (
            (0, "我的护照什么时候到期？"),
            (7, "领导要调去哪里？"),
            (11, "视力检查结果怎么样？"),
        ),
    ),
    (
        "zh-he",
        "zh",
        (
            "这个季度电费翻倍了。",
            "好朋友生了双胞胎。",
            "咖啡洒在键盘上了。",
            "第一次去上了拉丁舞课。",
            "修路堵车，送孩子上学迟到了。",
            "六月去三亚的机票订好了。",
            "冰箱里的灯坏了。",
            "年会抽奖抽中了一台吹风机。",
            "旧衣服捐给了社区。",
            "补的牙掉了。",
            "收到了一封法院的传票。",
            "外甥在学小号。",
            "小区门口新开了一家药店。",
            "把书房的灯换成了护眼灯。",
        ),
        (
            (5, "我六月去哪儿？"),
            (7, "年会抽中了什么？"),
            (1, "谁生了双胞胎？"),
        ),
    ),
)


def _theme_rows(theme: Theme, days: tuple[int, ...], kind: str) -> list[dict[str, Any]]:
    name, _, episodes, _ = theme
    return [
        {"day": d, "theme": name, "kind": kind, "value": None, "node_type": "event", "text": t}
        for d, t in zip(days, episodes, strict=True)
    ]


def _other_rows(texts: tuple[str, ...], days: tuple[int, ...]) -> list[dict[str, Any]]:
    return [
        {"day": d, "theme": None, "kind": None, "value": None, "node_type": "event", "text": t}
        for d, t in zip(days, texts, strict=True)
    ]


def user(history: History) -> dict[str, Any]:
    """One user of the JSON: episodes by day, each with its theme and the theme's kind."""
    uid, lang, worded, wordless, other, (k, fact_q), (w, theme_fact_q) = history
    rows = _theme_rows(worded, WORDED_DAYS, "worded") + _theme_rows(
        wordless, WORDLESS_DAYS, "wordless"
    )
    rows += _other_rows(other, OTHER_DAYS)
    rows.sort(key=lambda r: int(r["day"]))
    texts = [str(r["text"]) for r in rows]
    return {
        "id": uid,
        "lang": lang,
        "episodes": rows,
        "themes": [
            {"theme": t[0], "kind": kind, "gist": t[1]}
            for t, kind in ((worded, "worded"), (wordless, "wordless"))
        ],
        "theme_questions": [
            {"theme": t[0], "kind": kind, "question": q}
            for t, kind in ((worded, "worded"), (wordless, "wordless"))
            for q in t[3]
        ],
        "fact_questions": [
            {"evidence": texts.index(other[k]), "question": fact_q, "in_theme": None},
            {
                "evidence": texts.index(wordless[2][w]),
                "question": theme_fact_q,
                "in_theme": wordless[0],
            },
        ],
    }


def noise_user(
    uid: str, lang: str, remarks: tuple[str, ...], questions: tuple[tuple[int, str], ...]
) -> dict[str, Any]:
    rows = _other_rows(remarks, NOISE_DAYS)
    return {
        "id": uid,
        "lang": lang,
        "episodes": rows,
        "themes": [],
        "theme_questions": [],
        "fact_questions": [{"evidence": k, "question": q, "in_theme": None} for k, q in questions],
    }


def build() -> dict[str, Any]:
    return {
        "note": (
            "blind (helper profile9, written before any engine change): worded and wordless "
            "themes a user, and users with no theme (false themes)"
        ),
        "users": [user(h) for h in HISTORIES] + [noise_user(*n) for n in NOISE],
    }


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
