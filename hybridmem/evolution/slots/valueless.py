"""A clause that names an attribute's change or compares with it, but says no value of it.

The slot rules read an attribute's category words anywhere in a statement, so two kinds of
clause were filed as a new value although they say none, and, said last, stood as the current
value over the real one (issue 38, probing blind2 y12: 搬完了！ became the residence over
决定搬家了，在宝安找了个一室户, and the rent line 三千二，比合租贵一千多 was filed as a residence):

- **a completion with nothing after it**: the change verb with a phase complement (完, 好,
  下来; "done / finished" + the change) and no object, no place, no value: 搬完了, 都搬好了,
  总算安顿下来了, "done moving", "finished the move on Saturday", "we're all moved in". It
  says that a change already told is over; the value is the one told before. A verb that
  takes its place or thing (搬到南山了, 在龙华住下来了, "done moving to Leeds") says one and is
  kept, and so is a change said bare ("我搬家了", "I've moved"): it asserts the change itself,
  which is what tells the old value is over;
- **the standard of a comparison**: what a price or a property is measured against (比合租贵,
  "way more than the shared house") is not asserted of the speaker; the clause around it
  states a price or a property. Only the standard is left out (比 + the words before the
  compared property; "than" to the end of its clause): "I live closer to work than my old
  flat" still names its verb.

By grammar only (jieba's tags, the clause's verb, its complement and what follows it; closed
classes: the phase complements, the comparison markers), no values.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")
_CLAUSE_EN = re.compile(r"([,;:.!?]+)")
_CLAUSE_ZH = re.compile(r"([，,；;。！!？?]+)")
# The phase complements that mark a change as completed (搬完, 搬好, 安顿下来).
_PHASE_ZH = ("完", "好", "下来")
# Words a completion clause may hold beside its verb: the speaker, adverbs, aspect and modal
# particles (了, 啦), and a topic that is the thing handled, not a place (家具都搬好了).
_SPEAKER_ZH = frozenset({"我", "我们", "咱们", "俺"})
# The object of a separable verb (搬家 said as 搬好家 / 搬完家): the verb's own noun, no value.
_SEPARABLE_OBJECT_ZH = frozenset({"家"})
# English: "done / finished / through (with)" + a gerund or a noun phrase of the change, then
# at most a time adverbial; or "(all) moved in" ending its clause.
_TIME_TAIL_EN = (
    r"(?:\s+(?:on|at|over|during|last|this|yesterday|today|tonight|earlier|finally|now)\b.*)?"
)
_COMPLETION_EN = re.compile(
    r"^(?:(?:i'm|i am|we're|we are|i've|we've|i|we|just|finally|all|at last|now|officially"
    r"|so|well|phew|yay)\s+)*"
    r"(?:(?:done|finished|through)(?:\s+with)?\s+(?:[a-z]+ing|(?:the|my|our)(?:\s+[a-z]+){1,2})"
    r"|(?:all\s+)?moved\s+in)" + _TIME_TAIL_EN + r"$",
    re.I,
)
_THAN_EN = re.compile(r"\bthan\b[^,;:.!?]*", re.I)


def valueless_removed(text: str, tag: Tagger, names: Callable[[str], object]) -> str:
    """``text`` without completions and comparison standards (module docstring) that hold a
    category word (``names``: truthy when a part names an attribute); a part naming none is
    left as it is, so that what the slot rules and the slot model read is unchanged."""
    if _CJK.search(text):
        parts = _CLAUSE_ZH.split(text)
        kept = [p for p in parts if not (names(p) and _completion_zh(p, tag))]
        return "".join(_standard_dropped_zh(p, tag, names) for p in kept)
    text = _THAN_EN.sub(lambda m: "" if names(m.group(0)) else m.group(0), text)
    return "".join(
        p for p in _CLAUSE_EN.split(text) if not (names(p) and _COMPLETION_EN.match(p.strip()))
    )


def _completion_zh(clause: str, tag: Tagger) -> bool:
    """A verb with a phase complement ends the clause (then only 了 / particles), and nothing
    before it but the speaker, adverbs or a topic noun with no preposition: 搬完了,
    家具都搬好了, 总算安顿下来了; not 我在龙华住下来了 (a place), 搬到南山了."""
    if not any(p in clause for p in _PHASE_ZH):
        return False
    tokens = [(w, f) for w, f in tag(clause) if w.strip() and f != "x"]
    while tokens and (tokens[-1][1].startswith(("u", "y")) or tokens[-1][0] in "了啦"):
        tokens.pop()
    if tokens and tokens[-1][0] in _SEPARABLE_OBJECT_ZH and len(tokens) > 1:
        tokens.pop()
    if not tokens:
        return False
    last, flag = tokens[-1]
    if last in _PHASE_ZH:
        # 搬 好: the complement as a word of its own, after the verb.
        if len(tokens) < 2 or not tokens[-2][1].startswith("v"):
            return False
        before = tokens[:-2]
    elif flag.startswith(("v", "i")) and last.endswith(_PHASE_ZH) and len(last) > len("完"):
        before = tokens[:-1]
    else:
        return False
    return all(_beside_completion(w, f) for w, f in before)


def _beside_completion(word: str, flag: str) -> bool:
    """The speaker, an adverb, or a plain noun topic (no place, no preposition, no number)."""
    return word in _SPEAKER_ZH or flag.startswith("d") or flag == "n"


def _standard_dropped_zh(clause: str, tag: Tagger, names: Callable[[str], object]) -> str:
    """比 and the words after it up to the compared property (an adjective, a verb or an
    adverb), when that standard names an attribute (比合租贵 -> 贵)."""
    if "比" not in clause:
        return clause
    out: list[str] = []
    standard: list[str] | None = None
    for word, flag in tag(clause):
        if standard is None and word == "比" and flag == "p":
            standard = [word]
            continue
        if standard is not None and not flag.startswith(("a", "v", "d")):
            standard.append(word)
            continue
        if standard is not None:
            out.extend([] if names("".join(standard)) else standard)
            standard = None
        out.append(word)
    if standard is not None:
        out.extend([] if names("".join(standard)) else standard)
    return "".join(out)
