"""A category word in an adjunct names where or how another act is done, not a value (issue 38).

The structural rules (:mod:`~hybridmem.evolution.slots.rules`) read a category word wherever it
stands. A place attribute's noun standing as the *setting* of another act gave the statement
the attribute's slot, and the writer then grouped it with the attribute's real value and hid
the older of the two: "I cycle to the office when it does not rain." was put in the workplace
group beside "My office is on the fourth floor", so "How do I get to work?" found nothing. The
value of an attribute is the complement of the predicate that states it ("I work at Arup",
"I'm at a startup now", "my office is in Leeds", "我在字节上班"), not an adjunct of some other
verb. Read by structure alone:

- **a spatial prepositional phrase** (to / into / at / from / in / near / outside / round /
  past / towards + a noun phrase opened by a determiner or a possessive, to the next
  punctuation, preposition or conjunction, four words at most: "used to live" is no phrase)
  that does not follow a copula: a workplace's or a home's noun in it is where the act
  happens ("I popped into the office", "I left my umbrella at the office"), while after a
  copula the phrase is the predicate ("I'm at a startup") and a verb cue that ends in its
  preposition ("work at", "based in", "back in") stays whole;
- **a with-phrase** (to the end of its clause) is how another thing is done or taken: a diet
  word in it ("I take my tea with oat milk and no sugar") is the tea's manner, not one's diet;
- **a Chinese locative before another verb** (在 / 从 / 去 / 到 / 来 / 回 / 往 + a noun phrase +
  a verb, by jieba's tags): a workplace's or a home's noun ("我今天去公司拿了个快递") is where
  that verb's act happens; after 在 / 从 a place name is too ("我在深圳出差" is a trip, not a
  home). Kept: a phrase inside a place cue's own match (在里斯本工作), and a phrase before the
  verbs the occupation rule states a job with (做 / 干 / 当: "我在一家外贸公司做会计" is where
  one works; found by a regression on ``colloquial_blind3``, disclosed in docs/benchmarks.md).
  The going verbs (去 / 到 / 回...) keep a bare place name: "回长沙发展" may well be a move;
- **going to work** (上班 right after 去 / 来, no place between: "我骑车去上班") is the commute,
  not where one works ("我去一家新公司上班了" names the place and stays);
- **the disposal construction** (把 + a thing + 搬): the thing is moved, not the speaker's home
  ("我把沙发搬到阳台了"), the Chinese of the English moved-a-thing reading; 把家搬到 stays.

A phrase whose removal would hand the statement from one place attribute to the other is read
as the complement of the other's verb, and the statement is read whole ("moved to a new
company", "I rent a flat near the office"). Closed grammatical classes only (prepositions,
determiners, copulas, conjunctions, coverbs, 把, 上班 after 去 / 来, the job verbs 做 / 干 / 当),
no values and no slot words of their own: which words are a place's or a diet's is read from
the rules' own patterns, passed in. Written on the first-day misreads quoted in the module's
tests and the dev data; the blind set ``slot_blind4.jsonl`` judged it after.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem import lexical

# The attributes that are a place, whose nouns a spatial phrase makes a setting, and the one
# a with-phrase makes a manner.
PLACE_SLOTS = frozenset({"user.workplace", "user.residence"})
MANNER_SLOTS = frozenset({"user.diet"})

_TOKEN = re.compile(r"[\w'’-]+|[^\w\s]")
_SPATIAL = frozenset(
    [
        "to",
        "into",
        "at",
        "from",
        "in",
        "inside",
        "outside",
        "near",
        "round",
        "around",
        "past",
        "toward",
        "towards",
    ]
)
_COPULAS = frozenset(["am", "is", "are", "was", "were", "be", "been", "being"])
_CONTRACTED_COPULA = ("'m", "'s", "'re", "’m", "’s", "’re")
_PHRASE_ENDS = _SPATIAL | frozenset(
    [
        "on",
        "for",
        "with",
        "by",
        "of",
        "and",
        "or",
        "but",
        "so",
        "because",
        "when",
        "after",
        "before",
        "since",
        "until",
        "while",
    ]
)
_NP_WORDS = 4
# A spatial phrase is read only when a determiner or a possessive opens its noun phrase.
_DETERMINERS = frozenset(
    {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that"}
    | {"these", "those", "some", "another"}
)
_GENITIVE = ("'s", "’s", "s'")
_COVERBS_ZH = frozenset({"在", "从", "去", "到", "来", "回", "往", "回到", "来到"})
_STATIVE_COVERBS_ZH = frozenset({"在", "从"})
# The verbs the occupation rule states a job with: their setting is where one works.
_WORKING_VERBS_ZH = frozenset({"做", "干", "当"})
_GOING_TO_WORK = re.compile(r"(?<=[去来])上班")
_DISPOSAL = re.compile(r"把([^，,。；;！!？?把搬]{1,8})搬")
_CJK = re.compile(r"[\u3400-\u9fff]")

Rule = tuple[str, str, re.Pattern[str]]
Tagger = Callable[[str], list[tuple[str, str]]]


def unset(text: str, rules: Sequence[Rule], tag: Tagger = lexical.pos_tags) -> str:
    """``text`` without the category words that stand in an adjunct (module docstring);
    ``tag`` is jieba's part-of-speech tagging (the caller passes its cached one)."""
    places = [(slot, p) for slot, _, p in rules if slot in PLACE_SLOTS]
    manners = [p for slot, _, p in rules if slot in MANNER_SLOTS]
    if _CJK.search(text):
        text = _GOING_TO_WORK.sub("", text)
        text = _DISPOSAL.sub(_moved_a_thing, text)
        out = _unset_zh(text, [p for _, p in places], tag)
    else:
        out = _unset_en(text, [p for _, p in places], manners)
    # A phrase whose removal hands the statement from one place attribute to the other is the
    # complement of the other's verb ("moved to a new company", "rent a flat near the office"):
    # the statement is read whole, as before.
    before = {slot for slot, p in places if p.search(text)}
    after = {slot for slot, p in places if p.search(out)}
    return text if after and before - after else out


