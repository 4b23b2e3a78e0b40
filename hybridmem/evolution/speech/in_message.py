"""A message read sentence by sentence, each want's sentence with the sentence beside it that
says the moment: the one reading both write paths share.

A message of several sentences is cut at its sentence ends (:func:`sentences`) and each
sentence labelled alone (:func:`read_message`). The conversation extractor files what each
sentence gives (``conversation/extract.py``); the whole-text writer (``HybridMemory.add``) keeps
a message its whole reading holds back when a sentence of it, read here, is a standing line
(``evolution/write/beside_mood.py``). Both read the same sentences the same way.

The speech-act rules read a want with the clause beside it: "long day, I want a bath" places the
want in its moment, "I'm a nurse, I want to become a midwife" does not
(:mod:`hybridmem.evolution.speech.clauses`). A sentence break is a clause break too, so cut
into sentences the want lost what placed it: "Ugh, this queue. I want to go home." filed "I
want to go home." under the user's root as a fact (issue 38, helper speech28; blind speech
batch 29).

So a sentence that holds a want and is read alone as assertive is read again joined with a
sentence next to it (the one before or the one after) that says the moment by itself: the
speaker's mood or complaint (read alone as an emotion with a cue of a feeling, an interjection
or venting: "Ugh, this queue.", 累死了。, 气死我了。) or an episode placed by a deictic time or
an interjection ("So much rain today.", "The printer jammed again.", 刚淋了一场雨。). When
the classifier reads the two as one utterance as an emotion that keeps the want placed by the
clause beside it (:data:`hybridmem.evolution.speech.volition.BESIDES`: its own clause reading
found no standing fact beside the want), the want takes that reading: it is the moment's, an
aside of the conversation, never a fact or a preference.

A sentence of a lasting state beside the want places nothing: "My commute takes two hours
each way. I want a job closer to home." and 楼下天天施工。我想搬到郊区去住。 state the standing
reason of a standing want, and are read as before (the whole text read at once takes them for
moods, which is why only a sentence that says the moment by itself is joined). Nor does a
sentence told in the past tense alone, an evaluation of the wanted thing or another's feeling:
on LoCoMo they are a story's, a plan's reason ("I want to visit The Cliffs of Moher. It has
amazing ocean views and awesome cliffs."), read as the moment 11 more times with no want of
the moment among them (``benchmarks/evolution_models/speech_in_message_variants.py``). Nothing
here is a word list: the acts and cue names are the classifier's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hybridmem.evolution.speech import volition
from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
)

Labelled = tuple[str, SpeechActResult]
"""A sentence and the classifier's reading of it."""

# A sentence ends at . ! ? (followed by a space or the end) or at a CJK terminator; a newline
# ends one too. "3.5" and "e.g." without a following space do not split.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？；])\s*|\n+")

# Cue names of the speaker's own mood or complaint: a feeling, an interjection, venting.
_MOOD_ENDINGS = ("-feeling", "-interjection")
_VENTING = "vent:"
# An episode placed in the moment by a deictic time or an interjection ("today", "again",
# "tonight", 刚): ``episode:en-time``, ``episode:zh-interjection``. A past tense alone
# (``episode:en-past``) tells a story as often as the moment ("I went hiking last week… There's
# something I want to tell you"), and places nothing.
_EPISODE = "episode:"
_EPISODE_ENDINGS = ("-time", "-interjection")


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each stripped; never empty for non-blank text."""
    parts = [p.strip() for p in _SENTENCE_END.split(text)]
    return [p for p in parts if p] or [text.strip()]


def read_message(text: str, classifier: SpeechActClassifier) -> list[Labelled]:
    """A speaker's message, sentence by sentence: each labelled alone, then each want's
    sentence read with the sentence beside it that says the moment (the module docstring)."""
    labelled = [(s, classifier.classify(s)) for s in sentences(text)]
    return read_in_message(labelled, classifier) if len(labelled) > 1 else labelled


def join(parts: Sequence[str]) -> str:
    """Sentences joined back into one text: Chinese ones run on without a space, Latin ones
    take one."""
    out = parts[0]
    for part in parts[1:]:
        out += part if re.search(r"[\u3000-\u9fff]$", out) else " " + part
    return out


def read_in_message(
    labelled: Sequence[Labelled], classifier: SpeechActClassifier
) -> list[Labelled]:
    """``labelled`` (a user's message, sentence by sentence) with each want's sentence read
    with the sentence beside it that says the moment (the module docstring)."""
    out = list(labelled)
    for i, (sentence, result) in enumerate(labelled):
        if result.act not in ASSERTIVE_ACTS or not _holds_want(result):
            continue
        for j in (i - 1, i + 1):
            if not 0 <= j < len(labelled):
                continue
            other, beside = labelled[j]
            if _holds_want(beside) or not _says_moment(beside):
                continue
            joined = classifier.classify(join((other, sentence) if j < i else (sentence, other)))
            if joined.act is SpeechAct.EMOTION and volition.BESIDES.intersection(joined.cues):
                out[i] = (sentence, joined)
                break
    return out


def _holds_want(result: SpeechActResult) -> bool:
    return not volition.WANTS.isdisjoint(result.cues)


def _says_moment(result: SpeechActResult) -> bool:
    """A sentence that says its moment by itself: the speaker's mood or complaint (an emotion
    with a cue of a feeling, an interjection or venting), or an episode placed by a deictic
    time or an interjection."""
    cues = result.cues
    if result.act is SpeechAct.EMOTION and any(
        c.endswith(_MOOD_ENDINGS) or c.startswith(_VENTING) for c in cues
    ):
        return True
    return any(c.startswith(_EPISODE) and c.endswith(_EPISODE_ENDINGS) for c in cues)
