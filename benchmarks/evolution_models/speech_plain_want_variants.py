"""Readings of a plain want by the kind of thing wanted, measured without the engine (issue 38,
helper speech26: a measured negative, the engine unchanged).

A plain want with nothing placing it ("I want a kebab.", 想喝奶茶。) is a mood as often as a
standing want ("I want a quiet life.", 我想过安稳日子。) in the same grammar. Each variant here
reads such a want (a plain want or need cue, no habitual, future or taste cue, labelled
assertive by the rules) as a want of the moment when its object has a shape of one serving:

* ``en-indefinite``: an English want or need whose object is an indefinite singular noun
  phrase of at most three words ending the clause, no restrictive modifier after it ("I want a
  kebab." / not "I want a car that's cheap to run.");
* ``zh-ingest``: a Chinese want of a verb of ingestion (想吃…, 想喝…), the one class of verb
  whose object is used up by the act.

``python -m benchmarks.evolution_models.speech_plain_want_variants [--json OUT]`` prints, per
variant: labelled lines it would fix (quiet lines no longer assertive) and lose (assertive lines
no longer assertive), printed for the read batches; benchmark texts it would relabel (printed
for readable files, counted for blind ones); LoCoMo and MADial sentences it would relabel
(printed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import (
    BLIND_SCENARIOS,
    READABLE,
    ROOT,
    _strings,
    _texts,
)
from benchmarks.evolution_models.speech_eval import load_examples
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechActResult
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

_PLAIN = frozenset(
    {"volition:en-want", "volition:en-head", "volition:en-need", "volition:zh-xiang"}
)
_BLOCKING = ("habitual:", "future:", "stable:", "pref:", "frequency:", "like:", "generic:")
# Words that head a modifier after the noun (prepositions, relatives, "to"): a closed class.
_POSTMODIFIER = (
    r"who|that|which|where|with|without|in|on|at|by|for|of|from|near|to|closer|like|than|as"
)
_EN_ONE = re.compile(
    r"\b(?:want|wanna|need) (?:a|an) (?:(?!(?:" + _POSTMODIFIER + r")\b)[a-z'-]+ ){0,2}"
    r"(?!(?:" + _POSTMODIFIER + r")\b)[a-z'-]+\s*(?:[.!~]+\s*)?$"
)
_ZH_INGEST = re.compile(r"想(?:好好|马上|赶紧)?(?:吃|喝)")

VARIANTS: dict[str, Callable[[str], bool]] = {
    "en-indefinite": lambda text: bool(_EN_ONE.search(text.lower())),
    "zh-ingest": lambda text: bool(_ZH_INGEST.search(text)),
}


def _plain(result: SpeechActResult) -> bool:
    """A plain want the rules left assertive, with no marker of habit, future or taste."""
    cues = set(result.cues)
    return (
        result.act in ASSERTIVE_ACTS
        and bool(cues & _PLAIN)
        and not any(c.startswith(_BLOCKING) for c in cues)
    )


def _moved(classifier: RuleBasedSpeechActClassifier, text: str) -> list[str]:
    result = classifier.classify(text)
    return [name for name, reads in VARIANTS.items() if _plain(result) and reads(text)]


Moved = Callable[[RuleBasedSpeechActClassifier, str], list[str]]
"""The variants (by name) that would read a text as a want of the moment."""


def measure(
    data: Path, moved: Moved = _moved, names: Sequence[str] = tuple(VARIANTS)
) -> dict[str, Any]:
    """Per variant: labelled lines fixed / lost, benchmark texts and shared sentences moved."""
    classifier = RuleBasedSpeechActClassifier()
    out: dict[str, Any] = {
        name: {"fixed": [], "lost": [], "texts": {}, "shared": []} for name in names
    }
    for e in load_examples():
        for name in moved(classifier, e.text):
            kind = "lost" if e.act in ASSERTIVE_ACTS else "fixed"
            out[name][kind].append(f"[{e.lang}] {e.act.value}: {e.text}")
    files = [*sorted((ROOT / "data").glob("*.json")), *sorted(ROOT.glob("scenarios*.py"))]
    files += sorted(ROOT.glob("first_day*.py"))
    for path in files:
        stem = path.name.rsplit(".", 1)[0]
        blind = stem in BLIND_SCENARIOS or ("blind" in stem and stem not in READABLE)
        for text in sorted(_texts(path)):
            for name in moved(classifier, text):
                shown = out[name]["texts"].setdefault(path.name, [])
                shown.append("(blind)" if blind else text)
    seen: set[str] = set()
    for _, document in _documents(data):
        for text in _strings(document):
            for sentence in sentences(text) if text.strip() else ():
                if sentence in seen:
                    continue
                seen.add(sentence)
                for name in moved(classifier, sentence):
                    out[name]["shared"].append(sentence)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_plain_want_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    args = parser.parse_args(argv)
    report(measure(args.data or default_data_dir()), args.json_out)
    return 0


def report(out: dict[str, Any], json_out: Path | None) -> None:
    """Print each variant's counts and moved lines; write the JSON when asked."""
    for name, found in out.items():
        texts = sum(len(v) for v in found["texts"].values())
        print(
            f"== {name}: labelled lines fixed {len(found['fixed'])}, lost {len(found['lost'])};"
            f" benchmark texts moved {texts}; shared sentences moved {len(found['shared'])}"
        )
        for kind in ("fixed", "lost"):
            for line in found[kind]:
                print(f"  {kind}: {line}")
        for file, shown in found["texts"].items():
            print(f"  text {file}: {shown}")
        for sentence in found["shared"]:
            print(f"  shared: {sentence}")
    if json_out is not None:
        json_out.write_text(json.dumps(out, ensure_ascii=False, indent=2), "utf-8")


if __name__ == "__main__":
    sys.exit(main())
