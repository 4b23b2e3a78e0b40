"""Readings of an English word a question shares with a sealed memory that the memory holds only
as *where* or *of whom* something is (issue 38, helper sensitive23); judged offline by ``python
-m benchmarks.sealed_calls compare --variant NAME`` on every recorded call of the rule.

sensitive_blind6's English near leaks (benchmarks/sensitive_blind6.py, multilingual-e5) share
a noun phrase that the sealed memory holds only inside a place phrase, a locative preposition
and a determiner: "When should I prune *the apple tree*?" of "Dad's ashes are buried under the
apple tree on my allotment...", "What can I cook with *frozen peas*?" of "I've hidden Mum's
diamond ring in a bag of frozen peas at the back of the freezer.". The memory is about what is
there (the ashes, the ring); the place's words are its where. And sensitive_blind5's English
about leak ("What tablets am I on that work doesn't know about?" brought "I've taken out a
payday loan ... and Sanjay doesn't know.") shares only a verb of a relative clause whose
subject the memory holds nothing of: the memory's "know" is said of someone else. The variants,
each the engine's rule (:func:`hybridmem.retrieval.sensitive._focus_unheld`) or something more:

- ``place``: every word the question shares with the memory lies, in the memory, only inside its
  place phrases (at, in, on, under, behind, beside, inside, near, underneath, beneath, outside,
  each followed by a determiner, the phrase run on through "of" and a determiner: "in a bag of
  frozen peas"), the question names them outside any place phrase of its own, asks no place
  ("where"), and names a content word the memory does not hold (the question's own act on the
  thing: "prune", "cook"). "What's buried under the apple tree?" and "Where did I hide the ring?"
  keep theirs.
- ``rel``: every shared word lies in a relative clause of the question ("that", "who", "which"
  and a subject before an auxiliary) whose subject's content words the memory holds none of:
  the act the memory states is another subject's.
- ``both``: ``place`` or ``rel``.
- ``impersonal``: an English question naming no first person (I, me, my, we, us, our) and no
  word either writes with a capital past a sentence's first word (a name: "Declan", "Vik"): it asks
  about a kind of thing in general ("Which genetic tests do they offer pregnant women at the
  hospital?" of "A genetic test showed I carry the BRCA1 mutation..."), not the user's own.
- ``zh_wh_head``: a Chinese question whose wh-phrase's head (the thing asked for, after 什么,
  多少, 哪: 生二胎有什么*补贴*？) the memory holds no word or character of, the kind's own words
  aside: the answer is another thing, whatever the rest shares ("二胎" of a sealed
  "…一直怀不上二胎…").

Closed classes only (prepositions, determiners, relative words, auxiliaries); no word of a
topic.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path

from hybridmem.lexical import light_stem, stemmed_terms, terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.places_en import only_where
from hybridmem.retrieval.private_kinds import kind_spans
from hybridmem.retrieval.shared_words import (
    _is_kind_word,
    _shares_morpheme,
    _wh_split,
    asks_else,
)

Focus = Callable[[str, frozenset[str], str], bool]

_RELATIVE = frozenset(["that", "who", "which"])
_AUXILIARIES = frozenset(
    [
        "do",
        "does",
        "did",
        "don't",
        "doesn't",
        "didn't",
        "dont",
        "doesnt",
        "didnt",
        "is",
        "isn't",
        "was",
        "wasn't",
        "are",
        "aren't",
        "were",
        "has",
        "hasn't",
        "have",
        "haven't",
        "had",
        "hadn't",
        "can",
        "can't",
        "cannot",
        "could",
        "couldn't",
        "will",
        "won't",
        "would",
        "wouldn't",
        "should",
        "shouldn't",
        "may",
        "might",
        "must",
    ]
)
_PRONOUNS = frozenset(
    ["i", "we", "you", "he", "she", "they", "it", "someone", "anyone", "nobody", "everyone"]
)
_WORD = re.compile(r"[a-z0-9']+(?:-[a-z0-9']+)*")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def _place(query: str, words: frozenset[str], memory: str) -> bool:
    """The engine's place reading alone (shipped: :mod:`hybridmem.retrieval.places_en`)."""
    asked = stemmed_terms(query)
    return only_where(query, words, memory) and bool(
        asks_else(query, asked, words, sensitive._CLOSED)
    )


