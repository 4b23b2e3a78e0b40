"""The deterministic, bilingual (Chinese/English) rule-based speech-act classifier.

Every cue family of :mod:`hybridmem.evolution.speech.lexicon` is matched first; then a fixed
priority decides. The order encodes what is most dangerous to get wrong for memory:

1. **Hypothetical** beats everything: "What if I moved to Chengdu?" is a question in form, but
   its premise must never be stored as a fact. A bare conditional on the user ("如果我...", "if
   I ...") yields only to a *triggered* directive ("if I'm late, tell my manager", "如果我没回
   就提醒我"); a condition on the world ("if it rains, remind me") is no supposition at all.
2. **Question**: punctuation, particles (吗/呢), wh-words, A-not-A (是不是), auxiliary inversion.
   A polite request to *act* ("can you cancel...", "能帮我...吗") is an instruction; a request
   to *tell* ("can you tell me...", "帮我查...吗") stays a question.
3. **Instruction**: imperatives at a clause start, "remind me"/"提醒我", 别/不要, 以后...都用 --
   unless an idiom of taste says otherwise ("X over Y any day", "比起A更喜欢B").
4. **Emotion vs preference**: a like/dislike with a stability marker ("always", "一直") is a
   preference; a feeling word, or a like/dislike tied to this moment ("today", "right now",
   "kind of", an interjection, a demonstrative, an unchosen circumstance like rain) is an
   emotion; any other like/dislike or preference cue is a preference.
5. **Negation** of a fact, then 6. **Assertion** as the default.

Confidence is a fixed figure per deciding rule (explicit markers score higher than structural
guesses), lowered a little for every other family that also fired, so an utterance with
competing cues is reported as less certain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

import ahocorasick

from hybridmem.evolution.speech import (
    appraisal,
    aspect,
    clauses,
    conditions,
    incapacity,
    words,
    yao,
)
from hybridmem.evolution.speech import discourse as disc
from hybridmem.evolution.speech import lexicon as lex
from hybridmem.evolution.speech import volition as vol
from hybridmem.evolution.speech.labels import (
    SpeechAct,
    SpeechActResult,
    detect_language,
    validate_utterance,
)

# Base confidence of each deciding rule; explicit lexical markers are more reliable than the
# default or than the emotion/preference tie-break.
_CONFIDENCE = {
    "hypothetical": 0.9,
    "hypothetical-conditional": 0.75,
    "conditional-instruction": 0.75,
    "question": 0.85,
    "polite-request": 0.8,
    "instruction": 0.85,
    "stable-preference": 0.85,
    "emotion": 0.8,
    "momentary-like": 0.7,
    "preference": 0.75,
    "negation": 0.75,
    "assertion": 0.6,
    "filler": 0.9,
    "venting": 0.75,
    "soft-choice": 0.75,
    "volition": 0.7,
    "volition-future": 0.7,
    "characterizing": 0.7,
    "change-beside-reason": 0.6,
    "tentative-under-condition": 0.7,
    "occasion-appraisal": 0.6,
    "occasion-incapacity": 0.6,
}
_COMPETITION_PENALTY = 0.05
_OPEN_A_NOT_A = "q:a-not-a-any"
"""The open A-not-A cue: kept only where its first character begins a word."""
_MIN_CONFIDENCE = 0.3

# Families whose presence alongside the winner signals a competing reading.
_COMPETING = {
    SpeechAct.HYPOTHETICAL: "hyp",
    SpeechAct.QUESTION: "q",
    SpeechAct.INSTRUCTION: "ins",
    SpeechAct.PREFERENCE: "pref",
    SpeechAct.EMOTION: "emo",
    SpeechAct.NEGATION: "neg",
    SpeechAct.FILLER: "filler",
}


# Which cue family fills which field of _Cues.
_SLOTS: tuple[tuple[str, lex.CueFamily], ...] = (
    ("hyp_strong", lex.HYPOTHETICAL_STRONG),
    ("hyp_conditional", lex.HYPOTHETICAL_CONDITIONAL),
    ("triggered", lex.TRIGGERED_DIRECTIVE),
    ("question", lex.QUESTION_FORM),
    ("polite_request", lex.POLITE_ACTION_REQUEST),
    ("info_request", lex.INFO_REQUEST),
    ("instruction", lex.INSTRUCTION),
    ("preference_idiom", lex.PREFERENCE_IDIOM),
    ("like", lex.LIKE_VERB),
    ("dislike", lex.DISLIKE),
    ("preference", lex.PREFERENCE),
    ("stable", lex.STABLE),
    ("disposition", lex.DISPOSITION),
    ("momentary", lex.MOMENTARY),
    ("emotion", lex.EMOTION),
    ("negation", lex.NEGATION),
    ("venting", disc.VENTING),
    ("soft_choice", disc.SOFT_CHOICE),
    ("non_question_wh", disc.NON_QUESTION_WH),
    ("want", disc.WANT),
    ("volition", vol.VOLITION),
    ("habitual", vol.HABITUAL),
    ("future", vol.FUTURE),
    ("deixis", vol.NOW),
    ("generic", aspect.CHARACTERIZING),
    ("frequency", aspect.FREQUENCY),
    ("episodic", aspect.EPISODIC),
    ("particular", aspect.PARTICULAR),
)


def _factor_automaton() -> ahocorasick.Automaton:
    """Every cue's literal in one Aho-Corasick automaton: one pass over a text finds every
    literal it holds (overlapping ones too), whatever their number."""
    automaton = ahocorasick.Automaton()
    for factor in sorted({f for _, fam in _SLOTS for cue in fam.cues for f in cue.factors or ()}):
        automaton.add_word(factor, factor)
    automaton.make_automaton()
    return automaton


_FACTORS = _factor_automaton()


def _cues_by_factor() -> tuple[
    tuple[tuple[int, str, re.Pattern[str], bool, bool], ...],
    tuple[int, ...],
    dict[str, tuple[int, ...]],
]:
    """``(cues, always, by_factor)``: every cue as ``(family, name, pattern, latin, cjk)`` in
    family order (a cue's number is its place here); the cues with no known literal (searched
    on every text); and per literal the cues it is one of. A cue none of whose literals a text
    holds cannot match it, so only these are looked at."""
    cues: list[tuple[int, str, re.Pattern[str], bool, bool]] = []
    always: list[int] = []
    by_factor: dict[str, list[int]] = {}
    for f, (_, family) in enumerate(_SLOTS):
        for cue in family.cues:
            number = len(cues)
            cues.append((f, cue.name, cue.pattern, cue.latin, cue.cjk))
            if cue.factors is None:
                always.append(number)
            for factor in cue.factors or ():
                by_factor.setdefault(factor, []).append(number)
    return tuple(cues), tuple(always), {k: tuple(v) for k, v in by_factor.items()}


_CUES, _ALWAYS, _BY_FACTOR = _cues_by_factor()
_ORDERS = frozenset(n for n, (_, name, *_) in enumerate(_CUES) if lex.is_order(name))
"""The cues that say an order by its verb (instructions, requests to act)."""


def _present(text: str) -> frozenset[str]:
    """The cues' literals ``text`` holds (a cue holding none of them cannot match)."""
    return frozenset([factor for _, factor in _FACTORS.iter(text)])


