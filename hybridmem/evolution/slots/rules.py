"""Slot inference: which single-valued attribute of the user a statement gives a value of.

A slot (``user.residence``, ``user.job``...) names a conflict group's attribute, so "I moved to
the west of town" and "I work in the east of town" are told apart, and "I stopped being a
teacher, switched to nursing" overturns "I'm a teacher" although the two share no phrasing.
People state a change in endless ways, so no slot is found by a fixed phrase. In order:

1. the caller's explicit ``slot=`` (handled by the writer);
2. a **user slot map** (``EvolutionConfig.slot_map``: slot -> words), checked first;
3. **structure**: who the subject is (the speaker, or nobody, vs "my sister", "他", "小汤"),
   then the attribute's vocabulary (category words such as live/moved/住/搬, office/joined/
   公司/入职, diet words), the *form* of an occupation ("I'm a/an <-er/-ist/-ian...>", "当/做 +
   <-师/-员/-生...>"), and a place after a time word or 在/到/回 ("我现在在深圳了", "back in
   Toronto"), with jieba's part-of-speech tags for Chinese places and nouns;
4. the **embedder** (:class:`SlotPrototypes`): the statement's vector against short bilingual
   descriptions of each slot, for a first-person statement no cue placed;
5. an optional **extractor** (:class:`SlotExtractor`, e.g. the LLM one in
   :mod:`hybridmem.evolution.llm`) for what is left.

A statement about someone else never gets a user slot (``SlotGuess.about_user`` is False), and
the writer does not let it join a user slot's group by similarity either (it may get that
person's own group: :mod:`hybridmem.evolution.slots.others`). Only single-valued
attributes are slots: a second hobby is not a change of hobby.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

from hybridmem.evolution.slots.adjuncts import unset
from hybridmem.evolution.slots.allegiance import allegiance_removed
from hybridmem.evolution.slots.asserted import unasserted_removed
from hybridmem.evolution.slots.bare_subject import bare_subject
from hybridmem.evolution.slots.bystanders import ATTRIBUTE_NOUNS_EN as _ATTRIBUTE_NOUNS_EN
from hybridmem.evolution.slots.bystanders import others_dropped
from hybridmem.evolution.slots.contrast import after_contrast
from hybridmem.evolution.slots.episodes import episodes_removed
from hybridmem.evolution.slots.heads import heads_only
from hybridmem.evolution.slots.livings import lives_by
from hybridmem.evolution.slots.pastimes import pastimes_removed
from hybridmem.evolution.slots.possessed import others_things_removed
from hybridmem.evolution.slots.reported import reported_removed
from hybridmem.evolution.slots.scope import as_speaker, stating_part
from hybridmem.evolution.slots.sentence_adverbs import SENTENCE_ADVERBS_EN
from hybridmem.evolution.slots.states import states_removed
from hybridmem.evolution.slots.subject_zh import SELF_ZH as _SELF_ZH
from hybridmem.evolution.slots.subject_zh import about_speaker_zh as _about_speaker_zh
from hybridmem.evolution.slots.subject_zh import pos as _pos
from hybridmem.evolution.slots.title_complement import title_matches
from hybridmem.evolution.slots.trades import trades_zh, works_at
from hybridmem.evolution.slots.transfers import former_removed, provider_change
from hybridmem.evolution.slots.valueless import valueless_removed
from hybridmem.evolution.slots.zh_names import PERSON_ZH
from hybridmem.evolution.speech import regex_factors

_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True, slots=True)
class SlotGuess:
    """What slot inference found: a slot (or None), whether the statement is about the
    speaker, and which step decided (``map``, ``rule:<name>``, ``embedder``, ``extractor``)."""

    slot: str | None
    about_user: bool
    via: str = ""

    @property
    def open(self) -> bool:
        """Whether structure left the statement open to the slot model: about the speaker, no
        slot, and no category word that structure read as stating nothing (``via`` "scope")."""
        return self.slot is None and self.about_user and not self.via


# -- the attributes ----------------------------------------------------------------------------
# Category vocabularies (what the attribute is called and the verbs that change it), never
# particular values: any city, company, job or roast is recognised.
_OCCUPATION_EN = r"[a-z-]+(?:er|or|ist|ian|ant|ent|man|woman|ess|ee|ic|ef|ive|ary|ect|ot|ard)"
# Occupations by their form: the suffixes Chinese job titles end in (设计师, 程序员, 医生...).
_OCCUPATION_ZH = (
    r"[\u4e00-\u9fff]{0,5}"
    r"(?:师|员|生|家|工|匠|长|官|手|士|医|记者|老板|主管|经理|总监|编辑|模特|主播|骑手|司机)"
)
_RULES: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    (
        "user.diet",
        "diet",
        re.compile(
            r"\b(?:vegetarian|vegan|pescatarian|keto|paleo|gluten|dairy|lactose|meat|fish|sugar"
            r"|carbs|diet|halal|kosher|plant-based)\b|\beat(?:ing)? everything\b"
            # 吃 + up to two characters + a food category: 吃点鱼, 不吃红肉, 吃纯素, 戒了糖.
            r"|吃.{0,2}(?:肉|鱼|素|海鲜|荤|蛋|奶)|[戒忌].{0,2}(?:糖|肉|奶|口|碳水)"
            r"|素食|乳制品|乳糖|麸质|生酮|饮食|茹素|肉我|糖我",
            re.I,
        ),
    ),
    (
        "user.relationship",
        "relationship",
        re.compile(
            r"\b(?:single|married|marry|engaged|divorc\w*|broke up|break up|split up|dating"
            r"|seeing someone|girlfriend|boyfriend|fianc\w*|widowed)\b"
            r"|单身|结婚|分手|订婚|离婚|约会|女朋友|男朋友|对象|在一起了|分了|脱单|恋爱",
            re.I,
        ),
    ),
    (
        "user.job",
        "occupation",
        re.compile(
            r"\b(?:work|working|worked) as\b|\bi(?:'m| am) (?:now |not |no longer )?(?:a|an) "
            r"(?:[\w-]+ ){0,2}" + _OCCUPATION_EN + r"\b"
            r"|\b(?:became|become|becoming|retrained|retired|promoted|for a living|career"
            r"|stopped being|full-time student|changed careers|self-employed|unemployed"
            r"|freelance)\b"
            r"|(?:当|做|干|是|成了|成为|改做|转做)(?:一名|一个|个|了)?(?!.{0,3}[辆台只条套件部]|一家)"
            + _OCCUPATION_ZH
            + r"|转行|退休|升职|考上了?|职业|工作是|我是做|在读|读书",
            re.I,
        ),
    ),
    (
        "pref.coffee",
        "coffee",
        re.compile(
            r"\b(?:coffee|espresso|latte|flat white|americano|pour[- ]over|roast|decaf"
            r"|cappuccino|cold brew|mocha)s?\b|咖啡|拿铁|美式|手冲|意式|烘焙|深烘|浅烘|中烘|低因",
            re.I,
        ),
    ),
    (
        "pref.tea",
        "tea",
        re.compile(
            r"\b(?:tea|oolong|chamomile|jasmine|matcha|earl grey|rooibos)\b"
            r"|[喝泡]茶|茶[叶包]|[红绿白黑花]茶|乌龙|茉莉|菊花茶|抹茶|普洱|铁观音|龙井",
            re.I,
        ),
    ),
    (
        "user.vehicle",
        "vehicle",
        re.compile(
            r"\b(?:car|motorbike|motorcycle|scooter|e-bike|suv|hatchback|sedan|hybrid|ev)\b"
            r"|\bdrive (?:a|an|my|the)\b|\bcycle everywhere\b|\btraded\b.*\bin\b"
            r"|[车]卖了|买了辆|换成了?.{0,4}(?:车|混动|电动)|摩托|电动车|没车|新车|开(?:的是|一辆)|开车|车是"
            # 开 + the vehicle classifier 辆: driving a vehicle (我上下班都开驾校那辆教练车).
            r"|开[^，,。；;！!？?辆]{0,5}辆",
            re.I,
        ),
    ),
    (
        "user.job",
        "role",
        # A copula + indefinite noun said with a time word is a role: "I'm a nurse now",
        # "I'm not a barista anymore", "I used to be a journalist" (after the taste rules:
        # "I'm a tea person now" is about tea).
        re.compile(
            r"\bi(?:'m| am) (?:not |no longer )?(?:a|an) [\w-]+(?: [\w-]+)? "
            r"(?:now|anymore|again|these days|nowadays)\b|\bused to be (?:a|an)\b"
            # ...or with where it is done: "I'm a nurse at the children's hospital".
            r"|\bi(?:'m| am) (?:a|an) [\w-]+ (?:at|for|with) (?:a|an|the|my|[A-Z])",
            re.I,
        ),
    ),
    (
        "user.workplace",
        "workplace",
        re.compile(
            r"\b(?:work|working|worked) (?:at|for|from|out of|in|near|on)\b|\bjoined\b"
            r"|\bhired by\b"
            r"|\boffice\b|\bbranch\b|\bcompan(?:y|ies)\b|\bstarted at\b|\bjob at\b"
            r"|\bcommute to\b|\bemployer\b|\bstartup\b|\bi(?:'m| am) at [a-z]|\bclinic\b"
            r"|上班|入职|离职|跳槽|公司|办公|录用|单位|调到|干了|去了一家|工位|就职|任职"
            # 在 + where + 工作 in one clause: where one works ("在里斯本工作"); 工作 alone is
            # too common a word ("工作很忙") to name the attribute.
            r"|在[^，,。；;！!？?\s]{1,8}工作",
            re.I,
        ),
    ),
    (
        "user.residence",
        "residence",
        re.compile(
            r"\b(?:live|living|lived|moved|move|moving|relocat\w*|rent\w*|home|flat|apartment"
            r"|house|address|settled|neighbou?rhood|dorm)\b|\bback in\b|\bbased in\b"
            r"|\bi(?:'m| am) (?:now )?in [a-z]+(?: [a-z]+)? (?:now|these days)\b"
            r"|住|搬|我家|家在|租(?!车)了?|小区|安顿|定居|落户|老家|房子|新家",
            re.I,
        ),
    ),
)
_ORDER = tuple(dict.fromkeys(slot for slot, _, _ in _RULES))
# The rules read before the occupation rule (and it): a living read by its verb comes after them.
_NAMES = [name for _, name, _ in _RULES]
_BEFORE_OCCUPATION = frozenset(_NAMES[: _NAMES.index("occupation") + 1])
_RULE_LITERALS = regex_factors.FoldedTest([pattern for _, _, pattern in _RULES])

# -- the subject -------------------------------------------------------------------------------
_THIRD_EN = re.compile(
    # "my girlfriend's brother" is the brother, not the girlfriend (an attribute noun).
    r"^(?:my|our|his|her|their)\s+(?!(?:" + _ATTRIBUTE_NOUNS_EN + r")\b(?!'s))[a-z]+"
    r"|^(?:he|she|they|it|the|a|an|this|that|these|those|there|someone|everyone)\b"
)
# The speaker's partner as subject: an attribute of the speaker's (the relationship) only when
# the statement is about the relationship, else the partner's own.
_PARTNER_SUBJECT_EN = re.compile(
    r"^(?:my|our)\s+(?:girlfriend|boyfriend|wife|husband|partner)\b(?!')"
)
_RELATIONSHIP_EN = re.compile(
    r"\b(?:called|named|name is|single|married|marry|engaged|divorc\w*|broke up|split up"
    r"|dating|dumped|cheated|left me|moved in|anniversary|wedding)\b"
)
# A thing as subject that is said of the speaker: "the e-bike works better for me".
_OF_SPEAKER_EN = re.compile(r"\b(?:for|to|with) me\b|\bsuits me\b|\bi(?:'m|'ve|'d)?\b")
# Two names as one subject ("Leo and Nina broke up"): about them, never the speaker.
_TWO_NAMES_EN = re.compile(r"^([A-Z][a-z]+)\s+and\s+(?!I\b)[A-Z][a-z]+\b")
# Two capitalised words before the verb ("Dr Patel works", "The Hobbit is") are a subject too,
# never the speaker; which of them name a person others.py decides.
_NAME_THEN_VERB = re.compile(
    r"^((?:[A-Z][a-z]*\.?\s+(?=[A-Z]))?[A-Z][a-z]+)\s+(?:\w+ed|is|was|has|lives|works|got|went|left|became|quit|bought|sold"
    r"|took|drives|eats)\b"
)
_NOT_A_NAME = frozenset(
    [
        "got",
        "went",
        "became",
        "left",
        "quit",
        "sold",
        "bought",
        "took",
        "back",
        "just",
        "no",
        "home",
        "finally",
        "now",
        "still",
        "also",
        "started",
        "stopped",
        "switched",
        "changed",
        "traded",
        "gave",
        "retrained",
        "settled",
        "moved",
        "we",  # the speaker with their household ("We moved to Bristol"), never a name
    ]
)

# Time words and sentence adverbs that open a statement before its subject (or with none:
# "Never touched meat since uni"), stripped before the subject is read (sentence_adverbs.py).
_LEADING_TIME_EN = re.compile(
    r"^(?:(?:these days|nowadays|now|lately|recently|today|currently|so|well|actually|ok"
    r"|okay|since \w+|last \w+|this \w+|as of \w+|from \w+ on|"
    + "|".join(SENTENCE_ADVERBS_EN)
    + r")\b[,\s]+)+",
    re.I,
)


def about_speaker(text: str) -> bool:
    """Whether the statement is about the speaker (first person, or no subject at all)."""
    if _CJK.search(text):
        return _about_speaker_zh(text)
    stripped = _LEADING_TIME_EN.sub("", text.strip())
    named = _NAME_THEN_VERB.match(stripped)
    if (named and named.group(1).lower() not in _NOT_A_NAME) or _TWO_NAMES_EN.match(stripped):
        return False
    # First person ("I", "we", "my job") or no subject ("moved back to Boston") is the
    # speaker; "my sister", "the meeting", "he" are not.
    lowered = stripped.lower()
    partner = _PARTNER_SUBJECT_EN.match(lowered)
    if partner is not None:
        # "My girlfriend is called Anna", "my husband and I split up": the user's relationship;
        # "my husband works at a law firm", "my partner loves hiking": the partner's own.
        rest = lowered[partner.end() :]
        return _RELATIONSHIP_EN.search(rest) is not None or _OF_SPEAKER_EN.search(rest) is not None
    # "Traffic hasn't moved", "Mum won't move": a bare noun and an auxiliary is a subject as
    # "the traffic" is (bare_subject.py), and is read as one below.
    if _THIRD_EN.match(lowered) is None and not bare_subject(stripped, _NOT_A_NAME):
        return True
    possessed = re.match(r"^(?:my|our|his|her|their)\b", lowered) is not None
    return not possessed and _OF_SPEAKER_EN.search(lowered) is not None


_LANDMARK = re.compile(r"[离距]\S{1,8}?(?:近|远)|\b(?:close|near|next) to (?:the |my )?\w+", re.I)
# "moved to Saturday mornings", "moving it to 3pm": a move to a time is a rescheduling, not a
# change of home.
_RESCHEDULED = re.compile(
    r"\b(?:moved|move|moving)\s+(?:\w+\s+)?(?:back\s+|forward\s+|up\s+)?to\s+"
    r"(?:(?:the|every|next|this)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?"
    r"|mornings?|afternoons?|evenings?|nights?|tomorrow|today|tonight|noon|midnight"
    r"|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)?\b|\d{1,2}(?:st|nd|rd|th)\b"
    r"|(?:jan|febr)uary|march|april|may|june|july|august|(?:septem|octo|novem|decem)ber)",
    re.I,
)

# "I moved my gym sessions to Friday", "moving the piano": a move with an object moves a
# thing; the speaker's home moves without one ("moved to Leeds", "moving house").
_MOVED_A_THING = re.compile(
    r"\b(?:moved|move|moving)\s+(?:my|our|the|his|her|their|its|a|an|this|that|these|those"
    r"|it|them|everything|all|both)\b",
    re.I,
)


_TITLE_ENDS = frozenset("师员生家工匠长官手士医")


def _ends_a_title(text: str, match: re.Match[str]) -> bool:
    """Whether an occupation's suffix ends a word: "是...手" is a job in "我是歌手" but the head
    of 手机 in "我用的是苹果手机" (jieba's words decide; a verb cue such as 搬 may well end
    inside a word, 搬到, so only the suffixes are checked)."""
    end = match.end()
    if end == len(text) or text[end - 1] not in _TITLE_ENDS:
        return True
    return end in _word_ends(text)


def _word_ends(text: str) -> frozenset[int]:
    """Where jieba's words end, from the tagging the subject test already did (cached)."""
    ends, at = set(), 0
    for word, _ in _pos(text):
        at += len(word)
        ends.add(at)
    return frozenset(ends)


