"""A state of the person (a condition, a handedness, a sense lost) is no value of any slot.

"I'm deaf in my left ear from years on the docks." was left to the slot model and the pair
reading, and stood in the job's group (issue 38, the eleventh first-day set): the cause names
a workplace, the statement says how the speaker is. No attribute slot holds a state of the
person, so the clause that states one is dropped before the rules read the statement and, when
it is all the statement says, the statement is settled with no slot (the slot model is not
asked), whatever its cause phrase says. By grammar only, no list of conditions:

- **English**: a clause opening with "I'm" / "I am" / "I've been" whose predicate is a bare
  word, no article, no preposition, no -ing verb ("I'm deaf in one ear", "I'm left-handed",
  "I'm allergic to nuts", "I'm partially sighted after a fall"): an adjective, a state. A noun
  predicate takes an article ("I'm a welder"), a place a preposition ("I'm in Leeds now"). A
  participle followed by where or as what ("based in", "employed by", "registered as") says a
  place or a role, a word before "of a" a noun phrase ("more of a tea person"), and a
  predicate the slot rules read ("retired", "single", "vegan", "self-employed") is that
  slot's value: all are kept. The clause ends at punctuation or a conjunction.
- **Chinese**, by jieba's words: a clause whose subject is 我 (a body part may follow it: 我腰不
  好) and whose predicate is adverbs and adjectives (a, d) ending the clause (我腰不好, 我特别
  怕冷); a clause the slot rules read a word of (我单身了, 我乳糖不耐受) is kept. 是 + a noun
  (我是左撇子 / 我是保安) is not told apart by grammar and is left to the slot model.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Tagger = Callable[[str], list[tuple[str, str]]]
RuleWord = Callable[[str], bool]

_CJK = re.compile(r"[\u3400-\u9fff]")
_COPULA_EN = re.compile(
    r"\bI(?:['’]m| am|['’]ve been| have been)\s+"
    # degree and manner adverbs before the predicate ("partially sighted", "a bit deaf")
    r"((?:[a-z]+ly\s+|a bit\s+|a little\s+|quite\s+|very\s+|so\s+|pretty\s+|totally\s+)*)"
    r"([a-z][a-z-]*)(?![\w'’-])",
)
# Closed classes that open no adjective predicate: determiners, numbers' words, prepositions
# and particles, time and aspect adverbs, and "going" / "gonna" (a plan).
_CLOSED_EN = frozenset(
    {
        "a",
        "an",
        "the",
        "my",
        "your",
        "his",
        "her",
        "our",
        "their",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "no",
        "one",
        "two",
        "three",
        "all",
        "both",
        "each",
        "every",
        "another",
        "such",
        "in",
        "at",
        "on",
        "off",
        "out",
        "into",
        "onto",
        "from",
        "to",
        "with",
        "without",
        "for",
        "by",
        "near",
        "over",
        "under",
        "back",
        "between",
        "about",
        "up",
        "down",
        "away",
        "home",
        "here",
        "there",
        "through",
        "round",
        "around",
        "after",
        "before",
        "behind",
        "like",
        "as",
        "of",
        "now",
        "still",
        "currently",
        "just",
        "finally",
        "also",
        "already",
        "always",
        "never",
        "not",
        "only",
        "even",
        "mostly",
        "usually",
        "really",
        "actually",
        "basically",
        "officially",
        "definitely",
        "probably",
        "sure",
        "gonna",
        "going",
        "done",
    }
)
_PARTICIPLE_PLACE_EN = re.compile(r"\s*(?:at|as|by|for|in|to|with|on|into|from)\b")
_NOUN_AFTER_OF_EN = re.compile(r"\s+of\s+(?:a|an|the)\b")
_OPENS_CLAUSE_EN = re.compile(
    r"(?:^|[,;:.!?]|\b(?:and|but|so|though|because|also|oh|well|plus|honestly|yeah))\s*$",
    re.I,
)
_CLAUSE_END_EN = re.compile(r"[,;:.!?]|\s(?:and|but|so|while|though|because)\s")
_CLAUSE_ZH = re.compile(r"[，,；;。！!？?]+")
_SELF_ZH = frozenset({"我", "俺"})


def states_removed(text: str, tag: Tagger, rule_word: RuleWord) -> str:
    """``text`` without the clauses that state a state of the speaker (module docstring);
    ``rule_word`` says whether the slot rules read a word (then it is a value, kept)."""
    if _CJK.search(text):
        return _removed_zh(text, tag, rule_word)
    for m in _COPULA_EN.finditer(text):
        if not _OPENS_CLAUSE_EN.search(text[: m.start()]):
            continue
        word = m.group(2).lower()
        if word in _CLOSED_EN or word.endswith("ing") or rule_word(word):
            continue
        if word.endswith("ed") and _PARTICIPLE_PLACE_EN.match(text, m.end()):
            continue
        if _NOUN_AFTER_OF_EN.match(text, m.end()):
            continue  # "more of a tea person", "a bit of a baker": a noun phrase
        end = _CLAUSE_END_EN.search(text, m.end())
        stop = len(text) if end is None else end.start()
        return states_removed(text[: m.start()] + text[stop:], tag, rule_word)
    return text


def _removed_zh(text: str, tag: Tagger, rule_word: RuleWord) -> str:
    out: list[str] = []
    start = 0
    for m in [*_CLAUSE_ZH.finditer(text), None]:
        end = len(text) if m is None else m.end()
        clause = text[start : len(text) if m is None else m.start()]
        if not _state_zh(clause, tag, rule_word):
            out.append(text[start:end])
        if m is None:
            break
        start = end
    return "".join(out)


def _state_zh(clause: str, tag: Tagger, rule_word: RuleWord) -> bool:
    """我 (+ a body part) + adverbs + an adjective ending the clause (+ 了 / a particle)."""
    tokens = [t for t in tag(clause) if t[0].strip()]
    i = 0
    while i < len(tokens) and tokens[i][1].startswith(("t", "d", "c")):
        i += 1
    if i >= len(tokens) or tokens[i][0] not in _SELF_ZH:
        return False
    i += 1
    if i < len(tokens) and tokens[i][1] == "n":
        i += 1  # 我腰不好: the body part the state is of
    # The predicate: adverbs and adjectives to the clause's end (jieba tags a clause-final
    # 不好 as an adverb, which ends no clause of its own), then particles (了, 的, 啊).
    j = i
    while j < len(tokens) and tokens[j][1].startswith(("d", "a")):
        j += 1
    # A clause the slot rules read is that slot's value (我乳糖不耐受 is the diet's word).
    if j == i or rule_word(clause):
        return False
    return all(flag.startswith(("u", "y")) for _, flag in tokens[j:])
