"""Whether two statements name one thing: a shared word that names an attribute or a value.

The pair model (:mod:`~hybridmem.evolution.slots.pairs`) reads whether two statements give
values of one attribute; this is the word test beside it. Retrieval's newer-first rule
(:mod:`hybridmem.retrieval.newer_values`) and the conversation's decisions
(:mod:`hybridmem.conversation.options`: which option a choice names) both ask it, so it lives
with the write path's readers both may use.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hybridmem.evolution.slots.pairs import (
    chat_words,
    common_words,
    language,
    states_change,
    words,
)

# English prepositions and adverbial particles the pair words keep (they stop only the commonest
# few): a closed class of function words, which name nothing. "I tune pianos ... round
# Aberystwyth" and "I get round to my jobs in a little red Fiesta" shared only "round", and the
# car took the job's place at the top (issue 38, the ninth first-day set).
_PARTICLES_EN = frozenset(
    [
        "about",
        "above",
        "across",
        "after",
        "against",
        "along",
        "alongside",
        "amid",
        "among",
        "around",
        "away",
        "behind",
        "below",
        "beneath",
        "beside",
        "besides",
        "between",
        "beyond",
        "down",
        "during",
        "inside",
        "off",
        "onto",
        "out",
        "outside",
        "over",
        "round",
        "throughout",
        "toward",
        "towards",
        "under",
        "underneath",
        "until",
        "up",
        "upon",
        "via",
        "within",
        "without",
    ]
)


# An English pronoun (or "let", "that", "there") joined to its verb: a closed class of function
# words. The everyday vocabulary holds the first person's ("I've", "I'm"), not the others', and
# "We've gone over to Octopus for the gas and electric" and "We've a bearded dragon called Gaz"
# shared only "we've": the energy supplier took the pet's place for "What's the lizard's name?"
# (issue 38, the eleventh first-day set). A curly apostrophe splits the word, leaving the verb's
# tail ("ve" of "We’ve") alone; it names nothing either.
_CONTRACTED_EN = re.compile(
    r"(?:(?:i|you|we|they|he|she|it|that|there|here|what|who|let)['’])?(?:s|m|re|ve|ll|d)"
)


@lru_cache(maxsize=4096)
def naming_words(text: str) -> frozenset[str]:
    """The words of ``text`` that can say what it is about: content words (an attribute's
    name or a value) that are not change words, not everyday chat vocabulary
    (:func:`~hybridmem.evolution.slots.pairs.chat_words`, one rule for both languages) and not
    English prepositions, particles or pronouns joined to a verb."""
    lang = language(text)
    everyday = chat_words()[lang] | common_words()[lang] | _PARTICLES_EN
    return frozenset(
        w
        for w, _ in words(text)
        if w not in everyday and not _CONTRACTED_EN.fullmatch(w) and not states_change(w)
    )


def one_attribute(newer: str, older: str) -> bool:
    """Whether the two statements name one thing: they share a word that names an attribute
    ("weekly shop", 发票, 工资卡) or a value ("the Focus went to my cousin" after "I drive a
    Ford Focus", 华为). The pair model alone reads two preferences or two habits of the user
    as one attribute ("I'm vegetarian" / "I'm afraid of flying, so I'd rather take the
    train", 我喜欢看越剧 / 坐飞机我喜欢过道的位置): on the first-day newcomers, every statement
    it put ahead of an unrelated answer shared no such word with it. A Chinese word inside
    another counts as shared: a compound names what its part names (健身 / 健身房, 头发 /
    剪头发), and the segmenter cuts the same thing either way."""
    a, b = naming_words(newer), naming_words(older)
    if a & b:
        return True
    if language(newer) != "zh" or language(older) != "zh":
        return False
    return any(len(x) > 1 and len(y) > 1 and (x in y or y in x) for x in a for y in b)
