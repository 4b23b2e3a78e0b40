"""Whose matter a Chinese question or memory is, and which of its words only say when or how
much: the Chinese reading behind :mod:`~hybridmem.retrieval.shared_words` (issue 38).

English phrases are spaced, and a noun phrase shows what qualifies a shared word ("*library*
card number", :func:`~hybridmem.retrieval.shared_words.phrases`). A Chinese question is one run
of characters; jieba's part-of-speech tags (:func:`~hybridmem.lexical.pos_tags`) give the
structure the words alone do not:

- **The holder**: the person a clause is about, read from where the person stands - the
  clause's first nominal, or a person after "我"/"我的" ("我朋友怀孕几个月了？", "我弟的赌债",
  "朋友欠我的钱"), else the speaker. A person named in an argument ("我欠了朋友五万块钱",
  "我跟朋友借了多少钱？") is not the holder: the clause is the speaker's. The person words are
  the ones :func:`~hybridmem.retrieval.attributes.someone_named` reads (its closed class of
  relations) or a name jieba tags ``nr``; which of them holds the clause is structure.
- **The same act with its roles swapped**: "朋友欠我的钱还了吗？" and "我欠了朋友五万块钱还没
  还。" share 朋友, 欠 and 钱, and ask about the friend's debt to the speaker against the
  speaker's debt to the friend. When the two holders differ and the clauses share a verb, the
  question asks about another act (:func:`swapped`).
- **A word of the holder**: a question about someone else shares that person's word with a
  memory of the speaker that mentions them ("我朋友怀孕几个月了？" of "我欠了朋友…"): the word
  says whose matter is asked, not which one (:func:`holders_words`).
- **When, how much and where**: a time or measure word ("这个*月*房贷还了多少？" of "每个*月*只还
  最低", jieba tags ``t``, ``q`` or ``m`` without a numeral) or a localizer (``f``: "衣柜*最上层*
  的被子" of "钥匙放在衣柜最上层", "储藏间*里*的" of "档案里还有") places the question, it does
  not name its matter (:func:`incidental`). A word with a numeral ("五万", "十二万") is a value
  and stays.
- **The topic**: a question opening with a 的-phrase ("乐乐的扁桃体…") says the rest of it of
  that phrase's thing (:func:`topic`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from hybridmem.lexical import pos_tags
from hybridmem.retrieval.attributes import someone_named

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# The first person: a closed class of pronouns. The speaker is the user.
_FIRST = frozenset(["我", "我们", "咱", "咱们"])
SPEAKER = "我"
"""What :func:`holder` returns for a clause about the speaker."""
# Tags of what a clause opens with before its first nominal: time words, adverbs, particles,
# conjunctions and non-personal pronouns ("这个", "每天") - a closed set of jieba's tags.
_LEAD = ("t", "d", "c", "u", "y", "e", "o", "m", "q", "f")
# Time and measure tags: a word of these places the question in time or counts, it names no
# matter ("月" of "这个月", "次", "上个月"); a localizer (f) places it before or inside something
# ("以前", "里", "最上层"): the noun it follows names the matter, not the localizer.
_MEASURE = frozenset(["t", "tg", "q", "m", "mq", "f"])


@lru_cache(maxsize=1024)
def _tags(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's tagged words of ``text``, cached: the same memories are read question after
    question."""
    return tuple(pos_tags(text))


