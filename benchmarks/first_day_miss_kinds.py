"""The missed first-day questions of result files, by kind (issue 38, helper firstday20):
``python -m benchmarks.first_day_miss_kinds RESULT.json [...]``.

Each missed question (a question asked from both tasks counts once) is put in one kind, read
from its form and the first hit's score, in this order:

- ``old value first``: the changed-value question with the old value first;
- ``offer``: a yes/no question :func:`benchmarks.offer_mood.offer` reads as an offer;
- ``other yes/no``: a yes/no question (no interrogative word) it does not;
- ``time first``: the first hit's largest part is ``time`` (a day the question names);
- ``word first``: the first hit's largest part is ``lexical`` (a word it shares);
- ``similarity``: the embedder's own first.

and beside it whether the answer shares a naming word with the question (the light stems of
:func:`hybridmem.lexical.terms` less function words): "none" is a question whose answer names
none of its words ("Who'll need feeding while we're away?" of ferrets).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from benchmarks.first_day import ALL_SETS
from benchmarks.first_day_candidates import _WH_EN, _WH_ZH
from benchmarks.offer_mood import offer
from hybridmem.lexical import light_stem, terms
from hybridmem.retrieval.function_words import function_word

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_PART = re.compile(r"= (\w+) ")


def _named(text: str) -> set[str]:
    return {light_stem(t) for t in terms(text) if not function_word(t)}


def _answers(set_name: str) -> dict[str, str]:
    """Each question of the set to the statement holding its answer."""
    out: dict[str, str] = {}
    for p in ALL_SETS[set_name]:
        said = [p.old, p.new, *(t for t, _ in p.facts), *(n for _, n in p.tasks)]
        for q, needle in [*p.questions, *((q, a) for q, a, _ in p.task_questions)]:
            out[q] = next(t for t in said if needle in t)
        out[p.changed] = p.new
    return out


def kind(miss: dict[str, object], changed: bool) -> str:
    """The kind of one missed ordinary question (see the module's list)."""
    question = str(miss["question"])
    got = miss["got"]
    if changed:
        return "old value first"
    if not (_WH_ZH if _CJK.search(question) else _WH_EN).search(question):
        return "offer" if offer(question) else "other yes/no"
    part = _PART.search(str(miss["first"]))
    largest = part.group(1) if part else ""
    if not got:
        return "not returned"
    return {"time": "time first", "lexical": "word first"}.get(largest, "similarity")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--set", dest="sets", action="append", required=True)
    args = parser.parse_args(argv)
    tally: Counter[tuple[str, str]] = Counter()
    for path, set_name in zip(args.results, args.sets, strict=True):
        answers = _answers(set_name)
        changed = {p.changed for p in ALL_SETS[set_name]}
        for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
            seen: set[str] = set()
            for miss in user["misses"]:
                q = str(miss["question"])
                if q in seen:
                    continue
                seen.add(q)
                k = kind(miss, q in changed and miss["got"] and miss["got"][0] != answers[q])
                shared = "shares" if _named(q) & _named(answers[q]) else "none"
                tally[(k, shared)] += 1
                print(f"{set_name:11} {user['lang']} {k:15} {shared:6} {q}")
    for (k, shared), n in sorted(tally.items(), key=lambda kv: -kv[1]):
        print(f"{n:3}  {k:15} answer {shared}")


if __name__ == "__main__":
    main()
