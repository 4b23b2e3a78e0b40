"""Where a sealed English memory says something is, which a question asking about that place's
thing is not about (issue 38, helper sensitive23).

A memory names a thing in a place phrase to say where what it is about is: "Dad's ashes are
buried *under the apple tree* on my allotment", "I've hidden Mum's diamond ring *in a bag of
frozen peas* at the back of the freezer". The ashes and the ring are its matter; the tree and
the peas only its where. A question naming the place's thing as what it acts on ("When should
I prune the apple tree?", "What can I cook with frozen peas?") shares those words and asks
about the thing, not about what lies there: multilingual-e5 put both sealed memories ahead of
every ordinary one (benchmarks/sensitive_blind6.py, two English near leaks).

A place phrase is read by closed classes only: a static locative preposition followed by a
determiner, then its noun phrase's content words, run on through "of" ("a bag *of* frozen
peas", "the back *of* the freezer"); any other function word ends it. A source ("borrowed
*from* a payday lender") names whom, an agent ("cautioned *by* the police") who: neither is a
where. "in cash" and "at work" take no determiner and are no place phrase.

The question keeps the memory when it asks a place ("Where did I hide the ring?", whose answer
the place phrase is), names the shared words in a place phrase of its own ("What's buried under
the apple tree?", "What did I put in the bag of frozen peas?"), shares a word the memory holds
outside its place phrases, or names nothing the memory does not hold.
"""

from __future__ import annotations

import re

from hybridmem.lexical import light_stem, stemmed_terms, terms

# Static locative prepositions, a closed class; not "from" (a source), "by" (also an agent),
# "for" or "with" (a purpose, an instrument).
_PLACE = frozenset(
    [
        "at",
        "in",
        "on",
        "under",
        "behind",
        "beside",
        "inside",
        "near",
        "underneath",
        "beneath",
        "outside",
    ]
)
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that"]
)
_WHERE = "where"
_WORD = re.compile(r"[a-z0-9']+(?:-[a-z0-9']+)*")


def place_words(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of ``text``'s content words inside its place phrases, and of those outside
    them: "Dad's ashes are buried under the apple tree on my allotment." -> ({"appl", "tre",
    "allotment"}, {"dad", "ash", "buri"})."""
    toks = _words(text)
    inside: set[str] = set()
    outside: set[str] = set()
    k = 0
    while k < len(toks):
        if toks[k] in _PLACE and k + 1 < len(toks) and toks[k + 1] in _DETERMINERS:
            k = _phrase(toks, k + 2, inside)
            continue
        outside.update(light_stem(t) for t in terms(toks[k]))
        k += 1
    return frozenset(inside), frozenset(outside)


def _phrase(toks: list[str], k: int, into: set[str]) -> int:
    """Read the place phrase's noun phrase from ``toks[k]`` into ``into``; where it ends."""
    while k < len(toks):
        word = toks[k]
        if word == "of" and k + 1 < len(toks):  # "a bag of (the) frozen peas"
            k += 2 if toks[k + 1] in _DETERMINERS else 1
            continue
        found = terms(word)
        if word == "of" or not found:
            break  # a function word ends it ("under the tree *on* my allotment": another one)
        into.add(light_stem(found[0]))
        k += 1
    return k


def only_where(query: str, words: frozenset[str], memory: str) -> bool:
    """Whether every word an English ``query`` shares with the sealed ``memory`` (its stemmed
    terms ``words``) is, in the memory, only where something is (inside its place phrases),
    while the question names them outside a place phrase of its own and asks no place. The
    caller asks, too, that the question name something the memory does not hold (its act on
    the place's thing: "*prune* the apple tree")."""
    if not (query.isascii() and memory.isascii()) or _WHERE in _words(query):
        return False
    asked = stemmed_terms(query)
    shared = asked & words
    there, elsewhere = place_words(memory)
    if not shared or not shared <= there or shared & elsewhere:
        return False
    return not shared & place_words(query)[0]


def _words(text: str) -> list[str]:
    """``text``'s words, lower case, a curly apostrophe made straight."""
    return _WORD.findall(text.lower().replace("\u2019", "'"))
