"""Colloquial value changes and wants, second blind set (issue 38, third session).

Written for hybridmem by the issue-38 helper of the third session, fresh, on attributes and in
phrasings that neither ``benchmarks/data/colloquial_blind.json`` nor ``colloquial_dev.json``
uses, and committed as ``benchmarks/data/colloquial_blind2.json`` before any code was changed
and before anything was run on it. The first blind set had been measured by then, so it became
dev. Four kinds, 8 scenarios per language each:

- ``plain`` (``natural_change``): a value replaced with no change word at all: an order for
  the future or a new value said as a plain fact ("Put everything on the Amex", 付款刷浦发那张卡).
- ``back`` (``natural_change``): three values, the last a move back to the first; only the
  value in between is stale.
- ``style`` (``natural_change``): how the assistant should write or speak to the user,
  replaced (emojis, form of address, date format, sign-off, bluntness).
- ``want`` (``one_offs``): a standing habit, then a tired or hungry remark with a want in it,
  filed by the agent as a ``fact``; the remark must not answer the habit's question.

``python -m benchmarks.scenarios_colloquial2 --dump benchmarks/data/colloquial_blind2.json``
writes the file; run it with ``python -m benchmarks.evolution_scenarios --scenarios
benchmarks/data/colloquial_blind2.json --embedder multilingual``. Scenario ids carry the kind
(``colloq2-<kind>-<lang>-<i>``) so figures can be split by kind.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path

from benchmarks.scenario_files import dump_scenarios
from benchmarks.scenarios import Probe, Scenario, ScenarioNode
from benchmarks.scenarios_colloquial import _T0, _noise

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I take the 7:40 train to work.",
                "Get me on the 8:15 train, the early one is always packed.",
            ),
            "Which train does the user take to work?",
        ),
        (
            (
                "My dentist is Dr Patel on Mill Road.",
                "Dr Okafor in town looks after my teeth, much nicer chairside manner.",
            ),
            "Who is the user's dentist?",
        ),
        (
            (
                "I pay for everything with my Visa card.",
                "Put everything on the Amex, the points are better.",
            ),
            "Which card does the user pay with?",
        ),
        (
            ("Tuesday is my day off.", "Wednesday's my day off, Priya took Tuesdays."),
            "Which day is the user's day off?",
        ),
        (
            (
                "I order the vegetable curry at the Indian place.",
                "At the Indian place get me the lamb biryani, I'm done with the curry.",
            ),
            "What does the user order at the Indian place?",
        ),
        (
            (
                "My running route is along the canal.",
                "Running route is round the park, the canal path is closed.",
            ),
            "Where does the user go running?",
        ),
        (
            ("Send invoices to my work email.", "Invoices go to my personal Gmail, please."),
            "Where should invoices be sent?",
        ),
        (
            (
                "I drive a blue Ford Focus.",
                "Got myself a Tesla Model 3, the Focus went to my nephew.",
            ),
            "What car does the user drive?",
        ),
    ],
    "zh": [
        (
            ("我每天坐七点四十的地铁上班。", "上班坐八点一刻那班地铁，早的太挤了。"),
            "用户上班坐几点的地铁？",
        ),
        (
            ("我的牙医是人民医院的李医生。", "牙的事找口腔医院的王医生，李医生那边排不上号。"),
            "用户的牙医是谁？",
        ),
        (("我平时用招行信用卡付钱。", "付款刷浦发那张卡，积分多。"), "用户用哪张卡付款？"),
        (("我周二休息。", "休息定在周三，小王要周二。"), "用户哪天休息？"),
        (
            ("去川菜馆我点宫保鸡丁。", "川菜馆给我点水煮鱼，宫保鸡丁吃腻了。"),
            "用户在川菜馆点什么？",
        ),
        (("我沿着河边跑步。", "跑步去公园绕圈，河边在修路。"), "用户在哪跑步？"),
        (("发票寄到我公司邮箱。", "发票发我个人QQ邮箱就行。"), "发票发到哪个邮箱？"),
        (("我开一辆白色的大众朗逸。", "提了辆比亚迪汉，朗逸给我表弟了。"), "用户开什么车？"),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I take my tea with milk.",
                "Black tea for me, cutting out dairy.",
                "Milk in my tea again, black was grim.",
            ),
            "How does the user take their tea?",
        ),
        (
            (
                "I work from the office in Leeds.",
                "Working from home full time, my team went remote.",
                "Back at the Leeds office, remote got lonely.",
            ),
            "Where does the user work from?",
        ),
        (
            (
                "I use an iPhone.",
                "Pixel is my phone, the iPhone died.",
                "iPhone again, I missed iMessage.",
            ),
            "What phone does the user use?",
        ),
        (
            (
                "I'm on the night shift.",
                "Day shifts for me, nine to five.",
                "Night shift again, the pay is better.",
            ),
            "Which shift does the user work?",
        ),
        (
            (
                "I swim at the leisure centre pool.",
                "Swimming at the lido in summer, outdoor is nicer.",
                "The leisure centre pool again, the lido shut for winter.",
            ),
            "Where does the user swim?",
        ),
        (
            (
                "My bank is Barclays.",
                "Moved my account to Monzo.",
                "Barclays has my account again, Monzo froze my card.",
            ),
            "Which bank does the user use?",
        ),
        (
            (
                "I read on a Kindle.",
                "Paper books only for me, screens give me headaches.",
                "Kindle again, the paperbacks took up too much room.",
            ),
            "How does the user read books?",
        ),
        (
            (
                "I play five-a-side on Wednesdays.",
                "Five-a-side is on Fridays, the pitch got rebooked.",
                "Wednesdays for five-a-side again.",
            ),
            "When does the user play five-a-side?",
        ),
    ],
    "zh": [
        (
            ("我喝奶茶要全糖。", "奶茶要三分糖，在减肥。", "奶茶还是全糖吧，三分糖没味道。"),
            "用户奶茶要几分糖？",
        ),
        (
            ("我在公司坐班。", "团队全员远程，我在家办公。", "回公司坐班了，在家太孤单。"),
            "用户在哪里办公？",
        ),
        (
            ("我用华为手机。", "入了个小米，华为那台摔坏了。", "又用回华为了，小米拍照不行。"),
            "用户用什么手机？",
        ),
        (("我上夜班。", "白班，朝九晚五。", "还是上夜班，钱多。"), "用户上什么班？"),
        (
            ("我在小区的泳池游泳。", "夏天去露天泳池游。", "露天泳池关了，又去小区泳池了。"),
            "用户在哪游泳？",
        ),
        (
            (
                "我的工资卡是工商银行的。",
                "工资卡办到了建行。",
                "工资卡又回工行了，建行那张被冻结了。",
            ),
            "用户的工资卡是哪家银行的？",
        ),
        (
            (
                "我用Kindle看书。",
                "只看纸质书，屏幕看久了头疼。",
                "又捡起Kindle了，纸质书太占地方。",
            ),
            "用户用什么看书？",
        ),
        (
            ("我周三踢五人制足球。", "五人制挪到周五了，场地被订了。", "周三踢球，又回来了。"),
            "用户哪天踢五人制？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Use emojis when you text me, I like them.",
                "No emojis in replies please, they look childish.",
            ),
            "Should replies to the user use emojis?",
        ),
        (("Call me Robert.", "Just Rob is fine."), "What should the user be called?"),
        (
            (
                "Explain code to me step by step.",
                "Skip the walkthroughs, just give me the code.",
            ),
            "How should code be explained to the user?",
        ),
        (
            ("Write dates as day/month/year for me.", "ISO dates please, year first."),
            "How should dates be written for the user?",
        ),
        (
            (
                "Use British spelling in my documents.",
                "American spelling for my documents, the client is in Ohio.",
            ),
            "Which spelling should the user's documents use?",
        ),
        (
            ("Give me answers as flowing paragraphs.", "Numbered lists work better for me."),
            "What format should answers to the user be in?",
        ),
        (
            ("Sign my emails 'Best regards'.", "Sign off my emails with 'Cheers'."),
            "How should the user's emails be signed?",
        ),
        (
            (
                "Be gentle when you point out my mistakes.",
                "Be blunt about my mistakes, sugarcoating wastes time.",
            ),
            "How should the user's mistakes be pointed out?",
        ),
    ],
    "zh": [
        (("给我发消息多用表情包。", "回复别带表情了，显得幼稚。"), "给用户回复要不要用表情？"),
        (("叫我张总。", "叫我小张就行。"), "怎么称呼用户？"),
        (("讲代码给我一步一步解释。", "别解释了，直接给代码。"), "给用户讲代码要怎么讲？"),
        (("日期按日/月/年写。", "日期写成年-月-日的格式。"), "给用户写日期用什么格式？"),
        (("文档里用繁体字。", "文档用简体，客户在大陆。"), "用户的文档用繁体还是简体？"),
        (("回答写成一段一段的。", "回答列成编号清单，看着清楚。"), "给用户的回答用什么格式？"),
        (("邮件落款写“此致敬礼”。", "邮件结尾写“祝好”就行。"), "用户的邮件落款写什么？"),
        (("指出我的错误时委婉一点。", "错就直说，别绕弯子。"), "怎么给用户指出错误？"),
    ],
}

WANTS: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I have porridge for breakfast.",
            "so hungry, I want a full fry-up this morning",
            "What does the user eat for breakfast?",
        ),
        (
            "I drink sparkling water with dinner.",
            "what a day, I need a large glass of red with dinner tonight",
            "What does the user drink with dinner?",
        ),
        (
            "I take the stairs at work.",
            "knackered, I want the lift all the way up today",
            "Does the user take the stairs or the lift at work?",
        ),
        (
            "I watch documentaries in the evening.",
            "brain is fried, I just want some trashy reality TV tonight",
            "What does the user watch in the evening?",
        ),
        (
            "My weekends are for hiking.",
            "so drained, all I want this weekend is the sofa",
            "What does the user do at weekends?",
        ),
        (
            "I bring a packed lunch to work.",
            "starving and skipped packing, I want a big burger for lunch",
            "What does the user have for lunch at work?",
        ),
        (
            "I like my room cool at night.",
            "freezing and tired, want the heating blasting tonight",
            "What temperature does the user like at night?",
        ),
        (
            "I prefer salads for dinner.",
            "hungry as anything, I want a massive plate of chips",
            "What does the user like for dinner?",
        ),
    ],
    "zh": [
        ("我早餐喝粥。", "饿扁了，早上想来一大份煎饼果子。", "用户早餐吃什么？"),
        ("我晚饭配苏打水。", "今天累惨了，晚饭想喝点红酒。", "用户晚饭喝什么？"),
        ("我在公司爬楼梯。", "累趴了，今天想坐电梯上去。", "用户在公司走楼梯还是坐电梯？"),
        ("我晚上看纪录片。", "脑子转不动了，今晚就想看点综艺。", "用户晚上看什么？"),
        ("我周末去爬山。", "累到虚脱，这周末只想躺沙发。", "用户周末做什么？"),
        ("我带饭去公司。", "饿疯了，中午想吃个大汉堡。", "用户中午在公司吃什么？"),
        (
            "我晚上睡觉喜欢房间凉一点。",
            "又冷又累，今晚想把暖气开到最大。",
            "用户晚上喜欢房间什么温度？",
        ),
        ("我晚饭喜欢吃沙拉。", "饿死我了，想吃一大盘炸鸡。", "用户晚饭喜欢吃什么？"),
    ],
}


def _change(kind: str, lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    return change_scenario(f"colloq2-{kind}-{lang}-{i}", lang, i + 3, said, query)


def change_scenario(sid: str, lang: str, noise: int, said: tuple[str, ...], query: str) -> Scenario:
    """One value said in turns 14 days apart among five noise lines (``noise`` picks them);
    the probe asks for the last value. Shared by the later blind sets."""
    nodes = [_noise(lang, noise, d, sid) for d in (2, 9, 16, 30, 37)]
    ids = []
    for j, text in enumerate(said):
        nid = f"{sid}.v{j}"
        ids.append(nid)
        nodes.append(ScenarioNode(nid, text, "fact", None, _T0 + timedelta(days=14 * j)))
    # A move back: the first mention holds the current value again (neither gold nor stale),
    # only the value in between is stale.
    stale = frozenset(ids[1:-1]) if len(ids) > 2 else frozenset(ids[:1])
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({ids[-1]}), stale=stale)
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now)


def repeat_scenario(sid: str, lang: str, noise: int, said: tuple[str, ...], query: str) -> Scenario:
    """X, then A, then A again 14 days apart among five noise lines: either statement of A
    answers (a repeat merged into the first is that node), X is stale. Shared by the later
    blind sets."""
    nodes = [_noise(lang, noise, d, sid) for d in (2, 9, 16, 30, 37)]
    ids = [f"{sid}.v{j}" for j in range(len(said))]
    for j, text in enumerate(said):
        nodes.append(ScenarioNode(ids[j], text, "fact", None, _T0 + timedelta(days=14 * j)))
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset(ids[1:]), stale=frozenset(ids[:1]))
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now)


def oneoff_scenario(
    sid: str, lang: str, noise: int, habit: str, remark: str, query: str
) -> Scenario:
    """A habit, then 14 days later a remark about one day among five noise lines: the habit
    still holds, the remark above it is pollution (as the wants of the second blind set).
    Shared by the later blind sets."""
    nodes = [_noise(lang, noise, d, sid) for d in (2, 9, 16, 30, 37)]
    nodes.append(ScenarioNode(f"{sid}.habit", habit, "fact", None, _T0))
    nodes.append(ScenarioNode(f"{sid}.remark", remark, "fact", None, _T0 + timedelta(days=14)))
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({f"{sid}.habit"}), polluters=frozenset({f"{sid}.remark"}))
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "one_offs", lang, tuple(nodes), (probe,), now)


def build_set(
    tag: str,
    noise: int,
    changes: Sequence[tuple[str, dict[str, list[Change]]]],
    repeats: dict[str, list[Change]],
    oneoffs: dict[str, list[tuple[str, str, str]]],
) -> list[Scenario]:
    """A later blind set's scenarios from its tables, in their order: each change kind's
    ``(said, query)`` items, then the repeats, then the one-off remarks (``(habit, remark,
    query)``); ids ``<tag>-<kind>-<lang>-<i>``, noise lines picked from ``noise + i``."""
    out: list[Scenario] = []
    for kind, table in changes:
        for lang, items in table.items():
            out.extend(
                change_scenario(f"{tag}-{kind}-{lang}-{i}", lang, i + noise, said, q)
                for i, (said, q) in enumerate(items)
            )
    for lang, items in repeats.items():
        out.extend(
            repeat_scenario(f"{tag}-repeat-{lang}-{i}", lang, i + noise, said, q)
            for i, (said, q) in enumerate(items)
        )
    for lang, remarks in oneoffs.items():
        out.extend(
            oneoff_scenario(f"{tag}-oneoff-{lang}-{i}", lang, i + noise, h, r, q)
            for i, (h, r, q) in enumerate(remarks)
        )
    return out


def _want(lang: str, i: int, habit: str, want: str, query: str) -> Scenario:
    sid = f"colloq2-want-{lang}-{i}"
    nodes = [_noise(lang, i + 3, d, sid) for d in (3, 10, 24)]
    nodes.append(ScenarioNode(f"{sid}.habit", habit, "fact", None, _T0))
    nodes.append(ScenarioNode(f"{sid}.want", want, "fact", None, _T0 + timedelta(days=20)))
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({f"{sid}.habit"}), polluters=frozenset({f"{sid}.want"}))
    now = max(n.created_at for n in nodes) + timedelta(days=1)
    return Scenario(sid, "one_offs", lang, tuple(nodes), (probe,), now)


def build() -> list[Scenario]:
    """Every scenario of the second blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    for kind, table in (("plain", PLAIN), ("back", BACK), ("style", STYLE)):
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, wants in WANTS.items():
        out.extend(_want(lang, i, h, w, q) for i, (h, w, q) in enumerate(wants))
    return out


def main() -> None:
    dump_main(build, __doc__)


def dump_main(build: Callable[[], list[Scenario]], doc: str | None) -> None:
    """The command of a blind set's module: ``--dump FILE`` writes its scenarios."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--dump", type=Path, required=True)
    args = parser.parse_args()
    print(dump_scenarios(build(), args.dump))


if __name__ == "__main__":
    main()