def _drives_a_named_thing(text: str) -> bool:
    """开 followed by a proper noun ("我现在开特斯拉"): the vehicle one drives."""
    tokens = _pos(text)
    return any(
        word == "开" and tokens[i + 1][1] in ("nr", "nrt", "nz", "eng")
        for i, (word, _) in enumerate(tokens[:-1])
    )


def _place_after_locative(text: str) -> bool:
    """A place name right after 在/到/回/去 (with 现在/又/已经... before): "我现在在深圳了"."""
    tokens = _pos(text)
    for i, (word, _) in enumerate(tokens[:-1]):
        if word in {"在", "到", "回", "去", "回到", "来到", "去了"} or word.startswith("人在"):
            following = tokens[i + 1]
            # 去 + a place names where one is going: a home only once the going is done
            # ("我去深圳了"); "准备明年去京都旅游", "下个月去上海出差" are trips.
            gone = word != "去" or (i + 2 < len(tokens) and tokens[i + 2][0] == "了")
            # A place a verb or a noun follows is where that is done (我在西安开网约车).
            nxt = tokens[i + 2][1] if i + 2 < len(tokens) else "x"
            if following[1] == "ns" and gone and (nxt == "ns" or not nxt.startswith(("v", "n"))):
                return True
    return False


# -- structural inference ----------------------------------------------------------------------
def infer(text: str, slot_map: Mapping[str, Sequence[str]] | None = None) -> SlotGuess:
    """The slot a statement gives a value of, by the user's map, then by structure."""
    if not about_speaker(text) or not about_speaker(as_speaker(text)):
        return SlotGuess(None, False, "third-party subject")
    lowered = text.lower()
    for slot, words in (slot_map or {}).items():
        if any(_mentions(lowered, w.lower()) for w in words):
            return SlotGuess(slot, True, "map")
    # Only the part that states a value is read: not a landmark ("离公司近多了"), a thing
    # moved, a rescheduling, a subordinate clause, a hometown, rent paid (scope.py), a place
    # or a diet word in an adjunct of another act (adjuncts.py), a modifier ("a dairy farm",
    # coffee drinks read in the plural: "flat whites") or someone else's thing (heads.py).
    scoped = unset(stated := stating_part(text, _RULES, _pos), _RULES, _pos)
    scoped = heads_only(scoped, _RULES, PERSON_ZH, _SELF_ZH, _pos)
    # ...nor a former job or employer as the scene of another act (transfers.py).
    scoped = former_removed(scoped)
    # ...nor a clause another person is the subject of ("..., Donna's retired": bystanders.py;
    # "Dave told me he's moving": reported.py), nor a side the speaker follows (allegiance.py).
    scoped = allegiance_removed(
        others_dropped(reported_removed(scoped, _pos, _first_rule), _pos), _pos
    )
    # ...nor a state of the speaker ("I'm deaf in one ear from the docks": states.py).
    scoped = states_removed(scoped, _pos, lambda word: _first_rule(word) is not None)
    # ...nor a clause saying a thing is another person's ("the house is my parents'",
    # 车是我朋友开的: possessed.py).
    scoped = others_things_removed(scoped, _pos)
    # ...nor a clause asserting no value: another's view, a denial, a question (asserted.py).
    # ...nor the speaker as a pastime's enthusiast or joining a club for one (pastimes.py).
    scoped = pastimes_removed(
        valueless_removed(unasserted_removed(scoped, _pos), _pos, _first_rule), _pos, _RULES
    )
    # ...nor a booking, a bounded stay or a learning act: no standing value (episodes.py).
    scoped = episodes_removed(scoped, _pos)
    scan = _MOVED_A_THING.sub("", _RESCHEDULED.sub("", _LANDMARK.sub("", scoped)))
    # ...and in a contrast, the asserted clause's slot before the conceded one's (contrast.py).
    asserted = after_contrast(scan)
    found = (_first_rule(asserted) if asserted else None) or _first_rule(scan)
    # A living stated by its verb is read where the occupation rule stands in the order: before
    # the drinks, the vehicle and the places (卖咖啡为生 is a trade; livings.py, trades.py).
    if (found is None or found[1] not in _BEFORE_OCCUPATION) and (
        lives_by(scoped, _pos) or trades_zh(scoped, _pos)
        if _CJK.search(scoped)
        else works_at(scoped)
    ):
        return SlotGuess("user.job", True, "rule:living")
    if found is not None:
        return SlotGuess(found[0], True, f"rule:{found[1]}")
    if _CJK.search(scoped):
        if _drives_a_named_thing(scoped):
            return SlotGuess("user.vehicle", True, "rule:drives")
        if _place_after_locative(scoped):
            return SlotGuess("user.residence", True, "rule:place")
    # A category word only outside that part, or a change of provider (transfers.py): decided,
    # no slot; the slot model is not asked (it reads the whole statement's vector, so it would
    # file it under that word's slot, or a change verb under the job or the workplace).
    unread = _first_rule(text) is None and scoped == stated
    return SlotGuess(None, True, "" if unread and not provider_change(scoped, _pos) else "scope")


