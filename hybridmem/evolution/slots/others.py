"""Values of other people: "My sister Mara lives in Dublin" then "Mara moved to Lisbon".

A statement about someone else never gets one of the user's slots (``rules.infer`` says
``about_user=False``), yet the people an agent hears about change too. This module finds
*whose* attribute such a statement gives a value of, so the writer can put it in that person's
own group (``slot:user.residence@mara``): a later change of the same person's same attribute
then overturns it, as the user's own would, and another person's value never does.

- **Who**: the person is named the same way each time by a key: their name when the statement
  gives one ("my sister Mara", "Mara took a job", 我朋友李娜, 李娜现在…), else the role the speaker
  calls them by ("my boss", 我哥). A pronoun ("he", 她) or a thing is no key: nothing links.
  A Chinese name is one key however jieba cut it (我室友小周 and 小周 both say 小周; 小 + 李,
  王 + 总 are joined), with the title it carries (王老师, 张经理); when a relation comes with the
  name ("my sister Mara", 我同事小李) :func:`relation_of` gives it, so the fact says both. A
  capitalised word opening an English sentence is a name only when the sentence is built as a
  name's would be (:func:`_reads_as_name`): every sentence opens with a capital.
- **What**: the user's slot rules, applied to the statement with the person replaced by the
  speaker ("I live in Dublin", 我吃素), so no rule is written twice. What a person's possessive
  owns ("my sister's birthday is on March 3", 我妹妹的生日是三月三号) is said of the speaker as
  "My birthday is..." / 我的生日是...; an attribute no user slot names is then its own slot,
  ``attr.birthday`` / ``attr.生日``, in that person's group.

Keys are deliberately literal: "my sister" and "Mara" are two keys even when they are the
same person (nothing here says so), and two sisters both called "my sister" share one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.slots.rules import (
    _CJK,
    _LEADING_TIME_EN,
    _NAME_THEN_VERB,
    _NOT_A_NAME,
    _TWO_NAMES_EN,
)
from hybridmem.evolution.slots.subject_zh import SELF_ZH as _SELF_ZH
from hybridmem.evolution.slots.subject_zh import TIME_FLAGS as _TIME_FLAGS
from hybridmem.evolution.slots.subject_zh import pos as _pos
from hybridmem.evolution.slots.zh_names import (
    NAME_PREFIXES_ZH,
    NAME_START_ZH,
    PERSON_ZH,
    ROLE_ZH,
    SURNAMES_ZH,
    names_joined,
)
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult

# People the speaker calls by their relation: a closed class, as PERSON_ZH is for Chinese.
ROLES_EN = (
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
    r"^(?i:my|our)\s+(?:[\w-]+(?:'s)?\s+){0,3}?((?i:(?:" + ROLES_EN + r")s?))(?![\w'-])"
    r"(?:,?\s+([A-Z][a-z]+)\b)?"
)
# "my sister's birthday", "my friend Lena's favourite band", "my sister's boyfriend's car": a
# relation (with the name it may carry) whose 's owns something that is no relation itself (a
# relation there is the person: "my brother's girlfriend works...", _POSSESSED_EN's chain).
_ATTRIBUTE_OF_EN = re.compile(
    r"^(?i:my|our)\s+(?:[\w-]+(?:'s)?\s+){0,3}?((?i:(?:" + ROLES_EN + r")s?))"
    r"(?:,?\s+([A-Z][a-z]+))?'s\s+(?!(?:[\w-]+\s+){0,2}?(?i:(?:"
    + ROLES_EN
    + r")s?)(?:'s)?(?![\w-]))"
)
# What is said of the speaker once the possessor is taken out: "My <attribute> is <value>".
# Only the present copula states the attribute's value as it stands ("my cousin's wedding was
# amazing" is how something went), and a singular noun is a single value.
_OWN_ATTRIBUTE_EN = re.compile(r"^(?i:my) ((?:[a-z-]+ ){0,2}?[a-z-]+) is (?=\S)")
# Recency says which value, not which attribute: "my boss's new name" is his name.
_RECENCY_EN = frozenset(["new", "current", "latest", "present", "actual"])
# The verb after the subject, in the first person: "lives" -> "live", "is" -> "am".
_IRREGULAR_EN = {
    **{"is": "am", "has": "have", "does": "do", "goes": "go", "'s": "'m"},
    **{"are": "am", "were": "was", "'re": "'m"},
}
ADVERBS_EN = frozenset(["just", "now", "still", "also", "finally", "recently", "already"])
# Pronouns only a person is referred back to by (a thing is "it").
PERSONAL_EN = frozenset(["he", "she", "him", "her", "his", "hers", "himself", "herself"])
# Pronouns, personal and interrogative ("What is his job?" asks; it names no one).
_PRONOUNS_EN = frozenset(
    [
        *("he", "she", "they", "it", "this", "that", "there", "you"),
        *("what", "who", "whom", "whose", "which", "where", "when", "why", "how"),
    ]
)
_NAME_FLAGS = ("nr", "nrfg", "nrt")


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
    if guess.slot is not None and guess.about_user:
        return OtherSlot(person, guess.slot, guess.via)
    # "My sister's birthday is on March 3": an attribute no user slot names is still single
    # valued when it is possessed and stated with the copula; it is its own slot, so "her
    # birthday is actually on March 5" overturns it.
    attribute = _possessed_attribute(as_speaker)
    return None if attribute is None else OtherSlot(person, f"attr.{attribute}", "possessed")


def _possessed_attribute(as_speaker: str) -> str | None:
    """The attribute "My <attribute> is <value>" / 我的<attribute>是<value> states, its words
    joined by ``_`` (``birthday``, ``favourite_band``, ``生日``); None for anything else, and
    when a time word ties the value to a moment ("is tomorrow", 今天)."""
    if _CJK.search(as_speaker):
        if _MOMENT_ZH.search(as_speaker):
            return None
        tokens = _pos(as_speaker)
        if [w for w, _ in tokens[:2]] != ["我", "的"]:
            return None
        end = 2
        while end < len(tokens) and tokens[end][1].startswith(("n", "t")):
            end += 1
        noun = tokens[2:end]
        while end < len(tokens) and tokens[end][1].startswith("d"):
            end += 1  # 其实, 还, 就: "我的生日其实是三月五号"
        if end + 1 >= len(tokens) or tokens[end][0] != "是" or not 1 <= len(noun) <= 2:
            return None
        if any(_is_relation(w, f) for w, f in noun):
            return None
        return "".join(w for w, _ in noun)
    if _MOMENT_EN.search(as_speaker):
        return None
    own = _OWN_ATTRIBUTE_EN.match(_LEADING_TIME_EN.sub("", as_speaker.strip()))
    if own is None:
        return None
    words = own.group(1).split()
    while len(words) > 1 and words[0] in _RECENCY_EN:
        words = words[1:]
    if re.fullmatch(r"(?:" + ROLES_EN + r")s?", words[-1]):
        return None
    return "_".join(words)


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
    if ROLE_KEY_EN.fullmatch(key) or PERSON_ZH.fullmatch(key) or ROLE_ZH.fullmatch(key):
        return False
    return key.casefold() not in other.casefold()


ROLE_KEY_EN = re.compile(r"(?i:" + ROLES_EN + r")s?")


def person_of(text: str) -> tuple[str, str] | None:
    """``(key, the statement said of the speaker)`` when its subject is another person named
    by a name or a relation, or several with the first named ("my parents", "my sister and
    her husband": the sister's key); None otherwise, and when the speaker is among the
    subjects ("my wife and I": :func:`shared_with_speaker`)."""
    found = _subject(text)
    return None if found is None or found.with_speaker else (found.key, found.said)


def relation_of(text: str) -> str | None:
    """The relation the speaker names the subject by when a name comes with it ("my sister
    Mara" -> ``sister``, 我同事小李 -> ``同事``), so a fact keyed by the name says both; None
    when the statement gives only one of them."""
    found = _subject(text)
    return None if found is None or found.with_speaker else found.relation


def shared_with_speaker(text: str) -> str | None:
    """The statement said of the speaker alone when the speaker is one of a conjoined subject
    ("My sister and I both work at the Nissan plant" -> "I work at the Nissan plant",
    "Me and my dad are both vegetarian", 我姐跟我都在富士康上班): the value is the user's own
    as much as the others'. None otherwise."""
    found = _subject(text)
    return found.said if found is not None and found.with_speaker else None


def infer_shared(text: str, slot_map: Mapping[str, Sequence[str]] | None = None) -> slots.SlotGuess:
    """The slot rules' reading (:func:`~hybridmem.evolution.slots.rules.infer`), with a subject
    that joins the speaker with others read as the speaker alone (:func:`shared_with_speaker`):
    "My sister and I both work at the Nissan plant" is the user's workplace, where the rules
    alone read a third-party subject and the sister's key filed it as her workplace."""
    return slots.infer(shared_with_speaker(text) or text, slot_map)


def holders_of(text: str) -> tuple[str, ...]:
    """The keys of the people other than the speaker whose value the statement gives, in the
    order named ("My husband and kids are vegetarian" -> ``husband``, ``kids``; "my wife and
    I" -> ``wife``; 我爷爷奶奶都… -> 爷爷, 奶奶); empty when it names no one as its subject."""
    found = _subject(text)
    return () if found is None else (found.key, *found.also)


def _subject(text: str) -> _Reading | None:
    return _person_zh(text) if _CJK.search(text) else _person_en(text)


class _Reading(NamedTuple):
    key: str
    said: str
    """The statement said of the speaker ("I live in Dublin")."""
    relation: str | None
    """The relation when a name comes with it."""
    also: tuple[str, ...] = ()
    """The keys of the others the subject conjoins with the first ("my sister and her
    husband", 我爷爷奶奶: ``husband``, ``奶奶``)."""
    with_speaker: bool = False
    """The speaker is among the subjects ("my wife and I", 我和我姐都…)."""


def _person_en(text: str) -> _Reading | None:
    stripped = text.strip()
    lead = _LEADING_TIME_EN.match(stripped)
    head, body = (stripped[: lead.end()], stripped[lead.end() :]) if lead else ("", stripped)
    owner = _ATTRIBUTE_OF_EN.match(body)
    if owner:
        # "my sister's birthday is...": said of the speaker, "My birthday is..."
        key, relation = _keyed(owner)
        return _Reading(key, head + ("my " if head else "My ") + body[owner.end() :], relation)
    speaker_first = _SPEAKER_AND_EN.match(body)
    if speaker_first:
        # "Me and my dad are both vegetarian": the speaker with someone.
        possessed = _POSSESSED_EN.match(body[speaker_first.end() :])
        if possessed is None:
            return None
        key, relation = _keyed(possessed)
        also, end, _ = _conjoined_en(body, speaker_first.end() + possessed.end())
        said = head + _as_speaker_en(body[end:], plural=True)
        return _Reading(key, said, relation, also, with_speaker=True)
    possessed = _POSSESSED_EN.match(body)
    if possessed:
        key, relation = _keyed(possessed)
        also, end, speaker = _conjoined_en(body, possessed.end())
        plural = bool(also) or speaker or _plural_en(key)
        said = head + _as_speaker_en(body[end:], plural=plural)
        return _Reading(key, said, relation, also, speaker)
    pair = _TWO_NAMES_EN.match(body)
    if pair:
        return _Reading(pair.group(1).lower(), head + "I" + body[len(pair.group(1)) :], None)
    named = _NAME_THEN_VERB.match(body)
    if named and named.group(1).lower() not in _NOT_A_NAME | _PRONOUNS_EN:
        said = head + _as_speaker_en(body[len(named.group(1)) :])
        if _reads_as_name(named.group(1), body, said):
            title, *rest = named.group(1).lower().replace(".", "").split()
            relation = title if rest and re.fullmatch(ROLES_EN, title) else None
            return _Reading(" ".join([title, *rest]), said, relation)
    return None


# "Me and my dad ...", "I and my sister ...": the speaker named first.
_SPEAKER_AND_EN = re.compile(r"^(?i:me|i)\s+and\s+(?=(?i:my|our)\s)")
# "... and her husband", "... and kids", "... and I": one more of a conjoined subject.
_AND_EN = re.compile(
    r"\s*,?\s+and\s+(?:(I|me)\b|(?:(?i:my|our|his|her|their)\s+)?((?i:(?:"
    + ROLES_EN
    + r")s?))(?![\w'-])(?:,?\s+([A-Z][a-z]+)\b)?)"
)
# Words that say a predicate holds of each of several subjects; one speaker has none of them.
_EACH_EN = frozenset(["both", "all", "each"])


def _conjoined_en(body: str, at: int) -> tuple[tuple[str, ...], int, bool]:
    """The keys of the people conjoined after the subject ending at ``at``, where the subject
    ends, and whether the speaker is one of them."""
    also: list[str] = []
    speaker = False
    while more := _AND_EN.match(body, at):
        if more.group(1):
            speaker = True
        else:
            relation, name = more.group(2).lower(), more.group(3)
            also.append(name.lower() if name else relation)
        at = more.end()
    return tuple(also), at, speaker


def _plural_en(key: str) -> bool:
    """Whether a relation key names several people ("parents", "brothers", "kids")."""
    return key == "parents" or (
        key.endswith("s") and re.fullmatch(r"(?:" + ROLES_EN + r")", key[:-1]) is not None
    )


def _keyed(match: re.Match[str]) -> tuple[str, str | None]:
    """The key of "my <relation> (<Name>)" (the name when given) and the relation with it."""
    relation, name = match.group(1).lower(), match.group(2)
    return (name.lower(), relation) if name else (relation, None)


def _reads_as_name(word: str, body: str, said: str) -> bool:
    """Whether the capitalised word opening ``body`` is someone's name. Every sentence opens
    with a capital, so that alone proves nothing ("Writing is hard for my brother", "Dance is
    my passion"): the word must be capitalised again later in the text (mid-sentence, where
    only a name is), or the sentence must be built as a name's would be: not a verb's -ing form
    (a gerund is an activity), and "is", "was" or "has", which any noun takes, must be the
    auxiliary of something the subject does ("Caroline is looking into adoption", "John has
    been blogging"), be referred back to as a person ("Joanna has a pin on her purse": a thing
    is "it"), or be followed by a predicate that only a person has (a value of one of the
    user's own slots: "Mara is a dentist" as "I am a dentist")."""
    if " " in word:
        # After a title, the name is capitalised mid-sentence: a title is an abbreviation (no
        # vowel: "Dr Patel", "Mrs. Brown") or a relation ("Uncle Joe"); "The Hobbit", "When
        # Jon" are neither.
        title = word.split()[0].rstrip(".")
        return (
            re.search("[aeiouy]", title, re.I) is None
            or re.fullmatch(ROLES_EN, title.lower()) is not None
        )
    if re.search(r"\w[ ,;:]+" + re.escape(word) + r"\b", body):
        return True
    if _gerund(word):
        return False
    verb, *rest = body[len(word) :].lower().split()
    if verb not in ("is", "was", "has"):
        return True
    nxt = next((w for w in rest if w not in ADVERBS_EN and not w.endswith("ly")), "")
    if verb == "has" and (nxt in ("been", *PAST_EN) or nxt.endswith("ed")):
        return True  # the perfect: "has been blogging", "has moved"
    if verb != "has" and _gerund(nxt) and not nxt.endswith("thing"):
        return True  # the progressive: "is looking", "was working" (not "is everything")
    if PERSONAL_EN.intersection(w.strip(".,;:!?") for w in rest):
        return True
    guess = slots.infer(said)
    return guess.slot is not None and guess.about_user


def _gerund(word: str) -> bool:
    """An -ing form of a verb: a stem of two letters or more with a vowel before "ing"
    ("Writing", "Going"); "Ming" or "Ling" have none."""
    stem = word.lower()[:-3]
    return (
        word.lower().endswith("ing") and len(stem) >= 2 and re.search("[aeiouy]", stem) is not None
    )


def _as_speaker_en(rest: str, plural: bool = False) -> str:
    """``rest`` (what follows the subject) with "I" as its subject: the verb of each
    coordinated predicate put in the first person ("lives in Dublin" -> "I live in Dublin";
    "left Toyota and now works at Sony" -> "... and now work at Sony"). After a ``plural``
    subject "both", "all" or "each" is left out ("are both vegetarian" -> "am vegetarian")."""
    words = rest.lstrip(" ,").split(" ")
    if plural:
        words = [w for i, w in enumerate(words) if i > 2 or w.lower() not in _EACH_EN]
    verb_next = True
    for i, word in enumerate(words):
        low = word.lower()
        if not verb_next or low in ADVERBS_EN or low.endswith("ly"):
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


def _person_zh(text: str) -> _Reading | None:
    tokens = names_joined(_pos(text))
    for i, (word, flag) in enumerate(tokens):
        if flag.startswith((*_TIME_FLAGS, "d", "c")) or flag == "x":
            continue  # "去年", "最近", "其实": before the subject
        if word in _SELF_ZH:
            if i + 1 < len(tokens) and _joins(tokens, i + 1):
                # 我和我姐都…, 我和老公…: the speaker with someone.
                also, end, _ = _conjoined_zh(tokens, i + 1)
                if not also:
                    return None
                said = _said_of_speaker(tokens, i, end)
                return _Reading(also[0], said, None, also[1:], with_speaker=True)
            j = i + 2 if i + 1 < len(tokens) and tokens[i + 1][0] == "的" else i + 1
            while j < len(tokens) and tokens[j][1] in ("m", "mq", "q"):
                j += 1  # 我两个弟弟, 我俩孩子: how many
            if j >= len(tokens) or not _is_relation(*tokens[j]):
                return None  # the speaker, or something of theirs
            name, end = _name_at(tokens, j + 1)
            also, end, speaker = _conjoined_zh(tokens, end)
            said = _said_of_speaker(tokens, i, end)
            if name:
                return _Reading(name, said, tokens[j][0], also, speaker)
            return _Reading(tokens[j][0], said, None, also, speaker)
        name, end = _name_at(tokens, i)
        if name is None and PERSON_ZH.fullmatch(word):
            name, end = word, i + 1  # "姐姐搬去里斯本了"
        if name is None:
            return None
        also, end, speaker = _conjoined_zh(tokens, end)
        return _Reading(name, _said_of_speaker(tokens, i, end), None, also, speaker)
    return None


# 和/与/同 join two subjects; 跟 is also "with"/"to" (我姐跟我说…: she told me), so it joins
# only before a word that says the predicate holds of both (都, 俩). With the speaker, only
# those say the speaker shares the value: "我岳母跟我们一起住" is where she lives (with us).
_AND_ZH = frozenset({"和", "与", "同", "跟"})
_BOTH_ZH = frozenset({"都", "俩", "两个"})


def _joins(tokens: Sequence[tuple[str, str]], at: int, speaker: bool = False) -> bool:
    """Whether token ``at`` conjoins the subject before it with what follows (``speaker``:
    with the speaker)."""
    if tokens[at][0] not in _AND_ZH:
        return False
    if tokens[at][1] == "c" and not speaker:
        return True
    return any(w in _BOTH_ZH for w, _ in tokens[at + 1 : at + 5])


def _conjoined_zh(tokens: Sequence[tuple[str, str]], at: int) -> tuple[tuple[str, ...], int, bool]:
    """The keys of the people conjoined with a subject ending at token ``at`` (爷爷 + 奶奶, 姐 +
    和 + 姐夫), where the subject ends, and whether the speaker is one of them (我姐和我)."""
    also: list[str] = []
    speaker = False
    k = at
    while k < len(tokens):
        if _is_relation(*tokens[k]) and (k == at or also or speaker):
            also.append(tokens[k][0])  # 爷爷奶奶: two relations said as one
            k += 1
            continue
        if not _joins(tokens, k):
            break
        m = k + 1
        if m < len(tokens) and tokens[m][0] in _SELF_ZH:
            n = m + 2 if m + 1 < len(tokens) and tokens[m + 1][0] == "的" else m + 1
            if n < len(tokens) and _is_relation(*tokens[n]):
                m = n  # 和我弟: another person of the speaker's
            elif _joins(tokens, k, speaker=True):
                speaker, k = True, m + 1
                continue
            else:
                break
        name, end = _name_at(tokens, m)
        if name is None and m < len(tokens) and _is_relation(*tokens[m]):
            name, end = _name_at(tokens, m + 1)
            name, end = (name, end) if name else (tokens[m][0], m + 1)
        if name is None:
            break
        also.append(name)
        k = end
    return tuple(also), k, speaker


def _name_at(tokens: Sequence[tuple[str, str]], at: int) -> tuple[str | None, int]:
    """A name starting at token ``at`` (with the kinship word or title it may carry: 王 + 阿姨,
    王 + 老师, 王 + 总) and where it ends; ``(None, at)`` when there is none."""
    if at >= len(tokens):
        return None, at
    word, flag = tokens[at]
    if word[0] not in NAME_START_ZH or not 1 <= len(word) <= 3:
        return None, at
    if at + 1 < len(tokens) and _titles(tokens[at + 1]) and (flag in _NAME_FLAGS or len(word) == 1):
        # A title makes the surname before it a name whatever jieba tagged it (张/q + 经理).
        return word + tokens[at + 1][0], at + 2
    if flag not in _NAME_FLAGS and not _familiar(word):
        return None, at
    return (word, at + 1) if len(word) > 1 else (None, at)


def _familiar(word: str) -> bool:
    """A familiar name: 小/老/阿 and a surname (小李, 老王)."""
    return len(word) == 2 and word[0] in NAME_PREFIXES_ZH and word[1] in SURNAMES_ZH


def _titles(token: tuple[str, str]) -> bool:
    """Whether ``token`` is what follows a surname to address someone: a kinship word or a role
    (王阿姨, 王老师, 张经理), or a one-character title jieba tags as a noun or a distinguishing
    word (王总, 李工)."""
    word, flag = token
    if PERSON_ZH.fullmatch(word) or ROLE_ZH.fullmatch(word):
        return True
    return len(word) == 1 and flag in ("b", "n", "ng")


def _is_relation(word: str, flag: str) -> bool:
    return bool(PERSON_ZH.fullmatch(word)) or (
        flag.startswith("n") and ROLE_ZH.fullmatch(word) is not None
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
PAST_EN = frozenset(
    re.findall(
        r"\w+",
        "was were went came got told said took made gave saw had left bought sold sent brought"
        " met found ran felt thought lost won broke fell wrote spoke called texted asked yelled"
        " did forgot kept paid put rang sang sat slept stood threw tried woke wore",
    )
)
# Deictic time words: what they qualify happened at one moment.
_MOMENT_EN = re.compile(
    r"\b(?:today|yesterday|tomorrow|tonight|this morning|this afternoon|last night|just now|earlier"
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
    verb = next((w.lower().strip(",.!") for w in words[1:] if w.lower() not in ADVERBS_EN), "")
    return not (verb.endswith("ed") or verb in PAST_EN or verb in ("will", "would", "might"))


def _by_relation_zh(text: str) -> bool:
    """Whether the subject is someone the speaker names by a relation (我妹妹, 我们房东) or by a
    name in the form that addresses a person (a surname with a title, 王老师, 张经理; 小/老/阿
    and a surname, 老王): a name-like word alone is no proof of a person without a slot (谢谢
    tags as a name)."""
    tokens = names_joined(_pos(text))
    for i, (word, flag) in enumerate(tokens):
        if flag.startswith((*_TIME_FLAGS, "d", "c")) or flag == "x":
            continue
        if word not in _SELF_ZH:
            name, end = _name_at(tokens, i)
            # jieba keeps some titled names whole (王老师/nr), others not (王 + 总): the title
            # is what follows the surname either way (a one-character one only as its own
            # word: in a whole name, 王芳, it is the given name).
            split = end == i + 2
            titled = name is not None and _titles((name[1:], tokens[i + 1][1] if split else "x"))
            return name is not None and (titled or _familiar(name))
        j = i + 2 if i + 1 < len(tokens) and tokens[i + 1][0] == "的" else i + 1
        return j < len(tokens) and _is_relation(*tokens[j])
    return False
