"""Someone else's act with the user's value as its place or thing: a remark, not a new value.

"Gary from work had his stag do at the Crown on Saturday" after "Our local is the Crown",
"隔壁王阿姨在菜市场租了个摊位卖豆腐" after "我每天早上去菜市场买菜": the question's words and the
pair model read one attribute (a pub, where the user shops), and the query-time newer-first
step put the newer statement in the value's place (issue 38, colloquial_blind27: someone else's
event). The engine's person reading (``others.person_of``) finds no one in them ("Gary from
work", "The girl across the road", 隔壁王阿姨, 楼上刘大爷 are in none of its classes), and the
thing readings (:mod:`~hybridmem.evolution.write.thing_remarks`,
:mod:`~hybridmem.evolution.write.value_remarks_zh`) ask for a subject that names the value.

What tells them apart is grammar, read against the older statement: **whose act** it is and
**where the value stands in it**. The remark's subject is not the speaker (no first-person word
but the possessor opening it: "My auntie", "Our Dave", 我姐夫), names nothing of the older
statement (neither its holder nor its value: then the holder's or the value's own news, read
elsewhere), and the older statement's value is named only in the predicate of the remark's
first clause, as the place or thing of that act: after a preposition in English ("at the
library", "through the Halifax"), in the predicate of a clause with no disposal 把 / 将 in
Chinese (老婆把宽带换成了移动 acts on the user's own thing). No later clause names the older
statement again, no standing, habitual or frequency cue is said, and no name the older
statement lacks follows the subject (a new holder or value: "took her twins to Dr Patel at
Linden" keeps the older name only). A change of the user's own value said with someone else in
it names the user after the subject ("Dad drops me at college", 同事拉我进了个团购群) or names
the older holder ("The kids started at Brookside Primary", 儿子转学去了…): read as before.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hybridmem.evolution.slots.others import ADVERBS_EN, PERSONAL_EN
from hybridmem.evolution.slots.pairs import says_again
from hybridmem.evolution.slots.relation_values import FIRST_PERSON
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write import thing_remarks, value_remarks_zh
from hybridmem.lexical import clause_pieces, pos_tags, stemmed_terms

_CJK = re.compile(r"[\u4e00-\u9fff]")
# English prepositions of place, goal, source and means: the value after one is where or with
# what the subject acted (a closed class).
_PREPOSITIONS = frozenset(
    {"at", "in", "on", "to", "from", "for", "through", "with", "by", "into", "onto", "near"}
)
# The present copula and "do": a state or an arrangement, not an event (a closed class).
_PRESENT = frozenset({"is", "are", "am", "do", "does"})
# The definite determiners: the thing the speaker knows, the user's own value (a closed class).
_DEFINITE = frozenset({"the", "this", "that"})
# The possessors a subject may open with ("My auntie", "Our Dave"): the speaker's relation.
_POSSESSORS = frozenset({"my", "our"})
# The speaker's own subject pronouns (a closed class, as thing_remarks.subject's).
_SPEAKER = frozenset({"i", "we", "i'm", "we're", "i've", "we've", "they", "they're", "you"})
# Chinese disposal prepositions: the subject acts on the thing named after them, changes it.
_DISPOSAL = ("把", "将")
# jieba's flags of a word that can name a value: a noun or name, a place word (一中), a
# distinguishing word (二小, 附一), an abbreviation (工行), a fixed noun phrase (老年大学), a
# Latin-script name.
_VALUE_FLAGS = ("n", "b", "j", "l", "s", "eng")
# jieba's flags of a noun or name that can head a subject (not a place, direction or time word:
# 上礼拜, 周末 opening a clause of the unsaid speaker).
_SUBJECT_FLAGS = ("n", "nr", "nz", "ng", "nrt", "nrfg", "nt")


def _cued(text: str) -> bool:
    """A cue of a standing value, a habit or a frequency, or of a value said again."""
    norm = normalise(text)
    cues = (aspect.FREQUENCY, volition.HABITUAL, aspect.PERSISTENT)
    return bool(says_again(text)) or any(cue.fired(norm) for cue in cues)


def _value(old: str, holder: str) -> frozenset[str]:
    """The terms of ``old`` outside its subject ``holder`` (of two letters or characters)."""
    return frozenset(t for t in stemmed_terms(old) - stemmed_terms(holder) if len(t) > 1)


def _first_person_only_opening(new: str, opening_ok: bool) -> bool:
    """Whether ``new`` says no first-person word, or one only, the possessor opening it."""
    found = list(FIRST_PERSON.finditer(new))
    return not found or (len(found) == 1 and found[0].start() == 0 and opening_ok)


def _placed(predicate: list[str], value: frozenset[str], terms_old: frozenset[str]) -> bool:
    """Whether the English ``predicate`` names the older statement's value as a definite place
    or thing of its act: a preposition, then a name or "the" (a preposition before a verb is
    "to" of an infinitive: "to do the lawn" states an arrangement), then words of the older
    statement only, one of them of its value ("at the big Tesco", "through the Halifax"). A
    modifier of the remark's own names another thing of that kind ("at Oak Dental" after
    "Linden Dental"); an indefinite one ("a second theatre") is not the user's."""
    for i, word in enumerate(predicate[:-1]):
        if word.lower() not in _PREPOSITIONS:
            continue
        phrase = predicate[i + 1 :]
        if phrase[0].lower() in _DEFINITE:
            phrase = phrase[1:]
        elif not phrase[0][:1].isupper():
            continue
        for w in phrase:
            terms = stemmed_terms(w)
            if not terms or not terms <= terms_old:
                break
            if terms & value:
                return True
    return False


