"""Changes said with no change word, replaced style preferences, changed habits, and the
controls where nothing changes: eighth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale10`` (2026-12-06 00:00 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind7`` uses, and committed as
``benchmarks/data/colloquial_blind8.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word (no "now", "switched",
  "instead", 换/改): "From now on, order me X", or the new value just stated; the old is stale.
- ``style``: a preference about how the assistant should write or talk, replaced by another.
- ``habit``: a standing habit (a day, a routine) and then what the user does in its place.
- ``repeat``: controls, a change and then the new value said again with no change in between
  (X, A, A again): either statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a one-off remark about today ("Drove in today, the
  trains were on strike"): the habit answers, the remark above it counts as pollution.

``python -m benchmarks.scenarios_colloquial8 --dump benchmarks/data/colloquial_blind8.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind8.json`` splits it by language and kind (ids
``colloq8-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "At the kebab shop I get a chicken shish.",
                "From now on, order me the falafel wrap from the kebab shop.",
            ),
            "What does the user order at the kebab shop?",
        ),
        (
            (
                "My guitar teacher is Mrs Hughes.",
                "Guitar lessons are with Tom, a lad who does live sessions online.",
            ),
            "Who teaches the user guitar?",
        ),
        (
            (
                "The hand soap by the sink is Carex.",
                "Method hand soap by the sink, the lemon one.",
            ),
            "Which hand soap does the user keep by the sink?",
        ),
        (
            (
                "I'm on Vodafone for my phone.",
                "Giffgaff sim in my phone, ten quid a month.",
            ),
            "Which mobile network is the user on?",
        ),
        (
            (
                "My shampoo is Head & Shoulders.",
                "From now on get me the Aveda shampoo, the rosemary one.",
            ),
            "Which shampoo does the user use?",
        ),
        (
            (
                "My meal deal sandwich is egg and cress.",
                "Grab me a BLT with the meal deal from here on.",
            ),
            "Which sandwich does the user get in a meal deal?",
        ),
    ],
    "zh": [
        (
            ("麻辣烫我要骨汤的。", "以后给我点麻辣烫就要番茄汤底。"),
            "用户的麻辣烫要什么汤底？",
        ),
        (
            ("我跟着陈老师学吉他。", "吉他跟着B站上的刘老师学，随时能看。"),
            "用户跟谁学吉他？",
        ),
        (
            ("洗手液用威露士。", "洗手台上摆的是滴露洗手液，柠檬味的。"),
            "用户用什么洗手液？",
        ),
        (
            ("家里桶装水订的农夫山泉。", "以后家里桶装水就订怡宝的。"),
            "用户家订的什么桶装水？",
        ),
        (
            ("洗发水我用海飞丝。", "以后洗发水就给我买阿道夫的。"),
            "用户用什么洗发水？",
        ),
        (
            ("早饭我吃煎饼果子。", "以后早饭给我带肉包子加豆浆。"),
            "用户早饭吃什么？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            ("Address me formally, Mr Hale.", "Call me Jim, the Mr Hale thing feels stiff."),
            "How does the user want to be addressed?",
        ),
        (
            (
                "When you translate for me, keep it word for word.",
                "Translate loosely for me, natural beats literal.",
            ),
            "How does the user want translations done?",
        ),
        (
            (
                "Give me recipes in cups and spoons.",
                "Grams for recipes please, I've got a kitchen scale.",
            ),
            "Which units does the user want recipes in?",
        ),
        (
            (
                "Comment my code heavily.",
                "Hardly any comments in my code, let the names speak.",
            ),
            "How much should the user's code be commented?",
        ),
        (
            (
                "Go easy on me with reminders, a gentle nudge.",
                "Be pushy with my reminders, nagging is the only thing that works.",
            ),
            "How does the user want reminders phrased?",
        ),
        (
            (
                "Show prices with VAT included.",
                "Prices before VAT for me, that's what I invoice.",
            ),
            "Should prices shown to the user include VAT?",
        ),
    ],
    "zh": [
        (
            ("帮我翻译要逐字直译。", "翻译意译就行，读着顺最重要。"),
            "用户希望翻译怎么翻？",
        ),
        (
            ("菜谱给我写几勺几碗。", "菜谱用克写，我买了厨房秤。"),
            "用户希望菜谱用什么单位？",
        ),
        (
            ("代码给我多写注释。", "代码注释少写点，看变量名就懂。"),
            "用户希望代码注释写多少？",
        ),
        (
            ("提醒我的时候温柔点。", "提醒我直接点，越凶越管用。"),
            "用户希望提醒的语气怎样？",
        ),
        (
            ("报价给我写含税价。", "报价写不含税的，我们按未税开票。"),
            "用户要含税价还是不含税价？",
        ),
        (
            ("照片给我修得自然点。", "修图往白了修，越白越好。"),
            "用户希望照片怎么修？",
        ),
    ],
}

HABIT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Saturday mornings I go to the farmers' market.",
                "Saturday mornings I take the kids to football, the market can wait.",
            ),
            "What does the user do on Saturday mornings?",
        ),
        (
            (
                "I do the crossword on the train home.",
                "On the train home I catch up on sleep, the crossword's too much after work.",
            ),
            "What does the user do on the train home?",
        ),
        (
            (
                "I ring my gran every Sunday evening.",
                "Gran and I do a video call on Wednesdays, her Sundays are church and bingo.",
            ),
            "When does the user call their gran?",
        ),
        (
            (
                "I water the houseplants on Sundays.",
                "The houseplants get watered every Wednesday, Sundays kept slipping.",
            ),
            "When does the user water the houseplants?",
        ),
        (
            (
                "I batch-cook for the week on Sunday afternoons.",
                "Batch cooking happens on Thursday evenings, Sundays are for the allotment.",
            ),
            "When does the user batch-cook?",
        ),
        (
            (
                "Tuesday nights are my pottery class.",
                "Tuesday nights I do life drawing, pottery finished for the year.",
            ),
            "What class does the user go to on Tuesday nights?",
        ),
    ],
    "zh": [
        (
            ("每周六上午我去逛早市。", "周六上午陪孩子上足球课，早市顾不上了。"),
            "用户周六上午做什么？",
        ),
        (
            ("下班地铁上我背单词。", "下班地铁上闭眼睡会儿，单词背不进去。"),
            "用户下班地铁上做什么？",
        ),
        (
            ("每周日晚上给姥姥打电话。", "周三晚上跟姥姥视频，她周日要去跳广场舞。"),
            "用户什么时候跟姥姥联系？",
        ),
        (
            ("周日给花浇水。", "每周三浇花，周日老忘。"),
            "用户哪天浇花？",
        ),
        (
            ("周日下午我做一周的便当。", "周四晚上做一周的便当，周日要去菜园。"),
            "用户哪天做便当？",
        ),
        (
            ("周二晚上我去上陶艺课。", "周二晚上上素描课，陶艺课结课了。"),
            "用户周二晚上上什么课？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My recipes are in a scrapbook.",
                "All my recipes are in Paprika on the iPad.",
                "Saved that soup recipe in Paprika with the rest.",
            ),
            "Where does the user keep their recipes?",
        ),
        (
            (
                "We buy sliced bread at the Co-op.",
                "Our bread comes from the bakery on Queen Street, sourdough.",
                "Picked up a sourdough from the Queen Street bakery, where we get all our bread.",
            ),
            "Where does the user buy bread?",
        ),
        (
            (
                "I buy our meat at the supermarket.",
                "The butcher on Church Street does our meat.",
                "Got sausages from the Church Street butcher, where we get all our meat.",
            ),
            "Where does the user buy meat?",
        ),
        (
            (
                "I listen to audiobooks on Audible.",
                "Audiobooks come from BorrowBox, free with my library card.",
                "Listening to a thriller on BorrowBox, where all my audiobooks are.",
            ),
            "Where does the user get audiobooks?",
        ),
        (
            (
                "My ISA is with Hargreaves Lansdown.",
                "Moved the ISA to Vanguard, lower fees.",
                "The ISA sits with Vanguard.",
            ),
            "Who holds the user's ISA?",
        ),
        (
            (
                "I dry my washing on the radiators.",
                "Bought a tumble dryer for the washing.",
                "The tumble dryer does all our washing.",
            ),
            "How does the user dry their washing?",
        ),
    ],
    "zh": [
        (
            (
                "菜谱我抄在本子上。",
                "菜谱都收藏在下厨房App里了。",
                "那个汤的做法也存进下厨房了，菜谱都在那。",
            ),
            "用户的菜谱存在哪？",
        ),
        (
            (
                "面包在便利店买。",
                "面包都在楼下烘焙坊买了。",
                "今天在楼下烘焙坊买了吐司，面包都在那买。",
            ),
            "用户在哪买面包？",
        ),
        (
            (
                "肉在超市买。",
                "肉都在菜市场老王那买。",
                "今天在老王那买了排骨，买肉就认他家。",
            ),
            "用户在哪买肉？",
        ),
        (
            (
                "有声书在懒人听书上听。",
                "有声书都在微信读书里听了。",
                "微信读书上听有声书，一直用它。",
            ),
            "用户在哪听有声书？",
        ),
        (
            ("基金我在支付宝上买。", "基金都转到天天基金了。", "我的基金都放在天天基金上。"),
            "用户在哪买基金？",
        ),
        (
            ("衣服我晾在阳台上。", "买了台烘干机烘衣服。", "衣服都用烘干机烘。"),
            "用户怎么弄干衣服？",
        ),
    ],
}

# (the habit, a one-off remark about today, question about the habit)
ONEOFF: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "Our Friday takeaway is always the Thai place.",
            "Had fish and chips tonight, the Thai place was shut.",
            "Where does the user get their Friday takeaway?",
        ),
        (
            "At the cinema I sit in the back row.",
            "Ended up in the front row tonight, the film was sold out.",
            "Where does the user sit at the cinema?",
        ),
        (
            "I walk round the block at lunch.",
            "Stayed at my desk at lunch today, it was pouring.",
            "What does the user do on their lunch break?",
        ),
        (
            "I get petrol at the Shell on the bypass.",
            "Filled up at a Tesco garage today, I was running on fumes.",
            "Where does the user get petrol?",
        ),
        (
            "I wear my hair in a bun for work.",
            "Hair down today, the bun gave me a headache.",
            "How does the user wear their hair for work?",
        ),
        (
            "I watch the football at my brother's.",
            "Watched the match at the pub tonight, his telly's broken.",
            "Where does the user watch football?",
        ),
    ],
    "zh": [
        (
            "周末我们点湘菜外卖。",
            "今晚吃了顿烧烤，湘菜馆没开门。",
            "用户周末点什么外卖？",
        ),
        (
            "看电影我坐最后一排。",
            "今晚票卖光了，只能坐第一排。",
            "用户看电影坐哪？",
        ),
        (
            "午休我出去绕着园区走一圈。",
            "今天下大雨，午休就在工位上趴着了。",
            "用户午休做什么？",
        ),
        (
            "洗车我去小区门口那家。",
            "今天顺路在加油站洗的车。",
            "用户在哪洗车？",
        ),
        (
            "上班我扎马尾。",
            "今天头疼，头发就披着去上班了。",
            "用户上班头发怎么弄？",
        ),
        (
            "看球我去我哥家。",
            "今晚在酒吧看的球，我哥家电视坏了。",
            "用户在哪看球？",
        ),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the eighth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("style", STYLE), ("habit", HABIT))
    return colloquial2.build_set("colloq8", 8, kinds, REPEAT, ONEOFF)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
