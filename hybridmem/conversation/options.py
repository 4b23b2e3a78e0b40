"""Which option a decision names: its verb's object or its clause's subject, read from the
grammar, against the options a deliberation weighs.

A decision settles a deliberation only when what it chose is one of the options weighed
(:mod:`hybridmem.conversation.decisions`). Sharing a word is not enough: "I told Fiona about
Edinburgh and she offered me the head nurse job" shares Edinburgh with "it would mean commuting
to Edinburgh or moving", but what was told is Fiona, and Edinburgh is only what the telling was
about (probing blind5 e4: read as a choice, it demoted the deliberation, helper decide14). So:

* the **options** are the conjuncts a weighing clause joins (:func:`options`): the words after
  "between" / "either" split at their "and" / "or"; around "or", "versus", 还是, 或者, the
  conjunct after it to the clause's end and as many words before it (coordinated conjuncts
  are parallel: "the blue velvet one or the grey linen one", 日语班还是韩语班); around 和 / 跟
  / 与 asked "which" of (成都和西安去哪个), the nouns after it and as many before;
* what a decision **names** (:func:`named`) is, for each verb in the perfective, the words
  of its clause before it (the subject or a fronted object: 日语班报了) and its object: in
  English the phrase after the verb, past any leading particle, preposition or ``-ing``
  verb ("ended up going with the grey one"), up to the next preposition, conjunction or
  clause break (what follows a colon restates it whole: "decided on Lena's present: the
  weekend in Bath"), then the objects of the prepositional phrases after it, what the act
  was done at, on or with ("signed Maya up at Sunbeams", "paid the deposit on the barn"),
  up to a topic's "about" ("told Fiona about Edinburgh": what was told is Fiona) or a
  preposition of relative position ("found a guesthouse near Porto");
  in Chinese the words after the aspect particle 了 that follows the verb (their head after
  an attributive 的: 说了日语班的事 told "the matter"), and a following
  clause with no subject of its own (机票买好了，国庆去西安: its predicate shares the subject;
  a noun before its verb is its own subject), 了 not read after an adjective or a degree
  (宽敞多了 compares),
  a prepositional phrase before the verb not taken for the subject (我跟老王说了: 老王 is not
  the subject) but named as what the act was done with (跟海淀那家签了合同) or to (把…交了),
  unless a topic's (关于) or a passive's agent (被);
* the decision names an option when a naming word of those phrases
  (:func:`~hybridmem.evolution.slots.naming.one_attribute`) is in exactly one conjunct: a
  word both options share (班 of 日语班 / 韩语班, "one") picks neither.

Closed classes only (prepositions, conjunctions, the aspect particle, jieba's tags); no
constant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hybridmem import lexical
from hybridmem.conversation import choosing, committing, listing
from hybridmem.evolution.slots.naming import one_attribute
from hybridmem.evolution.speech.clauses import _EN_PRETERITE

_CJK = re.compile(r"[\u4e00-\u9fff]")
# Words and clause punctuation, a contraction's clitic as a word of its own ("i've" -> "i", "'ve").
_EN_TOKEN = re.compile(r"'[a-z]+|[a-z0-9]+(?:-[a-z0-9]+)*|[,.;:!?]")
_EN_BREAK = frozenset(",.;!?")
# A copula or auxiliary before an -ed form makes it an adjective or a passive ("I'm tired",
# "it's booked"), not the speaker's act.
EN_COPULA = frozenset(
    {"am", "is", "are", "was", "were", "be", "been", "being", "'m", "'s", "'re"}
    | {"get", "got", "feel", "felt", "so", "very", "too", "really"}
)
# Prepositions and verb particles (a closed class): they open an adjunct ("about Edinburgh")
# and, right after the verb, a prepositional verb's object ("went with the grey one").
_EN_PREPOSITIONS = frozenset(
    [
        "about",
        "above",
        "across",
        "after",
        "against",
        "along",
        "around",
        "as",
        "at",
        "before",
        "behind",
        "below",
        "beside",
        "between",
        "by",
        "down",
        "during",
        "for",
        "from",
        "in",
        "inside",
        "into",
        "near",
        "off",
        "on",
        "onto",
        "out",
        "over",
        "past",
        "since",
        "than",
        "through",
        "till",
        "to",
        "toward",
        "towards",
        "under",
        "until",
        "up",
        "upon",
        "via",
        "with",
        "within",
        "without",
    ]
)
_EN_CONJUNCTIONS = frozenset(
    ["and", "but", "or", "so", "though", "although", "because", "while", "when", "if"]
)
_EN_DISJUNCTIONS = frozenset({"or", "versus", "vs"})
_EN_OPENING = frozenset({"between", "either"})
_ZH_DISJUNCTIONS = frozenset({"还是", "或者", "或是"})
EN_PERSONAL = frozenset({"i", "me", "you", "he", "she", "we", "they", "him", "her", "us", "them"})
_ZH_COORDINATION = frozenset({"和", "跟", "与"})
# A topic's preposition: what it heads is what was spoken or thought of, not what the act was
# done with ("told Fiona about Edinburgh", 关于房子的事说了). Chinese adds the passive's agent.
_EN_TOPIC = frozenset({"about"})
# Prepositions of relative position: what they head only locates the thing acted on ("found a
# guesthouse near Porto" found no Porto), so the reading stops there as at a topic.
_EN_RELATIVE = frozenset(
    {"above", "across", "against", "along", "around", "behind", "below", "beside", "by"}
    | {"near", "off", "over", "past", "toward", "towards", "under"}
)
_ZH_NOT_PARTICIPANT = frozenset({"关于", "对于", "至于", "被"})


def _en_tokens(text: str) -> list[str]:
    return _EN_TOKEN.findall(text.lower())


def _word_at(phrase: str, at: int) -> str:
    words = phrase.split()
    return words[at] if words else ""


def en_perfective(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is a verb in the preterite: an irregular past of the grammar's
    appendix or a regular ``-ed`` form, not after a copula or an intensifier."""
    word, before = words[i], (words[i - 1] if i else "")
    if before in EN_COPULA:
        return False
    regular = len(word) > 4 and word.endswith("ed") and not word.endswith("eed")
    return word in _EN_PRETERITE or regular


