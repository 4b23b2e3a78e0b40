"""What an English question is about, read from closed classes: its subject after the inverted
auxiliary, and the main verb after a pronoun subject.

English has no tagger here, but a question says where its parts are with words of closed
classes: an auxiliary or modal inverts before the subject ("*Has* the coach company been sent
the numbers?", "How much *does* it cost ...?", "What *do* I need to inject ...?"), a
determiner opens a noun phrase, a personal pronoun is a subject of its own, and "it" or "there"
before a predicate stands for an act said after it ("How much does *it* cost *to renew a
driving licence*?"). The subject is what a question asks something of; its last content word
is the object only in a VO language's word order, which is why the last content word
(:func:`~hybridmem.retrieval.shared_words.unheld_focus`) misread these (issue 38,
benchmarks/sensitive_blind.py and sensitive_blind2.py: "the numbers" of a bank account number,
"a driving licence" of a drink-driving ban).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, NamedTuple

# The auxiliaries and modals that invert before a question's subject; the question words; the
# degree words "how" opens a wh-phrase with; the personal and demonstrative pronouns; the
# expletive subjects; the determiners that open a noun phrase: closed classes.
AUXILIARIES = frozenset(
    [
        "do",
        "does",
        "did",
        "am",
        "is",
        "are",
        "was",
        "were",
        "have",
        "has",
        "had",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
    ]
)
WH_WORDS = frozenset(["what", "which", "who", "whom", "whose", "where", "when", "why", "how"])
HOW_DEGREE = frozenset(["much", "many", "long", "often", "far", "old", "soon"])
PRONOUNS = frozenset(
    [
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "me",
        "us",
        "him",
        "her",
        "them",
        "this",
        "that",
        "these",
        "those",
    ]
)
# The expletive subject standing for an act said after it ("it costs ... to renew"); "there"
# of existence is followed by its real subject and is not read.
_EXPLETIVE = frozenset(["it"])
_EXISTENTIAL = frozenset(["there"])
# The auxiliaries of the passive after its subject ("Has the coach company *been* sent ...?").
_PASSIVE = frozenset(["been", "being"])
# The auxiliary of do-support: what follows it is the subject, never the predicate.
_DO = frozenset(["do", "does", "did"])
DETERMINERS = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "its",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "no",
        "every",
    ]
)
# A postmodifier's preposition joins it to its head ("the code *for* my storage unit padlock").
_OF = frozenset(["of", "for"])
# A contracted auxiliary after a question word ("What's", "Where're") stands for the auxiliary.
_CONTRACTED = frozenset(["'s", "'re", "'ve", "'d", "'ll", "'m"])
_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*|'(?:s|re|ve|d|ll|m|t)\b|[^\sa-z0-9]")
_WORD = re.compile(r"[a-z0-9]")


class Subject(NamedTuple):
    """An English question's subject after its inverted auxiliary: a noun phrase (``"np"``, its
    content words; ``passive`` when a passive auxiliary follows it), a personal pronoun
    (``"pronoun"``) or an expletive it (``"expletive"``), these two with the content words
    said after them."""

    kind: Literal["np", "pronoun", "expletive"]
    words: tuple[str, ...]
    passive: bool = False


def tokens(query: str) -> list[str]:
    """``query``'s words, lower case, a contraction cut off its host ("what's" -> "what",
    "'s"; "don't" -> "do", "not") and each punctuation mark a token."""
    out: list[str] = []
    for tok in _TOKEN.findall(query.lower().replace("’", "'")):
        if tok == "'t" and out and out[-1].endswith("n"):
            out[-1] = out[-1][:-1]
            out.append("not")
        else:
            out.append(tok)
    return out


def subject(query: str, content: Callable[[str], bool]) -> Subject | None:
    """The subject of an English question with an inverted auxiliary (a yes/no question, or a
    question word or wh-phrase and then the auxiliary), else None. ``content``: whether a word
    names something (not of a closed class). A noun phrase runs from its determiners over its
    content words (a possessive "'s" joins "Gary's pub", "of" or "for" a postmodifier: "the
    code for my storage unit padlock") to the first word that is not one: "Has the coach
    company been sent the numbers?" -> ("np", ("coach", "company")). A verb said
    right after a noun subject joins it ("Did the bank send ..."), as the two cannot be told
    apart without a tagger: that only makes the subject easier for a memory to hold."""
    if not query.isascii():
        return None
    toks = tokens(query)
    i = _auxiliary(toks)
    if i is None:
        return None
    j = i + 1
    while j < len(toks) and toks[j] == "not":
        j += 1
    if j >= len(toks):
        return None
    after = tuple(t for t in toks[j + 1 :] if _WORD.match(t) and content(t))
    if toks[j] in _EXISTENTIAL:
        return None
    if toks[j] in _EXPLETIVE:
        return Subject("expletive", after)
    if toks[j] in PRONOUNS:
        return Subject("pronoun", after)
    words: list[str] = []
    end = len(toks)
    for k, tok in enumerate(toks[j:], start=j):
        if tok in DETERMINERS and (not words or toks[k - 1] in _OF):
            continue
        if words and ((tok == "'s") or (tok in _OF and toks[k - 1] not in _OF)):
            continue  # a possessive, or a postmodifier's preposition, joins the phrase
        if not _WORD.match(tok) or tok in AUXILIARIES or not content(tok):
            end = k
            break
        words.append(tok)
    passive = end < len(toks) and toks[end] in _PASSIVE
    return Subject("np", tuple(words), passive) if words else None


def wh_subject(query: str) -> bool:
    """Whether an English question's wh-phrase is its subject: its auxiliary is no do-support
    and no subject follows it (a personal pronoun, a determiner, a capitalised name): "Which
    credit card *is best* for holiday spending?", not "Which antidepressant *do I* take?" nor
    "Which passport number should *I* put on the visa form?"."""
    if not query.isascii():
        return False
    toks = tokens(query)
    i = _auxiliary(toks)
    if i is None or i == 0 or toks[i] in _DO or i + 1 >= len(toks):
        return False
    nxt = toks[i + 1]
    if nxt in PRONOUNS or nxt in _EXPLETIVE or nxt in _EXISTENTIAL or nxt in DETERMINERS:
        return False
    return not _capitalised(query, nxt)


def _capitalised(query: str, word: str) -> bool:
    """Whether ``word`` is written with a capital in ``query`` (a name), past its first word."""
    rest = query.split(None, 1)[1] if " " in query else ""
    return bool(re.search(rf"\b{re.escape(word[:1].upper() + word[1:])}", rest))


def _auxiliary(toks: list[str]) -> int | None:
    """Where the inverted auxiliary of a question stands: first (a yes/no question), or after
    its question word and the rest of its wh-phrase ("How much debt *has* ...", "Which card
    *do* ..."); None when there is none (the question word is the subject: "Who treats my
    teeth?")."""
    i = 0
    if toks and toks[0] in WH_WORDS:
        i = 2 if toks[0] == "how" and len(toks) > 1 and toks[1] in HOW_DEGREE else 1
        while i < len(toks) and toks[i] not in AUXILIARIES and toks[i] not in _CONTRACTED:
            if not _WORD.match(toks[i]):
                return None
            i += 1
    if i < len(toks) and (toks[i] in AUXILIARIES or (i > 0 and toks[i] in _CONTRACTED)):
        return i
    return None


def about_words(query: str, content: Callable[[str], bool]) -> set[str]:
    """The content words of the phrases "about" opens, each to its clause's end: the topic a
    question names ("Does Ewa know *about the payday loan*?")."""
    out: set[str] = set()
    inside = False
    for tok in tokens(query):
        if tok == "about":
            inside = True
        elif not _WORD.match(tok):
            inside = False
        elif inside and content(tok):
            out.add(tok)
    return out
