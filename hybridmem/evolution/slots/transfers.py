"""A change to a provider and a former employer state no value of a slot (issue 38).

Two shapes filed a statement under the job, the workplace or the home, so the writer grouped it
with the user's true value and retrieval answered with it (first-day traces, development data):

- **a change of provider**: "We've gone over to Virgin Media now" (as the workplace), "I've
  moved everything over to Monzo now" (as the home), "I switched to Admiral when it renewed"
  (as the job). A change verb (switch, move, go over, change; 换 / 转 / 改 + 到 / 成 / 用) takes
  the new value as its destination. When that destination is a **proper name** (English: a
  capitalised word not opening the sentence; Chinese: jieba's proper-noun tags) or the verb
  moves a **thing** of the speaker's (English: a determiner or an indefinite pronoun after the
  verb, "switched our broadband to", "moved everything over to"; Chinese: the object of 把, or a
  noun topic before a directional 换到 / 转到, 我把宽带换到…, 手机卡转到…; with 换成 the object is
  the old value itself, 我把SUV换成了小两厢), and no slot's category word stands
  anywhere, the statement changes a supplier or a service, an attribute with no slot. It is
  decided, no slot: the slot model reads the change verb as a change of job or workplace.
- **a former job or employer as the scene of another act**: "I'm suing my former company",
  "I lost my last job because…", 我被以前的公司告了, 我上一份工作是因为偷拿药品丢的 (leak10: a
  sealed memory filed as the job answered 我是做什么工作的？ first). A noun phrase that a
  past marker opens (former, previous, old, last, first, ex-; 以前的, 之前那份, 原来的, 上一家, 前,
  老, 第一份) names a job or employer that is not the current one: its category words give no
  value. Its words still count when the statement leaves it (quit / left + it; it + 不干了 /
  不去了 / 辞了 …): leaving is a change of the attribute, and the labelled data files
  "原来那家厂子不干了，去了隔壁厂" under the workplace. A past value said as a predicate
  ("I used to be an accountant", 我以前是会计) is no noun phrase and is read as before.

Closed grammatical classes only (change verbs and their particles, determiners, past markers,
classifiers, the leaving verbs) and the attribute nouns of work (job, company, employer...;
工作, 公司, 单位...), the rules' own words; no value of any example.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")

# -- a former job or employer ------------------------------------------------------------------
_WORK_NOUNS_EN = (
    r"(?:jobs?|compan(?:y|ies)|employers?|firms?|bosses|boss|workplaces?|offices?|gigs?)"
)
_FORMER_EN = re.compile(
    r"\b(?:(?:my|our|the|a|his|her|their)\s+)?"
    r"(?:former|previous|old|last|first|prior|ex-?)\s*(?:-\s*)?" + _WORK_NOUNS_EN + r"\b",
    re.I,
)
_LEAVING_EN = re.compile(r"\b(?:quit|quitting|left|leave|leaving|resigned from)\s+$", re.I)
_WORK_NOUNS_ZH = r"(?:公司|单位|东家|老板|工作|厂子|厂|岗位|活儿?)"
# A modifier, not an adverb: 以前 / 之前 / 原来 take 的 or a demonstrative (以前的公司, 原来那家
# 厂子; 以前在银行 is an adverb of a predicate); 上一份 / 第一份 are modifiers by their classifier.
# Up to two characters of the noun's own modifiers between (原来那家广告公司), never a preposition
# or a verb of the predicate (以前的在公司 does not occur; 上一份在… would be a clause).
_FILLER_ZH = r"(?:(?![在到去是给跟和做干当进回把被])[\u4e00-\u9fff]){0,2}?"
_FORMER_ZH = re.compile(
    r"(?:(?:以前|之前|原来|原先)(?:的|那[家份个]|的那[家份个])|(?:上一[家份个]|上[家份]|第一[份家个])的?)"
    + _FILLER_ZH
    + _WORK_NOUNS_ZH
    # 前 / 老 as a prefix of the noun itself (前公司, 老单位), not the end of a word (目前, 之前).
    + r"|(?:(?<![\u4e00-\u9fff])|(?<=[我被跟和与把给]))(?:前|老)"
    + _WORK_NOUNS_ZH
)
# Leaving the former one is a change of the attribute: its words stay.
_LEFT_AFTER_ZH = re.compile(
    r"^(?:也|就|早就|已经|都)?(?:不干了|不去了|不做了|辞了|辞掉了|离开了|没干了)"
)
_LEFT_BEFORE_ZH = re.compile(r"(?:辞了|辞掉了?|离开了?|离职了?)$")


def former_removed(text: str) -> str:
    """``text`` without the noun phrases naming a former job or employer that it does not
    leave (module docstring)."""
    if _CJK.search(text):
        return _drop(text, _FORMER_ZH, _left_zh)
    return _drop(text, _FORMER_EN, _left_en)


def _left_en(text: str, start: int, end: int) -> bool:
    return _LEAVING_EN.search(text[:start]) is not None


def _left_zh(text: str, start: int, end: int) -> bool:
    return (
        _LEFT_AFTER_ZH.match(text[end:]) is not None
        or _LEFT_BEFORE_ZH.search(text[:start]) is not None
    )


def _drop(text: str, pattern: re.Pattern[str], left: Callable[[str, int, int], bool]) -> str:
    out, at = [], 0
    for match in pattern.finditer(text):
        if left(text, match.start(), match.end()):
            continue
        out.append(text[at : match.start()])
        at = match.end()
    out.append(text[at:])
    return "".join(out)


# -- a change of provider ----------------------------------------------------------------------
_CHANGE_EN = r"(?:switch(?:ed|ing)?|mov(?:ed|e|ing)|chang(?:ed|e|ing)|gone|go(?:ing)?|went)"
# The verb moving a thing: a determiner or an indefinite pronoun as its object.
_THING_MOVED_EN = re.compile(
    r"\b" + _CHANGE_EN + r"\s+(?:my|our|the|all|everything|it|them|both)\b[^,;.!?]*?"
    r"\bto\s+\S",
    re.I,
)
# The destination a proper name: a capitalised word after "(over) to", not opening a sentence.
_TO_NAME_EN = re.compile(
    r"\b" + _CHANGE_EN + r"\b(?:\s+\w+){0,4}?\s+(?:over\s+)?to\s+(?:the\s+)?[A-Z0-9][\w&'-]*"
)
_CHANGE_ZH = frozenset({"换到", "转到", "换成", "转成", "改用", "改成", "转投"})
_CHANGE_HEAD_ZH = frozenset({"换", "转", "改"})
_CHANGE_TAIL_ZH = frozenset({"到", "成", "用"})
_PROPER_ZH = ("nz", "nt", "nrt", "eng")
_NOUN_ZH = ("n", "nz", "nt", "nrt", "eng", "vn", "j")


# <an activity or a thing> 用的是 <Y>: the instrument or the service used for it (我直播用的是抖音,
# 我用的是华为手机), no slot's value unless a category word said which (the rules read it first).
_USED_ZH = re.compile(r"用的(?:都|一直|还)?是")


def provider_change(text: str, tag: Tagger) -> bool:
    """Whether the statement changes a supplier or a service (module docstring); read only
    where no slot rule found a category word."""
    if not _CJK.search(text):
        return bool(_THING_MOVED_EN.search(text) or _TO_NAME_EN.search(text))
    if _USED_ZH.search(text):
        return True
    tokens = tag(text)
    for i, (word, _) in enumerate(tokens):
        joined = word in _CHANGE_ZH
        split = (
            word in _CHANGE_HEAD_ZH and i + 1 < len(tokens) and tokens[i + 1][0] in _CHANGE_TAIL_ZH
        )
        if not (joined or split):
            continue
        after = [t for t in tokens[i + (1 if joined else 2) :] if t[0] not in {"了", "过"}]
        if after and after[0][1] in _PROPER_ZH:
            return True
        # Only a directional change (…到) moves a thing to a destination; with 换成 / 改成 the
        # thing is the old value itself (我把SUV换成了小两厢: one car for another).
        directional = word.endswith("到") or (split and tokens[i + 1][0] == "到")
        if directional and _thing_changed_zh(tokens[:i]):
            return True
    return False


def _thing_changed_zh(before: list[tuple[str, str]]) -> bool:
    """A noun object of 把, or a noun topic opening the clause, before the change verb."""
    words = [w for w, _ in before]
    if "把" in words:
        rest = before[words.index("把") + 1 :]
        return any(f.startswith(_NOUN_ZH) and f != "ns" for _, f in rest)
    head = [t for t in before if not t[1].startswith(("t", "d", "x"))]
    return bool(head) and head[0][1].startswith(_NOUN_ZH) and head[0][1] != "ns"
