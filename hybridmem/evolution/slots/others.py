"""Values of other people: "My sister Mara lives in Dublin" then "Mara moved to Lisbon".

A statement about someone else never gets one of the user's slots (``rules.infer`` says
``about_user=False``), yet the people an agent hears about change too. This module finds
*whose* attribute such a statement gives a value of, so the writer can put it in that person's
own group (``slot:user.residence@mara``): a later change of the same person's same attribute
then overturns it, as the user's own would, and another person's value never does.

- **Who**: the person is named the same way each time by a key: their name when the statement
  gives one ("my sister Mara", "Mara took a job", 我朋友李娜, 李娜现在…), else the role the speaker
  calls them by ("my boss", 我哥). A pronoun ("he", 她) or a thing is no key: nothing links.
- **What**: the user's slot rules, applied to the statement with the person replaced by the
  speaker ("I live in Dublin", 我吃素), so no rule is written twice.

Keys are deliberately literal: "my sister" and "Mara" are two keys even when they are the
same person (nothing here says so), and two sisters both called "my sister" share one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.slots.rules import (
    _CJK,
    _LEADING_TIME_EN,
    _NAME_THEN_VERB,
    _NOT_A_NAME,
    _PERSON_ZH,
    _ROLE_ZH,
    _SELF_ZH,
    _TIME_FLAGS,
    _TWO_NAMES_EN,
    _pos,
)
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult

# People the speaker calls by their relation: a closed class, as _PERSON_ZH is for Chinese.
_ROLES_EN = (
    r"mother|mom|mum|father|dad|parents|brother|sister|sibling|son|daughter|kid|child|baby"
    r"|wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|ex|friend|bestie|boss|manager"
    r"|colleague|co-?worker|roommate|flatmate|housemate|neighbou?r|cousin|aunt|uncle|nephew"
    r"|niece|grandma|grandpa|grandmother|grandfather|granddad|grandson|granddaughter"
    r"|teacher|landlord|landlady|doctor|therapist|coach|mentor|tutor|stepmother|stepfather"
    r"|stepmom|stepdad|stepson|stepdaughter|(?:mother|father|sister|brother)-in-law"
)
# "my (little) sister (Mara)", "my girlfriend's brother Sam": the last relation in a
# possessive chain is the person; a capitalised word right after it is their name.
_POSSESSED_EN = re.compile(
    # A plural is people of that relation ("my kids go to school in Brixton").
    r"^(?i:my|our)\s+(?:[\w-]+(?:'s)?\s+){0,3}?((?i:(?:" + _ROLES_EN + r")s?))(?![\w'-])"
    r"(?:,?\s+([A-Z][a-z]+)\b)?"
)
# The verb after the subject, in the first person: "lives" -> "live", "is" -> "am".
_IRREGULAR_EN = {"is": "am", "has": "have", "does": "do", "goes": "go", "'s": "'m"}
_ADVERBS_EN = frozenset(["just", "now", "still", "also", "finally", "recently", "already"])
_PRONOUNS_EN = frozenset(["he", "she", "they", "it", "this", "that", "there", "you"])
_NAME_FLAGS = ("nr", "nrfg", "nrt")
# jieba tags unknown words as names freely ("我老板喝咖啡…": 喝咖啡/nr); a name here is one that
# starts as Chinese names do: a common surname (the hundred commonest) or 小/老/阿 (小雨, 老陈).
_NAME_START_ZH = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁"
    "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫"
    "孔向汤小老阿"
)


@dataclass(frozen=True, slots=True)
class OtherSlot:
    """A statement about someone else: the person's key, the user slot whose attribute it
    gives a value of, and which rule placed it."""

    person: str
    slot: str
    via: str

    @property
    def group_slot(self) -> str:
        """The slot name of the person's group: ``user.residence@mara``."""
        return f"{self.slot}@{self.person}"


def infer_other(text: str, slot_map: Mapping[str, Sequence[str]] | None = None) -> OtherSlot | None:
    """The person and slot of a statement about someone else, or None (about the speaker, a
    pronoun or a thing as subject, or no slot rule fits)."""
    found = person_of(text)
    return None if found is None else slot_of(found, slot_map)


def slot_of(
    found: tuple[str, str], slot_map: Mapping[str, Sequence[str]] | None = None
) -> OtherSlot | None:
    """The slot of a statement whose person :func:`person_of` found (``found``), or None."""
    person, as_speaker = found
    guess = slots.infer(as_speaker, slot_map)
    if guess.slot is None or not guess.about_user:
        return None
    return OtherSlot(person, guess.slot, guess.via)


