"""Whose state the clause beside a modal of need reports, measured without the engine (issue
38, helper speech28: measured negatives, the engine unchanged by them).

:mod:`hybridmem.evolution.speech.yao` reads 要 as a want of the moment beside a clause of a
state reached (a 了, a degree complement after 得). The state may be the speaker's (嗓子冒烟了,
加了一天班, 困得睁不开眼: a want) or the world's (房租涨了，要搬家, 驾照到期了，要去换证: a plan, 要
"will"). Each reading says whose, by grammar, and is compared with the shipped rules:

* ``zh-world-subject`` (patched into the rules): 要 is no want when every clause of a state
  reached beside it has a subject of its own that is not the speaker (a noun or a pronoun
  before the predicate, ``clauses._zh_speaker_subject``) and reaches its state by 了 alone (no
  degree complement): 洗衣机坏了 says a thing's change; a dropped subject (加了一天班) is the
  speaker's;
* ``en-modal-speaker``: an English modal of need ("have to", "got to", "gotta", "need to",
  "must") beside a clause whose subject is the speaker ("I'm shaking") or dropped before a past
  form ("Ran for the train and missed it", "Been up since five") is the need of that moment, as
  要 beside the speaker's state is; read on the shipped act (assertive, no habitual, future,
  stable, preference, frequency, like or generic cue), which it makes quiet;
* ``en-modal-moment``: the same, narrowed to the modals of need ("have to", "'ve got to",
  "gotta", "need to": not the epistemic "must", not the past "got to" of a chance) and to a
  clause of the speaker's moment: the progressive ("I'm shaking", not "I'm diabetic") or a
  dropped subject before a past form.

The modal 得 after its subject or an adverb (我得早点睡, 还得加班), which ``yao`` read as a degree
complement, was measured here too on e845afda (nothing moved anywhere) and then shipped
(``yao.COMPLEMENT_DE``).

``python -m benchmarks.evolution_models.speech_yao_world_variants [--reading NAME] [--json
OUT]`` prints per reading every labelled line whose act changes sides (assertive or not:
fixed, lost), benchmark texts that change (blind files counted) and LoCoMo / MADial sentences
that change.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any
from unittest import mock

from benchmarks.evolution_models.speech_appraisal_scan import (
    BLIND_SCENARIOS,
    READABLE,
    ROOT,
    _strings,
    _texts,
)
from benchmarks.evolution_models.speech_eval import load_examples
from benchmarks.evolution_models.speech_plain_want_variants import report
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.speech import clauses, rules, yao
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS

_SHIPPED_YAO_WANTS = rules._yao_wants
_SHIPPED_DEGREE = yao._DEGREE_DE
_CLASSIFIER = rules.RuleBasedSpeechActClassifier()
_EN_MODAL = re.compile(r"\b(?:(?:have|'ve|has) got to|got to|gotta|have to|need to|must)\b")
_EN_SPEAKER_STATE = re.compile(r"^(?:i'm|i am|i've|i)\b")
# The modals of need alone (not "must", epistemic as often: "it must be scary"; not a bare "got
# to", the past of a chance: "at least I got to compete"), and the speaker's clause in the
# progressive, the English grammar of a state of the moment ("I'm shaking" / "I'm diabetic").
_EN_NEED_MODAL = re.compile(r"\b(?:(?:have|'ve|has) got to|gotta|have to|need to)\b")
_EN_SPEAKER_PROGRESSIVE = re.compile(r"^(?:i'm|i am) (?:\w+ )?\w+ing\b")
_CANDIDATE = re.compile(r"要|have to|got to|gotta|need to|must")
_BLOCKING = ("habitual:", "future:", "stable:", "pref:", "frequency:", "like:", "generic:")


def _world_only(text: str) -> bool:
    """Every clause of a state reached beside the 要 is a thing's change (the module
    docstring): a subject of its own before the predicate, the state by 了 alone."""
    beside = [
        c for c in clauses.clauses(text) if rules._WANT_CUES.isdisjoint(rules._read_clause(c)[1])
    ]
    reached = [c for c in beside if yao.state_reached(c)]
    return bool(reached) and all(_thing_changed(c) for c in reached)


def _thing_changed(clause: str) -> bool:
    if _SHIPPED_DEGREE.search(clause):
        return False
    tags = lexical.pos_tags(clause)
    head = next((i for i, (_, flag) in enumerate(tags) if flag[:1] in ("v", "a")), len(tags))
    before = tags[:head]
    return bool(before) and not clauses._zh_speaker_subject(before)


def _world_yao_wants(text: str) -> bool:
    return _SHIPPED_YAO_WANTS(text) and not _world_only(text)


def _en_modal(modal: re.Pattern[str], speaker: re.Pattern[str]) -> Callable[[str], bool]:
    """The English reading of a ``modal`` beside a clause of the speaker's (``speaker`` at its
    head, or a dropped subject before a past form): assertive under it."""

    def assertive(text: str) -> bool:
        result = _CLASSIFIER.classify(text)
        if result.act not in ASSERTIVE_ACTS:
            return False
        if any(cue.startswith(_BLOCKING) for cue in result.cues):
            return True
        parts = clauses.clauses(text.lower())
        holding = [c for c in parts if modal.search(c)]
        beside = [c for c in parts if not modal.search(c)]
        return not (holding and any(_speaker_clause(c, speaker) for c in beside))

    return assertive


def _speaker_clause(clause: str, speaker: re.Pattern[str]) -> bool:
    if speaker.match(clause):
        return True
    first = clause.split(" ", 1)[0]
    return first in clauses._EN_PRETERITE or first in ("been", "just") or first.endswith("ed")


def _patched(patch: Callable[[], AbstractContextManager[Any]]) -> Callable[[str], bool]:
    def assertive(text: str) -> bool:
        with patch():
            return _CLASSIFIER.classify(text).act in ASSERTIVE_ACTS

    return assertive


READINGS: dict[str, Callable[[str], bool]] = {
    "zh-world-subject": _patched(lambda: mock.patch.object(rules, "_yao_wants", _world_yao_wants)),
    "en-modal-speaker": _en_modal(_EN_MODAL, _EN_SPEAKER_STATE),
    "en-modal-moment": _en_modal(_EN_NEED_MODAL, _EN_SPEAKER_PROGRESSIVE),
}


def _shipped(text: str) -> bool:
    return _CLASSIFIER.classify(text).act in ASSERTIVE_ACTS


def _benchmark_texts() -> Iterator[tuple[str, bool, str]]:
    files = [*sorted((ROOT / "data").glob("*.json")), *sorted(ROOT.glob("scenarios*.py"))]
    for path in [*files, *sorted(ROOT.glob("first_day*.py"))]:
        stem = path.name.rsplit(".", 1)[0]
        blind = stem in BLIND_SCENARIOS or ("blind" in stem and stem not in READABLE)
        for text in sorted(_texts(path)):
            yield path.name, blind, text


def measure(data: Path, names: Sequence[str] = tuple(READINGS)) -> dict[str, Any]:
    """Per reading: labelled lines fixed / lost, benchmark texts and shared sentences moved."""
    readings = {name: READINGS[name] for name in names}
    out: dict[str, Any] = {
        name: {"fixed": [], "lost": [], "texts": {}, "shared": []} for name in readings
    }
    for e in load_examples():
        before = _shipped(e.text)
        for name, reading in readings.items():
            if reading(e.text) != before:
                kind = "fixed" if (e.act in ASSERTIVE_ACTS) != before else "lost"
                out[name][kind].append(f"[{e.lang}] {e.act.value}: {e.text}")
    for file, blind, text in _benchmark_texts():
        before = _shipped(text)
        for name, reading in readings.items():
            if reading(text) != before:
                shown = out[name]["texts"].setdefault(file, [])
                shown.append("(blind)" if blind else f"{'quiet' if before else 'kept'}: {text}")
    seen: set[str] = set()
    for _, document in _documents(data):
        for text in _strings(document):
            for sentence in sentences(text) if text.strip() else ():
                if sentence in seen or not _CANDIDATE.search(sentence.lower()):
                    continue
                seen.add(sentence)
                before = _shipped(sentence)
                for name, reading in readings.items():
                    if reading(sentence) != before:
                        out[name]["shared"].append(sentence)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_yao_world_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    parser.add_argument("--reading", action="append", choices=tuple(READINGS), help="(repeatable)")
    args = parser.parse_args(argv)
    out = measure(args.data or default_data_dir(), args.reading or tuple(READINGS))
    report(out, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
