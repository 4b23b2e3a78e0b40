"""要 as the speaker's want: only beside a clause saying the state the speaker has reached.

要 is "will", "must" and "want" in one word: 我明天要上班 (will), 年检站在三桥，要带行驶证 (must),
一个铝瓶一千二，要买十个 (will buy), 嗓子冒烟了，要喝冰水 (want, now). What makes it a want of the
moment is the clause said beside it: a state just reached, in the perfective or new-state 了
(嗓子冒烟了, 加了一天班, 浑身湿透了) or in a degree complement after 得 (渴得不行, 困得睁不开眼);
a price, a place or a rule beside it (一千二, 在三桥, 不加糖) places nothing, nor does the modal
得 "must" (我得早点睡，要赶早班机: a plan). A thing's change in the 了 (房租涨了，要搬家, a plan)
still reads as a state reached: whose state it is (the speaker's throat, a rent) is a matter of
the noun, which grammar does not give (measured: ``speech_yao_world_variants``). The 要 must
be a word of its own, or glued only to 我 (not 只要 "as long as", 要是 "if", 需要, 要求: jieba's
cut, as :mod:`~hybridmem.evolution.speech.words` reads the A-not-A form).
"""

from __future__ import annotations

import re

from hybridmem import lexical

YAO = "volition:zh-yao"
# 了 as an aspect or new-state particle, not inside a word (了解, 为了, 除了, 了不起, 算了).
_REACHED_LE = re.compile(r"(?<![为除算])了(?![解不却结])")
COMPLEMENT_DE = r"(?<![我你他她们还就也总非都又只觉记懂舍值显晓认免使懒难获])得"
"""得 heading a complement: it follows the predicate whose degree or result it says (渴得,
堵得). Not the modal 得 "must", which follows its subject or an adverb (我得早点睡, 我们得搬家,
还得加班): the clause says what must be done, a plan, no state reached; nor 得 inside a word
(觉得, 记得, 值得, 懒得). The same 得 heads a caused want (:mod:`.volition`, 堵得我想骂人)."""
# A degree complement: that 得 with at least two characters after it (渴得不行, 困得睁不开眼),
# not a potential complement of one (坐得下, 吃得了, 买得起) nor 得 heading its clause.
_DEGREE_DE = re.compile(r"(?<=[\u4e00-\u9fff])" + COMPLEMENT_DE + r"[\u4e00-\u9fff]{2,}")
# 要 alone, or after 我, which jieba glues to it (我要 | 喝): not 只要, 还要, 需要, 要是…
_OWN = frozenset({"要", "我要"})


def own_word(text: str, positions: list[int]) -> bool:
    """Whether the 要 at some index of ``positions`` is a word of its own in jieba's cut of
    ``text`` (or glued only to 我)."""
    start, at = 0, set(positions)
    for word in lexical.words(text):
        end = start + len(word)
        if word in _OWN and end - 1 in at:
            return True
        start = end
    return False


def state_reached(clause: str) -> bool:
    """Whether ``clause`` (one clause beside the 要) says a state the speaker has reached."""
    return bool(_REACHED_LE.search(clause) or _DEGREE_DE.search(clause))
