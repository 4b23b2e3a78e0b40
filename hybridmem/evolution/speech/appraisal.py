"""A momentary evaluation: a property said of something of one occasion, by its clause shape.

The label definitions (:mod:`~hybridmem.evolution.speech.labels`) file "a momentary
evaluation" under EMOTION, but the rules find one only through a feeling word. Most of the
evaluations that leak into memory carry none ("Dinner was a bit meh tonight", "the customers
today were unbearable", 这一周简直是噩梦, 今天的客户一个比一个难搞): the evaluative word is
open-class (meh, a shambles, 一般, 难搞) and no lexicon covers it (docs/benchmarks.md, speech21).

What marks them is the clause, read from closed grammatical classes only:

* **one occasion**: a deictic time of one bounded occasion with nothing making the statement
  outlast it (:func:`~hybridmem.evolution.speech.aspect.one_occasion`: today, tonight, last
  night, 今天, 这次…);
* **no speaker**: no first-person pronoun. What the speaker did or has on a day ("I ran a half
  marathon today", "My blood pressure was 135 over 85 this morning") is a record of it;
* **a property, not an event**, in the clause that names the occasion ("had fish and chips
  tonight, the Thai place was shut" records the evening, its reason beside it). English: a
  copula with a bare complement; a preposition or particle (a place, a time, a companion),
  negation, a numeral, a participle or progressive after it ("the meeting was at three", "the
  claim was approved", "the kids are with their grandma"), a capitalised complement (a date or
  a name: "today is Shrove Tuesday") or a personal or existential subject make an event or a
  state of affairs. Chinese: a predicate headed by a degree adverb (程度副词: 有点, 很, 特别,
  简直…) with no verb, numeral or preposition after the word it grades (jieba's flags), no
  把 / 被 / 将, and not after a verb (贴好了: a result); or a state complement, V得 + how the
  event went (今天的课讲得云里雾里). A bare adjective with 了 is as often a change of state
  (电梯坏了) and a bare noun a date (今天清明), so the degree adverb is required;
* **experienced**: an occasion still to come ("tomorrow", 明天) is planned or forecast.

A property said of a particular of one occasion, with no verb of what happened, is how a
judgement of that occasion is said; a fact about it is said with an event verb, a place, a
time or a number. Negations stay negations (the rules' act must be ASSERTION): "the bus
didn't come today" reports an event.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.speech import aspect
from hybridmem.evolution.speech.lexicon import normalise

# First-person pronouns (closed class): the speaker is a participant.
_SPEAKER_EN = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our)\b")
_SPEAKER_ZH = re.compile(r"我|咱")
# A copular clause: a subject (no personal pronoun, no existential "there"), a form of "be",
# its complement; "it's" / "that's" are the copula too ("today's" is a possessive).
_COPULA_EN = re.compile(
    r"^(?!(?:there|he|she|they|you|who)\b)[a-z']+(?:\s+[a-z']+){0,5}?"
    r"\s+(?:is|was|were|are)\s+(?P<complement>[a-z'-]+)"
    r"|\b(?:it|that)'s\s+(?P<contracted>[a-z'-]+)",
    re.IGNORECASE,
)
# What after the copula makes the clause an event or a state of affairs, not a property:
# prepositions and adverbial particles (a place, a time, a companion), negation, "being",
# "been", adverbs of time, and the passive or progressive participle (read by its ending).
_NOT_PROPERTY_EN = re.compile(
    r"(?:at|in|on|with|from|to|for|by|off|out|up|down|over|under|near|back|away|home|here"
    r"|there|about|around|into|onto|until|till|after|before|since|due|not|never|no|n't"
    r"|being|been|going|gonna|still|now|then|also|already|just|supposed|[0-9].*"
    r"|[a-z]+ed|[a-z]+ing)"
)
# jieba's flags after the graded word: a verb (v, vd, vn, vi, vg...), a preposition (在 + a
# place) or a numeral or measure makes an event or a quantity; the copula 是 does not.
_EVENT_FLAGS = ("v", "p", "m", "q")
_COPULA_ZH = "是"
# The disposal and passive markers: what was done to something (把发票贴好了, 被罚了).
_DISPOSAL_ZH = frozenset({"把", "被", "将"})
# Degree adverbs (程度副词, a closed class): they grade a property ("有点一般", "很冷"); a bare
# adjective with 了 is as often a change of state (电梯坏了) and a bare noun a date (今天清明).
_DEGREE_ZH = re.compile(
    r"很|太|真|好|挺|蛮|有点|有些|特别|非常|超|极|十分|相当|比较|简直|够|格外|忒|贼"
)
# The two degree words that are also a verb's result complement (贴好了, 吃够了).
_RESULT_ZH = frozenset({"好", "够"})
_OCCASION_ZH = next(cue.pattern for cue in aspect.OCCASION.cues if cue.name == "occasion:zh")
# A state complement (V得 + its result: 讲得云里雾里, 剪得有点歪): how one event went, read on
# characters by the aspect reading's cue (jieba cuts 开得 as one verb).
_STATE_COMPLEMENT = next(
    cue.pattern for cue in aspect.PARTICULAR.cues if cue.name == "particular:zh-de"
)


def occasion_appraisal(text: str) -> bool:
    """Whether ``text`` judges something of one occasion without the speaker in it (the
    module docstring): read by the rules as a plain assertion, it is a momentary evaluation."""
    norm = normalise(text)
    if not aspect.one_occasion(norm):
        return False
    if _SPEAKER_EN.search(norm) or _SPEAKER_ZH.search(norm) or aspect.TOMORROW.search(norm):
        return False
    # The judgement is of the occasion its own clause names: "had fish and chips tonight, the
    # Thai place was shut" records what was done that evening, with its reason beside it.
    return any(
        aspect.OCCASION.fired(normalise(p)) and (_property_en(p) or _property_zh(normalise(p)))
        for p in lexical.clause_pieces(text)
    )


def _property_en(clause: str) -> bool:
    for match in _COPULA_EN.finditer(clause):
        complement = match.group("complement") or match.group("contracted")
        # A capital names something (Monday, Easter, "Tonight is Burns Night"): a date or a
        # name, not a property. Read on the text as written.
        if (
            complement
            and not complement[0].isupper()
            and not _NOT_PROPERTY_EN.fullmatch(complement.lower())
        ):
            return True
    return False


def _property_zh(clause: str) -> bool:
    # The occasion's own words (这一周: a numeral) are the time, not the predicate.
    rest = _OCCASION_ZH.sub("", clause)
    if _STATE_COMPLEMENT.search(rest):
        return True
    tags = lexical.pos_tags(rest)
    # The predicate a degree adverb heads (jieba may cut it with its word: 太慢); what it
    # grades is a property whatever jieba's flag (糟: v), and one more verb is an event
    # (很早就出门了), as is a numeral or a preposition.
    if any(word in _DISPOSAL_ZH for word, _flag in tags):
        return False
    for i, (word, _flag) in enumerate(tags):
        # After a verb, 好 / 够 are its result (贴好了, 吃够了), not a degree.
        result = word in _RESULT_ZH and i > 0 and tags[i - 1][1].startswith("v")
        if _DEGREE_ZH.match(word) and not result:
            # The graded word is this one (太慢) or the next (特别 | 糟); 是 grades its noun.
            start = i + 1 if not _DEGREE_ZH.fullmatch(word) else i + 2
            return not any(
                flag.startswith(_EVENT_FLAGS) and w != _COPULA_ZH for w, flag in tags[start:]
            )
    return False
