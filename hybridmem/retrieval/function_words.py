"""A statement holding only the question's function words, beside one that holds a word the
question names something by, is no word match for it.

The lexical feature is a candidate's BM25 over the query's best (:mod:`.fusion`): the best
match takes the full lexical weight whatever word it matched on. In a newcomer's small store
every word is rare, so a function word of the question finds the one statement that says it
too and can outweigh the word the question names its subject by: "Where's Linda living now?"
shares "Linda" with "My sister Linda retired out to Benidorm." and "now" with "I go to
Kayleigh in Heaton for my hair now", and "now", said once in the store, had the higher BM25
(the twelfth first-day set).

A first test of "a word that names nothing" (the learnt chat vocabulary) was too wide: it held
nouns such as hospital, seat and flight, and lost probing evidence that matched on them
(docs/benchmarks.md, helper firstday12). This one is a closed grammatical class, read from a
grammar, not from any evaluation set:

- Chinese: the part of speech jieba's dictionary gives the word (its own entry, out of
  context): adverbs (d) and pronouns (r). Its dictionary tags no light verb or auxiliary apart
  from the other verbs (去, 吃, 能 are all v), so those stay. The time pro-forms (现在, 当时:
  English "now", "then") are added by name, since the dictionary tags them as it tags the
  time nouns that name a time (周四, 晚上).
- English, which has no tagger here: the closed classes the index's stop list leaves
  (:data:`hybridmem.lexical._EN_STOP` already drops the personal pronouns, auxiliaries,
  modals, articles, prepositions and conjunctions): the indefinite pronouns (some-, any-, no-,
  every- with -thing, -one, -body, -where), the light verbs of the grammars (do, give, have,
  make, take; get, the passive auxiliary; go, the future one) in their forms, and the
  pro-form and aspect adverbs of time and frequency (now, then, ever, never, still, yet,
  already, again, soon, once, always, usually, often, sometimes, even, else).

Prepositions, conjunctions and particles were measured in the class too and lost a question
each: a preposition or particle is said with what it relates ("lights out by ten" of "a late
night out", 我跟她 of 我跟小雯之间), so a statement matching on it alone can still be about the
question (docs/benchmarks.md, helper firstday13).

When some memory holds a question term outside those classes, a statement of a value (the
writer's assertion types, ``EvolutionConfig.conflict_types``) holding none of those, only
function words, gets BM25 0 (no match); the rest of its evidence (similarity, the attribute
read, the other matches) is left as it was. When no memory holds a term outside them, the
function words are all the word evidence there is and keep it. No constant.

Only statements, as :mod:`.same_words` (whose reading of a memory's held terms this shares): a
conversation turn or an event (every memory of LoCoMo and MADial) is ranked by its words as a
whole. A candidate whose held terms this reading cannot see (a sealed memory's ciphertext, an
inflection the index's stemmer folds and the light strip does not) keeps its BM25.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache

from hybridmem.lexical import dictionary_tag, light_stem, stemmed_terms, terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval.same_words import same_words

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

_ZH_CLOSED = frozenset(["d", "r"])
"""jieba's tags of adverbs and pronouns (its dictionary's ICTCLAS tag set)."""

_ZH_TIME_PROFORMS = frozenset(["现在", "如今", "目前", "眼下", "当下", "当时"])
"""The time nouns that point at the time of speaking or a time said before, the counterparts
of English "now" and "then" (pro-forms, in :data:`_EN_ADVERBS`): jieba tags them t with the
time nouns that name a time (周四, 晚上, 初一), so its tag cannot set them apart; its
pronoun tag already holds the others of the class (那时, 这时, 这会儿). "我爹妈现在在哪里？"
shares only 现在 with "电瓶车被偷了，现在天天挤公交去电脑城。" and that change came first
(the thirteenth first-day set)."""

_EN_INDEFINITE = frozenset(
    a + b for a in ("some", "any", "no", "every") for b in ("thing", "one", "body", "where")
)
_EN_LIGHT_VERBS = frozenset(
    [
        "do",
        "does",
        "did",
        "done",
        "doing",
        "give",
        "gives",
        "gave",
        "given",
        "giving",
        "have",
        "has",
        "had",
        "having",
        "make",
        "makes",
        "made",
        "making",
        "take",
        "takes",
        "took",
        "taken",
        "taking",
        "get",
        "gets",
        "got",
        "gotten",
        "getting",
        "go",
        "goes",
        "went",
        "gone",
        "going",
    ]
)
_EN_ADVERBS = frozenset(
    [
        "now",
        "then",
        "ever",
        "never",
        "still",
        "yet",
        "already",
        "again",
        "soon",
        "once",
        "always",
        "usually",
        "often",
        "sometimes",
        "even",
        "else",
    ]
)
_EN_CLOSED = _EN_INDEFINITE | _EN_LIGHT_VERBS | _EN_ADVERBS
_TIME_PROFORMS = frozenset(["now", "then"]) | _ZH_TIME_PROFORMS


@lru_cache(maxsize=4096)
def function_word(term: str) -> bool:
    """Whether the question term ``term`` (as the lexical channel cuts it) is of a closed
    grammatical class: it names nothing the question asks about."""
    if not _CJK.search(term):
        return term in _EN_CLOSED
    return term in _ZH_TIME_PROFORMS or dictionary_tag(term) in _ZH_CLOSED


def naming_matches(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float] | None:
    """``bm25`` with every statement of the ``stated`` types holding only function words of
    the question set to 0 when another memory holds a question term that names something, or
    None when no score moves."""
    asked: dict[str, bool] = {}
    for term in terms(query):
        stem = light_stem(term)
        # A stem the question says twice names something if one form does.
        asked[stem] = asked.get(stem, False) or not function_word(term)
    named = {t for t, names in asked.items() if names}
    matched = {
        i: stemmed_terms(n.content) & asked.keys()
        for i, score in bm25.items()
        if score > 0 and (n := nodes.get(i)) is not None and not n.sensitive
    }
    if not named:
        return None
    # A word match on the question's naming words decides; a time pro-form alone is no match
    # even when no memory holds a naming word (it points at the time of asking, not at what
    # is asked about), while the rest of the class then keeps its match (see the module
    # docstring: "how do you take it?" of "I take coffee black").
    held_named = any(held & named for held in matched.values())
    out = dict(bm25)
    for node_id, held in matched.items():
        alone = held_named or held <= _TIME_PROFORMS
        if held and not held & named and alone and nodes[node_id].node_type in stated:
            out[node_id] = 0.0
    return out if out != bm25 else None


def statement_words(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float] | None:
    """The statements' lexical evidence read by their words: matches on function words alone
    dropped (:func:`naming_matches`), then statements holding the same question terms given the
    same BM25 (:func:`~hybridmem.retrieval.same_words.same_words`). None when no score moves."""
    named = naming_matches(query, nodes, bm25, stated)
    alike = same_words(query, nodes, named if named is not None else bm25, stated)
    return alike if alike is not None else named
