"""Options set side by side with no disjunction: compared, said of both, or one of each.

People weigh two things without "or" / 还是 as often as with it: they compare them ("Halifax
came in lower than Nationwide", 格力比美的贵五百), say one thing of both (阳光和蓝天都报了名,
"Bath and Cardiff are both in march"), name one of each ("two viewings, one in Clapham and one
in Brixton"), or give each its own clause of the same form (望京那套大一点，酒仙桥那套便宜).
None of these is a deliberation to :func:`hybridmem.conversation.decisions.weighed`, so the
choice made later ("signed the Halifax paperwork", 最后装了美的的) settled nothing and the
comparison kept answering "who is my mortgage with?" (issue 38, decide19's "weighings no
reader sees"; decisions_blind4 / blind5).

Read from the grammar, by closed classes (:func:`compared`):

* a **comparison frame**: English "X <comparative> than Y" (an ``-er`` form or "more" /
  "less" before "than"; not the complex prepositions "rather than" / "other than", not a
  quantity after it: "more than 2 hours"), Chinese "X 比 Y <adjective>" (比 the comparative
  preposition, jieba's ``p``): the compared are X and Y;
* a **coordination said of both**: the conjuncts of 和 / 跟 / 与 before the distributive
  adverb 都, of "and" before "both" or after "both … and";
* **one of each**: "one … and one …", the English of 一个是…一个是…
  (:mod:`hybridmem.conversation.listing` reads the Chinese);
* **parallel clauses** (Chinese): two adjacent clauses, each a noun phrase and an adjective
  predicate, whose noun phrases end in the same word (a classifier, 的) and differ before it:
  the contrasted topics; (English, helper decide21) two adjacent clauses, each a subject, a
  present or past "be" and a comparative predicate ("the room in Bedminster is bigger, the one
  in Cotham is closer"): their subjects. A predicate off any scale ("mum is fine and dad is
  ok") contrasts nothing, and neither does a number ("Olly's 6 and Bea's 3" gives ages, and
  read as options it took "Bea has destroyed ours" for a choice: probing blind2).

These pairs only ever serve :func:`~hybridmem.conversation.decisions.settles`: a later decision
naming exactly one of them settles the turn. They are not read as a weighing of the sentence
itself, so "booked the Brixton one, cheaper than Clapham" stays a decision. No constant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise, takewhile

from hybridmem import lexical
from hybridmem.conversation.choosing import closes, zh_conjuncts
from hybridmem.conversation.options import EN_PERSONAL, named
from hybridmem.evolution.slots.naming import one_attribute

_CJK = re.compile(r"[\u4e00-\u9fff]")
_EN_TOKEN = re.compile(r"'[a-z]+|[a-z0-9]+(?:-[a-z0-9]+)*")
# The analytic comparatives and the irregular ones with no -er.
_EN_DEGREE = frozenset({"more", "less"})
_EN_IRREGULAR = frozenset({"better", "worse", "more", "less"})
# Complex prepositions ending in "than" whose first word ends in -er: no comparison.
_EN_NOT_COMPARATIVE = frozenset({"rather", "other"})
# What ends a conjunct: a conjunction, a preposition opening an adjunct, a copula or auxiliary
# (the predicate said of the conjuncts begins).
_EN_STOP = frozenset(
    {"and", "but", "or", "so", "though", "because", "while", "when", "if", "both", "than"}
    | {"am", "is", "are", "was", "were", "'s", "'re", "be", "have", "has", "had", "do", "does"}
    | {"at", "for", "from", "in", "on", "to", "with", "by", "about", "of", "near"}
)
_EN_ONE = "one"
_EN_CONJUNCTIONS = frozenset({"and", "but", "or", "so", "though", "because", "while", "when"})
_ZH_COORDINATORS = frozenset({"和", "跟", "与"})
_ZH_DISTRIBUTIVE = "都"
_ZH_COMPARATIVE = "比"
# The tags that end a noun phrase: a noun, a classifier (那套), the attributive 的 (负一层的).
_ZH_NOUN_END = re.compile(r"n|q|uj|eng")
# The tags of a noun phrase's words: nouns and names, pronouns and demonstratives (那套),
# numerals and classifiers, the attributive 的, a verbal noun (进口的), a Latin word, a
# distinguishing adjective.
_ZH_TOPIC_WORD = re.compile(r"n|r|m|q|uj|vn|eng|b")


def _en_upto(words: Sequence[str], at: int) -> list[str]:
    """The words from ``at`` up to the first that ends a conjunct."""
    out = []
    for word in words[at:]:
        if word in _EN_STOP:
            break
        out.append(word)
    return out


def _en_back(words: Sequence[str], at: int) -> list[str]:
    """The words before ``at`` back to the clause's start or a word that ends a conjunct."""
    start = at
    while start and words[start - 1] not in _EN_STOP:
        start -= 1
    return list(words[start:at])


