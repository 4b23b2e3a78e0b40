"""Whether a Chinese cue found on characters stands on words of its own.

The cues of :mod:`~hybridmem.evolution.speech.lexicon` run on characters. A fixed string then
also matches across a word boundary: 暑假定了青岛 ("the summer holiday: settled on Qingdao")
holds 假定 "suppose", made of the tail of 暑假 and the verb 定. A cue's match that begins
inside a word of jieba's cut and runs out of it (the crossing brackets of a parse, on the
match's first edge) is no cue: the characters it begins with belong to another word. A match
inside one word (累 in 劳累) or beginning with a word (等我…就) stands; so does one whose end
runs into a word, as a verb's does into its object (在不在家: 在 | 不 | 在家). The words are
those of jieba's dictionary (its cut without the HMM): the HMM joins characters the dictionary
cannot place (帮|我订) into words of its own guessing, whose edges are no evidence against a
cue. Only the matches of utterances holding Chinese are checked, and the text is cut only when
a match beginning with two Chinese characters could cross.

The open A-not-A form (any character doubled around 不: 冷不冷, 开不开门) is held to more: its
first A begins a word (你在不在家: 在 | 不 | 在家); 我现在不在抖音播了 holds 在不在, made of the
tail of 现在 and the negated 不在, and states a change rather than asking.

An order said by its verb (订一张, 给我买, 取消会员) is no order when the perfective 了 follows
the verb: 订了海豹, 老公给我买了一束花, 请了个阿姨 narrate an act done. A clause closing on 吧
keeps the order (订了吧 "go ahead and book it").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hybridmem import lexical

_A_NOT_A = re.compile(r"([\u4e00-\u9fff])不\1")
_CJK = re.compile(r"[\u3400-\u9fff]")
# jieba's tags of function words: adverbs, particles, prepositions, conjunctions.
_FUNCTION_TAGS = ("d", "u", "p", "c")
# The perfective 了, a word of its own after the verb. Not the experiential 过, which the
# tagger cannot tell from the head of a noun after a verb (选过道: 选 | 过 | 道, "the aisle").
_PARTICLES = frozenset("了")
# 吧 closing a clause: a suggestion (订了吧), still an order.
_CLOSING_BA = re.compile(r"[^,.;!?:]*?吧(?:[,.;!?:]|$)")


def a_not_a_asks(text: str) -> bool:
    """Whether some open A-not-A of ``text`` starts with a word (its first A begins one)."""
    found = [m.start() for m in _A_NOT_A.finditer(text)]
    if not found:
        return False
    starts = lexical.word_starts(text)
    return any(start in starts for start in found)


def cue_found(pattern: re.Pattern[str], text: str, *, order: bool = False) -> bool:
    """Whether ``pattern`` matches ``text`` somewhere its Chinese characters stand on words
    of their own (``order``: and, for an order cue, no perfective 了 follows its verb)."""
    for match in _matches(pattern, text):
        if not _crosses(text, match.start(), match.end()) and not (
            order and _done(text, match.end())
        ):
            return True
    return False


def _matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """Every match of ``pattern``, one per start (a crossing match may hide an overlapping
    one that stands: each later start is searched again)."""
    position = 0
    while position <= len(text):
        match = pattern.search(text, position)
        if match is None:
            return
        yield match
        position = match.start() + 1


def _crosses(text: str, start: int, end: int) -> bool:
    """Whether the match ``text[start:end]``, a word of jieba's dictionary (a cue read as a
    word: 假定, not a particle with its context: 铁还是, 心死了), begins inside a word of the
    dictionary cut of ``text`` and runs out of it, the part it reads of that word no function
    word (从来不|吃 reads the adverb 不, which the cut glues to either side: 不吃 stands)."""
    if end - start < 2 or not lexical.in_dictionary(text[start:end]):
        return False
    bounds = lexical.dictionary_bounds(text)
    if start in bounds:
        return False
    edge = min(b for b in bounds if b > start)
    if edge >= end:
        return False
    tag = lexical.dictionary_tag(text[start:edge]) or ""
    return not tag.startswith(_FUNCTION_TAGS)


def _done(text: str, end: int) -> bool:
    """Whether the perfective particle, a word of its own in the dictionary cut (not 了解),
    follows the verb ending at ``end`` and no 吧 closes its clause."""
    if not (0 < end < len(text)) or text[end] not in _PARTICLES:
        return False
    if _CJK.match(text[end - 1]) is None or _CLOSING_BA.match(text, end) is not None:
        return False
    bounds = lexical.dictionary_bounds(text)
    return end in bounds and end + 1 in bounds
