"""A later remark read alone as an event of someone or something else, kept by the writer as a
record of its occasion (issue 38, helper stale17; measured negative: the engine does not use
it).

"The Red Lion changed landlord", "Hartley Rovers' pitch was waterlogged", 少年宫门口在修路,
凯美瑞的新款出来了: a remark that names the user's value and says what happened to it or what
another did states no value of the speaker's, yet the pair model reads it as one attribute
with the value it names and, newer, put it above that value (the "mention" controls). mention19
proposed to read the newer statement alone: a standing value of the speaker's, or a remark
about an occasion or someone else's act (the verb's agent). :func:`others_event` reads it from
grammar the engine already has, no model and no constant:

- no first-person word (the speaker is neither subject nor possessor);
- the first clause has a subject of its own and an event's predicate: English, a verb form
  after one word or more with no preposition before it (a clause opening with its verb is the
  speaker's), past (``-ed`` or the slot reader's closed class of irregular pasts), progressive
  (``is/are + -ing``) or perfect (``has/have + participle``), a participle after "is"/"are"
  being a state; Chinese, a subject of two nouns (a possessor and its noun, 老年大学的食堂,
  少年宫门口: a topic the speaker acts on is one noun, 基金都转到天天基金了), then the
  progressive 在 or a closing perfective 了, no negation (普拉提不上了: the speaker's stopping);
- nothing in the clause says a state that outlasts it: the aspect reader's persistence,
  frequency and habit cues (:data:`~hybridmem.evolution.speech.aspect.PERSISTENT`,
  :data:`~hybridmem.evolution.speech.aspect.FREQUENCY`,
  :data:`~hybridmem.evolution.speech.volition.HABITUAL`).

Measured wired where the writer marks a statement of one occasion (:func:`applied`: a fact or
preference the reading holds for is marked :data:`~hybridmem.core.evolution_marks
.ONE_OCCASION`, unless its slot is a settled choice): it then joins no value group, is no
candidate of the newer-first rule and yields to standing statements, as "Today I'm having tea
instead" does. Each scenario is its own user, so a scenario none of whose statements the
reading holds for plays exactly as before: ``play`` plays only the scenarios holding one,
without and with the mark; the difference of the two is the whole file's.

``scan``: mention19's pair scan (:func:`benchmarks.mention_subjects.pairs`) for this reading::

    python -m benchmarks.mention_events scan

``marked FILES``: per file, the scenarios holding a marked statement (ids and statements only
for the development files; a blind file gives its count and kinds)::

    python -m benchmarks.mention_events marked benchmarks/data/colloquial_*.json

``play FILES --json F``: stale and pollution counts (rate times n) per file, language and kind
on those scenarios, without and with the mark; ``items --json F``: the 16 development mention
items (:mod:`benchmarks.mention_newer_first`) with the mark::

    python -m benchmarks.mention_events play --json F benchmarks/data/colloquial_blind12.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hybridmem.core.evolution_marks import ONE_OCCASION
from hybridmem.evolution.slots.others import ADVERBS_EN, PAST_EN
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.evolution.write import occasion
from hybridmem.lexical import clause_pieces, pos_tags

DEV = frozenset(
    f"colloquial_{n}.json"
    for n in (
        *("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8"),
        "thirdperson_dev",
        "thirdperson_dev2",
    )
)
COUNTED = ("stale_rate", "pollution_rate")

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
    return word.endswith("ed") or word in PAST_EN


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
            after = next((w for w in words[i + 1 :] if w not in ADVERBS_EN), "")
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


@contextmanager
def applied() -> Iterator[None]:
    """The writer with the reading: where the planner marks a statement of one occasion
    (``occasion.mark``), a statement :func:`others_event` holds for is marked
    :data:`~hybridmem.core.evolution_marks.ONE_OCCASION` too (the engine change measured)."""
    original = occasion.mark

    def mark(marks: dict[str, Any], content: str, slot: str | None) -> None:
        original(marks, content, slot)
        if not occasion.settled_choice(slot) and others_event(content):
            marks[ONE_OCCASION] = True

    occasion.mark = mark  # type: ignore[assignment]
    try:
        yield
    finally:
        occasion.mark = original  # type: ignore[assignment]


def marked_ids(path: Path) -> dict[str, list[str]]:
    """Scenario id -> the facts and preferences of it the reading marks."""
    out: dict[str, list[str]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        said = [
            str(n["content"])
            for n in sc["nodes"]
            if n["node_type"] in ("fact", "preference") and others_event(n["content"])
        ]
        if said:
            out[str(sc["id"])] = said
    return out


def marked_lines(files: Sequence[Path]) -> list[str]:
    lines = []
    for path in files:
        found = marked_ids(path)
        kinds = sorted({sid.split("-")[1] for sid in found})
        lines.append(f"{path.name}: {len(found)} scenarios hold a marked statement {kinds}")
        if path.name in DEV:
            lines += [f"  {sid}\t{' | '.join(said)}" for sid, said in found.items()]
    return lines


def counts(rows: list[dict[str, object]]) -> dict[tuple[str, str, str, str], int]:
    """(file, lang, kind, metric) -> the count of the evolution variant's rate."""
    return {
        (str(r["file"]), str(r["lang"]), str(r["kind"]), str(r["metric"])): round(
            float(r["value"]) * int(r["n"])  # type: ignore[call-overload]
        )
        for r in rows
        if r["variant"] == "evolution" and r["metric"] in COUNTED
    }


