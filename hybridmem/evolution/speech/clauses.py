"""The clauses of an utterance read one by one: a want beside a standing fact, 还是 as "still".

Two readings of :mod:`~hybridmem.evolution.speech.rules` took the utterance as a whole where
its parts say different things (issue 38, blind speech batch 16):

* **A want beside another clause.** A clause break next to a plain want places the want in
  its moment ("long day, I want a bath", 好累，想回家: the clause beside says the state the
  want comes from). But the clause beside can be a standing fact about the speaker ("I'm a
  nurse, I want to become a midwife", 我是会计，我想转行做数据分析) or no clause at all, a
  fronted adverbial of respect ("Money-wise, I want…", 长远来看，我想…): then nothing places
  the want in a moment, and the whole utterance was withheld from retrieval, the fact with it.
  So each clause beside the want is read on its own (by the same rules, passed in as
  ``read``): it places the want in its moment unless it is such an adverbial or a predicate
  nominal of the speaker's (the individual-level predicate: "I'm a nurse", "my husband is a
  pilot", 我是会计) read alone as an assertion or a negation with no cue of a feeling, a
  moment or an episode. Other present-tense clauses say a state of the moment with the grammar
  of a standing fact ("I have a headache" / "I have a son", "my back hurts", 我在超市 /
  我在银行上班), so they still place the want, as do time and place phrases ("After that
  meeting,") and speech-act adverbs ("Honestly, I just want to sleep").
  **An additive want** (issue 38, blind speech batch 17): a want with an additive or ordinal
  focus ("I own a bakery, I want to open a second one", "I speak French, I want to learn
  German too", 我有两个女儿，想再要个儿子) presupposes what the clause beside states: its
  antecedent, the speaker's ongoing fact, not the moment it comes from. Then a present
  statement of the speaker's with a lexical verb read alone as a plain assertion is standing
  too ("I own…", "I teach…", "I have two…", 我会说…, 我在银行上班); a past, a perfect, a
  progressive, "I have" with no count and verbs of sensation or need still place the want
  ("I ate two slices, I want another", 我吃了两个包子，还想再吃, "I have a headache, I want
  another painkiller", 我在超市，还想买点水果).
* **A change said beside its reason** (:func:`change_beside`, issue 38, blind speech batch
  17): "外卖我基本不点了，吃得胃不舒服", "I'm off sugar for good, my dentist scared me": the
  feeling of the reason made the whole utterance a mood, and the change was faded as one.
* **还是 read as a question.** "A 还是 B" asks which of two alternatives; 还是 right after a
  bare subject or topic and before a predicate is the adverb "still / after all"
  (桌游局还是去老周家, 婚礼还是在老家办). Read on jieba's part-of-speech tags, and only for
  utterances holding the colloquial 还是 cue: 还是 asks unless no verb precedes it in its
  clause and a verb, a preposition or an adverb follows it, or a time phrase said of a topic
  that holds no time of its own (我们组的周会还是每周二下午; 周五还是周六 still asks). "A 还是
  B" joins like with like, so a time word or localizer right before 还是 (the topic's
  adverbial: 早上, 最后) and a word of another class right after it is the adverb too
  (早上还是茶楼一盅两件舒服; 早上还是晚上, 周六还是周日方便 still ask). A verb before 还是 still
  makes it ask: 去店里还是骑电动车方便 (a purpose, then the adverb) and 去杭州坐高铁还是开车快
  (a purpose, then two means) have the same tags.

Closed classes, disclosed: English subject possessives, copulas, determiners and numerals (the
predicate nominal) and the degree phrases that are none ("a bit"); the -wise ending and "as"
heading an adverbial; Chinese 是 and the words after it that make it emphatic (真, 太, 被, 想…),
the viewpoint frames …来说, …来看, …而言; the clause-joining conjunctions stripped before a clause
is read (and, so, but, then; 然后, 所以, 但是, 可是, 不过, 而且); additive and ordinal focus
(another, a second…, too, also, as well, next; 再, 还, 也, 第 + a numeral); the English irregular
preterites, the auxiliaries and modals, and the verbs of sensation, need and feeling whose simple
present is a state of the moment (ache, hurt, itch, smell, stink, miss, feel, need, want, hate,
love); Chinese aspect markers (了, 过, 着, 正在) and the locative 在; the grammar of a lasting
change (anymore, no longer, no more, for good, forever, permanently; stopped, quit, gave up;
不再, 没再, 不…了, 戒了, 放弃了). No word of a wanted thing or of a fact is listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hybridmem import lexical
from hybridmem.evolution.speech.labels import SpeechAct

Reading = Callable[[str], tuple[SpeechAct, tuple[str, ...]]]
"""The rules' reading of one clause: its act and its cue names."""

