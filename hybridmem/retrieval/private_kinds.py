"""The kind of private matter a question asks for, and whether a sealed memory can be of it.

A question about a sealed memory often names none of its words: "What medication am I on?" of
"I'm on sertraline, 50mg a day", "我有什么病？" of "我有抑郁症", "Where should the parcel be
delivered to?" of a home address. What it does name is the *kind* of thing asked for: a health
matter, a home address, a code, an identity number, money. The kinds here are the few that
people seal (issue 38), each read by its category vocabulary in both languages - what the kind
is called and the words one asks for it with, never a value (no illness, drug, street or bank):
the way :mod:`hybridmem.evolution.slots.rules` reads an attribute from "live/moved/住/搬".

A memory's kind is read the same way from its own text, and a home address also from its slot
(``user.residence``: "我家住在…" names no "address"). A health matter is usually stated by its
value alone ("I have epilepsy", "我有痛风"): its kind is then unknown, and an unknown kind is
compatible with any question - the dense channel decides among those (see
:func:`~hybridmem.retrieval.sensitive.withheld`). A memory whose kind is known and differs is
not what the question asks for: a door code is no answer to "what is my home address?".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hybridmem.models import MemoryNode

RESIDENCE_SLOT = "user.residence"

# Category words per kind. English by word start (inflections: "diagnosed", "medications",
# "delivered"; a therapy also inside a compound: "radiotherapy", "physiotherapy"), Chinese by
# substring (words are not spaced). Generic question words ("what", "number", "card", "home")
# are left out: they do not say which kind is asked for.
_KINDS: dict[str, tuple[str, str]] = {
    "health": (
        r"health|medical|medic(?:ine|ation)s?|illness|ill|sick|disease|disorder|condition"
        r"|diagnos\w*|pills?|tablets?|drugs?|prescri\w*|dose|dosage|\w*therap\w*|treat\w*"
        r"|surgery|operation|chronic|symptoms?",
        r"病|药|症|诊断|治疗|健康|身体|手术|复查",
    ),
    "address": (
        r"address|deliver\w*|parcels?|packages?|couriers?|postcode|zip|post|mail\w*|ship\w*",
        r"地址|住址|快递|寄到|寄给|邮寄|收货|送货|门牌",
    ),
    "code": (
        r"pin|passwords?|passcodes?|codes?|log\s*in|login|unlock",
        r"密码|口令|验证码|解锁",
    ),
    "identity": (
        r"passports?|identity|id|national\s+insurance|ni|social\s+security|ssn",
        r"身份证|证件|护照",
    ),
    "money": (
        r"earn\w*|salary|salaries|income|wages?|owe[sd]?|owing|debts?|savings|paid|pay\s*slip",
        r"工资|收入|挣|赚|欠|债|存款|薪",
    ),
}
_PATTERNS: dict[str, re.Pattern[str]] = {
    kind: re.compile(rf"\b(?i:{en})\b|{zh}") for kind, (en, zh) in _KINDS.items()
}


def kinds_named(text: str) -> frozenset[str]:
    """The kinds of private matter ``text`` names by their category words."""
    return frozenset(kind for kind, pattern in _PATTERNS.items() if pattern.search(text))


def kind_spans(text: str) -> list[str]:
    """The kind words and phrases ``text`` names, as written in lower case ("log in",
    "password", "密码")."""
    lowered = text.lower()
    return [m.group(0) for p in _PATTERNS.values() for m in p.finditer(lowered)]


def asked_kind(query: str) -> str | None:
    """The one kind the question asks for, or None (none named, or several: "my passport
    number and PIN" is about two, and then no kind singles out one memory)."""
    named = kinds_named(query)
    return next(iter(named)) if len(named) == 1 else None


def memory_kinds(node: MemoryNode, slot: object = None) -> frozenset[str]:
    """The kinds a sealed memory is stated as (read with the key: ``node.content`` is its
    plaintext), its slot counted: empty when it names none (a diagnosis by its name alone)."""
    named = kinds_named(node.content)
    return named | {"address"} if slot == RESIDENCE_SLOT else named


def compatible(kind: str | None, node: MemoryNode, slot: object = None) -> bool:
    """Whether ``node`` may be the memory a question of ``kind`` asks for: no kind asked, or
    the memory's kind unknown or the same."""
    if kind is None:
        return True
    own = memory_kinds(node, slot)
    return not own or kind in own


def beyond_kind(query: str, asked: Iterable[str], words: Iterable[str]) -> set[str]:
    """The question's terms ``asked`` (as :mod:`hybridmem.lexical` cuts and stems them) that
    the memory's terms ``words`` do not hold and that are neither a kind's word nor next to
    one in ``query`` as part of its phrase ("*mental* health", "*therapy* session", "*慢性*病"):
    what else the question is about ("腰" in "我的腰是什么毛病？": "是什么" stands between)."""
    held = list(words)
    left = {a for a in asked if not shares_word((a,), held)}
    if not left:
        return left
    text = query.lower()
    spans = [m.span() for p in _PATTERNS.values() for m in p.finditer(text)]
    # Chinese is not spaced, so every word stands next to another: a Chinese term is part of
    # the kind's phrase only inside one term that names it (慢性 of 慢性病), not by adjacency
    # ("我老婆身体怎么样？" asks about the wife, "老婆" right before "身体").
    compounds = [t for t in asked if not t.isascii() and kinds_named(t)]
    return {
        a
        for a in left
        if not (
            any(a in t for t in compounds) if not a.isascii() else _in_or_next_to(text, a, spans)
        )
    }


def _in_or_next_to(text: str, term: str, spans: list[tuple[int, int]]) -> bool:
    """Whether ``term`` (a stem: "illnes" of "illness") occurs in ``text`` overlapping one of
    the kind words at ``spans`` or with only spaces between it and one."""
    # From a word's start: "cat" inside "medication" is no word next to the kind's.
    for m in re.finditer(rf"\b{re.escape(term)}", text):
        start = m.start()
        end = m.end()
        while end < len(text) and text[end].isalnum() and text[end].isascii():
            end += 1  # the rest of the word the stem begins
        for s, e in spans:
            if start < e and s < end:
                return True
            if (e <= start and not text[e:start].strip()) or (s >= end and not text[end:s].strip()):
                return True
    return False


def shares_word(asked: Iterable[str], words: Iterable[str]) -> bool:
    """Whether two sets of content terms share one; a Chinese term also when one holds the
    other ("腰" and "腰疼": jieba cuts a word and its compound apart)."""
    held = set(words)
    mine = set(asked)
    if mine & held:
        return True
    cjk = [w for w in held if not w.isascii()]
    return any(a in w or w in a for a in mine if not a.isascii() for w in cjk)
