"""Colloquial value changes with no shared naming word, and look-alike controls: fourth blind set.

Written for hybridmem by the issue-38 helper of the fifth session (2026-12-05 07:30), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json``, ``colloquial_blind2``
or ``colloquial_blind3`` uses, and committed as ``benchmarks/data/colloquial_blind4.json``
before any code was changed and before anything was run on it. Every change is said without a
change word and, as far as a natural sentence allows, without a noun shared by the old and the
new statement (the podcast, then audiobooks in the car; 中石化, then 山姆门口那个站), so neither a
slot nor a shared word links them. Per language:

- ``plain`` (3; ``natural_change``): a habit or choice replaced by a new one.
- ``schedule`` (2; ``natural_change``): when something happens, replaced.
- ``back`` (2; ``natural_change``): three values, the last a move back to the first; only the
  value in between is stale.
- ``style`` (2; ``natural_change``): how the assistant should answer the user, replaced.
- ``both`` (3; ``natural_change``): controls. Two similar statements that are both true (tea
  in the morning, coffee after lunch; work emails formal, texts to friends casual). The probe
  asks about the older one; the newer is in the probe's ``stale`` set, so the kind's
  ``stale_rate`` is how often the newer statement was wrongly put above it (must stay 0), and
  its ``hit@3`` how often the older one is still found (a merge would lose it).

``python -m benchmarks.scenarios_colloquial4 --dump benchmarks/data/colloquial_blind4.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind4.json`` splits it by language and kind (ids
``colloq4-<kind>-<lang>-<i>``).
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
                "On the commute I listen to the Rest Is History podcast.",
                "Audiobooks in the car, just started a Le Carré one and can't stop.",
            ),
            "What does the user listen to on the commute?",
        ),
        (
            (
                "I give to Oxfam every month.",
                "The RNLI gets my regular donation, my dad was a lifeboat man.",
            ),
            "Which charity does the user give to?",
        ),
        (
            (
                "I fill up at the Shell garage on the ring road.",
                "Petrol from the Sainsbury's pumps, it's 6p cheaper a litre.",
            ),
            "Where does the user buy fuel?",
        ),
    ],
    "zh": [
        (
            ("上下班路上我听罗辑思维。", "地铁上都在听有声小说，最近在听《三体》。"),
            "用户通勤时听什么？",
        ),
        (
            ("我每个月给壹基金捐点钱。", "希望工程那边我每月固定打一百块，小时候受过资助。"),
            "用户给哪个公益组织捐钱？",
        ),
        (
            ("加油我去环城路那个中石化。", "油都在山姆会员店门口那个站加，便宜六毛。"),
            "用户在哪加油？",
        ),
    ],
}

SCHEDULE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My Spanish class is Monday evenings at seven.",
                "Thursdays at half six with Señora Ruiz for conversation practice, "
                "she had a clash.",
            ),
            "When is the user's Spanish class?",
        ),
        (
            (
                "The cleaner comes on Wednesday afternoons.",
                "Marta does the flat every other Saturday morning, fits her hours better.",
            ),
            "When does the cleaner come?",
        ),
    ],
    "zh": [
        (
            ("我的西班牙语课是周一晚上七点。", "跟Lucia老师练口语定在周四晚上六点半。"),
            "用户的西班牙语课是什么时候？",
        ),
        (
            ("钟点工阿姨周三下午来打扫。", "小刘隔周六上午过来收拾屋子，她那个时间方便。"),
            "钟点工什么时候来？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I use Gmail for everything.",
                "Proton Mail is where my personal email lives, privacy reasons.",
                "Personal mail's on Google, Proton's search was hopeless.",
            ),
            "Which email service does the user use?",
        ),
        (
            (
                "Sunday dinner is a roast at my mum's.",
                "End of the week we do the carvery at the Red Lion with the in-laws.",
                "Round mum's for the roast on Sundays, the pub got too loud.",
            ),
            "Where does the user have Sunday dinner?",
        ),
    ],
    "zh": [
        (
            (
                "我的邮箱用QQ邮箱。",
                "私人邮件都走Outlook，QQ广告太多。",
                "个人邮件走腾讯那个，Outlook收信老延迟。",
            ),
            "用户用什么邮箱？",
        ),
        (
            (
                "周末午饭在我妈家吃。",
                "周末中午跟公婆在饭店吃。",
                "周末午饭在我妈那儿，饭店太吵。",
            ),
            "用户周末午饭在哪吃？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "When you give me figures, round them.",
                "I want exact numbers with the decimals, I paste them into spreadsheets.",
            ),
            "How precise should numbers given to the user be?",
        ),
        (
            (
                "Always give me the sources you used.",
                "Skip the links and references, I just want the answer.",
            ),
            "Should the user be given sources?",
        ),
    ],
    "zh": [
        (
            ("给我报数字的时候取整就行。", "数据要精确到小数点后两位，我要贴进表格。"),
            "给用户报数字要精确到什么程度？",
        ),
        (
            ("回答的时候附上出处。", "链接和参考资料就别放了，直接给结论。"),
            "给用户回答要不要附出处？",
        ),
    ],
}

# (older statement, newer statement that is also true, question about the older one)
BOTH: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I drink tea in the morning.",
            "I have a coffee after lunch.",
            "What does the user drink in the morning?",
        ),
        (
            "I play squash with Dev on Tuesdays.",
            "Thursday nights are choir practice at St Mary's.",
            "What does the user do on Tuesdays?",
        ),
        (
            "Write my work emails in a formal tone.",
            "Texts to my friends can be as casual as you like.",
            "What tone should the user's work emails have?",
        ),
    ],
    "zh": [
        (
            "我早上喝一杯绿茶。",
            "午饭后我会来一杯美式。",
            "用户早上喝什么？",
        ),
        (
            "我周二晚上跟老陈打羽毛球。",
            "周四晚上我去合唱团排练。",
            "用户周二晚上做什么？",
        ),
        (
            "工作邮件给我写得正式一点。",
            "给朋友发的微信随便写，怎么口语怎么来。",
            "用户的工作邮件用什么语气？",
        ),
    ],
}


def _change(kind: str, lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    # A move back: only the value in between is stale (as in the second blind set).
    return change_scenario(f"colloq4-{kind}-{lang}-{i}", lang, i + 7, said, query)


def _both(lang: str, i: int, older: str, newer: str, query: str) -> Scenario:
    return both_true_scenario(f"colloq4-both-{lang}-{i}", lang, i + 7, older, newer, query)


def build() -> list[Scenario]:
    """Every scenario of the fourth blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    for kind, table in (("plain", PLAIN), ("schedule", SCHEDULE), ("back", BACK), ("style", STYLE)):
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, pairs in BOTH.items():
        out.extend(_both(lang, i, o, n, q) for i, (o, n, q) in enumerate(pairs))
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
