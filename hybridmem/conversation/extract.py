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
                              (:mod:`hybridmem.evolution.speech.in_message`)
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

from collections.abc import Sequence
from dataclasses import dataclass, field

from hybridmem.conversation import decisions
from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.messages import ChatMessage
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.in_message import join, read_message, sentences
from hybridmem.evolution.speech.labels import SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write.sentence_kinds import USER_LEVEL, Kept, sentence_kind

__all__ = ["FILLER", "USER_LEVEL", "Extraction", "RuleExtractor", "sentences"]

FILLER = "filler or greeting"


@dataclass(slots=True)
class Extraction:
    """The extractor's answer for a batch: drafts in conversation order, and per message id
    why nothing was kept from it (only for messages that yielded no draft)."""

    drafts: list[Draft] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


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
        if message.role == "user":
            # A want's sentence is read with the sentence beside it that says the moment
            # ("Ugh, this queue. I want to go home."): the reading ``HybridMemory.add`` shares
            # (:mod:`hybridmem.evolution.speech.in_message`).
            labelled = read_message(message.content, self.classifier)
        else:
            labelled = [(s, self.classifier.classify(s)) for s in sentences(message.content)]
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

    def _kind(self, role: str, sentence: str, result: SpeechActResult) -> Kept | None:
        """What a sentence becomes; None for filler (nothing to keep)."""
        return sentence_kind(role, sentence, result, self.classifier)
