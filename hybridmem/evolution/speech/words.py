"""Whether a Chinese question form found on characters stands on words of its own.

The cues of :mod:`~hybridmem.evolution.speech.lexicon` run on characters. The open A-not-A
form (any character doubled around 不: 冷不冷, 开不开门) then also matches across a word
boundary: 我现在不在抖音播了 holds 在不在, made of the tail of 现在 and the negated 不在, and
states a change rather than asking. An A-not-A question's first A begins a word (你在不在家:
在 | 不 | 在家); one that only ends a word (现|在) is no question form. Only this open form is
checked, on the few utterances it matched, with the segmenter the lexical index already uses;
the fixed forms (是不是, 要不要...) are read as written, since jieba cuts some of them apart
(想要 | 不要 in 我在想要不要...).
"""

from __future__ import annotations

import re

from hybridmem import lexical

_A_NOT_A = re.compile(r"([\u4e00-\u9fff])不\1")


def a_not_a_asks(text: str) -> bool:
    """Whether some open A-not-A of ``text`` starts with a word (its first A begins one)."""
    found = [m.start() for m in _A_NOT_A.finditer(text)]
    if not found:
        return False
    starts = lexical.word_starts(text)
    return any(start in starts for start in found)
