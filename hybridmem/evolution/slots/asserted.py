"""A clause that mentions an attribute without asserting the speaker's value of it gives none.

A value of the speaker's is said in a clause whose subject is the speaker and whose predicate
asserts it. The slot rules read category words and occupation forms anywhere in a statement,
so a remark that only mentions an attribute was filed as a new value and demoted the real one
(issue 38, probing blind2 j1: "the shop guys think i'm a hippie now" became the job over "I fix
bikes for a living"; y12: 可能吧，但那是我自己租的房子… became the residence, made current because
said last; blind6 p2: "I'm not a swimmer though" became the job). These clauses are dropped
before the rules read the statement, and a statement that said nothing else is settled with
no slot (the slot model is not asked). By grammar only, closed classes, no values:

- **another person's view**: the speaker's copular clause embedded under another subject's
  verb ("the shop guys think I'm a hippie", "everyone says I'm a natural", 同事们都觉得我是…,
  邻居们以为我是…): a subject that is not the speaker, a verb (not a copula), then "I'm" /
  我是. Only a copular clause is read so: a verb that moves the speaker ("the firm sent me
  to Leeds", 老板让我当主管) states a change and is kept;
- **a negated copula** with no change of state: "I'm not a swimmer though", "I'm no chef",
  "Not that I'm a coffee person", 我不是程序员, 我又不是医生 deny a value and give none. The
  Chinese negated copula in every form jieba cuts it: 不是, 可不是 (one word: "I'm hardly a…";
  clause-initial with no 我 it is the interjection "isn't it so", not read), 不算 / 算不上
  ("doesn't count as"), and the rhetorical 哪 / 哪里 / 哪儿 + 是 ("how am I a…"); adverbs and
  并 may stand between 我 and it. With an aspect of change the clause ends a value and is kept
  ("I'm not a barista anymore", "no longer", 我不是老师了, 不再是);
- **a demonstrative subject** with a copula: "it's only a rented flat", "that's just a desk
  job", 那是我自己租的房子, 那房子也是租的: the subject is the thing, not the speaker.

A question is not read so: retrieval asks the same rules which attribute a question is about
(``retrieval.attributes.asked_slot``: "What do I do for a living?" is the job's), and whether
a question is stored as a statement at all is the speech-act filter's decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")
# A clause ends at punctuation or a coordinating / concessive conjunction.
_CLAUSE_EN = re.compile(r"[,;:.!?]+|\s(?=(?:and|but|so|though|although|because|while)\s)", re.I)
_CLAUSE_ZH = re.compile(r"[，,；;。！!？?]+")
# Discourse words and conjunctions that may open a clause before its subject.
_OPENERS_EN = re.compile(
    r"^(?:\s*(?:and|but|so|though|although|because|while|well|yeah|yes|sure|maybe|ok|okay"
    r"|oh|honestly|anyway|still|i mean|fair enough|true)\b)*\s*",
    re.I,
)
_COPULA_EN = re.compile(r"\bi(?:['’]m| am)\b", re.I)
_NEGATED_EN = re.compile(
    r"^(?:not that\s+)?i(?:['’]m| am)\s+(?:not|no)\b(?!\s+longer)|^not that\s+i(?:['’]m| am)\b",
    re.I,
)
# The aspect of change: the clause ends a value ("not a barista anymore").
_CHANGE_EN = re.compile(r"\b(?:any\s?more|now|these days|nowadays|no longer)\b", re.I)
_DEMONSTRATIVE_EN = re.compile(r"^(?:it|that|this)(?:['’]s| is| was)\b", re.I)
# A subject that is not the speaker: a personal pronoun, or a determiner or a quantifier
# opening a noun phrase (a capitalised word is no sign of a name at a sentence's start:
# "Turns out I'm a manager now").
_OTHER_SUBJECT_EN = re.compile(
    r"^(?:he|she|they|you|everyone|everybody|people|someone|somebody|nobody|the|my|our|his"
    r"|her|their|all|some|most)\b",
    re.I,
)
_FIRST_PERSON_EN = re.compile(r"\b(?:i|me|we|us)\b", re.I)
# Words that end no verb: be forms, prepositions, articles and conjunctions ("the thing is
# I'm...", "the day after I'm...").
_NOT_A_VERB_EN = frozenset(
    [
        *("is", "was", "are", "were", "be", "been", "'s", "am"),
        *("a", "an", "the", "of", "in", "at", "on", "to", "for", "with", "from", "by"),
        *("after", "before", "when", "if", "as", "and", "but", "or", "so", "that"),
    ]
)

_SELF_ZH = frozenset({"我", "俺"})
_DEMONSTRATIVES_ZH = frozenset({"那", "这", "那个", "这个", "它", "那里", "这里"})
# The negated copula as jieba cuts it (可不是 is one word), and the rhetorical 哪 + 是.
_NEGATED_COPULAS_ZH = frozenset({"不是", "可不是", "并不是", "不算", "算不上"})
_RHETORICAL_ZH = frozenset({"哪", "哪里", "哪儿"})
# The aspect of change that makes a negated copula end a value: 了, 不再, 已经, 再也.
_CHANGE_ZH = frozenset({"了", "不再", "已经", "再也", "早就"})


def unasserted_removed(text: str, tag: Tagger) -> str:
    """``text`` without the clauses that assert no value of the speaker's (module docstring)."""
    return clauses_kept(text, _kept_en, lambda c: _kept_zh(c, tag))


