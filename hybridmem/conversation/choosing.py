"""Options joined by "and" under a verb of choosing: a deliberation with no disjunction.

People weigh two things as often with "and" as with "or" when a verb of choosing says what
they are doing with them: 在小米和华为之间挑, 书法和游泳选哪个, 按摩仪和金手镯选一个送她,
瑜伽跟普拉提，我在两个里面挑一个, "can't choose, the Kindle and the Kobo". The coordination
alone weighs nothing ("Priya and I went to Porto", 我和老婆去了成都); under a verb of
choosing its conjuncts are the options (decide14 and daywindow15 left these out:
docs/benchmarks.md, "a decision said without a change word").

Read from the grammar by closed classes:

* a **verb of choosing** (:data:`ZH_CHOOSING`, :data:`EN_CHOOSING`: choose, pick, decide,
  选, 挑, 纠结 …; a small closed class of meaning, not words of any topic) or of comparing
  ("comparing a used Corsa and a used Fiesta", 比 as a verb, 比较, 对比, 比来比去: weighing two
  things against each other; helper decide20) in the same
  sentence as the coordination, not in its past or perfective ("Hannah and I picked the
  sage green", 选了, 挑好了 say a choice made), or the Chinese locative 之间 ("between")
  after it;
* the **conjuncts** of a Chinese coordinator (和 / 跟 / 与, jieba's ``c``, or ``p`` when a
  verb of choosing follows: 瑜伽跟普拉提): to its right the words up to the first word that
  closes a noun phrase (a verb, an adverb, a preposition, a numeral, a locative, a personal
  pronoun, the verb of choosing), adjectives and demonstratives inside it (新秀丽, 米色那款);
  to its left the words back to the clause's start, a preposition, an adverb or a personal
  pronoun (在小米, 我想买小米: the preposition and the subject are not the option). An
  English "and" joins its conjuncts as "or" does (:mod:`hybridmem.conversation.options`).

No constant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hybridmem import lexical

# Verbs of choosing (a closed class of meaning): their stems, so 选 / 选择 / 挑选 / 挑 all count.
# 考虑 "consider" weighs as they do (在考虑小米和比亚迪; helper decide21).
ZH_CHOOSING = ("选", "挑", "纠结", "犹豫", "考虑")
# Not their past: "Hannah and I picked the sage green", 她最后选了简约那件 say a choice made.
EN_CHOOSING = re.compile(
    r"\b(?:choose|choosing|pick|picking|decide|deciding|torn|weigh|weighing|compare|comparing)\b",
    re.IGNORECASE,
)
# Verbs of considering weigh the things they join as well ("thinking about a Transit and a
# Vivaro"; not "thinking" alone: "thinking the blue one" leans; helper decide21). Alone they
# announce no weighing ("thinking about culinary school", "sick already thinking about it"):
# :func:`announces` reads the verbs of choosing only.
EN_CONSIDERING = re.compile(r"\b(?:consider|considering|thinking\s+(?:about|of))\b", re.I)
# Verbs of comparing: 比 as a verb (not the comparative preposition, jieba's ``p``: 格力比美的贵),
# 比较 (not the degree adverb before an adjective: 比较贵), 对比, and the reduplicated 比来比去 /
# 比一比. Weighing two things against each other is choosing between them.
_ZH_COMPARING = frozenset({"比", "比较", "对比"})
_ZH_REDUPLICATED = re.compile(r"^(比)(?:来\1去|一\1)$")
# A verb of choosing followed by the aspect particle or a result complement is a choice made
# (选了, 挑过, 选好了, 选定), no deliberation.
_ZH_DONE = frozenset({"了", "过", "好", "定"})
_ZH_COORDINATORS = frozenset({"和", "跟", "与"})
# The Chinese locative "between" (在A和B之间): it joins two options whatever the verb.
_ZH_BETWEEN = "之间"
_ZH_PERSONAL = frozenset(
    {"我", "你", "您", "他", "她", "它", "我们", "你们", "他们", "她们", "咱们", "咱", "自己"}
)
# Tags that end a noun phrase to the right of the coordinator: verbs (not verbal nouns),
# adverbs, prepositions, numerals, locatives, particles, punctuation.
_ZH_CLOSING = ("v", "d", "p", "m", "f", "u", "x", "c", "y", "zg")
# Tags that start the left conjunct: a preposition, an adverb, a conjunction before it.
_ZH_OPENING = ("p", "d", "c", "x")
_SENTENCE_END = re.compile(r"[.!?。！？]+")


def _chooses_zh(word: str) -> bool:
    return word.startswith(ZH_CHOOSING)


def _comparing_zh(word: str) -> bool:
    return word in _ZH_COMPARING or _ZH_REDUPLICATED.match(word) is not None


def _compares_zh(tags: Sequence[tuple[str, str]], at: int) -> bool:
    """Whether ``tags[at]`` is a verb of comparing: not the comparative preposition, not a
    degree adverb before an adjective."""
    word, flag = tags[at]
    if not _comparing_zh(word) or flag == "p":
        return False
    return not (at + 1 < len(tags) and tags[at + 1][1].startswith("a"))


def closes(word: str, flag: str) -> bool:
    """Whether ``word`` (tagged ``flag``) ends a noun phrase: a verb (not a verbal noun), an
    adverb, a preposition, a numeral, a locative, a particle, a personal pronoun, a verb of
    choosing."""
    if flag == "vn":
        return False
    return (
        flag.startswith(_ZH_CLOSING)
        or word in _ZH_PERSONAL
        or _chooses_zh(word)
        or _comparing_zh(word)
    )


def _opens(word: str, flag: str) -> bool:
    return flag.startswith(_ZH_OPENING) or word in _ZH_PERSONAL or _comparing_zh(word)


def _sentence_of(clause: str, text: str) -> str:
    """The sentence of ``text`` that holds ``clause`` (``clause`` itself when none does)."""
    return next((s for s in _SENTENCE_END.split(text) if clause in s), clause)


def zh_conjuncts(tags: Sequence[tuple[str, str]], at: int) -> tuple[str, str] | None:
    """The two noun phrases the coordinator at ``tags[at]`` joins, or None when either side
    is empty."""
    right = []
    for word, flag in tags[at + 1 :]:
        if closes(word, flag):
            break
        right.append(word)
    left: list[str] = []
    for word, flag in reversed(tags[:at]):
        if _opens(word, flag):
            break
        left.insert(0, word)
    if not left or not right:
        return None
    return "".join(left), "".join(right)


def chooses(tags: Sequence[tuple[str, str]]) -> bool:
    """Whether the tagged Chinese sentence ``tags`` holds a verb of choosing not in its past or
    perfective (纠结, 在挑; not 选了, 挑好了)."""
    return any(
        (_chooses_zh(w) or _compares_zh(tags, j)) and not _done(tags, j + 1)
        for j, (w, _) in enumerate(tags)
    )


def _done(tags: Sequence[tuple[str, str]], at: int) -> bool:
    """Whether the word at ``at``, right after a verb of choosing, makes it a choice made: the
    aspect particle or a result complement (选了, 选好), not 好 as the degree of a numeral
    after it (纠结好几天了 "torn for several days")."""
    if at >= len(tags) or tags[at][0] not in _ZH_DONE:
        return False
    return not (tags[at][0] == "好" and at + 1 < len(tags) and tags[at + 1][1] == "m")


def zh_chosen_between(clause: str, text: str) -> list[tuple[str, str]]:
    """The pairs of options ``clause`` joins by 和 / 跟 / 与 under a verb of choosing in its
    sentence of ``text`` or before 之间; empty when it weighs nothing so."""
    tags = lexical.pos_tags(clause)
    sentence = _sentence_of(clause, text)
    choosing = chooses(lexical.pos_tags(sentence))
    out = []
    for i, (word, flag) in enumerate(tags):
        if word not in _ZH_COORDINATORS or flag not in ("c", "p"):
            continue
        between = any(w == _ZH_BETWEEN for w, _ in tags[i + 1 :])
        if not (choosing or between):
            continue
        pair = zh_conjuncts(tags, i)
        if pair is not None:
            out.append(pair)
    return out


def en_chosen_between(clause: str, text: str) -> bool:
    """Whether the English ``clause`` joins things by "and" under a verb of choosing or of
    considering in its sentence of ``text``."""
    sentence = _sentence_of(clause, text)
    return bool(re.search(r"\band\b", clause, re.IGNORECASE)) and bool(
        EN_CHOOSING.search(sentence) or EN_CONSIDERING.search(sentence)
    )


def announces(text: str) -> bool:
    """Whether ``text`` holds a verb of choosing not in its past or perfective (在纠结换车的事,
    "torn about replacing the car"): a weighing announced, whose options may come in the
    speaker's next turn."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return EN_CHOOSING.search(text) is not None
    return chooses(lexical.pos_tags(text))
