"""Sensitive memories only when asked: which sealed candidates a retrieval may return.

A memory added with ``sensitive=True`` (an IBAN, a diagnosis) is stored sealed, and it should
reach a prompt only when the question is about it. Priors cannot tell: a user-level fact gets
the same importance, recency and ``parent`` parts whatever the question, so before this rule an
IBAN was packed into the context of 19 of 22 ordinary questions (issue 38).

The rule has no tuned constant. A sensitive candidate is admitted when both channels that can
judge it say the question is about it:

- **Dense**: no ordinary candidate of the same query matches the question better, by the
  query's cosine similarity alone - its own relevance, none of the priors. When an ordinary
  memory is closer, the question is about that one. Several sensitive memories may pass
  together (each beats every ordinary one: "my bank details?" with an IBAN and a BIC).
- **Lexical**: the question shares a content word with the memory ("what is my *passport*
  number?", "which *bank account* ...?"), compared in memory on the plaintext the reader
  already holds: the lexical index keeps no terms of sealed content. A memory whose slot is
  the attribute the question asks about names it as a word would
  (:mod:`~hybridmem.retrieval.attributes`: a sealed home address in ``user.residence`` for
  "where do I live?"). A multilingual model's
  cosines are compressed into a band a few hundredths wide, so being ahead alone is weak
  evidence: with multilingual-e5 a passport number was 0.006-0.008 ahead of the best ordinary
  fact for "What do I do for a living?" and "How do I get to work?", questions sharing no word
  with it. Where the question and the memory share no script (a Chinese question about an
  English IBAN, "我的银行账号是多少？"), words cannot be compared and the dense channel decides
  alone, as before. A margin from the query's own spread was tried instead and withheld that
  IBAN (0.020 ahead of a field 0.062 wide).

The cost is a question about a sealed memory in the same language that names none of its
words ("do I have a medical condition?" of "diagnosed with type 1 diabetes"): it is withheld
unless the caller asks with ``include_sensitive=True``. Erring that way keeps private text out
of prompts that did not ask for it.

A candidate without a similarity (no query vector, no stored vector) is never admitted: there
is no evidence the question is about it. ``include_sensitive=True`` turns the rule off (the
caller asked for them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from hybridmem.lexical import terms
from hybridmem.models import MemoryNode

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
# Inflections the FTS5 porter stemmer folds too ("expires" / "expire", "accounts" /
# "account"); a light strip, as the two sides go through the same function.
_SUFFIXES = ("ings", "ing", "ies", "es", "s", "ed")


def withheld(
    nodes: Mapping[str, MemoryNode],
    cosine: Mapping[str, float],
    query: str | None = None,
    lexical: Mapping[str, float] | None = None,
) -> set[str]:
    """The sensitive candidates among ``nodes`` that the question is not about: those with no
    similarity, one below the best ordinary candidate's (``cosine``: raw similarity to the
    query by node id), or, given the ``query`` text, one sharing a script with the question
    but no content word and no ``lexical`` evidence (raw BM25 by id: a sealed memory has some
    only when its slot is the attribute the question asks about, see
    :mod:`~hybridmem.retrieval.attributes`)."""
    sealed = [i for i, n in nodes.items() if n.sensitive]
    if not sealed:
        return set()
    ordinary = [cosine[i] for i, n in nodes.items() if not n.sensitive and i in cosine]
    best = max(ordinary, default=None)
    out = {i for i in sealed if i not in cosine or (best is not None and cosine[i] < best)}
    if query is not None:
        asked = _words(query)
        matched = {i for i, v in (lexical or {}).items() if v > 0}
        out |= {
            i for i in sealed if i not in matched and not _named(asked, query, nodes[i].content)
        }
    return out


def _named(asked: frozenset[str], query: str, content: str) -> bool:
    """Whether the question names a word of ``content``, or cannot (no script in common)."""
    if not _scripts(query) & _scripts(content):
        return True
    return bool(asked & _words(content))


def _scripts(text: str) -> set[str]:
    """The scripts of ``text``'s letters: digits and signs belong to none (an ID number in a
    Chinese memory does not make it comparable with an English question)."""
    cjk = bool(_CJK.search(text))
    latin = any(not _CJK.match(c) for c in _LETTER.findall(text))
    return {s for s, has in (("cjk", cjk), ("latin", latin)) if has}


def _words(text: str) -> frozenset[str]:
    """``text``'s content terms as the lexical channel cuts them, inflections stripped."""
    return frozenset(_stem(t) for t in terms(text))


def _stem(term: str) -> str:
    for suffix in _SUFFIXES:
        if len(term) > len(suffix) + 2 and term.endswith(suffix):
            term = term[: -len(suffix)]
            break
    # "live" / "lives" / "living" and "expire" / "expires" / "expiring" meet without the "e".
    return term[:-1] if len(term) > 3 and term.endswith("e") else term
