"""Options listed rather than joined: a Chinese 、 list under a verb of choosing, and the two
members of a pair each named by 一个是 ("one is").

People weigh more than two things by listing them (书法、钢琴、围棋，纠结死了) and weigh two by
naming each in a clause of its own (看了两套，一个是滨江的新小区，一个是老城区的学区房; 手上有两个
offer，一个是杭州的国企，一个是上海的外企). Neither form has a conjunction, so neither the
disjunctions of :mod:`hybridmem.conversation.options` nor the coordination under a verb of
choosing of :mod:`hybridmem.conversation.choosing` read them, and a later 最后给她报了围棋 /
学区房那套签了 settled nothing (decide15 / decide16 left them: docs/benchmarks.md).

Read from the grammar, by closed classes only:

* a **list**: words separated by the enumeration comma 、 in one sentence that also holds a
  verb of choosing not in its past (:func:`hybridmem.conversation.choosing.chooses`: a list
  alone is an enumeration, 云南、桂林、张家界都去过); the items between two 、 are whole, the
  first reaches back and the last forward over the words of a noun phrase (at least one word:
  jieba tags some nouns as verbs, 围棋), to a clause break or a word that closes one;
* a **pair**: two consecutive clauses of one sentence, each opened by the numeral 一 with its
  classifier (jieba's ``m``: 一个, 一套, 一家) and the copula 是, the second optionally after
  另 ("the other"); each member is its clause's words after the copula. Without the copula
  (helper decide22), both clauses open with the same numeral and classifier and each is a
  noun phrase, alone or before a coverb's phrase (一个字节的运营，一个本地的国企; 一套大的在
  六楼，一套小的在二楼): each member is that noun phrase; a clause with a verb (一个人去，一个人
  回) names none.

Each form is given back as its items joined by 、 (a clause no clause reader returns, since
:func:`hybridmem.lexical.clause_pieces` cuts at 、), and :func:`pairs` reads the options from
it: every two neighbours, so a choice naming exactly one item of a pair settles the list.
No constant.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from hybridmem import lexical
from hybridmem.conversation import choosing

ENUMERATION = "、"
_SENTENCE_END = re.compile(r"[。！？!?]+")
_CLAUSE_BREAK = frozenset("，,；;：:。！？!?")
_COPULA = "是"
_OTHER = "另"
# The tags of a noun phrase's words: nouns, names and abbreviations, pronouns, numerals and
# classifiers, the attributive 的, verbal nouns, adjectives and distinguishers modifying, Latin.
_NOMINAL = re.compile(r"n|r|m|q|uj|vn|j|a|b|eng")


def _noun_phrase(words: Sequence[tuple[str, str]]) -> list[str]:
    """The words of ``words`` up to the first that closes a noun phrase, the first always."""
    out: list[str] = []
    for word, flag in words:
        if word in _CLAUSE_BREAK or word == ENUMERATION:
            break
        if out and choosing.closes(word, flag):
            break
        out.append(word)
    return out


def _enumerated(tags: Sequence[tuple[str, str]]) -> list[list[str]]:
    """The 、 lists of a sentence's tags, each as its items."""
    out: list[list[str]] = []
    marks = [i for i, (w, _) in enumerate(tags) if w == ENUMERATION]
    runs: list[list[int]] = []
    for i in marks:  # 、 marks with only one item's words between them make one list
        between = tags[runs[-1][-1] + 1 : i] if runs else []
        if runs and between and not any(w in _CLAUSE_BREAK for w, _ in between):
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        first = list(reversed(_noun_phrase(list(reversed(tags[: run[0]])))))
        middle = ["".join(w for w, _ in tags[a + 1 : b]) for a, b in itertools.pairwise(run)]
        last = _noun_phrase(tags[run[-1] + 1 :])
        items = ["".join(first), *middle, "".join(last)]
        if all(items):
            out.append(items)
    return out


def _paired(tags: Sequence[tuple[str, str]]) -> list[list[str]]:
    """The members a sentence names by 一X是 …，(另)一X是 … in two consecutive clauses."""
    clauses: list[list[tuple[str, str]]] = [[]]
    for word, flag in tags:
        if word in _CLAUSE_BREAK:
            clauses.append([])
        else:
            clauses[-1].append((word, flag))

    out = []
    for a, b in itertools.pairwise(clauses):
        first, second = _member(a), _member(b)
        if first and second:
            out.append([first, second])
        elif a and b and a[0] == b[0] and a[0][0].startswith("一") and a[0][1] == "m":
            # Without the copula: the same numeral and classifier opening both clauses, each
            # a noun phrase alone or before a coverb's phrase (一个字节的运营，一个本地的国企;
            # 一套大的在六楼，一套小的在二楼); not a verb's clause (一个人去，一个人回).
            first, second = _bare_member(a[1:]), _bare_member(b[1:])
            if first and second and first != second:
                out.append([first, second])
    return out


def _member(clause: list[tuple[str, str]]) -> str | None:
    """The member a clause 一X是 … (or 另一X是 …) names; None for any other clause."""
    at = 1 if clause and clause[0][0] == _OTHER else 0
    if len(clause) < at + 3:
        return None
    (one, flag), (copula, _) = clause[at], clause[at + 1]
    if not (one.startswith("一") and flag == "m" and copula == _COPULA):
        return None
    return "".join(w for w, _ in clause[at + 2 :])


def _bare_member(words: Sequence[tuple[str, str]]) -> str | None:
    """The noun phrase ``words`` open with when nothing or a coverb's phrase follows it."""
    at = next((j for j, (_, f) in enumerate(words) if not _NOMINAL.match(f)), len(words))
    if not at or (at < len(words) and not words[at][1].startswith("p")):
        return None
    return "".join(w for w, _ in words[:at])


def zh_listed(text: str) -> list[str]:
    """The lists and pairs of options ``text`` weighs, each as its items joined by 、."""
    out = []
    for sentence in _SENTENCE_END.split(text):
        tags = lexical.pos_tags(sentence)
        lists = _enumerated(tags) if choosing.chooses(tags) else []
        for items in lists + _paired(tags):
            joined = ENUMERATION.join(items)
            if joined not in out:
                out.append(joined)
    return out


def pairs(clause: str) -> list[tuple[str, str]]:
    """The options of a list :func:`zh_listed` gave: every two neighbouring items."""
    items = [i for i in clause.split(ENUMERATION) if i]
    return list(itertools.pairwise(items))
