"""A move back said with its reason's feeling is the statement of the value it returns to, when
the user's statements hold that value and a later one it left (issue 38, helper style24).

The speech-act filter labels a whole utterance. "Black coffee for me again, the oat milk upset
my stomach" and 还是喝回绿茶了，普洱喝着胃不舒服 are EMOTIONs by their labels (the feeling is the
reason given), yet each says in a clause of its own, committed and of the speaker, that a value
holds again (``slots.pairs.says_again``). Held back as a passing mood, the move back waited as
a weak candidate, and the value it left stayed the user's answer (colloquial blind19 back en-1,
zh-0; the move back's act decided before any group is read).

``commitments.committed_change`` keeps an emotion one of whose clauses states a change, and
asks no "again": an emotion at an event that happened again ("missed the bus again", 快递又送
错了) commits to no value. What tells a move back from such an event is not in its words but in
the user's statements: a move back returns to a value the user said that a later value took the
place of, and names it (``move_back.returned_to``, the writer's own reading of a move back said
plainly). So a clause saying a value holds again is read with the clause tests of a committed
change (assertive alone, of the speaker, under no condition, no want of the moment), venting
too (the store, not the label, says whether a value is returned to: "Dino's has me in the chair
again, the marina lot were useless"), and the utterance is kept only when the writer's search
finds the value it returns to; then it settles its attribute as any move back does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hybridmem.core import PlanRequest
from hybridmem.evolution.slots.pairs import says_again
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write import commitments
from hybridmem.evolution.write.move_back import MoveBack, stems

_VENTING = "vent:"


def again_clause(text: str, result: SpeechActResult, classifier: SpeechActClassifier) -> str | None:
    """The clause of the emotion ``text`` (labelled ``result``) that says, on its own
    assertive, of the speaker and under no condition, that a value holds again; else None."""
    if result.act is not SpeechAct.EMOTION or not says_again(text):
        return None  # the cheap test first: most moods say nothing holds again
    unvented = replace(result, cues=tuple(c for c in result.cues if not c.startswith(_VENTING)))
    return commitments.committed_change(text, unvented, classifier, says_again)


def returned_with_feeling(
    request: PlanRequest,
    result: SpeechActResult,
    classifier: SpeechActClassifier,
    moved: Callable[[PlanRequest], MoveBack | None],
    unsaid: Callable[[PlanRequest], MoveBack | None],
) -> tuple[str, MoveBack | None] | None:
    """The clause by which ``request`` (held back as ``result``) moves back to a value, and
    the move back when it says no "again", else None. Said again: when ``moved`` (the
    writer's search for the value a move back returns to) finds that value. Said with no
    "again": when ``unsaid`` (the same search, asking no cue) finds one and a clause naming it
    is committed (:func:`named_clause`); its move back is returned, for the writer's group
    search asks for a cue the utterance does not hold."""
    if says_again(request.content):
        clause = again_clause(request.content, result, classifier)
        if not clause or moved(request) is None:
            return None
        return clause, None
    if result.act is not SpeechAct.EMOTION:
        return None
    found = unsaid(request)
    if found is None:
        return None
    clause = named_clause(request.content, result, classifier, found.returned.content)
    return (clause, found) if clause else None


def named_clause(
    text: str, result: SpeechActResult, classifier: SpeechActClassifier, value: str
) -> str | None:
    """The clause of the emotion ``text`` that, on its own assertive, of the speaker and under
    no condition (``commitments.committed_change``'s tests, venting included as for "again"),
    names the value said in ``value`` by a content word of its own (``move_back.stems``): "Down at
    the lido Saturday morning, the water was freezing" after "I swim at the lido on Saturday
    mornings" and "Saturday mornings are parkrun". The returned value in use is the speaker's
    own clause; news of the value ("the kindergarten by the gate had its sports day, the noise
    gave me a headache") has the value, not the speaker, as its subject."""
    named = stems(value)
    unvented = replace(result, cues=tuple(c for c in result.cues if not c.startswith(_VENTING)))
    return commitments.committed_change(
        text, unvented, classifier, lambda clause: bool(stems(clause) & named)
    )
