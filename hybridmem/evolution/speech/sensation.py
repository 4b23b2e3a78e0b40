"""A bodily state of the moment: a sensation of the speaker's body said as a plain statement.

"Head's pounding this afternoon", "My tooth is throbbing, can barely chew", "Feet are sore from
all the walking", 走了一天路，脚好疼, 腰都僵了, 困得眼睛都睁不开了: the rules find a mood through a
feeling word, and a sensation has none they know, so these are read as assertions and memory
keeps them as facts about the user (issue 38: "a tired or hungry remark stored as a
preference"). A standing bodily fact is said differently: with a condition noun the speaker
has or is ("I have asthma", "I'm diabetic", 我有糖尿病, 我乳糖不耐受), a habitual or generic
aspect ("I get migraines", "I'm always cold", 我一到换季就偏头痛, 坐久了腰疼), or a span that
outlasts the moment ("my knees are bad these days", 膝盖这两年不行了).

What marks the state of the moment is read from closed classes only:

* **the body as the subject**: a body-part noun (the anatomical nouns, a closed class) heading
  its clause, bare or with "my" (my back, 脚, 嗓子, 整个人); in Chinese a word of its own in
  jieba's cut, the speaker's and nobody else's: the sensation is of the body, not a condition
  the speaker has (a condition is the object of "have" / 有, or the complement of "I'm");
* **a predicate of a state ongoing or reached**: English the progressive ("is throbbing",
  "'s been screaming", a bare "drooping"), "won't stop" / "keeps", one ache in the indefinite
  singular ("got a splitting headache"), or a linking verb (a copula, "feels") or a verbless
  complement beside its cause ("sore from all the walking", "like jelly after spin class");
  Chinese an extreme reached (a 得-complement: 干得要命; 死; the scalar 都: 腰都僵了), or a degree
  adverb or the 了 of a state reached only beside the moment's time or the event it follows;
* **no lasting aspect anywhere in the message**: no frequency or habitual marker, no generic
  subject (:mod:`.aspect`), no span that outlasts the moment (these days, years, 最近, 这两年,
  天天, 天生); and nothing still to come.

The reading is the write planner's, for facts and preferences (``HybridMemory.add``): the
conversation extractor and events keep the rules' act (docs/benchmarks.md, mood24).
"""

from __future__ import annotations

import re
from dataclasses import replace

from hybridmem import lexical
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult
from hybridmem.evolution.speech.lexicon import normalise

MOMENTARY = "sensation:momentary"
"""The cue a statement read as a bodily state of the moment is marked with."""
_STATEMENTS = (SpeechAct.ASSERTION, SpeechAct.NEGATION)

# Body-part nouns (the anatomical nouns: a closed class), singular and plural.
_BODY_EN = (
    r"(?:head|back|lower back|neck|shoulders?|throat|tooth|teeth|jaw|stomach|tummy|belly|gut"
    r"|feet|foot|legs?|knees?|ankles?|hips?|eyes|eyelids|hands?|fingers|toes|arms?|wrists?"
    r"|chest|ears?|nose|muscles|joints|skin|lips|brain|body)"
)
# The subject: a body part at the head of its clause, bare or after a possessive ("both").
_SUBJECT_EN = re.compile(r"^(?:(?:my|both|left|right|upper)\s+)*" + _BODY_EN + r"\b")
# What after the subject says a state ongoing: the progressive (with its auxiliary, contracted
# or not, or bare: "eyelids drooping"), a continuing verb.
_ONGOING_EN = re.compile(
    r"^(?:'s|'re|is|are|has been|have been|'s been|'ve been|is still|are still)?\s*"
    r"(?:[a-z]+ing\b|won't stop|keeps?\b|will not stop)"
)
# A linking verb (a copula, "feel": a perception is a linking verb too) or none, with its
# complement beside a cause or the event it follows ("sore from all the walking", "like jelly
# after spin class", "wrecked after that hike"); alone ("my back feels looser", "my eyes are
# sore") it is as often a lasting or a welcome state as a passing one.
_COMPLEMENT_EN = re.compile(r"^(?:'s|'re|is|are|feel|feels)?\s*[a-z' -]{2,30}\b(?:from|after)\b")
# One ache, an indefinite singular ("got a splitting headache", "I have a stomach ache"): one
# episode of it. A standing condition is a plural or a bare noun ("I get migraines", "I have
# asthma"), which this does not read.
_ONE_ACHE_EN = re.compile(
    r"\b(?:got|have|has|'ve got|'s got|having)\s+an?\s+(?:[a-z-]+\s+)?[a-z]*ache\b"
)
# Chinese body-part nouns (a closed class) and "the whole person" (整个): each must be a
# word of its own in jieba's cut (手 not inside 手机, 牙 not inside 西班牙; 腿伤, 牙疼 are cut as
# one word of an injury or an ache and are left to the rules).
_BODY_ZH = frozenset(
    {"头", "脑袋", "腰", "背", "脖子", "肩膀", "肩", "嗓子", "喉咙", "牙", "胃", "肚子", "脚"}
    | {"腿", "膝盖", "眼睛", "眼皮", "手", "手指", "胳膊", "胸口", "耳朵", "鼻子", "全身", "浑身"}
    | {"身上", "整个"}
)
# 人 is the speaker's whole person only as 整个人 or before the scalar 都 (人都傻了); elsewhere it
# is anyone (没人陪我).
_PERSON_ZH = "人"
# What may stand before the body part in its clause: the speaker (我, 我的), adverbs and time
# words (jieba's d, t), a conjunction; after a 得 the clause restarts (磨得脚好疼: the shoes
# rubbed so that the feet hurt). Anyone else's body (他腿很长, 我妈腰不好) is not the speaker's.
_BEFORE_ZH = frozenset({"我", "的", "咱"})
_BEFORE_FLAGS = ("d", "t", "c", "b")
# The predicate after the body part. An extreme reached says the moment by itself: a
# 得-complement (干得要命, 僵得不行), the degree complement 死, the scalar 都 ("even": 腰都僵了,
# 人都傻了). A degree adverb (a closed class; not the neutral 很 of a standing property) or a
# state closed by 了 says it only beside the moment's time or the event it follows (走了一天路，
# 脚好疼): alone it is as often a condition reached (我眼睛老花了, 我耳朵有点背).
_EXTREME_ZH = re.compile(r"得|死|^都")
_STATE_ZH = re.compile(r"^(?:好|有点|有些|太|真|特别|超|巨)|了")
# The event a state follows, in a clause of its own: a verb closed by 了 or 完 (搬了一天箱子,
# 刚搬完箱子).
_EVENT_ZH = re.compile(r"[\u4e00-\u9fff](?:了|完)")
# jieba's flags of a predicate: a verb or an adjective (腿伤 is cut as a noun: an injury).
_PREDICATE_FLAGS = frozenset({"v", "a"})
# Done to the body (把手烫了, 被撞了): an event, an injury's record, not a sensation.
_DISPOSAL_ZH = frozenset({"把", "被", "将"})
# A span that outlasts the moment (a closed class of duration adverbials), and the future.
_LASTING = re.compile(
    r"\b(?:these days|nowadays|lately|recently|for (?:years|months|weeks|ages)|since (?:i was"
    r"|childhood|birth)|all my life|any ?more|no longer|years|decades)\b"
    r"|最近|近来|这阵子|这段时间|这(?:几|两|些)年|多年|如今|目前|从小|天生|长期|不再|天天|常年"
)
_FUTURE = re.compile(r"\btomorrow\b|明天|明早|明晚|明儿")


