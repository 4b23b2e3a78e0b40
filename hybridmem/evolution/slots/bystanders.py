"""A clause whose subject is another person states that person's change, not the speaker's.

The writer reads one subject per statement (:func:`~hybridmem.evolution.slots.rules.
about_speaker` reads it at the start), and the slot rules read a category word wherever it
stands. So "I go to Kayleigh in Heaton for my hair now, Donna's retired." was filed as the
user's job change: Donna's retirement, said in a clause of its own (issue 38, the twelfth
first-day set), overturned the porter's job. A clause after the first whose subject is someone
else is dropped before the rules read the statement; the speaker's own clauses are read as
before. By grammar only, no list of names or verbs:

- **English**: a clause (after a comma, a semicolon or but / so / while / because...; one after
  a full stop opens a sentence and is read as the first) that
  opens with a capitalised word other than "I" followed by a verb, an auxiliary or a
  contracted 's / 've / 'd / 'll ("Donna's retired", "Tom got the job", "Priya has moved"),
  or with he / she / they. Mid-sentence a capital is a name. The first clause too when it is
  "<Name>'s <past participle>" ("Donna's retired, so..."), which the subject test does not
  read as a name (it reads "Donna retired"), and any clause whose subject is a possessed noun
  with a name ("also my brother Daniel is moving to Denver"); deictic words with a contracted
  "is" ("That's", "It's", "Today's") are no name (a closed class, as in heads.py).
- **Chinese**, by jieba's words: a clause after the first whose first word (past time words,
  adverbs and conjunctions) is a person: a name (nr), a kinship or role word (PERSON_ZH,
  ROLE_ZH), 他 / 她 / 他们, a surname with a title (王姐, 张阿姨), or 我 + a kinship word
  (我妈退休了).

A clause that names the speaker after its subject is kept ("Dave promoted me to manager",
王总升我做主管了, 她让我当年级组长): what it says may be the speaker's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem.evolution.slots.zh_names import (
    NAME_PREFIXES_ZH,
    NAME_START_ZH,
    PERSON_ZH,
    ROLE_ZH,
    SURNAMES_ZH,
    names_joined,
)

Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")
# Clause boundaries: punctuation, and the conjunctions that open a clause of their own.
_CLAUSE_EN = re.compile(
    r"[,;:!?]+\s*|\.\s+|\s+(?:but|so|while|because|though|although|whereas)\s+", re.I
)
_VERB_AFTER = (
    r"(?:['’](?:s|ve|d|ll)\b|\s+(?:has|had|is|was|will|would|just|got|went|left|became|quit"
    r"|took|\w+ed|\w+s)\b)"
)
_OTHER_SUBJECT_EN = re.compile(r"^(?!I\b)[A-Z][a-z]+" + _VERB_AFTER)
_PRONOUN_EN = re.compile(r"^(?:he|she|they)\b", re.I)
_OPENER_EN = re.compile(
    r"^(?:(?:and|but|so|then|while|because|though|although|whereas|also|oh|plus)\s+)+", re.I
)
# "my brother Daniel is moving": a possessed noun with a name after it names a person.
_NAMED_RELATION_EN = re.compile(
    r"^(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+[a-z]+\s+(?!I\b)[A-Z][a-z]+" + _VERB_AFTER
)
# The nouns a speaker's own attribute is said with ("my job's gone", "my flat is tiny"): a
# clause with one of them as subject is the speaker's (rules.py reads the subject with them too).
ATTRIBUTE_NOUNS_EN = (
    r"job|work|office|home|flat|apartment|house|place|address|car|coffee|tea|diet|commute"
    r"|company|employer|workplace|usual|evening|morning|new|current|old|girlfriend|boyfriend"
    r"|wife|husband|partner"
)
# "..., my mum's retired": another possessed noun as a later clause's subject is that person
# or thing, named or not (the partner's clause is the partner's own, as rules.py reads it).
_POSSESSED_EN = re.compile(
    r"^(?:[Mm]y|[Oo]ur)\s+(?!(?:" + ATTRIBUTE_NOUNS_EN + r"|girlfriend|boyfriend|wife|husband"
    r"|partner)\b)[a-z]+" + _VERB_AFTER
)
_NAME_PARTICIPLE_EN = re.compile(r"^([A-Z][a-z]+)['’]s\s+\w+ed\b")
_DEICTIC_EN = frozenset(
    {"it", "that", "this", "there", "here", "what", "who", "where", "how", "let", "today"}
    | {"tomorrow", "yesterday", "everything", "nothing", "everyone", "someone"}
)
_SENTENCE_END = re.compile(r"[.!?]+\s*")
_SPEAKER_EN = re.compile(r"\b(?:me|I)\b")
_CLAUSE_ZH = re.compile(r"[，,；;。！!？?]+")
_OTHER_PRONOUNS_ZH = frozenset({"他", "她", "他们", "她们", "人家"})
_SELF_ZH = frozenset({"我", "我们", "咱", "咱们", "俺"})
_SKIPPED_FLAGS = ("t", "f", "d", "c", "x")


def others_dropped(text: str, tag: Tagger) -> str:
    """``text`` without the clauses another person is the subject of (module docstring)."""
    if _CJK.search(text):
        return _dropped(
            text, _CLAUSE_ZH, lambda clause, first: not first and _other_zh(clause, tag)
        )
    return _dropped(text, _CLAUSE_EN, _other_en)


def _dropped(text: str, boundary: re.Pattern[str], other: Callable[[str, bool], bool]) -> str:
    kept: list[str] = []
    start, opens = 0, True
    for m in [*boundary.finditer(text), None]:
        end = len(text) if m is None else m.start()
        clause = text[start:end]
        if not other(clause.strip(), opens):
            kept.append(text[start:end] + ("" if m is None else m.group()))
        elif m is not None:
            kept.append(m.group())
        if m is None:
            break
        # A clause after a sentence's end opens a sentence: its capital names nothing.
        start, opens = m.end(), _SENTENCE_END.fullmatch(m.group()) is not None
    return "".join(kept)


def _other_en(clause: str, first: bool) -> bool:
    clause = _OPENER_EN.sub("", clause)
    # "Dave promoted me", "she said I could...": the speaker inside the clause, what is said
    # may be the speaker's own.
    if _SPEAKER_EN.search(clause):
        return False
    if _PRONOUN_EN.match(clause) or _NAMED_RELATION_EN.match(clause):
        return True
    if first:
        named = _NAME_PARTICIPLE_EN.match(clause)
        return named is not None and named.group(1).lower() not in _DEICTIC_EN
    if _POSSESSED_EN.match(clause):
        return True
    if _OTHER_SUBJECT_EN.match(clause) is None:
        return False
    word = re.match(r"[A-Za-z]+", clause)
    return word is not None and word.group().lower() not in _DEICTIC_EN


def _other_zh(clause: str, tag: Tagger) -> bool:
    tokens = [t for t in names_joined(tag(clause)) if t[0].strip()]
    i = 0
    while i < len(tokens) and tokens[i][1].startswith(_SKIPPED_FLAGS) and not person_at(tokens, i):
        i += 1
    if i >= len(tokens) or not person_at(tokens, i):
        return False
    # 王总升我做主管了, 她让我当年级组长: the speaker the object of the act, what is said may
    # be the speaker's own.
    return not any(w in _SELF_ZH for w, _ in tokens[i + 1 :])


def person_at(tokens: Sequence[tuple[str, str]], i: int) -> bool:
    word, flag = tokens[i]
    nxt = tokens[i + 1][0] if i + 1 < len(tokens) else ""
    if word in _SELF_ZH:
        return PERSON_ZH.fullmatch(nxt) is not None  # 我妈退休了; 我退休了 is the speaker
    # jieba tags unknown words as names freely (托关系/nr): a name starts as names do.
    named = flag in ("nr", "nrfg") and word[:1] in NAME_START_ZH
    # ...and tags a familiar name anything (老周/t): 小/老/阿 + a surname is one.
    named = named or (len(word) == 2 and word[0] in NAME_PREFIXES_ZH and word[1] in SURNAMES_ZH)
    if word in _OTHER_PRONOUNS_ZH or named or PERSON_ZH.fullmatch(word):
        return True
    if ROLE_ZH.fullmatch(word):
        return True
    # 张阿姨, 高医生: jieba tags the surname as anything (张/q).
    return word in SURNAMES_ZH and bool(PERSON_ZH.fullmatch(nxt) or ROLE_ZH.fullmatch(nxt))
