"""A thing's own event about the value of an older Chinese statement: a remark, not a new value.

"招商银行的网点搬到了地铁站旁边" after "我平时用招商银行的卡", "朗逸今年出了新款" after
"我开的是一辆大众朗逸": the pair model and the question's words read one attribute (a bank, a
car), the remark joined the user's value and took its place (issue 38, Chinese mention
pollution of the colloquial sets). :mod:`~hybridmem.evolution.write.value_remarks` reads the
English remark; it leaves Chinese aside because Chinese drops the speaker and fronts a topic
(飞度卖了: the car is what the unsaid speaker sold). The Chinese reading here is of the same
two statements and asks for what a topic sentence of the speaker's own lacks:

- the remark says no first-person word (我, 我们, 咱: else the user's relation to the thing);
- its first clause opens with a noun phrase that names the older statement's value (a term of
  the older statement outside its own subject), as the thing itself, its 的-modifier or the
  owner of its part (网点, 门店, 分院): the words before the clause's first verb, preposition or
  adverb, read on jieba's tags;
- that opening names nothing of the older statement's subject (孩子的英语课 after 孩子在新东方学
  英语 is the holder's own thing again: a real change may follow), but the noun right after
  the value's name, the kind of thing the name is (长城宽带 after 我家宽带用的是长城宽带);
- a name jieba cuts into single characters (朗|逸) is read as one word the dictionary lacks, and
  an abbreviation of the value's name opening the line (北师大, 建行, 市一院) names it
  (:mod:`~hybridmem.evolution.write.value_names`);
- no later clause repeats a term of the older statement (联通的合约到期了，续的是电信的宽带: the
  change is said in the clause that names the attribute again), no habitual or frequency cue is
  said (a standing value: 周三周五两次, 每天) and no proper name the older statement lacks is
  said after the opening (飞度卖了，提了辆比亚迪海豚: another holder, a new value).

A move back told as the returned value's own act (QQ音乐的年卡续上了 after 我用QQ音乐听歌 and
听歌都在网易云上) names the value it returns to: left to the engine as before (:func:`returns`)
when a statement said between the two names the older statement's attribute with another value.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from hybridmem.evolution.slots.relation_values import FIRST_PERSON
from hybridmem.evolution.slots.zh_names import PERSON_ZH
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write.value_names import names_value_zh
from hybridmem.lexical import clause_pieces, in_dictionary, pos_tags, stemmed_terms

_CJK = re.compile(r"[\u4e00-\u9fff]")
# jieba's flags that end a clause's opening noun phrase: a verb, a preposition, an adverb, a
# conjunction (closed classes of the tagger).
_PREDICATE = ("v", "p", "d", "c")
# jieba's flags of a proper name (a place, a person, an organisation, another name) and of a
# Latin-script word (a brand or model: iPhone, QQ).
_NAME = ("ns", "nr", "nt", "nz", "eng")
# jieba's flags of what makes the noun after it definite: 的, a place or direction word (楼下,
# 城南); and the demonstratives (那家, 这个; a classifier alone, 举个例子, is indefinite).
_MODIFIER = ("uj", "s", "f")
_DEMONSTRATIVE = ("那", "这")
# Words that say what holds now or from now on: a standing value, the speaker's (closed class).
STANDING = re.compile(r"现在|如今|目前|以后|往后|今后|从此|不再|再也")


def opening_end(clause: str, value: frozenset[str]) -> int:
    """Where the clause's opening noun phrase ends: at its first verb, preposition, adverb or
    conjunction that is not inside a word of ``value`` (jieba tags a name it does not know as
    it may: 招行/v, 拜/v)."""
    spans = [(m.start(), m.end()) for t in value for m in re.finditer(re.escape(t), clause)]
    at = 0
    for word, flag in pos_tags(clause):
        end = at + len(word)
        inside = any(s <= at and end <= e for s, e in spans)
        if flag.startswith(_PREDICATE) and not inside:
            return at
        at = end
    return at


@lru_cache(maxsize=4096)
def topic(text: str) -> str:
    """The words of a Chinese statement before its first verb or preposition (its topic: 我,
    孩子, 我家宽带; also ``value_remarks.older_subject``'s Chinese reading)."""
    out = []
    for word, flag in pos_tags(text):
        if flag.startswith(("v", "p")):
            break
        out.append(word)
    return "".join(out)


def _definite(tag: tuple[str, str]) -> bool:
    word, flag = tag
    return flag.startswith(_MODIFIER) or word.startswith(_DEMONSTRATIVE)


def _modifies(after: list[tuple[str, str]]) -> bool:
    """Whether the two words after a noun make it the 的-modifier of another noun (小米的手机,
    招商银行的卡): the thing the value's head belongs to."""
    return len(after) == 2 and after[0][1] == "uj" and after[1][1].startswith("n")


# jieba's flags of a character it leaves alone when it does not know the word around it (a
# name cut into characters: 朗/nr 逸/vg): a noun, a name, a morpheme.
_MORPHEME = ("n", "vg", "ng", "ag", "g", "j")


@lru_cache(maxsize=4096)
def _tags(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's words of ``text``, a run of two or more single characters of a noun, a name or a
    morpheme joined into one word the dictionary lacks (a name: 朗|逸 -> 朗逸/nz)."""
    out: list[tuple[str, str]] = []
    run: list[str] = []
    for word, flag in [*pos_tags(text), ("", "x")]:
        if len(word) == 1 and _CJK.match(word) and flag.startswith(_MORPHEME):
            run.append(word)
            continue
        if len(run) > 1:
            out.append(("".join(run), "nz"))
        elif run:
            out.append((run[0], pos_tags(run[0])[0][1]))
        run = []
        if word:
            out.append((word, flag))
    return tuple(out)


@lru_cache(maxsize=4096)
def _value_terms(old: str) -> frozenset[str]:
    """The terms of the things the older statement names as its value, outside its subject and
    of two characters or more: a proper name (jieba's name flags, or a word its dictionary
    lacks: 一兆韦德, 瑞尔, 朗逸 cut into characters) or the head of a noun phrase a modifier makes
    definite (楼下的健身房, 巷口那家川菜馆: after 的, a demonstrative or classifier, or a place
    word). A bare common noun (喝奶茶, 买衣服) names the kind of thing, the attribute, not a
    value of its own."""
    tags = list(_tags(old))
    named = [
        word
        for i, (word, flag) in enumerate(tags)
        if flag.startswith("n") or flag in ("j", "eng")
        if flag.startswith(_NAME)
        or flag in ("j", "eng")
        or not in_dictionary(word)
        or (i > 0 and _definite(tags[i - 1]))
        or (i > 1 and tags[i - 1][1] == "q" and _definite(tags[i - 2]))
        or _modifies(tags[i + 1 : i + 3])
    ]
    subject = stemmed_terms(topic(old))
    return frozenset(t for word in named for t in _terms(word) - subject if len(t) > 1)


def _terms(text: str) -> frozenset[str]:
    """``text``'s terms, with the words :func:`_tags` joins (朗逸 beside 朗, 逸)."""
    return stemmed_terms(text) | {w for w, f in _tags(text) if f == "nz" and len(w) > 1}


def _heads(opening: str, value: frozenset[str]) -> frozenset[str]:
    """The terms of the nouns right after a word of ``value`` in the opening: the kind of thing
    the name is (长城宽带, 港华燃气), said as part of the value's name."""
    tags = _tags(opening)
    return frozenset(
        t
        for (word, _), (head, flag) in pairwise(tags)
        if _terms(word) & value and flag.startswith("n")
        for t in stemmed_terms(head)
    )


def names_in(text: str) -> frozenset[str]:
    return frozenset(w for w, f in pos_tags(text) if f.startswith(_NAME))


@lru_cache(maxsize=4096)
def remark_on_zh(new: str, old: str) -> bool:
    """Whether the Chinese ``new`` is the own event of the thing ``old``'s value names (the
    module docstring)."""
    pieces = clause_pieces(new)
    if not pieces or not _CJK.search(new) or FIRST_PERSON.search(new):
        return False
    value = _value_terms(old)
    first = pieces[0]
    opening = first[: opening_end(first, value)]
    said = _terms(opening)
    # The value's place said again or abbreviated (体育馆, 北师大: value_names).
    named = names_value_zh(new, old)
    subject = stemmed_terms(topic(old)) - _heads(opening, value) - _terms(named)
    if not (said & value or named) or said & subject or PERSON_ZH.search(opening):
        return False
    terms_old = stemmed_terms(old)
    if any(stemmed_terms(p) & terms_old for p in pieces[1:]):
        return False
    norm = normalise(new)
    if aspect.FREQUENCY.fired(norm) or volition.HABITUAL.fired(norm) or STANDING.search(new):
        return False
    rest = new[len(opening) :]
    return not (names_in(rest) - names_in(old))


def returns(first: str, left: str, new: str) -> bool:
    """Whether the Chinese ``new`` returns to ``first``'s value after ``left``: ``left`` names
    ``first``'s attribute (a term of ``first`` outside its subject) and not the value ``new``
    opens with."""
    subject = stemmed_terms(topic(first))
    shared = {t for t in stemmed_terms(first) - subject if len(t) > 1} & stemmed_terms(left)
    if not shared:
        return False
    pieces = clause_pieces(new)
    opening = pieces[0][: opening_end(pieces[0], _value_terms(first))] if pieces else ""
    return not stemmed_terms(opening) & stemmed_terms(left)