def may_join(person: str | None, about_user: bool, group: str) -> bool:
    """Whether a statement linked to ``group`` by similarity may join it: a slot group only
    when it is its own subject's (the user's for the user, the same ``person``, the key
    :func:`person_of` gave the statement, for another)."""
    if not group.startswith("slot:"):
        return True
    _, at, owner = group.partition("@")
    if not at:
        return about_user
    return not about_user and person == owner


def names_another(text: str, other: str) -> bool:
    """Whether ``text`` gives a value of someone it names by name ("My wife Brenda volunteers at
    the Oxfam shop", "小林跳槽了") whom ``other`` does not mention: ``other`` then gives no value
    of that person's attribute, however alike the two read. A relation alone is no such name
    ("我的牙医预约在3月3号" is the speaker's appointment as much as the dentist's)."""
    if slots.about_speaker(text):
        return False
    found = person_of(text)
    if found is None:
        return False
    key = found[0]
    if _ROLE_KEY_EN.fullmatch(key) or _PERSON_ZH.fullmatch(key) or _ROLE_ZH.fullmatch(key):
        return False
    return key.casefold() not in other.casefold()


_ROLE_KEY_EN = re.compile(r"(?i:" + _ROLES_EN + r")s?")


def person_of(text: str) -> tuple[str, str] | None:
    """``(key, the statement said of the speaker)`` when its subject is another person named
    by a name or a relation; None otherwise."""
    if _CJK.search(text):
        return _person_zh(text)
    return _person_en(text)


def _person_en(text: str) -> tuple[str, str] | None:
    stripped = text.strip()
    lead = _LEADING_TIME_EN.match(stripped)
    head, body = (stripped[: lead.end()], stripped[lead.end() :]) if lead else ("", stripped)
    possessed = _POSSESSED_EN.match(body)
    if possessed:
        key = (possessed.group(2) or possessed.group(1)).lower()
        return key, head + _as_speaker_en(body[possessed.end() :])
    pair = _TWO_NAMES_EN.match(body)
    if pair:
        return pair.group(1).lower(), head + "I" + body[len(pair.group(1)) :]
    named = _NAME_THEN_VERB.match(body)
    if named and named.group(1).lower() not in _NOT_A_NAME | _PRONOUNS_EN:
        return named.group(1).lower(), head + _as_speaker_en(body[len(named.group(1)) :])
    return None


def _as_speaker_en(rest: str) -> str:
    """``rest`` (what follows the subject) with "I" as its subject: the verb of each
    coordinated predicate put in the first person ("lives in Dublin" -> "I live in Dublin";
    "left Toyota and now works at Sony" -> "... and now work at Sony")."""
    words = rest.lstrip(" ,").split(" ")
    verb_next = True
    for i, word in enumerate(words):
        low = word.lower()
        if not verb_next or low in _ADVERBS_EN or low.endswith("ly"):
            verb_next = verb_next or low in ("and", "but")
            continue
        if word == low or i == 0:  # a capitalised word after "and" is a name, not a verb
            words[i] = _IRREGULAR_EN.get(low) or _first_person(low)
        verb_next = False
    return "I " + " ".join(words)


def _first_person(verb: str) -> str:
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def _person_zh(text: str) -> tuple[str, str] | None:
    tokens = _pos(text)
    for i, (word, flag) in enumerate(tokens):
        if flag.startswith((*_TIME_FLAGS, "d", "c")) or flag == "x":
            continue  # "去年", "最近", "其实": before the subject
        if word in _SELF_ZH:
            j = i + 2 if i + 1 < len(tokens) and tokens[i + 1][0] == "的" else i + 1
            if j >= len(tokens) or not _is_relation(*tokens[j]):
                return None  # the speaker, or something of theirs
            name, end = _name_at(tokens, j + 1)
            return name or tokens[j][0], _said_of_speaker(tokens, i, end)
        name, end = _name_at(tokens, i)
        if name is None and _PERSON_ZH.fullmatch(word):
            name, end = word, i + 1  # "姐姐搬去里斯本了"
        return (name, _said_of_speaker(tokens, i, end)) if name else None
    return None


def _name_at(tokens: Sequence[tuple[str, str]], at: int) -> tuple[str | None, int]:
    """A name starting at token ``at`` (with the kinship word it may carry: 王 + 阿姨) and
    where it ends; ``(None, at)`` when there is none."""
    if at >= len(tokens):
        return None, at
    word, flag = tokens[at]
    if flag not in _NAME_FLAGS or word[0] not in _NAME_START_ZH or not 1 <= len(word) <= 3:
        return None, at
    if at + 1 < len(tokens) and _PERSON_ZH.fullmatch(tokens[at + 1][0]):
        return word + tokens[at + 1][0], at + 2
    return (word, at + 1) if len(word) > 1 else (None, at)


