"""Wants after work with no demonstrative, read as the day's coming occasion, measured without
the engine (issue 38, helper speech27: measured, the engine unchanged).

"Gonna need a nap after work.", 下班想吃顿好的。 and 下了班想去撸串。 say a want of today as
often as a habit ("After work I go to the climbing wall", 下班后我去接孩子): "after work" and
下班 name a daily event with no determiner. Two readings, each of a want the rules leave
assertive with no habitual, future or taste cue (as
:mod:`benchmarks.evolution_models.speech_plain_want_variants` reads a plain want):

* ``en-bare-event``: an English plain want or need with "after" / "before" + a bare singular
  noun (no determiner, no pronoun: "after work", "before class") is of the coming occasion, as
  the engine's bare part of the day (晚上想…) is;
* ``zh-event-head``: a Chinese 想 headed by a short event clause at the start of a clause,
  with or without 了 / 后 (下班想…, 下了班想…, 下班后想…), the speaker unnamed (no pronoun), read
  as the coming occasion's want (the rules read no want there at all).

``python -m benchmarks.evolution_models.speech_after_work_variants [--json OUT]`` prints per
variant the labelled lines it would fix and lose, the benchmark texts it would relabel (blind
files counted) and the LoCoMo / MADial sentences it would relabel.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from benchmarks.evolution_models.speech_plain_want_variants import _plain, measure, report
from benchmarks.paths import default_data_dir
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

# Determiners and pronouns: what makes the noun after "after" not bare (a closed class).
_DETERMINER = (
    r"a|an|the|this|that|these|those|my|your|his|her|our|their|its|each|every|all|some|any"
    r"|i|we|you|he|she|they|it|one|two|three|lunch's|today's|work's"
)
_EN_BARE = re.compile(r"\b(?:after|before) (?!(?:" + _DETERMINER + r")\b)[a-z]+\b(?! [a-z]+ing\b)")
# A short event clause heading 想 at a clause start, no pronoun, no word of the other senses.
_ZH_HEAD = re.compile(
    r"(?:^|[，,。.!！;；~])[^\s，,。.!！?？;；:：我你他她它们的是]{2,3}?(?:了[^\s，,。.!！;；]{1,2})?"
    r"(?:后|以后|之后)?想(?!法|念|象|像|起|到|通|过|了想)"
)
_BLOCKING = ("habitual:", "future:", "stable:", "pref:", "frequency:", "like:", "generic:")
NAMES = ("en-bare-event", "zh-event-head")


def _moved(classifier: RuleBasedSpeechActClassifier, text: str) -> list[str]:
    result = classifier.classify(text)
    out = []
    if _plain(result) and _EN_BARE.search(text.lower()):
        out.append("en-bare-event")
    free = result.act in ASSERTIVE_ACTS and not any(c.startswith(_BLOCKING) for c in result.cues)
    if free and _ZH_HEAD.search(text):
        out.append("zh-event-head")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_after_work_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    args = parser.parse_args(argv)
    report(measure(args.data or default_data_dir(), _moved, NAMES), args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
