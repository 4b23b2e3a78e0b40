"""The probing questions whose evidence is not ranked first, sorted by mechanism (issue 38).

``python -m benchmarks.probing_first_misses --results DIR --json F [--sets dev,blind,...]``
reads each set's figures in ``DIR/probing_<set>.json`` (a :mod:`benchmarks.probing` run),
traces every question whose ``first`` or hit@5 is below 1 (:func:`benchmarks.probing_trace.trace`,
the engine's session reach) and puts each ``first`` miss under one mechanism, read off the
first user turns of the ranking against the score's own order:

- ``window not read``: a day question whose time words name no window (a range, 4月份);
- ``reordered after the score``: the score's order held more evidence in the first places than
  the ranking does (a step after the score moved it: places shared among sessions, an answer
  put before its question, an assertion or a newer value put first);
- else the first wrong user turn (W) against the first evidence turn (E), by their weighted
  parts: ``answer shares no word`` (E has no lexical match: a pronoun, a dropped subject, other
  words), ``W shares more words`` (E as similar or more), ``W more similar`` (E as many words
  or more), ``W more similar and more words``, ``lift or priors`` (E ahead on both: the
  session's lift, the neighbour or the priors put W first, or E is first and a later one is
  missing).

Kinds: ``day`` (a day or range question), ``person``, ``changed`` (a changed value or a
choice), ``other``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks.probing_trace import trace
from hybridmem.embedding import make_embedder
from hybridmem.retrieval.timeexpr import find_window

HERE = Path(__file__).parent / "data"
SETS = ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8")
DAY_TYPES = ("day", "topic", "date", "week", "month")


def kind(q: dict[str, Any]) -> str:
    if any(t in q["type"] for t in DAY_TYPES):
        return "day"
    if q["type"] == "other_person":
        return "person"
    return "changed" if q["type"] in ("changed", "choice") else "other"


def mechanism(q: dict[str, Any], rows: list[dict[str, Any]], now: str) -> str:
    """One ``first`` miss's mechanism (module docstring)."""
    if kind(q) == "day" and find_window(q["query"], datetime.fromisoformat(now)) is None:
        return "window not read"
    users = [r for r in rows if r["turns"] and not r["text"].startswith("assistant:")]
    n = len(q["evidence"])
    ranked = sum(r["evidence"] for r in users[:n])
    scored = sum(r["evidence"] for r in sorted(users, key=lambda r: -r["score"])[:n])
    if scored > ranked:
        return "reordered after the score"
    w = next((r for r in users if not r["evidence"]), None)
    e = next((r for r in users if r["evidence"]), None)
    if e is None or w is None:
        return "evidence not in the first 40"
    ws, wl = w["parts"]["similarity"], w["parts"]["lexical"]
    es, el = e["parts"]["similarity"], e["parts"]["lexical"]
    if el == 0:
        return "answer shares no word"
    if es >= ws and el < wl:
        return "W shares more words"
    if es < ws and el >= wl:
        return "W more similar"
    if es < ws and el < wl:
        return "W more similar and more words"
    return "lift or priors"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    embedder = make_embedder(args.embedder)
    out: dict[str, Any] = {"questions": {}, "counts": {}}
    counts: Counter[tuple[str, str]] = Counter()
    for name in args.sets.split(","):
        data = json.loads((HERE / f"probing_{name}.json").read_text(encoding="utf-8"))
        figures = json.loads((args.results / f"probing_{name}.json").read_text(encoding="utf-8"))
        items = {i["id"]: i for i in figures["items"]}
        for user in data["users"]:
            asked = [
                q
                for q in data["questions"]
                if q["user"] == user["id"] and items[q["id"]]["hybridmem:first"] < 1
            ]
            if not asked:
                continue
            for qid, rows in trace(user, asked, 32.0, embedder).items():
                q = next(q for q in asked if q["id"] == qid)
                why = mechanism(q, rows, user["now"])
                counts[(kind(q), why)] += 1
                out["questions"][f"{name}:{qid}"] = {"kind": kind(q), "mechanism": why}
                print(f"{name}:{qid}  {kind(q):8} {why}  {q['query']}", flush=True)
    for (k, why), n in sorted(counts.items()):
        out["counts"].setdefault(k, {})[why] = n
    print(json.dumps(out["counts"], indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
