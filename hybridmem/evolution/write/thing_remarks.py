"""A named thing's own event about the value of an older English statement: a remark, not a
new value.

"The Boots on Fargate had a break-in on Sunday night" after "My prescriptions come from the
Boots on Fargate", "EE had an outage across the north-west" after "My phone's on EE": the pair
model and the question's words read one attribute (a chemist, a network), and the remark joins
the user's value or takes its place (issue 38, English mention pollution). The English reading
of :mod:`~hybridmem.evolution.write.value_remarks` asks for someone's *event* that moves
nothing (a past form, the progressive, the perfect; no verb of motion or beginning, no cue of a
state that lasts), so a thing's state ("is shut for refurbishment"), a "had" of an object, a
thing that "moved two doors down" or a plain present are left to the pair model. This module
is the English side of :mod:`~hybridmem.evolution.write.value_remarks_zh`'s reading, of the
same two statements: a statement that says nothing of the user, opens with the thing the older
statement's value names and says no other name, is that thing's own news. It holds when:

- the newer statement is English and says no first-person word, no personal pronoun (a
  thing is "it": "Lena came with her friends" is a person's news, which
  :func:`value_remarks.others_act` reads as an event), no cue that a value holds
  again (``says_again``: a move back), no habitual or frequency cue and no word of what holds
  now or from now on (a closed class: "now", "these days", "instead" ...);
- its first clause has a finite verb (an auxiliary or modal, a past form, an "-ed" word
  written in lower case) with no conjunction before it, and the words before it, its
  subject, name the older statement's value: a term of a capitalised word of the older
  statement's first clause (a name: "Abbeydale Vets", "EE") outside that statement's own
  subject ("Leo" of "My cousin Leo is engaged to Nina" is the holder, not a value); a common
  noun names the kind of thing, the attribute, not a value, unless the subject is "the" and a
  noun phrase of place the older statement said after a preposition and "the", or a short
  form of its name (:mod:`~hybridmem.evolution.write.value_names`: "The chippy on the
  corner", "The RVI", "St Bart's");
- no later clause repeats a term of the older statement ("Sky's contract ran out, the
  broadband's with Plusnet": the change is said in the clause that names the attribute again);
- it names nothing the older statement does not: no capitalised word after its first one
  whose term the older statement lacks (another holder, a new value: "Tesco Express",
  "Plusnet"), the names of days and months aside.

A verbless line that names the value ("Kwik Fit for the MOT this year") may be the user's
value said again, so a finite verb is asked for. A move back told as the value's own act is
left to the engine as before: the callers ask :func:`value_remarks.remark_about`, which reads
the statements said between the two.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hybridmem.evolution.slots.others import PAST_EN, PERSONAL_EN
from hybridmem.evolution.slots.pairs import says_again
from hybridmem.evolution.slots.relation_values import FIRST_PERSON
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.clauses import _EN_PRETERITE
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write.value_names import names_value_en, short_form_en
from hybridmem.lexical import clause_pieces, stemmed_terms

_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’&+.-]*[A-Za-z0-9]|[A-Za-z0-9]")
# Auxiliaries, the copula and the modals, with their negations and a pronoun's contracted
# copula: a finite verb whatever the form of the verb after them (a closed class).
_FINITE = frozenset(
    {
        *("is", "are", "am", "was", "were", "has", "have", "had", "does", "do", "did"),
        *("will", "would", "can", "could", "shall", "should", "may", "might", "must"),
        *("isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "hadn't"),
        *("doesn't", "don't", "didn't", "won't", "wouldn't", "can't", "couldn't"),
        *("got", "kept"),
        *("it's", "that's", "there's", "here's", "what's", "who's", "it’s", "that’s"),
    }
)
# Conjunctions and relative pronouns, written in lower case: they end a noun phrase ("chair
# rent's £140 a week and Donna who owns the place keeps hinting it's going up").
_JOINING = frozenset(
    {"and", "but", "or", "so", "because", "cos", "who", "which", "while", "when", "if"}
    | {"though", "although", "whereas"}
)
# Words that say what holds now or from now on, or one thing in another's place: a standing
# value, the speaker's (a closed class, as value_remarks_zh's 现在, 以后, 从此, 不再).
STANDING = re.compile(
    r"\b(?:now|nowadays|these days|from now on|any ?more|no longer|for good|instead"
    r"|from then on|ever since)\b",
    re.I,
)
# The names of days and months: a time, not a holder (a closed class).
_CALENDAR = frozenset(
    {
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        *("january", "february", "march", "april", "may", "june", "july", "august"),
        *("september", "october", "november", "december", "christmas", "easter"),
    }
)


def words_of(text: str) -> list[str]:
    return _WORD.findall(text)


def is_finite(word: str, first: bool) -> bool:
    """Whether ``word`` is a finite verb (or a participle heading a clause): an auxiliary or
    modal, an irregular past, or an "-ed" word of five letters or more written in lower case
    (a capitalised one inside a clause is a name: "Kingswood"; "-eed" and "hundred" are no
    past forms). An "-ing" word alone is as often a noun
    ("dumpling", "building") and "gets" / "keeps" state a habit: not read."""
    low = word.lower()
    if low in _FINITE or low in PAST_EN or low in _EN_PRETERITE:
        return True
    past = low.endswith("ed") and not low.endswith(("eed", "dred")) and len(low) > 4
    return past and (first or word[:1].islower())


def _contracted(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a lower-case word with "'s" for "is" / "has" before a
    lower-case word ("My phone's on EE"), not a possessive of a name ("Octopus's tariff")."""
    word = words[i]
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return word[:1].islower() and word.endswith(("'s", "’s")) and nxt[:1].islower()