def play(files: Sequence[Path]) -> dict[str, Any]:
    """The scenarios holding a marked statement, played without and with the mark."""
    from benchmarks.colloquial_report import report_split
    from benchmarks.scenarios import Scenario

    def holding(path: Path) -> set[str]:
        return set(marked_ids(path))

    chosen = {p: holding(p) for p in files}
    played = [p for p in files if chosen[p]]

    def prepare_for(path_ids: dict[Path, set[str]]) -> Any:
        def prepare(sc: Scenario, _i: int) -> Scenario | None:
            return sc if any(sc.id in ids for ids in path_ids.values()) else None

        return prepare

    before = counts(report_split(played, "multilingual", prepare_for(chosen)))
    with applied():
        after = counts(report_split(played, "multilingual", prepare_for(chosen)))
    keys = sorted(set(before) | set(after))
    return {
        "scenarios": {str(p): len(chosen[p]) for p in files},
        "rows": [
            {"key": list(k), "before": before.get(k, 0), "after": after.get(k, 0)} for k in keys
        ],
    }


def scan_lines() -> list[str]:
    """mention19's pairs (mention items and the development files' older/newer pairs that
    ``one_attribute`` lets through) the reading holds for: mentions against real changes."""
    from benchmarks.mention_subjects import DEV_FILES, pairs

    found = list(pairs(DEV_FILES))
    held = [p for p in found if others_event(p[3])]
    totals = {lab: sum(1 for p in found if p[0] == lab) for lab in ("mention", "change")}
    counted = {lab: sum(1 for p in held if p[0] == lab) for lab in ("mention", "change")}
    head = (
        f"alone: mention items {counted['mention']}/{totals['mention']}, "
        f"real-change pairs cut {counted['change']}/{totals['change']}"
    )
    return [head] + [f"  {lab}\t{sid}\t{old}\t=>\t{new}" for lab, sid, old, new in held]


def items() -> list[dict[str, Any]]:
    """The development mention items' pollution (remark above its value) with the mark."""
    from benchmarks.mention_newer_first import ITEMS, polluted

    with applied():
        found = polluted(True)
    return [
        {"reading": "alone", "lang": lang, "polluted": len(ids), "n": len(ITEMS[lang]), "ids": ids}
        for lang, ids in found.items()
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_events")
    parser.add_argument("mode", choices=("scan", "marked", "play", "items"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_intermixed_args(argv)
    if args.mode in ("scan", "marked"):
        print("\n".join(scan_lines() if args.mode == "scan" else marked_lines(args.files)))
        return 0
    if args.json is None:
        parser.error("--json is required for play and items")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    if args.mode == "items":
        rows = items()
        for r in rows:
            print(f"alone {r['lang']} pollution {r['polluted']}/{r['n']} {r['ids']}")
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
        return 0
    result = play(args.files)
    for row in result["rows"]:
        file, lang, kind, metric = row["key"]
        print(f"{file} {lang} {kind:9} {metric:15} {row['before']} -> {row['after']}")
    args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