def _first_rule(scan: str) -> tuple[str, str] | None:
    """The first rule whose category words ``scan`` holds: (slot, rule name)."""
    # A rule none of whose literals the text holds is not searched (the same guess).
    for (slot, name, pattern), may in zip(_RULES, _RULE_LITERALS.possible(scan), strict=True):
        if may and _holds(scan, name, pattern):
            return slot, name
    return None


def _holds(scan: str, name: str, pattern: re.Pattern[str]) -> bool:
    """Whether ``scan`` holds the rule's words; an occupation's title must end a word and be
    its cue's complement, no verb's object (title_complement.py)."""
    if name != "occupation":
        return pattern.search(scan) is not None
    return any(
        _ends_a_title(scan, m) and not _proper_head(m.group(0))
        for m in title_matches(pattern, scan, _pos)
    )


def _proper_head(found: str) -> bool:
    """An English occupation's form whose head is capitalised inside the sentence, after a
    lower-case word or the article: a proper noun or adjective (a faith, a nation, a town's
    people: "I'm a lapsed Catholic", "I'm a Londoner"), not a job, which is a common noun.
    Title Case ("a Senior Software Engineer") and capitals ("I'm a GP") are read as before."""
    words = found.split()
    if len(words) < 3 or not words[-1][:1].isupper() or words[-1].isupper():
        return False
    return not words[-2][:1].isupper() or words[-2].lower() in ("a", "an")


