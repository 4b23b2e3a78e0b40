"""Readings of "a standing line said beside a mood" for the whole-text writer, compared
(issue 38, helper addmood23).

``HybridMemory.add`` reads a message whole: a mood sentence beside a standing line makes the
whole message a mood, and the standing line is held back with it (blind speech batches 29 and
30). Each reading below keeps a fact or preference whose whole reading is held back (not
assertive, no committed change, no other's taste: the planner's own tests) when a sentence of
it, read in its message (``speech.in_message.read_message``, the reading the conversation
extractor uses), is:

* ``any-assertive``: assertive and holds no want;
* ``filed``: filed by the conversation extractor under the user's root, holding no want
  (write22's measurement; the extractor itself may not be imported by the write path);
* ``not-one-occasion``: assertive, no want, and not about one occasion
  (``speech.aspect.one_occasion``: "The interview is in an hour" is the day's);
* ``shipped``: the engine's own test (``evolution/write/beside_mood.py``), when it exists.

``python -m benchmarks.evolution_models.speech_beside_mood_variants [--data DIR] --json OUT``
counts, per reading, the labelled lines of two or more sentences newly kept by gold side and
batch group (the newest batch apart), the one-occasion sets' lines by label, and
the benchmark texts of two or more sentences newly kept (per file), and the LoCoMo / MADial
strings of two or more sentences newly kept (read as a fact, an upper
bound: those suites write events, whose held-back weight the same test would restore); with
``--show`` the read lines and a sample of the shared strings are printed.
"""

from __future__ import annotations

import argparse
import json
import random
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
from benchmarks.evolution_models.speech_batches import BATCHES
from benchmarks.evolution_models.speech_eval import load_examples
from benchmarks.evolution_models.speech_label_diff import STILL_BLIND
from benchmarks.evolution_models.speech_message_filing import batch_names, filed
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.one_occasion_eval import SETS
from benchmarks.paths import default_data_dir
from hybridmem.conversation.extract import RuleExtractor
from hybridmem.evolution.slots import others
from hybridmem.evolution.speech import volition
from hybridmem.evolution.speech.aspect import one_occasion
from hybridmem.evolution.speech.in_message import read_message, sentences
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier
from hybridmem.evolution.write.commitments import committed_change

Reading = Callable[[str], bool]


def readings() -> dict[str, Reading]:
    """Each reading: does it keep this held-back text?"""
    classifier = RuleBasedSpeechActClassifier()
    extractor = RuleExtractor(classifier)

    def standing(text: str, occasion: bool) -> bool:
        for sentence, result in read_message(text, classifier):
            if result.act not in ASSERTIVE_ACTS or not volition.WANTS.isdisjoint(result.cues):
                continue
            if occasion and one_occasion(sentence):
                continue
            return True
        return False

    def by_extractor(text: str) -> bool:
        return any(
            volition.WANTS.isdisjoint(classifier.classify(s).cues) for s in filed(extractor, text)
        )

    out: dict[str, Reading] = {
        "any-assertive": lambda t: standing(t, False),
        "filed": by_extractor,
        "not-one-occasion": lambda t: standing(t, True),
    }
    try:
        from hybridmem.evolution.write import beside_mood  # the engine's, once shipped
    except ImportError:
        return out
    out["shipped"] = lambda t: (
        beside_mood.standing_line(t, classifier.classify(t), classifier) is not None
    )
    return out


def held_back(text: str, classifier: RuleBasedSpeechActClassifier) -> bool:
    """Whether the planner holds ``text`` back as a fact today (its whole reading)."""
    result = classifier.classify(text)
    return not (
        result.is_assertive
        or committed_change(text, result, classifier) is not None
        or others.held_by_other(text, result)
    )


def measure(data: Path, show: bool) -> dict[str, Any]:
    classifier = RuleBasedSpeechActClassifier()
    reads = readings()
    out: dict[str, Any] = {name: {} for name in reads}
    names, blind = batch_names(), set(STILL_BLIND)

    def count(name: str, key: str) -> None:
        out[name][key] = out[name].get(key, 0) + 1

    for n, e in enumerate(load_examples()):
        if n >= BATCHES[-1][2] or len(sentences(e.text)) < 2 or not held_back(e.text, classifier):
            continue
        gold = "assertive" if e.act in ASSERTIVE_ACTS else "quiet"
        group = names[n] if names[n] in blind else "read batches"
        for name, read in reads.items():
            if read(e.text):
                count(name, f"{group} {gold} {e.lang}")
                if show:  # a blind batch only after its blind figure (then it is read)
                    print(f"{name}\t{names[n]}\t{gold}\t{e.text}")
    for path in SETS:
        for e in json.loads(path.read_text(encoding="utf-8"))["examples"]:
            if len(sentences(e["text"])) < 2 or not held_back(e["text"], classifier):
                continue
            for name, read in reads.items():
                if read(e["text"]):
                    count(name, f"one-occasion {e['label']} {e['lang']}")
                    if show:
                        print(f"{name}\t{path.name}\t{e['label']}\t{e['text']}")
    _benchmark_texts(reads, classifier, count, show)
    shared: dict[str, list[str]] = {}
    for corpus, document in _documents(data):
        for text in _strings(document):
            if text.strip() and len(sentences(text)) > 1 and held_back(text, classifier):
                shared.setdefault(corpus, []).append(text)
    for corpus, texts in shared.items():
        for name, read in reads.items():
            kept = sorted({t for t in texts if read(t)})
            out[name][f"{corpus} strings kept (of {len(set(texts))} held back)"] = len(kept)
            if show:
                for t in random.Random(0).sample(kept, min(8, len(kept))):
                    print(f"{name}\t{corpus}\t{t}")
    return out


def _benchmark_texts(
    reads: dict[str, Reading],
    classifier: RuleBasedSpeechActClassifier,
    count: Callable[[str, str], None],
    show: bool,
) -> None:
    """The benchmark texts of two or more sentences (``benchmarks/data/*.json``, the string
    constants of ``first_day*.py`` and ``scenarios*.py``) held back whole and newly kept, per
    file; printed for readable files, counted for blind ones."""
    files = [
        *sorted((ROOT / "data").glob("*.json")),
        *sorted(ROOT.glob("first_day*.py")),
        *sorted(ROOT.glob("scenarios*.py")),
    ]
    for path in files:
        readable = path.stem in READABLE or not (
            "blind" in path.stem or path.stem.startswith(BLIND_SCENARIOS)
        )
        for text in sorted(_texts(path)):
            if len(sentences(text)) < 2 or not held_back(text, classifier):
                continue
            for name, read in reads.items():
                if read(text):
                    count(name, f"texts {path.name}")
                    if show and readable:
                        print(f"{name}\t{path.name}\t{text}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_beside_mood_variants"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--json", type=Path, dest="json_out", required=True)
    parser.add_argument("--show", action="store_true", help="print the read lines kept")
    args = parser.parse_args(argv)
    payload = measure(args.data or default_data_dir(), args.show)
    for name, counts in payload.items():
        for key, value in sorted(counts.items()):
            print(f"{name:<18}{key:<60}{value:>6}")
    args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
