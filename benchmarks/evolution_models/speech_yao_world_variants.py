"""Whose state the clause beside a 要 or a modal 得 reports, measured without the engine (issue
38, helper speech28).

:mod:`hybridmem.evolution.speech.yao` reads 要 as a want of the moment beside a clause of a
state reached (a 了, a degree complement after 得). The state may be the speaker's (嗓子冒烟了,
加了一天班, 困得睁不开眼) or the world's (房租涨了，要搬家: a plan, 要 "will"). Two readings,
each patched into the rules for one classification and compared with the shipped rules:

* ``zh-world-subject``: 要 is no want when every clause of a state reached beside it has a
  subject of its own that is not the speaker (a noun or a pronoun before the predicate,
  ``clauses._zh_speaker_subject``) and reaches its state by 了 alone (no degree complement):
  驾照到期了, 洗衣机坏了 say a thing's change; a dropped subject (加了一天班) is the speaker's;
* ``zh-modal-de``: 得 right after a pronoun (我得早点睡, 我们得搬家) is the modal "must", not a
  degree complement, so it says no state reached (``yao._DEGREE_DE`` reads it as one).

``python -m benchmarks.evolution_models.speech_yao_world_variants [--json OUT]`` prints per
reading every labelled line whose act changes sides (assertive or not: fixed, lost), benchmark
texts that change (blind files counted) and LoCoMo / MADial sentences that change.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
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
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.speech import clauses, rules, yao
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS

_SHIPPED_YAO_WANTS = rules._yao_wants
_SHIPPED_DEGREE = yao._DEGREE_DE
# 得 after a pronoun is the modal "must"; a degree complement follows a predicate.
_MODAL_FREE_DEGREE = re.compile(r"(?<=[\u4e00-\u9fff])(?<![我你他她它们咱])得[\u4e00-\u9fff]{2,}")


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


READINGS: dict[str, Callable[[], AbstractContextManager[Any]]] = {
    "zh-world-subject": lambda: mock.patch.object(rules, "_yao_wants", _world_yao_wants),
    "zh-modal-de": lambda: mock.patch.object(yao, "_DEGREE_DE", _MODAL_FREE_DEGREE),
}


def _assertive(text: str, reading: Callable[[], AbstractContextManager[Any]]) -> bool:
    with reading():
        return rules.RuleBasedSpeechActClassifier().classify(text).act in ASSERTIVE_ACTS


def _benchmark_texts() -> Iterator[tuple[str, bool, str]]:
    files = [*sorted((ROOT / "data").glob("*.json")), *sorted(ROOT.glob("scenarios*.py"))]
    for path in [*files, *sorted(ROOT.glob("first_day*.py"))]:
        stem = path.name.rsplit(".", 1)[0]
        blind = stem in BLIND_SCENARIOS or ("blind" in stem and stem not in READABLE)
        for text in sorted(_texts(path)):
            yield path.name, blind, text


def measure(data: Path) -> dict[str, Any]:
    """Per reading: labelled lines fixed / lost, benchmark texts and shared sentences moved."""
    shipped: Callable[[], AbstractContextManager[Any]] = nullcontext
    out: dict[str, Any] = {
        name: {"fixed": [], "lost": [], "texts": {}, "shared": []} for name in READINGS
    }
    for e in load_examples():
        before = _assertive(e.text, shipped)
        for name, reading in READINGS.items():
            if _assertive(e.text, reading) != before:
                kind = "fixed" if (e.act in ASSERTIVE_ACTS) != before else "lost"
                out[name][kind].append(f"[{e.lang}] {e.act.value}: {e.text}")
    for file, blind, text in _benchmark_texts():
        before = _assertive(text, shipped)
        for name, reading in READINGS.items():
            if _assertive(text, reading) != before:
                shown = out[name]["texts"].setdefault(file, [])
                shown.append("(blind)" if blind else f"{'quiet' if before else 'kept'}: {text}")
    seen: set[str] = set()
    for _, document in _documents(data):
        for text in _strings(document):
            for sentence in sentences(text) if text.strip() else ():
                if sentence in seen or not re.search(r"[要得]", sentence):
                    continue
                seen.add(sentence)
                before = _assertive(sentence, shipped)
                for name, reading in READINGS.items():
                    if _assertive(sentence, reading) != before:
                        out[name]["shared"].append(sentence)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_yao_world_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    args = parser.parse_args(argv)
    out = measure(args.data or default_data_dir())
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
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(out, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
