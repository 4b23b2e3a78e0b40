"""What is worth keeping from a conversation: the deterministic extractor.

Each message is cut into sentences and each sentence labelled by the speech-act classifier the
write path already uses (:mod:`hybridmem.evolution.speech.acts`); no new vocabulary is added
here. What a sentence becomes follows from its label and from what the slot inference of the
write path finds in it:

============================  =============================================================
the user says                 becomes
============================  =============================================================
a question, a hypothetical,   nothing (the message stays in the buffer until it expires):
filler, a passing mood        "what if I moved to Berlin?" is not where the user lives
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

The assistant's turns are evidence, not facts about the user: their statements are kept as
events of the conversation (what was proposed, what was said), their questions and filler are
not. System messages are instructions to the agent, not memories of the user.

Consecutive sentences of one message that become the same kind of memory stay one memory, so
a message kept whole is stored verbatim (and embedded once, shared with its buffer copy).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from hybridmem.conversation.messages import ChatMessage
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write.commitments import committed_change

# A sentence ends at . ! ? (followed by a space or the end) or at a CJK terminator; a newline
# ends one too. "3.5" and "e.g." without a following space do not split.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？；])\s*|\n+")

USER_LEVEL = frozenset({"fact", "preference"})
"""Memory types that follow the user into every task: written under the user's root."""

_SKIPPED_ACTS = {
    SpeechAct.QUESTION: "question",
    SpeechAct.HYPOTHETICAL: "hypothetical",
    SpeechAct.FILLER: "filler or greeting",
    SpeechAct.EMOTION: "passing emotion",
}


@dataclass(frozen=True, slots=True)
class Draft:
    """A memory the extractor proposes: its type, text, and the messages it comes from."""

    node_type: str
    content: str
    source_ids: tuple[str, ...]
    speaker: str
    act: str
    slot: str | None = None


@dataclass(slots=True)
class Extraction:
    """The extractor's answer for a batch: drafts in conversation order, and per message id
    why nothing was kept from it (only for messages that yielded no draft)."""

    drafts: list[Draft] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each stripped; never empty for non-blank text."""
    parts = [p.strip() for p in _SENTENCE_END.split(text)]
    return [p for p in parts if p] or [text.strip()]


def _join(parts: Sequence[str]) -> str:
    # Chinese sentences run on without a space; Latin ones take one.
    out = parts[0]
    for part in parts[1:]:
        out += part if re.search(r"[\u3000-\u9fff]$", out) else " " + part
    return out


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
        labelled = [(s, self.classifier.classify(s)) for s in sentences(message.content)]
        kinds = [self._kind(message.role, s, r) for s, r in labelled]
        groups: list[tuple[str, list[str], str, str | None]] = []  # type, sentences, act, slot
        reasons: list[str] = []
        for (sentence, result), (kind, reason) in zip(labelled, kinds, strict=True):
            if kind is None:
                reasons.append(reason)
                continue
            slot = reason or None  # for a kept sentence, ``reason`` carries its slot
            if groups and groups[-1][0] == kind and kind not in USER_LEVEL:
                groups[-1][1].append(sentence)
                continue
            groups.append((kind, [sentence], str(result.act), slot))
        if not groups:
            return [], "; ".join(dict.fromkeys(reasons)) or "nothing to keep"
        whole = len(groups) == 1 and len(groups[0][1]) == len(labelled)
        drafts = [
            Draft(
                node_type=kind,
                content=message.content.strip() if whole else _join(parts),
                source_ids=(message.id,),
                speaker=message.speaker,
                act=act,
                slot=slot,
            )
            for kind, parts, act, slot in groups
        ]
        return drafts, ""

    def _kind(self, role: str, sentence: str, result: SpeechActResult) -> tuple[str | None, str]:
        """``(memory type, slot)`` for a kept sentence, ``(None, reason)`` for a dropped one."""
        act = result.act
        if act is SpeechAct.EMOTION and role == "user":
            if committed_change(sentence, result, self.classifier) is not None:
                guess = slots.infer(sentence)
                return "fact", guess.slot or ""
            return None, _SKIPPED_ACTS[act]
        if act in _SKIPPED_ACTS:
            return None, _SKIPPED_ACTS[act]
        if role == "assistant":
            # The assistant's statements are what it said or proposed: evidence of the
            # conversation, never a fact about the user.
            return "event", ""
        cues = result.cues
        if act is SpeechAct.PREFERENCE:
            momentary = any(c.startswith("now:") for c in cues)
            return ("event", "") if momentary else ("preference", slots.infer(sentence).slot or "")
        if act is SpeechAct.INSTRUCTION:
            standing = any(c.startswith("stable:") for c in cues)
            return ("preference", slots.infer(sentence).slot or "") if standing else ("event", "")
        guess = slots.infer(sentence)
        if guess.slot is not None and guess.about_user:
            return "fact", guess.slot
        return "event", ""
