"""Colloquial value changes and wants (issue 38), English and Chinese: a blind scenario set.

Written for hybridmem by the issue-38 helper session, fresh (not copied from any benchmark or
from the other scenario families), and committed as ``benchmarks/data/colloquial_blind.json``
before anything was run on it. Two kinds:

- ``natural_change``: a standing value replaced without a change word: an order for the
  future ("from now on, order me …", 以后给我点…), a correction ("actually make it …", 算了，
  还是…), a move back to an earlier value, a style preference replaced (tone, answer length).
  The new value must answer; the replaced one is stale.
- ``one_offs``: a stable taste or habit, then a tired or hungry remark with a want in it
  ("I'm starving, I want ramen", 困死了想来杯浓缩). Filed by the agent as a ``fact`` (as a
  careless agent would: the speech-act filter has to catch it). The remark must not answer the
  question about the habit.

``python -m benchmarks.scenarios_colloquial --dump benchmarks/data/colloquial_blind.json``
writes the file; ``python -m benchmarks.evolution_scenarios --scenarios
benchmarks/data/colloquial_blind.json --embedder multilingual`` runs it.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.scenario_files import dump_scenarios
from benchmarks.scenarios import _NOISE, Probe, Scenario, ScenarioNode

_T0 = datetime(2025, 9, 1, 8, 0, tzinfo=UTC)

CHANGES: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "en": [
        (
            ("My usual coffee is a flat white.", "From now on, order me an oat latte."),
            "What coffee should be ordered for the user?",
        ),
        (
            (
                "I have an espresso with lunch every day.",
                "Actually, make it a peppermint tea at lunch, the espresso keeps me up.",
            ),
            "What does the user drink with lunch?",
        ),
        (
            (
                "I live in Bristol.",
                "Took the job in Cardiff, renting a flat there.",
                "Back in Bristol again, the Cardiff flat was tiny.",
            ),
            "Where does the user live?",
        ),
        (
            (
                "Write to me in a formal tone, please.",
                "Keep it casual with me, no need for Dear Sir.",
            ),
            "What tone should messages to the user take?",
        ),
        (
            (
                "I like long, detailed answers with all the background.",
                "Just the short version going forward, bullet points are plenty.",
            ),
            "How long should answers to the user be?",
        ),
        (
            ("Gym days are Mondays for me.", "Thursdays are my gym days these days."),
            "Which day does the user go to the gym?",
        ),
        (
            (
                "Book me window seats on flights.",
                "Aisle seat for me on flights from here on, my knees.",
            ),
            "Which seat does the user want on flights?",
        ),
        (
            (
                "I call my sister every Sunday evening.",
                "Sister calls are on Saturday mornings now, her shifts changed.",
            ),
            "When does the user call their sister?",
        ),
    ],
    "zh": [
        (("我平时喝拿铁。", "以后给我点燕麦拿铁。"), "应该给用户点什么咖啡？"),
        (("我午饭配一杯美式。", "算了，午饭还是配茶吧，美式喝了睡不着。"), "用户午饭喝什么？"),
        (
            ("我住在南京。", "去上海上班了，在那边租了房。", "又回南京了，上海那套房太小。"),
            "用户住在哪里？",
        ),
        (("给我写东西正式一点。", "跟我说话随意点就行，别那么客气。"), "给用户写东西用什么语气？"),
        (("我喜欢详细的回答，背景都讲清楚。", "以后简短点，说重点就行。"), "给用户的回答要多长？"),
        (("我周一去健身房。", "健身这阵子都是周四去。"), "用户哪天去健身房？"),
        (
            ("订机票帮我选靠窗的座位。", "以后坐飞机给我选过道，腿伸得开。"),
            "用户坐飞机要什么座位？",
        ),
        (
            ("我每周日晚上给我姐打电话。", "跟我姐的电话挪到周六早上了，她换班了。"),
            "用户什么时候给姐姐打电话？",
        ),
    ],
}

DEV_CHANGES: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "en": [
        (
            (
                "I read the news on the BBC app.",
                "Give me the Guardian headlines in the morning from now on.",
            ),
            "Which news should the user get in the morning?",
        ),
        (
            (
                "Remind me of meetings fifteen minutes before.",
                "Actually, make meeting reminders an hour ahead.",
            ),
            "How early should meeting reminders come?",
        ),
        (
            (
                "I do the weekly shop at Tesco.",
                "Weekly shop is at Aldi, cheaper.",
                "Back to Tesco for the weekly shop, Aldi never has oat milk.",
            ),
            "Where does the user do the weekly shop?",
        ),
        (
            (
                "Use miles when you give me distances.",
                "Kilometres for distances please, going forward.",
            ),
            "Which unit should distances be given in?",
        ),
        (
            ("Reply to me in English.", "Answer me in German from here on, I need the practice."),
            "Which language should replies be in?",
        ),
        (
            ("My hairdresser is Sam at Cutters.", "Lena at Studio 9 does my hair these days."),
            "Who is the user's hairdresser?",
        ),
        (
            ("I fly Lufthansa when I can.", "Book KLM for me going forward, better connections."),
            "Which airline does the user fly?",
        ),
        (
            ("I walk the dog at seven in the morning.", "Dog walks are at half six these days."),
            "When does the user walk the dog?",
        ),
    ],
    "zh": [
        (("我早上看新闻联播的回放。", "以后早上给我推澎湃新闻。"), "早上给用户推什么新闻？"),
        (("开会前十五分钟提醒我。", "算了，开会提前一小时提醒我吧。"), "开会要提前多久提醒用户？"),
        (
            ("我在盒马买菜。", "最近在叮咚买菜下单。", "又回盒马买菜了，叮咚老缺货。"),
            "用户在哪里买菜？",
        ),
        (("距离用英里跟我说。", "距离还是用公里吧。"), "跟用户说距离用什么单位？"),
        (("用中文回复我。", "以后用英文回我，我要练英语。"), "用什么语言回复用户？"),
        (("我在楼下的理发店剪头发。", "剪头发这阵子都去万达那家。"), "用户在哪剪头发？"),
        (("坐飞机我一般选国航。", "订机票就订东航吧，转机方便。"), "用户坐哪家航空公司？"),
        (("我早上七点遛狗。", "遛狗这段时间都是六点半。"), "用户几点遛狗？"),
    ],
}
"""The dev half: other attributes, other sentences, written after the blind set and before
anything was run on either; cues and data are changed on these only."""

WANTS: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I prefer Italian food, pasta especially.",
            "I'm starving, I want ramen right now.",
            "What food does the user prefer?",
        ),
        (
            "My evening drink is chamomile tea.",
            "ugh so tired, I could really use a double espresso",
            "What does the user drink in the evening?",
        ),
        (
            "I go to bed around eleven.",
            "exhausted, I just want to be asleep by eight tonight",
            "When does the user go to bed?",
        ),
        (
            "I like quiet holidays in the mountains.",
            "after this week I want a loud beach party somewhere hot",
            "What kind of holidays does the user like?",
        ),
        (
            "I cook at home most nights.",
            "too wiped to cook, I want a takeaway pizza tonight",
            "Does the user usually cook or order food?",
        ),
        (
            "I cycle to work.",
            "legs are dead, I want a taxi to the office today",
            "How does the user get to work?",
        ),
        (
            "My favourite snack is an apple.",
            "craving salty crisps so badly right now",
            "What snack does the user like?",
        ),
        (
            "I listen to classical music while I work.",
            "so wound up, I want some loud rock on right now",
            "What music does the user work to?",
        ),
    ],
    "zh": [
        ("我喜欢吃意大利菜。", "饿死了，好想吃拉面。", "用户喜欢吃什么菜？"),
        ("我晚上一般喝菊花茶。", "困死了，想来杯浓缩咖啡。", "用户晚上喝什么？"),
        ("我一般十一点睡觉。", "累瘫了，今晚八点就想睡。", "用户几点睡觉？"),
        (
            "我喜欢去山里安安静静地度假。",
            "这周太累了，好想去海边热闹一下。",
            "用户喜欢什么样的假期？",
        ),
        (
            "我大部分晚上在家做饭。",
            "今天累得不想做饭，想点个披萨外卖。",
            "用户平时在家做饭还是点外卖？",
        ),
        ("我骑车上班。", "腿都废了，今天想打车去公司。", "用户怎么去上班？"),
        ("我最喜欢的零食是苹果。", "好馋薯片啊，现在就想吃。", "用户喜欢什么零食？"),
        ("我工作的时候听古典音乐。", "烦死了，现在就想听点吵的摇滚。", "用户工作时听什么音乐？"),
    ],
}


def _noise(lang: str, i: int, day: int, sid: str) -> ScenarioNode:
    text = _NOISE[lang][(i + day) % len(_NOISE[lang])]
    return ScenarioNode(f"{sid}.n{day}", text, "event", None, _T0 + timedelta(days=day))


def build(split: str = "blind") -> list[Scenario]:
    """The blind set (``CHANGES`` and ``WANTS``) or the dev one (``DEV_CHANGES``)."""
    out: list[Scenario] = []
    changes = CHANGES if split == "blind" else DEV_CHANGES
    for lang, items in changes.items():
        for i, (said, query) in enumerate(items):
            sid = (
                f"colloq-{split}-change-{lang}-{i}"
                if split != "blind"
                else (f"colloq-change-{lang}-{i}")
            )
            nodes = [_noise(lang, i, d, sid) for d in (2, 9, 16, 30, 37)]
            ids = []
            for j, text in enumerate(said):
                nid = f"{sid}.v{j}"
                ids.append(nid)
                nodes.append(ScenarioNode(nid, text, "fact", None, _T0 + timedelta(days=14 * j)))
            # The last value is current; a value said before and replaced since is stale
            # (moving back: the first mention has the current value again, neither gold nor
            # stale, so only the value in between is stale).
            stale = frozenset(ids[1:-1]) if len(ids) > 2 else frozenset(ids[:1])
            nodes.sort(key=lambda n: n.created_at)
            probe = Probe(query, None, frozenset({ids[-1]}), stale=stale)
            now = max(n.created_at for n in nodes) + timedelta(days=2)
            out.append(Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now))
    for lang, wants in (WANTS if split == "blind" else {}).items():
        for i, (habit, want, query) in enumerate(wants):
            sid = f"colloq-want-{lang}-{i}"
            nodes = [_noise(lang, i, d, sid) for d in (3, 10, 24)]
            nodes.append(ScenarioNode(f"{sid}.habit", habit, "fact", None, _T0))
            nodes.append(ScenarioNode(f"{sid}.want", want, "fact", None, _T0 + timedelta(days=20)))
            nodes.sort(key=lambda n: n.created_at)
            probe = Probe(
                query, None, frozenset({f"{sid}.habit"}), polluters=frozenset({f"{sid}.want"})
            )
            now = max(n.created_at for n in nodes) + timedelta(days=1)
            out.append(Scenario(sid, "one_offs", lang, tuple(nodes), (probe,), now))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--split", choices=("blind", "dev"), default="blind")
    args = parser.parse_args()
    print(dump_scenarios(build(args.split), args.dump))


if __name__ == "__main__":
    main()
