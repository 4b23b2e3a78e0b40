"""A job stated without a job word: a role or a vehicle held where it is done, and a delivery
trade (issue 38, the eleventh first-day set: "I drive a gantry crane at Felixstowe docks" was
the vehicle, 我在西安开网约车 the residence, 我在成都送快递 no slot at all).

The slot rules (:mod:`~hybridmem.evolution.slots.rules`) read these where the occupation rule
stands in their order, so before the vehicle and the places. Grammar only, no list of jobs:

- **English, a role or a vehicle with the place or employer it is held at**: "I'm a/an <noun>
  in|on <a place>" ("I'm a midwife in Bristol", "I'm a nurse on a cardiac ward"), as the role
  rule already reads "I'm a nurse at the children's hospital"; "I drive|operate|work a/an/the
  <noun> at|for|on <a place or an employer>" ("I drive a bus for First", "I operate the tower
  crane on a housing site", "I work the till at a petrol station"): a vehicle driven *at* a
  workplace or *for* someone is the work done, one driven to work or owned ("I drive my old
  Volvo to work", "I drive a Corolla") stays the vehicle. Not a degree phrase ("I'm a bit in
  the dark") and not a time ("at the weekend").
- **English, a business the speaker runs, owns or manages** ("I run a little cafe", "I own
  a joinery"): "I run|own|manage a/an/my (own) <up to two modifiers> <establishment>", the
  speaker its subject and the verb in the present simple, as 开(了)家 + a noun is read in
  Chinese. The head is an establishment by a closed class of generic business nouns (shop,
  business, firm, salon...) or by the suffix -ery of a place where a trade is done (bakery,
  brewery, nursery), and it ends its noun phrase ("I own a shop", not "I own a shop vac"). A
  club, a house, a car or a race is no establishment ("I run a book club" stays no job); a past,
  a negated or a modal verb ("I ran a cafe", "I don't own a shop", "I'd love to run a cafe")
  is not read.
- **Chinese 开(了) + 家 / 间 + a noun, the speaker its subject** (我在小区门口开了家水果店,
  我和老公开了一家小饭馆): a business of one's own is the living, as "I run a dairy farm" and
  我现在自己开了个花店 are labelled; a shop that opened near the speaker (我家附近新开了一家...)
  has another subject.
- **Chinese 送 + a bare object** (送快递, 送外卖, 在北京送水): delivering a kind of goods, with no
  aspect marker, numeral, determiner or person between, is a trade, as 卖 + a bare noun is
  in :mod:`~hybridmem.evolution.slots.livings`; jieba tags 快递 and 外卖 verbs, so the object is
  read by its place (it ends the clause), not by its tag. A person delivered (送孩子上学) or one
  delivery (送了一份快递, 把快递送到) is no trade.
- **Chinese 跑 / 在 + a place + 开, with a bare vehicle as the object** (我在舟山跑渔船,
  我在西安开网约车, 我在码头开吊车; issue 38, the twelfth first-day set: no slot before): a
  vehicle is a compound ending in 车 or 船, the head characters of land and water vehicles, or
  吊, the head of the cranes one drives (塔吊, 龙门吊: no one's own vehicle, always work), with
  no classifier, aspect, possessive or demonstrative before it (开了辆 / 开我的车 is one's
  vehicle, the vehicle rule's), ending its clause or followed by how long (跑货车十年了). 跑 with
  a vehicle is running it for hire; 开 is that only where a 在-phrase says where it is done, as
  "I drive a <noun> at <a place>" above ("我开电动车上班" stays the vehicle). The speaker is the
  subject (or none is said); a plan, an ability or one act (想 / 会 / 把) is no trade.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem.evolution.slots.livings import ASPECT_ZH
from hybridmem.evolution.slots.zh_names import PERSON_ZH

# The degree phrases "a bit", "a little", "a lot" and the times "at the weekend", "at night":
# closed classes that follow the same words without naming a place.
_DEGREE = r"(?!(?:bit|little|lot|tad)\b)"
_TIME = r"(?!(?:the )?(?:weekends?|moment|minute|night|nights|times?)\b)"
_ROLE_SOMEWHERE_EN = re.compile(
    r"\bI(?:'m| am) (?:now |still )?(?:a|an) " + _DEGREE + r"[\w-]+ (?:in|on) "
    r"(?:a|an|the|[A-Z])",
)
# "on" takes a site ("on a housing site", "on my uncle's farm"), never a capitalised word ("on
# Sundays" is a time) nor a journey ("on the school run", "on the way in": the drive is a trip).
_JOURNEY = r"(?!(?:[\w-]+ )?(?:way|run|commute|journey|trip|drive|road|motorway)\b)"
# "work" with a definite machine or post is operating it ("I work the till at ...").
_DRIVEN_FOR_WORK_EN = re.compile(
    r"\bI (?:now |still )?(?:drive|operate|work) (?:a|an|the) [\w-]+(?: [\w-]+)? "
    r"(?:(?:at|for) " + _TIME + r"(?:a |an |the |[A-Z])"
    r"|on " + _TIME + r"(?:a|an|the|my|our) " + _JOURNEY + ")",
)
# The generic nouns of a business (a closed class, as 家 / 间 in Chinese; shop and store also
# end compounds, bookshop, drugstore, but a workshop is as often an event), and -ery, the suffix
# of the place a trade is done in (bakery, brewery, nursery, cattery; "every" has no article).
_ESTABLISHMENT_EN = (
    r"(?:(?!work)[a-z]*shop|[a-z]*store|business|company|firm|agency|practice|salon|restaurant"
    r"|caf[eé]|pub|bar|farm|hotel|guesthouse|consultancy|[a-z]+ery)s?"
)
# "I run|own|manage", the speaker the subject, present simple; "I'd love to run..." has "to".
# "my" only with "own": "I manage my recovery" is no business.
_RUNS_A_BUSINESS_EN = re.compile(
    r"(?:^|[^\w'])I (?:now |still |also |just )?(?:run|own|manage|co-own|co-run) "
    r"(?:a|an|my own|our(?: own)?) (?:[\w-]+ ){0,2}"
    + _ESTABLISHMENT_EN
    # The head ends its noun phrase: punctuation, the end, or a preposition or conjunction.
    + r"(?=$|[,.;:!?)]| (?:in|on|at|with|near|by|and|up|down|out|over|just|since|called|"
    r"that|which|for|off|round|around|back|here|there|now)\b)",
)
_DELIVER_ZH = "送"
_CLAUSE_END = frozenset("，,。；;！!？?、")
# Before 送 in its clause, these make the delivery one act or only meant (把快递送到, 想送外卖).
_NOT_A_TRADE_ZH = frozenset({"把", "被", "想", "要", "准备", "打算", "得", "想要", "给"})
# 家 / 间 count establishments and rooms (开了家花店, 开了一间客栈): the classifier, a closed
# class, says what was opened is a business, where 开了个 may be a meeting or an account.
_ESTABLISHMENT_CLASSIFIERS = frozenset({"家", "一家", "间", "一间"})
_SELF_ZH = frozenset({"我", "我们", "咱", "咱们", "俺"})
_PHRASE_OPENERS = frozenset({"在", "和", "跟", "与", "同"})


def works_at(text: str) -> bool:
    """An English role or a vehicle held at a place or for an employer, or a business the
    speaker runs (module docstring)."""
    return bool(
        _ROLE_SOMEWHERE_EN.search(text)
        or _DRIVEN_FOR_WORK_EN.search(text)
        or _RUNS_A_BUSINESS_EN.search(text)
    )


def trades_zh(text: str, pos: Callable[[str], list[tuple[str, str]]]) -> bool:
    """A Chinese delivery trade, a business the speaker opened or a vehicle run for a living
    (module docstring)."""
    tokens = pos(text)
    return _delivers(tokens) or _runs_an_establishment(tokens) or _runs_a_vehicle(text, pos)


# 跑 / 开 + a bare compound ending in 车 / 船, ending its clause or followed by a duration.
_VEHICLE_OBJECT_ZH = re.compile(
    r"(跑|开)(?:[^\s，,。；;！!？?、了过着的辆台艘条只个部这那我你他她它]){1,3}[车船吊]"
    r"(?=$|[，,。；;！!？?、]|[一二三四五六七八九十几两百多半\d]+(?:年|个月|月))"
)
_CLAUSE_START_ZH = re.compile(r"[^，,。；;！!？?、]*$")
_MODAL_ZH = frozenset({"会", "能", "可以", "想", "要", "准备", "打算", "把", "被", "得"})


def _runs_a_vehicle(text: str, pos: Callable[[str], list[tuple[str, str]]]) -> bool:
    for m in _VEHICLE_OBJECT_ZH.finditer(text):
        before = _CLAUSE_START_ZH.search(text[: m.start()])
        clause = pos(before.group()) if before and before.group() else []
        words = {w for w, _ in clause}
        if _MODAL_ZH & words or (m.group(1) == "开" and "在" not in words):
            continue
        if not clause or clause[0][0] == "在" or _speaker_subject(clause):
            return True
    return False


def _clause_before(tokens: Sequence[tuple[str, str]], at: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for token in reversed(tokens[:at]):
        if token[0] in _CLAUSE_END:
            break
        out.append(token)
    return out[::-1]


def _runs_an_establishment(tokens: Sequence[tuple[str, str]]) -> bool:
    """开(了) + the classifier of establishments 家/间 + a noun, the speaker its subject."""
    for i, (word, _) in enumerate(tokens):
        if word != "开":
            continue
        j = i + 1 + (i + 1 < len(tokens) and tokens[i + 1][0] == "了")
        if j + 1 >= len(tokens) or tokens[j][0] not in _ESTABLISHMENT_CLASSIFIERS:
            continue
        if not any(flag.startswith("n") for _, flag in tokens[j + 1 : j + 3]):
            continue
        if _speaker_subject(_clause_before(tokens, i)):
            return True
    return False


def _speaker_subject(clause: Sequence[tuple[str, str]]) -> bool:
    """The clause opens with the speaker and names nobody or nothing else before its verb,
    but inside a 在-phrase or a conjoined subject (我和老公在县城...; not 我们公司楼下)."""
    if not clause or clause[0][0] not in _SELF_ZH:
        return False
    inside = False
    for word, flag in clause[1:]:
        if word in _PHRASE_OPENERS:
            inside = True
        elif flag.startswith(("n", "s", "f")) and not inside:
            return False
    return True


def _delivers(tokens: Sequence[tuple[str, str]]) -> bool:
    for i, (word, _) in enumerate(tokens[:-1]):
        if word != _DELIVER_ZH:
            continue
        before = [w for w, _ in _clause_before(tokens, i)]
        obj, flag = tokens[i + 1]
        after = tokens[i + 2][0] if i + 2 < len(tokens) else "。"
        bare = flag.startswith(("n", "v")) and flag not in ("nr", "nrfg", "nrt")
        if (
            bare
            and obj not in ASPECT_ZH
            and not PERSON_ZH.fullmatch(obj)
            and after in _CLAUSE_END
            and not _NOT_A_TRADE_ZH & set(before)
        ):
            return True
    return False
