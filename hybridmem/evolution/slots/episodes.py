"""A one-off act or a learning act is no standing value: no residence, no job.

The slot attributes are standing states of the speaker: where one lives, what one does for a
living. A clause whose verb names a bounded or one-off act around the same nouns states no such
state, yet the rules read its category words and the slot model its vector, so it was filed as
a new value that replaced the real one (decide20: "booked the Porto flat" became the residence;
firstday18: 我在自学会计 became the job by the slot model; slot_blind16: "We rented a villa on Crete
for a fortnight", 我们在丽江的客栈住了三晚). Three grammatical marks, closed classes only:

- **a verb of reservation** (book, reserve; 订, 预订, 预定): what is booked is held for an
  occasion to come, not lived in or owned;
- **a stay bounded by a duration** in the simple past or the future: a verb of dwelling (live,
  stay, rent, sleep, spend) with "for" + a quantity + a unit of time ("for a fortnight", "for
  three nights", "for the weekend"); 住 / 待 / 呆 + a numeral + nights, days or weeks with no
  了 after it (住了三晚, 去住一个礼拜). The perfect and the progressive are standing states and
  are kept ("I've lived in Leeds for ten years", "we're renting here for a year", 在北京住了三年了).
  Chinese marks no tense: 住了 + a duration without the final 了 may still go on (slot_blind8's
  我在成都住了十年 is labelled the residence), so only the units a visit is counted in are read
  (a stay of months or years is left to the rules as before);
- **a learning act in progress**: 在 / 正在 right before a verb of learning as a whole word
  (学, 自学, 学习, 进修, 备考, 考, 报考): what is being learned is a subject, not the job
  (我在学校上班: 学校 is its own word; 读 / 在读, enrolment at a school, is the student's job and
  is not read; 考上, passing into a post, neither).

The clause is dropped before the rules read the statement (the clause cut of
:func:`~hybridmem.evolution.slots.asserted.clauses_kept`), so a statement saying nothing else is
settled with no slot and the slot model is not asked; another clause's value is read as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from hybridmem.evolution.slots.asserted import clauses_kept

Tagger = Callable[[str], list[tuple[str, str]]]

# -- English -----------------------------------------------------------------------------------
# A reservation said of the speaker: a subject, an auxiliary or "just" before the verb, or the
# subjectless past ("Booked a table for Friday"); not the imperative ("Book the ferry": a
# request) nor the noun ("Book club moved to …").
_RESERVED_EN = re.compile(
    r"^(?:booked|reserved)\b"
    r"|\b(?:i|we|i've|we've|i'd|we'd|i'll|we'll|have|had|just|finally|already|to)\s+"
    r"(?:book|booked|reserve|reserved)\b",
    re.I,
)
_QUANTITY_EN = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several"
    r"|\d+)"
)
_UNIT_EN = r"(?:night|day|week|fortnight|month|year|weekend)s?"
_DURATION_EN = re.compile(
    r"\bfor\s+(?:"
    + _QUANTITY_EN
    + r"\s+"
    + _UNIT_EN
    + r"|the\s+(?:night|weekend|week|holidays|summer))\b",
    re.I,
)
# A dwelling verb in the simple past, or after a future auxiliary.
_BOUNDED_STAY_EN = re.compile(
    r"\b(?:lived|stayed|rented|slept|spent)\b"
    r"|\b(?:will|'ll|going to|gonna)\s+(?:live|stay|rent|sleep|spend)\b",
    re.I,
)
# The perfect and the progressive keep a stay standing.
_STANDING_EN = re.compile(
    r"\b(?:have|has|had|'ve|'d)\s+(?:\w+\s+)?(?:lived|stayed|rented|been)\b"
    r"|\b(?:am|are|is|'m|'re|'s)\s+(?:\w+\s+)?(?:living|staying|renting)\b",
    re.I,
)

# -- Chinese -----------------------------------------------------------------------------------
_RESERVED_ZH = frozenset({"订", "预订", "预定", "订好"})
_LEARNING_ZH = frozenset({"学", "自学", "学习", "进修", "备考", "考", "报考"})
_PROGRESSIVE_ZH = frozenset({"在", "正在"})
_BOUNDED_STAY_ZH = re.compile(
    r"(?:住|待|呆)了?(?:[一二两三四五六七八九十几半\d]+|个把)个?"
    r"(?:晚上?|夜|宿|天|日|周|星期|礼拜)(?![多了])"
)


def episodes_removed(text: str, tag: Tagger) -> str:
    """``text`` without the clauses stating a booking, a bounded stay or a learning act in
    progress (module docstring)."""
    return clauses_kept(text, _kept_en, lambda clause: _kept_zh(clause, tag))


def _kept_en(clause: str) -> bool:
    if _RESERVED_EN.search(clause.strip()):
        return False
    bounded = _DURATION_EN.search(clause) and _BOUNDED_STAY_EN.search(clause)
    return not bounded or _STANDING_EN.search(clause) is not None


def _kept_zh(clause: str, tag: Tagger) -> bool:
    if _BOUNDED_STAY_ZH.search(clause):
        return False
    words = [w for w, _ in tag(clause) if w.strip()]
    if any(w in _RESERVED_ZH for w in words):
        return False
    return not any(w in _PROGRESSIVE_ZH and nxt in _LEARNING_ZH for w, nxt in pairwise(words))