def en_commits(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is a verb that says an act done or arranged: a preterite
    (:func:`en_perfective`) or the speaker's present progressive of an arrangement
    (:func:`~hybridmem.conversation.committing.en_arranged`: "i 'm going with the vivaro")."""
    return en_perfective(words, i) or committing.en_arranged(words, i)


def _en_named(sentence: str, subjects: bool = True) -> list[str]:
    words = _en_tokens(sentence)
    out = committing.en_fronted(sentence)  # "cotham it is": what is settled on
    for v in (i for i in range(len(words)) if en_commits(words, i)):
        start = v
        while start and words[start - 1] not in _EN_BREAK | _EN_CONJUNCTIONS | {":"}:
            start -= 1
        if subjects:
            out.append(" ".join(words[start:v]))
        at = v + 1
        while at < len(words) and (
            words[at] in _EN_PREPOSITIONS or words[at].endswith("ing") or words[at] == "to"
        ):
            at += 1
        end = at
        while end < len(words) and words[end] not in (
            _EN_BREAK | _EN_CONJUNCTIONS | _EN_PREPOSITIONS
        ):
            end += 1
        out.append(" ".join(w for w in words[at:end] if w != ":"))
        out += _en_complements(words, end)
        if ":" in words[v:end]:  # what follows a colon restates the object, modifiers and all
            after = words.index(":", v) + 1
            stop = next((j for j in range(after, len(words)) if words[j] in _EN_BREAK), None)
            out.append(" ".join(words[after:stop]))
    return [p for p in out if p]


def _en_complements(words: Sequence[str], at: int) -> list[str]:
    """The objects of the prepositional phrases after a verb's object, up to a clause break or
    a conjunction: what the act was done at, on or with ("signed Maya up at Sunbeams", "paid
    the deposit on the barn", "booked ten lessons with a tutor on italki"). A topic's phrase
    ends the reading ("told Fiona about Edinburgh": what was told is Fiona), and so does a
    relative position's ("a guesthouse near Porto" is not Porto)."""
    out = []
    stops = _EN_TOPIC | _EN_RELATIVE
    while at < len(words) and words[at] in _EN_PREPOSITIONS:
        if words[at] in stops:
            break
        while at < len(words) and words[at] in _EN_PREPOSITIONS - stops:
            at += 1
        end = at
        while end < len(words) and words[end] not in (
            _EN_BREAK | _EN_CONJUNCTIONS | _EN_PREPOSITIONS | {":"}
        ):
            end += 1
        out.append(" ".join(words[at:end]))
        at = end
    return out


def _zh_named(sentence: str, subjects: bool = True) -> list[str]:
    clauses = [lexical.pos_tags(c) for c in lexical.clause_pieces(sentence)]
    out: list[str] = []
    for c, tags in enumerate(clauses):
        for i, (word, flag) in enumerate(tags):
            if word != "了" or flag != "ul" or i == 0:
                continue
            referent = committing.zh_settled_on(clauses, c, i)
            if referent is not None:  # 就它了: the sentence's topic
                out.append(referent)
                continue
            # A verb closed by a result complement the tagger misreads (约好了: 约 an adverb, 好
            # an adjective): :mod:`hybridmem.conversation.committing`.
            verb = committing.zh_complemented(tags, i)
            if verb is None:
                # After an adjective or a degree (宽敞多了, "much roomier", 贵了) the particle
                # says a state reached, not an act (the tagger calls some verbs nouns: 日语班报了).
                if tags[i - 1][1] in ("a", "ad", "m"):
                    continue
                verb = i - 1
            opened = next((j for j in range(verb) if tags[j][1] == "p"), verb)
            if subjects:
                out.append("".join(w for w, _ in tags[:opened]))
            out.append(_zh_head(tags[i + 1 :]))
            # A prepositional phrase before the verb names what the act was done with or to:
            # the partner (跟本地那家小公司签了合同) or the fronted object (把…交了); not a
            # topic's (关于) nor a passive's agent (被).
            if opened < verb and tags[opened][0] not in _ZH_NOT_PARTICIPANT:
                cut = next((j for j in range(opened + 1, verb) if tags[j][1] == "p"), verb)
                out.append(_zh_head(tags[opened + 1 : cut]))
            for later in clauses[c + 1 :]:  # a predicate sharing the subject
                if not later or _has_subject(later):
                    break
                out.append("".join(w for w, _ in later))
    return [p for p in out if p]


def _zh_head(tags: Sequence[tuple[str, str]]) -> str:
    """An object's head: the words after its last attributive 的 when they hold a noun
    (说了日语班的事 told "the matter", not 日语班), else the whole object (买了灰色的那款: 那款
    is a demonstrative and a classifier, the modifier names the thing)."""
    at = max((j for j, (w, f) in enumerate(tags) if w == "的" and f == "uj"), default=None)
    if at is not None and any(f.startswith("n") or f == "eng" for _, f in tags[at + 1 :]):
        tags = tags[at + 1 :]
    return "".join(w for w, _ in tags)


def _has_subject(tags: Sequence[tuple[str, str]]) -> bool:
    """Whether a Chinese clause names its own subject: a pronoun or a noun (not a time or a
    place word: 国庆去西安 shares the subject) before its first verb (特斯拉加速真的猛 is said
    of the Tesla, not by the speaker)."""
    for _, flag in tags:
        if flag.startswith("v"):
            return False
        if flag == "r" or flag.startswith("n"):
            return True
    return False


def named(sentence: str, subjects: bool = True) -> list[str]:
    """What a decision ``sentence`` names: for each perfective verb, its clause's words before
    it (unless ``subjects`` is false: what was acted on only) and its object (see the module
    docstring)."""
    if _CJK.search(sentence):
        return _zh_named(sentence, subjects)
    return _en_named(sentence, subjects)


def _en_options(clause: str, joined: frozenset[str] = _EN_DISJUNCTIONS) -> list[tuple[str, str]]:
    words = [w for w in _en_tokens(clause) if w not in _EN_BREAK]
    out = []
    for i, word in enumerate(words):
        if word in _EN_OPENING:
            rest = words[i + 1 :]
            cut = next((j for j, w in enumerate(rest) if w in ("and", "or")), None)
            if cut is not None:
                out.append((" ".join(rest[:cut]), " ".join(rest[cut + 1 :])))
        elif word in joined and not any(w in _EN_OPENING for w in words[:i]):
            after = words[i + 1 :]
            out.append((" ".join(words[max(0, i - len(after)) : i]), " ".join(after)))
    return out


def _zh_options(clause: str) -> list[tuple[str, str]]:
    tags = lexical.pos_tags(clause)
    out = []
    for i, (word, flag) in enumerate(tags):
        if word in _ZH_DISJUNCTIONS:
            after = [w for w, _ in tags[i + 1 :]]
        elif word in _ZH_COORDINATION and flag == "c":
            after = []
            for w, f in tags[i + 1 :]:
                if not f.startswith("n") and f != "eng":
                    break
                after.append(w)
        else:
            continue
        before = [w for w, _ in tags[max(0, i - len(after)) : i]]
        if before and after:
            out.append(("".join(before), "".join(after)))
    return out


def options(clause: str, text: str = "") -> list[tuple[str, str]]:
    """The pairs of conjuncts ``clause`` (of the turn ``text``) weighs (see the module
    docstring), with those it joins by "and" under a verb of choosing
    (:mod:`hybridmem.conversation.choosing`)."""
    text = text or clause
    if listing.ENUMERATION in clause:  # a list or pair read by listing.zh_listed
        return listing.pairs(clause)
    if _CJK.search(clause):
        pairs = _zh_options(clause)
        return pairs + [p for p in choosing.zh_chosen_between(clause, text) if p not in pairs]
    pairs = _en_options(clause)
    if pairs or not choosing.en_chosen_between(clause, text):
        return pairs
    # "and" joins the options only where nothing else does, and not the people choosing
    # ("Priya and I are trying to decide"): a conjunct opened by a personal pronoun; nor two
    # acts of one plan ("thinking of selling it and getting a van": after "and" an -ing verb
    # with its own object or complement; a bare "swimming" names an activity, an option).
    return [
        (left, right)
        for left, right in _en_options(clause, _EN_DISJUNCTIONS | {"and"})
        if not (_word_at(left, -1) in EN_PERSONAL or _word_at(right, 0) in EN_PERSONAL)
        and not acts_of_a_plan(right)
    ]


def acts_of_a_plan(right: str) -> bool:
    """Whether the conjunct after "and" is a second act of one plan ("getting a small van"):
    an -ing verb with its own object or complement, not a bare activity ("swimming")."""
    words = right.split()
    return len(words) > 1 and words[0].endswith("ing")


def names_an_option(sentence: str, clause: str, text: str = "") -> bool:
    """Whether the decision ``sentence`` names one of the options ``clause`` (of the turn
    ``text``) weighs: a phrase it names shares a naming word with exactly one conjunct."""
    phrases = named(sentence)
    return any(
        one_attribute(phrase, left) != one_attribute(phrase, right)
        for left, right in options(clause, text)
        for phrase in phrases
    )
