"""A category word outside the predicate that states its attribute gives no value (issue 38).

The structural rules (:mod:`~hybridmem.evolution.slots.rules`) read a category word wherever it
stands and take the first rule in their order. Three constructions put an attribute's word in
a statement of something else, and the writer then filed the statement in that attribute's
group and hid the true value it already held (first-day traces, development data):

- **English, a verbless fragment after a comma opened by "no"** ("I take my coffee black, no
  sugar"): an elliptical noun phrase elaborates the clause before it, here the drink's
  manner, as a with-phrase does (:mod:`~hybridmem.evolution.slots.adjuncts`). Its category
  words are dropped only when the clause before holds another attribute's word, the value the
  fragment elaborates; standing alone ("Cutting back, no sugar at all") it still states one.
- **Chinese, 我家 as the subject opening its clause, not placed** ("我家养了一缸金鱼"): 我家
  is the speaker's home as a *place* only in a locative or copular predicate (在 / 是 / 离 /
  距, with a closed class of adverbs between: "我家就在地铁站旁边"); as the subject of any other
  verb it is the household, and the statement says what the household does. The pronoun is
  kept (我), so the subject test reads it as before. As an object ("快递寄到我家，地址怎么写？")
  it is the home as a place, and stays.
- **Chinese, 搬 with an object** ("在工地搬砖", "我搬不动这个箱子"): moving home is 搬 with a
  directional complement (搬到 / 搬去...) or 搬家; 搬 followed by another noun, or by the
  potential complements 不动 / 不了, carries a thing. It is the Chinese of the English
  moved-a-thing reading in rules.py and of the disposal construction (把 + thing + 搬) in
  adjuncts.py.

Closed grammatical classes only (the negative determiner "no", the locative and copular verbs,
focus and time adverbs, the potential complements); jieba's tags decide noun and place. The
residence nouns 我家 / 家 are the rule's own words, named here because the construction is
theirs; no word of any example's value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Rule = tuple[str, str, re.Pattern[str]]
Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")
# ", no <noun phrase>" to the end of the statement or the next clause punctuation.
_NO_FRAGMENT_EN = re.compile(r",\s*no\s+[^,;.!?]+", re.I)
# 我家 placed by a locative or copular predicate, after at most two closed-class adverbs.
_ADVERBS_ZH = r"(?:就|也|还|都|现在|已经|目前|如今|一直|原来|本来|原先)"
# Only as the subject, at the start of its clause: as an object 我家 is the home as a place
# ("快递寄到我家", "来我家吃饭": a question about the address, a visit).
_UNPLACED_HOME_ZH = re.compile(
    r"(?:^|(?<=[，,。；;！!？?\s]))(?:我们|我)家(?!" + _ADVERBS_ZH + r"{0,2}(?:在|是|离|距|住|搬))"
)
_POTENTIAL = frozenset({"不动", "不了"})


def predicate_only(text: str, rules: Sequence[Rule], tag: Tagger) -> str:
    """``text`` without the category words that stand outside their own predicate."""
    if _CJK.search(text):
        return _carried_zh(_UNPLACED_HOME_ZH.sub(_pronoun, text), tag)
    return _elaborations_en(text, rules)


def _pronoun(match: re.Match[str]) -> str:
    return match.group(0)[:-1]  # 我家 -> 我, 我们家 -> 我们


def _elaborations_en(text: str, rules: Sequence[Rule]) -> str:
    fragment = _NO_FRAGMENT_EN.search(text)
    if fragment is None:
        return text
    before = text[: fragment.start()]
    inside = {slot for slot, _, p in rules if p.search(fragment.group(0))}
    outside = {slot for slot, _, p in rules if p.search(before)}
    # Only a fragment elaborating another attribute's value is left out.
    if not inside or not outside - inside:
        return text
    return before + text[fragment.end() :]


def _carried_zh(text: str, tag: Tagger) -> str:
    """搬 followed by a noun (not 家, not a place) or a potential complement, without 搬."""
    if "搬" not in text:
        return text
    tokens = tag(text)
    out: list[str] = []
    for i, (word, flag) in enumerate(tokens):
        nxt_word, nxt_flag = tokens[i + 1] if i + 1 < len(tokens) else ("", "x")
        carried = word == "搬" and (
            nxt_word in _POTENTIAL
            or (nxt_flag.startswith("n") and nxt_flag != "ns" and not nxt_word.startswith("家"))
        )
        # jieba joins 搬 with its object into one noun (搬东西/n): the same reading.
        joined = word.startswith("搬") and flag.startswith("n") and "家" not in word
        out.append(word.replace("搬", "") if carried or joined else word)
    return "".join(out)