def _unset_en(
    text: str, places: Sequence[re.Pattern[str]], manners: Sequence[re.Pattern[str]]
) -> str:
    drop: list[tuple[int, int]] = []
    for start, end, prep in _phrases_en(text):
        for pattern in manners if prep == "with" else places:
            drop += [m.span() for m in pattern.finditer(text, start, end)]
    for start, end in sorted(drop, reverse=True):
        text = text[:start] + text[end:]
    return text


def _moved_a_thing(match: re.Match[str]) -> str:
    """把 + a thing + 搬 without 搬, unless the thing is the home (把家搬到...)."""
    return match.group(0) if "家" in match.group(1) else "把" + match.group(1)


def _phrases_en(text: str) -> list[tuple[int, int, str]]:
    """(start, end, preposition) of each adjunct phrase's noun phrase (module docstring)."""
    tokens = [(m.group(0).lower(), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out = []
    for i, (word, _, end) in enumerate(tokens):
        if word != "with" and word not in _SPATIAL:
            continue
        if word != "with" and i and _after_copula(tokens[i - 1][0]):
            continue
        following = tokens[i + 1][0] if i + 1 < len(tokens) else ""
        if word != "with" and not (following in _DETERMINERS or following.endswith(_GENITIVE)):
            continue  # no noun phrase visibly opens: "to" may be an infinitive ("used to live")
        last = end
        for count, (nxt, _, nxt_end) in enumerate(tokens[i + 1 :]):
            bounded = word != "with" and (nxt in _PHRASE_ENDS or count >= _NP_WORDS)
            if bounded or not nxt[0].isalnum():
                break
            last = nxt_end
        if last > end:
            out.append((end, last, word))
    return out


def _after_copula(word: str) -> bool:
    return word in _COPULAS or word.endswith(_CONTRACTED_COPULA)


def _unset_zh(text: str, places: Sequence[re.Pattern[str]], tag: Tagger) -> str:
    """A Chinese locative phrase before another verb, left out (module docstring)."""
    # Nothing can be left out without a place's word or a stative coverb: no tagging needed.
    if not any(p.search(text) for p in places) and not any(c in text for c in _STATIVE_COVERBS_ZH):
        return text
    tokens = tag(text)
    at = [0]
    for word, _ in tokens:
        at.append(at[-1] + len(word))
    # A phrase inside a place cue's own match is that cue's argument (在里斯本工作).
    cues = [m.span() for p in places for m in p.finditer(text)]
    out: list[str] = []
    i, dropped = 0, False
    while i < len(tokens):
        word, _ = tokens[i]
        out.append(word)
        i += 1
        if word not in _COVERBS_ZH:
            continue
        j = i
        # A job verb ends the phrase whatever jieba tags it: 当 after a place is often tagged
        # a time word or a preposition (在贵阳一家驾校当教练: 当/t), and the phrase then ran on
        # to the job's noun and took 当 with it (issue 38, the ninth first-day set).
        while (
            j < len(tokens)
            and j - i < _NP_WORDS
            and not _verb_or_stop(tokens[j][1])
            and tokens[j][0] not in _WORKING_VERBS_ZH
        ):
            j += 1
        if j == i or j >= len(tokens):
            continue
        if not tokens[j][1].startswith("v") and tokens[j][0] not in _WORKING_VERBS_ZH:
            continue
        if tokens[j][0] in _WORKING_VERBS_ZH:
            continue  # 在一家外贸公司做会计: where one does one's job is the workplace
        start, end = at[i], at[j]
        if any(a < end and b > start and not (start <= a and b <= end) for a, b in cues):
            continue
        named = word in _STATIVE_COVERBS_ZH and any(f == "ns" for _, f in tokens[i:j])
        if named or any(p.search(text, start, end) for p in places):
            i, dropped = j, True  # the phrase is left out; the verb that follows is kept
    return "".join(out) if dropped else text


def _verb_or_stop(flag: str) -> bool:
    return flag.startswith("v") or flag in ("x", "p", "c", "ul")
