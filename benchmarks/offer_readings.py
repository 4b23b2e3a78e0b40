"""Second queries for an offer that add no word of their own (issue 38, helper offers21):
``python -m benchmarks.offer_readings [--sets ...] [--embedder minilm] [--json F]``.

An offer ("Shall I make a moussaka for Sunday lunch?", 拌个凉菜，多放点芫荽？) is answered by a
standing fact that bears on the offered thing (an aubergine dislike, coriander) and shares no
word with it. helper firstday20's reading (``benchmarks/offer_mood.py`` gating the ruling-out
statement "I can't {thing}" as a second query) gained most, and lost where the template's own
words ("can't", 不能) were near a statement whatever was offered. Measured here, at the
similarity level among a newcomer's statements (as :mod:`benchmarks.first_day_presupposed`),
for the questions ``offer_mood`` reads as offers: second queries made of the question's own
words only, each fused by reciprocal rank (k = 60) with the whole question's ranking:

- ``rrf_thing``: the question's naming words as one query (firstday19's ``rrf``, gated);
- ``rrf_untimed``: the same less the words of a time of day or week (``time_word``: "Sunday",
  "night", 今晚): the offered act and its object ("moussaka", "walking abbey watch sunset");
- ``rrf_terms``: each naming word its own query, a statement scored by its best word (the
  offered dish, the place or the day each get their own nearest statement, none drowned by the
  rest of the frame);
- ``rrf_terms_c``: the same with each word's similarity less its mean over the statements (a
  word near every statement, "lunch", "tonight", lifts none);
- ``frame_cal``: the whole question's similarity less that of its frame (the question with its
  naming words removed, only closed-class words left): lowering what matches only the offer's
  frame, the content-free calibration (Zhao et al. 2021) with the frame the question's own;
- ``rrf_cannot``: firstday20's template, for reference;
- ``rrf_cannot_thing``: the three rankings fused (question, template, the thing alone): a
  statement near the template's frame but not near the thing ("You can't beat a ham and pease
  pudding stottie." for ibuprofen) gains less;
- ``rrf_cannot_other``: the template in the other language ("我不能 moussaka", "I can't 生蚝"):
  its meaning without a word a statement in the question's language can share;
- ``rrf_cannot_untimed``: the template only for an offer naming no time of day or week (one
  naming a time is often answered by the habit at that time, not by a constraint).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_candidates import time_word
from benchmarks.first_day_hubs import _statements
from benchmarks.first_day_offers import thing_of
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_presupposed import _CANNOT, _fused, _places
from benchmarks.offer_mood import offer
from hybridmem.embedding import Embedder
from hybridmem.embedding.base import embed_query

READINGS = (
    "whole",
    "rrf_thing",
    "rrf_untimed",
    "rrf_terms",
    "rrf_terms_c",
    "frame_cal",
    "rrf_cannot",
    "rrf_cannot_thing",
    "rrf_cannot_other",
    "rrf_cannot_untimed",
)


def naming_words(question: str) -> list[str]:
    """The question's naming words, each once, in order (:func:`thing_of`'s words)."""
    return list(dict.fromkeys(thing_of(question).split()))


def frame_of(question: str) -> str:
    """The question with its naming words removed, the longest first: the offer's
    closed-class frame ("Shall I make a for ?", "个，？")."""
    frame = question
    for word in sorted(naming_words(question), key=len, reverse=True):
        frame = re.sub(re.escape(word), " ", frame, flags=re.I)
    return re.sub(r"\s+", " ", frame).strip()


def _scores(question: str, docs: np.ndarray, embedder: Embedder, lang: str) -> dict[str, Any]:
    words = naming_words(question) or [question]
    untimed = " ".join(w for w in words if not time_word(w)) or question
    whole, thing, bare, frame, *each = np.asarray(
        embed_query(embedder, [question, " ".join(words), untimed, frame_of(question), *words])
    )
    other = "en" if lang == "zh" else "zh"
    cannot, across = np.asarray(
        embedder.embed(
            [_CANNOT[lang].format(" ".join(words)), _CANNOT[other].format(" ".join(words))]
        )
    )
    w = docs @ whole
    per_word = docs @ np.asarray(each).T  # statements x words
    return {
        "whole": w,
        "rrf_thing": _fused(w, docs @ thing),
        "rrf_untimed": _fused(w, docs @ bare),
        "rrf_terms": _fused(w, per_word.max(axis=1)),
        "rrf_terms_c": _fused(w, (per_word - per_word.mean(axis=0)).max(axis=1)),
        "frame_cal": w - docs @ frame,
        "rrf_cannot": _fused(w, docs @ cannot),
        "rrf_cannot_thing": _fused(w, docs @ cannot, docs @ thing),
        "rrf_cannot_other": _fused(w, docs @ across),
        "rrf_cannot_untimed": w if untimed != " ".join(words) else _fused(w, docs @ cannot),
    }


def centred_terms(
    embedder: Embedder, text: str, lang: str, stored: dict[str, Any]
) -> dict[str, float]:
    """The ``rrf_terms_c`` second query in retrieval (variant ``offer_terms_mood`` of
    :mod:`benchmarks.first_day_candidates`): each candidate's best naming word, by that
    word's similarity less its mean over the candidates."""
    words = naming_words(text) or [text]
    ids = list(stored)
    vectors = np.asarray([np.asarray(stored[i]) for i in ids])
    per_word = vectors @ np.asarray(embed_query(embedder, words)).T
    best = (per_word - per_word.mean(axis=0)).max(axis=1)
    return dict(zip(ids, (float(b) for b in best), strict=True))


