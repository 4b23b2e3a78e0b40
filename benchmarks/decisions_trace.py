"""Where a labelled value change is lost on the write path (issue 38, helper decide14).

``python -m benchmarks.decisions_trace [--data F ...] [--types changed,choice,colloquial]
[--json F]`` reads, for every question of those types, its labelled user turns (the newer
value or the choice) through the conversation extractor alone (no store, no embedder) and
counts where each lands:

* ``filed``: the extractor keeps a fact or preference from it (the writer has a value);
* ``aside``: every sentence a question, a supposition or a passing feeling (the speech-act
  label keeps it from being a statement);
* ``decision, settles``: an event the grammar reads as the speaker's choice made
  (:func:`hybridmem.conversation.decisions.decides`) that settles an earlier turn of the same user
  weighing options (:func:`~hybridmem.conversation.decisions.settles`): what the ingest files
  as the deliberation's newer value (decide14's reading, narrowed by helper daywindow15 to a
  decision naming one weighed option: :mod:`hybridmem.conversation.options`);
* ``decision, nothing weighed``: such a choice, but no earlier turn weighs options it names;
* ``event``: a statement the grammar does not read as a choice made (a present state, a
  change said with no perfective, another person's act).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.probing import messages_of
from hybridmem.conversation import decisions as reading
from hybridmem.conversation.extract import RuleExtractor, sentences
from hybridmem.conversation.messages import parse_messages

SETS = [
    Path(__file__).parent / "data" / f"probing_{s}.json"
    for s in ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7")
]


def where(turn: dict[str, Any], earlier: list[str], extractor: RuleExtractor) -> str:
    """Where the write path leaves one labelled user turn (see the module docstring)."""
    (message,) = parse_messages([turn], max_chars=100_000)
    drafts = extractor.extract([message]).drafts
    if any(d.node_type in ("fact", "preference") for d in drafts):
        return "filed"
    event = next((d for d in drafts if d.node_type == "event"), None)
    if event is None or event.aside is not None:
        return "aside"
    classify = extractor.classifier.classify
    chosen = [s for s in sentences(turn["content"]) if reading.decides(s, classify(s))]
    if not chosen:
        return "event"
    if any(reading.settles(c, e) for c in chosen for e in earlier):
        return "decision, settles"
    return "decision, nothing weighed"


def trace(path: Path, types: set[str], extractor: RuleExtractor) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    for user in data["users"]:
        msgs = messages_of(user)
        order = {m["id"]: i for i, m in enumerate(msgs)}
        for q in data["questions"]:
            if q["user"] != user["id"] or q["type"] not in types:
                continue
            for tid in q["evidence"]:
                turn = msgs[order[tid]]
                if turn["role"] != "user":
                    continue
                earlier = [m["content"] for m in msgs[: order[tid]] if m["role"] == "user"]
                rows.append(
                    {
                        "question": q["id"],
                        "lang": q["lang"],
                        "type": q["type"],
                        "turn": tid,
                        "where": where(turn, earlier, extractor),
                        "sentences": len(sentences(turn["content"])),
                    }
                )
    counts = Counter(f"{r['lang']}/{r['where']}" for r in rows)
    return {"data": path.name, "counts": dict(sorted(counts.items())), "rows": rows}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, nargs="*", default=SETS)
    ap.add_argument("--types", default="changed,choice,colloquial")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    extractor = RuleExtractor()
    out = [trace(p, set(args.types.split(",")), extractor) for p in args.data]
    total: Counter[str] = Counter()
    for res in out:
        total.update(res["counts"])
        print(res["data"], res["counts"])
    print("total", dict(sorted(total.items())))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {"sets": out, "total": dict(sorted(total.items()))}
        args.json.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