def _is_relation(word: str, flag: str) -> bool:
    return bool(_PERSON_ZH.fullmatch(word)) or (
        flag.startswith("n") and _ROLE_ZH.fullmatch(word) is not None
    )


def _said_of_speaker(tokens: Sequence[tuple[str, str]], start: int, end: int) -> str:
    return "".join(w for w, _ in tokens[:start]) + "我" + "".join(w for w, _ in tokens[end:])


# -- what is said of someone else: a lasting trait or something that happened ------------------
# A like or a dislike said of someone else is their taste ("my dad hates cold weather",
# 我老板特别讨厌迟到), unless the speaker's own feeling is in it ("my sister is so annoying",
# 烦死了: the classifier's emo:/vent: cues) or a time ties it to now (now:en, now:zh; its
# ``now:circumstance`` marks an unchosen circumstance, which is what a trait is about).
_FEELING_CUES = ("emo:", "vent:")
_TASTE_CUES = ("like:", "dislike:")


def held_by_other(text: str, result: SpeechActResult) -> bool:
    """Whether an utterance the classifier read as an emotion is another person's lasting taste
    (a fact about them), not a passing feeling of the speaker's."""
    if result.act is not SpeechAct.EMOTION or person_of(text) is None:
        return False
    cues = result.cues
    if any(c.startswith(_FEELING_CUES) for c in cues):
        return False
    if any(c.startswith("now:") and c != "now:circumstance" for c in cues):
        return False
    return any(c.startswith(_TASTE_CUES) for c in cues)


# English: the irregular past forms of common verbs (a closed class; regular ones end in -ed).
_PAST_EN = frozenset(
    re.findall(
        r"\w+",
        "was were went came got told said took made gave saw had left bought sold sent brought"
        " met found ran felt thought lost won broke fell wrote spoke called texted asked yelled"
        " did forgot kept paid put rang sang sat slept stood threw tried woke wore",
    )
)
# Deictic time words: what they qualify happened at one moment.
_MOMENT_EN = re.compile(
    r"\b(?:today|yesterday|tonight|this morning|this afternoon|last night|just now|earlier"
    r"|right now|at the moment)\b",
    re.I,
)
# "My colleagues and I went...": the speaker did it with them, an event of the speaker's.
_WITH_SPEAKER_EN = re.compile(r"\b(?:and|with) (?:I|me)\b")
_MOMENT_ZH = re.compile(r"今天|昨天|前天|今晚|昨晚|今早|刚才|刚刚|上次|这会儿|这次|明天")
_ASPECT_ZH = frozenset({"了", "过"})


def standing(text: str) -> bool:
    """Whether a statement about someone else says how things stand (their name, what they
    have, like or do as a rule: a fact about them) rather than what happened once ("my boss
    yelled at me", 我妈昨天来了: an event of the conversation). Only asked for statements no
    slot placed: a slot's value is a fact whenever it is said."""
    if _CJK.search(text):
        if _MOMENT_ZH.search(text) or not _by_relation_zh(text):
            return False
        return not any(word in _ASPECT_ZH for word, _ in _pos(text))
    if _MOMENT_EN.search(text) or _WITH_SPEAKER_EN.search(text):
        return False
    # A capitalised first word is a name to link a slot's values by ("Mara moved to Porto"),
    # not proof of a person: "Dance is my passion", "Family is everything". Without a slot,
    # only a relation ("my boss", "our landlord") says the subject is someone.
    lead = _LEADING_TIME_EN.match(text.strip())
    if not _POSSESSED_EN.match(text.strip()[lead.end() if lead else 0 :]):
        return False
    found = person_of(text)
    if found is None:
        return False
    words = found[1].split()
    verb = next((w.lower().strip(",.!") for w in words[1:] if w.lower() not in _ADVERBS_EN), "")
    return not (verb.endswith("ed") or verb in _PAST_EN or verb in ("will", "would", "might"))


def _by_relation_zh(text: str) -> bool:
    """Whether the subject is someone the speaker names by a relation (我妹妹, 我们房东): a
    name-like word alone is no proof of a person without a slot (谢谢 tags as a name)."""
    tokens = _pos(text)
    for i, (word, flag) in enumerate(tokens):
        if flag.startswith((*_TIME_FLAGS, "d", "c")) or flag == "x":
            continue
        if word not in _SELF_ZH:
            return False
        j = i + 2 if i + 1 < len(tokens) and tokens[i + 1][0] == "的" else i + 1
        return j < len(tokens) and _is_relation(*tokens[j])
    return False
