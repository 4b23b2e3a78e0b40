"""Whether a Chinese statement is about the speaker: its subject, read from jieba's words.

The first person (我, 我们, 咱...) is the speaker unless a person, a place or a role of theirs
follows (我妹妹, 我们街上, 我的会计师); with no first person, the first noun before the verb is
the subject unless it is a time, the object of a preposition, a fronted object (摩托卖了) or an
attribute noun of the speaker's own (公司搬到了望京). Split out of :mod:`rules`, which calls
:func:`about_speaker_zh` for every Chinese statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from hybridmem import lexical
from hybridmem.evolution.slots.livings import ASPECT_ZH as _ASPECT
from hybridmem.evolution.slots.zh_names import PERSON_ZH, ROLE_ZH, SURNAMES_ZH, names_joined

_ATTRIBUTE_NOUNS_ZH = frozenset(
    [
        "家",
        "我家",
        "房子",
        "公司",
        "单位",
        "办公室",
        "工作",
        "车",
        "新车",
        "咖啡",
        "茶",
        "饮食",
        "老家",
        "回老家",
        "糖",
        "肉",
        "新家",
        "职业",
    ]
)
_NOUN_FLAGS = ("n", "nr", "nrt", "nrfg", "nz", "ns", "s")
SELF_ZH = frozenset({"我", "我们", "咱", "咱们", "俺", "本人"})
TIME_FLAGS = ("t", "f")


def _titled(tokens: Sequence[tuple[str, str]], at: int) -> bool:
    """Whether the token after ``at`` addresses a person by a kinship word or a role (the
    surname at ``at`` and it: 王阿姨, 张经理, 高医生)."""
    if at + 1 >= len(tokens):
        return False
    word = tokens[at + 1][0]
    return PERSON_ZH.fullmatch(word) is not None or ROLE_ZH.fullmatch(word) is not None


_OTHER_PRONOUNS = frozenset(
    ["他", "她", "它", "他们", "她们", "它们", "人家", "别人", "大家", "有人"]
)


def about_speaker_zh(text: str) -> bool:
    """Whether a Chinese statement is about the speaker (the module docstring)."""
    tokens = names_joined(pos(text))
    for i, (word, _) in enumerate(tokens):
        if word in SELF_ZH:
            nxt_word, nxt_flag = _possessed_head(tokens, i + 1)
            # "我妹妹…", "我老板…", "我们街上…": someone or somewhere of the speaker's. A
            # "place" followed at once by an aspect particle is a verb jieba mis-tagged
            # ("我当上了主治医生").
            place = nxt_flag == "s" and not _followed_by_aspect(tokens, nxt_word)
            # "我的会计师…", "我的主治医生…": a possessed role noun names the person who
            # holds the role for the speaker, as "my accountant" does in English.
            role = nxt_flag.startswith("n") and ROLE_ZH.fullmatch(nxt_word) is not None
            return not (PERSON_ZH.fullmatch(nxt_word) or place or role)
    after_preposition = False
    for i, (word, flag) in enumerate(tokens):
        if word in _OTHER_PRONOUNS:
            return False
        if flag.startswith("p"):
            after_preposition = True  # "以前在银行，…": its object is no subject
            continue
        if flag.startswith((*TIME_FLAGS, "x", "d", "m", "r", "c", "u")):
            after_preposition = after_preposition and not flag.startswith("x")
            continue
        if after_preposition and flag.startswith(_NOUN_FLAGS):
            continue
        if len(word) == 2 and word[0] == word[1] and not _is_person(word, flag):
            # Reduplication ("慢慢", "天天"): adverbial, never the subject; but kinship
            # words reduplicate too ("姐姐搬去里斯本了" is the sister's move).
            continue
        if not after_preposition and word in SURNAMES_ZH and _titled(tokens, i):
            return False  # 张经理, 高医生: jieba tags the surname as anything (张/q, 高/a)
        if not flag.startswith(_NOUN_FLAGS) or flag == "ns":
            return True
        if i + 1 < len(tokens) and tokens[i + 1][0] == "的":
            continue  # "办公室的打印机": the head noun comes after 的
        if i + 1 < len(tokens) and tokens[i + 1][1] == "f":
            continue  # "毕业后…", "搬家以前…": a time clause, not the subject
        if _fronted_object(tokens, i) and not _is_person(word, flag):
            return True  # "摩托卖了", "宿舍退了": the thing is the object, the speaker acts
        # A noun subject ("会议改到周四了", "小汤上周入职了字节") unless it is the speaker's
        # own attribute ("车卖了", "公司搬到了望京").
        return word in _ATTRIBUTE_NOUNS_ZH
    return True


def _possessed_head(tokens: Sequence[tuple[str, str]], at: int) -> tuple[str, str]:
    """The head of the noun phrase a possessive opens at ``at``, past its modifiers:
    adjectives, 的 and nouns that modify a noun after them ("我最好的朋友", "我大学室友": the
    friend, the roommate; read as the speaker's own place before, 在杭州 and 在深圳 became the
    user's home). A person word is a head wherever it stands ("我女儿的老师" stops at 女儿)."""
    j = at
    while j < len(tokens):
        word, flag = tokens[j]
        nxt = tokens[j + 1] if j + 1 < len(tokens) else ("", "x")
        modifier = flag.startswith(("a", "b")) and nxt[0] == "的"
        noun_modifier = (
            flag.startswith("n")
            and not PERSON_ZH.fullmatch(word)
            and (nxt[0] == "的" or (nxt[1].startswith("n") and nxt[1] != "ns"))
        )
        if not ((word == "的" and j > at) or modifier or noun_modifier):
            break
        j += 1
    if j < len(tokens) and tokens[j][0] == "的":
        j += 1
    return tokens[j] if j < len(tokens) else ("", "x")


def _followed_by_aspect(tokens: Sequence[tuple[str, str]], word: str) -> bool:
    at = next(i for i, (w, _) in enumerate(tokens) if w == word)
    return at + 1 < len(tokens) and tokens[at + 1][0] in _ASPECT


def _fronted_object(tokens: Sequence[tuple[str, str]], at: int) -> bool:
    """Topic-comment with the patient first: noun, (negation), verb, 了/不了, clause end.

    "摩托卖了，…", "速溶不喝了", "原来的律所不去了": a transitive verb closes its clause with
    no object after it, so the sentence-initial noun is what was sold/quit, and the unsaid
    subject is the speaker. "会议改到周四了" (verb + complement) and "小汤入职了字节" (object
    after the verb) keep their noun as the subject.
    """
    rest = [(w, f) for w, f in tokens[at + 1 :]]
    j = 0
    while j < len(rest) and rest[j][1].startswith("d"):
        j += 1  # 不 / 已经 / 都
    if j >= len(rest) or not rest[j][1].startswith("v"):
        return False
    j += 1
    while j < len(rest) and rest[j][0] in {"不了", "完", "掉"}:
        j += 1
    if j >= len(rest) or rest[j][0] not in _ASPECT:
        return False
    j += 1
    while j < len(rest) and rest[j][0] == "了":
        j += 1
    return j >= len(rest) or rest[j][1] == "x"


def _is_person(word: str, flag: str) -> bool:
    return bool(PERSON_ZH.fullmatch(word)) or flag in ("nr", "nrfg") or word in _OTHER_PRONOUNS


@lru_cache(maxsize=4096)
def pos(text: str) -> list[tuple[str, str]]:
    return lexical.pos_tags(text)