def _mentions(lowered: str, word: str) -> bool:
    if _CJK.search(word):
        return word in lowered
    return re.search(r"\b" + re.escape(word) + r"\b", lowered) is not None


def infer_slot(text: str) -> str | None:
    """The slot ``text`` states a value of (structure only), or None."""
    return infer(text).slot


def known_slots() -> tuple[str, ...]:
    """Slots the built-in rules can infer."""
    return _ORDER


# -- the embedder ------------------------------------------------------------------------------
PROTOTYPES: dict[str, tuple[str, ...]] = {
    "user.residence": (
        "where I live: my home, my city, my address",
        "I moved house to a new city",
        "我住的地方，我家在哪个城市",
        "我搬家了，现在住在别的城市",
    ),
    "user.workplace": (
        "where I work: my company, my employer, my office",
        "I changed companies and joined a new employer",
        "我在哪家公司上班，我的单位",
        "我换了公司，去了新单位",
    ),
    "user.job": (
        "what I do for a living: my occupation, my profession",
        "I changed careers and now have a different job title",
        "我的职业是什么，我是做什么工作的",
        "我转行了，现在做别的职业",
    ),
    "user.diet": (
        "what I eat: my diet, food I avoid",
        "I stopped eating meat and changed my diet",
        "我的饮食习惯，我吃什么不吃什么",
        "我改变了饮食，不再吃某些东西",
    ),
    "user.relationship": (
        "my relationship status: single, dating, married",
        "I broke up with my partner",
        "我的感情状况，单身还是有对象",
        "我分手了，或者结婚了",
    ),
    "user.vehicle": (
        "the car or vehicle I own and drive",
        "I sold my car and bought a different vehicle",
        "我开什么车，我的交通工具",
        "我把车卖了换了一辆",
    ),
    "pref.coffee": (
        "how I take my coffee",
        "I switched to a different kind of coffee",
        "我喝什么咖啡",
        "我改喝另一种咖啡了",
    ),
    "pref.tea": (
        "what tea I drink",
        "I switched to a different tea",
        "我喝什么茶",
        "我改喝另一种茶了",
    ),
}


