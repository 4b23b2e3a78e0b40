"""A relation's own value: a statement about someone of the speaker's circle is no new value of
a statement that does not mention them (issue 38, colloquial mention pollution in Chinese).

"我妈把她的号转到移动了" after "我手机号一直用的联通卡", "My brother moved his current account to
Monzo" after "I've banked with Nationwide": the pair model reads one attribute (a carrier, a
bank) and a stated change, and the writer joined the relation's change into the user's
similarity group, where the newer member took the user's value's place. The slot rules already
read such a statement as not the user's (``others.infer_shared(...).about_user`` false, the
person ``others.person_of``), but ``others.may_join`` guards slot groups only, and
``others.names_another`` (the same reading for a person named by a name) exempts a relation,
since a relation word can name the user's own thing ("我的牙医预约", "my doctor's appointment").

The condition is of whose the statement is, in either language, read with the same person
reading: its subject is a person of the speaker's circle named by kinship or as a peer (the
closed classes of ``others`` and ``zh_names`` without the service roles and pets, whose acts
change the user's own things: "房东把房租涨到了三千"), no first-person word is said besides the
one that names the relation (else the user shares the thing: "老公把我们的车险换成了人保", "My
wife switched our energy to Octopus"), and the other statement does not mention that person
(then it may be the relation's earlier value: "儿子转学了" after "我儿子在第一实验小学上学").
``value_remarks`` cannot be reused: it reads a remark whose subject names the older *value*
(a thing acting), English only; this is a *holder* the older statement does not have.
"""

from __future__ import annotations

import re

from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.slots.others import ROLE_KEY_EN
from hybridmem.evolution.slots.rules import _CJK
from hybridmem.evolution.slots.zh_names import PERSON_ZH

# The user as subject or possessor: the first-person words of both languages (closed class).
FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b|我|咱",
    re.I,
)
# The relations of ``others`` / ``zh_names`` whose acts are on the speaker's own things: the
# service roles and superiors ("my doctor moved the appointment", 房东涨了房租) and pets.
_SERVICE = re.compile(
    r"(?i:boss|manager|teacher|landlord|landlady|doctor|therapist|coach|mentor|tutor)s?"
    r"|老板|领导|上司|经理|老师|客户|房东|组长|猫|狗"
)


def of_circle(key: str) -> bool:
    """Whether a person key of ``others.person_of`` names someone of the speaker's circle by
    kinship or as a peer (wife, brother, colleague; 妈, 表姐, 同事), not by a name."""
    relation = bool(ROLE_KEY_EN.fullmatch(key) or PERSON_ZH.fullmatch(key))
    return relation and not _SERVICE.fullmatch(key)


def relations_own(text: str, other: str) -> bool:
    """Whether ``text`` gives the value of a person of the speaker's circle (:func:`of_circle`)
    whom ``other`` does not mention, with no first-person word besides the relation's
    possessor: then ``other`` says nothing of that person's value (the module docstring)."""
    if slots.about_speaker(text):
        return False
    found = others.person_of(text)
    if found is None or not of_circle(found[0]):
        return False
    key, said = found
    # ``said`` is the statement with its subject put as the speaker ("我把她的号…", "I moved
    # his…"): a first-person word after that first one is the speaker's own.
    rest = said[1:] if _CJK.search(said) else said.partition(" ")[2]
    if FIRST_PERSON.search(rest):
        return False
    return key.casefold() not in other.casefold()
