"""Who: match the people a query names against who said or is named in a memory.

Chat transcripts are stored as ``"Name: text"`` lines; a question about Melanie ("what does
Melanie do to destress?") is about what *Melanie* said, while the other speaker's turns name
her only in address ("Wow, Melanie!"). The ``speaker`` feature is 1 when the memory's speaker
label is a name the query mentions, 0 otherwise (and for memories without a label).

Who and what are then kept apart: the speaker feature answers *who*, and the query's vector
and its BM25 are computed without the speakers' names (:func:`topic_query`), so they answer
*what*. In a chat every memory carries a speaker label, so a name in the query pulls the
embedding towards all of that person's lines (and towards short lines that are mostly a name)
rather than towards the topic asked about; a name is rare in a store but in every line of its
speaker, so BM25 did the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hybridmem.models import MemoryNode

_LABEL = re.compile(r"^\s*([^\s:：][^:：\n]{0,40}?)\s*[:：]\s*\S")
_NAME = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)


def speaker_label(content: str) -> str | None:
    """The ``Name`` of a ``"Name: text"`` memory, lower-cased, when the text before the colon
    looks like a name: at most three words, each capitalised ("Melanie", "Dr. Ruth Lee"), or
    a short run of an uncased script ("小明"). "Finance returned it: ..." is a sentence, not a
    speaker."""
    match = _LABEL.match(content)
    if match is None:
        return None
    label = match.group(1).strip()
    words = label.split()
    if not words or len(words) > 3 or not all(_name_like(w) for w in words):
        return None
    return label.lower()


def _name_like(word: str) -> bool:
    first = word[0]
    if first.isupper():
        return True
    # Scripts without case (Chinese, Japanese, ...): a name is a few characters, not a clause.
    return first.isalpha() and first.lower() == first.upper() and len(word) <= 4


def query_words(query: str) -> frozenset[str]:
    """Lower-cased words of the query (and their possessive stems: "Melanie's" -> "melanie"):
    every word, not only names, since a speaker's name is matched against them whatever its
    case or position."""
    out: set[str] = set()
    for word in _NAME.findall(query):
        w = word.lower().rstrip(".")
        out.add(w)
        for suffix in ("'s", "’s"):
            if w.endswith(suffix):
                out.add(w[: -len(suffix)])
    return frozenset(out)


def speaker_feature(content: str, names: frozenset[str]) -> float:
    """1.0 when the memory's speaker label is (a word of) a name the query mentions."""
    label = speaker_label(content)
    if label is None or not names:
        return 0.0
    return 1.0 if label in names or any(part in names for part in label.split()) else 0.0


_WORD = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)


def speaker_names(nodes: Iterable[MemoryNode]) -> frozenset[str]:
    """The lower-cased words of the speaker labels of these memories ("dr. ruth lee" gives
    "dr.", "ruth", "lee")."""
    out: set[str] = set()
    for node in nodes:
        label = speaker_label(node.content)
        if label:
            out.update(label.split())
    return frozenset(out)


def topic_query(query: str, speakers: frozenset[str]) -> str | None:
    """The query without the words that name one of ``speakers`` (possessives included:
    "Melanie's kids" -> "kids"), or None when it names none of them or nothing else would
    remain (a question that is only a name keeps its vector)."""
    if not speakers:
        return None
    removed = False

    def drop(match: re.Match[str]) -> str:
        nonlocal removed
        word = match.group().lower().rstrip(".")
        stem = re.sub(r"['’]s$", "", word)
        if word in speakers or stem in speakers:
            removed = True
            return ""
        return match.group()

    text = " ".join(_WORD.sub(drop, query).split())
    if not removed or not query_words(text):
        return None
    return text
