"""Ordinary questions near a sealed memory, against the first-day newcomers (issue 38):
``python -m benchmarks.sealed_probe``.

Written on 2026-12-05 while changing the admission of sealed memories
(hybridmem/retrieval/sensitive.py, private_kinds.py), to look for leaks the five first-day sets
do not ask about: questions that name a kind of private matter (a password, an address, a
medicine, a check-up, an ID) or share a word with a sealed memory, about someone else or about
another thing (the wifi, a cold, the partner's address). The same questions are asked of each
newcomer of the blind, fourth and fifth sets (English ones of the English newcomers), from
inside each task; the report lists, per newcomer, the questions whose hits or context held a
sealed memory. Some are arguably about one ("What is my ID?" of a sealed national insurance
number): read the list, it is a probe, not a score.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

from benchmarks.first_day import make_embedder, run_persona
from benchmarks.first_day_blind import BLIND
from benchmarks.first_day_fifth import FIFTH
from benchmarks.first_day_fourth import FOURTH

EN = (
    "Which doctor should I see about my cough?",
    "Where do I post a letter?",
    "What is the wifi password at work?",
    "Which pharmacy do I use?",
    "Do I owe anyone money for the party?",
    "What is my partner's address?",
    "How much does my commute cost?",
    "What code do I need for the office printer?",
    "Is my health insurance up to date?",
    "What medicine should I buy for a cold?",
    "What is my ID?",
    "Any condition on the nursery place?",
    "What is my sister's phone number?",
    "Where should I ship the old sofa?",
    "Who treats my teeth?",
)
ZH = (
    "我应该去哪个医院看感冒？",
    "宿舍的门禁密码是多少？",
    "我爸妈的地址是什么？",
    "我男朋友身体好吗？",
    "快递员电话是多少？",
    "我导师的病好了吗？",
    "我每个月工资发到哪个银行？",
    "我欠房东房租吗？",
    "我的学生证号是多少？",
    "感冒了吃什么药好？",
    "我老婆身体怎么样？",
    "给爸妈寄点东西寄到哪？",
    "我的医保在哪里办？",
    "WiFi密码是多少？",
    "我有什么要复查的吗？",
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    total = 0
    with TemporaryDirectory() as tmp:
        for k, persona in enumerate((*BLIND, *FOURTH, *FIFTH)):
            asked = EN if persona.lang == "en" else ZH
            probe = replace(
                persona,
                questions=tuple((q, "") for q in asked),
                task_questions=(),
                about_secret=(),
            )
            leaks = sorted(set(run_persona(probe, embedder, Path(tmp) / str(k)).leaks))
            total += len(leaks)
            print(f"{persona.lang} #{k}: {len(leaks)} of {len(asked)}: {leaks}")
    print(f"questions with a sealed memory in hits or context: {total}")


if __name__ == "__main__":
    main()
