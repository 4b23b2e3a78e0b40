"""What is worth keeping from a conversation: the deterministic extractor.

Each message is cut into sentences and each sentence labelled by the speech-act classifier the
write path already uses (:mod:`hybridmem.evolution.speech.acts`); no new vocabulary is added
here. What a sentence becomes follows from its label and from what the slot inference of the
write path finds in it:

============================  =============================================================
the user says                 becomes
============================  =============================================================
filler or a greeting ("ok")   nothing (the message stays in the buffer until it expires)
a question, a hypothetical,   an event of the conversation marked ``aside`` (its label), never
a passing mood                a fact or a preference: "what if I moved to Berlin?" is not where
                              the user lives, yet it was said, and a later question may be
                              about it; a want read with the sentence beside it that says
                              the moment ("Ugh, this queue. I want to go home.") is a mood
                              (:mod:`hybridmem.conversation.in_message`)
an emotion that commits to    a fact (the write path's own test:
a change ("switched to ...")  :func:`hybridmem.evolution.write.commitments.committed_change`)
a statement giving a value    a fact under the user's root: it joins that slot's conflict
of a user slot                group, so a new home coexists with the old until confirmed
a preference                  a preference under the root, unless the classifier marks it
                              momentary (a ``now:`` cue: "I want pizza right now")
a standing instruction        a preference (the classifier's ``stable:`` cue: "from now on,
                              order me oat milk"); a one-off request is an event
any other statement           an event of the conversation (under the task or session)
============================  =============================================================

Such turns keep the importance of any event. Measured on a LoCoMo conversation (MiniLM,
evidence recall at 1,000 tokens once the raw turns had expired; every turn one event: 0.78):
dropping them outright gave 0.58 (questions and remarks are where many answers were said),
keeping them at the weight the write path gives a fact its filter holds back (half) 0.70,
at an event's own weight 0.75.

The assistant's turns are evidence, not facts about the user: their statements are kept as
events of the conversation (what was proposed, what was said), their questions and filler are
not. System messages are instructions to the agent, and tool messages (a tool call, its
result) the agent's work, not memories of the user: both stay in the buffer only.

Every message with more than filler in it stays one event of the conversation (verbatim when
nothing was dropped, so it is embedded once, shared with its buffer copy); the facts and
preferences a user's sentences give are written beside it, one per sentence, under the root.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from hybridmem.conversation import decisions
from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.in_message import join, read_in_message
from hybridmem.conversation.messages import ChatMessage
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write.commitments import committed_change

# A sentence ends at . ! ? (followed by a space or the end) or at a CJK terminator; a newline
# ends one too. "3.5" and "e.g." without a following space do not split.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？；])\s*|\n+")

USER_LEVEL = frozenset({"fact", "preference"})
"""Memory types that follow the user into every task: written under the user's root."""

_ASIDE_ACTS = {
    SpeechAct.QUESTION: "question",
    SpeechAct.HYPOTHETICAL: "hypothetical",
    SpeechAct.EMOTION: "passing emotion",
}
"""Acts kept as events, never as facts or preferences (their label says why)."""
FILLER = "filler or greeting"


