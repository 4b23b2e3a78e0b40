"""A later remark about an event of someone or something else: no newer value of the user's.

"The Red Lion changed landlord", "Zen was down for three hours last night", 少年宫门口在修路,
合唱团团长又在群里发通知了: a remark that names the user's value (the pub, the provider, the
school) and says what happened to it or what another did. It states no value of the
speaker's, yet the pair model reads it as one attribute with the value it names and, newer,
put it above that value (issue 38, the "mention" controls of colloquial blind12-16).

Read here from the newer statement alone, as the slot reader and the aspect reader already
read it: the speaker is neither its subject nor the possessor of anything in it
(:func:`~hybridmem.evolution.slots.rules.about_speaker` is false, and no first-person word),
and its predicate is an event, not a state (the aspect reader's episodic cues: a past
predicate, a deictic time, the progressive, :data:`~hybridmem.evolution.speech.aspect
.EPISODIC`), with no habitual aspect (:data:`~hybridmem.evolution.speech.aspect.FREQUENCY`
and the habitual markers). A change said with the thing as its subject states the thing's
standing value in the present ("The ISA sits with Vanguard", "The gardener comes fortnightly
for the lawn", "The houseplants get watered every Wednesday"), and a Chinese change said
topic-first has no subject at all (基金都转到天天基金了: the speaker's unsaid act), which the
slot reader reads as the speaker's.

The writer keeps such a remark as a record of its occasion
(:data:`~hybridmem.core.evolution_marks.ONE_OCCASION`), as it keeps "Today I'm having tea
instead": it never takes a standing value's place, and it stays a memory of what was said.
"""

from __future__ import annotations

import re
from typing import Any

from hybridmem.core.evolution_marks import ONE_OCCASION
from hybridmem.evolution.slots.others import _ADVERBS_EN, _PAST_EN
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write import occasion
from hybridmem.lexical import clause_pieces, pos_tags

_CJK = re.compile(r"[\u4e00-\u9fff]")

# The user as subject or possessor: the first-person words of both languages (closed class).
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b|我|咱",
    re.I,
)
# English auxiliaries of the progressive and the perfect, and the copula of the past.
_AUX_EN = frozenset({"is", "are", "was", "were", "has", "have", "had", "'re"})
_PREPOSITIONS_EN = frozenset(
    {"with", "in", "at", "on", "for", "to", "from", "by", "of", "into", "about", "after"}
)
_WORD_EN = re.compile(r"[a-z][a-z'’+-]*", re.I)


def _past(word: str) -> bool:
    return word.endswith("ed") or word in _PAST_EN


def _event_en(clause: str) -> bool:
    """A subject of one word or more, then a finite verb of an event: a past form, the
    progressive ("are hiking") or the perfect ("has closed"). A clause opening with its verb
    ("Took the dog out", "Get me …") has no subject of its own: the speaker's. A participle
    after "is" / "are" is a passive state ("are worried", "is moored"), no event."""
    words = [w.lower() for w in _WORD_EN.findall(clause)]
    for i, word in enumerate(words):
        if word in _AUX_EN or _past(word):
            # The subject is a noun phrase: a preposition before the verb makes the verb a
            # participle of a phrase ("prices with VAT included"), the clause one of the
            # speaker's.
            if i == 0 or any(w in _PREPOSITIONS_EN for w in words[:i]):
                return False
            if word in ("was", "were") or word not in _AUX_EN:
                return True
            after = next((w for w in words[i + 1 :] if w not in _ADVERBS_EN), "")
            if word in ("has", "have", "had"):
                return _past(after) or after in ("been", "gone", "done")
            return after.endswith("ing")
    return False


_NOUNS_ZH = ("n", "l", "j", "s", "nr", "ns", "nt", "nz")
_NEGATION_ZH = frozenset({"不", "没", "没有", "别", "不再"})


def _event_zh(clause: str) -> bool:
    """A subject of its own, then an event. The subject is a noun phrase of two nouns (a
    possessor and its noun, 老年大学的食堂, 少年宫门口): a topic the speaker acts on is one
    noun (基金都转到天天基金了). The event: the progressive (在 + a verb or action noun) or a
    clause ending in the perfective 了; a negated verb is the speaker's stopping (普拉提不上了)."""
    tokens = [(w, f) for w, f in pos_tags(clause) if f != "x" and w.strip()]
    if len(tokens) < 3 or any(w in _NEGATION_ZH for w, _ in tokens):
        return False
    first, second = tokens[0], tokens[1]
    if not first[1].startswith(_NOUNS_ZH):
        return False
    at = 3 if second[0] == "的" else 2
    if at > len(tokens) or not tokens[at - 1][1].startswith(_NOUNS_ZH):
        return False
    rest = tokens[at:]
    if rest and rest[-1][0] == "了":
        return True
    return any(w in ("在", "正在") for w, _ in rest[:2]) and len(rest) > 1


def without_speaker(text: str) -> bool:
    """Whether no first-person word makes the speaker the subject or possessor of
    anything in ``text``."""
    return _FIRST_PERSON.search(text) is None


def an_event(text: str) -> bool:
    """Whether the first clause of ``text`` states an event with a subject of its own, and
    nothing in it says a state that outlasts it (persistence, frequency, habit)."""
    pieces = clause_pieces(text)
    if not pieces:
        return False
    norm = normalise(pieces[0])
    if aspect.PERSISTENT.fired(norm) or aspect.FREQUENCY.fired(norm):
        return False
    if volition.HABITUAL.fired(norm):
        return False
    return _event_zh(pieces[0]) if _CJK.search(text) else _event_en(pieces[0])


def others_event(text: str) -> bool:
    """Whether ``text`` is an event of someone or something else: no value of the speaker's
    (the module docstring)."""
    return without_speaker(text) and an_event(text)


def mark(marks: dict[str, Any], content: str, slot: str | None) -> None:
    """Mark a fact or preference that is another's event a record of its occasion
    (:data:`~hybridmem.core.evolution_marks.ONE_OCCASION`), unless ``slot`` files it as a
    settled choice (:func:`~hybridmem.evolution.write.occasion.settled_choice`)."""
    if not occasion.settled_choice(slot) and others_event(content):
        marks[ONE_OCCASION] = True