def _match(text: str) -> tuple[_Cues, tuple[str, ...]]:
    """The cues of ``text`` by family, and every cue name in family order without repeats
    (what :meth:`_Cues.all` gives)."""
    has_latin, has_cjk = lex.scripts(text)
    # Only the cues one of whose literals the text holds (and those with none known) can
    # match: search those, in family order (as CueFamily.fired does for all).
    picked = set(_ALWAYS)
    for factor in _present(text):
        picked.update(_BY_FACTOR[factor])
    fired: list[list[str]] = [[] for _ in _SLOTS]
    for number in sorted(picked):
        f, name, pattern, latin, cjk = _CUES[number]
        if not ((latin and has_latin) or (cjk and has_cjk)) or pattern.search(text) is None:
            continue
        # On Chinese text a match must stand on words (speech/words.py).
        if not has_cjk or words.cue_found(pattern, text, order=number in _ORDERS):
            fired[f].append(name)
    names = tuple(dict.fromkeys([name for family in fired for name in family]))
    return _Cues(*[tuple(family) for family in fired]), names


@dataclass(frozen=True)
class _Cues:
    """The cues of one utterance, by family (each a tuple of cue names)."""

    hyp_strong: tuple[str, ...]
    hyp_conditional: tuple[str, ...]
    triggered: tuple[str, ...]
    question: tuple[str, ...]
    polite_request: tuple[str, ...]
    info_request: tuple[str, ...]
    instruction: tuple[str, ...]
    preference_idiom: tuple[str, ...]
    like: tuple[str, ...]
    dislike: tuple[str, ...]
    preference: tuple[str, ...]
    stable: tuple[str, ...]
    disposition: tuple[str, ...]
    momentary: tuple[str, ...]
    emotion: tuple[str, ...]
    negation: tuple[str, ...]
    venting: tuple[str, ...]
    soft_choice: tuple[str, ...]
    non_question_wh: tuple[str, ...]
    want: tuple[str, ...]
    volition: tuple[str, ...]
    habitual: tuple[str, ...]
    future: tuple[str, ...]
    deixis: tuple[str, ...]
    generic: tuple[str, ...]
    frequency: tuple[str, ...]
    episodic: tuple[str, ...]
    particular: tuple[str, ...]

    @classmethod
    def match(cls, text: str) -> _Cues:
        return _match(text)[0]

    def all(self) -> tuple[str, ...]:
        """Every cue name, in family order, without repeats."""
        seen: dict[str, None] = {}
        for name in _CUE_FIELDS:
            seen.update(dict.fromkeys(getattr(self, name)))
        return tuple(seen)


