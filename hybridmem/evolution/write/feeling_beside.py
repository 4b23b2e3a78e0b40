"""A standing statement said in one sentence with its feeling (issue 38, helper hold27).

"I'm left-handed, normal scissors are useless to me.", "I've moved my wages over to Monzo, I'm
done with Lloyds.", 我戒烟三年了，闻到烟味都难受。, 我不吃苦瓜，太苦了。: the speech-act rules read
the sentence whole, its feeling makes it an emotion, and ``HybridMemory.add`` held the fact back
as a passing mood (30 of 34 statements the first-day sets' writer held back were of this shape,
docs/benchmarks.md, firstday26). ``beside_mood`` keeps a standing line in its own sentence beside
a mood; this reads the clauses of one sentence.

The sentence is a standing statement with its feeling when its clauses divide the two acts:

* **what each clause asserts**: one clause, read alone by the same rules, is a committed
  statement (an assertion, a negation, a preference) with no feeling or venting cue of its own,
  and another, read alone, is not one (the feeling is said there: an evaluation of the fact's
  thing, a reaction it brings, "I'm done with …"; or a feeling cue the clause holds, as a
  feeling said of a kind: "loud places are a nightmare");
* **whose state**: the statement's subject is the speaker, said ("I", "we", 我, 我们, 我家 heading
  the clause, and no person of the speaker's after it, 我爸, 我老婆: ``slots.others.person_of``):
  a thing's or another person's state beside a feeling is the feeling's circumstance as often
  as a fact;
* **its aspect**: nothing in any clause places the sentence in a moment: no episodic cue (a
  deictic time, a past predicate, an interjection, the Chinese progressive), no demonstrative
  or 得-complement of one event (``speech.aspect``), no moment cue of the rules ("right now"),
  no condition or supposition ("if they move the office to Croydon, I'm done"),
  no bodily or whole-person state of the moment (``speech.sensation``); and the statement is no
  stage of the speaker's: the English progressive or a place after "I'm" ("I'm starving", "I'm
  at the office"), the Chinese 在 after the speaker (我在超市, 我在吃饭) say where the speaker
  is or what they are doing now as often as a lasting activity, and so does "I keep …ing"; a
  graded or emphatic predicate of the speaker's ("I'm so done", 我真是没救了) evaluates, and a
  need or want in the statement ("I need to talk to someone") is the moment's as often; the
  speaker's verb in the English simple past ("I missed the last bus") tells one occasion.

Left to the rules: a sentence holding a want (whether it is the moment's is the clause reading
of ``speech.clauses``, which sees the clause beside it), a question or a hypothetical, and a
sentence read as a passing state (``sensation.MOMENTARY``). "I've got" is read as the present
"have" it is, not as the past "got" the episodic cue reads.
"""

from __future__ import annotations

import re

from hybridmem.evolution.slots import others
from hybridmem.evolution.speech import aspect, clauses, conditions, sensation, volition
from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
)
from hybridmem.evolution.speech.lexicon import normalise

