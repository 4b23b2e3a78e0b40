"""Whether a shared word names the attribute, read by the word's role in each statement
(issue 38, helper newer18: measured as ``benchmarks.newer_first_variants roles``, not shipped:
colloquial_blind6 zh stale 8/48 -> 9/48 while first day gained two questions).

:func:`~hybridmem.evolution.slots.naming.one_attribute` counts any shared content word as
naming one thing. Two roles a shared word can play name no attribute, and on the first-day
newcomers each put an unrelated newer statement above the answer at query time
(:mod:`hybridmem.retrieval.newer_values`, issue 38):

- **The predicate of both, said outside the main claim of either** (我酒量不行 / 我吃不了辣，
  一点辣椒都不行: 不行; 我不会游泳，见了水就怕 / 我怕挤: 怕): a verb or adjective says
  something of each statement's subject, and two subjects can take one predicate; said in a
  clause that elaborates the main one, it is about that clause's thing. A habit's verb in the
  main clause of both still names the habit (我早上七点遛狗 / 遛狗这段时间都是六点半, 我骑共享
  单车上班 / 每天骑折叠车上班), and a word used as a noun in either statement (游泳 as a verbal
  noun, a word after a measure word) names a thing. Read by jieba's part of speech, in context
  and in its dictionary entry.
- **The person both are about** ("Our lad Arjun's just started Year 7" / "Arjun cycles to
  school now"): a name opening each statement's first clause (after a possessive determiner
  and a relation word in English; after the speaker's pronoun, 的 and a relation word before
  a name in Chinese) is whose attributes the two give, not which. A person named elsewhere
  in either is a value ("Tina on Church Street does my eyebrows" / "I've stopped going to
  Tina") and still names it. A person is a name (English: capitalised inside a sentence;
  Chinese: jieba's name flags) or a word of the slot reader's closed relation and role classes
  (``PERSON_ZH``, ``ROLE_ZH``).

Read in place of :func:`naming.one_attribute` by the query-time rule only (the ``roles``
variant); the writer never asks it. The one word list is the English possessive determiners,
a closed class.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hybridmem import lexical
from hybridmem.evolution.slots.naming import naming_words
from hybridmem.evolution.slots.pairs import language, words
from hybridmem.evolution.slots.zh_names import PERSON_ZH, ROLE_ZH

_POSSESSIVE_EN = frozenset(["my", "our", "his", "her", "their", "your"])
_TOKEN_EN = re.compile(r"[A-Za-z][A-Za-z'’]*")
# jieba's flags of a predicate: verbs and adjectives, not their noun uses (vn, an).
_PREDICATE = re.compile(r"(?:v(?!n)|a(?!n))\w*")


def _predicate_tag(flag: str | None) -> bool:
    return flag is not None and bool(_PREDICATE.fullmatch(flag))


@lru_cache(maxsize=4096)
def _tags(text: str) -> tuple[tuple[str, str], ...]:
    return tuple((w.strip().lower(), f) for w, f in lexical.pos_tags(text))


def predicate_in(word: str, text: str) -> bool:
    """Whether ``word`` is used as a predicate wherever ``text`` says it: each jieba word that
    is it carries a verb or adjective flag in context (none after a measure word: 那家诊所
    is a noun phrase, though jieba tags 诊所 a verb), and its dictionary entry is one too (or
    the dictionary lacks it). A word the tagger does not give as one token is not read
    as a predicate."""
    if language(text) != "zh":
        return False
    tags = _tags(text)
    # After a measure word (那家诊所) a word heads a noun phrase, whatever its tag says.
    found = [
        f if i == 0 or not tags[i - 1][1].startswith(("q", "mq")) else "n"
        for i, (w, f) in enumerate(tags)
        if w == word
    ]
    if not found or not all(_predicate_tag(f) for f in found):
        return False
    entry = lexical.dictionary_tag(word)
    return entry is None or _predicate_tag(entry)


def in_main_clause(word: str, text: str) -> bool:
    """Whether ``word`` is said in ``text``'s main clause: its first clause of more than one
    word that holds a naming word (a one-word clause, 算了 or "Right", opens no claim)."""
    for clause in lexical.clause_pieces(text):
        said = _tags(clause)
        if len(said) > 1 and naming_words(clause):
            return any(w == word for w, _ in said)
    return False


def _opening(text: str) -> str | None:
    """The word that opens ``text``'s first clause as its subject, as a naming word (stemmed as
    :func:`~hybridmem.evolution.slots.pairs.words` gives it): English past a possessive
    determiner and one relation word after it ("Our lad Arjun's"); Chinese past the pronouns
    and particles (我, 我的) and a relation word before a name (我女儿小美)."""
    clauses = lexical.clause_pieces(text)
    if not clauses:
        return None
    first = clauses[0]
    if language(first) == "zh":
        tags = [(w, f) for w, f in _tags(first) if not f.startswith(("r", "u"))]
        if len(tags) > 1 and PERSON_ZH.fullmatch(tags[0][0]) and tags[1][1].startswith("nr"):
            return tags[1][0]  # 我女儿小美: the relation word, then the name
        return tags[0][0] if tags else None
    tokens = [t.removesuffix("'s").removesuffix("’s") for t in _TOKEN_EN.findall(first)]
    at = 0
    if tokens and tokens[0].lower() in _POSSESSIVE_EN:
        at = 1
        if len(tokens) > 2 and tokens[1].islower() and not tokens[2].islower():
            at = 2
    if at >= len(tokens):
        return None
    stem = words(tokens[at])
    return stem[0][0] if stem else None


def _person(word: str, texts: tuple[str, str]) -> bool:
    """Whether ``word`` is read as a person in either statement: a name (capitalised inside an
    English sentence, jieba's name flags in Chinese) or a relation or role word."""
    if PERSON_ZH.fullmatch(word) or ROLE_ZH.fullmatch(word):
        return True
    for text in texts:
        if language(text) == "zh":
            if any(w == word and f.startswith("nr") for w, f in _tags(text)):
                return True
        elif any(w == word and value and word.isalpha() for w, value in words(text)):
            return True
    return False


def subject_of_both(word: str, newer: str, older: str) -> bool:
    """Whether ``word`` is a person who opens both statements as their subject."""
    return _opening(newer) == word and _opening(older) == word and _person(word, (newer, older))


def _names(x: str, y: str, newer: str, older: str) -> bool:
    """Whether the word ``x`` of ``newer`` and ``y`` of ``older`` (the same word, or in
    Chinese one inside the other) name the attribute: not the predicate of both, not the
    person both are about."""
    if (
        predicate_in(x, newer)
        and predicate_in(y, older)
        and not (in_main_clause(x, newer) and in_main_clause(y, older))
    ):
        return False
    return not (x == y and subject_of_both(x, newer, older))


def one_attribute(newer: str, older: str) -> bool:
    """:func:`~hybridmem.evolution.slots.naming.one_attribute` with the shared word read by its
    role (module docstring): the two share a naming word that is neither the predicate of both
    nor the person both are about."""
    a, b = naming_words(newer), naming_words(older)
    if any(_names(w, w, newer, older) for w in a & b):
        return True
    if language(newer) != "zh" or language(older) != "zh":
        return False
    return any(
        len(x) > 1 and len(y) > 1 and x != y and (x in y or y in x) and _names(x, y, newer, older)
        for x in a
        for y in b
    )
