"""A Chinese job title is the speaker's only as the complement of the copula or the job verb.

The occupation rule reads a job by its form: a cue (是, 当, 做, 干, 成了, 成为…), up to five
characters, and a title suffix (师, 员, 家, 老板…). The five characters may hold a verb or a
preposition whose object the "title" is, so the cue's clause names no job of the speaker's:
我不是司机，只是偶尔帮老板开一下车 (是 of 只是, then 帮 + 老板: the boss is helped),
只是周末给邻居家孩子辅导作业 (给 + 邻居家: the neighbour's household). Between the cue and
the title, a preposition (jieba's ``p``) that no 的 follows makes the title its object, not the
copula's complement; so does a verb (``v*``) when the cue is no word of its own (是 inside 只是,
就是, 可是: an adverb or a conjunction, so the clause's predicate may be a verb). After a cue
that is a word, a verb is a modifier of the title (是个外卖骑手, 当设计主管: jieba tags 外卖, 设计
as verbs). With 的 after it the verb or preposition is inside a relative clause that modifies
the title (是开出租的司机) and the title stands. Closed classes only
(jieba's parts of speech, the cues of the occupation rule), no title or verb chosen on a set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

Tagger = Callable[[str], list[tuple[str, str]]]

# The cues of the occupation rule that take a title, with their optional measure words.
_CUE_ZH = re.compile(r"(成了|成为|改做|转做|当|做|干|是)(?:一名|一个|个|了)?")
_CJK = re.compile(r"[\u3400-\u9fff]")


def title_matches(pattern: re.Pattern[str], text: str, tag: Tagger) -> Iterator[re.Match[str]]:
    """The matches of the occupation ``pattern`` in ``text`` whose title is the cue's
    complement. A match whose title is a verb's object is skipped and the search goes on from
    the character after its start, so a later cue inside it (是在医院做护士: 做) is still read."""
    at = 0
    while (m := pattern.search(text, at)) is not None:
        if _complement_of_cue(text, m, tag):
            yield m
            at = max(m.end(), m.start() + 1)
        else:
            at = m.start() + 1


def _complement_of_cue(text: str, match: re.Match[str], tag: Tagger) -> bool:
    """Whether no preposition, and (when the cue is inside a longer word, 是 of 只是) no verb,
    between the match's cue and its title takes the title as its object (module docstring).
    Not a Chinese cue and title: True."""
    cue = _CUE_ZH.match(match.group(0))
    if cue is None or not _CJK.search(match.group(0)):
        return True
    cue_start, cue_end = match.start(), match.start() + len(cue.group(1))
    inner_start, end = match.start() + cue.end(), match.end()
    words, own_word, at = [], False, 0
    for word, flag in tag(text):
        start, at = at, at + len(word)
        own_word = own_word or (start == cue_start and at == cue_end)
        if start >= inner_start and at < end:
            words.append((word, flag))
    takers = ("p",) if own_word else ("p", "v")
    for k, (_, flag) in enumerate(words):
        if flag.startswith(takers) and all(w != "的" for w, _ in words[k + 1 :]):
            return False
    return True