def clauses_kept(text: str, kept_en: Callable[[str], bool], kept_zh: Callable[[str], bool]) -> str:
    """``text`` with only the clauses its script's test keeps, each with its closing boundary.

    The one clause cut of the slot readers that drop clauses before the rules read a statement
    (this module, :mod:`~hybridmem.evolution.slots.possessed`)."""
    if _CJK.search(text):
        return "".join(c for c in _clauses(text, _CLAUSE_ZH) if kept_zh(c))
    return "".join(c for c in _clauses(text, _CLAUSE_EN) if kept_en(c))


def _clauses(text: str, boundary: re.Pattern[str]) -> Iterator[str]:
    """The clauses of ``text`` in order, each with the boundary that closes it."""
    start = 0
    for m in boundary.finditer(text):
        yield text[start : m.end()]
        start = m.end()
    if start < len(text):
        yield text[start:]


def _kept_en(clause: str) -> bool:
    body = _OPENERS_EN.sub("", clause.strip(" ,;:.!")).strip()
    if _DEMONSTRATIVE_EN.match(body):
        return False
    if _NEGATED_EN.match(body) and not _CHANGE_EN.search(body):
        return False
    return not _embedded_en(body)


def _embedded_en(body: str) -> bool:
    """Another subject's verb takes the speaker's copular clause ("they think I'm a...")."""
    m = _COPULA_EN.search(body)
    if m is None or m.start() == 0:
        return False
    words = [w for w in re.findall(r"[\w'’]+", body[: m.start()]) if w.lower() != "that"]
    if len(words) < 2 or _OTHER_SUBJECT_EN.match(words[0]) is None:
        return False
    if any(_FIRST_PERSON_EN.fullmatch(w) for w in words):
        return False
    return words[-1].lower() not in _NOT_A_VERB_EN


def _kept_zh(clause: str, tag: Tagger) -> bool:
    tokens = [t for t in tag(clause) if t[0].strip() and t[1] != "x"]
    if not tokens:
        return True
    i = 0
    while i < len(tokens) and tokens[i][1].startswith(("c", "d", "y")):
        i += 1
    rest = tokens[i:]
    if rest and rest[0][0] in _DEMONSTRATIVES_ZH and _copula_follows(rest[1:]):
        return False
    if rest and rest[0][0] in _SELF_ZH and _negated_zh(rest[1:]):
        return False
    return not _embedded_zh(tokens)


def _copula_follows(tokens: list[tuple[str, str]]) -> bool:
    """是 after at most a noun and adverbs: 那是…, 那房子也是…."""
    i = 1 if tokens and tokens[0][1].startswith("n") else 0
    while i < len(tokens) and tokens[i][1].startswith("d"):
        i += 1
    return i < len(tokens) and tokens[i][0] == "是"


def _negated_zh(tokens: list[tuple[str, str]]) -> bool:
    """Adverbs (or 并) then a negated copula, with no aspect of change in the clause:
    我(又)不是医生, 我可不是老师, 我不算吃素的, 我哪是什么老板."""
    words = [w for w, _ in tokens]
    at = next(
        (
            k
            for k, w in enumerate(words)
            if w in _NEGATED_COPULAS_ZH or (w in _RHETORICAL_ZH and words[k + 1 : k + 2] == ["是"])
        ),
        None,
    )
    if at is None:
        return False
    if not all(flag.startswith(("d", "c")) for _, flag in tokens[:at]):
        return False
    return not any(w in _CHANGE_ZH for w in words)


def _embedded_zh(tokens: list[tuple[str, str]]) -> bool:
    """Another subject's verb then 我是: 同事们都觉得我是…, 邻居们以为我是…."""
    for k in range(2, len(tokens) - 1):
        if tokens[k][0] not in _SELF_ZH or tokens[k + 1][0] != "是":
            continue
        if not tokens[k - 1][1].startswith(("v", "c")):
            continue
        subjects = [w for w, f in tokens[: k - 1] if f.startswith(("n", "r"))]
        if subjects and not any(w in _SELF_ZH for w in subjects):
            return True
    return False