class SlotPrototypes:
    """Slot descriptions embedded once per embedder; a statement's vector is compared with
    each slot's prototypes of its language (max cosine). A slot is chosen only when it is at
    least ``threshold`` close and ``margin`` closer than the runner-up.

    Self-check: the embedder is used for a language only if, among that language's prototypes,
    most have a nearest neighbour describing the same slot (``SELF_CHECK``). An embedder that
    does not read the language (MiniLM on Chinese) fails it and is not asked: it would place
    statements in wrong slots with confidence.
    """

    def __init__(self, vectors: Mapping[str, Mapping[str, np.ndarray]]) -> None:
        self.vectors = {lang: dict(by_slot) for lang, by_slot in vectors.items()}

    @classmethod
    def build(cls, embed: Callable[[list[str]], Any]) -> SlotPrototypes:
        out: dict[str, dict[str, np.ndarray]] = {}
        for lang in ("en", "zh"):
            chosen = {
                slot: [t for t in group if bool(_CJK.search(t)) == (lang == "zh")]
                for slot, group in PROTOTYPES.items()
            }
            texts = [t for group in chosen.values() for t in group]
            table = np.asarray(embed(texts), dtype=np.float32)
            by_slot: dict[str, np.ndarray] = {}
            start = 0
            for slot, group in chosen.items():
                by_slot[slot] = table[start : start + len(group)]
                start += len(group)
            if _separates(by_slot):
                out[lang] = by_slot
        return cls(out)

    def languages(self) -> tuple[str, ...]:
        """The languages the embedder passed the self-check for."""
        return tuple(self.vectors)

    def scores(self, vector: np.ndarray, lang: str) -> list[tuple[float, str]]:
        """``(similarity, slot)`` pairs, best first (empty for a language not checked)."""
        return sorted(
            (
                (float((protos @ vector).max()), slot)
                for slot, protos in self.vectors.get(lang, {}).items()
            ),
            reverse=True,
        )

    def nearest(
        self, vector: np.ndarray, threshold: float, margin: float, text: str = ""
    ) -> str | None:
        ranked = self.scores(vector, "zh" if _CJK.search(text) else "en")
        if not ranked:
            return None
        best, slot = ranked[0]
        runner = ranked[1][0] if len(ranked) > 1 else -1.0
        if best >= threshold and best - runner >= margin:
            return slot
        return None


SELF_CHECK = 0.5
"""Share of a language's prototypes whose nearest other prototype must describe the same
slot (chance is about 1 in 15): MiniLM scores 0.62 on the English ones, 0.38 on the Chinese."""


def _separates(by_slot: Mapping[str, np.ndarray]) -> bool:
    """Whether the embedder tells this language's slot descriptions apart (``SELF_CHECK``)."""
    labels = [slot for slot, rows in by_slot.items() for _ in range(len(rows))]
    table = np.concatenate([rows for rows in by_slot.values()])
    sims = table @ table.T
    np.fill_diagonal(sims, -np.inf)
    hits = [labels[int(np.argmax(row))] == labels[i] for i, row in enumerate(sims)]
    return sum(hits) / len(hits) >= SELF_CHECK


@runtime_checkable
class SlotExtractor(Protocol):
    """Names the slot of a statement among ``slots`` (or None); e.g. an LLM."""

    name: str

    def extract(self, text: str, slots: Sequence[str]) -> str | None:
        """One of ``slots`` or None; must not raise for ordinary text."""
        ...
