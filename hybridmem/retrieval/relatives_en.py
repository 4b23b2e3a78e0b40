"""An English relative clause's act said of a subject a sealed memory does not name (issue 38,
helper sensitive23).

"What tablets am I on *that work doesn't know about*?" asks for the user's tablets; the
relative clause says which ones, by an act ("know") and whose it is ("work"). A sealed memory
holding the act alone, said of someone else ("I've taken out a payday loan of 1,800 pounds and
*Sanjay doesn't know*."), shares the verb and not the clause: the act is another subject's,
and the memory is not what the question asks about. multilingual-e5 put the payday loan first
for that question, beside the antidepressants it asks about (benchmarks/sensitive_blind5.py,
the one about-question leak). It is the English of the Chinese "the same act, another's"
(:func:`~hybridmem.retrieval.roles_zh.swapped`).

Read by closed classes: a relative word not opening the question ("that", "who", "which"), a
subject up to the auxiliary after it in the same clause, and what follows. A pronoun subject
("that *I* don't take", "who *she* told") is not read: it may be anyone the memory names
otherwise, the user first.
"""

from __future__ import annotations

from hybridmem.lexical import light_stem, stemmed_terms, terms
from hybridmem.retrieval.asked_en import AUXILIARIES, PRONOUNS, tokens

_RELATIVE = frozenset(["that", "who", "which"])
# The subjects a relative clause's act can have that name no one in particular: the personal
# pronouns and the expletive and indefinite ones, closed classes.
_UNNAMED = PRONOUNS | frozenset(
    ["it", "someone", "somebody", "anyone", "anybody", "nobody", "everyone", "everybody"]
)


def said_of_another(query: str, words: frozenset[str]) -> bool:
    """Whether every word an English ``query`` shares with a sealed memory (its stemmed terms
    ``words``) stands in a relative clause's predicate whose subject, a noun phrase, the
    memory holds no word of: "know" of "...that work doesn't know about?" against "...and
    Sanjay doesn't know."."""
    if not query.isascii():
        return False
    shared = stemmed_terms(query) & words
    if not shared:
        return False
    toks = tokens(query)
    for k in range(1, len(toks)):
        if toks[k] not in _RELATIVE:
            continue
        clause = _clause(toks, k + 1)
        aux = next((j for j, w in enumerate(clause) if w in AUXILIARIES), None)
        if not aux or any(w in _UNNAMED for w in clause[:aux]):
            continue  # no subject before an auxiliary, or one naming no one in particular
        subject = _stems(clause[:aux])
        if subject and not subject & words and shared <= _stems(clause[aux:]):
            return True
    return False


def _clause(toks: list[str], start: int) -> list[str]:
    """The words from ``start`` to the end of their clause (the next punctuation mark)."""
    out: list[str] = []
    for tok in toks[start:]:
        if not tok[0].isalnum():
            break
        out.append(tok)
    return out


def _stems(words: list[str]) -> set[str]:
    """The content words' stems, as :func:`~hybridmem.lexical.stemmed_terms` cuts them."""
    return {light_stem(t) for w in words for t in terms(w)}
