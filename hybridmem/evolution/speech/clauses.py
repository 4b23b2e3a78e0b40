"""The clauses of an utterance read one by one: a want beside a standing fact, 还是 as "still".

Two readings of :mod:`~hybridmem.evolution.speech.rules` took the utterance as a whole where
its parts say different things (issue 38, blind speech batch 16):

* **A want beside another clause.** A clause break next to a plain want places the want in
  its moment ("long day, I want a bath", 好累，想回家: the clause beside says the state the
  want comes from). But the clause beside can be a standing fact about the speaker ("I'm a
  nurse, I want to become a midwife", 我是会计，我想转行做数据分析) or no clause at all, a
  fronted adverbial of respect ("Money-wise, I want…", 长远来看，我想…): then nothing places
  the want in a moment, and the whole utterance was withheld from retrieval, the fact with it.
  So each clause beside the want is read on its own (by the same rules, passed in as
  ``read``): it places the want in its moment unless it is such an adverbial or a predicate
  nominal of the speaker's (the individual-level predicate: "I'm a nurse", "my husband is a
  pilot", 我是会计) read alone as an assertion or a negation with no cue of a feeling, a
  moment or an episode. Other present-tense clauses say a state of the moment with the grammar
  of a standing fact ("I have a headache" / "I have a son", "my back hurts", 我在超市 /
  我在银行上班), so they still place the want, as do time and place phrases ("After that
  meeting,") and speech-act adverbs ("Honestly, I just want to sleep").
* **还是 read as a question.** "A 还是 B" asks which of two alternatives; 还是 right after a
  bare subject or topic and before a predicate is the adverb "still / after all"
  (桌游局还是去老周家, 婚礼还是在老家办). Read on jieba's part-of-speech tags, and only for
  utterances holding the colloquial 还是 cue: 还是 asks unless no verb precedes it in its
  clause and a verb, a preposition or an adverb follows it.

Closed classes, disclosed: English subject possessives, copulas, determiners and numerals (the
predicate nominal) and the degree phrases that are none ("a bit"); the -wise ending and "as"
heading an adverbial; Chinese 是 and the words after it that make it emphatic (真, 太, 被, 想…),
the viewpoint frames …来说, …来看, …而言; the clause-joining conjunctions stripped before a clause
is read (and, so, but, then; 然后, 所以, 但是, 可是, 不过, 而且). No word of a wanted thing or of a
fact is listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hybridmem import lexical
from hybridmem.evolution.speech.labels import SpeechAct

Reading = Callable[[str], tuple[SpeechAct, tuple[str, ...]]]
"""The rules' reading of one clause: its act and its cue names."""

