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

from hybridmem import lexical
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


def standing_statement(
    text: str, whole: SpeechActResult, classifier: SpeechActClassifier
) -> str | None:
    """The standing clause of ``text`` beside its feeling (:func:`standing_clause`) or beside
    the want that is its goal (:func:`activity_beside_goal`), or None."""
    return standing_clause(text, whole, classifier) or activity_beside_goal(text, whole, classifier)


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


# The speaker's ongoing activity (issue 38, helper held28): "I'm learning to fly drones, want to
# get my licence for work", 我在学开挖掘机，想考个证, 我最近在考无人机驾照，想以后自己打药. The
# want beside the progressive made the whole a want of the moment (我在超市，想买点水果 has the
# same form). What tells an activity that lasts from the moment's stage, closed classes only:
# a span adverb in the progressive clause (lately, these days, 最近, 这阵子: the activity spans
# the time up to now), a later time in the want clause (one day, 以后: the goal is not the
# moment's, so neither is the activity it is the goal of; the rules' own future cues), or a
# verb of learning heading the progressive (learn, study, train, practise; 学, 自学, 练, 考,
# 备考: acquiring a skill or a qualification takes weeks, never one moment).
_EN_ACTIVITY = re.compile(r"^(?:i'm|i am|we're|we are) (?:(?:still|currently|now) )?([a-z]+ing)\b")
_ZH_ACTIVITY = re.compile(r"^我(?:们)?(?:最近|这阵子|这段时间|近来|一直|正|还|也)*在(?!家|这|那)")
_SPAN = re.compile(
    r"\b(?:lately|these days|this year|for (?:a|some|two|three|\d+) \w+)\b"
    r"|最近|这阵子|这段时间|近来|一直|今年"
)
_LEARNING = re.compile(
    r"^(?:i'm|i am|we're|we are) (?:(?:still|currently|now) )?"
    r"(?:learning|studying|training|practising|practicing|revising)\b"
)
_ZH_LEARNING = ("自学", "学", "练", "考", "备考", "复习")
_LATER = "future:"


def activity_beside_goal(
    text: str, whole: SpeechActResult, classifier: SpeechActClassifier
) -> str | None:
    """The clause of ``text`` (read whole as ``whole``) stating the speaker's ongoing activity
    beside a want clause that is its goal, or None. The want may be held back; the activity is
    a standing statement of the speaker's."""
    if whole.act not in (SpeechAct.EMOTION, SpeechAct.HYPOTHETICAL):
        return None
    if sensation.MOMENTARY in whole.cues or volition.WANTS.isdisjoint(whole.cues):
        return None
    parts = clauses.clauses(normalise(text))
    if len(parts) != 2:
        return None
    readings = [classifier.classify(part) for part in parts]
    (doing, done), (goal, wanted) = zip(parts, readings, strict=True)
    if volition.WANTS.isdisjoint(wanted.cues) or not volition.WANTS.isdisjoint(done.cues):
        return None
    if done.act not in ASSERTIVE_ACTS or done.cues or others.person_of(doing) is not None:
        return None  # a plain statement of the speaker's own, with no cue of its own
    learning = bool(_LEARNING.match(doing)) or _zh_doing(doing, learning=True)
    if not (_EN_ACTIVITY.match(doing) or _zh_doing(doing, learning=False)):
        return None
    if sensation.momentary_sensation(doing) or sensation.momentary_sensation(goal):
        return None
    if conditions.CONDITION.search(goal) or any(
        c.startswith(_PLACING) and not c.startswith(_LATER) for c in wanted.cues
    ):
        return None  # the goal said of the moment, a condition or a day ("now", "today")
    if any(c.startswith(_SUPPOSING) or c.startswith(_FEELING) for c in wanted.cues):
        return None
    later = any(c.startswith(_LATER) for c in wanted.cues)
    if _SPAN.search(doing) or later or learning:
        return doing
    return None


def _zh_doing(clause: str, *, learning: bool) -> bool:
    """The Chinese progressive of the speaker's: 在 after the speaker followed by a verb
    (我在学开挖掘机), not by a place (我在学校: where the speaker is); with ``learning``, a verb
    of learning (:data:`_ZH_LEARNING`) heading it, a word of its own or the head of jieba's
    verb (学开, 学做), never of a noun (学校, 考场)."""
    found = _ZH_ACTIVITY.match(clause)
    if found is None:
        return False
    tags = lexical.pos_tags(clause[found.end() :])
    if not tags:
        return False
    word, flag = tags[0]
    if learning:
        return word in _ZH_LEARNING or (flag.startswith("v") and word.startswith(_ZH_LEARNING))
    return flag.startswith("v") or word in _ZH_LEARNING