def _verb_at(words: list[str]) -> int | None:
    """The index of the clause's first finite verb (a lower-case word with "'s" for "is" /
    "has": the word after it); None when a conjunction or relative pronoun comes first (the
    words before it are no subject of the verb after it)."""
    for i, word in enumerate(words):
        if word in _JOINING:
            return None
        if is_finite(word, i == 0):
            return i
        if _contracted(words, i):
            return i + 1
    return None


def subject(clause: str) -> str:
    """The words of an English clause before its first finite verb; the speaker's subject
    pronoun alone; a lower-case word before "'s" for "is"; a present verb ("goes") after a
    subject of its own ("The cat goes to Abbeydale Vets")."""
    words = words_of(clause)
    if words and words[0].lower() in ("i", "we", "i'm", "we're", "i've", "we've"):
        return words[0]
    for i, word in enumerate(words):
        low = word.lower()
        if is_finite(word, i == 0):
            return " ".join(words[:i])
        if _contracted(words, i):
            return " ".join([*words[:i], word[:-2]])
        present = low.endswith("s") and not low.endswith(("'s", "’s", "ss"))
        if i >= 1 and present and word[:1].islower():
            return " ".join(words[:i])
    return " ".join(words)


def capitalised_words(text: str, skip_first: bool) -> list[str]:
    words = words_of(text)
    return [
        w
        for i, w in enumerate(words)
        if w[:1].isupper() and not (skip_first and i == 0)
        if w.lower().removesuffix("s") not in _CALENDAR
    ]


@lru_cache(maxsize=4096)
def value_terms(old: str) -> frozenset[str]:
    """The terms of the names the older statement's first clause says outside its subject (its
    first word aside: "Swimming" opening a clause is no name); a later clause is a statement
    of its own ("the observation went fine, Mr Pryce said ...")."""
    pieces = clause_pieces(old)
    first = pieces[0] if pieces else ""
    named = capitalised_words(first, skip_first=True)
    return stemmed_terms(" ".join(named)) - stemmed_terms(subject(first))


@lru_cache(maxsize=4096)
def thing_event_on(new: str, old: str) -> bool:
    """Whether the English ``new`` is the own news of the thing ``old``'s value names (the
    module docstring)."""
    pieces = clause_pieces(new)
    if not pieces or _CJK.search(new) or FIRST_PERSON.search(new) or says_again(new):
        return False
    if any(w.lower() in PERSONAL_EN for w in words_of(new)):
        return False
    norm = normalise(new)
    if aspect.FREQUENCY.fired(norm) or volition.HABITUAL.fired(norm) or STANDING.search(new):
        return False
    words = words_of(pieces[0])
    at = _verb_at(words)
    if not at:
        return False
    opening = words[:at]
    if not (stemmed_terms(" ".join(opening)) & value_terms(old) or names_value_en(opening, old)):
        return False
    terms_old = stemmed_terms(old)
    if any(stemmed_terms(p) & terms_old for p in pieces[1:]):
        return False
    # A short form of the value's name is no new name ("St Bart's" after "St Bartholomew's").
    named = [w for w in capitalised_words(new, skip_first=True) if not short_form_en(w, old)]
    return not stemmed_terms(" ".join(named)) - terms_old
