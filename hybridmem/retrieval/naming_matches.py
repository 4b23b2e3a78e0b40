"""A statement holding only the question's everyday words, beside one that holds what the
question names, is no word match for it.

The lexical feature is a candidate's BM25 over the query's best (:mod:`.fusion`): the best
match takes the full lexical weight whatever word it matched on. In a newcomer's small store
every word is rare, so an everyday word of the question finds the one statement that says it
too and can outweigh the word the question names its subject by: "Where's Linda living now?"
shares "Linda" with "My sister Linda retired out to Benidorm." and "now" with "I go to
Kayleigh in Heaton for my hair now", and "now", said once in the store, had the higher BM25
(the twelfth first-day set; 我在学什么乐器？ and 我现在开什么班？ of the fourth and fifth sets
alike).

Which words name something is the query-time newer-value reading's own test
(:func:`~hybridmem.retrieval.newer_values.naming`): content words that are not everyday chat
vocabulary (learnt from chat, one rule for both languages), not English particles or pronouns
joined to a verb, not change words. When some memory holds a word the question names
something by, a statement of a value (the writer's assertion types,
``EvolutionConfig.conflict_types``) that holds none of them, only the question's everyday
words, gets BM25 0 (no match); the rest of the evidence (similarity, the attribute read, the
other matches) is left as it was. When no memory holds what the question names, or it names
nothing but everyday words ("Which seat should you book me on the flight?" of "I prefer aisle
seats on long flights"), its everyday words are all the word evidence there is and keep it:
dropped there too, the rule lost 去坡子街吃点啥？ (the food the user loves to eat, held only by
吃) and gained 医生开了阿莫西林，我能吃吗？ (docs/benchmarks.md, helper firstday12). No constant
and no word list of its own.

Only statements, as :mod:`.same_words` (whose reading of a memory's held terms this shares): a
conversation turn or an event (every memory of LoCoMo and MADial) is ranked by its words as a
whole, and that rule, applied to every candidate, lost LoCoMo. A candidate whose held terms
this reading cannot see (a sealed memory's ciphertext, an inflection the index's stemmer folds
and the light strip does not) keeps its BM25.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from hybridmem.lexical import light_stem, stemmed_terms, terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval.newer_values import naming
from hybridmem.retrieval.same_words import same_words


def names_nothing(term: str) -> bool:
    """Whether the question term ``term`` (as the lexical channel cuts it) names nothing."""
    return not naming(term)


def naming_matches(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float] | None:
    """``bm25`` with every statement of the ``stated`` types holding only question terms that
    name nothing set to 0 when another memory holds one that names something, or None when no
    score moves."""
    asked: dict[str, bool] = {}
    for term in terms(query):
        stem = light_stem(term)
        # A stem the question says twice ("go" and "going") names something if one form does.
        asked[stem] = asked.get(stem, False) or not names_nothing(term)
    named = {t for t, names in asked.items() if names}
    matched = {
        i: stemmed_terms(n.content) & asked.keys()
        for i, score in bm25.items()
        if score > 0 and (n := nodes.get(i)) is not None and not n.sensitive
    }
    if not any(held & named for held in matched.values()):
        # No memory holds what the question names (or it names nothing but everyday words,
        # "Which seat should you book me on the flight?"): its everyday words are all the word
        # evidence there is.
        return None
    out = dict(bm25)
    for node_id, held in matched.items():
        if held and not held & named and nodes[node_id].node_type in stated:
            out[node_id] = 0.0
    return out if out != bm25 else None


def statement_words(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float] | None:
    """The statements' lexical evidence read by their words: matches on words that name
    nothing dropped (:func:`naming_matches`), then statements holding the same question terms
    given the same BM25 (:func:`~hybridmem.retrieval.same_words.same_words`). None when no
    score moves."""
    named = naming_matches(query, nodes, bm25, stated)
    alike = same_words(query, nodes, named if named is not None else bm25, stated)
    return alike if alike is not None else named
