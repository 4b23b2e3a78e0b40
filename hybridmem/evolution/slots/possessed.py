"""A clause saying a thing is another person's states no value of the speaker's.

A value of the speaker's is said with the speaker as its holder. "The house is my parents'",
"the Tesla is my brother-in-law's", "that cottage belongs to my aunt", 车是我朋友开的, 房子是我爸妈
的 say who holds a thing, and the holder is someone else. Said alone, the subject test
(``rules.about_speaker``) already reads such a statement as not the speaker's; after a first
clause of the speaker's ("Sure, though the house is my parents'", "我不是司机，车是我朋友开的") the
statement is the speaker's and the slot rules read the category word of the possessed thing
(house, 车) as the speaker's new value, which overturned the real one (slots20's
``slot_false_write``: 4 of the 12 false slots written active were denials or another's
possession). The clause is dropped before the rules read the statement; a statement that said
nothing else is settled with no slot (the slot model is not asked). By grammar only:

- **English**: a clause whose subject is a noun phrase opened by a determiner or a possessive
  (the / that / this / my / our…; not the speaker) and whose predicate, after a copula ("is",
  "was", a contracted "'s") or "belongs to", is a genitive that ends the clause: a possessive
  plus a noun in the genitive ("my parents'", "my brother-in-law's"), a name's ("Dave's"), or
  his / hers / theirs / yours; after "belongs to", a possessed noun phrase, a name or him /
  her / them. "mine" and "ours" are the speaker's and are kept.
- **Chinese**, by jieba's words: a clause whose subject (the words before 是, past
  conjunctions and adverbs) is not the speaker (我 / 我们 alone), then 是, a person
  (a kinship or role word after an optional 我 / 我们, a name, 他 / 她 / 别人 / 人家), an
  optional 家 and verb (开, 买, 租 + 了 / 过), and 的 ending the clause: 车是我朋友开的,
  那辆宝马是我姐夫的, 老家的房子是我爸妈的. 车是我的, 车是我自己买的, 房子是租的 name no other
  holder and are kept.

Closed classes only (determiners, possessives, copulas, pronouns; jieba's tags and the kinship
and role words of :mod:`zh_names` for the person), no value and no word chosen on a set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem.evolution.slots.asserted import clauses_kept
from hybridmem.evolution.slots.zh_names import PERSON_ZH, ROLE_ZH, names_joined

Tagger = Callable[[str], list[tuple[str, str]]]

_OPENERS_EN = re.compile(
    r"^(?:\s*(?:and|but|so|though|although|because|while|well|yeah|yes|sure|ok|okay|oh"
    r"|honestly|anyway|actually|no|nah)\b)*\s*",
    re.I,
)
_DETERMINER_EN = r"(?:the|that|this|these|those|my|our|your|his|her|their)"
_ADVERBS_EN = r"(?:(?:actually|really|still|just|all|only|technically|officially|now)\s+)*"
_GENITIVE_EN = (
    r"(?:" + _DETERMINER_EN + r"\s+(?:[\w-]+\s+){0,2}?[\w-]+(?:['’]s|s['’])"
    r"|[A-Z][a-z]+['’]s|his|hers|theirs|yours)"
)
_HOLDER_EN = r"(?:" + _DETERMINER_EN + r"\s+(?:[\w-]+\s+){0,2}?[\w-]+|[A-Z][a-z]+|him|her|them)"
_OTHERS_EN = re.compile(
    r"^" + _DETERMINER_EN + r"\s+(?:[\w-]+\s+){0,3}?[\w-]+"
    r"(?:(?:['’]s|\s+(?:is|was|are|were))\s+"
    + _ADVERBS_EN
    + _GENITIVE_EN
    + r"|\s+(?:belongs?|belonged)\s+to\s+"
    + _ADVERBS_EN
    + _HOLDER_EN
    + r")(?:\s+(?:now|really|though|anyway|actually))?\s*[,;:.!?]*$",
    re.I,
)

_SELF_ZH = frozenset({"我", "我们", "咱", "咱们", "俺"})
_OTHER_PRONOUNS_ZH = frozenset({"他", "她", "他们", "她们", "别人", "人家"})
_PERSON_FLAGS = frozenset({"nr", "nrfg", "nrt"})
_PARTICLES_ZH = frozenset("了啊呢吧呀啦嘛")
_ASPECT_ZH = frozenset({"了", "过"})


def others_things_removed(text: str, tag: Tagger) -> str:
    """``text`` without the clauses that say a thing is another person's (module docstring)."""
    return clauses_kept(text, lambda c: not _others_en(c), lambda c: not _others_zh(c, tag))


def _others_en(clause: str) -> bool:
    body = _OPENERS_EN.sub("", clause.strip()).strip()
    return _OTHERS_EN.match(body) is not None


def _others_zh(clause: str, tag: Tagger) -> bool:
    tokens = [t for t in names_joined(tag(clause)) if t[0].strip() and t[1] != "x"]
    i = 0
    while i < len(tokens) and tokens[i][1].startswith(("c", "d", "y")):
        i += 1
    words = [w for w, _ in tokens]
    if "是" not in words[i:]:
        return False
    at = words.index("是", i)
    subject = [t for t in tokens[i:at] if not t[1].startswith("d")]
    if not subject or all(w in _SELF_ZH for w, _ in subject):
        return False
    return _held_by_other(tokens[at + 1 :])


def _held_by_other(tokens: Sequence[tuple[str, str]]) -> bool:
    """A person other than the speaker, optional 家 and a verb, then 的 ending the clause."""
    j = 1 if tokens and tokens[0][0] in _SELF_ZH else 0
    if j >= len(tokens) or not _person(*tokens[j]):
        return False
    j += 1
    if j < len(tokens) and tokens[j][0] == "家":
        j += 1
    if j < len(tokens) and tokens[j][1].startswith("v"):
        j += 1
        while j < len(tokens) and tokens[j][0] in _ASPECT_ZH:
            j += 1
    if j >= len(tokens) or tokens[j][0] != "的":
        return False
    return all(w in _PARTICLES_ZH for w, _ in tokens[j + 1 :])


def _person(word: str, flag: str) -> bool:
    if word in _OTHER_PRONOUNS_ZH or flag in _PERSON_FLAGS:
        return True
    return PERSON_ZH.fullmatch(word) is not None or ROLE_ZH.fullmatch(word) is not None
