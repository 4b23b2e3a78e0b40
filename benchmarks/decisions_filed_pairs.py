"""Which choices the slot readers file as facts settle an earlier weighing (issue 38, helper
decide22): what the decisions reading would join if it read them too.

The rule extractor reads a user's sentence as a decision (:func:`hybridmem.conversation
.decisions.decides`) only when it is not already a user-level fact: "I'm taking the Met Office
job" (``user.workplace``) or 搬到学校旁边那个单间了 (``user.residence``) is filed by the slot
readers and never reaches the reading, so the weighing before it keeps answering "where do I
live?" (decisions_blind6 k6, k8; blind5 h1; blind7 m14). This program lists, over every user
turn of the given chats (default: those of :mod:`benchmarks.decisions_pairs` and
decisions_blind7), the sentences filed as a fact or preference of the speaker that the reading
would take for a decision, and the earlier turns of the same user each settles: the pairs a
change letting filed facts settle weighings could join (extractor only, no store).

``python -m benchmarks.decisions_filed_pairs [--data FILES] --json F``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.decisions_pairs import DATA, SETS, user_sentences
from hybridmem.conversation import decisions as reading
from hybridmem.conversation.extract import USER_LEVEL, RuleExtractor


def filed_pairs(path: Path, extractor: RuleExtractor) -> list[dict[str, str]]:
    """Each filed sentence read as a decision, with an earlier turn of its user it settles."""
    classify = extractor.classifier.classify
    out = []
    for turn, sentence, before in user_sentences(path):
        result = classify(sentence)
        kept = extractor._kind("user", sentence, result)
        if kept is None or kept.kind not in USER_LEVEL or kept.person is not None:
            continue
        if not reading.decides(sentence, result):
            continue
        for earlier in before:
            if reading.settles(sentence, earlier["content"]):
                out.append(
                    {
                        "turn": turn["id"],
                        "sentence": sentence,
                        "slot": kept.slot or "",
                        "settles": earlier["id"],
                        "earlier": earlier["content"],
                    }
                )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, nargs="*", default=[*SETS, DATA / "decisions_blind7.json"])
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    extractor = RuleExtractor()
    result: list[dict[str, Any]] = []
    for path in args.data:
        rows = filed_pairs(path, extractor)
        print(f"{path.name}: {len(rows)}", flush=True)
        for r in rows:
            said = f"«{r['sentence']}» [{r['slot']}]"
            print(f"  {r['turn']} {said} settles {r['settles']} «{r['earlier']}»")
        result.append({"data": path.name, "pairs": rows})
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
