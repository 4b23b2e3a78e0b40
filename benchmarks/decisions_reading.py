"""The grammar reading of a choice said without a change word (issue 38, helper decide14).

The reading part of ``hybridmem/conversation/decisions.py`` as measured in commit 254866e and
reverted (docs/benchmarks.md, "A decision said without a change word as the newer value of the
deliberation"): kept here, unchanged, for :mod:`benchmarks.decisions_trace`. A deliberation is
a turn with a disjunction (:func:`weighed`); a decision the speaker's own asserted sentence in
the perfective, not negated, not conditional, weighing nothing itself (:func:`decides`); it
settles a deliberation when the two name one thing of the weighed clause (:func:`settles`).
Closed grammatical classes only, no constant.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.speech.clauses import _EN_PRETERITE, haishi_asks
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult
from hybridmem.retrieval.newer_values import one_attribute

_CJK = re.compile(r"[\u4e00-\u9fff]")
# Coordinating disjunctions and the preposition of a choice between two (closed classes).
_EN_DISJUNCTION = re.compile(r"\b(?:or|versus|vs|between|either)\b")
_ZH_DISJUNCTION = re.compile(r"或者|或是")
# Two things joined by a coordinating conjunction and asked "which" of (成都和西安去哪个).
_ZH_COORDINATION = frozenset({"和", "跟", "与"})
_ZH_IMMINENT = re.compile(r"要|快|将")
# A condition or the conditional mood: a choice supposed, not made ("if I had the room I'd
# have taken it", 如果有空我就报了). The subordinators and the modal are closed classes; the
# speech-act reader labels most such sentences a hypothetical, these catch what it reads as a
# plain statement.
_EN_CONDITIONAL = re.compile(r"\b(?:if|unless|would|'d)\b")
_ZH_CONDITIONAL = re.compile(r"如果|要是|假如|假设|万一|的话")
# Negation: the particles and the contracted auxiliaries, and "yet" (a perfect still open).
_EN_NEGATION = re.compile(r"n't\b|\b(?:not|never|no|yet)\b")
# Chinese negation: the adverbs as a word of their own, or heading a verb (没定, 未定, 没要).
_ZH_NEGATION_WORDS = frozenset({"不", "没", "没有", "未", "别"})
_ZH_NEGATION_HEAD = ("没", "未")
# A copula or auxiliary before an -ed form makes it an adjective or a passive ("I'm tired",
# "it's booked"), not the speaker's act.
_EN_COPULA = frozenset(
    {"am", "is", "are", "was", "were", "be", "been", "being", "'m", "'s", "'re"}
    | {"get", "got", "feel", "felt", "so", "very", "too", "really"}
)
# Words, a contraction's clitic as a word of its own ("i'm" -> "i", "'m").
_EN_WORD = re.compile(r"'[a-z]+|[a-z]+")
_ASIDE = (SpeechAct.QUESTION, SpeechAct.HYPOTHETICAL, SpeechAct.FILLER, SpeechAct.INSTRUCTION)


def weighed(text: str) -> list[str]:
    """The clauses of ``text`` that join alternatives (a deliberation's options); empty when
    none does."""
    out = []
    for clause in lexical.clause_pieces(text):
        if _CJK.search(clause):
            if (
                _ZH_DISJUNCTION.search(clause)
                or ("还是" in clause and haishi_asks(clause))
                or _which_of_two(clause)
            ):
                out.append(clause)
        elif _EN_DISJUNCTION.search(clause.lower()):
            out.append(clause)
    return out


def _which_of_two(clause: str) -> bool:
    tags = lexical.pos_tags(clause)
    joined = any(w in _ZH_COORDINATION and f == "c" for w, f in tags)
    return joined and any(w.startswith("哪") for w, _ in tags)


def _perfective_en(text: str) -> bool:
    words = _EN_WORD.findall(text.lower())
    for i, word in enumerate(words):
        before = words[i - 1] if i else ""
        if word in _EN_PRETERITE and before not in _EN_COPULA:
            return True
        regular = len(word) > 4 and word.endswith("ed") and not word.endswith("eed")
        if regular and before not in _EN_COPULA:
            return True
    return False


def _perfective_zh(text: str) -> bool:
    """Some clause holds the aspect particle 了 (jieba's ``ul``) with no auxiliary of the
    imminent future before it (要…了, 快…了, 将…了: "about to", not done)."""
    for clause in lexical.clause_pieces(text):
        said = ""
        for word, flag in lexical.pos_tags(clause):
            if word == "了" and flag == "ul" and said and not _ZH_IMMINENT.search(said):
                return True
            said += word
    return False


def _negated(text: str) -> bool:
    if not _CJK.search(text):
        return bool(_EN_NEGATION.search(text.lower()))
    return any(
        w in _ZH_NEGATION_WORDS or w.startswith(_ZH_NEGATION_HEAD)
        for w, _ in lexical.pos_tags(text)
    )


def decides(sentence: str, result: SpeechActResult) -> bool:
    """Whether a user's ``sentence`` can say a choice made: asserted, the speaker's own, in
    the perfective, not negated, weighing nothing itself (see the module docstring)."""
    if result.act in _ASIDE or weighed(sentence) or _negated(sentence):
        return False
    conditional = _ZH_CONDITIONAL if _CJK.search(sentence) else _EN_CONDITIONAL
    if conditional.search(sentence.lower()):
        return False
    if not slots.about_speaker(sentence) and others.person_of(sentence) is not None:
        return False
    if _CJK.search(sentence):
        return _perfective_zh(sentence)
    return _perfective_en(sentence)


def settles(sentence: str, deliberation: str) -> bool:
    """Whether ``sentence`` (a decision) names one thing with a weighed clause of
    ``deliberation``."""
    return any(one_attribute(sentence, clause) for clause in weighed(deliberation))