def persona_rows(set_name: str, p: Persona, embedder: Embedder) -> list[dict[str, Any]]:
    """One row per question of ``p`` read as an offer: the answer's place under each reading."""
    texts = _statements(p)
    docs = np.asarray(embedder.embed(texts))
    mates = [q for q in ALL_SETS[set_name] if q.lang == p.lang]
    half = "AB"[mates.index(p)] if len(mates) > 1 else ""
    rows: list[dict[str, Any]] = []
    for question, needle in p.questions:
        if not offer(question):
            continue
        want = next(i for i, t in enumerate(texts) if needle in t)
        scored = _scores(question, docs, embedder, p.lang)
        places = {name: int(_places(s)[want]) for name, s in scored.items()}
        firsts = {name: texts[int(np.argmax(s))] for name, s in scored.items()}
        rows.append(
            {"set": set_name, "lang": p.lang, "half": half, "question": question}
            | {"answer": texts[want]}
            | {"places": places, "first": firsts}
        )
    return rows


def _cells(rows: list[dict[str, Any]]) -> str:
    return "  ".join(f"{o} {sum(r['places'][o] == 0 for r in rows)}" for o in READINGS)


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    found: list[dict[str, Any]] = []
    for name in run.sets:
        rows = [r for p in ALL_SETS[name] for r in persona_rows(name, p, run.embedder)]
        found += rows
        print(f"{name:12} offers {len(rows):3}  {_cells(rows)}", flush=True)
    for lang in ("en", "zh"):
        for half in ("", "A", "B"):
            mine = [r for r in found if r["lang"] == lang and half in r["half"]]
            print(f"total {lang} {half or 'all':3} offers {len(mine):3}  {_cells(mine)}")
    for o in READINGS[1:]:
        won = sum(r["places"][o] == 0 < r["places"]["whole"] for r in found)
        lost = sum(r["places"]["whole"] == 0 < r["places"][o] for r in found)
        print(f"{o:12} gained {won:3} lost {lost:3}")
    for r in found:
        p = r["places"]
        if len({p[o] == 0 for o in READINGS}) > 1:
            print(f"  {r['set']:11} {r['lang']} {p} {r['question']}")
    run.write(found)


if __name__ == "__main__":
    main()
