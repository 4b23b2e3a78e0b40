"""What a sealed Chinese memory says did not happen, which a question about that thing is not
about (issue 38, helper sensitive25).

A memory saying a thing did not happen or cannot ("…没报警也*没走保险*", "一直*怀不上*二胎") is
not about that thing: it is about what did happen (an accident settled privately, a diagnosis
kept from a wife), and names the thing only to deny it. A question asking how that thing is
done ("电动车出了小事故怎么报*保险*？", "生*二胎*有什么补贴？") shares the word and nothing the
memory states: multilingual-e5 put both sealed memories ahead of every ordinary one
(benchmarks/sensitive_blind6.py, the zh newcomer #3, two of its three e5 Chinese near leaks).
The sibling of :func:`~hybridmem.retrieval.modifiers_zh.only_modifies` (a word the memory
holds only to say which thing) and :func:`~hybridmem.retrieval.places_en.only_where` (only to
say where).

Read by structure alone, jieba's cut and closed classes, no word of a topic:

- a negator is one of the closed class of Chinese negation adverbs (不, 没, 没有, 未, 别, and their
  fused forms jieba keeps whole: 从没, 并不, 未曾 ...), a verb or adverb jieba keeps whole with
  one of them first (不知道, 没想到), or a resultative compound with 不 / 没 inside it, the
  potential's negative (怀*不*上, 吃*不*了, 记*不*住);
- a Chinese negation scopes over what follows it in its clause, up to the next punctuation: a
  word there is said not to be (没报警也没走*保险*: both 报警 and 保险);
- the question keeps the memory when it negates too (it asks about the denial itself: "我是不是
  没走保险？"), or when a word it shares stands anywhere in the memory outside such a scope ("刘梅
  知道吗？" of "…，刘梅*不知道*。" names 刘梅, who stands before the 不), or when it asks for a
  kind of private matter (:func:`~hybridmem.retrieval.private_kinds.asked_kind`: a health
  matter, money, a code): it then asks for what the memory states, and the denied word says how
  it is kept ("我身体有啥毛病瞒着*家里*？" of "我查出了乙肝，一直没敢跟*家里*讲。",
  benchmarks/first_day_fourteenth.py, the one about-question the reading first took). The
  caller asks, as well, that the question name something the memory does not hold (its own
  matter: 补贴, 事故).
"""

from __future__ import annotations

from functools import lru_cache

from hybridmem.lexical import pos_tags, stemmed_terms
from hybridmem.retrieval.private_kinds import asked_kind

# The negation adverbs and their fused forms (closed classes). 不过 (but), 不少 (many), 没准
# (perhaps) open with a negator and negate nothing: jieba tags them otherwise (a conjunction, a
# numeral-like adjective, an adverb of likelihood), and only verbs and adverbs count.
_NEGATORS = frozenset(
    [
        "不",
        "没",
        "没有",
        "未",
        "别",
        "甭",
        "莫",
        "勿",
        "从没",
        "从没有",
        "从不",
        "从来不",
        "从来没",
        "从来没有",
        "并不",
        "并没",
        "并没有",
        "未曾",
        "不曾",
        "还没",
        "还没有",
        "也没",
        "也不",
        "都没",
        "都不",
    ]
)
_NEGATION = ("不", "没")
_NOT_NEGATING = frozenset(["不过", "不少", "不错", "不但", "不仅", "不管", "不然", "没准", "不如"])
# jieba's verb, idiom and adverb tags: a word of these classes carrying a negator negates.
_VERBAL = ("v", "l", "d", "i")

Tags = tuple[tuple[str, str], ...]


def only_negated(query: str, words: frozenset[str], memory: str) -> bool:
    """Whether every word a Chinese ``query`` shares with the sealed ``memory`` (its stemmed
    terms ``words``) stands in the memory only inside a negation's scope, while the question
    negates nothing and asks for no kind of private matter. The caller asks, too, that the
    question name something the memory does not hold."""
    if query.isascii() or memory.isascii():
        return False
    shared = stemmed_terms(query) & words
    if not shared or _negated_positions(_tags(query)) or asked_kind(query) is not None:
        return False
    tags = _tags(memory)
    negated = _negated_positions(tags)
    holding = [k for k, (w, _) in enumerate(tags) if any(s in w for s in shared)]
    if not holding:
        return False  # a term the cut does not show as a word: not read
    return all(k in negated for k in holding)


@lru_cache(maxsize=1024)
def _tags(text: str) -> Tags:
    """jieba's words and tags of ``text``, cached: a sealed memory is read by every question
    reaching it."""
    return tuple(pos_tags(text))


def _negated_positions(tags: Tags) -> frozenset[int]:
    """The indexes of ``tags`` inside a negation's scope: from a negator (:func:`_negator`) to
    the end of its clause, the negator itself in when it is a word with a negated part (怀不上,
    不知道)."""
    out: set[int] = set()
    inside = False
    for k, (word, flag) in enumerate(tags):
        if flag == "x":
            inside = False  # punctuation closes the clause
            continue
        if inside:
            out.add(k)
            continue
        if _negator(word, flag):
            inside = True
            if word not in _NEGATORS:
                out.add(k)
    return frozenset(out)


def _negator(word: str, flag: str) -> bool:
    """Whether jieba's ``word`` (tagged ``flag``) negates what follows: a negation adverb, a
    verb or adverb opening with one (不知道, 没想到), or a resultative compound with one inside
    (怀不上)."""
    if word in _NEGATORS:
        return True
    if word in _NOT_NEGATING or len(word) < 2 or not flag.startswith(_VERBAL):
        return False
    return word.startswith(_NEGATION) or any(c in _NEGATION for c in word[1:-1])