def _en_subject(words: Sequence[str], at: int) -> list[str]:
    """The words before ``at`` back to the clause's start or a conjunction: the compared thing
    is the clause's subject, however many adjuncts its verb has ("Halifax came in lower")."""
    start = at
    while start and words[start - 1] not in _EN_CONJUNCTIONS:
        start -= 1
    return list(words[start:at])


def _en_comparison(words: Sequence[str]) -> list[tuple[str, str]]:
    out = []
    for i, word in enumerate(words):
        if word != "than" or i == 0 or words[i - 1] in _EN_NOT_COMPARATIVE:
            continue
        before = words[i - 1]
        analytic = i > 1 and words[i - 2] in _EN_DEGREE  # "more expensive than"
        if not (analytic or before in _EN_IRREGULAR or (len(before) > 4 and before.endswith("er"))):
            continue
        degree = i - 2 if analytic else i - 1
        right = _en_upto(words, i + 1)
        left = _en_subject(words, degree)
        if left and right and not right[0][0].isdigit():
            out.append((" ".join(left), " ".join(right)))
    return out


def _en_both(words: Sequence[str]) -> list[tuple[str, str]]:
    """The conjuncts of "one X and one Y", "both X and Y" and "X and Y (are) both …"."""
    if "and" not in words:
        return []
    a = words.index("and")
    if words[a + 1 : a + 2] == [_EN_ONE] and _EN_ONE in words[:a]:
        # One of each: each conjunct runs from its own "one" ("one in Clapham").
        start = max(j for j in range(a) if words[j] == _EN_ONE)
        left = list(words[start:a])
        right = list(takewhile(lambda w: w not in _EN_CONJUNCTIONS, words[a + 1 :]))
    elif "both" in words[:a]:
        left, right = list(words[words.index("both") + 1 : a]), _en_upto(words, a + 1)
    elif "both" in words[a + 1 :]:
        right = _en_upto(words, a + 1)
        left = _en_back(words, a)[-len(right) :] if right else []
    else:
        return []
    if not left or not right or {left[-1], right[0]} & EN_PERSONAL:
        return []  # the people doing something together are not options ("Priya and I")
    return [(" ".join(left), " ".join(right))]


