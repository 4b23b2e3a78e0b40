"""The probing sets' hybridmem figures under a variant of one retrieval step (issue 38).

``python -m benchmarks.probing_variants --variant places-off [--sets dev,blind,...] --json F``
imports each user of each set as :mod:`benchmarks.probing` does and asks every question as it
does (frac at 1,000 tokens, hit@5, "first"), hybridmem only (no baselines, no maintenance
run), so a step's share of the misses is read in one run. Variants:

- ``engine``: the engine as it is;
- ``places-off``: the first places not shared among sessions
  (:mod:`hybridmem.retrieval.session_places`), the score's order kept;
- ``answers-off``: a question turn's answer not put before it (``answers.answers_first``);
- ``assertions-off``: no assertion put first (``groups.assertions_first``);
- ``newer-off``: no newer value put first (``newer_values.newer_first``);
- ``next-turns-off``: no user's next turn rides with its antecedent
  (:mod:`hybridmem.retrieval.continuations`, the engine before probing22);
- ``replied-off``: no companion's reply brings the user's turn it replies to
  (:mod:`hybridmem.retrieval.replied`, the engine before probing23);
- ``replied-asks-answer``: a companion's reply that asks brings the user's next turn (its
  answer) instead (:mod:`benchmarks.probing_replied`, probing23, measured only);
- ``dates-off``: the date readers before probing24 (:func:`benchmarks.day_windows.dates_off`);
  ``zh-month-of``: the engine with 十月份 read as the month (measured, not shipped);
- ``events-on``: a day named by the user's own event read (``RetrievalConfig.event_days``,
  :mod:`hybridmem.retrieval.event_days`; day25, measured, off); ``events-off``: the engine with
  that reading patched out whatever the config says; ``events-disagree``: ``events-on``
  with no window when the event's two best anchors name different days (day26, not shipped);
- ``window-keeps``: when the question names a time, a remark said in passing inside that
  window keeps its place in ``groups.assertions_first`` (does not yield to the standing
  statements); ``window-keeps-feeling``: the same for a passing feeling only;
  ``window-keeps-feeling-person``: a feeling only, for a question about someone
  (``referents.asks_about_someone``) only (probing17, measured and not shipped:
  ``docs/benchmarks.md``);
- ``trust-last-line``: :mod:`benchmarks.fusion_paired`'s ``trust last line`` fusion (the
  lexical part times the dense channel's vouching for the lexical best match; madial25).

``--compare BEFORE --json AFTER`` prints each figure of two runs and the questions that moved.
``--prefix`` also asks every question for 5 and for 40 hits (no budget) and records whether the
first five of the 40 are the five (``same5``), and hit@5 of each (``hit@5_k5``,
``hit@5_k40``): a ranking whose order depends on how many hits are asked for shows here.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from statistics import mean
from typing import Any
from unittest import mock

from benchmarks import day_windows, fusion_paired, probing_joined, probing_placed
from benchmarks.metrics import hit_at_k
from benchmarks.probing import _ask, _cited, imported, messages_of
from benchmarks.probing_continued import CAPPED, MODES, variant
from benchmarks.probing_replied import asks_answer
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import make_embedder
from hybridmem.models import MemoryNode, TimeWindow
from hybridmem.retrieval import event_days, groups
from hybridmem.retrieval.referents import asks_about_someone
from hybridmem.retrieval.retriever import Retriever
from hybridmem.retrieval.spans import moment_in

HERE = Path(__file__).parent / "data"
SETS = (
    "dev",
    "blind",
    "blind2",
    "blind3",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "blind9",
    "blind10",
    "blind11",
    "blind12",
    "blind13",
    "blind14",
    "blind15",
    "blind16",
    "blind17",
    "blind18",
)


def _places_off() -> Any:
    return mock.patch(
        "hybridmem.retrieval.retriever.share_places", lambda hits, *a, **k: list(hits)
    )


def _off(name: str) -> Callable[[], Any]:
    return lambda: mock.patch(
        f"hybridmem.retrieval.retriever.{name}", lambda hits, *a, **k: list(hits)
    )


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _window_keeps(feeling_only: bool, person_only: bool = False) -> Callable[[], Any]:
    """The ``window-keeps`` variants: ``Retriever.arrange`` records the window the question
    names, and ``groups._yields`` answers no for a remark said inside it (a feeling only, with
    ``feeling_only``; only when the question is about someone, with ``person_only``)."""

    @contextmanager
    def patched() -> Iterator[None]:
        asked: list[TimeWindow | None] = [None]
        about: list[bool] = [True]
        arrange, yields, prepare = Retriever.arrange, groups._yields, Retriever.prepare

        def preparing(self: Retriever, query: str, *args: Any, **kwargs: Any) -> Any:
            about[0] = not person_only or asks_about_someone(query)
            return prepare(self, query, *args, **kwargs)

        def arranging(self: Retriever, *args: Any, **kwargs: Any) -> Any:
            asked[0] = kwargs.get("window", args[6] if len(args) > 6 else None)
            try:
                return arrange(self, *args, **kwargs)
            finally:
                asked[0] = None

        def keeping(node: MemoryNode, *args: Any, **kwargs: Any) -> bool:
            window = asked[0]
            others = kwargs.get("others", args[1] if len(args) > 1 else ())
            if (
                window is not None
                and about[0]
                and node.id not in others
                and (not feeling_only or node.marks.get("speech_act") == "emotion")
                and window.contains(moment_in(node, window))
            ):
                return False
            return yields(node, *args, **kwargs)

        with (
            mock.patch.object(Retriever, "prepare", preparing),
            mock.patch.object(Retriever, "arrange", arranging),
            mock.patch.object(groups, "_yields", keeping),
        ):
            yield

    return patched


def events_on() -> Any:
    """The engine with ``RetrievalConfig.event_days`` on (day25's reading, measured, off)."""
    made: dict[int, RetrievalConfig] = {}  # by the engine's config: one copy each, not one a read

    def config(self: Retriever) -> RetrievalConfig:
        cfg = self.core.engine.config.retrieval
        return made.setdefault(id(cfg), replace(cfg, event_days=True))

    return mock.patch.object(Retriever, "config", property(config))


def _two_anchors_agree(query: str, lookup: Any, now: Any, tz: Any) -> Any:
    """:func:`~hybridmem.retrieval.event_days.event_day`, and no window when the second of the
    event's anchors names another day than the first (day26, measured, not shipped)."""
    phrase = event_days.event_phrase(query)
    if phrase is not None:
        days = {
            (named.start if named else node.created_at).astimezone(tz).date()
            for node in event_days.event_anchors(phrase.event, lookup)[:2]
            for named in [event_days.anchor_day(node, tz)]
        }
        if len(days) > 1:
            return None
    return event_days.event_day(query, lookup, now, tz)


@contextmanager
def events_disagree() -> Iterator[None]:
    """``events-on`` with no window when the event's two best anchors name different days."""
    with events_on(), mock.patch("hybridmem.retrieval.retriever.event_day", _two_anchors_agree):
        yield


VARIANTS: dict[str, Callable[[], Any]] = {
    "engine": _nothing,
    "places-off": _places_off,
    "answers-off": _off("answers_first"),
    "assertions-off": _off("assertions_first"),
    "newer-off": _off("newer_first"),
    "next-turns-off": lambda: mock.patch(
        "hybridmem.retrieval.retriever.with_next_turns",
        lambda _s, packed, order, *a: (packed, order),
    ),
    "replied-off": lambda: mock.patch(
        "hybridmem.retrieval.continuations.replied_turns", lambda *a, **k: {}
    ),
    "replied-asks-answer": asks_answer,
    "dates-off": day_windows.dates_off,
    "zh-month-of": day_windows.month_of,
    "events-off": lambda: mock.patch(
        "hybridmem.retrieval.retriever.Retriever.dated_by_event", lambda self, q, lookup: q
    ),
    "events-on": events_on,
    "events-disagree": events_disagree,
    "window-keeps": _window_keeps(False),
    "window-keeps-feeling": _window_keeps(True),
    "window-keeps-feeling-person": _window_keeps(True, person_only=True),
    "trust-last-line": lambda: fusion_paired.fused_by(
        fusion_paired.VARIANTS["trust last line"][0], "trust last line"
    ),
    **{f"continued-{mode}": variant(mode) for mode in (*MODES, *CAPPED)},
    **{f"placed-{r}": probing_placed.variant(r) for r in probing_placed.READINGS},
    **{f"joined-{r}": probing_joined.variant(r) for r in probing_joined.READINGS},
}


PREFIX = ("same5", "hit@5_k5", "hit@5_k40")


def _prefix(mem: Any, user: str, task_id: str, q: dict[str, Any]) -> dict[str, float]:
    """Whether the first five hits of a 40-hit request are the hits of a 5-hit one."""
    evidence = frozenset(q["evidence"])
    asked = {
        k: mem.retrieve(q["query"], user_id=user, task_id=task_id, top_k=k, record_access=False)
        for k in (5, 40)
    }
    five, forty = asked[5].hits, asked[40].hits[:5]
    return {
        "same5": float([h.node.id for h in five] == [h.node.id for h in forty]),
        "hit@5_k5": hit_at_k(evidence, [_cited(h) for h in five], 5),
        "hit@5_k40": hit_at_k(evidence, [_cited(h) for h in forty], 5),
    }


def run(sets: Sequence[str], variant: str, embedder: Any, prefix: bool = False) -> dict[str, Any]:
    """Per set: per question id its figures, and the per-language means."""
    return run_many(sets, [variant], embedder, prefix)[variant]


def run_many(
    sets: Sequence[str],
    variants: Sequence[str],
    embedder: Any,
    prefix: bool = False,
    save: Callable[[dict[str, dict[str, Any]]], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """:func:`run` of each of ``variants``, every user imported once (a variant patches
    retrieval only, and no question writes: ``record_access`` is off); ``save`` is given the
    runs so far after each set (a long run under load leaves what it measured)."""
    out: dict[str, dict[str, Any]] = {v: {} for v in variants}
    for name in sets:
        data = json.loads((HERE / f"probing_{name}.json").read_text(encoding="utf-8"))
        rows: dict[str, dict[str, dict[str, float]]] = {v: {} for v in variants}
        for user in data["users"]:
            users = frozenset(m["id"] for m in messages_of(user) if m["role"] == "user")
            asked = [q for q in data["questions"] if q["user"] == user["id"]]
            with imported(user, embedder) as (mem, task_id):
                for v in variants:
                    with VARIANTS[v]():
                        for q in asked:
                            rows[v][q["id"]] = _ask(mem, user["id"], task_id, q, users)
                            if prefix:
                                rows[v][q["id"]] |= _prefix(mem, user["id"], task_id, q)
        langs = {q["id"]: q["lang"] for q in data["questions"]}
        figures = ("frac", "hit@5", "first", *(PREFIX if prefix else ()))
        for v in variants:
            summary = {
                lang: {
                    m: round(mean(r[m] for i, r in rows[v].items() if langs[i] == lang), 3)
                    for m in figures
                }
                for lang in sorted(set(langs.values()))
            }
            out[v][name] = {"summary": summary, "items": rows[v]}
            print(name, v, summary, flush=True)
        if save is not None:
            save(out)
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Per set and language: each figure before -> after, and the questions whose hit@5,
    "first" or frac moved (both runs of :func:`run`, with ``--prefix``)."""
    lines = []
    for name, run_after in after.items():
        was = before.get(name)
        if was is None:
            continue
        for lang, figures in run_after["summary"].items():
            old = was["summary"][lang]
            cells = [f"{m} {old[m]:.3f}->{figures[m]:.3f}" for m in figures if m in old]
            lines.append(f"{name} {lang}: " + ", ".join(cells))
        for qid, row in run_after["items"].items():
            prior = was["items"].get(qid, {})
            moved = [
                f"{m} {prior[m]:g}->{row[m]:g}"
                for m in ("frac", "hit@5", "first")
                if m in prior and prior[m] != row[m]
            ]
            if moved:
                lines.append(f"  {qid}: " + ", ".join(moved))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--variant", default="engine", help=f"one of {sorted(VARIANTS)}, or several, commas"
    )
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--json", type=Path, required=True)
    ap.add_argument("--prefix", action="store_true", help="also compare 5 hits with 40's first 5")
    ap.add_argument("--compare", type=Path, default=None, help="a before run: print the moves")
    args = ap.parse_args(argv)
    if args.compare is not None:
        load = lambda p: json.loads(p.read_text(encoding="utf-8"))  # noqa: E731
        print("\n".join(compare(load(args.compare), load(args.json))))
        return
    variants = args.variant.split(",")
    if unknown := set(variants) - set(VARIANTS):
        ap.error(f"unknown variants {sorted(unknown)}")
    args.json.parent.mkdir(parents=True, exist_ok=True)

    def save(outs: dict[str, dict[str, Any]]) -> None:
        for v, out in outs.items():  # several variants: one file each, the variant's name added
            one = len(variants) == 1
            path = args.json if one else args.json.with_stem(f"{args.json.stem}_{v}")
            path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    run_many(args.sets.split(","), variants, make_embedder(args.embedder), args.prefix, save)


if __name__ == "__main__":
    main()