_CUE_FIELDS = tuple(field.name for field in fields(_Cues))
"""The families' fields of :class:`_Cues`, in order (read once: ``fields`` is slow)."""
if tuple(slot for slot, _ in _SLOTS) != _CUE_FIELDS:  # _match fills them by position
    raise AssertionError("_Cues fields and _SLOTS out of order")


class RuleBasedSpeechActClassifier:
    """Labels Chinese, English and mixed utterances with cue lexicons and a fixed priority.

    Pure and deterministic: all patterns are compiled at import, ``classify`` does no I/O and
    keeps no state, so one instance can be shared between threads.
    """

    name = "rules-v2"

    def classify(self, text: str) -> SpeechActResult:
        """Label one utterance (see the module docstring for the order of the rules)."""
        clean = validate_utterance(text)
        normalised = lex.normalise(clean)
        if disc.is_filler(normalised):
            return SpeechActResult(SpeechAct.FILLER, 0.9, ("filler",), detect_language(clean))
        cues, names = _match(normalised)
        if _OPEN_A_NOT_A in cues.question and not words.a_not_a_asks(normalised):
            # 现在不在: 在不在 on characters, no question on words (speech/words.py).
            question = tuple(name for name in cues.question if name != _OPEN_A_NOT_A)
            cues = replace(cues, question=question)
            names = tuple(name for name in names if name != _OPEN_A_NOT_A)
        cues, names = _by_clause(normalised, cues, names)
        act, rule = _decide(cues)
        if act is SpeechAct.EMOTION:
            # "I've stopped running, my knees kept swelling": a change said with its reason.
            changed = clauses.change_beside(normalised, _read_clause)
            if changed is not None:
                act, rule = changed, "change-beside-reason"
        elif _tentative(act, cues, clean):
            act, rule = SpeechAct.HYPOTHETICAL, "tentative-under-condition"
        elif act is SpeechAct.ASSERTION and appraisal.occasion_appraisal(clean):
            # "Dinner was a bit meh tonight": a property of one occasion, no feeling word.
            act, rule = SpeechAct.EMOTION, "occasion-appraisal"
        elif act is SpeechAct.NEGATION and incapacity.occasion_incapacity(clean):
            # "Couldn't face breakfast this morning": a capacity denied on one occasion.
            act, rule = SpeechAct.EMOTION, "occasion-incapacity"
        return SpeechActResult(
            act=act,
            confidence=_confidence(act, rule, names),
            cues=names,
            language=detect_language(clean),
        )


