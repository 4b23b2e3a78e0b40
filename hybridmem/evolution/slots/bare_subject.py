"""A bare noun before an auxiliary is the clause's subject, and it is not the speaker.

English drops the subject of a first-person statement ("Moved to Leeds in May", "Haven't
moved in years"), so a statement with no pronoun or determiner before its verb is read as the
speaker's. A statement that opens with a bare noun (no determiner: a mass noun, a plural, a
kinship name, a name) and then an auxiliary or a modal has a subject all the same, and the
verb is said of it: "Traffic hasn't moved in twenty minutes" is the traffic's, "Mum won't move
to a care home" is the mother's, "Jen's moving to Leeds" is Jen's; a slot word in their verb
("moved", "live", "drive") gives the speaker no value. A dropped subject is never followed by
an auxiliary in second position: the auxiliary stands first ("Haven't moved"), or after an
adverb ("Still haven't moved": the adverbs are excluded below and by the opening adverbs that
``rules`` strips first).

Closed classes only: the English auxiliaries and modals with their negative and contracted
forms; the words excluded are pronouns and pro-forms (I, we, you, the wh-words, here, today...:
"Where do I live?" stays the speaker's question), negators and answers, conjunctions and
prepositions, adverbs in -ly, and the nouns a speaker's own attribute is said with ("Home's a
flat in Leeds now", "Job's at Tesco now": the speaker's). A body part said without "my" ("knee
is a little sore") is read as not the speaker's: it gives no slot either way.
"""

from __future__ import annotations

import re
from collections.abc import Container

from hybridmem.evolution.slots.bystanders import ATTRIBUTE_NOUNS_EN

_AUXILIARIES = (
    r"(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|shall|should|may|might"
    r"|must)(?:n['’]t)?|isn['’]t|aren['’]t|won['’]t|can['’]t|cannot|shan['’]t"
)
# What follows "is" / "has" contracted to 's, never a possessive's noun: a determiner, a
# preposition or particle, a participle, an adverb of time or degree ("Mum's in a care home",
# "Jen's moving", "Dad's got a bungalow", "Mum's finally got a date"). A possessive is followed
# by its noun ("Builder's tea", "Finn's training"), read as before.
_AFTER_IS_OR_HAS = (
    r"(?:a|an|the|my|our|his|her|their|your|its|this|that|some|no|not|never|just|already|still"
    r"|only|finally|always|also|really|now|in|at|on|off|out|back|home|away|over|up|down|into"
    r"|from|with|by|round|around|been|got|gotten|gone|done|had|made|taken|given|left|put|set"
    r"|bought|sold|lost|found|kept|become|\w+ed|\w+ing)\b"
)
# The word, then an auxiliary as a word of its own or contracted onto it ("Jen's", "Mum'll").
_BARE_THEN_AUXILIARY = re.compile(
    r"^([A-Za-z]+)(?:\s+(?:" + _AUXILIARIES + r")(?![\w'’])|['’](?:ll|d)\b"
    r"|['’]s\s+" + _AFTER_IS_OR_HAS + r")",
    re.I,
)
_PRO_FORMS = frozenset(
    [
        *("i", "we", "you", "me", "us"),
        *("what", "who", "whom", "whose", "which", "where", "when", "why", "how"),
        *("here", "there", "this", "that", "it", "let"),
        *("today", "tonight", "tomorrow", "yesterday"),
        # negation and answers, which open a subjectless clause ("Not had a cigarette since")
        *("not", "yes", "yeah", "yep", "nope", "no", "please"),
        # conjunctions and prepositions opening a clause piece ("on May 4th", "and does"),
        # and "will" first ("Will do"): no noun
        *("and", "or", "but", "nor", "so", "yet", "if", "because", "though", "although"),
        *("as", "than", "on", "in", "at", "by", "for", "from", "to", "with", "of", "since"),
        *("until", "till", "after", "before", "during", "about", "over", "under", "will"),
    ]
)
_SPEAKERS_THING = re.compile(r"(?:" + ATTRIBUTE_NOUNS_EN + r")", re.I)


def bare_subject(stripped: str, not_nouns: Container[str]) -> bool:
    """Whether ``stripped`` (a statement with its opening time words and sentence adverbs
    removed) opens with a bare noun and an auxiliary: a subject that is not the speaker.
    ``not_nouns``: the lower-case words the caller already knows open a subjectless clause."""
    found = _BARE_THEN_AUXILIARY.match(stripped)
    if found is None:
        return False
    word = found.group(1).lower()
    return not (
        word in _PRO_FORMS
        or word in not_nouns
        or word.endswith("ly")
        or _SPEAKERS_THING.fullmatch(word) is not None
    )