def _zh_comparison(tags: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    out = []
    for i, (word, flag) in enumerate(tags):
        if word != _ZH_COMPARATIVE or flag != "p":
            continue
        right = []
        for w, f in tags[i + 1 :]:
            if f.startswith("a") or closes(w, f):
                break
            right.append(w)
        left: list[str] = []
        for w, f in reversed(tags[:i]):
            if f.startswith(("p", "d", "c", "x", "v", "r")):
                break
            left.insert(0, w)
        if left and right:
            out.append(("".join(left), "".join(right)))
    return out


def _zh_both(tags: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    out = []
    for i, (word, flag) in enumerate(tags):
        if word not in _ZH_COORDINATORS or flag not in ("c", "p"):
            continue
        end = i + 1
        while end < len(tags) and not closes(*tags[end]):
            end += 1
        pair = zh_conjuncts(tags, i)
        if pair is not None and end < len(tags) and tags[end][0] == _ZH_DISTRIBUTIVE:
            out.append(pair)
    return out


def _zh_topic(tags: Sequence[tuple[str, str]]) -> list[str] | None:
    """The words of a clause's leading noun phrase when an adjective is said of it (望京那套大
    一点, 南山那套离公司近: the predicate may open with a coverb's phrase); None otherwise."""
    at = next((j for j, (_, f) in enumerate(tags) if not _ZH_TOPIC_WORD.match(f)), len(tags))
    if not at or not _ZH_NOUN_END.match(tags[at - 1][1]):
        return None
    if not any(f.startswith("a") for _, f in tags[at:]):
        return None
    return [w for w, _ in tags[:at]]


def _zh_parallel(text: str) -> list[tuple[str, str]]:
    # The tagger's reading, else the dictionary's own words and tags: the HMM joins 套离 in
    # 南山那套离公司近 and tags 贵 a noun in 进口的贵, but only it finds a name the dictionary
    # lacks (回龙观那套大一点: 回|龙|观 without it).
    topics = [
        _zh_topic(lexical.pos_tags(c)) or _zh_topic(lexical.dictionary_tags(c))
        for c in lexical.clause_pieces(text)
    ]
    out = []
    for first, second in pairwise(topics):
        if not first or not second or first[-1] != second[-1] or first == second:
            continue
        # The contrast is in the modifiers; the head both share (那套, 的) names neither.
        while first and second and first[-1] == second[-1]:
            first, second = first[:-1], second[:-1]
        if first and second:
            out.append(("".join(first), "".join(second)))
    return out


_EN_BE = frozenset({"is", "are", "was", "were", "'s", "'re"})
_EN_NOT_SUBJECT = EN_PERSONAL | {"it", "that", "this", "there", "which", "what", "who"}
# Degree words before a comparative ("a bit bigger", "much closer", "way cheaper").
_EN_DEGREE_WORDS = frozenset({"a", "bit", "lot", "much", "way", "slightly", "even", "far"})
_EN_CLAUSE_JOIN = re.compile(r"\b(?:and|but|while|whereas)\b")


def _en_scaled(words: Sequence[str]) -> list[str] | None:
    """The subject of a clause "<subject> is <a comparative> …", None otherwise."""
    at = next((j for j, w in enumerate(words) if w in _EN_BE), None)
    if not at or set(words[:at]) & _EN_NOT_SUBJECT:
        return None
    rest = [w for w in words[at + 1 :] if w not in _EN_DEGREE_WORDS]
    if not rest:
        return None
    head = rest[0]
    comparative = head in _EN_IRREGULAR or (len(head) > 4 and head.endswith("er"))
    return list(words[:at]) if comparative else None


def _en_parallel(text: str) -> list[tuple[str, str]]:
    clauses = [
        _EN_TOKEN.findall(piece.lower())
        for clause in lexical.clause_pieces(text)
        for piece in _EN_CLAUSE_JOIN.split(clause.lower())
    ]
    subjects = [_en_scaled(words) if words else None for words in clauses]
    return [
        (" ".join(first), " ".join(second))
        for first, second in pairwise(subjects)
        if first and second and first != second
    ]


def compared(text: str) -> list[tuple[str, str]]:
    """The pairs of things ``text`` sets side by side with no disjunction (see the module
    docstring)."""
    if _CJK.search(text):
        out = _zh_parallel(text)
        for clause in lexical.clause_pieces(text):
            tags = lexical.pos_tags(clause)
            out += _zh_comparison(tags) + _zh_both(tags)
        return out
    out = _en_parallel(text)
    for clause in lexical.clause_pieces(text):
        words = _EN_TOKEN.findall(clause.lower())
        out += _en_comparison(words) + _en_both(words)
    return out


def names_compared(sentence: str, text: str) -> bool:
    """Whether the decision ``sentence`` names exactly one of a pair ``text`` sets side by
    side (:func:`compared`): a phrase it names shares a naming word with one of the two only."""
    phrases = named(sentence)
    return any(
        one_attribute(phrase, left) != one_attribute(phrase, right)
        for left, right in compared(text)
        for phrase in phrases
    )
