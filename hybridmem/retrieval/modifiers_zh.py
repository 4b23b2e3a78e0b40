"""What a sealed Chinese memory names only to say which thing it is about, which a question doing
something with that word is not about (issue 38, helper sealzh24).

A Chinese noun phrase ends in its head; what stands before it says which one ("茶厂*仓库*那把锁的
*密码*": the code of the lock of the tea factory's storeroom). A memory stating what its head is
("…的密码是5063。") is about the head: the storeroom only singles out which lock's code. A
question using that word outside any modifier position, as the place it goes to or the thing
it acts on ("那几麻袋化肥帮我扛到*仓库*去？": carry the sacks to the storeroom), while naming
neither the head nor anything else the memory holds, is about its own act, not about the code:
multilingual-e5 put the sealed code nearest to it (benchmarks/first_day_twentyfirst.py). The
Chinese sibling of :func:`~hybridmem.retrieval.places_en.only_where` (a word the memory holds
only where its matter is).

Read by structure alone, jieba's part-of-speech tags and closed classes:

- the memory's subject is what stands before its copula 是, a noun phrase ending in its head,
  the last nominal word there;
- a word is in a modifier position when a nominal word follows it (a compound: 茶厂仓库), or
  的, or a demonstrative with its classifier (仓库*那把*锁, 仓库*那个*…): a Chinese noun before
  这/那 and a classifier is whose or where the thing is, never the thing;
- the question's modifier positions read the same way anywhere in it ("*仓库*那把密码锁是多少？"
  still names the storeroom's lock; it also names 密码, the head, and keeps its memory), and a
  shared word it holds only inside a longer word of its cut begins that compound ("我的*身份证*
  号？" of "我的身份证号码是…": jieba's 身份证号 is the number, the head 号 a morpheme of 号码).
"""

from __future__ import annotations

from functools import lru_cache

from hybridmem.lexical import pos_tags, stemmed_terms, terms
from hybridmem.retrieval.private_kinds import shares_word

# jieba's nominal tags (a common noun, a place, an organisation, another proper noun, an
# abbreviation), as in :mod:`~hybridmem.retrieval.compounds_zh`; a closed set.
_NOMINAL = frozenset(["n", "nz", "ns", "nt", "j"])
_COPULA = "是"
_DE = "的"
# The two demonstratives, and the fused demonstrative + classifier words jieba keeps whole (the
# generic classifier 个, the plural 些): closed classes. 那边 / 这里 are places, not these.
_DEMONSTRATIVES = frozenset(["那", "这"])
_FUSED = frozenset(["那个", "这个", "那些", "这些"])

Tags = tuple[tuple[str, str], ...]


def only_modifies(query: str, words: frozenset[str], memory: str) -> bool:
    """Whether every word a Chinese ``query`` shares with the sealed ``memory`` (its stemmed
    terms ``words``) is one the memory holds only as a modifier of its subject's head, while the
    question uses each outside any modifier position and names nothing else the memory holds
    (not its head, not what it says the head is). The caller asks, too, that the question name
    something the memory does not hold (its own act: 扛, 化肥)."""
    if query.isascii() or memory.isascii():
        return False
    modifiers, own = memory_modifiers(memory)
    asked = stemmed_terms(query)
    shared = asked & words
    if not shared or not shared <= modifiers or shared & own:
        return False
    if shares_word(asked - shared, own):
        return False  # it names the head or another word of the memory's own
    tags = _tags(query)
    modifying = _modifier_positions(tags)
    # Every word of the question's cut holding a shared term is itself a word the memory holds,
    # in no modifier position: held inside a longer word ("身份证号" of 身份证) the shared word
    # begins a compound, whose head is the rest.
    holding = [(k, w) for k, (w, _) in enumerate(tags) if shared.intersection(terms(w))]
    return all(k not in modifying and w in shared for k, w in holding)


@lru_cache(maxsize=1024)
def memory_modifiers(memory: str) -> tuple[frozenset[str], frozenset[str]]:
    """The terms ``memory`` holds in a modifier position of its subject (before its first 是,
    which must end in a nominal head), and all its other terms. "茶厂仓库那把锁的密码是5063。"
    -> ({"茶厂", "仓库", "锁"}, {"密码", "5063"}). No subject, no modifiers."""
    tags = _tags(memory)
    cut = next((k for k, (w, _) in enumerate(tags) if w == _COPULA), None)
    if cut is None or cut == 0 or tags[cut - 1][1] not in _NOMINAL:
        return frozenset(), frozenset(t for w, _ in tags for t in terms(w))
    positions = {k for k in _modifier_positions(tags[:cut]) if k < cut - 1}
    modifiers = {t for k in positions for t in terms(tags[k][0])}
    own = {t for k, (w, _) in enumerate(tags) if k not in positions for t in terms(w)}
    return frozenset(modifiers), frozenset(own)


@lru_cache(maxsize=1024)
def _tags(text: str) -> Tags:
    """jieba's words and tags of ``text``, cached: the question is read against every sealed
    candidate of its retrieval, a sealed memory by every question reaching it."""
    return tuple(pos_tags(text))


def _modifier_positions(tags: Tags) -> set[int]:
    """The indexes of ``tags``' content words followed by a nominal word, by 的, or by a
    demonstrative with its classifier: the positions of a noun phrase's modifiers."""
    out: set[int] = set()
    for k, (word, _) in enumerate(tags[:-1]):
        if not terms(word):
            continue
        nxt, flag = tags[k + 1]
        if flag in _NOMINAL or nxt == _DE or _demonstrative(tags, k + 1):
            out.add(k)
    return out


def _demonstrative(tags: Tags, k: int) -> bool:
    """Whether ``tags[k]`` opens a demonstrative with its classifier: 那个 / 这些 whole, or 那 / 这
    followed by a one-character word (the classifier, which jieba tags variously: 那*把*, 那*台*,
    那*只*)."""
    word = tags[k][0]
    if word in _FUSED:
        return True
    if word not in _DEMONSTRATIVES or k + 1 >= len(tags):
        return False
    nxt = tags[k + 1][0]
    return len(nxt) == 1 and nxt != _DE and nxt.isalpha()