def _rel(query: str, words: frozenset[str], memory: str) -> bool:
    if not (query.isascii() and memory.isascii()):
        return False
    shared = stemmed_terms(query) & words
    toks = _words(query)
    for k, word in enumerate(toks):
        if word not in _RELATIVE or k == 0:
            continue
        aux = next((j for j in range(k + 1, len(toks)) if toks[j] in _AUXILIARIES), None)
        if aux is None or aux == k + 1:
            continue
        subject = toks[k + 1 : aux]
        if any(w in _PRONOUNS for w in subject):
            continue
        subject_stems = {light_stem(t) for w in subject for t in terms(w)}
        clause = {light_stem(t) for w in toks[aux:] for t in terms(w)}
        if subject_stems and not subject_stems & words and shared and shared <= clause:
            return True
    return False


_FIRST_PERSON = frozenset(["i", "me", "my", "mine", "we", "us", "our", "ours", "myself"])


_NAMED = re.compile(r"(?<=[a-z,] )([A-Z][a-z]+)")  # a capital past a sentence's first word


def _impersonal(query: str, words: frozenset[str], memory: str) -> bool:
    if not (query.isascii() and memory.isascii()):
        return False
    if _FIRST_PERSON.intersection(_words(query.replace("'", " "))):
        return False
    names = {light_stem(m.lower()) for t in (memory, query) for m in _NAMED.findall(t)}
    return not (stemmed_terms(query) & words & names)


def _zh_wh_head(query: str, words: frozenset[str], memory: str) -> bool:
    if query.isascii():
        return False
    _, wh = _wh_split(query)
    spans = kind_spans(query)
    head = [t for t in terms(wh) if not _is_kind_word(t, spans)]
    held = list(words)
    return bool(head) and not any(t in words or _shares_morpheme(t, held) for t in head)


def _v(*readings: Focus) -> Focus:
    def focus(query: str, words: frozenset[str], memory: str = "") -> bool:
        return engine(query, words, memory) or any(r(query, words, memory) for r in readings)

    return focus


engine: Focus = sensitive._focus_unheld


def _off(*names: str) -> Focus:
    """The engine's reading with the readings ``names`` of :mod:`~hybridmem.retrieval.sensitive`
    (``only_where``, ``said_of_another``) answering False: the base of ``compare --base NAME
    --variant engine``."""

    def focus(query: str, words: frozenset[str], memory: str = "") -> bool:
        saved = {n: getattr(sensitive, n) for n in names}
        for n in names:
            setattr(sensitive, n, lambda *_: False)
        try:
            return engine(query, words, memory)
        finally:
            for n, f in saved.items():
                setattr(sensitive, n, f)

    return focus


VARIANTS: dict[str, Focus] = {
    "engine": engine,
    "place_off": _off("only_where"),
    "rel_off": _off("said_of_another"),
    "places_off": _off("only_where", "said_of_another"),
    "rel": _v(_rel),
    "zh_wh_head": _v(_zh_wh_head),
    "impersonal": _v(_impersonal),
}


def main() -> None:
    """``python -m benchmarks.places_en [--variant NAME] [--json F]``: every question / sealed
    memory pair of the privacy checks (:func:`benchmarks.asked_modifier._asked_pairs`; no
    embedder, the readings are text alone) that ``--variant`` reads differently from the
    engine. A retrieval moves only where a pair does; ``sealed_calls compare`` judges the
    recorded calls."""
    from benchmarks.asked_modifier import _asked_pairs

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--variant", default="engine", choices=sorted(VARIANTS))
    parser.add_argument("--base", default="places_off", choices=sorted(VARIANTS))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    pairs = sorted(set(_asked_pairs()))
    moved = []
    for suite, q, s in pairs:
        words = stemmed_terms(s)
        if VARIANTS[args.base](q, words, s) != VARIANTS[args.variant](q, words, s):
            moved.append({"suite": suite, "question": q, "memory": s})
            print(json.dumps(moved[-1], ensure_ascii=False))
    print(f"{len(pairs)} pairs, {len(moved)} read differently")
    if args.json:
        args.json.write_text(json.dumps(moved, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
