"""The speaker as an enthusiast of a pastime, or joining a group for one: no job, no workplace.

An agent noun after "I'm a" / 我是个 has a job's grammar, so the occupation rule filed "I'm a
keen fell runner", "I'm a sucker for a good curry" and 我是个老钓手了 as the job, and "joined"
/ 入了 as the workplace ("I've joined a choir", 入了个摄影协会); the slot model, asked about 我是个
业余跑者 or 我是个老球迷, read the same shape the same way (slots17 and slots18's sort of the
slot sets' errors). Three grammatical marks tell a pastime from a trade, whatever the noun:

- **a degree, enthusiasm or amateur modifier** on the agent noun, or a hedge before it ("a keen
  / avid / big / lifelong / casual / amateur X", "a bit of a X", "quite the X"; 业余): a
  job is held or not, it is not held keenly or a bit; a job said with one of these ("a keen
  nurse") is rare, a pastime is the usual reading; likewise **a time of the week or the year**
  as the modifier ("a weekend gardener", "a Saturday morning swimmer"; 个 / 一名 + 周末 / 假期
  / 假日 + the noun, the measure word marking a noun phrase, not 只是周末过去住): the activity
  is done in leisure time (the parts of the day alone name a job's shift, "a night porter":
  not read);
- **a noun of liking** as the head ("fan", "buff", "lover", "sucker", "nut", "freak"; the
  Chinese enthusiast suffixes 爱好者, 发烧友, 迷, 友, 控, 粉): the noun names a taste, not an
  occupation;
- **joining a voluntary group**: join / sign up for / enrol in + a club, class, course, choir,
  band, society…; 加入 / 参加 / 报 / 入 / 进 + a noun ending in 班, 社, 团, 群, 会, 协会,
  俱乐部. A team (队, "team") is left out: 消防队, "the data team" are employers as often.

A modifier that also modifies a thing (size, terms of work, kind, time: "big", "huge",
"casual", "occasional", "hobby", "recreational", "weekend", "summer") marks a pastime only
when it stands right before the agent noun with no employer after it: "a big walker", "a
casual angler", "a weekend gardener"; in a compound noun it modifies the noun after it ("a
big data engineer", "a hobby shop owner": the trade is the compound's), and an employer named
after the agent noun ("a casual worker at Tesco", "an occasional teacher with the Toronto
board", "a weekend receptionist at the Premier Inn") says the terms of a job.

The part is dropped from the copula or the verb to the end of its clause (or "and" / "but")
before the slot rules read the statement, so a statement saying nothing else gets no slot and
is not sent to the slot model (it reads the whole statement's vector and files the agent noun
under the job). Closed grammatical classes only (degree and hedge modifiers, nouns of liking,
the derivational enthusiast suffixes, the nouns of voluntary groups), no value chosen on a set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Tagger = Callable[[str], list[tuple[str, str]]]
Rule = tuple[str, str, re.Pattern[str]]

# The slots whose value an enthusiasm can be (what one drinks or eats).
_TASTES = frozenset({"pref.coffee", "pref.tea", "user.diet"})

_PARTICLES_ZH = frozenset("了啊呢吧呀啦")
_CJK = re.compile(r"[\u3400-\u9fff]")

# -- English -----------------------------------------------------------------------------------
_STOP_EN = r"(?=[,;:.!?]|\s+(?:and|but|so)\b|$)"
_SELF_EN = (
    r"\b(?:i'm|i am|i've (?:always )?been|i've become|i became|i was always|i'm becoming)\s+"
    r"(?:(?:now|really|quite|such|always|still|also|kind of|sort of|actually|definitely)\s+)*"
)
_HEDGE_EN = r"(?:a bit of|something of|quite|such|rather)\s+(?:an?|the)\s+"
# Modifiers said only of a person's engagement, and those that also modify a thing (a size,
# the terms of a job, a kind: "big data", "casual work", "a hobby shop").
_PERSON_DEGREE_EN = (
    r"keen|avid|mad|passionate|enthusiastic|devoted|obsessive|obsessed|fanatical|lifelong"
    r"|life-long|amateur|fair-weather|armchair|budding"
)
# A time of the week or the year the thing is done in ("a weekend gardener", "a Saturday
# morning swimmer", "a summer camper"): a pastime on the same terms as a modifier of a thing,
# since a job can be held at such times too ("a weekend receptionist at the Premier Inn").
# The parts of the day alone are shifts of a job ("a night porter", "a day trader"): not read.
_TIME_EN = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|weekday|weeknight|summer|winter"
    r"|autumn|spring)(?:\s+(?:morning|afternoon|evening|night))?"
)
_THING_DEGREE_EN = r"big|huge|massive|casual|occasional|hobby|recreational|" + _TIME_EN
_DEGREE_EN = _PERSON_DEGREE_EN + "|" + _THING_DEGREE_EN
_AFTER_THING_DEGREE_EN = re.compile(r"\b(?:" + _THING_DEGREE_EN + r")\s+(.*)", re.I)
# Words that end a noun phrase after its head: prepositions, relatives and adverbs of time.
_PHRASE_ENDS_EN = frozenset(
    [
        *("at", "for", "with", "in", "on", "from", "of", "by", "to", "who", "that", "since"),
        *("now", "too", "really", "though", "these", "nowadays", "lately", "mostly", "again"),
    ]
)
_EMPLOYER_EN = re.compile(r"^(?:at|for|with)\s+(?:the\s+)?[A-Z]")
_LIKING_EN = (
    r"fan|buff|enthusiast|lover|nut|junkie|addict|fiend|sucker|freak|nerd|geek|fanatic"
    r"|devotee|aficionado|connoisseur|snob"
)
_OTHER_MARKS_EN = re.compile(
    _HEDGE_EN + r"|\b(?:" + _PERSON_DEGREE_EN + r"|" + _LIKING_EN + r")s?\b", re.I
)
_PASTIME_EN = re.compile(
    _SELF_EN
    + r"(?:"
    + _HEDGE_EN
    + r"|an?\s+(?=(?:[\w'-]+\s+){0,2}?(?:"
    + _DEGREE_EN
    + r")\s)"
    + r"|an?\s+(?=(?:[\w'-]+\s+){0,2}?(?:"
    + _LIKING_EN
    + r")s?\b))"
    + r".*?"
    + _STOP_EN,
    re.I,
)
_GROUP_EN = (
    r"clubs?|class(?:es)?|courses?|choirs?|bands?|orchestras?|societ(?:y|ies)|leagues?"
    r"|circles?|gyms?|associations?|ensembles?|troupes?|squads?"
)
_JOINING_EN = re.compile(
    r"\b(?:join(?:ed|ing|s)?|sign(?:ed|ing)? up (?:for|with|to)|enrol(?:l?ed|ling)? (?:in|on|for)"
    r"|bec(?:a|o)me a member of)\s+(?:[\w'-]+\s+){0,4}?(?:" + _GROUP_EN + r")\b.*?" + _STOP_EN,
    re.I,
)

# -- Chinese -----------------------------------------------------------------------------------
_CLAUSE_END_ZH = r"(?=[了啊呢吧呀啦]?(?:[，,；;。！!？?、\s]|$))"
_PASTIME_ZH = re.compile(
    r"(?:是|算是?|当)(?:个|一个|一名|半个)?"
    r"(?:(?<=个|名)(?:周末|假期|假日|节假日)[^，,；;。！!？?的我你他她]{0,8}?"
    r"|业余[^，,；;。！!？?的我你他她]{0,8}?"
    r"|[^，,；;。！!？?的我你他她]{0,8}?(?:爱好者|发烧友|迷|(?<!朋)友|控|粉))" + _CLAUSE_END_ZH
)
_JOINING_ZH = re.compile(
    r"(?:加入|参加|报名|报|入|进)了?[^，,；;。！!？?]{0,10}?"
    r"(?:班|社|团|群|会|协会|俱乐部)" + _CLAUSE_END_ZH
)
_JOIN_VERBS_ZH = ("加入", "参加", "报名", "报", "入", "进")
_GROUP_ZH = ("班", "社", "团", "群", "会", "协会", "俱乐部")


def pastimes_removed(text: str, tag: Tagger, rules: Sequence[Rule]) -> str:
    """``text`` without the parts that present the speaker as an enthusiast of a pastime or
    as joining a voluntary group (module docstring). A part naming a taste ("a huge meat
    lover", "a big tea drinker": a pattern of ``rules`` for a taste's slot matches it) is left
    to the rules as before: the enthusiasm may be for what the speaker drinks or eats."""

    def dropped(match: re.Match[str]) -> str:
        part = match.group(0)
        tasted = any(slot in _TASTES and pattern.search(part) for slot, _, pattern in rules)
        return part if tasted or _a_trade_en(part) else ""

    if _CJK.search(text):
        kept = _PASTIME_ZH.sub(dropped, text)
        return _JOINING_ZH.sub(lambda m: dropped(m) if _joining_zh(m, tag) else m.group(0), kept)
    return _JOINING_EN.sub(dropped, _PASTIME_EN.sub(dropped, text))


def _joining_zh(match: re.Match[str], tag: Tagger) -> bool:
    """Whether jieba reads the match as a joining verb and a group noun (报 了 个 日语
    班; not 入境大厅周六也上班, whose 班 ends the verb 上班)."""
    words = [(w, f) for w, f in tag(match.group(0)) if w.strip() and w not in _PARTICLES_ZH]
    if len(words) < 2:
        return False
    (verb, _), (head, flag) = words[0], words[-1]
    joins = verb in _JOIN_VERBS_ZH
    group = flag.startswith("n") and head.endswith(_GROUP_ZH) and head != "团队"
    return joins and group


def _a_trade_en(part: str) -> bool:
    """Whether the only pastime mark of ``part`` is a modifier that also modifies a thing,
    read as a job's (module docstring): in a compound noun, or with an employer after the
    agent noun. A hedge, a modifier said only of a person or a noun of liking stays a pastime."""
    if _OTHER_MARKS_EN.search(part):
        return False
    m = _AFTER_THING_DEGREE_EN.search(part)
    if m is None:
        return False
    words = m.group(1).split()
    phrase = next((k for k, w in enumerate(words) if w.lower() in _PHRASE_ENDS_EN), len(words))
    return phrase >= 2 or _EMPLOYER_EN.match(" ".join(words[phrase:])) is not None