_JOINER = re.compile(
    r"^(?:(?:and|so|but|then|and then|so then)\b\s*|(?:然后|所以|但是|可是|不过|而且)\s*)"
)
# A clause joined by and/so/but with its own "I" ("I'm famished and I want a kebab"): the
# break of the want's ``beside`` cue with no punctuation.
_JOINED_I = re.compile(r"(?<=\S)\s+(?:and|so|but)\s+(?=i\b)")
# Cue families that say nothing about the moment: a negation, a habitual or generic aspect
# (a standing fact said with "every week" is still standing).
_STANDING_FAMILIES = frozenset({"neg", "generic", "frequency", "habitual", "stable"})
# A predicate nominal of the speaker or the speaker's own (a copula and a determiner, a
# possessive or a numeral: "I'm a nurse", "my husband is a pilot", 我是会计, 我老公是飞行员):
# the individual-level predicate, a standing fact. Other present-tense clauses say a state of
# the moment as often as a standing one, with the same grammar ("I have a headache" / "I have
# a son", "my back hurts", 我在超市 / 我在银行上班), so they still place the want in its moment.
_EN_NOMINAL = re.compile(
    r"^(?:i'm|i am|we're|we are|(?:my|our) [a-z]+(?: [a-z]+)? (?:is|are)|(?:my|our) [a-z]+'s)"
    r" (?:a|an|the|my|our|one|two|three|four|five|\d+)\b(?! (?:bit|little|tad|lot)\b)"
)
# 我 (or 我们, or 我 + a kin or possessed noun of up to three characters) + 是, not the
# emphatic 是 before an adverb, a verb or a clause (我是真的累, 我是被气的, 我是想…).
_ZH_NOMINAL = re.compile(
    r"^我(?:们|的)?[\u4e00-\u9fff]{0,3}?是"
    r"(?!不是|真|太|很|有点|被|在|想|因为|说|挺|好|不|要|觉得|为了|来|去|刚)"
)
# Fronted adverbials that name a respect, not a time, a place or the speaker's manner of
# speaking: a -wise adverb ("money-wise"), "as" + a role ("as a parent"); Chinese viewpoint
# frames (长远来看, 对我来说, 一般而言). The others place the want as often as a clause does: time
# and place phrases ("After that meeting,", "On the way home,", "For lunch,") and speech-act
# adverbs ("Honestly, I just want to sleep", 说真的，…), found leaking by sentences of mine.
_EN_ADVERBIAL = re.compile(r"^(?:[a-z]+-?wise|as(?: [a-z'-]+){1,4})$")
# Additive and ordinal focus on a want: another, a second, too, also, as well, next; 再, 还,
# 也 before or after 想, 第 + a numeral.
_EN_ADDITIVE = re.compile(r"\b(?:another|a (?:second|third|fourth|fifth)|too|also|as well|next)\b")
_ZH_ADDITIVE = re.compile(r"(?:再|还|也)想|想再|第[二三四五六七八九十两]")
# The speaker as the subject of a lexical verb (not a copula or an auxiliary: those are
# :data:`_EN_NOMINAL`'s or say a state), and "have" + a count of things had.
_EN_SPEAKER_VERB = re.compile(
    r"^(?:i|we)(?:('ve got)| (?:also |still |only )?((?!(?:am|was|were|will|would|can|could"
    r"|should|must|might|may|do|don't|did|didn't|just|really|so|feel|need|want)\b)[a-z]+))\b"
)
_EN_PAST_CUE = "episode:en-past"
_EN_COUNT = re.compile(r" (?:two|three|four|five|six|seven|eight|nine|ten|\d+|twin)\b")
# Verbs of sensation, need and feeling in the simple present: states of the moment ("I ache
# all over", "I miss home"), closed with the copula and "have"; and the linking verbs of
# appearance, which say a state as the copula does ("I look a mess").
_EN_NOT_STANDING = frozenset(
    {"ache", "hurt", "itch", "smell", "stink", "miss", "feel", "need", "want", "hate", "love"}
    | {"look", "seem", "appear", "sound", "taste"}
)
# English preterites unlike their base form (the irregular verbs of a grammar's appendix that
# tell an episode: "I ate two slices, I want another"); -ed forms are read by their ending.
_PRETERITES = (
    "ate awoke became began bent bit bled blew broke brought built burnt bought caught chose"
    " came crept dealt dug drew dreamt drank drove fell fed felt fought found fled flew forgot"
    " froze got gave went ground grew hung had heard hid held kept knelt knew laid led leant"
    " left lent lay lit lost made meant met paid rode rang rose ran said saw sought sold sent"
    " shook shone shot showed shrank sang sank sat slept slid spoke sped spent spun spat split"
    " stood stole stuck stung struck swore swept swam swung took taught tore told thought threw"
    " understood woke wore wept won wound wrote"
    # the same as the base form: read as past, the side that keeps a mood out
    " hit cut put set shut let cost quit burst cast read bet"
)
_EN_PRETERITE = frozenset(_PRETERITES.split())
_ZH_SPEAKER = re.compile(r"^我(?:们|家)?(?!是)")
_ZH_HAVE_COUNT = re.compile(r"^我(?:们|家)?有[两二三四五六七八九十几\d]")
_ZH_ASPECT = re.compile(r"了|过|着|正在")
_ZH_AT = "在"
_EN_PRONOUN = re.compile(r"\b(?:i|i'm|you|he|she|we|they|it|it's)\b")
_ZH_ADVERBIAL = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:来说|来看|而言)$")
_HAISHI = "还是"
# Part-of-speech flags (jieba's ICTCLAS set) of the word after 还是 that make it head a
# predicate: a verb, a preposition, an adverb.
_PREDICATE_HEAD = ("v", "p", "d")
# jieba's flags of a time phrase: time words and numerals (the words that make a time set
# against another time), and with them localizers and measure words (下周三, 每周二).
_TIME_FLAGS = ("t", "m")
_TIME_PHRASE_FLAGS = ("t", "m", "f", "q")
# jieba's flags of a word that can stand before the adverb 还是 as the topic's adverbial (a time
# word, a localizer: 早上, 最后), and of the particles skipped to find the word before it.
_ADVERBIAL_FLAGS = ("t", "f")
_PARTICLE_FLAGS = ("u", "y", "x", "w")


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` (normalised), split at clause breaks, a leading conjunction
    stripped; empty pieces dropped."""
    out = []
    for piece in lexical.clause_pieces(text):
        for joined in _JOINED_I.split(piece):
            joined = _JOINER.sub("", joined).strip()
            if joined:
                out.append(joined)
    return out


def beside_places_moment(text: str, read: Reading, wants: frozenset[str]) -> bool:
    """Whether a clause beside the want of ``text`` places the want in its moment.

    ``read`` reads one clause; ``wants`` are the cue names that make a clause hold the want.
    Every clause holding none of them is beside it; one that is neither a fronted adverbial
    nor a standing statement of the speaker's places the want in its moment. When the text
    does not split into a want clause and another (no break between words), the break is
    read as before: it places the want.
    """
    parts = [(clause, *read(clause)) for clause in clauses(text)]
    holding = [p for p in parts if wants.intersection(p[2])]
    beside = [p for p in parts if not wants.intersection(p[2])]
    if not holding or not beside:
        return True
    # An additive want ("…, I want to open a second one", 想再学点日语) presupposes what the
    # clause beside states: the speaker's own ongoing fact is its antecedent, not its moment.
    additive = any(_additive(clause) for clause, _, _ in holding)
    return any(
        not _adverbial(clause)
        and not _standing(clause, act, cues)
        and not _characterizing(act, cues)
        and not ((additive or _habitual_aspect(clause)) and _speaker_present(clause, act, cues))
        for clause, act, cues in beside
    )


def standing_beside_want(text: str, read: Reading, wants: frozenset[str]) -> str | None:
    """The clause beside the want of ``text`` that states the speaker's standing present, or
    None: a predicate nominal of the speaker's ("I'm a nurse", 我是会计) or a present statement
    of the speaker's with a lexical verb ("I work at the hospital", 我在医院上班, 我家住在郊区),
    each read alone with no cue of a feeling, a moment or an episode. A want of a change
    ("…, 想搬到市中心", "…, I want to move into research") presupposes the state it would
    change, as an additive want presupposes what it adds to: stated beside it, that state is
    what the utterance commits to (``write/commitments.py``)."""
    parts = [(clause, *read(clause)) for clause in clauses(text)]
    if not any(wants.intersection(cues) for _, _, cues in parts):
        return None
    for clause, act, cues in parts:
        if wants.intersection(cues):
            continue
        if _standing(clause, act, cues) or _speaker_present(clause, act, cues):
            return clause
    return None


def _habitual_aspect(clause: str) -> bool:
    """A clause whose grammar says a habit or a state, not the moment, whatever the want beside
    it: the English simple present of a lexical verb ("I own a flower shop", "I work at the
    hospital": the moment would be the progressive, "I'm waiting for the bus") and possession
    with a count (我有两个女儿, as "I have two daughters"). A Chinese verb with no aspect
    marker says the moment as often as a habit (我堵在路上 / 我住在郊区), so it stays
    standing only beside an additive want."""
    if _EN_SPEAKER_VERB.match(clause):
        return True
    return _ZH_HAVE_COUNT.match(clause) is not None


def _additive(clause: str) -> bool:
    """A want with an additive or ordinal focus (:data:`_EN_ADDITIVE`, :data:`_ZH_ADDITIVE`)."""
    return bool(_EN_ADDITIVE.search(clause) or _ZH_ADDITIVE.search(clause))


def _speaker_present(clause: str, act: SpeechAct, cues: tuple[str, ...]) -> bool:
    """A statement of the speaker's in the present with a lexical verb, read alone as an
    assertion or a negation with no cue of a feeling, a moment or an episode: "I own a
    bakery", "I have two daughters", 我会说粤语, 我在大学教书. Not a past, a perfect or a
    progressive (the preterite forms of :data:`_EN_PRETERITE`, 了, 过, 着, 正在: "I ate two
    slices", 我吃了两个), not "I have" with no count (an ailment as often as a possession:
    "I have a headache"), not a verb of sensation, need or feeling (:data:`_EN_NOT_STANDING`)."""
    if act not in (SpeechAct.ASSERTION, SpeechAct.NEGATION):
        return False
    english = _EN_SPEAKER_VERB.match(clause)
    if english is not None and english.group(1):
        # "I've got" is the present "I have", not the past the episode cue reads in "got".
        cues = tuple(name for name in cues if name != _EN_PAST_CUE)
    if any(name.split(":", 1)[0] not in _STANDING_FAMILIES for name in cues):
        return False
    if english is not None:
        verb = english.group(1) or english.group(2)
        if verb in ("have", "'ve got"):
            # A count of things had, not of time to fill ("two hours to kill").
            return _EN_COUNT.match(clause, english.end()) is not None and " to " not in clause
        return not (verb.endswith("ed") or verb in _EN_PRETERITE or verb in _EN_NOT_STANDING)
    if not _ZH_SPEAKER.match(clause) or _ZH_ASPECT.search(clause):
        return False
    # A verb of its own, not the word right after the locative 在 (我在超市: where the speaker
    # is now; 我在银行上班: what the speaker does there).
    tags = lexical.pos_tags(clause)
    return any(
        flag.startswith("v") and not (i and tags[i - 1][0] == _ZH_AT)
        for i, (_, flag) in enumerate(tags)
    )


def _characterizing(act: SpeechAct, cues: tuple[str, ...]) -> bool:
    """A statement of a kind of thing or a habit, read alone: a generic or frequency cue
    (:mod:`.aspect`: "sitting all day wrecks my back", "Mondays are rough") and none of a
    moment or a feeling. Beside a want it gives the standing reason of a standing want
    ("I need a desk I can stand at; sitting all day wrecks my back"), no moment."""
    if act not in (SpeechAct.ASSERTION, SpeechAct.NEGATION):
        return False
    families = {name.split(":", 1)[0] for name in cues}
    return bool(families & {"generic", "frequency"}) and not families & _MOMENT_FAMILIES


def _adverbial(clause: str) -> bool:
    """A fronted adverbial of respect, no clause (:data:`_EN_ADVERBIAL`, :data:`_ZH_ADVERBIAL`):
    "Money-wise,", "As a parent,", 长远来看."""
    if _EN_ADVERBIAL.match(clause) and not _EN_PRONOUN.search(clause):
        return True
    return bool(_ZH_ADVERBIAL.match(clause))


def _standing(clause: str, act: SpeechAct, cues: tuple[str, ...]) -> bool:
    """A standing statement of the speaker's: a predicate nominal (:data:`_EN_NOMINAL`,
    :data:`_ZH_NOMINAL`) read alone as an assertion or a negation, with no cue outside
    :data:`_STANDING_FAMILIES`."""
    if act not in (SpeechAct.ASSERTION, SpeechAct.NEGATION):
        return False
    if any(name.split(":", 1)[0] not in _STANDING_FAMILIES for name in cues):
        return False
    return bool(_EN_NOMINAL.match(clause) or _ZH_NOMINAL.match(clause))


def haishi_asks(text: str) -> bool:
    """Whether some 还是 of ``text`` (normalised) joins two alternatives, as a question does.

    False only when every 还是 is the adverb: no verb before it in its clause, and a verb, a
    preposition or an adverb right after it (its predicate) or a time phrase
    (:func:`_time_predicate`), or a word no "A or B" could join to the time word or localizer
    before it (:func:`_unlike_conjuncts`)."""
    for clause in lexical.clause_pieces(text):
        if _HAISHI not in clause:
            continue
        tags = lexical.pos_tags(clause)
        if _HAISHI not in [word for word, _ in tags]:
            return True  # cut into other words: read as before
        for i, (word, _) in enumerate(tags):
            if word != _HAISHI:
                continue
            before_verb = any(flag.startswith("v") for _, flag in tags[:i])
            after = tags[i + 1][1] if i + 1 < len(tags) else ""
            if before_verb:
                return True
            if after.startswith(_PREDICATE_HEAD) or _time_predicate(tags[:i], tags[i + 1 :]):
                continue
            if _unlike_conjuncts(tags[:i], tags[i + 1 :]):
                continue
            return True
    return False


def _word_class(flag: str) -> str:
    """The coarse class of a jieba flag that coordination matches: nominals (nouns, names, place
    words) as one, the rest by their first letter (t time, m numeral, v verb, a adjective…)."""
    return "n" if flag.startswith(("n", "s")) else flag[:1]


def _unlike_conjuncts(before: list[tuple[str, str]], after: list[tuple[str, str]]) -> bool:
    """Whether 还是 stands between words that no "A or B" could join: "A 还是 B" coordinates
    like with like (北京还是上海, 周五还是周六, 八点的还是九点的), so a time word or localizer
    before it (the topic's adverbial: 早上, 最后) set against a word of another class after it
    (早上还是茶楼一盅两件舒服: "in the morning it's still the teahouse") is the adverb heading a
    predicate. The last content word before 还是 (particles skipped) is read against the first
    after it."""
    content = [flag for _, flag in before if not flag.startswith(_PARTICLE_FLAGS)]
    if not content or not after:
        return False
    last, first = content[-1], after[0][1]
    return last.startswith(_ADVERBIAL_FLAGS) and _word_class(last) != _word_class(first)


def _time_predicate(before: list[tuple[str, str]], after: list[tuple[str, str]]) -> bool:
    """Whether 还是 heads a time phrase said of the topic before it (我们组的周会还是每周二下午:
    a nominal predicate of time, "is still on"), not a time set against another time (周五还是
    周六, 八点的还是九点的: "A or B" joins like with like). The rest of the clause is a time
    phrase (time words, numerals, localizers, measure words, the distributive 每), and no time
    word or numeral stands before 还是."""
    if not after or not any(flag.startswith(_TIME_FLAGS) for _, flag in after):
        return False
    if any(flag.startswith(_TIME_FLAGS) for _, flag in before):
        return False
    return all(flag.startswith(_TIME_PHRASE_FLAGS) or word.startswith("每") for word, flag in after)


# The grammar of a lasting change: "no longer" (anymore, no more), a verb of ceasing (stopped,
# quit, gave up), an adverbial of permanence (for good, forever, permanently).
_EN_NO_LONGER = re.compile(
    r"\b(?:anymore|any more|no longer|no more|for good|for ever|forever|permanently)\b"
    r"|\b(?:stopped|quit|gave up|given up)\b"
)
# A modal of ability negated ("I can't do this anymore") is an inability, a state, not a
# change of habit.
_EN_CANNOT = re.compile(r"\b(?:can't|cannot|can not|couldn't)\b")
_ZH_NO_LONGER = re.compile(r"不再|没再")
# A verb of quitting a habit closing its clause with the 了 of the new state (咖啡戒了, 烟我戒掉了,
# 钢琴放弃了): the Chinese of "quit", "stopped", "gave up".
_ZH_CEASED = re.compile(r"(?:戒|放弃)(?:掉)?了$")
_EN_NO_MORE_HEAD = re.compile(r"^(?:no more|no longer)\b")
_EN_SPEAKER = re.compile(r"^(?:i|we)(?:'ve|'m|'d)?\b|^(?:stopped|quit|gave up)\b")
_ZH_LE = "了"
# Cue families that place a clause in its moment or make it a feeling: a clause holding one is
# no standing change ("no more coffee for me today", 今晚不想做饭了).
_MOMENT_FAMILIES = frozenset({"now", "deixis", "episode", "emo", "vent", "want", "volition"})
# jieba's flags of what a change names: nouns, place and time words, names.
_ZH_NAMED = ("n", "s", "t")
_REASON_MOMENT_FAMILIES = frozenset({"now", "deixis", "vent"})
_REASON_MOMENT_CUES = frozenset(
    {
        "particular:en-demonstrative",
        "particular:zh-demonstrative",
        "episode:en-time",
        "episode:zh-time",
        "episode:en-interjection",
        "episode:zh-interjection",
    }
)


def change_beside(text: str, read: Reading) -> SpeechAct | None:
    """The act of a standing change said beside its reason, or None.

    "I've stopped running, my knees kept swelling", 晚上我不开车了，眼睛看不清: the reason
    is said with feeling, and the whole utterance read as a mood; but one clause states a
    change of the speaker's habits by the grammar of change, a "no longer" (anymore, no
    longer, no more; a verb of ceasing: stopped, quit, gave up; an adverbial of permanence:
    for good, forever; 不再, 没再, 不 + a verb with the 了 of a new state closing the clause,
    戒了, 放弃了). When that clause, read alone, is a statement or a preference with no cue
    of a moment or a feeling, names what is given up (a bare "I quit", 不吃了, 我不干了 stops
    the thing at hand) and points at no particular ("not doing this anymore"), and no clause
    beside it places the feeling in the moment (venting, a demonstrative, a deictic time, the
    了 of a state now reached: 这班谁爱上谁上, "this is so frustrating", 太难吃了), the
    utterance states the change: a past or conditional feeling is its reason ("it made me
    miserable", 喝了心慌).
    """
    parts = clauses(text)
    if len(parts) < 2:
        return None
    changes = [_no_longer(clause) for clause in parts]
    if not any(changes):
        return None  # the clauses are read only where one states a change (the cheap test)
    read_parts = [(clause, *read(clause)) for clause in parts]
    for (clause, act, cues), change in zip(read_parts, changes, strict=True):
        if not change:
            continue
        if act not in (SpeechAct.ASSERTION, SpeechAct.NEGATION, SpeechAct.PREFERENCE):
            continue
        if any(name.split(":", 1)[0] in _MOMENT_FAMILIES for name in cues):
            continue
        if _REASON_MOMENT_CUES.intersection(cues):
            continue  # a change of a particular ("not doing this anymore", 这个项目我不管了)
        others = [(other, names) for other, _, names in read_parts if other != clause]
        if any(_of_the_moment(other, names) for other, names in others):
            continue
        return act
    return None


def _of_the_moment(clause: str, cues: tuple[str, ...]) -> bool:
    """A clause beside the change that places the feeling in the moment rather than in the
    habit given up: venting (这班谁爱上谁上, "can't take it"), a demonstrative ("this is so
    frustrating"), a deictic time or an interjection ("the boss yelled at me today"). A past
    feeling ("it made me miserable") or a conditional one (喝了心慌) is the reason for the
    change, over with it."""
    if clause.endswith(_ZH_LE):
        return True  # 太难吃了: the 了 of the state now reached
    return any(
        name.split(":", 1)[0] in _REASON_MOMENT_FAMILIES or name in _REASON_MOMENT_CUES
        for name in cues
    )


def _no_longer(clause: str) -> bool:
    """A change by its grammar: see :func:`change_beside`. The Chinese 不 must be a word of its
    own or begin one before the verb (不 / 不点), not a potential complement inside a verb
    (受不了, 吃不下: "cannot")."""
    if _EN_CANNOT.search(clause):
        return False
    if _EN_NO_LONGER.search(clause):
        # The speaker's own change: "the printer doesn't work anymore" is a thing's state. It
        # names what is given up: a bare "I quit" / "I stopped" gives up the thing at hand.
        speaker = _EN_SPEAKER.match(clause) or _EN_NO_MORE_HEAD.match(clause)
        return bool(speaker) and len(clause.split()) > 2
    if _ZH_CEASED.search(clause):
        tags = lexical.pos_tags(clause)
        before = tags[:-2] if len(tags) > 1 else []
        named = any(flag[:1] in _ZH_NAMED for word, flag in before if word != "我")
        return named and _zh_speaker_subject([t for t in before if not t[1].startswith("n")])
    if not (_ZH_NO_LONGER.search(clause) or clause.endswith(_ZH_LE)) or "不" not in clause:
        return False
    tags = lexical.pos_tags(clause)
    for i, (word, flag) in enumerate(tags[:-1]):
        if not word.startswith("不") or flag[:1] not in ("d", "v"):
            continue
        if i and tags[i - 1][1].startswith("v"):
            continue  # a potential complement: 找不到, 吃不下
        # The change names what is given up (a topic or an object: 外卖我不点了, 周末不回老家
        # 了); a bare 不V了 (不吃了, 不玩了, 我不干了) stops the thing at hand, this moment.
        named = any(flag[:1] in _ZH_NAMED for word, flag in tags if word != "我")
        return named and _zh_speaker_subject(tags[:i])
    return False


def _zh_speaker_subject(before: list[tuple[str, str]]) -> bool:
    """The subject before a Chinese predicate is the speaker's: 我 stands there, or no noun or
    pronoun does (the dropped subject of a first-person statement: 周末不回老家了); a noun
    alone is another subject (电脑不动了)."""
    if any(word == "我" for word, _ in before):
        return True
    return not any(flag[:1] in ("n", "r") for _, flag in before)
