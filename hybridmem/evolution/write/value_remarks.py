"""Someone else's event about the value of an older statement: a remark, not a new value.

"Nationwide opened a new branch on Fargate" after "I bank with Nationwide" is said with no
first-person word, as many real changes are ("Virgin Media put the broadband in last
Tuesday"), and the pair model and the question's words read the two as one attribute: the
remark took the value's place (issue 38, mention pollution of the colloquial sets). What tells
them apart is whose the remark's subject is, read against the older statement the engine
compares it with: when the subject names the older statement's **value** (a word they share
that is not in the older statement's own subject, the attribute) and no name of its own (a
capitalised word the older statement lacks: another holder), the value itself acts or
undergoes, and the user's value stays. A new holder acting on the attribute ("Abel & Cole
delivered the first veg box") names nothing of the older value and is read as before.

So the reading is of two statements, asked where the engine picks the newer of two: the
query-time newer-first rule (``retrieval.newer_values.newer_candidates``), the writer's pair
link (``similar_group._paired``) and the group policy (``planner`` -> ``conflicts.decide``'s
``one_off``). It holds (:func:`remark_on`) when the newer statement is English, names no
first-person word, its first clause states an event of its own subject that moves nothing to a
new holder or place (no goal preposition, no verb of beginning, no habitual "get" passive) and
no cue of a standing state is in the statement, and that subject names the older statement's
value. That reading is English: Chinese drops the speaker and fronts a topic, so the noun before
the verb may be the object of the speaker's unsaid act (晚饭请了个钟点工阿姨做), and jieba's tags
do not tell an agent from a topic. A Chinese statement is read by
:mod:`~hybridmem.evolution.write.value_remarks_zh` instead (the thing's own event: its opening
noun phrase names the older statement's value, no first-person word, no standing value said).

A move back told as the returned value's own act ("Kwik Fit is doing the MOT this year, like
before" after "My car goes to Kwik Fit for its MOT" and "The garage on Fabian Way does the
car's MOT") names the value it returns to: against that value the reading holds, yet it is the
current value again. It is left to the engine as before (:func:`returns`) when a statement said
between the two (``EvolutionReads.said_between``) is the value it left: the later statement's
subject names the first value and not the one left, its first clause's predicate names what
the value left was about (or the user: "won us back"), the two earlier values share a term (one
attribute named alike), and no "again" is said (the writer's own move backs).

Measured as a benchmark program first (helpers stale19, stale20: ``benchmarks/remark_pairs.py``,
``--returns``): English mention pollution -5 on the blind sets 9-16, -11 on the read sets,
staleness nowhere up, the first-day sets unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import lru_cache
from itertools import pairwise

from hybridmem.core.evolution_marks import current_of
from hybridmem.evolution.slots.others import ADVERBS_EN, PAST_EN
from hybridmem.evolution.slots.pairs import says_again
from hybridmem.evolution.slots.relation_values import FIRST_PERSON
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write import others_at_value, thing_remarks, value_remarks_zh
from hybridmem.lexical import clause_pieces, stemmed_terms
from hybridmem.models import MemoryNode
from hybridmem.store import EvolutionReads

_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[a-z][a-z'’+-]*", re.I)
_TERM = re.compile(r"[a-z0-9][a-z0-9'’&+-]*", re.I)
# English auxiliaries of the progressive and the perfect, and the copula of the past.
_AUX = frozenset({"is", "are", "was", "were", "has", "have", "had", "'re"})
# A preposition before the verb makes it a participle of a phrase, not a clause's verb.
_PREPOSITIONS = frozenset(
    {"with", "in", "at", "on", "for", "to", "from", "by", "of", "into", "about", "after"}
)
# Prepositions of a goal and aspectual verbs of beginning: a transfer, a motion or a new state
# of the subject, which moves the attribute to a new value (closed classes).
_GOAL = frozenset({"to", "into", "onto"})
_BEGIN = frozenset({"start", "starts", "started", "begin", "begins", "began", "begun"})
# The habitual passive: "get" + participle states an arrangement, not an event.
_GET = frozenset({"get", "gets"})
# The subject of the user's own statement: a subject pronoun, or the words before the copula or
# an auxiliary (closed classes).
_SPEAKER = frozenset({"i", "we", "i'm", "we're", "i've", "we've"})
_COPULA = frozenset({"is", "are", "am", "was", "were", "has", "have", "had", "'s", "do", "does"})

Between = Callable[[], Sequence[str]]
"""The statements said between the older and the newer one (read only when needed)."""


def _past(word: str) -> bool:
    return word.endswith("ed") or word in PAST_EN


def _verb_at(words: Sequence[str]) -> int | None:
    """The first finite verb: an auxiliary or a past form."""
    return next((i for i, w in enumerate(words) if w in _AUX or _past(w)), None)


def _event(clause: str) -> bool:
    """A subject of one word or more, then a finite verb of an event: a past form, the
    progressive ("are hiking") or the perfect ("has closed"). A clause opening with its verb
    has no subject of its own (the speaker's); a participle after "is" / "are" is a state."""
    words = [w.lower() for w in _WORD.findall(clause)]
    at = _verb_at(words)
    if at is None or at == 0 or any(w in _PREPOSITIONS for w in words[:at]):
        return False
    word = words[at]
    if word in ("was", "were") or word not in _AUX:
        return True
    after = next((w for w in words[at + 1 :] if w not in ADVERBS_EN), "")
    if word in ("has", "have", "had"):
        return _past(after) or after in ("been", "gone", "done")
    return after.endswith("ing")


def _moves_or_stands(clause: str) -> bool:
    """A goal preposition or a verb of beginning after the first verb, or "get" + a
    participle: the clause gives the attribute a new value or states an arrangement."""
    words = [w.lower() for w in _WORD.findall(clause)]
    at = _verb_at(words)
    if at is not None and any(w in _GOAL or w in _BEGIN for w in words[at:]):
        return True
    return any(a in _GET and _past(b) for a, b in pairwise(words))


@lru_cache(maxsize=4096)
def others_act(text: str) -> bool:
    """Whether the English ``text`` is someone else's act with no value of the speaker's: no
    first-person word, its first clause an event of its own subject that moves nothing, and
    no cue of a standing state anywhere (then the event occasions a change the rest states:
    "Tony's shut down, the barber by the station does it now")."""
    pieces = clause_pieces(text)
    if not pieces or _CJK.search(text) or FIRST_PERSON.search(text):
        return False
    norm = normalise(text)
    if aspect.PERSISTENT.fired(norm) or aspect.FREQUENCY.fired(norm):
        return False
    if volition.HABITUAL.fired(norm):
        return False
    return _event(pieces[0]) and not _moves_or_stands(pieces[0])


def remark_subject(text: str) -> str:
    """The subject of the first clause of an English remark: the words before its first verb."""
    pieces = clause_pieces(text)
    if not pieces:
        return ""
    words = _TERM.findall(pieces[0])
    at = _verb_at([w.lower() for w in words])
    return " ".join(words[: at if at is not None else 0])


def older_subject(text: str) -> str:
    """The subject of the user's older statement: a subject pronoun, or the words before the
    first copula, auxiliary or present verb ("My son goes", "The kids' dentist is")."""
    if _CJK.search(text):
        return value_remarks_zh.topic(text)
    words = _TERM.findall(text)
    lowered = [w.lower() for w in words]
    if lowered and lowered[0] in _SPEAKER:
        return words[0]
    for i, word in enumerate(lowered[1:], start=1):
        if word in _COPULA:
            return " ".join(words[:i])
        # A present verb after a subject of two words or more ("My son goes").
        if word.endswith("s") and not word.endswith(("'s", "’s", "ss")) and i >= 2:
            return " ".join(words[:i])
    return " ".join(words)


def names_value(remark: str, older: str) -> bool:
    """Whether the remark's subject names the older statement's value: a term they share that
    is not in the older statement's subject."""
    shared = stemmed_terms(remark_subject(remark)) & stemmed_terms(older)
    return bool(shared - stemmed_terms(older_subject(older)))


def names_another(remark: str, older: str) -> bool:
    """Whether the remark's subject holds a name the older statement does not: a capitalised
    word of its own names another holder, a new value ("Sunflower Day Nursery took both kids"
    after "The kids go to Little Acorns nursery": the shared "nursery" is the kind of thing,
    not the value), not a part or person of the older value ("Mrs Okafor's other pupils")."""
    names = " ".join(w for w in remark_subject(remark).split() if w[:1].isupper())
    return bool(stemmed_terms(names) - stemmed_terms(older))


def _names(text: str) -> frozenset[str]:
    """The terms of the capitalised words of ``text`` (names; "The", "My" have no term)."""
    return stemmed_terms(" ".join(w for w in text.split() if w[:1].isupper()))


def names_holder(remark: str, older: str) -> bool:
    """Whether the remark's subject names the holder the older statement names in its own
    subject: then the event is the holder's own and changes the holder's value ("Leo and Nina
    broke up" after "My cousin Leo is engaged to Nina"), not a remark about the value."""
    return bool(_names(remark_subject(remark)) & _names(older_subject(older)))


def remark_on(new: str, old: str) -> bool:
    """Whether ``new`` is someone else's event whose subject names ``old``'s value, no other
    name and not ``old``'s named holder, or the named thing's own news
    (:func:`thing_remarks.thing_event_on`; a Chinese ``new``: :mod:`value_remarks_zh`'s
    reading of the thing's own event), or someone else's act with ``old``'s value as its place
    or thing (:func:`others_at_value.act_at_value_on`, both languages)."""
    if others_at_value.act_at_value_on(new, old):
        return True
    if _CJK.search(new):
        return value_remarks_zh.remark_on_zh(new, old)
    return (
        others_act(new)
        and names_value(new, old)
        and not names_another(new, old)
        and not names_holder(new, old)
    ) or thing_remarks.thing_event_on(new, old)


def returns(first: str, left: str, new: str) -> bool:
    """Whether ``new`` returns to ``first``'s value after ``left``, told as that value's own
    act (the module docstring; a Chinese ``new``: :func:`value_remarks_zh.returns`)."""
    if _CJK.search(new):
        return value_remarks_zh.returns(first, left, new)
    if says_again(new) or not stemmed_terms(first) & stemmed_terms(left):
        return False
    if not names_value(new, first) or names_value(new, left):
        return False
    # The first clause's predicate: an old holder leaving ("Tony's has shut, I go to the
    # barber's by the station now") has no object; the change it occasions is a later clause.
    pieces = clause_pieces(new)
    clause = pieces[0] if pieces else new
    subject = remark_subject(new)
    rest = clause[len(subject) :] if clause.startswith(subject) else clause
    return bool(stemmed_terms(rest) & stemmed_terms(left)) or bool(FIRST_PERSON.search(rest))


def remark_about(new: str, old: str, between: Between) -> bool:
    """Whether ``new`` is a remark about ``old``'s value (:func:`remark_on`) and no statement
    said between the two (``between``, read only then) is a value it returns from."""
    if not remark_on(new, old):
        return False
    return not any(returns(old, left, new) for left in between())


SAID_BETWEEN = 500
"""How many of the statements said between two compared ones are read, the newest: as many as
the writer's conflict pool (``similar_group.CONFLICT_POOL``) compares a newcomer with."""


def said_about(
    reads: EvolutionReads, kinds: Sequence[str], new: str, at: datetime, old: MemoryNode
) -> bool:
    """Whether ``new``, said ``at``, is a remark about ``old``'s value (:func:`remark_about`),
    the statements of ``kinds`` said between the two read from the store (one query, made only
    when the pair reading holds)."""
    return remark_about(
        new,
        old.content,
        lambda: reads.said_between(old.user_id, kinds, old.created_at, at, SAID_BETWEEN),
    )


def about_current(
    reads: EvolutionReads,
    kinds: Sequence[str],
    new: str,
    at: datetime,
    members: Sequence[MemoryNode],
) -> bool:
    """Whether ``new`` is a remark about the value of its group's current member: kept beside
    the group as a remark about one occasion is (``conflicts.decide``'s ``one_off``), not as
    the group's new value."""
    current = current_of(members)
    return current is not None and said_about(reads, kinds, new, at, current)