_JOINER = re.compile(
    r"^(?:(?:and|so|but|then|and then|so then)\b\s*|(?:然后|所以|但是|可是|不过|而且)\s*)"
)
# Cue families that say nothing about the moment: a negation, a habitual or generic aspect
# (a standing fact said with "every week" is still standing).
_STANDING_FAMILIES = frozenset({"neg", "generic", "frequency", "habitual", "stable"})
# A predicate nominal of the speaker or the speaker's own (a copula and a determiner, a
# possessive or a numeral: "I'm a nurse", "my husband is a pilot", 我是会计, 我老公是飞行员):
# the individual-level predicate, a standing fact. Other present-tense clauses say a state of
# the moment as often as a standing one, with the same grammar ("I have a headache" / "I have
# a son", "my back hurts", 我在超市 / 我在银行上班), so they still place the want in its moment.
_EN_NOMINAL = re.compile(
    r"^(?:i'm|i am|we're|we are|(?:my|our) [a-z]+(?: [a-z]+)? (?:is|are)|(?:my|our) [a-z]+'s)"
    r" (?:a|an|the|my|our|one|two|three|four|five|\d+)\b(?! (?:bit|little|tad|lot)\b)"
)
# 我 (or 我们, or 我 + a kin or possessed noun of up to three characters) + 是, not the
# emphatic 是 before an adverb, a verb or a clause (我是真的累, 我是被气的, 我是想…).
_ZH_NOMINAL = re.compile(
    r"^我(?:们|的)?[\u4e00-\u9fff]{0,3}?是"
    r"(?!不是|真|太|很|有点|被|在|想|因为|说|挺|好|不|要|觉得|为了|来|去|刚)"
)
# Fronted adverbials that name a respect, not a time, a place or the speaker's manner of
# speaking: a -wise adverb ("money-wise"), "as" + a role ("as a parent"); Chinese viewpoint
# frames (长远来看, 对我来说, 一般而言). The others place the want as often as a clause does: time
# and place phrases ("After that meeting,", "On the way home,", "For lunch,") and speech-act
# adverbs ("Honestly, I just want to sleep", 说真的，…), found leaking by sentences of mine.
_EN_ADVERBIAL = re.compile(r"^(?:[a-z]+-?wise|as(?: [a-z'-]+){1,4})$")
_EN_PRONOUN = re.compile(r"\b(?:i|i'm|you|he|she|we|they|it|it's)\b")
_ZH_ADVERBIAL = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:来说|来看|而言)$")
_HAISHI = "还是"
# Part-of-speech flags (jieba's ICTCLAS set) of the word after 还是 that make it head a
# predicate: a verb, a preposition, an adverb.
_PREDICATE_HEAD = ("v", "p", "d")


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` (normalised), split at clause breaks, a leading conjunction
    stripped; empty pieces dropped."""
    out = []
    for piece in lexical.clause_pieces(text):
        piece = _JOINER.sub("", piece).strip()
        if piece:
            out.append(piece)
    return out


def beside_places_moment(text: str, read: Reading, wants: frozenset[str]) -> bool:
    """Whether a clause beside the want of ``text`` places the want in its moment.

    ``read`` reads one clause; ``wants`` are the cue names that make a clause hold the want.
    Every clause holding none of them is beside it; one that is neither a fronted adverbial
    nor a standing statement of the speaker's places the want in its moment. When the text
    does not split into a want clause and another (no break between words), the break is
    read as before: it places the want.
    """
    parts = [(clause, *read(clause)) for clause in clauses(text)]
    holding = [p for p in parts if wants.intersection(p[2])]
    beside = [p for p in parts if not wants.intersection(p[2])]
    if not holding or not beside:
        return True
    return any(
        not _adverbial(clause) and not _standing(clause, act, cues) for clause, act, cues in beside
    )


def _adverbial(clause: str) -> bool:
    """A fronted adverbial of respect, no clause (:data:`_EN_ADVERBIAL`, :data:`_ZH_ADVERBIAL`):
    "Money-wise,", "As a parent,", 长远来看."""
    if _EN_ADVERBIAL.match(clause) and not _EN_PRONOUN.search(clause):
        return True
    return bool(_ZH_ADVERBIAL.match(clause))


def _standing(clause: str, act: SpeechAct, cues: tuple[str, ...]) -> bool:
    """A standing statement of the speaker's: a predicate nominal (:data:`_EN_NOMINAL`,
    :data:`_ZH_NOMINAL`) read alone as an assertion or a negation, with no cue outside
    :data:`_STANDING_FAMILIES`."""
    if act not in (SpeechAct.ASSERTION, SpeechAct.NEGATION):
        return False
    if any(name.split(":", 1)[0] not in _STANDING_FAMILIES for name in cues):
        return False
    return bool(_EN_NOMINAL.match(clause) or _ZH_NOMINAL.match(clause))


def haishi_asks(text: str) -> bool:
    """Whether some 还是 of ``text`` (normalised) joins two alternatives, as a question does.

    False only when every 还是 is the adverb: no verb before it in its clause, and a verb, a
    preposition or an adverb right after it (its predicate)."""
    for clause in lexical.clause_pieces(text):
        if _HAISHI not in clause:
            continue
        tags = lexical.pos_tags(clause)
        if _HAISHI not in [word for word, _ in tags]:
            return True  # cut into other words: read as before
        for i, (word, _) in enumerate(tags):
            if word != _HAISHI:
                continue
            before_verb = any(flag.startswith("v") for _, flag in tags[:i])
            after = tags[i + 1][1] if i + 1 < len(tags) else ""
            if before_verb or not after.startswith(_PREDICATE_HEAD):
                return True
    return False
