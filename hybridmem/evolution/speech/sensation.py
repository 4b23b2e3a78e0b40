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

**The speaker's whole person** (mood25) is the other subject of a state of the moment, with no
body part: "Absolutely frazzled this afternoon", "Bushed after the wedding", "I'm totally
wrecked after the move", 困得要命, 闷坏了. What says the moment is its grammar, not a list of
states: in Chinese a complement of degree (程度补语: a 得-complement that is no manner
complement and has no subject of its own, or 极了 / 死 / 坏了 / 透 / 慌 / 要命 / 不行) after a
predicate of one or two characters with the speaker or nobody before it, or a graded state (有点冷,
好困) said of the moment's own time; no bare part of the day (早上挤得要命: every morning). In
English, which marks no word class, only where the form says a state: a participle (a state
reached: "Bushed", "I'm wrecked") with no object after it, or any word a degree adverb grades
("so peckish", "a bit light-headed"), with "I'm" or the subject left out (and only where the
clauses before it are the speaker's: "My sister is a nurse, posted out in Dubai" is hers),
placed in its moment by a deictic time, a past event, a demonstrative or the cause it follows
("after the move"); never a verb with its object, a count ("scored twice"), a participle's place
or goal ("Moved to Leeds"), an "of" of an attitude ("scared of dogs"), or a dated year.

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
"""The cue a statement read as a bodily (or the whole speaker's) state of the moment is marked
with."""
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
# A year names a dated event or a span, not the moment of speaking ("retired in 2019").
_DATED = re.compile(r"\b(?:19|20)\d\d\b")

# The speaker as the subject of a state, with no body part (a whole-person state: "Frozen solid
# after the bus", "Wiped out after the school run", 困死了, 冻透了). English: the clause opens
# with its predicate (the subject "I" left out, as chat does) or with "I'm" / "I feel"; what
# opens it is then no noun phrase (a determiner, a pronoun, a preposition, a conjunction, an
# auxiliary or a wh-word: closed classes), and no bare noun before a verb (a subject that is
# not the speaker: "Traffic hasn't moved").
_SPEAKER_EN = re.compile(r"^(?:i'm|i am|im|i feel|i'm feeling|feeling)\s+")
_DEGREE_EN = re.compile(
    r"^(?:(?:so|absolutely|totally|completely|utterly|pretty|very|still|half|kind of|kinda"
    r"|sort of|a bit|a little|bit|quite|rather|properly|well and truly)\s+)*"
)
_NOT_PREDICATE_EN = frozenset(
    {"the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "his", "her"}
    | {"their", "its", "i", "we", "you", "he", "she", "they", "it", "there", "here", "what"}
    | {"which", "who", "how", "why", "when", "where", "if", "and", "but", "or", "so", "because"}
    | {"to", "in", "on", "at", "for", "with", "of", "by", "from", "after", "before", "about"}
    | {"is", "are", "was", "were", "am", "be", "been", "do", "does", "did", "have", "has"}
    | {"had", "can", "could", "will", "would", "should", "must", "may", "might", "shall"}
    | {"not", "no", "never", "always", "just", "also", "only", "please", "let", "let's"}
    | {"some", "any", "all", "both", "each", "every", "one", "me", "us", "them", "him"}
    | {"since", "until", "during", "through", "over", "under", "into", "like", "as", "than"}
    | {"got", "get", "gets", "went", "go", "goes"}
)
# A verb after the opening word makes that word a subject ("Traffic hasn't moved", "Work was
# mad", "Mum's in hospital"): the auxiliaries, copulas and a verb's third person in -s.
_THEN_VERB_EN = re.compile(
    r"^[a-z'-]+(?:'s|'re|'ve|'ll|'d)?\s+(?:is|are|was|were|has|have|had|hasn't|haven't|isn't"
    r"|aren't|wasn't|won't|will|can|can't|could|would|should|does|doesn't|did|didn't|[a-z]+s)\b"
    r"|^[a-z-]+(?:'s|'re)\b"
)
_OBJECT_EN = frozenset(
    {"a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "some", "this"}
    | {"that", "these", "those", "me", "him", "them", "it", "us", "myself", "up", "off"}
    | {"once", "twice", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
)
_FINITE_EN = re.compile(
    r"\b(?:is|are|was|were|has|have|had|isn't|aren't|wasn't|weren't|hasn't|will|would)\b"
)
# A clause whose subject is the speaker: "I", an event told with the subject left out ("got
# home", "skipped lunch"), after a time word or an adverb in -ly.
_SPEAKERS_CLAUSE_EN = re.compile(
    r"^(?:(?:finally|just|today|tonight|[a-z]+ly)\s+)*(?:i\b|i'm|i've|[a-z]{2,}ed\b|got\b|forgot"
    r"|left|ate|slept|ran|drank|woke|came|took|haven't|hasn't|didn't|shouldn't|can't)"
)
_PART_OF_DAY_ZH = re.compile(r"(?<![今昨明这那每])(?:早上|早晨|晚上|中午|下午|上午|夜里)")
_DEICTIC_TIME_EN = re.compile(
    r"\b(?:this|that|last) (?:morning|afternoon|evening|week|weekend|time)\b"
)
_SUBJECTS_EN = frozenset({"i", "i'm", "i've", "we", "we're", "you", "he", "she", "they"})
# A verb's past: the regular -ed and the commonest irregular pasts (a closed class).
_PAST_EN = re.compile(
    r"[a-z]+ed|took|drove|went|came|slept|ate|ran|left|got|made|bought|sold|met|saw|sent"
    r"|spent|lost|found|flew|rode|swam|began|quit|moved"
)
# What may follow a participle that is a state, not a verb with its object (closed classes):
# nothing, a conjunction, a preposition of the cause or the event it follows, a particle, a
# deictic time word, an adverb in -ly.
_AFTER_PARTICIPLE_EN = re.compile(
    r"|and|but|so|or|after|from|by|out|through|again|today|tonight|now|already|[a-z]+ly"
)
# A participle's place or goal tells an event ("Enrolled in", "Moved to"); its "of" an
# attitude to a kind of thing ("frightened of horses"), not a state of the body.
_PLACE_PREPOSITIONS_EN = frozenset(
    {"at", "in", "into", "to", "from", "with", "on", "for", "as", "by", "over", "of"}
)
# A participle: the regular -ed and the irregular participles of a state reached (a closed
# class).
_PARTICIPLE_EN = re.compile(r"[a-z]{2,}ed|frozen|swollen|shaken|worn|burnt|spent|done|stuck")
# What places an English state in its moment, beside the deictic time and past of
# :data:`.aspect.EPISODIC`: a demonstrative (this office, that call), the event it follows or
# comes from ("after the school run", "from all the walking").
_PLACED_EN = re.compile(r"\b(?:this|these|those|after|from)\b")
# Another clause reporting the event the state follows, in the past or the perfect ("skipped
# lunch", "haven't eaten since breakfast", "shouldn't have had the second dessert").
_EPISODE_EN = re.compile(
    r"^(?:i\s+|just\s+)?(?:[a-z]+ed|haven't|hasn't|didn't|shouldn't have|should've|forgot"
    r"|left|lost|ate|slept|ran|drank|stood|sat|woke|came|took|got)\b"
)

# Chinese: the speaker as the subject (我 or none; adverbs and time words before it), a state
# predicate of one or two characters and a complement of degree (程度补语, a closed class of
# the grammar): a 得-complement that is no manner complement (not the neutral 很 / 挺 / 比较 of a
# standing property: 跑得很快, 睡得很晚) and has no subject of its own (吃得胃不舒服, 听得我头晕:
# an event's result on someone or something), read on characters as the aspect reading reads
# it (jieba cuts 渴得 as one verb; not 觉得, 记得, 省得 …); or 极了 / 死 / 坏了 / 透 / 透顶 / 慌 /
# 要命 / 不行 right after the predicate (困死了, 冻透了, 饿坏了). A graded state (有点冷, 好困)
# says the moment only beside its own time (我有点夜盲，天黑了… is a condition beside an event).
_DE_COMPLEMENT_ZH = re.compile(
    next(cue.pattern for cue in aspect.PARTICULAR.cues if cue.name == "particular:zh-de")
)
_NEUTRAL_DEGREE_ZH = re.compile(r"^(?:很|挺|蛮|比较|还|更)")
_DEGREE_WORDS_ZH = re.compile(r"^(?:极了|死|坏了|透|慌|要命|不行)")
_NOMINAL_FLAGS = ("n", "r", "m", "q")
_GRADED_ZH = re.compile(r"^(?:有点|有些|好|太|真|特别|超|巨)[\u4e00-\u9fff]{1,2}(?:了|啊|呀)?$")


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
    if any(
        _sensation(piece, episode or any(_EVENT_ZH.search(p) for p in pieces if p != piece))
        for piece in pieces
    ):
        return True
    # The speaker's whole person as the subject: the state said of the moment by its grammar.
    if re.search(r"[\u4e00-\u9fff]", norm):
        # A graded state beside another clause's event is as often a standing one (我有点夜盲，
        # 天黑了不敢开快车): only the moment's own time places the speaker's.
        # A bare part of the day (早上挤得要命) is every morning: a habit, not the moment.
        if _PART_OF_DAY_ZH.search(norm):
            return False
        return any(_speaker_state_zh(piece, episode) for piece in pieces)
    if not (episode or _PLACED_EN.search(norm) or any(_EPISODE_EN.match(p) for p in pieces[1:])):
        return False
    # A clause that leaves its subject out continues the subject before it: after a clause
    # of someone or something else ("My brother is in the army, posted out in Cyprus"), it is
    # theirs, not the speaker's.
    for piece in pieces:
        if _speaker_state_en(piece):
            return True
        if not _SPEAKERS_CLAUSE_EN.match(piece):
            return False
    return False


def _lasting(norm: str) -> bool:
    return bool(
        _LASTING.search(norm)
        or _DATED.search(norm)
        or aspect.TOMORROW.search(norm)
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


def _speaker_state_en(clause: str) -> bool:
    """Whether ``clause`` says a state of the speaker's with no noun phrase as its subject (the
    caller has placed the message in its moment)."""
    speaker = _SPEAKER_EN.match(clause)
    rest = clause[speaker.end() :] if speaker else clause
    # An opening word before a verb, or a finite verb later in the clause, makes the opening
    # words a subject ("Traffic hasn't moved", "Support ticket 5521 was closed").
    if speaker is None and (_THEN_VERB_EN.match(rest) or _FINITE_EN.search(rest)):
        return False
    # A deictic time is no object ("frazzled this afternoon").
    rest = _DEICTIC_TIME_EN.sub("", rest).strip()
    degree = _DEGREE_EN.match(rest).end()  # type: ignore[union-attr]
    word, _, after = rest[degree:].partition(" ")
    following = after.split(" ", 1)[0]
    if not re.fullmatch(r"[a-z-]{3,}", word) or word in _NOT_PREDICATE_EN:
        return False
    # English marks no word class, and a noun opens a fragment as often as a state does
    # ("Kindle again, the paperbacks took up too much room": the value said). A state is read
    # only where the form says one: a participle (a state reached: "Frozen solid", "Wiped out",
    # "I'm soaked"), or any word a degree adverb grades ("so sleepy", "a bit light-headed").
    if not (degree or _PARTICIPLE_EN.fullmatch(word)):
        return False
    # After "I'm", the progressive is an activity going on ("I'm waiting for the results"), not
    # a state; the state is an adjective or a participle ("I'm soaked", "I'm so cold").
    if speaker is not None and word.endswith("ing"):
        return False
    # A verb with its object is an act, not a state ("Renewed my passport", "getting a taxi"),
    # and a clause with its own subject after an opening adverb is no subjectless one
    # ("Tonight I'm getting…"); a verb in the past with a place or a goal is an event told
    # ("Slept at my mum's", "Enrolled in a course", "Moved to Leeds").
    if following in _OBJECT_EN or following in _SUBJECTS_EN:
        return False
    if following.isdigit():
        return False
    if not degree and speaker is None and not _AFTER_PARTICIPLE_EN.fullmatch(following):
        # A participle opening a clause with an open-class word after it may be a verb with
        # its object ("Visited Grandad at the care home"): only a closed-class continuation
        # leaves it a state.
        return False
    return not (_PAST_EN.fullmatch(word) and following in _PLACE_PREPOSITIONS_EN)


def _speaker_state_zh(clause: str, episode: bool) -> bool:
    """Whether ``clause`` says a state of the speaker's at an extreme reached, or graded and
    said of the moment's time (``episode``), with the speaker (or nobody named) as its
    subject."""
    tags = lexical.pos_tags(clause)
    start = 0
    while start < len(tags) and (
        tags[start][0] in _BEFORE_ZH or tags[start][1].startswith(_BEFORE_FLAGS)
    ):
        start += 1
    # A noun, a pronoun or a number opens the predicate: someone or something else's state
    # (我妈累坏了, 手机烫死了), or an object before it. 有点 is cut as a noun.
    if (
        start < len(tags)
        and tags[start][1].startswith(_NOMINAL_FLAGS)
        and not tags[start][0].startswith(("有点", "有些"))
    ):
        return False
    rest = "".join(word for word, _flag in tags[start:])
    if episode and _GRADED_ZH.match(rest):
        return True
    for size in (1, 2):
        predicate, after = rest[:size], rest[size:]
        if not re.fullmatch(r"[\u4e00-\u9fff]+", predicate) or (
            size == 2 and lexical.dictionary_tag(predicate) != "a"
        ):
            continue
        if _DEGREE_WORDS_ZH.match(after):
            return True
        if after.startswith("得") and _DE_COMPLEMENT_ZH.match(rest, size) is None:
            continue
        complement = after[1:] if after.startswith("得") else ""
        if (
            len(complement) >= 2
            and not _NEUTRAL_DEGREE_ZH.match(complement)
            and not complement.startswith(("了", "到"))
            and not any(
                flag.startswith(_NOMINAL_FLAGS) and not word.startswith(("有点", "有些"))
                for word, flag in lexical.pos_tags(complement)
            )
        ):
            return True
    return False
