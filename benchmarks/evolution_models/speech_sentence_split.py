"""The speech act of a message read whole against its sentences read alone (issue 38, helper
speech28: a measurement, the engine unchanged).

``speech_write_check`` files a labelled line through ``HybridMemory.add``, which reads the whole
text: a want beside a sentence of the speaker's state ("Can't stop yawning. I need a strong
espresso.") is read with it. The conversation extractor (``conversation/extract.py``) cuts a
message into sentences first and reads each alone, so the sentence that placed the want is gone
and the want may be filed as a fact. This counts, over the labelled lines of more than one
sentence, per gold side (quiet: question, hypothetical, emotion; assertive): the lines, those
the whole text reads assertive, and those the extractor turns into a root draft (a fact or a
preference ``filed``, not an event of the conversation; a draft that only ``decides`` is kept by
the ingest only when it settles an earlier deliberation, and was counted here until write22),
and prints the quiet lines read quiet whole but
filed as a root draft (blind batches counted only). ``in_context`` counts the same root drafts
under one reading of the next step: a sentence holding a want cue (``volition:``, ``want:``)
read alone as assertive takes the act of its whole message when that is quiet.

``python -m benchmarks.evolution_models.speech_sentence_split [--json OUT]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_batches import BATCHES
from benchmarks.evolution_models.speech_eval import load_examples
from benchmarks.evolution_models.speech_label_diff import STILL_BLIND
from hybridmem.conversation.extract import RuleExtractor, sentences
from hybridmem.conversation.messages import ChatMessage
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechActClassifier,
    SpeechActResult,
)


class _InContext:
    """The classifier with a message as context (the module docstring)."""

    name = "in-context"

    def __init__(self, classifier: SpeechActClassifier, message: str) -> None:
        self.classifier, self.whole = classifier, classifier.classify(message)

    def classify(self, text: str) -> SpeechActResult:
        own = self.classifier.classify(text)
        wants = any(cue.startswith(("volition:", "want:")) for cue in own.cues)
        if wants and own.act in ASSERTIVE_ACTS and self.whole.act not in ASSERTIVE_ACTS:
            return self.whole
        return own


def measure() -> dict[str, Any]:
    """Counts per gold side and the quiet lines the split files as root drafts."""
    classifier, extractor = default_classifier(), RuleExtractor()
    blind = {
        n for name, first, last in BATCHES if name in STILL_BLIND for n in range(first, last + 1)
    }
    out: dict[str, Any] = {
        side: {"lines": 0, "whole_assertive": 0, "root_draft": 0, "in_context": 0}
        for side in ("quiet", "assertive")
    }
    out["split_filed"] = []
    for n, e in enumerate(load_examples(), 1):
        if len(sentences(e.text)) < 2:
            continue
        tally = out["assertive" if e.act in ASSERTIVE_ACTS else "quiet"]
        whole = classifier.classify(e.text).act in ASSERTIVE_ACTS
        message = ChatMessage(id="m", role="user", content=e.text)
        root = [d for d in extractor.extract([message]).drafts if d.filed]
        tally["lines"] += 1
        tally["whole_assertive"] += whole
        tally["root_draft"] += bool(root)
        context = RuleExtractor(_InContext(classifier, e.text)).extract([message]).drafts
        tally["in_context"] += any(d.filed for d in context)
        if e.act not in ASSERTIVE_ACTS and root and not whole:
            shown = "(blind)" if n in blind else f"{e.text} -> {[d.content for d in root]}"
            out["split_filed"].append(f"line {n}: {shown}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_sentence_split"
    )
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the result here")
    args = parser.parse_args(argv)
    out = measure()
    for side in ("quiet", "assertive"):
        t = out[side]
        print(
            f"{side}: {t['lines']} lines of two or more sentences; read assertive whole "
            f"{t['whole_assertive']}; filed as a root draft by the extractor {t['root_draft']}"
            f", in context {t['in_context']}"
        )
    for line in out["split_filed"]:
        print(f"  quiet whole, filed when split: {line}")
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(out, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
