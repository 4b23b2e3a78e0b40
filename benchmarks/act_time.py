"""A time the question names for an act to come, not for what was stored (issue 38, helper
firstday19): the reading, and where it fires.

"Shall I do us a stroganoff tonight?", "Will I get a leg of lamb for the Sunday dinner?",
周四晚上一起吃火锅？: the question names a day, and retrieval reads it as a question about that
day (:mod:`hybridmem.retrieval.days`: ``time`` weighs as much as every other feature together),
so whatever was stored today (tonight's window holds the whole of today) or nearest the past
Sunday comes first: 10 of the first-day misses of merged-s56 have ``time`` as their first's
largest part. But a day named by an offer, a plan or a question about what is on is the time of
the act, and the answer is a standing value (mushrooms, vegetarian), stored whenever.

The reading, from closed classes only: the question asks about its day only when it is about
the past. English shows the tense on its auxiliaries: a question with a present or modal
auxiliary (do, am, is, are, shall, will, 'll, can, could, should, would, may, might, must)
and no past or perfect one (did, was, were, had, have, has, 've) is not about the past. Chinese
has no tense: a question with no aspect or recall marker (了, 过, 来着, 没, 刚, a final 的 of
是…的) is not about the past. Either way, a window named by a word that is itself past
(yesterday, last, ago, before; 昨, 前, 上, 去年, 那天) or by a calendar date (a digit, a month
name, 月, 号) stays a question about that time: a date is named to recall what was said then.
When the reading says "not the past", the day counts as a time the question only mentions
(:mod:`hybridmem.retrieval.mentions`): at each memory's own relevance, lifting nothing else.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence

from hybridmem.retrieval.mentions import asks_about

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
_PAST_EN = frozenset(
    [
        "did",
        "didn't",
        "was",
        "wasn't",
        "were",
        "weren't",
        "had",
        "hadn't",
        "have",
        "haven't",
        "has",
        "hasn't",
    ]
)
_NOW_EN = frozenset(
    [
        "do",
        "does",
        "don't",
        "doesn't",
        "am",
        "is",
        "isn't",
        "are",
        "aren't",
        "shall",
        "will",
        "won't",
        "should",
        "shouldn't",
        "would",
        "wouldn't",
        "can",
        "can't",
        "cannot",
        "could",
        "couldn't",
        "may",
        "might",
        "must",
    ]
)
_CLITIC_PAST = ("'ve", "’ve")
_CLITIC_NOW = ("'m", "’m", "'re", "’re", "'ll", "’ll")
_PAST_WINDOW_EN = re.compile(
    r"\d|\b(?:yesterday|last|ago|before|earlier|previous|january|february|march|april|may|june"
    r"|july|august|september|october|november|december)\b",
    re.I,
)
_PAST_ZH = re.compile(r"了|过|来着|没|刚|的[吗？?]*$")
_PAST_WINDOW_ZH = re.compile(r"昨|前|上|去年|那天|[\d零〇一二两三四五六七八九十]+[月号號日]")


def _english_not_past(query: str) -> bool:
    tokens = _WORD.findall(query.lower())
    past = now = False
    for token in tokens:
        past = past or token in _PAST_EN or token.endswith(_CLITIC_PAST)
        now = now or token in _NOW_EN or token.endswith(_CLITIC_NOW)
    return now and not past


def not_past(query: str, window_text: str) -> bool:
    """True when ``query`` names ``window_text`` as the time of an act, not of memories."""
    if _CJK.search(query):
        return not _PAST_ZH.search(query) and not _PAST_WINDOW_ZH.search(window_text)
    return _english_not_past(query) and not _PAST_WINDOW_EN.search(window_text)


def asks_about_stored(query: str, span: str) -> bool:
    """:func:`~hybridmem.retrieval.mentions.asks_about`, and False for a time of an act."""
    return asks_about(query, span) and not not_past(query, span)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the queries of the given files (one per line) the reading fires on."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            for line in f:
                print(line.rstrip(), not_past(line, ""))


if __name__ == "__main__":
    main()