@lru_cache(maxsize=1024)
def _clause(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's tagged words of ``text``'s first clause (up to its first punctuation)."""
    out: list[tuple[str, str]] = []
    for word, flag in _tags(text):
        if flag == "x" and not word.strip().isalnum():
            if out:
                break
            continue
        out.append((word, flag))
    return tuple(out)


def _person(word: str, flag: str) -> str | None:
    """The person ``word`` names, by the relation words or a name tag, else None."""
    if flag == "nr":
        return word
    # The whole word, not a part: "朋友圈" is no friend, "狗粮" no dog.
    if flag.startswith("n") and someone_named(word) == word:
        return word
    return None


def holder(text: str) -> str | None:
    """Whose matter a Chinese ``text`` is: :data:`SPEAKER` ("我欠了朋友五万块钱", "我的身份证号
    是…"), a person word ("我朋友怀孕几个月了？" -> "朋友", "朋友欠我的钱…" -> "朋友", "我弟的
    赌债…" -> "弟"), or None (it opens with a thing: "身份证过期了去哪里换？", or is not
    Chinese)."""
    if not _CJK.search(text):
        return None
    tokens = _clause(text)
    for k, (word, flag) in enumerate(tokens):
        if word in _FIRST:
            # "我朋友…", "我的朋友…": the speaker's friend holds it; "我欠了…" the speaker.
            rest = tokens[k + 1 : k + 3]
            if rest and rest[0][0] == "的":
                rest = rest[1:]
            person = _person(*rest[0]) if rest else None
            return person if person is not None else SPEAKER
        if (person := _person(word, flag)) is not None:
            return person
        if flag.startswith(_LEAD) or (flag == "r" and word not in _FIRST):
            continue  # "这个月…", "昨天…", "每天…": the clause has not begun
        return None  # a thing opens it: no one holds it as its subject
    return None


def _verbs(text: str) -> set[str]:
    """The words jieba tags as verbs anywhere in ``text``."""
    return {word for word, flag in _tags(text) if flag.startswith("v") and flag != "vn"}


def swapped(query: str, memory: str, shared: Iterable[str]) -> bool:
    """Whether the question and the memory are held by different people (:func:`holder`, both
    read) and share a verb among ``shared``: the same act, of another ("朋友欠我的钱还了吗？"
    against "我欠了朋友五万块钱还没还。")."""
    asker, teller = holder(query), holder(memory)
    if asker is None or teller is None or asker == teller:
        return False
    acts = _verbs(query) & _verbs(memory)
    return any(term in acts for term in shared)


def holders_words(query: str, memory: str, shared: Iterable[str]) -> set[str]:
    """The ``shared`` terms that name the question's holder when it is someone else and the
    memory is held by another (the speaker): the memory mentions the person, it is not about
    their matter ("朋友" of "我朋友怀孕几个月了？" and "我欠了朋友五万块钱还没还。")."""
    asker = holder(query)
    if asker is None or asker == SPEAKER or holder(memory) in (None, asker):
        return set()
    return {t for t in shared if not t.isascii() and (asker in t or t in asker)}


def incidental(query: str, shared: Iterable[str]) -> set[str]:
    """The ``shared`` terms that are, in the question, inside a time or measure word holding no
    numeral ("月" of "这个月房贷还了多少？") or a localizer ("最上层", "里", "以前"): they say
    when, how much or where, not what."""
    if not _CJK.search(query):
        return set()
    measures = [
        word
        for word, flag in _tags(query)
        if flag in _MEASURE and not any(unicodedata.numeric(c, None) is not None for c in word)
    ]
    return {t for t in shared if not t.isascii() and any(t in w for w in measures)}


Postmodified = tuple[list[str], list[str], bool]
"""A head, its modifier's content words, and whether the modifier is the user's own act or the
memory's (then its words say which of the user's things, not someone else's matter)."""


def de_phrases(query: str, memory: str = "") -> list[Postmodified]:
    """The Chinese noun phrases of ``query`` joined by 的 (or a localizer and 的): each as its
    head, the run of nominals after 的 (a demonstrative and a classifier before it aside: "的
    *那场*官司"), and the content words of its modifier, the words before 的 back to the
    clause's start or the last 的 ("存折上的利息" -> (["利息"], ["存折"], False); "给我修门锁的
    师傅电话" -> (["师傅", "电话"], ["给", "修", "门锁"], False)): the Chinese form of
    :func:`~hybridmem.retrieval.shared_words.postmodifiers`, whose modifier comes first. A 的
    with no nominal after it is none ("是在哪家店买的？"). A modifier whose subject is the
    speaker ("我在吃的药", 我 and a verb, adverb or preposition after it) or holding an act the
    ``memory`` states (a verb of it there, not a modifier before its own 的: "我信用卡欠的钱" of
    "我信用卡欠了八万多") is marked as the user's own: it says which of the user's things."""
    if not _CJK.search(query):
        return []
    tokens = _tags(query)
    acts = _acts(memory) if memory else set()
    out: list[Postmodified] = []
    start = 0
    for k, (word, flag) in enumerate(tokens):
        if flag == "x" and not word.strip().isalnum():
            start = k + 1  # a clause ends at its punctuation
            continue
        if word != "的":
            continue
        before = tokens[start:k]
        head: list[str] = []
        for w, f in tokens[k + 1 :]:
            if not head and (f in ("q", "mq") or (f == "r" and w.startswith(_DEMONSTRATIVE))):
                continue  # "的那个医生", "的那场官司": the head follows
            if not _nominal(f):
                break
            head.append(w)
        start = k + 1
        if not head or not before:
            continue
        # "我在吃的药": the speaker's own act; "我信用卡欠的钱": the memory's act.
        own = (
            before[0][0] in _FIRST and len(before) > 1 and before[1][1].startswith(_SUBJECT_OF)
        ) or any(w in acts for w, f in before if f.startswith("v"))
        modifier = [w for w, f in before if f.startswith(_CONTENT) and w not in _FIRST]
        if modifier:
            out.append((head, modifier, own))
    return out


def topic(query: str, memory: str = "") -> Postmodified | None:
    """The 的-phrase a Chinese question opens with, its topic (after 我 / 我的 at most), as
    :func:`de_phrases` reads it: "乐乐的扁桃体要不要做手术？" -> (["扁桃体"], ["乐乐"], False).
    None when the question opens otherwise ("去年做的手术…", a time word first; "保险柜怎么打
    开？", no 的): what the rest of the question says is said of this phrase's thing."""
    found = de_phrases(query, memory)
    if not found:
        return None
    first = next((w for w, _ in _clause(query) if w not in _FIRST and w != "的"), None)
    return found[0] if found[0][1][0] == first else None


# The tags of a nominal (nouns, place and organization names, abbreviations, verbal nouns) and
# of the content words of a modifier; after 我, a verb, adverb or preposition makes 我 the
# subject ("我在吃…", "我欠…"), a noun makes it a possessive ("我朋友…"). Closed sets of jieba's
# tags.
_SUBJECT_OF = ("v", "d", "p")
_DEMONSTRATIVE = ("那", "这")
_CONTENT = ("n", "v", "a", "j", "s", "eng")


def _acts(memory: str) -> set[str]:
    """The verbs of ``memory`` stated as acts: tagged as verbs and not right before a 的 (jieba
    tags "存折" a verb; in "存折的密码" it modifies the code)."""
    tokens = _tags(memory)
    return {
        word
        for k, (word, flag) in enumerate(tokens)
        if flag.startswith("v")
        and flag != "vn"
        and not (k + 1 < len(tokens) and tokens[k + 1][0] == "的")
    }


def _nominal(flag: str) -> bool:
    return flag.startswith("n") or flag in ("vn", "j", "s")
