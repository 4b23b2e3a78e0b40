"""Style preferences and standing orders replaced without a change word, with controls where the
newer line adds to the older one: twenty-eighth colloquial blind set (issue 38, helper style26).

Written fresh by style26 before any engine change and before reading the earlier sets' style
lines or the engine's readers, on lives, attributes and wording of its own (a lorry driver in
Leeds; a cardiologist from Xi'an working in Shenzhen), and committed as
``benchmarks/data/colloquial_blind28.json`` before anything was run on it. Two kinds, eight a
language:

- ``style`` (``natural_change``): how the user wants a thing done, written or ordered, then
  another way said plainly with no "change" / "instead" / 改 word: sometimes with "from now on"
  / "from here on" / 以后 / 换成, sometimes only the new value with its reason's feeling
  ("Miles please, kilometres mean nothing to me on the road", 奶茶三分糖，全糖的喝完嗓子齁);
  a habit restated with a new value. The first is stale, the second answers.
- ``addition`` (``natural_change``, controls): a standing preference or order, then a newer
  line that adds to it and leaves it true, often said with the same "from now on" / 以后 /
  also / 再 ("Get me a bacon roll with it from now on and all", 以后纪要也抄送一份给我助理小陈);
  the probe asks about the older one, so the newer above it counts as stale (a false
  replacement), and the older lost from the hits is a false forget.

Every user has six other facts of their own written first (as in blind14 and blind16..25),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial28 --dump
benchmarks/data/colloquial_blind28.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind28.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial3 import both_true_scenario
from benchmarks.scenarios_colloquial14 import with_other_facts

STYLE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I like detailed answers with the reasoning spelled out.",
                "Keep it short from here on, two or three lines tops.",
            ),
            "How long should the assistant's answers be?",
        ),
        (
            (
                "Order me the chicken tikka from the Aagrah when I ask for a takeaway.",
                "From now on order me the lamb bhuna, the tikka's been dry as a bone lately.",
            ),
            "What should the assistant order for the user from the Aagrah?",
        ),
        (
            (
                "Use kilometres when you give me distances.",
                "Miles please, kilometres mean nothing to me on the road.",
            ),
            "Which unit should the assistant use for distances?",
        ),
        (
            (
                "Write to me in a proper formal tone.",
                "Talk to me like a mate, the formal stuff reads like a letter from the council.",
            ),
            "What tone should the assistant take with the user?",
        ),
        (
            (
                "My tea's builder's strength with two sugars.",
                "Tea with a splash of milk and no sugar, the dentist gave me a right telling off.",
            ),
            "How does the user have their tea made?",
        ),
        (
            (
                "Sort my inbox newest first.",
                "Oldest at the top of the inbox, I work through it in order.",
            ),
            "How should the user's inbox be sorted?",
        ),
        (
            (
                "Book me an aisle seat whenever I fly.",
                "Window seat every time, I want to kip against the wall.",
            ),
            "Where does the user like to sit on a plane?",
        ),
        (
            (
                "Show me prices with VAT included.",
                "Prices ex-VAT going forward, I claim it back through the business.",
            ),
            "How should the assistant show prices to the user?",
        ),
    ],
    "zh": [
        (
            (
                "回答我的时候写详细一点，把原因都讲清楚。",
                "以后回答简短点，三两句话就行，太长了看不完。",
            ),
            "用户希望助手的回答多长？",
        ),
        (
            (
                "点外卖给我点黄焖鸡米饭。",
                "以后外卖都给我点沙县的拌面加扁食，黄焖鸡吃腻了。",
            ),
            "助手给用户点外卖该点什么？",
        ),
        (
            (
                "日程提前一天提醒我。",
                "日程提前一个小时提醒就够了，提前一天我转头就忘。",
            ),
            "用户希望日程提前多久提醒？",
        ),
        (
            ("给我的报告用Word格式。", "报告都出PDF，Word在手机上打开排版全乱了。"),
            "用户要什么格式的报告？",
        ),
        (("奶茶给我点全糖的。", "奶茶三分糖，全糖的喝完嗓子齁。"), "用户的奶茶要几分糖？"),
        (
            ("打车给我叫快车。", "叫车换成专车，快车司机老绕路。"),
            "助手给用户叫什么车？",
        ),
        (
            ("新闻给我推体育的。", "以后都给我推财经新闻，球赛哪有空看。"),
            "助手该给用户推送什么新闻？",
        ),
        (("米饭我要软一点的。", "米饭煮硬一点，软塌塌的没嚼劲。"), "用户喜欢什么样的米饭？"),
    ],
}

# (older, newer that adds to it, a question the older one answers)
ADDITION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I like answers with a worked example in them.",
            "From now on put a one-line summary at the top as well.",
            "Does the user want examples in the assistant's answers?",
        ),
        (
            "Order me a flat white when we stop at the services.",
            "Get me a bacon roll with it from now on and all.",
            "What coffee does the user have at the services?",
        ),
        (
            "Call me Gaz, everyone does.",
            "Sign off your messages with 'cheers', I like that.",
            "What name should the assistant call the user?",
        ),
        (
            "Send my route plans as a PDF.",
            "Copy my gaffer Keith in on the route plans from now on.",
            "In what format does the user want route plans?",
        ),
        (
            "I stop for my dinner at Wetherby services.",
            "Twenty minutes' kip in the cab after dinner too, doctor's orders.",
            "Where does the user stop for dinner on the road?",
        ),
        (
            "Put Radio 2 on for the long runs.",
            "Chuck a football podcast in on the long runs as well.",
            "Which radio station does the user have on during long runs?",
        ),
        (
            "Use the 24-hour clock when you give me times.",
            "Give me the day's name with every date from now on, like Tuesday the 4th.",
            "How should the assistant write times for the user?",
        ),
        (
            "Text me the delivery slots the night before.",
            "Stick the drop postcodes in that text going forward.",
            "When does the user want the delivery slots texted?",
        ),
    ],
    "zh": [
        (
            "给我讲东西的时候多举例子。",
            "以后每次回答最后再帮我总结一句。",
            "用户希望助手讲东西时举例子吗？",
        ),
        (
            "外卖麻辣烫给我要微辣。",
            "以后点麻辣烫再加一瓶冰峰。",
            "用户的麻辣烫要什么辣度？",
        ),
        (
            "跟我说话用中文。",
            "专业术语后面顺便用括号注上英文。",
            "助手跟用户说话用什么语言？",
        ),
        (
            "会议纪要发到我邮箱。",
            "以后纪要也抄送一份给我助理小陈。",
            "用户的会议纪要发到哪里？",
        ),
        (
            "我早上跑步前喝一杯温水。",
            "以后跑完步给我备一杯蛋白粉。",
            "用户跑步前喝什么？",
        ),
        (
            "我周二周四下午出门诊。",
            "周六上午也加了个专家门诊。",
            "用户哪几天下午出门诊？",
        ),
        (
            "给我推荐书就推历史类的。",
            "推书的时候顺便告诉我豆瓣评分。",
            "用户想让助手推荐什么类型的书？",
        ),
        (
            "我的闹钟定在六点半。",
            "再帮我定个六点四十的，怕第一个没听见。",
            "用户的第一个闹钟定在几点？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I drive an artic for a haulage firm out of Leeds.",
        "My daughter Chloe is at uni in Sheffield.",
        "Prawns and crab make my throat swell up.",
        "I've had a season ticket at Elland Road since I was a lad.",
        "We've got a rescue greyhound called Duke.",
        "My wife Dawn works on the hospital wards.",
        "I'm learning the drums in the garage.",
        "My birthday falls on the third of March.",
    ),
    "zh": (
        "我老家在西安。",
        "我在深圳一家医院当心内科医生。",
        "我打青霉素会起疹子。",
        "我弟弟在成都开了家火锅店。",
        "我养了一只柯基叫馒头。",
        "我老婆是小学数学老师。",
        "我周末在学游泳。",
        "我生日是八月十五。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-eighth blind set: ``style``, then ``addition``."""
    out = colloquial2.build_set("colloq28", 28, (("style", STYLE),), {}, {})
    out.extend(
        both_true_scenario(f"colloq28-addition-{lang}-{i}", lang, i + 28, old, new, q)
        for lang, pairs in ADDITION.items()
        for i, (old, new, q) in enumerate(pairs)
    )
    return [with_other_facts(sc, n, BACKGROUND) for n, sc in enumerate(out)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
