"""The vocabulary of the speech-act filter: labels, results, the classifier protocol.

Every utterance headed for memory is first labelled with the act the speaker performed. The
label decides how far the content may travel: a question, a hypothetical or a passing emotion
must never be written as a long-term fact (design note, sections 4.1 and 4.2: "I kind of hate
rain" became a standing preference; "what if I switched careers?" overwrote "the user is a
designer").

Label definitions (the shipped data set is labelled by exactly these rules):

``ASSERTION``
    A committed, affirmative statement of fact about the user or the world, including a change
    of state ("I switched jobs, I work in the west of town now", "我今天早上跑了五公里").
``NEGATION``
    A committed *negated* statement of fact, a denial or a correction ("I don't have a car",
    "那笔打车费不是我报的", "No, my flight is Friday"). Negated preferences, negated directives
    and negated feelings are *not* here: "I don't like cilantro" is PREFERENCE, "don't book
    red-eyes" is INSTRUCTION, "心情不太好" is EMOTION. NEGATION is kept apart from ASSERTION
    because a negation usually contradicts something already stored, and the design note asks
    the conflict resolver to give it less write weight (section 4.2).
``QUESTION``
    A request for information, direct or polite ("Is my claim approved?", "你知道附近哪有药店",
    "Could you check whether the museum is open?"), including questions with a conditional about
    a practical matter ("Can I return it if I've opened the box?", "如果改签的话要加钱吗").
``HYPOTHETICAL``
    The speaker entertains a state of their life that is not (yet) true: suppositions,
    counterfactuals, wishes and tentative plans ("what if I moved to Chengdu?", "要是我搬到杭州呢",
    "I'm considering selling my motorbike", "要是能在家办公就好了"). A question whose premise is
    such a supposition is still HYPOTHETICAL: what matters for memory is that the premise is
    not a fact.
``EMOTION``
    A feeling or a momentary evaluation ("今天好烦", "this hotel room smells awful"), and a
    like/dislike of a circumstance said in passing ("I kind of hate rain"). An explicit
    stability marker ("always", "一直", "从小") turns a like/dislike into a PREFERENCE.
``PREFERENCE``
    A stable taste or habit of the user about things they choose (food, seats, brands, travel
    modes, working hours), affirmative or negated ("I prefer window seats", "我不吃香菜",
    "I don't like cilantro", "I usually pay with Alipay").
``INSTRUCTION``
    A directive to the agent, one-off or standing, including conditional directives
    ("book me the 8am train", "以后别给我推荐辣的菜了", "if it rains tomorrow, remind me to take an
    umbrella", "can you cancel my 3pm meeting"). A bare imperative is always an instruction;
    "can you / 能帮我 ... 吗" is one when it asks the agent to act rather than to tell.

Boundary decisions the labels follow:

- Preferences are the *user's*. A third party's tastes or habits are facts about that person:
  "我老公在银行工作" is ASSERTION, "我爸从来不坐飞机" is NEGATION.
- A routine (a schedule) is a fact, a habitual *choice among alternatives* is a preference:
  "I take the 7:50 bus every morning" is ASSERTION, "I usually pay with Alipay" is PREFERENCE.
- "Remember that I'm out next week" / "你记一下，我的车位号是B2-117" are INSTRUCTION: the act is
  a directive, even though it carries a fact the memory layer may then extract.
- Allergies and diets imposed by health are facts ("I'm allergic to peanuts" is ASSERTION);
  chosen diets are preferences ("I don't eat pork", "我吃素").
- A standing goal or want said with a plain want and no time is a PREFERENCE ("I want a
  dog", "我想考研", "I've always wanted to learn Japanese"); the same want set in the future or
  under a condition is HYPOTHETICAL ("I want to learn to surf one day"); a want of the moment
  is EMOTION ("I want pizza" said hungry, "好想睡觉").

``FILLER``
    A backchannel that carries no content: acknowledgements, thanks, laughter, "ok", "嗯嗯",
    "好的", "收到", "nope, that's all". Never assertive; kept only as a record of the turn.

Venting is EMOTION, however factual its parts: "hate this job, the customers yell at me every
day" / "这破工作干够了，客户天天对我吼" evaluate the job, they do not state what it is. A soft
choice ("还是深烘好一点", "dark roast suits me better after all") is a PREFERENCE, not a question:
还是 at the head of a clause means "after all"; only "A 还是 B" asks.

PREFERENCE and INSTRUCTION stay separate, although both are assertive: a preference describes
the user (memory stores it on the profile), an instruction describes what the agent must do
(memory stores it as a standing rule or a task), and the two are written to different places.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Protocol, runtime_checkable

from hybridmem.errors import EmptyContentError, InvalidContentError, InvalidWeightError

Language = Literal["zh", "en", "mixed"]
LANGUAGES: tuple[Language, ...] = ("zh", "en", "mixed")


class SpeechAct(StrEnum):
    """The act a speaker performs with an utterance (definitions in the module docstring)."""

    ASSERTION = "assertion"
    QUESTION = "question"
    HYPOTHETICAL = "hypothetical"
    NEGATION = "negation"
    EMOTION = "emotion"
    PREFERENCE = "preference"
    INSTRUCTION = "instruction"
    FILLER = "filler"


# The speaker commits to these contents being true now (or to wanting them done). NEGATION is a
# committed claim too ("I don't own a car" is as much a fact as "I own a car"); callers that
# follow the design note's advice to down-weight negations can test ``act`` directly.
ASSERTIVE_ACTS: frozenset[SpeechAct] = frozenset(
    {SpeechAct.ASSERTION, SpeechAct.NEGATION, SpeechAct.PREFERENCE, SpeechAct.INSTRUCTION}
)


@dataclass(frozen=True)
class SpeechActResult:
    """The label of one utterance, with how sure the classifier is and why it decided so.

    ``cues`` names every rule that fired (``"hyp:what-if"``, ``"q:mark"``...), including cues
    of classes that lost, so a surprising label can be explained from the result alone.
    """

    act: SpeechAct
    confidence: float
    cues: tuple[str, ...]
    language: Language

    def __post_init__(self) -> None:
        # NaN fails both comparisons, so it is rejected here as well.
        if not 0.0 <= self.confidence <= 1.0:
            raise InvalidWeightError(f"confidence must be within [0, 1], got {self.confidence!r}")

    @property
    def is_assertive(self) -> bool:
        """True when the content may be written as a long-term fact, preference or rule.

        Questions, hypotheticals and momentary emotions are never assertive: they may be kept
        as working memory, never promoted to the long-term layer on their own.
        """
        return self.act in ASSERTIVE_ACTS


@runtime_checkable
class SpeechActClassifier(Protocol):
    """Anything that labels one utterance with its speech act."""

    def classify(self, text: str) -> SpeechActResult:
        """Label ``text``; raise :class:`~hybridmem.errors.ValidationError` for unusable input."""
        ...


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def detect_language(text: str) -> Language:
    """``"zh"``, ``"en"`` or ``"mixed"`` (Chinese characters and Latin words both present).

    Text with no Chinese character counts as English: the rules have no third language, and
    digits or emoji alone say nothing about the language.
    """
    has_cjk = _CJK.search(text) is not None
    if not has_cjk:
        return "en"
    return "mixed" if _LATIN_WORD.search(text) else "zh"


def validate_utterance(text: object) -> str:
    """Return ``text`` stripped, or raise the project's errors for non-text or empty input."""
    if not isinstance(text, str):
        raise InvalidContentError(f"utterance must be a str, got {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        raise EmptyContentError("utterance is empty or whitespace only")
    return stripped
