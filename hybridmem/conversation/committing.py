"""A choice said as a commitment without the perfective: an arrangement in the present
progressive, a verb closed by a result complement the tagger misreads.

A decision was only a sentence in the perfective (:func:`hybridmem.conversation.decisions.
decides`): "ended up going with the grey one", 日语班报了. Users also commit in two other ways
the grammar marks (issue 38, decisions_blind6, helper decide21):

* **the present progressive of an arrangement** (English): "I'm going with the Vivaro", "we're
  taking the Met Office job": the speaker's own progressive (first person subject, ``'m`` /
  ``am`` / ``'re`` / ``are`` right before the ``-ing`` verb) says a settled plan, as the
  grammars of English describe it ("I'm seeing the dentist on Monday"). The simple present is
  a habit ("I go with the lads every year"), the progressive of a verb of choosing or weighing
  a deliberation still open ("I'm choosing between …", "I'm thinking about …":
  :data:`hybridmem.conversation.choosing.EN_CHOOSING`, ``EN_CONSIDERING``), and "going to" a
  future of intention, not an arrangement: none of them commits;
* **a fronted choice** (English): "Cotham it is!", "the blue one it is": a noun phrase before a
  clause-final "it is" names what the speaker settles on (the dummy subject restates it), not
  after a wh-word, a deictic or an answer particle ("whatever it is", "here it is", "yes it
  is");
* **a result complement** (Chinese): 约好了, 说好了, 定好了: 好 / 定 / 完 after a verb says the
  act reached its end. jieba tags 约 an adverb ("about", its dictionary's reading) and 好 an
  adjective, so 约好了 read as a state reached (更好了) and named nothing. A comitative
  preposition's phrase before it (跟宝安那个房东约好了: 跟 + the partner) needs a verb to head
  it; the word before the complement is that verb unless it is an adverb of degree, scope or
  time (跟他关系更好了: 更 modifies 好, the adjective is the predicate);
* **a choice settled on by a pronoun** (Chinese): a clause of only adverbs, a demonstrative or
  third-person pronoun and 了 (就它了, 就这家了) settles on what the sentence was about: the
  topic of its first clause (爱玛那款颜色好看，续航也长，就它了: 爱玛那款).

Closed classes only (the copula's present forms, the first-person pronouns, the result
complements, the comitative prepositions, the adverbs of degree, scope and time); no constant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import takewhile

from hybridmem.conversation import choosing

_EN_SPEAKER = frozenset({"i", "we"})
_EN_TOKEN = re.compile(r"'[a-z]+|[a-z0-9]+(?:-[a-z0-9]+)*|[,.;:!?]")
_EN_BREAK = frozenset(",.;:!?")
_EN_BE = frozenset({"is", "'s"})
# What makes "… it is" no fronted choice: wh-words ("whatever it is"), deictics and answer or
# discourse particles ("here it is", "yes it is", "so it is"), pronouns and subordinators.
_EN_NOT_FRONTED = frozenset(
    {"what", "whatever", "where", "wherever", "how", "however", "who", "whoever", "which"}
    | {"whichever", "when", "why", "here", "there", "now", "then", "yes", "no", "yeah", "so"}
    | {"as", "such", "that", "this", "well", "oh", "because", "if", "though", "is", "it"}
    | {"i", "you", "he", "she", "we", "they", "and", "but", "or"}
)
_EN_PRESENT_BE = frozenset({"'m", "am", "'re", "are"})
# Result complements: the act reached its end (约好, 定好, 谈完, 说定).
_ZH_RESULT = frozenset({"好", "定", "完"})
# Comitative prepositions: what they head is the partner of a joint act, which needs a verb.
_ZH_COMITATIVE = frozenset({"跟", "和", "与", "同"})
# Adverbs of degree, scope and time: before 好 they modify the adjective (更好了, 都好了, 快好了),
# they head no act.
# A demonstrative or the third-person pronoun heading the clause's only noun phrase (它, 这家).
_ZH_REFERRING = ("它", "这", "那")
# Tags that end a topic: the predicate begins (a verb, an adjective, an adverb, a preposition).
_ZH_PREDICATE = ("v", "a", "d", "p")
_ZH_NOT_VERB = frozenset(
    {"更", "很", "太", "最", "挺", "真", "越来越", "比较", "非常", "特别", "十分", "还", "也"}
    | {"都", "就", "又", "才", "已经", "快", "早", "刚", "刚刚", "总算", "终于"}
)


def en_arranged(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is the ``-ing`` verb of the speaker's own present progressive, an
    arrangement ("i 'm going with the vivaro"); not a verb of choosing or weighing, not the
    future of "going to"."""
    word = words[i]
    if i < 2 or not word.endswith("ing") or len(word) <= 4:
        return False
    if words[i - 1] not in _EN_PRESENT_BE or words[i - 2] not in _EN_SPEAKER:
        return False
    # "i 'm thinking the vivaro" leans, "i 'm thinking about" / "choosing between" weigh.
    two = " ".join(words[i : i + 2])
    if word == "thinking" or choosing.EN_CHOOSING.match(two) or choosing.EN_CONSIDERING.match(two):
        return False
    return not (word == "going" and i + 1 < len(words) and words[i + 1] == "to")


def en_fronted(sentence: str) -> list[str]:
    """The noun phrases ``sentence`` fronts before a clause-final "it is" ("cotham it is!"):
    what the speaker settles on."""
    words = _EN_TOKEN.findall(sentence.lower())
    out = []
    for k in range(1, len(words) - 1):
        if words[k] != "it" or words[k + 1] not in _EN_BE:
            continue
        if k + 2 < len(words) and words[k + 2] not in _EN_BREAK:
            continue
        start = k
        while start and words[start - 1] not in _EN_BREAK:
            start -= 1
        phrase = words[start:k]
        if phrase and not set(phrase) & _EN_NOT_FRONTED:
            out.append(" ".join(phrase))
    return out


def zh_complemented(tags: Sequence[tuple[str, str]], at: int) -> int | None:
    """For the aspect particle 了 at ``tags[at]`` right after a result complement (约好了), the
    index of the verb the complement closes: a word the tagger calls a verb, or any word but
    an adverb of degree, scope or time after a comitative preposition's phrase. None when 了
    follows no result complement or no act."""
    if at < 2 or tags[at - 1][0] not in _ZH_RESULT:
        return None
    word, flag = tags[at - 2]
    if flag.startswith("v"):
        return at - 2
    comitative = any(w in _ZH_COMITATIVE and f == "p" for w, f in tags[: at - 2])
    if comitative and flag.startswith("d") and word not in _ZH_NOT_VERB:
        return at - 2
    return None


def zh_settled_on(clauses: Sequence[Sequence[tuple[str, str]]], c: int, at: int) -> str | None:
    """For 了 at ``clauses[c][at]`` closing a clause of adverbs and a pronoun (就它了), the topic
    of the sentence's first clause, what it settles on; None otherwise."""
    tags = clauses[c]
    if c == 0 or at < 1:
        return None
    word, flag = tags[at - 1]
    if flag != "r" or not word.startswith(_ZH_REFERRING):
        return None
    if any(not f.startswith("d") for _, f in tags[: at - 1]) or tags[at + 1 :]:
        return None
    topic = takewhile(lambda t: not t[1].startswith(_ZH_PREDICATE), clauses[0])
    return "".join(w for w, _ in topic) or None