def _by_clause(text: str, cues: _Cues, names: tuple[str, ...]) -> tuple[_Cues, tuple[str, ...]]:
    """Cues that a clause read alone overturns (:mod:`.clauses`): a clause beside a want that
    is a standing fact or an adverbial, not a state (I'm a nurse, I want…); 还是 heading the
    predicate after a bare topic, "still", not "A or B" (桌游局还是去老周家)."""
    dropped: set[str] = set()
    # Only a want beside a clause is read by clause (the break alone decides nothing).
    if (
        not vol.BESIDES.isdisjoint(cues.volition)
        and not _WANT_CUES.isdisjoint(cues.volition)
        and not clauses.beside_places_moment(text, _read_clause, _WANT_CUES)
    ):
        dropped.update(vol.BESIDES)
    if yao.YAO in cues.volition and not _yao_wants(text):
        dropped.add(yao.YAO)
    if (
        _COLLOQUIAL_WH in cues.question
        and not _OTHER_COLLOQUIAL_WH.search(text)
        and not clauses.haishi_asks(text)
    ):
        dropped.add(_COLLOQUIAL_WH)
    if not dropped:
        return cues, names
    kept = {name: tuple(n for n in getattr(cues, name) if n not in dropped) for name in _CUE_FIELDS}
    return _Cues(**kept), tuple(n for n in names if n not in dropped)


def _yao_wants(text: str) -> bool:
    """要 is a want when it is a word of its own and a clause beside it, holding no want, says
    a state reached (:mod:`.yao`)."""
    found = [m.end() - 1 for m in _YAO_CUE.finditer(text)]
    if not yao.own_word(text, found):
        return False
    beside = [c for c in clauses.clauses(text) if _WANT_CUES.isdisjoint(_read_clause(c)[1])]
    return any(yao.state_reached(c) for c in beside)


def _tentative(act: SpeechAct, cues: _Cues, text: str) -> bool:
    """A statement said as a plan entertained under a condition ("might sign up if the price
    is right", 价格合适的话可能去报个班: :mod:`.conditions`), unless a habitual or frequency
    marker makes it a standing rule ("if it's sunny I'd usually cycle")."""
    return (
        act in (SpeechAct.ASSERTION, SpeechAct.NEGATION)
        and not (cues.habitual or cues.frequency)
        and conditions.tentative_under_condition(text)
    )


def _read_clause(clause: str) -> tuple[SpeechAct, tuple[str, ...]]:
    """One clause read alone by the cues and the priority (no clause reading inside it)."""
    cues, names = _match(clause)
    return _decide(cues)[0], names


_COLLOQUIAL_WH = "q:zh-colloquial-wh"
_OTHER_COLLOQUIAL_WH = re.compile(r"啥|咋")
"""The colloquial wh-words of the same cue, which are no 还是."""
_WANT_CUES = vol.WANTS
_YAO_CUE = next(cue.pattern for cue in vol.VOLITION.cues if cue.name == yao.YAO)


