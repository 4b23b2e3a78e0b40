"""Which sentence beside a want places it in its moment: readings of
:func:`hybridmem.evolution.speech.in_message._says_moment` compared (issue 38, helper write22; a
measurement, the engine keeps its own reading).

``python -m benchmarks.evolution_models.speech_in_message_variants [--json OUT]`` patches each
reading into the extractor (``in_message.read_in_message``, which ``read_message`` calls for the
extractor and, since addmood23, for the whole-text writer too): the shipped one; the same with
another test of the sentence beside the want (``any-moment-cue``, ``feeling-only``); speech28's
``whole-message`` (the want takes the act of its whole message when that is quiet). It counts,
against no reading in the message at all (every sentence alone, as before write22):

* labelled lines of two or more sentences (``data/speech_acts.jsonl``) and the one-occasion
  sets' lines: quiet lines no longer filed under the root (fixed), assertive or standing lines
  no longer filed (lost), each printed (batches still blind counted);
* LoCoMo and MADial strings of two or more sentences (``$DATA``, read where they live): the
  sentences whose act changes and the strings whose filing changes, printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import _strings
from benchmarks.evolution_models.speech_eval import load_examples
from benchmarks.evolution_models.speech_label_diff import STILL_BLIND
from benchmarks.evolution_models.speech_message_filing import batch_names, filed
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem.conversation.extract import RuleExtractor
from hybridmem.evolution.speech import in_message
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.in_message import sentences
from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
)

ROOT = Path(__file__).resolve().parents[1]
Reading = Callable[[SpeechActResult], bool]
Classifier = SpeechActClassifier
Labelled = in_message.Labelled
Read = Callable[[Sequence[Labelled], Classifier], list[Labelled]]
_SHIPPED: Read = in_message.read_in_message
"""The engine's reading, kept before any patch (the readings below call it)."""


def _family(cue: str) -> str:
    return cue.split(":", 1)[0]


def _any_moment_cue(result: SpeechActResult) -> bool:
    """The first reading: any emotion, or any cue of an episode (a past tense too), a deictic
    time or a now (not ``now:circumstance``)."""
    if result.act is SpeechAct.EMOTION:
        return True
    return any(
        _family(cue) in ("episode", "deixis", "now") and cue != "now:circumstance"
        for cue in result.cues
    )


def _feeling_only(result: SpeechActResult) -> bool:
    """The speaker's mood alone: an emotion with a cue of a feeling or an interjection."""
    return result.act is SpeechAct.EMOTION and any(
        cue.endswith(("-feeling", "-interjection")) for cue in result.cues
    )


def _whole_message(labelled: Sequence[Labelled], classifier: Classifier) -> list[Labelled]:
    """speech28's reading (``speech_sentence_split``'s ``in_context``): a sentence holding a
    want cue, read alone as assertive, takes the act of its whole message when that is quiet."""
    whole = classifier.classify(in_message.join([s for s, _ in labelled]))
    if whole.act in ASSERTIVE_ACTS:
        return list(labelled)
    return [
        (s, whole) if r.act in ASSERTIVE_ACTS and in_message._holds_want(r) else (s, r)
        for s, r in labelled
    ]


def _beside(says_moment: Reading) -> Read:
    """The shipped reading with ``says_moment`` for the sentence beside the want."""

    def read(labelled: Sequence[Labelled], classifier: Classifier) -> list[Labelled]:
        saved = in_message._says_moment
        in_message._says_moment = says_moment
        try:
            return _SHIPPED(labelled, classifier)
        finally:
            in_message._says_moment = saved

    return read


def _alone(labelled: Sequence[Labelled], classifier: Classifier) -> list[Labelled]:
    return list(labelled)


READINGS: dict[str, Read] = {
    "shipped": _SHIPPED,
    "any-moment-cue": _beside(_any_moment_cue),
    "feeling-only": _beside(_feeling_only),
    "whole-message": _whole_message,
}


@contextmanager
def _reading(read: Read) -> Iterator[None]:
    saved = in_message.read_in_message
    in_message.read_in_message = read  # type: ignore[assignment]
    try:
        yield
    finally:
        in_message.read_in_message = saved


def _labelled() -> list[tuple[str, str, bool]]:
    """(where, text, quiet) for every labelled or one-occasion line of two or more sentences."""
    names = batch_names()
    out = [
        (names[n], e.text, e.act not in ASSERTIVE_ACTS)
        for n, e in enumerate(load_examples())
        if len(sentences(e.text)) > 1
    ]
    for path in sorted((ROOT / "data").glob("one_occasion_*.json")):
        for e in json.loads(path.read_text("utf-8"))["examples"]:
            if len(sentences(e["text"])) > 1:
                out.append((path.stem, e["text"], e["label"] == "one_off"))
    return out


def _shared(data: Path) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for corpus, document in _documents(data):
        for text in _strings(document):
            if text.strip() and text not in seen and len(sentences(text)) > 1:
                seen[text] = corpus
    return [(corpus, text) for text, corpus in seen.items()]


def measure(data: Path) -> dict[str, Any]:
    """Per reading: fixed and lost labelled lines, shared act and filing changes."""
    extractor, classifier = RuleExtractor(), default_classifier()
    labelled, shared = _labelled(), _shared(data)
    with _reading(_alone):
        base = [filed(extractor, text) for _, text, _ in labelled]
    # Read alone once; a string whose acts no reading changes is filed as before.
    alone = [[(s, classifier.classify(s)) for s in sentences(text)] for _, text in shared]
    out: dict[str, Any] = {}
    for name, reading in READINGS.items():
        row: dict[str, Any] = {"fixed": [], "lost": [], "acts": [], "filing": []}
        with _reading(reading):
            for (where, text, quiet), old in zip(labelled, base, strict=True):
                new = filed(extractor, text)
                if bool(old) != bool(new):
                    kind = "fixed" if quiet and old else "lost" if not quiet and old else "other"
                    shown = "(blind)" if where in STILL_BLIND else text
                    row.setdefault(kind, []).append(f"{where}: {shown}")
            for (corpus, text), sentence_acts in zip(shared, alone, strict=True):
                read = reading(sentence_acts, classifier)
                moved = [
                    f"[{corpus}] {a.act} -> {b.act}: {s}"
                    for (s, a), (_, b) in zip(sentence_acts, read, strict=True)
                    if a.act is not b.act
                ]
                if not moved:
                    continue
                row["acts"].extend(moved)
                now = filed(extractor, text)
                with _reading(_alone):
                    if filed(extractor, text) != now:
                        row["filing"].append(f"[{corpus}] {text}")
        out[name] = row
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_in_message_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    args = parser.parse_args(argv)
    result = measure(args.data or default_data_dir())
    for name, row in result.items():
        counts = {k: len(v) for k, v in row.items()}
        print(f"{name}: {counts}")
        for kind, lines in row.items():
            for line in lines:
                print(f"    {kind} {line}")
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