def passing_state(text: str, result: SpeechActResult) -> SpeechActResult:
    """``result``, or a mood when it reads ``text`` as a plain statement (or its negation) and
    ``text`` reports a bodily state of the moment: what the writer of a fact or a preference
    holds back (``evolution/write/planner.py``)."""
    if result.act not in _STATEMENTS or not momentary_sensation(text):
        return result
    return replace(result, act=SpeechAct.EMOTION, cues=(*result.cues, MOMENTARY))


def momentary_sensation(text: str) -> bool:
    """Whether ``text`` reports a bodily state of the speaker's at the moment of speaking
    (the module docstring): read by the rules as a plain statement, it is a passing state."""
    norm = normalise(text)
    if _lasting(norm):
        return False
    pieces = [normalise(piece) for piece in lexical.clause_pieces(text)]
    # The moment a graded state is placed in: a deictic time or an aspect of one episode
    # (:data:`.aspect.EPISODIC`), or another clause reporting the event it follows.
    episode = bool(aspect.EPISODIC.fired(norm))
    return any(
        _sensation(piece, episode or any(_EVENT_ZH.search(p) for p in pieces if p != piece))
        for piece in pieces
    )


def _lasting(norm: str) -> bool:
    return bool(
        _LASTING.search(norm)
        or _FUTURE.search(norm)
        or aspect.FREQUENCY.fired(norm)
        or volition.HABITUAL.fired(norm)
        or aspect.CHARACTERIZING.fired(norm)
    )


def _sensation(clause: str, placed: bool) -> bool:
    if re.search(r"[\u4e00-\u9fff]", clause):
        return _sensation_zh(clause, placed)
    if _ONE_ACHE_EN.search(clause):
        return True
    subject = _SUBJECT_EN.match(clause)
    if subject is None:
        return False
    rest = clause[subject.end() :].strip()
    return bool(_ONGOING_EN.match(rest) or _COMPLEMENT_EN.match(rest))


def _sensation_zh(clause: str, placed: bool) -> bool:
    tags = lexical.pos_tags(clause)
    if any(word in _DISPOSAL_ZH for word, _flag in tags):
        return False
    start = 0
    for i, (word, flag) in enumerate(tags):
        if word == "得":
            start = i + 1
        before = tags[start:i]
        if not all(w in _BEFORE_ZH or f.startswith(_BEFORE_FLAGS) for w, f in before):
            continue
        if word in _BODY_ZH or (word == _PERSON_ZH and _whole_person(tags, i)):
            rest = "".join(w for w, _f in tags[i + 1 :])
            if rest and (_EXTREME_ZH.search(rest) or (placed and _STATE_ZH.search(rest))):
                return True
        # The body part and its sensation cut as one predicate (牙疼, 头疼): the state itself.
        elif flag in _PREDICATE_FLAGS and any(
            word.startswith(part) and len(word) > len(part) for part in _BODY_ZH
        ):
            return True
    return False


def _whole_person(tags: list[tuple[str, str]], i: int) -> bool:
    after = tags[i + 1][0] if i + 1 < len(tags) else ""
    return (i > 0 and tags[i - 1][0] == "整个") or after.startswith("都")
