"""A question about a kind of thing in general is not about the user's sealed memory (issue 38,
helper sensitive24): the English reading shipped (:mod:`hybridmem.retrieval.generic_en`) and its
Chinese counterpart measured, as readings of the focus test
(:func:`hybridmem.retrieval.sensitive._focus_unheld`). ``python -m benchmarks.generic_questions
[--base NAME] [--variant NAME] [--json F]`` lists every question / sealed-memory pair of the
privacy checks the two read differently (text alone); ``python -m benchmarks.sealed_calls
compare --calls ... --base NAME --variant NAME`` judges the recorded calls. The variants:

- ``engine``: the engine's rule, the English reading in; ``generic_off``: without it
  (``in_general`` answering False), the before of this branch.
- ``generic_zh`` (negative): the engine, or a Chinese question with none of the marks that make
  a question one's own case (a person 我 你 您 咱 俺 他 她, a name by jieba's ``nr`` or a
  relative, an aspect particle 了 过 着 by jieba's tags, a demonstrative 那 这) naming a content
  word the memory lacks (生二胎有什么补贴？ of "…一直怀不上二胎…", 微信转账一天最多能转多少？ of
  "…转了八万块钱"). Chinese drops its subject: first-day about-questions such as
  楼下门禁密码多少？ and 出门要带尿垫吗？ have none of the marks either.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from benchmarks.places_en import Focus, _v, engine
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
    sensitive.in_general = lambda *_: False  # type: ignore[assignment]
    try:
        return engine(query, words, memory)
    finally:
        sensitive.in_general = saved  # type: ignore[assignment]


VARIANTS: dict[str, Focus] = {
    "generic_off": _generic_off,
    "generic_zh": _v(_generic_zh),
}


def main() -> None:
    """Every question / sealed-memory pair the ``--variant`` reads differently from ``--base``."""
    from benchmarks.asked_modifier import read_differently

    choices = sorted({"engine", *VARIANTS})
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--variant", default="engine", choices=choices)
    parser.add_argument("--base", default="generic_off", choices=choices)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    variants = {"engine": engine, **VARIANTS}
    read_differently(variants[args.base], variants[args.variant], args.json)


if __name__ == "__main__":
    main()
