"""What an emotional utterance commits to: a change of the speaker's state said with feeling.

The speech-act filter labels a whole utterance. "I switched to a Pixel phone, the iPhone
battery kept dying and it drove me mad" is an EMOTION by its labels (the feeling is what it
expresses), yet it also states, committed and in the past, that the speaker's phone changed.
Filtering it as a passing mood keeps the stale value ("I use an iPhone") as the user's fact:
the failure the design note's value changes are about, in the other direction.

So an emotional utterance is split into clauses (at punctuation), and one clause that on its
own is assertive, about the speaker, and states a change ("switched", "now", "sold", 改, 现在,
搬...: :func:`hybridmem.evolution.slots.pairs.states_change`) makes the utterance a statement of
that change. A mood with no such clause ("I'm so angry today, the night shift was a
disaster", "今天气死我了") stays a mood. No new vocabulary: the classifier, the change cues and
the subject test are the ones the writer already uses. Venting stays a mood whatever its
clauses say.

A clause that states a change and is not said as one commits to none (issue 38, blind speech
batch 20): a clause holding the mood's want ("洗碗机又漏水了，我想搬家", "feeling lazy, I want
takeout instead of cooking": the want the label placed in its moment) or a condition ("如果公司
搬到苏州", "if they move the office to Leeds", read by the classifier's hypothetical cues and the
closed class of conditional conjunctions). A want of a change beside a standing statement of the
speaker's ("我在医院上班，想转去做科研") presupposes the state it would change: that statement,
not the change, is what the utterance commits to (``speech.clauses.standing_beside_want``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hybridmem.evolution.slots.pairs import states_change
from hybridmem.evolution.slots.rules import about_speaker
from hybridmem.evolution.speech import clauses, conditions
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActClassifier, SpeechActResult
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.speech.volition import WANTS

_CLAUSE_BREAK = re.compile(r"[,，;；。!！?？:：…]+|\s+[-–—]\s+")
# "Until now" is a span that ends now, not a change ("加班到现在", "worked till now"): its "now"
# is no change cue. So is "since" a time of the same day ("up since five", "haven't eaten
# since breakfast", "on my feet since dawn"): the span of the moment a tired remark is about,
# where "since March" starts a state. Aspect and the times of a day, closed classes.
_UNTIL_NOW = re.compile(
    r"到现在|\b(?:until|till|up to|up till|up until) now\b"
    r"|\bsince (?:dawn|daybreak|sunrise|breakfast|lunch(?:time)?|noon|midday|midnight"
    r"|this morning|last night|(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve)(?:[:.]\d\d)?(?: ?[ap]\.?m\b\.?| o'clock)?)(?!\w| (?:years?|months?"
    r"|weeks?|days?)\b)",
    re.IGNORECASE,
)
_HYPOTHETICAL_CUE = "hyp:"


def committed_change(
    text: str,
    result: SpeechActResult,
    classifier: SpeechActClassifier,
    says: Callable[[str], bool] = states_change,
) -> str | None:
    """The clause of ``text`` (labelled ``result``) that commits the speaker to a change of
    state (a clause ``says`` holds for: a change word, or for a move back "again",
    ``write.mood_move_back``), or None. Only for an EMOTION that is not venting: venting
    evaluates a circumstance "however factual its parts" (the label definitions in
    ``speech.labels``), and its clauses ("新来的馆长简直了") name no change of the speaker's
    own."""
    if result.act is not SpeechAct.EMOTION or any(c.startswith("vent:") for c in result.cues):
        return None
    for clause in _CLAUSE_BREAK.split(text):
        clause = clause.strip()
        if len(clause) < 2 or not says(_UNTIL_NOW.sub(" ", clause)):
            continue  # the cheap test first: most clauses of a mood state no change
        reading = classifier.classify(clause)
        if not (reading.is_assertive and about_speaker(clause)) or _conditional(clause, reading):
            continue
        if WANTS.isdisjoint(reading.cues):
            return clause
        # A want of a change: the mood's own want, unless a standing statement of the speaker's
        # beside it is the state the want would change (then that is what is committed to).
        beside = clauses.standing_beside_want(normalise(text), _reader(classifier), WANTS)
        if beside is not None:
            return beside
    return None


def _conditional(clause: str, reading: SpeechActResult) -> bool:
    """Whether ``clause`` is said under a condition or a supposition: a conditional
    conjunction (``speech.conditions.CONDITION``) or a hypothetical cue of the classifier,
    fired even where another act won."""
    return bool(conditions.CONDITION.search(clause)) or any(
        c.startswith(_HYPOTHETICAL_CUE) for c in reading.cues
    )


def _reader(classifier: SpeechActClassifier) -> clauses.Reading:
    """One clause read alone by ``classifier``: its act and its cue names."""

    def read(clause: str) -> tuple[SpeechAct, tuple[str, ...]]:
        result = classifier.classify(clause)
        return result.act, result.cues

    return read
