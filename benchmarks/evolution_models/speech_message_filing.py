"""What the conversation extractor files from a message, dumped for a comparison (issue 38,
helper write22).

``speech_write_check`` files a line through ``HybridMemory.add``, which reads the whole text;
the conversation extractor (``conversation/extract.py``) cuts a message into sentences first,
and what it files under the user's root (a fact or a preference, not an event of the
conversation) is what a chat keeps. ``python -m benchmarks.evolution_models.speech_message_filing
--dump OUT`` runs the extractor on every labelled line of ``data/speech_acts.jsonl`` (as one user
message), on every benchmark text of two or more sentences (the strings of
``benchmarks/data/*.json`` and the string constants of ``benchmarks/first_day*.py`` and
``benchmarks/scenarios*.py``) and on every string of two or more sentences of
``$DATA/locomo/*.json`` and ``$DATA/madial/*.jsonl`` (read where it lives, never copied), and
writes the sentences it files under the root. ``--summary DUMP`` prints, per batch and
language, the quiet lines (question, hypothetical, emotion) filed under the root and the
assertive lines not filed; ``--against-whole DUMP`` counts the labelled lines of two or more
sentences by gold side, the whole text's reading and whether a sentence of them is filed;
``--compare BEFORE AFTER`` prints the texts whose filing changed:
labelled lines of the read batches one by one (a blind batch counted), benchmark texts printed
for readable files and counted for blind ones, LoCoMo / MADial printed (every string is read as
a user's message: an upper bound of what a chat files).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
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
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem.conversation.extract import RuleExtractor, sentences
from hybridmem.conversation.messages import ChatMessage
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier
from hybridmem.evolution.speech.volition import WANTS

_ASSERTIVE = frozenset(a.value for a in ASSERTIVE_ACTS)


def filed(extractor: RuleExtractor, text: str) -> list[str]:
    """The sentences of ``text``, said by the user, that the extractor files under the root.

    Only drafts ``filed``: a draft that only ``decides`` (a perfective sentence that could
    settle a choice) is kept by the ingest only when it settles an earlier deliberation, which
    a message alone never has (``conversation/drafts.py``)."""
    message = ChatMessage(id="m", role="user", content=text)
    return [d.content for d in extractor.extract([message]).drafts if d.filed]


def dump(data: Path) -> dict[str, Any]:
    """The filing of every labelled line, benchmark text and shared string (the docstring)."""
    extractor = RuleExtractor()
    lines = [filed(extractor, e.text) for e in load_examples()]
    files = [
        *sorted((ROOT / "data").glob("*.json")),
        *sorted(ROOT.glob("first_day*.py")),
        *sorted(ROOT.glob("scenarios*.py")),
    ]
    texts = {
        path.name: {t: filed(extractor, t) for t in sorted(_texts(path)) if len(sentences(t)) > 1}
        for path in files
    }
    shared: dict[str, dict[str, list[str]]] = {}
    for corpus, document in _documents(data):
        seen = shared.setdefault(corpus, {})
        for text in _strings(document):
            if text not in seen and text.strip() and len(sentences(text)) > 1:
                seen[text] = filed(extractor, text)
    return {"lines": lines, "texts": texts, "shared": shared}


def batch_names() -> list[str]:
    """The batch name of each labelled line, by its index."""
    names = [""] * BATCHES[-1][2]
    for name, first, last in BATCHES:
        names[first - 1 : last] = [name] * (last - first + 1)
    return names


def summary(payload: dict[str, Any], only: str | None = None) -> dict[str, dict[str, Any]]:
    """Per batch and language: quiet lines filed under the root, assertive lines not filed."""
    out: dict[str, dict[str, Any]] = {}
    names = batch_names()
    for n, (e, kept) in enumerate(zip(load_examples(), payload["lines"], strict=True)):
        if only is not None and names[n] != only:
            continue
        row = out.setdefault(
            f"{names[n]} {e.lang}",
            {"quiet": 0, "quiet_filed": 0, "assertive": 0, "assertive_not_filed": 0},
        )
        side = "assertive" if e.act.value in _ASSERTIVE else "quiet"
        row[side] += 1
        if side == "quiet" and kept:
            row["quiet_filed"] += 1
        elif side == "assertive" and not kept:
            row["assertive_not_filed"] += 1
    return out


def against_whole(payload: dict[str, Any]) -> dict[str, int]:
    """Labelled lines of two or more sentences, by gold side, the whole text's reading
    (``HybridMemory.add`` reads the whole text) and whether the extractor files a sentence of
    them: what the writer would keep if a sentence the extractor files kept the whole text
    (blind batches counted with the rest, never printed)."""
    classifier, names = RuleBasedSpeechActClassifier(), batch_names()
    out: dict[str, int] = {}
    for n, (e, kept) in enumerate(zip(load_examples(), payload["lines"], strict=True)):
        if len(sentences(e.text)) < 2:
            continue
        whole = _assertive(classifier, e.text)
        gold = "assertive" if e.act.value in _ASSERTIVE else "quiet"
        group = "blind 29" if names[n] == "blind 29" else "batches 1-28"
        key = (
            f"{group} {gold}: whole {'assertive' if whole else 'quiet'}, "
            f"{'filed' if kept else 'not filed'}"
        )
        out[key] = out.get(key, 0) + 1
        if kept and not whole and any(not _wants(classifier, k) for k in kept):
            key = f"{group} {gold}: whole quiet, a sentence without a want filed"
            out[key] = out.get(key, 0) + 1
    # Benchmark texts (read through ``HybridMemory.add`` by first-day and colloquial, through
    # the extractor by probing and decisions): read quiet whole with a sentence filed, and with
    # a sentence filed that holds no want (counts only: blind files are never printed).
    for name, found in payload["texts"].items():
        quiet = [t for t, kept in found.items() if kept and not _assertive(classifier, t)]
        if quiet:
            no_want = [t for t in quiet if any(not _wants(classifier, k) for k in found[t])]
            out[f"texts {name}: read quiet whole, a sentence filed"] = len(quiet)
            out[f"texts {name}: read quiet whole, a sentence without a want filed"] = len(no_want)
    return dict(sorted(out.items()))


def _assertive(classifier: RuleBasedSpeechActClassifier, text: str) -> bool:
    return classifier.classify(text).act.value in _ASSERTIVE


def _wants(classifier: RuleBasedSpeechActClassifier, text: str) -> bool:
    return not WANTS.isdisjoint(classifier.classify(text).cues)


def _compare_lines(before: list[Any], after: list[Any]) -> dict[str, int]:
    names = batch_names()
    counts = {"fixed": 0, "lost": 0, "other": 0, "blind": 0}
    for n, (e, old, new) in enumerate(zip(load_examples(), before, after, strict=True)):
        if old == new:
            continue
        quiet = e.act.value not in _ASSERTIVE
        kind = (
            "fixed"
            if quiet and old and not new
            else "lost"
            if not quiet and old and not new
            else "other"
        )
        if names[n] in STILL_BLIND:
            counts["blind"] += 1
            continue
        counts[kind] += 1
        print(f"line {n + 1} {names[n]} [{e.lang}] {e.act.value} ({kind}): {e.text}")
        print(f"    {old} -> {new}")
    return counts


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Print and return the texts whose filing changed (the module docstring)."""
    out: dict[str, Any] = {"lines": _compare_lines(before["lines"], after["lines"])}
    out["texts"] = {}
    for name, found in before["texts"].items():
        stem = name.rsplit(".", 1)[0]
        blind = stem in BLIND_SCENARIOS or ("blind" in stem and stem not in READABLE)
        changed = [t for t, old in found.items() if after["texts"][name].get(t, old) != old]
        if not changed:
            continue
        out["texts"][name] = len(changed)
        print(f"{name}: {len(changed)} of {len(found)} texts filed differently")
        for t in [] if blind else changed:
            print(f"    {t}\n        {found[t]} -> {after['texts'][name][t]}")
    for corpus, found in before["shared"].items():
        changed = [t for t, old in found.items() if after["shared"][corpus][t] != old]
        out[corpus] = {"strings": len(found), "changed": len(changed)}
        print(f"{corpus}: {len(changed)} of {len(found)} strings filed differently")
        for t in changed:
            print(f"    {t}\n        {found[t]} -> {after['shared'][corpus][t]}")
    print(json.dumps({k: v for k, v in out.items() if k != "texts"}))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_message_filing"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--dump", type=Path, help="write the filing of this commit here")
    parser.add_argument("--summary", type=Path, help="per batch and language, from a dump")
    parser.add_argument("--batch", help="with --summary: this batch only")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--against-whole", type=Path, help="a dump against the whole reading")
    parser.add_argument("--json", type=Path, dest="json_out", help="the summary or comparison")
    args = parser.parse_args(argv)
    result: Any = None
    if args.dump is not None:
        args.dump.write_text(json.dumps(dump(args.data or default_data_dir()), ensure_ascii=False))
    if args.summary is not None:
        result = summary(json.loads(args.summary.read_text("utf-8")), args.batch)
        for key, row in result.items():
            print(
                f"{key:14} quiet filed {row['quiet_filed']}/{row['quiet']}, "
                f"assertive not filed {row['assertive_not_filed']}/{row['assertive']}"
            )
    if args.against_whole is not None:
        result = against_whole(json.loads(args.against_whole.read_text("utf-8")))
        for key, count in result.items():
            print(f"{key}: {count}")
    if args.compare is not None:
        before, after = (json.loads(p.read_text("utf-8")) for p in args.compare)
        result = compare(before, after)
    if args.json_out is not None and result is not None:
        args.json_out.write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
