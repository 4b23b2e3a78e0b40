"""What one sentence of a message becomes, read with its speech act and the slot readers: a fact
or a preference under the user's root, an event of the conversation, or nothing (issue 38,
moved from ``conversation/extract.py`` by helper addmood23 so that both write paths read a
sentence one way).

The conversation extractor files a user's sentence this way (``conversation/extract.py`` has
the table of cases); the whole-text writer asks the same question of a message its whole
reading holds back, sentence by sentence (``write/beside_mood.py``: a standing line said beside
a mood). Nothing here is new: the acts, cues and slot readers are the write path's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write.commitments import committed_change

USER_LEVEL = frozenset({"fact", "preference"})
"""Memory types that follow the user into every task: written under the user's root."""

ASIDE_ACTS = {
    SpeechAct.QUESTION: "question",
    SpeechAct.HYPOTHETICAL: "hypothetical",
    SpeechAct.EMOTION: "passing emotion",
}
"""Acts kept as events, never as facts or preferences (their label says why)."""


@dataclass(frozen=True, slots=True)
class Kept:
    """What a sentence becomes: a memory type (``fact``, ``preference``, ``event``), its slot,
    why an event is an aside, and whom a fact about someone else is about."""

    kind: str
    slot: str | None = None
    aside: str | None = None
    person: str | None = None
    relation: str | None = None


def sentence_kind(
    role: str, sentence: str, result: SpeechActResult, classifier: SpeechActClassifier
) -> Kept | None:
    """What a sentence said by ``role`` (labelled ``result``) becomes; None for filler (nothing
    to keep). The table of ``conversation/extract.py`` says each case."""
    act = result.act
    if act is SpeechAct.FILLER:
        return None
    if role == "user" and act not in (SpeechAct.QUESTION, SpeechAct.HYPOTHETICAL):
        other = _about_someone_else(sentence, result)
        if other is not None:
            return other
    if (
        act is SpeechAct.EMOTION
        and role == "user"
        and committed_change(sentence, result, classifier) is not None
    ):
        return Kept("fact", slots.infer(sentence).slot)
    if act in ASIDE_ACTS:
        return Kept("event", aside=ASIDE_ACTS[act])
    if role == "assistant":
        # The assistant's statements are what it said or proposed: evidence of the
        # conversation, never a fact about the user.
        return Kept("event")
    cues = result.cues
    if act is SpeechAct.PREFERENCE:
        if any(c.startswith("now:") for c in cues):  # a passing want, not a taste
            return Kept("event")
        return Kept("preference", others.infer_shared(sentence).slot)
    if act is SpeechAct.INSTRUCTION:
        if any(c.startswith("stable:") for c in cues):  # a standing rule
            return Kept("preference", others.infer_shared(sentence).slot)
        return Kept("event")
    guess = others.infer_shared(sentence)
    if guess.slot is not None and guess.about_user:
        return Kept("fact", guess.slot)
    return Kept("event")


def _about_someone_else(sentence: str, result: SpeechActResult) -> Kept | None:
    """What a user's sentence about another person becomes, or None when its subject is the
    user (or nobody the next sentence could name: a pronoun, a thing).

    A value of one of that person's attributes (the user slots' rules read with the person as
    speaker: "my sister Mara lives in Lisbon") is a fact in that person's own group
    (``user.residence@mara``), so "Mara moved to Porto" overturns it and the user's own home
    is untouched. Another standing fact about them (a name, a taste, what they have: "my boss
    is called Tom", 我老板叫汤姆) is a fact of no slot; what happened once ("my boss yelled
    at me") is an event, and the speaker's feeling about them (gossip, venting) an aside.
    Either way it is never the user's preference: "my sister likes hiking" is no taste of the
    user's.
    """
    if slots.about_speaker(sentence):
        return None
    found = others.person_of(sentence)
    if found is None:
        return None
    person, relation = found[0], others.relation_of(sentence)
    act = result.act
    if act is SpeechAct.EMOTION and not others.held_by_other(sentence, result):
        return Kept("event", aside=ASIDE_ACTS[act])
    if act is SpeechAct.PREFERENCE and any(
        c.startswith("now:") and c != "now:circumstance" for c in result.cues
    ):
        # "My sister wants pizza right now": their passing want. An unchosen circumstance
        # (the cue work-role words fire: "my boss prefers short emails") ties nothing to now.
        return Kept("event")
    placed = others.slot_of(found)
    if placed is not None:
        return Kept("fact", placed.group_slot, person=person, relation=relation)
    if act is SpeechAct.INSTRUCTION or not others.standing(sentence):
        return Kept("event")
    return Kept("fact", person=person, relation=relation)
