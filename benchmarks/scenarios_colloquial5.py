"""Colloquial value changes, moves back, style, habits dropped, controls: fifth blind set.

Written for hybridmem by the issue-38 helper ``stale5`` (2026-12-05 10:30 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind4`` uses, and committed as
``benchmarks/data/colloquial_blind5.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Per language:

- ``plain`` (8; ``natural_change``): a value replaced, said as a plain statement with no
  change word (the cinema, the broadband, who collects the children, the notes app).
- ``back`` (8; ``natural_change``): three values, the last a move back to the first; only the
  value in between is stale.
- ``style`` (8; ``natural_change``): how the assistant should answer or act for the user,
  replaced (clock format, currency, clarifying questions, jokes, bold text, examples,
  temperature unit, checking before sending).
- ``stop`` (4; ``natural_change``): something the earlier sets miss: a habit or use the user
  has dropped, said without a change word ("Not had a cigarette since March", 普拉提不上了);
  the probe asks about the habit and the newer statement is the answer.
- ``both`` (4; ``natural_change``): controls. Two similar statements that are both true; the
  probe asks about the older one, the newer is in the probe's ``stale`` set, so the kind's
  ``stale_rate`` counts the newer one wrongly put first (must stay 0) and ``hit@3`` the older
  one still found. One control's attribute is not new: "How does the user get to work?"
  (bus to work, 坐公交上班) is the question of a ``want`` scenario of ``colloquial_blind``
  ("I cycle to work"); noticed after the first run, left as run.

``python -m benchmarks.scenarios_colloquial5 --dump benchmarks/data/colloquial_blind5.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind5.json`` splits it by language and kind (ids
``colloq5-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial2 import change_scenario
from benchmarks.scenarios_colloquial3 import both_true_scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I watch films at the Odeon in town.",
                "Got the Cineworld Unlimited card, so it's the big one by the retail park.",
            ),
            "Which cinema does the user go to?",
        ),
        (
            (
                "Our broadband is with BT.",
                "Virgin's fibre is what we're on, twice the speed for less money.",
            ),
            "Who is the user's internet provider?",
        ),
        (
            (
                "Grandma picks the kids up from school.",
                "The after-school club walks them over to Mrs Adeyemi's, Grandma's hip is bad.",
            ),
            "Who collects the user's children from school?",
        ),
        (
            (
                "My alarm goes off at half six.",
                "Up at quarter past five most mornings, the baby decides.",
            ),
            "What time does the user get up?",
        ),
        (
            (
                "The cat eats Whiskas.",
                "Felix pouches for her ladyship, she turns her nose up at anything else.",
            ),
            "What food does the user's cat eat?",
        ),
        (
            (
                "I work on a ThinkPad.",
                "IT finally signed off on a MacBook Air for me.",
            ),
            "What laptop does the user work on?",
        ),
        (
            (
                "I take my notes in Evernote.",
                "Everything goes into Notion, the free tier of the other one ran out.",
            ),
            "Which app does the user take notes in?",
        ),
        (
            (
                "Spare cash goes into my Premium Bonds.",
                "Any money left over at the end of the month sits in a Chip savings pot.",
            ),
            "Where does the user keep spare cash?",
        ),
    ],
    "zh": [
        (
            ("我一般去万达影城看电影。", "看片都去CGV，办了张会员卡打五折。"),
            "用户去哪家影院看电影？",
        ),
        (
            ("家里宽带是电信的。", "联通的千兆光纤装上了，比原来便宜一半。"),
            "用户家宽带是哪家的？",
        ),
        (
            ("孩子放学是奶奶去接。", "放学那会儿托管班的老师把孩子领走，奶奶腰不好。"),
            "谁去接用户的孩子放学？",
        ),
        (
            ("我每天六点半起床。", "五点一刻就得爬起来，娃闹。"),
            "用户几点起床？",
        ),
        (
            ("家里的猫吃皇家猫粮。", "猫主子只肯吃渴望，别的闻都不闻。"),
            "用户的猫吃什么猫粮？",
        ),
        (
            ("我上班用联想笔记本。", "IT终于批了，公司给配了台MacBook。"),
            "用户上班用什么电脑？",
        ),
        (
            ("我用印象笔记记东西。", "笔记全放飞书文档里，团队都在用。"),
            "用户用什么记笔记？",
        ),
        (
            ("闲钱我放余额宝。", "零钱都扔进招行朝朝宝，收益高一点。"),
            "用户的闲钱放在哪里？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I browse on Chrome.",
                "Firefox is my browser, Chrome was eating all my RAM.",
                "Chrome again, half the sites broke on Firefox.",
            ),
            "Which browser does the user use?",
        ),
        (
            (
                "Board game night is at Sam's flat.",
                "Board games are at the café on Derby Road, they have a back room.",
                "Board game night back at Sam's, the café shuts at nine.",
            ),
            "Where is the user's board game night?",
        ),
        (
            (
                "I run in Asics.",
                "Hokas for my runs, softer on the knees.",
                "Asics on my feet again, the Hokas wore out in a month.",
            ),
            "Which running shoes does the user wear?",
        ),
        (
            (
                "I wear contact lenses.",
                "Glasses every day, my eyes got too dry.",
                "Contacts again, the glasses kept steaming up.",
            ),
            "Does the user wear glasses or contact lenses?",
        ),
        (
            (
                "Our electricity is with Octopus.",
                "EDF does our gas and electric, the fixed deal was better.",
                "Octopus supplies us again, EDF's app was a joke.",
            ),
            "Who supplies the user's electricity?",
        ),
        (
            (
                "Our vet is the Greenside practice.",
                "The dog sees a vet in Kirkby, it's closer to work.",
                "Greenside has the dog on its books again, Kirkby overcharged us.",
            ),
            "Which vet does the user's dog go to?",
        ),
        (
            (
                "I game on the PlayStation.",
                "PC gaming for me, built my own rig.",
                "PS5 again, the PC was too loud in the bedroom.",
            ),
            "What does the user play games on?",
        ),
        (
            (
                "We watch telly on Netflix.",
                "Disney+ is the only subscription we keep, the kids wanted it.",
                "Netflix is back on, Disney+ ran out of stuff.",
            ),
            "Which streaming service does the user watch?",
        ),
    ],
    "zh": [
        (
            (
                "我用Chrome上网。",
                "浏览器用Edge，Chrome太吃内存。",
                "又装回Chrome了，Edge老弹广告。",
            ),
            "用户用什么浏览器？",
        ),
        (
            (
                "桌游局在老周家。",
                "桌游去商场那家店玩，有包间。",
                "桌游局还是去老周家，店里九点就关门。",
            ),
            "用户的桌游局在哪？",
        ),
        (
            (
                "我跑步穿亚瑟士。",
                "跑步穿李宁的超轻系列，膝盖舒服。",
                "还是亚瑟士，李宁那双一个月就磨平了。",
            ),
            "用户跑步穿什么鞋？",
        ),
        (
            (
                "我平时戴隐形眼镜。",
                "天天戴框架眼镜，眼睛太干。",
                "又戴回隐形了，框架眼镜老起雾。",
            ),
            "用户戴框架眼镜还是隐形眼镜？",
        ),
        (
            (
                "我的手机号是移动的。",
                "携号转网到了电信，套餐便宜。",
                "又转回移动了，电信信号太差。",
            ),
            "用户的手机号是哪个运营商的？",
        ),
        (
            (
                "狗狗看病去瑞鹏宠物医院。",
                "狗狗打针在公司附近那家诊所。",
                "还是带它去瑞鹏，那家诊所收费太黑。",
            ),
            "用户的狗去哪家宠物医院？",
        ),
        (
            (
                "我玩游戏用Switch。",
                "游戏都在电脑上玩，刚装了台主机。",
                "又捧起Switch了，电脑风扇太吵。",
            ),
            "用户用什么玩游戏？",
        ),
        (
            (
                "家里开的是爱奇艺会员。",
                "视频会员只续了腾讯视频，孩子要看动画。",
                "爱奇艺又续上了，腾讯没什么好看的。",
            ),
            "用户家开的是哪个视频会员？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Give me times on the 24-hour clock.",
                "am and pm for times please, the 24-hour thing confuses me.",
            ),
            "How should times be written for the user?",
        ),
        (
            (
                "Quote prices to me in euros.",
                "Give prices in pounds sterling, the budget is in sterling.",
            ),
            "Which currency should prices be given to the user in?",
        ),
        (
            (
                "Ask me clarifying questions before you start a task.",
                "Don't quiz me, just make your best guess and get going.",
            ),
            "Should the assistant ask the user clarifying questions?",
        ),
        (
            (
                "Feel free to crack jokes with me.",
                "Keep the humour out of it, straight answers only.",
            ),
            "Should the assistant joke with the user?",
        ),
        (
            (
                "Bold the key points in your answers.",
                "No bold text, it feels like shouting.",
            ),
            "Should key points be in bold for the user?",
        ),
        (
            (
                "Always include an example when you explain something.",
                "Examples are padding, leave them out.",
            ),
            "Should explanations to the user include examples?",
        ),
        (
            (
                "Give me temperatures in Fahrenheit.",
                "Celsius for the weather, I've lived in Europe too long.",
            ),
            "Which temperature unit should the user get?",
        ),
        (
            (
                "Read my messages back to me before you send them.",
                "Fire them straight off, no need to run them past me.",
            ),
            "Should the assistant check with the user before sending messages?",
        ),
    ],
    "zh": [
        (
            ("时间用24小时制写。", "时间写上午下午，24小时制我看着费劲。"),
            "给用户写时间用什么格式？",
        ),
        (
            ("价格用美元报给我。", "报价一律人民币，预算是按人民币做的。"),
            "给用户报价用什么货币？",
        ),
        (
            ("开始之前先问清楚我的要求。", "别问来问去，你先按自己理解做。"),
            "要不要先向用户问清楚要求？",
        ),
        (
            ("跟我聊天可以开开玩笑。", "正经回答就好，别抖机灵。"),
            "跟用户聊天能开玩笑吗？",
        ),
        (
            ("重点给我加粗。", "别加粗了，满屏黑字看着累。"),
            "给用户的重点要不要加粗？",
        ),
        (
            ("每次讲东西都给我举个例子。", "例子不用举，浪费篇幅。"),
            "给用户讲东西要不要举例子？",
        ),
        (
            ("温度用华氏度说。", "天气说摄氏度，华氏度我换算不过来。"),
            "给用户说温度用什么单位？",
        ),
        (
            ("帮我发消息之前先给我过目。", "消息直接发出去就行，不用给我看。"),
            "帮用户发消息前要不要先给用户看？",
        ),
    ],
}

STOP: dict[str, list[Change]] = {
    "en": [
        (
            ("I smoke about five a day.", "Not had a cigarette since March, the patches did it."),
            "Does the user smoke?",
        ),
        (
            (
                "I do Pilates on Thursday mornings.",
                "Pilates is done for me, my back can't take it.",
            ),
            "Does the user do Pilates?",
        ),
        (
            ("I eat meat most days.", "Fully vegetarian, a documentary got to me."),
            "Does the user eat meat?",
        ),
        (
            ("I'm on Facebook every day.", "Deleted my Facebook account, it made me miserable."),
            "Does the user use Facebook?",
        ),
    ],
    "zh": [
        (
            ("我一天抽五根烟。", "三月份以后一根烟没碰过，贴片管用。"),
            "用户抽烟吗？",
        ),
        (
            ("我周四早上上普拉提。", "普拉提不上了，腰受不了。"),
            "用户还上普拉提吗？",
        ),
        (
            ("我几乎每天吃肉。", "彻底吃素了，看了个纪录片受不了。"),
            "用户吃肉吗？",
        ),
        (
            ("我每天刷微博。", "微博卸载了，看多了心烦。"),
            "用户刷微博吗？",
        ),
    ],
}

# (older statement, newer statement that is also true, question about the older one)
BOTH: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I take the bus to work.",
            "At weekends I cycle to the climbing wall.",
            "How does the user get to work?",
        ),
        (
            "Emails to my boss should be short.",
            "Messages to my mum can be long and chatty.",
            "How long should emails to the user's boss be?",
        ),
        (
            "I watch a film at home on Friday nights.",
            "Saturday afternoons I'm at the allotment.",
            "What does the user do on Friday nights?",
        ),
        (
            "I buy coffee beans from the roastery on Hill Street.",
            "My tea comes from the Chinese supermarket.",
            "Where does the user buy coffee beans?",
        ),
    ],
    "zh": [
        (
            "我坐公交上班。",
            "周末我骑车去攀岩馆。",
            "用户怎么上班？",
        ),
        (
            "给领导的邮件要简短。",
            "给我妈发的消息可以长一点、啰嗦一点。",
            "给用户领导的邮件要多长？",
        ),
        (
            "我周五晚上在家看电影。",
            "周六下午我去菜园子干活。",
            "用户周五晚上做什么？",
        ),
        (
            "咖啡豆我在山下路那家烘焙店买。",
            "茶叶我从老家亲戚那儿拿。",
            "用户在哪买咖啡豆？",
        ),
    ],
}


def _change(kind: str, lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    # A move back: only the value in between is stale (as in the second blind set).
    return change_scenario(f"colloq5-{kind}-{lang}-{i}", lang, i + 11, said, query)


def _both(lang: str, i: int, older: str, newer: str, query: str) -> Scenario:
    return both_true_scenario(f"colloq5-both-{lang}-{i}", lang, i + 11, older, newer, query)


def build() -> list[Scenario]:
    """Every scenario of the fifth blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    tables = (("plain", PLAIN), ("back", BACK), ("style", STYLE), ("stop", STOP))
    for kind, table in tables:
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, pairs in BOTH.items():
        out.extend(_both(lang, i, o, n, q) for i, (o, n, q) in enumerate(pairs))
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
