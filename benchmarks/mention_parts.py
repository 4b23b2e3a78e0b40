"""A later remark about a part of the older value's thing, read as no newer value of it
(issue 38, helper mention18; measured negative: the engine does not use it).

The query-time newer-first rule (:mod:`hybridmem.retrieval.newer_values`) asks whether a newer
statement naming the same thing as an older one gives the older one's attribute a new value.
A remark that talks about something the older value's thing *has* ("Hartley Rovers' pitch was
waterlogged", 老年大学的食堂最近涨价了, 合唱团团长又在群里发通知了, 凯美瑞的新款出来了) opens with
the shared thing as the possessor of a noun the older statement never names: its subject is
the pitch, the canteen, the conductor, the new model, not the user's club, school or car, so
it states nothing of the user's. A real change keeps the older statement's own nouns after
the shared thing ("The wood burner's logs come from the tree surgeon now", 壁炉的木柴现在找…),
or goes on with a verb ("The boat's moored on the bank now", 剪头发这阵子都去万达那家), or says
the speaker's new value in a clause of its own ("Tony's has shut, I go to the barber's by the
station now"): the older value, the newer's subject, is then what changed.

Read from the words alone (jieba's parts of speech in Chinese): no model, no constant, no word
list beyond the first-person pronouns. mention16 and mention17 measured readings of "the newer
names no value of its own" (:func:`~hybridmem.evolution.slots.pairs.words`' value flags), which
also took real changes said in ordinary words for mentions; this reads the possessed noun
instead, the part of a mention that a change never has.

Measured by playing colloquial sets with the reading applied inside the query-time rule
(:func:`applied`: a newer statement the reading holds is no candidate of ``_successor``, as if
it were about another person)::

    python -m benchmarks.mention_parts --json benchmarks/results/mention18/FILE.json \
        benchmarks/data/colloquial_blind15.json

It cut the mention controls (blind12 en 3/6 -> 0/6, zh 5/6 -> 1/6) and added one stale probe
on blind10 zh, so it was not shipped (``docs/benchmarks.md``, mention18).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from hybridmem.evolution.slots.naming import naming_words
from hybridmem.evolution.slots.pairs import language
from hybridmem.lexical import clause_pieces, pos_tags
from hybridmem.retrieval import newer_values

_TOKEN_EN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]*)?")
# A possessive ending: "studio's", "Rovers'" (an "is" or "has" contracted reads alike; what
# follows tells them apart: a verb of the older statement, or a noun it never names).
_POSSESSIVE_EN = re.compile(r"(?:['’]s|(?<=s)['’])$", re.IGNORECASE)
# The speaker in a clause of the newer statement: a value of the user's said after the remark.
_SPEAKER_EN = re.compile(r"\b(?:i|i['’](?:m|ve|d|ll)|me|my|we|we['’](?:re|ve)|us|our)\b", re.I)
_SPEAKER_ZH = "我"


@lru_cache(maxsize=4096)
def about_its_part(newer: str, older: str) -> bool:
    """Whether ``newer`` opens with a thing ``older`` names as the possessor of a noun
    ``older`` does not name, and says nothing of the speaker's after it (see the module
    docstring): a remark about a part or a property of the older value's thing."""
    if language(newer) != language(older):
        return False
    pieces = clause_pieces(newer)
    if not pieces:
        return False
    if language(newer) == "zh":
        return _part_zh(pieces[0], newer, older)
    return _part_en(pieces[0], newer, older)


def _part_en(clause: str, newer: str, older: str) -> bool:
    theirs = naming_words(older)
    tokens = list(_TOKEN_EN.finditer(clause))
    named = [(m, naming_words(_POSSESSIVE_EN.sub("", m.group()) or m.group())) for m in tokens]
    # The opening: the words before the first naming word (the, our) and the run of words the
    # older statement names, the last of them possessive.
    at = next((i for i, (_, w) in enumerate(named) if w), None)
    if at is None or not named[at][1] & theirs:
        return False
    end = at
    while end + 1 < len(named) and named[end + 1][1] and named[end + 1][1] <= theirs:
        if _POSSESSIVE_EN.search(named[end][0].group()):
            break
        end += 1
    if not _POSSESSIVE_EN.search(named[end][0].group()):
        return False
    # The possessed noun follows the possessive at once: "Yoga's at the new studio" and
    # "Personal mail's on Google" are "is", a value said after a preposition.
    if end + 1 >= len(named):
        return False
    head, names = named[end + 1]
    if not names or names & theirs:
        return False
    return not _SPEAKER_EN.search(newer[head.end() :])


def _part_zh(clause: str, newer: str, older: str) -> bool:
    tags = [(w, f) for w, f in pos_tags(clause) if w.strip()]
    # The opening: the longest run of words from the start that the older statement holds.
    span, k = "", 0
    while k < len(tags) and (span + tags[k][0]) in older:
        span += tags[k][0]
        k += 1
    if not span or not naming_words(span) & naming_words(older) or k >= len(tags):
        return False
    # Only 的 marks the possessor: two nouns side by side are as often one attribute's name
    # (邮件结尾 for 落款, 猫主子 for 猫) as a thing and its part (合唱团团长).
    if tags[k][0] != "的" or k + 1 >= len(tags):
        return False
    word = tags[k + 1][0]
    if word in older:
        return False
    rest = newer[newer.find(word) + len(word) :] if word in newer else ""
    return _SPEAKER_ZH not in rest


@contextmanager
def applied() -> Iterator[None]:
    """The engine's newer-first rule with the reading: ``newer_values._successor`` asks
    ``same_subject(newer, older)`` of each candidate, so a remark about the older thing's part
    reads as about someone else and is no candidate (the engine change that was measured)."""
    original: Callable[[str, str], bool] = newer_values.same_subject

    def same_and_no_part(newer: str, older: str) -> bool:
        return original(newer, older) and not about_its_part(newer, older)

    newer_values.same_subject = same_and_no_part  # type: ignore[assignment]
    try:
        yield
    finally:
        newer_values.same_subject = original  # type: ignore[assignment]


def main(argv: Sequence[str] | None = None) -> int:
    from benchmarks.colloquial_report import emit, report

    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_parts")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    with applied():
        rows = report(args.files, args.embedder)
    emit(rows, args.embedder, args.json, ("hit@3",))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
