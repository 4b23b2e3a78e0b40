"""A bare weekday in a memory: the next one in a plan, the last one in a report, by its clause.

"It's my birthday on Saturday" said on a Thursday names the Saturday to come; "I went climbing
with Jo on Sunday" said on a Tuesday the Sunday gone. The date readers read a bare weekday as
the latest one (a question asks about the past), which is right for a report and a week early
for a plan (day26: "my birthday on Saturday" read as the Saturday before). Only the grammar of
the clause that holds the weekday tells them apart, so :func:`ahead` reads its tense from the
clause's first finite form, closed classes only:

- English: a future or present form says a plan ("will", "'ll", "shall", "gonna", "going to",
  "am" / "is" / "are" and their contractions after a pronoun - "I'm moving on Saturday",
  "it's my birthday on Saturday" -, "have to", "have got"); a past form a report ("was",
  "were", "did", "had", a regular -ed or an irregular past, :data:`PAST_EN`). A name's "'s" is
  a possessive as often as "is" ("Dad's 60th is on Saturday"): read as neither. A clause
  opening with "got" and no subject, then a possessive ("got my theory test on Thursday"), is
  chat's "I've got" with the "I've" dropped: what one holds, on a day to come, a plan. "got"
  after a subject or before an article ("I got a parking ticket on Friday", "got a ticket on
  Friday") stays a past form.
- Chinese (jieba's words): a modal of the future (要, 会, 将, 打算, 准备, 计划, 就要, 快要)
  says a plan (周四要去拔智齿, 礼拜六我妈要来); the aspect 了 or 过 a report (周六去喝了喜酒).

A clause with neither keeps the latest weekday, as before: nothing is guessed.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.slots.others import PAST_EN

_WEEKDAY_EN = re.compile(
    r"\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?\b", re.IGNORECASE
)
_PLACED_EN = re.compile(r"\d|\b(?:last|next|this|coming|past|ago|week)\b", re.IGNORECASE)
"""What places a weekday's week in the words themselves ("last Friday", "Friday 3rd")."""
_BARE_ZH = re.compile(r"^(?:周|星期|礼拜)[一二三四五六日天]$")
_WORD_EN = re.compile(r"[a-z]+(?:['’][a-z]+)?", re.IGNORECASE)
_PLAN_EN = frozenset(
    {"will", "shall", "gonna", "am", "is", "are", "i'm", "we're", "you're", "they're"}
    | {"it's", "that's", "there's", "he's", "she's", "i'll", "we'll", "it'll", "she'll"}
    | {"he'll", "they'll"}
)
_PLAN_PAIRS_EN = frozenset({("going", "to"), ("have", "to"), ("has", "to"), ("have", "got")})
_PAST_EN = frozenset({"was", "were", "did", "didn't", "had", "wasn't", "weren't"}) | PAST_EN
_POSSESSIVE_EN = frozenset({"my", "our", "your", "his", "her", "their"})
"""The possessive determiners: "got" with no subject before one holds a thing of one's own."""
_PLAN_ZH = frozenset({"要", "会", "将", "打算", "准备", "计划", "就要", "快要", "将要"})
_PAST_ZH = frozenset({"了", "过"})
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CLAUSE = re.compile(r"[,.;!?，。；！？\n]|:\s")
"""Clause ends; a colon before a space too, as after a speaker's label ("user: got my test"),
not in a time ("10:30")."""


def bare_weekday(text: str) -> bool:
    """Whether a date reader's found ``text`` is a weekday with no "last", "next", 上 or 下:
    the one form whose week the reader guesses."""
    english = _WEEKDAY_EN.search(text) is not None and _PLACED_EN.search(text) is None
    return english or _BARE_ZH.match(text.strip()) is not None


def ahead(content: str, weekday: str) -> bool:
    """Whether the clause of ``content`` that holds ``weekday`` (the reader's found text) tells
    a plan: its first finite form is a future or present one (module docstring)."""
    at = content.find(weekday)
    if at < 0:
        return False
    starts = [m.end() for m in _CLAUSE.finditer(content, 0, at)]
    end = _CLAUSE.search(content, at + len(weekday))
    clause = content[starts[-1] if starts else 0 : end.start() if end else len(content)]
    if _CJK.search(clause):
        for word in lexical.words(clause):
            if word in _PLAN_ZH or word in _PAST_ZH:
                return word in _PLAN_ZH
        return False
    words = [w.lower().replace("’", "'") for w in _WORD_EN.findall(clause)]
    if words[:1] == ["got"] and words[1:2] and words[1] in _POSSESSIVE_EN:
        return True  # "got my theory test on Thursday": chat's "I've got", held (docstring)
    for i, word in enumerate(words):
        if (word, words[i + 1] if i + 1 < len(words) else "") in _PLAN_PAIRS_EN:
            return True
        if word in _PLAN_EN or word.endswith(("'re", "'ll")):
            return True
        if word in _PAST_EN or _regular_past(word):
            return False
    return False


def _regular_past(word: str) -> bool:
    """A regular past form ("walked", "moved"), not a word that only ends so ("need", "bed")."""
    return len(word) > 4 and word.endswith("ed") and not word.endswith("eed")
