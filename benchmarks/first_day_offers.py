"""What an offer is about, read by the embedder (issue 38, helper firstday18): ``python -m
benchmarks.first_day_offers [--sets ...] [--embedder minilm] [--json F]``.

Most first-day misses of the seventeenth and eighteenth sets are offers or proposals (a
yes/no question, no interrogative word: "Fancy a few of the liquorice allsorts?", 来杯杨枝甘露？)
whose answer is a standing constraint said in other words (aniseed, a mango allergy), and the
embedder's own first is a statement near the offer's frame ("Fancy ... Shall we ... for
breakfast": the favourite food, the evening class). The reading measured here: the offer is
about the thing it offers, so the question is embedded as its naming words alone (the lexical
channel's terms less :func:`~hybridmem.retrieval.function_words.function_word`'s closed
classes: "liquorice allsorts", "kayak broads"), and as the mean of that vector and the whole
question's. At the similarity level only, among a newcomer's statements (as
:mod:`benchmarks.first_day_hubs`): the answer first under each, for the yes/no questions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_candidates import _WH_EN, _WH_ZH
from benchmarks.first_day_hubs import _statements
from benchmarks.first_day_persona import Persona
from hybridmem.embedding import Embedder
from hybridmem.embedding.base import embed_query
from hybridmem.lexical import terms
from hybridmem.retrieval.function_words import function_word


def thing_of(question: str) -> str:
    """The question's naming words, in order: what an offer offers."""
    return " ".join(t for t in terms(question) if not function_word(t))


def persona_rows(set_name: str, p: Persona, embedder: Embedder) -> list[dict[str, Any]]:
    """One row per offer of ``p``: the answer's place under each reading of the question."""
    lang = p.lang
    texts = _statements(p)
    docs = np.asarray(embedder.embed(texts))
    wh = _WH_ZH if lang == "zh" else _WH_EN
    asked = [(q, a) for q, a in p.questions if not wh.search(q)]
    if not asked:
        return []
    things = [thing_of(q) or q for q, _ in asked]
    whole = np.asarray(embed_query(embedder, [q for q, _ in asked]))
    bare = np.asarray(embed_query(embedder, things))
    mean = whole + bare
    mean /= np.linalg.norm(mean, axis=1, keepdims=True)
    out: list[dict[str, Any]] = []
    for k, (question, needle) in enumerate(asked):
        want = next(i for i, t in enumerate(texts) if needle in t)
        places = {
            name: int(((docs @ vecs[k]) > (docs @ vecs[k])[want]).sum())
            for name, vecs in (("whole", whole), ("thing", bare), ("mean", mean))
        }
        out.append(
            {
                "set": set_name,
                "lang": lang,
                "question": question,
                "thing": things[k],
                "places": places,
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    embedder = run.embedder
    found: list[dict[str, Any]] = []
    for name in run.sets:
        rows = [r for p in ALL_SETS[name] for r in persona_rows(name, p, embedder)]
        found += rows
        cells = [
            f"{o} {lang} {sum(r['places'][o] == 0 for r in rows if r['lang'] == lang)}"
            f"/{sum(r['lang'] == lang for r in rows)}"
            for o in ("whole", "thing", "mean")
            for lang in ("en", "zh")
        ]
        print(f"{name:12} " + "  ".join(cells), flush=True)
    totals = "  ".join(
        f"{o} {sum(r['places'][o] == 0 for r in found)}/{len(found)}"
        for o in ("whole", "thing", "mean")
    )
    print(f"total        {totals}")
    for r in found:
        p = r["places"]
        if (p["whole"] == 0) != (p["thing"] == 0) or (p["whole"] == 0) != (p["mean"] == 0):
            print(f"  {r['set']:11} {r['lang']} {p} {r['question']} -> {r['thing']!r}")
    run.write(found)


if __name__ == "__main__":
    main()