@dataclass(slots=True)
class Extraction:
    """The extractor's answer for a batch: drafts in conversation order, and per message id
    why nothing was kept from it (only for messages that yielded no draft)."""

    drafts: list[Draft] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Kept:
    kind: str
    slot: str | None = None
    aside: str | None = None
    person: str | None = None
    relation: str | None = None


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each stripped; never empty for non-blank text."""
    parts = [p.strip() for p in _SENTENCE_END.split(text)]
    return [p for p in parts if p] or [text.strip()]


class RuleExtractor:
    """The default extractor: deterministic, no model beyond the classifier's rules."""

    name = "rules"

    def __init__(self, classifier: SpeechActClassifier | None = None) -> None:
        self.classifier = classifier or default_classifier()

    def extract(self, messages: Sequence[ChatMessage]) -> Extraction:
        out = Extraction()
        for message in messages:
            drafts, reason = self._message(message)
            out.drafts.extend(drafts)
            if not drafts:
                out.skipped[message.id] = reason
        return out

    def _message(self, message: ChatMessage) -> tuple[list[Draft], str]:
        if message.role == "system":
            return [], "system message: an instruction to the agent, not a memory"
        if message.tool is not None:
            # What a tool was asked or answered is the agent's work, not something the user
            # said: a tool's output never becomes a fact about the user.
            what = f"tool {message.tool}" + (f" ({message.name})" if message.name else "")
            return [], f"{what}: the agent's tool use, not a memory of the user"
        labelled = [(s, self.classifier.classify(s)) for s in sentences(message.content)]
        if message.role == "user" and len(labelled) > 1:
            # A want's sentence is read with the sentence beside it that says the moment
            # ("Ugh, this queue. I want to go home."): :mod:`.in_message`.
            labelled = read_in_message(labelled, self.classifier)
        # What the user concluded (facts, preferences: one memory per sentence, under the root)
        # and what was said (one event per message, in the conversation). A fact's turn stays
        # an event too: the conversation keeps its context (when, after what), the root the
        # standing value; on LoCoMo, moving such turns out of their session cost 0.07 of
        # evidence recall at 1,000 tokens.
        said: list[str] = []
        asides: list[str | None] = []
        concluded: list[Draft] = []
        for sentence, result in labelled:
            kept = self._kind(message.role, sentence, result)
            if kept is None:
                continue
            said.append(sentence)
            asides.append(kept.aside)
            filed = kept.kind in USER_LEVEL
            # A fact the slot readers filed can say a choice too ("I'm taking the Met Office
            # job": user.workplace): read, it settles what was weighed, and is kept either way.
            decides = (
                message.role == "user"
                and kept.person is None
                and decisions.decides(sentence, result)
            )
            if filed or decides:
                concluded.append(
                    Draft(
                        kept.kind if filed else "fact",
                        sentence,
                        (message.id,),
                        message.speaker,
                        str(result.act),
                        slot=kept.slot,
                        person=kept.person,
                        relation=kept.relation,
                        decides=decides,
                        filed=filed,
                    )
                )
        if not said:
            return [], FILLER
        labels = [a for a in dict.fromkeys(asides) if a is not None]
        episode = Draft(
            "event",
            message.content.strip() if len(said) == len(labelled) else join(said),
            (message.id,),
            message.speaker,
            str(labelled[0][1].act) if len(labelled) == 1 else "mixed",
            # An aside only when nothing in the message was asserted.
            aside="; ".join(labels) if None not in asides else None,
        )
        return [*concluded, episode], ""

    def _kind(self, role: str, sentence: str, result: SpeechActResult) -> _Kept | None:
        """What a sentence becomes; None for filler (nothing to keep)."""
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
            and committed_change(sentence, result, self.classifier) is not None
        ):
            return _Kept("fact", slots.infer(sentence).slot)
        if act in _ASIDE_ACTS:
            return _Kept("event", aside=_ASIDE_ACTS[act])
        if role == "assistant":
            # The assistant's statements are what it said or proposed: evidence of the
            # conversation, never a fact about the user.
            return _Kept("event")
        cues = result.cues
        if act is SpeechAct.PREFERENCE:
            if any(c.startswith("now:") for c in cues):  # a passing want, not a taste
                return _Kept("event")
            return _Kept("preference", others.infer_shared(sentence).slot)
        if act is SpeechAct.INSTRUCTION:
            if any(c.startswith("stable:") for c in cues):  # a standing rule
                return _Kept("preference", others.infer_shared(sentence).slot)
            return _Kept("event")
        guess = others.infer_shared(sentence)
        if guess.slot is not None and guess.about_user:
            return _Kept("fact", guess.slot)
        return _Kept("event")


def _about_someone_else(sentence: str, result: SpeechActResult) -> _Kept | None:
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
        return _Kept("event", aside=_ASIDE_ACTS[act])
    if act is SpeechAct.PREFERENCE and any(
        c.startswith("now:") and c != "now:circumstance" for c in result.cues
    ):
        # "My sister wants pizza right now": their passing want. An unchosen circumstance
        # (the cue work-role words fire: "my boss prefers short emails") ties nothing to now.
        return _Kept("event")
    placed = others.slot_of(found)
    if placed is not None:
        return _Kept("fact", placed.group_slot, person=person, relation=relation)
    if act is SpeechAct.INSTRUCTION or not others.standing(sentence):
        return _Kept("event")
    return _Kept("fact", person=person, relation=relation)
