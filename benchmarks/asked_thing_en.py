"""Readings of what an English question asks, from closed classes, for the sealed-memory focus
rule (issue 38, helper sensitive20); judged offline by ``python -m benchmarks.sealed_calls
compare --variant NAME``.

sensitive19's rule (:func:`hybridmem.retrieval.shared_words.unheld_focus`) admits a sealed
memory sharing a word of its own only when it holds the question's focus (the last content word
outside the wh-phrase) or the wh-phrase's head. The English leaks left: "Has the coach company
been sent the numbers?" (the last word is the object, the memory's "number"), "How much does it
cost to renew a driving licence?" (the object of the infinitive, "licence"), "Which credit card
is best for holiday spending?" and "What number do I ring to book a GP appointment?" (the
wh-head held, what the question says of it not). The variants:

- ``light``: the rule with the closed classes read on the term before its stem, as
  :func:`~hybridmem.retrieval.function_words.function_word` lists them ("take", a light verb, is
  "tak" stemmed and was read as a focus).
- ``wh_last`` (with ``light``): the wh-head decides only when the rest of the question names
  nothing (no content word outside the closed classes and the light verbs): "Which
  antidepressant do I take?" asks for the antidepressant, "What number do I ring to book a GP
  appointment?" for the number one rings to book one.
- ``subject``: ``wh_last``, and the subject after an inverted auxiliary (a yes/no question,
  or a wh-word and its auxiliary) is what the question is about: a noun phrase of content words
  the memory holds none of ("Has *the coach company* been sent ...?") makes the memory's word
  the other thing's matter, unless the word is in an "about" phrase (the preposition that names
  a topic: "Does Ewa know *about* the payday loan?"). A personal pronoun is not read (the user,
  or someone said before).
- ``subject_it``: ``subject``, and an expletive "it" subject (``How much does it cost to ...``,
  ``Is it safe to ...``) makes the predicate after it the focus: the infinitive it stands for
  is any such act, what is asked is its cost or safety.
- ``subject_verb``: ``subject_it``, and a question whose subject is a pronoun is about the
  memory when the memory holds its main verb, the first content word after the pronoun, as
  well as when it holds the focus ("What do I need to *inject* before I eat?" of "inject
  insulin before meals").
- ``rule``: the rule before helper sensitive20 (sensitive19's), the base of the comparisons;
  ``engine``: the rule as it is now (the passive's subject, the wh-phrase subject's predicate,
  the expletive it's: the narrow readings these wider variants were cut down to).

Measured on every recorded English call (e5, benchmarks/results/sensitive20/sealed_calls_*):
``wh_last`` lost 3 finds, ``subject`` 11, ``subject_it`` 12, ``subject_verb`` 12 finds and 6
new leaks ("Can I pay for the MOT by card?" of "... to pay for the car repairs"); ``engine``
moved 7 calls, all leaks withheld.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from hybridmem.lexical import light_stem, terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.asked_en import AUXILIARIES, DETERMINERS, HOW_DEGREE, PRONOUNS, WH_WORDS
from hybridmem.retrieval.private_kinds import kind_spans, shares_word
from hybridmem.retrieval.roles_zh import de_phrases
from hybridmem.retrieval.shared_words import (
    _is_kind_word,
    _same_script,
    _shares_morpheme,
    _wh_split,
)

# The closed classes are the engine's (retrieval.asked_en); this reading also takes "there" as
# an expletive subject, one of the readings compared.
_EXPLETIVE = frozenset(["it", "there"])
_NEGATION = frozenset(["not", "n't", "nt"])
_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*|['’](?:s|re|ve|d|ll|m|t)\b|[^\sa-z0-9]")
_CONTRACTED = {"'s": "is", "'re": "are", "'ve": "have", "'d": "did", "'ll": "will", "'m": "am"}


def _tokens(query: str) -> list[str]:
    out: list[str] = []
    for tok in _TOKEN.findall(query.lower().replace("’", "'")):
        if tok == "'t" and out and out[-1].endswith("n"):
            out[-1] = out[-1][:-1]  # "don't" -> do, not
            out.append("not")
            continue
        out.append(tok)
    return out


def _content(word: str) -> bool:
    closed = sensitive._closed_word
    return bool(terms(word)) and not closed(word) and not closed(light_stem(word))


def subject(query: str) -> tuple[str, list[str]] | None:
    """The subject after the inverted auxiliary of an English question: ("np", its content
    words up to the first word that is not one (a possessive "'s" joins), ("it", the predicate's
    content words after an expletive it or there), or None (a pronoun, no inversion, or not
    English)."""
    if not query.isascii():
        return None
    toks = _tokens(query)
    i = 0
    if toks and toks[0] in WH_WORDS:
        i = 1
        if toks[0] == "how" and len(toks) > 1 and toks[1] in HOW_DEGREE:
            i = 2
        # a wh-phrase ("which credit card", "how much debt"): up to the auxiliary
        while i < len(toks) and toks[i] not in AUXILIARIES and toks[i] not in _CONTRACTED:
            if not re.match(r"[a-z0-9]", toks[i]):
                return None
            i += 1
    if i >= len(toks) or (toks[i] not in AUXILIARIES and toks[i] not in _CONTRACTED):
        return None
    j = i + 1
    while j < len(toks) and toks[j] in _NEGATION:
        j += 1
    if j >= len(toks):
        return None
    if toks[j] in _EXPLETIVE:
        pred = [t for t in toks[j + 1 :] if re.match(r"[a-z]", t)]
        return ("it", pred)
    if toks[j] in PRONOUNS:
        return ("pron", [t for t in toks[j + 1 :] if re.match(r"[a-z]", t) and _content(t)])
    while j < len(toks) and toks[j] in DETERMINERS:
        j += 1
    words: list[str] = []
    while j < len(toks):
        t = toks[j]
        if t == "'s" and words:
            j += 1
            continue
        if not re.match(r"[a-z0-9]", t) or t in AUXILIARIES or not _content(t):
            break
        words.append(t)
        j += 1
    return ("np", words) if words else None


def _about_words(query: str) -> set[str]:
    """The content words (stems) of the phrases an "about" opens, to the clause's end."""
    toks = _tokens(query)
    out: set[str] = set()
    inside = False
    for t in toks:
        if t == "about":
            inside = True
            continue
        if inside and not re.match(r"[a-z0-9]", t):
            inside = False
        if inside and _content(t):
            out.add(light_stem(t))
    return out


def _focus(
    query: str, words: Iterable[str], memory: str, wh_first: bool, term_closed: bool = True
) -> str | None:
    """:func:`hybridmem.retrieval.shared_words.unheld_focus` with the order of its two parts a
    parameter: ``wh_first`` is the rule as it is (a held wh-head admits), else the rest of the
    question is read first and the wh-head only when the rest names nothing."""
    stem, closed = light_stem, sensitive._closed_word
    mine = list(words)
    held = mine + [w for head, _, own in de_phrases(query, memory) if own for w in head]
    spans = kind_spans(query)
    rest, wh = _wh_split(query)
    wh_first = wh_first or not query.isascii()  # the variants read English only
    for part in (wh, rest) if wh_first else (rest, wh):
        for term in reversed(terms(part)):
            word = stem(term)
            # the closed classes as the lexical channel cuts a term, before the stem ("take",
            # a light verb, is "tak" stemmed)
            light = term_closed and query.isascii() and closed(term)
            if closed(word) or light or _is_kind_word(word, spans):
                continue
            if shares_word((word,), held) or _shares_morpheme(word, held):
                return None
            if not any(_same_script(word, w) for w in mine):
                return None
            if part is rest:
                return word
            break
    return None


def _subject_unheld(query: str, words: frozenset[str], expletive: bool) -> bool:
    read = subject(query)
    if read is None:
        return False
    held = list(words)
    kind, said = read
    stems = [light_stem(w) for w in said]
    if kind == "pron":
        return False
    if kind == "it":
        if not expletive:
            return False
        first = next((s for s in stems if _content(s)), None)
        return first is not None and not shares_word((first,), held)
    if any(shares_word((s,), held) for s in stems):
        return False
    # a word the question shares with the memory in an "about" phrase is its topic
    about = _about_words(query)
    return not any(shares_word((a,), held) for a in about)


def _verb_held(query: str, words: frozenset[str]) -> bool:
    """Whether the memory holds the main verb of a question whose subject is a pronoun: the
    first content word after it ("What do I need to *inject* before I eat?")."""
    read = subject(query)
    if read is None or read[0] != "pron" or not read[1]:
        return False
    return shares_word((light_stem(read[1][0]),), list(words))


Focus = Callable[[str, frozenset[str], str], bool]


def _rule(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _focus(query, words, memory, wh_first=True, term_closed=False) is not None


def _light(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _focus(query, words, memory, wh_first=True) is not None


def _wh_last(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _focus(query, words, memory, wh_first=False) is not None


def _wh_last_nolight(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _focus(query, words, memory, wh_first=False, term_closed=False) is not None


def _subject(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _wh_last(query, words, memory) or _subject_unheld(query, words, expletive=False)


def _subject_it(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _wh_last(query, words, memory) or _subject_unheld(query, words, expletive=True)


def _subject_only(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _rule(query, words, memory) or _subject_unheld(query, words, expletive=True)


def _subject_verb(query: str, words: frozenset[str], memory: str = "") -> bool:
    return _subject_it(query, words, memory) and not _verb_held(query, words)


VARIANTS: dict[str, Focus] = {
    "engine": sensitive._focus_unheld,
    "subject_verb": _subject_verb,
    "rule": _rule,
    "light": _light,
    "wh_last": _wh_last,
    "wh_last_nolight": _wh_last_nolight,
    "subject": _subject,
    "subject_it": _subject_it,
    "subject_only": _subject_only,
}
