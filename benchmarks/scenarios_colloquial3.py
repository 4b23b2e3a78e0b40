"""Colloquial value changes and unrelated newer statements, third blind set (issue 38).

Written for hybridmem by the issue-38 helper of the fourth session, fresh, on attributes that
neither ``colloquial_dev.json``, ``colloquial_blind.json`` nor ``colloquial_blind2.json`` uses,
and committed as ``benchmarks/data/colloquial_blind3.json`` before any code was changed and
before anything was run on it. It tests the query-time rule "a newer value first"
(:mod:`hybridmem.retrieval.newer_values`) from both sides, 8 scenarios per language:

- ``plain`` (3; ``natural_change``): a value replaced with no change word.
- ``back`` (1; ``natural_change``): three values, the last a move back to the first.
- ``style`` (1; ``natural_change``): how the assistant should write to the user, replaced.
- ``unrelated`` (3; ``natural_change``): a standing statement, then a newer statement of the
  user's on a neighbouring topic that gives a value of *another* attribute (the gym, then the
  days the user goes there). The probe asks about the first; the newer statement is in the
  probe's ``stale`` set, so its ``stale_rate`` is how often the unrelated newer statement was
  put above the answer (it must stay 0: a newer statement replaces only its own attribute).

``python -m benchmarks.scenarios_colloquial3 --dump benchmarks/data/colloquial_blind3.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind3.json`` splits it by language and kind (ids
``colloq3-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from datetime import timedelta

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Probe, Scenario, ScenarioNode
from benchmarks.scenarios_colloquial import _T0, _noise
from benchmarks.scenarios_colloquial2 import change_scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My barber is Tony on Station Street.",
                "Getting my hair cut by Lena at the salon above the bakery these days, "
                "way better fade.",
            ),
            "Who cuts the user's hair?",
        ),
        (
            (
                "Book me into the Premier Inn when I travel for work.",
                "For work trips put me in a Holiday Inn Express, breakfast is included.",
            ),
            "Which hotel should the user be booked into on work trips?",
        ),
        (
            (
                "I stream music on Spotify.",
                "Apple Music's what I use for music, came free with the new phone.",
            ),
            "Which music service does the user use?",
        ),
    ],
    "zh": [
        (
            ("我的快递都寄到公司前台。", "快递放小区门口的丰巢柜，前台老丢件。"),
            "用户的快递寄到哪里？",
        ),
        (
            ("我订的是《三联生活周刊》。", "杂志换成《财新周刊》了，三联看腻了。"),
            "用户订的是什么杂志？",
        ),
        (
            ("给我订外卖用美团。", "外卖走饿了么，红包多。"),
            "用户订外卖用哪个平台？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I do my yoga at the community hall.",
                "Yoga's at the new studio on Elm Road, the hall's being refurbished.",
                "Yoga back at the community hall, the studio was too pricey.",
            ),
            "Where does the user do yoga?",
        ),
    ],
    "zh": [
        (
            ("我早上喝豆浆。", "早上改喝牛奶，补钙。", "早上又喝回豆浆了，牛奶喝了胀肚。"),
            "用户早上喝什么？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Write to me in a formal register, I forward your drafts to clients.",
                "Talk to me like a mate, drop the stiff business voice.",
            ),
            "What register should be used with the user?",
        ),
    ],
    "zh": [
        (
            ("给我的总结放在最后。", "总结放开头，我没时间看完。"),
            "给用户的总结放在哪里？",
        ),
    ],
}

# (older statement, newer statement about another attribute, question about the older one)
UNRELATED: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "My gym is the PureGym on King Street.",
            "I go lifting on Tuesday and Friday mornings.",
            "Which gym does the user go to?",
        ),
        (
            "My sister Hannah lives with us.",
            "I switched to a Pixel phone last week.",
            "Who lives with the user?",
        ),
        (
            "I'm allergic to penicillin.",
            "I take vitamin D every morning.",
            "What is the user allergic to?",
        ),
    ],
    "zh": [
        (
            "我家养了一只橘猫，叫大黄。",
            "我现在开的是比亚迪。",
            "用户家养了什么宠物？",
        ),
        (
            "我在一家外贸公司做会计。",
            "每天下班去公司楼下的健身房练一个小时。",
            "用户是做什么工作的？",
        ),
        (
            "我对花生过敏。",
            "我每天早上吃一个水煮蛋。",
            "用户对什么过敏？",
        ),
    ],
}


def _change(kind: str, lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    # A move back: only the value in between is stale (as in the second blind set).
    return change_scenario(f"colloq3-{kind}-{lang}-{i}", lang, i + 5, said, query)


def _unrelated(lang: str, i: int, older: str, newer: str, query: str) -> Scenario:
    return both_true_scenario(f"colloq3-unrelated-{lang}-{i}", lang, i + 5, older, newer, query)


def both_true_scenario(
    sid: str, lang: str, seed: int, older: str, newer: str, query: str
) -> Scenario:
    """A control: two statements two weeks apart that both stay true, among noise. The newer
    one answers another question, so above the older one for ``query`` it is a misfire."""
    nodes = [_noise(lang, seed, d, sid) for d in (2, 9, 16, 30, 37)]
    nodes.append(ScenarioNode(f"{sid}.old", older, "fact", None, _T0))
    nodes.append(ScenarioNode(f"{sid}.new", newer, "fact", None, _T0 + timedelta(days=14)))
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({f"{sid}.old"}), stale=frozenset({f"{sid}.new"}))
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now)


def build() -> list[Scenario]:
    """Every scenario of the third blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    for kind, table in (("plain", PLAIN), ("back", BACK), ("style", STYLE)):
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, pairs in UNRELATED.items():
        out.extend(_unrelated(lang, i, o, n, q) for i, (o, n, q) in enumerate(pairs))
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
