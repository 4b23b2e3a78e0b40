"""A category word that modifies another noun, or names someone else's thing, states no value.

The structural rules (:mod:`~hybridmem.evolution.slots.rules`) read a category word wherever it
stands. The value of an attribute is the head of the noun phrase the predicate states ("I'm
vegan", "I sold my car", "我在公司上班"); a category word that only *modifies* another noun
says what kind of thing that noun is, and the noun is what the statement is about: "I run a
dairy farm" is a farm (a job), not a diet, and the writer put it in the diet group beside
"I'm vegetarian" and hid the older of the two (sixth first-day set, "What do I do for a
living?"). The same happened with "a vegan burger", "a tea party", 公司聚餐, 城市住房的项目, and
with a thing a possessive gives to someone else ("I visited my brother's new flat",
我去看了我哥的新房子). Read by structure alone:

- **English, a modifier**: a category word that is one whole word, opens a noun phrase (right
  after a determiner or a genitive, at most two words between) and is followed by an
  open-class word in the same phrase ("a dairy farm", "the office printer", "my company
  card"). Not read: after a copula the phrase describes the subject ("I'm (more of) a tea
  person"); a phrase opening a clause, whose next word may be its verb ("the move went
  fine"); a word inside a longer category phrase ("a flat white"); a following word that is
  itself a category word ("a vegan diet", "the office address"), or a quantifier opening a
  phrase of its own ("a green tea most afternoons"); a past form (-ed: "the
  office moved"); and the object complement of a drink ("I take my coffee black": a definite
  phrase whose second word, singular, ends its clause).
- **English, someone else's thing**: a category word after a genitive that names a possessor
  (after a determiner or a possessive, "my brother's new flat", or a name's inside a clause,
  "the Hendersons' car") is the possessor's thing; a bare genitive opening a clause
  classifies ("Builder's tea"). Other words of the statement still count: "I moved into my
  sister's flat" is a move.
- **Chinese**, by jieba's words and tags (head-final phrases): a category word that is a noun
  by itself, followed by another noun or a place word, with or without 的 (公司聚餐, 单位宿舍,
  公司楼下, 城市住房的项目), or possessed by a person (我哥的新房子). A category word that is a
  verb by itself (住, 搬, 租) is no modifier; one inside a longer word is that word's stem, not
  a modifier (办公室 is the office; 咖啡店 stays coffee: a word-internal reading lost
  办公室 on the dev lines); after 是 said of the speaker the phrase describes the speaker
  (我是素食主义者), not after 是 said of a thing (现在住的是单位宿舍: the home is the dorm).

Closed classes only: determiners, possessives, copulas, auxiliaries, prepositions,
conjunctions, pronouns and the deictic adverbs (English); 的, 是 and the speaker's pronouns
(Chinese); jieba's tags decide noun, place word and person.

Only the modifying word is dropped; every other category word is read as before ("我住公司宿舍"
is still a home, by 住). When something is dropped the statement is settled without the slot
model, as for the adjuncts. Which words are category words is read from the rules' own
patterns, passed in; no word list of values or slots of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from hybridmem import lexical
from hybridmem.evolution.speech import regex_factors

Rule = tuple[str, str, re.Pattern[str]]
Tagger = Callable[[str], list[tuple[str, str]]]
Span = tuple[int, int]

_CJK = re.compile(r"[\u3400-\u9fff]")
_TOKEN = re.compile(r"[\w'’-]+|[^\w\s]")
_GENITIVE = ("'s", "’s", "s'", "s’")


def _closed(words: str) -> frozenset[str]:
    return frozenset(words.split())


# "it's", "that's", "he's"...: a pronoun with a contracted "is", not a genitive.
_CONTRACTED_IS = _closed("it's that's he's she's there's here's what's who's where's let's how's")
_DEFINITE = _closed("the my our your his her their this that")
_DETERMINERS = _DEFINITE | _closed("a an its these those some another every each")
_COPULAS = _closed("am is are was were be been being")
# "I'm", "we're": a pronoun with a contracted copula is one token.
_CONTRACTED_COPULA = ("'m", "’m", "'re", "’re")
# Closed classes: a word of these after a category word ends its phrase, not a head noun (the
# quantifiers open a phrase of their own: "a green tea most afternoons", "coffee all day").
_FUNCTION = (
    _DETERMINERS
    | _COPULAS
    | _closed(
        """
        i me we us you he him she they them it who which what
        to into onto at from in inside outside near round around past toward towards on upon
        for with within without by of about over under underneath below beneath above after
        before since until till while during off out up down through throughout across along
        alongside behind beside besides between beyond against among via per like unlike
        despite except opposite
        and or nor but so because when if than as though although
        do does did don't doesn't didn't have has had will would can could should may might
        must shall won't can't isn't aren't wasn't weren't
        not no never now then again anymore too either already still yet ever instead also
        most many much all both few several any half
        only just even here there today tonight yesterday tomorrow anyway
        """
    )
)
_OPENER_GAP = 2
# jieba's tags: nouns and pronouns (我家 is tagged r) stand as a phrase's word; place and
# direction words (楼下, 附近, 里) are nouns of place a modifier can precede.
_NOMINAL = ("n", "r")
_PLACE = ("s", "f")
_PROPER = ("nr", "ns", "nrt", "nrfg")
_PERSON_FLAGS = ("nr", "nrfg")
_COPULA_ZH = frozenset({"是"})


def heads_only(
    text: str,
    rules: Sequence[Rule],
    person: re.Pattern[str],
    speaker: AbstractSet[str],
    tag: Tagger = lexical.pos_tags,
) -> str:
    """``text`` without the category words that modify another noun or name someone else's
    thing (module docstring); ``person`` matches a Chinese kinship or social word, ``speaker``
    holds the Chinese words for the speaker, ``tag`` is jieba's tagging (the caller passes its
    cached one)."""
    # Only the patterns whose literals the text holds are searched (a quarter of the cost).
    may = _literals(tuple(p for _, _, p in rules)).possible(text)
    found = (m for (_, _, p), ok in zip(rules, may, strict=True) if ok for m in p.finditer(text))
    matches = sorted({m.span() for m in found if m.end() > m.start()})
    if not matches:
        return text
    if _CJK.search(text):
        drop = _modifiers_zh(text, matches, person, speaker, tag)
    else:
        drop = _modifiers_en(text, matches)
    for start, end in sorted(set(drop), reverse=True):
        text = text[:start] + text[end:]
    return re.sub(r"  +", " ", text) if drop else text


@lru_cache(maxsize=8)
def _literals(patterns: tuple[re.Pattern[str], ...]) -> regex_factors.FoldedTest:
    return regex_factors.FoldedTest(patterns)


def _inside_longer(span: Span, matches: Sequence[Span]) -> bool:
    return any(a <= span[0] and span[1] <= b and (a, b) != span for a, b in matches)


def _modifiers_en(text: str, matches: Sequence[Span]) -> list[Span]:
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    index = {(start, end): i for i, (_, start, end) in enumerate(tokens)}
    drop: list[Span] = []
    for span in matches:
        i = index.get(span)
        if i is None or _inside_longer(span, matches):
            continue  # not one whole word ("in-house", "flat white")
        opener = _opener_en(tokens, i)
        if opener is None or _predicate_en(tokens, opener):
            continue  # "I'm (more of) a tea person": the phrase describes the subject
        if _genitive(tokens, opener):
            drop.append(span)  # "my brother's new flat": the possessor's thing
        elif _clause_start(tokens, opener):
            continue  # "the move went fine": the next word may be the verb
        elif _modifies_en(tokens, i, matches, tokens[opener][0].lower()):
            drop.append(span)
    return drop


def _opener_en(tokens: Sequence[tuple[str, int, int]], i: int) -> int | None:
    """Index of the determiner or genitive that opens the phrase of token ``i``."""
    for at in range(i - 1, max(i - 2 - _OPENER_GAP, -1), -1):
        word = tokens[at][0].lower()
        if word in _DETERMINERS or _genitive(tokens, at):
            return at
        if word in _FUNCTION or not word[0].isalpha():
            return None
    return None


def _genitive(tokens: Sequence[tuple[str, int, int]], at: int) -> bool:
    """Whether token ``at`` names a possessor: a genitive after a determiner or a possessive
    ("my brother's", "the neighbours'") or a name's ("Tom's" inside a clause). A bare
    genitive opening a clause classifies ("Builder's tea", "children's books")."""
    word = tokens[at][0]
    if not word.lower().endswith(_GENITIVE) or word.lower() in _CONTRACTED_IS:
        return False
    if at and tokens[at - 1][0].lower() in _DETERMINERS:
        return True
    return word[0].isupper() and not _clause_start(tokens, at)


def _clause_start(tokens: Sequence[tuple[str, int, int]], at: int) -> bool:
    return at == 0 or not tokens[at - 1][0][0].isalnum()


def _predicate_en(tokens: Sequence[tuple[str, int, int]], at: int) -> bool:
    """Whether a copula comes before the phrase opened at ``at`` (two words between at most,
    none a participle: "I'm reading a vegan cookbook" is no predicate nominal)."""
    for k in range(at - 1, max(at - 2 - _OPENER_GAP, -1), -1):
        word = tokens[k][0].lower()
        if word in _COPULAS or word.endswith(_CONTRACTED_COPULA):
            return True
        if not word[0].isalpha() or word.endswith("ing"):
            return False
    return False


def _modifies_en(
    tokens: Sequence[tuple[str, int, int]], i: int, matches: Sequence[Span], opener: str
) -> bool:
    """Whether token ``i`` is followed by an open-class word of its phrase: its head."""
    if i + 1 >= len(tokens):
        return False
    word, start, end = tokens[i + 1]
    head = word.lower()
    if not head[0].isalpha() or head in _FUNCTION or head.endswith(("ly", "ed")):
        return False
    if any(a < end and start < b for a, b in matches):
        return False  # a category word heads it: "a vegan diet", "the office address"
    after = tokens[i + 2][0].lower() if i + 2 < len(tokens) else ""
    ends_clause = not after or not after[0].isalnum() or after in _FUNCTION
    # "I take my coffee black": a definite object and a bare word closing the clause may be
    # its complement; a plural second word is a noun ("my car keys").
    complement = opener in _DEFINITE and ends_clause and not head.endswith("s")
    return not complement


def _modifiers_zh(
    text: str,
    matches: Sequence[Span],
    person: re.Pattern[str],
    speaker: AbstractSet[str],
    tag: Tagger,
) -> list[Span]:
    tokens = tag(text)
    bounds: list[Span] = []
    at = 0
    for word, _ in tokens:
        bounds.append((at, at + len(word)))
        at += len(word)
    drop: list[Span] = []
    for span in matches:
        if _inside_longer(span, matches) or not _nominal_word(text[span[0] : span[1]], tag):
            continue
        first = next(k for k, (a, b) in enumerate(bounds) if a <= span[0] < b)
        last = next(k for k, (a, b) in enumerate(bounds) if a < span[1] <= b)
        if _speaker_is(tokens, first, speaker):
            continue  # 我是素食主义者: the phrase describes the speaker
        if span[1] < bounds[last][1]:
            continue  # inside a longer word: 办公室 is the office itself, not a modifier
        if _before_a_noun(tokens, last) or _possessed(tokens, first, person):
            drop.append(span)
    return drop


def _speaker_is(tokens: Sequence[tuple[str, str]], k: int, speaker: AbstractSet[str]) -> bool:
    """Whether the phrase at ``k`` follows 是 said of the speaker (我是, 我现在是, 是 alone): the
    predicate describes them. "现在住的是单位宿舍" says what the home is, not who one is."""
    j = k - 1
    if j < 0 or tokens[j][0] not in _COPULA_ZH:
        return False
    j -= 1
    while j >= 0 and tokens[j][1].startswith(("d", "t")):
        j -= 1  # 现在 / 也 / 还 / 就
    return j < 0 or tokens[j][0] in speaker


def _nominal_word(word: str, tag: Tagger) -> bool:
    """Whether a category word is a noun by itself (咖啡, 公司), not a verb (住, 搬, 租)."""
    tags = tag(word)
    return len(tags) == 1 and tags[0][1].startswith(_NOMINAL)


def _before_a_noun(tokens: Sequence[tuple[str, str]], k: int) -> bool:
    """Whether the word at ``k`` modifies the noun or place word after it (的 between or not)."""
    if not tokens[k][1].startswith(_NOMINAL):
        return False
    j = k + 1
    if j < len(tokens) and tokens[j][0] == "的":
        j += 1
    if j >= len(tokens):
        return False
    flag = tokens[j][1]
    return (flag.startswith("n") and flag not in _PROPER) or flag in _PLACE


def _possessed(tokens: Sequence[tuple[str, str]], k: int, person: re.Pattern[str]) -> bool:
    """Whether a person word owns the phrase the word at ``k`` heads: 我哥的新房子."""
    j = k - 1
    if j >= 0 and tokens[j][0] == "的":
        j -= 1
    if j < 0:
        return False
    word, flag = tokens[j]
    return person.fullmatch(word) is not None or flag in _PERSON_FLAGS