def _modifier(before: list[tuple[str, str]]) -> tuple[str, str]:
    """The word before a noun that modifies it: the one before 的 when 的 is there (工商银行的
    工资卡), else the word right before (none: a blank word)."""
    if before and before[-1][1] == "uj":
        before = before[:-1]
    return before[-1] if before else ("", "x")


def _zh_named_itself(before: tuple[str, str], old: str) -> bool:
    """Whether the word ``before`` a word of the value leaves it the older statement's thing:
    no noun or name the older statement lacks modifies it (社区诊所的刘医生 after 口腔医院的王医生
    is another doctor)."""
    word, flag = before
    return not flag.startswith(_VALUE_FLAGS) or word in old


def _english(new: str, old: str) -> bool:
    pieces = clause_pieces(new)
    if not pieces or _cued(new) or thing_remarks.STANDING.search(new):
        return False
    words = thing_remarks.words_of(pieces[0])
    subject = thing_remarks.subject(pieces[0]).split()
    if not subject or len(subject) >= len(words):
        return False
    lowered = [w.lower() for w in subject]
    if lowered[0] in _SPEAKER or all(w in PERSONAL_EN for w in lowered):
        return False
    if not _first_person_only_opening(new, lowered[0] in _POSSESSORS and len(subject) > 1):
        return False
    old_first = clause_pieces(old)
    holder = thing_remarks.subject(old_first[0]) if old_first else ""
    if stemmed_terms(" ".join(subject)) & stemmed_terms(old):
        return False
    predicate = words[len(subject) :]
    # A simple present ("A gardener comes round to do the lawn") states an arrangement: a
    # standing value, not an event.
    verb = predicate[0]
    if verb[:1].islower() and verb.endswith("s") and not thing_remarks.is_finite(verb, False):
        return False
    # A present copula or "do" states what holds ("My wife Priya is an anaesthetist at York
    # hospital", "Jess does the nails at a salon in Ipswich"), unless a progressive follows.
    after = next((w.lower() for w in predicate[1:] if w.lower() not in ADVERBS_EN), "")
    if verb.lower() in _PRESENT and not after.endswith("ing"):
        return False
    if not _placed(predicate, _value(old, holder), stemmed_terms(old)):
        return False
    terms_old = stemmed_terms(old)
    if any(stemmed_terms(p) & terms_old for p in pieces[1:]):
        return False
    rest = " ".join([*predicate, *pieces[1:]])
    return not stemmed_terms(" ".join(thing_remarks.capitalised_words(rest, skip_first=False))) - (
        terms_old
    )


def _chinese(new: str, old: str) -> bool:
    pieces = clause_pieces(new)
    if not pieces or _cued(new) or value_remarks_zh.STANDING.search(new):
        return False
    first = pieces[0]
    end = value_remarks_zh.opening_end(first, frozenset())
    opening, predicate = first[:end], first[end:]
    if not opening or not predicate or any(d in first for d in _DISPOSAL):
        return False
    # The copula 是 as the first verb states a value (我摊子上的猪肉是从宁乡进的), not an event.
    verbs = [w for w, f in pos_tags(predicate) if f.startswith("v")]
    if verbs[:1] == ["是"]:
        return False
    # 我 right before a noun, with no 的, is a relation's possessor (我妈, 我姐夫, 我对象: kin and
    # close relations take no 的); 我的 + a thing, 我们, 我家 say the speaker's own.
    possessor = opening.startswith("我") and opening[1:2] not in ("", "们", "家", "的")
    if not _first_person_only_opening(new, possessor):
        return False
    heads = [w for w, f in pos_tags(opening.removeprefix("我")) if f in _SUBJECT_FLAGS]
    if not heads or stemmed_terms(opening) & stemmed_terms(old):
        return False
    # The older statement's holder said by another word (车子 after 我的车): a character of its
    # topic, the speaker's 我 and 的 aside.
    holder = set(value_remarks_zh.topic(old)) - {"我", "的", "们"}
    if holder & set(opening.removeprefix("我")):
        return False
    value = _value(old, value_remarks_zh.topic(old))
    tags = pos_tags(predicate)
    if not any(
        flag.startswith(_VALUE_FLAGS)
        and len(word) > 1
        and word in old
        and stemmed_terms(word) & value
        and _zh_named_itself(_modifier(tags[:i]), old)
        for i, (word, flag) in enumerate(tags)
    ):
        return False
    terms_old = stemmed_terms(old)
    if any(stemmed_terms(p) & terms_old for p in pieces[1:]):
        return False
    rest = "".join([predicate, *pieces[1:]])
    named = value_remarks_zh.names_in(rest) - value_remarks_zh.names_in(old)
    return not {w for w in named if len(w) > 1}


@lru_cache(maxsize=4096)
def act_at_value_on(new: str, old: str) -> bool:
    """Whether ``new`` is someone else's act with ``old``'s value as its place or thing (the
    module docstring), in English or Chinese."""
    if _CJK.search(new):
        return _CJK.search(old) is not None and _chinese(new, old)
    return _CJK.search(old) is None and _english(new, old)
