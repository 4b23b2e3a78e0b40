"""An English question about a kind of thing in general, not the user's own case (issue 38,
helper sensitive24).

"Which genetic tests do they offer pregnant women at the hospital?" shares "genetic" and
"test" with a sealed "A genetic test showed I carry the BRCA1 mutation, and I haven't told my
sisters.", words of the memory's own that hold its focus, and multilingual-e5 and MiniLM both
showed the memory (benchmarks/sensitive_blind6.py, the English near leak left). Nothing in the
question makes it the user's: English marks a question as one's own case by closed classes,
and this one has none of them -

- a first or second person (I, me, my, we, our, you, your);
- someone named (a capitalised word past the sentence's first, "NMC" too) or a relative
  (:func:`~hybridmem.retrieval.attributes.someone_named`);
- a past event (the past auxiliaries did, was, were, had): a kind has no history, a case has
  ("What did the genetic test find?");
- a demonstrative pointing back at something said before (this, that, these, those: "after
  that delivery went wrong");
- a definite article opening the noun phrase of a word it shares with the memory ("*the*
  genetic test": a known one, the user's; "genetic tests" in the bare plural is the kind), or
  opening one that is not a preposition's object: a known thing as the question's subject or
  object ("which bank account should *the* refund go to?") is the user's case, while a place
  phrase's article ("at the hospital") says where, not whose.

Two person words mark no one's own case (helper sensitive28, sensitive_blind10's English leaks
with both models): "you" in a question saying no first person is anyone, or the assistant ("Can
you take paracetamol if you can't sleep?" of a sealed "I took diazepam ... when I couldn't
sleep."), and the subject of a procedure, "how", a present or modal auxiliary, the pronoun, its
verb and an indefinite object ("How do I report *a* pothole to the council?" of a sealed "I'm
the one who reported our neighbour's extension to the council, anonymously."): an act done to
any thing of a kind. There a preposition's definite object ("to *the* council") says where the
act goes, not whose thing it is. A procedure on a definite or owned thing stays the user's case:
"How do I open *the* gun cabinet?" and "How do I log in to Nationwide?" ask for sealed codes
(first_day_sixth, fourth), so "How do I change *my* email password?" (sensitive_blind10, near
by its label) cannot be told from them by grammar and still shows the password.

Such a question, naming a word the memory does not hold besides (what it asks of the kind:
"offer", "pregnant women"), is not about the memory. A question naming nothing else ("Password
for online banking?") is still read as the user's. Chinese drops its subjects and has no
article: "楼下门禁密码多少？", "出门要带尿垫吗？" are the user's own questions with none of these
marks (benchmarks/generic_questions.py measured the same reading there, a negative).
"""

from __future__ import annotations

import re

from hybridmem.lexical import light_stem, stemmed_terms
from hybridmem.retrieval.asked_en import tokens
from hybridmem.retrieval.attributes import someone_named

# Closed classes: the first and second persons, the past auxiliaries, the demonstratives and
# the definite article.
_PERSONS = frozenset(
    ["i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "you", "your", "yours"]
)
# The subject pronouns of a question asking how anyone does a thing: the generic "you", and
# "I" / "we" as the subject of "how do I ..." (closed classes), with the present and modal
# auxiliaries that put them in no moment of the user's.
_GENERIC_YOU = frozenset(["you"])
_PROCEDURE_SUBJECTS = frozenset(["i", "we", "you"])
_PRESENT = frozenset(["do", "does", "can", "could", "should", "would", "will", "may", "must"])
_INDEFINITE = frozenset(["a", "an"])
_PAST = frozenset(["did", "was", "were", "had"])
_DEMONSTRATIVES = frozenset(["this", "that", "these", "those"])
_DEFINITE = frozenset(["the", *_DEMONSTRATIVES])
# The English prepositions that open a place, time or other adjunct phrase (a closed class).
_PREPOSITIONS = frozenset(
    [
        "at",
        "in",
        "on",
        "to",
        "from",
        "for",
        "with",
        "by",
        "near",
        "into",
        "onto",
        "about",
        "of",
        "after",
        "before",
        "during",
        "around",
        "under",
        "over",
        "through",
        "across",
        "along",
        "behind",
        "beside",
        "between",
        "inside",
        "outside",
        "within",
    ]
)
# A capitalised word past a sentence's first: a name, or an initialism ("NMC").
_CAPITAL = re.compile(r"(?<=[\w,] )[A-Z][\w-]*")
# How far back a shared word's determiner is looked for: the article and up to two modifiers
# ("the genetic test", "the new safe code"), as a noun phrase before its head.
_NP_REACH = 3


def in_general(query: str, words: frozenset[str]) -> bool:
    """Whether an English ``query`` sharing a word with a sealed memory (its stemmed terms
    ``words``) asks about a kind of thing in general: it shares one, and names no person, no
    one, no past event, no demonstrative, and no definite article before a shared word."""
    if not query.isascii() or not stemmed_terms(query) & words:
        return False
    toks = tokens(query)
    said = set(toks)
    procedure = _procedure(toks)
    if said & (_PERSONS - _impersonal(toks, procedure)) or said & (_PAST | _DEMONSTRATIVES):
        return False
    if _named(query) or someone_named(query) is not None:
        return False
    return not _definite_shared(toks, words, procedure) and not _definite_argument(toks)


def _named(query: str) -> bool:
    """Whether a capitalised word past the sentence's first names someone or something; the
    pronoun "I" is no name (a procedure's subject, :func:`_procedure`)."""
    return any(m.group() != "I" for m in _CAPITAL.finditer(query))


def _procedure(toks: list[str]) -> bool:
    """Whether the question asks how anyone does an act to a thing of a kind: "how", a present
    or modal auxiliary, a subject pronoun, its verb and an indefinite object ("How do I report
    *a* pothole to the council?"). The user's own thing is definite or theirs ("How do I
    change *my* email password?")."""
    return (
        len(toks) > 4
        and toks[0] == "how"
        and toks[1] in _PRESENT
        and toks[2] in _PROCEDURE_SUBJECTS
        and toks[4] in _INDEFINITE
    )


def _impersonal(toks: list[str], procedure: bool) -> frozenset[str]:
    """The person words that name no one's own case: a procedure's subject, and "you" when
    no first person is said ("Can you take paracetamol if you can't sleep?": anyone, or the
    assistant; neither is the user)."""
    if procedure:
        return frozenset([toks[2]])
    said = set(toks)
    first = _PERSONS - _GENERIC_YOU - {"your", "yours"}
    return _GENERIC_YOU if not said & first else frozenset()


def _definite_argument(toks: list[str]) -> bool:
    """Whether a definite article opens a noun phrase that is no preposition's object: a
    known thing the question is about, as its subject or object."""
    return any(
        tok == "the" and (k == 0 or toks[k - 1] not in _PREPOSITIONS) for k, tok in enumerate(toks)
    )


def _definite_shared(toks: list[str], words: frozenset[str], procedure: bool = False) -> bool:
    """Whether a shared word's noun phrase opens with the definite article or a
    demonstrative: looked for a few words back, up to a punctuation mark. In a
    ``procedure`` (:func:`_procedure`) a preposition's definite object says where the act
    goes ("to *the* council"), not whose thing it is: the thing is the indefinite object."""
    for k, tok in enumerate(toks):
        if light_stem(tok) not in words:
            continue
        for j in range(k - 1, max(0, k - _NP_REACH) - 1, -1):
            back = toks[j]
            if back in _DEFINITE:
                return not (procedure and j > 0 and toks[j - 1] in _PREPOSITIONS)
            if not back.isalpha():
                break
    return False
