"""An offer's presupposed thing as a second query fused by rank (issue 38, helper firstday19):
``python -m benchmarks.first_day_presupposed [--sets ...] [--embedder minilm] [--json F]``.

An offer ("Shall I get us a Thai green curry?", 晚上给你炖个手把肉？) asks about the user's
standing value of the thing the offered act is done to; the frame ("shall I", "fancy", 给你) is
not the topic. helper firstday18 embedded the thing alone and the mean of its vector and the
question's (`benchmarks/first_day_offers.py`): both lost more offers than they gained. Measured
here, at the similarity level among a newcomer's statements (as that program): the thing as a
*second* query whose ranking is fused with the whole question's by reciprocal rank (k = 60, the
literature's constant, not chosen here), for every offer (``rrf``) and only for offers whose
object is presupposed by a closed-class determiner (``rrf_def``: the, that, those, our, my,
your, usual; 那, 这, 上次, 老), the brief's "the usual table" reading. Also the thing embedded
as a passage (a statement) rather than a query (``rrf_passage``), since the answer to an offer
is a statement about the thing, not a question; and the statement that would rule the thing
out, one template per language ("I can't {thing}", 我不能{thing}: ``rrf_cannot``), embedded as a
passage. The answer first under each is counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_candidates import _WH_EN, _WH_ZH
from benchmarks.first_day_hubs import _statements
from benchmarks.first_day_offers import thing_of
from benchmarks.first_day_persona import Persona
from benchmarks.offer_mood import offer
from hybridmem.embedding import Embedder
from hybridmem.embedding.base import embed_query
from hybridmem.retrieval import retriever

K = 60
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_DEF_EN = re.compile(r"\b(?:the|that|those|these|this|our|my|your|usual)\b", re.I)
_DEF_ZH = re.compile(r"那|这|上次|老")
READINGS = ("whole", "thing", "rrf", "rrf_def", "rrf_passage", "rrf_cannot", "rrf_cannot_cal")
_CANNOT = {"en": "I can't {}", "zh": "我不能{}"}
"""One template per language: the statement that would rule the offered thing out."""
_FRAME = {lang: template.format("").strip() for lang, template in _CANNOT.items()}
"""The template with no thing ("I can't", 我不能): what the template alone is near, whatever
is offered (helper firstday20: ``rrf_cannot`` put "You can't beat a ham and pease pudding
stottie." first for "Can I take ibuprofen for this headache?"). ``rrf_cannot_cal`` ranks by
the template's similarity less the frame's, the content-free calibration of a prompt (Zhao et
al. 2021, "Calibrate before use")."""


def _places(scores: np.ndarray) -> np.ndarray:
    """Each statement's 0-based place under ``scores`` (ties share the better place)."""
    return np.array([int((scores > s).sum()) for s in scores])


def _fused(*scores: np.ndarray) -> np.ndarray:
    return sum((1.0 / (K + 1 + _places(s)) for s in scores), np.zeros(len(scores[0])))


def persona_rows(set_name: str, p: Persona, embedder: Embedder) -> list[dict[str, Any]]:
    """One row per offer of ``p``: the answer's place under each reading."""
    texts = _statements(p)
    docs = np.asarray(embedder.embed(texts))
    wh = _WH_ZH if p.lang == "zh" else _WH_EN
    definite = _DEF_ZH if p.lang == "zh" else _DEF_EN
    asked = [(q, a) for q, a in p.questions if not wh.search(q)]
    if not asked:
        return []
    things = [thing_of(q) or q for q, _ in asked]
    whole = np.asarray(embed_query(embedder, [q for q, _ in asked]))
    bare = np.asarray(embed_query(embedder, things))
    passage = np.asarray(embedder.embed(things))
    cannot = np.asarray(embedder.embed([_CANNOT[p.lang].format(t) for t in things]))
    frame = docs @ np.asarray(embedder.embed([_FRAME[p.lang]]))[0]
    rows: list[dict[str, Any]] = []
    for k, (question, needle) in enumerate(asked):
        want = next(i for i, t in enumerate(texts) if needle in t)
        w, t, tp = docs @ whole[k], docs @ bare[k], docs @ passage[k]
        scored = {
            "whole": w,
            "thing": t,
            "rrf": _fused(w, t),
            "rrf_def": _fused(w, t) if definite.search(question) else w,
            "rrf_passage": _fused(w, tp),
            "rrf_cannot": _fused(w, docs @ cannot[k]),
            "rrf_cannot_cal": _fused(w, docs @ cannot[k] - frame),
        }
        places = {name: int(_places(s)[want]) for name, s in scored.items()}
        rows.append(
            {"set": set_name, "lang": p.lang, "question": question, "thing": things[k]}
            | {"offer": offer(question)}
            | {"places": places}
        )
    return rows


def _fused_order(first: dict[str, float], second: dict[str, float]) -> list[str]:
    ids = list(first)
    a = _places(np.array([first[i] for i in ids]))
    b = _places(np.array([second.get(i, -1.0) for i in ids]))
    fused = 1.0 / (K + 1 + a) + 1.0 / (K + 1 + b)
    return [ids[j] for j in np.argsort(-fused, kind="stable")]


Second = Callable[[Embedder, str, str, dict[str, Any]], dict[str, float]]
"""A second query's scores of the candidates: (embedder, question, its language, the
candidates' stored vectors by id) -> a score by id."""


def _ruling_out(other_language: bool) -> Second:
    """The ruling-out statement's similarity ("I can't {thing}", 我不能{thing}; with
    ``other_language`` the other language's template)."""

    def scores(
        embedder: Embedder, text: str, lang: str, stored: dict[str, Any]
    ) -> dict[str, float]:
        template = _CANNOT[("en" if lang == "zh" else "zh") if other_language else lang]
        vec = np.asarray(embedder.embed([template.format(thing_of(text) or text)]))[0]
        return {i: float(np.asarray(v) @ vec) for i, v in stored.items()}

    return scores


def offer_second(second: Second, offer: Callable[[str], bool] | None = None) -> None:
    """A second query's ranking patched into retrieval: for a yes/no question (read as an
    offer by ``offer`` when given), the candidates' similarities are reassigned in the order
    fused by reciprocal rank from the question's and ``second``'s rankings (the same values,
    so the feature's scale is kept)."""
    asked: dict[str, str] = {}
    gather, fill = retriever.Retriever.gather, retriever.Retriever._fill_similarity

    def gathering(self: Any, q: Any, *args: Any, **kwargs: Any) -> Any:
        asked["text"] = q.text
        try:
            return gather(self, q, *args, **kwargs)
        finally:
            asked.pop("text", None)

    def filled(
        self: Any, nodes: Any, similarity: dict[str, float], query_vec: Any, known: Any
    ) -> None:
        fill(self, nodes, similarity, query_vec, known)
        text = asked.get("text")
        if text is None or query_vec is None or not similarity:
            return
        lang = "zh" if _CJK.search(text) else "en"
        if (_WH_ZH if lang == "zh" else _WH_EN).search(text):
            return
        if offer is not None and not offer(text):
            return
        embedder = self.core.engine.embedder
        scored = second(embedder, text, lang, self._vectors(list(similarity)))
        values = sorted(similarity.values(), reverse=True)
        for node_id, value in zip(_fused_order(similarity, scored), values, strict=True):
            similarity[node_id] = value

    retriever.Retriever.gather = gathering  # type: ignore[method-assign]
    retriever.Retriever._fill_similarity = filled  # type: ignore[method-assign]


def offer_cannot(offer: Callable[[str], bool] | None = None, other_language: bool = False) -> None:
    """The ``rrf_cannot`` reading patched into retrieval (variant ``offer_cannot`` of
    :mod:`benchmarks.first_day_candidates`, by :func:`offer_second`). With ``offer`` (helper
    firstday20: :func:`benchmarks.offer_mood.offer`, variant ``offer_cannot_mood``), only for
    the questions it reads as offers. With ``other_language`` (helper offers21, variant
    ``offer_cannot_other_mood``), the template of the other language ("我不能 moussaka", "I
    can't 生蚝"): its meaning without a word a statement can share."""
    offer_second(_ruling_out(other_language), offer)


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    embedder = run.embedder
    found: list[dict[str, Any]] = []
    for name in run.sets:
        rows = [r for p in ALL_SETS[name] for r in persona_rows(name, p, embedder)]
        found += rows
        cells = "  ".join(f"{o} {sum(r['places'][o] == 0 for r in rows)}" for o in READINGS)
        print(f"{name:12} offers {len(rows):3}  {cells}", flush=True)
    for lang in ("en", "zh"):
        mine = [r for r in found if r["lang"] == lang]
        cells = "  ".join(f"{o} {sum(r['places'][o] == 0 for r in mine)}" for o in READINGS)
        print(f"total {lang:6} offers {len(mine):3}  {cells}")
    for r in found:
        p = r["places"]
        if len({p[o] == 0 for o in READINGS if o != "thing"}) > 1:
            print(f"  {r['set']:11} {r['lang']} {p} {r['question']} -> {r['thing']!r}")
    run.write(found)


if __name__ == "__main__":
    main()
