"""A question about a kind of thing in general is not about the user's sealed memory (issue 38,
helper sensitive24): the English reading shipped (:mod:`hybridmem.retrieval.generic_en`) and its
Chinese counterpart measured, as readings of the focus test
(:func:`hybridmem.retrieval.sensitive._focus_unheld`). ``python -m benchmarks.generic_questions
[--base NAME] [--variant NAME] [--json F]`` lists every question / sealed-memory pair of the
privacy checks the two read differently (text alone); ``python -m benchmarks.sealed_calls
compare --calls ... --base NAME --variant NAME`` judges the recorded calls. The variants:

- ``engine``: the engine's rule, the English reading in; ``generic_off``: without it
  (``in_general`` answering False), the before of this branch.
- ``--names-else``: the other reading of this branch, outside the focus test
  (:func:`hybridmem.retrieval.sensitive._names_else`: the closed classes as the question writes
  them are no word it asks else, "went", "got", 啥, 哪家), judged against the reading before it
  (the stems read against :data:`~hybridmem.retrieval.sensitive._CLOSED` alone): with
  ``--calls F.pkl ...`` on the recorded calls, without on every pair sharing a word.
- ``generic_zh`` (negative): the engine, or a Chinese question with none of the marks that make
  a question one's own case (a person 我 你 您 咱 俺 他 她, a name by jieba's ``nr`` or a
  relative, an aspect particle 了 过 着 by jieba's tags, a demonstrative 那 这) naming a content
  word the memory lacks (生二胎有什么补贴？ of "…一直怀不上二胎…", 微信转账一天最多能转多少？ of
  "…转了八万块钱"). Chinese drops its subject: first-day about-questions such as
  楼下门禁密码多少？ and 出门要带尿垫吗？ have none of the marks either.
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
from pathlib import Path
from typing import Any

from benchmarks.places_en import Focus, _v, engine
from benchmarks.sealed_calls import Recorded  # noqa: F401  (the class of the recorded calls)
from hybridmem.lexical import pos_tags, stemmed_terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.attributes import someone_named
from hybridmem.retrieval.shared_words import asks_else

# Closed classes: the persons, jieba's tags of the aspect particles 了, 过, 着, and the
# demonstratives.
_PERSON_ZH = re.compile(r"[我你您咱俺他她]")
_ASPECT_ZH = frozenset(["ul", "ug", "uz"])
_DEMONSTRATIVE_ZH = re.compile(r"^[那这]")


def general_zh(query: str, words: frozenset[str]) -> bool:
    """Whether a Chinese ``query`` sharing a word with the memory's terms ``words`` has none of
    the marks of one's own case."""
    if query.isascii() or not stemmed_terms(query) & words:
        return False
    if _PERSON_ZH.search(query) or someone_named(query) is not None:
        return False
    return not any(
        tag in _ASPECT_ZH or tag == "nr" or (tag.startswith("r") and _DEMONSTRATIVE_ZH.match(word))
        for word, tag in pos_tags(query)
    )


def _generic_zh(query: str, words: frozenset[str], memory: str) -> bool:
    if not general_zh(query, words):
        return False
    named = asks_else(query, stemmed_terms(query), words, sensitive._CLOSED)
    return any(not sensitive._closed_word(w) for w in named)


def _generic_off(query: str, words: frozenset[str], memory: str = "") -> bool:
    saved = sensitive.in_general
    sensitive.in_general = lambda *_: False
    try:
        return engine(query, words, memory)
    finally:
        sensitive.in_general = saved


VARIANTS: dict[str, Focus] = {
    "generic_off": _generic_off,
    "generic_zh": _v(_generic_zh),
}


def _names_before(query: str, asked: frozenset[str], words: frozenset[str]) -> set[str]:
    return asks_else(query, asked, words, sensitive._CLOSED)


def names_else_calls(paths: list[Path]) -> list[dict[str, Any]]:
    """The recorded calls (``sealed_calls record``) whose withheld set the closed-class reading
    of :func:`~hybridmem.retrieval.sensitive._names_else` moves, each judged as in
    ``sealed_calls compare``."""
    moved = []
    for path in paths:
        for row in pickle.loads(path.read_bytes()):
            after = row.call.run()
            saved = sensitive._names_else
            sensitive._names_else = _names_before
            try:
                before = row.call.run()
            finally:
                sensitive._names_else = saved
            if before != after:
                nodes = row.call.nodes
                asked = {i for i, n in nodes.items() if any(m in n.content for m in row.markers)}
                moved.append(
                    {
                        "suite": row.suite,
                        "question": row.call.query,
                        "about": bool(row.markers),
                        "now_admitted": sorted(nodes[i].content for i in before - after),
                        "now_withheld": sorted(nodes[i].content for i in after - before),
                        "find_gained": bool(asked & (before - after)),
                        "new_leak": bool((before - after) - asked),
                        "lost_find": bool(asked & (after - before)),
                    }
                )
                print(json.dumps(moved[-1], ensure_ascii=False), flush=True)
    return moved


def names_else_pairs() -> list[dict[str, str]]:
    """Every question / sealed-memory pair sharing a word whose words named else the reading
    empties (the pairs where it can move a call)."""
    from benchmarks.asked_modifier import _asked_pairs

    moved = []
    for suite, q, s in sorted(set(_asked_pairs())):
        asked, words = stemmed_terms(q), stemmed_terms(s)
        if (
            asked & words
            and _names_before(q, asked, words)
            and not sensitive._names_else(q, asked, words)
        ):
            moved.append({"suite": suite, "question": q, "memory": s})
            print(json.dumps(moved[-1], ensure_ascii=False), flush=True)
    return moved


def main() -> None:
    """Every question / sealed-memory pair the ``--variant`` reads differently from ``--base``;
    with ``--names-else``, the calls or pairs the closed-class reading moves."""
    from benchmarks.asked_modifier import read_differently

    choices = sorted({"engine", *VARIANTS})
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--variant", default="engine", choices=choices)
    parser.add_argument("--base", default="generic_off", choices=choices)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--names-else", action="store_true")
    parser.add_argument("--calls", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    if args.names_else:
        out = names_else_calls(args.calls) if args.calls else names_else_pairs()
        print(f"{len(out)} moved")
        if args.json:
            args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
        return
    variants = {"engine": engine, **VARIANTS}
    read_differently(variants[args.base], variants[args.variant], args.json)


if __name__ == "__main__":
    main()