def _decide(c: _Cues) -> tuple[SpeechAct, str]:
    """The act and the name of the deciding rule (a key of ``_CONFIDENCE``)."""
    if c.hyp_strong:
        return SpeechAct.HYPOTHETICAL, "hypothetical"
    if c.hyp_conditional:
        # "If I'm late, tell my manager" orders; "如果我去了北京，你帮我想想..." supposes.
        if c.triggered:
            return SpeechAct.INSTRUCTION, "conditional-instruction"
        return SpeechAct.HYPOTHETICAL, "hypothetical-conditional"
    if _asks(c):
        if c.polite_request and not c.info_request:
            return SpeechAct.INSTRUCTION, "polite-request"
        return SpeechAct.QUESTION, "question"
    if c.venting and not c.stable:
        return SpeechAct.EMOTION, "venting"
    if c.preference_idiom:
        return SpeechAct.PREFERENCE, "stable-preference"
    if c.soft_choice and not c.instruction:
        return SpeechAct.PREFERENCE, "soft-choice"
    if c.instruction:
        return SpeechAct.INSTRUCTION, "instruction"
    wanted = _want(c)
    if wanted is not None:
        return wanted
    if c.stable and (c.like or c.preference):
        return SpeechAct.PREFERENCE, "stable-preference"
    if c.disposition and set(c.momentary) <= {"now:circumstance"}:
        # A feeling with a recurring cause (the circumstance itself, "snowy mornings") and
        # nothing tying it to now: a lasting trait.
        return SpeechAct.PREFERENCE, "stable-preference"
    if c.emotion and _characterizing(c):
        # "Early meetings are the worst", "坐久了腰疼": a feeling said of a kind of thing or in
        # habitual aspect is a standing fact about the speaker, not a mood.
        return SpeechAct.PREFERENCE, "characterizing"
    if c.emotion:
        return SpeechAct.EMOTION, "emotion"
    if c.like and c.momentary and (c.dislike or set(c.momentary) != {"now:circumstance"}):
        # An unchosen circumstance alone makes a dislike a mood ("I hate rain"); liking it
        # with nothing tying it to the moment is a taste ("I like the sound of rain").
        return SpeechAct.EMOTION, "momentary-like"
    if c.like or c.preference:
        return SpeechAct.PREFERENCE, "preference"
    if c.negation:
        return SpeechAct.NEGATION, "negation"
    return SpeechAct.ASSERTION, "assertion"


def _want(c: _Cues) -> tuple[SpeechAct, str] | None:
    """A want of the speaker's: a wish when set in the future, a taste when its aspect is
    habitual (a marker, a recurring cause), else the want of the moment
    (:mod:`~hybridmem.evolution.speech.volition`)."""
    appetite = [name for name in c.want if name != "want:habit"]
    return vol.volitive_act(
        (*c.volition, *appetite),
        habitual=bool(c.habitual or c.disposition or "want:habit" in c.want),
        future=bool(c.future),
        now=bool(c.deixis),
        taste=bool(c.like or c.preference),
        # A state of the speaker's, not the topic: an unchosen circumstance named ("a quieter
        # job", "the weather") places no want in its moment.
        state=bool(appetite or set(c.momentary) - {"now:circumstance"} or c.emotion or c.venting),
    )


def _characterizing(c: _Cues) -> bool:
    """A feeling of a kind of thing or in habitual aspect (:mod:`.aspect`); the moment
    markers the emotion rules already read (a deictic time, an interjection, a demonstrative
    after a verb of liking) place it in its moment too."""
    moment = set(c.momentary) & {"now:en", "now:zh", "now:interjection"}
    habitual = set(c.habitual) & {"habitual:zh-yi-jiu", "habitual:en-generic-time"}
    return aspect.characterizing(
        c.generic,
        (*c.frequency, *habitual),
        (*c.episodic, *c.deixis, *moment),
        (*c.particular, *(n for n in c.momentary if n == "now:demonstrative")),
    )


def _asks(c: _Cues) -> bool:
    """Question cues, minus Chinese wh-words that ask nothing (indefinite or embedded under
    the speaker's own knowing: "我什么都吃", "我忘了密码是多少")."""
    if not c.question:
        return False
    return not (c.non_question_wh and set(c.question) <= {"q:zh-wh"})


def _confidence(act: SpeechAct, rule: str, names: tuple[str, ...]) -> float:
    """The deciding rule's figure, lowered for each rival family among the cue ``names``."""
    families = {name.split(":", 1)[0] for name in names}
    own = _COMPETING.get(act)
    # Negation inside a preference, instruction or emotion is expected, not a rival reading.
    rivals = {f for f in families if f in _COMPETING.values() and f != own}
    if act is not SpeechAct.NEGATION:
        rivals.discard("neg")
    score = _CONFIDENCE[rule] - _COMPETITION_PENALTY * len(rivals)
    return round(max(_MIN_CONFIDENCE, score), 3)