# The speaker heading the clause: the subject pronouns (a closed class).
_SPEAKER = re.compile(r"^(?:(?:i|we)(?:'m|'ve|'re)?\b|我(?:们|家)?)")
# A stage of the speaker's: the English progressive or a place after the copula, the Chinese 在
# after the speaker (locative or progressive; an adverb of time may come between), not a
# verb's complement of place (我住在…).
_STAGE = re.compile(
    r"^(?:i'm|i am|we're|we are) (?:[a-z]+ing|at|in|on|out|off|back|home|here|there)\b"
    r"|^(?:i|we) keep [a-z]+ing\b"
    r"|^我(?:们|家)?(?:现在|最近|正|还|也|都)?在"
)
# A graded or emphatic predicate of the speaker's ("I'm so done", 我真是没救了, 我太难了): the
# speaker evaluated, a feeling said as a statement. Degree and emphatic adverbs, a closed class.
_GRADED = re.compile(
    r"^(?:i'm|i am|we're|we are) (?:so|such|absolutely|totally|completely|utterly|really|too)\b"
    r"|^我(?:们|家)?(?:真|太|好|超|巨|简直)"
)
# A modal of need or want after the speaker ("I need to talk to someone", 我得歇会儿): the
# moment's need as often as a standing one, as the want cues are.
_NEEDING = re.compile(
    r"^(?:i|we) (?:need|needs|want|have to|has to|must|gotta|wanna)\b"
    r"|^(?:i|we)'(?:ve got to|d like)\b"
    r"|^我(?:们|家)?(?:想|要|得|需要)"
)
# The speaker's verb in the simple past ("I missed the last bus"): an event of one occasion;
# the perfect ("I've moved my wages") states its result now. An adverb may come between.
_PAST_VERB = re.compile(r"^(?:i|we) (?:just |only |finally |already |never )?([a-z]+)\b(?!')")
# The perfect of "get" is the present "have" ("I've got tinnitus"), not a past event.
_HAVE_GOT = re.compile(r"\b(i|we|you|they)'ve got\b|\b(i|we|you|they) have got\b")
# Cue families of the rules that place a clause in a moment (aspect.EPISODIC, PARTICULAR and the
# rules' own moment cues, a time to come: "Nervous about tomorrow"); "now:circumstance" names an
# unchosen circumstance, not a time.
_PLACING = ("episode:", "particular:", "deixis:", "now:", "future:")
_CIRCUMSTANCE = "now:circumstance"
# A hypothetical cue of the rules, fired even where another act won (as commitments reads it).
_SUPPOSING = "hyp:"
# Cue families of a feeling said in the clause itself.
_FEELING = ("emo:", "vent:")
# Cue families of a want or a need: the want's moment is the clause reading's (speech.clauses).
_WANTING = ("volition:", "want:")


def standing_clause(
    text: str, whole: SpeechActResult, classifier: SpeechActClassifier
) -> str | None:
    """The clause of ``text`` (read whole as ``whole``) that states a standing fact of the
    speaker's beside the feeling its other clause says (the module docstring), or None."""
    if whole.act is not SpeechAct.EMOTION or sensation.MOMENTARY in whole.cues:
        return None
    if not volition.WANTS.isdisjoint(whole.cues):
        return None
    parts = clauses.clauses(_HAVE_GOT.sub(r"\1\2 have", normalise(text)))
    if len(parts) < 2:
        return None
    readings = [classifier.classify(part) for part in parts]
    if any(_placed(part, reading) for part, reading in zip(parts, readings, strict=True)):
        return None
    stated = [
        part
        for part, reading in zip(parts, readings, strict=True)
        if reading.act in ASSERTIVE_ACTS
        and not _feeling(reading)
        and not any(c.startswith(_WANTING) for c in reading.cues)
        and _SPEAKER.match(part)
        and others.person_of(part) is None
        and not _STAGE.match(part)
        and not _GRADED.match(part)
        and not _NEEDING.match(part)
        and not _past(part)
    ]
    felt = [r for r in readings if r.act not in ASSERTIVE_ACTS or _feeling(r)]
    if not stated or not felt:
        return None
    return stated[0]


def _placed(clause: str, reading: SpeechActResult) -> bool:
    """Whether ``clause`` (read alone as ``reading``) places its sentence in a moment."""
    if any(c.startswith(_PLACING) and c != _CIRCUMSTANCE for c in reading.cues):
        return True
    if conditions.CONDITION.search(clause) or any(c.startswith(_SUPPOSING) for c in reading.cues):
        return True  # said under a condition: "if they move the office, I'm done"
    if aspect.TOMORROW.search(clause):
        return True
    return sensation.momentary_sensation(clause)


def _past(clause: str) -> bool:
    """Whether the speaker's verb heading ``clause`` is in the English simple past."""
    found = _PAST_VERB.match(clause)
    if found is None:
        return False
    verb = found.group(1)
    return verb in others.PAST_EN or (verb.endswith("ed") and verb != "need")


def _feeling(reading: SpeechActResult) -> bool:
    """Whether a clause's reading holds a feeling or venting cue of its own."""
    return any(c.startswith(_FEELING) for c in reading.cues)
